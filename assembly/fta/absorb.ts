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

// The graph: per node its operation, k, and its children at pool[start .. start + size).
let ops = new Array<i32>();
let ks = new Array<i32>();
let starts = new Array<i32>();
let sizes = new Array<i32>();
let pool = new Array<i32>();
let touched = new Array<i32>();
let eventCount: i32 = 0;
let topLiteral: i32 = 0;

/** Marks that are cleared in O(1) by a new epoch: a sweep reuses them for hundreds of candidates. */
class Stamps {
  marks: StaticArray<i32> = new StaticArray<i32>(1024);
  epoch: i32 = 0;
  next(size: i32): void {
    if (size > this.marks.length) {
      const grown = new StaticArray<i32>(max(size, this.marks.length * 2));
      memory.copy(changetype<usize>(grown), changetype<usize>(this.marks), <usize>this.marks.length << 2);
      this.marks = grown;
    }
    this.epoch++;
  }
  @inline has(i: i32): bool {
    return i < this.marks.length && unchecked(this.marks[i]) == this.epoch;
  }
  @inline set(i: i32): void {
    unchecked((this.marks[i] = this.epoch));
  }
}

function addNode(op: i32, k: i32, children: Array<i32>): i32 {
  const node = ops.length;
  ops.push(op);
  ks.push(k);
  starts.push(pool.length);
  sizes.push(children.length);
  touched.push(1);
  for (let i = 0; i < children.length; i++) pool.push(unchecked(children[i]));
  return node;
}

function setNode(node: i32, op: i32, k: i32, children: Array<i32>): void {
  unchecked((ops[node] = op));
  unchecked((ks[node] = k));
  unchecked((starts[node] = pool.length));
  unchecked((sizes[node] = children.length));
  unchecked((touched[node] = 1));
  for (let i = 0; i < children.length; i++) pool.push(unchecked(children[i]));
}

@inline
function child(node: i32, i: i32): i32 {
  return unchecked(pool[unchecked(starts[node]) + i]);
}

// Gates made in one sweep, shared by (op, k, sorted children): an open-addressing table of entries whose
// keys are copied at creation (a node rewritten later keeps the key it was made with, as a string key did).
let sharedTable = new StaticArray<i32>(0);
let sharedCount: i32 = 0;
let keyOps = new Array<i32>();
let keyKs = new Array<i32>();
let keyStarts = new Array<i32>();
let keySizes = new Array<i32>();
let keyNodes = new Array<i32>();
let keyPool = new Array<i32>();

function sharedReset(): void {
  sharedTable = new StaticArray<i32>(256);
  for (let i = 0; i < sharedTable.length; i++) unchecked((sharedTable[i] = -1));
  sharedCount = 0;
  keyOps = new Array<i32>();
  keyKs = new Array<i32>();
  keyStarts = new Array<i32>();
  keySizes = new Array<i32>();
  keyNodes = new Array<i32>();
  keyPool = new Array<i32>();
}

function keyHash(op: i32, k: i32, sorted: Int32Array): u32 {
  let h: u32 = <u32>(op * 31 + k) * 0x9e3779b1;
  for (let i = 0; i < sorted.length; i++) {
    h ^= <u32>unchecked(sorted[i]) * 0x85ebca77;
    h = ((h << 13) | (h >>> 19)) * 0xc2b2ae3d;
  }
  h ^= h >>> 15;
  return h;
}

function keyEquals(entry: i32, op: i32, k: i32, sorted: Int32Array): bool {
  if (unchecked(keyOps[entry]) != op || unchecked(keyKs[entry]) != k) return false;
  if (unchecked(keySizes[entry]) != sorted.length) return false;
  const from = unchecked(keyStarts[entry]);
  for (let i = 0; i < sorted.length; i++) {
    if (unchecked(keyPool[from + i]) != unchecked(sorted[i])) return false;
  }
  return true;
}

function sharedInsert(entry: i32, hash: u32): void {
  const mask = <u32>sharedTable.length - 1;
  let slot = hash & mask;
  while (unchecked(sharedTable[slot]) >= 0) slot = (slot + 1) & mask;
  unchecked((sharedTable[slot] = entry));
}

