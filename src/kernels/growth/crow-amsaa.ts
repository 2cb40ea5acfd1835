// Crow-AMSAA (the NHPP power law, expected failures lambda t^beta) by maximum likelihood.
// Sources: L. H. Crow, "Reliability analysis for complex, repairable systems", Reliability and Biometry,
// SIAM 1974 (MLE, several systems, the chi-squared bounds on beta); L. H. Crow, "Confidence interval
// procedures for the Weibull process with applications to reliability growth", Technometrics 24(1), 1982
// (the instantaneous MTBF bounds); MIL-HDBK-189C (2011) section 5 and MIL-HDBK-189 (1981) section 5.3
// (unbiased beta, Cramer-von Mises test and its critical values, grouped data, chi-squared test).
import type {
  CrowAmsaaFit,
  GoodnessOfFit,
  GroupedGrowthData,
  GrowthOptions,
  GrowthSided,
  IndividualGrowthData,
  Interval,
  TrendTest,
} from "./model.ts";
import {
  brentRoot,
  crowTimeTerminatedCoefficients,
  type GrowthMath,
  gammaProductQuantile,
  positiveRoot,
} from "./numeric.ts";
import { groupedEstimable } from "./validate.ts";

/**
 * Cramer-von Mises critical values (MIL-HDBK-189, table of C^2_M by M and significance 0.20, 0.15, 0.10,
 * 0.05, 0.01). M between rows takes the row below it (critical values rise with M, so this is the stricter
 * value); M above 100 takes the row for 100.
 */
const CVM_ROWS: readonly (readonly [number, number, number, number, number, number])[] = [
  [2, 0.138, 0.149, 0.162, 0.175, 0.186],
  [3, 0.121, 0.135, 0.154, 0.184, 0.23],
  [4, 0.121, 0.134, 0.155, 0.191, 0.28],
  [5, 0.121, 0.137, 0.16, 0.199, 0.3],
  [6, 0.123, 0.139, 0.162, 0.204, 0.31],
  [7, 0.124, 0.14, 0.165, 0.208, 0.32],
  [8, 0.124, 0.141, 0.165, 0.21, 0.32],
  [9, 0.125, 0.142, 0.167, 0.212, 0.32],
  [10, 0.125, 0.142, 0.167, 0.212, 0.32],
  [11, 0.126, 0.143, 0.169, 0.214, 0.32],
  [12, 0.126, 0.144, 0.169, 0.214, 0.32],
  [13, 0.126, 0.144, 0.169, 0.214, 0.33],
  [14, 0.126, 0.144, 0.169, 0.214, 0.33],
  [15, 0.126, 0.144, 0.169, 0.215, 0.33],
  [16, 0.127, 0.145, 0.171, 0.216, 0.33],
  [17, 0.127, 0.145, 0.171, 0.217, 0.33],
  [18, 0.127, 0.146, 0.171, 0.217, 0.33],
  [19, 0.127, 0.146, 0.171, 0.217, 0.33],
  [20, 0.128, 0.146, 0.172, 0.217, 0.33],
  [30, 0.128, 0.146, 0.172, 0.218, 0.33],
  [60, 0.128, 0.147, 0.173, 0.22, 0.33],
  [100, 0.129, 0.147, 0.173, 0.22, 0.34],
];
const CVM_COLUMN: Record<string, number> = { "0.2": 1, "0.15": 2, "0.1": 3, "0.05": 4, "0.01": 5 };

export function cvmCritical(m: number, significance: number): number {
  const column = CVM_COLUMN[String(significance)];
  if (column === undefined || m < 2) return Number.NaN;
  let row = CVM_ROWS[0];
  for (const r of CVM_ROWS) if (r[0] <= m) row = r;
  return row[column];
}

interface Probabilities {
  low: number;
  high: number;
}

/** Tail probabilities of the lower and upper bound: two-sided (1 -+ CL) / 2, one-sided 1 - CL and CL. */
function tails(confidence: number, sided: GrowthSided): Probabilities {
  const cl = confidence / 100;
  return sided === "two" ? { low: (1 - cl) / 2, high: (1 + cl) / 2 } : { low: 1 - cl, high: cl };
}

/** Drops the side a one-sided bound does not give. */
function side(sided: GrowthSided, lower: number, upper: number): Interval {
  return {
    lower: sided === "upper" ? 0 : lower,
    upper: sided === "lower" ? Number.POSITIVE_INFINITY : upper,
  };
}

