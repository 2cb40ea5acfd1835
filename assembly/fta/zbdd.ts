// Zero-suppressed BDD (Minato 1993) holding families of cut sets. Node 0 is the empty family, node 1 the
// family {∅}. Elements are literals: level 2v is basic event v, level 2v+1 its negation (only the ZBDD
// and MOCUS algorithms create negations, and they are projected away before the cut sets are reported).
// Every node records the smallest and largest number of positive literals among its sets, which makes
// order truncation and subsumption tests cheap.

import {
  OP_MINIMAL,
  OP_PRODUCT,
  OP_PRODUCT_MINIMAL,
  OP_PROJECT,
  OP_SUBST,
  OP_TRUNC,
  OP_UNION,
  OP_UNION_MINIMAL,
  OP_WITHOUT,
  cacheFitTo,
  cacheGet,
  cachePut,
  mix3,
  tagWith,
} from "./hash";

export const EMPTY: i32 = 0;
export const BASE: i32 = 1;
const TERMINAL: i32 = 0x7fffffff;
const NO_ORDER: i32 = 1 << 28;

let levels: usize = 0;
let highs: usize = 0;
let lows: usize = 0;
let minOrders: usize = 0;
let maxOrders: usize = 0;
let count: i32 = 0;
let capacity: i32 = 0;
let table: usize = 0;
let tableMask: u32 = 0;
/** Past this many nodes zMake returns the empty family and `zOverflowed` is set: the caller gives up. */
let nodeLimit: i32 = 1 << 25;
export let zOverflowed = false;

export function setZbddNodeLimit(limit: i32): void {
  nodeLimit = limit;
}

@inline
export function zLevel(n: i32): i32 {
  return load<i32>(levels + (<usize>n << 2));
}

@inline
export function zHigh(n: i32): i32 {
  return load<i32>(highs + (<usize>n << 2));
}

@inline
export function zLow(n: i32): i32 {
  return load<i32>(lows + (<usize>n << 2));
}

/** Smallest number of positive literals in a set of the family (NO_ORDER for the empty family). */
@inline
export function zMinOrder(n: i32): i32 {
  return load<i32>(minOrders + (<usize>n << 2));
}

@inline
export function zMaxOrder(n: i32): i32 {
  return load<i32>(maxOrders + (<usize>n << 2));
}

export function zNodeCount(): i32 {
  return count;
}

function setNode(n: i32, level: i32, high: i32, low: i32, minOrder: i32, maxOrder: i32): void {
  store<i32>(levels + (<usize>n << 2), level);
  store<i32>(highs + (<usize>n << 2), high);
  store<i32>(lows + (<usize>n << 2), low);
  store<i32>(minOrders + (<usize>n << 2), minOrder);
  store<i32>(maxOrders + (<usize>n << 2), maxOrder);
}

export function zReset(initialCapacity: i32): void {
  zFree();
  capacity = max(initialCapacity, 1024);
  levels = heap.alloc(<usize>capacity << 2);
  highs = heap.alloc(<usize>capacity << 2);
  lows = heap.alloc(<usize>capacity << 2);
  minOrders = heap.alloc(<usize>capacity << 2);
  maxOrders = heap.alloc(<usize>capacity << 2);
  setNode(EMPTY, TERMINAL, EMPTY, EMPTY, NO_ORDER, -NO_ORDER);
  setNode(BASE, TERMINAL, BASE, BASE, 0, 0);
  count = 2;
  zOverflowed = false;
  allocateTable(capacity << 1);
}

export function zFree(): void {
  if (levels == 0) return;
  heap.free(levels);
  heap.free(highs);
  heap.free(lows);
  heap.free(minOrders);
  heap.free(maxOrders);
  heap.free(table);
  levels = 0;
  table = 0;
  count = 0;
  capacity = 0;
}

