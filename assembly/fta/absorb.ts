// Boolean optimisation of shared events (after Rauzy; SCRAM's BooleanOptimization), the first step of the
// fault tree preprocessing (src/kernels/fta/preprocess.ts): in a coherent tree, if an event x failing makes
// a gate D fail whatever the other events do, then D = x ∨ D[x := 0]. Rewriting D that way removes every
// other occurrence of x below D. Those occurrences are redundant for the function but they make unrelated
// branches share x, which hides modules (edf9202 has 47 events that vanish this way, and its BDD drops
// from a quarter million nodes to a few thousand). Shared gates are treated like shared events.
//
// D keeps its node (and so its meaning for every literal pointing at it); D[x := 0] is built from copies
// of the gates between D and x, so gates used elsewhere and the tree view's gates are untouched.
//
// Here rather than in TypeScript because a command-line run is one cold process: there the TypeScript ran
// in V8's interpreter and took 100 to 120 ms on edf9202 (a few ms once compiled). The graph comes in as
// flat arrays (literals as in src/kernels/fta/graph.ts: -1 true, -2 false, `var << 2 | negated`,
// `gate << 2 | 2 | negated`), is rewritten here, and goes back the same way. Every step, and so every new
// node's index and every child's position, is that of the TypeScript it replaced (commit 51b2286), whose
// graphs tests/fixtures/fta/preprocessed-graphs.json fingerprints: the BDD's variable order, and so every
// digit of the results, stays as it was.

export const OP_AND: i32 = 0;
export const OP_OR: i32 = 1;
export const OP_ATLEAST: i32 = 2;
export const OP_XOR: i32 = 3;
const TRUE: i32 = -1;
const FALSE: i32 = -2;

@inline
function isGate(l: i32): bool {
  return l >= 0 && (l & 2) != 0;
}

@inline
function index(l: i32): i32 {
  return l >>> 2;
}

@inline
function negate(l: i32): i32 {
  return l == TRUE ? FALSE : l == FALSE ? TRUE : l ^ 1;
}

// Growable i32 arrays outside the garbage collector: plain loads and stores, no shadow-stack traffic (the
// managed Array<i32> of a first version cost shadow-stack work per access and took twice as long).
@unmanaged
class Vec {
  ptr: usize;
  length: i32;
  capacity: i32;
}

function vec(capacity: i32 = 64): Vec {
  const v = changetype<Vec>(heap.alloc(offsetof<Vec>()));
  v.capacity = max(capacity, 16);
  v.ptr = heap.alloc(<usize>v.capacity << 2);
  v.length = 0;
  return v;
}

/** Room for at least n elements, keeping the first `length`; the new part is zero. */
function reserve(v: Vec, n: i32): void {
  if (n <= v.capacity) return;
  const capacity = max(n, v.capacity * 2);
  const ptr = heap.alloc(<usize>capacity << 2);
  memory.copy(ptr, v.ptr, <usize>v.length << 2);
  memory.fill(ptr + (<usize>v.length << 2), 0, <usize>(capacity - v.length) << 2);
  heap.free(v.ptr);
  v.ptr = ptr;
  v.capacity = capacity;
}

/** Length n, every element zero. */
function zeroed(v: Vec, n: i32): void {
  v.length = 0;
  reserve(v, n);
  memory.fill(v.ptr, 0, <usize>n << 2);
  v.length = n;
}

@inline
function get(v: Vec, i: i32): i32 {
  return load<i32>(v.ptr + (<usize>i << 2));
}

@inline
function put(v: Vec, i: i32, x: i32): void {
  store<i32>(v.ptr + (<usize>i << 2), x);
}

function push(v: Vec, x: i32): void {
  if (v.length == v.capacity) reserve(v, v.length + 1);
  store<i32>(v.ptr + (<usize>v.length << 2), x);
  v.length++;
}

/** Whether v[from .. to) holds x. */
function holds(v: Vec, from: i32, to: i32, x: i32): bool {
  for (let i = from; i < to; i++) if (get(v, i) == x) return true;
  return false;
}

/** Marks that are cleared in O(1) by a new epoch: a sweep reuses them for hundreds of candidates. */
@unmanaged
class Stamps {
  marks: Vec;
  epoch: i32;
}

function stamps(): Stamps {
  const s = changetype<Stamps>(heap.alloc(offsetof<Stamps>()));
  s.marks = vec(1024);
  zeroed(s.marks, 1024);
  s.epoch = 0;
  return s;
}

