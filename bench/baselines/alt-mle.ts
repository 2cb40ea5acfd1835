// Plain TypeScript version of the ALT joint MLE (assembly/alt/fit.ts with src/kernels/alt/fit.ts) on exact and
// right-censored rows: the same grouping of rows by stress level, centred and scaled covariates, the pooled
// Weibull profile start, Newton in b with sigma held and then in (b, ln sigma) on a systematic subsample and on
// all rows, Levenberg damping and step halving, the covariance as the inverse information, and the use-level
// B10 with Fisher bounds. The per-level likelihood pass is the life baselines' (life-guide.ts accumulate).
import { type AltRelationship, covariatesOf, designOf } from "../../src/kernels/alt/model.ts";
import { accumulate, NORMAL, SEV } from "./life-guide.ts";
import { classifyTs, profileWeibullTs, type RowsTs } from "./life-weibull.ts";

export interface AltFitTs {
  coefficients: number[];
  s: number;
  logLik: number;
  b10: [number, number, number];
}

function cholesky(a: Float64Array, n: number): boolean {
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j];
    for (let k = 0; k < j; k++) d -= a[j * n + k] * a[j * n + k];
    if (!(d > 0)) return false;
    const l = Math.sqrt(d);
    a[j * n + j] = l;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j];
      for (let k = 0; k < j; k++) s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / l;
    }
  }
  return true;
}

function solve(l: Float64Array, n: number, b: number[]): number[] {
  const x = b.slice();
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < i; k++) x[i] -= l[i * n + k] * x[k];
    x[i] /= l[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    for (let k = i + 1; k < n; k++) x[i] -= l[k * n + i] * x[k];
    x[i] /= l[i * n + i];
  }
  return x;
}

