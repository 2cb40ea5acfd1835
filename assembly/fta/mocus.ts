// MOCUS (Fussell and Vesely 1972): start from the product {top} and substitute gates by their inputs, top
// down, an AND gate widening a product and an OR gate splitting it, until only basic events remain. Here
// the products are held in a ZBDD whose elements are the gates as well as the literals, as SCRAM does:
// gates are ordered before events and parents before children, so the root of the family is always the
// next gate to expand, and expanding it once handles every product that contains it. Products are
// truncated at the order limit and minimised after each substitution (absorption is valid with gates as
// elements: a ∨ (g ∧ a) = a). Contradictory products (x and not x) vanish in zMake.
//
// Levels: gate j of the program (children before parents) is element 2(G-1-j)+1, odd so it counts for
// no order and never looks like a negation; event literal v is 2(G+v) (+1 when negated). The finished
// family is shifted back to the levels 2v the other passes use.

import { GATE_AND, GATE_OR } from "./build";
import { BASE, EMPTY, zHigh, zLevel, zLow, zMake, zMinimal, zProduct, zUnion, zWithout } from "./zbdd";

let program: usize = 0;
let offsets: usize = 0;
let gateCount: i32 = 0;
let limit: i32 = 0;
let family: i32 = EMPTY;
let expanded: i32 = 0;
let finished = false;

@inline
function gateElement(gate: i32): i32 {
  return ((gateCount - 1 - gate) << 1) | 1;
}

@inline
function childElement(child: i32): i32 {
  if ((child & 2) != 0) return gateElement(child >>> 2);
  return ((gateCount + (child >>> 2)) << 1) | (child & 1);
}

@inline
function singleton(element: i32): i32 {
  return zMake(element, BASE, EMPTY);
}

@inline
function unionMinimal(a: i32, b: i32): i32 {
  const newInB = zWithout(b, a);
  return zUnion(zWithout(a, newInB), newInB);
}

/** The gate's own formula over its inputs as elements. */
function gateFormula(gate: i32): i32 {
  const at = program + (<usize>load<i32>(offsets + (<usize>gate << 2)) << 2);
  const op = load<i32>(at) & 15;
  const k = load<i32>(at, 4);
  const n = load<i32>(at, 12);
  if (op == GATE_OR) {
    let f = EMPTY;
    for (let i = 0; i < n; i++) f = zUnion(f, singleton(childElement(load<i32>(at + 16 + (<usize>i << 2)))));
    return zMinimal(f);
  }
  if (op == GATE_AND) {
    let f = BASE;
    for (let i = 0; i < n; i++) f = zProduct(f, singleton(childElement(load<i32>(at + 16 + (<usize>i << 2)))), limit);
    return f;
  }
  // at least k of n: thresholds[j] = "at least j of the inputs seen so far".
  const thresholds = heap.alloc(<usize>(k + 1) << 2);
  store<i32>(thresholds, BASE);
  for (let j = 1; j <= k; j++) store<i32>(thresholds + (<usize>j << 2), EMPTY);
  for (let i = 0; i < n; i++) {
    const c = singleton(childElement(load<i32>(at + 16 + (<usize>i << 2))));
    for (let j = min(k, i + 1); j >= 1; j--) {
      const slot = thresholds + (<usize>j << 2);
      const below = load<i32>(thresholds + (<usize>(j - 1) << 2));
      store<i32>(slot, unionMinimal(load<i32>(slot), zMinimal(zProduct(c, below, limit))));
    }
  }
  const result = load<i32>(thresholds + (<usize>k << 2));
  heap.free(thresholds);
  return result;
}

export function mocusStart(programPtr: usize, offsetsPtr: usize, gates: i32, top: i32, orderLimit: i32): void {
  program = programPtr;
  offsets = offsetsPtr;
  gateCount = gates;
  limit = orderLimit;
  family = singleton(gateElement(top));
  expanded = 0;
  finished = false;
}

export function mocusFree(): void {
  program = 0;
}

/** Maps every level L of the finished family to L - 2G (memoised through a node-indexed array). */
function shiftLevels(f: i32, memo: usize): i32 {
  if (f <= BASE) return f;
  const known = load<i32>(memo + (<usize>f << 2));
  if (known >= 0) return known;
  const result = zMake(zLevel(f) - (gateCount << 1), shiftLevels(zHigh(f), memo), shiftLevels(zLow(f), memo));
  store<i32>(memo + (<usize>f << 2), result);
  return result;
}

/** Expands at most `budget` gates; returns true when no gate is left. */
export function mocusRun(budget: i32): bool {
  if (finished) return true;
  for (let step = 0; step < budget; step++) {
    const level = family > BASE ? zLevel(family) : 0x7fffffff;
    if (level >= gateCount << 1) {
      finished = true;
      const nodes = family + 1;
      const memo = heap.alloc(<usize>max(nodes, 2) << 2);
      memory.fill(memo, 0xff, <usize>max(nodes, 2) << 2);
      family = zMinimal(shiftLevels(family, memo));
      heap.free(memo);
      return true;
    }
    const gate = gateCount - 1 - (level >> 1);
    const containing = zHigh(family);
    const rest = zLow(family);
    const substituted = zMinimal(zProduct(gateFormula(gate), containing, limit));
    family = unionMinimal(rest, substituted);
    expanded++;
  }
  return false;
}

export function mocusFamily(): i32 {
  return family;
}

/** Share of the gates expanded so far (each gate is expanded at most once). */
export function mocusProgress(): f64 {
  return finished ? 1 : <f64>expanded / <f64>max(gateCount, 1);
}
