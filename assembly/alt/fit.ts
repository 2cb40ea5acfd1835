// Joint maximum likelihood of an accelerated life model: a location-scale law on y = ln t whose location is a
// linear function of transformed stresses, mu = b0 + sum_j b_j x_j (+ a fixed offset, Eyring's -ln V), with one
// scale common to every stress level. This is the log-linear (accelerated failure time) form in which Nelson
// (1990, "Accelerated Testing", ch. 5) and Meeker & Escobar (1998, "Statistical Methods for Reliability Data",
// ch. 17 and 19) write Arrhenius, Eyring, inverse power law, temperature-humidity and the general log-linear
// model, and in which ReliaSoft's ALTA estimates them.
//
// The likelihood is the life kernels' own (assembly/life/locscale.ts): the rows arrive sorted by stress level,
// each level is one slice of the registered data (selectRows) evaluated at that level's mu, and since mu is
// linear in b the level's derivatives in (mu, s) give the derivatives in (b, s) by the chain rule:
// dL/db_j = sum_levels x_lj dL/dmu_l, d2L/db_j db_k = sum_levels x_lj x_lk d2L/dmu_l^2.
// The caller centres and scales the covariates, so b0 is the location at the centre of the test and the
// information matrix is well conditioned (uncentred 1/T against ln t is a ridge where optimisers stall).
import { jacobianSum, rowCount, rowKind, rowWeight, selectAllRows, selectRows, yHi, KIND_EXACT, KIND_RIGHT } from "../life/data";
import { FIT_SLOTS, OUT_ITERATIONS, OUT_MU, OUT_S, OUT_STATUS, fitLocationScaleAt, setWarmStart } from "../life/fit";
import { FAMILY_SEV } from "../life/standard";
import { accumulate, gM, gS, hMM, hMS, hSS, llY } from "../life/locscale";
import { choleskyFactor, choleskySolve, spdInverse } from "../math/linalg";

let levelCount: i32 = 0;
let covariates: i32 = 0;
/** Row offsets of the levels (i32, levelCount + 1), design (f64 levelCount x covariates), offsets (f64). */
let levelStarts: usize = 0;
let design: usize = 0;
let offsets: usize = 0;

// Work buffers for at most MAX_PARAMETERS parameters: b0..bp, then s.
const MAX_PARAMETERS: i32 = 72;
const theta = new StaticArray<f64>(MAX_PARAMETERS);
const trial = new StaticArray<f64>(MAX_PARAMETERS);
const grad = new StaticArray<f64>(MAX_PARAMETERS);
const step = new StaticArray<f64>(MAX_PARAMETERS);
let info: usize = heap.alloc(<usize>(MAX_PARAMETERS * MAX_PARAMETERS) << 3);
let factor: usize = heap.alloc(<usize>(MAX_PARAMETERS * MAX_PARAMETERS) << 3);
let solution: usize = heap.alloc(<usize>MAX_PARAMETERS << 3);
const scratch = new StaticArray<f64>(FIT_SLOTS);

/**
 * Registers the level structure of the data set (rows already sorted by level and registered with
 * setLifeData): starts (i32, g + 1 row offsets), x (f64, g x p, row-major), offset (f64, g). Buffers stay the
 * caller's.
 */
export function altSetLevels(starts: usize, x: usize, offset: usize, g: i32, p: i32): void {
  levelStarts = starts;
  design = x;
  offsets = offset;
  levelCount = g;
  covariates = p;
}

@inline function levelFirst(l: i32): i32 {
  return load<i32>(levelStarts + (<usize>l << 2));
}

@inline function xAt(l: i32, j: i32): f64 {
  return load<f64>(design + (<usize>(l * covariates + j) << 3));
}

@inline function levelMu(l: i32, b: StaticArray<f64>): f64 {
  let mu = unchecked(b[0]) + load<f64>(offsets + (<usize>l << 3));
  for (let j = 0; j < covariates; j++) mu += unchecked(b[j + 1]) * xAt(l, j);
  return mu;
}

@inline function infoAt(i: i32, j: i32, n: i32): usize {
  return info + (<usize>(i * n + j) << 3);
}

/**
 * Log-likelihood on the y scale at b (and s) over every stride-th row of each level; with order > 0 also the
 * gradient (grad) and the information matrix -H (info, n x n with n = p + 1 + freeS).
 */
