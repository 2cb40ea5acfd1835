// Hashing and a lossy operation cache shared by the BDD and ZBDD engines.
//
// The cache is direct-mapped: one 16-byte entry per slot (tag, a, b, result), overwritten on collision.
// Losing an entry only costs a recomputation, and a fixed-size table keeps memory bounded on trees whose
// intermediate diagrams are large (SCRAM clears its tables after every gate for the same reason).

@inline
export function mix3(a: i32, b: i32, c: i32): u32 {
  let h = <u32>a * 0x9e3779b1;
  h ^= <u32>b * 0x85ebca77;
  h = (h << 13) | (h >>> 19);
  h ^= <u32>c * 0xc2b2ae3d;
  h ^= h >>> 15;
  h *= 0x2c1b3c6d;
  h ^= h >>> 12;
  return h;
}

let cachePtr: usize = 0;
let cacheMask: u32 = 0;

export function cacheReset(log2Slots: i32): void {
  if (cachePtr != 0) heap.free(cachePtr);
  const slots = <usize>1 << <usize>log2Slots;
  cachePtr = heap.alloc(slots << 4);
  memory.fill(cachePtr, 0xff, slots << 4);
  cacheMask = <u32>(slots - 1);
}

/**
 * Grows the cache with the diagrams: one slot per two nodes, up to 2^23 slots (128 MB). A cache much
 * smaller than the operands makes the apply recursion recompute shared subproblems again and again, but a
 * larger one costs more than the recomputation it saves: each first touch of a page is a page fault, and
 * every probe of a cache far larger than the processor's is a miss to main memory. Measured as whole
 * processes (CPU, in turns, first cache still 2^16 slots) against four slots per node, the ratio before:
 * das9601 -22%, 200_event -10%, edf9203 -43%, edfpa15b -42%, cea9601 the same (11.9 s, 0.87 GB peak
 * instead of 1.1), every output the same byte for byte (bench/fta-outputs.mjs); one slot per node lay
 * between the two.
 */
export function cacheFitTo(nodes: i32): void {
  const slots = cacheMask + 1;
  const wanted = <u32>min(<i64>nodes >> 1, <i64>1 << 23);
  if (wanted > slots) {
    let log2 = 0;
    while ((<u32>1 << <u32>log2) < wanted) log2++;
    cacheReset(log2);
  }
}

export function cacheFree(): void {
  if (cachePtr != 0) heap.free(cachePtr);
  cachePtr = 0;
  cacheMask = 0;
}

/** The cached result for (tag, a, b), or -1. `tag` packs the operation and any small parameter. */
@inline
export function cacheGet(tag: i32, a: i32, b: i32): i32 {
  const slot = cachePtr + ((<usize>(mix3(tag, a, b) & cacheMask)) << 4);
  if (load<i32>(slot) == tag && load<i32>(slot, 4) == a && load<i32>(slot, 8) == b) return load<i32>(slot, 12);
  return -1;
}

@inline
export function cachePut(tag: i32, a: i32, b: i32, result: i32): void {
  const slot = cachePtr + ((<usize>(mix3(tag, a, b) & cacheMask)) << 4);
  store<i32>(slot, tag);
  store<i32>(slot, a, 4);
  store<i32>(slot, b, 8);
  store<i32>(slot, result, 12);
}

/** Operation tags: the low 5 bits name the operation, the rest carry a small parameter (an order limit). */
export const OP_AND: i32 = 1;
export const OP_XOR: i32 = 2;
export const OP_UNION: i32 = 3;
export const OP_WITHOUT: i32 = 4;
export const OP_TRUNC: i32 = 5;
export const OP_SUBST: i32 = 6;
export const OP_PRODUCT: i32 = 7;
export const OP_MINIMAL: i32 = 8;
export const OP_PROJECT: i32 = 9;
export const OP_PRODUCT_MINIMAL: i32 = 10;
export const OP_UNION_MINIMAL: i32 = 11;

@inline
export function tagWith(op: i32, parameter: i32): i32 {
  return op | (parameter << 5);
}
