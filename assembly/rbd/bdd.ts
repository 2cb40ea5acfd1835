// A reduced ordered binary decision diagram over component variables: the exact method for block
// diagrams with repeated (mirrored) components, where series-parallel reduction would count a shared
// component twice. One diagram is built at a time per instance (module state), with no complement edges
// and no garbage collection: a build starts from an empty table and is thrown away as a whole.
//
// Node ids: 0 is FALSE, 1 is TRUE, internal nodes start at 2. A node is created after both of its
// children, so a child's id is always smaller than its parent's; the evaluators rely on that order.
// The variable of a node is its level: the TS side numbers components in the order chosen for the BDD.

export const BDD_FALSE: i32 = 0;
export const BDD_TRUE: i32 = 1;
const TERMINAL_LEVEL: i32 = 0x7fffffff;
const NODE_BYTES: usize = 12; // level, lo, hi as i32

let nodes: usize = 0;
let nodeCount: i32 = 0;
let nodeCapacity: i32 = 0;
let nodeLimit: i32 = 1 << 22;

// Open-addressing unique table of node ids (0 = empty slot, terminals are never stored).
let unique: usize = 0;
let uniqueMask: u32 = 0;

// Direct-mapped computed table of ITE results: f, g, h, result (f = -1 marks an empty entry). Lossy.
let computed: usize = 0;
let computedMask: u32 = 0;
const COMPUTED_MAX_BITS: i32 = 22;

/** Set when the node limit was reached: every result since is meaningless and the build must be abandoned. */
export let bddOverflowed: bool = false;

@inline export function bddLevel(n: i32): i32 {
  return load<i32>(nodes + <usize>n * NODE_BYTES);
}

@inline export function bddLo(n: i32): i32 {
  return load<i32>(nodes + <usize>n * NODE_BYTES, 4);
}

@inline export function bddHi(n: i32): i32 {
  return load<i32>(nodes + <usize>n * NODE_BYTES, 8);
}

export function bddNodeCount(): i32 {
  return nodeCount;
}

@inline function mix3(a: i32, b: i32, c: i32): u32 {
  let h = <u32>a * 0x9e3779b1 ^ <u32>b * 0x85ebca77 ^ <u32>c * 0xc2b2ae3d;
  h ^= h >> 15;
  h *= 0x2c1b3c6d;
  h ^= h >> 12;
  return h;
}

function setComputedBits(bits: i32): void {
  const entries = <usize>1 << <usize>bits;
  if (computed != 0) heap.free(computed);
  computed = heap.alloc(entries << 4);
  memory.fill(computed, 0xff, entries << 4);
  computedMask = <u32>entries - 1;
}

/** Drops any previous diagram and starts an empty one; `limit` caps the number of nodes. */
export function bddReset(limit: i32): void {
  nodeLimit = limit;
  bddOverflowed = false;
  if (nodes == 0) {
    nodeCapacity = 1 << 12;
    nodes = heap.alloc(<usize>nodeCapacity * NODE_BYTES);
  }
  store<i32>(nodes, TERMINAL_LEVEL);
  store<i32>(nodes, 0, 4);
  store<i32>(nodes, 0, 8);
  store<i32>(nodes + NODE_BYTES, TERMINAL_LEVEL);
  store<i32>(nodes + NODE_BYTES, 1, 4);
  store<i32>(nodes + NODE_BYTES, 1, 8);
  nodeCount = 2;
  if (unique != 0) heap.free(unique);
  uniqueMask = (1 << 13) - 1;
  unique = heap.alloc((<usize>uniqueMask + 1) << 2);
  memory.fill(unique, 0, (<usize>uniqueMask + 1) << 2);
  setComputedBits(14);
}

