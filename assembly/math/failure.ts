// The failure model's evaluator: for each life distribution of src/shared/failure-model.ts its reliability
// R(t), unreliability F(t), density, hazard, quantiles and mean. eFTA's basic events, eRBD's components and
// its simulation all evaluate here, so the same distribution gives the same bits in every area.
//
// R and F are each computed directly, never as 1 minus the other, so a highly reliable component keeps its
// tiny failure probability (F = -expm1(-(t/eta)^beta) rather than 1 - exp(...)), and a worn-out one its tiny
// reliability; the normal family's tails come from the math core's normalCdf/normalSf, the gamma's from the
// regularised incomplete gamma P and Q.
//
// Parameters are three f64 (a, b, c) in the failure model's order (FAILURE_PARAMETERS there):
//   FAILURE_FIXED        probability
//   FAILURE_EXPONENTIAL  lambda, gamma (location, 0 for 1P)
//   FAILURE_WEIBULL      beta, eta, gamma (location, 0 for 2P)
//   FAILURE_LOGNORMAL    mu, sigma (of ln t)
//   FAILURE_NORMAL       mu, sigma
//   FAILURE_GAMMA        k (shape), theta (scale)
//   FAILURE_LOGLOGISTIC  mu, sigma (of ln t; ln T is logistic)
//   FAILURE_GUMBEL       mu, sigma (smallest extreme value, the distribution of ln T when T is Weibull)
// Formulas: Meeker & Escobar, Statistical Methods for Reliability Data (1998), ch. 4 and 5; Johnson, Kotz &
// Balakrishnan, Continuous Univariate Distributions vol. 1 (1994) for the gamma.
import { gammaP, gammaPInv, gammaQ, gammaQInv, poissonTerm } from "./incgamma";
import { normalCdf, normalPdf, normalQuantile, normalSf } from "./normal";
import { EULER_GAMMA, erfcx, gamma, sinPi } from "./special";

export const FAILURE_FIXED: i32 = 0;
export const FAILURE_EXPONENTIAL: i32 = 1;
export const FAILURE_WEIBULL: i32 = 2;
export const FAILURE_LOGNORMAL: i32 = 3;
export const FAILURE_NORMAL: i32 = 4;
export const FAILURE_GAMMA: i32 = 5;
export const FAILURE_LOGLOGISTIC: i32 = 6;
export const FAILURE_GUMBEL: i32 = 7;
export const FAILURE_LAST: i32 = FAILURE_GUMBEL;

const SQRT_2_OVER_PI: f64 = 0.7978845608028654;

/** F(t) of the last failureReliability call, computed alongside R with no second evaluation. */
let lastF: f64 = 0;

export function failureLastUnreliability(): f64 {
  return lastF;
}

/** phi(z) / (1 - Phi(z)), the standard normal hazard, finite for any z (the Mills ratio for z > 0.75). */
function normalHazard(z: f64): f64 {
  if (z > 0.75) return SQRT_2_OVER_PI / erfcx(z * Math.SQRT1_2);
  return normalPdf(z) / normalSf(z);
}

/**
 * R(t); F(t) is left for failureLastUnreliability. Both are exact complements computed independently, so
 * either may be tiny without losing digits.
 */
@inline export function failureReliability(code: i32, a: f64, b: f64, c: f64, t: f64): f64 {
  let r: f64 = 1;
  let f: f64 = 0;
  if (code == FAILURE_FIXED) {
    // Fixed probability: failed with probability a whatever the time.
    f = a;
    r = 1 - a;
  } else if (code == FAILURE_EXPONENTIAL) {
    const dt = t - b;
    if (dt > 0) {
      const x = -a * dt;
      r = Math.exp(x);
      f = -Math.expm1(x);
    }
  } else if (code == FAILURE_WEIBULL) {
    const dt = t - c;
    if (dt > 0) {
      const x = -Math.pow(dt / b, a);
      r = Math.exp(x);
      f = -Math.expm1(x);
    }
  } else if (code == FAILURE_LOGNORMAL) {
    if (t > 0) {
      const z = (Math.log(t) - a) / b;
      r = normalSf(z);
      f = normalCdf(z);
    }
  } else if (code == FAILURE_NORMAL) {
    const z = (t - a) / b;
    r = normalSf(z);
    f = normalCdf(z);
  } else if (code == FAILURE_GAMMA) {
    if (t > 0) {
      const x = t / b;
      r = gammaQ(a, x);
      f = gammaP(a, x);
    }
  } else if (code == FAILURE_LOGLOGISTIC) {
    if (t > 0) {
      // R = 1 / (1 + e^z), F = 1 / (1 + e^-z): each is exact where it is small.
      const z = (Math.log(t) - a) / b;
      r = 1 / (1 + Math.exp(z));
      f = 1 / (1 + Math.exp(-z));
    }
  } else if (code == FAILURE_GUMBEL) {
    const w = Math.exp((t - a) / b);
    r = Math.exp(-w);
    f = -Math.expm1(-w);
  } else {
    r = NaN;
    f = NaN;
  }
  lastF = f;
  return r;
}

