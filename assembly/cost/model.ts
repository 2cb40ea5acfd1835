// The life distribution every cost figure is of: the failure model's code and parameters (a, b, c of
// assembly/math/failure.ts), its mean life ∫_0^∞ R and its location, set once before a run.
import { failureLocation, failureMean } from "../math/failure";
import { setInspectionDistribution } from "./inspection";
import { setReplacementDistribution } from "./replacement";

/** Sets the distribution; returns its mean life (MTTF), +Infinity when it has none (the caller refuses it). */
export function costSetDistribution(code: i32, a: f64, b: f64, c: f64): f64 {
  const mean = failureMean(code, a, b, c);
  setReplacementDistribution(code, a, b, c, mean, failureLocation(code, a, b, c));
  setInspectionDistribution(code, a, b, c, mean);
  return mean;
}
