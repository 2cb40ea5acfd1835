// A memo of f64 values keyed by a pair of i32 (two BDD edges or node ids), for the direct cofactor
// differences of the importance passes (assembly/fta/probability.ts, assembly/rbd/exact.ts). Open
// addressing with linear probing; it only grows to PAIR_MEMO_LIMIT entries, after which `pairMemoFull()`
// tells the caller to fall back to its cheaper (less exact) path rather than use unbounded memory.

const EMPTY: u64 = 0xffffffffffffffff;
export const PAIR_MEMO_LIMIT: i32 = 1 << 19;

let keys: usize = 0;
let values: usize = 0;
let capacity: i32 = 0;
let used: i32 = 0;

@inline
function keyOf(a: i32, b: i32): u64 {
  return (<u64>(<u32>a) << 32) | <u64>(<u32>b);
}

@inline
function slotOf(key: u64, mask: i32): i32 {
  let h = key * 0x9e3779b97f4a7c15;
  h ^= h >>> 29;
  return <i32>(h & <u64>mask);
}

function allocate(n: i32): void {
  if (keys != 0) {
    heap.free(keys);
    heap.free(values);
  }
  capacity = n;
  keys = heap.alloc(<usize>n << 3);
  values = heap.alloc(<usize>n << 3);
  memory.fill(keys, 0xff, <usize>n << 3);
  used = 0;
}

/** Empties the memo (values depend on the probabilities of the moment). */
export function pairMemoClear(): void {
  if (keys == 0) allocate(1 << 12);
  else if (used > 0) {
    memory.fill(keys, 0xff, <usize>capacity << 3);
    used = 0;
  }
}

/** True when the memo holds PAIR_MEMO_LIMIT entries and will take no more. */
export function pairMemoFull(): bool {
  return used >= PAIR_MEMO_LIMIT;
}

/** The stored value, or NaN when (a, b) is not there. */
export function pairMemoGet(a: i32, b: i32): f64 {
  const key = keyOf(a, b);
  const mask = capacity - 1;
  let slot = slotOf(key, mask);
  while (true) {
    const k = load<u64>(keys + (<usize>slot << 3));
    if (k == key) return load<f64>(values + (<usize>slot << 3));
    if (k == EMPTY) return NaN;
    slot = (slot + 1) & mask;
  }
  return NaN;
}

function insert(key: u64, value: f64): void {
  const mask = capacity - 1;
  let slot = slotOf(key, mask);
  while (load<u64>(keys + (<usize>slot << 3)) != EMPTY) slot = (slot + 1) & mask;
  store<u64>(keys + (<usize>slot << 3), key);
  store<f64>(values + (<usize>slot << 3), value);
  used++;
}

/** Stores value for (a, b); ignored once the memo is full. */
export function pairMemoSet(a: i32, b: i32, value: f64): void {
  if (used >= PAIR_MEMO_LIMIT) return;
  if ((used + 1) * 2 > capacity) {
    // Grow to twice the size and re-insert (load factor at most one half).
    const oldKeys = keys;
    const oldValues = values;
    const oldCapacity = capacity;
    capacity = oldCapacity * 2;
    keys = heap.alloc(<usize>capacity << 3);
    values = heap.alloc(<usize>capacity << 3);
    memory.fill(keys, 0xff, <usize>capacity << 3);
    used = 0;
    for (let i = 0; i < oldCapacity; i++) {
      const k = load<u64>(oldKeys + (<usize>i << 3));
      if (k != EMPTY) insert(k, load<f64>(oldValues + (<usize>i << 3)));
    }
    heap.free(oldKeys);
    heap.free(oldValues);
  }
  insert(keyOf(a, b), value);
}
