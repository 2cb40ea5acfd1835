// Special functions: lnGamma, gamma, digamma, trigamma, erf, erfc, erfcx, lnBeta, and the helpers the
// incomplete functions build on (lgamma1p, stirlingCorrection, bd0, sinPi, expMinusSquare).
//
// Accuracy comes from never letting a value near zero be the difference of two large ones:
// - lnGamma near its zeros 1 and 2 is z * S(z) with S a Chebyshev series of lnGamma(2+z)/z (derived with
//   mpmath, coefficients.ts); elsewhere exact recurrences (x - j is exact in binary) bring x to [1.5, 2.5),
//   and from 10 up the Stirling series with Bernoulli numbers takes over.
// - digamma near its positive root x0 is (x - x0) * S(x) with x0 split into two doubles.
// - erfc(x) = exp(-x^2) erfcx(x) where exp(-x^2) is taken as exp(-s^2) exp(-(x-s)(x+s)) with s = x cut to
//   26 bits, so s^2 is exact and the far tail keeps its relative accuracy (a rounded x^2 near 700 would
//   cost 1e-13). Poles and out-of-domain arguments follow R: lnGamma -> +Inf, gamma and digamma -> NaN,
//   trigamma -> +Inf.
import {
  DIGAMMA_1_2,
  DIGAMMA_ROOT_HI,
  DIGAMMA_ROOT_LO,
  ERF_TAYLOR,
  ERFCX_A,
  ERFCX_B,
  ERFCX_C,
  ERFCX_TAIL,
  LNGAMMA_2,
  STIRLING_DIGAMMA,
  STIRLING_LNGAMMA,
  STIRLING_TRIGAMMA,
} from "./coefficients";
import { polynomial } from "./series";

export const LN_SQRT_2PI: f64 = 0.9189385332046728; // log(sqrt(2 pi))
export const LN_PI: f64 = 1.1447298858494002;
export const SQRT_PI: f64 = 1.7724538509055160;
export const EULER_GAMMA: f64 = 0.5772156649015329;

/** (-1)^n for an integer-valued n (any magnitude: beyond 2^53 every double is even). */
@inline function parity(n: f64): f64 {
  return n - 2 * Math.floor(n * 0.5) == 0 ? 1 : -1;
}

/** sin(pi x): x - round(x) is exact, so the result keeps full relative accuracy near every integer. */
export function sinPi(x: f64): f64 {
  if (!isFinite<f64>(x)) return NaN;
  const n = Math.round(x);
  const r = x - n; // exact, in [-0.5, 0.5]
  if (r == 0) return 0;
  const a = Math.abs(r);
  const s = a <= 0.25 ? Math.sin(Math.PI * a) : Math.cos(Math.PI * (0.5 - a));
  return (r < 0 ? -s : s) * parity(n);
}

/** cos(pi x), same reduction; exactly 0 at half-integers. */
export function cosPi(x: f64): f64 {
  if (!isFinite<f64>(x)) return NaN;
  const n = Math.round(x);
  const a = Math.abs(x - n);
  if (a == 0.5) return 0;
  const c = a <= 0.25 ? Math.cos(Math.PI * a) : Math.sin(Math.PI * (0.5 - a));
  return c * parity(n);
}

/** lnGamma(2 + z) for |z| <= 0.5, relative accuracy kept as z -> 0. */
@inline function lnGamma2(z: f64): f64 {
  return z * polynomial(LNGAMMA_2, z + z);
}

/** Stirling series lnGamma(x) - ((x - 1/2) log x - x + log sqrt(2 pi)), x >= 10. */
export function stirlingCorrection(x: f64): f64 {
  if (x >= 10) {
    const t = 1 / x;
    return t * polynomial(STIRLING_LNGAMMA, t * t);
  }
  return lnGamma(x) - ((x - 0.5) * Math.log(x) - x + LN_SQRT_2PI);
}

function lnGammaPositive(x: f64): f64 {
  if (x < 0.5) return lnGamma2(x) - Math.log1p(x) - Math.log(x);
  if (x < 1.5) {
    const z = x - 1;
    return lnGamma2(z) - Math.log1p(z);
  }
  if (x < 2.5) return lnGamma2(x - 2);
  if (x < 10) {
    const n = <i32>Math.floor(x - 1.5);
    let product: f64 = 1;
    for (let j = 1; j <= n; j++) product *= x - <f64>j; // each factor exact
    return lnGamma2(x - <f64>n - 2) + Math.log(product);
  }
  return (x - 0.5) * Math.log(x) - x + LN_SQRT_2PI + stirlingCorrection(x);
}

/** log|Gamma(x)|; +Inf at the poles 0, -1, -2, ... */
export function lnGamma(x: f64): f64 {
  if (isNaN<f64>(x)) return x;
  if (!isFinite<f64>(x)) return Infinity;
  if (x > 0) return lnGammaPositive(x);
  if (x == Math.floor(x)) return Infinity;
  // Reflection: |Gamma(x)| = pi / (|sin(pi x)| Gamma(1 - x)).
  return LN_PI - Math.log(Math.abs(sinPi(x))) - lnGammaPositive(1 - x);
}

