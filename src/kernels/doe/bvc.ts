// B vs C (Shainin; Bhote & Bhote, World Class Quality, 2nd ed. 2000, ch. 11): is the better process (B)
// better than the current one (C)? Fixed sizes: every B must outrank every C; the risk of that by chance is
// nB! nC! / (nB + nC)! = 1 / C(nB + nC, nB). Custom sizes allow overlap: the p-value is the exact
// Mann-Whitney lower tail of the number of (B, C) pairs where C is the better (a tie counts a half).
import { checkSample, fail, mathCore } from "../stats/common.ts";
import { mannWhitneyCdf } from "../stats/rank.ts";

export interface BvcOptions {
  /** "higher" (default): larger readings are better. */
  better?: "higher" | "lower";
  /** Risk the decision may take, 0 < alpha < 1; default 0.05. */
  alpha?: number;
}

export interface BvcResult {
  nB: number;
  nC: number;
  /** Pairs where C is better than B (ties a half): 0 means every B outranks every C. */
  overlap: number;
  /** 1 / C(nB + nC, nB): the risk of a complete separation by chance. */
  noOverlapRisk: number;
  /** Exact P(overlap <= observed) if B and C are the same. */
  pValue: number;
  confidence: number;
  bBetter: boolean;
}

export async function bVersusC(
  bs: ArrayLike<number>,
  cs: ArrayLike<number>,
  options: BvcOptions = {},
): Promise<BvcResult> {
  const b = checkSample(bs, "B", 1);
  const c = checkSample(cs, "C", 1);
  const alpha = options.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1)) fail("doe.alpha", undefined, ["alpha"]);
  const sign = options.better === "lower" ? -1 : 1;
  let overlap = 0;
  for (const vb of b) for (const vc of c) overlap += sign * (vc - vb) > 0 ? 1 : vc === vb ? 0.5 : 0;
  const k = await mathCore();
  const noOverlapRisk = Math.exp(
    k.lnGamma(b.length + 1) + k.lnGamma(c.length + 1) - k.lnGamma(b.length + c.length + 1),
  );
  const pValue = mannWhitneyCdf(overlap, b.length, c.length);
  return {
    nB: b.length,
    nC: c.length,
    overlap,
    noOverlapRisk,
    pValue,
    confidence: 100 * (1 - pValue),
    bBetter: pValue <= alpha,
  };
}

/** The smallest nC for each nB with 1 / C(nB + nC, nB) <= alpha: the minimum-sample table. */
export function bvcMinimumC(nB: number, alpha: number): number {
  if (!(Number.isInteger(nB) && nB >= 1 && alpha > 0 && alpha < 1)) fail("doe.alpha", undefined, ["alpha"]);
  let ways = 1; // C(nB + nC, nB), built up one nC at a time
  for (let nC = 1; nC < 1e7; nC++) {
    ways = (ways * (nB + nC)) / nC;
    if (1 / ways <= alpha * (1 + 1e-12)) return nC;
  }
  return Number.NaN;
}
