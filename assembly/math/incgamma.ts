// Regularised incomplete gamma functions P(a, x) = gamma(a, x) / Gamma(a), Q = 1 - P, and their inverses.
//
// Each evaluation computes the smaller of P and Q directly and the other as its complement, so both keep
// their relative accuracy in the tails. Regions (after DiDonato & Morris, ACM TOMS 12 (1986), and the
// layout of Boost.Math's gamma_incomplete_imp):
// - x < 1.1 with a small against x: Q = [(Gamma(1+a) - 1) - (x^a - 1) - a x^a sum_{n>=1} (-x)^n / (n!(a+n))]
//   / Gamma(1+a), every bracket computed without cancellation (expm1, lnGamma1p).
// - otherwise x below about a: the series P = D(a, x) sum_n x^n / ((a+1)...(a+n)).
// - otherwise the Legendre continued fraction for Q, evaluated by the modified Lentz method.
// D(a, x) = x^a e^-x / Gamma(a+1) is taken, for a >= 1, as exp(-stirlingCorrection(a) - bd0(a, x)) /
// sqrt(2 pi a) (Loader's saddle-point form), so large a near x does not lose digits to a log x - x.
// Series and fraction converge in O(sqrt(a)) terms when x is near a; no Temme expansion is needed at the
// 1e-10 target for a up to about 1e10.
//
// Inverses solve log P(a, e^t) = log p (or log Q = log q, whichever of p, q is smaller) for t = log x by
// Newton's method with a bracket: in t, log P is nearly linear in the lower tail (P ~ x^a / Gamma(a+1))
// and log Q nearly linear in e^t in the upper tail, so a Wilson-Hilferty or tail start converges in a few
// steps; a step leaving the bracket is replaced by bisection.
import { normalQuantile } from "./normal";
import { bd0, lnGamma, lnGamma1p, stirlingCorrection } from "./special";

const EPSILON: f64 = 2.220446049250313e-16;
const MAX_TERMS: i32 = 10_000_000;
const TINY: f64 = 1e-300;

/** P from the last `incompleteGamma` call. */
let resultP: f64 = NaN;
/** Q from the last `incompleteGamma` call. */
let resultQ: f64 = NaN;

/** x^a e^-x / Gamma(a + 1), the Poisson probability of a at mean x (a > 0, x > 0). */
export function poissonTerm(a: f64, x: f64): f64 {
  if (a < 1) return Math.exp(a * Math.log(x) - x - lnGamma1p(a));
  return Math.exp(-stirlingCorrection(a) - bd0(a, x)) / Math.sqrt(2 * Math.PI * a);
}

/** sum_{n>=0} x^n / ((a+1)...(a+n)); P = D(a, x) times this. */
function lowerSeries(a: f64, x: f64): f64 {
  let sum: f64 = 1;
  let term: f64 = 1;
  for (let n = 1; n < MAX_TERMS; n++) {
    term *= x / (a + <f64>n);
    sum += term;
    if (term < sum * EPSILON * 0.5) return sum;
  }
  return NaN;
}

