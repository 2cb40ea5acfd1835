// Three-parameter fits (Weibull 3P; exponential 2P with interval data): the location gamma is found by
// profiling, an inner two-parameter MLE for each gamma (Meeker & Escobar 1998, Statistical Methods for
// Reliability Data, chapter 11, threshold parameters; unbounded at the first failure when beta < 1: Smith
// 1985, Biometrika 72(1) 67-90). A scan on ln(t_min - gamma), extended outwards while the profile still rises
// (gamma may be far below zero, as Weibull++ allows), finds the best interior maximum, then the root of
// dLL/dgamma (analytic at the inner optimum, by the envelope theorem) is bracketed and polished. When the
// likelihood rises towards the first failure with beta < 1 it is unbounded (Weibull 3P's likelihood always
// is, there; the estimate is a local maximum or none) and the fit says so.
import {
  KIND_EXACT,
  KIND_INTERVAL,
  KIND_RIGHT,
  currentGamma,
  maxTime,
  minFailureEnd,
  rowCount,
  rowEnd,
  rowKind,
  rowStart,
  rowWeight,
  transformTimes,
  yHi,
  yLo,
} from "./data";
import { FIT_SLOTS, OUT_LOGLIK, OUT_MU, OUT_S, fitLocationScaleAt, setWarmStart } from "./fit";
import { brentRoot } from "../math/optimize";
import { spdInverse } from "../math/linalg";
import { accumulate, gM, gS } from "./locscale";
import { FAMILY_SEV, d1, logCdf, logDensity, logSurvival } from "./standard";

export const LOCATION_OK: i32 = 0;
export const LOCATION_AT_UPPER_BOUND: i32 = 4;
export const LOCATION_AT_LOWER_BOUND: i32 = 5;
/** The likelihood has no maximum: beta < 1 with gamma approaching the first failure. */
export const LOCATION_UNBOUNDED: i32 = 6;
/** Exponential 2P: the maximum is at the first failure itself (reported as gamma = first failure). */
export const LOCATION_AT_FIRST_FAILURE: i32 = 7;

const scratch = new StaticArray<f64>(FIT_SLOTS);
const SCAN: i32 = 15;
const MAX_SCAN: i32 = 48;
const scanD = new StaticArray<f64>(MAX_SCAN);
const scanLL = new StaticArray<f64>(MAX_SCAN);

export let locGamma: f64 = 0;
export let locMu: f64 = 0;
export let locS: f64 = 0;
export let locLogLik: f64 = 0;
export let locEvaluations: i32 = 0;
/** Covariance of (mu, s, gamma), row-major 3 x 3. */
export const locCov = new StaticArray<f64>(9);

let pFamily: i32 = 0;
let pFixSigma: bool = false;
let pSFixed: f64 = 0;

function profile(gamma: f64): f64 {
  const out = changetype<usize>(scratch);
  fitLocationScaleAt(pFamily, true, pFixSigma, pSFixed, gamma, out);
  locEvaluations++;
  const ll = load<f64>(out + (OUT_LOGLIK << 3));
  // The next gamma is close: start its inner fit here.
  const mu = load<f64>(out + (OUT_MU << 3));
  const s = load<f64>(out + (OUT_S << 3));
  setWarmStart(isFinite(mu) && isFinite(s), mu, s);
  return isNaN(ll) ? -Infinity : ll;
}

/** dLL/dgamma at (mu, s) with the transform already at gamma (log-scale families). */
export function gradGamma(family: i32, mu: f64, s: f64): f64 {
  const sigInv = Math.exp(-s);
  const g = currentGamma;
  let total: f64 = 0;
  for (let i = 0; i < rowCount; i++) {
    const k = rowKind(i);
    const w = rowWeight(i);
    const tu = rowEnd(i) - g;
    const zU = (yHi(i) - mu) * sigInv;
    if (k == KIND_EXACT) {
      logDensity(family, zU);
      total += w * (1 - d1 * sigInv) / tu;
    } else if (k == KIND_RIGHT) {
      if (!(tu > 0)) continue;
      logSurvival(family, zU);
      total -= (w * d1 * sigInv) / tu;
    } else if (k != KIND_INTERVAL || !(yLo(i) > -Infinity)) {
      logCdf(family, zU);
      total -= (w * d1 * sigInv) / tu;
    } else {
      const tl = rowStart(i) - g;
      const zL = (yLo(i) - mu) * sigInv;
      // log P with P = F(zU) - F(zL); d/dgamma = (-f(zU)/tu + f(zL)/tl) / (sigma P).
      const lfU = logDensity(family, zU);
      const lfL = logDensity(family, zL);
      let logP: f64;
      if (zL > 0) {
        const lL = logSurvival(family, zL);
        logP = lL + Math.log(-Math.expm1(logSurvival(family, zU) - lL));
      } else {
        const lU = logCdf(family, zU);
        logP = lU + Math.log(-Math.expm1(logCdf(family, zL) - lU));
      }
      total += w * sigInv * (Math.exp(lfL - logP) / tl - Math.exp(lfU - logP) / tu);
    }
  }
  return total;
}