/** log Gamma(1 + a), accurate for small |a| (where 1 + a would lose a's low bits). a > -1. */
export function lnGamma1p(a: f64): f64 {
  if (Math.abs(a) <= 0.5) return lnGamma2(a) - Math.log1p(a);
  if (a > 0.5 && a < 1.5) return lnGamma2(a - 1);
  return lnGamma(1 + a);
}

/** Gamma(1 + a) - 1, accurate for small |a|. */
export function gamma1pm1(a: f64): f64 {
  return Math.expm1(lnGamma1p(a));
}

/** Gamma(x); NaN at the poles 0, -1, -2, ... (as R). */
export function gamma(x: f64): f64 {
  if (isNaN<f64>(x)) return x;
  if (x == Infinity) return Infinity;
  if (x == -Infinity) return NaN;
  if (x > 171.625) return Infinity;
  if (x >= 2.5) {
    // Exact factors x - j: the product's error grows like sqrt(n) ulps, far less than exp(lnGamma(x)).
    const n = <i32>Math.floor(x - 1.5);
    let product: f64 = 1;
    for (let j = 1; j <= n; j++) product *= x - <f64>j;
    if (product == Infinity) return Math.exp(lnGammaPositive(x)); // just below the overflow threshold
    return Math.exp(lnGamma2(x - <f64>n - 2)) * product;
  }
  if (x >= 1.5) return Math.exp(lnGamma2(x - 2));
  if (x >= 0.5) {
    const z = x - 1;
    return Math.exp(lnGamma2(z) - Math.log1p(z));
  }
  if (x > 0) return Math.exp(lnGamma2(x) - Math.log1p(x)) / x;
  if (x == Math.floor(x)) return NaN;
  // Negative: Gamma(x) = Gamma(x + n) / (x (x+1) ... (x+n-1)); x + j is exact for integer j.
  const n = <i32>Math.ceil(1.5 - x);
  let product: f64 = 1;
  for (let j = 0; j < n; j++) product *= x + <f64>j;
  const y = x + <f64>n;
  return Math.exp(lnGamma2(y - 2)) / product;
}

/** digamma(x) = d/dx log Gamma(x); NaN at the poles. */
export function digamma(x: f64): f64 {
  if (isNaN<f64>(x)) return x;
  if (x == Infinity) return Infinity;
  if (x == -Infinity) return NaN;
  if (x <= 0) {
    if (x == Math.floor(x)) return NaN;
    // Reflection: psi(x) = psi(1 - x) - pi cos(pi x) / sin(pi x).
    return digamma(1 - x) - (Math.PI * cosPi(x)) / sinPi(x);
  }
  if (x < 1) return digamma(x + 1) - 1 / x;
  if (x <= 2) return (x - DIGAMMA_ROOT_HI - DIGAMMA_ROOT_LO) * polynomial(DIGAMMA_1_2, 2 * x - 3);
  if (x < 10) {
    const n = <i32>Math.floor(x - 1);
    let sum: f64 = 0;
    for (let j = 1; j <= n; j++) sum += 1 / (x - <f64>j);
    const y = x - <f64>n;
    return (y - DIGAMMA_ROOT_HI - DIGAMMA_ROOT_LO) * polynomial(DIGAMMA_1_2, 2 * y - 3) + sum;
  }
  const t = 1 / (x * x);
  return Math.log(x) - 0.5 / x - t * polynomial(STIRLING_DIGAMMA, t);
}

/** trigamma(x) = d^2/dx^2 log Gamma(x); +Inf at the poles (as R). */
export function trigamma(x: f64): f64 {
  if (isNaN<f64>(x)) return x;
  if (x == Infinity) return 0;
  if (x == -Infinity) return NaN;
  if (x <= 0) {
    if (x == Math.floor(x)) return Infinity;
    const s = sinPi(x);
    return (Math.PI * Math.PI) / (s * s) - trigamma(1 - x);
  }
  let sum: f64 = 0;
  let y = x;
  while (y < 10) {
    sum += 1 / (y * y);
    y += 1;
  }
  const t = 1 / y;
  const t2 = t * t;
  // 1/y + 1/(2y^2) + sum_k B_2k / y^(2k+1)
  return sum + t + 0.5 * t2 + t * t2 * polynomial(STIRLING_TRIGAMMA, t2);
}

