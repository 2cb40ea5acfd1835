// Quantities of a family of minimal cut sets held as a ZBDD, computed without listing the sets: counts
// by order, the rare-event sum, the min-cut upper bound, and per basic event the number of cut sets
// containing it and the probability they carry (for Fussell-Vesely). Also the probability cut-off and
// the export of the diagram for lazy listing on the JavaScript side.

import { mix3 } from "./hash";
import { levelCount, pOf } from "./model";
import { BASE, EMPTY, zHigh, zLevel, zLow, zMake, zMaxOrder, zMinOrder, zNodeCount } from "./zbdd";

/** Reachable non-terminal nodes of the current family, children before parents. */
let order: usize = 0;
let orderCount: i32 = 0;
/** ZBDD node id -> position in the export (0 and 1 are the terminals), or 0 when not collected. */
let position: usize = 0;
let positionCapacity: i32 = 0;
let sum: usize = 0;
let best: usize = 0;
let worst: usize = 0;
let sizes: usize = 0;

function freeArrays(): void {
  if (order == 0) return;
  heap.free(order);
  heap.free(position);
  heap.free(sum);
  heap.free(best);
  heap.free(worst);
  heap.free(sizes);
  order = 0;
  positionCapacity = 0;
}

export function familyFree(): void {
  freeArrays();
  freeFilterMemo();
}

@inline
function at64(base: usize, node: i32): usize {
  return base + (<usize>node << 3);
}

@inline
function positionOf(node: i32): i32 {
  return node <= BASE ? node : load<i32>(position + (<usize>node << 2));
}

@inline
function orderAt(i: i32): i32 {
  return load<i32>(order + (<usize>i << 2));
}

/** Lists the nodes reachable from root in post-order and computes count, rare-event sum, max and min set probability. */
export function collectFamily(root: i32): i32 {
  const nodes = zNodeCount();
  if (nodes > positionCapacity) {
    freeArrays();
    positionCapacity = nodes;
    order = heap.alloc(<usize>nodes << 2);
    position = heap.alloc(<usize>nodes << 2);
    sum = heap.alloc(<usize>nodes << 3);
    best = heap.alloc(<usize>nodes << 3);
    worst = heap.alloc(<usize>nodes << 3);
    sizes = heap.alloc(<usize>nodes << 3);
  }
  memory.fill(position, 0, <usize>nodes << 2);
  orderCount = 0;
  // Iterative post-order: the stack holds node ids, negated once their children have been pushed.
  const stack = heap.alloc(<usize>(nodes + 1) << 3);
  let top = 0;
  if (root > BASE) store<i32>(stack, root);
  top = root > BASE ? 1 : 0;
  while (top > 0) {
    const entry = load<i32>(stack + (<usize>(top - 1) << 2));
    if (entry < 0) {
      top--;
      const node = -entry;
      if (load<i32>(position + (<usize>node << 2)) == 0) {
        store<i32>(order + (<usize>orderCount << 2), node);
        orderCount++;
        store<i32>(position + (<usize>node << 2), orderCount + 1);
      }
      continue;
    }
    if (load<i32>(position + (<usize>entry << 2)) != 0) {
      top--;
      continue;
    }
    store<i32>(stack + (<usize>(top - 1) << 2), -entry);
    const high = zHigh(entry);
    const low = zLow(entry);
    if (high > BASE && load<i32>(position + (<usize>high << 2)) == 0) store<i32>(stack + (<usize>(top++) << 2), high);
    if (low > BASE && load<i32>(position + (<usize>low << 2)) == 0) store<i32>(stack + (<usize>(top++) << 2), low);
  }
  heap.free(stack);
  store<f64>(at64(sum, EMPTY), 0);
  store<f64>(at64(sum, BASE), 1);
  store<f64>(at64(best, EMPTY), 0);
  store<f64>(at64(best, BASE), 1);
  store<f64>(at64(worst, EMPTY), Infinity);
  store<f64>(at64(worst, BASE), 1);
  store<f64>(at64(sizes, EMPTY), 0);
  store<f64>(at64(sizes, BASE), 1);
  for (let i = 0; i < orderCount; i++) {
    const node = orderAt(i);
    const p = pOf(zLevel(node) >> 1);
    const high = zHigh(node);
    const low = zLow(node);
    store<f64>(at64(sum, node), p * load<f64>(at64(sum, high)) + load<f64>(at64(sum, low)));
    store<f64>(at64(best, node), max(p * load<f64>(at64(best, high)), load<f64>(at64(best, low))));
    store<f64>(at64(worst, node), min(p * load<f64>(at64(worst, high)), load<f64>(at64(worst, low))));
    store<f64>(at64(sizes, node), load<f64>(at64(sizes, high)) + load<f64>(at64(sizes, low)));
  }
  return orderCount;
}

