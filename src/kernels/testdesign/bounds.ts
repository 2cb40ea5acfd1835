// A finished pass/fail test's bounds and the sequential alternative to a fixed plan.
import type { Problem } from "../../shared/problem.ts";
import type { MathKernel } from "../math.ts";

/**
 * Clopper-Pearson exact bounds on the success proportion after `successes` of `samples` (Clopper & Pearson,
 * Biometrika 26, 1934): lower I^-1_{a}(s, n - s + 1), upper I^-1_{1-a}(s + 1, n - s), with a = (1 - C) / 2
 * two-sided or 1 - C one-sided (the other bound then 0 or 1).
 */
export function clopperPearson(
  m: MathKernel,
  samples: number,
  successes: number,
  confidence: number,
  sides: 1 | 2 = 2,
): { lower: number; upper: number } {
  const a = sides === 2 ? (1 - confidence / 100) / 2 : 1 - confidence / 100;
  const lower = successes === 0 ? 0 : m.betaIInv(successes, samples - successes + 1, a);
  const upper = successes === samples ? 1 : m.betaIInv(successes + 1, samples - successes, 1 - a);
  return { lower, upper };
}

export interface SprtChart {
  /** Units tested, 1..maxSamples. */
  samples: number[];
  /** Accept the lot once failures are at most this many (null: not yet possible). */
  accept: (number | null)[];
  /** Reject once failures reach this many. */
  reject: number[];
  slope: number;
  acceptIntercept: number;
  rejectIntercept: number;
}

/**
 * Wald's sequential probability ratio test for a failure proportion (Wald, Sequential Analysis, 1947; NIST/
 * SEMATECH e-Handbook 6.2.3.2 and 8.2.6): p1 acceptable, p2 rejectable, producer's risk alpha, consumer's
 * beta (all fractions). Accept when failures <= -h1 + s n, reject when failures >= h2 + s n.
 */
export function sprtChart(p1: number, p2: number, alpha: number, beta: number, maxSamples = 100): SprtChart {
  const g1 = Math.log(p2 / p1);
  const g2 = Math.log1p(-p1) - Math.log1p(-p2);
  const g = g1 + g2;
  const slope = g2 / g;
  const h1 = Math.log((1 - alpha) / beta) / g;
  const h2 = Math.log((1 - beta) / alpha) / g;
  const samples: number[] = [];
  const accept: (number | null)[] = [];
  const reject: number[] = [];
  for (let n = 1; n <= maxSamples; n++) {
    samples.push(n);
    const a = Math.floor(-h1 + slope * n);
    accept.push(a >= 0 ? a : null);
    reject.push(Math.ceil(h2 + slope * n));
  }
  return { samples, accept, reject, slope, acceptIntercept: -h1, rejectIntercept: h2 };
}

/**
 * Wald's sequential chart from percentages as the screen takes them: acceptable and rejectable failure
 * proportions p1 < p2, producer's risk alpha and consumer's risk beta, all strictly between 0 and 100.
 */
export function trySequentialChart(
  p1: number,
  p2: number,
  alpha: number,
  beta: number,
  maxSamples = 100,
): { ok: true; value: SprtChart } | { ok: false; problems: Problem[] } {
  const inside = (x: number) => Number.isFinite(x) && x > 0 && x < 100;
  const problems: Problem[] = [];
  if (!(inside(p1) && inside(p2) && p1 < p2)) problems.push({ key: "testDesign.sprtOrder", where: ["p1"] });
  for (const [name, x] of [
    ["alpha", alpha],
    ["beta", beta],
  ] as const)
    if (!inside(x)) problems.push({ key: "testDesign.riskRange", where: [name] });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: sprtChart(p1 / 100, p2 / 100, alpha / 100, beta / 100, maxSamples) };
}
