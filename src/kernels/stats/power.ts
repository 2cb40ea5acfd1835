// Power and sample size of the t tests (one-sample, paired, two-sample with equal sizes) as R's
// power.t.test(strict = TRUE): two-sided, power = P(T' > q) + P(T' < -q) with q the 1 - alpha/2 quantile;
// one-sided, P(T' > q) with q the 1 - alpha quantile (delta is then the difference in the direction of the
// alternative, so less and greater give the same power). T' is noncentral t with noncentrality sqrt(n / k) delta / sd. The noncentral t cdf is Lenth's algorithm AS 243 (Applied Statistics 38(1), 1989),
// the series R's pnt sums; the sample size is the root in n of power(n) = target (Brent).

import type { MathKernel } from "../math.ts";
import { checkConfidence, checkSided, fail, mathCore, type Sided } from "./common.ts";

/** P(T <= t) for T noncentral t with `df` degrees of freedom and noncentrality `delta` (AS 243). */
export function noncentralTCdf(m: MathKernel, t: number, df: number, delta: number): number {
  const negative = t < 0;
  const tt = negative ? -t : t;
  const del = negative ? -delta : delta;
  let sum = 0;
  const x = (tt * tt) / (tt * tt + df);
  if (x > 0) {
    const lambda = del * del;
    let p = 0.5 * Math.exp(-0.5 * lambda);
    let q = Math.sqrt(2 / Math.PI) * p * del;
    let s = 0.5 - p;
    let a = 0.5;
    const b = 0.5 * df;
    const rxb = (1 - x) ** b;
    const lnBeta = m.lnGamma(a) + m.lnGamma(b) - m.lnGamma(a + b);
    let xodd = m.betaI(a, b, x);
    let godd = 2 * rxb * Math.exp(a * Math.log(x) - lnBeta);
    let xeven = 1 - rxb;
    let geven = b * x * rxb;
    sum = p * xodd + q * xeven;
    for (let n = 1; n <= 1000; n++) {
      a += 1;
      xodd -= godd;
      xeven -= geven;
      godd *= (x * (a + b - 1)) / a;
      geven *= (x * (a + b - 0.5)) / (a + 0.5);
      p *= lambda / (2 * n);
      q *= lambda / (2 * n + 1);
      s -= p;
      sum += p * xodd + q * xeven;
      if (2 * s * (xodd - godd) <= 1e-12) break;
    }
  }
  sum += m.normalCdf(-del);
  return negative ? 1 - sum : Math.min(1, Math.max(0, sum));
}

export type PowerType = "one.sample" | "paired" | "two.sample";

export interface PowerInput {
  type: PowerType;
  /** The difference to detect (absolute). */
  delta: number;
  sd: number;
  /** Significance level in percent confidence, default 95. */
  confidence?: number;
  /** The alternative, default two-sided. */
  sided?: Sided;
}

function powerAt(
  m: MathKernel,
  n: number,
  { type, delta, sd, confidence = 95, sided = "two" }: PowerInput,
): number {
  const k = type === "two.sample" ? 2 : 1;
  const df = (n - 1) * k;
  const alpha = 1 - confidence / 100;
  const ncp = Math.sqrt(n / k) * (delta / sd);
  if (sided !== "two") return 1 - noncentralTCdf(m, m.studentTQuantile(1 - alpha, df), df, ncp);
  const q = m.studentTQuantile(1 - alpha / 2, df);
  return 1 - noncentralTCdf(m, q, df, ncp) + noncentralTCdf(m, -q, df, ncp);
}

function check(input: PowerInput): void {
  checkConfidence(input.confidence ?? 95);
  checkSided(input.sided ?? "two");
  if (!(input.sd > 0 && Number.isFinite(input.sd))) fail("doe.positive", { name: "sd" }, ["sd"]);
  if (!(input.delta > 0 && Number.isFinite(input.delta))) fail("doe.positive", { name: "delta" }, ["delta"]);
}

/** Power of the t test with n per group (pairs, for the paired test). */
export async function tTestPower(input: PowerInput & { n: number }): Promise<number> {
  check(input);
  if (!(input.n >= 2 && Number.isFinite(input.n))) fail("doe.sampleSize", { name: "n", min: 2 }, ["n"]);
  return powerAt(await mathCore(), input.n, input);
}

/** The (fractional) n per group that reaches `power`, as power.t.test reports it; round up to plan. */
export async function tTestSampleSize(input: PowerInput & { power: number }): Promise<number> {
  check(input);
  if (!(input.power > 0 && input.power < 1)) fail("doe.alpha", undefined, ["power"]);
  const m = await mathCore();
  const f = (n: number) => powerAt(m, n, input) - input.power;
  let lo = 2;
  let hi = 4;
  if (f(lo) > 0) return lo;
  while (f(hi) < 0) {
    lo = hi;
    hi *= 2;
    if (hi > 1e9) fail("doe.sampleMax", { name: "n", max: 1e9 }, ["n"]);
  }
  // Bisection to the last bit: power is increasing in n, and a few dozen evaluations cost nothing.
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = 0.5 * (lo + hi);
    if (f(mid) < 0) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}
