// Input checks of a degradation analysis: every problem as the shared Problem with a `degradation.*` key (or
// the spec's shared keys), the measurement's 1-based row and column in `where`.
import type { Problem } from "../../shared/problem.ts";
import {
  DEGRADATION_DIRECTIONS,
  DEGRADATION_MAX_MEASUREMENTS,
  DEGRADATION_MODELS,
  type DegradationData,
  type DegradationOptions,
  MODEL_INFO,
} from "./model.ts";

/** Problems of the options (model, threshold, direction, limit); the life options are the life kernels' to check. */
export function validateDegradationOptions(options: DegradationOptions): Problem[] {
  if (!DEGRADATION_MODELS.includes(options.model))
    return [{ key: "degradation.modelUnknown", params: { name: String(options.model) }, where: ["model"] }];
  const problems: Problem[] = [];
  const info = MODEL_INFO[options.model];
  const d = options.threshold;
  if (typeof d !== "number" || !Number.isFinite(d))
    problems.push({ key: "degradation.thresholdInvalid", where: ["threshold"] });
  else if (info.positiveValue && !(d > 0))
    problems.push({
      key: "degradation.thresholdPositive",
      params: { model: options.model },
      where: ["threshold"],
    });
  if (options.direction !== undefined && !DEGRADATION_DIRECTIONS.includes(options.direction))
    problems.push({ key: "degradation.directionUnknown", where: ["direction"] });
  const limit = options.limit;
  if (limit !== undefined && !(typeof limit === "number" && Number.isFinite(limit) && limit > 0))
    problems.push({ key: "degradation.limitInvalid", where: ["limit"] });
  return problems;
}

/** Problems of the measurements for the model; at most `max` are listed (the count is the caller's). */
export function validateDegradationData(
  data: DegradationData,
  model: (typeof DEGRADATION_MODELS)[number],
  max = 200,
): Problem[] {
  const n = data.time.length;
  if (n === 0) return [{ key: "addDataPoint" }];
  if (n > DEGRADATION_MAX_MEASUREMENTS)
    return [{ key: "degradation.tooManyMeasurements", params: { max: DEGRADATION_MAX_MEASUREMENTS } }];
  const info = MODEL_INFO[model];
  const problems: Problem[] = [];
  const add = (p: Problem) => {
    if (problems.length < max) problems.push(p);
  };
  for (let i = 0; i < n && problems.length < max; i++) {
    const id = data.unit[i];
    if (typeof id !== "string" || id.trim() === "")
      add({ key: "degradation.unitMissing", where: [i + 1, "unit"] });
    const t = data.time[i];
    if (!Number.isFinite(t) || t < 0) add({ key: "degradation.timeInvalid", where: [i + 1, "time"] });
    else if (info.positiveTime && !(t > 0))
      add({ key: "degradation.timePositive", params: { model }, where: [i + 1, "time"] });
    const y = data.value[i];
    if (!Number.isFinite(y)) add({ key: "degradation.valueInvalid", where: [i + 1, "value"] });
    else if (info.positiveValue && !(y > 0))
      add({ key: "degradation.valuePositive", params: { model }, where: [i + 1, "value"] });
  }
  if (data.unit.length !== n || data.value.length !== n) add({ key: "addDataPoint" });
  return problems;
}
