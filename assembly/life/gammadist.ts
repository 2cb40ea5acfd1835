// Gamma distribution, density t^(k-1) e^(-t/theta) / (Gamma(k) theta^k), by MLE on (u = ln theta, v = ln k).
// Exact failures enter through three sums (w, w ln t, w t), so only censored rows cost an incomplete gamma
// function. Derivatives in u are analytic (d/du Q(k, t/theta) = x^k e^-x / Gamma(k)); those in v, where the
// incomplete gamma function has no cheap parameter derivative, are central differences of the analytic
// pieces at k e^(+-h) and k e^(+-h/2), Richardson-extrapolated (error O(h^4)).
import { gammaP, gammaQ, gammaQInv, poissonTerm } from "../math/incgamma";
import { gamma as gammaFn, lnGamma } from "../math/special";
import { KIND_EXACT, KIND_INTERVAL, KIND_RIGHT, rowCount, rowEnd, rowKind, rowStart, rowWeight } from "./data";
import { STATUS_OK, profileBeta, profileMu, solveProfile } from "./weibull";

// Sums over exact rows.
let exW: f64 = 0;
let exLogT: f64 = 0;
let exT: f64 = 0;

/** Log-likelihood and analytic u-derivatives at (u, v) over every stride-th row. */
let gLL: f64 = 0;
let gU: f64 = 0;
let gUU: f64 = 0;

function exactSums(stride: i32): void {
  let w: f64 = 0;
  let lt: f64 = 0;
  let t: f64 = 0;
  for (let i = 0; i < rowCount; i += stride) {
    if (rowKind(i) != KIND_EXACT) continue;
    const wi = rowWeight(i);
    const ti = rowEnd(i);
    w += wi;
    lt += wi * Math.log(ti);
    t += wi * ti;
  }
  exW = w;
  exLogT = lt;
  exT = t;
}

/** log Q(k, x), finite where Q underflows (leading term of the asymptotic series). */
@inline function logQ(k: f64, x: f64, lgk: f64): f64 {
  const q = gammaQ(k, x);
  return q > 0 ? Math.log(q) : (k - 1) * Math.log(x) - x - lgk;
}

@inline function logP(k: f64, x: f64, lgk: f64): f64 {
  const p = gammaP(k, x);
  return p > 0 ? Math.log(p) : k * Math.log(x) - x - lgk - Math.log(k);
}

function evaluateAt(u: f64, v: f64, stride: i32): void {
  const theta = Math.exp(u);
  const k = Math.exp(v);
  const lgk = lnGamma(k);
  // Exact rows: (k-1) sum ln t - sum t / theta - r (k u + lnGamma(k)).
  let ll = (k - 1) * exLogT - exT / theta - exW * (k * u + lgk);
  let du = exT / theta - exW * k;
  let duu = -exT / theta;
  for (let i = 0; i < rowCount; i += stride) {
    const kind = rowKind(i);
    if (kind == KIND_EXACT) continue;
    const w = rowWeight(i);
    const xU = rowEnd(i) / theta;
    if (kind == KIND_RIGHT) {
      const lq = logQ(k, xU, lgk);
      // r = g / Q with g = x^k e^-x / Gamma(k): dlogQ/du = r, d2 = -r (k - x) - r^2.
      const r = Math.exp(Math.log(k * poissonTerm(k, xU)) - lq);
      ll += w * lq;
      du += w * r;
      duu += w * (-r * (k - xU) - r * r);
      continue;
    }
    const xL = kind == KIND_INTERVAL ? rowStart(i) / theta : 0.0;
    // P = P(k, xU) - P(k, xL); dP/du = g(xL) - g(xU); d2P/du2 = g(xU)(k - xU) - g(xL)(k - xL).
    let logProb: f64;
    if (xL > 0 && xL > k) {
      const a = logQ(k, xL, lgk);
      logProb = a + Math.log(-Math.expm1(logQ(k, xU, lgk) - a));
    } else {
      const a = logP(k, xU, lgk);
      logProb = xL > 0 ? a + Math.log(-Math.expm1(logP(k, xL, lgk) - a)) : a;
    }
    const gUpper = Math.exp(Math.log(k * poissonTerm(k, xU)) - logProb);
    const gLower = xL > 0 ? Math.exp(Math.log(k * poissonTerm(k, xL)) - logProb) : 0.0;
    const d1 = gLower - gUpper;
    ll += w * logProb;
    du += w * d1;
    duu += w * (gUpper * (k - xU) - gLower * (k - xL) - d1 * d1);
  }
  gLL = ll;
  gU = du;
  gUU = duu;
}

export let gammaU: f64 = 0;
export let gammaV: f64 = 0;
export let gammaLogLik: f64 = 0;
export let gammaIterations: i32 = 0;
export let gammaVarU: f64 = 0;
export let gammaCovUV: f64 = 0;
export let gammaVarV: f64 = 0;

// Gradient and Hessian in (u, v) from the last derivatives() call.
let dU: f64 = 0;
let dV: f64 = 0;
let dUU: f64 = 0;
let dUV: f64 = 0;
let dVV: f64 = 0;
let dLL: f64 = 0;

/**
 * v-derivatives at (u, v) by differences; the caller has just evaluated the centre (gLL, gU, gUU hold it), so
 * plain differences cost two passes and Richardson-extrapolated ones four.
 */
