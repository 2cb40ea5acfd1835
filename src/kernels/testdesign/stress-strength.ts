// Stress-strength interference: the probability that stress exceeds strength, P = integral of
// f_strength(x) R_stress(x) dx (Kapur & Lamberson, Reliability in Engineering Design, 1977, ch. 5), for any
// pair of the failure model's distributions evaluated by its one evaluator (assembly/math/failure.ts).
// Closed forms where they exist: normal/normal and lognormal/lognormal, Phi(-(mu_S - mu_L) / sqrt(s_S^2 +
// s_L^2)) on t or ln t. Otherwise adaptive Gauss-Kronrod (7-15) on pieces cut at both distributions'
// quantiles, so each piece holds a smooth part of the integrand wherever its mass lies.
import { evaluatorParameters, type FailureDistribution } from "../../shared/failure-model.ts";
import type { MathKernel } from "../math.ts";

export interface Side {
  distribution: FailureDistribution;
  location: number;
}

// Gauss-Kronrod 15-point nodes and weights (Kronrod 1965; the 7-point Gauss rule embedded).
const XGK = [
  0.9914553711208126, 0.9491079123427585, 0.8648644233597691, 0.7415311855993945, 0.5860872354676911,
  0.4058451513773972, 0.20778495500789848, 0,
];
const WGK = [
  0.022935322010529224, 0.06309209262997856, 0.10479001032225019, 0.14065325971552592, 0.1690047266392679,
  0.19035057806478542, 0.20443294007529889, 0.20948214108472782,
];
const WG = [0.1294849661688697, 0.27970539148927664, 0.3818300505051189, 0.4179591836734694];

type Fn = (x: number) => number;

function gk15(f: Fn, a: number, b: number): [number, number] {
  const c = 0.5 * (a + b);
  const h = 0.5 * (b - a);
  const fc = f(c);
  let k = fc * WGK[7];
  let g = fc * WG[3];
  for (let j = 0; j < 7; j++) {
    const d = h * XGK[j];
    const s = f(c - d) + f(c + d);
    k += WGK[j] * s;
    if (j % 2 === 1) g += WG[(j - 1) / 2] * s;
  }
  return [k * h, Math.abs((k - g) * h)];
}

/** Adaptive integral over [a, b] to `tol` absolute (bisection of the worst piece, at most `maxPieces`). */
function integrate(f: Fn, a: number, b: number, tol: number, maxPieces = 400): number {
  const pieces: [number, number, number, number][] = [];
  const [v0, e0] = gk15(f, a, b);
  pieces.push([a, b, v0, e0]);
  let total = v0;
  let error = e0;
  while (error > tol && pieces.length < maxPieces) {
    let worst = 0;
    for (let i = 1; i < pieces.length; i++) if (pieces[i][3] > pieces[worst][3]) worst = i;
    const [lo, hi, v, e] = pieces[worst];
    const mid = 0.5 * (lo + hi);
    if (!(mid > lo && mid < hi)) break;
    const [v1, e1] = gk15(f, lo, mid);
    const [v2, e2] = gk15(f, mid, hi);
    pieces[worst] = [lo, mid, v1, e1];
    pieces.push([mid, hi, v2, e2]);
    total += v1 + v2 - v;
    error += e1 + e2 - e;
  }
  return total;
}

const CUTS = [
  1e-16,
  1e-12,
  1e-9,
  1e-6,
  1e-4,
  1e-3,
  0.01,
  0.05,
  0.2,
  0.5,
  0.8,
  0.95,
  0.99,
  0.999,
  1 - 1e-4,
  1 - 1e-6,
  1 - 1e-9,
  1 - 1e-12,
];

function quantile(m: MathKernel, s: Side, q: number): number {
  const { code, params } = evaluatorParameters(s.distribution);
  return s.location + m.failureQuantile(code, params[0], params[1], params[2], q);
}

/** P(stress > strength), and whether a closed form gave it. */
export function interference(
  m: MathKernel,
  stress: Side,
  strength: Side,
): { probability: number; closedForm: boolean } {
  const a = stress.distribution;
  const b = strength.distribution;
  if (a.type === "normal" && b.type === "normal")
    return {
      probability: m.normalCdf(
        -(b.mu + strength.location - a.mu - stress.location) / Math.hypot(a.sigma, b.sigma),
      ),
      closedForm: true,
    };
  if (a.type === "lognormal" && b.type === "lognormal" && stress.location === 0 && strength.location === 0)
    return { probability: m.normalCdf(-(b.mu - a.mu) / Math.hypot(a.sigma, b.sigma)), closedForm: true };
  const sp = evaluatorParameters(a);
  const gp = evaluatorParameters(b);
  const f: Fn = (x) => {
    const density = m.failurePdf(gp.code, gp.params[0], gp.params[1], gp.params[2], x - strength.location);
    if (!(density > 0)) return 0;
    return (
      density * m.failureReliability(sp.code, sp.params[0], sp.params[1], sp.params[2], x - stress.location)
    );
  };
  // Pieces between the quantiles of both, clipped to the strength's support; beyond the outermost cut of
  // the strength there is less than 1e-16 of its mass.
  const lo = quantile(m, strength, CUTS[0]);
  const hi = quantile(m, strength, CUTS[CUTS.length - 1]);
  const cuts = new Set<number>([lo, hi]);
  for (const q of CUTS) {
    for (const side of [stress, strength]) {
      const x = quantile(m, side, q);
      if (x > lo && x < hi) cuts.add(x);
    }
  }
  const edges = [...cuts].sort((x, y) => x - y);
  // First a rough total, to turn the relative tolerance into an absolute one per piece.
  let rough = 0;
  for (let i = 1; i < edges.length; i++) rough += gk15(f, edges[i - 1], edges[i])[0];
  const tol = Math.max(rough, 1e-300) * 1e-13;
  let total = 0;
  for (let i = 1; i < edges.length; i++) total += integrate(f, edges[i - 1], edges[i], tol / edges.length);
  return { probability: Math.min(Math.max(total, 0), 1), closedForm: false };
}

/** Both densities on one axis: from the lower of their 0.1 % quantiles to the higher of their 99.9 %. */
export function densities(m: MathKernel, stress: Side, strength: Side, points = 201) {
  const lo = Math.min(quantile(m, stress, 0.001), quantile(m, strength, 0.001));
  const hi = Math.max(quantile(m, stress, 0.999), quantile(m, strength, 0.999));
  const x: number[] = [];
  const s: number[] = [];
  const g: number[] = [];
  const sp = evaluatorParameters(stress.distribution);
  const gp = evaluatorParameters(strength.distribution);
  for (let i = 0; i < points; i++) {
    const t = lo + ((hi - lo) * i) / (points - 1);
    x.push(t);
    s.push(m.failurePdf(sp.code, sp.params[0], sp.params[1], sp.params[2], t - stress.location) || 0);
    g.push(m.failurePdf(gp.code, gp.params[0], gp.params[1], gp.params[2], t - strength.location) || 0);
  }
  return { x, stress: s, strength: g };
}
