// Fault tree analysis: the typed face of build/fta.wasm (assembly/fta/) and of the model formats.
// Models are plain objects (FtaModel), results are plain objects with typed arrays, so everything here
// runs in the browser worker (KernelClient.call("fta", "analyzeFaultTree", ...)) and in Node alike.
//
//   const model = readFaultTreeFile("pump.xml", text);          // MEF XML or relbench JSON
//   const problems = validateFaultTree(model);                    // spec 5 checks, element by element
//   const result = await analyzeFaultTree(model, { importance: true, curvePoints: 50 }, ctx);
//   cutSetPage(result.cutSets.diagram, 0, 100);                   // lazily, never all 10^8 sets at once
import { instantiate } from "../../build/fta.js";
import type { KernelContext } from "./context.ts";
import { analyzeWithKernel } from "./fta/engine.ts";
import { readFtaJson } from "./fta/json-format.ts";
import { DEFAULT_MAX_NODES, FtaCapacityError } from "./fta/kernel.ts";
import { type MefReadOptions, type MefSource, readMef } from "./fta/mef-read.ts";
import { writeMef } from "./fta/mef-write.ts";
import type { FtaBasicEvent, FtaModel } from "./fta/model.ts";
import { eventProbabilitiesAt } from "./fta/probabilities.ts";
import type { FtaAnalysisOptions, FtaAnalysisResult } from "./fta/result.ts";
import { FTA_MESSAGES } from "./fta/validate.ts";
import { defineKernel } from "./load.ts";

const newLoader = () => defineKernel(new URL("../../build/fta.wasm", import.meta.url), instantiate);
let loader = newLoader();

/** The fta module's instance (one per thread; replaced after a wasm trap, which leaves its heap unusable). */
export const loadFtaKernel = () => loader();

async function withKernel<T>(
  run: (k: Awaited<ReturnType<typeof loadFtaKernel>>) => Promise<T> | T,
): Promise<T> {
  const k = await loadFtaKernel();
  try {
    return await run(k);
  } catch (error) {
    // A trap or an abort inside wasm (out of memory) can leave the allocator mid-operation.
    if (
      error instanceof WebAssembly.RuntimeError ||
      (error instanceof Error && /\bin ~lib\//.test(error.message))
    ) {
      loader = newLoader();
      throw new FtaCapacityError(
        "BDD",
        DEFAULT_MAX_NODES,
        `The analysis ran out of memory (${error.message}).`,
      );
    }
    throw error;
  }
}

export type { CutSet } from "./fta/cut-sets.ts";
export {
  allCutSets,
  cutSetPage,
  cutSetsOfOrder,
  forEachCutSet,
  mostProbableCutSets,
} from "./fta/cut-sets.ts";
export { readFtaJson, writeFtaJson } from "./fta/json-format.ts";
export { DEFAULT_MAX_NODES, FtaCapacityError } from "./fta/kernel.ts";
export { FtaFormatError, type MefReadOptions, type MefSource, readMef } from "./fta/mef-read.ts";
export { writeMef } from "./fta/mef-write.ts";
export * from "./fta/model.ts";
export * from "./fta/result.ts";
export {
  FTA_MESSAGES,
  FtaValidationError,
  isTimeDependent,
  resolveTop,
  rootGates,
  validateFaultTree,
} from "./fta/validate.ts";

export async function kernelVersion(): Promise<string> {
  return (await loadFtaKernel()).kernelVersion();
}

/**
 * Minimal cut sets, top event probability (exact from the BDD, rare-event, min-cut upper bound), gate
 * probabilities, importance measures and the probability curve. Throws FtaValidationError (with the
 * problems) when the model has errors.
 */
export async function analyzeFaultTree(
  model: FtaModel,
  options: FtaAnalysisOptions = {},
  ctx?: KernelContext,
): Promise<FtaAnalysisResult> {
  return withKernel((k) => analyzeWithKernel(k, model, options, ctx));
}

/** Probability of each basic event at time t (hours). */
export async function basicEventProbabilities(
  model: FtaModel,
  time = model.missionTime,
): Promise<Record<string, number>> {
  const [{ p }] = await withKernel((k) => eventProbabilitiesAt(k, model, model.basicEvents, [time]));
  return Object.fromEntries(model.basicEvents.map((e: FtaBasicEvent, i) => [e.code, p[i]]));
}

/** The model as MEF XML (lognormal and normal events are written as their probability at the mission time). */
export async function exportMef(model: FtaModel): Promise<string> {
  const needed = model.basicEvents.filter(
    (e) => e.distribution.type === "lognormal" || e.distribution.type === "normal",
  );
  const probabilities = needed.length ? await basicEventProbabilities({ ...model, basicEvents: needed }) : {};
  return writeMef(model, probabilities);
}

/**
 * Spec 8's rules for the probability-over-time chart: undefined when it can be drawn, else the message
 * to show (no analysis yet, or a basic event with a fixed probability in the tree).
 */
export function probabilityCurveProblem(result: FtaAnalysisResult | undefined): string | undefined {
  if (!result) return FTA_MESSAGES.analyzeFirst;
  if (result.fixedProbabilityEvents.length > 0) return FTA_MESSAGES.fixedEventsCannotBePlotted;
  if (!result.curve) return FTA_MESSAGES.noResultToDraw;
  return undefined;
}

/** Reads MEF XML or relbench JSON, told apart by the first character. Throws FtaFormatError. */
export function readFaultTreeFile(name: string, text: string, options: MefReadOptions = {}): FtaModel {
  if (text.trimStart().startsWith("{")) return readFtaJson(text, name);
  return readMef({ name, text } satisfies MefSource, options);
}
