// Per-unit degradation paths (the pseudo failure time method: Meeker & Escobar 1998, "Statistical Methods for
// Reliability Data", sec. 13.7; Lu & Meeker 1993, Technometrics 35(2)). Each unit's measurements are fitted by
// least squares on the model's linearised form where one exists (ordinary lm on transformed columns), by a
// nonlinear least-squares fit on the measured scale for Gompertz, and the fitted path is solved for the time
// at which it reaches the critical threshold in the failure direction.
//
// Models (t time, y measure; the parameter order is the output order):
//   0 linear       y = a t + b               lm(y ~ t)
//   1 exponential  y = b e^(a t)             lm(ln y ~ t)
//   2 power        y = b t^a                 lm(ln y ~ ln t)
//   3 logarithmic  y = a ln t + b            lm(y ~ ln t)
//   4 gompertz     y = a b^(c^t)             nonlinear least squares on y
//   5 lloyd-lipow  y = a - b / t             lm(y ~ 1/t)
//   6 quadratic    y = a t^2 + b t + c       lm(y ~ t + t^2)
// R squared is that of the least-squares problem solved: on the linearised scale for models 1-3 and 5.
import { expScalar } from "../math/vmath";

export const STRIDE: i32 = 8;
// Output per unit: p0, p1, p2, rSquared, crossing time (NaN: never in the failure direction), status,
// iterations (Gompertz), residual sum of squares.
export const STATUS_OK: i32 = 0;
/** The fitted path is at or past the threshold at the first measurement and never crosses it after time 0. */
export const STATUS_PAST: i32 = 1;
/** Too few distinct times for the model (singular least squares). */
export const STATUS_SINGULAR: i32 = 2;
/** The Gompertz fit did not converge. */
export const STATUS_NOT_CONVERGED: i32 = 3;

let gT: usize = 0;
let gY: usize = 0;
let gS: i32 = 0;
let gE: i32 = 0;
let gTmax: f64 = 1;

@inline function tAt(i: i32): f64 {
  return load<f64>(gT + (<usize>i << 3));
}
@inline function yAt(i: i32): f64 {
  return load<f64>(gY + (<usize>i << 3));
}

// Transforms of the time and value columns for the linearised models.
@inline function xOf(model: i32, t: f64): f64 {
  if (model == 2 || model == 3) return Math.log(t);
  if (model == 5) return 1 / t;
  return t;
}
@inline function zOf(model: i32, y: f64): f64 {
  return model == 1 || model == 2 ? Math.log(y) : y;
}

// Result of the last fit.
let r0: f64 = 0;
let r1: f64 = 0;
let r2: f64 = 0;
let rR2: f64 = 0;
let rSse: f64 = 0;
let rIter: i32 = 0;
let rStatus: i32 = 0;

/** Straight line z = alpha + beta x on the transformed columns, two-pass centred sums. */
function fitLine(model: i32): void {
  const n = gE - gS;
  let mx = 0.0;
  let mz = 0.0;
  for (let i = gS; i < gE; i++) {
    mx += xOf(model, tAt(i));
    mz += zOf(model, yAt(i));
  }
  mx /= n;
  mz /= n;
  let sxx = 0.0;
  let sxz = 0.0;
  let szz = 0.0;
  for (let i = gS; i < gE; i++) {
    const dx = xOf(model, tAt(i)) - mx;
    const dz = zOf(model, yAt(i)) - mz;
    sxx += dx * dx;
    sxz += dx * dz;
    szz += dz * dz;
  }
  if (!(sxx > 0) || n < 2) {
    rStatus = STATUS_SINGULAR;
    return;
  }
  const beta = sxz / sxx;
  const alpha = mz - beta * mx;
  let sse = 0.0;
  for (let i = gS; i < gE; i++) {
    const e = zOf(model, yAt(i)) - alpha - beta * xOf(model, tAt(i));
    sse += e * e;
  }
  rSse = sse;
  rR2 = 1 - sse / szz;
  rStatus = STATUS_OK;
  if (model == 0 || model == 3) {
    r0 = beta;
    r1 = alpha;
  } else if (model == 1 || model == 2) {
    r0 = beta;
    r1 = Math.exp(alpha);
  } else {
    // Lloyd-Lipow: y = a - b (1/t).
    r0 = alpha;
    r1 = -beta;
  }
  r2 = NaN;
}

