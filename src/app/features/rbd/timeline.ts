// The times the analyses report at, and the checks of the simulation settings. The curve runs from 0 to a
// round time past the interesting part: twice the mission time, the warranty life, the current age plus
// the mission time, and 2.5 × MTTF when it is finite (by then R has fallen far for common diagrams).
import type { RbdModel } from "../../../kernels/rbd/model.ts";
import type { SimulationSettings } from "./document.ts";

export const CURVE_POINTS = 101;
/** Simulated points on the curve: every tenth curve time after 0 (R(0) = 1 needs no estimate). */
export const SIMULATED_EVERY = 10;
export const MAX_TRIALS = 100_000_000;

/** The smallest of 1, 2, 2.5, 5 × 10^n at or above x. */
export function niceCeil(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  const power = 10 ** Math.floor(Math.log10(x));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= x * (1 - 1e-12)) return step * power;
  return 10 * power;
}

export function curveEnd(model: RbdModel, mttf: number | null): number {
  const candidates = [2 * model.missionTime, (model.currentAge ?? 0) + model.missionTime];
  if (model.warrantyLife !== undefined) candidates.push(model.warrantyLife);
  if (mttf !== null && Number.isFinite(mttf)) candidates.push(2.5 * mttf);
  return niceCeil(Math.max(...candidates));
}

export function curveTimes(model: RbdModel, mttf: number | null): number[] {
  const end = curveEnd(model, mttf);
  return Array.from({ length: CURVE_POINTS }, (_, i) => (end * i) / (CURVE_POINTS - 1));
}

export function simulatedTimes(model: RbdModel, curve: readonly number[]): number[] {
  const times = curve.filter((_, i) => i > 0 && i % SIMULATED_EVERY === 0);
  return [...new Set([...times, model.missionTime])].sort((a, b) => a - b);
}

export type SettingProblem = {
  field: keyof SimulationSettings;
  /** Key under rbd:fields.messages. */
  message: "trials" | "seed" | "confidence";
};

export function simulationProblems(s: SimulationSettings): SettingProblem[] {
  const out: SettingProblem[] = [];
  if (!Number.isInteger(s.trials) || s.trials < 1 || s.trials > MAX_TRIALS)
    out.push({ field: "trials", message: "trials" });
  if (!Number.isInteger(s.seed) || s.seed < 0 || s.seed > Number.MAX_SAFE_INTEGER)
    out.push({ field: "seed", message: "seed" });
  if (!(s.confidence > 0 && s.confidence < 100)) out.push({ field: "confidence", message: "confidence" });
  return out;
}
