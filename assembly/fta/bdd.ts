// Reduced ordered BDD with complement edges (Brace, Rudell and Bryant 1990), the representation SCRAM
// and Aralia use. An edge is `node << 1 | complemented`; node 0 is the terminal ONE, so edge 0 is true
// and edge 1 is false. The high edge of every node is regular, which makes the representation canonical.
// A node's level is its variable's position in the order (smaller is nearer the root). Node ids grow
// in creation order and children are always older than their parents, so one pass over ids in increasing
// order is a bottom-up traversal; the probability and importance passes rely on that.

import { OP_AND, OP_XOR, cacheFitTo, cacheGet, cachePut, mix3 } from "./hash";

export const TRUE_EDGE: i32 = 0;
export const FALSE_EDGE: i32 = 1;
export const TERMINAL_LEVEL: i32 = 0x7fffffff;

let levels: usize = 0;
let highs: usize = 0;
let lows: usize = 0;
let count: i32 = 0;
let capacity: i32 = 0;
let table: usize = 0;
let tableMask: u32 = 0;
/** Past this many nodes every operation returns at once and `bddOverflowed` is set: the caller gives up. */
let nodeLimit: i32 = 1 << 25;
export let bddOverflowed = false;

export function setBddNodeLimit(limit: i32): void {
  nodeLimit = limit;
}

/**
 * Recursive steps (operation-cache misses) since the last reset. Past `stepLimit` every operation returns at
 * once and `bddOverflowed` is set, as past the node limit: a work budget counted in steps, not milliseconds,
 * so which variant of a tree its BDD is built from (and so the last bits of its probabilities) never depends
 * on the machine's speed or load.
 */
let steps: i64 = 0;
let stepLimit: i64 = i64.MAX_VALUE;

export function setBddStepLimit(limit: f64): void {
  stepLimit = limit >= 9.0e18 ? i64.MAX_VALUE : <i64>limit;
}

export function bddSteps(): f64 {
  return <f64>steps;
}

@inline
export function bddLevel(node: i32): i32 {
  return load<i32>(levels + (<usize>node << 2));
}

@inline
export function bddHigh(node: i32): i32 {
  return load<i32>(highs + (<usize>node << 2));
}

@inline
export function bddLow(node: i32): i32 {
  return load<i32>(lows + (<usize>node << 2));
}

@inline
export function edgeLevel(edge: i32): i32 {
  return bddLevel(edge >>> 1);
}

export function bddNodeCount(): i32 {
  return count;
}

export function bddReset(initialCapacity: i32): void {
  if (levels != 0) {
    heap.free(levels);
    heap.free(highs);
    heap.free(lows);
    heap.free(table);
  }
  capacity = max(initialCapacity, 1024);
  levels = heap.alloc(<usize>capacity << 2);
  highs = heap.alloc(<usize>capacity << 2);
  lows = heap.alloc(<usize>capacity << 2);
  store<i32>(levels, TERMINAL_LEVEL);
  store<i32>(highs, TRUE_EDGE);
  store<i32>(lows, TRUE_EDGE);
  count = 1;
  bddOverflowed = false;
  steps = 0;
  allocateTable(capacity << 1);
}

export function bddFree(): void {
  if (levels == 0) return;
  heap.free(levels);
  heap.free(highs);
  heap.free(lows);
  heap.free(table);
  levels = 0;
  highs = 0;
  lows = 0;
  table = 0;
  count = 0;
  capacity = 0;
}

function allocateTable(slots: i32): void {
  if (table != 0) heap.free(table);
  table = heap.alloc(<usize>slots << 2);
  memory.fill(table, 0, <usize>slots << 2);
  tableMask = <u32>(slots - 1);
  for (let n = 1; n < count; n++) {
    let h = mix3(bddLevel(n), bddHigh(n), bddLow(n)) & tableMask;
    while (load<i32>(table + (<usize>h << 2)) != 0) h = (h + 1) & tableMask;
    store<i32>(table + (<usize>h << 2), n);
  }
}

function grow(): void {
  capacity <<= 1;
  levels = heap.realloc(levels, <usize>capacity << 2);
  highs = heap.realloc(highs, <usize>capacity << 2);
  lows = heap.realloc(lows, <usize>capacity << 2);
  allocateTable(capacity << 1);
  cacheFitTo(capacity);
}

