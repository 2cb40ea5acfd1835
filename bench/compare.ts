// Comparing two benchmark runs with their noise: the Hodges-Lehmann estimate of the shift between two
// samples and its distribution-free confidence interval from the exact null distribution of the
// Mann-Whitney U statistic (Hollander, Wolfe & Chicken, Nonparametric Statistical Methods, 3rd ed., 2014,
// section 4.3; Bauer, "Constructing confidence sets using rank statistics", JASA 67, 1972). The samples are
// per-round log times, so a shift is a ratio: exp(shift) - 1 is the relative change.
import type { BenchResult } from "./harness.ts";

export interface ShiftInterval {
  /** Median of all pairwise differences current - base. */
  estimate: number;
  lower: number;
  upper: number;
  /** The interval's exact coverage under the shift model (at least the confidence asked for). */
  coverage: number;
}

/** counts[u] = number of the C(m+n, m) orderings of two samples of sizes m and n whose U statistic is u. */
function mannWhitneyCounts(m: number, n: number): number[] {
  // f(u; i, j) = f(u - j; i - 1, j) + f(u; i, j - 1): is the largest observation from the first sample or not.
  let previous: number[][] = [];
  for (let i = 0; i <= m; i++) {
    const row: number[][] = [];
    for (let j = 0; j <= n; j++) {
      if (i === 0 || j === 0) {
        row.push([1]);
        continue;
      }
      const a = previous[j];
      const b = row[j - 1];
      const counts = new Array<number>(i * j + 1).fill(0);
      a.forEach((c, u) => {
        counts[u + j] += c;
      });
      b.forEach((c, u) => {
        counts[u] += c;
      });
      row.push(counts);
    }
    previous = row;
  }
  return previous[n];
}

/**
 * The shift current - base with an interval of at least `confidence` coverage, or undefined when the
 * samples are too small for any interval at that level (fewer than 4 rounds each at 95%).
 */
export function shiftInterval(
  base: number[],
  current: number[],
  confidence = 0.95,
): ShiftInterval | undefined {
  const m = base.length;
  const n = current.length;
  if (m === 0 || n === 0) return undefined;
  const differences: number[] = [];
  for (const y of current) for (const x of base) differences.push(y - x);
  differences.sort((a, b) => a - b);
  const mn = differences.length;
  const mid = mn >> 1;
  const estimate = mn % 2 ? differences[mid] : (differences[mid - 1] + differences[mid]) / 2;
  const counts = mannWhitneyCounts(m, n);
  const total = counts.reduce((s, c) => s + c, 0);
  const alpha = 1 - confidence;
  // The largest k with P(U < k) <= alpha/2: the interval is [D(k), D(mn + 1 - k)] (1-based order statistics).
  let k = 0;
  let below = 0;
  while (k < counts.length && (below + counts[k]) / total <= alpha / 2) below += counts[k++];
  if (k === 0) return undefined;
  return {
    estimate,
    lower: differences[k - 1],
    upper: differences[mn - k],
    coverage: 1 - (2 * below) / total,
  };
}

export type Verdict = "slower" | "faster" | "unchanged" | "uncertain";

export interface BenchComparison {
  id: string;
  /** Relative change of the kernel's time per round, each round divided by the baseline's in that round. */
  change: number;
  lower: number;
  upper: number;
  coverage: number;
  /** Relative change of the kernel's own time (machine speed and load included), for information. */
  absoluteChange: number;
  verdict: Verdict;
}

const logRatios = (kernel: number[], baseline: number[]) => kernel.map((k, i) => Math.log(k / baseline[i]));

/**
 * Compares one benchmark's rounds with a stored run's. The gate is on kernel time relative to the plain
 * TypeScript baseline timed in the same rounds: machine speed and load shift both alike and cancel, so a
 * baseline taken on another runner, or on a busy machine, still compares. `tolerance` is a fraction (0.1).
 */
export function compareResult(
  base: BenchResult,
  current: BenchResult,
  tolerance: number,
  confidence = 0.95,
): BenchComparison {
  const interval = shiftInterval(
    logRatios(base.kernelRoundsMs, base.baselineRoundsMs),
    logRatios(current.kernelRoundsMs, current.baselineRoundsMs),
    confidence,
  );
  const absolute = shiftInterval(
    base.kernelRoundsMs.map(Math.log),
    current.kernelRoundsMs.map(Math.log),
    confidence,
  );
  const change = Math.expm1(interval?.estimate ?? Number.NaN);
  const lower = interval ? Math.expm1(interval.lower) : Number.NEGATIVE_INFINITY;
  const upper = interval ? Math.expm1(interval.upper) : Number.POSITIVE_INFINITY;
  // Slower beyond the tolerance with confidence: the whole interval lies above it (and faster likewise).
  const verdict: Verdict =
    lower > tolerance
      ? "slower"
      : upper < -tolerance
        ? "faster"
        : lower >= -tolerance && upper <= tolerance
          ? "unchanged"
          : "uncertain";
  return {
    id: current.id,
    change,
    lower,
    upper,
    coverage: interval?.coverage ?? 0,
    absoluteChange: Math.expm1(absolute?.estimate ?? Number.NaN),
    verdict,
  };
}
