// The standard normal distribution: pdf, cdf, upper tail, log cdf and quantile, each with relative accuracy
// in the far tails.
// - cdf: for |z| < 0.75 the Taylor series of Phi(z) - 1/2; beyond, Phi(-|z|) = exp(-z^2/2) erfcx(|z|/sqrt 2)/2
//   with exp(-z^2/2) split so that z^2 is exact (special.ts). Rounding z/sqrt(2) only moves erfcx, which
//   varies slowly, by an ulp.
// - quantile: Chebyshev series derived with mpmath (coefficients.ts) of x/q in q^2 for |p - 1/2| <= 0.425
//   and of x in r = sqrt(-log p) in three tail pieces down to the smallest subnormal p; each piece is good
//   to about 1e-16 relative, so no refinement step is needed (the layout follows Wichura's AS 241, the
//   series are our own).
import {
  NORMAL_CDF_TAYLOR,
  NORMAL_QUANTILE_CENTRE,
  NORMAL_QUANTILE_TAIL_A,
  NORMAL_QUANTILE_TAIL_B,
  NORMAL_QUANTILE_TAIL_C,
} from "./coefficients";
import { polynomial, polynomialPair } from "./series";
import { erfcx, expMinusHalfSquare } from "./special";

export const INV_SQRT_2PI: f64 = 0.3989422804014327;

export function normalPdf(z: f64): f64 {
  if (isNaN<f64>(z)) return z;
  if (!isFinite<f64>(z)) return 0;
  return INV_SQRT_2PI * expMinusHalfSquare(z);
}

/** Phi(-t) for t >= 0.75. */
@inline function lowerTail(t: f64): f64 {
  return 0.5 * expMinusHalfSquare(t) * erfcx(t * Math.SQRT1_2);
}

/** Phi(z) - 1/2 for |z| < 0.75. */
@inline function centralPart(z: f64): f64 {
  return INV_SQRT_2PI * z * polynomial(NORMAL_CDF_TAYLOR, z * z);
}

/** P(Z <= z). */
export function normalCdf(z: f64): f64 {
  if (isNaN<f64>(z)) return z;
  if (z == Infinity) return 1;
  if (z == -Infinity) return 0;
  if (Math.abs(z) < 0.75) return 0.5 + centralPart(z);
  return z < 0 ? lowerTail(-z) : 1 - lowerTail(z);
}

/** P(Z > z), accurate where it is tiny (large z). */
export function normalSf(z: f64): f64 {
  return normalCdf(-z);
}

/** log P(Z <= z), finite far beyond where P underflows (z down to about -1e154). */
export function normalLogCdf(z: f64): f64 {
  if (isNaN<f64>(z)) return z;
  if (z == Infinity) return 0;
  if (z == -Infinity) return -Infinity;
  if (z <= -0.75) return -0.5 * z * z + Math.log(0.5 * erfcx(-z * Math.SQRT1_2));
  if (z < 0.75) return Math.log(0.5 + centralPart(z));
  return Math.log1p(-lowerTail(z));
}

/** Lower-tail quantile for r = sqrt(-log p) >= 1.6 (p < 0.075); negative. */
@inline function tailQuantile(r: f64): f64 {
  if (r <= 5) return polynomial(NORMAL_QUANTILE_TAIL_A, (2 * r - 6.6) / 3.4);
  if (r <= 10) return polynomial(NORMAL_QUANTILE_TAIL_B, (2 * r - 15) / 5);
  return polynomial(NORMAL_QUANTILE_TAIL_C, (2 * r - 37.3) / 17.3);
}

/** The z with Phi(z) = p; -Inf at 0, +Inf at 1, NaN outside [0, 1]. */
export function normalQuantile(p: f64): f64 {
  if (!(p >= 0 && p <= 1)) return NaN;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) return q * polynomial(NORMAL_QUANTILE_CENTRE, (2 * q * q) / 0.180625 - 1);
  if (p == 0) return -Infinity;
  if (p == 1) return Infinity;
  // 1 - p is exact for p > 0.5.
  const x = tailQuantile(Math.sqrt(-Math.log(q < 0 ? p : 1 - p)));
  return q < 0 ? x : -x;
}

/** The z with P(Z > z) = q, accurate for tiny q. */
export function normalQuantileUpper(q: f64): f64 {
  return -normalQuantile(q);
}

/**
 * normalQuantile of two probabilities, returned as the lanes of a v128. When both are central (72% of
 * pairs of uniforms) the two series run as one f64x2 evaluation; results equal normalQuantile's bit for
 * bit.
 */
export function normalQuantilePair(pa: f64, pb: f64): v128 {
  const qa = pa - 0.5;
  const qb = pb - 0.5;
  if (Math.abs(qa) <= 0.425 && Math.abs(qb) <= 0.425) {
    const q = f64x2.replace_lane(f64x2.splat(qa), 1, qb);
    // (2 q q) / 0.180625 - 1, as in normalQuantile
    const u = f64x2.sub(f64x2.div(f64x2.mul(f64x2.mul(f64x2.splat(2), q), q), f64x2.splat(0.180625)), f64x2.splat(1));
    return f64x2.mul(q, polynomialPair(NORMAL_QUANTILE_CENTRE, u));
  }
  return f64x2.replace_lane(f64x2.splat(normalQuantile(pa)), 1, normalQuantile(pb));
}
