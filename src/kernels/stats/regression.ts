// Simple least-squares line y = a + b x with r, r^2 and the t test of the slope (t = b / se(b) =
// r sqrt(n - 2) / sqrt(1 - r^2), n - 2 degrees of freedom; Montgomery & Runger, ch. 11), for the scatter plot.
import { checkConfidence, checkSample, fail, mathCore, mean, result, type TestResult } from "./common.ts";

export interface Regression extends TestResult {
  intercept: number;
  slope: number;
  slopeSe: number;
  slopeInterval: [number, number];
  r: number;
  rSquared: number;
  residualSd: number;
}

export async function linearRegression(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  options: { confidence?: number } = {},
): Promise<Regression> {
  const confidence = checkConfidence(options.confidence ?? 95);
  const x = checkSample(xs, "x", 3);
  const y = checkSample(ys, "y", 3);
  if (x.length !== y.length) fail("doe.pairedLength");
  const n = x.length;
  const mx = mean(x);
  const my = mean(y);
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (x[i] - mx) ** 2;
    sxy += (x[i] - mx) * (y[i] - my);
    syy += (y[i] - my) ** 2;
  }
  if (!(sxx > 0)) fail("doe.constant", { name: "x" });
  if (!(syy > 0)) fail("doe.constant", { name: "y" });
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (y[i] - intercept - slope * x[i]) ** 2;
  const df = n - 2;
  const residualSd = Math.sqrt(sse / df);
  const slopeSe = residualSd / Math.sqrt(sxx);
  const t = slope / slopeSe;
  const m = await mathCore();
  const q = m.studentTQuantile(1 - (1 - confidence / 100) / 2, df);
  const r = sxy / Math.sqrt(sxx * syy);
  return {
    ...result({
      test: "regression",
      statistic: t,
      df,
      pValue: 2 * m.studentTCdf(-Math.abs(t), df),
      sided: "two",
      estimate: slope,
      confidence,
    }),
    intercept,
    slope,
    slopeSe,
    slopeInterval: [slope - q * slopeSe, slope + q * slopeSe],
    r,
    rSquared: r * r,
    residualSd,
  };
}