export function familyCount(root: i32): f64 {
  return load<f64>(at64(sizes, root));
}

export function rareEventSum(root: i32): f64 {
  return load<f64>(at64(sum, root));
}

export function bestSetProbability(root: i32): f64 {
  return load<f64>(at64(best, root));
}

/** Writes the collected diagram: level of each node's event, high and low positions, set count. */
export function exportFamily(levelsOut: usize, highOut: usize, lowOut: usize, countOut: usize): void {
  for (let i = 0; i < orderCount; i++) {
    const node = orderAt(i);
    store<i32>(levelsOut + (<usize>i << 2), zLevel(node) >> 1);
    store<i32>(highOut + (<usize>i << 2), positionOf(zHigh(node)));
    store<i32>(lowOut + (<usize>i << 2), positionOf(zLow(node)));
    store<f64>(countOut + (<usize>i << 3), load<f64>(at64(sizes, node)));
  }
}

/** Number of sets of each order 0..maxOrder in the family at root (a truncated polynomial per node). */
export function countByOrder(root: i32, maxOrder: i32, out: usize): void {
  const width = maxOrder + 1;
  memory.fill(out, 0, <usize>width << 3);
  if (root == EMPTY) return;
  if (root == BASE) {
    store<f64>(out, 1);
    return;
  }
  // Each node's coefficients live in an arena slice covering [minOrder, min(maxOrder, limit)].
  const offsets = heap.alloc(<usize>(orderCount + 2) << 2);
  let total = 0;
  for (let i = 0; i < orderCount; i++) {
    const node = orderAt(i);
    store<i32>(offsets + (<usize>(i + 2) << 2), total);
    total += max(0, min(zMaxOrder(node), maxOrder) - zMinOrder(node) + 1);
  }
  const arena = heap.alloc(<usize>max(total, 1) << 3);
  memory.fill(arena, 0, <usize>max(total, 1) << 3);
  for (let i = 0; i < orderCount; i++) {
    const node = orderAt(i);
    const lo = zMinOrder(node);
    const slice = arena + (<usize>load<i32>(offsets + (<usize>(i + 2) << 2)) << 3);
    const high = zHigh(node);
    const low = zLow(node);
    addShifted(slice, lo, min(zMaxOrder(node), maxOrder), high, 1, offsets, arena);
    addShifted(slice, lo, min(zMaxOrder(node), maxOrder), low, 0, offsets, arena);
  }
  const rootIndex = positionOf(root) - 2;
  const lo = zMinOrder(root);
  const hi = min(zMaxOrder(root), maxOrder);
  const slice = arena + (<usize>load<i32>(offsets + (<usize>(rootIndex + 2) << 2)) << 3);
  for (let k = lo; k <= hi; k++) store<f64>(out + (<usize>k << 3), load<f64>(slice + (<usize>(k - lo) << 3)));
  heap.free(arena);
  heap.free(offsets);
}

function addShifted(slice: usize, lo: i32, hi: i32, child: i32, shift: i32, offsets: usize, arena: usize): void {
  if (child == EMPTY) return;
  if (child == BASE) {
    if (shift >= lo && shift <= hi) {
      const at = slice + (<usize>(shift - lo) << 3);
      store<f64>(at, load<f64>(at) + 1);
    }
    return;
  }
  const childLo = zMinOrder(child);
  const childHi = min(zMaxOrder(child), hi - shift);
  const source = arena + (<usize>load<i32>(offsets + (<usize>(positionOf(child) - 2 + 2) << 2)) << 3);
  for (let k = childLo; k <= childHi; k++) {
    const at = slice + (<usize>(k + shift - lo) << 3);
    store<f64>(at, load<f64>(at) + load<f64>(source + (<usize>(k - childLo) << 3)));
  }
}

/**
 * Per basic event (by level): how many sets contain it, the probability those sets carry (Σ P(C) over
 * C ∋ x), and the rare-event Birnbaum measure Σ P(C \ x). One top-down pass of path weights.
 */
