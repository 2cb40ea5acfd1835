// Results of the last exact analysis and simulation, and the run in progress (for the progress bar, the
// cancel command and the toolbar). Light on purpose: the command registry reads it from the shell bundle.
import { computed, signal } from "@preact/signals-react";
import type { RbdExactResult } from "../../../kernels/rbd/exact.ts";
import type { RbdModel } from "../../../kernels/rbd/model.ts";
import type { RbdSimulationResult } from "../../../kernels/rbd/simulate.ts";

export interface ExactOutcome {
  /** The model analysed (results are stale once the document's model is another object). */
  model: RbdModel;
  result: RbdExactResult;
  curve: { time: number[]; reliability: number[] };
}

export interface SimulationOutcome {
  model: RbdModel;
  result: Omit<RbdSimulationResult, "life"> & {
    life: Omit<RbdSimulationResult["life"], "histogram">;
  };
  /** Normal quantile of the confidence: error bars are ± z standard errors. */
  z: number;
  confidence: number;
  workers: number;
}

export interface Progress {
  kind: "exact" | "simulation";
  done: number;
  total: number;
}

export const exactOutcome = signal<ExactOutcome | null>(null);
export const simulationOutcome = signal<SimulationOutcome | null>(null);
export const progress = signal<Progress | null>(null);
export const analysisRunning = computed(() => progress.value !== null);

export function clearResults(): void {
  exactOutcome.value = null;
  simulationOutcome.value = null;
}
