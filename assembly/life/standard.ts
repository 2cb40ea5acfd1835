// Standardised location-scale laws in z = (y - mu) / sigma: smallest extreme value (Weibull on ln t, Gumbel
// on t), normal (lognormal, normal) and logistic (loglogistic). Each function returns log f0, log S0 or log F0
// and leaves the first two derivatives in z in `d1`, `d2`: the MLE engine needs no more than that.
import { normalCdf, normalLogCdf, normalQuantile, normalSf } from "../math/normal";
import { erfcx } from "../math/special";

export const FAMILY_SEV: i32 = 0;
export const FAMILY_NORMAL: i32 = 1;
export const FAMILY_LOGISTIC: i32 = 2;

const LN_SQRT_2PI: f64 = 0.91893853320467274178;
const INV_SQRT_2PI: f64 = 0.39894228040143267794;

export let d1: f64 = 0;
export let d2: f64 = 0;

/** Normal hazard phi(z)/Q(z); for z > 0 through erfcx, so it stays exact where Q underflows. */
export function millsInverse(z: f64): f64 {
  if (z > 0) return 0.79788456080286535588 / erfcx(z * Math.SQRT1_2);
  return (INV_SQRT_2PI * Math.exp(-0.5 * z * z)) / normalSf(z);
}

/** log f0(z); d1, d2 = derivatives of log f0. */
export function logDensity(family: i32, z: f64): f64 {
  if (family == FAMILY_SEV) {
    const e = Math.exp(z);
    d1 = 1 - e;
    d2 = -e;
    return z - e;
  }
  if (family == FAMILY_NORMAL) {
    d1 = -z;
    d2 = -1;
    return -0.5 * z * z - LN_SQRT_2PI;
  }
  // Logistic: f0 = F0 S0.
  const a = Math.abs(z);
  const e = Math.exp(-a);
  const f = z >= 0 ? 1 / (1 + e) : e / (1 + e); // F0(z)
  d1 = 1 - 2 * f;
  d2 = -2 * (e / ((1 + e) * (1 + e)));
  return -a - 2 * Math.log1p(e);
}

/** log S0(z); d1, d2 = derivatives of log S0. */
export function logSurvival(family: i32, z: f64): f64 {
  if (family == FAMILY_SEV) {
    const e = Math.exp(z);
    d1 = -e;
    d2 = -e;
    return -e;
  }
  if (family == FAMILY_NORMAL) {
    const lam = millsInverse(z);
    d1 = -lam;
    d2 = -lam * (lam - z);
    return normalLogCdf(-z);
  }
  const a = Math.abs(z);
  const e = Math.exp(-a);
  const f = z >= 0 ? 1 / (1 + e) : e / (1 + e);
  d1 = -f;
  d2 = -(e / ((1 + e) * (1 + e)));
  return z >= 0 ? -z - Math.log1p(e) : -Math.log1p(e);
}

/** log F0(z); d1, d2 = derivatives of log F0. */
export function logCdf(family: i32, z: f64): f64 {
  if (family == FAMILY_SEV) {
    const u = Math.exp(z);
    if (u == 0) {
      d1 = 1;
      d2 = 0;
      return z;
    }
    // rho = f0/F0 = u / expm1(u); rho' = rho (1 - u / (1 - e^-u)).
    const em = Math.expm1(u);
    const rho = u / em;
    d1 = rho;
    d2 = rho * (1 - u / -Math.expm1(-u));
    return Math.log(-Math.expm1(-u));
  }
  if (family == FAMILY_NORMAL) {
    const r = millsInverse(-z);
    d1 = r;
    d2 = -r * (r + z);
    return normalLogCdf(z);
  }
  const a = Math.abs(z);
  const e = Math.exp(-a);
  const s = z >= 0 ? e / (1 + e) : 1 / (1 + e);
  d1 = s;
  d2 = -(e / ((1 + e) * (1 + e)));
  return z >= 0 ? -Math.log1p(e) : z - Math.log1p(e);
}

/** F0(z). */
export function cdf(family: i32, z: f64): f64 {
  if (family == FAMILY_SEV) return -Math.expm1(-Math.exp(z));
  if (family == FAMILY_NORMAL) return normalCdf(z);
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** S0(z) = 1 - F0(z), accurate in the upper tail. */
export function survival(family: i32, z: f64): f64 {
  if (family == FAMILY_SEV) return Math.exp(-Math.exp(z));
  if (family == FAMILY_NORMAL) return normalSf(z);
  return z >= 0 ? Math.exp(-z) / (1 + Math.exp(-z)) : 1 / (1 + Math.exp(z));
}

/** f0(z). */
export function density(family: i32, z: f64): f64 {
  if (family == FAMILY_SEV) return Math.exp(z - Math.exp(z));
  if (family == FAMILY_NORMAL) return INV_SQRT_2PI * Math.exp(-0.5 * z * z);
  const e = Math.exp(-Math.abs(z));
  return e / ((1 + e) * (1 + e));
}

/** z with F0(z) = p (0 < p < 1). */
export function quantile(family: i32, p: f64): f64 {
  if (family == FAMILY_SEV) return Math.log(-Math.log1p(-p));
  if (family == FAMILY_NORMAL) return normalQuantile(p);
  return Math.log(p / (1 - p));
}

/** z with S0(z) = r (0 < r < 1), accurate for r near 0 and near 1. */
export function quantileSurvival(family: i32, r: f64): f64 {
  if (family == FAMILY_SEV) return Math.log(-Math.log(r));
  if (family == FAMILY_NORMAL) return -normalQuantile(r);
  return Math.log((1 - r) / r);
}