export function eventContributions(root: i32, occurrences: usize, carried: usize, birnbaum: usize): void {
  memory.fill(occurrences, 0, <usize>levelCount << 3);
  memory.fill(carried, 0, <usize>levelCount << 3);
  memory.fill(birnbaum, 0, <usize>levelCount << 3);
  if (root <= BASE) return;
  const paths = heap.alloc(<usize>(orderCount + 2) << 3);
  const weights = heap.alloc(<usize>(orderCount + 2) << 3);
  memory.fill(paths, 0, <usize>(orderCount + 2) << 3);
  memory.fill(weights, 0, <usize>(orderCount + 2) << 3);
  const rootPosition = positionOf(root);
  store<f64>(paths + (<usize>rootPosition << 3), 1);
  store<f64>(weights + (<usize>rootPosition << 3), 1);
  for (let i = orderCount - 1; i >= 0; i--) {
    const node = orderAt(i);
    const here = i + 2;
    const n = load<f64>(paths + (<usize>here << 3));
    const w = load<f64>(weights + (<usize>here << 3));
    const level = zLevel(node) >> 1;
    const p = pOf(level);
    const high = zHigh(node);
    const low = zLow(node);
    const hp = positionOf(high);
    const lp = positionOf(low);
    store<f64>(paths + (<usize>hp << 3), load<f64>(paths + (<usize>hp << 3)) + n);
    store<f64>(paths + (<usize>lp << 3), load<f64>(paths + (<usize>lp << 3)) + n);
    store<f64>(weights + (<usize>hp << 3), load<f64>(weights + (<usize>hp << 3)) + w * p);
    store<f64>(weights + (<usize>lp << 3), load<f64>(weights + (<usize>lp << 3)) + w);
    const below = load<f64>(at64(sum, high));
    const o = occurrences + (<usize>level << 3);
    store<f64>(o, load<f64>(o) + n * load<f64>(at64(sizes, high)));
    const c = carried + (<usize>level << 3);
    store<f64>(c, load<f64>(c) + w * p * below);
    const b = birnbaum + (<usize>level << 3);
    store<f64>(b, load<f64>(b) + w * below);
  }
  heap.free(paths);
  heap.free(weights);
}

// Min-cut upper bound 1 - Π(1 - P(C)) without listing the sets: ln Π(1 - P(C)) = -Σ_k S_k / k with
// S_k = Σ P(C)^k, each S_k one bottom-up pass with p^k. The series converges fast once P(C) ≤ 1/4;
// sub-families whose sets can exceed that are split along their paths until they cannot.
const SERIES_BOUND: f64 = 0.25;
let frontierNodes: usize = 0;
let frontierWeights: usize = 0;
let frontierCount: i32 = 0;
let frontierCapacity: i32 = 0;

function pushFrontier(node: i32, q: f64): void {
  if (frontierCount == frontierCapacity) {
    frontierCapacity = max(64, frontierCapacity << 1);
    frontierNodes = frontierNodes == 0 ? heap.alloc(<usize>frontierCapacity << 2) : heap.realloc(frontierNodes, <usize>frontierCapacity << 2);
    frontierWeights = frontierWeights == 0 ? heap.alloc(<usize>frontierCapacity << 3) : heap.realloc(frontierWeights, <usize>frontierCapacity << 3);
  }
  store<i32>(frontierNodes + (<usize>frontierCount << 2), node);
  store<f64>(frontierWeights + (<usize>frontierCount << 3), q);
  frontierCount++;
}

function splitLarge(node: i32, q: f64): f64 {
  if (node == EMPTY) return 0;
  if (node == BASE) return Math.log1p(-q);
  if (q * load<f64>(at64(best, node)) <= SERIES_BOUND) {
    pushFrontier(node, q);
    return 0;
  }
  const p = pOf(zLevel(node) >> 1);
  return splitLarge(zHigh(node), q * p) + splitLarge(zLow(node), q);
}

export function minCutUpperBound(root: i32): f64 {
  frontierCount = 0;
  let logProduct = splitLarge(root, 1.0);
  if (logProduct == -Infinity) return 1.0;
  if (frontierCount > 0) {
    const powers = heap.alloc(<usize>(orderCount + 2) << 3);
    store<f64>(powers, 0);
    store<f64>(powers + 8, 1);
    // p^k per event, updated by one multiplication per event and term.
    const eventPowers = heap.alloc(<usize>max(levelCount, 1) << 3);
    for (let l = 0; l < levelCount; l++) store<f64>(eventPowers + (<usize>l << 3), 1);
    const frontierPowers = heap.alloc(<usize>frontierCount << 3);
    for (let j = 0; j < frontierCount; j++) store<f64>(frontierPowers + (<usize>j << 3), 1);
    let previous: f64 = Infinity;
    for (let k = 1; k <= 200; k++) {
      for (let l = 0; l < levelCount; l++) {
        const at = eventPowers + (<usize>l << 3);
        store<f64>(at, load<f64>(at) * pOf(l));
      }
      for (let i = 0; i < orderCount; i++) {
        const node = orderAt(i);
        const pk = load<f64>(eventPowers + (<usize>(zLevel(node) >> 1) << 3));
        const hi = load<f64>(powers + (<usize>positionOf(zHigh(node)) << 3));
        const lo = load<f64>(powers + (<usize>positionOf(zLow(node)) << 3));
        store<f64>(powers + (<usize>(i + 2) << 3), pk * hi + lo);
      }
      let term: f64 = 0;
      for (let j = 0; j < frontierCount; j++) {
        const node = load<i32>(frontierNodes + (<usize>j << 2));
        const q = load<f64>(frontierWeights + (<usize>j << 3));
        const qk = load<f64>(frontierPowers + (<usize>j << 3)) * q;
        store<f64>(frontierPowers + (<usize>j << 3), qk);
        term += qk * load<f64>(powers + (<usize>positionOf(node) << 3));
      }
      term /= <f64>k;
      logProduct -= term;
      // The terms shrink at least by the factor SERIES_BOUND; stop when the rest cannot change the sum.
      if (term <= 1e-17 * -logProduct || term == 0 || term >= previous) break;
      previous = term;
    }
    heap.free(frontierPowers);
    heap.free(eventPowers);
    heap.free(powers);
  }
  return -Math.expm1(logProduct);
}

