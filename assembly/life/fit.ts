// Entry points for location-scale MLE: picks the sufficient-statistics Weibull path when it applies, otherwise
// runs the general Newton engine from start values, first on a systematic subsample of large sets (its
// estimate is within a few standard errors of the full one, so two or three full passes finish the job).
import {
  KIND_EXACT,
  KIND_RIGHT,
  currentGamma,
  currentLogScale,
  onlyExactAndRight,   rowCount,
  rowKind,
  rowWeight,
  transformTimes,
  yHi,
  yLo,
} from "./data";
import { fitCovMuS, fitGradMu, fitGradS, fitIterations, fitLocationScale, fitLogLik, fitMu, fitS, fitVarMu, fitVarS } from "./locscale";
import { FAMILY_LOGISTIC, FAMILY_NORMAL, FAMILY_SEV } from "./standard";
import {
  STATUS_NOT_CONVERGED,
  STATUS_OK,
  profileBeta,
  profileCovMuS,
  profileIterations,
  profileLogLik,
  profileMu,
  profileVarMu,
  profileVarS,
  solveKnownBeta,
  solveProfile,
} from "./weibull";

/** Output slots of a location-scale fit (f64 buffer of FIT_SLOTS). */
export const OUT_MU = 0;
export const OUT_S = 1;
export const OUT_LOGLIK = 2;
export const OUT_VAR_MU = 3;
export const OUT_COV_MU_S = 4;
export const OUT_VAR_S = 5;
export const OUT_ITERATIONS = 6;
export const OUT_STATUS = 7;
export const OUT_GRAD_MU = 8;
export const OUT_GRAD_S = 9;
export const FIT_SLOTS = 10;

const SUBSAMPLE_ROWS: i32 = 8192;

let startMu: f64 = 0;
let startS: f64 = 0;

/** Warm start for repeated fits on nearby problems (the location profile): used when warmValid. */
export let warmValid: bool = false;
export let warmMu: f64 = 0;
export let warmS: f64 = 0;

export function setWarmStart(valid: bool, mu: f64, s: f64): void {
  warmValid = valid;
  warmMu = mu;
  warmS = s;
}

function subsampleStride(): i32 {
  const n = rowCount;
  return n >= 8 * SUBSAMPLE_ROWS ? n / SUBSAMPLE_ROWS : 1;
}

/** Weighted mean and spread of the rows read as failures at a representative point; the last-resort start. */
function momentStart(family: i32): void {
  let sw: f64 = 0;
  let sy: f64 = 0;
  let syy: f64 = 0;
  const n = rowCount;
  for (let i = 0; i < n; i++) {
    const k = rowKind(i);
    const w = rowWeight(i);
    let y = yHi(i);
    if (k != KIND_EXACT && k != KIND_RIGHT) {
      const lo = yLo(i);
      if (lo > -Infinity) y = 0.5 * (lo + y);
    }
    sw += w;
    sy += w * y;
    syy += w * y * y;
  }
  const m = sy / sw;
  let sd = Math.sqrt(Math.max(syy / sw - m * m, 0));
  if (!(sd > 0)) sd = Math.abs(m) > 0 ? 0.1 * Math.abs(m) : 1;
  if (family == FAMILY_SEV) {
    const sigma = sd * 0.7796968012336761; // sqrt(6)/pi
    startMu = m + 0.5772156649015329 * sigma;
    startS = Math.log(sigma);
  } else if (family == FAMILY_LOGISTIC) {
    startMu = m;
    startS = Math.log(sd * 0.5513288954217921); // sqrt(3)/pi
  } else {
    startMu = m;
    startS = Math.log(sd);
  }
}

/** Start values: a Weibull profile fit on pseudo-exact rows (log scale), mapped to the family; else moments. */
function computeStart(family: i32, logScale: bool): void {
  if (logScale && solveProfile(subsampleStride(), true, 0) == STATUS_OK) {
    const sigmaW = 1 / profileBeta;
    if (family == FAMILY_SEV) {
      startMu = profileMu;
      startS = Math.log(sigmaW);
    } else {
      // Match the median and the spread (SEV sd = 1.2825 sigma).
      const median = profileMu + sigmaW * -0.36651292058166435; // ln ln 2
      const sd = 1.2825498301618641 * sigmaW;
      startMu = median;
      startS = Math.log(family == FAMILY_NORMAL ? sd : sd * 0.5513288954217921);
    }
    return;
  }
  momentStart(family);
}

