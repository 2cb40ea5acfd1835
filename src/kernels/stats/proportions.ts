// Proportions: two (pooled z, which is the 2 x 2 Pearson chi-squared without continuity correction; Fisher's
// exact test; the unpooled Wald interval of the difference) and k (the k x 2 chi-squared with Marascuilo's
// pairwise comparisons, Marascuilo 1966, Psychological Bulletin 65(5); NIST/SEMATECH e-Handbook 7.4.7.5).
import { checkConfidence, fail, mathCore, result, type TestResult } from "./common.ts";

export interface ProportionCount {
  /** Events (defectives, successes). */
  x: number;
  /** Trials. */
  n: number;
}

function checkCounts(groups: ProportionCount[]): void {
  groups.forEach((g, i) => {
    if (!(Number.isInteger(g.n) && g.n >= 1 && Number.isInteger(g.x) && g.x >= 0 && g.x <= g.n))
      fail("doe.counts", { row: i + 1 }, ["groups", i + 1]);
  });
}

export interface TwoProportions extends TestResult {
  z: number;
  chiSquared: number;
  fisherP: number;
  p1: number;
  p2: number;
}

/** Fisher's exact two-sided p of a 2 x 2 table: the tables with the same margins no more probable than it. */
async function fisherExact(a: number, b: number, c: number, d: number): Promise<number> {
  const m = await mathCore();
  const row1 = a + b;
  const col1 = a + c;
  const n = a + b + c + d;
  const lnChoose = (nn: number, k: number) => m.lnGamma(nn + 1) - m.lnGamma(k + 1) - m.lnGamma(nn - k + 1);
  const lnP = (k: number) => lnChoose(col1, k) + lnChoose(n - col1, row1 - k) - lnChoose(n, row1);
  const lo = Math.max(0, row1 - (n - col1));
  const hi = Math.min(row1, col1);
  const observed = lnP(a);
  let p = 0;
  // R's fisher.test allows a relative 1e-7 for tables equal to the observed one up to rounding.
  for (let k = lo; k <= hi; k++) {
    const l = lnP(k);
    if (l <= observed + Math.log1p(1e-7)) p += Math.exp(l);
  }
  return Math.min(1, p);
}

export async function twoProportions(
  first: ProportionCount,
  second: ProportionCount,
  options: { confidence?: number } = {},
): Promise<TwoProportions> {
  const confidence = checkConfidence(options.confidence ?? 95);
  checkCounts([first, second]);
  const m = await mathCore();
  const p1 = first.x / first.n;
  const p2 = second.x / second.n;
  const pooled = (first.x + second.x) / (first.n + second.n);
  const se0 = Math.sqrt(pooled * (1 - pooled) * (1 / first.n + 1 / second.n));
  if (!(se0 > 0)) fail("doe.constant", { name: "proportions" });
  const z = (p1 - p2) / se0;
  const chiSquared = z * z;
  const pValue = m.chiSquaredSf(chiSquared, 1);
  const q = m.normalQuantile(1 - (1 - confidence / 100) / 2);
  const width = q * Math.sqrt((p1 * (1 - p1)) / first.n + (p2 * (1 - p2)) / second.n);
  const delta = p1 - p2;
  const fisherP = await fisherExact(first.x, first.n - first.x, second.x, second.n - second.x);
  return {
    ...result({
      test: "twoProportions",
      statistic: z,
      pValue,
      interval: [Math.max(delta - width, -1), Math.min(delta + width, 1)],
      estimate: delta,
      sided: "two",
      confidence,
    }),
    z,
    chiSquared,
    fisherP,
    p1,
    p2,
  };
}

export interface MarascuiloPair {
  i: number;
  j: number;
  difference: number;
  critical: number;
  significant: boolean;
}

export interface Proportions extends TestResult {
  proportions: number[];
  pairs: MarascuiloPair[];
}

export async function multipleProportions(
  groups: ProportionCount[],
  options: { confidence?: number } = {},
): Promise<Proportions> {
  const confidence = checkConfidence(options.confidence ?? 95);
  if (groups.length < 2) fail("doe.groups");
  checkCounts(groups);
  const m = await mathCore();
  const xs = groups.reduce((s, g) => s + g.x, 0);
  const ns = groups.reduce((s, g) => s + g.n, 0);
  const pbar = xs / ns;
  if (!(pbar > 0 && pbar < 1)) fail("doe.constant", { name: "proportions" });
  let chi = 0;
  for (const g of groups) {
    const e1 = g.n * pbar;
    const e0 = g.n - e1;
    chi += (g.x - e1) ** 2 / e1 + (g.n - g.x - e0) ** 2 / e0;
  }
  const df = groups.length - 1;
  const proportions = groups.map((g) => g.x / g.n);
  const root = Math.sqrt(m.chiSquaredQuantile(confidence / 100, df));
  const pairs: MarascuiloPair[] = [];
  for (let i = 0; i < groups.length; i++)
    for (let j = i + 1; j < groups.length; j++) {
      const pi = proportions[i];
      const pj = proportions[j];
      const critical = root * Math.sqrt((pi * (1 - pi)) / groups[i].n + (pj * (1 - pj)) / groups[j].n);
      const difference = Math.abs(pi - pj);
      pairs.push({ i, j, difference, critical, significant: difference > critical });
    }
  return {
    ...result({
      test: "proportions",
      statistic: chi,
      df,
      pValue: m.chiSquaredSf(chi, df),
      sided: "greater",
      confidence,
    }),
    proportions,
    pairs,
  };
}
