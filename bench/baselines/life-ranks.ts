// Plain TypeScript version of the kernel's rank regression (assembly/life/ranks.ts, medianrank.ts,
// regression.ts): radix sort with failures ahead of suspensions at equal times, Johnson's adjusted ranks,
// exact median ranks by the Cornish-Fisher expansion of logit Beta (Newton step on I_x(a, b) for moderate
// ranks, full inversion for small ones), RRX on ln t, and the Fisher information at the estimates.
import { type ColumnsTs, classifyTs, EXACT, RIGHT, type RowsTs } from "./life-weibull.ts";
import { radixSortWithIndexTs } from "./radix-sort.ts";
import { lnGammaTs } from "./special-functions.ts";

const B = [0, 1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510];
const factorial = (n: number) => {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
};
const POLY: number[][] = [];
for (let n = 1; n <= 6; n++) {
  const row = [factorial(n - 1)];
  for (let k = 1; k <= 8; k++) row.push((B[k] * factorial(2 * k + n - 1)) / factorial(2 * k));
  POLY.push(row);
}

function polygammaLarge(n: number, x: number): number {
  const inv = 1 / x;
  const inv2 = inv * inv;
  if (n === 0) {
    let s = B[8] / 16;
    for (let k = 7; k >= 1; k--) s = s * inv2 + B[k] / (2 * k);
    return Math.log(x) - 0.5 * inv - s * inv2;
  }
  const c = POLY[n - 1];
  let s = 0;
  for (let k = 8; k >= 1; k--) s = s * inv2 + c[k];
  const lead = c[0] * (1 + 0.5 * n * inv) + s * inv2;
  let xn = inv;
  for (let i = 1; i < n; i++) xn *= inv;
  return n & 1 ? lead * xn : -lead * xn;
}

function cornishFisherLogit(a: number, b: number): number {
  const k1 = polygammaLarge(0, a) - polygammaLarge(0, b);
  const k2 = polygammaLarge(1, a) + polygammaLarge(1, b);
  const k3 = polygammaLarge(2, a) - polygammaLarge(2, b);
  const k4 = polygammaLarge(3, a) + polygammaLarge(3, b);
  const k5 = polygammaLarge(4, a) - polygammaLarge(4, b);
  const k6 = polygammaLarge(5, a) + polygammaLarge(5, b);
  const k7 = polygammaLarge(6, a) - polygammaLarge(6, b);
  const s = Math.sqrt(k2);
  const g1 = k3 / (k2 * s);
  const g2 = k4 / (k2 * k2);
  const g3 = k5 / (k2 * k2 * s);
  const g4 = k6 / (k2 * k2 * k2);
  const g5 = k7 / (k2 * k2 * k2 * s);
  const g1s = g1 * g1;
  const w =
    -g1 / 6 +
    (170 * g1s * g1 - 270 * g1 * g2 + 81 * g3) / 3240 -
    (37114 * g1s * g1s * g1 -
      95760 * g1s * g1 * g2 +
      34020 * g1s * g3 +
      45360 * g1 * g2 * g2 -
      8505 * g1 * g4 -
      13608 * g2 * g3 +
      1215 * g5) /
      408240;
  return k1 + s * w;
}

/** x^a y^b / B(a, b). */
function betaPrefixTs(a: number, b: number, x: number, y: number): number {
  return Math.exp(a * Math.log(x) + b * Math.log(y) - (lnGammaTs(a) + lnGammaTs(b) - lnGammaTs(a + b)));
}

