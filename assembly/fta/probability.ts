// Exact probabilities on the BDD: the top event, every gate, importance (Birnbaum) and the conditional
// probabilities P(top | x) and P(top | not x) for every basic event.
//
// Each node keeps P (true) and Q = 1 - P (false) computed separately from the variables' p and q: a
// complemented edge then reads Q instead of computing 1 - P, so a rare function reached through a
// complement keeps its full relative precision (1 - (1 - 1e-13) would keep three digits).

import { pairMemoClear, pairMemoFull, pairMemoGet, pairMemoSet } from "../shared/pair-memo";
import { TRUE_EDGE, bddHigh, bddLevel, bddLow, bddNodeCount } from "./bdd";
import { levelCount, levelP, levelQ, moduleRootOf, pOf, qOf } from "./model";

let nodeP: usize = 0;
let nodeQ: usize = 0;
let adjoint: usize = 0;
let live: usize = 0;
let liveCount: i32 = 0;
let allocatedNodes: i32 = 0;

function ensureNodeArrays(): void {
  const n = bddNodeCount();
  if (n <= allocatedNodes) return;
  if (nodeP != 0) {
    heap.free(nodeP);
    heap.free(nodeQ);
    heap.free(adjoint);
    heap.free(live);
  }
  allocatedNodes = n;
  nodeP = heap.alloc(<usize>n << 3);
  nodeQ = heap.alloc(<usize>n << 3);
  adjoint = heap.alloc(<usize>n << 3);
  live = heap.alloc(<usize>n << 2);
}

export function freeProbabilityArrays(): void {
  if (nodeP == 0) return;
  heap.free(nodeP);
  heap.free(nodeQ);
  heap.free(adjoint);
  heap.free(live);
  nodeP = 0;
  nodeQ = 0;
  adjoint = 0;
  live = 0;
  allocatedNodes = 0;
  liveCount = 0;
}

@inline
function pNode(n: i32): f64 {
  return load<f64>(nodeP + (<usize>n << 3));
}

@inline
function qNode(n: i32): f64 {
  return load<f64>(nodeQ + (<usize>n << 3));
}

@inline
export function edgeP(e: i32): f64 {
  return (e & 1) != 0 ? qNode(e >>> 1) : pNode(e >>> 1);
}

@inline
export function edgeQ(e: i32): f64 {
  return (e & 1) != 0 ? pNode(e >>> 1) : qNode(e >>> 1);
}

@inline
function pushUnmarked(mark: usize, top: i32, node: i32): i32 {
  if (node == 0 || load<u8>(mark + <usize>node) != 0) return top;
  store<u8>(mark + <usize>node, 1);
  store<i32>(live + (<usize>top << 2), node);
  return top + 1;
}

/**
 * Marks the nodes reachable from the given root edges (through module proxies too) and lists them in
 * increasing id order, which is bottom-up. Returns the number of live nodes.
 */
export function markLive(roots: usize, n: i32): i32 {
  ensureNodeArrays();
  const nodes = bddNodeCount();
  // The adjoint array doubles as the mark set and the DFS stack lives in the live array.
  const mark = adjoint;
  memory.fill(mark, 0, <usize>nodes << 3);
  let top = 0;
  for (let i = 0; i < n; i++) {
    top = pushUnmarked(mark, top, load<i32>(roots + (<usize>i << 2)) >>> 1);
  }
  while (top > 0) {
    const node = load<i32>(live + (<usize>(--top) << 2));
    top = pushUnmarked(mark, top, bddHigh(node) >>> 1);
    top = pushUnmarked(mark, top, bddLow(node) >>> 1);
    const root = moduleRootOf(bddLevel(node));
    if (root >= 0) top = pushUnmarked(mark, top, root >>> 1);
  }
  liveCount = 0;
  for (let node = 1; node < nodes; node++) {
    if (load<u8>(mark + <usize>node) != 0) store<i32>(live + (<usize>(liveCount++) << 2), node);
  }
  return liveCount;
}

@inline
function liveAt(i: i32): i32 {
  return load<i32>(live + (<usize>i << 2));
}

