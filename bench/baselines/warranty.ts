// Plain TypeScript version of the warranty analysis (src/kernels/warranty): the Nevada chart as grouped
// exact-age failures and suspensions, the Weibull 2P MLE of life-weibull.ts, the forecast and tracking with the
// Weibull cdf in closed form and the exact Poisson interval from a gamma quantile (Newton on the regularised
// incomplete gamma, series and Lentz's continued fraction as in Numerical Recipes 6.2).

import { weibullMleTs } from "./life-weibull.ts";
import { lnGammaTs } from "./special-functions.ts";

function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  const lnPre = a * Math.log(x) - x - lnGammaTs(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return sum * Math.exp(lnPre);
  }
  let b = x + 1 - a;
  let c = 1e300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) break;
  }
  return 1 - Math.exp(lnPre) * h;
}

/** x with P(a, x) = p: bisection to a bracket, then Newton. */
export function gammaQuantileTs(p: number, a: number): number {
  let lo = 0;
  let hi = Math.max(1, a + 10 * Math.sqrt(a) + 10);
  while (gammaP(a, hi) < p) hi *= 2;
  let x = Math.max(a, 1e-3);
  if (x > hi) x = hi / 2;
  for (let i = 0; i < 200; i++) {
    const f = gammaP(a, x) - p;
    if (Math.abs(f) < 1e-15) break;
    if (f < 0) lo = x;
    else hi = x;
    const dens = Math.exp((a - 1) * Math.log(x) - x - lnGammaTs(a));
    let next = x - f / dens;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - x) <= 1e-14 * x) {
      x = next;
      break;
    }
    x = next;
  }
  return x;
}

function poissonTs(mu: number, confidence: number): [number, number] {
  const alpha = 1 - confidence / 100;
  return [mu > 0 ? gammaQuantileTs(alpha / 2, mu) : 0, gammaQuantileTs(1 - alpha / 2, mu + 1)];
}

export interface WarrantyTs {
  beta: number;
  eta: number;
  forecast: Array<{ expected: number; lower: number; upper: number }>;
  total: { expected: number; lower: number; upper: number };
  tracking: Array<{ observed: number; expected: number; upper: number; flagged: boolean }>;
}

/** Return-inclusive, exact-age, Weibull 2P MLE; forecast `horizon` periods. */
export function warrantyTs(
  sales: ArrayLike<number>,
  returns: ReadonlyArray<ArrayLike<number | null>>,
  futureSales: ArrayLike<number>,
  horizon: number,
  confidence: number,
): WarrantyTs {
  const S = sales.length;
  let P = 0;
  for (const r of returns) P = Math.max(P, r.length);
  const fail = new Float64Array(P + 1);
  const surv = new Float64Array(P + 1);
  const survivors = new Float64Array(S);
  for (let i = 0; i < S; i++) {
    let ret = 0;
    const row = returns[i];
    for (let j = i; j < row.length; j++) {
      const r = row[j] ?? 0;
      fail[j + 1 - i] += r;
      ret += r;
    }
    survivors[i] = sales[i] - ret;
    if (P - i >= 1) surv[P - i] += survivors[i];
  }
  const end: number[] = [];
  const state: number[] = [];
  const quantity: number[] = [];
  const add = (a: number, st: number, q: number) => {
    if (q <= 0) return;
    end.push(a);
    state.push(st);
    quantity.push(q);
  };
  for (let a = 1; a <= P; a++) add(a, 1, fail[a]);
  for (let a = P; a >= 1; a--) add(a, 0, surv[a]);
  const fit = weibullMleTs({
    end: Float64Array.from(end),
    state: Int32Array.from(state),
    quantity: Float64Array.from(quantity),
  });
  const F = new Float64Array(P + horizon + 1);
  for (let a = 1; a < F.length; a++) F[a] = -Math.expm1(-((a / fit.eta) ** fit.beta));
  const forecast: WarrantyTs["forecast"] = [];
  const first = Math.max(S, P);
  let total = 0;
  for (let p = 1; p <= horizon; p++) {
    let e = 0;
    for (let i = 0; i < S; i++) {
      const a = Math.max(P - i, 0);
      if (survivors[i] > 0) e += (survivors[i] * (F[a + p] - F[a + p - 1])) / (1 - F[a]);
    }
    for (let m = 0; m < futureSales.length; m++) {
      const b = P + p - first - m;
      if (b >= 1) e += futureSales[m] * (F[b] - F[b - 1]);
    }
    total += e;
    const [lower, upper] = poissonTs(e, confidence);
    forecast.push({ expected: e, lower, upper });
  }
  const tracking: WarrantyTs["tracking"] = [];
  const expected = new Float64Array(P + 1);
  const observed = new Float64Array(P + 1);
  for (let i = 0; i < S; i++) {
    let atRisk = sales[i];
    const row = returns[i];
    for (let a = 1; a <= P - i; a++) {
      const r = row[i + a - 1] ?? 0;
      expected[i + a] += (atRisk * (F[a] - F[a - 1])) / (1 - F[a - 1]);
      observed[i + a] += r;
      atRisk -= r;
    }
  }
  for (let j = 1; j <= P; j++) {
    const upper = poissonTs(expected[j], confidence)[1];
    tracking.push({ observed: observed[j], expected: expected[j], upper, flagged: observed[j] > upper });
  }
  const [lower, upper] = poissonTs(total, confidence);
  return { beta: fit.beta, eta: fit.eta, forecast, total: { expected: total, lower, upper }, tracking };
}
