// Small numerical pieces the growth analyses need in TypeScript: a bracketing root finder and the
// distribution of the product of two independent gamma variables and the conditional count of a
// time-terminated test (Crow's instantaneous MTBF bounds).
import type { MathKernel } from "../math.ts";

/** What the growth analyses take from the math core (build/math.wasm). */
export type GrowthMath = Pick<
  MathKernel,
  | "chiSquaredQuantile"
  | "chiSquaredCdf"
  | "chiSquaredSf"
  | "normalQuantile"
  | "gammaP"
  | "gammaQ"
  | "gammaPInv"
  | "gammaQInv"
  | "lnGamma"
>;

/**
 * Brent's method (R. P. Brent, Algorithms for Minimization without Derivatives, 1973, ch. 4) on a bracket
 * [a, b] with f(a) f(b) <= 0. Returns NaN when the bracket does not hold a sign change.
 */
export function brentRoot(f: (x: number) => number, a0: number, b0: number, tol = 1e-15): number {
  let a = a0;
  let b = b0;
  let fa = f(a);
  let fb = f(b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (!(fa * fb < 0)) return Number.NaN;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iter = 0; iter < 200; iter++) {
    if (fb * fc > 0) {
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
    const tol1 = 2 * Number.EPSILON * Math.abs(b) + 0.5 * tol * Math.abs(b);
    const xm = 0.5 * (c - b);
    if (Math.abs(xm) <= tol1 || fb === 0) return b;
    if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * xm * s;
        q = 1 - s;
      } else {
        const qq = fa / fc;
        const r = fb / fc;
        p = s * (2 * xm * qq * (qq - r) - (b - a) * (r - 1));
        q = (qq - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      p = Math.abs(p);
      if (2 * p < Math.min(3 * xm * q - Math.abs(tol1 * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = xm;
        e = d;
      }
    } else {
      d = xm;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol1 ? d : xm > 0 ? tol1 : -tol1;
    fb = f(b);
  }
  return b;
}

/** Expands [lo, hi] geometrically (positive x) until f changes sign, then solves f = 0 by Brent. */
export function positiveRoot(f: (x: number) => number, guess: number): number {
  let lo = guess / 2;
  let hi = guess * 2;
  for (let i = 0; i < 200 && f(lo) * f(hi) > 0; i++) {
    lo /= 2;
    hi *= 2;
  }
  return brentRoot(f, lo, hi);
}

// Gauss-Legendre nodes and weights on [-1, 1], 16 points (computed once by Newton on P_16).
const GL_N = 16;
const GL_X = new Float64Array(GL_N);
const GL_W = new Float64Array(GL_N);
(function legendre() {
  for (let i = 0; i < GL_N; i++) {
    let x = Math.cos((Math.PI * (i + 0.75)) / (GL_N + 0.5));
    let dp = 0;
    for (let it = 0; it < 100; it++) {
      let p0 = 1;
      let p1 = x;
      for (let k = 2; k <= GL_N; k++) {
        const p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
        p0 = p1;
        p1 = p2;
      }
      dp = (GL_N * (x * p1 - p0)) / (x * x - 1);
      const dx = p1 / dp;
      x -= dx;
      if (Math.abs(dx) < 1e-16) break;
    }
    GL_X[i] = x;
    GL_W[i] = 2 / ((1 - x * x) * dp * dp);
  }
})();

/**
 * P(S Y <= q) for independent S ~ Gamma(a, 1) and Y ~ Gamma(b, 1): the mean over Y of P(S <= q / Y),
 * integrated in u = ln y by composite 16-point Gauss-Legendre over Y's central 1 - 2e-17 (64 panels).
 * The integrand is smooth and bounded, so this is accurate to about 1e-13.
 */
export function gammaProductCdf(k: GrowthMath, a: number, b: number, q: number): number {
  if (!(q > 0)) return 0;
  const uLo = Math.log(k.gammaPInv(b, 1e-17));
  const uHi = Math.log(k.gammaQInv(b, 1e-17));
  const lnGb = k.lnGamma(b);
  const panels = 64;
  const h = (uHi - uLo) / panels;
  let sum = 0;
  for (let p = 0; p < panels; p++) {
    const mid = uLo + (p + 0.5) * h;
    for (let i = 0; i < GL_N; i++) {
      const u = mid + 0.5 * h * GL_X[i];
      const y = Math.exp(u);
      // density of ln Y: y^b e^-y / Gamma(b)
      const density = Math.exp(b * u - y - lnGb);
      sum += GL_W[i] * 0.5 * h * density * k.gammaP(a, q / y);
    }
  }
  return Math.min(1, Math.max(0, sum));
}

/** The p quantile of S Y (see gammaProductCdf), solved in ln q. */
export function gammaProductQuantile(k: GrowthMath, a: number, b: number, p: number): number {
  const f = (lnq: number) => gammaProductCdf(k, a, b, Math.exp(lnq)) - p;
  const guess = Math.log(a * b);
  let lo = guess - 1;
  let hi = guess + 1;
  for (let i = 0; i < 100 && f(lo) > 0; i++) lo -= 1;
  for (let i = 0; i < 100 && f(hi) < 0; i++) hi += 1;
  return Math.exp(brentRoot(f, lo, hi, 1e-14));
}

/**
 * Time-terminated test with n failures (Crow 1982): given S = sum ln(T / X_i), the failure count has
 * P(N = j | S) proportional to x^j / (j! (j - 1)!), j >= 1, where x = beta lambda T^beta S = n^2 M_hat / M
 * (the likelihood is an exponential family in (ln x, beta); conditioning on S removes beta). Returns
 * P(N <= n | x). The terms are summed outward from the mode (j near sqrt x) until they fall below e^-60 of
 * it, by the ratio x / (j (j - 1)), so a count of 200,000 costs a few thousand terms.
 */
export function conditionalCountCdf(n: number, x: number): number {
  if (n < 1) return 0;
  if (!(x > 0)) return 1;
  const lnX = Math.log(x);
  const mode = Math.max(1, Math.round(Math.sqrt(x)));
  const cut = -60;
  let total = 1;
  let below = mode <= n ? 1 : 0;
  let ln = 0;
  for (let j = mode + 1; ; j++) {
    ln += lnX - Math.log(j) - Math.log(j - 1);
    if (ln < cut) break;
    const t = Math.exp(ln);
    total += t;
    if (j <= n) below += t;
  }
  ln = 0;
  for (let j = mode - 1; j >= 1; j--) {
    ln -= lnX - Math.log(j + 1) - Math.log(j);
    if (ln < cut) break;
    const t = Math.exp(ln);
    total += t;
    if (j <= n) below += t;
  }
  return below / total;
}

/**
 * Crow's (1982) time-terminated coefficients: the instantaneous MTBF bounds are M_hat n^2 / x_U and
 * M_hat n^2 / x_L, where P(N <= n | x_U) = pLow and P(N <= n - 1 | x_L) = pHigh (pLow, pHigh the lower and
 * upper bounds' tail probabilities). Returns the multipliers [n^2 / x_U, n^2 / x_L]; for n = 1 the upper is
 * infinite (no x makes N <= 0 likely).
 */
export function crowTimeTerminatedCoefficients(n: number, pLow: number, pHigh: number): [number, number] {
  const solve = (m: number, p: number) => {
    // P(N <= m | x) falls as x grows; solved in ln x from a bracket around ln n^2.
    const f = (lnx: number) => conditionalCountCdf(m, Math.exp(lnx)) - p;
    const guess = 2 * Math.log(n);
    let lo = guess - 1;
    let hi = guess + 1;
    for (let i = 0; i < 200 && f(lo) < 0; i++) lo -= 1;
    for (let i = 0; i < 200 && f(hi) > 0; i++) hi += 1;
    return Math.exp(brentRoot(f, lo, hi, 1e-15));
  };
  const xU = solve(n, pLow);
  const upper = n > 1 ? (n * n) / solve(n - 1, pHigh) : Number.POSITIVE_INFINITY;
  return [(n * n) / xU, upper];
}
