// Reliability and unreliability of each component at a time, from the one failure evaluator
// (../math/failure): both computed directly, so a highly reliable component keeps its tiny failure
// probability to full precision instead of 1 - R rounding it away.
import { failureLastUnreliability, failureReliability } from "../math/failure";
import { componentCount, distOf, paramOf } from "./program";

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
    const r = failureReliability(distOf(c), paramOf(c, 0), paramOf(c, 1), paramOf(c, 2), t);
    store<f64>(componentR + (<usize>c << 3), r);
    store<f64>(componentQ + (<usize>c << 3), failureLastUnreliability());
  }
}
