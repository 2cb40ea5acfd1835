// Plain TypeScript version of the distribution guide on exact and right-censored rows (the kernel's
// assembly/life/ fit paths): Weibull 2P by the profile Newton, 3P by the profile scan in gamma with Brent's root of
// the envelope slope and the covariance from differences of the gradient, exponential 1P/2P in closed form,
// normal / lognormal / loglogistic / Gumbel by Newton on (mu, ln sigma) from the same start (subsample
// first), gamma by Newton on (ln theta, ln k) with Richardson differences in ln k. Log-likelihoods only are
// compared with the kernel.

import { type ColumnsTs, classifyTs, EXACT, profileWeibullTs, RIGHT, type RowsTs } from "./life-weibull.ts";
import { lnGammaTs } from "./special-functions.ts";

export type GuideTsResult = Array<{ distribution: string; logLikelihood: number; aic: number }>;

export const SEV = 0;
export const NORMAL = 1;
const LOGISTIC = 2;
const LN_SQRT_2PI = 0.9189385332046728;

// ---- standard laws ---------------------------------------------------------------------------------------------

function erfSeries(x: number): number {
  // erf(x) = 2/sqrt(pi) sum (-1)^n x^(2n+1) / (n! (2n+1)), for |x| < 2.
  let term = x;
  let sum = x;
  const x2 = x * x;
  for (let n = 1; n < 200; n++) {
    term *= -x2 / n;
    const t = term / (2 * n + 1);
    sum += t;
    if (Math.abs(t) < 1e-17 * Math.abs(sum)) break;
  }
  return (2 / Math.sqrt(Math.PI)) * sum;
}

/** erfc(x) e^(x^2) for x >= 2 by the Laplace continued fraction (evaluated from the tail). */
function erfcxLarge(x: number): number {
  let f = x;
  for (let k = 60; k >= 1; k--) f = x + k / 2 / f;
  return 1 / (Math.sqrt(Math.PI) * f);
}

function normalLogSf(z: number): number {
  const x = z / Math.SQRT2;
  if (x >= 2) return Math.log(0.5 * erfcxLarge(x)) - x * x;
  if (x <= -2) return Math.log1p(-0.5 * Math.exp(-x * x) * erfcxLarge(-x));
  return Math.log(0.5 * (1 - erfSeries(x)));
}

function millsInverse(z: number): number {
  const x = z / Math.SQRT2;
  if (x >= 2) return 0.7978845608028654 / erfcxLarge(x);
  return Math.exp(-0.5 * z * z - LN_SQRT_2PI - normalLogSf(z));
}

let d1 = 0;
let d2 = 0;

function logDensity(family: number, z: number): number {
  if (family === SEV) {
    const e = Math.exp(z);
    d1 = 1 - e;
    d2 = -e;
    return z - e;
  }
  if (family === NORMAL) {
    d1 = -z;
    d2 = -1;
    return -0.5 * z * z - LN_SQRT_2PI;
  }
  const a = Math.abs(z);
  const e = Math.exp(-a);
  const f = z >= 0 ? 1 / (1 + e) : e / (1 + e);
  d1 = 1 - 2 * f;
  d2 = -2 * (e / ((1 + e) * (1 + e)));
  return -a - 2 * Math.log1p(e);
}

function logSurvival(family: number, z: number): number {
  if (family === SEV) {
    const e = Math.exp(z);
    d1 = -e;
    d2 = -e;
    return -e;
  }
  if (family === NORMAL) {
    const lam = millsInverse(z);
    d1 = -lam;
    d2 = -lam * (lam - z);
    return normalLogSf(z);
  }
  const a = Math.abs(z);
  const e = Math.exp(-a);
  const f = z >= 0 ? 1 / (1 + e) : e / (1 + e);
  d1 = -f;
  d2 = -(e / ((1 + e) * (1 + e)));
  return z >= 0 ? -z - Math.log1p(e) : -Math.log1p(e);
}

// ---- location-scale Newton on exact and right rows -----------------------------------------------------------

interface Point {
  ll: number;
  gM: number;
  gS: number;
  hMM: number;
  hMS: number;
  hSS: number;
}