function next(s: Stamps, size: i32): void {
  if (size > s.marks.length) {
    reserve(s.marks, size);
    s.marks.length = s.marks.capacity;
  }
  s.epoch++;
}

@inline
function has(s: Stamps, i: i32): bool {
  return i < s.marks.length && get(s.marks, i) == s.epoch;
}

@inline
function mark(s: Stamps, i: i32): void {
  put(s.marks, i, s.epoch);
}

// The graph: per node its operation, k, and its children at pool[start .. start + size).
const ops = vec();
const ks = vec();
const starts = vec();
const sizes = vec();
const touched = vec();
const pool = vec();
let eventCount: i32 = 0;
let topLiteral: i32 = 0;
/** Inputs and children of the gates being made, as a stack of regions: no allocation per gate. */
const scratch = vec();
const sorted = vec();

@inline
function child(node: i32, i: i32): i32 {
  return get(pool, get(starts, node) + i);
}

function addNode(op: i32, k: i32, from: i32, to: i32): i32 {
  const node = ops.length;
  push(ops, op);
  push(ks, k);
  push(starts, pool.length);
  push(sizes, to - from);
  push(touched, 1);
  for (let i = from; i < to; i++) push(pool, get(scratch, i));
  return node;
}

/** Rewrites a node in place with the children scratch[from .. to). */
function setNode(node: i32, op: i32, k: i32, from: i32, to: i32): void {
  put(ops, node, op);
  put(ks, node, k);
  put(starts, node, pool.length);
  put(sizes, node, to - from);
  put(touched, node, 1);
  for (let i = from; i < to; i++) push(pool, get(scratch, i));
}

// Gates made in one sweep, shared by (op, k, sorted children): an open-addressing table of entries whose
// keys are copied at creation (a node rewritten later keeps the key it was made with, as a string key did).
const table = vec(256);
let tableCount: i32 = 0;
const keyOps = vec();
const keyKs = vec();
const keyStarts = vec();
const keySizes = vec();
const keyNodes = vec();
const keyPool = vec();

function sharedReset(): void {
  table.length = 0;
  reserve(table, 256);
  for (let i = 0; i < 256; i++) push(table, -1);
  tableCount = 0;
  keyOps.length = 0;
  keyKs.length = 0;
  keyStarts.length = 0;
  keySizes.length = 0;
  keyNodes.length = 0;
  keyPool.length = 0;
}

function keyHash(op: i32, k: i32, key: Vec, from: i32, to: i32): u32 {
  let h: u32 = <u32>(op * 31 + k) * 0x9e3779b1;
  for (let i = from; i < to; i++) {
    h ^= <u32>get(key, i) * 0x85ebca77;
    h = ((h << 13) | (h >>> 19)) * 0xc2b2ae3d;
  }
  h ^= h >>> 15;
  return h;
}

function keyEquals(entry: i32, op: i32, k: i32): bool {
  if (get(keyOps, entry) != op || get(keyKs, entry) != k) return false;
  if (get(keySizes, entry) != sorted.length) return false;
  const from = get(keyStarts, entry);
  for (let i = 0; i < sorted.length; i++) {
    if (get(keyPool, from + i) != get(sorted, i)) return false;
  }
  return true;
}

function tableInsert(entry: i32, hash: u32): void {
  const mask = <u32>table.length - 1;
  let slot = hash & mask;
  while (get(table, slot) >= 0) slot = (slot + 1) & mask;
  put(table, slot, entry);
}