function writeOut(out: usize, mu: f64, s: f64, ll: f64, vmm: f64, vms: f64, vss: f64, iter: i32, status: i32, gm: f64, gs: f64): void {
  store<f64>(out + (OUT_MU << 3), mu);
  store<f64>(out + (OUT_S << 3), s);
  store<f64>(out + (OUT_LOGLIK << 3), ll);
  store<f64>(out + (OUT_VAR_MU << 3), vmm);
  store<f64>(out + (OUT_COV_MU_S << 3), vms);
  store<f64>(out + (OUT_VAR_S << 3), vss);
  store<f64>(out + (OUT_ITERATIONS << 3), <f64>iter);
  store<f64>(out + (OUT_STATUS << 3), <f64>status);
  store<f64>(out + (OUT_GRAD_MU << 3), gm);
  store<f64>(out + (OUT_GRAD_S << 3), gs);
}

/**
 * MLE of a location-scale law on the registered data with location gamma subtracted from every time.
 * fixSigma: sigma held at exp(sFixed) (Weibull 1P, exponential). Writes FIT_SLOTS values to `out` and
 * returns the status (0 converged, 1 no failures, 2 beta unbounded, 3 not converged).
 */
export function fitLocationScaleAt(family: i32, logScale: bool, fixSigma: bool, sFixed: f64, gamma: f64, out: usize): i32 {
  if (currentTransformDiffers(gamma, logScale)) transformTimes(gamma, logScale);
  if (family == FAMILY_SEV && logScale && onlyExactAndRight()) {
    let betaStart = warmValid ? Math.exp(-warmS) : 0.0;
    // Large sets: the profile solved on a systematic subsample starts the full solve within a few percent.
    if (!fixSigma && !warmValid && subsampleStride() > 1 && solveProfile(subsampleStride(), false, 0) == STATUS_OK)
      betaStart = profileBeta;
    const status = fixSigma ? solveKnownBeta(Math.exp(-sFixed)) : solveProfile(1, false, betaStart);
    const ok = status == STATUS_OK || status == STATUS_NOT_CONVERGED;
    writeOut(
      out,
      ok ? profileMu : NaN,
      fixSigma ? sFixed : ok ? -Math.log(profileBeta) : NaN,
      ok ? profileLogLik : NaN,
      profileVarMu,
      profileCovMuS,
      profileVarS,
      profileIterations,
      status,
      0,
      0,
    );
    return status;
  }
  let failures: f64 = 0;
  for (let i = 0; i < rowCount; i++) if (rowKind(i) != KIND_RIGHT) failures += rowWeight(i);
  if (failures <= 0) {
    writeOut(out, NaN, NaN, NaN, NaN, NaN, NaN, 0, 1, NaN, NaN);
    return 1;
  }
  if (warmValid) {
    startMu = warmMu;
    startS = warmS;
  } else computeStart(family, logScale);
  let mu = startMu;
  let s = fixSigma ? sFixed : startS;
  let iterations = 0;
  const stride = warmValid ? 1 : subsampleStride();
  if (stride > 1) {
    const sub = fitLocationScale(family, logScale, fixSigma, mu, s, stride, 100);
    iterations += fitIterations;
    if (sub == 0 && isFinite(fitMu) && isFinite(fitS)) {
      mu = fitMu;
      s = fitS;
    }
  }
  const status = fitLocationScale(family, logScale, fixSigma, mu, s, 1, 200);
  iterations += fitIterations;
  writeOut(out, fitMu, fitS, fitLogLik, fitVarMu, fitCovMuS, fitVarS, iterations, status, fitGradMu, fitGradS);
  return status;
}

function currentTransformDiffers(gamma: f64, logScale: bool): bool {
  return currentGamma != gamma || currentLogScale != logScale;
}
