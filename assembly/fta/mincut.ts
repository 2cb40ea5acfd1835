// Minimal cut sets from the BDD (Rauzy 1993): for f = ite(x, f1, f0),
//   MCS(f) = x · without(MCS(f1), MCS(f0)) ∪ MCS(f0),
// with an order limit carried down the recursion (memoised per edge and limit, as SCRAM does).
// For a non-coherent function the same recursion yields the minimal sets of its monotone hull: negated
// literals are dropped, which is what SCRAM reports for trees with NOT and XOR.
// A module proxy stands for a module M with M(all false) = false (the program guarantees it), so its
// negation's hull is "true" and the recursion holds with M in place of x; the proxy is expanded on the
// spot by joining M's own cut sets with the rest, which keeps one flat family for counting and listing.

import { FALSE_EDGE, TRUE_EDGE, bddHigh, bddLevel, bddLow, bddNodeCount } from "./bdd";
import { mix3 } from "./hash";
import { moduleRootOf } from "./model";
import { BASE, EMPTY, zHigh, zLevel, zLow, zMake, zMinOrder, zSubstitute, zUnion, zWithout } from "./zbdd";

let memoKeys: usize = 0;
let memoValues: usize = 0;
let memoMask: u32 = 0;
let memoCount: i32 = 0;
let moduleFamilies: usize = 0;
let moduleFamilyCount: i32 = 0;

// Largest number of events a cut set below a node can have: the most high edges on a path to true
// (to false for a complemented edge), a module proxy counting as its module's own largest set. Capping
// the order limit with it makes (edge, 20), (edge, 19), ... one memo entry wherever the limit does not
// bite, which is most of the diagram.
const NO_PATH: i32 = -(1 << 28);
let heightTrue: usize = 0;
let heightFalse: usize = 0;
let heightCount: i32 = 0;

@inline
function edgeHeight(edge: i32): i32 {
  const at = <usize>(edge >>> 1) << 2;
  return (edge & 1) != 0 ? load<i32>(heightFalse + at) : load<i32>(heightTrue + at);
}

/** Heights of every BDD node, bottom-up in id order (children are older than parents). */
export function computeHeights(): void {
  const n = bddNodeCount();
  if (heightTrue != 0) {
    heightTrue = heap.realloc(heightTrue, <usize>n << 2);
    heightFalse = heap.realloc(heightFalse, <usize>n << 2);
  } else {
    heightTrue = heap.alloc(<usize>n << 2);
    heightFalse = heap.alloc(<usize>n << 2);
  }
  heightCount = n;
  store<i32>(heightTrue, 0);
  store<i32>(heightFalse, NO_PATH);
  for (let node = 1; node < n; node++) {
    const root = moduleRootOf(bddLevel(node));
    const weight = root >= 0 ? max(edgeHeight(root), 1) : 1;
    const high = bddHigh(node);
    const low = bddLow(node);
    store<i32>(heightTrue + (<usize>node << 2), max(weight + edgeHeight(high), edgeHeight(low)));
    store<i32>(heightFalse + (<usize>node << 2), max(weight + edgeHeight(high ^ 1), edgeHeight(low ^ 1)));
  }
}

export function mincutReset(levels: i32): void {
  mincutFree();
  allocateMemo(1 << 16);
  moduleFamilyCount = max(levels, 1);
  moduleFamilies = heap.alloc(<usize>moduleFamilyCount << 2);
  memory.fill(moduleFamilies, 0xff, <usize>moduleFamilyCount << 2);
}

export function mincutFree(): void {
  if (memoKeys != 0) {
    heap.free(memoKeys);
    heap.free(memoValues);
    memoKeys = 0;
    memoValues = 0;
  }
  if (moduleFamilies != 0) heap.free(moduleFamilies);
  moduleFamilies = 0;
  if (heightTrue != 0) {
    heap.free(heightTrue);
    heap.free(heightFalse);
    heightTrue = 0;
    heightFalse = 0;
    heightCount = 0;
  }
}

function allocateMemo(slots: i32): void {
  const oldKeys = memoKeys;
  const oldValues = memoValues;
  const oldSlots = memoKeys == 0 ? 0 : <i32>memoMask + 1;
  memoKeys = heap.alloc(<usize>slots << 3);
  memoValues = heap.alloc(<usize>slots << 2);
  memory.fill(memoKeys, 0xff, <usize>slots << 3);
  memoMask = <u32>(slots - 1);
  memoCount = 0;
  for (let i = 0; i < oldSlots; i++) {
    const edge = load<i32>(oldKeys + (<usize>i << 3));
    if (edge >= 0) memoPut(edge, load<i32>(oldKeys + (<usize>i << 3), 4), load<i32>(oldValues + (<usize>i << 2)));
  }
  if (oldKeys != 0) {
    heap.free(oldKeys);
    heap.free(oldValues);
  }
}