/** The literal of a gate with children scratch[from .. to), or of the same gate made before in this sweep. */
function makeNode(op: i32, k: i32, from: i32, to: i32): i32 {
  // The key: the children in ascending order (insertion sort; gates have few inputs).
  sorted.length = 0;
  for (let i = from; i < to; i++) {
    const x = get(scratch, i);
    let j = sorted.length;
    push(sorted, x);
    while (j > 0 && get(sorted, j - 1) > x) {
      put(sorted, j, get(sorted, j - 1));
      j--;
    }
    put(sorted, j, x);
  }
  const hash = keyHash(op, k, sorted, 0, sorted.length);
  const mask = <u32>table.length - 1;
  for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
    const entry = get(table, slot);
    if (entry < 0) break;
    if (keyEquals(entry, op, k)) return (get(keyNodes, entry) << 2) | 2;
  }
  const node = addNode(op, k, from, to);
  const entry = keyOps.length;
  push(keyOps, op);
  push(keyKs, k);
  push(keyStarts, keyPool.length);
  push(keySizes, sorted.length);
  push(keyNodes, node);
  for (let i = 0; i < sorted.length; i++) push(keyPool, get(sorted, i));
  tableCount++;
  if (tableCount * 2 > table.length) {
    const size = table.length * 2;
    table.length = 0;
    reserve(table, size);
    for (let i = 0; i < size; i++) push(table, -1);
    for (let e = 0; e < keyOps.length; e++) {
      const at = get(keyStarts, e);
      tableInsert(e, keyHash(get(keyOps, e), get(keyKs, e), keyPool, at, at + get(keySizes, e)));
    }
  } else tableInsert(entry, hash);
  return (node << 2) | 2;
}

/**
 * op(scratch[from .. to)) simplified as combineLiterals in src/kernels/fta/graph.ts does, sharing made
 * gates. Leaves scratch as it found it.
 */
function combine(op: i32, k: i32, from: i32, to: i32): i32 {
  const base = scratch.length;
  let result: i32;
  if (op == OP_XOR) {
    const a = get(scratch, from);
    const b = get(scratch, from + 1);
    if (a == TRUE || a == FALSE) result = a == TRUE ? negate(b) : b;
    else if (b == TRUE || b == FALSE) result = b == TRUE ? negate(a) : a;
    else if (a == b) result = FALSE;
    else if (a == negate(b)) result = TRUE;
    else {
      push(scratch, a);
      push(scratch, b);
      result = makeNode(OP_XOR, 0, base, base + 2);
    }
  } else if (op == OP_ATLEAST) {
    let trues = 0;
    for (let i = from; i < to; i++) {
      const l = get(scratch, i);
      if (l == FALSE) continue;
      if (l == TRUE) trues++;
      else push(scratch, l);
    }
    const n = scratch.length - base;
    const need = k - trues;
    if (need <= 0) result = TRUE;
    else if (need > n) result = FALSE;
    else if (need == 1) result = combine(OP_OR, 0, base, base + n);
    else if (need == n) result = combine(OP_AND, 0, base, base + n);
    else result = makeNode(OP_ATLEAST, need, base, base + n);
  } else {
    const absorbing = op == OP_AND ? FALSE : TRUE;
    const neutral = op == OP_AND ? TRUE : FALSE;
    result = 0;
    let decided = false;
    for (let i = from; i < to; i++) {
      const l = get(scratch, i);
      if (l == absorbing) {
        decided = true;
        break;
      }
      if (l == neutral || holds(scratch, base, scratch.length, l)) continue;
      if (holds(scratch, base, scratch.length, negate(l))) {
        decided = true;
        break;
      }
      push(scratch, l);
    }
    const n = scratch.length - base;
    if (decided) result = absorbing;
    else if (n == 0) result = neutral;
    else if (n == 1) result = get(scratch, base);
    else result = makeNode(op, 0, base, base + n);
  }
  scratch.length = base;
  return result;
}

const seen = stamps();
const above = stamps();
const failed = stamps();
const working = stamps();
const inside = stamps();
const parentOfX = stamps();
const unique = stamps();
const slotted = stamps();
const memoSet = stamps();
const memoValue = vec();
// The reachable gates (children first), each one's position in that order, and the parents of each literal
// as flat lists, rebuilt only after a rewrite. Only the literals that some reachable gate has as a child get
// a slot (slotOf, valid where `slotted` has the literal's stamp); slot s's parents are
// parentList[parentStart[s] .. parentStart[s + 1]). Slots, not literals, index the lists because the copies
// made by rewrites leave many unreachable nodes (edf9202: about 5,000 nodes, a few hundred reachable).
const reachable = vec();
const position = vec();
const slotOf = vec();
const parentStart = vec();
const fill = vec();
const parentList = vec();
const stack = vec();
const nextChild = vec();
let stale = true;
let candidate: i32 = 0;

