// The exact method: the diagram's structure function as a BDD over components (built node by node in
// topological order: a gate is AND(component, sub-diagram end, threshold_k(inputs)), with the threshold
// made by the usual dynamic programme over ITE), then compacted to the nodes reachable from the root.
// System reliability is one bottom-up pass, P(n) = p·P(hi) + q·P(lo), done for reliability and
// unreliability separately so neither loses precision to 1 - x. Birnbaum importance of every component
// comes from one top-down pass (the probability of reaching each node) in the same structure, each node's
// R(hi) - R(lo) expanded on the diagram where the subtraction would cancel.
import {
  BDD_FALSE,
  BDD_TRUE,
  bddAnd,
  bddHi,
  bddIte,
  bddLevel,
  bddLo,
  bddOr,
  bddOverflowed,
  bddReset,
  bddVariable,
} from "./bdd";
import { pairMemoClear, pairMemoFull, pairMemoGet, pairMemoSet } from "../shared/pair-memo";
import { componentProbabilities, componentQ, componentR, ensureComponentBuffers } from "./components";
import {
  componentCount,
  componentOf,
  endInput,
  extraOf,
  firstInput,
  inputAt,
  kOf,
  nodeCount,
} from "./program";

// The compacted diagram: ids 0 and 1 are the terminals, then internal nodes children first.
let size: i32 = 0;
let root: i32 = BDD_FALSE;
let level: usize = 0; // i32 × size: the component each node tests
let lo: usize = 0;
let hi: usize = 0;
let valueR: usize = 0; // f64 × size
let valueQ: usize = 0;
let reach: usize = 0;

function freeCompact(): void {
  if (level != 0) {
    heap.free(level);
    heap.free(lo);
    heap.free(hi);
    heap.free(valueR);
    heap.free(valueQ);
    heap.free(reach);
    level = 0;
  }
  size = 0;
}

/** Builds the BDD of the loaded program. Returns its number of nodes (terminals included), or -1 when it
 * would exceed `nodeLimit` nodes. */
export function rbdBuildExact(nodeLimit: i32): i32 {
  freeCompact();
  bddReset(nodeLimit);
  const gate = heap.alloc(<usize>nodeCount << 2);
  let maxK = 1;
  for (let i = 0; i < nodeCount; i++) if (kOf(i) > maxK) maxK = kOf(i);
  const threshold = heap.alloc(<usize>(maxK + 1) << 2);
  for (let i = 0; i < nodeCount && !bddOverflowed; i++) {
    const k = kOf(i);
    const from = firstInput(i);
    const to = endInput(i);
    let f = BDD_TRUE;
    if (k == 1) {
      f = BDD_FALSE;
      for (let j = from; j < to; j++) f = bddOr(f, load<i32>(gate + (<usize>inputAt(j) << 2)));
    } else if (k == to - from) {
      for (let j = from; j < to; j++) f = bddAnd(f, load<i32>(gate + (<usize>inputAt(j) << 2)));
    } else if (k > 1) {
      // threshold[m] = "at least m of the inputs seen so far work".
      store<i32>(threshold, BDD_TRUE);
      for (let m = 1; m <= k; m++) store<i32>(threshold + (<usize>m << 2), BDD_FALSE);
      for (let j = from; j < to; j++) {
        const x = load<i32>(gate + (<usize>inputAt(j) << 2));
        const seen = j - from + 1;
        for (let m = seen < k ? seen : k; m >= 1; m--) {
          const at = threshold + (<usize>m << 2);
          store<i32>(at, bddIte(x, load<i32>(at - 4), load<i32>(at)));
        }
      }
      f = load<i32>(threshold + (<usize>k << 2));
    }
    const e = extraOf(i);
    if (e >= 0) f = bddAnd(f, load<i32>(gate + (<usize>e << 2)));
    const c = componentOf(i);
    // Components take BDD levels in reverse order, so a gate's own component (numbered after everything
    // upstream) sits above the upstream function and the AND adds one node instead of rebuilding it.
    if (c >= 0) f = bddAnd(bddVariable(componentCount - 1 - c), f);
    store<i32>(gate + (<usize>i << 2), f);
  }
  const top = load<i32>(gate + (<usize>(nodeCount - 1) << 2));
  heap.free(gate);
  heap.free(threshold);
  if (bddOverflowed) return -1;
  compact(top);
  return size;
}

