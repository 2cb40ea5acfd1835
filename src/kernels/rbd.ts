// Reliability block diagrams: the public API for the eRBD screen, the CLI and the REST service. The model
// is plain objects (rbd/model.ts); validateRbd lists every problem with its block; exactRbd gives exact
// reliability, conditional and warranty reliability, MTTF and importance; exactRbdCurve the curve;
// simulateRbd the Monte Carlo on one or many workers with progress and cancel. Every async function here
// also runs in the browser worker: `kernels.call("rbd", "exactRbd", [model])`.
export { type CompiledRbd, compileRbd } from "./rbd/compile.ts";
export {
  exactRbd,
  exactRbdCurve,
  RBD_EXACT_NODE_LIMIT,
  type RbdComponentImportance,
  type RbdExactOptions,
  type RbdExactResult,
  RbdTooLargeError,
} from "./rbd/exact.ts";
export {
  bucketStart,
  histogramReliability,
  type LifeHistogram,
  lifeBars,
  lifeQuantile,
} from "./rbd/life-histogram.ts";
export * from "./rbd/model.ts";
export {
  inThreadRunner,
  kernelClientRunner,
  RBD_BLOCK_TRIALS,
  type RbdChunkResult,
  type RbdEstimate,
  RbdOptionError,
  type RbdSimulationChunk,
  type RbdSimulationOptions,
  type RbdSimulationResult,
  type RbdSimulationRunner,
  simulateRbd,
  simulateRbdChunk,
  validateSimulationOptions,
} from "./rbd/simulate.ts";
export {
  describeProblem,
  parseRbd,
  RBD_MESSAGES,
  type RbdProblem,
  type RbdProblemCode,
  validateRbd,
} from "./rbd/validate.ts";
