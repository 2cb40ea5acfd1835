// One-dimensional roots and minima, safeguarded Newton, and Nelder-Mead.
//
// How to pass a function (AssemblyScript has no closures): write the function as a top-level function
// of the documented type and give the optimiser a reference to it, plus a `ctx` pointer the optimiser
// hands back on every call unchanged. Put whatever the function needs (data columns, fixed parameters)
// in a buffer or a class instance and pass its address:
//
//   class WeibullData { times: usize; n: i32; }                   // or an allocF64 buffer
//   function negLogLik(params: usize, n: i32, ctx: usize): f64 {
//     const data = changetype<WeibullData>(ctx);                  // ... read params with load<f64>
//   }
//   const best = nelderMead(negLogLik, x0Ptr, 2, 0.1, 1e-12, 4000, changetype<usize>(data));
//
// Module globals work too for code that never nests two solves (ignore ctx then). Results beyond the
// return value (evaluations used, whether the tolerance was met) are in `optimizeStatus`, read right
// after the call.
//
// Algorithms: Brent's zeroin (1973; inverse quadratic interpolation with bisection safeguard), Brent's
// localmin (golden section with parabolic steps), Newton with a sign-change bracket falling back to
// bisection, Nelder-Mead with the standard coefficients (1, 2, 1/2, 1/2) and one restart from the
// converged point (a common remedy for premature collapse of the simplex).

/** f(x), with the caller's context pointer. */
export type ScalarFunction = (x: f64, ctx: usize) => f64;
/** f(params[0..n)), params an f64 buffer, with the caller's context pointer. */
export type ObjectiveFunction = (params: usize, n: i32, ctx: usize) => f64;

const EPSILON: f64 = 2.220446049250313e-16;

/** Outcome of the last optimiser call. */
export class OptimizeStatus {
  /** Function evaluations used. */
  evaluations: i32 = 0;
  /** True when the tolerance was met (false: iteration limit, or no sign change for a root). */
  converged: bool = false;
  /** Function value at the returned point. */
  value: f64 = NaN;
}

export const optimizeStatus = new OptimizeStatus();

function resetStatus(): void {
  optimizeStatus.evaluations = 0;
  optimizeStatus.converged = false;
  optimizeStatus.value = NaN;
}

/**
 * A root of f in [lo, hi] where f(lo) and f(hi) differ in sign, to within tol (absolute, plus 2 eps|x|).
 * NaN when the ends do not bracket a root.
 */
