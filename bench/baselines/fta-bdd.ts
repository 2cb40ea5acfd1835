// Plain TypeScript version of the fault tree kernel's BDD path (assembly/fta/: bdd.ts, build.ts,
// probability.ts, mincut.ts, zbdd.ts, family.ts), for `relbench bench`: the same data layout (typed
// arrays, open-addressing unique tables, a direct-mapped operation cache), the same algorithms (BDD with
// complement edges and module proxies, exact probability with P and Q per node, Rauzy's minimal cut
// sets with an order limit, counts by order and the rare-event sum on the ZBDD).

import type { BddPlan } from "../../src/kernels/fta/program.ts";

const mix3 = (a: number, b: number, c: number): number => {
  let h = Math.imul(a, 0x9e3779b1);
  h ^= Math.imul(b, 0x85ebca77);
  h = (h << 13) | (h >>> 19);
  h ^= Math.imul(c, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
};

class Cache {
  entries = new Int32Array(4 << 18).fill(-1);
  mask = (1 << 18) - 1;
  fit(nodes: number): void {
    const wanted = Math.min(nodes * 4, 1 << 23);
    if (wanted > this.mask + 1) {
      let size = this.mask + 1;
      while (size < wanted) size *= 2;
      this.entries = new Int32Array(4 * size).fill(-1);
      this.mask = size - 1;
    }
  }
  get(tag: number, a: number, b: number): number {
    const s = (mix3(tag, a, b) & this.mask) * 4;
    const e = this.entries;
    return e[s] === tag && e[s + 1] === a && e[s + 2] === b ? e[s + 3] : -1;
  }
  put(tag: number, a: number, b: number, r: number): void {
    const s = (mix3(tag, a, b) & this.mask) * 4;
    const e = this.entries;
    e[s] = tag;
    e[s + 1] = a;
    e[s + 2] = b;
    e[s + 3] = r;
  }
}

/** Node store with an open-addressing unique table over (level, high, low). */
class Store {
  level: Int32Array;
  high: Int32Array;
  low: Int32Array;
  count: number;
  table: Int32Array;
  constructor(
    capacity: number,
    terminals: number,
    private readonly cache: Cache,
  ) {
    this.level = new Int32Array(capacity);
    this.high = new Int32Array(capacity);
    this.low = new Int32Array(capacity);
    this.level.fill(0x7fffffff, 0, terminals);
    this.count = terminals;
    this.table = new Int32Array(capacity * 2);
  }
  private grow(): void {
    const capacity = this.level.length * 2;
    const copy = (a: Int32Array) => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    this.level = copy(this.level);
    this.high = copy(this.high);
    this.low = copy(this.low);
    this.table = new Int32Array(capacity * 2);
    const mask = this.table.length - 1;
    for (let n = 1; n < this.count; n++) {
      if (this.level[n] === 0x7fffffff) continue;
      let h = mix3(this.level[n], this.high[n], this.low[n]) & mask;
      while (this.table[h] !== 0) h = (h + 1) & mask;
      this.table[h] = n;
    }
    this.cache.fit(capacity);
  }
  find(level: number, high: number, low: number): number {
    if (this.count === this.level.length) this.grow();
    const mask = this.table.length - 1;
    let h = mix3(level, high, low) & mask;
    for (;;) {
      const n = this.table[h];
      if (n === 0) break;
      if (this.level[n] === level && this.high[n] === high && this.low[n] === low) return n;
      h = (h + 1) & mask;
    }
    const node = this.count++;
    this.level[node] = level;
    this.high[node] = high;
    this.low[node] = low;
    this.table[h] = node;
    return node;
  }
}

const AND = 1;
const XOR = 2;
const UNION = 3;
const WITHOUT = 4;
const TRUNC = 5;
const SUBST = 6;

export interface BaselineResult {
  exact: number;
  count: number;
  byOrder: number[];
  rareEvent: number;
}

export function analyzeBddBaseline(
  plan: BddPlan,
  p: Float64Array,
  q: Float64Array,
  limit: number,
): BaselineResult {
  const cache = new Cache();
  const bdd = new Store(1 << 14, 1, cache);
  const levelP = new Float64Array(plan.levels);
  const levelQ = new Float64Array(plan.levels);
  const moduleRoot = new Int32Array(plan.levels).fill(-1);
  for (let l = 0; l < plan.levels; l++) {
    const e = plan.levelEvent[l];
    if (e >= 0) {
      levelP[l] = p[e];
      levelQ[l] = q[e];
    }
  }
  const mk = (level: number, high: number, low: number): number => {
    if (high === low) return high;
    const c = high & 1;
    return (bdd.find(level, high ^ c, low ^ c) << 1) | c;
  };
  const edgeLevel = (e: number) => bdd.level[e >>> 1];
  const and = (a: number, b: number): number => {
    if (a === b) return a;
    if (a === (b ^ 1)) return 1;
    if (a === 0) return b;
    if (b === 0) return a;
    if (a === 1 || b === 1) return 1;
    if (a > b) [a, b] = [b, a];
    const cached = cache.get(AND, a, b);
    if (cached >= 0) return cached;
    const na = a >>> 1;
    const nb = b >>> 1;
    const top = Math.min(bdd.level[na], bdd.level[nb]);
    const a1 = bdd.level[na] === top ? bdd.high[na] ^ (a & 1) : a;
    const a0 = bdd.level[na] === top ? bdd.low[na] ^ (a & 1) : a;
    const b1 = bdd.level[nb] === top ? bdd.high[nb] ^ (b & 1) : b;
    const b0 = bdd.level[nb] === top ? bdd.low[nb] ^ (b & 1) : b;
    const r = mk(top, and(a1, b1), and(a0, b0));
    cache.put(AND, a, b, r);
    return r;
  };
  const or = (a: number, b: number) => and(a ^ 1, b ^ 1) ^ 1;
  const xor = (a: number, b: number): number => {
    const parity = (a ^ b) & 1;
    a &= ~1;
    b &= ~1;
    if (a === b) return 1 ^ parity;
    if (a === 0) return b ^ 1 ^ parity;
    if (b === 0) return a ^ 1 ^ parity;
    if (a > b) [a, b] = [b, a];
    let r = cache.get(XOR, a, b);
    if (r < 0) {
      const na = a >>> 1;
      const nb = b >>> 1;
      const top = Math.min(bdd.level[na], bdd.level[nb]);
      const a1 = bdd.level[na] === top ? bdd.high[na] : a;
      const a0 = bdd.level[na] === top ? bdd.low[na] : a;
      const b1 = bdd.level[nb] === top ? bdd.high[nb] : b;
      const b0 = bdd.level[nb] === top ? bdd.low[nb] : b;
      r = mk(top, xor(a1, b1), xor(a0, b0));
      cache.put(XOR, a, b, r);
    }
    return r ^ parity;
  };

  // Gates, children deepest first.
  const { words, offsets, gates } = plan.program;
  const gateEdges = new Int32Array(gates);
  for (let g = 0; g < gates; g++) {
    const at = offsets[g];
    const op = words[at] & 15;
    const k = words[at + 1];
    const n = words[at + 3];
    const children: number[] = [];
    for (let i = 0; i < n; i++) {
      const c = words[at + 4 + i];
      const edge = c & 2 ? gateEdges[c >>> 2] : mk(c >>> 2, 0, 1);
      children.push(edge ^ (c & 1));
    }
    children.sort((x, y) => edgeLevel(y) - edgeLevel(x));
    let r = children[0];
    if (op === 1) for (let i = 1; i < n; i++) r = and(r, children[i]);
    else if (op === 2) for (let i = 1; i < n; i++) r = or(r, children[i]);
    else if (op === 4) for (let i = 1; i < n; i++) r = xor(r, children[i]);
    else {
      const t = [0, ...new Array(k).fill(1)];
      children.forEach((c, i) => {
        for (let j = Math.min(k, i + 1); j >= 1; j--) t[j] = or(t[j], and(c, t[j - 1]));
      });
      r = t[k];
    }
    if (words[at] & 16) r ^= 1;
    gateEdges[g] = r;
    if (words[at] & 32) moduleRoot[words[at + 2]] = r;
  }
  const top = plan.top === -1 ? 0 : plan.top === -2 ? 1 : gateEdges[plan.top >>> 2] ^ (plan.top & 1);

  // Exact probability: one bottom-up pass in id order, P and Q per node.
  const P = new Float64Array(bdd.count);
  const Q = new Float64Array(bdd.count);
  P[0] = 1;
  const eP = (e: number) => (e & 1 ? Q[e >>> 1] : P[e >>> 1]);
  const eQ = (e: number) => (e & 1 ? P[e >>> 1] : Q[e >>> 1]);
  for (let n = 1; n < bdd.count; n++) {
    const l = bdd.level[n];
    const root = moduleRoot[l];
    const pl = root >= 0 ? eP(root) : levelP[l];
    const ql = root >= 0 ? eQ(root) : levelQ[l];
    P[n] = pl * eP(bdd.high[n]) + ql * eP(bdd.low[n]);
    Q[n] = pl * eQ(bdd.high[n]) + ql * eQ(bdd.low[n]);
  }
  const exact = eP(top);

  // Minimal cut sets on a ZBDD (0 empty family, 1 {∅}), levels 2l.
  const z = new Store(1 << 14, 2, cache);
  const zMin = [1 << 28, 0];
  const zMax = [-(1 << 28), 0];
  const zmk = (level: number, high: number, low: number): number => {
    if (high === 0) return low;
    const before = z.count;
    const n = z.find(level, high, low);
    if (n >= before) {
      zMin[n] = Math.min(zMin[high] + 1, zMin[low]);
      zMax[n] = Math.max(zMax[high] + 1, zMax[low]);
    }
    return n;
  };
  const hasEmpty = (f: number) => {
    while (f > 1) f = z.low[f];
    return f === 1;
  };
  const union = (a: number, b: number): number => {
    if (a === 0) return b;
    if (b === 0 || a === b) return a;
    if (a > b) [a, b] = [b, a];
    let r = cache.get(UNION, a, b);
    if (r >= 0) return r;
    const la = z.level[a];
    const lb = z.level[b];
    if (la < lb) r = zmk(la, z.high[a], union(z.low[a], b));
    else if (lb < la) r = zmk(lb, z.high[b], union(a, z.low[b]));
    else r = zmk(la, union(z.high[a], z.high[b]), union(z.low[a], z.low[b]));
    cache.put(UNION, a, b, r);
    return r;
  };
  const without = (f: number, g: number): number => {
    if (g === 0 || f === 0) return f;
    if (f === g || g === 1) return 0;
    if (f === 1) return hasEmpty(g) ? 0 : 1;
    if (zMin[g] > zMax[f]) return f;
    let r = cache.get(WITHOUT, f, g);
    if (r >= 0) return r;
    const lf = z.level[f];
    const lg = z.level[g];
    if (lf < lg) r = zmk(lf, without(z.high[f], g), without(z.low[f], g));
    else if (lg < lf) r = without(f, z.low[g]);
    else r = zmk(lf, without(without(z.high[f], z.high[g]), z.low[g]), without(z.low[f], z.low[g]));
    cache.put(WITHOUT, f, g, r);
    return r;
  };
  const truncate = (f: number, k: number): number => {
    if (zMax[f] <= k) return f;
    if (zMin[f] > k) return 0;
    const tag = TRUNC | (k << 5);
    let r = cache.get(tag, f, 0);
    if (r >= 0) return r;
    r = zmk(z.level[f], truncate(z.high[f], k - 1), truncate(z.low[f], k));
    cache.put(tag, f, 0, r);
    return r;
  };
  const substitute = (m: number, rest: number, k: number): number => {
    if (m === 0) return 0;
    if (m === 1) return truncate(rest, k);
    if (zMin[m] + zMin[rest] > k) return 0;
    const tag = SUBST | (k << 5);
    let r = cache.get(tag, m, rest);
    if (r >= 0) return r;
    r = zmk(z.level[m], substitute(z.high[m], rest, k - 1), substitute(z.low[m], rest, k));
    cache.put(tag, m, rest, r);
    return r;
  };
  // Largest set below each node: most high edges on a path to true (false for a complemented edge).
  const heightTrue = new Int32Array(bdd.count);
  const heightFalse = new Int32Array(bdd.count);
  heightFalse[0] = -(1 << 28);
  const height = (e: number) => (e & 1 ? heightFalse[e >>> 1] : heightTrue[e >>> 1]);
  for (let n = 1; n < bdd.count; n++) {
    const root = moduleRoot[bdd.level[n]];
    const w = root >= 0 ? Math.max(height(root), 1) : 1;
    heightTrue[n] = Math.max(w + height(bdd.high[n]), height(bdd.low[n]));
    heightFalse[n] = Math.max(w + height(bdd.high[n] ^ 1), height(bdd.low[n] ^ 1));
  }
  const memo = new Map<number, number>();
  const moduleFamily = new Int32Array(plan.levels);
  const cutSets = (edge: number, k: number): number => {
    if (edge === 0) return 1;
    if (edge === 1 || k < 0) return 0;
    k = Math.min(k, height(edge));
    const key = edge * 64 + k;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const node = edge >>> 1;
    const c = edge & 1;
    const level = bdd.level[node];
    const low = cutSets(bdd.low[node] ^ c, k);
    let r = low;
    if (k > 0) {
      const high = bdd.high[node] ^ c;
      if (moduleRoot[level] < 0) r = zmk(level << 1, without(cutSets(high, k - 1), low), low);
      else {
        const family = moduleFamily[level];
        r = union(substitute(family, without(cutSets(high, k - zMin[family]), low), k), low);
      }
    }
    memo.set(key, r);
    return r;
  };
  for (const level of plan.moduleLevels) moduleFamily[level] = cutSets(moduleRoot[level], limit);
  const family = cutSets(top, limit);

  // Counts by order and the rare-event sum, bottom-up over the reachable nodes.
  const counts = new Map<number, Float64Array>();
  const sums = new Map<number, number>();
  const poly = (f: number): Float64Array => {
    if (f === 0) return new Float64Array(limit + 1);
    if (f === 1) {
      const base = new Float64Array(limit + 1);
      base[0] = 1;
      return base;
    }
    const known = counts.get(f);
    if (known) return known;
    const high = poly(z.high[f]);
    const out = poly(z.low[f]).slice();
    for (let i = 0; i < limit; i++) out[i + 1] += high[i];
    counts.set(f, out);
    return out;
  };
  const sum = (f: number): number => {
    if (f <= 1) return f;
    const known = sums.get(f);
    if (known !== undefined) return known;
    const s = levelP[z.level[f] >> 1] * sum(z.high[f]) + sum(z.low[f]);
    sums.set(f, s);
    return s;
  };
  const byOrder = Array.from(poly(family));
  return { exact, count: byOrder.reduce((a, b) => a + b, 0), byOrder, rareEvent: sum(family) };
}
