// Chi-squared, Student t, F, binomial and Poisson: cdf, upper tail (Sf) and quantile, expressed through
// the incomplete gamma and beta functions. Arguments that would lose digits (1 - x near 1, t^2/(df + t^2))
// are formed so that both x and 1 - x are exact or correctly rounded, and passed as a pair.
// Out-of-domain parameters give NaN. Discrete quantiles are the smallest k with cdf(k) >= p (1 - 64 eps),
// R's convention, so a p that equals a cdf value up to rounding returns that k.
import { gammaP, gammaPInv, gammaQ } from "./incgamma";
import { betaIInv, betaIPair, lastBetaIc, lastBetaInverseComplement } from "./incbeta";
import { normalCdf, normalQuantile } from "./normal";
import { lnBeta } from "./special";

const DISCRETE_FUZZ: f64 = 1 - 64 * 2.220446049250313e-16;

@inline function badProbability(p: f64): bool {
  return !(p >= 0 && p <= 1);
}

// ---- chi-squared ----

export function chiSquaredCdf(x: f64, df: f64): f64 {
  if (isNaN<f64>(x) || !(df >= 0)) return NaN;
  if (x <= 0) return 0;
  return gammaP(0.5 * df, 0.5 * x);
}

export function chiSquaredSf(x: f64, df: f64): f64 {
  if (isNaN<f64>(x) || !(df >= 0)) return NaN;
  if (x <= 0) return 1;
  return gammaQ(0.5 * df, 0.5 * x);
}

export function chiSquaredQuantile(p: f64, df: f64): f64 {
  if (badProbability(p) || !(df >= 0)) return NaN;
  return 2 * gammaPInv(0.5 * df, p);
}

// ---- Student t ----

/** P(T <= t) for t < 0 is half of I_x(df/2, 1/2) with x = df / (df + t^2); returns that half. */
function tLowerTail(t: f64, df: f64): f64 {
  const ratio = (t / df) * t; // t^2 / df
  if (ratio > 1e100) {
    // x = df / (df + t^2) ~ df / t^2: I_x(df/2, 1/2) ~ x^(df/2) / ((df/2) B(df/2, 1/2)).
    const logI = -0.5 * df * (2 * Math.log(Math.abs(t)) - Math.log(df)) - lnBeta(0.5 * df, 0.5) - Math.log(0.5 * df);
    return 0.5 * Math.exp(logI);
  }
  const x = 1 / (1 + ratio); // df / (df + t^2)
  const y = ratio / (1 + ratio); // t^2 / (df + t^2)
  return 0.5 * betaIPair(0.5 * df, 0.5, x, y);
}

export function studentTCdf(t: f64, df: f64): f64 {
  if (isNaN<f64>(t) || !(df > 0)) return NaN;
  if (df == Infinity) return normalCdf(t);
  if (t == -Infinity) return 0;
  if (t == Infinity) return 1;
  return t <= 0 ? tLowerTail(t, df) : 1 - tLowerTail(-t, df);
}

export function studentTSf(t: f64, df: f64): f64 {
  return studentTCdf(-t, df);
}

export function studentTQuantile(p: f64, df: f64): f64 {
  if (badProbability(p) || !(df > 0)) return NaN;
  if (df == Infinity) return normalQuantile(p);
  if (p == 0) return -Infinity;
  if (p == 1) return Infinity;
  if (p == 0.5) return 0;
  const lower = p < 0.5;
  const tail = lower ? p : 0.5 - p + 0.5; // exact for p > 1/2
  // I_x(df/2, 1/2) = 2 tail, x = df / (df + t^2): t^2 = df (1 - x) / x with 1 - x from the inverse itself.
  const x = betaIInv(0.5 * df, 0.5, 2 * tail);
  const t = Math.sqrt(df * (lastBetaInverseComplement() / x));
  return lower ? -t : t;
}

// ---- F ----

/** F cdf and, through lastBetaIc, its complement: I_u(d1/2, d2/2) with u = d1 x / (d2 + d1 x). */
function fPair(x: f64, d1: f64, d2: f64): f64 {
  const r = (d1 / d2) * x;
  return betaIPair(0.5 * d1, 0.5 * d2, r / (1 + r), 1 / (1 + r));
}

export function fCdf(x: f64, d1: f64, d2: f64): f64 {
  if (isNaN<f64>(x) || !(d1 > 0) || !(d2 > 0)) return NaN;
  if (x <= 0) return 0;
  if (x == Infinity) return 1;
  return fPair(x, d1, d2);
}

export function fSf(x: f64, d1: f64, d2: f64): f64 {
  if (isNaN<f64>(x) || !(d1 > 0) || !(d2 > 0)) return NaN;
  if (x <= 0) return 1;
  if (x == Infinity) return 0;
  fPair(x, d1, d2);
  return lastBetaIc();
}

export function fQuantile(p: f64, d1: f64, d2: f64): f64 {
  if (badProbability(p) || !(d1 > 0) || !(d2 > 0)) return NaN;
  if (p == 0) return 0;
  if (p == 1) return Infinity;
  const u = betaIInv(0.5 * d1, 0.5 * d2, p);
  return (d2 / d1) * (u / lastBetaInverseComplement());
}

