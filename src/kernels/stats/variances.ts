// Tests of variances: F for the ratio of two (Snedecor; R's var.test) and chi-squared for one against a
// stated sigma (NIST/SEMATECH e-Handbook 1.3.5.8), with their confidence intervals.
import {
  checkConfidence,
  checkSample,
  checkSided,
  fail,
  mathCore,
  result,
  type Sided,
  type TestResult,
  tailP,
  variance,
} from "./common.ts";

export async function fTest(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  options: { ratio?: number; sided?: Sided; confidence?: number } = {},
): Promise<TestResult> {
  const sided = checkSided(options.sided ?? "two");
  const confidence = checkConfidence(options.confidence ?? 95);
  const ratio = options.ratio ?? 1;
  if (!(ratio > 0 && Number.isFinite(ratio))) fail("doe.positive", { name: "ratio" }, ["ratio"]);
  const x = checkSample(xs, "x");
  const y = checkSample(ys, "y");
  const vy = variance(y);
  if (!(vy > 0)) fail("doe.constant", { name: "y" });
  const m = await mathCore();
  const d1 = x.length - 1;
  const d2 = y.length - 1;
  const estimate = variance(x) / vy;
  const f = estimate / ratio;
  const pValue = tailP(sided, m.fCdf(f, d1, d2), m.fSf(f, d1, d2));
  const c = confidence / 100;
  const interval: [number, number] =
    sided === "two"
      ? [estimate / m.fQuantile(1 - (1 - c) / 2, d1, d2), estimate / m.fQuantile((1 - c) / 2, d1, d2)]
      : sided === "less"
        ? [0, estimate / m.fQuantile(1 - c, d1, d2)]
        : [estimate / m.fQuantile(c, d1, d2), Infinity];
  return result({ test: "fTest", statistic: f, df: [d1, d2], pValue, interval, estimate, sided, confidence });
}

/** chi-squared = (n - 1) s^2 / sigma0^2 on n - 1 degrees of freedom; the interval is of the variance. */
export async function chiSquaredVariance(
  xs: ArrayLike<number>,
  options: { sigma: number; sided?: Sided; confidence?: number },
): Promise<TestResult> {
  const sided = checkSided(options.sided ?? "two");
  const confidence = checkConfidence(options.confidence ?? 95);
  const sigma = options.sigma;
  if (!(sigma > 0 && Number.isFinite(sigma))) fail("doe.positive", { name: "sigma" }, ["sigma"]);
  const x = checkSample(xs, "x");
  const m = await mathCore();
  const df = x.length - 1;
  const s2 = variance(x);
  const stat = (df * s2) / (sigma * sigma);
  const pValue = tailP(sided, m.chiSquaredCdf(stat, df), m.chiSquaredSf(stat, df));
  const a = 1 - confidence / 100;
  const q = (p: number) => m.chiSquaredQuantile(p, df);
  const interval: [number, number] =
    sided === "two"
      ? [(df * s2) / q(1 - a / 2), (df * s2) / q(a / 2)]
      : sided === "less"
        ? [0, (df * s2) / q(a)]
        : [(df * s2) / q(1 - a), Infinity];
  return result({
    test: "chiSquaredVariance",
    statistic: stat,
    df,
    pValue,
    interval,
    estimate: s2,
    sided,
    confidence,
  });
}
