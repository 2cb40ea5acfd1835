// Probability that a basic event has occurred by time t under the spec's failure models, with its
// complement computed directly (exp(-x) rather than 1 - (1 - exp(-x))) so the BDD keeps both precise.
// Parameters p1..p3 follow the spec's order: exponential (lambda, gamma location), Weibull (eta scale,
// beta shape, gamma location), lognormal (mu' and sigma' of ln T), normal (mu, sigma).
import { normalCdf, normalSf } from "../math/normal";

export const MODEL_FIXED: i32 = 0;
export const MODEL_EXPONENTIAL: i32 = 1;
export const MODEL_WEIBULL: i32 = 2;
export const MODEL_LOGNORMAL: i32 = 3;
export const MODEL_NORMAL: i32 = 4;

/**
 * Writes p and q = 1 - p for n events at time t. kinds[i] is a MODEL_* code, params holds three values
 * per event. Events of kind -1 are left untouched (their probability comes from elsewhere).
 */
export function eventProbabilities(kinds: usize, params: usize, n: i32, t: f64, outP: usize, outQ: usize): void {
  for (let i = 0; i < n; i++) {
    const kind = load<i32>(kinds + (<usize>i << 2));
    if (kind < 0) continue;
    const at = params + <usize>i * 24;
    const p1 = load<f64>(at);
    const p2 = load<f64>(at, 8);
    const p3 = load<f64>(at, 16);
    let p: f64 = 0;
    let q: f64 = 1;
    if (kind == MODEL_FIXED) {
      p = p1;
      q = 1 - p1;
    } else if (kind == MODEL_EXPONENTIAL) {
      const elapsed = t - p2;
      if (elapsed > 0) {
        p = -Math.expm1(-p1 * elapsed);
        q = Math.exp(-p1 * elapsed);
      }
    } else if (kind == MODEL_WEIBULL) {
      const elapsed = t - p3;
      if (elapsed > 0) {
        const h = Math.pow(elapsed / p1, p2);
        p = -Math.expm1(-h);
        q = Math.exp(-h);
      }
    } else if (kind == MODEL_LOGNORMAL) {
      if (t > 0) {
        const z = (Math.log(t) - p1) / p2;
        p = normalCdf(z);
        q = normalSf(z);
      }
    } else {
      const z = (t - p1) / p2;
      p = normalCdf(z);
      q = normalSf(z);
    }
    store<f64>(outP + (<usize>i << 3), p);
    store<f64>(outQ + (<usize>i << 3), q);
  }
}