/** The literal of a new gate, or of the same gate made before in this sweep. */
function makeNode(op: i32, k: i32, children: Array<i32>): i32 {
  const sorted = new Int32Array(children.length);
  for (let i = 0; i < children.length; i++) unchecked((sorted[i] = children[i]));
  sorted.sort();
  const hash = keyHash(op, k, sorted);
  const mask = <u32>sharedTable.length - 1;
  for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
    const entry = unchecked(sharedTable[slot]);
    if (entry < 0) break;
    if (keyEquals(entry, op, k, sorted)) return (unchecked(keyNodes[entry]) << 2) | 2;
  }
  const node = addNode(op, k, children);
  const entry = keyOps.length;
  keyOps.push(op);
  keyKs.push(k);
  keyStarts.push(keyPool.length);
  keySizes.push(sorted.length);
  keyNodes.push(node);
  for (let i = 0; i < sorted.length; i++) keyPool.push(unchecked(sorted[i]));
  sharedCount++;
  if (sharedCount * 2 > sharedTable.length) {
    const entries = keyOps.length;
    sharedTable = new StaticArray<i32>(sharedTable.length * 2);
    for (let i = 0; i < sharedTable.length; i++) unchecked((sharedTable[i] = -1));
    for (let e = 0; e < entries; e++) {
      const from = unchecked(keyStarts[e]);
      const key = new Int32Array(unchecked(keySizes[e]));
      for (let i = 0; i < key.length; i++) unchecked((key[i] = keyPool[from + i]));
      sharedInsert(e, keyHash(unchecked(keyOps[e]), unchecked(keyKs[e]), key));
    }
  } else sharedInsert(entry, hash);
  return (node << 2) | 2;
}

@inline
function negate(l: i32): i32 {
  return l == TRUE ? FALSE : l == FALSE ? TRUE : l ^ 1;
}

/** op(inputs) simplified as combineLiterals in src/kernels/fta/graph.ts does, sharing made gates. */
function combine(op: i32, k: i32, inputs: Array<i32>): i32 {
  if (op == OP_XOR) {
    const a = inputs[0];
    const b = inputs[1];
    if (a == TRUE || a == FALSE) return a == TRUE ? negate(b) : b;
    if (b == TRUE || b == FALSE) return b == TRUE ? negate(a) : a;
    if (a == b) return FALSE;
    if (a == negate(b)) return TRUE;
    const pair = new Array<i32>();
    pair.push(a);
    pair.push(b);
    return makeNode(OP_XOR, 0, pair);
  }
  if (op == OP_ATLEAST) {
    let trues = 0;
    const children = new Array<i32>();
    for (let i = 0; i < inputs.length; i++) {
      const l = unchecked(inputs[i]);
      if (l == FALSE) continue;
      if (l == TRUE) trues++;
      else children.push(l);
    }
    const need = k - trues;
    if (need <= 0) return TRUE;
    if (need > children.length) return FALSE;
    if (need == 1) return combine(OP_OR, 0, children);
    if (need == children.length) return combine(OP_AND, 0, children);
    return makeNode(OP_ATLEAST, need, children);
  }
  const absorbing = op == OP_AND ? FALSE : TRUE;
  const neutral = op == OP_AND ? TRUE : FALSE;
  const children = new Array<i32>();
  for (let i = 0; i < inputs.length; i++) {
    const l = unchecked(inputs[i]);
    if (l == absorbing) return absorbing;
    if (l == neutral || children.includes(l)) continue;
    if (children.includes(negate(l))) return absorbing;
    children.push(l);
  }
  if (children.length == 0) return neutral;
  if (children.length == 1) return unchecked(children[0]);
  return makeNode(op, 0, children);
}

/** Gates below the top, children before parents (iterative: trees can be deep). */
function postOrder(seen: Stamps): Array<i32> {
  const order = new Array<i32>();
  if (!isGate(topLiteral)) return order;
  seen.next(ops.length);
  const stack = new Array<i32>();
  const next = new Array<i32>();
  stack.push(index(topLiteral));
  next.push(0);
  seen.set(index(topLiteral));
  while (stack.length) {
    const g = unchecked(stack[stack.length - 1]);
    const size = unchecked(sizes[g]);
    let i = unchecked(next[next.length - 1]);
    while (i < size && !(isGate(child(g, i)) && !seen.has(index(child(g, i))))) i++;
    if (i < size) {
      unchecked((next[next.length - 1] = i + 1));
      const h = index(child(g, i));
      seen.set(h);
      stack.push(h);
      next.push(0);
    } else {
      order.push(g);
      stack.pop();
      next.pop();
    }
  }
  return order;
}

