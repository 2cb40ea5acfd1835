// Plain TypeScript baseline of assembly/math/sort.ts: the same LSD radix sort with 16-bit digits, with the
// 64-bit ordered keys held as two 32-bit halves (JS has no fast 64-bit integers).

export function radixSortWithIndexTs(keys: Float64Array): { sorted: Float64Array; index: Int32Array } {
  const n = keys.length;
  const bits = new Uint32Array(keys.buffer.slice(keys.byteOffset, keys.byteOffset + n * 8));
  let lo = new Uint32Array(n);
  let hi = new Uint32Array(n);
  let idx = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let l = bits[2 * i];
    let h = bits[2 * i + 1];
    if (h & 0x80000000) {
      l = ~l >>> 0;
      h = ~h >>> 0;
    } else {
      h = (h ^ 0x80000000) >>> 0;
    }
    lo[i] = l;
    hi[i] = h;
    idx[i] = i;
  }
  let lo2 = new Uint32Array(n);
  let hi2 = new Uint32Array(n);
  let idx2 = new Int32Array(n);
  const counts = new Uint32Array(65536);
  for (let d = 0; d < 4; d++) {
    const word = d < 2 ? lo : hi;
    const shift = (d & 1) * 16;
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(word[i] >>> shift) & 0xffff]++;
    if (counts[(word[0] >>> shift) & 0xffff] === n) continue;
    let sum = 0;
    for (let b = 0; b < 65536; b++) {
      const v = counts[b];
      counts[b] = sum;
      sum += v;
    }
    for (let i = 0; i < n; i++) {
      const pos = counts[(word[i] >>> shift) & 0xffff]++;
      lo2[pos] = lo[i];
      hi2[pos] = hi[i];
      idx2[pos] = idx[i];
    }
    [lo, lo2] = [lo2, lo];
    [hi, hi2] = [hi2, hi];
    [idx, idx2] = [idx2, idx];
  }
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) sorted[i] = keys[idx[i]];
  return { sorted, index: idx };
}