function allocateTable(slots: i32): void {
  if (table != 0) heap.free(table);
  table = heap.alloc(<usize>slots << 2);
  memory.fill(table, 0, <usize>slots << 2);
  tableMask = <u32>(slots - 1);
  for (let n = 2; n < count; n++) {
    let h = mix3(zLevel(n), zHigh(n), zLow(n)) & tableMask;
    while (load<i32>(table + (<usize>h << 2)) != 0) h = (h + 1) & tableMask;
    store<i32>(table + (<usize>h << 2), n);
  }
}

function grow(): void {
  capacity <<= 1;
  levels = heap.realloc(levels, <usize>capacity << 2);
  highs = heap.realloc(highs, <usize>capacity << 2);
  lows = heap.realloc(lows, <usize>capacity << 2);
  minOrders = heap.realloc(minOrders, <usize>capacity << 2);
  maxOrders = heap.realloc(maxOrders, <usize>capacity << 2);
  allocateTable(capacity << 1);
  cacheFitTo(capacity);
}

/**
 * The family {S ∪ {level} : S ∈ high} ∪ low. A set holding a literal and its negation is contradictory
 * (an empty product) and is dropped here, so no operation ever sees one.
 */
export function zMake(level: i32, high: i32, low: i32): i32 {
  if ((level & 1) == 0 && high > BASE && zLevel(high) == level + 1) high = zLow(high);
  if (high == EMPTY) return low;
  if (zOverflowed) return EMPTY;
  if (count == capacity) {
    if (count >= nodeLimit) {
      zOverflowed = true;
      return EMPTY;
    }
    grow();
  }
  let h = mix3(level, high, low) & tableMask;
  for (;;) {
    const n = load<i32>(table + (<usize>h << 2));
    if (n == 0) break;
    if (zLevel(n) == level && zHigh(n) == high && zLow(n) == low) return n;
    h = (h + 1) & tableMask;
  }
  const positive = 1 - (level & 1);
  const node = count++;
  setNode(
    node,
    level,
    high,
    low,
    min(zMinOrder(high) + positive, zMinOrder(low)),
    max(zMaxOrder(high) + positive, zMaxOrder(low)),
  );
  store<i32>(table + (<usize>h << 2), node);
  return node;
}

/** Whether the family contains the empty set (follow the low edges to the terminal). */
@inline
export function containsEmptySet(f: i32): bool {
  while (f > BASE) f = zLow(f);
  return f == BASE;
}

export function zUnion(a: i32, b: i32): i32 {
  if (zOverflowed) return EMPTY;
  if (a == EMPTY) return b;
  if (b == EMPTY || a == b) return a;
  if (a > b) {
    const t = a;
    a = b;
    b = t;
  }
  let r = cacheGet(OP_UNION, a, b);
  if (r >= 0) return r;
  const la = zLevel(a);
  const lb = zLevel(b);
  if (la < lb) r = zMake(la, zHigh(a), zUnion(zLow(a), b));
  else if (lb < la) r = zMake(lb, zHigh(b), zUnion(a, zLow(b)));
  else r = zMake(la, zUnion(zHigh(a), zHigh(b)), zUnion(zLow(a), zLow(b)));
  cachePut(OP_UNION, a, b, r);
  return r;
}

/** The sets of f that contain no set of g (Rauzy's "without", the subsumption filter). */
export function zWithout(f: i32, g: i32): i32 {
  if (zOverflowed) return EMPTY;
  if (g == EMPTY || f == EMPTY) return f;
  if (f == g || g == BASE) return EMPTY;
  if (f == BASE) return containsEmptySet(g) ? EMPTY : BASE;
  // A subset never has more positive literals: if every set of g has more than any set of f, keep f.
  if (zMinOrder(g) > zMaxOrder(f)) return f;
  let r = cacheGet(OP_WITHOUT, f, g);
  if (r >= 0) return r;
  const lf = zLevel(f);
  const lg = zLevel(g);
  if (lf < lg) r = zMake(lf, zWithout(zHigh(f), g), zWithout(zLow(f), g));
  else if (lg < lf) r = zWithout(f, zLow(g));
  else r = zMake(lf, zWithout(zWithout(zHigh(f), zHigh(g)), zLow(g)), zWithout(zLow(f), zLow(g)));
  cachePut(OP_WITHOUT, f, g, r);
  return r;
}