export function accumulate(
  rows: RowsTs,
  y: Float64Array,
  family: number,
  mu: number,
  s: number,
  stride: number,
): Point {
  const sigInv = Math.exp(-s);
  const p: Point = { ll: 0, gM: 0, gS: 0, hMM: 0, hMS: 0, hSS: 0 };
  for (let i = 0; i < rows.n; i += stride) {
    const w = rows.weight[i];
    const z = (y[i] - mu) * sigInv;
    const exact = rows.kind[i] === EXACT;
    p.ll += w * (exact ? logDensity(family, z) - s : logSurvival(family, z));
    p.gM -= w * d1 * sigInv;
    p.gS -= w * (d1 * z + (exact ? 1 : 0));
    p.hMM += w * d2 * sigInv * sigInv;
    p.hMS += w * (d2 * z + d1) * sigInv;
    p.hSS += w * (d2 * z * z + d1 * z);
  }
  return p;
}

function newton(rows: RowsTs, y: Float64Array, family: number, mu0: number, s0: number, stride: number) {
  let mu = mu0;
  let s = s0;
  let p = accumulate(rows, y, family, mu, s, stride);
  for (let it = 0; it < 200; it++) {
    let a = -p.hMM;
    const b = -p.hMS;
    let c = -p.hSS;
    let lambda = 0;
    for (let t = 0; t < 60; t++) {
      if (a + lambda > 0 && c + lambda > 0 && (a + lambda) * (c + lambda) - b * b > 0) break;
      lambda = lambda === 0 ? 1e-6 * (Math.abs(a) + Math.abs(c)) : lambda * 4;
    }
    a += lambda;
    c += lambda;
    const det = a * c - b * b;
    let dm = (c * p.gM - b * p.gS) / det;
    let ds = (a * p.gS - b * p.gM) / det;
    if (Math.abs(ds) > 1) {
      dm /= Math.abs(ds);
      ds /= Math.abs(ds);
    }
    let next = p;
    let accepted = false;
    let fullStep = true;
    for (let h = 0; h < 50; h++) {
      next = accumulate(rows, y, family, mu + dm, s + ds, stride);
      if (next.ll >= p.ll - 1e-13 * Math.abs(p.ll) && !Number.isNaN(next.ll)) {
        accepted = true;
        break;
      }
      dm *= 0.5;
      ds *= 0.5;
      fullStep = false;
    }
    if (!accepted) break;
    mu += dm;
    s += ds;
    p = next;
    if (Math.abs(dm) <= 1e-6 * Math.exp(s) && Math.abs(ds) <= 1e-6 && lambda === 0 && fullStep) break;
  }
  return { mu, s, p };
}

function locationScale(rows: RowsTs, family: number, logScale: boolean): number {
  const n = rows.n;
  const y = new Float64Array(n);
  let jac = 0;
  for (let i = 0; i < n; i++) {
    y[i] = logScale ? Math.log(rows.end[i]) : rows.end[i];
    if (logScale && rows.kind[i] === EXACT) jac += rows.weight[i] * y[i];
  }
  const stride = n >= 8 * 8192 ? Math.floor(n / 8192) : 1;
  let mu: number;
  let s: number;
  if (logScale) {
    const w = profileWeibullTs(rows, y, stride, true);
    const sigmaW = 1 / w.beta;
    if (family === SEV) {
      mu = w.mu;
      s = Math.log(sigmaW);
    } else {
      mu = w.mu + sigmaW * -0.36651292058166435;
      const sd = 1.2825498301618641 * sigmaW;
      s = Math.log(family === NORMAL ? sd : sd * 0.5513288954217921);
    }
  } else {
    let sw = 0;
    let sy = 0;
    let syy = 0;
    for (let i = 0; i < n; i++) {
      sw += rows.weight[i];
      sy += rows.weight[i] * y[i];
      syy += rows.weight[i] * y[i] * y[i];
    }
    const m = sy / sw;
    const sd = Math.sqrt(Math.max(syy / sw - m * m, 0));
    if (family === SEV) {
      const sigma = sd * 0.7796968012336761;
      mu = m + 0.5772156649015329 * sigma;
      s = Math.log(sigma);
    } else {
      mu = m;
      s = Math.log(family === LOGISTIC ? sd * 0.5513288954217921 : sd);
    }
  }
  if (stride > 1) {
    const sub = newton(rows, y, family, mu, s, stride);
    mu = sub.mu;
    s = sub.s;
  }
  return newton(rows, y, family, mu, s, 1).p.ll - (logScale ? jac : 0);
}

