// Entry of build/math.wasm: the math core. Only re-exports.

export { sortF64WithIndex } from "./math/sort";
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
export { rngFillU64, sampleInto } from "./math/rng";
export { lnGammaMany, normalCdfMany, normalQuantileMany } from "./math/vector";
export { allocF64, allocI32, freeBuffer } from "./shared/memory";
export { kernelVersion } from "./shared/version";
