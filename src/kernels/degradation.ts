// Degradation analysis's public API: each unit's path fitted and extrapolated to the critical threshold (its
// pseudo failure time), then the life-data fit of those times (Meeker & Escobar 1998, sec. 13.7). The path
// fits run in wasm (assembly/degradation/); the life fit is fitLife's, every distribution and method.
import type { Problem } from "../shared/problem.ts";
import { checkAborted, type KernelContext } from "./context.ts";
import {
  type DegradationData,
  type DegradationOptions,
  type DegradationResult,
  type DegradationUnit,
  MODEL_INFO,
} from "./degradation/model.ts";
import { fitPaths, groupByUnit, PATH_STATUS, PATH_STRIDE } from "./degradation/paths.ts";
import { validateDegradationData, validateDegradationOptions } from "./degradation/validate.ts";
import { fitLife, LifeInputError } from "./life.ts";

export * from "./degradation/model.ts";
export { validateDegradationData, validateDegradationOptions } from "./degradation/validate.ts";

/** Thrown for input a user can fix; carries every problem found. */
export class DegradationInputError extends Error {
  override name = "DegradationInputError";
  constructor(readonly problems: Problem[]) {
    super(`degradation: ${problems.map((p) => p.key).join(", ")}`);
  }
}

const ONE_PARAMETER = new Set(["weibull1p", "exponential1p"]);

/** Fits every unit's path, finds its pseudo failure time, and fits the life distribution to those times. */
export async function fitDegradation(
  data: DegradationData,
  options: DegradationOptions,
  ctx?: KernelContext,
): Promise<DegradationResult> {
  const optionProblems = validateDegradationOptions(options);
  if (optionProblems.length) throw new DegradationInputError(optionProblems);
  const dataProblems = validateDegradationData(data, options.model);
  if (dataProblems.length) throw new DegradationInputError(dataProblems);
  checkAborted(ctx);
  ctx?.onProgress?.(0, 3);
  const direction = options.direction ?? "up";
  const limit = options.limit ?? null;
  const info = MODEL_INFO[options.model];
  const grouped = groupByUnit(data);
  const out = await fitPaths(grouped, options.model, options.threshold, direction === "up");
  ctx?.onProgress?.(1, 3);
  checkAborted(ctx);

  const problems: Problem[] = [];
  const units: DegradationUnit[] = [];
  for (let u = 0; u < grouped.ids.length; u++) {
    const o = u * PATH_STRIDE;
    const id = grouped.ids[u];
    const status = out[o + 5];
    if (status === PATH_STATUS.singular) {
      problems.push({
        key: "degradation.tooFewTimes",
        params: { unit: id, needed: info.minTimes, model: options.model },
        where: ["unit", id],
      });
      continue;
    }
    if (status === PATH_STATUS.notConverged) {
      problems.push({ key: "degradation.notConverged", params: { unit: id }, where: ["unit", id] });
      continue;
    }
    if (status === PATH_STATUS.past) {
      problems.push({ key: "degradation.pastThreshold", params: { unit: id }, where: ["unit", id] });
      continue;
    }
    const parameters: Record<string, number> = {};
    info.parameters.forEach((name, j) => {
      parameters[name] = out[o + j];
    });
    const crossing = Number.isNaN(out[o + 4]) ? null : out[o + 4];
    const last = grouped.time[grouped.offsets[u + 1] - 1];
    // Never reaching the threshold, or reaching it after the limit: suspended at the limit (or, without one,
    // at the last measurement, the time the unit is known to have survived).
    const suspended = crossing === null || (limit !== null && crossing > limit);
    const pseudo = !suspended ? (crossing as number) : (limit ?? last);
    units.push({
      id,
      parameters,
      rSquared: out[o + 3],
      pseudoFailureTime: pseudo,
      suspended,
      crossingTime: crossing,
      measurements: grouped.offsets[u + 1] - grouped.offsets[u],
      residualSumOfSquares: out[o + 7],
    });
  }
  if (problems.length) throw new DegradationInputError(problems);
  const failures = units.filter((unit) => !unit.suspended).length;
  if (failures < (ONE_PARAMETER.has(options.life.distribution) ? 1 : 2))
    throw new DegradationInputError([{ key: "degradation.noFailureData" }]);

  const end = new Float64Array(units.length);
  const state = new Uint8Array(units.length);
  units.forEach((unit, i) => {
    end[i] = unit.pseudoFailureTime;
    state[i] = unit.suspended ? 0 : 1;
  });
  ctx?.onProgress?.(2, 3);
  const fit = await fitLife({ end, state }, options.life);
  ctx?.onProgress?.(3, 3);
  return {
    model: options.model,
    threshold: options.threshold,
    direction,
    limit,
    units,
    failures,
    suspensions: units.length - failures,
    fit,
  };
}

/** Result or problems, for callers across a worker boundary (a thrown error loses its problems in cloning). */
export type DegradationOutcome = { ok: true; value: DegradationResult } | { ok: false; problems: Problem[] };

export async function tryFitDegradation(
  data: DegradationData,
  options: DegradationOptions,
  ctx?: KernelContext,
): Promise<DegradationOutcome> {
  try {
    return { ok: true, value: await fitDegradation(data, options, ctx) };
  } catch (error) {
    if (error instanceof DegradationInputError) return { ok: false, problems: error.problems };
    if (error instanceof LifeInputError) return { ok: false, problems: error.issues };
    throw error;
  }
}
