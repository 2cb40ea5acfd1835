// Cost optimisation's public API (spec 3's isCost analysis of /lifeData/costOpti): optimum age replacement
// and the optimum inspection interval of a hidden failure, over one life distribution of the failure model,
// each with its cost curve and the best-interval table (isBest). Numbers come from build/cost.wasm
// (assembly/cost/): quadrature of R(t) and the optimum as a root of the first-order condition.
import type { Problem } from "../shared/problem.ts";
import { problemLine } from "../shared/problem.ts";
import { runInspection, runReplacement } from "./cost/analysis.ts";
import { loadCostKernel } from "./cost/kernel.ts";
import type { CostInput, CostOutcome, CostView, InspectionResult, ReplacementResult } from "./cost/model.ts";
import { costInputProblems } from "./cost/validate.ts";

export type {
  CostInput,
  CostOutcome,
  CostResult,
  CostView,
  CurvePoint,
  InspectionResult,
  IntervalRow,
  ReplacementResult,
} from "./cost/model.ts";
export { COST_DISTRIBUTIONS, COST_VIEWS } from "./cost/model.ts";
export { costInputProblems } from "./cost/validate.ts";

/** Input a user can fix: every problem found. */
export class CostInputError extends Error {
  override name = "CostInputError";
  constructor(readonly problems: Problem[]) {
    super(problems.map(problemLine).join("; "));
  }
}

/** Optimum age replacement, or the problems of the input (the worker's form: thrown errors lose fields). */
export async function tryOptimizeReplacement(input: CostInput): Promise<CostOutcome<ReplacementResult>> {
  const problems = costInputProblems(input, "replacement");
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: runReplacement(await loadCostKernel(), input) };
}

/** Optimum inspection interval, or the problems of the input. */
export async function tryOptimizeInspection(input: CostInput): Promise<CostOutcome<InspectionResult>> {
  const problems = costInputProblems(input, "inspection");
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: runInspection(await loadCostKernel(), input) };
}

/** The view's result, or the problems of its input. */
export function tryOptimizeCost(
  input: CostInput,
  view: CostView,
): Promise<CostOutcome<ReplacementResult | InspectionResult>> {
  return view === "replacement" ? tryOptimizeReplacement(input) : tryOptimizeInspection(input);
}

/** Optimum age replacement; throws CostInputError with every problem of the input. */
export async function optimizeReplacement(input: CostInput): Promise<ReplacementResult> {
  const outcome = await tryOptimizeReplacement(input);
  if (!outcome.ok) throw new CostInputError(outcome.problems);
  return outcome.value;
}

/** Optimum inspection interval; throws CostInputError with every problem of the input. */
export async function optimizeInspection(input: CostInput): Promise<InspectionResult> {
  const outcome = await tryOptimizeInspection(input);
  if (!outcome.ok) throw new CostInputError(outcome.problems);
  return outcome.value;
}
