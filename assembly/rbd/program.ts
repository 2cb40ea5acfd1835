// The compiled diagram both methods run on: components with their life distributions, and nodes in
// topological order with sub-diagrams inlined (src/kernels/rbd/compile.ts writes it). Every node is the
// same gate: it works when its component works (if it has one), its sub-diagram's end works (if it has
// one) and at least k of its inputs work. Regular, host and mirror blocks have k = 1 and a component
// (a mirror the component of its original), KN nodes have no component, `end` is k = 1 alone, and the
// constant `start` node is k = 0 with no inputs. In lives: a node's life is the minimum of its component's
// life, its sub-diagram's life and the k-th largest life of its inputs.
//
// i32 layout: [nComponents, nNodes, nInputs, distType × nComponents, component × nNodes,
// extra × nNodes, k × nNodes, inputStart × (nNodes + 1), inputs × nInputs]. f64 layout: the three
// parameters of each component (a FAILURE_* code of ../math/failure and its
// parameters in the failure model's order). The last node is the diagram's end.

import { FAILURE_FIXED, FAILURE_LAST } from "../math/failure";

export let componentCount: i32 = 0;
export let nodeCount: i32 = 0;
export let inputCount: i32 = 0;
export let distType: usize = 0; // i32 × components
export let params: usize = 0; // f64 × 3 × components
export let nodeComponent: usize = 0; // i32 × nodes, -1 for none
export let nodeExtra: usize = 0; // i32 × nodes, -1 for none
export let nodeK: usize = 0; // i32 × nodes
export let inputStart: usize = 0; // i32 × (nodes + 1)
export let inputs: usize = 0; // i32 × inputs

let i32Store: usize = 0;
let f64Store: usize = 0;

/** Copies a compiled diagram into the instance. Returns 0, or -1 when the layout is inconsistent. */
export function rbdLoadProgram(i32Ptr: usize, i32Length: i32, f64Ptr: usize, f64Length: i32): i32 {
  if (i32Length < 3) return -1;
  const nc = load<i32>(i32Ptr);
  const nn = load<i32>(i32Ptr, 4);
  const ni = load<i32>(i32Ptr, 8);
  if (nc < 0 || nn < 1 || ni < 0) return -1;
  if (i32Length != 3 + nc + 4 * nn + 1 + ni || f64Length != 3 * nc) return -1;
  if (i32Store != 0) heap.free(i32Store);
  if (f64Store != 0) heap.free(f64Store);
  i32Store = heap.alloc(<usize>i32Length << 2);
  memory.copy(i32Store, i32Ptr, <usize>i32Length << 2);
  const floatBytes = <usize>f64Length << 3;
  f64Store = heap.alloc(floatBytes > 0 ? floatBytes : 8);
  memory.copy(f64Store, f64Ptr, <usize>f64Length << 3);
  componentCount = nc;
  nodeCount = nn;
  inputCount = ni;
  distType = i32Store + 12;
  nodeComponent = distType + (<usize>nc << 2);
  nodeExtra = nodeComponent + (<usize>nn << 2);
  nodeK = nodeExtra + (<usize>nn << 2);
  inputStart = nodeK + (<usize>nn << 2);
  inputs = inputStart + (<usize>(nn + 1) << 2);
  params = f64Store;
  // Inputs and sub-diagram ends must come earlier in the order, or evaluation would read garbage.
  for (let i = 0; i < nn; i++) {
    const c = load<i32>(nodeComponent + (<usize>i << 2));
    const e = load<i32>(nodeExtra + (<usize>i << 2));
    const k = load<i32>(nodeK + (<usize>i << 2));
    const from = load<i32>(inputStart + (<usize>i << 2));
    const to = load<i32>(inputStart + (<usize>(i + 1) << 2));
    if (c < -1 || c >= nc || e < -1 || e >= i || from > to || from < 0 || to > ni) return -1;
    if (k < 0 || k > to - from) return -1;
    for (let j = from; j < to; j++) {
      const p = load<i32>(inputs + (<usize>j << 2));
      if (p < 0 || p >= i) return -1;
    }
  }
  for (let c = 0; c < nc; c++) {
    const t = load<i32>(distType + (<usize>c << 2));
    if (t < FAILURE_FIXED || t > FAILURE_LAST) return -1;
  }
  return 0;
}

@inline export function componentOf(node: i32): i32 {
  return load<i32>(nodeComponent + (<usize>node << 2));
}

@inline export function extraOf(node: i32): i32 {
  return load<i32>(nodeExtra + (<usize>node << 2));
}

@inline export function kOf(node: i32): i32 {
  return load<i32>(nodeK + (<usize>node << 2));
}

@inline export function firstInput(node: i32): i32 {
  return load<i32>(inputStart + (<usize>node << 2));
}

@inline export function endInput(node: i32): i32 {
  return load<i32>(inputStart + (<usize>(node + 1) << 2));
}

@inline export function inputAt(j: i32): i32 {
  return load<i32>(inputs + (<usize>j << 2));
}

@inline export function distOf(c: i32): i32 {
  return load<i32>(distType + (<usize>c << 2));
}

@inline export function paramOf(c: i32, which: i32): f64 {
  return load<f64>(params + (<usize>(3 * c + which) << 3));
}
