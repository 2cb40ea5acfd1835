// Input checks of the growth analyses: every problem as the shared Problem with a `growth.*` key.
import { LIMITS, withinLimit } from "../../shared/constants.ts";
import type { Problem } from "../../shared/problem.ts";
import { CVM_SIGNIFICANCES, type GrowthData, type GrowthOptions } from "./model.ts";

const positive = (x: number) => Number.isFinite(x) && x > 0;

export function validateGrowthOptions(options: GrowthOptions): Problem[] {
  const problems: Problem[] = [];
  if (!withinLimit(options.confidence, LIMITS.analysisConfidence))
    problems.push({ key: "ciAnalysisRange", where: ["confidence"] });
  if (options.target !== undefined && !positive(options.target))
    problems.push({ key: "growth.targetInvalid", where: ["target"] });
  if (
    options.significance !== undefined &&
    !(CVM_SIGNIFICANCES as readonly number[]).includes(options.significance)
  )
    problems.push({ key: "growth.significanceInvalid", where: ["significance"] });
  return problems;
}

/**
 * Whether the grouped likelihood of the first `kk` intervals has a maximum. With lambda profiled out, the
 * score in beta is sum n_k [(t_k^b ln t_k - t_{k-1}^b ln t_{k-1}) / (t_k^b - t_{k-1}^b) - ln t_K]: a failure
 * in the first interval adds the constant n_1 ln(t_1 / t_K), one in a later interval a term that grows
 * without bound as beta -> 0 and tends to n_k ln(t_k / t_K) as beta -> infinity. So the score changes sign
 * (and the maximum is interior) exactly when some failure falls after the first interval and some before
 * the last.
 */
export function groupedEstimable(counts: readonly number[], kk: number): boolean {
  let afterFirst = false;
  let beforeLast = false;
  for (let i = 0; i < kk; i++) {
    if (!(counts[i] > 0)) continue;
    if (i > 0) afterFirst = true;
    if (i < kk - 1) beforeLast = true;
  }
  return afterFirst && beforeLast;
}

/** Problems of the data. Crow-AMSAA needs 2 failures time-terminated, 3 failure-terminated (unbiased beta). */
export function validateGrowthData(data: GrowthData): Problem[] {
  const problems: Problem[] = [];
  if (data.kind === "grouped") {
    if (data.ends.length === 0) return [{ key: "growthNoFailureRecords" }];
    if (data.counts.length !== data.ends.length) return [{ key: "growth.columnLength" }];
    let prev = 0;
    let n = 0;
    data.ends.forEach((t, i) => {
      if (!positive(t)) problems.push({ key: "growth.timeInvalid", where: [i + 1, "end"] });
      else if (t <= prev) problems.push({ key: "growth.intervalOrder", where: [i + 1, "end"] });
      else prev = t;
      const c = data.counts[i];
      if (!(Number.isInteger(c) && c >= 0))
        problems.push({ key: "growth.countInvalid", where: [i + 1, "count"] });
      else n += c;
    });
    if (problems.length) return problems;
    if (n > LIMITS.growthFailures.max)
      return [{ key: "growth.tooManyFailures", params: { max: LIMITS.growthFailures.max } }];
    if (n === 0) return [{ key: "growthNoFailureRecords" }];
    if (data.ends.length < 2) problems.push({ key: "growth.groupedTooFewIntervals" });
    else if (!groupedEstimable(data.counts, data.ends.length))
      problems.push({ key: "growth.groupedNoEstimate" });
    return problems;
  }
  const n = data.times.length;
  if (n === 0) return [{ key: "growthNoFailureRecords" }];
  if (n > LIMITS.growthFailures.max)
    return [{ key: "growth.tooManyFailures", params: { max: LIMITS.growthFailures.max } }];
  const ends = data.ends ?? [];
  const prototypes = data.termination === "time" ? Math.max(1, ends.length) : 1;
  if (data.termination === "time") {
    if (ends.length === 0) problems.push({ key: "growth.endRequired", where: ["end"] });
    ends.forEach((t, q) => {
      if (!positive(t)) problems.push({ key: "growth.endInvalid", where: ["end", q + 1] });
    });
  } else if (data.prototype?.some((p) => p !== 0))
    problems.push({ key: "growth.failureTerminatedPrototypes", where: ["prototype"] });
  // One loop without closures: it runs over up to 200,000 times before every fit.
  const { times, prototype } = data;
  const timeTerminated = data.termination === "time";
  const first = times[0];
  let allSame = true;
  let allAtEnd = true;
  for (let i = 0; i < n; i++) {
    const x = times[i];
    const q = prototype ? (prototype[i] ?? 0) : 0;
    if (!positive(x)) problems.push({ key: "growth.timeInvalid", where: [i + 1, "time"] });
    else if (!(Number.isInteger(q) && q >= 0 && q < prototypes))
      problems.push({
        key: "growth.prototypeInvalid",
        where: [i + 1, "prototype"],
        params: { max: prototypes },
      });
    else if (timeTerminated && positive(ends[q]) && x > ends[q])
      problems.push({ key: "growth.timeAfterEnd", where: [i + 1, "time"], params: { end: ends[q] } });
    if (x !== first) allSame = false;
    if (x !== ends[q]) allAtEnd = false;
  }
  if (problems.length) return problems;
  const needed = data.termination === "failure" ? 3 : 2;
  if (n < needed) problems.push({ key: "growth.tooFewFailures", params: { needed } });
  else if (data.termination === "failure" && allSame) problems.push({ key: "growth.timesAllAtEnd" });
  else if (timeTerminated && allAtEnd) problems.push({ key: "growth.timesAllAtEnd" });
  return problems;
}