function derivatives(u: f64, v: f64, stride: i32, h: f64, richardson: bool): void {
  const l0 = gLL;
  const u0 = gU;
  const uu0 = gUU;
  evaluateAt(u, v + h, stride);
  const lp = gLL;
  const up = gU;
  evaluateAt(u, v - h, stride);
  const lm = gLL;
  const um = gU;
  let gv = (lp - lm) / (2 * h);
  let hvv = (lp - 2 * l0 + lm) / (h * h);
  let huv = (up - um) / (2 * h);
  if (richardson) {
    const h2 = 0.5 * h;
    evaluateAt(u, v + h2, stride);
    const lp2 = gLL;
    const up2 = gU;
    evaluateAt(u, v - h2, stride);
    const lm2 = gLL;
    const um2 = gU;
    gv = (4 * ((lp2 - lm2) / (2 * h2)) - gv) / 3;
    hvv = (4 * ((lp2 - 2 * l0 + lm2) / (h2 * h2)) - hvv) / 3;
    huv = (4 * ((up2 - um2) / (2 * h2)) - huv) / 3;
  }
  dLL = l0;
  dU = u0;
  dUU = uu0;
  dV = gv;
  dVV = hvv;
  dUV = huv;
}

function newton(u0: f64, v0: f64, stride: i32, maxIter: i32): i32 {
  let u = u0;
  let v = v0;
  const h: f64 = 1e-3;
  // Plain differences while the steps are large; Richardson-extrapolated ones (error O(h^4)) near the end,
  // since the root of a plain central-difference gradient sits O(h^2) ~ 1e-6 away from the maximum.
  let fine = false;
  evaluateAt(u, v, stride);
  derivatives(u, v, stride, h, fine);
  let status = 3;
  let it = 0;
  for (; it < maxIter; it++) {
    let a = -dUU;
    let b = -dUV;
    let c = -dVV;
    let lambda: f64 = 0;
    for (let tries = 0; tries < 60; tries++) {
      if (a + lambda > 0 && c + lambda > 0 && (a + lambda) * (c + lambda) - b * b > 0) break;
      lambda = lambda == 0 ? 1e-6 * (Math.abs(a) + Math.abs(c) + 1e-300) : lambda * 4;
    }
    a += lambda;
    c += lambda;
    const det = a * c - b * b;
    let su = (c * dU - b * dV) / det;
    let sv = (a * dV - b * dU) / det;
    const big = Math.max(Math.abs(su), Math.abs(sv));
    if (big > 1) {
      su /= big;
      sv /= big;
    }
    const ll0 = dLL;
    let accepted = false;
    for (let half = 0; half < 40; half++) {
      evaluateAt(u + su, v + sv, stride);
      if (gLL >= ll0 - 1e-12 * Math.abs(ll0) && !isNaN(gLL)) {
        accepted = true;
        break;
      }
      su *= 0.5;
      sv *= 0.5;
    }
    if (!accepted) {
      if (!fine) {
        // Stalled on the coarse gradient: switch to the fine one and try again from here.
        fine = true;
        evaluateAt(u, v, stride);
        derivatives(u, v, stride, h, true);
        continue;
      }
      status = 0;
      break;
    }
    u += su;
    v += sv;
    const small = Math.abs(su) < 1e-4 && Math.abs(sv) < 1e-4;
    if (small) fine = true;
    derivatives(u, v, stride, h, fine);
    if (fine && Math.abs(su) < 1e-10 && Math.abs(sv) < 1e-10 && lambda == 0) {
      status = 0;
      it++;
      break;
    }
  }
  gammaU = u;
  gammaV = v;
  gammaIterations = it;
  return status;
}

/** Gamma MLE on the registered data. Returns 0 converged, 1 no failures, 3 not converged. */
export function fitGamma(): i32 {
  let failures: f64 = 0;
  for (let i = 0; i < rowCount; i++) if (rowKind(i) != KIND_RIGHT) failures += rowWeight(i);
  if (failures <= 0) return 1;
  const n = rowCount;
  const stride = n >= 65536 ? n / 8192 : 1;
  // Start: the moments of a Weibull fitted to the rows read as failures or suspensions.
  let u: f64;
  let v: f64;
  if (solveProfile(stride, true, 0) == STATUS_OK) {
    const sigma = 1 / profileBeta;
    const eta = Math.exp(profileMu);
    const m1 = eta * gammaFn(1 + sigma);
    const var_ = eta * eta * gammaFn(1 + 2 * sigma) - m1 * m1;
    const k = (m1 * m1) / var_;
    v = Math.log(k);
    u = Math.log(m1 / k);
  } else {
    v = 0;
    u = Math.log(rowEnd(0));
  }
  let iterations = 0;
  if (stride > 1) {
    exactSums(stride);
    if (newton(u, v, stride, 100) == 0) {
      u = gammaU;
      v = gammaV;
    }
    iterations += gammaIterations;
  }
  exactSums(1);
  const status = newton(u, v, 1, 200);
  iterations += gammaIterations;
  u = gammaU;
  v = gammaV;
  // Final derivatives with Richardson extrapolation in v for the covariance.
  evaluateAt(u, v, 1);
  derivatives(u, v, 1, 2e-3, true);
  gammaLogLik = dLL;
  gammaIterations = iterations;
  const det = dUU * dVV - dUV * dUV;
  gammaVarU = -dVV / det;
  gammaCovUV = dUV / det;
  gammaVarV = -dUU / det;
  return status;
}

// Model functions for model.ts (u = ln theta, v = ln k, t already shifted by the location).
export function gammaModelSurvival(u: f64, v: f64, t: f64): f64 {
  if (t <= 0) return 1;
  return gammaQ(Math.exp(v), t * Math.exp(-u));
}

export function gammaModelDensity(u: f64, v: f64, t: f64): f64 {
  if (t <= 0) return 0;
  const k = Math.exp(v);
  const x = t * Math.exp(-u);
  return (k * poissonTerm(k, x)) / t;
}

export function gammaModelTimeAt(u: f64, v: f64, r: f64): f64 {
  return gammaQInv(Math.exp(v), r) * Math.exp(u);
}
