// Regularised incomplete beta function I_x(a, b), its complement and inverse.
//
// I_x(a, b) = x^a y^b / (a B(a, b)) / (1 + d1/(1 + d2/(1 + ...))) with y = 1 - x and the continued fraction
// of Abramowitz & Stegun 26.5.8, evaluated by the modified Lentz method. It converges fast for
// x < (a+1)/(a+b+2); above that the symmetry I_x(a, b) = 1 - I_y(b, a) is used. Whichever side is
// smaller is computed directly and the other is its complement. Only a tiny shape s (< 0.01) puts nearly all
// the mass of the directly computed side below x; then the small complement is computed on its own from
// the series I_z(s, t) = z^s (1 + s sum_j (1-t)_j z^j / (j! (s+j))) / (s B(s, t)):
// 1 - I = [(sB - 1) - (z^s - 1) - s z^s sum] / (sB), with sB - 1 = expm1(lnGamma1p(s) + lnGamma(t) -
// lnGamma(t + s)) and that last difference by Simpson's rule on digamma (t + s would drop s's digits).
//
// The prefactor x^a y^b / B(a, b) is, for a, b >= 10, sqrt(ab / (2 pi n)) exp(-bd0(a, nx) - bd0(b, ny) -
// S(a) - S(b) + S(n)) with n = a + b and S the Stirling correction (Loader's form), because a log x +
// b log y - lnBeta(a, b) would cancel large terms. x and y are carried separately so a y near 0 (x near 1)
// keeps its own digits; the inverse works in t = log(x / y) for the same reason.
import { normalQuantile } from "./normal";
import { bd0, digamma, lnBeta, lnGamma1p, stirlingCorrection } from "./special";

const EPSILON: f64 = 2.220446049250313e-16;
const TINY: f64 = 1e-300;
const MAX_TERMS: i32 = 10_000_000;

let resultI: f64 = NaN;
let resultIc: f64 = NaN;

/** x^a y^b / B(a, b) with y = 1 - x given separately (a, b > 0, 0 < x < 1). */
export function betaPrefix(a: f64, b: f64, x: f64, y: f64): f64 {
  if (a >= 10 && b >= 10) {
    const n = a + b;
    // x + y may miss 1 by an ulp; n (x + y - 1) restores the identity a log(nx/a) + b log(ny/b) =
    // -bd0(a, nx) - bd0(b, ny) + n (x + y - 1). (y - 1) + x is exact when y >= 1/2, (x - 1) + y otherwise.
    const excess = y >= 0.5 ? y - 1 + x : x - 1 + y;
    const exponent =
      -bd0(a, n * x) - bd0(b, n * y) + n * excess - stirlingCorrection(a) - stirlingCorrection(b) + stirlingCorrection(n);
    return Math.sqrt((a / n) * (b / (2 * Math.PI))) * Math.exp(exponent);
  }
  // The smaller of x and y is the one known to full precision; the larger is 1 minus it, rounded.
  const logX = x <= 0.5 ? Math.log(x) : Math.log1p(-y);
  const logY = y <= 0.5 ? Math.log(y) : Math.log1p(-x);
  return Math.exp(a * logX + b * logY - lnBeta(a, b));
}

/** I_x(a, b) by the continued fraction (fast for x < (a+1)/(a+b+2)). */
function fraction(a: f64, b: f64, x: f64, y: f64): f64 {
  const prefix = betaPrefix(a, b, x, y);
  if (prefix == 0) return 0;
  const ab = a + b;
  let c: f64 = 1;
  // 1 - (a + b) x / (a + 1), written so it does not cancel for x near the switch point (a+1)/(a+b+2).
  let d: f64 = (a * y + (1 - b * x)) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < MAX_TERMS; m++) {
    const fm = <f64>m;
    const m2 = 2 * fm;
    // even step: d_2m = m (b - m) x / ((a + 2m - 1)(a + 2m))
    let coefficient = (fm * (b - fm) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + coefficient * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + coefficient / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    // odd step: d_2m+1 = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1))
    coefficient = (-(a + fm) * (ab + fm) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + coefficient * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + coefficient / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) return (prefix * h) / a;
  }
  return NaN;
}

/** lnGamma(t) - lnGamma(t + s) for 0 < s < 0.01: -integral of digamma over [t, t + s], shifted to t >= 1. */
function lnGammaDifferenceSmall(t: f64, s: f64): f64 {
  let shift: f64 = 0;
  let u = t;
  while (u < 1) {
    shift += Math.log1p(s / u);
    u += 1;
  }
  // Simpson's error, s^5 max|psi^(4)| / 2880, is below 1e-12 s for u >= 1.
  return shift - (s / 6) * (digamma(u) + 4 * digamma(u + 0.5 * s) + digamma(u + s));
}

