// Probability that a basic event has occurred by time t under its failure model, with its complement:
// both come from the one failure evaluator (../math/failure), which computes each directly so the BDD
// keeps tiny probabilities and tiny complements precise.
import { failureLastUnreliability, failureReliability } from "../math/failure";

/**
 * Writes p = F(t) and q = R(t) = 1 - p for n events at time t. kinds[i] is a FAILURE_* code of
 * ../math/failure, params holds three values per event in the failure model's order. Events of kind -1
 * are left untouched (their probability comes from elsewhere).
 */
export function eventProbabilities(kinds: usize, params: usize, n: i32, t: f64, outP: usize, outQ: usize): void {
  for (let i = 0; i < n; i++) {
    const kind = load<i32>(kinds + (<usize>i << 2));
    if (kind < 0) continue;
    const at = params + <usize>i * 24;
    const q = failureReliability(kind, load<f64>(at), load<f64>(at, 8), load<f64>(at, 16), t);
    store<f64>(outP + (<usize>i << 3), failureLastUnreliability());
    store<f64>(outQ + (<usize>i << 3), q);
  }
}