function gradientAt(family: i32, fixSigma: bool, mu: f64, s: f64, gamma: f64, out: StaticArray<f64>): void {
  transformTimes(gamma, true);
  accumulate(family, mu, s, 1, 1);
  unchecked((out[0] = gM));
  unchecked((out[1] = fixSigma ? 0.0 : gS));
  unchecked((out[2] = gradGamma(family, mu, s)));
}

const gPlus = new StaticArray<f64>(3);
const gMinus = new StaticArray<f64>(3);
const hess = new StaticArray<f64>(9);

/** Observed-information covariance of (mu, s, gamma) from central differences of the analytic gradient. */
export function locationCovariance(family: i32, fixSigma: bool, mu: f64, s: f64, gamma: f64, distance: f64): void {
  const steps = new StaticArray<f64>(3);
  steps[0] = 1e-5 * Math.exp(s);
  steps[1] = 1e-5;
  steps[2] = 1e-5 * distance;
  for (let j = 0; j < 3; j++) {
    if (j == 1 && fixSigma) continue;
    const h = steps[j];
    gradientAt(family, fixSigma, mu + (j == 0 ? h : 0), s + (j == 1 ? h : 0), gamma + (j == 2 ? h : 0), gPlus);
    gradientAt(family, fixSigma, mu - (j == 0 ? h : 0), s - (j == 1 ? h : 0), gamma - (j == 2 ? h : 0), gMinus);
    // -H: the information matrix.
    for (let i = 0; i < 3; i++) hess[i * 3 + j] = -(gPlus[i] - gMinus[i]) / (2 * h);
  }
  // Symmetrise, then invert the information matrix over the free parameters.
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < i; j++) {
      const v = 0.5 * (hess[i * 3 + j] + hess[j * 3 + i]);
      hess[i * 3 + j] = v;
      hess[j * 3 + i] = v;
    }
  // Covariance = inverse of the information -H over the free parameters (sigma fixed: mu and gamma).
  for (let i = 0; i < 9; i++) locCov[i] = NaN;
  const info = new StaticArray<f64>(9);
  const inv = new StaticArray<f64>(9);
  const free: StaticArray<i32> = fixSigma ? [0, 2, 0] : [0, 1, 2];
  const nf = fixSigma ? 2 : 3;
  for (let i = 0; i < nf; i++) for (let j = 0; j < nf; j++) info[i * nf + j] = hess[free[i] * 3 + free[j]];
  if (spdInverse(changetype<usize>(info), nf, changetype<usize>(inv))) {
    for (let i = 0; i < 9; i++) locCov[i] = 0;
    for (let i = 0; i < nf; i++) for (let j = 0; j < nf; j++) locCov[free[i] * 3 + free[j]] = inv[i * nf + j];
  }
  transformTimes(gamma, true);
}

/** dLL/dgamma of the profile at gamma (inner fit, then the envelope derivative). */
function profileSlopeAt(gamma: f64, ctx: usize): f64 {
  return profileSlope(gamma);
}

function profileSlope(gamma: f64): f64 {
  profile(gamma);
  const out = changetype<usize>(scratch);
  return gradGamma(pFamily, load<f64>(out + (OUT_MU << 3)), load<f64>(out + (OUT_S << 3)));
}

/**
 * Whether the Weibull profile at gamma is no better than its limit as gamma -> -infinity, the smallest extreme
 * value (Gumbel) law on t: then a "maximum" found far out is rounding on a profile still rising towards that
 * limit, not a finite estimate.
 */
function gumbelBeats(gamma: f64): bool {
  const out = changetype<usize>(scratch);
  const ll3 = profile(gamma);
  setWarmStart(false, 0, 0);
  fitLocationScaleAt(FAMILY_SEV, false, false, 0, 0, out);
  const llG = load<f64>(out + (OUT_LOGLIK << 3));
  return isFinite(llG) && llG >= ll3 - 1e-12 * Math.abs(ll3);
}

/** Brent on the profile slope between gamma = tMin - dFar and tMin - dNear (slope > 0 below the maximum). */
function polish(tMin: f64, dFar: f64, dNear: f64, guess: f64, scale: f64): f64 {
  const root = brentRoot(profileSlopeAt, tMin - dFar, tMin - dNear, 1e-13 * scale, 100);
  return isNaN(root) ? guess : root;
}

/**
 * Fits (mu, s, gamma) on log-scale family `family`; returns LOCATION_OK, LOCATION_UNBOUNDED or the limit
 * reached. The profile log-likelihood in gamma is scanned on a geometric grid of distances d = tMin - gamma
 * and the grid is extended outwards (negative gamma included) for as long as the profile still rises at its
 * far end, so a maximum far below zero is found (it used to stop at tMin - (tMin + 2 span)). The best interior
 * local maximum is then polished by Brent on the slope. When the profile rises all the way towards the first
 * failure, the grid is refined towards it: with beta < 1 there the likelihood is unbounded (LOCATION_UNBOUNDED,
 * no estimate); otherwise the maximum is found closer in or the limit is reported.
 */