/** Probabilities of the live nodes from position `fromIndex` of the live list on. */
export function forwardPass(fromIndex: i32): void {
  store<f64>(nodeP, 1.0);
  store<f64>(nodeQ, 0.0);
  for (let i = fromIndex; i < liveCount; i++) {
    const node = liveAt(i);
    const level = bddLevel(node);
    let p: f64;
    let q: f64;
    const root = moduleRootOf(level);
    if (root >= 0) {
      p = edgeP(root);
      q = edgeQ(root);
    } else {
      p = pOf(level);
      q = qOf(level);
    }
    const high = bddHigh(node);
    const low = bddLow(node);
    store<f64>(nodeP + (<usize>node << 3), p * edgeP(high) + q * edgeP(low));
    store<f64>(nodeQ + (<usize>node << 3), p * edgeQ(high) + q * edgeQ(low));
  }
}

/** Position in the live list of the first node labelled with each level (nodes before it cannot depend on it). */
function firstLiveIndex(level: i32): i32 {
  for (let i = 0; i < liveCount; i++) if (bddLevel(liveAt(i)) == level) return i;
  return liveCount;
}

/** P(high) - P(low) of a node, taken from whichever pair (P or Q) is further from 1 to limit cancellation. */
@inline
function cofactorDifference(node: i32): f64 {
  const high = bddHigh(node);
  const low = bddLow(node);
  const ph = edgeP(high);
  const pl = edgeP(low);
  if (ph + pl <= 1.0) return ph - pl;
  return edgeQ(low) - edgeQ(high);
}

/** The cofactor of edge e for its variable at `level` set to `high` (e itself when e does not test it). */
@inline
function cofactor(e: i32, level: i32, high: bool): i32 {
  const node = e >>> 1;
  if (node == 0 || bddLevel(node) != level) return e;
  return (high ? bddHigh(node) : bddLow(node)) ^ (e & 1);
}

/**
 * P(f) - P(g) without subtracting the two: Shannon expansion of both on their top variable,
 * D(f, g) = p D(f1, g1) + q D(f0, g0), down to terminals and equal edges (memoised per pair). Each term is
 * a difference of functions that differ only where f and g do, so a difference of 1e-27 between two
 * probabilities near 1e-3 keeps its digits; for a coherent function f = f|x=1 >= g = f|x=0 every term is
 * non-negative and nothing cancels. Returns NaN when the memo is full (the caller keeps its subtraction).
 */
function directDifference(f: i32, g: i32): f64 {
  if (f == g) return 0;
  if ((f ^ g) == 1) return edgeP(f) - edgeQ(f);
  if (f >>> 1 == 0) return f == TRUE_EDGE ? edgeQ(g) : -edgeP(g);
  if (g >>> 1 == 0) return g == TRUE_EDGE ? -edgeQ(f) : edgeP(f);
  const known = pairMemoGet(f, g);
  if (!isNaN(known)) return known;
  if (pairMemoFull()) return NaN;
  const lf = bddLevel(f >>> 1);
  const lg = bddLevel(g >>> 1);
  const level = lf < lg ? lf : lg;
  const root = moduleRootOf(level);
  const p = root >= 0 ? edgeP(root) : pOf(level);
  const q = root >= 0 ? edgeQ(root) : qOf(level);
  const d1 = directDifference(cofactor(f, level, true), cofactor(g, level, true));
  const d0 = directDifference(cofactor(f, level, false), cofactor(g, level, false));
  const d = p * d1 + q * d0;
  pairMemoSet(f, g, d);
  return d;
}

/** P(high) - P(low) of a node: the subtraction when it keeps its digits, the direct difference otherwise. */
function nodeDifference(node: i32): f64 {
  const d = cofactorDifference(node);
  const high = bddHigh(node);
  const low = bddLow(node);
  const ph = edgeP(high);
  const pl = edgeP(low);
  const scale = ph + pl <= 1.0 ? Math.max(ph, pl) : Math.max(edgeQ(high), edgeQ(low));
  // More than about three digits lost to cancellation: expand instead.
  if (Math.abs(d) >= scale * (1.0 / 1024.0)) return d;
  const direct = directDifference(high, low);
  return isNaN(direct) ? d : direct;
}