/** The sets of f with at most k positive literals. */
export function zTruncate(f: i32, k: i32): i32 {
  if (zMaxOrder(f) <= k) return f;
  if (zMinOrder(f) > k) return EMPTY;
  const tag = tagWith(OP_TRUNC, k);
  let r = cacheGet(tag, f, 0);
  if (r >= 0) return r;
  const level = zLevel(f);
  const positive = 1 - (level & 1);
  r = zMake(level, zTruncate(zHigh(f), k - positive), zTruncate(zLow(f), k));
  cachePut(tag, f, 0, r);
  return r;
}

/**
 * {S ∪ R : S ∈ m, R ∈ r, |S ∪ R| ≤ k} where every level of m precedes every level of r: the sets of a
 * module joined with the rest of a product. Replaces m's base terminal by r truncated to what is left.
 */
export function zSubstitute(m: i32, r: i32, k: i32): i32 {
  if (zOverflowed) return EMPTY;
  if (m == EMPTY) return EMPTY;
  if (m == BASE) return zTruncate(r, k);
  if (zMinOrder(m) + zMinOrder(r) > k) return EMPTY;
  const tag = tagWith(OP_SUBST, k);
  let result = cacheGet(tag, m, r);
  if (result >= 0) return result;
  const level = zLevel(m);
  const positive = 1 - (level & 1);
  result = zMake(level, zSubstitute(zHigh(m), r, k - positive), zSubstitute(zLow(m), r, k));
  cachePut(tag, m, r, result);
  return result;
}

/** {A ∪ B : A ∈ a, B ∈ b} keeping sets of at most k positive literals (not minimised). */
export function zProduct(a: i32, b: i32, k: i32): i32 {
  if (zOverflowed) return EMPTY;
  if (a == EMPTY || b == EMPTY) return EMPTY;
  // The families may share events, so a union can be as small as the larger of the two sets.
  if (max(zMinOrder(a), zMinOrder(b)) > k) return EMPTY;
  if (a == BASE) return zTruncate(b, k);
  if (b == BASE) return zTruncate(a, k);
  if (a > b) {
    const t = a;
    a = b;
    b = t;
  }
  const tag = tagWith(OP_PRODUCT, k);
  let r = cacheGet(tag, a, b);
  if (r >= 0) return r;
  const la = zLevel(a);
  const lb = zLevel(b);
  if (la < lb) {
    const positive = 1 - (la & 1);
    r = zMake(la, zProduct(zHigh(a), b, k - positive), zProduct(zLow(a), b, k));
  } else if (lb < la) {
    const positive = 1 - (lb & 1);
    r = zMake(lb, zProduct(a, zHigh(b), k - positive), zProduct(a, zLow(b), k));
  } else {
    const positive = 1 - (la & 1);
    const high = zUnion(
      zUnion(zProduct(zHigh(a), zHigh(b), k - positive), zProduct(zHigh(a), zLow(b), k - positive)),
      zProduct(zLow(a), zHigh(b), k - positive),
    );
    r = zMake(la, high, zProduct(zLow(a), zLow(b), k));
  }
  cachePut(tag, a, b, r);
  return r;
}

/**
 * The minimal sets of a ∪ b for minimal a and b, minimised node by node (as SCRAM's Apply<kOr>): the
 * high branch loses the supersets of the new low branch, so no unminimised family is ever built.
 */
