// Entry of build/degradation.wasm: per-unit degradation paths and their pseudo failure times. Only re-exports.

export { degradationFitPaths } from "./degradation/paths";
export { allocF64, allocI32, freeBuffer } from "./shared/memory";
export { kernelVersion } from "./shared/version";