/** The gates below the top into `order`, children before parents (iterative: trees can be deep). */
function postOrder(order: Vec): void {
  order.length = 0;
  if (!isGate(topLiteral)) return;
  next(seen, ops.length);
  stack.length = 0;
  nextChild.length = 0;
  push(stack, index(topLiteral));
  push(nextChild, 0);
  mark(seen, index(topLiteral));
  while (stack.length) {
    const g = get(stack, stack.length - 1);
    const size = get(sizes, g);
    let i = get(nextChild, nextChild.length - 1);
    while (i < size && !(isGate(child(g, i)) && !has(seen, index(child(g, i))))) i++;
    if (i < size) {
      put(nextChild, nextChild.length - 1, i + 1);
      const h = index(child(g, i));
      mark(seen, h);
      push(stack, h);
      push(nextChild, 0);
    } else {
      push(order, g);
      stack.length--;
      nextChild.length--;
    }
  }
}

function rebuild(): void {
  const nodes = ops.length;
  postOrder(reachable);
  if (position.length < nodes) zeroed(position, nodes * 2);
  const literals = max(nodes, eventCount) * 4;
  if (slotOf.length < literals) zeroed(slotOf, literals * 2);
  next(slotted, literals);
  let slots = 0;
  let edges = 0;
  parentStart.length = 0;
  push(parentStart, 0);
  for (let i = 0; i < reachable.length; i++) {
    const g = get(reachable, i);
    put(position, g, i);
    next(unique, literals);
    const size = get(sizes, g);
    for (let j = 0; j < size; j++) {
      const c = child(g, j);
      if (c < 0 || has(unique, c)) continue;
      mark(unique, c);
      if (!has(slotted, c)) {
        mark(slotted, c);
        put(slotOf, c, slots++);
        push(parentStart, 0);
      }
      const at = get(slotOf, c) + 1;
      put(parentStart, at, get(parentStart, at) + 1);
      edges++;
    }
  }
  for (let s = 0; s < slots; s++) put(parentStart, s + 1, get(parentStart, s + 1) + get(parentStart, s));
  zeroed(parentList, edges);
  fill.length = 0;
  for (let s = 0; s < slots; s++) push(fill, get(parentStart, s));
  for (let i = 0; i < reachable.length; i++) {
    const g = get(reachable, i);
    next(unique, literals);
    const size = get(sizes, g);
    for (let j = 0; j < size; j++) {
      const c = child(g, j);
      if (c < 0 || has(unique, c)) continue;
      mark(unique, c);
      const slot = get(slotOf, c);
      put(parentList, get(fill, slot), g);
      put(fill, slot, get(fill, slot) + 1);
    }
  }
  stale = false;
}

@inline
function parentsStart(l: i32): i32 {
  return has(slotted, l) ? get(parentStart, get(slotOf, l)) : 0;
}

@inline
function parentsEnd(l: i32): i32 {
  return has(slotted, l) ? get(parentStart, get(slotOf, l) + 1) : 0;
}

/** c with the candidate x set to 0 (false), through copies of the gates above x. */
function restricted(c: i32): i32 {
  if (c == candidate) return FALSE;
  if (isGate(c) && has(above, index(c))) return restrict(index(c)) ^ (c & 1);
  return c;
}

/** Gate g with the candidate set to 0; g[x := 0] does not depend on the destination, so it is memoised. */
function restrict(g: i32): i32 {
  if (has(memoSet, g)) return get(memoValue, g);
  const base = scratch.length;
  const size = get(sizes, g);
  for (let j = 0; j < size; j++) {
    const r = restricted(child(g, j));
    push(scratch, r);
  }
  const result = combine(get(ops, g), get(ks, g), base, scratch.length);
  scratch.length = base;
  mark(memoSet, g);
  put(memoValue, g, result);
  return result;
}

const initial = vec();
const counts = vec();
const firstUse = vec();
const bucketStart = vec();
const candidates = vec();
const ancestors = vec();
const destinations = vec();

