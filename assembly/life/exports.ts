// The wasm ABI of the life kernels that return more than one number: each writes its results to an f64
// buffer the caller allocated, in the slot order documented on the function (mirrored in src/kernels/life).
import { fitGamma, gammaCovUV, gammaIterations, gammaLogLik, gammaU, gammaV, gammaVarU, gammaVarV } from "./gammadist";
import { fitMixture, mixCov, mixIterations, mixLogLik, mixParams, mixStarts } from "./mixture";
import { jacobianSum, maxTime, minFailureEnd, transformTimes } from "./data";
import { accumulate, gM, gS, hMM, hMS, hSS, llY } from "./locscale";
import { fitWithLocation, locCov, locEvaluations, locGamma, locLogLik, locMu, locS, locationCovariance } from "./location";
import { forgetPositions, reg3Status, regGamma, regLambda, regMu, regRho, regS, regressExponential, regressLocationScale, regressWithLocation } from "./regression";

/** out: mu, s, gamma, logLik, status, evaluations, cov(mu, s, gamma) 3 x 3. */
export function fitLocationExport(family: i32, fixSigma: bool, sFixed: f64, out: usize): i32 {
  const status = fitWithLocation(family, fixSigma, sFixed);
  store<f64>(out, locMu);
  store<f64>(out, locS, 8);
  store<f64>(out, locGamma, 16);
  store<f64>(out, locLogLik, 24);
  store<f64>(out, <f64>status, 32);
  store<f64>(out, <f64>locEvaluations, 40);
  for (let i = 0; i < 9; i++) store<f64>(out + 48 + (<usize>i << 3), locCov[i]);
  return status;
}

/** out: mu, s, rho, ok (1/0). */
export function regressLocationScaleExport(family: i32, logScale: bool, direction: i32, sigmaFixed: f64, gamma: f64, tPtr: usize, fPtr: usize, m: i32, out: usize): void {
  forgetPositions();
  const ok = regressLocationScale(family, logScale, direction, sigmaFixed, gamma, tPtr, fPtr, m);
  store<f64>(out, regMu);
  store<f64>(out, regS, 8);
  store<f64>(out, regRho, 16);
  store<f64>(out, ok ? 1.0 : 0.0, 24);
}

/** out: mu, s, rho, gamma, status. */
export function regressWithLocationExport(family: i32, direction: i32, tPtr: usize, fPtr: usize, m: i32, out: usize): void {
  forgetPositions();
  const gamma = regressWithLocation(family, direction, minFailureEnd, maxTime, tPtr, fPtr, m);
  store<f64>(out, regMu);
  store<f64>(out, regS, 8);
  store<f64>(out, regRho, 16);
  store<f64>(out, gamma, 24);
  store<f64>(out, <f64>reg3Status, 32);
}

/** out: lambda, gamma, rho, ok. */
export function regressExponentialExport(direction: i32, twoParameter: bool, tPtr: usize, fPtr: usize, m: i32, out: usize): void {
  const ok = regressExponential(direction, twoParameter, tPtr, fPtr, m);
  store<f64>(out, regLambda);
  store<f64>(out, regGamma, 8);
  store<f64>(out, regRho, 16);
  store<f64>(out, ok ? 1.0 : 0.0, 24);
}

/**
 * Log-likelihood (time scale), gradient and observed-information covariance of (mu, s) at given parameters
 * (Fisher bounds for rank-regression estimates, checks). out: logLik, gMu, gS, varMu, covMuS, varS.
 * fixSigma: only Var(mu) = 1 / I_mumu.
 */
export function informationAt(family: i32, logScale: bool, fixSigma: bool, mu: f64, s: f64, gamma: f64, out: usize): void {
  transformTimes(gamma, logScale);
  accumulate(family, mu, s, 2, 1);
  store<f64>(out, llY - (logScale ? jacobianSum : 0));
  store<f64>(out, gM, 8);
  store<f64>(out, gS, 16);
  if (fixSigma) {
    store<f64>(out, -1 / hMM, 24);
    store<f64>(out, 0, 32);
    store<f64>(out, 0, 40);
  } else {
    const det = hMM * hSS - hMS * hMS;
    store<f64>(out, -hSS / det, 24);
    store<f64>(out, hMS / det, 32);
    store<f64>(out, -hMM / det, 40);
  }
}

/** Covariance of (mu, s, gamma) at given parameters of a 3-parameter model (rank-regression bounds). out: 9. */
export function locationInformationAt(family: i32, fixSigma: bool, mu: f64, s: f64, gamma: f64, out: usize): void {
  locationCovariance(family, fixSigma, mu, s, gamma, minFailureEnd - gamma);
  for (let i = 0; i < 9; i++) store<f64>(out + (<usize>i << 3), locCov[i]);
  transformTimes(gamma, true);
  accumulate(family, mu, s, 0, 1);
  store<f64>(out + 72, llY - jacobianSum);
}

/** out: ln theta, ln k, logLik, var(ln theta), cov, var(ln k), iterations, status. */
export function fitGammaExport(out: usize): i32 {
  const status = fitGamma();
  store<f64>(out, gammaU);
  store<f64>(out, gammaV, 8);
  store<f64>(out, gammaLogLik, 16);
  store<f64>(out, gammaVarU, 24);
  store<f64>(out, gammaCovUV, 32);
  store<f64>(out, gammaVarV, 40);
  store<f64>(out, <f64>gammaIterations, 48);
  store<f64>(out, <f64>status, 56);
  return status;
}

/** out: params (3m - 1), logLik, iterations, status, starts, covariance (3m - 1)^2 row-major. */
export function fitMixtureExport(components: i32, out: usize): i32 {
  const status = fitMixture(components);
  const np = 3 * components - 1;
  for (let q = 0; q < np; q++) store<f64>(out + (<usize>q << 3), mixParams[q]);
  store<f64>(out + (<usize>np << 3), mixLogLik);
  store<f64>(out + (<usize>(np + 1) << 3), <f64>mixIterations);
  store<f64>(out + (<usize>(np + 2) << 3), <f64>status);
  store<f64>(out + (<usize>(np + 3) << 3), <f64>mixStarts);
  for (let q = 0; q < np * np; q++) store<f64>(out + (<usize>(np + 4 + q) << 3), mixCov[q]);
  return status;
}