// Probability cut-off: keep the sets with P(C) >= threshold. Supersets are less probable than their
// subsets, so the kept family is still minimal. Memoised on (node, remaining threshold).
let filterKeys: usize = 0;
let filterThresholds: usize = 0;
let filterValues: usize = 0;
let filterMask: u32 = 0;
let filterCount: i32 = 0;

function freeFilterMemo(): void {
  if (filterKeys == 0) return;
  heap.free(filterKeys);
  heap.free(filterThresholds);
  heap.free(filterValues);
  filterKeys = 0;
}

function allocateFilterMemo(slots: i32): void {
  const oldKeys = filterKeys;
  const oldThresholds = filterThresholds;
  const oldValues = filterValues;
  const oldSlots = oldKeys == 0 ? 0 : <i32>filterMask + 1;
  filterKeys = heap.alloc(<usize>slots << 2);
  filterThresholds = heap.alloc(<usize>slots << 3);
  filterValues = heap.alloc(<usize>slots << 2);
  memory.fill(filterKeys, 0, <usize>slots << 2);
  filterMask = <u32>(slots - 1);
  filterCount = 0;
  for (let i = 0; i < oldSlots; i++) {
    const key = load<i32>(oldKeys + (<usize>i << 2));
    if (key != 0) filterPut(key, load<f64>(oldThresholds + (<usize>i << 3)), load<i32>(oldValues + (<usize>i << 2)));
  }
  if (oldKeys != 0) {
    heap.free(oldKeys);
    heap.free(oldThresholds);
    heap.free(oldValues);
  }
}

@inline
function thresholdHash(node: i32, t: f64): u32 {
  const bits = reinterpret<i64>(t);
  return mix3(node, <i32>bits, <i32>(bits >>> 32));
}

function filterGet(node: i32, t: f64): i32 {
  let h = thresholdHash(node, t) & filterMask;
  while (true) {
    const key = load<i32>(filterKeys + (<usize>h << 2));
    if (key == 0) return -1;
    if (key == node && load<f64>(filterThresholds + (<usize>h << 3)) == t) return load<i32>(filterValues + (<usize>h << 2));
    h = (h + 1) & filterMask;
  }
  return -1;
}

function filterPut(node: i32, t: f64, value: i32): void {
  if ((filterCount + 1) * 2 > <i32>filterMask + 1) allocateFilterMemo((<i32>filterMask + 1) << 1);
  let h = thresholdHash(node, t) & filterMask;
  while (load<i32>(filterKeys + (<usize>h << 2)) != 0) h = (h + 1) & filterMask;
  store<i32>(filterKeys + (<usize>h << 2), node);
  store<f64>(filterThresholds + (<usize>h << 3), t);
  store<i32>(filterValues + (<usize>h << 2), value);
  filterCount++;
}

function filter(node: i32, t: f64): i32 {
  if (node == EMPTY) return EMPTY;
  if (node == BASE) return t <= 1 ? BASE : EMPTY;
  if (load<f64>(at64(best, node)) < t) return EMPTY;
  if (load<f64>(at64(worst, node)) >= t) return node;
  const known = filterGet(node, t);
  if (known >= 0) return known;
  const level = zLevel(node);
  const p = pOf(level >> 1);
  const high = p > 0 ? filter(zHigh(node), t / p) : EMPTY;
  const result = zMake(level, high, filter(zLow(node), t));
  filterPut(node, t, result);
  return result;
}

/** The sets of the collected family at root with probability at least `cutOff`. Collect again afterwards. */
export function applyCutOff(root: i32, cutOff: f64): i32 {
  freeFilterMemo();
  allocateFilterMemo(1 << 12);
  const result = filter(root, cutOff);
  freeFilterMemo();
  return result;
}