/** Sufficient statistics of the power law over K systems: end times T_q and per-failure ln X. */
export interface Systems {
  n: number;
  ends: Float64Array;
  sumLnX: number;
}

/** One system observed to t, n failures whose logarithms sum to sumLnX (Crow 1974): beta = n / sum ln(t / X). */
export function singleSystemBeta(n: number, t: number, sumLnX: number): number {
  return n / (n * Math.log(t) - sumLnX);
}

/** The MLE of beta for systems ending at T_q (Crow 1974): N/beta + sum ln X - N S1/S0 = 0. */
function mleBeta(s: Systems): number {
  if (s.ends.length === 1 || s.ends.every((t) => t === s.ends[0]))
    return singleSystemBeta(s.n, s.ends[0], s.sumLnX);
  const score = (beta: number) => {
    let s0 = 0;
    let s1 = 0;
    for (const t of s.ends) {
      const tb = t ** beta;
      s0 += tb;
      s1 += tb * Math.log(t);
    }
    return s.n / beta + s.sumLnX - (s.n * s1) / s0;
  };
  return positiveRoot(score, 1);
}

/**
 * The power law fitted to systems ending at T_q (Crow 1974): beta by mleBeta, lambda = N / sum T_q^beta, and
 * the intensity lambda beta T^(beta - 1) per system at the longest end T, the time the fit reports it at;
 * s1 and s2 (sum T_q^beta ln T_q and sum T_q^beta ln^2 T_q) for the information. The fit and tracking against
 * the plan both take it, so tracked at the end of test is the fit's value bit for bit.
 */
export function systemsFit(s: Systems): {
  beta: number;
  lambda: number;
  s1: number;
  s2: number;
  time: number;
  intensity: number;
} {
  const beta = mleBeta(s);
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  for (const t of s.ends) {
    const tb = t ** beta;
    const lt = Math.log(t);
    s0 += tb;
    s1 += tb * lt;
    s2 += tb * lt * lt;
  }
  const lambda = s.n / s0;
  let time = 0;
  for (const t of s.ends) time = Math.max(time, t);
  // For several systems the intensity and MTBF are per system at the longest end of test.
  const intensity = lambda * beta * time ** (beta - 1);
  return { beta, lambda, s1, s2, time, intensity };
}

/** Observed information of (lambda, beta) at the MLE, inverted: [V_ll, V_lb, V_bb]. */
function inverseInformation(ill: number, ilb: number, ibb: number): [number, number, number] {
  const det = ill * ibb - ilb * ilb;
  return [ibb / det, -ilb / det, ill / det];
}

/**
 * Fisher matrix bounds (delta method on the log scale) from the covariance of (lambda, beta), at time t for
 * one system: beta, lambda, cumulative MTBF t^(1-beta)/lambda, intensity lambda beta t^(beta-1).
 */
function fisherBounds(
  k: GrowthMath,
  lambda: number,
  beta: number,
  v: [number, number, number],
  t: number,
  options: GrowthOptions,
): CrowAmsaaFit["bounds"] {
  const { sided } = options;
  const cl = options.confidence / 100;
  const z = k.normalQuantile(sided === "two" ? (1 + cl) / 2 : cl);
  const [vll, vlb, vbb] = v;
  const logBounds = (value: number, variance: number): [number, number] => {
    const w = Math.exp((z * Math.sqrt(variance)) / value);
    return [value / w, value * w];
  };
  const lnT = Math.log(t);
  const [bL, bU] = logBounds(beta, vbb);
  const [lL, lU] = logBounds(lambda, vll);
  const mc = t ** (1 - beta) / lambda;
  const gl = -mc / lambda;
  const gb = -mc * lnT;
  const [mcL, mcU] = logBounds(mc, gl * gl * vll + 2 * gl * gb * vlb + gb * gb * vbb);
  const rho = lambda * beta * t ** (beta - 1);
  const hl = beta * t ** (beta - 1);
  const hb = lambda * t ** (beta - 1) * (1 + beta * lnT);
  const [rL, rU] = logBounds(rho, hl * hl * vll + 2 * hl * hb * vlb + hb * hb * vbb);
  const betaI = side(sided, bL, bU);
  return {
    method: "fisher",
    beta: betaI,
    growthRate: { lower: 1 - betaI.upper, upper: 1 - betaI.lower },
    lambda: side(sided, lL, lU),
    cumulativeMtbf: side(sided, mcL, mcU),
    intensity: side(sided, rL, rU),
    instantaneousMtbf: side(sided, 1 / rU, 1 / rL),
  };
}

