// What the cost analyses take and give. Two models over one life distribution of the failure model: age
// (preventive) replacement and the inspection interval of a hidden failure (assembly/cost/ for the formulas).
import type { FailureDistribution, FailureDistributionType } from "../../shared/failure-model.ts";
import type { Problem } from "../../shared/problem.ts";

/** Distributions of lives on t >= 0 (the renewal cycles start at age 0); the normal and Gumbel put mass below 0. */
export const COST_DISTRIBUTIONS = [
  "exponential",
  "weibull2p",
  "weibull3p",
  "lognormal",
  "gamma",
  "loglogistic",
] as const satisfies readonly FailureDistributionType[];

export type CostView = "replacement" | "inspection";
export const COST_VIEWS: readonly CostView[] = ["replacement", "inspection"];

export interface CostInput {
  distribution: FailureDistribution;
  /** Cost of a planned (preventive) replacement; replacement view. */
  planned?: number;
  /** Cost of an unplanned replacement (after a failure, or when an inspection finds one). */
  unplanned: number;
  /** Cost of one inspection; inspection view. */
  inspection?: number;
  /** Probability that an inspection finds an existing failure, 0 < p <= 1; inspection view. */
  detection?: number;
  /** Cost per unit time an item spends failed and not found; inspection view. */
  downtime?: number;
  /** Intervals (ages or inspection intervals) to compare in the best-interval table. */
  candidates?: readonly number[];
  /** Points on the cost curve (default 200). */
  curvePoints?: number;
}

export interface CurvePoint {
  /** Replacement age or inspection interval. */
  t: number;
  costPerUnitTime: number;
}

/** One row of the best-interval table (spec 3's isBest view). */
export interface IntervalRow {
  interval: number;
  costPerUnitTime: number;
  /** C(interval) / C(optimum) (null without a finite optimum). */
  ratioToOptimum: number | null;
  /** Run to failure (replacement) or the optimum (inspection) minus this interval's cost per unit time. */
  savingPerUnitTime: number;
  /** The lowest cost of the candidates. */
  best: boolean;
}

interface CostResultBase {
  /** Mean life, ∫_0^∞ R(t) dt. */
  mttf: number;
  /** The optimum's cost per unit time (null without a finite optimum). */
  costPerUnitTime: number | null;
  curve: CurvePoint[];
  best: IntervalRow[];
  /** Warnings: no finite optimum, an optimum outside the searched range. */
  warnings: Problem[];
}

export interface ReplacementResult extends CostResultBase {
  view: "replacement";
  /** t*, null when no finite age costs less than running to failure. */
  optimalAge: number | null;
  /** Cu / MTTF. */
  runToFailureCostPerUnitTime: number;
  /** Run to failure minus the optimum, per unit time (0 without an optimum). */
  savingPerUnitTime: number;
  /** The saving as a fraction of the run-to-failure cost. */
  savingFraction: number;
}

export interface InspectionResult extends CostResultBase {
  view: "inspection";
  optimalInterval: number | null;
}

export type CostResult = ReplacementResult | InspectionResult;
export type CostOutcome<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };
