// Column versions of the scalar functions, for the UI and the benchmarks: one call per column instead of
// one JS-to-wasm crossing per value. `input` and `output` are f64 buffers of length n (may be the same).
import { LNGAMMA_2, STIRLING_LNGAMMA } from "./coefficients";
import { normalCdf, normalQuantile, normalQuantilePair } from "./normal";
import { polynomial, polynomialPair } from "./series";
import { LN_SQRT_2PI, lnGamma } from "./special";
import { logV } from "./vmath";

// lnGammaMany: the scalar lnGamma is latency-bound (dependent multiply-adds of a series and a software log,
// two logs for x < 0.5). Here a scalar pass sorts each block of values into two compact lists, with the
// branch-specific scalar work done on the way, and f64x2 passes then evaluate the series and logs of each
// list two values at a time and store the results back at their positions:
// - Stirling, 10 <= x < Inf: ((x - 1/2) log x - x + log sqrt(2 pi)) + S(1/x^2)/x, in the scalar order.
// - the rest of the positive normal range: rest + lnGamma2(z) + coef log(arg), lnGamma2(z) = z S(2z) =
//   lnGamma(2 + z). 2.5 <= x < 10: the exact recurrence (z = x - n - 2, coef 1, arg the product of the n
//   exact factors); 1.5 <= x < 2.5: the series alone; 0.5 <= x < 1.5: z = x - 1 and rest = -log1p(z) in
//   scalar (log of a value near 1, where lnGamma has its zero); x < 0.5: lnGamma(x) = lnGamma(x + 2) -
//   log(x + x^2), with x + x^2 = arg + lo split exactly (Dekker's product, Fast2Sum) and -lo/arg in
//   rest, so the argument's roundings cost nothing.
// Negatives (reflection), subnormals, 0, NaN and infinities take the scalar lnGamma directly.
const BLOCK: usize = 512;
const STIRLING_X = memory.data(<i32>BLOCK << 3, 16);
const STIRLING_AT = memory.data(<i32>BLOCK << 2, 16);
const SERIES_Z = memory.data(<i32>BLOCK << 3, 16);
const SERIES_REST = memory.data(<i32>BLOCK << 3, 16);
const SERIES_COEF = memory.data(<i32>BLOCK << 3, 16);
const SERIES_ARG = memory.data(<i32>BLOCK << 3, 16);
const SERIES_AT = memory.data(<i32>BLOCK << 2, 16);
const SPLIT: f64 = 134217729.0; // 2^27 + 1, Veltkamp's splitter
const MIN_NORMAL: f64 = 2.2250738585072014e-308; // logV needs normal arguments

/** (x - 1)(x - 2)...(x - n) for 1 <= n <= 8, in the scalar loop's order, without data-dependent branches. */
@inline function fallingProduct(x: f64, n: i32): f64 {
  // Factors past n are 1 + 0 * (x - j - 1) = 1 exactly (x - j - 1 is exact), so the product is the loop's.
  let product = x - 1;
  product *= 1 + <f64>(n >= 2) * (x - 3);
  product *= 1 + <f64>(n >= 3) * (x - 4);
  product *= 1 + <f64>(n >= 4) * (x - 5);
  product *= 1 + <f64>(n >= 5) * (x - 6);
  product *= 1 + <f64>(n >= 6) * (x - 7);
  product *= 1 + <f64>(n >= 7) * (x - 8);
  product *= 1 + <f64>(n >= 8) * (x - 9);
  return product;
}

/** Sorts one block into the two lists (returned packed: Stirling count << 16 | series count). */
function lnGammaSort(input: usize, output: usize, count: usize): u32 {
  let stirling: usize = 0;
  let series: usize = 0;
  for (let i: usize = 0; i < count; i++) {
    const x = load<f64>(input + (i << 3));
    if (x >= 10 && x < Infinity) {
      store<f64>(STIRLING_X + (stirling << 3), x);
      store<u32>(STIRLING_AT + (stirling << 2), <u32>i);
      stirling++;
    } else if (x >= MIN_NORMAL && x < 10) {
      let rest: f64 = 0;
      let z: f64;
      let coef: f64 = 0;
      let arg: f64 = 1;
      if (x >= 2.5) {
        const n = <i32>(x - 1.5); // floor: x - 1.5 > 0
        z = x - <f64>n - 2;
        coef = 1;
        arg = fallingProduct(x, n);
      } else if (x >= 1.5) {
        z = x - 2;
      } else if (x >= 0.5) {
        z = x - 1;
        rest = -Math.log1p(z);
      } else {
        const p = x * x;
        const c = SPLIT * x;
        const high = c - (c - x);
        const low = x - high;
        const pError = high * high - p + 2 * high * low + low * low; // x^2 - p, exact
        const sum = x + p;
        const lo = p - (sum - x) + pError; // x + x^2 - sum (Fast2Sum: x >= p)
        z = x;
        rest = -lo / sum;
        coef = -1;
        arg = sum;
      }
      const at = series << 3;
      store<f64>(SERIES_Z + at, z);
      store<f64>(SERIES_REST + at, rest);
      store<f64>(SERIES_COEF + at, coef);
      store<f64>(SERIES_ARG + at, arg);
      store<u32>(SERIES_AT + (series << 2), <u32>i);
      series++;
    } else {
      store<f64>(output + (i << 3), lnGamma(x));
    }
  }
  return (<u32>stirling << 16) | <u32>series;
}

