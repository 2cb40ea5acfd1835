// Integrals of the reliability function, ∫ R(s) ds, by adaptive Gauss-Kronrod quadrature (the 7-point Gauss
// rule embedded in the 15-point Kronrod rule; nodes and weights: Kronrod 1965, as tabulated in Piessens et al.,
// QUADPACK (1983)). An interval is split in two until |K15 - G7| is below its share of the tolerance, which is
// pessimistic for smooth integrands (the true error is far smaller) and still converges where R has an
// unbounded derivative (a Weibull or gamma shape below 1 at the origin), at the cost of deeper splits there.
import { failureReliability } from "../math/failure";

// Nodes of the 15-point Kronrod rule on [-1, 1] (positive half; the odd ones are the 7-point Gauss nodes).
const XK0: f64 = 0.9914553711208126392;
const XK1: f64 = 0.9491079123427585245;
const XK2: f64 = 0.8648644233597690728;
const XK3: f64 = 0.7415311855993944399;
const XK4: f64 = 0.5860872354676911303;
const XK5: f64 = 0.4058451513773971669;
const XK6: f64 = 0.2077849550078984676;
// Kronrod weights for the nodes above and the centre.
const WK0: f64 = 0.02293532201052922496;
const WK1: f64 = 0.06309209262997855329;
const WK2: f64 = 0.1047900103222501838;
const WK3: f64 = 0.1406532597155259187;
const WK4: f64 = 0.1690047266392679028;
const WK5: f64 = 0.1903505780647854099;
const WK6: f64 = 0.2044329400752988924;
const WKC: f64 = 0.2094821410847278280;
// Gauss weights for XK1, XK3, XK5 and the centre.
const WG1: f64 = 0.1294849661688696933;
const WG3: f64 = 0.2797053914892766679;
const WG5: f64 = 0.3818300505051189450;
const WGC: f64 = 0.4179591836734693878;

/** The distribution the integrals are of (failure model code and a, b, c), set by setReliability. */
let code: i32 = 0;
let pa: f64 = 0;
let pb: f64 = 0;
let pc: f64 = 0;

export function setReliability(c: i32, a: f64, b: f64, cc: f64): void {
  code = c;
  pa = a;
  pb = b;
  pc = cc;
}

@inline function rel(t: f64): f64 {
  return failureReliability(code, pa, pb, pc, t);
}

/** The Kronrod estimate of the last gk15 call's Gauss companion difference. */
let lastError: f64 = 0;

function gk15(lo: f64, hi: f64): f64 {
  const h = 0.5 * (hi - lo);
  const m = 0.5 * (hi + lo);
  const fc = rel(m);
  let k = WKC * fc;
  let g = WGC * fc;
  let s = rel(m - h * XK0) + rel(m + h * XK0);
  k += WK0 * s;
  s = rel(m - h * XK1) + rel(m + h * XK1);
  k += WK1 * s;
  g += WG1 * s;
  s = rel(m - h * XK2) + rel(m + h * XK2);
  k += WK2 * s;
  s = rel(m - h * XK3) + rel(m + h * XK3);
  k += WK3 * s;
  g += WG3 * s;
  s = rel(m - h * XK4) + rel(m + h * XK4);
  k += WK4 * s;
  s = rel(m - h * XK5) + rel(m + h * XK5);
  k += WK5 * s;
  g += WG5 * s;
  s = rel(m - h * XK6) + rel(m + h * XK6);
  k += WK6 * s;
  lastError = Math.abs((k - g) * h);
  return k * h;
}

const MAX_DEPTH: i32 = 60;
/** At most this many rule evaluations per integral; far more than any smooth R needs (a guard, not a limit). */
const MAX_RULES: i32 = 20000;
/** Below this relative size the error estimate is rounding noise, not truncation: splitting cannot help. */
const ROUNDING: f64 = 64 * 2.220446049250313e-16;
let rules: i32 = 0;

function adapt(lo: f64, hi: f64, whole: f64, tol: f64, depth: i32): f64 {
  const mid = 0.5 * (lo + hi);
  const left = gk15(lo, mid);
  const leftError = lastError;
  const right = gk15(mid, hi);
  const rightError = lastError;
  rules += 2;
  const sum = left + right;
  const error = leftError + rightError;
  // Accept when the halves' error is within tolerance or at rounding level, or splitting changes nothing.
  if (
    error <= tol ||
    error <= ROUNDING * Math.abs(sum) ||
    depth >= MAX_DEPTH ||
    rules >= MAX_RULES ||
    mid <= lo ||
    mid >= hi ||
    sum == whole
  )
    return sum;
  const half = 0.5 * tol;
  const l = leftError <= half ? left : adapt(lo, mid, left, half, depth + 1);
  const r = rightError <= half ? right : adapt(mid, hi, right, half, depth + 1);
  return l + r;
}

/** Relative tolerance of every integral: well below the 1e-9 the cost rate and its optimum are held to. */
const REL_TOL: f64 = 1e-14;

/**
 * ∫_lo^hi R(s) ds for lo <= hi, with the tolerance relative to the integral over the interval itself, or
 * `absTol` where larger: a piece added to an integral already accumulated need not be known better than
 * that sum's last digits (a far tail where R is 1e-200 would otherwise be chased to 1e-214).
 */
export function integrateReliability(lo: f64, hi: f64, absTol: f64 = 0): f64 {
  if (!(hi > lo)) return 0;
  const whole = gk15(lo, hi);
  const tol = Math.max(Math.max(REL_TOL * Math.abs(whole), absTol), 1e-300);
  if (lastError <= tol) return whole;
  rules = 1;
  return adapt(lo, hi, whole, tol, 0);
}