// Quadratic on u = (t - qm) / qs for conditioning; the coefficients in u are kept for the crossing.
let qm: f64 = 0;
let qs: f64 = 1;
let qa: f64 = 0;
let qb: f64 = 0;
let qc: f64 = 0;

/**
 * Solves the symmetric 3x3 system [[m00 m01 m02] [m01 m11 m12] [m02 m12 m22]] x = v by cofactors into
 * (s0, s1, s2); false when singular.
 */
function solve3(m00: f64, m01: f64, m02: f64, m11: f64, m12: f64, m22: f64, v0: f64, v1: f64, v2: f64): bool {
  const c00 = m11 * m22 - m12 * m12;
  const c01 = m02 * m12 - m01 * m22;
  const c02 = m01 * m12 - m02 * m11;
  const det = m00 * c00 + m01 * c01 + m02 * c02;
  const scale = Math.abs(m00 * m11 * m22) + 1e-300;
  if (!(Math.abs(det) > 1e-13 * scale) || !isFinite(det)) return false;
  const c11 = m00 * m22 - m02 * m02;
  const c12 = m01 * m02 - m00 * m12;
  const c22 = m00 * m11 - m01 * m01;
  s0 = (c00 * v0 + c01 * v1 + c02 * v2) / det;
  s1 = (c01 * v0 + c11 * v1 + c12 * v2) / det;
  s2 = (c02 * v0 + c12 * v1 + c22 * v2) / det;
  return true;
}
let s0: f64 = 0;
let s1: f64 = 0;
let s2: f64 = 0;

function fitQuadratic(): void {
  const n = gE - gS;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = gS; i < gE; i++) {
    const t = tAt(i);
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  qm = 0.5 * (lo + hi);
  qs = 0.5 * (hi - lo);
  if (!(qs > 0) || n < 3) {
    rStatus = STATUS_SINGULAR;
    return;
  }
  let su = 0.0;
  let su2 = 0.0;
  let su3 = 0.0;
  let su4 = 0.0;
  let sy = 0.0;
  let suy = 0.0;
  let su2y = 0.0;
  let my = 0.0;
  for (let i = gS; i < gE; i++) my += yAt(i);
  my /= n;
  for (let i = gS; i < gE; i++) {
    const u = (tAt(i) - qm) / qs;
    const y = yAt(i) - my;
    const u2 = u * u;
    su += u;
    su2 += u2;
    su3 += u2 * u;
    su4 += u2 * u2;
    sy += y;
    suy += u * y;
    su2y += u2 * y;
  }
  if (!solve3(<f64>n, su, su2, su2, su3, su4, sy, suy, su2y)) {
    rStatus = STATUS_SINGULAR;
    return;
  }
  qc = s0 + my;
  qb = s1;
  qa = s2;
  let sse = 0.0;
  let syy = 0.0;
  for (let i = gS; i < gE; i++) {
    const u = (tAt(i) - qm) / qs;
    const e = yAt(i) - (qc + u * (qb + u * qa));
    sse += e * e;
    const d = yAt(i) - my;
    syy += d * d;
  }
  rSse = sse;
  rR2 = 1 - sse / syy;
  // Back to t: y = A t^2 + B t + C.
  r0 = qa / (qs * qs);
  r1 = qb / qs - (2 * qa * qm) / (qs * qs);
  r2 = qc - (qb * qm) / qs + (qa * qm * qm) / (qs * qs);
  rStatus = STATUS_OK;
}