/** F(t) = 1 - R(t), accurate when tiny. */
export function failureUnreliability(code: i32, a: f64, b: f64, c: f64, t: f64): f64 {
  failureReliability(code, a, b, c, t);
  return lastF;
}

/** The density f(t) = dF/dt (0 for a fixed probability). */
export function failurePdf(code: i32, a: f64, b: f64, c: f64, t: f64): f64 {
  if (code == FAILURE_FIXED) return 0;
  if (code == FAILURE_EXPONENTIAL) return t < b ? 0 : a * Math.exp(-a * (t - b));
  if (code == FAILURE_WEIBULL) {
    const dt = t - c;
    if (dt < 0) return 0;
    const u = dt / b;
    return (a / b) * Math.pow(u, a - 1) * Math.exp(-Math.pow(u, a));
  }
  if (code == FAILURE_LOGNORMAL) return t > 0 ? normalPdf((Math.log(t) - a) / b) / (b * t) : 0;
  if (code == FAILURE_NORMAL) return normalPdf((t - a) / b) / b;
  if (code == FAILURE_GAMMA) {
    if (t < 0) return 0;
    const x = t / b;
    if (x == 0) return a < 1 ? Infinity : a == 1 ? 1 / b : 0;
    // x^(k-1) e^-x / (Gamma(k) theta) = poissonTerm(k, x) k / (x theta), without overflow for large k.
    return (poissonTerm(a, x) * a) / (x * b);
  }
  if (code == FAILURE_LOGLOGISTIC) {
    if (!(t > 0)) return 0;
    const z = (Math.log(t) - a) / b;
    const r = 1 / (1 + Math.exp(z));
    const f = 1 / (1 + Math.exp(-z));
    return (f * r) / (b * t);
  }
  if (code == FAILURE_GUMBEL) {
    const z = (t - a) / b;
    return Math.exp(z - Math.exp(z)) / b;
  }
  return NaN;
}

/** The hazard (instantaneous failure rate) h(t) = f(t) / R(t), finite far into the upper tail. */
export function failureHazard(code: i32, a: f64, b: f64, c: f64, t: f64): f64 {
  if (code == FAILURE_FIXED) return 0;
  if (code == FAILURE_EXPONENTIAL) return t < b ? 0 : a;
  if (code == FAILURE_WEIBULL) {
    const dt = t - c;
    return dt < 0 ? 0 : (a / b) * Math.pow(dt / b, a - 1);
  }
  if (code == FAILURE_LOGNORMAL) return t > 0 ? normalHazard((Math.log(t) - a) / b) / (b * t) : 0;
  if (code == FAILURE_NORMAL) return normalHazard((t - a) / b) / b;
  if (code == FAILURE_LOGLOGISTIC) {
    if (!(t > 0)) return 0;
    return 1 / (1 + Math.exp(-(Math.log(t) - a) / b)) / (b * t);
  }
  if (code == FAILURE_GUMBEL) return Math.exp((t - a) / b) / b;
  if (code == FAILURE_GAMMA) {
    if (t <= 0) return failurePdf(code, a, b, c, t);
    return failurePdf(code, a, b, c, t) / gammaQ(a, t / b);
  }
  return NaN;
}