/** log Beta(a, b) for a, b > 0, without the cancellation of three large lnGamma values. */
export function lnBeta(a: f64, b: f64): f64 {
  if (isNaN<f64>(a) || isNaN<f64>(b)) return a + b;
  const p = Math.min(a, b);
  const q = Math.max(a, b);
  if (p < 0) return NaN;
  if (p == 0) return Infinity;
  if (q == Infinity) return -Infinity;
  const n = p + q;
  if (p >= 10) {
    const correction = stirlingCorrection(p) + stirlingCorrection(q) - stirlingCorrection(n);
    return (
      -0.5 * Math.log(q) + LN_SQRT_2PI + correction + (p - 0.5) * Math.log(p / n) + q * Math.log1p(-p / n)
    );
  }
  if (q >= 10) {
    // lnGamma(q) - lnGamma(p + q) by Stirling, the two large parts cancelled analytically.
    const correction = stirlingCorrection(q) - stirlingCorrection(n);
    return lnGamma(p) + correction + p - p * Math.log(n) + (q - 0.5) * Math.log1p(-p / n);
  }
  if (n < 171 && p > 1e-300) return Math.log((gamma(p) / gamma(n)) * gamma(q));
  return lnGamma(p) + lnGamma(q) - lnGamma(n);
}

/**
 * bd0(x, m) = x log(x/m) + m - x >= 0 (Loader's deviance term), by its series when x is close to m, where
 * the three terms would cancel.
 */
export function bd0(x: f64, m: f64): f64 {
  const d = x - m;
  // With v = (x - m)/(x + m): bd0 = d v + 2x (v^3/3 + v^5/5 + ...), terms of one sign when x > m and
  // dominated by d v otherwise; used out to |v| = 1/2 (x/m in [1/3, 3]) where the direct form cancels.
  if (Math.abs(d) < 0.5 * (x + m)) {
    const v = d / (x + m);
    const v2 = v * v;
    let s = d * v;
    let power = 2 * x * v;
    for (let j = 1; j < 1000; j++) {
      power *= v2;
      const next = s + power / <f64>(2 * j + 1);
      if (next == s) return next;
      s = next;
    }
    return s;
  }
  return x * Math.log(x / m) + m - x;
}

/** exp(b) for |b| < 1e-4 (four terms: error below 1e-18). */
@inline function expSmall(b: f64): f64 {
  return 1 + b * (1 + b * (0.5 + b * (1.0 / 6.0)));
}

/**
 * exp(-x^2) with relative accuracy in the far tail: x^2 = s^2 + (x - s)(x + s) with s = x cut to 26 bits,
 * so s^2 is exact and |(x - s)(x + s)| < 2^-25 x^2 < 3e-5 where the result does not underflow.
 */
export function expMinusSquare(x: f64): f64 {
  if (!(Math.abs(x) < 28)) return isNaN<f64>(x) ? x : 0; // exp(-784) underflows
  const s = reinterpret<f64>(reinterpret<u64>(x) & 0xfffffffff8000000);
  return Math.exp(-s * s) * expSmall(-(x - s) * (x + s));
}

/** exp(-x^2/2), same construction. */
export function expMinusHalfSquare(x: f64): f64 {
  if (!(Math.abs(x) < 39)) return isNaN<f64>(x) ? x : 0; // exp(-760) underflows
  const s = reinterpret<f64>(reinterpret<u64>(x) & 0xfffffffff8000000);
  return Math.exp(-0.5 * s * s) * expSmall(-0.5 * (x - s) * (x + s));
}

/** erfcx(x) = exp(x^2) erfc(x), for x >= 0.5. */
function erfcxLarge(x: f64): f64 {
  if (x < 1.5) return polynomial(ERFCX_A, 2 * x - 2);
  if (x < 2.5) return polynomial(ERFCX_B, 2 * x - 4);
  if (x < 4) return polynomial(ERFCX_C, (4 * x - 13) / 3);
  if (x > 1e8) return 1 / (x * SQRT_PI);
  const t = 1 / (x * x);
  return polynomial(ERFCX_TAIL, 32 * t - 1) / (x * SQRT_PI);
}

/** erf(x) for |x| < 0.5 by its Taylor series. */
@inline function erfSmall(x: f64): f64 {
  return x * polynomial(ERF_TAYLOR, x * x);
}

export function erf(x: f64): f64 {
  if (isNaN<f64>(x)) return x;
  const ax = Math.abs(x);
  if (ax < 0.5) return erfSmall(x);
  if (ax >= 6) return x > 0 ? 1 : -1;
  const c = expMinusSquare(ax) * erfcxLarge(ax);
  return x > 0 ? 1 - c : c - 1;
}

export function erfc(x: f64): f64 {
  if (isNaN<f64>(x)) return x;
  if (x == Infinity) return 0;
  if (x < 0.5) {
    if (x > -0.5) return 1 - erfSmall(x);
    if (x <= -6) return 2;
    return 2 - expMinusSquare(-x) * erfcxLarge(-x);
  }
  return expMinusSquare(x) * erfcxLarge(x);
}

/** Scaled complementary error function exp(x^2) erfc(x); finite for large x where erfc underflows. */
export function erfcx(x: f64): f64 {
  if (isNaN<f64>(x)) return x;
  if (x >= 0.5) return x == Infinity ? 0 : erfcxLarge(x);
  if (x > -0.5) return Math.exp(x * x) * (1 - erfSmall(x));
  if (x < -26.7) return Infinity;
  // erfcx(-y) = 2 exp(y^2) - erfcx(y)
  const y = -x;
  return 2 / expMinusSquare(y) - erfcxLarge(y);
}
