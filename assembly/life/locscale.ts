// Maximum likelihood for location-scale laws on y = ln t (Weibull, lognormal, loglogistic) or y = t (normal,
// Gumbel) with any mix of exact, right-, left- and interval-censored rows with weights: Newton on
// (mu, s = ln sigma) with analytic gradient and Hessian (the parametrisation survreg uses, so the covariance
// is directly comparable), Levenberg damping when the Hessian is not negative definite, and step halving.
// Interval terms are formed in log space from the tail that avoids cancellation (Maechler 2012, "Accurately
// computing log(1 - exp(-|a|))", the Rmpfr package's note).
import {
  KIND_EXACT,
  KIND_INTERVAL,
  KIND_LEFT,
  KIND_RIGHT,
  jacobianSum,
  rowsInterval,
  rowsLeft,
  yHiPtr,
  yLoPtr,
  rowCount,
  rowKind,
  rowWeight,
  yHi,
  yLo,
} from "./data";
import { FAMILY_SEV, d1, d2, logCdf, logDensity, logSurvival } from "./standard";
import { expScalar, expV, expm1V, logV } from "../math/vmath";

// Log-likelihood on the y scale (without the Jacobian), gradient and Hessian in (mu, s).
export let llY: f64 = 0;
export let gM: f64 = 0;
export let gS: f64 = 0;
export let hMM: f64 = 0;
export let hMS: f64 = 0;
export let hSS: f64 = 0;

export let fitMu: f64 = 0;
export let fitS: f64 = 0;
export let fitLogLik: f64 = 0;
export let fitIterations: i32 = 0;
export let fitVarMu: f64 = 0;
export let fitCovMuS: f64 = 0;
export let fitVarS: f64 = 0;
export let fitGradMu: f64 = 0;
export let fitGradS: f64 = 0;

@inline function addTerms(w: f64, z: f64, sigInv: f64, a1: f64, a2: f64, exact: bool): void {
  // a1, a2: first and second derivative in z of the row's log term; exact rows add -s (the 1/sigma).
  gM -= w * a1 * sigInv;
  gS -= w * (a1 * z + (exact ? 1.0 : 0.0));
  hMM += w * a2 * sigInv * sigInv;
  hMS += w * (a2 * z + a1) * sigInv;
  hSS += w * (a2 * z * z + a1 * z);
}

/** Interval row from the ratios aU = f0(zU)/P, aL = f0(zL)/P and the log-density slopes at both ends. */
@inline function addInterval(w: f64, zU: f64, zL: f64, aU: f64, aL: f64, h1U: f64, h1L: f64, sigInv: f64): void {
  const lm = -(aU - aL) * sigInv;
  const zaL = aL == 0 ? 0.0 : zL * aL;
  const zaLh = aL == 0 ? 0.0 : zL * aL * h1L;
  const ls = -(zU * aU - zaL);
  gM += w * lm;
  gS += w * ls;
  hMM += w * ((aU * h1U - aL * h1L) * sigInv * sigInv - lm * lm);
  hMS += w * (((aU - aL) + (zU * aU * h1U - zaLh)) * sigInv - lm * ls);
  const tailL = aL == 0 ? 0.0 : zL * aL * (1 + zL * h1L);
  hSS += w * (zU * aU * (1 + zU * h1U) - tailL - ls * ls);
}

function accumulateSev(mu: f64, s: f64, order: i32, stride: i32): void {
  const sigInv = Math.exp(-s);
  let ll: f64 = 0;
  const n = rowCount;
  for (let i = 0; i < n; i += stride) {
    const w = rowWeight(i);
    const k = rowKind(i);
    const zU = (yHi(i) - mu) * sigInv;
    if (k == KIND_EXACT) {
      const e = expScalar(zU);
      ll += w * (zU - e - s);
      if (order > 0) addTerms(w, zU, sigInv, 1 - e, -e, true);
    } else if (k == KIND_RIGHT) {
      if (!(zU > -Infinity)) continue;
      const e = expScalar(zU);
      ll -= w * e;
      if (order > 0) addTerms(w, zU, sigInv, -e, -e, false);
    } else {
      // P = S(zL) - S(zU) = S(zL) (1 - e^{-d}), d = uU - uL, u = e^z; left rows have uL = 0.
      const uU = expScalar(zU);
      let uL: f64 = 0;
      let zL: f64 = -Infinity;
      let d = uU;
      if (k == KIND_INTERVAL) {
        zL = (yLo(i) - mu) * sigInv;
        if (zL > -700) {
          uL = expScalar(zL);
          d = uL * Math.expm1(zU - zL);
        }
      }
      const oneMinusQ = -Math.expm1(-d);
      ll += w * (Math.log(oneMinusQ) - uL);
      if (order > 0) {
        const aL = uL / oneMinusQ;
        const aU = (uU * (1 - oneMinusQ)) / oneMinusQ;
        addInterval(w, zU, zL, aU, aL, 1 - uU, 1 - uL, sigInv);
      }
    }
  }
  llY = ll;
}