function evaluateAt(family: i32, b: StaticArray<f64>, s: f64, freeS: bool, order: i32, stride: i32): f64 {
  const p = covariates;
  const n = p + 1 + (freeS ? 1 : 0);
  if (order > 0) {
    for (let i = 0; i < n; i++) unchecked((grad[i] = 0));
    memory.fill(info, 0, <usize>(n * n) << 3);
  }
  let ll: f64 = 0;
  for (let l = 0; l < levelCount; l++) {
    const first = levelFirst(l);
    const count = levelFirst(l + 1) - first;
    if (count <= 0) continue;
    selectRows(first, count);
    accumulate(family, levelMu(l, b), s, order, stride);
    ll += llY;
    if (order == 0) continue;
    // Chain rule from (mu_l, s) to (b, s); x_l0 = 1 for the intercept.
    const gm = gM;
    const hmm = hMM;
    const hms = hMS;
    for (let i = 0; i <= p; i++) {
      const xi = i == 0 ? 1.0 : xAt(l, i - 1);
      unchecked((grad[i] += xi * gm));
      for (let j = 0; j <= i; j++) {
        const xj = j == 0 ? 1.0 : xAt(l, j - 1);
        store<f64>(infoAt(i, j, n), load<f64>(infoAt(i, j, n)) - xi * xj * hmm);
      }
      if (freeS) store<f64>(infoAt(p + 1, i, n), load<f64>(infoAt(p + 1, i, n)) - xi * hms);
    }
    if (freeS) {
      unchecked((grad[p + 1] += gS));
      store<f64>(infoAt(p + 1, p + 1, n), load<f64>(infoAt(p + 1, p + 1, n)) - hSS);
    }
  }
  selectAllRows();
  if (order > 0) for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) store<f64>(infoAt(i, j, n), load<f64>(infoAt(j, i, n)));
  return ll;
}

let newtonIterations: i32 = 0;
let lastLogLik: f64 = 0;

/**
 * Newton's method on (b, s) from theta (s in theta[p + 1], held there when !freeS), Levenberg damping when the
 * information is not positive definite, step halving until the likelihood does not fall. Returns 0 when an
 * undamped Newton step became negligible (or no ascent was left at a negligible Newton decrement), 3 otherwise.
 */
function newton(family: i32, freeS: bool, stride: i32, maxIter: i32): i32 {
  const p = covariates;
  const n = p + 1 + (freeS ? 1 : 0);
  let s = unchecked(theta[p + 1]);
  let ll = evaluateAt(family, theta, s, freeS, 2, stride);
  let status = 3;
  let it = 0;
  for (; it < maxIter; it++) {
    const bytes = <usize>(n * n) << 3;
    let lambda: f64 = 0;
    let diag: f64 = 0;
    for (let i = 0; i < n; i++) diag = Math.max(diag, Math.abs(load<f64>(infoAt(i, i, n))));
    let ok = false;
    for (let tries = 0; tries < 60; tries++) {
      memory.copy(factor, info, bytes);
      for (let i = 0; i < n; i++) store<f64>(factor + (<usize>(i * n + i) << 3), load<f64>(infoAt(i, i, n)) + lambda);
      if (choleskyFactor(factor, n)) {
        ok = true;
        break;
      }
      lambda = lambda == 0 ? 1e-6 * (diag + 1e-300) : lambda * 4;
    }
    if (!ok) break;
    for (let i = 0; i < n; i++) store<f64>(solution + (<usize>i << 3), unchecked(grad[i]));
    choleskySolve(factor, n, solution);
    let decrement: f64 = 0;
    for (let i = 0; i < n; i++) {
      const d = load<f64>(solution + (<usize>i << 3));
      unchecked((step[i] = d));
      decrement += d * unchecked(grad[i]);
    }
    // A step of more than e in sigma, or of more than 10 sigma in a location, is a sign of a poor start.
    const sigma = Math.exp(s);
    let worst: f64 = freeS ? Math.abs(unchecked(step[p + 1])) : 0;
    for (let i = 0; i <= p; i++) worst = Math.max(worst, Math.abs(unchecked(step[i])) / (10 * sigma));
    if (worst > 1) for (let i = 0; i < n; i++) unchecked((step[i] /= worst));
    // An undamped Newton step below 1e-7 (in sigma units) leaves an error of order its square: take it
    // without the line search, whose log-likelihood sum over 400,000 rows cannot resolve a change that small.
    let largestFull: f64 = 0;
    for (let i = 0; i <= p; i++) largestFull = Math.max(largestFull, Math.abs(unchecked(step[i])) / sigma);
    if (freeS) largestFull = Math.max(largestFull, Math.abs(unchecked(step[p + 1])));
    if (largestFull <= 1e-7 && lambda == 0) {
      for (let i = 0; i < n; i++) unchecked((theta[i] += step[i]));
      ll = evaluateAt(family, theta, unchecked(theta[p + 1]), freeS, 2, stride);
      status = 0;
      it++;
      break;
    }
    let accepted = false;
    let newLl: f64 = 0;
    for (let half = 0; half < 50; half++) {
      for (let i = 0; i < n; i++) unchecked((trial[i] = theta[i] + step[i]));
      if (!freeS) unchecked((trial[p + 1] = s));
      newLl = evaluateAt(family, trial, unchecked(trial[p + 1]), freeS, 2, stride);
      if (newLl >= ll - 1e-13 * Math.abs(ll) && !isNaN(newLl)) {
        accepted = true;
        break;
      }
      for (let i = 0; i < n; i++) unchecked((step[i] *= 0.5));
    }
    if (!accepted) {
      ll = evaluateAt(family, theta, s, freeS, 2, stride);
      if (decrement * 1e6 <= 1e-9 * (1 + Math.abs(ll))) status = 0;
      break;
    }
    for (let i = 0; i < n; i++) unchecked((theta[i] = trial[i]));
    s = unchecked(theta[p + 1]);
    ll = newLl;
  }
  newtonIterations += it;
  lastLogLik = ll;
  return status;
}