/**
 * Crow's bounds for one system with N failures. Beta: beta_hat chi2_p(2N) / 2N (time-terminated) or
 * chi2_p(2N - 2) / 2N (failure-terminated) (Crow 1974). Lambda and cumulative MTBF from the Poisson count:
 * E N(T) = lambda T^beta lies in [chi2_low(2N) / 2, chi2_high(2N + 2) / 2] (time-terminated; 2N both sides
 * failure-terminated, where 2 lambda T^beta ~ chi2(2N)), divided by T^beta_hat or T.
 * Instantaneous MTBF (Crow 1982): failure-terminated, M_hat / M = S Y / N^2 with S ~ Gamma(N - 1) (from
 * sum ln(T / X_i)) and Y ~ Gamma(N) (lambda T^beta) independent, so M lies in [M_hat N^2 / q_high,
 * M_hat N^2 / q_low] for the quantiles q of S Y. Time-terminated there is no such pivot (N is random);
 * Crow's intervals condition on S, see crowTimeTerminatedCoefficients.
 */
function crowBounds(
  k: GrowthMath,
  n: number,
  t: number,
  beta: number,
  instantaneousMtbf: number,
  failureTerminated: boolean,
  options: GrowthOptions,
): CrowAmsaaFit["bounds"] {
  const { sided } = options;
  const p = tails(options.confidence, sided);
  const dfBeta = failureTerminated ? 2 * (n - 1) : 2 * n;
  const bL = (beta * k.chiSquaredQuantile(p.low, dfBeta)) / (2 * n);
  const bU = (beta * k.chiSquaredQuantile(p.high, dfBeta)) / (2 * n);
  const muL = k.chiSquaredQuantile(p.low, 2 * n) / 2;
  const muU = k.chiSquaredQuantile(p.high, failureTerminated ? 2 * n : 2 * n + 2) / 2;
  const tb = t ** beta;
  let mL: number;
  let mU: number;
  if (failureTerminated) {
    const qLow = gammaProductQuantile(k, n - 1, n, p.low);
    const qHigh = gammaProductQuantile(k, n - 1, n, p.high);
    mL = (instantaneousMtbf * n * n) / qHigh;
    mU = (instantaneousMtbf * n * n) / qLow;
  } else {
    const [cL, cU] = crowTimeTerminatedCoefficients(n, p.low, p.high);
    mL = instantaneousMtbf * cL;
    mU = instantaneousMtbf * cU;
  }
  const betaI = side(sided, bL, bU);
  return {
    method: "crow",
    beta: betaI,
    growthRate: { lower: 1 - betaI.upper, upper: 1 - betaI.lower },
    lambda: side(sided, muL / tb, muU / tb),
    cumulativeMtbf: side(sided, t / muU, t / muL),
    instantaneousMtbf: side(sided, mL, mU),
    intensity: side(sided, 1 / mU, 1 / mL),
  };
}

function timeToTarget(lambda: number, beta: number, target: number | undefined) {
  if (target === undefined) return null;
  // cumulative t^(1-beta) / lambda = M; instantaneous t^(1-beta) / (lambda beta) = M
  return {
    cumulative: (lambda * target) ** (1 / (1 - beta)),
    instantaneous: (lambda * beta * target) ** (1 / (1 - beta)),
  };
}

/**
 * The military handbook trend test (MIL-HDBK-189): 2 sum ln(T / X_i) is chi-squared with 2N (time-) or
 * 2(N - 1) (failure-terminated) degrees of freedom under a constant rate; small values mean deterioration.
 */
function trendTest(k: GrowthMath, statistic: number, df: number, significance: number): TrendTest {
  const lowerTail = k.chiSquaredCdf(statistic, df);
  const pValue = Math.min(1, 2 * Math.min(lowerTail, k.chiSquaredSf(statistic, df)));
  const conclusion = pValue >= significance ? "none" : lowerTail < 0.5 ? "deterioration" : "growth";
  return { statistic, df, pValue, conclusion };
}