/** Brent's zeroin (the algorithm of assembly/math/optimize.ts brentRoot). */
function brentRoot(f: (x: number) => number, lo: number, hi: number, tol: number): number {
  let a = lo;
  let b = hi;
  let fa = f(a);
  let fb = f(b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (fa > 0 === fb > 0) return Number.NaN;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iter = 0; iter < 100; iter++) {
    if (fb > 0 === fc > 0) {
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
    const tol1 = 2 * 2.220446049250313e-16 * Math.abs(b) + 0.5 * tol;
    const m = 0.5 * (c - b);
    if (Math.abs(m) <= tol1 || fb === 0) return b;
    if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qq = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qq * (qq - r) - (b - a) * (r - 1));
        q = (qq - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * m * q - Math.abs(tol1 * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = d;
      }
    } else {
      d = m;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol1 ? d : m > 0 ? tol1 : -tol1;
    fb = f(b);
  }
  return b;
}

// ---- Weibull 3P --------------------------------------------------------------------------------------------------

function shiftedWeibull(rows: RowsTs, gamma: number, betaStart: number) {
  const y = new Float64Array(rows.n);
  for (let i = 0; i < rows.n; i++) {
    const t = rows.end[i] - gamma;
    y[i] = t > 0 ? Math.log(t) : Number.NEGATIVE_INFINITY;
  }
  // Suspensions below gamma (y = -inf) carry R = 1: drop them from the profile solve.
  const keep: number[] = [];
  for (let i = 0; i < rows.n; i++) if (y[i] > Number.NEGATIVE_INFINITY) keep.push(i);
  const sub: RowsTs = {
    n: keep.length,
    end: Float64Array.from(keep, (i) => rows.end[i]),
    start: Float64Array.from(keep, () => Number.NaN),
    weight: Float64Array.from(keep, (i) => rows.weight[i]),
    kind: Int32Array.from(keep, (i) => rows.kind[i]),
  };
  const ys = Float64Array.from(keep, (i) => y[i]);
  return { sub, ys, fit: profileWeibullTs(sub, ys, 1, false, betaStart) };
}

function gradient3(rows: RowsTs, mu: number, s: number, gamma: number): [number, number, number] {
  const sigInv = Math.exp(-s);
  let gM = 0;
  let gS = 0;
  let gG = 0;
  for (let i = 0; i < rows.n; i++) {
    const t = rows.end[i] - gamma;
    if (!(t > 0)) continue;
    const w = rows.weight[i];
    const z = (Math.log(t) - mu) * sigInv;
    const e = Math.exp(z);
    const exact = rows.kind[i] === EXACT;
    const a1 = exact ? 1 - e : -e;
    gM -= w * a1 * sigInv;
    gS -= w * (a1 * z + (exact ? 1 : 0));
    gG += exact ? (w * (1 - a1 * sigInv)) / t : (-w * a1 * sigInv) / t;
  }
  return [gM, gS, gG];
}

function weibull3p(rows: RowsTs): number {
  let tMin = Number.POSITIVE_INFINITY;
  let tMax = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < rows.n; i++) {
    if (rows.kind[i] !== RIGHT) tMin = Math.min(tMin, rows.end[i]);
    tMax = Math.max(tMax, rows.end[i]);
  }
  const span = tMax - tMin;
  const dMin = 1e-4 * span;
  const dMax = tMin + 2 * span;
  const at = (k: number) => tMin - dMin * (dMax / dMin) ** (k / 14);
  let warm = 0;
  const profile = (g: number) => {
    const fit = shiftedWeibull(rows, g, warm).fit;
    warm = fit.beta;
    return fit;
  };
  const slope = (g: number) => {
    const f = profile(g);
    return gradient3(rows, f.mu, -Math.log(f.beta), g)[2];
  };
  let best = 0;
  let bestLL = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < 15; k++) {
    const ll = profile(at(k)).logLik;
    if (ll > bestLL) {
      bestLL = ll;
      best = k;
    }
  }
  let gamma: number;
  if (best === 0 && slope(tMin - dMin) > 0) gamma = tMin - dMin;
  else if (best === 14) gamma = tMin - dMax;
  else {
    gamma = at(best);
    const root = brentRoot(
      slope,
      at(best + 1),
      best > 0 ? at(best - 1) : tMin - dMin,
      1e-13 * Math.max(Math.abs(tMin), span),
    );
    if (!Number.isNaN(root)) gamma = root;
  }
  const fit = profile(gamma);
  warm = 0;
  // Covariance from central differences of the gradient (the kernel does the same six passes).
  const s = -Math.log(fit.beta);
  const steps = [1e-5 * Math.exp(s), 1e-5, 1e-5 * (tMin - gamma)];
  for (let j = 0; j < 3; j++) {
    const p = [fit.mu, s, gamma];
    p[j] += steps[j];
    gradient3(rows, p[0], p[1], p[2]);
    p[j] -= 2 * steps[j];
    gradient3(rows, p[0], p[1], p[2]);
  }
  return fit.logLik;
}

