// Plain TypeScript versions of the life kernels' Weibull algorithms (assembly/life/): the same row
// classification, the same profile-likelihood Newton for exact and right-censored data, the same Newton on
// (mu, ln sigma) with the SEV interval formulas for interval data (pseudo-profile start, subsample first).
// Rank regression is in life-ranks.ts. Math.exp/log/expm1 replace the wasm versions.

export interface ColumnsTs {
  end: Float64Array;
  start?: Float64Array;
  state?: Int32Array | Uint8Array;
  quantity?: Float64Array;
}

export interface RowsTs {
  n: number;
  end: Float64Array;
  start: Float64Array;
  weight: Float64Array;
  kind: Int32Array;
}

export const EXACT = 0;
export const RIGHT = 1;
export const LEFT = 2;
export const INTERVAL = 3;

export function classifyTs(c: ColumnsTs): RowsTs {
  const n = c.end.length;
  const end = new Float64Array(n);
  const start = new Float64Array(n);
  const weight = new Float64Array(n);
  const kind = new Int32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const t = c.end[i];
    const q = c.quantity ? c.quantity[i] : 1;
    const f = c.state ? c.state[i] : 1;
    const s = c.start ? c.start[i] : Number.NaN;
    if (!(t > 0 && t < Number.POSITIVE_INFINITY) || !(q > 0) || (f !== 0 && f !== 1))
      throw new Error("bad row");
    let k = f === 0 ? RIGHT : EXACT;
    if (f === 1 && !Number.isNaN(s)) {
      if (!(s >= 0 && s <= t)) throw new Error("bad row");
      if (s === 0) k = LEFT;
      else if (s < t) k = INTERVAL;
    }
    end[m] = t;
    start[m] = k === INTERVAL ? s : Number.NaN;
    weight[m] = q;
    kind[m] = k;
    m++;
  }
  return { n: m, end, start, weight, kind };
}

export interface ProfileResult {
  beta: number;
  mu: number;
  logLik: number;
  varMu: number;
  covMuS: number;
  varS: number;
  iterations: number;
}

/** Profile-likelihood Newton in beta on ln t (exact and right rows; `pseudo` reads other rows as failures). */
export function profileWeibullTs(
  rows: RowsTs,
  y: Float64Array,
  stride: number,
  pseudo: boolean,
  betaStart = 0,
): ProfileResult {
  const { n, weight, kind } = rows;
  const yOf = (i: number) => {
    if (!pseudo) return y[i];
    if (kind[i] === INTERVAL) return 0.5 * (Math.log(rows.start[i]) + y[i]);
    if (kind[i] === LEFT) return y[i] - Math.LN2;
    return y[i];
  };
  let c = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i += stride) c = Math.max(c, yOf(i));
  let r = 0;
  let sy = 0;
  let syy = 0;
  let jac = 0;
  for (let i = 0; i < n; i += stride) {
    if (kind[i] === RIGHT) continue;
    const v = yOf(i) - c;
    r += weight[i];
    sy += weight[i] * v;
    syy += weight[i] * v * v;
    if (kind[i] === EXACT) jac += weight[i] * y[i];
  }
  const meanF = sy / r;
  if (!(r > 0) || meanF >= -1e-14) throw new Error("no finite MLE");
  const varF = syy / r - meanF * meanF;
  let beta =
    betaStart > 0
      ? betaStart
      : varF > 1e-300
        ? Math.min(Math.max(1.2825498301618641 / Math.sqrt(varF), 0.05), 50)
        : 1;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  const sums = (b: number) => {
    s0 = 0;
    s1 = 0;
    s2 = 0;
    for (let i = 0; i < n; i += stride) {
      const v = yOf(i) - c;
      const e = weight[i] * Math.exp(b * v);
      s0 += e;
      s1 += e * v;
      s2 += e * v * v;
    }
  };
  let lo = 0;
  let hi = Number.POSITIVE_INFINITY;
  let iterations = 0;
  for (let it = 0; it < 200; it++) {
    sums(beta);
    iterations++;
    const m1 = s1 / s0;
    const g = m1 - 1 / beta - meanF;
    const dg = s2 / s0 - m1 * m1 + 1 / (beta * beta);
    if (g < 0) lo = beta;
    else hi = beta;
    let next = beta - g / dg;
    if (!(next > lo && next < hi))
      next = hi === Number.POSITIVE_INFINITY ? beta * 4 : lo > 0 ? Math.sqrt(lo * hi) : 0.5 * hi;
    const step = Math.abs(next - beta);
    beta = next;
    if (step <= 1e-9 * beta) break;
  }
  sums(beta);
  const muS = Math.log(s0 / r) / beta;
  const sumFz = beta * (sy - r * muS);
  const m1 = s1 / s0;
  const m2 = s2 / s0;
  const bSum = r * beta * (m1 - muS);
  const cSum = r * beta * beta * (m2 - 2 * muS * m1 + muS * muS);
  const hMM = -r * beta * beta;
  const hMS = -beta * bSum;
  const hSS = sumFz - bSum - cSum;
  const det = hMM * hSS - hMS * hMS;
  return {
    beta,
    mu: muS + c,
    logLik: sumFz - r + r * Math.log(beta) - (pseudo ? 0 : jac),
    varMu: -hSS / det,
    covMuS: hMS / det,
    varS: -hMM / det,
    iterations,
  };
}

