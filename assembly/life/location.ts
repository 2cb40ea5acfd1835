// Three-parameter fits (Weibull 3P; exponential 2P with interval data): the location gamma is found by
// profiling, an inner two-parameter MLE for each gamma (Meeker & Escobar 1998, Statistical Methods for
// Reliability Data, chapter 11, threshold parameters; unbounded at the first failure when beta < 1: Smith
// 1985, Biometrika 72(1) 67-90). A scan on ln(t_min - gamma) finds the best region, then the root of
// dLL/dgamma (analytic at the inner optimum, by the envelope theorem) is bracketed and polished. When the
// likelihood keeps rising towards the first time (beta < 1) the search stops at gamma = t_min - 1e-4 (t_max -
// t_min) and says so instead of wandering towards infinity.
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
import { d1, logCdf, logDensity, logSurvival } from "./standard";

export const LOCATION_OK: i32 = 0;
export const LOCATION_AT_UPPER_BOUND: i32 = 4;
export const LOCATION_AT_LOWER_BOUND: i32 = 5;

const scratch = new StaticArray<f64>(FIT_SLOTS);
const SCAN: i32 = 15;

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

/** Fits (mu, s, gamma) on log-scale family `family`; returns LOCATION_OK or the bound reached. */
export function fitWithLocation(family: i32, fixSigma: bool, sFixed: f64): i32 {
  pFamily = family;
  pFixSigma = fixSigma;
  pSFixed = sFixed;
  locEvaluations = 0;
  setWarmStart(false, 0, 0);
  const tMin = minFailureEnd;
  const span = maxTime - tMin;
  const dMin = 1e-4 * (span > 0 ? span : Math.abs(tMin));
  const dMax = tMin + 2 * span;
  let bestK = 0;
  let bestLL = -Infinity;
  const lls = new StaticArray<f64>(SCAN);
  for (let k = 0; k < SCAN; k++) {
    const d = dMin * Math.pow(dMax / dMin, <f64>k / <f64>(SCAN - 1));
    const ll = profile(tMin - d);
    lls[k] = ll;
    if (ll > bestLL) {
      bestLL = ll;
      bestK = k;
    }
  }
  let status = LOCATION_OK;
  let gamma: f64;
  if (bestK == 0 && profileSlope(tMin - dMin) > 0) {
    gamma = tMin - dMin;
    status = LOCATION_AT_UPPER_BOUND;
  } else if (bestK == SCAN - 1) {
    gamma = tMin - dMax;
    status = LOCATION_AT_LOWER_BOUND;
  } else {
    // The slope is positive below the maximum and negative above it: Brent's root of it in between.
    const kLo = bestK + 1;
    const a = tMin - dMin * Math.pow(dMax / dMin, <f64>kLo / <f64>(SCAN - 1));
    const b = bestK > 0 ? tMin - dMin * Math.pow(dMax / dMin, <f64>(bestK - 1) / <f64>(SCAN - 1)) : tMin - dMin;
    gamma = tMin - dMin * Math.pow(dMax / dMin, <f64>bestK / <f64>(SCAN - 1));
    const root = brentRoot(profileSlopeAt, a, b, 1e-13 * Math.max(Math.abs(tMin), span), 100);
    if (!isNaN(root)) gamma = root;
  }
  profile(gamma);
  const out = changetype<usize>(scratch);
  locGamma = gamma;
  locMu = load<f64>(out + (OUT_MU << 3));
  locS = load<f64>(out + (OUT_S << 3));
  locLogLik = load<f64>(out + (OUT_LOGLIK << 3));
  setWarmStart(false, 0, 0);
  locationCovariance(family, fixSigma, locMu, locS, gamma, tMin - gamma);
  return status;
}