function compact(top: i32): void {
  // Children have smaller ids than parents, so one descending sweep marks everything below the root.
  const markCount: i32 = top > 1 ? top + 1 : 2;
  const markBytes = <usize>markCount << 2;
  const mark = heap.alloc(markBytes);
  memory.fill(mark, 0, markBytes);
  store<i32>(mark + (<usize>top << 2), 1);
  for (let i = top; i >= 2; i--) {
    if (load<i32>(mark + (<usize>i << 2)) == 0) continue;
    store<i32>(mark + (<usize>bddLo(i) << 2), 1);
    store<i32>(mark + (<usize>bddHi(i) << 2), 1);
  }
  let m = 2;
  for (let i = 2; i <= top; i++) if (load<i32>(mark + (<usize>i << 2)) != 0) m++;
  size = m;
  level = heap.alloc(<usize>m << 2);
  lo = heap.alloc(<usize>m << 2);
  hi = heap.alloc(<usize>m << 2);
  valueR = heap.alloc(<usize>m << 3);
  valueQ = heap.alloc(<usize>m << 3);
  reach = heap.alloc(<usize>m << 3);
  // mark becomes the map from old id to new id.
  store<i32>(mark, 0);
  store<i32>(mark + 4, 1);
  store<i32>(level, 0x7fffffff);
  store<i32>(level + 4, 0x7fffffff);
  let next = 2;
  for (let i = 2; i <= top; i++) {
    if (load<i32>(mark + (<usize>i << 2)) == 0) continue;
    store<i32>(mark + (<usize>i << 2), next);
    store<i32>(level + (<usize>next << 2), componentCount - 1 - bddLevel(i));
    store<i32>(lo + (<usize>next << 2), load<i32>(mark + (<usize>bddLo(i) << 2)));
    store<i32>(hi + (<usize>next << 2), load<i32>(mark + (<usize>bddHi(i) << 2)));
    next++;
  }
  root = top >= 2 ? m - 1 : top;
  heap.free(mark);
}

/** Evaluates the compacted BDD with the component probabilities in componentR and componentQ. */
function evaluate(): void {
  store<f64>(valueR, 0);
  store<f64>(valueR, 1, 8);
  store<f64>(valueQ, 1);
  store<f64>(valueQ, 0, 8);
  for (let i = 2; i < size; i++) {
    const v = <usize>load<i32>(level + (<usize>i << 2)) << 3;
    const p = load<f64>(componentR + v);
    const q = load<f64>(componentQ + v);
    const l = <usize>load<i32>(lo + (<usize>i << 2)) << 3;
    const h = <usize>load<i32>(hi + (<usize>i << 2)) << 3;
    store<f64>(valueR + (<usize>i << 3), p * load<f64>(valueR + h) + q * load<f64>(valueR + l));
    store<f64>(valueQ + (<usize>i << 3), p * load<f64>(valueQ + h) + q * load<f64>(valueQ + l));
  }
}

@inline function systemR(): f64 {
  return load<f64>(valueR + (<usize>root << 3));
}

@inline function systemQ(): f64 {
  return load<f64>(valueQ + (<usize>root << 3));
}

/** System reliability at time t (the BDD must be built). */
export function reliabilityAtTime(t: f64): f64 {
  componentProbabilities(t);
  evaluate();
  return systemR();
}

/** Reliability and unreliability of the system at each of n times: out holds R × n then Q × n. */
export function rbdExactCurve(timesPtr: usize, n: i32, outPtr: usize): void {
  for (let i = 0; i < n; i++) {
    componentProbabilities(load<f64>(timesPtr + (<usize>i << 3)));
    evaluate();
    store<f64>(outPtr + (<usize>i << 3), systemR());
    store<f64>(outPtr + (<usize>(n + i) << 3), systemQ());
  }
}

/** System R and Q (out[0], out[1]) for given component reliabilities and unreliabilities. */
export function rbdExactGiven(rPtr: usize, qPtr: usize, outPtr: usize): void {
  ensureComponentBuffers();
  memory.copy(componentR, rPtr, <usize>componentCount << 3);
  memory.copy(componentQ, qPtr, <usize>componentCount << 3);
  evaluate();
  store<f64>(outPtr, systemR());
  store<f64>(outPtr, systemQ(), 8);
}

