// Optimum age (preventive) replacement: an item is replaced at a planned cost Cp when it reaches age t, or at
// the unplanned cost Cu when it fails first; either renews it. By the renewal-reward theorem the long-run
// cost per unit time is
//   C(t) = (Cp R(t) + Cu F(t)) / ∫_0^t R(s) ds,
// against Cu / MTTF for running to failure (Barlow & Proschan, Mathematical Theory of Reliability (1965),
// ch. 4; Jardine & Tsang, Maintenance, Replacement and Reliability (2nd ed. 2013), ch. 2).
//
// At a stationary point C'(t) = 0, which after dividing by R(t) (Cu - Cp) reads
//   g(t) = h(t) ∫_0^t R(s) ds - F(t) - Cp / (Cu - Cp) = 0,
// so the optimum is found as a root of g (to full precision) rather than as the minimum of C, whose flat
// bottom would only place it to about the square root of the precision of C. The root is bracketed by a
// scan of C on quantiles from F = 1e-15 to R = 1e-15, which also finds the global minimum where the hazard
// is not monotone (lognormal, log-logistic): g has a root at every local extremum.
import { failureHazard, failureLastUnreliability, failureQuantile, failureQuantileUpper, failureReliability } from "../math/failure";
import { brentMinimize, brentRoot, optimizeStatus } from "../math/optimize";
import { integrateReliability, setReliability } from "./integrate";

let code: i32 = 0;
let pa: f64 = 0;
let pb: f64 = 0;
let pc: f64 = 0;
/** ∫_0^∞ R: the mean life, given by the caller (the evaluator's failureMean for a life on t >= 0). */
let mttf: f64 = 0;
/** The location: nothing fails before it. */
let location: f64 = 0;

export function setReplacementDistribution(c: i32, a: f64, b: f64, cc: f64, mean: f64, loc: f64): void {
  code = c;
  pa = a;
  pb = b;
  pc = cc;
  mttf = mean;
  location = loc;
  setReliability(c, a, b, cc);
}

/** ∫_0^t R(s) ds: R = 1 up to the location, then by quadrature. */
export function costIntegralR(t: f64): f64 {
  if (t <= location) return t > 0 ? t : 0;
  return location + integrateReliability(location, t);
}

@inline function rateFrom(t: f64, integral: f64, cp: f64, cu: f64): f64 {
  const r = failureReliability(code, pa, pb, pc, t);
  const f = failureLastUnreliability();
  return (cp * r + cu * f) / integral;
}

/** C(t), the cost per unit time of replacing at age t. */
export function costReplacementRate(t: f64, cp: f64, cu: f64): f64 {
  if (!(t > 0)) return Infinity;
  return rateFrom(t, costIntegralR(t), cp, cu);
}

/** Cu / MTTF, the cost per unit time of running to failure. */
export function costRunToFailureRate(cu: f64): f64 {
  return cu / mttf;
}

// The scan: points on the logit of F from F = 1e-15 to R = 1e-15.
const SCAN: i32 = 400;
const LOGIT_END: f64 = 34.538776394910684; // ln(1e15)

/** The time at logit(F) = x, computed from the smaller tail so both ends keep their digits. */
function scanTime(x: f64): f64 {
  if (x <= 0) return failureQuantile(code, pa, pb, pc, 1 / (1 + Math.exp(-x)));
  return failureQuantileUpper(code, pa, pb, pc, 1 / (1 + Math.exp(x)));
}

// State of the root search: g(t) = h(t) (base + ∫_from^t R) - F(t) - k.
let rootFrom: f64 = 0;
let rootBase: f64 = 0;
let rootK: f64 = 0;
let rootCp: f64 = 0;
let rootCu: f64 = 0;

function stationarity(t: f64, ctx: usize): f64 {
  const integral = rootBase + integrateFrom(rootFrom, t, rootBase);
  const h = failureHazard(code, pa, pb, pc, t);
  const f = failureLastUnreliabilityAt(t);
  return h * integral - f - rootK;
}

function failureLastUnreliabilityAt(t: f64): f64 {
  failureReliability(code, pa, pb, pc, t);
  return failureLastUnreliability();
}

