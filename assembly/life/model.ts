// A fitted model and the quantities read from it (reliability, pdf, failure rate, time at a reliability, mean
// life, conditional reliability), each with Fisher-matrix bounds by the delta method on a transformed scale
// that keeps the bounds inside the quantity's range (Meeker & Escobar 1998, Statistical Methods for
// Reliability Data, chapter 8 and appendix B, the delta method: the full J V J', no bounds outside [0, 1]).
// Gradients are central differences in the internal parameters, with steps of 1e-4 standard errors, so every
// model (location-scale with or without location, gamma, mixtures) shares one path.
//
// The values themselves (not their bounds) come from the failure model's evaluator (assembly/math/failure.ts)
// wherever the fitted distribution is one of its distributions, so a fitted Weibull read in the calculator
// gives the bits the same Weibull gives in eFTA and eRBD; mixtures and models with a location the failure
// model lacks (3P lognormal, gamma) read their values from the formulas here.
import {
  failureHazard,
  failureMean,
  failurePdf,
  failureQuantileUpper,
  failureReliability,
  failureUnreliability,
} from "../math/failure";
import { gamma as gammaFn } from "../math/special";
import { gammaModelDensity, gammaModelSurvival, gammaModelTimeAt } from "./gammadist";
import { gammaP } from "../math/incgamma";
import { FAMILY_NORMAL, FAMILY_SEV, cdf, density, quantileSurvival, survival } from "./standard";

export const MODEL_LOCSCALE: i32 = 0;
export const MODEL_GAMMA: i32 = 1;
export const MODEL_MIXTURE: i32 = 2;

export const WHAT_RELIABILITY: i32 = 0;
export const WHAT_UNRELIABILITY: i32 = 1;
export const WHAT_PDF: i32 = 2;
export const WHAT_FAILURE_RATE: i32 = 3;
export const WHAT_TIME: i32 = 4;
export const WHAT_MEAN: i32 = 5;
export const WHAT_CONDITIONAL: i32 = 6;

const MAX_PARAMS: i32 = 9;

let mType: i32 = 0;
let mFamily: i32 = 0;
let mLogScale: bool = true;
let mComponents: i32 = 1;
let mNp: i32 = 0;
const mParams = new StaticArray<f64>(MAX_PARAMS);
const mCov = new StaticArray<f64>(MAX_PARAMS * MAX_PARAMS);
const work = new StaticArray<f64>(MAX_PARAMS);
const grad = new StaticArray<f64>(MAX_PARAMS);
const mixP = new StaticArray<f64>(3);

// The model as a failure model distribution (code and parameters a, b, c of assembly/math/failure.ts), or
// code -1 where it is none; set by setFailure after setModel.
let fCode: i32 = -1;
let fA: f64 = 0;
let fB: f64 = 0;
let fC: f64 = 0;

/**
 * Sets the model. Location-scale: params (mu, s = ln sigma, gamma). Gamma: (ln theta, ln k, gamma).
 * Mixture of `components` Weibulls: (a_1..a_{m-1}, mu_1, s_1, ..., mu_m, s_m), fractions p_j = softmax(a, 0).
 * cov: np x np covariance of the internal parameters (row-major).
 */
export function setModel(type: i32, family: i32, logScale: bool, components: i32, params: usize, cov: usize, np: i32): void {
  mType = type;
  mFamily = family;
  mLogScale = logScale;
  mComponents = components;
  mNp = np;
  for (let i = 0; i < np; i++) unchecked((mParams[i] = load<f64>(params + (<usize>i << 3))));
  for (let i = 0; i < np * np; i++) unchecked((mCov[i] = load<f64>(cov + (<usize>i << 3))));
  fCode = -1;
}

/**
 * The model's values come from the failure model's distribution `code` with parameters (a, b, c) (the
 * caller's conversion of the internal parameters, the one it shows); code -1 keeps this file's formulas.
 */
export function setFailure(code: i32, a: f64, b: f64, c: f64): void {
  fCode = code;
  fA = a;
  fB = b;
  fC = c;
}

/** The failure model's value of `what`, the bounds' centre. */
function failureValue(what: i32, x: f64, x2: f64): f64 {
  if (what == WHAT_RELIABILITY) return failureReliability(fCode, fA, fB, fC, x);
  if (what == WHAT_UNRELIABILITY) return failureUnreliability(fCode, fA, fB, fC, x);
  if (what == WHAT_PDF) return failurePdf(fCode, fA, fB, fC, x);
  if (what == WHAT_FAILURE_RATE) return failureHazard(fCode, fA, fB, fC, x);
  if (what == WHAT_TIME) return failureQuantileUpper(fCode, fA, fB, fC, x);
  if (what == WHAT_MEAN) return failureMean(fCode, fA, fB, fC);
  // Conditional reliability R(age + t) / R(age).
  return failureReliability(fCode, fA, fB, fC, x + x2) / failureReliability(fCode, fA, fB, fC, x2);
}

