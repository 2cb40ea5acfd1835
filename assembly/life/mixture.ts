// Mixed Weibull with m = 2 or 3 subpopulations (Dempster, Laird & Rubin 1977, J. R. Statist. Soc. B 39(1)
// 1-38; McLachlan & Peel 2000, Finite Mixture Models): EM from several starts, then Newton on the
// full likelihood. Internal parameters (a_1..a_{m-1}, mu_1, s_1, ..., mu_m, s_m) with fractions softmax(a, 0).
// E-step: each row's membership tau_ij = p_j L_ij / sum_j p_j L_ij (L = density, survival or interval
// probability). M-step: fractions = weighted mean tau; each component a weighted Weibull MLE (the rows'
// weights are swapped for w tau_j). Starts: soft splits of the failures' ln t at several quantiles, so ties
// and suspensions at one value never leave a component empty (reliability issue #57). The gradient of the
// observed likelihood is the tau-weighted component gradient (Fisher's identity); the Hessian for Newton and
// the covariance is its central difference.
import {
  KIND_EXACT,
  KIND_INTERVAL,
  KIND_RIGHT,
  endPtr,
  jacobianSum,
  kindPtr,
  onlyExactAndRight,
  rowCount,
  rowKind,
  rowWeight,
  setLifeData,
  startPtr,
  swapWeights,
  transformTimes,
  weightPtr,
  yHi,
  yLo,
} from "./data";
import { choleskyFactor, choleskySolve } from "../math/linalg";
import { sortF64WithIndex } from "../math/sort";
import { fitLocationScale, fitMu, fitS } from "./locscale";
import { STATUS_NOT_CONVERGED, STATUS_OK, profileBeta, profileMu, solveProfile } from "./weibull";
import { FAMILY_SEV } from "./standard";
import { expScalar } from "../math/vmath";

const MAX_M: i32 = 3;
const NP_MAX: i32 = 3 * MAX_M - 1;

let m: i32 = 2;
const mu = new StaticArray<f64>(MAX_M);
const s = new StaticArray<f64>(MAX_M);
const logit = new StaticArray<f64>(MAX_M);
const frac = new StaticArray<f64>(MAX_M);
let tau: usize = 0;
let compWeights: usize = 0;
let capacity: i32 = 0;

// Per-row scratch: log L_ij and its derivatives in (mu_j, s_j).
const rowLog = new StaticArray<f64>(MAX_M);
const rowDm = new StaticArray<f64>(MAX_M);
const rowDs = new StaticArray<f64>(MAX_M);
const rowDe = new StaticArray<f64>(MAX_M);

export let mixLogLik: f64 = 0;
export let mixIterations: i32 = 0;
export let mixStarts: i32 = 0;
export const mixParams = new StaticArray<f64>(NP_MAX);
export const mixCov = new StaticArray<f64>(NP_MAX * NP_MAX);
const grad = new StaticArray<f64>(NP_MAX);

function setFractionsFromLogits(): void {
  let total: f64 = 1;
  for (let j = 0; j < m - 1; j++) total += Math.exp(logit[j]);
  for (let j = 0; j < m - 1; j++) frac[j] = Math.exp(logit[j]) / total;
  frac[m - 1] = 1 / total;
}

