// Rank regression on plotting positions (Abernethy 2006, The New Weibull Handbook, 5th ed.). With x = g(t -
// gamma) (ln for log-scale families) and y = z_F (the family's standard quantile of F, ln(-ln(1 - F)) for
// Weibull): RRY fits y = a + b x by least squares in y (sigma = 1/b, mu = -a/b); RRX fits x = c + d y, least
// squares in x, i.e. Weibull++'s "rank regression on X" (mu = c, sigma = d). With sigma fixed (Weibull 1P)
// both give mu = mean x - sigma mean y. Exponential follows Weibull++: y = -ln(1 - F) = lambda (t - gamma),
// through the origin for the 1P form.
import { brentMinimize } from "../math/optimize";
import { quantile } from "./standard";
import { logShiftedColumn } from "./simd-columns";

export let regMu: f64 = 0;
export let regS: f64 = 0;
export let regRho: f64 = 0;
export let regLambda: f64 = 0;
export let regGamma: f64 = 0;

export const DIRECTION_X: i32 = 0; // RRX
export const DIRECTION_Y: i32 = 1; // RRY

@inline function tAt(p: usize, i: i32): f64 {
  return load<f64>(p + (<usize>i << 3));
}

// y = z_F of the plotting positions, computed once per position column (the 3P search regresses the same
// positions against many locations).
let yCache: usize = 0;
let yCacheCapacity: i32 = 0;
let yCacheF: usize = 0;
let yCacheM: i32 = -1;
let yCacheFamily: i32 = -1;
let yMean: f64 = 0;
let xCache: usize = 0;

function positionsY(family: i32, fPtr: usize, m: i32): void {
  if (m > yCacheCapacity) {
    if (yCacheCapacity > 0) {
      heap.free(yCache);
      heap.free(xCache);
    }
    yCacheCapacity = m;
    yCache = heap.alloc(<usize>(m + 2) << 3);
    xCache = heap.alloc(<usize>(m + 2) << 3);
    yCacheM = -1;
  }
  if (yCacheF == fPtr && yCacheM == m && yCacheFamily == family) return;
  let sy: f64 = 0;
  for (let i = 0; i < m; i++) {
    const y = quantile(family, tAt(fPtr, i));
    store<f64>(yCache + (<usize>i << 3), y);
    sy += y;
  }
  yMean = sy / <f64>m;
  yCacheF = fPtr;
  yCacheM = m;
  yCacheFamily = family;
}

/** Forgets the cached positions (the caller is about to reuse the buffer for other positions). */
export function forgetPositions(): void {
  yCacheM = -1;
}