function mixtureFractions(p: StaticArray<f64>): void {
  const m = mComponents;
  let total: f64 = 1; // the last component's logit is 0
  for (let j = 0; j < m - 1; j++) total += Math.exp(unchecked(p[j]));
  for (let j = 0; j < m - 1; j++) unchecked((mixP[j] = Math.exp(p[j]) / total));
  unchecked((mixP[m - 1] = 1 / total));
}

/** R(t) under parameters p. */
function reliabilityOf(p: StaticArray<f64>, t: f64): f64 {
  if (mType == MODEL_LOCSCALE) {
    const x = t - unchecked(p[2]);
    if (mLogScale && x <= 0) return 1;
    const z = ((mLogScale ? Math.log(x) : x) - unchecked(p[0])) * Math.exp(-unchecked(p[1]));
    return survival(mFamily, z);
  }
  if (mType == MODEL_GAMMA) return gammaModelSurvival(unchecked(p[0]), unchecked(p[1]), t - unchecked(p[2]));
  mixtureFractions(p);
  const m = mComponents;
  let r: f64 = 0;
  for (let j = 0; j < m; j++) {
    const mu = unchecked(p[m - 1 + 2 * j]);
    const s = unchecked(p[m + 2 * j]);
    r += unchecked(mixP[j]) * (t > 0 ? survival(FAMILY_SEV, (Math.log(t) - mu) * Math.exp(-s)) : 1);
  }
  return r;
}

/** F(t) = 1 - R(t) on its own scale: full relative precision in the lower tail, where R rounds to 1. */
function unreliabilityOf(p: StaticArray<f64>, t: f64): f64 {
  if (mType == MODEL_LOCSCALE) {
    const x = t - unchecked(p[2]);
    if (mLogScale && x <= 0) return 0;
    return cdf(mFamily, ((mLogScale ? Math.log(x) : x) - unchecked(p[0])) * Math.exp(-unchecked(p[1])));
  }
  if (mType == MODEL_GAMMA) {
    const x = t - unchecked(p[2]);
    return x <= 0 ? 0 : gammaP(Math.exp(unchecked(p[1])), x * Math.exp(-unchecked(p[0])));
  }
  mixtureFractions(p);
  const m = mComponents;
  let f: f64 = 0;
  if (t <= 0) return 0;
  for (let j = 0; j < m; j++) {
    const mu = unchecked(p[m - 1 + 2 * j]);
    const s = unchecked(p[m + 2 * j]);
    f += unchecked(mixP[j]) * cdf(FAMILY_SEV, (Math.log(t) - mu) * Math.exp(-s));
  }
  return f;
}

/** The standardised z of a location-scale model at t (-infinity at or below the location on a log scale). */
function standardZ(p: StaticArray<f64>, t: f64): f64 {
  const x = t - unchecked(p[2]);
  if (mLogScale && x <= 0) return -Infinity;
  return ((mLogScale ? Math.log(x) : x) - unchecked(p[0])) * Math.exp(-unchecked(p[1]));
}

function densityOf(p: StaticArray<f64>, t: f64): f64 {
  if (mType == MODEL_LOCSCALE) {
    const x = t - unchecked(p[2]);
    if (mLogScale && x <= 0) return 0;
    const sigInv = Math.exp(-unchecked(p[1]));
    const z = ((mLogScale ? Math.log(x) : x) - unchecked(p[0])) * sigInv;
    return (density(mFamily, z) * sigInv) / (mLogScale ? x : 1);
  }
  if (mType == MODEL_GAMMA) return gammaModelDensity(unchecked(p[0]), unchecked(p[1]), t - unchecked(p[2]));
  mixtureFractions(p);
  const m = mComponents;
  let f: f64 = 0;
  if (t <= 0) return 0;
  for (let j = 0; j < m; j++) {
    const mu = unchecked(p[m - 1 + 2 * j]);
    const sigInv = Math.exp(-unchecked(p[m + 2 * j]));
    f += (unchecked(mixP[j]) * density(FAMILY_SEV, (Math.log(t) - mu) * sigInv) * sigInv) / t;
  }
  return f;
}

