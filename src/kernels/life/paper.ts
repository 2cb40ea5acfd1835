// The drawing tool's line (issue 20, /lifeData/drawing): rank data the user reads off or types as
// (time, unreliability %) pairs, fitted by the life kernels' own rank regression (RRX or RRY, regression.ts in
// assembly/life) on the distribution's linearised axes, exactly as a fit of a data set regresses its median-rank
// plotting positions. The pairs take the place of the plotting positions; the times are registered as exact
// failures only so the kernel knows the first time (Weibull 3P's location stays below it) and the fit report
// has counts. Only distributions with a straight-line probability paper qualify: Weibull 2P/3P, exponential
// 1P/2P, normal, lognormal, loglogistic and Gumbel (gamma and mixtures have none).
import { LIFE_PAPER_DISTRIBUTIONS, LIMITS } from "../../shared/constants.ts";
import { withSession } from "./kernel.ts";
import { issue, LifeInputError, type LifeIssue } from "./messages.ts";
import { buildFit } from "./report.ts";
import type { LifeFit, PlottingPositions } from "./types.ts";

export const PAPER_DISTRIBUTIONS = LIFE_PAPER_DISTRIBUTIONS;
export type PaperDistribution = (typeof PAPER_DISTRIBUTIONS)[number];

/** Plotted points: time (X) and unreliability in percent (Y); `row` numbers them for messages (0-based). */
export interface RankPoints {
  time: Float64Array;
  percent: Float64Array;
  row?: Int32Array;
}

export interface PaperLineOptions {
  distribution: PaperDistribution;
  method: "rrx" | "rry";
  /** Points on the drawn line (default 101). */
  curvePoints?: number;
  /** Confidence of the (Fisher) bounds the report carries, percent; default 90. */
  confidence?: number;
}

/**
 * Spec 5's rules for rank data: X-Time above 0, Y-Value (%) above 0 and below 100, at least one point. Every
 * bad point is listed (1-based row; `where` is [row, "x" or "y"]).
 */
export function rankPointIssues(points: RankPoints): LifeIssue[] {
  const out: LifeIssue[] = [];
  const n = points.time.length;
  if (n === 0) return [issue("addDataPoint")];
  const { min, max } = LIMITS.percent;
  for (let i = 0; i < n; i++) {
    const row = (points.row?.[i] ?? i) + 1;
    const x = points.time[i];
    const y = points.percent[i];
    // The column is named in `where` (row, "x" or "y"): the life columns' names do not include them.
    if (!(Number.isFinite(x) && x > 0)) out.push({ ...issue("valuePositive", { row }), where: [row, "x"] });
    if (!(Number.isFinite(y) && y > min && y < max))
      out.push({ ...issue("life.rankPercentRange", { row, params: { min, max } }), where: [row, "y"] });
  }
  return out;
}

/** The RRX or RRY line through plotted rank data on `distribution`'s paper, as a life fit report. */
export async function fitPaperLine(points: RankPoints, options: PaperLineOptions): Promise<LifeFit> {
  if (!(PAPER_DISTRIBUTIONS as readonly string[]).includes(options.distribution))
    throw new LifeInputError([
      issue("life.unknownOption", {
        option: "distribution",
        params: { value: String(options.distribution), option: "distribution" },
      }),
    ]);
  if (options.method !== "rrx" && options.method !== "rry")
    throw new LifeInputError([
      issue("life.unknownOption", {
        option: "method",
        params: { value: String(options.method), option: "method" },
      }),
    ]);
  const problems = rankPointIssues(points);
  if (problems.length > 0) throw new LifeInputError(problems);
  const n = points.time.length;
  // In time order, as plotting positions are; row keeps each point's place in the user's list.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => points.time[a] - points.time[b]);
  const positions: PlottingPositions = {
    time: Float64Array.from(order, (i) => points.time[i]),
    probability: Float64Array.from(order, (i) => points.percent[i] / 100),
    rank: new Float64Array(n).fill(Number.NaN),
    row: Int32Array.from(order, (i) => points.row?.[i] ?? i),
    ranks: "exact",
  };
  const end = Float64Array.from(points.time);
  return withSession({ end }, undefined, (session) =>
    buildFit(
      session,
      {
        distribution: options.distribution,
        method: options.method,
        ranks: "exact",
        confidence: options.confidence,
        curvePoints: options.curvePoints,
      },
      () => positions,
    ),
  );
}