export function fitWithLocation(family: i32, fixSigma: bool, sFixed: f64): i32 {
  pFamily = family;
  pFixSigma = fixSigma;
  pSFixed = sFixed;
  locEvaluations = 0;
  setWarmStart(false, 0, 0);
  const tMin = minFailureEnd;
  const span = maxTime - tMin;
  const scale = Math.max(Math.abs(tMin), span);
  const dMin = 1e-4 * (span > 0 ? span : Math.abs(tMin));
  const dMax = tMin + 2 * span;
  const ratio = Math.pow(dMax / dMin, 1.0 / <f64>(SCAN - 1));
  // Beyond 1e8 times the data's scale the Weibull is its smallest-extreme-value limit to within rounding.
  const dLimit = 1e8 * scale;
  let n = 0;
  for (let k = 0; k < SCAN; k++) {
    const d = dMin * Math.pow(ratio, <f64>k);
    unchecked((scanD[n] = d));
    unchecked((scanLL[n] = profile(tMin - d)));
    n++;
  }
  while (n < MAX_SCAN && unchecked(scanLL[n - 1]) > unchecked(scanLL[n - 2]) && unchecked(scanD[n - 1]) < dLimit) {
    const d = unchecked(scanD[n - 1]) * ratio * ratio;
    unchecked((scanD[n] = d));
    unchecked((scanLL[n] = profile(tMin - d)));
    n++;
  }
  // The best interior local maximum (the likelihood's singularity at the first failure does not count).
  let best = -1;
  for (let k = 1; k < n - 1; k++) {
    const ll = unchecked(scanLL[k]);
    if (ll >= unchecked(scanLL[k - 1]) && ll >= unchecked(scanLL[k + 1]) && (best < 0 || ll > unchecked(scanLL[best])))
      best = k;
  }
  let status = LOCATION_OK;
  let gamma: f64;
  if (best >= 0) {
    gamma = polish(tMin, unchecked(scanD[best + 1]), unchecked(scanD[best - 1]), tMin - unchecked(scanD[best]), scale);
  } else if (unchecked(scanLL[n - 1]) >= unchecked(scanLL[0])) {
    gamma = tMin - unchecked(scanD[n - 1]);
    status = LOCATION_AT_LOWER_BOUND;
  } else if (fixSigma && sFixed == 0) {
    // Exponential (beta = 1): the likelihood rises to the first failure and stays finite there, so the
    // estimate is gamma = that failure, as in the closed form for exact data.
    gamma = tMin - 1e-14 * scale;
    status = LOCATION_AT_FIRST_FAILURE;
  } else {
    // Rising towards the first failure: refine towards it until the slope turns or beta < 1 shows the
    // likelihood is unbounded there (the density of the first failure grows like (t - gamma)^(beta - 1)).
    let d = dMin;
    gamma = tMin - d;
    status = LOCATION_AT_UPPER_BOUND;
    const out = changetype<usize>(scratch);
    for (let i = 0; i < 10; i++) {
      if (profileSlope(tMin - d) <= 0) {
        gamma = polish(tMin, d * 10, d, tMin - d, scale);
        status = LOCATION_OK;
        break;
      }
      if (Math.exp(-load<f64>(out + (OUT_S << 3))) < 1) {
        status = LOCATION_UNBOUNDED;
        break;
      }
      if (i < 9) d *= 0.1;
      gamma = tMin - d;
    }
  }
  // Only a maximum found out on the extended grid can be rounding on the way to the Gumbel limit.
  if (status == LOCATION_OK && best >= SCAN - 2 && family == FAMILY_SEV && !fixSigma && gumbelBeats(gamma))
    status = LOCATION_AT_LOWER_BOUND;
  profile(gamma);
  const out = changetype<usize>(scratch);
  locGamma = gamma;
  locMu = load<f64>(out + (OUT_MU << 3));
  locS = load<f64>(out + (OUT_S << 3));
  locLogLik = load<f64>(out + (OUT_LOGLIK << 3));
  setWarmStart(false, 0, 0);
  if (status == LOCATION_AT_FIRST_FAILURE) {
    // gamma on the edge of the support has no Fisher variance: mu's alone, from the analytic gradient.
    const h = 1e-5;
    gradientAt(family, fixSigma, locMu + h, locS, gamma, gPlus);
    gradientAt(family, fixSigma, locMu - h, locS, gamma, gMinus);
    const info = -(unchecked(gPlus[0]) - unchecked(gMinus[0])) / (2 * h);
    for (let i = 0; i < 9; i++) locCov[i] = 0;
    locCov[0] = info > 0 ? 1 / info : NaN;
    transformTimes(gamma, true);
    locGamma = tMin;
    return status;
  }
  locationCovariance(family, fixSigma, locMu, locS, gamma, tMin - gamma);
  return status;
}