/** The edge for `level ? high : low`, reduced and made canonical. */
export function bddMake(level: i32, high: i32, low: i32): i32 {
  if (high == low) return high;
  const complemented = high & 1;
  high ^= complemented;
  low ^= complemented;
  if (count == capacity) {
    if (count >= nodeLimit) {
      bddOverflowed = true;
      return FALSE_EDGE;
    }
    grow();
  }
  let h = mix3(level, high, low) & tableMask;
  for (;;) {
    const n = load<i32>(table + (<usize>h << 2));
    if (n == 0) break;
    if (bddLevel(n) == level && bddHigh(n) == high && bddLow(n) == low) return (n << 1) | complemented;
    h = (h + 1) & tableMask;
  }
  const node = count++;
  store<i32>(levels + (<usize>node << 2), level);
  store<i32>(highs + (<usize>node << 2), high);
  store<i32>(lows + (<usize>node << 2), low);
  store<i32>(table + (<usize>h << 2), node);
  return (node << 1) | complemented;
}

export function bddVariable(level: i32): i32 {
  return bddMake(level, TRUE_EDGE, FALSE_EDGE);
}

export function bddAnd(a: i32, b: i32): i32 {
  if (bddOverflowed) return FALSE_EDGE;
  if (a == b) return a;
  if (a == (b ^ 1)) return FALSE_EDGE;
  if (a == TRUE_EDGE) return b;
  if (b == TRUE_EDGE) return a;
  if (a == FALSE_EDGE || b == FALSE_EDGE) return FALSE_EDGE;
  if (a > b) {
    const t = a;
    a = b;
    b = t;
  }
  const cached = cacheGet(OP_AND, a, b);
  if (cached >= 0) return cached;
  if (++steps > stepLimit) {
    bddOverflowed = true;
    return FALSE_EDGE;
  }
  const na = a >>> 1;
  const nb = b >>> 1;
  const la = bddLevel(na);
  const lb = bddLevel(nb);
  const top = min(la, lb);
  let a1 = a;
  let a0 = a;
  let b1 = b;
  let b0 = b;
  if (la == top) {
    const c = a & 1;
    a1 = bddHigh(na) ^ c;
    a0 = bddLow(na) ^ c;
  }
  if (lb == top) {
    const c = b & 1;
    b1 = bddHigh(nb) ^ c;
    b0 = bddLow(nb) ^ c;
  }
  const high = bddAnd(a1, b1);
  const low = bddAnd(a0, b0);
  const result = bddMake(top, high, low);
  cachePut(OP_AND, a, b, result);
  return result;
}

@inline
export function bddOr(a: i32, b: i32): i32 {
  return bddAnd(a ^ 1, b ^ 1) ^ 1;
}

export function bddXor(a: i32, b: i32): i32 {
  if (bddOverflowed) return FALSE_EDGE;
  const parity = (a ^ b) & 1;
  a &= ~1;
  b &= ~1;
  if (a == b) return FALSE_EDGE ^ parity;
  if (a == TRUE_EDGE) return b ^ 1 ^ parity;
  if (b == TRUE_EDGE) return a ^ 1 ^ parity;
  if (a > b) {
    const t = a;
    a = b;
    b = t;
  }
  let result = cacheGet(OP_XOR, a, b);
  if (result < 0) {
    if (++steps > stepLimit) {
      bddOverflowed = true;
      return FALSE_EDGE;
    }
    const na = a >>> 1;
    const nb = b >>> 1;
    const la = bddLevel(na);
    const lb = bddLevel(nb);
    const top = min(la, lb);
    let a1 = a;
    let a0 = a;
    let b1 = b;
    let b0 = b;
    if (la == top) {
      a1 = bddHigh(na);
      a0 = bddLow(na);
    }
    if (lb == top) {
      b1 = bddHigh(nb);
      b0 = bddLow(nb);
    }
    result = bddMake(top, bddXor(a1, b1), bddXor(a0, b0));
    cachePut(OP_XOR, a, b, result);
  }
  return result ^ parity;
}
