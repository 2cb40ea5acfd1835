// Reliability growth's public API: Crow-AMSAA (individual and grouped data, one or several prototypes)
// with Crow and Fisher bounds and goodness of fit, Duane, MIL-HDBK-189 and PM2 planning, Crow-Extended
// projection and tracking against a plan. The arithmetic is closed-form or one-dimensional (O(N) per
// fit), so it runs in TypeScript; the chi-squared, normal and incomplete gamma functions come from the
// math core (build/math.wasm). Sources are cited in src/kernels/growth/.
import type { Problem } from "../shared/problem.ts";
import type { KernelContext } from "./context.ts";
import { fitGrouped, fitIndividual, type MtbfCurvePoint, mtbfCurve } from "./growth/crow-amsaa.ts";
import { fitDuane } from "./growth/duane.ts";
import type {
  CrowAmsaaFit,
  DuaneFit,
  GrowthData,
  GrowthOptions,
  IndividualGrowthData,
} from "./growth/model.ts";
import { crowExtended, type Projection, type ProjectionInputs } from "./growth/projection.ts";
import { type TrackedPhase, trackAgainstPlan } from "./growth/tracking.ts";
import { validateGrowthData, validateGrowthOptions } from "./growth/validate.ts";
import { loadMathKernel, sortF64 } from "./math.ts";

export type { MtbfCurvePoint } from "./growth/crow-amsaa.ts";
export type * from "./growth/model.ts";
export * from "./growth/model.ts";
export {
  type IdealizedInputs,
  idealizedAlpha,
  idealizedFailures,
  idealizedInitialMtbf,
  idealizedInitialTime,
  idealizedMtbf,
  idealizedSteps,
  idealizedTotalTime,
  type PlannedPhase,
  type Pm2Inputs,
  type Pm2Plan,
  pm2Mtbf,
  pm2Plan,
  pm2Steps,
} from "./growth/planning.ts";
export type { FailureModeClass, ModeFailure, Projection, ProjectionInputs } from "./growth/projection.ts";
export type { TrackedPhase } from "./growth/tracking.ts";
export { validateGrowthData, validateGrowthOptions };

/** Thrown with every problem of the inputs (the CLI prints them, the screens show them). */
export class GrowthInputError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`growth: ${problems.map((p) => p.key).join(", ")}`);
  }
}

function check(problems: Problem[]): void {
  if (problems.length) throw new GrowthInputError(problems);
}

/** Times sorted ascending by the math core's radix sort, copied straight into wasm memory. */
async function sortTimes(times: readonly number[]): Promise<number[]> {
  return (await sortF64(times)) as unknown as number[];
}

/** Single-prototype times sorted ascending (the Cramer-von Mises statistic walks them in order). */
async function sortedData(data: IndividualGrowthData): Promise<IndividualGrowthData> {
  if (data.prototype && data.ends && data.ends.length > 1) return data;
  return { ...data, times: await sortTimes(data.times) };
}

/** Crow-AMSAA by maximum likelihood. */
export async function fitCrowAmsaa(
  data: GrowthData,
  options: GrowthOptions,
  ctx?: KernelContext,
): Promise<CrowAmsaaFit> {
  check([...validateGrowthData(data), ...validateGrowthOptions(options)]);
  const k = await loadMathKernel();
  ctx?.signal?.throwIfAborted();
  return data.kind === "grouped"
    ? fitGrouped(k, data, options)
    : fitIndividual(k, await sortedData(data), options);
}

/**
 * Crow-AMSAA with the cumulative and instantaneous MTBF and their bounds at `points` times up to the end of
 * test (the MTBF chart's curves; see mtbfCurve). `points` is required: the worker passes its context last.
 */
export async function fitCrowAmsaaCurve(
  data: GrowthData,
  options: GrowthOptions,
  points: number,
  ctx?: KernelContext,
): Promise<{ fit: CrowAmsaaFit; curve: MtbfCurvePoint[] }> {
  check([...validateGrowthData(data), ...validateGrowthOptions(options)]);
  const k = await loadMathKernel();
  ctx?.signal?.throwIfAborted();
  // The count of points is the program's, not the user's: held to what a chart can use.
  const n = Math.min(10_000, Math.max(2, Math.round(points) || 2));
  return mtbfCurve(k, data.kind === "grouped" ? data : await sortedData(data), options, n);
}

/** Duane by least squares; one prototype's individual times. */
export async function fitDuaneModel(
  data: IndividualGrowthData,
  options: Pick<GrowthOptions, "target">,
  _ctx?: KernelContext,
): Promise<DuaneFit> {
  const problems = validateGrowthData(data);
  if (!problems.length && (data.ends?.length ?? 0) > 1) problems.push({ key: "growth.duaneOnePrototype" });
  if (options.target !== undefined && !(options.target > 0)) problems.push({ key: "growth.targetInvalid" });
  check(problems);
  const sorted = await sortedData(data);
  const end = data.termination === "failure" ? sorted.times[sorted.times.length - 1] : (data.ends?.[0] ?? 0);
  return fitDuane(sorted.times, end, options.target);
}

/** Crow-Extended projection of the MTBF after the delayed fixes. */
export async function projectCrowExtended(
  inputs: ProjectionInputs,
  _ctx?: KernelContext,
): Promise<Projection> {
  const problems: Problem[] = [];
  if (inputs.failures.length === 0) problems.push({ key: "growthNoFailureRecords" });
  if (!(inputs.end > 0)) problems.push({ key: "growth.endInvalid", where: ["end"] });
  inputs.failures.forEach((f, i) => {
    if (!(f.time > 0 && f.time <= inputs.end))
      problems.push({ key: "growth.timeInvalid", where: [i + 1, "time"] });
  });
  for (const [mode, d] of Object.entries(inputs.effectiveness))
    if (!(d >= 0 && d <= 1)) problems.push({ key: "growth.effectivenessRange", where: [mode] });
  check(problems);
  return crowExtended(inputs);
}

/**
 * Demonstrated MTBF at each phase end against the plan, from the data a fit takes (individual or grouped);
 * `phases` with ascending ends.
 */
export async function trackGrowth(
  data: GrowthData,
  phases: readonly { end: number; mtbf: number }[],
  _ctx?: KernelContext,
): Promise<TrackedPhase[]> {
  check(validateGrowthData(data));
  return trackAgainstPlan(data.kind === "grouped" ? data : await sortedData(data), phases);
}