function rateFromBase(t: f64, ctx: usize): f64 {
  return rateFrom(t, rootBase + integrateFrom(rootFrom, t, rootBase), rootCp, rootCu);
}

/** Results of the last costReplacementOptimum call. */
let optimumRate: f64 = NaN;
let optimumIntegral: f64 = NaN;
let optimumFound: bool = false;

export function costOptimumRate(): f64 {
  return optimumRate;
}

export function costOptimumIntegral(): f64 {
  return optimumIntegral;
}

export function costOptimumFound(): bool {
  return optimumFound;
}

/**
 * The age t* minimising C(t), or NaN when no finite age costs less than running to failure (the minimum of
 * the scan is at its upper end, or no lower than Cu / MTTF). C(t*) is then in costOptimumRate.
 */
export function costReplacementOptimum(cp: f64, cu: f64): f64 {
  optimumFound = false;
  optimumRate = NaN;
  optimumIntegral = NaN;
  const times = new StaticArray<f64>(SCAN + 1);
  const integrals = new StaticArray<f64>(SCAN + 1);
  let best = -1;
  let bestRate: f64 = Infinity;
  let previous: f64 = 0;
  let integral: f64 = 0;
  for (let i = 0; i <= SCAN; i++) {
    const x = -LOGIT_END + (2 * LOGIT_END * <f64>i) / <f64>SCAN;
    let t = scanTime(x);
    if (t <= previous) t = previous; // a quantile that cannot resolve the step repeats the last time
    integral = i == 0 ? costIntegralR(t) : integral + (t > previous ? integrateFrom(previous, t, integral) : 0);
    times[i] = t;
    integrals[i] = integral;
    const rate = t > 0 ? rateFrom(t, integral, cp, cu) : Infinity;
    if (rate < bestRate) {
      bestRate = rate;
      best = i;
    }
    previous = t;
  }
  // A saving below 1e-10 of the run-to-failure cost is rounding (a constant hazard gives C(t) = Cu/MTTF exactly).
  const runToFailure = cu / mttf;
  if (best < 0 || best == SCAN || !(bestRate < runToFailure * (1 - 1e-10))) return NaN;
  const lo = best > 0 ? best - 1 : 0;
  const hi = best + 1;
  rootFrom = times[lo];
  rootBase = integrals[lo];
  rootK = cp / (cu - cp);
  rootCp = cp;
  rootCu = cu;
  let t = NaN;
  const gLo = stationarity(times[lo], 0);
  const gHi = stationarity(times[hi], 0);
  if (gLo < 0 && gHi > 0) t = brentRoot(stationarity, times[lo], times[hi], 0, 200);
  if (!(t == t)) {
    // No sign change between the neighbours (a minimum flatter than g resolves): minimise C itself.
    t = brentMinimize(rateFromBase, times[lo], times[hi], 0, 500);
  }
  const at = rootBase + integrateFrom(rootFrom, t, rootBase);
  optimumIntegral = at;
  optimumRate = rateFrom(t, at, cp, cu);
  optimumFound = optimizeStatus.converged;
  return t;
}

/** ∫_lo^hi R with the location's flat part handled; `base` is the integral up to lo, which it is added to. */
function integrateFrom(lo: f64, hi: f64, base: f64): f64 {
  if (hi <= location) return hi - lo;
  const absTol = 1e-16 * base;
  if (lo < location) return location - lo + integrateReliability(location, hi, absTol);
  return integrateReliability(lo, hi, absTol);
}

/**
 * The cost curve: C at `n` ages `times` (ascending, > 0), written to `out`; the integrals accumulate from
 * one age to the next, so the whole curve costs one pass of quadrature.
 */
export function costReplacementCurve(times: usize, out: usize, n: i32, cp: f64, cu: f64): void {
  let previous: f64 = 0;
  let integral: f64 = 0;
  for (let i = 0; i < n; i++) {
    const t = load<f64>(times + (<usize>i << 3));
    integral += t > previous ? integrateFrom(previous, t, integral) : 0;
    previous = Math.max(previous, t);
    store<f64>(out + (<usize>i << 3), t > 0 ? rateFrom(t, integral, cp, cu) : Infinity);
  }
}
