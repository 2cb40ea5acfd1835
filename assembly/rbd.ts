// Entry of build/rbd.wasm: reliability block diagrams (exact BDD method, Monte Carlo). Only re-exports.

export { rbdLoadProgram } from "./rbd/program";
export { rbdBuildExact, rbdExactCurve, rbdExactGiven, rbdImportance } from "./rbd/exact";
export { rbdExactMttf } from "./rbd/mttf";
export { rbdClearHistogram, rbdSimulateBlocks, rbdTakeHistogram } from "./rbd/simulate";
export { normalQuantile } from "./math/normal";
export { allocF64, allocI32, freeBuffer } from "./shared/memory";
export { kernelVersion } from "./shared/version";
