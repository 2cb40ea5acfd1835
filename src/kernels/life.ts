// Life-data (Weibull) analysis: the typed face of build/life.wasm used by the UI worker, the CLI and the tests.
// Every function takes typed-array columns plus options and an optional KernelContext, validates its input
// (LifeInputError with message keys and row numbers) and returns plain data with typed arrays for plots.
import type { KernelContext } from "./context.ts";
import { checkAborted } from "./context.ts";
import type { CalculatorOptions, CalculatorQuery, CalculatorResult } from "./life/calculator.ts";
import { calculate } from "./life/calculator.ts";
import type { GuideOptions, GuideResult } from "./life/guide.ts";
import { guide } from "./life/guide.ts";
import { loadLifeKernel, withSession } from "./life/kernel.ts";
import { issue, LifeInputError, type LifeIssue } from "./life/messages.ts";
import { fitPaperLine, type PaperLineOptions, type RankPoints } from "./life/paper.ts";
import { checkOptions, validateColumns } from "./life/prepare.ts";
import { buildFit } from "./life/report.ts";
import type { FitOptions, LifeColumns, LifeCounts, LifeFit } from "./life/types.ts";
import { LIFE_BOUNDS, LIFE_DISTRIBUTIONS, LIFE_METHODS, LIFE_RANKS, LIFE_SIDES } from "./life/types.ts";

export type { CalculatorOptions, CalculatorQuery, CalculatorResult } from "./life/calculator.ts";
export type { GuideCandidate, GuideCriterion, GuideOptions, GuideResult } from "./life/guide.ts";
export { LIFE_MESSAGES, LifeInputError, type LifeIssue, type LifeMessageKey } from "./life/messages.ts";
export type * from "./life/types.ts";
export { LIFE_BOUNDS, LIFE_DISTRIBUTIONS, LIFE_METHODS, LIFE_RANKS, LIFE_SIDES } from "./life/types.ts";

export async function kernelVersion(): Promise<string> {
  return (await loadLifeKernel()).kernelVersion();
}

/** Checks every row without fitting: the issues (message key, row, column) and, when valid, the counts. */
export async function validateLifeData(
  columns: LifeColumns,
  groups?: number[],
): Promise<{
  valid: boolean;
  issues: LifeIssue[];
  issueCount: number;
  counts?: LifeCounts;
}> {
  const result = validateColumns(columns, groups);
  return {
    valid: result.prepared !== undefined,
    issues: result.issues,
    issueCount: result.issueCount,
    counts: result.prepared?.counts,
  };
}

function checkEnum<T extends string>(value: T | undefined, allowed: readonly T[], option: string): void {
  if (value !== undefined && !allowed.includes(value))
    throw new LifeInputError([issue("life.unknownOption", { option, params: { value, option } })]);
}

/** Fits one distribution by MLE or rank regression, with bounds, reliability at times, plots and contour. */
export async function fitLife(
  columns: LifeColumns,
  options: FitOptions,
  ctx?: KernelContext,
): Promise<LifeFit> {
  if (!LIFE_DISTRIBUTIONS.includes(options.distribution))
    throw new LifeInputError([
      issue("life.unknownDistribution", {
        option: "distribution",
        params: { name: String(options.distribution) },
      }),
    ]);
  checkEnum(options.method, LIFE_METHODS, "method");
  checkEnum(options.ranks, LIFE_RANKS, "ranks");
  checkEnum(options.bounds, LIFE_BOUNDS, "bounds");
  checkEnum(options.sided, LIFE_SIDES, "sided");
  checkOptions(options);
  checkAborted(ctx);
  ctx?.onProgress?.(0, 1);
  const fit = await withSession(columns, options.groups, (session) => buildFit(session, options));
  ctx?.onProgress?.(1, 1);
  return fit;
}

/** Quick calculation pad: reliability, conditional reliability, time at reliability, B-life, mean life, failure rate. */
export async function calculateLife(
  fit: Pick<LifeFit, "distribution" | "model" | "method">,
  queries: CalculatorQuery[],
  options: CalculatorOptions = {},
  ctx?: KernelContext,
): Promise<CalculatorResult[]> {
  checkAborted(ctx);
  return calculate(fit, queries, options);
}

/** Fits every candidate distribution by MLE and ranks them by the stated criterion (default AIC). */
export async function distributionGuide(
  columns: LifeColumns,
  options: GuideOptions = {},
  ctx?: KernelContext,
): Promise<GuideResult> {
  return guide(columns, options, ctx);
}

/**
 * Result-or-issues forms for callers across a worker boundary, where a thrown LifeInputError would arrive as
 * a plain Error without its issues: `{ ok: true, value }` or `{ ok: false, issues }`.
 */
export type LifeOutcome<T> = { ok: true; value: T } | { ok: false; issues: LifeIssue[] };

async function outcome<T>(run: () => Promise<T>): Promise<LifeOutcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof LifeInputError) return { ok: false, issues: error.issues };
    throw error;
  }
}

export function tryFitLife(
  columns: LifeColumns,
  options: FitOptions,
  ctx?: KernelContext,
): Promise<LifeOutcome<LifeFit>> {
  return outcome(() => fitLife(columns, options, ctx));
}

export function tryDistributionGuide(
  columns: LifeColumns,
  options: GuideOptions = {},
  ctx?: KernelContext,
): Promise<LifeOutcome<GuideResult>> {
  return outcome(() => distributionGuide(columns, options, ctx));
}

export function tryCalculateLife(
  fit: Pick<LifeFit, "distribution" | "model" | "method">,
  queries: CalculatorQuery[],
  options: CalculatorOptions = {},
  ctx?: KernelContext,
): Promise<LifeOutcome<CalculatorResult[]>> {
  return outcome(() => calculateLife(fit, queries, options, ctx));
}

// The drawing tool (issue 20): a line through plotted rank data on a distribution's paper.
export {
  fitPaperLine,
  PAPER_DISTRIBUTIONS,
  type PaperDistribution,
  type PaperLineOptions,
  type RankPoints,
  rankPointIssues,
} from "./life/paper.ts";

export function tryFitPaperLine(
  points: RankPoints,
  options: PaperLineOptions,
): Promise<LifeOutcome<LifeFit>> {
  return outcome(() => fitPaperLine(points, options));
}
