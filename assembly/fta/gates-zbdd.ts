// The ZBDD algorithm: cut sets built bottom-up on the gates themselves, without a BDD (Minato's
// combinatorial set operations as used by SCRAM's --zbdd). The program is in negation normal form:
// AND, OR and ATLEAST gates whose children are gates or literals (`level << 2 | negated`, or
// `gate << 2 | 2`). Each gate's family is minimised and truncated at the order limit as it is made.

import { GATE_AND, GATE_OR } from "./build";
import { BASE, EMPTY, zMake, zMinimal, zProduct, zProductMinimal, zUnion, zUnionMinimal, zWithout } from "./zbdd";

@inline
function literalFamily(child: i32, families: usize): i32 {
  if ((child & 2) != 0) return load<i32>(families + (<usize>(child >>> 2) << 2));
  return zMake(((child >>> 2) << 1) | (child & 1), BASE, EMPTY);
}

// Coherent trees minimise node by node inside the product and the union (as SCRAM's Apply with Minimize):
// the intermediate families stay small. With negated literals (x and not x in one set are dropped as
// they meet) that makes more intermediate nodes than minimising the finished result, so those keep it.
let nodeByNode: bool = true;

/** Minimal sets of a ∪ b for minimal a and b (a set in both must survive once). */
@inline
function unionMinimal(a: i32, b: i32): i32 {
  if (nodeByNode) return zUnionMinimal(a, b);
  const newInB = zWithout(b, a);
  return zUnion(zWithout(a, newInB), newInB);
}

@inline
function productMinimal(a: i32, b: i32, limit: i32): i32 {
  return nodeByNode ? zProductMinimal(a, b, limit) : zMinimal(zProduct(a, b, limit));
}

export function gateFamilies(
  program: usize,
  offsets: usize,
  families: usize,
  from: i32,
  to: i32,
  limit: i32,
  coherent: bool,
): void {
  nodeByNode = coherent;
  for (let g = from; g < to; g++) {
    const at = program + (<usize>load<i32>(offsets + (<usize>g << 2)) << 2);
    const op = load<i32>(at) & 15;
    const k = load<i32>(at, 4);
    const n = load<i32>(at, 12);
    let result: i32;
    if (op == GATE_AND) {
      result = BASE;
      for (let i = 0; i < n; i++) result = productMinimal(result, literalFamily(load<i32>(at + 16 + (<usize>i << 2)), families), limit);
    } else if (op == GATE_OR) {
      result = EMPTY;
      for (let i = 0; i < n; i++) result = unionMinimal(result, literalFamily(load<i32>(at + 16 + (<usize>i << 2)), families));
    } else {
      // at least k of n: thresholds[j] holds "at least j of the children seen so far".
      const thresholds = heap.alloc(<usize>(k + 1) << 2);
      store<i32>(thresholds, BASE);
      for (let j = 1; j <= k; j++) store<i32>(thresholds + (<usize>j << 2), EMPTY);
      for (let i = 0; i < n; i++) {
        const c = literalFamily(load<i32>(at + 16 + (<usize>i << 2)), families);
        for (let j = min(k, i + 1); j >= 1; j--) {
          const slot = thresholds + (<usize>j << 2);
          const below = load<i32>(thresholds + (<usize>(j - 1) << 2));
          store<i32>(slot, unionMinimal(load<i32>(slot), productMinimal(c, below, limit)));
        }
      }
      result = load<i32>(thresholds + (<usize>k << 2));
      heap.free(thresholds);
    }
    store<i32>(families + (<usize>g << 2), result);
  }
}