/** One sweep over the shared events and gates. Returns whether the graph changed. */
function sweep(): bool {
  if (!isGate(topLiteral) || topLiteral & 1) return false;
  const top = index(topLiteral);
  postOrder(initial);
  for (let i = 0; i < initial.length; i++) {
    const g = get(initial, i);
    if (get(ops, g) == OP_XOR) return false;
    for (let j = 0; j < get(sizes, g); j++) if (child(g, j) & 1) return false;
  }
  sharedReset();
  // Shared events and shared gates (by literal), the most shared first; ties in order of first use.
  const literals = max(ops.length, eventCount) * 4;
  zeroed(counts, literals);
  firstUse.length = 0;
  for (let i = 0; i < initial.length; i++) {
    const g = get(initial, i);
    next(unique, literals);
    for (let j = 0; j < get(sizes, g); j++) {
      const c = child(g, j);
      if (c < 0 || has(unique, c)) continue;
      mark(unique, c);
      if (get(counts, c) == 0) push(firstUse, c);
      put(counts, c, get(counts, c) + 1);
    }
  }
  // A stable sort by decreasing count: buckets by count, each in first-use order.
  let most = 0;
  for (let i = 0; i < firstUse.length; i++) most = max(most, get(counts, get(firstUse, i)));
  zeroed(bucketStart, most + 2);
  for (let i = 0; i < firstUse.length; i++) {
    const b = most - get(counts, get(firstUse, i)) + 1;
    put(bucketStart, b, get(bucketStart, b) + 1);
  }
  for (let b = 0; b <= most; b++) put(bucketStart, b + 1, get(bucketStart, b + 1) + get(bucketStart, b));
  zeroed(candidates, firstUse.length);
  for (let i = 0; i < firstUse.length; i++) {
    const c = get(firstUse, i);
    const b = most - get(counts, c);
    put(candidates, get(bucketStart, b), c);
    put(bucketStart, b, get(bucketStart, b) + 1);
  }

  let changed = false;
  stale = true;
  for (let ci = 0; ci < candidates.length; ci++) {
    const x = get(candidates, ci);
    if (get(counts, x) < 2) break;
    candidate = x;
    if (stale) rebuild();
    const directFrom = parentsStart(x);
    const directTo = parentsEnd(x);
    if (directTo - directFrom < 2) continue;
    const nodes = ops.length;
    // The gates above x: a walk up the parent lists, then taken in the reachable order (children first).
    next(above, nodes);
    next(parentOfX, nodes);
    ancestors.length = 0;
    for (let i = directFrom; i < directTo; i++) {
      const g = get(parentList, i);
      mark(parentOfX, g);
      mark(above, g);
      push(ancestors, g);
    }
    for (let at = 0; at < ancestors.length; at++) {
      const l = (get(ancestors, at) << 2) | 2;
      for (let i = parentsStart(l), end = parentsEnd(l); i < end; i++) {
        const p = get(parentList, i);
        if (!has(above, p)) {
          mark(above, p);
          push(ancestors, p);
        }
      }
    }
    ancestors.length = 0;
    for (let i = 0; i < reachable.length; i++) {
      const g = get(reachable, i);
      if (has(above, g)) push(ancestors, g);
    }
    // Which gates fail when x fails (children first), then the destinations: failed gates with a
    // working parent, or the top. Parents of gates above x are above x too.
    next(failed, nodes);
    for (let i = 0; i < ancestors.length; i++) {
      const g = get(ancestors, i);
      const size = get(sizes, g);
      let ones = 0;
      for (let j = 0; j < size; j++) {
        const c = child(g, j);
        if (c == x || (isGate(c) && has(failed, index(c)))) ones++;
      }
      const op = get(ops, g);
      if (op == OP_OR ? ones > 0 : op == OP_AND ? ones == size : ones >= get(ks, g)) mark(failed, g);
    }
    next(working, nodes);
    for (let i = 0; i < ancestors.length; i++) {
      const g = get(ancestors, i);
      if (has(failed, g)) continue;
      for (let j = 0; j < get(sizes, g); j++) if (isGate(child(g, j))) mark(working, index(child(g, j)));
    }
    destinations.length = 0;
    for (let i = 0; i < ancestors.length; i++) {
      const g = get(ancestors, i);
      if (has(failed, g) && (g == top || has(working, g))) push(destinations, g);
    }
    next(memoSet, nodes);
    if (memoValue.length < nodes) zeroed(memoValue, nodes * 2);
    let rewritten = false;
    for (let di = 0; di < destinations.length; di++) {
      const d = get(destinations, di);
      // Worth it only if x appears below d other than as d's own input. Every gate above x reaches a
      // parent of x through gates above x, so until a rewrite changes the gates, that is whether d has
      // an input above x; afterwards the gates below d are walked.
      let occurrences = 0;
      let onlyDirect = true;
      if (!rewritten) {
        occurrences = has(parentOfX, d) ? 1 : 0;
        for (let j = 0; j < get(sizes, d); j++) {
          const c = child(d, j);
          if (isGate(c) && has(above, index(c))) {
            occurrences++;
            onlyDirect = false;
            break;
          }
        }
      } else {
        next(inside, ops.length);
        stack.length = 0;
        push(stack, d);
        mark(inside, d);
        while (stack.length) {
          const g = get(stack, --stack.length);
          if (has(parentOfX, g)) {
            occurrences++;
            if (g != d) onlyDirect = false;
          }
          for (let j = 0; j < get(sizes, g); j++) {
            const c = child(g, j);
            const h = index(c);
            if (isGate(c) && has(above, h) && !has(inside, h)) {
              mark(inside, h);
              push(stack, h);
            }
          }
        }
      }
      if (occurrences == 0 || (onlyDirect && get(ops, d) == OP_OR)) continue;
      const base = scratch.length;
      if (get(ops, d) == OP_OR) {
        // Keep D flat: its other inputs restricted, x added once (nesting would hide earlier rewrites).
        push(scratch, x);
        let constant = false;
        for (let j = 0; j < get(sizes, d); j++) {
          const r = restricted(child(d, j));
          if (r == TRUE) constant = true;
          if (r != FALSE && !holds(scratch, base, scratch.length, r)) push(scratch, r);
        }
        if (constant) {
          // D would not depend on x: cannot happen in a coherent tree.
          scratch.length = base;
          continue;
        }
      } else {
        const rest = restrict(d);
        if (rest == TRUE) continue;
        push(scratch, x);
        if (rest != FALSE) push(scratch, rest);
      }
      setNode(d, OP_OR, 0, base, scratch.length);
      scratch.length = base;
      changed = true;
      rewritten = true;
      stale = true;
    }
  }
  return changed;
}