export interface WeibullFitTs {
  beta: number;
  eta: number;
  logLik: number;
  bounds: { beta: [number, number]; eta: [number, number] };
}

function fisherBounds(mu: number, s: number, varMu: number, varS: number, z: number): WeibullFitTs["bounds"] {
  const beta = Math.exp(-s);
  const eta = Math.exp(mu);
  const fb = Math.exp(z * Math.sqrt(varS));
  const fe = Math.exp(z * Math.sqrt(varMu));
  return { beta: [beta / fb, beta * fb], eta: [eta / fe, eta * fe] };
}

/** Weibull 2P MLE with 90% two-sided Fisher bounds, exact and right-censored rows. */
export function weibullMleTs(columns: ColumnsTs): WeibullFitTs {
  const rows = classifyTs(columns);
  const y = new Float64Array(rows.n);
  for (let i = 0; i < rows.n; i++) y[i] = Math.log(rows.end[i]);
  // Large sets: start from the profile solved on a systematic subsample, as the kernel does.
  const stride = rows.n >= 8 * 8192 ? Math.floor(rows.n / 8192) : 1;
  const start = stride > 1 ? profileWeibullTs(rows, y, stride, false).beta : 0;
  const p = profileWeibullTs(rows, y, 1, false, start);
  const s = -Math.log(p.beta);
  return {
    beta: p.beta,
    eta: Math.exp(p.mu),
    logLik: p.logLik,
    bounds: fisherBounds(p.mu, s, p.varMu, p.varS, 1.6448536269514722),
  };
}

// ---- interval data: Newton on (mu, s) with the smallest-extreme-value interval terms -------------------------

interface Derivatives {
  ll: number;
  gM: number;
  gS: number;
  hMM: number;
  hMS: number;
  hSS: number;
}