/**
 * R(a) - R(b) of two nodes without subtracting them: Shannon expansion on the upper of their variables,
 * D(a, b) = R_v D(a1, b1) + Q_v D(a0, b0), down to terminals and equal nodes (memoised per pair). For the
 * two children of a node of a coherent diagram every term is non-negative, so a Birnbaum importance of
 * 1e-27 beside reliabilities of 1e-3 keeps its digits. NaN when the memo is full.
 */
function directDifference(a: i32, b: i32): f64 {
  if (a == b) return 0;
  if (a < 2) return a == BDD_TRUE ? load<f64>(valueQ + (<usize>b << 3)) : -load<f64>(valueR + (<usize>b << 3));
  if (b < 2) return b == BDD_TRUE ? -load<f64>(valueQ + (<usize>a << 3)) : load<f64>(valueR + (<usize>a << 3));
  const known = pairMemoGet(a, b);
  if (!isNaN(known)) return known;
  if (pairMemoFull()) return NaN;
  // The compacted diagram stores component indices, which number the BDD's levels from the bottom: the
  // variable nearer the root has the larger index.
  const la = load<i32>(level + (<usize>a << 2));
  const lb = load<i32>(level + (<usize>b << 2));
  const v = la > lb ? la : lb;
  const a1 = la == v ? load<i32>(hi + (<usize>a << 2)) : a;
  const a0 = la == v ? load<i32>(lo + (<usize>a << 2)) : a;
  const b1 = lb == v ? load<i32>(hi + (<usize>b << 2)) : b;
  const b0 = lb == v ? load<i32>(lo + (<usize>b << 2)) : b;
  const d1 = directDifference(a1, b1);
  const d0 = directDifference(a0, b0);
  const d = load<f64>(componentR + (<usize>v << 3)) * d1 + load<f64>(componentQ + (<usize>v << 3)) * d0;
  pairMemoSet(a, b, d);
  return d;
}

/** At time t: out = [Birnbaum × components, component R × components, component Q × components,
 * system R, system Q]. Birnbaum importance is dR_system/dR_component. */
export function rbdImportance(t: f64, outPtr: usize): void {
  componentProbabilities(t);
  evaluate();
  const nc = <usize>componentCount;
  const birnbaum = outPtr;
  memory.fill(birnbaum, 0, nc << 3);
  memory.fill(reach, 0, <usize>size << 3);
  pairMemoClear();
  if (root >= 2) store<f64>(reach + (<usize>root << 3), 1);
  for (let i = root; i >= 2; i--) {
    const d = load<f64>(reach + (<usize>i << 3));
    if (d == 0) continue;
    const v = <usize>load<i32>(level + (<usize>i << 2)) << 3;
    const l = load<i32>(lo + (<usize>i << 2));
    const h = load<i32>(hi + (<usize>i << 2));
    const rl = load<f64>(valueR + (<usize>l << 3));
    const rh = load<f64>(valueR + (<usize>h << 3));
    // Take the difference on the side where it cancels less (unreliabilities when R is near 1), and
    // expand it on the diagram when even that loses more than about three digits.
    const ql = load<f64>(valueQ + (<usize>l << 3));
    const qh = load<f64>(valueQ + (<usize>h << 3));
    let diff = rl + rh > 1 ? ql - qh : rh - rl;
    const scale = rl + rh > 1 ? Math.max(ql, qh) : Math.max(rl, rh);
    if (Math.abs(diff) < scale * (1.0 / 1024.0)) {
      const direct = directDifference(h, l);
      if (!isNaN(direct)) diff = direct;
    }
    store<f64>(birnbaum + v, load<f64>(birnbaum + v) + d * diff);
    const ah = reach + (<usize>h << 3);
    const al = reach + (<usize>l << 3);
    store<f64>(ah, load<f64>(ah) + d * load<f64>(componentR + v));
    store<f64>(al, load<f64>(al) + d * load<f64>(componentQ + v));
  }
  memory.copy(outPtr + (nc << 3), componentR, nc << 3);
  memory.copy(outPtr + (nc << 4), componentQ, nc << 3);
  store<f64>(outPtr + nc * 24, systemR());
  store<f64>(outPtr + nc * 24 + 8, systemQ());
}