function accumulateGeneric(family: i32, mu: f64, s: f64, order: i32, stride: i32): void {
  const sigInv = Math.exp(-s);
  let ll: f64 = 0;
  const n = rowCount;
  for (let i = 0; i < n; i += stride) {
    const w = rowWeight(i);
    const k = rowKind(i);
    const zU = (yHi(i) - mu) * sigInv;
    if (k == KIND_EXACT) {
      ll += w * (logDensity(family, zU) - s);
      if (order > 0) addTerms(w, zU, sigInv, d1, d2, true);
    } else if (k == KIND_RIGHT) {
      if (!(zU > -Infinity)) continue;
      ll += w * logSurvival(family, zU);
      if (order > 0) addTerms(w, zU, sigInv, d1, d2, false);
    } else if (k == KIND_LEFT || !(yLo(i) > -Infinity)) {
      ll += w * logCdf(family, zU);
      if (order > 0) addTerms(w, zU, sigInv, d1, d2, false);
    } else {
      const zL = (yLo(i) - mu) * sigInv;
      let logP: f64;
      if (zL > 0) {
        // Both ends in the upper tail: difference of survivals.
        const lL = logSurvival(family, zL);
        const lU = logSurvival(family, zU);
        logP = lL + Math.log(-Math.expm1(lU - lL));
      } else {
        const lU = logCdf(family, zU);
        const lL = logCdf(family, zL);
        logP = lU + Math.log(-Math.expm1(lL - lU));
      }
      ll += w * logP;
      if (order > 0) {
        const fU = logDensity(family, zU);
        const h1U = d1;
        const fL = logDensity(family, zL);
        const h1L = d1;
        addInterval(w, zU, zL, Math.exp(fU - logP), Math.exp(fL - logP), h1U, h1L, sigInv);
      }
    }
  }
  llY = ll;
}

// Per-row exponentials of the vectorised SEV pass: u_U = e^zU, u_L = e^zL (0 below -700), D = 1 - e^-d, log D.
let vecCapacity: i32 = 0;
let vecUU: usize = 0;
let vecUL: usize = 0;
let vecD: usize = 0;
let vecLogD: usize = 0;

function ensureVectorBuffers(n: i32): void {
  if (n <= vecCapacity) return;
  if (vecCapacity > 0) {
    heap.free(vecUU);
    heap.free(vecUL);
    heap.free(vecD);
    heap.free(vecLogD);
  }
  vecCapacity = n + 2;
  const bytes = <usize>vecCapacity << 3;
  vecUU = heap.alloc(bytes);
  vecUL = heap.alloc(bytes);
  vecD = heap.alloc(bytes);
  vecLogD = heap.alloc(bytes);
}

/**
 * SEV pass over all rows with the transcendental work done two rows at a time (SIMD exp, expm1, log into four
 * columns), then the per-row arithmetic by kind. Same formulas as accumulateSev.
 */
function accumulateSevVector(mu: f64, s: f64, order: i32): void {
  const n = rowCount;
  ensureVectorBuffers(n);
  const sigInv = Math.exp(-s);
  const hasIntervals = rowsInterval + rowsLeft > 0;
  const vMu = f64x2.splat(mu);
  const vSig = f64x2.splat(sigInv);
  const limit = f64x2.splat(-700);
  const zero = f64x2.splat(0);
  const un = <usize>n;
  for (let i: usize = 0; i < un; i += 2) {
    const o = i << 3;
    const zU = f64x2.mul(f64x2.sub(v128.load(yHiPtr + o), vMu), vSig);
    const uU = expV(zU);
    v128.store(vecUU + o, uU);
    if (!hasIntervals) continue;
    const zL = f64x2.mul(f64x2.sub(v128.load(yLoPtr + o), vMu), vSig);
    const hasLower = f64x2.gt(zL, limit);
    const uL = v128.bitselect(expV(zL), zero, hasLower);
    const d = v128.bitselect(f64x2.mul(uL, expm1V(f64x2.sub(zU, zL))), uU, hasLower);
    const D = f64x2.neg(expm1V(f64x2.neg(d)));
    v128.store(vecUL + o, uL);
    v128.store(vecD + o, D);
    v128.store(vecLogD + o, logV(D));
  }
  let ll: f64 = 0;
  for (let i = 0; i < n; i++) {
    const w = rowWeight(i);
    const k = rowKind(i);
    const zU = (yHi(i) - mu) * sigInv;
    const uU = load<f64>(vecUU + (<usize>i << 3));
    if (k == KIND_EXACT) {
      ll += w * (zU - uU - s);
      if (order > 0) addTerms(w, zU, sigInv, 1 - uU, -uU, true);
    } else if (k == KIND_RIGHT) {
      if (!(zU > -Infinity)) continue;
      ll -= w * uU;
      if (order > 0) addTerms(w, zU, sigInv, -uU, -uU, false);
    } else {
      const uL = load<f64>(vecUL + (<usize>i << 3));
      const oneMinusQ = load<f64>(vecD + (<usize>i << 3));
      // log D of a subnormal D would be wrong in the vector log: redo those few exactly.
      const logD = oneMinusQ > 1e-300 ? load<f64>(vecLogD + (<usize>i << 3)) : Math.log(oneMinusQ);
      ll += w * (logD - uL);
      if (order > 0) {
        const zL = uL > 0 ? (yLo(i) - mu) * sigInv : -Infinity;
        const aL = uL / oneMinusQ;
        const aU = (uU * (1 - oneMinusQ)) / oneMinusQ;
        addInterval(w, zU, zL, aU, aL, 1 - uU, 1 - uL, sigInv);
      }
    }
  }
  llY = ll;
}