/** Individual failure times, one or several prototypes. Times must be validated and sorted by the caller. */
export function fitIndividual(
  k: GrowthMath,
  data: IndividualGrowthData,
  options: GrowthOptions,
): CrowAmsaaFit {
  return individual(k, data, options).fit;
}

/** A fit with the inverse information of (lambda, beta) its Fisher bounds came from: [V_ll, V_lb, V_bb]. */
interface FitWithCovariance {
  fit: CrowAmsaaFit;
  covariance: [number, number, number];
}

function individual(k: GrowthMath, data: IndividualGrowthData, options: GrowthOptions): FitWithCovariance {
  const times = data.times;
  const n = times.length;
  const failureTerminated = data.termination === "failure";
  let ends: Float64Array;
  if (failureTerminated) {
    let last = 0;
    for (const x of times) last = Math.max(last, x);
    ends = Float64Array.of(last);
  } else ends = Float64Array.from(data.ends ?? []);
  const k1 = ends.length;
  // One system: the logarithms are kept for the Cramer-von Mises pass, which then takes one exp per failure
  // ((X / T)^b = exp(b (ln X - ln T))) instead of a power, which costs a log and an exp.
  const logs = k1 === 1 ? new Float64Array(n) : null;
  let sumLnX = 0;
  for (let i = 0; i < n; i++) {
    const l = Math.log(times[i]);
    sumLnX += l;
    if (logs) logs[i] = l;
  }
  const { beta, lambda, s1, s2, time, intensity } = systemsFit({ n, ends, sumLnX });
  const instantaneousMtbf = 1 / intensity;
  const cumulativeMtbf = time ** (1 - beta) / lambda;
  const betaUnbiased = ((failureTerminated ? n - 2 : n - 1) / n) * beta;
  const significance = options.significance ?? 0.1;
  const v = inverseInformation(n / (lambda * lambda), s1, n / (beta * beta) + lambda * s2);
  const bounds =
    options.bounds === "crow" && k1 === 1
      ? crowBounds(k, n, time, beta, instantaneousMtbf, failureTerminated, options)
      : fisherBounds(k, lambda, beta, v, time, options);
  let goodnessOfFit: GoodnessOfFit | null = null;
  let trend: TrendTest | null = null;
  if (logs) {
    // Cramer-von Mises (MIL-HDBK-189): M = N (time-) or N - 1 (failure-terminated, the last failure is T).
    const t = ends[0];
    const lnT = Math.log(t);
    const m = failureTerminated ? n - 1 : n;
    // sum_{i<M} ln(T / X_i) = N ln T - sum ln X_i, in both cases: failure-terminated, the record left out
    // is the last, X_N = T, whose term is 0 (one pass of logarithms, not two).
    const sum = n * lnT - sumLnX;
    const betaBar = (m - 1) / sum;
    let c2 = 1 / (12 * m);
    for (let i = 0; i < m; i++) {
      const d = Math.exp(betaBar * (logs[i] - lnT)) - (2 * i + 1) / (2 * m);
      c2 += d * d;
    }
    const critical = cvmCritical(m, significance);
    goodnessOfFit = {
      test: "cramerVonMises",
      statistic: c2,
      critical,
      df: m,
      significance,
      pass: c2 <= critical,
    };
    trend = trendTest(k, 2 * sum, failureTerminated ? 2 * (n - 1) : 2 * n, significance);
  }
  const fit: CrowAmsaaFit = {
    model: "crow-amsaa",
    data: "individual",
    termination: data.termination,
    failures: n,
    prototypes: k1,
    time,
    beta,
    lambda,
    betaUnbiased,
    growthRate: 1 - beta,
    cumulativeMtbf,
    instantaneousMtbf,
    intensity,
    bounds,
    goodnessOfFit,
    trend,
    timeToTarget: timeToTarget(lambda, beta, options.target),
  };
  return { fit, covariance: v };
}

/** x^beta ln x with 0 ln 0 = 0. */
function powLog(x: number, beta: number, power: number): number {
  if (x === 0) return 0;
  const l = Math.log(x);
  return x ** beta * l ** power;
}

/**
 * Pools adjacent intervals until each expected count is at least 5 (MIL-HDBK-189's rule for the
 * chi-squared test); a short tail joins the interval before it.
 */
