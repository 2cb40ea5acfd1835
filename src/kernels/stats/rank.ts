// Rank tests as Hollander & Wolfe, Nonparametric Statistical Methods (1973), ch. 3 and 4, with R's
// wilcox.test conventions: exact null distributions (counted below) when both samples are under 50 and
// nothing is tied (or zero, for the signed rank test), else the normal approximation with tie correction and
// a continuity correction of 1/2.
import {
  checkSample,
  checkSided,
  mathCore,
  ranks,
  result,
  type Sided,
  type TestResult,
  tailP,
} from "./common.ts";

/**
 * Counts of the Mann-Whitney U over all C(n+m, n) arrangements: cwilcox's recursion
 * f(n, m, u) = f(n - 1, m, u - m) + f(n, m - 1, u), kept as one row per n.
 */
export function mannWhitneyCounts(n: number, m: number): Float64Array {
  // rows[i][u] = number of arrangements of i x's and j y's with U = u, for the current j.
  let rows: Float64Array[] = Array.from({ length: n + 1 }, () => {
    const r = new Float64Array(1); // i x's and no y: U = 0 once
    r[0] = 1;
    return r;
  });
  for (let j = 1; j <= m; j++) {
    const next: Float64Array[] = [];
    for (let i = 0; i <= n; i++) {
      const r = new Float64Array(i * j + 1);
      const left = rows[i]; // (i, j - 1)
      for (let u = 0; u < left.length; u++) r[u] += left[u];
      if (i > 0) {
        const down = next[i - 1]; // (i - 1, j)
        for (let u = 0; u < down.length; u++) r[u + j] += down[u];
      }
      next.push(r);
    }
    rows = next;
  }
  return rows[n];
}

/** P(U <= u) of the exact Mann-Whitney distribution (R's pwilcox). */
export function mannWhitneyCdf(u: number, n: number, m: number): number {
  const counts = mannWhitneyCounts(n, m);
  const k = Math.floor(u + 1e-7);
  if (k < 0) return 0;
  let total = 0;
  let below = 0;
  for (let i = 0; i < counts.length; i++) {
    total += counts[i];
    if (i <= k) below += counts[i];
  }
  return below / total;
}

function signedRankCounts(n: number): Float64Array {
  const max = (n * (n + 1)) / 2;
  const c = new Float64Array(max + 1);
  c[0] = 1;
  for (let k = 1; k <= n; k++) for (let s = max; s >= k; s--) c[s] += c[s - k];
  return c;
}

function exactTails(counts: Float64Array, stat: number): { lower: number; upper: number } {
  let total = 0;
  let lower = 0;
  let upper = 0;
  for (let i = 0; i < counts.length; i++) {
    total += counts[i];
    if (i <= stat) lower += counts[i];
    if (i >= stat) upper += counts[i];
  }
  return { lower: lower / total, upper: upper / total };
}

function exactP(counts: Float64Array, stat: number, centre: number, sided: Sided): number {
  const { lower, upper } = exactTails(counts, stat);
  if (sided === "less") return lower;
  if (sided === "greater") return upper;
  return Math.min(1, 2 * (stat > centre ? upper : lower));
}

async function normalP(z: number, sigma: number, sided: Sided): Promise<number> {
  const m = await mathCore();
  const correction = sided === "two" ? Math.sign(z) * 0.5 : sided === "greater" ? 0.5 : -0.5;
  const s = (z - correction) / sigma;
  return tailP(sided, m.normalCdf(s), m.normalSf(s));
}

/** Mann-Whitney (Wilcoxon rank sum): W = rank sum of x less nx (nx + 1) / 2, the number of pairs x > y. */
export async function mannWhitney(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  options: { sided?: Sided } = {},
): Promise<TestResult> {
  const sided = checkSided(options.sided ?? "two");
  const x = checkSample(xs, "x", 1);
  const y = checkSample(ys, "y", 1);
  const nx = x.length;
  const ny = y.length;
  const ties: number[] = [];
  const r = ranks(Float64Array.from([...x, ...y]), ties);
  let sum = 0;
  for (let i = 0; i < nx; i++) sum += r[i];
  const w = sum - (nx * (nx + 1)) / 2;
  let pValue: number;
  const exact = nx < 50 && ny < 50 && ties.length === 0;
  if (exact) pValue = exactP(mannWhitneyCounts(nx, ny), w, (nx * ny) / 2, sided);
  else {
    const n = nx + ny;
    const tieSum = ties.reduce((s, t) => s + t * t * t - t, 0);
    const sigma = Math.sqrt(((nx * ny) / 12) * (n + 1 - tieSum / (n * (n - 1))));
    pValue = await normalP(w - (nx * ny) / 2, sigma, sided);
  }
  return result({
    test: exact ? "mannWhitneyExact" : "mannWhitney",
    statistic: w,
    pValue,
    sided,
    confidence: 95,
  });
}

/** Wilcoxon signed rank test of x - mu (or of paired differences): V = sum of the positive ranks. */
export async function wilcoxonSignedRank(
  xs: ArrayLike<number>,
  options: { mu?: number; sided?: Sided } = {},
): Promise<TestResult> {
  const sided = checkSided(options.sided ?? "two");
  const mu = options.mu ?? 0;
  const all = checkSample(xs, "x", 1).map((v) => v - mu);
  const d = all.filter((v) => v !== 0);
  const zeroes = d.length < all.length;
  const n = d.length;
  const ties: number[] = [];
  const r = ranks(d.map(Math.abs), ties);
  let v = 0;
  for (let i = 0; i < n; i++) if (d[i] > 0) v += r[i];
  let pValue: number;
  const exact = n < 50 && ties.length === 0 && !zeroes;
  if (exact) pValue = exactP(signedRankCounts(n), v, (n * (n + 1)) / 4, sided);
  else {
    const tieSum = ties.reduce((s, t) => s + t * t * t - t, 0);
    const sigma = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - tieSum / 48);
    pValue = await normalP(v - (n * (n + 1)) / 4, sigma, sided);
  }
  return result({ test: exact ? "wilcoxonExact" : "wilcoxon", statistic: v, pValue, sided, confidence: 95 });
}