/** Location-scale regression; sigmaFixed > 0 holds the slope. Returns false when the line is undefined. */
export function regressLocationScale(
  family: i32,
  logScale: bool,
  direction: i32,
  sigmaFixed: f64,
  gamma: f64,
  tPtr: usize,
  fPtr: usize,
  m: i32,
): bool {
  positionsY(family, fPtr, m);
  if (logScale) logShiftedColumn(tPtr, gamma, m, xCache);
  let sx: f64 = 0;
  for (let i = 0; i < m; i++) {
    const x = logScale ? load<f64>(xCache + (<usize>i << 3)) : tAt(tPtr, i) - gamma;
    if (!logScale) store<f64>(xCache + (<usize>i << 3), x);
    sx += x;
  }
  const mx = sx / m;
  const my = yMean;
  let sxx: f64 = 0;
  let syy: f64 = 0;
  let sxy: f64 = 0;
  for (let i = 0; i < m; i++) {
    const dx = load<f64>(xCache + (<usize>i << 3)) - mx;
    const dy = load<f64>(yCache + (<usize>i << 3)) - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  regRho = sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : NaN;
  if (sigmaFixed > 0) {
    regS = Math.log(sigmaFixed);
    regMu = mx - sigmaFixed * my;
    return m >= 1;
  }
  if (m < 2 || !(sxx > 0) || !(sxy > 0)) return false;
  let sigma: f64;
  if (direction == DIRECTION_Y) {
    const b = sxy / sxx;
    sigma = 1 / b;
    regMu = mx - my / b;
  } else {
    const d = sxy / syy;
    sigma = d;
    regMu = mx - d * my;
  }
  regS = Math.log(sigma);
  return true;
}

/** Exponential regression of y = -ln(1 - F) on t (1P through the origin, 2P with a location). */
export function regressExponential(direction: i32, twoParameter: bool, tPtr: usize, fPtr: usize, m: i32): bool {
  let st: f64 = 0;
  let sy: f64 = 0;
  let stt: f64 = 0;
  let syy: f64 = 0;
  let sty: f64 = 0;
  for (let i = 0; i < m; i++) {
    const t = tAt(tPtr, i);
    const y = -Math.log1p(-tAt(fPtr, i));
    st += t;
    sy += y;
    stt += t * t;
    syy += y * y;
    sty += t * y;
  }
  const ct = stt - (st * st) / m;
  const cy = syy - (sy * sy) / m;
  const cty = sty - (st * sy) / m;
  regRho = ct > 0 && cy > 0 ? cty / Math.sqrt(ct * cy) : NaN;
  if (!twoParameter) {
    regGamma = 0;
    regLambda = direction == DIRECTION_Y ? sty / stt : syy / sty;
    return regLambda > 0;
  }
  if (m < 2 || !(cty > 0)) return false;
  if (direction == DIRECTION_Y) {
    const b = cty / ct;
    regLambda = b;
    regGamma = st / m - sy / m / b;
  } else {
    const d = cty / cy;
    regLambda = 1 / d;
    regGamma = st / m - d * (sy / m);
  }
  return regLambda > 0;
}

export let reg3Status: i32 = 0;

/** rho of the regression at location gamma (Weibull-type families on ln(t - gamma)). */
function rhoAt(family: i32, direction: i32, gamma: f64, tPtr: usize, fPtr: usize, m: i32): f64 {
  regressLocationScale(family, true, direction, 0, gamma, tPtr, fPtr, m);
  return isNaN(regRho) ? -Infinity : regRho;
}

let rFamily: i32 = 0;
let rDirection: i32 = 0;
let rTMin: f64 = 0;
let rT: usize = 0;
let rF: usize = 0;
let rM: i32 = 0;

/** -rho at ln(tMin - gamma) = l (Brent minimises). */
function negativeRho(l: f64, ctx: usize): f64 {
  return -rhoAt(rFamily, rDirection, rTMin - Math.exp(l), rT, rF, rM);
}

/**
 * Three-parameter rank regression: gamma maximises the correlation of the plot (as Weibull++ does); a scan
 * on ln(tMin - gamma), then Brent minimisation of -rho (math core) between the best point's neighbours. reg3Status: 0, 4 (at tMin - 1e-4 span), 5 (lower limit).
 */
export function regressWithLocation(family: i32, direction: i32, tMin: f64, tMax: f64, tPtr: usize, fPtr: usize, m: i32): f64 {
  const span = tMax - tMin;
  const dMin = 1e-4 * (span > 0 ? span : Math.abs(tMin));
  const dMax = tMin + 2 * span;
  const lMin = Math.log(dMin);
  const lMax = Math.log(dMax);
  const scan = 41;
  let bestK = 0;
  let best = -Infinity;
  for (let k = 0; k < scan; k++) {
    const l = lMin + ((lMax - lMin) * <f64>k) / <f64>(scan - 1);
    const r = rhoAt(family, direction, tMin - Math.exp(l), tPtr, fPtr, m);
    if (r > best) {
      best = r;
      bestK = k;
    }
  }
  const step = (lMax - lMin) / <f64>(scan - 1);
  const a = lMin + step * <f64>(bestK > 0 ? bestK - 1 : 0);
  const b = lMin + step * <f64>(bestK < scan - 1 ? bestK + 1 : scan - 1);
  rFamily = family;
  rDirection = direction;
  rTMin = tMin;
  rT = tPtr;
  rF = fPtr;
  rM = m;
  const l = brentMinimize(negativeRho, a, b, 1e-12, 500);
  reg3Status = l <= lMin + 1e-6 ? 4 : l >= lMax - 1e-6 ? 5 : 0;
  const gamma = tMin - Math.exp(l);
  regressLocationScale(family, true, direction, 0, gamma, tPtr, fPtr, m);
  return gamma;
}