@inline function stirlingPair(x: v128): v128 {
  const t = f64x2.div(f64x2.splat(1), x);
  const correction = f64x2.mul(t, polynomialPair(STIRLING_LNGAMMA, f64x2.mul(t, t)));
  const main = f64x2.sub(f64x2.mul(f64x2.sub(x, f64x2.splat(0.5)), logV(x)), x);
  return f64x2.add(f64x2.add(main, f64x2.splat(LN_SQRT_2PI)), correction);
}

@inline function seriesPair(at: usize, z: v128, arg: v128): v128 {
  const value = f64x2.add(v128.load(SERIES_REST + at), f64x2.mul(z, polynomialPair(LNGAMMA_2, f64x2.add(z, z))));
  return f64x2.add(value, f64x2.mul(v128.load(SERIES_COEF + at), logV(arg)));
}

/** log|Gamma(x)| of every value: lnGamma's branches, the series and logs two lanes at a time. */
export function lnGammaMany(input: usize, output: usize, n: i32): void {
  const total = <usize>n;
  for (let start: usize = 0; start < total; start += BLOCK) {
    const out = output + (start << 3);
    const counts = lnGammaSort(input + (start << 3), out, min(BLOCK, total - start));
    const stirling = <usize>(counts >>> 16);
    const series = <usize>(counts & 0xffff);
    let k: usize = 0;
    for (; k + 1 < stirling; k += 2) {
      const y = stirlingPair(v128.load(STIRLING_X + (k << 3)));
      store<f64>(out + (<usize>load<u32>(STIRLING_AT + (k << 2)) << 3), f64x2.extract_lane(y, 0));
      store<f64>(out + (<usize>load<u32>(STIRLING_AT + (k << 2), 4) << 3), f64x2.extract_lane(y, 1));
    }
    if (k < stirling) {
      const y = stirlingPair(f64x2.splat(load<f64>(STIRLING_X + (k << 3))));
      store<f64>(out + (<usize>load<u32>(STIRLING_AT + (k << 2)) << 3), f64x2.extract_lane(y, 0));
    }
    for (k = 0; k + 1 < series; k += 2) {
      const at = k << 3;
      const y = seriesPair(at, v128.load(SERIES_Z + at), v128.load(SERIES_ARG + at));
      store<f64>(out + (<usize>load<u32>(SERIES_AT + (k << 2)) << 3), f64x2.extract_lane(y, 0));
      store<f64>(out + (<usize>load<u32>(SERIES_AT + (k << 2), 4) << 3), f64x2.extract_lane(y, 1));
    }
    if (k < series) {
      const at = k << 3;
      const y = seriesPair(at, f64x2.splat(load<f64>(SERIES_Z + at)), f64x2.splat(load<f64>(SERIES_ARG + at)));
      store<f64>(out + (<usize>load<u32>(SERIES_AT + (k << 2)) << 3), f64x2.extract_lane(y, 0));
    }
  }
}

export function normalCdfMany(input: usize, output: usize, n: i32): void {
  for (let i: usize = 0; i < <usize>n; i++) store<f64>(output + (i << 3), normalCdf(load<f64>(input + (i << 3))));
}

export function normalQuantileMany(input: usize, output: usize, n: i32): void {
  const pairs = <usize>n & ~1;
  for (let i: usize = 0; i < pairs; i += 2) {
    const at = i << 3;
    v128.store(output + at, normalQuantilePair(load<f64>(input + at), load<f64>(input + at, 8)));
  }
  if (pairs < <usize>n) store<f64>(output + (pairs << 3), normalQuantile(load<f64>(input + (pairs << 3))));
}