/** Log-likelihood (y scale) and, when order > 0, gradient and Hessian at (mu, s) over every stride-th row. */
export function accumulate(family: i32, mu: f64, s: f64, order: i32, stride: i32): void {
  gM = 0;
  gS = 0;
  hMM = 0;
  hMS = 0;
  hSS = 0;
  if (family == FAMILY_SEV) {
    if (stride == 1 && rowCount >= 64) accumulateSevVector(mu, s, order);
    else accumulateSev(mu, s, order, stride);
  } else accumulateGeneric(family, mu, s, order, stride);
}

/** Log-likelihood on the time scale at (mu, s) with the current transform (logScale adds the Jacobian). */
export function logLikelihoodAt(family: i32, logScale: bool, mu: f64, s: f64): f64 {
  accumulate(family, mu, s, 0, 1);
  return llY - (logScale ? jacobianSum : 0);
}

/**
 * Newton from (mu0, s0). With fixSigma only mu moves (s stays s0). Returns 0 when converged, 3 otherwise;
 * fitMu/fitS/fitLogLik (time scale when logScale)/covariance are left at the last point.
 */
export function fitLocationScale(
  family: i32,
  logScale: bool,
  fixSigma: bool,
  mu0: f64,
  s0: f64,
  stride: i32,
  maxIter: i32,
): i32 {
  let mu = mu0;
  let s = s0;
  accumulate(family, mu, s, 2, stride);
  let ll = llY;
  let status = 3;
  let it = 0;
  for (; it < maxIter; it++) {
    // Information matrix I = -H, damped until positive definite.
    let a = -hMM;
    let b = -hMS;
    let c = fixSigma ? 1.0 : -hSS;
    let gs = fixSigma ? 0.0 : gS;
    if (fixSigma) b = 0;
    let lambda: f64 = 0;
    for (let tries = 0; tries < 60; tries++) {
      const aa = a + lambda;
      const cc = c + lambda;
      if (aa > 0 && cc > 0 && aa * cc - b * b > 1e-300 * Math.abs(aa * cc)) break;
      lambda = lambda == 0 ? 1e-6 * (Math.abs(a) + Math.abs(c) + 1e-300) : lambda * 4;
    }
    a += lambda;
    c += lambda;
    const det = a * c - b * b;
    let dm = (c * gM - b * gs) / det;
    let ds = (a * gs - b * gM) / det;
    // A Newton step of more than e in sigma is a sign of a poor start: shorten it.
    if (Math.abs(ds) > 1) {
      const f = 1 / Math.abs(ds);
      dm *= f;
      ds *= f;
    }
    // An undamped Newton step below 1e-6 (in sigma units) leaves an error of order its square: take it without
    // the line search. The log-likelihood gains about half the Newton decrement there (1e-10 on 100,000 rows),
    // less than the rounding of its sum over the rows, so a line search would reject the step at random and
    // then accept only halvings too small to end the iterations (each a full pass over the rows).
    if (Math.abs(dm) <= 1e-6 * Math.exp(s) && Math.abs(ds) <= 1e-6 && lambda == 0) {
      mu += dm;
      s += ds;
      accumulate(family, mu, s, 2, stride);
      ll = llY;
      status = 0;
      it++;
      break;
    }
    let accepted = false;
    const oldMu = mu;
    const oldS = s;
    for (let half = 0; half < 50; half++) {
      mu = oldMu + dm;
      s = oldS + ds;
      accumulate(family, mu, s, 2, stride);
      if (llY >= ll - 1e-13 * Math.abs(ll) && !isNaN(llY)) {
        accepted = true;
        break;
      }
      dm *= 0.5;
      ds *= 0.5;
    }
    if (!accepted) {
      mu = oldMu;
      s = oldS;
      accumulate(family, mu, s, 2, stride);
      // No ascent possible: at the optimum to working precision when the Newton decrement is negligible.
      if ((dm * gM + ds * gs) * 1e6 <= 1e-9 * (1 + Math.abs(ll))) status = 0;
      break;
    }
    ll = llY;
  }
  fitIterations = it;
  fitMu = mu;
  fitS = s;
  fitLogLik = ll - (logScale ? jacobianSum : 0);
  fitGradMu = gM;
  fitGradS = fixSigma ? 0.0 : gS;
  if (fixSigma) {
    fitVarMu = -1 / hMM;
    fitCovMuS = 0;
    fitVarS = 0;
  } else {
    const det = hMM * hSS - hMS * hMS;
    fitVarMu = -hSS / det;
    fitCovMuS = hMS / det;
    fitVarS = -hMM / det;
  }
  return status;
}