// ---- binomial ----

@inline function isCount(n: f64): bool {
  return n >= 0 && n == Math.floor(n) && n < 9007199254740992;
}

/** P(X <= k), X ~ binomial(n, p); k is floored (up to 1e-7 of an integer, as R). */
export function binomialCdf(k: f64, n: f64, p: f64): f64 {
  if (isNaN<f64>(k) || !isCount(n) || badProbability(p)) return NaN;
  const kk = Math.floor(k + 1e-7);
  if (kk < 0) return 0;
  if (kk >= n) return 1;
  if (p == 0) return 1;
  if (p == 1) return 0;
  // P(X <= k) = I_{1-p}(n - k, k + 1)
  return betaIPair(n - kk, kk + 1, 0.5 - p + 0.5, p);
}

/** P(X > k). */
export function binomialSf(k: f64, n: f64, p: f64): f64 {
  if (isNaN<f64>(k) || !isCount(n) || badProbability(p)) return NaN;
  const kk = Math.floor(k + 1e-7);
  if (kk < 0) return 1;
  if (kk >= n) return 0;
  if (p == 0) return 0;
  if (p == 1) return 1;
  betaIPair(n - kk, kk + 1, 0.5 - p + 0.5, p);
  return lastBetaIc();
}

// Discrete quantile search state (no closures): which distribution and its parameters.
let searchKind: i32 = 0; // 0 binomial, 1 Poisson
let searchA: f64 = 0;
let searchB: f64 = 0;

@inline function searchCdf(k: f64): f64 {
  return searchKind == 0 ? binomialCdf(k, searchA, searchB) : poissonCdf(k, searchA);
}

/** Smallest integer k in [0, upper] with cdf(k) >= target, starting the bracket at `guess`. */
function discreteSearch(target: f64, guess: f64, upper: f64): f64 {
  let k = Math.min(Math.max(Math.floor(guess), 0), upper);
  // Bracket: cdf(lo) < target <= cdf(hi), lo = -1 meaning "below 0".
  let lo: f64 = -1;
  let hi: f64 = upper;
  let step: f64 = 1;
  if (searchCdf(k) >= target) {
    hi = k;
    while (true) {
      const down = hi - step;
      if (down < 0) break;
      if (searchCdf(down) >= target) {
        hi = down;
        step *= 2;
      } else {
        lo = down;
        break;
      }
    }
  } else {
    lo = k;
    while (true) {
      const up = Math.min(lo + step, upper);
      if (searchCdf(up) >= target || up == upper) {
        hi = up;
        break;
      }
      lo = up;
      step *= 2;
    }
  }
  while (hi - lo > 1) {
    const mid = Math.floor(0.5 * (lo + hi));
    if (searchCdf(mid) >= target) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Smallest k with P(X <= k) >= p. */
export function binomialQuantile(prob: f64, n: f64, p: f64): f64 {
  if (badProbability(prob) || !isCount(n) || badProbability(p)) return NaN;
  if (p == 0 || n == 0) return 0;
  if (prob == 0) return 0;
  if (prob == 1 || p == 1) return n;
  const q = 0.5 - p + 0.5;
  const mu = n * p;
  const sigma = Math.sqrt(n * p * q);
  const z = normalQuantile(prob);
  const skew = (q - p) / sigma;
  const guess = Math.floor(mu + sigma * (z + (skew * (z * z - 1)) / 6) + 0.5); // Cornish-Fisher
  searchKind = 0;
  searchA = n;
  searchB = p;
  return discreteSearch(prob * DISCRETE_FUZZ, isFinite<f64>(guess) ? guess : mu, n);
}

// ---- Poisson ----

/** P(X <= k), X ~ Poisson(lambda). */
export function poissonCdf(k: f64, lambda: f64): f64 {
  if (isNaN<f64>(k) || !(lambda >= 0)) return NaN;
  const kk = Math.floor(k + 1e-7);
  if (kk < 0) return 0;
  if (lambda == 0 || kk == Infinity) return 1;
  return gammaQ(kk + 1, lambda);
}

/** P(X > k). */
export function poissonSf(k: f64, lambda: f64): f64 {
  if (isNaN<f64>(k) || !(lambda >= 0)) return NaN;
  const kk = Math.floor(k + 1e-7);
  if (kk < 0) return 1;
  if (lambda == 0 || kk == Infinity) return 0;
  return gammaP(kk + 1, lambda);
}

export function poissonQuantile(prob: f64, lambda: f64): f64 {
  if (badProbability(prob) || !(lambda >= 0) || lambda == Infinity) return NaN;
  if (lambda == 0 || prob == 0) return 0;
  if (prob == 1) return Infinity;
  const sigma = Math.sqrt(lambda);
  const z = normalQuantile(prob);
  const guess = Math.floor(lambda + sigma * (z + ((1 / sigma) * (z * z - 1)) / 6) + 0.5);
  searchKind = 1;
  searchA = lambda;
  return discreteSearch(prob * DISCRETE_FUZZ, isFinite<f64>(guess) ? guess : lambda, 9007199254740991);
}
