// Weibull 2P MLE for exact failures and suspensions by Newton on the profile likelihood in beta (Cohen 1965,
// "Maximum likelihood estimation in the Weibull distribution based on complete and on censored samples",
// Technometrics 7(4) 579-588): eta^beta = sum w t^beta / r, and g(beta) = S1/S0 - 1/beta - mean ln t of
// failures = 0, monotone in beta, so a bracketed Newton converges from any start. One pass over the rows per
// iteration, one exp per row; t^beta is formed as exp(beta (ln t - ln t_max)) so it cannot overflow. The same
// routine gives start values for the general engine ("pseudo" rows: interval rows at the geometric midpoint,
// left-censored rows at half their time, all as failures).
import {
  KIND_INTERVAL,
  KIND_LEFT,
  KIND_RIGHT,
  deadRows,
  jacobianSum,
  rowCount,
  rowKind,
  rowWeight,
  weightPtr,
  yHi,
  yHiPtr,
  yLo,
} from "./data";
import { sumsExpScaled, vexpS0, vexpS1, vexpS2 } from "./simd-columns";

export const STATUS_OK: i32 = 0;
export const STATUS_NO_FAILURES: i32 = 1;
/** The likelihood keeps rising as beta grows: every failure sits at the largest time (no finite MLE). */
export const STATUS_BETA_UNBOUNDED: i32 = 2;
export const STATUS_NOT_CONVERGED: i32 = 3;

export let profileBeta: f64 = 1;
export let profileMu: f64 = 0;
export let profileLogLik: f64 = 0;
export let profileIterations: i32 = 0;
/** Observed information inverse on (mu, ln sigma), the scale survreg reports. */
export let profileVarMu: f64 = 0;
export let profileCovMuS: f64 = 0;
export let profileVarS: f64 = 0;

// Sums over failures (y shifted by the largest y): weighted count, sum of y, sum of y^2.
let failR: f64 = 0;
let failY: f64 = 0;
let failYY: f64 = 0;
let shiftC: f64 = 0;
// Sums over all rows of w e^{beta y}, w e^{beta y} y, w e^{beta y} y^2 at the last beta evaluated.
let s0: f64 = 0;
let s1: f64 = 0;
let s2: f64 = 0;

@inline function pseudoY(i: i32, k: i32): f64 {
  if (k == KIND_INTERVAL) {
    const lo = yLo(i);
    return lo > -Infinity ? 0.5 * (lo + yHi(i)) : yHi(i) - 0.6931471805599453;
  }
  if (k == KIND_LEFT) return yHi(i) - 0.6931471805599453;
  return yHi(i);
}

function prepare(stride: i32, pseudo: bool): void {
  let c = -Infinity;
  const n = rowCount;
  for (let i = 0; i < n; i += stride) {
    const y = pseudo ? pseudoY(i, rowKind(i)) : yHi(i);
    if (y > c) c = y;
  }
  // Dead suspensions (below a location) have y = -inf and take no part.
  shiftC = c;
  let r: f64 = 0;
  let sy: f64 = 0;
  let syy: f64 = 0;
  for (let i = 0; i < n; i += stride) {
    const k = rowKind(i);
    if (k == KIND_RIGHT) continue;
    const w = rowWeight(i);
    const y = (pseudo ? pseudoY(i, k) : yHi(i)) - c;
    r += w;
    sy += w * y;
    syy += w * y * y;
  }
  failR = r;
  failY = sy;
  failYY = syy;
}

function evaluateSums(beta: f64, stride: i32, pseudo: bool): void {
  if (!pseudo && stride == 1 && deadRows == 0) {
    // Hot path: vectorised exp over the contiguous y column.
    sumsExpScaled(yHiPtr, weightPtr, rowCount, beta, shiftC);
    s0 = vexpS0;
    s1 = vexpS1;
    s2 = vexpS2;
    return;
  }
  let a: f64 = 0;
  let b: f64 = 0;
  let d: f64 = 0;
  const n = rowCount;
  for (let i = 0; i < n; i += stride) {
    const y = (pseudo ? pseudoY(i, rowKind(i)) : yHi(i)) - shiftC;
    if (!(y > -Infinity)) continue;
    const e = rowWeight(i) * Math.exp(beta * y);
    a += e;
    b += e * y;
    d += e * y * y;
  }
  s0 = a;
  s1 = b;
  s2 = d;
}