export function poolIntervals(observed: readonly number[], expected: readonly number[]) {
  const o: number[] = [];
  const e: number[] = [];
  let accO = 0;
  let accE = 0;
  for (let i = 0; i < observed.length; i++) {
    accO += observed[i];
    accE += expected[i];
    if (accE >= 5) {
      o.push(accO);
      e.push(accE);
      accO = 0;
      accE = 0;
    }
  }
  if (accE > 0) {
    if (o.length === 0) {
      o.push(accO);
      e.push(accE);
    } else {
      o[o.length - 1] += accO;
      e[e.length - 1] += accE;
    }
  }
  return { observed: o, expected: e };
}

/**
 * Grouped data (MIL-HDBK-189 section 5.3): beta solves sum n_k [(t_k^b ln t_k - t_{k-1}^b ln t_{k-1}) /
 * (t_k^b - t_{k-1}^b) - ln t_K] = 0, lambda = N / t_K^beta; the chi-squared test on expected counts
 * lambda (t_k^beta - t_{k-1}^beta), pooled to at least 5, with K - 2 degrees of freedom.
 */
export function fitGrouped(k: GrowthMath, data: GroupedGrowthData, options: GrowthOptions): CrowAmsaaFit {
  return grouped(k, data, options).fit;
}

/**
 * The grouped MLE of the first `kk` intervals (MIL-HDBK-189 section 5.3): beta the root of the profile
 * score (groupedEstimable), lambda = N / t_K^beta; NaN for both when there is no maximum.
 */
export function groupedMle(
  ends: readonly number[],
  counts: readonly number[],
  kk: number,
): { beta: number; lambda: number; failures: number } {
  let n = 0;
  for (let i = 0; i < kk; i++) n += counts[i];
  if (!groupedEstimable(counts, kk)) return { beta: Number.NaN, lambda: Number.NaN, failures: n };
  const lnTK = Math.log(ends[kk - 1]);
  const score = (beta: number) => {
    let s = 0;
    let prev = 0;
    for (let i = 0; i < kk; i++) {
      const t = ends[i];
      if (counts[i] > 0) {
        const num = powLog(t, beta, 1) - powLog(prev, beta, 1);
        const den = t ** beta - (prev === 0 ? 0 : prev ** beta);
        s += counts[i] * (num / den - lnTK);
      }
      prev = t;
    }
    return s;
  };
  // The score falls from positive to negative in beta; bracket it from 1 outwards.
  let lo = 0.5;
  let hi = 2;
  for (let i = 0; i < 60 && score(lo) < 0; i++) lo /= 2;
  for (let i = 0; i < 60 && score(hi) > 0; i++) hi *= 2;
  const beta = brentRoot(score, lo, hi);
  return { beta, lambda: n / ends[kk - 1] ** beta, failures: n };
}

function grouped(k: GrowthMath, data: GroupedGrowthData, options: GrowthOptions): FitWithCovariance {
  const { ends, counts } = data;
  const kk = ends.length;
  const tK = ends[kk - 1];
  const lnTK = Math.log(tK);
  const { beta, lambda, failures: n } = groupedMle(ends, counts, kk);
  const tb = tK ** beta;
  // Observed information of the grouped likelihood sum n_k ln(lambda D_k) - lambda t_K^beta.
  let ibb = 0;
  let prev = 0;
  const expected: number[] = [];
  for (let i = 0; i < kk; i++) {
    const t = ends[i];
    const d0 = t ** beta - (prev === 0 ? 0 : prev ** beta);
    const d1 = powLog(t, beta, 1) - powLog(prev, beta, 1);
    const d2 = powLog(t, beta, 2) - powLog(prev, beta, 2);
    if (counts[i] > 0) ibb += (counts[i] * (d2 * d0 - d1 * d1)) / (d0 * d0);
    expected.push(lambda * d0);
    prev = t;
  }
  // The Hessian's beta-beta entry is ibb - lambda t^b ln^2 t; information is its negative.
  const v = inverseInformation(n / (lambda * lambda), tb * lnTK, lambda * tb * lnTK * lnTK - ibb);
  const intensity = lambda * beta * tK ** (beta - 1);
  const significance = options.significance ?? 0.1;
  const pooled = poolIntervals(counts, expected);
  let statistic = 0;
  for (let i = 0; i < pooled.observed.length; i++)
    statistic += (pooled.observed[i] - pooled.expected[i]) ** 2 / pooled.expected[i];
  const df = pooled.observed.length - 2;
  const goodnessOfFit: GoodnessOfFit | null =
    df >= 1
      ? {
          test: "chiSquared",
          statistic,
          df,
          significance,
          critical: k.chiSquaredQuantile(1 - significance, df),
          pass: statistic <= k.chiSquaredQuantile(1 - significance, df),
        }
      : null;
  const fit: CrowAmsaaFit = {
    model: "crow-amsaa",
    data: "grouped",
    termination: "time",
    failures: n,
    prototypes: 1,
    time: tK,
    beta,
    lambda,
    betaUnbiased: Number.NaN,
    growthRate: 1 - beta,
    cumulativeMtbf: tK ** (1 - beta) / lambda,
    instantaneousMtbf: 1 / intensity,
    intensity,
    // Crow's bounds are derived for individual times; grouped data get Fisher bounds.
    bounds: fisherBounds(k, lambda, beta, v, tK, options),
    goodnessOfFit,
    trend: null,
    timeToTarget: timeToTarget(lambda, beta, options.target),
  };
  return { fit, covariance: v };
}

