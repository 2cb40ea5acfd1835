// What every statistical test shares: the alternative, the result shape, the input checks (answering the
// shared Problem with "doe.*" keys of src/shared/messages.ts) and sample moments computed in two passes.
// Distribution functions are the math core's (build/math.wasm, assembly/math/distributions.ts).
import { LIMITS, withinLimit } from "../../shared/constants.ts";
import type { MessageKey } from "../../shared/messages.ts";
import { type Problem, problemLine } from "../../shared/problem.ts";
import { loadMathKernel, type MathKernel } from "../math.ts";

/** The alternative hypothesis: two-sided, or the parameter below (less) or above (greater) the null value. */
export type Sided = "two" | "less" | "greater";
export const SIDES: readonly Sided[] = ["two", "less", "greater"];

export interface TestResult {
  /** What was tested, e.g. "oneSampleT". */
  test: string;
  statistic: number;
  /** Degrees of freedom (two for F); absent for tests that have none. */
  df?: number | [number, number];
  pValue: number;
  /** Confidence interval of the estimate at `confidence`, one end infinite for a one-sided test. */
  interval?: [number, number];
  estimate?: number;
  sided: Sided;
  /** Confidence in percent (the significance level is 100 - confidence). */
  confidence: number;
  /** The null hypothesis is rejected at 1 - confidence/100. */
  reject: boolean;
}

export type DoeMessageKey = Extract<MessageKey, `doe.${string}`>;

export interface DoeProblem extends Problem {
  key: DoeMessageKey;
}

/** Input a user can fix; carries every problem found. */
export class DoeInputError extends Error {
  override name = "DoeInputError";
  constructor(readonly problems: DoeProblem[]) {
    super(problems.map(problemLine).join("; "));
  }
}

export function fail(
  key: DoeMessageKey,
  params?: Record<string, string | number>,
  where?: (string | number)[],
): never {
  throw new DoeInputError([{ key, params, where }]);
}

export const mathCore = (): Promise<MathKernel> => loadMathKernel();

/** Every value a finite number; `name` names the sample in the message. */
export function checkSample(values: ArrayLike<number>, name: string, min = 2): Float64Array {
  const x = Float64Array.from(values);
  const bad = x.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) fail("doe.notNumber", { name, row: bad + 1 }, [name, bad + 1]);
  if (x.length < min) fail("doe.sampleSize", { name, min }, [name]);
  return x;
}

export function checkConfidence(confidence: number): number {
  if (!withinLimit(confidence, LIMITS.analysisConfidence)) fail("doe.confidence", undefined, ["confidence"]);
  return confidence;
}

export function checkSided(sided: string): Sided {
  if (!SIDES.includes(sided as Sided)) fail("doe.sided", { sided }, ["sided"]);
  return sided as Sided;
}

export function mean(x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i];
  const m = s / x.length;
  // One correction pass (the mean of the residuals), so the mean is right to the last digit or two.
  let r = 0;
  for (let i = 0; i < x.length; i++) r += x[i] - m;
  return m + r / x.length;
}

/** Sample variance (n - 1 in the denominator). */
export function variance(x: ArrayLike<number>, m = mean(x)): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += (x[i] - m) ** 2;
  return s / (x.length - 1);
}

export function median(x: ArrayLike<number>): number {
  const s = Float64Array.from(x).sort();
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}

/** The p-value of a statistic whose null distribution has the given lower (cdf) and upper (sf) tails. */
export function tailP(sided: Sided, lower: number, upper: number): number {
  if (sided === "less") return lower;
  if (sided === "greater") return upper;
  return Math.min(1, 2 * Math.min(lower, upper));
}

/** Average ranks (1-based) of `x`, ties sharing their mean rank; `ties` gets the size of every tie group. */
export function ranks(x: ArrayLike<number>, ties?: number[]): Float64Array {
  const order = Array.from({ length: x.length }, (_, i) => i).sort((a, b) => x[a] - x[b]);
  const r = new Float64Array(x.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && x[order[j + 1]] === x[order[i]]) j++;
    const rank = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) r[order[k]] = rank;
    if (ties && j > i) ties.push(j - i + 1);
    i = j + 1;
  }
  return r;
}

export function result(fields: Omit<TestResult, "reject">): TestResult {
  return { ...fields, reject: fields.pValue < 1 - fields.confidence / 100 };
}
