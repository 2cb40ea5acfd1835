// Likelihood-ratio bounds for location-scale models (Meeker & Escobar 1998, Statistical Methods for
// Reliability Data, chapter 8, profile likelihood confidence intervals): a bound is where the profile
// log-likelihood falls chi2/2 below its maximum (two-sided at CL: chi2(CL; 1); one-sided: chi2(2 CL - 1; 1)).
// Parameters are profiled directly; reliability at t and time at reliability R use the constraint
// mu = c - sigma q (c = g(t), q = z of R) and profile over sigma. The contour of the 1-dof region is traced
// along rays from the estimate; its extremes of any function equal that function's LR bounds.
import { brentRoot } from "../math/optimize";
import { accumulate, gM, gS, hMM, hMS, hSS, llY } from "./locscale";

let lFamily: i32 = 0;
let lFixSigma: bool = false;
let lMu: f64 = 0;
let lS: f64 = 0;

/** Sets the model for the following calls (data and transform must already be registered). */
export function lrSetModel(family: i32, fixSigma: bool, mu: f64, s: f64): void {
  lFamily = family;
  lFixSigma = fixSigma;
  lMu = mu;
  lS = s;
  accumulate(family, mu, s, 1, 1);
  lLlMax = llY;
  lHmm = hMM;
  lHms = hMS;
  lHss = hSS;
}

// The Hessian at the estimate: the quadratic approximation that starts each ray of the contour.
let lHmm: f64 = 0;
let lHms: f64 = 0;
let lHss: f64 = 0;

let lLlMax: f64 = 0;

// A profile ends with an undamped Newton step below this (in sigma units): its maximum is then the
// quadratic model's, ll + g step / 2, wrong by the cube of the step (~1e-18 per row), so the pass at
// the stepped point, which only confirmed it, is saved.
const FINAL_STEP: f64 = 1e-6;

/** max over s of LL(mu, s) (or LL(mu, s fixed)); y-scale log-likelihood. Leaves the argmax in profS. */
export let profS: f64 = 0;
function profileOverS(mu: f64, sStart: f64): f64 {
  if (lFixSigma) {
    accumulate(lFamily, mu, lS, 0, 1);
    profS = lS;
    return llY;
  }
  let s = sStart;
  accumulate(lFamily, mu, s, 2, 1);
  let ll = llY;
  for (let it = 0; it < 100; it++) {
    let step = hSS < 0 ? -gS / hSS : gS > 0 ? 0.5 : -0.5;
    if (hSS < 0 && Math.abs(step) < FINAL_STEP) {
      profS = s + step;
      return ll + 0.5 * gS * step;
    }
    if (Math.abs(step) > 1) step = step > 0 ? 1 : -1;
    let accepted = false;
    for (let h = 0; h < 40; h++) {
      accumulate(lFamily, mu, s + step, 2, 1);
      if (llY >= ll - 1e-12 * Math.abs(ll)) {
        accepted = true;
        break;
      }
      step *= 0.5;
    }
    if (!accepted) break;
    s += step;
    ll = llY;
    if (Math.abs(step) < 1e-10) break;
  }
  profS = s;
  return ll;
}

/** max over mu of LL(mu, s). Leaves the argmax in profMu. */
export let profMu: f64 = 0;
function profileOverMu(s: f64, muStart: f64): f64 {
  let mu = muStart;
  accumulate(lFamily, mu, s, 2, 1);
  let ll = llY;
  const sigma = Math.exp(s);
  for (let it = 0; it < 100; it++) {
    let step = hMM < 0 ? -gM / hMM : gM > 0 ? sigma : -sigma;
    if (hMM < 0 && Math.abs(step) < FINAL_STEP * sigma) {
      profMu = mu + step;
      return ll + 0.5 * gM * step;
    }
    if (Math.abs(step) > 3 * sigma) step = step > 0 ? 3 * sigma : -3 * sigma;
    let accepted = false;
    for (let h = 0; h < 40; h++) {
      accumulate(lFamily, mu + step, s, 2, 1);
      if (llY >= ll - 1e-12 * Math.abs(ll)) {
        accepted = true;
        break;
      }
      step *= 0.5;
    }
    if (!accepted) break;
    mu += step;
    ll = llY;
    if (Math.abs(step) < 1e-10 * sigma) break;
  }
  profMu = mu;
  return ll;
}

