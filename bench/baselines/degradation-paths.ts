// Plain TypeScript version of the degradation kernel (assembly/degradation/paths.ts and
// src/kernels/degradation.ts): the same grouping by unit, the same linearised least squares (exponential) and
// Gompertz Levenberg-Marquardt from the same 48-point profile start, the same crossings, then the Weibull MLE
// baseline of the life kernels on the pseudo times. Math.exp/log replace the wasm versions.
import { type WeibullFitTs, weibullMleTs } from "./life-weibull.ts";

export interface DegradationTs {
  pseudo: Float64Array;
  suspended: Uint8Array;
  weibull: WeibullFitTs;
}

function group(unit: readonly string[], time: Float64Array, value: Float64Array) {
  const n = time.length;
  const index = new Map<string, number>();
  const unitOf = new Int32Array(n);
  let units = 0;
  for (let i = 0; i < n; i++) {
    let u = index.get(unit[i]);
    if (u === undefined) {
      u = units++;
      index.set(unit[i], u);
    }
    unitOf[i] = u;
  }
  const order = Int32Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => unitOf[a] - unitOf[b] || time[a] - time[b] || a - b);
  const offsets = new Int32Array(units + 1);
  for (let i = 0; i < n; i++) offsets[unitOf[i] + 1]++;
  for (let u = 0; u < units; u++) offsets[u + 1] += offsets[u];
  const t = Float64Array.from(order, (i) => time[i]);
  const y = Float64Array.from(order, (i) => value[i]);
  return { units, offsets, t, y };
}

/** Exponential y = b e^(a t): least squares of ln y on t; the crossing of d rising. */
function exponential(t: Float64Array, y: Float64Array, s: number, e: number, d: number): number {
  const n = e - s;
  let mx = 0;
  let mz = 0;
  for (let i = s; i < e; i++) {
    mx += t[i];
    mz += Math.log(y[i]);
  }
  mx /= n;
  mz /= n;
  let sxx = 0;
  let sxz = 0;
  for (let i = s; i < e; i++) {
    const dx = t[i] - mx;
    sxx += dx * dx;
    sxz += dx * (Math.log(y[i]) - mz);
  }
  const a = sxz / sxx;
  const b = Math.exp(mz - a * mx);
  const c = Math.log(d / b) / a;
  return a * b > 0 && c > 0 ? c : Number.NaN;
}

function gompertzSse(
  t: Float64Array,
  y: Float64Array,
  s: number,
  e: number,
  span: number,
  a: number,
  beta: number,
  k: number,
) {
  let sse = 0;
  for (let i = s; i < e; i++) {
    const r = y[i] - a * Math.exp(beta * Math.exp((k * t[i]) / span));
    sse += r * r;
  }
  return sse;
}

function solve3(m: number[], v: number[]): number[] | null {
  const [m00, m01, m02, m11, m12, m22] = m;
  const c00 = m11 * m22 - m12 * m12;
  const c01 = m02 * m12 - m01 * m22;
  const c02 = m01 * m12 - m02 * m11;
  const det = m00 * c00 + m01 * c01 + m02 * c02;
  if (!(Math.abs(det) > 1e-13 * (Math.abs(m00 * m11 * m22) + 1e-300)) || !Number.isFinite(det)) return null;
  const c11 = m00 * m22 - m02 * m02;
  const c12 = m01 * m02 - m00 * m12;
  const c22 = m00 * m11 - m01 * m01;
  return [
    (c00 * v[0] + c01 * v[1] + c02 * v[2]) / det,
    (c01 * v[0] + c11 * v[1] + c12 * v[2]) / det,
    (c02 * v[0] + c12 * v[1] + c22 * v[2]) / det,
  ];
}