/**
 * Birnbaum importance dP(top)/dp for every level in one reverse pass (the chain rule carries it through
 * module proxies; each node contributes its adjoint times P(high) - P(low), taken directly on the BDD where
 * the subtraction would cancel), then P(top | x) and P(top | not x). Where P(top) - p * MIF would lose more than about
 * three digits, the conditional probability is recomputed exactly with the variable fixed.
 * Requires forwardPass(0) on the current probabilities.
 */
export function importancePass(topEdge: i32, mif: usize, pTrue: usize, pFalse: usize): void {
  const nodes = bddNodeCount();
  memory.fill(adjoint, 0, <usize>nodes << 3);
  memory.fill(mif, 0, <usize>levelCount << 3);
  pairMemoClear();
  const topNode = topEdge >>> 1;
  if (topNode != 0) store<f64>(adjoint + (<usize>topNode << 3), (topEdge & 1) != 0 ? -1.0 : 1.0);
  for (let i = liveCount - 1; i >= 0; i--) {
    const node = liveAt(i);
    const r = load<f64>(adjoint + (<usize>node << 3));
    if (r == 0) continue;
    const level = bddLevel(node);
    const root = moduleRootOf(level);
    let p: f64;
    let q: f64;
    if (root >= 0) {
      p = edgeP(root);
      q = edgeQ(root);
    } else {
      p = pOf(level);
      q = qOf(level);
    }
    const high = bddHigh(node);
    const low = bddLow(node);
    const hiAt = adjoint + (<usize>(high >>> 1) << 3);
    store<f64>(hiAt, load<f64>(hiAt) + r * p);
    const loAt = adjoint + (<usize>(low >>> 1) << 3);
    store<f64>(loAt, load<f64>(loAt) + ((low & 1) != 0 ? -r * q : r * q));
    const d = r * nodeDifference(node);
    if (root >= 0) {
      const at = adjoint + (<usize>(root >>> 1) << 3);
      store<f64>(at, load<f64>(at) + ((root & 1) != 0 ? -d : d));
    } else {
      const at = mif + (<usize>level << 3);
      store<f64>(at, load<f64>(at) + d);
    }
  }
  const pTop = edgeP(topEdge);
  const cancellation: f64 = 1.0 / 1024.0;
  for (let level = 0; level < levelCount; level++) {
    if (moduleRootOf(level) >= 0) {
      store<f64>(pTrue + (<usize>level << 3), NaN);
      store<f64>(pFalse + (<usize>level << 3), NaN);
      continue;
    }
    const m = load<f64>(mif + (<usize>level << 3));
    const p = pOf(level);
    const q = qOf(level);
    let p1 = pTop + q * m;
    let p0 = pTop - p * m;
    if (m != 0 && (p1 < pTop * cancellation || p0 < pTop * cancellation)) {
      const from = firstLiveIndex(level);
      const pAt = levelP + (<usize>level << 3);
      const qAt = levelQ + (<usize>level << 3);
      store<f64>(pAt, 1.0);
      store<f64>(qAt, 0.0);
      forwardPass(from);
      p1 = edgeP(topEdge);
      store<f64>(pAt, 0.0);
      store<f64>(qAt, 1.0);
      forwardPass(from);
      p0 = edgeP(topEdge);
      store<f64>(pAt, p);
      store<f64>(qAt, q);
      forwardPass(from);
    }
    store<f64>(pTrue + (<usize>level << 3), p1);
    store<f64>(pFalse + (<usize>level << 3), p0);
  }
}

/** Writes P(edge) for each edge of the list (gate probabilities for the tree view). */
export function edgeProbabilities(edges: usize, n: i32, out: usize): void {
  for (let i = 0; i < n; i++) {
    store<f64>(out + (<usize>i << 3), edgeP(load<i32>(edges + (<usize>i << 2))));
  }
}
