// Optimum inspection interval for a hidden failure. The failure (life X with reliability R) shows only when
// an inspection finds it; inspections every τ cost Ci each and find an existing failure independently with
// probability p; a found failure is renewed at the unplanned cost Cr; while failed and not found the item
// costs Cd per unit time. For X in ((k-1)τ, kτ] the failure is found at inspection k + G, G geometric on
// {0, 1, ...} with mean (1 - p)/p, so per renewal cycle (renewal-reward theorem; Barlow & Proschan,
// Mathematical Theory of Reliability (1965), ch. 4, inspection policies; Jardine & Tsang, Maintenance,
// Replacement and Reliability (2nd ed. 2013), ch. 5):
//   inspections  N(τ) = E[K] + (1 - p)/p,  E[K] = Σ_{j>=0} R(jτ)
//   length       τ N(τ)
//   cost         Ci N(τ) + Cr + Cd (τ N(τ) - MTTF)
//   C(τ) = cost / length.
// With T(τ) = Σ_{j>=1} jτ f(jτ) we have N'(τ) = -T(τ)/τ and C'(τ) = -H(τ) / (τN)^2 with
//   H(τ) = Ci N^2 + (Cr - Cd MTTF)(N - T),
// so the optimum is a root of H, found to full precision (the minimum of C alone would place it only to
// about the square root of C's precision). The sums run term by term until R(jτ) is below 1e-20; past 4096
// terms their tails are Euler-Maclaurin's integral plus end corrections (the tail integrals from the mean:
// ∫_x^∞ R = MTTF - ∫_0^x R, ∫_x^∞ s f(s) ds = x R(x) + ∫_x^∞ R).
import { failurePdf, failureQuantileUpper, failureReliability } from "../math/failure";
import { brentMinimize, brentRoot } from "../math/optimize";
import { costIntegralR } from "./replacement";

let code: i32 = 0;
let pa: f64 = 0;
let pb: f64 = 0;
let pc: f64 = 0;
let mttf: f64 = 0;

export function setInspectionDistribution(c: i32, a: f64, b: f64, cc: f64, mean: f64): void {
  code = c;
  pa = a;
  pb = b;
  pc = cc;
  mttf = mean;
}

const DIRECT_TERMS: i32 = 4096;

/** The sums of the last inspectionSums call. */
let sumR: f64 = 0;
let sumT: f64 = 0;

@inline function pdf(t: f64): f64 {
  return failurePdf(code, pa, pb, pc, t);
}

/** S(τ) = Σ_{j>=0} R(jτ) and T(τ) = Σ_{j>=1} jτ f(jτ), into sumR and sumT (Neumaier-compensated). */
function inspectionSums(tau: f64): void {
  let s: f64 = 0;
  let sc: f64 = 0;
  let u: f64 = 0;
  let uc: f64 = 0;
  let j = 0;
  for (; j < DIRECT_TERMS; j++) {
    const x = <f64>j * tau;
    const r = failureReliability(code, pa, pb, pc, x);
    if (j > 0 && r < 1e-20) break;
    let next = s + r;
    sc += Math.abs(s) >= r ? s - next + r : r - next + s;
    s = next;
    if (j > 0) {
      const v = x * pdf(x);
      next = u + v;
      uc += Math.abs(u) >= Math.abs(v) ? u - next + v : v - next + u;
      u = next;
    }
  }
  if (j == DIRECT_TERMS) {
    // Euler-Maclaurin for the terms j >= J: Σ g(j) ≈ ∫_J^∞ g + g(J)/2 - g'(J)/12.
    const x = <f64>j * tau;
    const r = failureReliability(code, pa, pb, pc, x);
    const f = pdf(x);
    const tailR = Math.max(mttf - costIntegralR(x), 0);
    s += tailR / tau + 0.5 * r + (tau * f) / 12;
    const h = 0.5 * tau;
    const slope = (pdf(x + h) - pdf(x - h)) / tau; // f'(x), central difference
    u += (x * r + tailR) / tau + 0.5 * x * f - (tau * (f + x * slope)) / 12;
  }
  sumR = s + sc;
  sumT = u + uc;
}

// Costs of the search in progress.
let ci: f64 = 0;
let cr: f64 = 0;
let cd: f64 = 0;
let extra: f64 = 0; // (1 - p) / p

/** C(τ), the cost per unit time of inspecting every τ. */
export function costInspectionRate(tau: f64, inspection: f64, renewal: f64, downtime: f64, detection: f64): f64 {
  if (!(tau > 0)) return Infinity;
  inspectionSums(tau);
  const n = sumR + (1 - detection) / detection;
  const length = tau * n;
  return (inspection * n + renewal + downtime * (length - mttf)) / length;
}

function rateOf(tau: f64, ctx: usize): f64 {
  inspectionSums(tau);
  const n = sumR + extra;
  const length = tau * n;
  return (ci * n + cr + cd * (length - mttf)) / length;
}

function slopeSign(tau: f64, ctx: usize): f64 {
  inspectionSums(tau);
  const n = sumR + extra;
  return ci * n * n + (cr - cd * mttf) * (n - sumT);
}

let inspectionOptimumRate: f64 = NaN;
let inspectionAtLowerEnd: bool = false;

export function costInspectionOptimumRate(): f64 {
  return inspectionOptimumRate;
}

/** True when the last search's minimum was at the shortest interval it scanned (1e-7 of the mean life). */
export function costInspectionAtLowerEnd(): bool {
  return inspectionAtLowerEnd;
}

const SCAN: i32 = 80;

/**
 * The interval τ* minimising C(τ), or NaN when the cost only falls as τ grows (no finite optimum) or the
 * minimum lies below the scanned range (costInspectionAtLowerEnd). C(τ*) is in costInspectionOptimumRate.
 */
export function costInspectionOptimum(inspection: f64, renewal: f64, downtime: f64, detection: f64): f64 {
  ci = inspection;
  cr = renewal;
  cd = downtime;
  extra = (1 - detection) / detection;
  inspectionOptimumRate = NaN;
  inspectionAtLowerEnd = false;
  const hi = failureQuantileUpper(code, pa, pb, pc, 1e-12);
  const lo = mttf * 1e-7;
  if (!(hi > lo)) return NaN;
  const step = Math.log(hi / lo) / <f64>SCAN;
  let best = -1;
  let bestRate: f64 = Infinity;
  for (let i = 0; i <= SCAN; i++) {
    const rate = rateOf(lo * Math.exp(step * <f64>i), 0);
    if (rate < bestRate) {
      bestRate = rate;
      best = i;
    }
  }
  if (best <= 0) {
    inspectionAtLowerEnd = best == 0;
    return NaN;
  }
  if (best == SCAN) return NaN;
  const a = lo * Math.exp(step * <f64>(best - 1));
  const b = lo * Math.exp(step * <f64>(best + 1));
  let tau = NaN;
  if (slopeSign(a, 0) > 0 && slopeSign(b, 0) < 0) tau = brentRoot(slopeSign, a, b, 0, 200);
  if (!(tau == tau)) tau = brentMinimize(rateOf, a, b, 0, 500);
  inspectionOptimumRate = rateOf(tau, 0);
  return tau;
}

/** C at `n` intervals `taus`, written to `out`. */
export function costInspectionCurve(
  taus: usize,
  out: usize,
  n: i32,
  inspection: f64,
  renewal: f64,
  downtime: f64,
  detection: f64,
): void {
  for (let i = 0; i < n; i++) {
    const tau = load<f64>(taus + (<usize>i << 3));
    store<f64>(out + (<usize>i << 3), costInspectionRate(tau, inspection, renewal, downtime, detection));
  }
}