// ---- exponential ------------------------------------------------------------------------------------------------

function exponential1p(rows: RowsTs): number {
  let r = 0;
  let exposure = 0;
  for (let i = 0; i < rows.n; i++) {
    exposure += rows.weight[i] * rows.end[i];
    if (rows.kind[i] === EXACT) r += rows.weight[i];
  }
  // LL = r ln lambda - lambda T at lambda = r / T.
  return r * Math.log(r / exposure) - r;
}

function exponential2p(rows: RowsTs): number {
  let gamma = Number.POSITIVE_INFINITY;
  let r = 0;
  for (let i = 0; i < rows.n; i++)
    if (rows.kind[i] === EXACT) {
      r += rows.weight[i];
      gamma = Math.min(gamma, rows.end[i]);
    }
  let exposure = 0;
  for (let i = 0; i < rows.n; i++)
    if (rows.end[i] > gamma) exposure += rows.weight[i] * (rows.end[i] - gamma);
  const lambda = r / exposure;
  return r * Math.log(lambda) - lambda * exposure;
}

// ---- gamma ------------------------------------------------------------------------------------------------------

/** log Q(k, x) by the series for P (x < k + 1) or the Lentz continued fraction for Q. */
function logQ(k: number, x: number, lgk: number): number {
  const prefix = k * Math.log(x) - x - lgk;
  if (x < k + 1) {
    let term = 1 / k;
    let sum = term;
    for (let n = 1; n < 10000; n++) {
      term *= x / (k + n);
      sum += term;
      if (term < sum * 1e-17) break;
    }
    return Math.log1p(-Math.exp(prefix + Math.log(sum)));
  }
  const tiny = 1e-300;
  let b = x + 1 - k;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10000; i++) {
    const an = -i * (i - k);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return prefix + Math.log(h);
}

function gammaLogLik(rows: RowsTs, u: number, v: number, sums: { w: number; lt: number; t: number }) {
  const theta = Math.exp(u);
  const k = Math.exp(v);
  const lgk = lnGammaTs(k);
  let ll = (k - 1) * sums.lt - sums.t / theta - sums.w * (k * u + lgk);
  let du = sums.t / theta - sums.w * k;
  let duu = -sums.t / theta;
  for (let i = 0; i < rows.n; i++) {
    if (rows.kind[i] === EXACT) continue;
    const w = rows.weight[i];
    const x = rows.end[i] / theta;
    const lq = logQ(k, x, lgk);
    const r = Math.exp(k * Math.log(x) - x - lgk - lq);
    ll += w * lq;
    du += w * r;
    duu += w * (-r * (k - x) - r * r);
  }
  return { ll, du, duu };
}

