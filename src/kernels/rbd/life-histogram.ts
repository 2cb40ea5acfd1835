// The simulated distribution of system life, kept as counts in buckets of 1/1024 of an octave: bucket i
// holds the lives whose IEEE-754 bits shifted right by 42 equal i, so a bucket spans a relative width of
// at most 2^-10 and the buckets of any run merge exactly. Quantiles interpolate inside a bucket; charts
// re-bin into a few dozen bars.

export interface LifeHistogram {
  /** Non-empty bucket indices, ascending. */
  buckets: Int32Array;
  /** Lives in each bucket. */
  counts: Float64Array;
}

const bits = new BigUint64Array(1);
const value = new Float64Array(bits.buffer);

/** Lower edge of bucket i (bucket i + 1's lower edge is its upper edge). */
export function bucketStart(i: number): number {
  bits[0] = BigInt(i) << 42n;
  return value[0];
}

/** The life below which a fraction p of the simulated lives fall; `min`/`max` are the exact extremes. */
export function lifeQuantile(h: LifeHistogram, p: number, min: number, max: number): number {
  let total = 0;
  for (const c of h.counts) total += c;
  const target = p * total;
  let below = 0;
  for (let j = 0; j < h.buckets.length; j++) {
    const c = h.counts[j];
    if (below + c >= target) {
      const lo = Math.max(bucketStart(h.buckets[j]), min);
      const hi = Math.min(bucketStart(h.buckets[j] + 1), max);
      if (!Number.isFinite(lo)) return lo;
      if (!Number.isFinite(hi)) return lo;
      return lo + ((target - below) / c) * (hi - lo);
    }
    below += c;
  }
  return max;
}

/** Fraction of simulated lives above t (exact at bucket edges, interpolated inside a bucket). */
export function histogramReliability(h: LifeHistogram, t: number): number {
  let total = 0;
  let above = 0;
  for (let j = 0; j < h.buckets.length; j++) {
    const c = h.counts[j];
    total += c;
    const lo = bucketStart(h.buckets[j]);
    const hi = bucketStart(h.buckets[j] + 1);
    if (lo >= t) above += c;
    else if (hi > t && Number.isFinite(hi)) above += (c * (hi - t)) / (hi - lo);
  }
  return total > 0 ? above / total : Number.NaN;
}

/** Re-bins the lives in [from, to) into `bins` equal-width bars for a chart (lives outside are left out;
 * a bucket straddling a bar edge is split in proportion). */
export function lifeBars(
  h: LifeHistogram,
  bins: number,
  from: number,
  to: number,
): Array<{ from: number; to: number; count: number }> {
  const width = (to - from) / bins;
  const bars = Array.from({ length: bins }, (_, i) => ({
    from: from + i * width,
    to: from + (i + 1) * width,
    count: 0,
  }));
  for (let j = 0; j < h.buckets.length; j++) {
    const lo = bucketStart(h.buckets[j]);
    const hi = bucketStart(h.buckets[j] + 1);
    if (!Number.isFinite(hi) || hi <= from || lo >= to) continue;
    const first = Math.max(0, Math.floor((lo - from) / width));
    const last = Math.min(bins - 1, Math.floor((hi - from) / width));
    for (let b = first; b <= last; b++) {
      const overlap = Math.min(hi, bars[b].to) - Math.max(lo, bars[b].from);
      if (overlap > 0) bars[b].count += (h.counts[j] * overlap) / (hi - lo);
    }
  }
  return bars;
}