// Gompertz y = a exp(beta e^(kappa tau)), tau = t / tmax; reported a, b = e^beta, c = e^(kappa / tmax).
let ga: f64 = 0;
let gb: f64 = 0;
let gk: f64 = 0;

// Per-unit scratch columns (tau, ln y, w = e^(kappa tau)), grown as needed and kept between calls. The
// exponentials are the math core's (expScalar: AssemblyScript's Math.exp is a slower software routine).
let scratch: usize = 0;
let scratchCap: i32 = 0;
@inline function tauAt(i: i32): f64 {
  return load<f64>(scratch + (<usize>i << 3));
}
@inline function lnyAt(i: i32): f64 {
  return load<f64>(scratch + (<usize>(scratchCap + i) << 3));
}
@inline function wAt(i: i32): f64 {
  return load<f64>(scratch + (<usize>(2 * scratchCap + i) << 3));
}

function gompertzColumns(): void {
  const n = gE - gS;
  if (n > scratchCap) {
    if (scratch != 0) heap.free(scratch);
    scratchCap = max(n, 64);
    scratch = heap.alloc(<usize>(3 * scratchCap) << 3);
  }
  for (let i = 0; i < n; i++) {
    store<f64>(scratch + (<usize>i << 3), tAt(gS + i) / gTmax);
    store<f64>(scratch + (<usize>(scratchCap + i) << 3), Math.log(yAt(gS + i)));
  }
}

let gMeanLny: f64 = 0;

/** For fixed kappa, least squares of ln y on w = e^(kappa tau) gives (ln a, beta); the y-scale SSE is returned. */
function gompertzProfile(kappa: f64): f64 {
  const n = gE - gS;
  let mw = 0.0;
  for (let i = 0; i < n; i++) {
    const w = expScalar(kappa * tauAt(i));
    store<f64>(scratch + (<usize>(2 * scratchCap + i) << 3), w);
    mw += w;
  }
  mw /= n;
  let sww = 0.0;
  let swz = 0.0;
  for (let i = 0; i < n; i++) {
    const dw = wAt(i) - mw;
    sww += dw * dw;
    swz += dw * (lnyAt(i) - gMeanLny);
  }
  if (!(sww > 0)) return Infinity;
  gb = swz / sww;
  ga = Math.exp(gMeanLny - gb * mw);
  gk = kappa;
  let sse = 0.0;
  for (let i = 0; i < n; i++) {
    const e = yAt(gS + i) - ga * expScalar(gb * wAt(i));
    sse += e * e;
  }
  return sse;
}

function gompertzSse(a: f64, beta: f64, kappa: f64): f64 {
  const n = gE - gS;
  let sse = 0.0;
  for (let i = 0; i < n; i++) {
    const e = yAt(gS + i) - a * expScalar(beta * expScalar(kappa * tauAt(i)));
    sse += e * e;
  }
  return sse;
}

const GRID: i32 = 24;