/**
 * Joint MLE on the registered data and levels. fixSigma holds s = sFixed (exponential: s = 0). Start: the
 * Weibull fit of the pooled data for b0 and s (life kernels), slopes 0; then Newton in b alone (concave in b for the
 * log-concave SEV and normal laws), then in (b, s); on large sets first on a systematic subsample.
 * out: theta (n = p + 1 + free s: b0..bp, s), logLik (time scale), status, iterations, covariance n x n of theta
 * (inverse observed information), gradient n, then the pooled start fit's iterations and status (a start that
 * does not converge costs its whole iteration budget in passes over every row). Returns the status (0 converged,
 * 1 no failures, 3 not converged, 4 information not positive definite).
 */
export function altFit(family: i32, logScale: bool, fixSigma: bool, sFixed: f64, out: usize): i32 {
  const p = covariates;
  const freeS = !fixSigma;
  const n = p + 1 + (freeS ? 1 : 0);
  if (n > MAX_PARAMETERS) return 4;
  selectAllRows();
  setWarmStart(false, 0, 0);
  // Start from the Weibull fit of the pooled rows (the life kernels' profile solution: fast and sure on any
  // censoring); a normal family takes the same median and spread (SEV sd = 1.2825 sigma). On the time scale
  // (the normal distribution of t) the start is the pooled normal fit itself.
  const startFamily = logScale ? FAMILY_SEV : family;
  const startStatus = fitLocationScaleAt(startFamily, logScale, fixSigma, sFixed, 0, changetype<usize>(scratch));
  newtonIterations = 0;
  const startOut = out + (<usize>(2 * n + 3 + n * n) << 3);
  store<f64>(startOut, unchecked(scratch[OUT_ITERATIONS]));
  store<f64>(startOut, <f64>startStatus, 8);
  let status = startStatus;
  if (startStatus == 1) {
    writeFit(out, n, NaN, 1);
    return 1;
  }
  let mu0 = unchecked(scratch[OUT_MU]);
  let s0 = fixSigma ? sFixed : unchecked(scratch[OUT_S]);
  if (!isFinite(mu0) || !isFinite(s0)) {
    mu0 = 0;
    s0 = 0;
  }
  if (startFamily == FAMILY_SEV && family != FAMILY_SEV && !fixSigma) {
    const sigmaW = Math.exp(s0);
    mu0 += sigmaW * -0.36651292058166435; // ln ln 2
    s0 = Math.log(1.2825498301618641 * sigmaW);
  }
  unchecked((theta[0] = mu0));
  for (let j = 1; j <= p; j++) unchecked((theta[j] = 0));
  unchecked((theta[p + 1] = s0));
  const total = rowCount;
  const stride = total >= 65536 ? total / 8192 : 1;
  if (stride > 1) {
    newton(family, false, stride, 100);
    if (freeS) newton(family, true, stride, 100);
  } else if (p > 0) newton(family, false, 1, 100);
  status = newton(family, freeS, 1, 200);
  // The information at the optimum (left by the last evaluation) and its inverse.
  const ll = evaluateAt(family, theta, unchecked(theta[p + 1]), freeS, 2, 1);
  const cov = out + (<usize>(n + 3) << 3);
  if (!spdInverse(info, n, cov)) {
    for (let i = 0; i < n * n; i++) store<f64>(cov + (<usize>i << 3), NaN);
    if (status == 0) status = 4;
  }
  writeFit(out, n, ll - jacobianSum, status);
  for (let i = 0; i < n; i++) store<f64>(out + (<usize>(n + 3 + n * n + i) << 3), unchecked(grad[i]));
  return status;
}

