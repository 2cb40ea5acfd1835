// The exact method of assembly/rbd/{bdd,exact}.ts in plain TypeScript, for the benchmark: the same BDD
// (unique table with open addressing, direct-mapped ITE cache, threshold by dynamic programming over
// ITE, gates in topological order), compacted, then evaluated for R(t) at many times. Exponential and
// Weibull components only (the benchmark diagram's).
import type { CompiledRbd } from "../../src/kernels/rbd/compile.ts";

const TERMINAL = 0x7fffffff;

function mix3(a: number, b: number, c: number): number {
  let h = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d)) >>> 0;
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d) >>> 0;
  h ^= h >>> 12;
  return h >>> 0;
}

class Bdd {
  level = new Int32Array(1 << 12);
  lo = new Int32Array(1 << 12);
  hi = new Int32Array(1 << 12);
  count = 2;
  unique = new Int32Array(1 << 13);
  uniqueMask = (1 << 13) - 1;
  cache = new Int32Array(4 << 14).fill(-1);
  cacheMask = (1 << 14) - 1;

  constructor() {
    this.level[0] = this.level[1] = TERMINAL;
    this.lo[1] = this.hi[1] = 1;
  }

  private growUnique(): void {
    const old = this.unique;
    this.uniqueMask = this.uniqueMask * 2 + 1;
    this.unique = new Int32Array(this.uniqueMask + 1);
    for (const n of old) {
      if (n === 0) continue;
      let slot = mix3(this.level[n], this.lo[n], this.hi[n]) & this.uniqueMask;
      while (this.unique[slot] !== 0) slot = (slot + 1) & this.uniqueMask;
      this.unique[slot] = n;
    }
    const bits = Math.min(22, 32 - Math.clz32(this.uniqueMask));
    if ((1 << bits) - 1 > this.cacheMask) {
      this.cacheMask = (1 << bits) - 1;
      this.cache = new Int32Array(4 << bits).fill(-1);
    }
  }

  make(level: number, lo: number, hi: number): number {
    if (lo === hi) return lo;
    let slot = mix3(level, lo, hi) & this.uniqueMask;
    for (;;) {
      const n = this.unique[slot];
      if (n === 0) break;
      if (this.level[n] === level && this.lo[n] === lo && this.hi[n] === hi) return n;
      slot = (slot + 1) & this.uniqueMask;
    }
    if (this.count === this.level.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.level = grow(this.level);
      this.lo = grow(this.lo);
      this.hi = grow(this.hi);
    }
    const n = this.count++;
    this.level[n] = level;
    this.lo[n] = lo;
    this.hi[n] = hi;
    this.unique[slot] = n;
    if (this.count > this.uniqueMask >>> 1) this.growUnique();
    return n;
  }

  ite(f: number, g: number, h: number): number {
    if (f === 1) return g;
    if (f === 0) return h;
    if (g === f) g = 1;
    if (h === f) h = 0;
    if (g === h) return g;
    if (g === 1 && h === 0) return f;
    const slot = (mix3(f, g, h) & this.cacheMask) * 4;
    const c = this.cache;
    if (c[slot] === f && c[slot + 1] === g && c[slot + 2] === h) return c[slot + 3];
    const lf = this.level[f];
    const lg = this.level[g];
    const lh = this.level[h];
    const top = Math.min(lf, lg, lh);
    const lo = this.ite(
      lf === top ? this.lo[f] : f,
      lg === top ? this.lo[g] : g,
      lh === top ? this.lo[h] : h,
    );
    const hi = this.ite(
      lf === top ? this.hi[f] : f,
      lg === top ? this.hi[g] : g,
      lh === top ? this.hi[h] : h,
    );
    const r = this.make(top, lo, hi);
    const at = (mix3(f, g, h) & this.cacheMask) * 4;
    this.cache[at] = f;
    this.cache[at + 1] = g;
    this.cache[at + 2] = h;
    this.cache[at + 3] = r;
    return r;
  }
}

