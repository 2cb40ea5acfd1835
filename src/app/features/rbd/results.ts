// The results worth keeping with a stored diagram and in the workbook: plain JSON (no typed arrays, no
// histogram), and only when they belong to the model being saved.
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
    };
  }
  return Object.keys(out).length > 0 ? out : null;
}