// The marks of one sweep, kept across sweeps (their epochs only grow).
const seen = new Stamps();
const above = new Stamps();
const failed = new Stamps();
const working = new Stamps();
const inside = new Stamps();
const parentOfX = new Stamps();
const unique = new Stamps();
const slotted = new Stamps();
const memoSet = new Stamps();
let memoValue = new StaticArray<i32>(0);
// The reachable gates (children first), each one's position in that order, and the parents of each literal
// as flat lists, rebuilt only after a rewrite. Only the literals that some reachable gate has as a child get
// a slot (slotOf, valid where `slotted` has the literal's stamp); slot s's parents are
// parentList[parentStart[s] .. parentStart[s + 1]). Slots, not literals, index the lists because the copies
// made by rewrites leave many unreachable nodes (edf9202: about 5,000 nodes, a few hundred reachable).
let reachable = new Array<i32>();
let position = new StaticArray<i32>(0);
let slotOf = new StaticArray<i32>(0);
let parentStart = new StaticArray<i32>(1024);
let fill = new StaticArray<i32>(1024);
let parentList = new StaticArray<i32>(0);
let stale = true;
let candidate: i32 = 0;

function rebuild(): void {
  const nodes = ops.length;
  reachable = postOrder(seen);
  if (position.length < nodes) position = new StaticArray<i32>(nodes * 2);
  const literals = max(nodes, eventCount) * 4;
  if (slotOf.length < literals) slotOf = new StaticArray<i32>(literals * 2);
  slotted.next(literals);
  let slots = 0;
  let edges = 0;
  for (let i = 0; i < reachable.length; i++) {
    const g = unchecked(reachable[i]);
    unchecked((position[g] = i));
    unique.next(literals);
    const size = unchecked(sizes[g]);
    for (let j = 0; j < size; j++) {
      const c = child(g, j);
      if (c < 0 || unique.has(c)) continue;
      unique.set(c);
      if (!slotted.has(c)) {
        slotted.set(c);
        unchecked((slotOf[c] = slots++));
        if (parentStart.length < slots + 1) {
          const grown = new StaticArray<i32>(max(1024, slots * 2));
          memory.copy(changetype<usize>(grown), changetype<usize>(parentStart), <usize>slots << 2);
          parentStart = grown;
          fill = new StaticArray<i32>(grown.length);
        }
        unchecked((parentStart[slots] = 0));
      }
      unchecked(parentStart[slotOf[c] + 1]++);
      edges++;
    }
  }
  unchecked((parentStart[0] = 0));
  for (let s = 0; s < slots; s++) unchecked((parentStart[s + 1] += parentStart[s]));
  if (parentList.length < edges) parentList = new StaticArray<i32>(edges * 2);
  memory.copy(changetype<usize>(fill), changetype<usize>(parentStart), <usize>slots << 2);
  for (let i = 0; i < reachable.length; i++) {
    const g = unchecked(reachable[i]);
    unique.next(literals);
    const size = unchecked(sizes[g]);
    for (let j = 0; j < size; j++) {
      const c = child(g, j);
      if (c < 0 || unique.has(c)) continue;
      unique.set(c);
      const slot = unchecked(slotOf[c]);
      unchecked((parentList[fill[slot]] = g));
      unchecked(fill[slot]++);
    }
  }
  stale = false;
}

@inline
function parentsStart(l: i32): i32 {
  return slotted.has(l) ? unchecked(parentStart[slotOf[l]]) : 0;
}

@inline
function parentsEnd(l: i32): i32 {
  return slotted.has(l) ? unchecked(parentStart[slotOf[l] + 1]) : 0;
}

/** c with the candidate x set to 0 (false), through copies of the gates above x. */
function restricted(c: i32): i32 {
  if (c == candidate) return FALSE;
  if (isGate(c) && above.has(index(c))) return restrict(index(c)) ^ (c & 1);
  return c;
}

/** Gate g with the candidate set to 0; g[x := 0] does not depend on the destination, so it is memoised. */
function restrict(g: i32): i32 {
  if (memoSet.has(g)) return unchecked(memoValue[g]);
  const inputs = new Array<i32>();
  const size = unchecked(sizes[g]);
  for (let j = 0; j < size; j++) inputs.push(restricted(child(g, j)));
  const result = combine(unchecked(ops[g]), unchecked(ks[g]), inputs);
  memoSet.set(g);
  unchecked((memoValue[g] = result));
  return result;
}