/** log L of component j for row i (y scale, no Jacobian) and its (mu, s) derivatives. */
@inline function componentRow(i: i32, k: i32, j: i32): void {
  const sj = unchecked(s[j]);
  const sigInv = Math.exp(-sj);
  const zU = (yHi(i) - unchecked(mu[j])) * sigInv;
  const eU = expScalar(zU);
  if (k == KIND_EXACT) {
    unchecked((rowLog[j] = zU - eU - sj));
    // d/dz = 1 - e; d/dmu = -(1 - e)/sigma; d/ds = -(1 - e) z - 1.
    unchecked((rowDm[j] = -(1 - eU) * sigInv));
    unchecked((rowDs[j] = -(1 - eU) * zU - 1));
    return;
  }
  if (k == KIND_RIGHT) {
    unchecked((rowLog[j] = -eU));
    unchecked((rowDm[j] = eU * sigInv));
    unchecked((rowDs[j] = eU * zU));
    return;
  }
  // Interval (left: zL = -inf): P = S(zL) (1 - e^{-d}), as in locscale.ts.
  let uL: f64 = 0;
  let zL: f64 = -Infinity;
  let d = eU;
  if (k == KIND_INTERVAL && yLo(i) > -Infinity) {
    zL = (yLo(i) - unchecked(mu[j])) * sigInv;
    if (zL > -700) {
      uL = expScalar(zL);
      d = uL * Math.expm1(zU - zL);
    }
  }
  const oneMinusQ = -Math.expm1(-d);
  unchecked((rowLog[j] = Math.log(oneMinusQ) - uL));
  const aL = uL / oneMinusQ;
  const aU = (eU * (1 - oneMinusQ)) / oneMinusQ;
  unchecked((rowDm[j] = -(aU - aL) * sigInv));
  unchecked((rowDs[j] = -(zU * aU - (aL == 0 ? 0.0 : zL * aL))));
}

/** E-step at the current parameters: tau, log-likelihood (y scale) and, when wanted, the gradient. */
const logFrac = new StaticArray<f64>(MAX_M);

function expectation(withGradient: bool): f64 {
  setFractionsFromLogits();
  for (let j = 0; j < m; j++) logFrac[j] = Math.log(frac[j]);
  for (let q = 0; q < 3 * m - 1; q++) grad[q] = 0;
  let ll: f64 = 0;
  for (let i = 0; i < rowCount; i++) {
    const k = rowKind(i);
    const w = rowWeight(i);
    let best = -Infinity;
    for (let j = 0; j < m; j++) {
      componentRow(i, k, j);
      const v = unchecked(logFrac[j]) + unchecked(rowLog[j]);
      unchecked((rowLog[j] = v));
      if (v > best) best = v;
    }
    let total: f64 = 0;
    for (let j = 0; j < m; j++) {
      const e = expScalar(unchecked(rowLog[j]) - best);
      unchecked((rowDe[j] = e));
      total += e;
    }
    ll += w * (best + Math.log(total));
    for (let j = 0; j < m; j++) {
      const t = unchecked(rowDe[j]) / total;
      store<f64>(tau + ((<usize>i * <usize>m + <usize>j) << 3), t);
      if (withGradient) {
        if (j < m - 1) grad[j] += w * (t - unchecked(frac[j]));
        grad[m - 1 + 2 * j] += w * t * unchecked(rowDm[j]);
        grad[m + 2 * j] += w * t * unchecked(rowDs[j]);
      }
    }
  }
  return ll;
}

/** M-step: fractions and a weighted Weibull fit per component. Returns false if a component degenerates. */
function maximisation(): bool {
  let total: f64 = 0;
  for (let i = 0; i < rowCount; i++) total += rowWeight(i);
  const fast = onlyExactAndRight();
  for (let j = 0; j < m; j++) {
    let share: f64 = 0;
    for (let i = 0; i < rowCount; i++) {
      const v = rowWeight(i) * load<f64>(tau + ((<usize>i * <usize>m + <usize>j) << 3));
      store<f64>(compWeights + (<usize>i << 3), v);
      share += v;
    }
    if (!(share > 1e-9 * total)) return false;
    frac[j] = share / total;
    const old = swapWeights(compWeights);
    let ok = true;
    if (fast) {
      // Generalised EM: two Newton steps on the component's profile equation raise the expected
      // log-likelihood enough; solving it exactly every iteration would only cost passes.
      const status = solveProfile(1, false, Math.exp(-s[j]), 2);
      ok = status == STATUS_OK || status == STATUS_NOT_CONVERGED;
      if (ok) {
        mu[j] = profileMu;
        s[j] = -Math.log(profileBeta);
      }
    } else {
      fitLocationScale(FAMILY_SEV, true, false, mu[j], s[j], 1, 2);
      mu[j] = fitMu;
      s[j] = fitS;
    }
    swapWeights(old);
    // A component collapsing onto tied times (beta -> infinity) makes the likelihood unbounded.
    if (!ok || !(s[j] > -6.2) || !isFinite(mu[j])) return false;
  }
  for (let j = 0; j < m - 1; j++) logit[j] = Math.log(frac[j] / frac[m - 1]);
  return true;
}