/** Gompertz y = a exp(beta e^(k t / span)): profile start over k, Levenberg-Marquardt; the crossing of d rising. */
function gompertz(t: Float64Array, y: Float64Array, s: number, e: number, d: number): number {
  const n = e - s;
  let span = 0;
  for (let i = s; i < e; i++) span = Math.max(span, Math.abs(t[i]));
  const profile = (k: number) => {
    let mw = 0;
    let mz = 0;
    for (let i = s; i < e; i++) {
      mw += Math.exp((k * t[i]) / span);
      mz += Math.log(y[i]);
    }
    mw /= n;
    mz /= n;
    let sww = 0;
    let swz = 0;
    for (let i = s; i < e; i++) {
      const dw = Math.exp((k * t[i]) / span) - mw;
      sww += dw * dw;
      swz += dw * (Math.log(y[i]) - mz);
    }
    const beta = swz / sww;
    const a = Math.exp(mz - beta * mw);
    return { a, beta, sse: sww > 0 ? gompertzSse(t, y, s, e, span, a, beta, k) : Number.POSITIVE_INFINITY };
  };
  let bestK = 0;
  let best = Number.POSITIVE_INFINITY;
  for (let sign = 0; sign < 2; sign++)
    for (let g = 0; g < 24; g++) {
      const mag = 0.02 * 2000 ** (g / 23);
      const k = sign === 0 ? -mag : mag;
      const sse = profile(k).sse;
      if (sse < best) {
        best = sse;
        bestK = k;
      }
    }
  let { a, beta } = profile(bestK);
  let k = bestK;
  let sse = best;
  let lambda = 1e-3;
  for (let iter = 0; iter < 500; iter++) {
    const m = [0, 0, 0, 0, 0, 0];
    const g = [0, 0, 0];
    for (let i = s; i < e; i++) {
      const tau = t[i] / span;
      const w = Math.exp(k * tau);
      const ex = Math.exp(beta * w);
      const f = a * ex;
      const r = y[i] - f;
      const da = ex;
      const db = f * w;
      const dk = f * beta * w * tau;
      m[0] += da * da;
      m[1] += da * db;
      m[2] += da * dk;
      m[3] += db * db;
      m[4] += db * dk;
      m[5] += dk * dk;
      g[0] += da * r;
      g[1] += db * r;
      g[2] += dk * r;
    }
    let accepted = false;
    let converged = false;
    for (let tries = 0; tries < 40; tries++) {
      const step = solve3(
        [m[0] * (1 + lambda), m[1], m[2], m[3] * (1 + lambda), m[4], m[5] * (1 + lambda)],
        g,
      );
      if (!step) {
        lambda *= 10;
        continue;
      }
      const nsse = gompertzSse(t, y, s, e, span, a + step[0], beta + step[1], k + step[2]);
      const small =
        Math.abs(step[0]) <= 1e-10 * (Math.abs(a) + 1e-300) &&
        Math.abs(step[1]) <= 1e-10 * (Math.abs(beta) + 1e-300) &&
        Math.abs(step[2]) <= 1e-10 * (Math.abs(k) + 1e-300);
      if (nsse <= sse) {
        a += step[0];
        beta += step[1];
        k += step[2];
        lambda = Math.max(lambda * 0.1, 1e-12);
        accepted = true;
        if (sse - nsse <= 1e-14 * sse || small) converged = true;
        sse = nsse;
        break;
      }
      if (small) {
        converged = true;
        break;
      }
      lambda *= 10;
    }
    if (converged || !accepted) break;
  }
  const c = (Math.log(Math.log(d / a) / beta) / k) * span;
  return a * beta * k > 0 && c > 0 ? c : Number.NaN;
}

export function degradationTs(
  unit: readonly string[],
  time: Float64Array,
  value: Float64Array,
  model: "exponential" | "gompertz",
  threshold: number,
): DegradationTs {
  const g = group(unit, time, value);
  const pseudo = new Float64Array(g.units);
  const suspended = new Uint8Array(g.units);
  for (let u = 0; u < g.units; u++) {
    const s = g.offsets[u];
    const e = g.offsets[u + 1];
    const c =
      model === "exponential" ? exponential(g.t, g.y, s, e, threshold) : gompertz(g.t, g.y, s, e, threshold);
    suspended[u] = Number.isNaN(c) ? 1 : 0;
    pseudo[u] = Number.isNaN(c) ? g.t[e - 1] : c;
  }
  const state = Uint8Array.from(suspended, (x) => 1 - x);
  return { pseudo, suspended, weibull: weibullMleTs({ end: pseudo, state }) };
}