export function brentRoot(f: ScalarFunction, lo: f64, hi: f64, tol: f64, maxIter: i32, ctx: usize = 0): f64 {
  resetStatus();
  let a = lo;
  let b = hi;
  let fa = f(a, ctx);
  let fb = f(b, ctx);
  optimizeStatus.evaluations = 2;
  if (fa == 0) {
    optimizeStatus.converged = true;
    optimizeStatus.value = 0;
    return a;
  }
  if (fb == 0) {
    optimizeStatus.converged = true;
    optimizeStatus.value = 0;
    return b;
  }
  if (!(fa * fb < 0)) return NaN;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iter = 0; iter < maxIter; iter++) {
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      // keep the root between b and c
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol1 = 2 * EPSILON * Math.abs(b) + 0.5 * tol;
    const m = 0.5 * (c - b);
    if (Math.abs(m) <= tol1 || fb == 0) {
      optimizeStatus.converged = true;
      optimizeStatus.value = fb;
      return b;
    }
    if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
      // secant (two points) or inverse quadratic interpolation (three)
      const s = fb / fa;
      let p: f64;
      let q: f64;
      if (a == c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qa = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * m * q - Math.abs(tol1 * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol1 ? d : m > 0 ? tol1 : -tol1;
    fb = f(b, ctx);
    optimizeStatus.evaluations++;
  }
  optimizeStatus.value = fb;
  return b;
}

const GOLDEN: f64 = 0.3819660112501051; // (3 - sqrt 5) / 2

/**
 * The minimiser of f on [a, b] (a local one if f is not unimodal), to within about tol + sqrt(eps)|x|.
 * The minimum value is in optimizeStatus.value.
 */
export function brentMinimize(f: ScalarFunction, a: f64, b: f64, tol: f64, maxIter: i32 = 500, ctx: usize = 0): f64 {
  resetStatus();
  const sqrtEps: f64 = 1.4901161193847656e-8;
  let lo = Math.min(a, b);
  let hi = Math.max(a, b);
  let x = lo + GOLDEN * (hi - lo);
  let w = x;
  let v = x;
  let fx = f(x, ctx);
  let fw = fx;
  let fv = fx;
  optimizeStatus.evaluations = 1;
  let d: f64 = 0;
  let e: f64 = 0;
  for (let iter = 0; iter < maxIter; iter++) {
    const mid = 0.5 * (lo + hi);
    const tol1 = sqrtEps * Math.abs(x) + tol / 3;
    const tol2 = 2 * tol1;
    if (Math.abs(x - mid) <= tol2 - 0.5 * (hi - lo)) {
      optimizeStatus.converged = true;
      break;
    }
    let golden = true;
    if (Math.abs(e) > tol1) {
      // parabola through x, w, v
      let r = (x - w) * (fx - fv);
      let q = (x - v) * (fx - fw);
      let p = (x - v) * q - (x - w) * r;
      q = 2 * (q - r);
      if (q > 0) p = -p;
      else q = -q;
      r = e;
      e = d;
      if (Math.abs(p) < Math.abs(0.5 * q * r) && p > q * (lo - x) && p < q * (hi - x)) {
        d = p / q;
        const u = x + d;
        if (u - lo < tol2 || hi - u < tol2) d = x < mid ? tol1 : -tol1;
        golden = false;
      }
    }
    if (golden) {
      e = x < mid ? hi - x : lo - x;
      d = GOLDEN * e;
    }
    const u = Math.abs(d) >= tol1 ? x + d : d > 0 ? x + tol1 : x - tol1;
    const fu = f(u, ctx);
    optimizeStatus.evaluations++;
    if (fu <= fx) {
      if (u < x) hi = x;
      else lo = x;
      v = w;
      fv = fw;
      w = x;
      fw = fx;
      x = u;
      fx = fu;
    } else {
      if (u < x) lo = u;
      else hi = u;
      if (fu <= fw || w == x) {
        v = w;
        fv = fw;
        w = u;
        fw = fu;
      } else if (fu <= fv || v == x || v == w) {
        v = u;
        fv = fu;
      }
    }
  }
  optimizeStatus.value = fx;
  return x;
}

/**
 * Newton's method for f(x) = 0 from x0, kept inside [lo, hi]: each step that would leave the bracket, or
 * not shrink the residual fast enough, is replaced by bisection; the bracket shrinks to the sign change
 * once one is seen. Converges when a step is below tol (absolute) + 4 eps|x|.
 */
export function newtonSafe(
  f: ScalarFunction,
  df: ScalarFunction,
  x0: f64,
  lo: f64,
  hi: f64,
  tol: f64,
  maxIter: i32,
  ctx: usize = 0,
): f64 {
  resetStatus();
  let a = lo;
  let b = hi;
  let fa = f(a, ctx);
  let fb = f(b, ctx);
  optimizeStatus.evaluations = 2;
  const bracketed = fa * fb <= 0;
  let x = x0 >= a && x0 <= b ? x0 : 0.5 * (a + b);
  let fx = f(x, ctx);
  optimizeStatus.evaluations++;
  let previousStep = b - a;
  for (let iter = 0; iter < maxIter; iter++) {
    if (fx == 0) {
      optimizeStatus.converged = true;
      break;
    }
    // tighten the bracket around the sign change
    if (bracketed) {
      if ((fx < 0) == (fa < 0)) {
        a = x;
        fa = fx;
      } else {
        b = x;
        fb = fx;
      }
    }
    const slope = df(x, ctx);
    let next = x - fx / slope;
    const outside = !(next >= a && next <= b);
    if (!isFinite<f64>(next) || outside || (bracketed && Math.abs(next - x) > 0.5 * Math.abs(previousStep))) {
      if (!bracketed && !isFinite<f64>(next)) break;
      next = bracketed ? 0.5 * (a + b) : Math.min(Math.max(next, a), b);
    }
    const step = next - x;
    previousStep = step;
    x = next;
    fx = f(x, ctx);
    optimizeStatus.evaluations++;
    if (Math.abs(step) <= tol + 4 * EPSILON * Math.abs(x) || (bracketed && b - a <= tol + 4 * EPSILON * Math.abs(x))) {
      optimizeStatus.converged = true;
      break;
    }
  }
  optimizeStatus.value = fx;
  return x;
}

/**
 * Nelder-Mead minimisation of f over n parameters starting from x (an f64 buffer, overwritten with the
 * minimiser). `step` is the initial simplex edge relative to each |x_i| (absolute 0.00025 where x_i = 0,
 * as fminsearch). Stops when the simplex's values and vertices agree to `tol` (relative) or after
 * maxEvaluations. A NaN objective value counts as +Infinity (outside the domain). Returns the minimum.
 */
export function nelderMead(
  f: ObjectiveFunction,
  x: usize,
  n: i32,
  step: f64,
  tol: f64,
  maxEvaluations: i32,
  ctx: usize = 0,
): f64 {
  resetStatus();
  const stride = <usize>n << 3;
  const simplex = heap.alloc(stride * <usize>(n + 1));
  const values = heap.alloc(<usize>(n + 1) << 3);
  const centroid = heap.alloc(stride);
  const trial = heap.alloc(stride);
  const trial2 = heap.alloc(stride);
  const scratch = heap.alloc(stride);
  let evaluations = 0;
  let best: f64 = NaN;
  for (let round = 0; round < 2; round++) {
    // initial simplex around x
    for (let i = 0; i <= n; i++) {
      memory.copy(simplex + <usize>i * stride, x, stride);
      if (i > 0) {
        const p = simplex + <usize>i * stride + (<usize>(i - 1) << 3);
        const xi = load<f64>(p);
        store<f64>(p, xi != 0 ? xi * (1 + step) : 0.00025);
      }
      store<f64>(values + (<usize>i << 3), orInfinity(f(simplex + <usize>i * stride, n, ctx)));
      evaluations++;
    }
    let converged = false;
    while (evaluations < maxEvaluations) {
      sortSimplex(simplex, values, n, scratch);
      const fBest = load<f64>(values);
      const fWorst = load<f64>(values + (<usize>n << 3));
      if (Math.abs(fWorst - fBest) <= tol * (Math.abs(fBest) + tol) && simplexSize(simplex, n) <= tol) {
        converged = true;
        break;
      }
      // centroid of all but the worst
      memory.fill(centroid, 0, stride);
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          const c = centroid + (<usize>j << 3);
          store<f64>(c, load<f64>(c) + load<f64>(simplex + <usize>i * stride + (<usize>j << 3)) / <f64>n);
        }
      const worst = simplex + <usize>n * stride;
      blend(trial, centroid, worst, -1, n); // reflection
      const fr = orInfinity(f(trial, n, ctx));
      evaluations++;
      const fSecond = load<f64>(values + (<usize>(n - 1) << 3));
      if (fr < fBest) {
        blend(trial2, centroid, worst, -2, n); // expansion
        const fe = orInfinity(f(trial2, n, ctx));
        evaluations++;
        if (fe < fr) accept(simplex, values, n, trial2, fe);
        else accept(simplex, values, n, trial, fr);
      } else if (fr < fSecond) {
        accept(simplex, values, n, trial, fr);
      } else {
        const outside = fr < fWorst;
        blend(trial2, centroid, outside ? trial : worst, 0.5, n); // contraction
        const fc = orInfinity(f(trial2, n, ctx));
        evaluations++;
        const limit = outside ? fr : fWorst;
        if (fc < limit) accept(simplex, values, n, trial2, fc);
        else {
          // shrink toward the best vertex
          for (let i = 1; i <= n; i++) {
            const vi = simplex + <usize>i * stride;
            blend(vi, simplex, vi, 0.5, n);
            store<f64>(values + (<usize>i << 3), orInfinity(f(vi, n, ctx)));
            evaluations++;
          }
        }
      }
    }
    sortSimplex(simplex, values, n, scratch);
    memory.copy(x, simplex, stride);
    best = load<f64>(values);
    optimizeStatus.converged = converged;
    if (!converged) break;
  }
  optimizeStatus.evaluations = evaluations;
  optimizeStatus.value = best;
  heap.free(simplex);
  heap.free(values);
  heap.free(centroid);
  heap.free(trial);
  heap.free(trial2);
  heap.free(scratch);
  return best;
}