/** max over s of LL(c - e^s q, s). */
function profileConstrained(c: f64, q: f64, sStart: f64): f64 {
  if (lFixSigma) {
    accumulate(lFamily, c - Math.exp(lS) * q, lS, 0, 1);
    profS = lS;
    return llY;
  }
  let s = sStart;
  accumulate(lFamily, c - Math.exp(s) * q, s, 2, 1);
  let ll = llY;
  for (let it = 0; it < 100; it++) {
    const e = Math.exp(s) * q;
    const g = -gM * e + gS;
    const h = hMM * e * e - 2 * hMS * e + hSS - gM * e;
    let step = h < 0 ? -g / h : g > 0 ? 0.5 : -0.5;
    if (h < 0 && Math.abs(step) < FINAL_STEP) {
      profS = s + step;
      return ll + 0.5 * g * step;
    }
    if (Math.abs(step) > 1) step = step > 0 ? 1 : -1;
    let accepted = false;
    for (let k = 0; k < 40; k++) {
      const s2 = s + step;
      accumulate(lFamily, c - Math.exp(s2) * q, s2, 2, 1);
      if (llY >= ll - 1e-12 * Math.abs(ll)) {
        accepted = true;
        break;
      }
      step *= 0.5;
    }
    if (!accepted) break;
    s += step;
    ll = llY;
    if (Math.abs(step) < 1e-10) break;
  }
  profS = s;
  return ll;
}

// What the root search moves: 0 mu, 1 s, 2 q with c fixed (reliability), 3 c with q fixed (time).
let rMode: i32 = 0;
let rFixed: f64 = 0;
let rTarget: f64 = 0;
let rWarm: f64 = 0;

function drop(x: f64): f64 {
  let ll: f64;
  if (rMode == 0) {
    ll = profileOverS(x, rWarm);
    rWarm = profS;
  } else if (rMode == 1) {
    ll = profileOverMu(x, rWarm);
    rWarm = profMu;
  } else if (rMode == 2) {
    ll = profileConstrained(rFixed, x, rWarm);
    rWarm = profS;
  } else {
    ll = profileConstrained(x, rFixed, rWarm);
    rWarm = profS;
  }
  return ll - rTarget;
}

/**
 * The value of the moved quantity where the profile falls to llMax - level/2, on `side` (+1 / -1) of `x0`
 * (its value at the estimate); `scale` is a step (a standard error); level = the chi-squared quantile.
 */
export function lrBound(mode: i32, fixedValue: f64, x0: f64, scale: f64, side: f64, level: f64): f64 {
  const llMax = lLlMax;
  rMode = mode;
  rFixed = fixedValue;
  rTarget = llMax - 0.5 * level;
  rWarm = mode == 1 ? lMu : lS;
  const quick = signedRootBound(x0, scale, side, level);
  if (!isNaN(quick)) return quick;
  rWarm = mode == 1 ? lMu : lS;
  let a = x0;
  let step = scale > 0 ? scale : 1;
  let b = x0 + side * step;
  let fb = drop(b);
  let tries = 0;
  while (fb > 0 && tries < 60) {
    a = b;
    step *= 2;
    b = x0 + side * step;
    fb = drop(b);
    tries++;
  }
  if (fb > 0 || isNaN(fb)) return side * Infinity;
  // a is above the level, b below: Brent's root of the profile drop between them.
  const root = brentRoot(dropAt, Math.min(a, b), Math.max(a, b), 1e-12 * Math.max(1, Math.abs(b)), 200);
  return isNaN(root) ? b : root;
}

/**
 * The bound by secant steps on the signed root of the deviance, sqrt(2 (llMax - profile(x))), which is zero
 * at the estimate and close to linear in x (exactly so for a quadratic log-likelihood): from the quadratic
 * approximation's guess two or three profiles usually reach the level, against a dozen for Brent on the
 * drop itself. Stops when the drop is within the rounding of a sum over every row. NaN when the steps stop
 * making sense (a profile above the maximum, a deviance not growing, a step back past the estimate, no
 * convergence): the caller then brackets and uses Brent.
 */