export function altMleTs(
  columns: { end: Float64Array; state: Int32Array; stress: Float64Array[] },
  relationship: AltRelationship,
  lognormal: boolean,
  use: number[],
): AltFitTs {
  const spec = designOf(relationship);
  const p = spec.transforms.length;
  const all = classifyTs(columns);
  // Levels in order of appearance; rows sorted by level (counting sort).
  const keys = new Map<string, number>();
  const levelOf = new Int32Array(all.n);
  const xs: number[][] = [];
  const counts: number[] = [];
  for (let i = 0; i < all.n; i++) {
    const v = columns.stress.map((c) => c[i]);
    const key = v.join("|");
    let l = keys.get(key);
    if (l === undefined) {
      const cov = covariatesOf(spec, v, "c");
      if (!cov) throw new Error("bad stress");
      l = xs.length;
      keys.set(key, l);
      xs.push([...cov.x, cov.offset]);
      counts.push(0);
    }
    levelOf[i] = l;
    counts[l]++;
  }
  const g = xs.length;
  const starts = [0];
  for (let l = 0; l < g; l++) starts.push(starts[l] + counts[l]);
  const next = starts.slice(0, g);
  const rows: RowsTs = {
    n: all.n,
    end: new Float64Array(all.n),
    start: new Float64Array(all.n),
    weight: new Float64Array(all.n),
    kind: new Int32Array(all.n),
  };
  for (let i = 0; i < all.n; i++) {
    const j = next[levelOf[i]]++;
    rows.end[j] = all.end[i];
    rows.start[j] = all.start[i];
    rows.weight[j] = all.weight[i];
    rows.kind[j] = all.kind[i];
  }
  const y = new Float64Array(rows.n);
  let jacobian = 0;
  for (let i = 0; i < rows.n; i++) {
    y[i] = Math.log(rows.end[i]);
    if (rows.kind[i] === 0) jacobian += rows.weight[i] * y[i];
  }
  const slices = xs.map((_, l) => {
    const a = starts[l];
    const b = starts[l + 1];
    return {
      rows: {
        n: b - a,
        end: rows.end.subarray(a, b),
        start: rows.start.subarray(a, b),
        weight: rows.weight.subarray(a, b),
        kind: rows.kind.subarray(a, b),
      },
      y: y.subarray(a, b),
    };
  });
  const mean = new Array<number>(p).fill(0);
  const scale = new Array<number>(p).fill(0);
  for (let l = 0; l < g; l++) for (let j = 0; j < p; j++) mean[j] += (counts[l] * xs[l][j]) / rows.n;
  for (let l = 0; l < g; l++)
    for (let j = 0; j < p; j++) scale[j] += (counts[l] * (xs[l][j] - mean[j]) ** 2) / rows.n;
  for (let j = 0; j < p; j++) scale[j] = Math.sqrt(scale[j]);
  const design = xs.map((x) => x.slice(0, p).map((v, j) => (v - mean[j]) / scale[j]));
  const family = lognormal ? NORMAL : SEV;

  const n = p + 2;
  let info = new Float64Array(n * n);
  let grad = new Array<number>(n).fill(0);
  const evaluate = (theta: number[], freeS: boolean, stride: number) => {
    const m = freeS ? n : n - 1;
    info = new Float64Array(m * m);
    grad = new Array<number>(m).fill(0);
    let ll = 0;
    for (let l = 0; l < g; l++) {
      let mu = theta[0] + xs[l][p];
      for (let j = 0; j < p; j++) mu += theta[j + 1] * design[l][j];
      const d = accumulate(slices[l].rows, slices[l].y, family, mu, theta[p + 1], stride);
      ll += d.ll;
      const x = [1, ...design[l]];
      for (let i = 0; i <= p; i++) {
        grad[i] += x[i] * d.gM;
        for (let j = 0; j <= p; j++) info[i * m + j] -= x[i] * x[j] * d.hMM;
        if (freeS) {
          info[(p + 1) * m + i] -= x[i] * d.hMS;
          info[i * m + p + 1] -= x[i] * d.hMS;
        }
      }
      if (freeS) {
        grad[p + 1] += d.gS;
        info[(p + 1) * m + p + 1] -= d.hSS;
      }
    }
    return ll;
  };
  const newton = (theta: number[], freeS: boolean, stride: number, maxIter: number) => {
    const m = freeS ? n : n - 1;
    let ll = evaluate(theta, freeS, stride);
    for (let it = 0; it < maxIter; it++) {
      let diag = 0;
      for (let i = 0; i < m; i++) diag = Math.max(diag, Math.abs(info[i * m + i]));
      let lambda = 0;
      let l: Float64Array | null = null;
      for (let tries = 0; tries < 60; tries++) {
        const f = info.slice();
        for (let i = 0; i < m; i++) f[i * m + i] += lambda;
        if (cholesky(f, m)) {
          l = f;
          break;
        }
        lambda = lambda === 0 ? 1e-6 * (diag + 1e-300) : lambda * 4;
      }
      if (!l) return;
      let step = solve(l, m, grad);
      const sigma = Math.exp(theta[p + 1]);
      let worst = freeS ? Math.abs(step[p + 1]) : 0;
      for (let i = 0; i <= p; i++) worst = Math.max(worst, Math.abs(step[i]) / (10 * sigma));
      if (worst > 1) step = step.map((v) => v / worst);
      let largestFull = freeS ? Math.abs(step[p + 1]) : 0;
      for (let i = 0; i <= p; i++) largestFull = Math.max(largestFull, Math.abs(step[i]) / sigma);
      if (largestFull <= 1e-7 && lambda === 0) {
        for (let i = 0; i < m; i++) theta[i] += step[i];
        evaluate(theta, freeS, stride);
        return;
      }
      let accepted = false;
      let trial = theta;
      let newLl = 0;
      for (let half = 0; half < 50; half++) {
        trial = theta.map((v, i) => (i < m ? v + step[i] : v));
        newLl = evaluate(trial, freeS, stride);
        if (newLl >= ll - 1e-13 * Math.abs(ll) && !Number.isNaN(newLl)) {
          accepted = true;
          break;
        }
        step = step.map((v) => v / 2);
      }
      if (!accepted) {
        evaluate(theta, freeS, stride);
        return;
      }
      for (let i = 0; i < n; i++) theta[i] = trial[i];
      ll = newLl;
    }
  };

  // Start: the pooled Weibull profile fit, subsample first on large sets.
  const stride = rows.n >= 65536 ? Math.floor(rows.n / 8192) : 1;
  const sub = rows.n >= 8 * 8192 ? profileWeibullTs(rows, y, Math.floor(rows.n / 8192), false).beta : 0;
  const w = profileWeibullTs(rows, y, 1, false, sub);
  let mu0 = w.mu;
  let s0 = -Math.log(w.beta);
  if (lognormal) {
    const sigmaW = Math.exp(s0);
    mu0 += sigmaW * -0.36651292058166435;
    s0 = Math.log(1.2825498301618641 * sigmaW);
  }
  const theta = [mu0, ...new Array<number>(p).fill(0), s0];
  if (stride > 1) {
    newton(theta, false, stride, 100);
    newton(theta, true, stride, 100);
  } else newton(theta, false, 1, 100);
  newton(theta, true, 1, 200);
  const ll = evaluate(theta, true, 1) - jacobian;
  // Covariance: inverse information (columns of solves), then back to uncentred coefficients.
  const f = info.slice();
  if (!cholesky(f, n)) throw new Error("information not positive definite");
  const Vc = Array.from({ length: n }, (_, i) =>
    solve(
      f,
      n,
      Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)),
    ),
  );
  const A = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  A[0][0] = 1;
  for (let j = 0; j < p; j++) {
    A[0][j + 1] = -mean[j] / scale[j];
    A[j + 1][j + 1] = 1 / scale[j];
  }
  A[p + 1][p + 1] = 1;
  const b = A.map((row) => row.reduce((sum, a, j) => sum + a * theta[j], 0));
  const V = A.map((ra) =>
    A.map((rb) => ra.reduce((s1, a, i) => s1 + a * rb.reduce((s2, c, j) => s2 + c * Vc[i][j], 0), 0)),
  );
  const u = covariatesOf(spec, use, "c");
  if (!u) throw new Error("bad use stress");
  const xu = [1, ...u.x];
  const s = b[p + 1];
  const mu = xu.reduce((sum, x, j) => sum + x * b[j], u.offset);
  const zp = lognormal ? -1.2815515655446004 : Math.log(-Math.log(0.9));
  const gradient = [...xu, Math.exp(s) * zp];
  let variance = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) variance += gradient[i] * V[i][j] * gradient[j];
  const lnB = mu + Math.exp(s) * zp;
  const h = 1.6448536269514722 * Math.sqrt(variance);
  return {
    coefficients: b.slice(0, p + 1),
    s,
    logLik: ll,
    b10: [Math.exp(lnB), Math.exp(lnB - h), Math.exp(lnB + h)],
  };
}