function accumulateSevTs(
  rows: RowsTs,
  yHi: Float64Array,
  yLo: Float64Array,
  mu: number,
  s: number,
  stride: number,
): Derivatives {
  const sigInv = Math.exp(-s);
  let ll = 0;
  let gM = 0;
  let gS = 0;
  let hMM = 0;
  let hMS = 0;
  let hSS = 0;
  const { n, weight, kind } = rows;
  for (let i = 0; i < n; i += stride) {
    const w = weight[i];
    const k = kind[i];
    const zU = (yHi[i] - mu) * sigInv;
    if (k === EXACT || k === RIGHT) {
      const e = Math.exp(zU);
      const exact = k === EXACT;
      const a1 = exact ? 1 - e : -e;
      const a2 = -e;
      ll += exact ? w * (zU - e - s) : -w * e;
      gM -= w * a1 * sigInv;
      gS -= w * (a1 * zU + (exact ? 1 : 0));
      hMM += w * a2 * sigInv * sigInv;
      hMS += w * (a2 * zU + a1) * sigInv;
      hSS += w * (a2 * zU * zU + a1 * zU);
      continue;
    }
    const uU = Math.exp(zU);
    let uL = 0;
    let zL = Number.NEGATIVE_INFINITY;
    let d = uU;
    if (k === INTERVAL) {
      zL = (yLo[i] - mu) * sigInv;
      if (zL > -700) {
        uL = Math.exp(zL);
        d = uL * Math.expm1(zU - zL);
      }
    }
    const oneMinusQ = -Math.expm1(-d);
    ll += w * (Math.log(oneMinusQ) - uL);
    const aL = uL / oneMinusQ;
    const aU = (uU * (1 - oneMinusQ)) / oneMinusQ;
    const h1U = 1 - uU;
    const h1L = 1 - uL;
    const lm = -(aU - aL) * sigInv;
    const zaL = aL === 0 ? 0 : zL * aL;
    const zaLh = aL === 0 ? 0 : zL * aL * h1L;
    const ls = -(zU * aU - zaL);
    gM += w * lm;
    gS += w * ls;
    hMM += w * ((aU * h1U - aL * h1L) * sigInv * sigInv - lm * lm);
    hMS += w * ((aU - aL + (zU * aU * h1U - zaLh)) * sigInv - lm * ls);
    const tailL = aL === 0 ? 0 : zL * aL * (1 + zL * h1L);
    hSS += w * (zU * aU * (1 + zU * h1U) - tailL - ls * ls);
  }
  return { ll, gM, gS, hMM, hMS, hSS };
}