/** EM until the log-likelihood gains less than `tolerance` relative per iteration (linear convergence: the
 * Newton polish that follows finishes the job, so this only has to find the right basin). */
function runEm(maxIter: i32, tolerance: f64): f64 {
  let ll = expectation(false);
  for (let it = 0; it < maxIter; it++) {
    mixIterations++;
    if (!maximisation()) return -Infinity;
    const next = expectation(false);
    const change = next - ll;
    ll = next;
    if (Math.abs(change) <= tolerance * (1 + Math.abs(ll))) break;
  }
  return ll;
}

function packParams(out: StaticArray<f64>): void {
  for (let j = 0; j < m - 1; j++) out[j] = logit[j];
  for (let j = 0; j < m; j++) {
    out[m - 1 + 2 * j] = mu[j];
    out[m + 2 * j] = s[j];
  }
}

function unpackParams(p: StaticArray<f64>): void {
  for (let j = 0; j < m - 1; j++) logit[j] = p[j];
  logit[m - 1] = 0;
  for (let j = 0; j < m; j++) {
    mu[j] = p[m - 1 + 2 * j];
    s[j] = p[m + 2 * j];
  }
}

const pWork = new StaticArray<f64>(NP_MAX);
const gPlus = new StaticArray<f64>(NP_MAX);
const hess = new StaticArray<f64>(NP_MAX * NP_MAX);

/** Hessian of the log-likelihood at p by central differences of the analytic gradient. */
function hessianAt(p: StaticArray<f64>, np: i32): void {
  for (let q = 0; q < np; q++) {
    const h = 1e-5;
    for (let r = 0; r < np; r++) pWork[r] = p[r];
    pWork[q] = p[q] + h;
    unpackParams(pWork);
    expectation(true);
    for (let r = 0; r < np; r++) gPlus[r] = grad[r];
    pWork[q] = p[q] - h;
    unpackParams(pWork);
    expectation(true);
    for (let r = 0; r < np; r++) hess[r * np + q] = (gPlus[r] - grad[r]) / (2 * h);
  }
  for (let r = 0; r < np; r++)
    for (let q = 0; q < r; q++) {
      const v = 0.5 * (hess[r * np + q] + hess[q * np + r]);
      hess[r * np + q] = v;
      hess[q * np + r] = v;
    }
  unpackParams(p);
}

const factor = new StaticArray<f64>(NP_MAX * NP_MAX);

/** Solves (-H) x = b by Cholesky (math core); false when -H is not positive definite. */
function solveNegHessian(np: i32, b: StaticArray<f64>, x: StaticArray<f64>): bool {
  for (let i = 0; i < np * np; i++) factor[i] = -hess[i];
  if (!choleskyFactor(changetype<usize>(factor), np)) return false;
  for (let i = 0; i < np; i++) x[i] = b[i];
  choleskySolve(changetype<usize>(factor), np, changetype<usize>(x));
  return true;
}

function ensureBuffers(): void {
  const n = rowCount;
  if (n * m > capacity) {
    if (capacity > 0) {
      heap.free(tau);
      heap.free(compWeights);
    }
    capacity = n * MAX_M;
    tau = heap.alloc(<usize>capacity << 3);
    compWeights = heap.alloc(<usize>n << 3);
  }
}

