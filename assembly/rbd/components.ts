// Reliability and unreliability of each component at a time. Both are computed directly (expm1, the
// normal's upper and lower tails) so a highly reliable component keeps its tiny failure probability
// to full precision instead of 1 - R rounding it away.
import { normalCdf, normalSf } from "../math/normal";
import {
  DIST_EXPONENTIAL,
  DIST_FIXED,
  DIST_LOGNORMAL,
  DIST_NORMAL,
  DIST_WEIBULL,
  componentCount,
  distOf,
  paramOf,
} from "./program";

/** Component reliabilities and unreliabilities at the last time given to componentProbabilities. */
export let componentR: usize = 0;
export let componentQ: usize = 0;
let capacity: i32 = 0;

export function ensureComponentBuffers(): void {
  if (componentCount <= capacity) return;
  if (componentR != 0) heap.free(componentR);
  if (componentQ != 0) heap.free(componentQ);
  capacity = componentCount;
  componentR = heap.alloc(<usize>capacity << 3);
  componentQ = heap.alloc(<usize>capacity << 3);
}

/** Writes R(t) and Q(t) = 1 - R(t) of every component into componentR and componentQ. */
export function componentProbabilities(t: f64): void {
  ensureComponentBuffers();
  for (let c = 0; c < componentCount; c++) {
    let r: f64 = 1;
    let q: f64 = 0;
    const type = distOf(c);
    if (type == DIST_FIXED) {
      // A static block: its failure probability does not depend on time.
      q = paramOf(c, 0);
      r = 1 - q;
    } else if (type == DIST_EXPONENTIAL) {
      const dt = t - paramOf(c, 1);
      if (dt > 0) {
        const x = -paramOf(c, 0) * dt;
        r = Math.exp(x);
        q = -Math.expm1(x);
      }
    } else if (type == DIST_WEIBULL) {
      const dt = t - paramOf(c, 2);
      if (dt > 0) {
        const x = -Math.pow(dt / paramOf(c, 1), paramOf(c, 0));
        r = Math.exp(x);
        q = -Math.expm1(x);
      }
    } else if (type == DIST_LOGNORMAL) {
      if (t > 0) {
        const z = (Math.log(t) - paramOf(c, 0)) / paramOf(c, 1);
        r = normalSf(z);
        q = normalCdf(z);
      }
    } else if (type == DIST_NORMAL) {
      const z = (t - paramOf(c, 0)) / paramOf(c, 1);
      r = normalSf(z);
      q = normalCdf(z);
    }
    store<f64>(componentR + (<usize>c << 3), r);
    store<f64>(componentQ + (<usize>c << 3), q);
  }
}
