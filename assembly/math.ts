// Entry of build/math.wasm: the math core. Only re-exports.

export { sortF64, sortF64WithIndex } from "./math/sort";
export {
  cosPi,
  digamma,
  erf,
  erfc,
  erfcx,
  gamma,
  lnBeta,
  lnGamma,
  lnGamma1p,
  sinPi,
  trigamma,
} from "./math/special";
export { normalCdf, normalLogCdf, normalPdf, normalQuantile, normalQuantileUpper, normalSf } from "./math/normal";
export { gammaP, gammaPInv, gammaQ, gammaQInv } from "./math/incgamma";
export {
  failureDraw,
  failureHazard,
  failureLastUnreliability,
  failureMean,
  failurePdf,
  failureQuantile,
  failureQuantileUpper,
  failureReliability,
  failureUnreliability,
} from "./math/failure";
export { betaI, betaIc, betaIcInv, betaIInv, lastBetaInverseComplement } from "./math/incbeta";
export {
  binomialCdf,
  binomialQuantile,
  binomialSf,
  chiSquaredCdf,
  chiSquaredQuantile,
  chiSquaredSf,
  fCdf,
  fQuantile,
  fSf,
  poissonCdf,
  poissonQuantile,
  poissonSf,
  studentTCdf,
  studentTQuantile,
  studentTSf,
} from "./math/distributions";
export {
  choleskyFactor,
  choleskyInverse,
  choleskyLogDeterminant,
  choleskySolve,
  inverse,
  luDeterminant,
  luFactor,
  luSolve,
  solve,
  spdInverse,
} from "./math/linalg";
export {
  fitWeibullNelderMead,
  inverseDigamma,
  lastOptimizeConverged,
  lastOptimizeEvaluations,
  minimizeRosenbrock,
  minimizeTiltedLnGamma,
  solveKepler,
} from "./math/problems";
export { rngFillU64, sampleInto } from "./math/rng";
export { lnGammaMany, normalCdfMany, normalQuantileMany } from "./math/vector";
export { allocF64, allocI32, freeBuffer } from "./shared/memory";
export { kernelVersion } from "./shared/version";