/** The time by which a fraction p has failed: F(t) = p (NaN for a fixed probability, which has no time). */
export function failureQuantile(code: i32, a: f64, b: f64, c: f64, p: f64): f64 {
  if (!(p >= 0 && p <= 1)) return NaN;
  if (code == FAILURE_EXPONENTIAL) return b - Math.log1p(-p) / a;
  if (code == FAILURE_WEIBULL) return c + b * Math.pow(-Math.log1p(-p), 1 / a);
  if (code == FAILURE_LOGNORMAL) return Math.exp(a + b * normalQuantile(p));
  if (code == FAILURE_NORMAL) return a + b * normalQuantile(p);
  if (code == FAILURE_GAMMA) return b * gammaPInv(a, p);
  if (code == FAILURE_LOGLOGISTIC) return Math.exp(a + b * (Math.log(p) - Math.log1p(-p)));
  if (code == FAILURE_GUMBEL) return a + b * Math.log(-Math.log1p(-p));
  return NaN;
}

/** The time at which the reliability has fallen to r: R(t) = r, accurate for tiny r (the far upper tail). */
export function failureQuantileUpper(code: i32, a: f64, b: f64, c: f64, r: f64): f64 {
  if (!(r >= 0 && r <= 1)) return NaN;
  if (code == FAILURE_EXPONENTIAL) return b - Math.log(r) / a;
  if (code == FAILURE_WEIBULL) return c + b * Math.pow(-Math.log(r), 1 / a);
  if (code == FAILURE_LOGNORMAL) return Math.exp(a - b * normalQuantile(r));
  if (code == FAILURE_NORMAL) return a - b * normalQuantile(r);
  if (code == FAILURE_GAMMA) return b * gammaQInv(a, r);
  if (code == FAILURE_LOGLOGISTIC) return Math.exp(a + b * (Math.log1p(-r) - Math.log(r)));
  if (code == FAILURE_GUMBEL) return a + b * Math.log(-Math.log(r));
  return NaN;
}

/** Mean life (MTTF); +Infinity for a fixed probability below 1 (the item may never fail). */
export function failureMean(code: i32, a: f64, b: f64, c: f64): f64 {
  if (code == FAILURE_FIXED) return a >= 1 ? 0 : Infinity;
  if (code == FAILURE_EXPONENTIAL) return b + 1 / a;
  if (code == FAILURE_WEIBULL) return c + b * gamma(1 + 1 / a);
  if (code == FAILURE_LOGNORMAL) return Math.exp(a + 0.5 * b * b);
  if (code == FAILURE_NORMAL) return a;
  if (code == FAILURE_GAMMA) return a * b;
  // E[T] = e^mu pi sigma / sin(pi sigma), finite only for sigma < 1.
  if (code == FAILURE_LOGLOGISTIC) return b < 1 ? (Math.exp(a) * Math.PI * b) / sinPi(b) : Infinity;
  if (code == FAILURE_GUMBEL) return a - EULER_GAMMA * b;
  return NaN;
}

/** The location (the time before which nothing fails) of a distribution that has one, else 0. */
export function failureLocation(code: i32, a: f64, b: f64, c: f64): f64 {
  if (code == FAILURE_EXPONENTIAL) return b;
  if (code == FAILURE_WEIBULL) return c;
  return 0;
}

/**
 * A life drawn by inversion from one uniform u in (0, 1), as eRBD's simulation draws them. Exponential,
 * Weibull and gamma invert R(t) = u (so -log u needs no log1p), the normal family F(t) = u; either is the
 * same distribution. A fixed probability gives 0 (failed from the start) when u < p, else +Infinity.
 * These exact expressions are pinned: a change alters saved simulations (bump KERNEL_VERSION).
 */
@inline export function failureDraw(code: i32, a: f64, b: f64, c: f64, u: f64): f64 {
  if (code == FAILURE_EXPONENTIAL) return b + -Math.log(u) / a;
  if (code == FAILURE_WEIBULL) return c + b * Math.pow(-Math.log(u), 1 / a);
  if (code == FAILURE_LOGNORMAL) return Math.exp(a + b * normalQuantile(u));
  if (code == FAILURE_NORMAL) return a + b * normalQuantile(u);
  if (code == FAILURE_FIXED) return u < a ? 0 : Infinity;
  if (code == FAILURE_GAMMA || code == FAILURE_LOGLOGISTIC || code == FAILURE_GUMBEL)
    return failureQuantileUpper(code, a, b, c, u);
  return NaN;
}
