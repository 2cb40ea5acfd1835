// Entry of build/alt.wasm: accelerated life testing (life-stress models). Only re-exports.

export { altEvaluate, altFit, altFitLevel, altSetLevels } from "./alt/fit";
export { lifeDataSummary, setLifeData } from "./life/data";
export { chiSquaredSf } from "./math/distributions";
export { normalLogCdf, normalQuantile } from "./math/normal";
export { digamma, lnGamma, trigamma } from "./math/special";
export { allocF64, allocI32, freeBuffer } from "./shared/memory";
export { kernelVersion } from "./shared/version";