/**
 * Solves the profile equation on every `stride`-th row from `betaStart` (<= 0: from the spread of the failures).
 * Returns a status; on success profileBeta, profileMu (= ln eta) hold the estimate.
 */
export function solveProfile(stride: i32, pseudo: bool, betaStart: f64, maxIterations: i32 = 200): i32 {
  prepare(stride, pseudo);
  const r = failR;
  profileIterations = 0;
  if (r <= 0) return STATUS_NO_FAILURES;
  const meanF = failY / r;
  // g(inf) = -meanF: no finite root when the failures' mean sits at the largest time.
  if (meanF >= -1e-14) return STATUS_BETA_UNBOUNDED;
  let beta = betaStart;
  if (!(beta > 0)) {
    const varF = failYY / r - meanF * meanF;
    beta = varF > 1e-300 ? 1.2825498301618641 / Math.sqrt(varF) : 1;
    if (beta < 0.05) beta = 0.05;
    if (beta > 50) beta = 50;
  }
  let lo: f64 = 0;
  let hi: f64 = Infinity;
  for (let it = 0; it < maxIterations; it++) {
    evaluateSums(beta, stride, pseudo);
    profileIterations = it + 1;
    const m1 = s1 / s0;
    const g = m1 - 1 / beta - meanF;
    const dg = s2 / s0 - m1 * m1 + 1 / (beta * beta);
    if (g < 0) lo = beta;
    else hi = beta;
    let next = beta - g / dg;
    const newtonStep = next > lo && next < hi;
    if (!newtonStep) {
      // Newton left the bracket: bisect (geometrically while the upper end is unknown).
      next = hi == Infinity ? beta * 4 : lo > 0 ? Math.sqrt(lo * hi) : 0.5 * hi;
    }
    const step = Math.abs(next - beta);
    beta = next;
    // Quadratic convergence: after a Newton step below 1e-6 relative the error is of order 1e-12.
    if (step <= 1e-6 * beta && newtonStep) {
      finish(beta, stride, pseudo);
      return STATUS_OK;
    }
    if (beta > 1e6) return STATUS_BETA_UNBOUNDED;
  }
  finish(beta, stride, pseudo);
  return STATUS_NOT_CONVERGED;
}

/** Sums, eta, log-likelihood and covariance at the final beta (one more pass). */
function finish(beta: f64, stride: i32, pseudo: bool): void {
  evaluateSums(beta, stride, pseudo);
  const r = failR;
  // mu' = mu - c with e^{beta mu'} = S0 / r.
  const muS = Math.log(s0 / r) / beta;
  profileBeta = beta;
  profileMu = muS + shiftC;
  const sumFz = beta * (failY - r * muS);
  profileLogLik = sumFz - r + r * Math.log(beta) - (pseudo ? 0 : jacobianSum);
  const m1 = s1 / s0;
  const m2 = s2 / s0;
  const bSum = r * beta * (m1 - muS);
  const cSum = r * beta * beta * (m2 - 2 * muS * m1 + muS * muS);
  const hMM = -r * beta * beta;
  const hMS = -beta * bSum;
  const hSS = sumFz - bSum - cSum;
  // Covariance = inverse of the observed information -H.
  const det = hMM * hSS - hMS * hMS;
  profileVarMu = -hSS / det;
  profileCovMuS = hMS / det;
  profileVarS = -hMM / det;
}

/** Weibull with beta known (1P; exponential with beta = 1): eta closed form, Var(mu) = 1 / (r beta^2). */
export function solveKnownBeta(beta: f64): i32 {
  prepare(1, false);
  const r = failR;
  profileIterations = 1;
  if (r <= 0) return STATUS_NO_FAILURES;
  evaluateSums(beta, 1, false);
  const muS = Math.log(s0 / r) / beta;
  profileBeta = beta;
  profileMu = muS + shiftC;
  profileLogLik = beta * (failY - r * muS) - r + r * Math.log(beta) - jacobianSum;
  profileVarMu = 1 / (r * beta * beta);
  profileCovMuS = 0;
  profileVarS = 0;
  return STATUS_OK;
}

/** Sum over all rows of w t^beta (t = row time) relative to e^{beta c}: the Weibayes sum for zero failures. */
export function weibayesLogSum(beta: f64): f64 {
  prepare(1, false);
  evaluateSums(beta, 1, false);
  return Math.log(s0) + beta * shiftC;
}
