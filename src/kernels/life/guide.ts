// The distribution guide: every candidate fitted by MLE on the same data, ranked by a stated criterion.
// A candidate that cannot be fitted is listed with its reason and ranked last; it never stops the others.
import { checkAborted, type KernelContext } from "../context.ts";
import { plottingPositions } from "./estimate.ts";
import { LifeSession } from "./kernel.ts";
import type { LifeMessageKey } from "./messages.ts";
import { issue, LifeInputError } from "./messages.ts";
import { buildFit } from "./report.ts";
import type { LifeColumns, LifeDistribution, PlottingPositions } from "./types.ts";

export type GuideCriterion = "aic" | "bic" | "loglikelihood" | "ad";

export const GUIDE_DEFAULT_CANDIDATES: LifeDistribution[] = [
  "weibull2p",
  "weibull3p",
  "exponential1p",
  "exponential2p",
  "normal",
  "lognormal",
  "gamma",
  "loglogistic",
  "gumbel",
];

export interface GuideOptions {
  groups?: number[];
  /** Default: every distribution except Weibull 1P (needs beta) and the mixtures. */
  candidates?: LifeDistribution[];
  /** Lowest AIC first by default; "loglikelihood" ranks the highest first; "ad" needs complete data. */
  criterion?: GuideCriterion;
}

export interface GuideCandidate {
  distribution: LifeDistribution;
  /** 1 = best; candidates that failed have rank null. */
  rank: number | null;
  parameters: Record<string, number>;
  logLikelihood: number;
  aic: number;
  bic: number;
  andersonDarling: number | null;
  converged: boolean;
  boundReached: string | null;
  warnings: Array<{ key: LifeMessageKey; message: string }>;
  error?: { key: LifeMessageKey; message: string; params?: Record<string, string | number> };
}

export interface GuideResult {
  criterion: GuideCriterion;
  best: LifeDistribution | null;
  candidates: GuideCandidate[];
}

function score(c: GuideCandidate, criterion: GuideCriterion): number {
  if (criterion === "aic") return c.aic;
  if (criterion === "bic") return c.bic;
  if (criterion === "loglikelihood") return -c.logLikelihood;
  return c.andersonDarling ?? Number.NaN;
}

export async function guide(
  columns: LifeColumns,
  options: GuideOptions,
  ctx?: KernelContext,
): Promise<GuideResult> {
  const criterion = options.criterion ?? "aic";
  const candidates = options.candidates ?? GUIDE_DEFAULT_CANDIDATES;
  const session = await LifeSession.open(columns, options.groups);
  const results: GuideCandidate[] = [];
  try {
    let positions: PlottingPositions | undefined;
    const cached = () => {
      positions ??= plottingPositions(session, "exact");
      return positions;
    };
    for (let i = 0; i < candidates.length; i++) {
      checkAborted(ctx);
      ctx?.onProgress?.(i, candidates.length);
      const distribution = candidates[i];
      try {
        const fit = buildFit(
          session,
          { distribution, method: "mle", curvePoints: 0, positions: false, beta: 1 },
          cached,
        );
        results.push({
          distribution,
          rank: null,
          parameters: fit.parameters,
          logLikelihood: fit.logLikelihood,
          aic: fit.aic,
          bic: fit.bic,
          andersonDarling: fit.goodnessOfFit.andersonDarling ?? null,
          converged: fit.converged,
          boundReached: fit.boundReached,
          warnings: fit.warnings,
        });
      } catch (error) {
        if (!(error instanceof LifeInputError)) throw error;
        const first = error.issues[0];
        results.push({
          distribution,
          rank: null,
          parameters: {},
          logLikelihood: Number.NaN,
          aic: Number.NaN,
          bic: Number.NaN,
          andersonDarling: null,
          converged: false,
          boundReached: null,
          warnings: [],
          error: { key: first.key, message: first.message },
        });
      }
    }
    ctx?.onProgress?.(candidates.length, candidates.length);
  } finally {
    session.free();
  }
  const ranked = results
    .filter((c) => !c.error && c.converged && Number.isFinite(score(c, criterion)))
    .sort((a, b) => score(a, criterion) - score(b, criterion));
  ranked.forEach((c, i) => {
    c.rank = i + 1;
  });
  if (ranked.length === 0 && results.every((c) => c.error)) {
    const first = results[0]?.error;
    if (first) throw new LifeInputError([issue(first.key as "life.noCandidates")]);
    throw new LifeInputError([issue("life.noCandidates")]);
  }
  const ordered = [...ranked, ...results.filter((c) => c.rank === null)];
  return { criterion, best: ranked[0]?.distribution ?? null, candidates: ordered };
}