function gammaFit(rows: RowsTs): number {
  const sums = { w: 0, lt: 0, t: 0 };
  for (let i = 0; i < rows.n; i++)
    if (rows.kind[i] === EXACT) {
      sums.w += rows.weight[i];
      sums.lt += rows.weight[i] * Math.log(rows.end[i]);
      sums.t += rows.weight[i] * rows.end[i];
    }
  const y = Float64Array.from(rows.end, Math.log);
  const w = profileWeibullTs(rows, y, rows.n >= 65536 ? Math.floor(rows.n / 8192) : 1, true);
  const sigma = 1 / w.beta;
  const eta = Math.exp(w.mu);
  const gammaFn = (x: number) => Math.exp(lnGammaTs(x));
  const m1 = eta * gammaFn(1 + sigma);
  const variance = eta * eta * gammaFn(1 + 2 * sigma) - m1 * m1;
  let v = Math.log((m1 * m1) / variance);
  let u = Math.log(m1 / Math.exp(v));
  const h = 1e-3;
  let fine = false;
  const derivatives = (c: ReturnType<typeof gammaLogLik>) => {
    const at = (dv: number) => gammaLogLik(rows, u, v + dv, sums);
    const p = at(h);
    const m = at(-h);
    let gV = (p.ll - m.ll) / (2 * h);
    let hVV = (p.ll - 2 * c.ll + m.ll) / (h * h);
    let hUV = (p.du - m.du) / (2 * h);
    if (fine) {
      const p2 = at(h / 2);
      const m2 = at(-h / 2);
      const rich = (big: number, small: number) => (4 * small - big) / 3;
      gV = rich(gV, (p2.ll - m2.ll) / h);
      hVV = rich(hVV, (p2.ll - 2 * c.ll + m2.ll) / ((h * h) / 4));
      hUV = rich(hUV, (p2.du - m2.du) / h);
    }
    return { ll: c.ll, gU: c.du, gV, hUU: c.duu, hVV, hUV };
  };
  let d = derivatives(gammaLogLik(rows, u, v, sums));
  for (let it = 0; it < 200; it++) {
    let a = -d.hUU;
    const b = -d.hUV;
    let c = -d.hVV;
    let lambda = 0;
    for (let t = 0; t < 60; t++) {
      if (a + lambda > 0 && c + lambda > 0 && (a + lambda) * (c + lambda) - b * b > 0) break;
      lambda = lambda === 0 ? 1e-6 * (Math.abs(a) + Math.abs(c)) : lambda * 4;
    }
    a += lambda;
    c += lambda;
    const det = a * c - b * b;
    let su = (c * d.gU - b * d.gV) / det;
    let sv = (a * d.gV - b * d.gU) / det;
    const big = Math.max(Math.abs(su), Math.abs(sv));
    if (big > 1) {
      su /= big;
      sv /= big;
    }
    let accepted = false;
    let centre = d as unknown as ReturnType<typeof gammaLogLik>;
    for (let k = 0; k < 40; k++) {
      centre = gammaLogLik(rows, u + su, v + sv, sums);
      if (centre.ll >= d.ll - 1e-12 * Math.abs(d.ll)) {
        accepted = true;
        break;
      }
      su *= 0.5;
      sv *= 0.5;
    }
    if (!accepted) {
      if (fine) break;
      fine = true;
      d = derivatives(gammaLogLik(rows, u, v, sums));
      continue;
    }
    u += su;
    v += sv;
    if (Math.abs(su) < 1e-4 && Math.abs(sv) < 1e-4) fine = true;
    d = derivatives(centre);
    if (fine && Math.abs(su) < 1e-10 && Math.abs(sv) < 1e-10 && lambda === 0) break;
  }
  return d.ll;
}

export function guideTs(columns: ColumnsTs): GuideTsResult {
  const rows = classifyTs(columns);
  const y = Float64Array.from(rows.end.subarray(0, rows.n), Math.log);
  const results: GuideTsResult = [];
  const add = (distribution: string, logLikelihood: number, k: number) =>
    results.push({ distribution, logLikelihood, aic: -2 * logLikelihood + 2 * k });
  const stride = rows.n >= 8 * 8192 ? Math.floor(rows.n / 8192) : 1;
  const start = stride > 1 ? profileWeibullTs(rows, y, stride, false).beta : 0;
  add("weibull2p", profileWeibullTs(rows, y, 1, false, start).logLik, 2);
  add("weibull3p", weibull3p(rows), 3);
  add("exponential1p", exponential1p(rows), 1);
  add("exponential2p", exponential2p(rows), 2);
  add("normal", locationScale(rows, NORMAL, false), 2);
  add("lognormal", locationScale(rows, NORMAL, true), 2);
  add("gamma", gammaFit(rows), 2);
  add("loglogistic", locationScale(rows, LOGISTIC, true), 2);
  add("gumbel", locationScale(rows, SEV, false), 2);
  return results.sort((a, b) => a.aic - b.aic);
}
