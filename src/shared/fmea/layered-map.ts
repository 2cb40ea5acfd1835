// A map that shares an unchanging base with the maps it was made from and holds only what changed since
// (issue 18: an edit of one cell on a 20,000-node FMEA copied both whole maps, twice). Every document the
// undo history keeps stays as it was: a change goes into the new layer's own small map, never the base.
// The changes are copied into each new layer, so once they grow to a share of the base (`flattenAt`) the
// next layer starts from a fresh base holding everything: a lookup costs two map reads at most, and the
// full copy comes once per that many changes instead of once per edit.

const GONE: unique symbol = Symbol("gone");
type Slot<V> = V | typeof GONE;

/** Changes a layer may carry before the next one copies the whole map into a fresh base. */
export function flattenAt(baseSize: number): number {
  return Math.max(64, baseSize >> 4);
}

export class LayeredMap<K, V> implements ReadonlyMap<K, V> {
  private count: number;

  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    /** Values set over the base, and GONE for base keys deleted. Keys not in the base are never GONE. */
    private readonly delta: Map<K, Slot<V>>,
    count: number,
  ) {
    this.count = count;
  }

  /** A map to change that starts as `from` holds now; `from` is never changed through it. */
  static over<K, V>(from: ReadonlyMap<K, V>): LayeredMap<K, V> {
    if (!(from instanceof LayeredMap)) return new LayeredMap(from, new Map(), from.size);
    if (from.delta.size > flattenAt(from.base.size))
      return new LayeredMap(new Map(from), new Map(), from.size);
    return new LayeredMap(from.base, new Map(from.delta), from.count);
  }

  get size(): number {
    return this.count;
  }

  get(key: K): V | undefined {
    const slot = this.delta.get(key);
    if (slot === undefined) return this.base.get(key);
    return slot === GONE ? undefined : slot;
  }

  has(key: K): boolean {
    const slot = this.delta.get(key);
    if (slot === undefined) return this.base.has(key);
    return slot !== GONE;
  }

  set(key: K, value: V): this {
    this.list = null;
    if (!this.has(key)) this.count++;
    this.delta.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    if (!this.has(key)) return false;
    this.list = null;
    this.count--;
    if (this.base.has(key)) this.delta.set(key, GONE);
    else this.delta.delete(key);
    return true;
  }

  /** The base's keys in its order (a key deleted and set again keeps its place), then the keys added. */
  *entries(): MapIterator<[K, V]> {
    const { keys, values } = this.listed();
    for (let i = 0; i < keys.length; i++) yield [keys[i], values[i]];
  }

  keys(): MapIterator<K> {
    return this.delta.size === 0 ? this.base.keys() : (this.listed().keys.values() as MapIterator<K>);
  }

  values(): MapIterator<V> {
    return this.delta.size === 0 ? this.base.values() : (this.listed().values.values() as MapIterator<V>);
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    const { keys, values } = this.listed();
    for (let i = 0; i < keys.length; i++) callback.call(thisArg, values[i], keys[i], this);
  }

  // Whole-map scans (children of a node, links of a net) are many per edit: the keys and values are listed
  // once per layer as arrays, which iterate as fast as a plain map; a change lists them again.
  private list: { keys: K[]; values: V[] } | null = null;

  private listed(): { keys: K[]; values: V[] } {
    if (this.list) return this.list;
    const keys: K[] = [];
    const values: V[] = [];
    for (const [key, value] of this.base) {
      const slot = this.delta.size === 0 ? undefined : this.delta.get(key);
      if (slot === undefined) {
        keys.push(key);
        values.push(value);
      } else if (slot !== GONE) {
        keys.push(key);
        values.push(slot);
      }
    }
    for (const [key, slot] of this.delta)
      if (slot !== GONE && !this.base.has(key)) {
        keys.push(key);
        values.push(slot);
      }
    this.list = { keys, values };
    return this.list;
  }
}