function fitGompertz(): void {
  const n = gE - gS;
  let distinct = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = gS; i < gE; i++) {
    const t = tAt(i);
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  gTmax = Math.max(Math.abs(lo), Math.abs(hi));
  if (n >= 3 && hi > lo) {
    // Three distinct times at least (values sorted by time within a unit).
    distinct = 1;
    for (let i = gS + 1; i < gE; i++) if (tAt(i) != tAt(i - 1)) distinct++;
  }
  if (distinct < 3 || !(gTmax > 0)) {
    rStatus = STATUS_SINGULAR;
    return;
  }
  gompertzColumns();
  gMeanLny = 0;
  for (let i = 0; i < n; i++) gMeanLny += lnyAt(i);
  gMeanLny /= n;
  // Start: the best kappa of a geometric grid on both signs (|kappa| from 0.02 to 40 over the unit's time span),
  // each with its log-scale least squares for (a, beta).
  let bestK = 0.0;
  let best = Infinity;
  for (let s = 0; s < 2; s++) {
    for (let g = 0; g < GRID; g++) {
      const mag = 0.02 * Math.pow(2000.0, <f64>g / <f64>(GRID - 1));
      const kappa = s == 0 ? -mag : mag;
      const sse = gompertzProfile(kappa);
      if (sse < best) {
        best = sse;
        bestK = kappa;
      }
    }
  }
  if (!(best < Infinity)) {
    rStatus = STATUS_SINGULAR;
    return;
  }
  gompertzProfile(bestK);
  let a = ga;
  let beta = gb;
  let kappa = gk;
  let sse = best;
  // Levenberg-Marquardt on (a, beta, kappa), Marquardt's diagonal scaling.
  let lambda = 1e-3;
  let converged = false;
  let iter = 0;
  for (; iter < 500; iter++) {
    let j00 = 0.0;
    let j01 = 0.0;
    let j02 = 0.0;
    let j11 = 0.0;
    let j12 = 0.0;
    let j22 = 0.0;
    let g0 = 0.0;
    let g1 = 0.0;
    let g2 = 0.0;
    for (let i = 0; i < n; i++) {
      const tau = tauAt(i);
      const w = expScalar(kappa * tau);
      const e = expScalar(beta * w);
      const f = a * e;
      const r = yAt(gS + i) - f;
      const da = e;
      const db = f * w;
      const dk = f * beta * w * tau;
      j00 += da * da;
      j01 += da * db;
      j02 += da * dk;
      j11 += db * db;
      j12 += db * dk;
      j22 += dk * dk;
      g0 += da * r;
      g1 += db * r;
      g2 += dk * r;
    }
    let accepted = false;
    let small = false;
    for (let tries = 0; tries < 40; tries++) {
      if (!solve3(j00 * (1 + lambda), j01, j02, j11 * (1 + lambda), j12, j22 * (1 + lambda), g0, g1, g2)) {
        lambda *= 10;
        continue;
      }
      const na = a + s0;
      const nb = beta + s1;
      const nk = kappa + s2;
      const nsse = gompertzSse(na, nb, nk);
      small =
        Math.abs(s0) <= 1e-10 * (Math.abs(a) + 1e-300) &&
        Math.abs(s1) <= 1e-10 * (Math.abs(beta) + 1e-300) &&
        Math.abs(s2) <= 1e-10 * (Math.abs(kappa) + 1e-300);
      if (nsse <= sse) {
        const drop = sse - nsse;
        a = na;
        beta = nb;
        kappa = nk;
        lambda = Math.max(lambda * 0.1, 1e-12);
        accepted = true;
        if (drop <= 1e-14 * sse || small) converged = true;
        sse = nsse;
        break;
      }
      if (small) {
        converged = true;
        break;
      }
      lambda *= 10;
    }
    if (converged) break;
    if (!accepted) {
      // No step lowers the sum: the gradient vanishes to rounding (an exact fit or a flat minimum).
      converged = sse <= 1e-28 * (j00 + 1) || lambda > 1e20;
      break;
    }
  }
  let my = 0.0;
  for (let i = gS; i < gE; i++) my += yAt(i);
  my /= n;
  let syy = 0.0;
  for (let i = gS; i < gE; i++) {
    const d = yAt(i) - my;
    syy += d * d;
  }
  ga = a;
  gb = beta;
  gk = kappa;
  r0 = a;
  r1 = Math.exp(beta);
  r2 = Math.exp(kappa / gTmax);
  rSse = sse;
  rR2 = 1 - sse / syy;
  rIter = iter + 1;
  rStatus = converged && isFinite(sse) ? STATUS_OK : STATUS_NOT_CONVERGED;
}

/** The fitted path at time t. */
function pathAt(model: i32, t: f64): f64 {
  switch (model) {
    case 0:
      return r0 * t + r1;
    case 1:
      return r1 * Math.exp(r0 * t);
    case 2:
      return r1 * Math.pow(t, r0);
    case 3:
      return r0 * Math.log(t) + r1;
    case 4:
      return ga * Math.exp(gb * Math.exp((gk * t) / gTmax));
    case 5:
      return r0 - r1 / t;
    default: {
      const u = (t - qm) / qs;
      return qc + u * (qb + u * qa);
    }
  }
}