/** 1 - I_z(s, t) for a tiny shape s (< 0.01) and z t <= 1, where I_z(s, t) is close to 1. */
function smallShapeComplement(s: f64, t: f64, z: f64): f64 {
  const sBm1 = Math.expm1(lnGamma1p(s) + lnGammaDifferenceSmall(t, s)); // s B(s, t) - 1
  const zsm1 = Math.expm1(s * Math.log(z)); // z^s - 1
  let sum: f64 = 0;
  let term: f64 = 1;
  for (let j = 1; j < 10000; j++) {
    const fj = <f64>j;
    term *= ((fj - t) * z) / fj; // (1 - t)_j z^j / j!
    const add = term / (s + fj);
    sum += add;
    if (Math.abs(add) <= Math.abs(sum) * EPSILON * 0.5 || term == 0) break;
  }
  return (sBm1 - zsm1 - s * (zsm1 + 1) * sum) / (sBm1 + 1);
}

@inline function useSmallShape(r: f64, s: f64, t: f64, z: f64): bool {
  return r > 0.9 && s < 0.01 && z * Math.max(t, 1) <= 1;
}

/** Computes I_x(a, b) and 1 - I_x(a, b) into resultI, resultIc; y = 1 - x given separately. */
function incompleteBeta(a: f64, b: f64, x: f64, y: f64): void {
  if (isNaN<f64>(a) || isNaN<f64>(b) || isNaN<f64>(x) || a < 0 || b < 0) {
    resultI = NaN;
    resultIc = NaN;
    return;
  }
  // x tiny with y == 1 (or the reverse) is a valid pair; only a side at or below 0 is an end point.
  if (x <= 0) {
    resultI = 0;
    resultIc = 1;
    return;
  }
  if (y <= 0) {
    resultI = 1;
    resultIc = 0;
    return;
  }
  // Degenerate shapes, as R: the distribution is a point mass.
  if (a == 0 || b == 0 || a == Infinity || b == Infinity) {
    let mass: f64; // P(X <= x) for the point mass(es)
    if (a == 0 && b == 0) mass = 0.5;
    else if (a == 0 || b == Infinity) mass = 1;
    else if (b == 0 || a == Infinity) mass = 0;
    else mass = x < 0.5 ? 0 : 1;
    if (a == Infinity && b == Infinity) mass = x < 0.5 ? 0 : 1;
    resultI = mass;
    resultIc = 1 - mass;
    return;
  }
  if (x <= (a + 1) / (a + b + 2)) {
    resultI = fraction(a, b, x, y);
    if (useSmallShape(resultI, a, b, x)) {
      resultIc = smallShapeComplement(a, b, x);
      resultI = 1 - resultIc;
    } else resultIc = 1 - resultI;
  } else {
    resultIc = fraction(b, a, y, x);
    if (useSmallShape(resultIc, b, a, y)) {
      resultI = smallShapeComplement(b, a, y);
      resultIc = 1 - resultI;
    } else resultI = 1 - resultIc;
  }
}

/** Regularised incomplete beta I_x(a, b), the beta(a, b) cdf at x. */
export function betaI(a: f64, b: f64, x: f64): f64 {
  incompleteBeta(a, b, x, 0.5 - x + 0.5);
  return resultI;
}

/** 1 - I_x(a, b), accurate where it is tiny. */
export function betaIc(a: f64, b: f64, x: f64): f64 {
  incompleteBeta(a, b, x, 0.5 - x + 0.5);
  return resultIc;
}

/** I_x(a, b) and its complement with y = 1 - x supplied (for callers that know y more precisely). */
export function betaIPair(a: f64, b: f64, x: f64, y: f64): f64 {
  incompleteBeta(a, b, x, y);
  return resultI;
}

/** The complement computed by the last betaIPair call. */
export function lastBetaIc(): f64 {
  return resultIc;
}

/** 1 - x of the last betaIInv / betaIcInv result, to full relative precision when x is near 1. */
let inverseComplement: f64 = NaN;

export function lastBetaInverseComplement(): f64 {
  return inverseComplement;
}

