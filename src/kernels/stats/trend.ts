// Trend tests on event times of one repairable system or on a sequence: Laplace's U, the MIL-HDBK-189
// chi-squared (MIL-HDBK-189C, 2011, section 5; Crow 1974) and Mann-Kendall's S (Mann 1945, Econometrica 13;
// Kendall, Rank Correlation Methods, 1975), as Modarres, Kaminskiy & Krivtsov, Reliability Engineering and
// Risk Analysis, ch. 5, present them.
import {
  checkSample,
  checkSided,
  fail,
  mathCore,
  result,
  type Sided,
  type TestResult,
  tailP,
} from "./common.ts";

export interface TrendInput {
  /** Cumulative event times, increasing and > 0. */
  times: ArrayLike<number>;
  /** End of observation (time truncated); absent: failure truncated at the last event, which is excluded. */
  end?: number;
}

function eventData(input: TrendInput): { t: Float64Array; m: number; T: number } {
  const t = checkSample(input.times, "times", 2);
  for (let i = 0; i < t.length; i++)
    if (!(t[i] > 0) || (i > 0 && !(t[i] >= t[i - 1]))) fail("doe.trendTimes", undefined, ["times", i + 1]);
  if (input.end !== undefined) {
    if (!(input.end >= t[t.length - 1])) fail("doe.trendTimes", undefined, ["end"]);
    return { t, m: t.length, T: input.end };
  }
  return { t, m: t.length - 1, T: t[t.length - 1] };
}

/** Cumulative times from interarrival times. */
export function cumulativeTimes(gaps: ArrayLike<number>): Float64Array {
  const t = new Float64Array(gaps.length);
  let s = 0;
  for (let i = 0; i < gaps.length; i++) t[i] = s += gaps[i];
  return t;
}

/**
 * Laplace: U = (mean of the first m times - T/2) / (T sqrt(1/(12 m))), N(0, 1) for a homogeneous Poisson
 * process. "greater" tests for deterioration (times crowding towards T), "less" for improvement.
 */
export async function laplaceTrend(input: TrendInput, options: { sided?: Sided } = {}): Promise<TestResult> {
  const sided = checkSided(options.sided ?? "two");
  const { t, m, T } = eventData(input);
  let s = 0;
  for (let i = 0; i < m; i++) s += t[i];
  const u = (s / m - T / 2) / (T * Math.sqrt(1 / (12 * m)));
  const k = await mathCore();
  return result({
    test: "laplace",
    statistic: u,
    pValue: tailP(sided, k.normalCdf(u), k.normalSf(u)),
    sided,
    confidence: 95,
  });
}

/**
 * MIL-HDBK-189: chi-squared = 2 sum ln(T / t_i) on 2m degrees of freedom; small values mean deterioration, so
 * "greater" (deterioration) is its lower tail.
 */
export async function milHdbk189Trend(
  input: TrendInput,
  options: { sided?: Sided } = {},
): Promise<TestResult> {
  const sided = checkSided(options.sided ?? "two");
  const { t, m, T } = eventData(input);
  let s = 0;
  for (let i = 0; i < m; i++) s += Math.log(T / t[i]);
  const chi = 2 * s;
  const k = await mathCore();
  const lower = k.chiSquaredCdf(chi, 2 * m);
  const upper = k.chiSquaredSf(chi, 2 * m);
  const pValue =
    sided === "greater" ? lower : sided === "less" ? upper : Math.min(1, 2 * Math.min(lower, upper));
  return result({ test: "milHdbk189", statistic: chi, df: 2 * m, pValue, sided, confidence: 95 });
}

export interface MannKendall extends TestResult {
  s: number;
  varianceS: number;
}

/** Mann-Kendall on a sequence: S = sum over i < j of sgn(x_j - x_i), Z with continuity correction. */
export async function mannKendall(
  values: ArrayLike<number>,
  options: { sided?: Sided } = {},
): Promise<MannKendall> {
  const sided = checkSided(options.sided ?? "two");
  const x = checkSample(values, "x", 3);
  const n = x.length;
  let s = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) s += Math.sign(x[j] - x[i]);
  const sorted = Float64Array.from(x).sort();
  let tieSum = 0;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && sorted[j + 1] === sorted[i]) j++;
    const t = j - i + 1;
    tieSum += t * (t - 1) * (2 * t + 5);
    i = j + 1;
  }
  const varianceS = (n * (n - 1) * (2 * n + 5) - tieSum) / 18;
  const z = s === 0 ? 0 : (s - Math.sign(s)) / Math.sqrt(varianceS);
  const k = await mathCore();
  return {
    ...result({
      test: "mannKendall",
      statistic: z,
      pValue: tailP(sided, k.normalCdf(z), k.normalSf(z)),
      sided,
      confidence: 95,
    }),
    s,
    varianceS,
  };
}