/** Q(a, x) by the continued fraction 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...))), times x^a e^-x/Gamma(a). */
function upperFraction(a: f64, x: f64): f64 {
  let b = x + 1 - a;
  let c: f64 = 1 / TINY;
  let d: f64 = 1 / (Math.abs(b) < TINY ? TINY : b);
  let f = d;
  for (let i = 1; i < MAX_TERMS; i++) {
    const an = -<f64>i * (<f64>i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    f *= delta;
    if (Math.abs(delta - 1) < EPSILON) return f * a * poissonTerm(a, x);
  }
  return NaN;
}

/** Q(a, x) for small x (< 1.1) and a not large against x. */
function upperSmallX(a: f64, x: f64): f64 {
  const gammaM1 = Math.expm1(lnGamma1p(a)); // Gamma(1+a) - 1
  const powM1 = Math.expm1(a * Math.log(x)); // x^a - 1
  // sum_{n>=1} (-x)^n / (n! (a+n))
  let sum: f64 = 0;
  let term: f64 = 1;
  for (let n = 1; n < 1000; n++) {
    term *= -x / <f64>n;
    const add = term / (a + <f64>n);
    sum += add;
    if (Math.abs(add) < Math.abs(sum) * EPSILON * 0.5) break;
  }
  return (gammaM1 - powM1 - a * (powM1 + 1) * sum) / (gammaM1 + 1);
}

/** Computes P(a, x) and Q(a, x) into resultP, resultQ. */
function incompleteGamma(a: f64, x: f64): void {
  if (isNaN<f64>(a) || isNaN<f64>(x) || a < 0 || x < 0) {
    resultP = NaN;
    resultQ = NaN;
    return;
  }
  if (x == 0) {
    resultP = 0;
    resultQ = 1;
    return;
  }
  if (a == 0 || x == Infinity) {
    resultP = 1;
    resultQ = 0;
    return;
  }
  if (a == Infinity) {
    resultP = 0;
    resultQ = 1;
    return;
  }
  let upper: bool;
  if (x < 0.5) upper = !(a > -0.4 / Math.log(x));
  else if (x < 1.1) upper = !(a > 0.75 * x);
  else upper = x - 1 / (3 * x) >= a;
  if (!upper) {
    resultP = poissonTerm(a, x) * lowerSeries(a, x);
    resultQ = 1 - resultP;
  } else {
    resultQ = x < 1.1 ? upperSmallX(a, x) : upperFraction(a, x);
    resultP = 1 - resultQ;
  }
}

/** Regularised lower incomplete gamma P(a, x) (a >= 0, x >= 0), the gamma(a, 1) cdf. */
export function gammaP(a: f64, x: f64): f64 {
  incompleteGamma(a, x);
  return resultP;
}

/** Regularised upper incomplete gamma Q(a, x) = 1 - P(a, x), accurate where it is tiny. */
export function gammaQ(a: f64, x: f64): f64 {
  incompleteGamma(a, x);
  return resultQ;
}

/** Density of gamma(a, 1) at x times x: x^a e^-x / Gamma(a) = a D(a, x). */
@inline function xDensity(a: f64, x: f64): f64 {
  return a * poissonTerm(a, x);
}

/** Solves P(a, x) = p (useLower) or Q(a, x) = q; target is the smaller of the two. */
function invert(a: f64, target: f64, useLower: bool): f64 {
  const logTarget = Math.log(target);
  // Start: Wilson-Hilferty for a >= 1; for a < 1 the tail asymptote of the target.
  const z = useLower ? normalQuantile(target) : -normalQuantile(target);
  const c = 1 / (9 * a);
  let x = a * Math.pow(1 - c + z * Math.sqrt(c), 3);
  if (useLower && (a < 1 || !(x > 0))) {
    x = Math.exp((logTarget + lnGamma1p(a)) / a); // P ~ x^a / Gamma(a+1)
  } else if (!useLower && a < 1) {
    // Q ~ x^(a-1) e^-x / Gamma(a): two fixed-point steps.
    x = Math.max(1, -logTarget - lnGamma(a));
    x = Math.max(1, -logTarget - lnGamma(a) + (a - 1) * Math.log(x));
  }
  if (!(x > 0) || !isFinite<f64>(x)) x = a;

  let t = Math.log(x);
  let lo: f64 = -Infinity; // bracket on t: g(lo) < 0 < g(hi)
  let hi: f64 = Infinity;
  for (let iter = 0; iter < 200; iter++) {
    x = Math.exp(t);
    const g = residual(a, x, logTarget, useLower);
    if (g == 0) return x;
    if (g < 0) lo = t;
    else hi = t;
    let next = t - g / residualSlope;
    if (!isFinite<f64>(next) || next <= lo || next >= hi) {
      if (isFinite<f64>(lo) && isFinite<f64>(hi)) next = 0.5 * (lo + hi);
      else if (g < 0) next = t + Math.max(1, Math.abs(t));
      else next = t - Math.max(1, Math.abs(t));
    }
    const resolution = 4 * EPSILON * Math.max(1, Math.abs(t));
    const done = Math.abs(next - t) <= resolution || (isFinite<f64>(lo) && isFinite<f64>(hi) && hi - lo <= resolution);
    t = next;
    if (done) break;
  }
  // exp(t) resolves x only to |t| ulps; a last Newton step taken on x itself restores full precision.
  x = Math.exp(t);
  const g = residual(a, x, logTarget, useLower);
  const step = g / residualSlope;
  return Math.abs(step) < 1e-6 ? x - x * step : x;
}

/** Slope d g / d t at the point of the last `residual` call. */
let residualSlope: f64 = NaN;

/** g(t) = log P - log p (or log q - log Q), increasing in t = log x; sets residualSlope. */
function residual(a: f64, x: f64, logTarget: f64, useLower: bool): f64 {
  incompleteGamma(a, x);
  const tail = useLower ? resultP : resultQ;
  residualSlope = xDensity(a, x) / tail; // |d log(tail) / dt|
  return useLower ? Math.log(tail) - logTarget : logTarget - Math.log(tail);
}

/** The x with P(a, x) = p: quantile of gamma(a, 1). */
export function gammaPInv(a: f64, p: f64): f64 {
  if (isNaN<f64>(a) || isNaN<f64>(p) || a < 0 || p < 0 || p > 1) return NaN;
  if (p == 0 || a == 0) return 0;
  if (p == 1) return Infinity;
  if (a == Infinity) return Infinity;
  return p <= 0.5 ? invert(a, p, true) : invert(a, 1 - p, false);
}

/** The x with Q(a, x) = q, accurate for tiny q. */
export function gammaQInv(a: f64, q: f64): f64 {
  if (isNaN<f64>(a) || isNaN<f64>(q) || a < 0 || q < 0 || q > 1) return NaN;
  if (q == 1 || a == 0) return 0;
  if (q == 0) return Infinity;
  if (a == Infinity) return Infinity;
  return q <= 0.5 ? invert(a, q, false) : invert(a, 1 - q, true);
}