/** Solves I_x(a, b) = p (useLower) or 1 - I_x(a, b) = q, target the smaller of p and q, for t = log(x/y). */
function invert(a: f64, b: f64, target: f64, useLower: bool): f64 {
  const logTarget = Math.log(target);
  // Start (Abramowitz & Stegun 26.5.22 for a, b >= 1; otherwise the dominant tail of the density).
  let x: f64;
  const p = useLower ? target : 1 - target;
  if (a >= 1 && b >= 1) {
    const z = useLower ? -normalQuantile(target) : normalQuantile(target); // upper-tail normal deviate
    const lambda = (z * z - 3) / 6;
    const h = 2 / (1 / (2 * a - 1) + 1 / (2 * b - 1));
    const w = (z * Math.sqrt(h + lambda)) / h - (1 / (2 * b - 1) - 1 / (2 * a - 1)) * (lambda + 5 / 6 - 2 / (3 * h));
    x = a / (a + b * Math.exp(2 * w));
  } else {
    const lnA = Math.log(a / (a + b));
    const lnB = Math.log(b / (a + b));
    const s = Math.exp(a * lnA) / a;
    const u = Math.exp(b * lnB) / b;
    const total = s + u;
    if (p < s / total) x = Math.pow(a * total * p, 1 / a);
    else x = 1 - Math.pow(b * total * (1 - p), 1 / b);
  }
  if (!(x > 0 && x < 1)) x = a / (a + b);
  let t = Math.log(x) - Math.log1p(-x);
  let lo: f64 = -Infinity;
  let hi: f64 = Infinity;
  let y: f64 = 1 - x;
  for (let iter = 0; iter < 300; iter++) {
    // x = 1 / (1 + e^-t), y = 1 / (1 + e^t), each to full relative precision.
    x = t < 0 ? Math.exp(t) / (1 + Math.exp(t)) : 1 / (1 + Math.exp(-t));
    y = t > 0 ? Math.exp(-t) / (1 + Math.exp(-t)) : 1 / (1 + Math.exp(t));
    incompleteBeta(a, b, x, y);
    const tail = useLower ? resultI : resultIc;
    const g = useLower ? Math.log(tail) - logTarget : logTarget - Math.log(tail);
    if (g == 0) break;
    if (g < 0) lo = t;
    else hi = t;
    // dI/dt = x^a y^b / B(a, b)
    const slope = betaPrefix(a, b, x, y) / tail;
    let next = t - g / slope;
    if (!isFinite<f64>(next) || next <= lo || next >= hi) {
      if (isFinite<f64>(lo) && isFinite<f64>(hi)) next = 0.5 * (lo + hi);
      else if (g < 0) next = t + Math.max(1, Math.abs(t));
      else next = t - Math.max(1, Math.abs(t));
    }
    const scale = 4 * EPSILON * Math.max(1, Math.abs(t));
    const done = Math.abs(next - t) <= scale || (isFinite<f64>(lo) && isFinite<f64>(hi) && hi - lo <= scale);
    t = next;
    if (done) {
      x = t < 0 ? Math.exp(t) / (1 + Math.exp(t)) : 1 / (1 + Math.exp(-t));
      y = t > 0 ? Math.exp(-t) / (1 + Math.exp(-t)) : 1 / (1 + Math.exp(t));
      // x and y carry about |t| ulps from the exponentials; one Newton step on them directly
      // (dx = x y dt, dy = -x y dt) restores full precision.
      incompleteBeta(a, b, x, y);
      const tail = useLower ? resultI : resultIc;
      if (tail > 0) {
        const g = useLower ? Math.log(tail) - logTarget : logTarget - Math.log(tail);
        const dt = -g / (betaPrefix(a, b, x, y) / tail);
        if (Math.abs(dt) < 1e-6) {
          const dx = x * y * dt;
          x += dx;
          y -= dx;
        }
      }
      break;
    }
  }
  inverseComplement = y;
  return x;
}

function invertChecked(a: f64, b: f64, p: f64, q: f64): f64 {
  if (isNaN<f64>(a) || isNaN<f64>(b) || isNaN<f64>(p) || a < 0 || b < 0 || p < 0 || p > 1) {
    inverseComplement = NaN;
    return NaN;
  }
  if (p == 0) {
    inverseComplement = 1;
    return 0;
  }
  if (q == 0) {
    inverseComplement = 0;
    return 1;
  }
  if (a == 0 || b == 0 || a == Infinity || b == Infinity) {
    // Point masses (as R): the quantile is where the mass sits.
    let x: f64 = a == 0 && b == 0 ? (p < 0.5 ? 0 : 1) : a == 0 || b == Infinity ? 0 : b == 0 || a == Infinity ? 1 : 0.5;
    if (a == Infinity && b == Infinity) x = 0.5;
    inverseComplement = 1 - x;
    return x;
  }
  return p <= q ? invert(a, b, p, true) : invert(a, b, q, false);
}

/** The x with I_x(a, b) = p: quantile of beta(a, b). `lastBetaInverseComplement()` gives 1 - x. */
export function betaIInv(a: f64, b: f64, p: f64): f64 {
  return invertChecked(a, b, p, 0.5 - p + 0.5);
}

/** The x with 1 - I_x(a, b) = q, accurate for tiny q. */
export function betaIcInv(a: f64, b: f64, q: f64): f64 {
  return invertChecked(a, b, 0.5 - q + 0.5, q);
}
