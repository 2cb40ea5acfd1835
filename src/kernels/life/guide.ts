// The distribution guide: every candidate fitted by MLE on the same data, ranked by a stated criterion.
// A candidate that cannot be fitted is listed with its reason and ranked last; it never stops the others.
import { checkAborted, type KernelContext } from "../context.ts";
import { plottingPositions } from "./estimate.ts";
import { LifeSession } from "./kernel.ts";
import { issue, LifeInputError, type LifeMessageKey } from "./messages.ts";
import { type GuideCriterion, type GuideStatus, rankCandidates } from "./rank.ts";
import { buildFit } from "./report.ts";
import type { LifeColumns, LifeDistribution, PlottingPositions } from "./types.ts";

export type { GuideCriterion, GuideStatus };

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
  /** 1 = best; candidates that failed, stopped on a bound or did not converge have rank null (see status). */
  rank: number | null;
  status: GuideStatus;
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
          status: "ok",
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
          status: "error",
          parameters: {},
          logLikelihood: Number.NaN,
          aic: Number.NaN,
          bic: Number.NaN,
          andersonDarling: null,
          converged: false,
          boundReached: null,
          warnings: [],
          error: { key: first.key, message: first.message, params: first.params },
        });
      }
    }
    ctx?.onProgress?.(candidates.length, candidates.length);
  } finally {
    session.free();
  }
  const ordered: GuideCandidate[] = rankCandidates(results, criterion);
  if (results.every((c) => c.error)) {
    const first = results[0]?.error;
    if (first)
      throw new LifeInputError([
        issue(first.key as LifeMessageKey, first.params ? { params: first.params } : {}),
      ]);
    throw new LifeInputError([issue("life.noCandidates")]);
  }
  const best = ordered[0]?.rank === 1 ? ordered[0].distribution : null;
  return { criterion, best, candidates: ordered };
}
