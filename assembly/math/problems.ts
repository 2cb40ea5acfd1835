// Reference problems for the optimisers, exported so tests and benchmarks run them inside wasm. Each one
// also shows the no-closure pattern of optimize.ts: the function's data travels through `ctx`.
import { brentMinimize, brentRoot, nelderMead, newtonSafe, optimizeStatus } from "./optimize";
import { digamma, lnGamma, trigamma } from "./special";

class Kepler {
  eccentricity: f64 = 0;
  meanAnomaly: f64 = 0;
}

function keplerResidual(e: f64, ctx: usize): f64 {
  const k = changetype<Kepler>(ctx);
  return e - k.eccentricity * Math.sin(e) - k.meanAnomaly;
}

/** Eccentric anomaly E with E - e sin E = M (0 <= e < 1, 0 <= M <= pi), by brentRoot on [0, pi]. */
export function solveKepler(eccentricity: f64, meanAnomaly: f64, tol: f64): f64 {
  const k = new Kepler();
  k.eccentricity = eccentricity;
  k.meanAnomaly = meanAnomaly;
  return brentRoot(keplerResidual, 0, Math.PI, tol, 200, changetype<usize>(k));
}

class Level {
  c: f64 = 0;
}

function digammaResidual(x: f64, ctx: usize): f64 {
  return digamma(x) - changetype<Level>(ctx).c;
}

function digammaSlope(x: f64, ctx: usize): f64 {
  return trigamma(x);
}

function lnGammaTilted(x: f64, ctx: usize): f64 {
  return lnGamma(x) - changetype<Level>(ctx).c * x;
}

/** Bracket for digamma(x) = c: digamma(1/(|c|+2)) < c < digamma(exp(c) + 2). */
@inline function lowerEnd(c: f64): f64 {
  return 1 / (Math.abs(c) + 2);
}
@inline function upperEnd(c: f64): f64 {
  return Math.exp(c) + 2;
}

/** x with digamma(x) = c, by newtonSafe (f = digamma - c, f' = trigamma). */
export function inverseDigamma(c: f64): f64 {
  const level = new Level();
  level.c = c;
  const lo = lowerEnd(c);
  const hi = upperEnd(c);
  return newtonSafe(digammaResidual, digammaSlope, 0.5 * (lo + hi), lo, hi, 0, 100, changetype<usize>(level));
}

/** argmin of lnGamma(x) - c x (where digamma(x) = c), by brentMinimize. */
export function minimizeTiltedLnGamma(c: f64): f64 {
  const level = new Level();
  level.c = c;
  return brentMinimize(lnGammaTilted, lowerEnd(c), upperEnd(c), 0, 500, changetype<usize>(level));
}

function rosenbrock(p: usize, n: i32, ctx: usize): f64 {
  const x = load<f64>(p);
  const y = load<f64>(p + 8);
  return 100 * (y - x * x) * (y - x * x) + (1 - x) * (1 - x);
}

/** Minimises Rosenbrock's function from the point in xy (2 doubles, overwritten); returns the minimum. */
export function minimizeRosenbrock(xy: usize): f64 {
  return nelderMead(rosenbrock, xy, 2, 0.05, 1e-14, 20000);
}

class Sample {
  times: usize = 0;
  n: i32 = 0;
}

/** Negative Weibull log-likelihood of complete times at (log beta, log eta). */
function weibullNegLogLik(p: usize, n: i32, ctx: usize): f64 {
  const data = changetype<Sample>(ctx);
  const beta = Math.exp(load<f64>(p));
  const logEta = load<f64>(p + 8);
  let sum: f64 = 0;
  for (let i = 0; i < data.n; i++) {
    const z = Math.log(load<f64>(data.times + (<usize>i << 3))) - logEta;
    sum += Math.log(beta) - logEta + (beta - 1) * z - Math.exp(beta * z);
  }
  return -sum;
}

/**
 * Weibull maximum likelihood of n complete times by Nelder-Mead over (log beta, log eta), starting at
 * beta = 1, eta = mean; writes beta and eta to out (2 doubles). Returns the maximised log-likelihood.
 */
export function fitWeibullNelderMead(times: usize, n: i32, out: usize): f64 {
  const data = new Sample();
  data.times = times;
  data.n = n;
  let mean: f64 = 0;
  for (let i = 0; i < n; i++) mean += load<f64>(times + (<usize>i << 3)) / <f64>n;
  store<f64>(out, 0);
  store<f64>(out + 8, Math.log(mean));
  const best = nelderMead(weibullNegLogLik, out, 2, 0.1, 1e-15, 20000, changetype<usize>(data));
  store<f64>(out, Math.exp(load<f64>(out)));
  store<f64>(out + 8, Math.exp(load<f64>(out + 8)));
  return -best;
}

export function lastOptimizeEvaluations(): i32 {
  return optimizeStatus.evaluations;
}

export function lastOptimizeConverged(): bool {
  return optimizeStatus.converged;
}