/** The time with R(t) = r. */
function timeOf(p: StaticArray<f64>, r: f64): f64 {
  if (mType == MODEL_LOCSCALE) {
    const y = unchecked(p[0]) + Math.exp(unchecked(p[1])) * quantileSurvival(mFamily, r);
    return (mLogScale ? Math.exp(y) : y) + unchecked(p[2]);
  }
  if (mType == MODEL_GAMMA) return gammaModelTimeAt(unchecked(p[0]), unchecked(p[1]), r) + unchecked(p[2]);
  // Mixture: R is decreasing in t; bracket in ln t from the components' own r-quantiles, then bisect.
  mixtureFractions(p);
  const m = mComponents;
  const zr = quantileSurvival(FAMILY_SEV, r);
  let lo = Infinity;
  let hi = -Infinity;
  for (let j = 0; j < m; j++) {
    const y = unchecked(p[m - 1 + 2 * j]) + Math.exp(unchecked(p[m + 2 * j])) * zr;
    lo = Math.min(lo, y);
    hi = Math.max(hi, y);
  }
  let step: f64 = 1;
  while (reliabilityOf(p, Math.exp(lo)) < r && step < 1e3) {
    lo -= step;
    step *= 2;
  }
  step = 1;
  while (reliabilityOf(p, Math.exp(hi)) > r && step < 1e3) {
    hi += step;
    step *= 2;
  }
  for (let it = 0; it < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(hi)); it++) {
    const mid = 0.5 * (lo + hi);
    if (reliabilityOf(p, Math.exp(mid)) > r) lo = mid;
    else hi = mid;
  }
  return Math.exp(0.5 * (lo + hi));
}

function meanOf(p: StaticArray<f64>): f64 {
  if (mType == MODEL_LOCSCALE) {
    const mu = unchecked(p[0]);
    const sigma = Math.exp(unchecked(p[1]));
    const g = unchecked(p[2]);
    if (!mLogScale) return mFamily == FAMILY_SEV ? mu - 0.5772156649015329 * sigma : mu;
    if (mFamily == FAMILY_SEV) return g + Math.exp(mu) * gammaFn(1 + sigma);
    if (mFamily == FAMILY_NORMAL) return g + Math.exp(mu + 0.5 * sigma * sigma);
    // Loglogistic: finite only for sigma < 1.
    if (sigma >= 1) return Infinity;
    return g + (Math.exp(mu) * Math.PI * sigma) / Math.sin(Math.PI * sigma);
  }
  if (mType == MODEL_GAMMA) return Math.exp(unchecked(p[0]) + unchecked(p[1])) + unchecked(p[2]);
  mixtureFractions(p);
  const m = mComponents;
  let mean: f64 = 0;
  for (let j = 0; j < m; j++) {
    mean += unchecked(mixP[j]) * Math.exp(unchecked(p[m - 1 + 2 * j])) * gammaFn(1 + Math.exp(unchecked(p[m + 2 * j])));
  }
  return mean;
}

/** The transformed quantity u whose normal approximation gives the bounds. */
function transformed(what: i32, p: StaticArray<f64>, x: f64, x2: f64): f64 {
  if (what == WHAT_RELIABILITY || what == WHAT_UNRELIABILITY) {
    // z itself, not a quantile of R: going through R = 1 - F loses F's digits in the lower tail.
    if (mType == MODEL_LOCSCALE) return standardZ(p, x);
    // cloglog ln(-ln R), with -ln R = -log1p(-F) from F where F is the smaller of the two.
    const f = unreliabilityOf(p, x);
    return Math.log(f < 0.5 ? -Math.log1p(-f) : -Math.log(reliabilityOf(p, x)));
  }
  if (what == WHAT_CONDITIONAL) return Math.log(-Math.log(reliabilityOf(p, x + x2) / reliabilityOf(p, x2)));
  if (what == WHAT_PDF) return Math.log(densityOf(p, x));
  if (what == WHAT_FAILURE_RATE) return Math.log(densityOf(p, x) / reliabilityOf(p, x));
  const positive = mType != MODEL_LOCSCALE || mLogScale;
  const v = what == WHAT_TIME ? timeOf(p, x) : meanOf(p);
  return positive ? Math.log(v) : v;
}