/** The cumulative and instantaneous MTBF at one time, each with its bounds. */
export interface MtbfCurvePoint {
  time: number;
  cumulativeMtbf: number;
  cumulative: Interval;
  instantaneousMtbf: number;
  instantaneous: Interval;
}

/**
 * The fit and its cumulative and instantaneous MTBF with their bounds at `points` times from the first
 * failure (or T / 1000, whichever is later) to the end of test T, evenly spaced in log time: the curves the
 * MTBF chart draws. Fisher bounds are fisherBounds at each t, the delta method with the fit's covariance, the
 * computation the fit does at T. Crow's bounds are derived at T from the N failures seen by T: the
 * instantaneous MTBF's are the estimate times coefficients that depend on N alone (Crow 1982), the same at
 * every t; the cumulative MTBF's (chi-squared on the count) are carried over time at their ratio to the
 * estimate at T. Both meet the fit's bounds at T exactly.
 */
export function mtbfCurve(
  k: GrowthMath,
  data: IndividualGrowthData | GroupedGrowthData,
  options: GrowthOptions,
  points: number,
): { fit: CrowAmsaaFit; curve: MtbfCurvePoint[] } {
  const { fit, covariance } =
    data.kind === "grouped" ? grouped(k, data, options) : individual(k, data, options);
  const { lambda, beta, time: end, bounds } = fit;
  let first = end;
  for (const t of data.kind === "grouped" ? data.ends : data.times) if (t < first) first = t;
  const start = Math.max(first, end / 1000);
  const lo = Math.log(start);
  const hi = Math.log(end);
  const ratio = (bound: number, value: number) => bound / value;
  const cumL = ratio(bounds.cumulativeMtbf.lower, fit.cumulativeMtbf);
  const cumU = ratio(bounds.cumulativeMtbf.upper, fit.cumulativeMtbf);
  const instL = ratio(bounds.instantaneousMtbf.lower, fit.instantaneousMtbf);
  const instU = ratio(bounds.instantaneousMtbf.upper, fit.instantaneousMtbf);
  const curve: MtbfCurvePoint[] = [];
  for (let i = 0; i < points; i++) {
    // The ends are the times themselves (not exp(ln t)): the last meets the fit's numbers bit for bit.
    const time =
      i === points - 1 ? end : i === 0 ? start : Math.exp(lo + ((hi - lo) * i) / Math.max(1, points - 1));
    const cumulativeMtbf = time ** (1 - beta) / lambda;
    const instantaneousMtbf = 1 / (lambda * beta * time ** (beta - 1));
    if (bounds.method === "fisher") {
      const at = i === points - 1 ? bounds : fisherBounds(k, lambda, beta, covariance, time, options);
      curve.push({
        time,
        cumulativeMtbf,
        cumulative: at.cumulativeMtbf,
        instantaneousMtbf,
        instantaneous: at.instantaneousMtbf,
      });
    } else
      curve.push({
        time,
        cumulativeMtbf,
        cumulative:
          i === points - 1
            ? bounds.cumulativeMtbf
            : { lower: cumulativeMtbf * cumL, upper: cumulativeMtbf * cumU },
        instantaneousMtbf,
        instantaneous:
          i === points - 1
            ? bounds.instantaneousMtbf
            : { lower: instantaneousMtbf * instL, upper: instantaneousMtbf * instU },
      });
  }
  return { fit, curve };
}
