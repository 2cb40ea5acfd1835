// Entry of build/math.wasm: the math core. Only re-exports.

export { sortF64WithIndex } from "./math/sort";
export { allocF64, allocI32, freeBuffer } from "./shared/memory";
export { kernelVersion } from "./shared/version";