/** Soft start: memberships from the failures' ln t split at the given quantiles (smoothed over 0.15 sd). */
function softStart(sortedY: usize, count: i32, q1: f64, q2: f64, spread: f64): void {
  const c1 = load<f64>(sortedY + (<usize>(<i32>(q1 * <f64>(count - 1))) << 3));
  const c2 = m == 3 ? load<f64>(sortedY + (<usize>(<i32>(q2 * <f64>(count - 1))) << 3)) : Infinity;
  const width = 0.15 * spread + 1e-12;
  for (let i = 0; i < rowCount; i++) {
    const y = yHi(i);
    const p1 = 1 / (1 + Math.exp((y - c1) / width));
    const p3 = m == 3 ? 1 / (1 + Math.exp(-(y - c2) / width)) : 0.0;
    const base = tau + ((<usize>i * <usize>m) << 3);
    if (m == 2) {
      store<f64>(base, p1);
      store<f64>(base, 1 - p1, 8);
    } else {
      const mid = Math.max(1 - p1 - p3, 1e-3);
      const sum = p1 + mid + p3;
      store<f64>(base, p1 / sum);
      store<f64>(base, mid / sum, 8);
      store<f64>(base, p3 / sum, 16);
    }
  }
}

/**
 * Fits an m-component Weibull mixture. Returns 0 converged, 1 too few distinct failure times, 3 not
 * converged (best EM result kept). The transform must be ln t (gamma 0).
 */