/** I_x(a, b) by the continued fraction (modified Lentz), on the side where it converges fast. */
function betaITs(a: number, b: number, x: number): number {
  const y = 1 - x;
  if (x > (a + 1) / (a + b + 2)) return 1 - betaITs(b, a, y);
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = Math.abs(d) < tiny ? tiny : d;
  d = 1 / d;
  let f = d;
  for (let m = 1; m < 100000; m++) {
    let num = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 + num * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = 1 + num / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    f *= d * c;
    num = (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + num * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = 1 + num / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = d * c;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return (betaPrefixTs(a, b, x, y) * f) / a;
}

/** Inverse of I_x(a, b) = p by bracketed Newton in x. */
function betaIInvTs(a: number, b: number, p: number): number {
  let lo = 0;
  let hi = 1;
  let x = (a - 1 / 3) / (a + b - 2 / 3);
  if (!(x > 0 && x < 1)) x = a / (a + b);
  for (let it = 0; it < 200; it++) {
    const g = betaITs(a, b, x) - p;
    if (g < 0) lo = x;
    else hi = x;
    const density = betaPrefixTs(a, b, x, 1 - x) / (x * (1 - x));
    let next = x - g / density;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (Math.abs(next - x) <= 4e-16 * x) return next;
    x = next;
  }
  return x;
}

export function medianRankTs(rank: number, total: number): number {
  const a = rank;
  const b = total - rank + 1;
  const smaller = Math.min(a, b);
  if (smaller < 30) return betaIInvTs(a, b, 0.5);
  const w = cornishFisherLogit(a, b);
  let x = w >= 0 ? 1 / (1 + Math.exp(-w)) : Math.exp(w) / (1 + Math.exp(w));
  const y = w >= 0 ? Math.exp(-w) / (1 + Math.exp(-w)) : 1 / (1 + Math.exp(w));
  if (smaller >= 2000) return x;
  const excess = betaITs(a, b, x) - 0.5;
  x -= (excess * x * y) / betaPrefixTs(a, b, x, y);
  return x;
}

/** Failure rows in time order with their exact median ranks on Johnson-adjusted ranks. */
export function positionsTs(rows: RowsTs): { time: Float64Array; probability: Float64Array } {
  const { n, end, weight, kind } = rows;
  const keys = new Float64Array(n);
  const order = new Int32Array(n);
  let m = 0;
  for (let pass = 0; pass < 2; pass++)
    for (let i = 0; i < n; i++) {
      if ((kind[i] === RIGHT) !== (pass === 1)) continue;
      keys[m] = end[i];
      order[m++] = i;
    }
  const { index } = radixSortWithIndexTs(keys);
  let total = 0;
  for (let i = 0; i < n; i++) total += weight[i];
  const time = new Float64Array(n);
  const probability = new Float64Array(n);
  let before = 0;
  let previous = 0;
  let points = 0;
  for (let s = 0; s < n; s++) {
    const row = order[index[s]];
    const w = weight[row];
    if (kind[row] !== RIGHT) {
      const increment = (total + 1 - previous) / (1 + total - before);
      const rank = previous + w * increment;
      previous = rank;
      time[points] = end[row];
      probability[points++] = medianRankTs(rank, total);
    }
    before += w;
  }
  return { time: time.subarray(0, points), probability: probability.subarray(0, points) };
}

/** RRX on exact median ranks, then the observed-information covariance at the estimates (Weibull 2P). */
export function rrxExactTs(columns: ColumnsTs): { beta: number; eta: number; rho: number; varMu: number } {
  const rows = classifyTs(columns);
  const { time, probability } = positionsTs(rows);
  const m = time.length;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < m; i++) {
    sx += Math.log(time[i]);
    sy += Math.log(-Math.log1p(-probability[i]));
  }
  const mx = sx / m;
  const my = sy / m;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < m; i++) {
    const dx = Math.log(time[i]) - mx;
    const dy = Math.log(-Math.log1p(-probability[i])) - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const sigma = sxy / syy;
  const mu = mx - sigma * my;
  // Information at (mu, ln sigma) for exact and right rows.
  const sigInv = 1 / sigma;
  let hMM = 0;
  let hMS = 0;
  let hSS = 0;
  for (let i = 0; i < rows.n; i++) {
    const w = rows.weight[i];
    const z = (Math.log(rows.end[i]) - mu) * sigInv;
    const e = Math.exp(z);
    const a1 = rows.kind[i] === EXACT ? 1 - e : -e;
    const a2 = -e;
    hMM += w * a2 * sigInv * sigInv;
    hMS += w * (a2 * z + a1) * sigInv;
    hSS += w * (a2 * z * z + a1 * z);
  }
  const det = hMM * hSS - hMS * hMS;
  return { beta: 1 / sigma, eta: Math.exp(mu), rho: sxy / Math.sqrt(sxx * syy), varMu: -hSS / det };
}