export function zUnionMinimal(a: i32, b: i32): i32 {
  if (zOverflowed) return EMPTY;
  if (a == EMPTY) return b;
  if (b == EMPTY || a == b) return a;
  if (a == BASE || b == BASE) return BASE;
  if (a > b) {
    const t = a;
    a = b;
    b = t;
  }
  let r = cacheGet(OP_UNION_MINIMAL, a, b);
  if (r >= 0) return r;
  const la = zLevel(a);
  const lb = zLevel(b);
  let high: i32;
  let low: i32;
  let level = la;
  if (la < lb) {
    low = zUnionMinimal(zLow(a), b);
    high = zWithout(zHigh(a), low);
  } else if (lb < la) {
    level = lb;
    low = zUnionMinimal(a, zLow(b));
    high = zWithout(zHigh(b), low);
  } else {
    low = zUnionMinimal(zLow(a), zLow(b));
    high = zWithout(zUnionMinimal(zHigh(a), zHigh(b)), low);
  }
  r = zMake(level, high, low);
  cachePut(OP_UNION_MINIMAL, a, b, r);
  return r;
}

/**
 * The minimal sets of {A ∪ B : A ∈ a, B ∈ b} with at most k positive literals, for minimal a and b,
 * minimised node by node: zMinimal(zProduct(a, b, k)) without ever building the unminimised product,
 * which on a large AND gate is most of the work (and of the nodes).
 */
export function zProductMinimal(a: i32, b: i32, k: i32): i32 {
  if (zOverflowed) return EMPTY;
  if (a == EMPTY || b == EMPTY) return EMPTY;
  if (max(zMinOrder(a), zMinOrder(b)) > k) return EMPTY;
  if (a == BASE) return zTruncate(b, k);
  if (b == BASE) return zTruncate(a, k);
  // Every set of a·a contains a set of a, and a's own sets are in it.
  if (a == b) return zTruncate(a, k);
  if (a > b) {
    const t = a;
    a = b;
    b = t;
  }
  const tag = tagWith(OP_PRODUCT_MINIMAL, k);
  let r = cacheGet(tag, a, b);
  if (r >= 0) return r;
  const la = zLevel(a);
  const lb = zLevel(b);
  let level = la;
  let high: i32;
  let low: i32;
  if (la < lb) {
    high = zProductMinimal(zHigh(a), b, k - (1 - (la & 1)));
    low = zProductMinimal(zLow(a), b, k);
  } else if (lb < la) {
    level = lb;
    high = zProductMinimal(a, zHigh(b), k - (1 - (lb & 1)));
    low = zProductMinimal(a, zLow(b), k);
  } else {
    // (x·a1 + a0)(x·b1 + b0) = x·(a1·(b1 + b0) + a0·b1) + a0·b0
    const kh = k - (1 - (la & 1));
    high = zUnionMinimal(
      zProductMinimal(zHigh(a), zUnionMinimal(zHigh(b), zLow(b)), kh),
      zProductMinimal(zLow(a), zHigh(b), kh),
    );
    low = zProductMinimal(zLow(a), zLow(b), k);
  }
  r = zMake(level, zWithout(high, low), low);
  cachePut(tag, a, b, r);
  return r;
}

/** The minimal sets of f (no set of the result contains another). */
export function zMinimal(f: i32): i32 {
  if (zOverflowed) return EMPTY;
  if (f <= BASE) return f;
  let r = cacheGet(OP_MINIMAL, f, 0);
  if (r >= 0) return r;
  const low = zMinimal(zLow(f));
  r = zMake(zLevel(f), zWithout(zMinimal(zHigh(f)), low), low);
  cachePut(OP_MINIMAL, f, 0, r);
  return r;
}

/** Drops the negative literals: each product becomes its positive part (not minimised). */
export function zProjectPositive(f: i32): i32 {
  if (f <= BASE) return f;
  let r = cacheGet(OP_PROJECT, f, 0);
  if (r >= 0) return r;
  const level = zLevel(f);
  const high = zProjectPositive(zHigh(f));
  const low = zProjectPositive(zLow(f));
  r = (level & 1) != 0 ? zUnion(high, low) : zMake(level, high, low);
  cachePut(OP_PROJECT, f, 0, r);
  return r;
}

/** The family holding the one set of the given literal levels (sorted ascending). */
export function zSingleSet(literals: usize, n: i32): i32 {
  let f = BASE;
  for (let i = n - 1; i >= 0; i--) f = zMake(load<i32>(literals + (<usize>i << 2)), f, EMPTY);
  return f;
}