function writeFit(out: usize, n: i32, ll: f64, status: i32): void {
  for (let i = 0; i < n; i++) store<f64>(out + (<usize>i << 3), unchecked(theta[i]));
  store<f64>(out + (<usize>n << 3), ll);
  store<f64>(out + (<usize>(n + 1) << 3), <f64>status);
  store<f64>(out + (<usize>(n + 2) << 3), <f64>newtonIterations);
}

/**
 * The life kernels' fit of one level on its own (location and scale of that level alone), for the test of a
 * common shape. out: mu, s, logLik (time scale, that level's rows only), status, failures.
 */
export function altFitLevel(level: i32, family: i32, logScale: bool, fixSigma: bool, sFixed: f64, out: usize): i32 {
  const first = levelFirst(level);
  const count = levelFirst(level + 1) - first;
  selectRows(first, count);
  let failures: f64 = 0;
  let jacobian: f64 = 0;
  for (let i = 0; i < count; i++) {
    const k = rowKind(i);
    if (k != KIND_RIGHT) failures += rowWeight(i);
    if (k == KIND_EXACT && logScale) jacobian += rowWeight(i) * yHi(i);
  }
  let status = 1;
  let mu: f64 = NaN;
  let s: f64 = NaN;
  let ll: f64 = NaN;
  if (failures > 0) {
    setWarmStart(false, 0, 0);
    status = fitLocationScaleAt(family, logScale, fixSigma, sFixed, 0, changetype<usize>(scratch));
    mu = unchecked(scratch[OUT_MU]);
    s = unchecked(scratch[OUT_S]);
    // The slice's own Jacobian: the registered total covers every level.
    accumulate(family, mu, s, 0, 1);
    ll = llY - jacobian;
    if (<i32>unchecked(scratch[OUT_STATUS]) != 0) status = <i32>unchecked(scratch[OUT_STATUS]);
  }
  selectAllRows();
  store<f64>(out, mu);
  store<f64>(out, s, 8);
  store<f64>(out, ll, 16);
  store<f64>(out, <f64>status, 24);
  store<f64>(out, failures, 32);
  return status;
}

/**
 * The log-likelihood (y scale, as evaluateAt), its gradient and the observed information at theta (f64 n, b0..bp
 * then s; s held when fixSigma) on every row, for the profile likelihoods of likelihood-ratio bounds
 * (src/kernels/alt/lr.ts). out: logLik, gradient n, information n x n. Returns n.
 */
export function altEvaluate(family: i32, fixSigma: bool, sFixed: f64, thetaIn: usize, out: usize): i32 {
  const p = covariates;
  const freeS = !fixSigma;
  const n = p + 1 + (freeS ? 1 : 0);
  if (n > MAX_PARAMETERS) return 0;
  for (let i = 0; i <= p; i++) unchecked((trial[i] = load<f64>(thetaIn + (<usize>i << 3))));
  unchecked((trial[p + 1] = freeS ? load<f64>(thetaIn + (<usize>(p + 1) << 3)) : sFixed));
  const ll = evaluateAt(family, trial, unchecked(trial[p + 1]), freeS, 2, 1);
  store<f64>(out, ll);
  for (let i = 0; i < n; i++) store<f64>(out + (<usize>(1 + i) << 3), unchecked(grad[i]));
  memory.copy(out + (<usize>(1 + n) << 3), info, <usize>(n * n) << 3);
  return n;
}