/** Inverse of `transformed`: the quantity's value at u. */
function untransform(what: i32, u: f64): f64 {
  if (what == WHAT_RELIABILITY) return mType == MODEL_LOCSCALE ? survival(mFamily, u) : Math.exp(-Math.exp(u));
  if (what == WHAT_UNRELIABILITY) return mType == MODEL_LOCSCALE ? cdf(mFamily, u) : -Math.expm1(-Math.exp(u));
  if (what == WHAT_CONDITIONAL) return Math.exp(-Math.exp(u));
  if (what == WHAT_PDF || what == WHAT_FAILURE_RATE) return Math.exp(u);
  const positive = mType != MODEL_LOCSCALE || mLogScale;
  return positive ? Math.exp(u) : u;
}

// Results of the last evaluate().
export let evalValue: f64 = 0;
export let evalLower: f64 = 0;
export let evalUpper: f64 = 0;

/**
 * Value of `what` at x (time, or reliability for WHAT_TIME; x2 = age for WHAT_CONDITIONAL) and its bounds for
 * the standard normal quantile z (two-sided: z_{(1+CL)/2}; one-sided: z_CL and read one side).
 */
export function evaluate(what: i32, x: f64, x2: f64, z: f64): void {
  const np = mNp;
  for (let i = 0; i < np; i++) unchecked((work[i] = mParams[i]));
  const u0 = transformed(what, work, x, x2);
  let variance: f64 = 0;
  const analytic = mType == MODEL_LOCSCALE && (what == WHAT_RELIABILITY || what == WHAT_UNRELIABILITY);
  if (analytic && z != 0 && isFinite(u0)) {
    // z = (g(t - gamma) - mu) / sigma: dz/dmu = -1/sigma, dz/ds = -z, dz/dgamma = -g'(t - gamma)/sigma, exact
    // (differences would cost the far tail digits: z is about -35 at F = 1e-15).
    const sigInv = Math.exp(-unchecked(mParams[1]));
    unchecked((grad[0] = -sigInv));
    unchecked((grad[1] = -u0));
    if (np > 2) unchecked((grad[2] = mLogScale ? -sigInv / (x - unchecked(mParams[2])) : -sigInv));
  }
  // z = 0: the value only (no bounds), skipping the 2 np evaluations of the gradient.
  for (let j = 0; j < (z == 0 || analytic ? 0 : np); j++) {
    const vjj = unchecked(mCov[j * np + j]);
    if (!(vjj > 0)) {
      unchecked((grad[j] = 0));
      continue;
    }
    const h = 1e-4 * Math.sqrt(vjj);
    const pj = unchecked(mParams[j]);
    unchecked((work[j] = pj + h));
    const up = transformed(what, work, x, x2);
    unchecked((work[j] = pj - h));
    const dn = transformed(what, work, x, x2);
    unchecked((work[j] = pj));
    unchecked((grad[j] = (up - dn) / (2 * h)));
  }
  for (let i = 0; i < (z == 0 ? 0 : np); i++) {
    const gi = unchecked(grad[i]);
    if (gi == 0) continue;
    for (let j = 0; j < np; j++) variance += gi * unchecked(mCov[i * np + j]) * unchecked(grad[j]);
  }
  const se = Math.sqrt(Math.max(variance, 0));
  const value = fCode >= 0 ? failureValue(what, x, x2) : untransform(what, u0);
  if (!isFinite(u0) || se == 0) {
    // At or below the location (R = 1 and F = 0 exactly), or no spread: the bounds are the value.
    evalValue = value;
    evalLower = value;
    evalUpper = value;
    return;
  }
  const a = untransform(what, u0 - z * se);
  const b = untransform(what, u0 + z * se);
  evalValue = value;
  evalLower = Math.min(a, b);
  evalUpper = Math.max(a, b);
}

/** evaluate() over n points at xs; writes value, lower, upper triples to out. */
export function evaluateMany(what: i32, xs: usize, n: i32, x2: f64, z: f64, out: usize): void {
  for (let i = 0; i < n; i++) {
    evaluate(what, load<f64>(xs + (<usize>i << 3)), x2, z);
    const o = out + (<usize>(3 * i) << 3);
    store<f64>(o, evalValue);
    store<f64>(o, evalLower, 8);
    store<f64>(o, evalUpper, 16);
  }
}

/** F0 of a family at z (likelihood-ratio bounds on unreliability, accurate in the lower tail). */
export function familyCdf(family: i32, z: f64): f64 {
  return cdf(family, z);
}

/** S0 of a family at z (likelihood-ratio bounds map z back to reliability on the TypeScript side). */
export function familySurvival(family: i32, z: f64): f64 {
  return survival(family, z);
}

/** z with S0(z) = r. */
export function familyQuantileSurvival(family: i32, r: f64): f64 {
  return quantileSurvival(family, r);
}
