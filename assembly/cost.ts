// Entry of build/cost.wasm: maintenance cost optimisation (age replacement, inspection interval). Only re-exports.

export {
  costInspectionAtLowerEnd,
  costInspectionCurve,
  costInspectionOptimum,
  costInspectionOptimumRate,
  costInspectionRate,
} from "./cost/inspection";
export { costSetDistribution } from "./cost/model";
export {
  costIntegralR,
  costOptimumFound,
  costOptimumIntegral,
  costOptimumRate,
  costReplacementCurve,
  costReplacementOptimum,
  costReplacementRate,
  costRunToFailureRate,
} from "./cost/replacement";
export { failureQuantile, failureQuantileUpper, failureReliability } from "./math/failure";
export { allocF64, allocI32, freeBuffer } from "./shared/memory";
export { kernelVersion } from "./shared/version";
