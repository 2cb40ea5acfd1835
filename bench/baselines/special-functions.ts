// Plain TypeScript baselines of assembly/math/special.ts lnGamma, assembly/math/vector.ts lnGammaMany and
// assembly/math/normal.ts normalQuantile: the same pieces, tables (math-coefficients.ts, generated with the
// wasm tables), recurrences and four-chain polynomial evaluation, so the benchmark compares the runtimes,
// not the algorithms. lnGammaManyTs is lnGammaMany's algorithm value by value: the same reductions, with
// JavaScript's own Math.log where the kernel has its two-lane logV; the kernel's sorting of a block into
// lists exists only to feed its f64x2 passes, which JavaScript cannot express (nor the pairing of central
// normal quantiles).
import {
  LNGAMMA_2,
  NORMAL_QUANTILE_CENTRE,
  NORMAL_QUANTILE_TAIL_A,
  NORMAL_QUANTILE_TAIL_B,
  NORMAL_QUANTILE_TAIL_C,
  STIRLING_LNGAMMA,
} from "./math-coefficients.ts";

const LN_SQRT_2PI = 0.9189385332046728;
const LN_PI = 1.1447298858494002;

/** Four interleaved Horner chains in t^4, as assembly/math/series.ts (tables padded to 4k terms). */
function polynomial(c: readonly number[], t: number): number {
  const t2 = t * t;
  const t4 = t2 * t2;
  let i = c.length - 4;
  let p0 = c[i];
  let p1 = c[i + 1];
  let p2 = c[i + 2];
  let p3 = c[i + 3];
  while (i > 0) {
    i -= 4;
    p0 = p0 * t4 + c[i];
    p1 = p1 * t4 + c[i + 1];
    p2 = p2 * t4 + c[i + 2];
    p3 = p3 * t4 + c[i + 3];
  }
  return p0 + t * p1 + t2 * (p2 + t * p3);
}

function sinPi(x: number): number {
  const n = Math.round(x);
  const r = x - n;
  if (r === 0) return 0;
  const a = Math.abs(r);
  const s = a <= 0.25 ? Math.sin(Math.PI * a) : Math.cos(Math.PI * (0.5 - a));
  return (r < 0 ? -s : s) * (n - 2 * Math.floor(n * 0.5) === 0 ? 1 : -1);
}

const lnGamma2 = (z: number): number => z * polynomial(LNGAMMA_2, z + z);

function lnGammaPositive(x: number): number {
  if (x < 0.5) return lnGamma2(x) - Math.log1p(x) - Math.log(x);
  if (x < 1.5) {
    const z = x - 1;
    return lnGamma2(z) - Math.log1p(z);
  }
  if (x < 2.5) return lnGamma2(x - 2);
  if (x < 10) {
    const n = Math.floor(x - 1.5);
    let product = 1;
    for (let j = 1; j <= n; j++) product *= x - j;
    return lnGamma2(x - n - 2) + Math.log(product);
  }
  const t = 1 / x;
  return (x - 0.5) * Math.log(x) - x + LN_SQRT_2PI + t * polynomial(STIRLING_LNGAMMA, t * t);
}

export function lnGammaTs(x: number): number {
  if (Number.isNaN(x)) return x;
  if (!Number.isFinite(x)) return Number.POSITIVE_INFINITY;
  if (x > 0) return lnGammaPositive(x);
  if (x === Math.floor(x)) return Number.POSITIVE_INFINITY;
  return LN_PI - Math.log(Math.abs(sinPi(x))) - lnGammaPositive(1 - x);
}

function tailQuantile(r: number): number {
  if (r <= 5) return polynomial(NORMAL_QUANTILE_TAIL_A, (2 * r - 6.6) / 3.4);
  if (r <= 10) return polynomial(NORMAL_QUANTILE_TAIL_B, (2 * r - 15) / 5);
  return polynomial(NORMAL_QUANTILE_TAIL_C, (2 * r - 37.3) / 17.3);
}

export function normalQuantileTs(p: number): number {
  if (!(p >= 0 && p <= 1)) return Number.NaN;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) return q * polynomial(NORMAL_QUANTILE_CENTRE, (2 * q * q) / 0.180625 - 1);
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const x = tailQuantile(Math.sqrt(-Math.log(q < 0 ? p : 1 - p)));
  return q < 0 ? x : -x;
}

const SPLIT = 134217729; // 2^27 + 1
const MIN_NORMAL = 2.2250738585072014e-308;

/** lnGammaMany's reduction for one value (see assembly/math/vector.ts). */
function lnGammaColumnTs(x: number): number {
  if (x >= 10 && x < Number.POSITIVE_INFINITY) {
    const t = 1 / x;
    return (x - 0.5) * Math.log(x) - x + LN_SQRT_2PI + t * polynomial(STIRLING_LNGAMMA, t * t);
  }
  if (!(x >= MIN_NORMAL && x < 10)) return lnGammaTs(x);
  if (x >= 2.5) {
    const n = Math.floor(x - 1.5);
    let product = 1;
    for (let j = 1; j <= n; j++) product *= x - j;
    return lnGamma2(x - n - 2) + Math.log(product);
  }
  if (x >= 1.5) return lnGamma2(x - 2);
  if (x >= 0.5) {
    const z = x - 1;
    return -Math.log1p(z) + lnGamma2(z);
  }
  const p = x * x;
  const c = SPLIT * x;
  const high = c - (c - x);
  const low = x - high;
  const pError = high * high - p + 2 * high * low + low * low;
  const sum = x + p;
  const lo = p - (sum - x) + pError;
  return -lo / sum + lnGamma2(x) - Math.log(sum);
}

export function lnGammaManyTs(values: Float64Array): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = lnGammaColumnTs(values[i]);
  return out;
}

export function normalQuantileManyTs(values: Float64Array): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = normalQuantileTs(values[i]);
  return out;
}