/**
 * The first time after 0 at which the fitted path reaches `d` moving in the failure direction (up: rising),
 * NaN when it never does. Each model's equation is solved in closed form.
 */
function crossing(model: i32, d: f64, up: bool): f64 {
  const dir: f64 = up ? 1 : -1;
  let t: f64 = NaN;
  let slope: f64 = 0;
  switch (model) {
    case 0:
      t = (d - r1) / r0;
      slope = r0;
      break;
    case 1:
      t = Math.log(d / r1) / r0;
      slope = r0 * r1;
      break;
    case 2:
      t = Math.pow(d / r1, 1 / r0);
      slope = r0 * r1;
      break;
    case 3:
      t = Math.exp((d - r1) / r0);
      slope = r0;
      break;
    case 4:
      t = (Math.log(Math.log(d / ga) / gb) / gk) * gTmax;
      slope = ga * gb * gk;
      break;
    case 5:
      t = r1 / (r0 - d);
      slope = r1;
      break;
    default: {
      // qa u^2 + qb u + (qc - d) = 0; the slope at a root u is 2 qa u + qb.
      const c = qc - d;
      if (qa == 0) {
        if (qb != 0) {
          t = qm - (qs * c) / qb;
          slope = qb;
        }
        break;
      }
      const disc = qb * qb - 4 * qa * c;
      if (!(disc > 0)) return NaN;
      const sq = Math.sqrt(disc);
      const q = -0.5 * (qb + (qb >= 0 ? sq : -sq));
      const u1 = q / qa;
      const u2 = c / q;
      const ua = Math.min(u1, u2);
      const ub = Math.max(u1, u2);
      const ta = qm + qs * ua;
      const tb = qm + qs * ub;
      if (ta > 0 && (2 * qa * ua + qb) * dir > 0) return ta;
      if (tb > 0 && (2 * qa * ub + qb) * dir > 0) return tb;
      return NaN;
    }
  }
  if (!(slope * dir > 0) || !(t > 0) || !isFinite(t)) return NaN;
  return t;
}

/**
 * Fits every unit's path. Unit u holds the measurements offsets[u] .. offsets[u+1] - 1 of `time` and `value`,
 * sorted by time. Writes STRIDE numbers per unit into `out`.
 */
export function degradationFitPaths(
  model: i32,
  units: i32,
  offsets: usize,
  time: usize,
  value: usize,
  threshold: f64,
  up: bool,
  out: usize,
): void {
  gT = time;
  gY = value;
  for (let u = 0; u < units; u++) {
    gS = load<i32>(offsets + (<usize>u << 2));
    gE = load<i32>(offsets + (<usize>(u + 1) << 2));
    rIter = 0;
    r2 = NaN;
    if (model == 4) fitGompertz();
    else if (model == 6) fitQuadratic();
    else fitLine(model);
    const o = out + ((<usize>(u * STRIDE)) << 3);
    let status = rStatus;
    let cross: f64 = NaN;
    if (status == STATUS_OK) {
      cross = crossing(model, threshold, up);
      if (isNaN(cross)) {
        // Already past the threshold at the first measurement without a later crossing.
        const first = pathAt(model, tAt(gS));
        if ((up && first >= threshold) || (!up && first <= threshold)) status = STATUS_PAST;
      }
    }
    store<f64>(o, r0);
    store<f64>(o + 8, r1);
    store<f64>(o + 16, r2);
    store<f64>(o + 24, rR2);
    store<f64>(o + 32, cross);
    store<f64>(o + 40, <f64>status);
    store<f64>(o + 48, <f64>rIter);
    store<f64>(o + 56, rSse);
  }
}
