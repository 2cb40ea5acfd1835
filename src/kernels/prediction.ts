// Reliability prediction (MIL-HDBK-217F Notice 2): the public API for the ePDT screen, the CLI and tests.
// `predict` runs in the browser worker too: `kernels.call("prediction", "predict", [model])`. The arithmetic
// is a few multiplications per line, so it is plain TypeScript: 10,000 lines take milliseconds, and the
// factor tables stay readable data (prediction/tables/*.json) with their handbook references.
import type { KernelContext } from "./context.ts";
import { checkAborted } from "./context.ts";
import type { PredictionModel } from "./prediction/model.ts";
import { type PredictionResult, predictModel } from "./prediction/predict.ts";

export {
  BOM_COLUMNS,
  type BomCell,
  type BomRead,
  bomColumnOf,
  bomToModel,
  SYSTEM_ID,
} from "./prediction/bom.ts";
export {
  arrhenius,
  capacitorStyles,
  connectorStyles,
  countQualities,
  type Factor,
  hasStressModel,
  inductorStyles,
  insertTemperatureRise,
  learningFactor,
  partsCount,
  partsStress,
  planesFactor,
  relayCyclingFactor,
  relayStyles,
  resistorStyles,
  stressQualities,
  subtypesOf,
  switchStyles,
} from "./prediction/factors.ts";
export { type OccurrenceEvidence, occurrenceEvidence, toRbdModel } from "./prediction/handoff.ts";
export * from "./prediction/model.ts";
export {
  type AllocationRow,
  type AssemblyResult,
  type LineResult,
  type ParetoRow,
  type PredictionResult,
  predictModel,
  QUANTITY_MAX,
  reliabilityAt,
  TEMPERATURE_RANGE,
} from "./prediction/predict.ts";

/** The prediction of a model (see predictModel); async so the screen calls it in the worker. */
export async function predict(model: PredictionModel, ctx?: KernelContext): Promise<PredictionResult> {
  checkAborted(ctx);
  const result = predictModel(model);
  ctx?.onProgress?.(model.parts.length, model.parts.length);
  return result;
}
