// The results worth keeping with a stored diagram and in the workbook: plain JSON (no typed arrays, no
// histogram), and only when they belong to the model being saved; and the simulation read back from a
// stored diagram (a Monte Carlo run is not repeated on open: it may have taken minutes).
import type { RbdModel } from "../../../kernels/rbd/model.ts";
import type { ExactOutcome, SimulationOutcome } from "./analysis-state.ts";

const finiteOrNull = (x: number | null | undefined) =>
  x === null || x === undefined || !Number.isFinite(x) ? null : x;

export function resultsForStorage(
  model: RbdModel,
  exact: ExactOutcome | null,
  simulation: SimulationOutcome | null,
): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  if (exact?.model === model) {
    const r = exact.result;
    out.exact = {
      time: r.time,
      reliability: r.reliability,
      unreliability: r.unreliability,
      conditional: r.conditional ?? null,
      warranty: r.warranty ?? null,
      // Infinity (a system that never fails) has no JSON form.
      mttf: r.mttf === null ? null : finiteOrNull(r.mttf),
      mttfInfinite: r.mttf === Number.POSITIVE_INFINITY,
      importance: r.importance,
      bddNodes: r.bddNodes,
    };
  }
  if (simulation?.model === model) {
    const s = simulation.result;
    out.simulation = {
      trials: s.trials,
      seed: s.seed,
      time: s.time,
      reliability: s.reliability,
      standardError: s.standardError,
      curve: s.curve,
      conditional: s.conditional ?? null,
      warranty: s.warranty ?? null,
      mttf: s.mttf,
      life: s.life,
      workers: simulation.workers,
      elapsedMs: s.elapsedMs,
      blockSize: s.blockSize,
      trialsPerSecond: s.trialsPerSecond,
      confidence: simulation.confidence,
      z: simulation.z,
    };
  }
  return Object.keys(out).length > 0 ? out : null;
}

const isNumber = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);
/** A standard error or bound that JSON stored as null (not a number) comes back as NaN. */
const numberOrNaN = (x: unknown): number => (isNumber(x) ? x : Number.NaN);
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null;

function estimate(x: unknown): { time: number; reliability: number; standardError: number } | null {
  if (!isRecord(x) || !isNumber(x.time) || !isNumber(x.reliability)) return null;
  return { time: x.time, reliability: x.reliability, standardError: numberOrNaN(x.standardError) };
}

/**
 * The simulation stored with a diagram, as the results panel shows it for `model` (the diagram just
 * loaded); null when the body has none or it is not in the form `resultsForStorage` writes (an older or
 * hand-made body is opened without results rather than failing).
 */
export function storedSimulation(model: RbdModel, results: unknown): SimulationOutcome | null {
  const s = isRecord(results) ? results.simulation : undefined;
  if (!isRecord(s)) return null;
  const main = estimate(s);
  const curve = Array.isArray(s.curve) ? s.curve.map(estimate) : null;
  const life = isRecord(s.life) ? s.life : null;
  if (!main || !curve || curve.some((c) => c === null) || !life) return null;
  if (!isNumber(s.trials) || !isNumber(s.seed) || !isNumber(s.confidence) || !isNumber(s.z)) return null;
  if (!isNumber(life.min) || !isNumber(life.max) || !Array.isArray(life.quantiles)) return null;
  const quantiles = life.quantiles.filter(
    (q): q is { probability: number; time: number } =>
      isRecord(q) && isNumber(q.probability) && isNumber(q.time),
  );
  const mttf = isRecord(s.mttf)
    ? {
        mean: numberOrNaN(s.mttf.mean),
        standardError: numberOrNaN(s.mttf.standardError),
        lower: numberOrNaN(s.mttf.lower),
        upper: numberOrNaN(s.mttf.upper),
        confidence: numberOrNaN(s.mttf.confidence),
      }
    : null;
  const conditional = isRecord(s.conditional) && isNumber(s.conditional.age) ? s.conditional : null;
  const conditionalEstimate = conditional ? estimate(conditional) : null;
  const warranty = estimate(s.warranty);
  return {
    model,
    result: {
      trials: s.trials,
      seed: s.seed,
      blockSize: isNumber(s.blockSize) ? s.blockSize : Number.NaN,
      ...main,
      curve: curve as NonNullable<ReturnType<typeof estimate>>[],
      ...(conditional && conditionalEstimate
        ? { conditional: { age: conditional.age as number, ...conditionalEstimate } }
        : {}),
      ...(warranty ? { warranty } : {}),
      mttf,
      life: { min: life.min, max: life.max, quantiles },
      elapsedMs: numberOrNaN(s.elapsedMs),
      trialsPerSecond: numberOrNaN(s.trialsPerSecond),
    },
    z: s.z,
    confidence: s.confidence,
    workers: isNumber(s.workers) ? s.workers : 1,
  };
}