export function fitMixture(components: i32): i32 {
  m = components;
  const np = 3 * m - 1;
  transformTimes(0, true);
  ensureBuffers();
  mixIterations = 0;
  mixStarts = 0;
  // Failure times (ln) sorted, for the quantile splits.
  let count = 0;
  for (let i = 0; i < rowCount; i++) if (rowKind(i) != KIND_RIGHT) count++;
  const slots: usize = count > 0 ? <usize>count : 1;
  const keys = heap.alloc(slots << 3);
  const idx = heap.alloc(slots << 2);
  let c = 0;
  let distinct = 0;
  for (let i = 0; i < rowCount; i++) {
    if (rowKind(i) == KIND_RIGHT) continue;
    store<f64>(keys + (<usize>c << 3), yHi(i));
    c++;
  }
  sortF64WithIndex(keys, idx, count);
  for (let i = 0; i < count; i++) if (i == 0 || load<f64>(keys + (<usize>i << 3)) != load<f64>(keys + (<usize>(i - 1) << 3))) distinct++;
  if (distinct < 2 * m) {
    heap.free(keys);
    heap.free(idx);
    return 1;
  }
  const spread = load<f64>(keys + (<usize>(count - 1) << 3)) - load<f64>(keys);
  let bestLL = -Infinity;
  const best = new StaticArray<f64>(NP_MAX);
  const splits2: StaticArray<f64> = [0.2, 0.35, 0.5, 0.65, 0.8];
  const splits3a: StaticArray<f64> = [0.25, 0.33, 0.2, 0.4, 0.15];
  const splits3b: StaticArray<f64> = [0.6, 0.67, 0.5, 0.8, 0.75];
  // On large sets the starts compete on a systematic subsample of about 8,000 rows (registered as the data set
  // for the while); the winner then runs on all rows.
  const fullN = rowCount;
  const fullEnd = endPtr;
  const fullStart = startPtr;
  const fullWeight = weightPtr;
  const fullKind = kindPtr;
  let subsample: usize = 0;
  if (fullN > 16384) {
    const stride = fullN / 8192;
    const sn = (fullN + stride - 1) / stride;
    subsample = heap.alloc(<usize>sn * 28);
    const e = subsample;
    const st = e + (<usize>sn << 3);
    const w = st + (<usize>sn << 3);
    const k = w + (<usize>sn << 3);
    for (let r = 0; r < sn; r++) {
      const i = <usize>(r * stride);
      store<f64>(e + (<usize>r << 3), load<f64>(fullEnd + (i << 3)));
      store<f64>(st + (<usize>r << 3), load<f64>(fullStart + (i << 3)));
      store<f64>(w + (<usize>r << 3), load<f64>(fullWeight + (i << 3)));
      store<i32>(k + (<usize>r << 2), load<i32>(fullKind + (i << 2)));
    }
    setLifeData(e, st, w, k, sn);
  }
  for (let st = 0; st < 5; st++) {
    if (m == 2) softStart(keys, count, splits2[st], 0, spread);
    else softStart(keys, count, splits3a[st], splits3b[st], spread);
    // Component start values from the soft memberships (one M-step), then EM.
    for (let j = 0; j < m; j++) {
      mu[j] = load<f64>(keys + (<usize>((count - 1) * (j + 1) / (m + 1)) << 3));
      s[j] = Math.log(0.3 * spread + 1e-12);
    }
    if (!maximisation()) continue;
    const ll = runEm(300, 1e-7);
    mixStarts++;
    if (ll > bestLL) {
      bestLL = ll;
      packParams(best);
    }
  }
  heap.free(keys);
  heap.free(idx);
  if (subsample != 0) {
    setLifeData(fullEnd, fullStart, fullWeight, fullKind, fullN);
    heap.free(subsample);
  }
  if (bestLL == -Infinity) return 3;
  if (subsample != 0) {
    // The subsample's optimum is within sampling error of the full one: a few EM steps, then Newton.
    unpackParams(best);
    runEm(10, 1e-9);
    packParams(best);
  }
  // Newton on the full likelihood from the best EM point.
  const step = new StaticArray<f64>(NP_MAX);
  const trial = new StaticArray<f64>(NP_MAX);
  let status = 3;
  unpackParams(best);
  let ll = expectation(true);
  for (let it = 0; it < 50; it++) {
    const g = new StaticArray<f64>(NP_MAX);
    for (let q = 0; q < np; q++) g[q] = grad[q];
    hessianAt(best, np);
    if (!solveNegHessian(np, g, step)) {
      // Not yet in the concave region around the maximum: more EM, then Newton again.
      runEm(300, 1e-13);
      packParams(best);
      hessianAt(best, np);
      ll = expectation(true);
      for (let q = 0; q < np; q++) g[q] = grad[q];
      if (!solveNegHessian(np, g, step)) break;
    }
    let scale: f64 = 1;
    let accepted = false;
    for (let h = 0; h < 30; h++) {
      for (let q = 0; q < np; q++) trial[q] = best[q] + scale * step[q];
      unpackParams(trial);
      const next = expectation(true);
      if (next >= ll - 1e-12 * Math.abs(ll)) {
        ll = next;
        accepted = true;
        break;
      }
      scale *= 0.5;
    }
    if (!accepted) {
      unpackParams(best);
      expectation(true);
      status = 0;
      break;
    }
    let biggest: f64 = 0;
    for (let q = 0; q < np; q++) {
      biggest = Math.max(biggest, Math.abs(scale * step[q]));
      best[q] = trial[q];
    }
    mixIterations++;
    if (biggest < 1e-9) {
      status = 0;
      break;
    }
  }
  unpackParams(best);
  mixLogLik = expectation(true) - jacobianSum;
  hessianAt(best, np);
  // Covariance = (-H)^-1, column by column.
  const e = new StaticArray<f64>(NP_MAX);
  const col = new StaticArray<f64>(NP_MAX);
  for (let q = 0; q < np; q++) {
    for (let r = 0; r < np; r++) e[r] = r == q ? 1.0 : 0.0;
    if (!solveNegHessian(np, e, col)) {
      for (let r = 0; r < np; r++) col[r] = NaN;
    }
    for (let r = 0; r < np; r++) mixCov[r * np + q] = col[r];
  }
  for (let q = 0; q < np; q++) mixParams[q] = best[q];
  return status;
}