/** One sweep over the shared events and gates. Returns whether the graph changed. */
function sweep(): bool {
  if (!isGate(topLiteral) || topLiteral & 1) return false;
  const top = index(topLiteral);
  const initial = postOrder(seen);
  for (let i = 0; i < initial.length; i++) {
    const g = unchecked(initial[i]);
    if (unchecked(ops[g]) == OP_XOR) return false;
    for (let j = 0; j < unchecked(sizes[g]); j++) if (child(g, j) & 1) return false;
  }
  sharedReset();
  // Shared events and shared gates (by literal), the most shared first; ties in order of first use.
  const literals = max(ops.length, eventCount) * 4;
  const counts = new StaticArray<i32>(literals);
  const firstUse = new Array<i32>();
  unique.next(literals);
  for (let i = 0; i < initial.length; i++) {
    const g = unchecked(initial[i]);
    unique.next(literals);
    for (let j = 0; j < unchecked(sizes[g]); j++) {
      const c = child(g, j);
      if (c < 0 || unique.has(c)) continue;
      unique.set(c);
      if (unchecked(counts[c]) == 0) firstUse.push(c);
      unchecked(counts[c]++);
    }
  }
  // A stable sort by decreasing count: buckets by count, each in first-use order.
  let most = 0;
  for (let i = 0; i < firstUse.length; i++) most = max(most, unchecked(counts[firstUse[i]]));
  const bucketStart = new StaticArray<i32>(most + 2);
  for (let i = 0; i < firstUse.length; i++) unchecked(bucketStart[most - counts[firstUse[i]] + 1]++);
  for (let b = 0; b <= most; b++) unchecked((bucketStart[b + 1] += bucketStart[b]));
  const candidates = new StaticArray<i32>(firstUse.length);
  for (let i = 0; i < firstUse.length; i++) {
    const c = unchecked(firstUse[i]);
    const b = most - unchecked(counts[c]);
    unchecked((candidates[bucketStart[b]] = c));
    unchecked(bucketStart[b]++);
  }

  let changed = false;
  stale = true;
  const ancestors = new Array<i32>();
  const destinations = new Array<i32>();
  const stack = new Array<i32>();
  for (let ci = 0; ci < candidates.length; ci++) {
    const x = unchecked(candidates[ci]);
    if (unchecked(counts[x]) < 2) break;
    candidate = x;
    if (stale) rebuild();
    const directFrom = parentsStart(x);
    const directTo = parentsEnd(x);
    if (directTo - directFrom < 2) continue;
    const nodes = ops.length;
    // The gates above x: a walk up the parent lists, then taken in the reachable order (children first).
    above.next(nodes);
    parentOfX.next(nodes);
    ancestors.length = 0;
    for (let i = directFrom; i < directTo; i++) {
      const g = unchecked(parentList[i]);
      parentOfX.set(g);
      above.set(g);
      ancestors.push(g);
    }
    for (let next = 0; next < ancestors.length; next++) {
      const l = (unchecked(ancestors[next]) << 2) | 2;
      for (let i = parentsStart(l), end = parentsEnd(l); i < end; i++) {
        const p = unchecked(parentList[i]);
        if (!above.has(p)) {
          above.set(p);
          ancestors.push(p);
        }
      }
    }
    ancestors.length = 0;
    for (let i = 0; i < reachable.length; i++) {
      if (above.has(unchecked(reachable[i]))) ancestors.push(unchecked(reachable[i]));
    }
    // Which gates fail when x fails (children first), then the destinations: failed gates with a
    // working parent, or the top. Parents of gates above x are above x too.
    failed.next(nodes);
    for (let i = 0; i < ancestors.length; i++) {
      const g = unchecked(ancestors[i]);
      const size = unchecked(sizes[g]);
      let ones = 0;
      for (let j = 0; j < size; j++) {
        const c = child(g, j);
        if (c == x || (isGate(c) && failed.has(index(c)))) ones++;
      }
      const op = unchecked(ops[g]);
      if (op == OP_OR ? ones > 0 : op == OP_AND ? ones == size : ones >= unchecked(ks[g])) failed.set(g);
    }
    working.next(nodes);
    for (let i = 0; i < ancestors.length; i++) {
      const g = unchecked(ancestors[i]);
      if (failed.has(g)) continue;
      for (let j = 0; j < unchecked(sizes[g]); j++) if (isGate(child(g, j))) working.set(index(child(g, j)));
    }
    destinations.length = 0;
    for (let i = 0; i < ancestors.length; i++) {
      const g = unchecked(ancestors[i]);
      if (failed.has(g) && (g == top || working.has(g))) destinations.push(g);
    }
    memoSet.next(nodes);
    if (memoValue.length < nodes) memoValue = new StaticArray<i32>(nodes * 2);
    let rewritten = false;
    for (let di = 0; di < destinations.length; di++) {
      const d = unchecked(destinations[di]);
      // Worth it only if x appears below d other than as d's own input. Every gate above x reaches a
      // parent of x through gates above x, so until a rewrite changes the gates, that is whether d has
      // an input above x; afterwards the gates below d are walked.
      let occurrences = 0;
      let onlyDirect = true;
      if (!rewritten) {
        occurrences = parentOfX.has(d) ? 1 : 0;
        for (let j = 0; j < unchecked(sizes[d]); j++) {
          const c = child(d, j);
          if (isGate(c) && above.has(index(c))) {
            occurrences++;
            onlyDirect = false;
            break;
          }
        }
      } else {
        inside.next(ops.length);
        stack.length = 0;
        stack.push(d);
        inside.set(d);
        while (stack.length) {
          const g = stack.pop();
          if (parentOfX.has(g)) {
            occurrences++;
            if (g != d) onlyDirect = false;
          }
          for (let j = 0; j < unchecked(sizes[g]); j++) {
            const c = child(g, j);
            const h = index(c);
            if (isGate(c) && above.has(h) && !inside.has(h)) {
              inside.set(h);
              stack.push(h);
            }
          }
        }
      }
      if (occurrences == 0 || (onlyDirect && unchecked(ops[d]) == OP_OR)) continue;
      const children = new Array<i32>();
      if (unchecked(ops[d]) == OP_OR) {
        // Keep D flat: its other inputs restricted, x added once (nesting would hide earlier rewrites).
        children.push(x);
        let constant = false;
        for (let j = 0; j < unchecked(sizes[d]); j++) {
          const r = restricted(child(d, j));
          if (r == TRUE) constant = true;
          if (r != FALSE && !children.includes(r)) children.push(r);
        }
        if (constant) continue; // D would not depend on x: cannot happen in a coherent tree.
      } else {
        const rest = restrict(d);
        if (rest == TRUE) continue;
        children.push(x);
        if (rest != FALSE) children.push(rest);
      }
      setNode(d, OP_OR, 0, children);
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
 * Returns the node count afterwards; ftaAbsorbedNode* read the nodes back.
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
  ops = new Array<i32>(nodes);
  ks = new Array<i32>(nodes);
  starts = new Array<i32>(nodes);
  sizes = new Array<i32>(nodes);
  touched = new Array<i32>(nodes);
  const total = load<i32>(childStartPtr + (<usize>nodes << 2));
  pool = new Array<i32>(total);
  for (let i = 0; i < nodes; i++) {
    unchecked((ops[i] = load<i32>(opPtr + (<usize>i << 2))));
    unchecked((ks[i] = load<i32>(kPtr + (<usize>i << 2))));
    const from = load<i32>(childStartPtr + (<usize>i << 2));
    unchecked((starts[i] = from));
    unchecked((sizes[i] = load<i32>(childStartPtr + (<usize>(i + 1) << 2)) - from));
    unchecked((touched[i] = 0));
  }
  for (let i = 0; i < total; i++) unchecked((pool[i] = load<i32>(childListPtr + (<usize>i << 2))));
  eventCount = events;
  topLiteral = top;
  for (let i = 0; i < maxSweeps && sweep(); i++);
  sharedReset();
  reachable = new Array<i32>();
  return ops.length;
}

/** The number of children of all nodes together, after ftaAbsorb (the room ftaAbsorbedExport needs). */
export function absorbedChildCount(): i32 {
  let total = 0;
  for (let i = 0; i < sizes.length; i++) total += unchecked(sizes[i]);
  return total;
}

/**
 * Writes the graph back as it came in (op, k, childStart with one entry more than nodes, childList) and
 * per node whether the sweeps made or rewrote it (the others are unchanged), then lets the graph go.
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
    store<i32>(opOut + (<usize>i << 2), unchecked(ops[i]));
    store<i32>(kOut + (<usize>i << 2), unchecked(ks[i]));
    store<i32>(touchedOut + (<usize>i << 2), unchecked(touched[i]));
    store<i32>(childStartOut + (<usize>i << 2), at);
    const size = unchecked(sizes[i]);
    for (let j = 0; j < size; j++) store<i32>(childListOut + (<usize>(at + j) << 2), child(i, j));
    at += size;
  }
  store<i32>(childStartOut + (<usize>ops.length << 2), at);
  ops = new Array<i32>();
  ks = new Array<i32>();
  starts = new Array<i32>();
  sizes = new Array<i32>();
  touched = new Array<i32>();
  pool = new Array<i32>();
}