function memoGet(edge: i32, limit: i32): i32 {
  let h = mix3(edge, limit, 7) & memoMask;
  while (true) {
    const at = memoKeys + (<usize>h << 3);
    const e = load<i32>(at);
    if (e < 0) return -1;
    if (e == edge && load<i32>(at, 4) == limit) return load<i32>(memoValues + (<usize>h << 2));
    h = (h + 1) & memoMask;
  }
  return -1;
}

function memoPut(edge: i32, limit: i32, value: i32): void {
  if ((memoCount + 1) * 2 > <i32>memoMask + 1) allocateMemo((<i32>memoMask + 1) << 1);
  let h = mix3(edge, limit, 7) & memoMask;
  for (;;) {
    const at = memoKeys + (<usize>h << 3);
    if (load<i32>(at) < 0) {
      store<i32>(at, edge);
      store<i32>(at, limit, 4);
      store<i32>(memoValues + (<usize>h << 2), value);
      memoCount++;
      return;
    }
    h = (h + 1) & memoMask;
  }
}

export function moduleFamily(level: i32): i32 {
  return load<i32>(moduleFamilies + (<usize>level << 2));
}

/** Minimal cut sets of the function behind a BDD edge, of order at most `limit`. */
export function minimalCutSets(edge: i32, limit: i32): i32 {
  if (edge == TRUE_EDGE) return BASE;
  if (edge == FALSE_EDGE || limit < 0) return EMPTY;
  if (heightCount > (edge >>> 1)) limit = min(limit, edgeHeight(edge));
  const known = memoGet(edge, limit);
  if (known >= 0) return known;
  const node = edge >>> 1;
  const c = edge & 1;
  const level = bddLevel(node);
  const low = minimalCutSets(bddLow(node) ^ c, limit);
  let result = low;
  if (limit > 0) {
    const high = bddHigh(node) ^ c;
    if (moduleRootOf(level) < 0) {
      result = zMake(level << 1, zWithout(minimalCutSets(high, limit - 1), low), low);
    } else {
      const family = moduleFamily(level);
      const rest = minimalCutSets(high, limit - zMinOrder(family));
      result = zUnion(zSubstitute(family, zWithout(rest, low), limit), low);
    }
  }
  memoPut(edge, limit, result);
  return result;
}

/** Computes and keeps the cut sets of the module behind a proxy level (modules are done bottom-up). */
export function moduleCutSets(level: i32, limit: i32): i32 {
  const family = minimalCutSets(moduleRootOf(level), limit);
  store<i32>(moduleFamilies + (<usize>level << 2), family);
  return family;
}

/** Records the cut sets of the module behind a proxy level (found by the ZBDD or MOCUS search). */
export function setModuleFamily(level: i32, family: i32): void {
  store<i32>(moduleFamilies + (<usize>level << 2), family);
}

/**
 * Replaces every module proxy in a family by the module's own sets (themselves expanded), keeping the
 * sets of at most k events. The searches counted a proxy as one event, a lower bound, so nothing they
 * dropped could be needed; a module's events are its own, so the expanded sets stay minimal.
 */
function expand(f: i32, k: i32): i32 {
  if (k < 0 || f == EMPTY) return EMPTY;
  if (f == BASE) return BASE;
  if (zMinOrder(f) > k) return EMPTY;
  const known = memoGet(f, k);
  if (known >= 0) return known;
  const level = zLevel(f);
  const module = moduleFamily(level >> 1);
  let result: i32;
  if ((level & 1) == 0 && module >= 0) {
    const sets = expand(module, k);
    result = zUnion(zSubstitute(sets, expand(zHigh(f), k - zMinOrder(sets)), k), expand(zLow(f), k));
  } else {
    result = zMake(level, expand(zHigh(f), k - (1 - (level & 1))), expand(zLow(f), k));
  }
  memoPut(f, k, result);
  return result;
}

export function expandModules(family: i32, limit: i32): i32 {
  // The memo is keyed here by ZBDD node (the BDD conversion, which keys it by edge, is not used).
  if (memoKeys != 0) {
    heap.free(memoKeys);
    heap.free(memoValues);
    memoKeys = 0;
    memoValues = 0;
  }
  allocateMemo(1 << 16);
  return expand(family, limit);
}
