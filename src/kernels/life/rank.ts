// The guide's one ranking rule, shared by the kernel (guide.ts), the CLI and the guide screen (which re-ranks
// when the user changes the criterion). Pure: no kernel import, so the screen bundles it without the wasm.

export type GuideCriterion = "aic" | "bic" | "loglikelihood" | "ad";

/**
 * Why a candidate is or is not ranked: "ok" is ranked; a fit that stopped on a search limit ("bound"), did not
 * converge ("notConverged") or could not be made ("error") is listed with its reason after the ranked ones,
 * never ranked, so a boundary estimate (say a Weibull 3P with gamma on its limit) cannot come first.
 */
export type GuideStatus = "ok" | "bound" | "notConverged" | "error";

export interface RankedFields {
  aic: number;
  bic: number;
  logLikelihood: number;
  andersonDarling: number | null;
  converged: boolean;
  boundReached: string | null;
  error?: unknown;
}

export function guideStatus(c: RankedFields): GuideStatus {
  if (c.error) return "error";
  if (!c.converged) return "notConverged";
  if (c.boundReached !== null) return "bound";
  return "ok";
}

/** The criterion's score, lower is better (the log-likelihood is negated). */
export function guideScore(c: RankedFields, criterion: GuideCriterion): number {
  if (criterion === "aic") return c.aic;
  if (criterion === "bic") return c.bic;
  if (criterion === "loglikelihood") return -c.logLikelihood;
  return c.andersonDarling ?? Number.NaN;
}

/** Candidates in display order with rank 1.. for the ranked ones and null for the others (kept in input order). */
export function rankCandidates<T extends RankedFields>(
  candidates: readonly T[],
  criterion: GuideCriterion,
): Array<T & { rank: number | null; status: GuideStatus }> {
  const ranked = candidates
    .filter((c) => guideStatus(c) === "ok" && Number.isFinite(guideScore(c, criterion)))
    .sort((a, b) => guideScore(a, criterion) - guideScore(b, criterion));
  const rest = candidates.filter((c) => !ranked.includes(c));
  return [
    ...ranked.map((c, i) => ({ ...c, rank: i + 1, status: guideStatus(c) })),
    ...rest.map((c) => ({ ...c, rank: null, status: guideStatus(c) })),
  ];
}
