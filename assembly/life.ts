// Entry of build/life.wasm: life-data (Weibull and friends) kernels. Only re-exports.

export { normalQuantile } from "./math/normal";
export { lifeDataSummary, setLifeData } from "./life/data";
export { prepareRows } from "./life/prepare";
export { fitLocationScaleAt } from "./life/fit";
export {
  fitGammaExport,
  fitLocationExport,
  fitMixtureExport,
  informationAt,
  locationInformationAt,
  regressExponentialExport,
  regressLocationScaleExport,
  regressWithLocationExport,
} from "./life/exports";
export { evaluateMany, familyCdf, familyQuantileSurvival, familySurvival, setFailure, setModel } from "./life/model";
export { plottingPositions } from "./life/ranks";
export { allocF64, allocI32, freeBuffer } from "./shared/memory";
export { kernelVersion } from "./shared/version";
export { lrBound, lrContour, lrSetModel } from "./life/lrbounds";
export { transformTimes } from "./life/data";
export { weibayesLogSum } from "./life/weibull";
export { medianRank } from "./life/medianrank";
export { expColumn, logShiftedColumn } from "./life/simd-columns";