function signedRootBound(x0: f64, scale: f64, side: f64, level: f64): f64 {
  const want = Math.sqrt(level);
  const noise = 1e-14 * Math.abs(rTarget);
  let xa = x0;
  let ga: f64 = 0;
  let xb = x0 + side * want * (scale > 0 ? scale : 1);
  for (let it = 0; it < 12; it++) {
    const d = drop(xb);
    if (isNaN(d)) return NaN;
    if (Math.abs(d) <= noise) return xb;
    const deviance = level - 2 * d;
    if (!(deviance > 0)) return NaN;
    const gb = Math.sqrt(deviance);
    if (!(gb > ga)) return NaN;
    const next = xb + ((xb - xa) * (want - gb)) / (gb - ga);
    if (!isFinite(next) || (next - x0) * side <= 0) return NaN;
    xa = xb;
    ga = gb;
    xb = next;
  }
  return NaN;
}

function dropAt(x: f64, ctx: usize): f64 {
  return drop(x);
}

/**
 * Traces the contour LL(mu, s) = llMax - level/2 along `n` rays from (mu, s) in the plane scaled by the standard
 * errors; writes (mu, s) pairs to out (2n values). On each ray, safeguarded Halley on r: the directional
 * derivatives come with the log-likelihood in the same pass over the rows, the start is where the quadratic
 * approximation at the estimate reaches the level (with many rows the log-likelihood is nearly quadratic,
 * so two or three passes do), and a bracket kept from the signs falls back to bisection when a step leaves it.
 */
export function lrContour(seMu: f64, seS: f64, level: f64, n: i32, out: usize): void {
  const llMax = lLlMax;
  const target = llMax - 0.5 * level;
  for (let i = 0; i < n; i++) {
    const angle = (2 * Math.PI * <f64>i) / <f64>n;
    const du = Math.cos(angle) * seMu;
    const ds = Math.sin(angle) * seS;
    let a: f64 = 0; // inside: LL above the level
    let b: f64 = Infinity; // outside, once found
    // Where the quadratic approximation LL = llMax + r^2 (d'Hd)/2 reaches the level (d'Hd < 0 at a maximum).
    const quadratic = lHmm * du * du + 2 * lHms * du * ds + lHss * ds * ds;
    let r: f64 = quadratic < 0 ? Math.sqrt(-level / quadratic) : Math.sqrt(level);
    let root: f64 = NaN;
    for (let it = 0; it < 200; it++) {
      accumulate(lFamily, lMu + r * du, lS + r * ds, 1, 1);
      const f = llY - target;
      const slope = gM * du + gS * ds;
      if (f == 0) {
        root = r;
        break;
      }
      if (f > 0) a = r;
      else b = r; // below the level, or beyond the model's domain (NaN): outside
      // Halley from r (the curvature along the ray comes from the same pass: one pass less than Newton); a
      // step out of (a, b), or uphill, is replaced by doubling (no outside point yet) or bisection.
      const curvature = hMM * du * du + 2 * hMS * du * ds + hSS * ds * ds;
      const denominator = 2 * slope * slope - f * curvature;
      let next = slope < 0 && !isNaN(f) ? (denominator > 0 ? r - (2 * f * slope) / denominator : r - f / slope) : NaN;
      if (!(next > a && next < b)) next = b == Infinity ? (r > a ? r : a) * 2 : 0.5 * (a + b);
      if (b == Infinity && a > 1e150) break;
      // Done when the step is negligible, or when f is down to the rounding of a sum over every row (a
      // tighter aim only chases that noise: 400,000 rows put it near 1e-10 with the log-likelihood at -1e6).
      const tol = 1e-12 * Math.max(1, r);
      if (Math.abs(next - r) <= tol || b - a <= tol || Math.abs(f) <= 1e-14 * Math.abs(target)) {
        root = next;
        break;
      }
      r = next;
    }
    if (isNaN(root)) root = b == Infinity ? a : 0.5 * (a + b);
    store<f64>(out + (<usize>(2 * i) << 3), lMu + root * du);
    store<f64>(out + (<usize>(2 * i + 1) << 3), lS + root * ds);
  }
}