/** NaN (parameters outside the objective's domain) ranks as the worst possible value. */
@inline function orInfinity(v: f64): f64 {
  return isNaN<f64>(v) ? Infinity : v;
}

/** out = c + t (p - c), elementwise over n. */
function blend(out: usize, c: usize, p: usize, t: f64, n: i32): void {
  for (let j = 0; j < n; j++) {
    const o = <usize>j << 3;
    const cj = load<f64>(c + o);
    store<f64>(out + o, cj + t * (load<f64>(p + o) - cj));
  }
}

/** Replaces the worst vertex (last) with point/value. */
function accept(simplex: usize, values: usize, n: i32, point: usize, value: f64): void {
  memory.copy(simplex + <usize>n * (<usize>n << 3), point, <usize>n << 3);
  store<f64>(values + (<usize>n << 3), value);
}

/** Insertion sort of the n + 1 vertices by value; tmp holds one vertex. */
function sortSimplex(simplex: usize, values: usize, n: i32, tmp: usize): void {
  const stride = <usize>n << 3;
  for (let i = 1; i <= n; i++) {
    const v = load<f64>(values + (<usize>i << 3));
    if (!(v < load<f64>(values + (<usize>(i - 1) << 3)))) continue;
    memory.copy(tmp, simplex + <usize>i * stride, stride);
    let j = i;
    while (j > 0 && v < load<f64>(values + (<usize>(j - 1) << 3))) {
      store<f64>(values + (<usize>j << 3), load<f64>(values + (<usize>(j - 1) << 3)));
      memory.copy(simplex + <usize>j * stride, simplex + <usize>(j - 1) * stride, stride);
      j--;
    }
    store<f64>(values + (<usize>j << 3), v);
    memory.copy(simplex + <usize>j * stride, tmp, stride);
  }
}

/** Largest coordinate distance from the best vertex, relative to its magnitude (at least 1). */
function simplexSize(simplex: usize, n: i32): f64 {
  const stride = <usize>n << 3;
  let size: f64 = 0;
  for (let i = 1; i <= n; i++)
    for (let j = 0; j < n; j++) {
      const b = load<f64>(simplex + (<usize>j << 3));
      const d = Math.abs(load<f64>(simplex + <usize>i * stride + (<usize>j << 3)) - b) / Math.max(1, Math.abs(b));
      size = Math.max(size, d);
    }
  return size;
}