function growUnique(): void {
  const oldMask = uniqueMask;
  const old = unique;
  uniqueMask = (oldMask << 1) | 1;
  unique = heap.alloc((<usize>uniqueMask + 1) << 2);
  memory.fill(unique, 0, (<usize>uniqueMask + 1) << 2);
  for (let i: u32 = 0; i <= oldMask; i++) {
    const n = load<i32>(old + (<usize>i << 2));
    if (n == 0) continue;
    let slot = mix3(bddLevel(n), bddLo(n), bddHi(n)) & uniqueMask;
    while (load<i32>(unique + (<usize>slot << 2)) != 0) slot = (slot + 1) & uniqueMask;
    store<i32>(unique + (<usize>slot << 2), n);
  }
  heap.free(old);
  // A bigger diagram deserves a bigger operation cache (cleared: entries are only hints).
  let bits: i32 = 32 - clz<u32>(uniqueMask);
  if (bits > COMPUTED_MAX_BITS) bits = COMPUTED_MAX_BITS;
  if ((<u32>1 << <u32>bits) - 1 > computedMask) setComputedBits(bits);
}

/** The node (level ? hi : lo), shared with any identical node already made. */
export function bddMake(level: i32, lo: i32, hi: i32): i32 {
  if (lo == hi) return lo;
  let slot = mix3(level, lo, hi) & uniqueMask;
  for (;;) {
    const n = load<i32>(unique + (<usize>slot << 2));
    if (n == 0) break;
    if (bddLevel(n) == level && bddLo(n) == lo && bddHi(n) == hi) return n;
    slot = (slot + 1) & uniqueMask;
  }
  if (nodeCount >= nodeLimit) {
    bddOverflowed = true;
    return BDD_FALSE;
  }
  if (nodeCount == nodeCapacity) {
    nodeCapacity <<= 1;
    nodes = heap.realloc(nodes, <usize>nodeCapacity * NODE_BYTES);
  }
  const n = nodeCount++;
  const at = nodes + <usize>n * NODE_BYTES;
  store<i32>(at, level);
  store<i32>(at, lo, 4);
  store<i32>(at, hi, 8);
  store<i32>(unique + (<usize>slot << 2), n);
  if (<u32>nodeCount > (uniqueMask >> 1)) growUnique();
  return n;
}

export function bddVariable(level: i32): i32 {
  return bddMake(level, BDD_FALSE, BDD_TRUE);
}

/** if f then g else h: the one operation AND, OR and the k-out-of-n threshold are built from. */
export function bddIte(f: i32, g: i32, h: i32): i32 {
  if (f == BDD_TRUE) return g;
  if (f == BDD_FALSE) return h;
  if (g == f) g = BDD_TRUE;
  if (h == f) h = BDD_FALSE;
  if (g == h) return g;
  if (g == BDD_TRUE && h == BDD_FALSE) return f;
  if (bddOverflowed) return BDD_FALSE;

  const slot = computed + (<usize>(mix3(f, g, h) & computedMask) << 4);
  if (load<i32>(slot) == f && load<i32>(slot, 4) == g && load<i32>(slot, 8) == h) return load<i32>(slot, 12);

  const lf = bddLevel(f);
  const lg = bddLevel(g);
  const lh = bddLevel(h);
  let top = lf < lg ? lf : lg;
  if (lh < top) top = lh;
  const f0 = lf == top ? bddLo(f) : f;
  const f1 = lf == top ? bddHi(f) : f;
  const g0 = lg == top ? bddLo(g) : g;
  const g1 = lg == top ? bddHi(g) : g;
  const h0 = lh == top ? bddLo(h) : h;
  const h1 = lh == top ? bddHi(h) : h;
  const lo = bddIte(f0, g0, h0);
  const hi = bddIte(f1, g1, h1);
  const r = bddMake(top, lo, hi);
  // The recursion may have replaced the cache; recompute the slot address.
  const at = computed + (<usize>(mix3(f, g, h) & computedMask) << 4);
  store<i32>(at, f);
  store<i32>(at, g, 4);
  store<i32>(at, h, 8);
  store<i32>(at, r, 12);
  return r;
}

export function bddAnd(f: i32, g: i32): i32 {
  // AND is commutative: one order for both argument orders doubles the cache hits.
  return f < g ? bddIte(f, g, BDD_FALSE) : bddIte(g, f, BDD_FALSE);
}

export function bddOr(f: i32, g: i32): i32 {
  return f < g ? bddIte(f, BDD_TRUE, g) : bddIte(g, BDD_TRUE, f);
}