/**
 * Loads a graph of `nodes` gates (op, k, and children at childList[childStart[i] .. childStart[i + 1]),
 * pointers to i32 arrays written by the caller) and runs up to `maxSweeps` sweeps while they change it.
 * Returns the node count afterwards; absorbedExport writes the nodes back.
 */
export function absorbSharedEvents(
  nodes: i32,
  events: i32,
  top: i32,
  opPtr: usize,
  kPtr: usize,
  childStartPtr: usize,
  childListPtr: usize,
  maxSweeps: i32,
): i32 {
  const total = load<i32>(childStartPtr + (<usize>nodes << 2));
  ops.length = ks.length = starts.length = sizes.length = touched.length = pool.length = 0;
  for (let i = 0; i < nodes; i++) {
    push(ops, load<i32>(opPtr + (<usize>i << 2)));
    push(ks, load<i32>(kPtr + (<usize>i << 2)));
    const from = load<i32>(childStartPtr + (<usize>i << 2));
    push(starts, from);
    push(sizes, load<i32>(childStartPtr + (<usize>(i + 1) << 2)) - from);
    push(touched, 0);
  }
  reserve(pool, total);
  memory.copy(pool.ptr, childListPtr, <usize>total << 2);
  pool.length = total;
  eventCount = events;
  topLiteral = top;
  for (let i = 0; i < maxSweeps && sweep(); i++);
  return ops.length;
}

/** The number of children of all nodes together, after absorbSharedEvents (the room absorbedExport needs). */
export function absorbedChildCount(): i32 {
  let total = 0;
  for (let i = 0; i < sizes.length; i++) total += get(sizes, i);
  return total;
}

/**
 * Writes the graph back as it came in (op, k, childStart with one entry more than nodes, childList) and
 * per node whether the sweeps made or rewrote it (the others are unchanged).
 */
export function absorbedExport(
  opOut: usize,
  kOut: usize,
  touchedOut: usize,
  childStartOut: usize,
  childListOut: usize,
): void {
  let at = 0;
  for (let i = 0; i < ops.length; i++) {
    store<i32>(opOut + (<usize>i << 2), get(ops, i));
    store<i32>(kOut + (<usize>i << 2), get(ks, i));
    store<i32>(touchedOut + (<usize>i << 2), get(touched, i));
    store<i32>(childStartOut + (<usize>i << 2), at);
    const size = get(sizes, i);
    memory.copy(childListOut + (<usize>at << 2), pool.ptr + (<usize>get(starts, i) << 2), <usize>size << 2);
    at += size;
  }
  store<i32>(childStartOut + (<usize>ops.length << 2), at);
}
