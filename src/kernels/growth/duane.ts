// Duane's postulate (J. T. Duane, "Learning curve approach to reliability monitoring", IEEE Transactions
// on Aerospace 2(2), 1964): ln(cumulative MTBF X_i / i) is linear in ln X_i; least squares gives the slope
// alpha (the growth rate) and the intercept ln b. Instantaneous MTBF = cumulative / (1 - alpha).
import type { DuaneFit } from "./model.ts";

/** `times` sorted ascending; `end` the time the MTBFs are given at (the last failure when failure-terminated). */
export function fitDuane(times: readonly number[], end: number, target?: number): DuaneFit {
  const n = times.length;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += Math.log(times[i]);
    sy += Math.log(times[i] / (i + 1));
  }
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = Math.log(times[i]) - mx;
    const dy = Math.log(times[i] / (i + 1)) - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const alpha = sxy / sxx;
  const b = Math.exp(my - alpha * mx);
  const cumulativeMtbf = b * end ** alpha;
  const instantaneousMtbf = cumulativeMtbf / (1 - alpha);
  return {
    model: "duane",
    failures: n,
    time: end,
    alpha,
    b,
    cumulativeMtbf,
    instantaneousMtbf,
    cumulativeIntensity: 1 / cumulativeMtbf,
    intensity: 1 / instantaneousMtbf,
    rSquared: syy > 0 ? (sxy * sxy) / (sxx * syy) : 1,
    timeToTarget:
      target === undefined
        ? null
        : {
            cumulative: (target / b) ** (1 / alpha),
            instantaneous: ((target * (1 - alpha)) / b) ** (1 / alpha),
          },
  };
}
