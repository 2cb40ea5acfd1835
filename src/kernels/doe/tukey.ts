// Tukey's end-count (quick) test (Tukey 1959, "A quick, compact, two-sample test to Duckworth's
// specifications", Technometrics 1(1)): one sample must hold the largest value and the other the smallest;
// the count is the top sample's values above every value of the other sample plus the bottom sample's values
// below every value of the other; a value tied with the other sample's extreme counts a half. Critical counts
// 6, 7, 10, 13 for about 90, 95, 99, 99.9 % (two-sided); the exact tail below replaces them for any sizes.
import { checkSample, mathCore } from "../stats/common.ts";

export interface TukeyResult {
  /** Whether one sample holds the maximum and the other the minimum; otherwise the count is 0. */
  applicable: boolean;
  /** Which sample is on top: "x" or "y" (null when not applicable). */
  top: "x" | "y" | null;
  topCount: number;
  bottomCount: number;
  endCount: number;
  /** Exact P(end count >= observed) when the two samples come from one population (no ties). */
  pValue: number;
  /** Confidence 1 - pValue in percent. */
  confidence: number;
  /** Tukey's critical count met: the highest of 90, 95, 99, 99.9 % (0 when none). */
  tukeyLevel: number;
  /** Sizes within Tukey's 4:3 rule. */
  balanced: boolean;
}

/**
 * Counts of arrangements of n x's and m y's by end count (index = count), exact: with X^a on top followed by a
 * y and Y^b at the bottom preceded by an x, the middle n - a x's and m - b y's start with a y and end with an
 * x, C(n - a + m - b - 2, n - a - 1) ways; complete separation counts n + m; the same sample at both ends, 0.
 */
export function endCountDistribution(
  n: number,
  m: number,
  lnChoose: (a: number, b: number) => number,
): Float64Array {
  const counts = new Float64Array(n + m + 1);
  const choose = (a: number, b: number) => Math.round(Math.exp(lnChoose(a, b)));
  for (const [p, q] of [
    [n, m],
    [m, n],
  ]) {
    counts[n + m] += 1; // p all above q
    for (let a = 1; a < p; a++)
      for (let b = 1; b < q; b++) counts[a + b] += choose(p - a + q - b - 2, p - a - 1);
  }
  const total = choose(n + m, n);
  let rest = total;
  for (let h = 1; h <= n + m; h++) rest -= counts[h];
  counts[0] = rest;
  return counts;
}

const LEVELS: [number, number][] = [
  [13, 99.9],
  [10, 99],
  [7, 95],
  [6, 90],
];

export async function tukeyEndCount(xs: ArrayLike<number>, ys: ArrayLike<number>): Promise<TukeyResult> {
  const x = checkSample(xs, "x", 2);
  const y = checkSample(ys, "y", 2);
  const k = await mathCore();
  const lnChoose = (a: number, b: number) => k.lnGamma(a + 1) - k.lnGamma(b + 1) - k.lnGamma(a - b + 1);
  const maxX = Math.max(...x);
  const maxY = Math.max(...y);
  const minX = Math.min(...x);
  const minY = Math.min(...y);
  const balanced = Math.max(x.length, y.length) * 3 <= Math.min(x.length, y.length) * 4;
  let top: "x" | "y" | null = null;
  if (maxX > maxY && minY < minX) top = "x";
  else if (maxY > maxX && minX < minY) top = "y";
  let topCount = 0;
  let bottomCount = 0;
  if (top) {
    const [hi, lo] = top === "x" ? [x, y] : [y, x];
    const loMax = Math.max(...lo);
    const hiMin = Math.min(...hi);
    for (const v of hi) topCount += v > loMax ? 1 : v === loMax ? 0.5 : 0;
    for (const v of lo) bottomCount += v < hiMin ? 1 : v === hiMin ? 0.5 : 0;
  }
  const endCount = topCount + bottomCount;
  const dist = endCountDistribution(x.length, y.length, lnChoose);
  const total = dist.reduce((s, c) => s + c, 0);
  let tail = 0;
  for (let h = Math.ceil(endCount); h < dist.length; h++) tail += dist[h];
  const pValue = top ? tail / total : 1;
  return {
    applicable: top !== null,
    top,
    topCount,
    bottomCount,
    endCount,
    pValue,
    confidence: 100 * (1 - pValue),
    tukeyLevel: LEVELS.find(([c]) => endCount >= c)?.[1] ?? 0,
    balanced,
  };
}
