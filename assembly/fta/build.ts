// Builds the BDD of every gate of a normalised gate program, children before parents.
//
// Program layout (i32 words), one record per gate in topological order:
//   [op | flags, k, moduleLevel, n, child_1 … child_n]
// op: GATE_AND, GATE_OR, GATE_ATLEAST (k of n), GATE_XOR (two children). flags: NEGATED (the gate's
// output is complemented: NAND, NOR, NOT over a gate), MODULE (the gate's BDD becomes the function behind
// the proxy variable at moduleLevel). A child is `ref << 2 | isGate << 1 | negated`, ref being a level
// (a basic event or a module's proxy) or the index of an earlier gate.

import { TRUE_EDGE, FALSE_EDGE, bddAnd, bddOr, bddVariable, bddXor, edgeLevel } from "./bdd";
import { setModuleRoot } from "./model";

export const GATE_AND: i32 = 1;
export const GATE_OR: i32 = 2;
export const GATE_ATLEAST: i32 = 3;
export const GATE_XOR: i32 = 4;
export const FLAG_NEGATED: i32 = 16;
export const FLAG_MODULE: i32 = 32;

let scratch: usize = 0;
let scratchCapacity: i32 = 0;

function ensureScratch(n: i32): void {
  if (n <= scratchCapacity) return;
  if (scratch != 0) heap.free(scratch);
  scratchCapacity = max(n, 64);
  scratch = heap.alloc(<usize>scratchCapacity << 2);
}

@inline
function scratchAt(i: i32): i32 {
  return load<i32>(scratch + (<usize>i << 2));
}

@inline
function setScratch(i: i32, v: i32): void {
  store<i32>(scratch + (<usize>i << 2), v);
}

/** Edge of a child reference, given the edges of the gates built so far. */
@inline
export function childEdge(child: i32, gateEdges: usize): i32 {
  const ref = child >>> 2;
  const edge = (child & 2) != 0 ? load<i32>(gateEdges + (<usize>ref << 2)) : bddVariable(ref);
  return edge ^ (child & 1);
}

/** Orders the children deepest-first (terminals first) so the partial results stay small, as SCRAM does. */
function sortByLevelDescending(n: i32): void {
  for (let i = 1; i < n; i++) {
    const e = scratchAt(i);
    const l = edgeLevel(e);
    let j = i - 1;
    while (j >= 0 && edgeLevel(scratchAt(j)) < l) {
      setScratch(j + 1, scratchAt(j));
      j--;
    }
    setScratch(j + 1, e);
  }
}

function atLeast(k: i32, n: i32): i32 {
  // thresholds[j] = "at least j of the children seen so far"; one pass over the children.
  const thresholds = scratch + (<usize>n << 2);
  store<i32>(thresholds, TRUE_EDGE);
  for (let j = 1; j <= k; j++) store<i32>(thresholds + (<usize>j << 2), FALSE_EDGE);
  for (let i = 0; i < n; i++) {
    const c = scratchAt(i);
    for (let j = min(k, i + 1); j >= 1; j--) {
      const at = thresholds + (<usize>j << 2);
      const below = load<i32>(thresholds + (<usize>(j - 1) << 2));
      store<i32>(at, bddOr(load<i32>(at), bddAnd(c, below)));
    }
  }
  return load<i32>(thresholds + (<usize>k << 2));
}

/** Builds gates [from, to) of the program; gateEdges receives each gate's BDD edge. */
export function buildGates(program: usize, offsets: usize, gateEdges: usize, from: i32, to: i32): void {
  for (let g = from; g < to; g++) {
    const at = program + (<usize>load<i32>(offsets + (<usize>g << 2)) << 2);
    const opFlags = load<i32>(at);
    const k = load<i32>(at, 4);
    const moduleLevel = load<i32>(at, 8);
    const n = load<i32>(at, 12);
    ensureScratch(2 * n + 2);
    for (let i = 0; i < n; i++) setScratch(i, childEdge(load<i32>(at + 16 + (<usize>i << 2)), gateEdges));
    sortByLevelDescending(n);
    const op = opFlags & 15;
    let result = scratchAt(0);
    if (op == GATE_AND) {
      for (let i = 1; i < n; i++) result = bddAnd(result, scratchAt(i));
    } else if (op == GATE_OR) {
      for (let i = 1; i < n; i++) result = bddOr(result, scratchAt(i));
    } else if (op == GATE_XOR) {
      for (let i = 1; i < n; i++) result = bddXor(result, scratchAt(i));
    } else {
      result = atLeast(k, n);
    }
    if ((opFlags & FLAG_NEGATED) != 0) result ^= 1;
    store<i32>(gateEdges + (<usize>g << 2), result);
    if ((opFlags & FLAG_MODULE) != 0) setModuleRoot(moduleLevel, result);
  }
}