function newtonSevTs(
  rows: RowsTs,
  yHi: Float64Array,
  yLo: Float64Array,
  mu0: number,
  s0: number,
  stride: number,
) {
  let mu = mu0;
  let s = s0;
  let d = accumulateSevTs(rows, yHi, yLo, mu, s, stride);
  let iterations = 0;
  for (let it = 0; it < 200; it++) {
    iterations++;
    let a = -d.hMM;
    const b = -d.hMS;
    let c = -d.hSS;
    let lambda = 0;
    for (let t = 0; t < 60; t++) {
      if (a + lambda > 0 && c + lambda > 0 && (a + lambda) * (c + lambda) - b * b > 0) break;
      lambda = lambda === 0 ? 1e-6 * (Math.abs(a) + Math.abs(c)) : lambda * 4;
    }
    a += lambda;
    c += lambda;
    const det = a * c - b * b;
    let dm = (c * d.gM - b * d.gS) / det;
    let ds = (a * d.gS - b * d.gM) / det;
    if (Math.abs(ds) > 1) {
      dm /= Math.abs(ds);
      ds /= Math.abs(ds);
    }
    let next = d;
    let accepted = false;
    let fullStep = true;
    for (let h = 0; h < 50; h++) {
      next = accumulateSevTs(rows, yHi, yLo, mu + dm, s + ds, stride);
      if (next.ll >= d.ll - 1e-13 * Math.abs(d.ll)) {
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
    d = next;
    if (Math.abs(dm) <= 1e-6 * Math.exp(s) && Math.abs(ds) <= 1e-6 && lambda === 0 && fullStep) break;
  }
  return { mu, s, d, iterations };
}

/** Weibull 2P MLE for any mix of exact, right, left and interval rows (same start and subsample as the kernel). */
export function intervalWeibullMleTs(columns: ColumnsTs): WeibullFitTs {
  const rows = classifyTs(columns);
  const n = rows.n;
  const yHi = new Float64Array(n);
  const yLo = new Float64Array(n);
  let jac = 0;
  for (let i = 0; i < n; i++) {
    yHi[i] = Math.log(rows.end[i]);
    yLo[i] = rows.kind[i] === INTERVAL ? Math.log(rows.start[i]) : Number.NEGATIVE_INFINITY;
    if (rows.kind[i] === EXACT) jac += rows.weight[i] * yHi[i];
  }
  const stride = n >= 8 * 8192 ? Math.floor(n / 8192) : 1;
  const start = profileWeibullTs(rows, yHi, stride, true);
  let mu = start.mu;
  let s = -Math.log(start.beta);
  if (stride > 1) {
    const sub = newtonSevTs(rows, yHi, yLo, mu, s, stride);
    mu = sub.mu;
    s = sub.s;
  }
  const full = newtonSevTs(rows, yHi, yLo, mu, s, 1);
  const { d } = full;
  const det = d.hMM * d.hSS - d.hMS * d.hMS;
  return {
    beta: Math.exp(-full.s),
    eta: Math.exp(full.mu),
    logLik: d.ll - jac,
    bounds: fisherBounds(full.mu, full.s, -d.hSS / det, -d.hMM / det, 1.6448536269514722),
  };
}

// ---- likelihood-ratio contour: the kernel's ray tracing (assembly/life/lrbounds.ts) in plain TypeScript -------

export interface ContourTs {
  beta: Float64Array;
  eta: Float64Array;
}

/**
 * Weibull 2P MLE, then the 1-dof likelihood-ratio contour at 90% on `points` rays in the plane scaled by the
 * standard errors: on each ray safeguarded Halley from the quadratic approximation's radius, stopping at a
 * negligible step or at the rounding of the sum, as the kernel does.
 */
export function weibullLrContourTs(columns: ColumnsTs, points = 120): ContourTs {
  const rows = classifyTs(columns);
  const n = rows.n;
  const yHi = new Float64Array(n);
  const yLo = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
  for (let i = 0; i < n; i++) yHi[i] = Math.log(rows.end[i]);
  const stride = n >= 8 * 8192 ? Math.floor(n / 8192) : 1;
  const start = stride > 1 ? profileWeibullTs(rows, yHi, stride, false).beta : 0;
  const p = profileWeibullTs(rows, yHi, 1, false, start);
  const mu = p.mu;
  const s = -Math.log(p.beta);
  const at = accumulateSevTs(rows, yHi, yLo, mu, s, 1);
  const det = at.hMM * at.hSS - at.hMS * at.hMS;
  const seMu = Math.sqrt(-at.hSS / det);
  const seS = Math.sqrt(-at.hMM / det);
  const level = 1.6448536269514722 ** 2;
  const target = at.ll - level / 2;
  const beta = new Float64Array(points);
  const eta = new Float64Array(points);
  for (let i = 0; i < points; i++) {
    const angle = (2 * Math.PI * i) / points;
    const du = Math.cos(angle) * seMu;
    const ds = Math.sin(angle) * seS;
    const quadratic = at.hMM * du * du + 2 * at.hMS * du * ds + at.hSS * ds * ds;
    let r = quadratic < 0 ? Math.sqrt(-level / quadratic) : Math.sqrt(level);
    let a = 0;
    let b = Number.POSITIVE_INFINITY;
    let root = Number.NaN;
    for (let it = 0; it < 200; it++) {
      const d = accumulateSevTs(rows, yHi, yLo, mu + r * du, s + r * ds, 1);
      const f = d.ll - target;
      if (f === 0) {
        root = r;
        break;
      }
      if (f > 0) a = r;
      else b = r;
      const slope = d.gM * du + d.gS * ds;
      const curvature = d.hMM * du * du + 2 * d.hMS * du * ds + d.hSS * ds * ds;
      const denominator = 2 * slope * slope - f * curvature;
      let next =
        slope < 0 && !Number.isNaN(f)
          ? denominator > 0
            ? r - (2 * f * slope) / denominator
            : r - f / slope
          : Number.NaN;
      if (!(next > a && next < b)) next = b === Number.POSITIVE_INFINITY ? Math.max(r, a) * 2 : 0.5 * (a + b);
      if (b === Number.POSITIVE_INFINITY && a > 1e150) break;
      const tol = 1e-12 * Math.max(1, r);
      if (Math.abs(next - r) <= tol || b - a <= tol || Math.abs(f) <= 1e-14 * Math.abs(target)) {
        root = next;
        break;
      }
      r = next;
    }
    if (Number.isNaN(root)) root = b === Number.POSITIVE_INFINITY ? a : 0.5 * (a + b);
    beta[i] = Math.exp(-(s + root * ds));
    eta[i] = Math.exp(mu + root * du);
  }
  return { beta, eta };
}