/** Builds the BDD of `program` and returns R(t) at each time (Q(t) is computed too, as in the kernel). */
export function exactCurveTs(program: CompiledRbd, times: Float64Array): Float64Array {
  const { ints, floats } = program;
  const nc = ints[0];
  const nn = ints[1];
  const dist = ints.subarray(3, 3 + nc);
  const comp = ints.subarray(3 + nc, 3 + nc + nn);
  const extra = ints.subarray(3 + nc + nn, 3 + nc + 2 * nn);
  const kOf = ints.subarray(3 + nc + 2 * nn, 3 + nc + 3 * nn);
  const start = ints.subarray(3 + nc + 3 * nn, 4 + nc + 4 * nn);
  const inputs = ints.subarray(4 + nc + 4 * nn);
  const bdd = new Bdd();
  const and = (f: number, g: number) => (f < g ? bdd.ite(f, g, 0) : bdd.ite(g, f, 0));
  const or = (f: number, g: number) => (f < g ? bdd.ite(f, 1, g) : bdd.ite(g, 1, f));
  const gate = new Int32Array(nn);
  for (let i = 0; i < nn; i++) {
    const k = kOf[i];
    const from = start[i];
    const to = start[i + 1];
    let f = 1;
    if (k === 1) {
      f = 0;
      for (let j = from; j < to; j++) f = or(f, gate[inputs[j]]);
    } else if (k === to - from) {
      for (let j = from; j < to; j++) f = and(f, gate[inputs[j]]);
    } else if (k > 1) {
      const threshold = new Int32Array(k + 1);
      threshold[0] = 1;
      for (let j = from; j < to; j++) {
        const x = gate[inputs[j]];
        for (let m = Math.min(j - from + 1, k); m >= 1; m--)
          threshold[m] = bdd.ite(x, threshold[m - 1], threshold[m]);
      }
      f = threshold[k];
    }
    if (extra[i] >= 0) f = and(f, gate[extra[i]]);
    if (comp[i] >= 0) f = and(bdd.make(comp[i], 0, 1), f);
    gate[i] = f;
  }
  const top = gate[nn - 1];
  // Compact to the nodes under the root (children have smaller ids), renumbered children first.
  const map = new Int32Array(Math.max(top + 1, 2));
  map[top] = 1;
  for (let i = top; i >= 2; i--) if (map[i]) map[bdd.lo[i]] = map[bdd.hi[i]] = 1;
  const level: number[] = [TERMINAL, TERMINAL];
  const lo: number[] = [0, 1];
  const hi: number[] = [0, 1];
  map[0] = 0;
  map[1] = 1;
  for (let i = 2; i <= top; i++) {
    if (!map[i]) continue;
    map[i] = level.length;
    level.push(bdd.level[i]);
    lo.push(map[bdd.lo[i]]);
    hi.push(map[bdd.hi[i]]);
  }
  const size = level.length;
  const root = top >= 2 ? size - 1 : top;
  const r = new Float64Array(nc);
  const q = new Float64Array(nc);
  const value = new Float64Array(size);
  const valueQ = new Float64Array(size);
  const out = new Float64Array(times.length);
  times.forEach((t, ti) => {
    for (let c = 0; c < nc; c++) {
      const gamma = dist[c] === 1 ? floats[3 * c + 1] : floats[3 * c + 2];
      const dt = t - gamma;
      const x =
        dt <= 0 ? 0 : dist[c] === 1 ? -floats[3 * c] * dt : -((dt / floats[3 * c + 1]) ** floats[3 * c]);
      r[c] = Math.exp(x);
      q[c] = -Math.expm1(x);
    }
    value[0] = 0;
    value[1] = 1;
    valueQ[0] = 1;
    valueQ[1] = 0;
    // Reliability and unreliability separately, as the kernel does.
    for (let i = 2; i < size; i++) {
      const v = level[i];
      value[i] = r[v] * value[hi[i]] + q[v] * value[lo[i]];
      valueQ[i] = r[v] * valueQ[hi[i]] + q[v] * valueQ[lo[i]];
    }
    out[ti] = value[root];
  });
  return out;
}
