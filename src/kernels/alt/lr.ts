// Likelihood-ratio bounds of an ALT fit (Meeker & Escobar 1998, sec. 8.3 and 17.4; Nelson 1990, ch. 5 sec. 5):
// the bounds of a quantity Q(theta) are the values w whose profile log-likelihood
// max { ln L(theta) : Q(theta) = w } lies chi2_1(level) / 2 below the maximum, found as the roots of the signed
// root of the deviance, r(w) = sign(w - w_hat) sqrt(2 (ln L_max - profile(w))) = +-z, which is nearly linear in
// w (Newton steps from the Fisher guess, r's slope from the profile's by the envelope theorem, d profile / dw =
// g . d theta / dw at the optimum with only the solved coordinates moving; secant steps where that is not at
// hand, bisection inside a bracket as the fallback), as the life kernels do theirs (assembly/life/lrbounds.ts). Every quantity is a constraint of one form on the centred coefficients
// b and s = ln sigma: a . b + h(s) = v, linear in b: the parameters (a unit vector, or s itself), the use-level
// location ln t_R = mu + z_R sigma (h = z_R e^s), the standardised time z = (ln t - mu) / sigma of R(t)
// (h = z e^s, v = ln t), the mean life (h = ln Gamma(1 + e^s) for Weibull, e^2s / 2 for lognormal) and ln AF.
// The profile is Newton's method in the free coordinates (one b solved from the constraint) on the joint
// likelihood of build/alt.wasm (altEvaluate: log-likelihood, gradient and information on every row).
import type { loadAltKernel } from "./kernel.ts";

type AltKernel = Awaited<ReturnType<typeof loadAltKernel>>;

/** h(s) with its first two derivatives. */
export type ScaleTerm = (s: number) => [number, number, number];

export const NO_SCALE_TERM: ScaleTerm = () => [0, 0, 0];

/** One constraint a . b + h(s) = v on the centred coefficients (b0..bp) and s. */
export interface Constraint {
  a: number[];
  h: ScaleTerm;
  v: number;
  /** The constraint is s = v itself (a = 0): the bounds of the shape. */
  fixesS?: boolean;
}

/**
 * A constraint traced by the standardised time q (not solvable for one coordinate): s = S(q) and
 * a . b = v - e^S(q) q. The density's ln f(t) = ln g(q) - s - ln t = w is one: S(q) = ln g(q) - w - ln t, where
 * ln g rises then falls, so no coordinate is a function of the others on it, but the curve in q is one piece.
 */
export interface CurveConstraint {
  a: number[];
  v: number;
  /** s = S(q) with S' and S''. */
  sAt: (q: number) => [number, number, number];
  /**
   * The q on the other side of S's top with the same S: the curve's two arms can each hold a local maximum of the
   * likelihood, so the profile starts on both.
   */
  mirror: (q: number) => number;
}

/**
 * A bound search's start taken from where a neighbouring one ended (the next point of a band): its optimum, the
 * curve's two arms, and how far out the bound lay in units of z times its Fisher standard error.
 */
export interface BoundStart {
  theta: number[];
  arms: [Arm | null, Arm | null];
  reach: number;
}

/**
 * One side of a band traced point by point: each point's bound search starts from where the last two ended,
 * extrapolated linearly in the points' positions along the band (the optimum, the arms and the reach move
 * smoothly from point to point), or from the last alone.
 */
export class BandTrace {
  private ends: Array<{ at: number; end: BoundStart }> = [];

  /** The start of the search at position `at` (undefined: the first point, from the estimate). */
  startAt(at: number): BoundStart | undefined {
    const [older, last] = [this.ends[this.ends.length - 2], this.ends[this.ends.length - 1]];
    if (!last) return undefined;
    if (!older || older.at === last.at) return last.end;
    const f = (at - last.at) / (last.at - older.at);
    const line = (a: number[], b: number[]) => b.map((x, i) => x + f * (x - a[i]));
    const arm = (a: Arm | null, b: Arm | null): Arm | null =>
      a && b ? { theta: line(a.theta, b.theta), q: b.q + f * (b.q - a.q) } : b;
    const [a, b] = [older.end, last.end];
    return {
      theta: line(a.theta, b.theta),
      arms: [arm(a.arms[0], b.arms[0]), arm(a.arms[1], b.arms[1])],
      reach: b.reach + f * (b.reach - a.reach),
    };
  }

  /** Where the search at `at` ended (AltProfile.ended). */
  record(at: number, end: BoundStart | null): void {
    if (!end) return;
    this.ends.push({ at, end });
    if (this.ends.length > 2) this.ends.shift();
  }
}

/** One arm's last optimum on a curve constraint and its standardised time q there. */
export interface Arm {
  theta: number[];
  q: number;
}

interface Point {
  ll: number;
  theta: number[];
  /** d ln L / d theta at theta. */
  g: Float64Array;
}

export class AltProfile {
  private readonly n: number;
  private readonly thetaPtr: number;
  private readonly outPtr: number;
  private warm: number[];

  constructor(
    private readonly k: AltKernel,
    private readonly family: number,
    private readonly fixSigma: boolean,
    private readonly p: number,
    /** The centred MLE (b0..bp, then s when free). */
    private readonly thetaHat: number[],
    alloc: (length: number) => number,
    /**
     * The searches as before they were sped up, the tests' and the benchmark's reference: secant steps on the
     * signed root (no slope) and the last negligible Newton step's ln L from a pass over the rows.
     */
    private readonly reference = false,
  ) {
    this.n = p + 1 + (fixSigma ? 0 : 1);
    this.thetaPtr = alloc(this.n);
    this.outPtr = alloc(1 + this.n + this.n * this.n);
    this.warm = thetaHat.slice();
    this.llHat = this.evaluate(thetaHat).ll;
  }

  /** ln L at the MLE on the kernel's y scale (the profiles' scale). */
  readonly llHat: number;

  private sOf(theta: number[]): number {
    return this.fixSigma ? 0 : theta[this.p + 1];
  }

  private evaluate(theta: number[]): { ll: number; g: Float64Array; info: Float64Array } {
    const { k, n } = this;
    new Float64Array(k.memory.buffer, this.thetaPtr, n).set(theta);
    k.altEvaluate(this.family, this.fixSigma, 0, this.thetaPtr, this.outPtr);
    const o = new Float64Array(k.memory.buffer, this.outPtr, 1 + n + n * n);
    return { ll: o[0], g: o.slice(1, 1 + n), info: o.slice(1 + n) };
  }

  /**
   * ln L and its gradient after the last, negligible Newton step `step` (reduced gradient gr) from `from` to `to`
   * by the quadratic model at `from` instead of another pass over the rows: ln L gains g . step / 2 (the
   * Newton step's own gain) and the gradient moves by -I (to - from); the model's error is of the step's third
   * power, far below the sum's rounding the step was negligible against.
   */
  private predicted(
    e: { ll: number; g: Float64Array; info: Float64Array },
    from: number[],
    to: number[],
    step: number[],
    gr: number[],
  ): { ll: number; g: Float64Array; info: Float64Array } {
    const { n } = this;
    let gain = 0;
    for (let x = 0; x < step.length; x++) gain += step[x] * gr[x];
    const g = e.g.slice();
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) g[i] -= e.info[i * n + j] * (to[j] - from[j]);
    return { ll: e.ll + gain / 2, g, info: e.info };
  }

  /** The maximum of ln L on the constraint, from the last profile's optimum (the quantities move gradually). */
  profile(c: Constraint): Point {
    const { n, p } = this;
    const sIndex = this.fixSigma ? -1 : p + 1;
    let pivot = -1;
    if (c.fixesS) pivot = sIndex;
    else for (let i = 0; i <= p; i++) if (pivot < 0 || Math.abs(c.a[i]) > Math.abs(c.a[pivot])) pivot = i;
    const free: number[] = [];
    for (let i = 0; i < n; i++) if (i !== pivot) free.push(i);
    const m = free.length;
    // theta from the free coordinates: the pivot solved from the constraint.
    const complete = (theta: number[]) => {
      if (c.fixesS) {
        theta[pivot] = c.v;
        return;
      }
      let rest = c.v - c.h(this.sOf(theta))[0];
      for (let i = 0; i <= p; i++) if (i !== pivot) rest -= c.a[i] * theta[i];
      theta[pivot] = rest / c.a[pivot];
    };
    let theta = this.warm.slice();
    complete(theta);
    let e = this.evaluate(theta);
    if (!Number.isFinite(e.ll)) {
      theta = this.thetaHat.slice();
      complete(theta);
      e = this.evaluate(theta);
    }
    const sigma = Math.exp(this.sOf(this.thetaHat));
    for (let it = 0; it < 200; it++) {
      // Reduced gradient J'g and information J' I J (- g_pivot d2 pivot / ds2), J = d theta / d free.
      const dPivot = new Array<number>(n).fill(0);
      let d2 = 0;
      if (!c.fixesS) {
        for (let i = 0; i <= p; i++) if (i !== pivot) dPivot[i] = -c.a[i] / c.a[pivot];
        if (sIndex >= 0) {
          const [, h1, h2] = c.h(theta[sIndex]);
          dPivot[sIndex] = -h1 / c.a[pivot];
          d2 = -h2 / c.a[pivot];
        }
      }
      const gr = free.map((f) => e.g[f] + e.g[pivot] * dPivot[f]);
      const ir = new Float64Array(m * m);
      for (let x = 0; x < m; x++)
        for (let y = 0; y < m; y++) {
          const fx = free[x];
          const fy = free[y];
          ir[x * m + y] =
            e.info[fx * n + fy] +
            dPivot[fx] * e.info[pivot * n + fy] +
            e.info[fx * n + pivot] * dPivot[fy] +
            dPivot[fx] * e.info[pivot * n + pivot] * dPivot[fy];
        }
      if (sIndex >= 0 && !c.fixesS) {
        const q = free.indexOf(sIndex);
        ir[q * m + q] -= e.g[pivot] * d2;
      }
      const solved = solveDamped(ir, gr, m);
      if (!solved) break;
      const step = solved.x;
      // Step size in sigma units for locations, absolute for s; limited as the fit limits its own steps.
      let largest = 0;
      for (let x = 0; x < m; x++)
        largest = Math.max(largest, Math.abs(step[x]) / (free[x] === sIndex ? 1 : sigma));
      if (largest > 1) for (let x = 0; x < m; x++) step[x] /= largest;
      // An undamped Newton step below 1e-7, or one whose predicted gain is below the log-likelihood's
      // rounding, leaves an error of order its square: taken without the line search, whose sum over many rows
      // cannot resolve it (as assembly/alt/fit.ts does), and ln L there from the quadratic model (`predicted`).
      if (!solved.damped && (largest <= 1e-7 || negligible(step, gr, e.ll))) {
        const before = theta.slice();
        for (let x = 0; x < m; x++) theta[free[x]] += step[x];
        complete(theta);
        e =
          largest <= 1 && !this.reference ? this.predicted(e, before, theta, step, gr) : this.evaluate(theta);
        break;
      }
      let accepted = false;
      for (let half = 0; half < 30; half++) {
        const trial = theta.slice();
        for (let x = 0; x < m; x++) trial[free[x]] += step[x];
        complete(trial);
        const t = this.evaluate(trial);
        if (t.ll >= e.ll - 1e-13 * Math.abs(e.ll) && Number.isFinite(t.ll)) {
          theta = trial;
          e = t;
          accepted = true;
          break;
        }
        for (let x = 0; x < m; x++) step[x] *= 0.5;
      }
      if (!accepted) break;
    }
    this.warm = theta.slice();
    return { ll: e.ll, theta, g: e.g };
  }

  /**
   * The maximum of ln L on a curve constraint: Newton in the free coefficients and q (the largest |a_k|
   * coefficient solved from the constraint), the chain rule through theta(b_free, q) as in `profile`.
   */
  curveProfile(c: CurveConstraint, from: number[], otherArm = false, fromQ?: number): Point & { q: number } {
    const { n, p } = this;
    const sIndex = p + 1;
    let pivot = 0;
    for (let i = 1; i <= p; i++) if (Math.abs(c.a[i]) > Math.abs(c.a[pivot])) pivot = i;
    const bFree: number[] = [];
    for (let i = 0; i <= p; i++) if (i !== pivot) bFree.push(i);
    const m = bFree.length + 1;
    // theta from the free coefficients (kept in theta) and q.
    const complete = (theta: number[], q: number) => {
      const [S] = c.sAt(q);
      theta[sIndex] = S;
      let rest = c.v - Math.exp(S) * q;
      for (let i = 0; i <= p; i++) if (i !== pivot) rest -= c.a[i] * theta[i];
      theta[pivot] = rest / c.a[pivot];
    };
    const qOf = (theta: number[]) => {
      let ab = 0;
      for (let i = 0; i <= p; i++) ab += c.a[i] * theta[i];
      return (c.v - ab) * Math.exp(-theta[sIndex]);
    };
    const startQ = (theta: number[]) => (otherArm ? c.mirror(qOf(theta)) : qOf(theta));
    let theta = from.slice();
    // An arm resumed at its own q: the same as q of its theta within a bound's search (v is fixed there), and at
    // the next band point (another t, so another v) nearer the arm's optimum than q of the old theta would be.
    let q = fromQ ?? startQ(theta);
    complete(theta, q);
    let e = this.evaluate(theta);
    if (!Number.isFinite(e.ll)) {
      theta = this.thetaHat.slice();
      q = startQ(theta);
      complete(theta, q);
      e = this.evaluate(theta);
    }
    const sigma = Math.exp(this.thetaHat[sIndex]);
    for (let it = 0; it < 200 && Number.isFinite(e.ll); it++) {
      const [S, S1, S2] = c.sAt(q);
      const eS = Math.exp(S);
      const U1 = eS * (S1 * q + 1);
      const U2 = eS * (S1 * S1 * q + 2 * S1 + S2 * q);
      // J = d theta / d (b_free, q): column x < m - 1 is b_free[x]; the last is q.
      const J = (row: number, x: number): number => {
        if (x < m - 1) {
          const f = bFree[x];
          if (row === f) return 1;
          return row === pivot ? -c.a[f] / c.a[pivot] : 0;
        }
        if (row === sIndex) return S1;
        return row === pivot ? -U1 / c.a[pivot] : 0;
      };
      const gr = new Array<number>(m).fill(0);
      for (let x = 0; x < m; x++) for (let r = 0; r < n; r++) gr[x] += J(r, x) * e.g[r];
      const ir = new Float64Array(m * m);
      for (let x = 0; x < m; x++)
        for (let y = 0; y < m; y++) {
          let sum = 0;
          for (let r = 0; r < n; r++) {
            const jr = J(r, x);
            if (jr === 0) continue;
            for (let t = 0; t < n; t++) sum += jr * e.info[r * n + t] * J(t, y);
          }
          ir[x * m + y] = sum;
        }
      ir[m * m - 1] -= e.g[sIndex] * S2 + e.g[pivot] * (-U2 / c.a[pivot]);
      const solved = solveDamped(ir, gr, m);
      if (!solved) break;
      const step = solved.x;
      // Locations in sigma units, q absolute.
      let largest = 0;
      for (let x = 0; x < m; x++) largest = Math.max(largest, Math.abs(step[x]) / (x < m - 1 ? sigma : 1));
      if (largest > 1) for (let x = 0; x < m; x++) step[x] /= largest;
      const move = (from: number[], fromQ: number) => {
        const trial = from.slice();
        for (let x = 0; x < m - 1; x++) trial[bFree[x]] += step[x];
        const tq = fromQ + step[m - 1];
        complete(trial, tq);
        return { trial, tq };
      };
      if (!solved.damped && (largest <= 1e-7 || negligible(step, gr, e.ll))) {
        const { trial, tq } = move(theta, q);
        const t =
          largest <= 1 && !this.reference ? this.predicted(e, theta, trial, step, gr) : this.evaluate(trial);
        if (Number.isFinite(t.ll)) {
          theta = trial;
          q = tq;
          e = t;
        }
        break;
      }
      let accepted = false;
      for (let half = 0; half < 30; half++) {
        const { trial, tq } = move(theta, q);
        const t = this.evaluate(trial);
        if (t.ll >= e.ll - 1e-13 * Math.abs(e.ll) && Number.isFinite(t.ll)) {
          theta = trial;
          q = tq;
          e = t;
          accepted = true;
          break;
        }
        for (let x = 0; x < m; x++) step[x] *= 0.5;
      }
      if (!accepted) break;
    }
    return { ll: e.ll, theta, g: e.g, q };
  }

  /**
   * The two arms' last optima in the current `bound` (null: not yet profiled): each arm's next profile starts from
   * its own, as the quantity moves gradually; the other arm's first from the mirror of the warm start.
   */
  private arms: [Arm | null, Arm | null] = [null, null];

  /**
   * How close the signed root must come to z: `relative` of z, but no closer than the log-likelihood's own
   * rounding allows (a profile's ln L over 400,000 rows wanders by about 1e-13 of |ln L|; r moves by
   * d ln L / r), else a large set would chase noise.
   */
  private rootTolerance(z: number, relative: number): number {
    return Math.max(relative * Math.max(z, 1), (1e-13 * Math.abs(this.llHat)) / Math.max(z, 1e-3));
  }

  /** The maximum of ln L with the coordinates `fixed` held at `values` (the contour's profile). */
  fixedProfile(fixed: number[], values: number[]): Point {
    const { n } = this;
    const free: number[] = [];
    for (let i = 0; i < n; i++) if (!fixed.includes(i)) free.push(i);
    const m = free.length;
    let theta = this.warm.slice();
    fixed.forEach((f, k) => {
      theta[f] = values[k];
    });
    let e = this.evaluate(theta);
    const sigma = Math.exp(this.sOf(this.thetaHat));
    const sIndex = this.fixSigma ? -1 : this.p + 1;
    for (let it = 0; it < 200 && m > 0 && Number.isFinite(e.ll); it++) {
      const ir = new Float64Array(m * m);
      for (let x = 0; x < m; x++) for (let y = 0; y < m; y++) ir[x * m + y] = e.info[free[x] * n + free[y]];
      const solved = solveDamped(
        ir,
        free.map((f) => e.g[f]),
        m,
      );
      if (!solved) break;
      const step = solved.x;
      let largest = 0;
      for (let x = 0; x < m; x++)
        largest = Math.max(largest, Math.abs(step[x]) / (free[x] === sIndex ? 1 : sigma));
      if (largest > 1) for (let x = 0; x < m; x++) step[x] /= largest;
      if (
        !solved.damped &&
        (largest <= 1e-7 ||
          negligible(
            step,
            free.map((f) => e.g[f]),
            e.ll,
          ))
      ) {
        for (let x = 0; x < m; x++) theta[free[x]] += step[x];
        e = this.evaluate(theta);
        break;
      }
      let accepted = false;
      for (let half = 0; half < 30; half++) {
        const trial = theta.slice();
        for (let x = 0; x < m; x++) trial[free[x]] += step[x];
        const t = this.evaluate(trial);
        if (t.ll >= e.ll - 1e-13 * Math.abs(e.ll) && Number.isFinite(t.ll)) {
          theta = trial;
          e = t;
          accepted = true;
          break;
        }
        for (let x = 0; x < m; x++) step[x] *= 0.5;
      }
      if (!accepted) break;
    }
    if (Number.isFinite(e.ll)) this.warm = theta.slice();
    return { ll: e.ll, theta, g: e.g };
  }

  /**
   * The likelihood-ratio region of coordinates i and j: 2 (ln L max - profile) = z^2, on `points` rays from
   * the estimate in the coordinates that make the Fisher ellipse a circle (so each ray's radius is near z and
   * the signed root of the deviance along it nearly linear). Returns each point's full theta (centred).
   */
  contour(i: number, j: number, cov: [number, number, number], z: number, points: number): number[][] {
    const l11 = Math.sqrt(cov[0]);
    const l21 = cov[1] / l11;
    const l22 = Math.sqrt(Math.max(cov[2] - l21 * l21, 0));
    const out: number[][] = [];
    // A drawn curve: 1e-6 of the radius is far below a pixel.
    const tolerance = this.rootTolerance(z, 1e-6);
    this.warm = this.thetaHat.slice();
    for (let k = 0; k < points; k++) {
      const phi = (2 * Math.PI * k) / points;
      const u = Math.cos(phi);
      const v = Math.sin(phi);
      const at = (r: number) => [
        this.thetaHat[i] + l11 * r * u,
        this.thetaHat[j] + l21 * r * u + l22 * r * v,
      ];
      const root = (r: number) => {
        const p = this.fixedProfile([i, j], at(r));
        return { r: Number.isFinite(p.ll) ? Math.sqrt(Math.max(2 * (this.llHat - p.ll), 0)) : Number.NaN, p };
      };
      let r0 = 0;
      let d0 = 0;
      let r1 = z;
      let a = root(r1);
      let inside = 0;
      let outside = Number.NaN;
      let best = a.p.theta;
      for (let it = 0; it < 30; it++) {
        if (!Number.isFinite(a.r) || a.r >= z) outside = r1;
        else inside = r1;
        best = a.p.theta;
        if (Number.isFinite(a.r) && Math.abs(a.r - z) <= tolerance) break;
        let next =
          Number.isFinite(a.r) && a.r !== d0 ? r1 + ((z - a.r) * (r1 - r0)) / (a.r - d0) : Number.NaN;
        if (Number.isNaN(outside)) {
          if (!Number.isFinite(next) || next <= r1) next = 2 * r1;
          else next = Math.min(next, 4 * r1);
        } else if (!(Number.isFinite(next) && next > inside && next < outside)) next = (inside + outside) / 2;
        if (Math.abs(next - r1) <= 1e-12 * r1) break;
        if (Number.isFinite(a.r)) {
          r0 = r1;
          d0 = a.r;
        }
        r1 = next;
        a = root(r1);
      }
      out.push(best);
    }
    return out;
  }

  /**
   * The bound of w on one side (-1 lower, +1 upper) where the signed root of the deviance reaches side z.
   * constraintOf(w) gives the constraint Q(theta) = w; wHat = Q(theta_hat) and se its Fisher standard error.
   */
  bound(
    constraintOf: (w: number) => Constraint | CurveConstraint | Constraint[],
    wHat: number,
    se: number,
    side: -1 | 1,
    z: number,
    start?: BoundStart,
  ): number {
    const target = side * z;
    const tolerance = this.rootTolerance(z, 1e-11);
    // Several constraints: the union of their sets, whose profile is the largest of theirs (each from the
    // same warm start).
    // The profile's maximum, with its optimum where the search can take the slope in w there (null: it cannot).
    const profileOf = (c: Constraint | CurveConstraint | Constraint[]): { ll: number; at: Point | null } => {
      if (Array.isArray(c)) {
        const warm = this.warm;
        let best = Number.NEGATIVE_INFINITY;
        let bestWarm = warm;
        for (const one of c) {
          this.warm = warm;
          const ll = this.profile(one).ll;
          if (ll > best) {
            best = ll;
            bestWarm = this.warm;
          }
        }
        this.warm = bestWarm;
        return { ll: best, at: null };
      }
      if (!("sAt" in c)) {
        const point = this.profile(c);
        return { ll: point.ll, at: point };
      }
      // Both arms of the curve, each from its own last optimum; a point the curve's Newton could not evaluate is
      // no candidate for the maximum.
      let best: Point | null = null;
      for (const arm of [0, 1] as const) {
        const from = this.arms[arm];
        const resume = this.reference ? undefined : from?.q;
        const point = this.curveProfile(c, from?.theta ?? this.warm, arm === 1 && from === null, resume);
        if (!Number.isFinite(point.ll)) continue;
        this.arms[arm] = { theta: point.theta, q: point.q };
        if (!best || point.ll > best.ll) best = point;
      }
      return best ? { ll: best.ll, at: best } : { ll: Number.NEGATIVE_INFINITY, at: null };
    };
    const width = se > 0 && Number.isFinite(se) ? se : Math.max(Math.abs(wHat), 1) * 1e-3;
    // The signed root and its slope dr/dw = -(d profile / dw) / r (NaN where not known), the profile's slope by
    // the envelope theorem: at the optimum only the coordinates the constraint solves move with w.
    const root = (w: number): [number, number] => {
      const c = constraintOf(w);
      const { ll, at } = profileOf(c);
      const r = Math.sign(w - wHat) * Math.sqrt(Math.max(2 * (this.llHat - ll), 0));
      if (!at || r === 0 || Array.isArray(c) || this.reference) return [r, Number.NaN];
      const delta = 1e-4 * width;
      const near = (d: number) => constraintOf(w + d) as Constraint | CurveConstraint;
      const ahead = this.solvedFor(c, near(delta), at.theta);
      const behind = this.solvedFor(c, near(-delta), at.theta);
      let dll = 0;
      for (let i = 0; i < this.n; i++) dll += (at.g[i] * (ahead[i] - behind[i])) / (2 * delta);
      return [r, -dll / r];
    };
    this.warm = start ? start.theta.slice() : this.thetaHat.slice();
    this.arms = start ? [start.arms[0], start.arms[1]] : [null, null];
    // The neighbour's reach where it is a plausible one (a bound lies near its Fisher guess on large sets).
    const reach = start && start.reach > 0.25 && start.reach < 4 ? start.reach : 1;
    const end = (w: number) => {
      this.ended = {
        theta: this.warm.slice(),
        arms: [this.arms[0], this.arms[1]],
        reach: (w - wHat) / (side * z * width),
      };
      return w;
    };
    let w0 = wHat;
    let r0 = 0;
    let w1 = wHat + side * z * width * reach;
    let [r1, slope] = root(w1);
    // Bracket [inside, outside] of the target, kept for bisection.
    let inside = wHat;
    let outside = Number.NaN;
    for (let it = 0; it < 80; it++) {
      if (side * (r1 - target) >= 0) outside = w1;
      else inside = w1;
      if (Math.abs(r1 - target) <= tolerance) return end(w1);
      // Newton's step on r where its slope is known (r is nearly linear, so the step lands within the root's
      // tolerance in one or two), else the secant's.
      const newton = slope > 0 && Number.isFinite(slope);
      let next = newton
        ? w1 + (target - r1) / slope
        : r1 !== r0
          ? w1 + ((target - r1) * (w1 - w0)) / (r1 - r0)
          : Number.NaN;
      if (Number.isNaN(outside)) {
        // No bracket yet: extrapolate outwards, at least a little and at most four times as far.
        const out = w1 - wHat;
        if (!Number.isFinite(next) || side * (next - w1) <= 0) next = w1 + out;
        else if (Math.abs(next - w1) > 4 * Math.abs(out)) next = w1 + 4 * out;
      } else if (!(Number.isFinite(next) && (next - inside) * (next - outside) < 0))
        next = (inside + outside) / 2;
      else if (newton && Math.abs(target - r1) <= 1e-3 && !this.reference) {
        // A short Newton step misses the root by r'' (next - w1)^2 / 2, r'' from r at w0 and r, r' at w1: where
        // that is a quarter of the tolerance, the step's end is the bound without another profile.
        const d = w0 - w1;
        const curvature = (2 * (r0 - r1 - slope * d)) / (d * d);
        if (Math.abs(curvature * (next - w1) ** 2) <= tolerance / 2) return end(next);
      }
      if (Math.abs(next - w1) <= 1e-13 * (Math.abs(w1) + width)) return end(next);
      w0 = w1;
      r0 = r1;
      w1 = next;
      [r1, slope] = root(w1);
    }
    return end(w1);
  }

  /**
   * theta with the coordinates that constraint `c` solves (its pivot coefficient, and s on a curve or when it is
   * s itself) solved instead from `other` (the same form at a nearby w), the rest held: a curve at the same q.
   */
  private solvedFor(
    c: Constraint | CurveConstraint,
    other: Constraint | CurveConstraint,
    theta: number[],
  ): number[] {
    const { p } = this;
    const out = theta.slice();
    const sIndex = p + 1;
    let pivot = 0;
    for (let i = 1; i <= p; i++) if (Math.abs(c.a[i]) > Math.abs(c.a[pivot])) pivot = i;
    let rest: number;
    if ("sAt" in c) {
      const o = other as CurveConstraint;
      let ab = 0;
      for (let i = 0; i <= p; i++) ab += c.a[i] * theta[i];
      const q = (c.v - ab) * Math.exp(-theta[sIndex]);
      out[sIndex] = o.sAt(q)[0];
      rest = o.v - Math.exp(out[sIndex]) * q;
    } else {
      const o = other as Constraint;
      if (c.fixesS) {
        out[sIndex] = o.v;
        return out;
      }
      rest = o.v - o.h(this.sOf(theta))[0];
    }
    for (let i = 0; i <= p; i++) if (i !== pivot) rest -= other.a[i] * theta[i];
    out[pivot] = rest / other.a[pivot];
    return out;
  }

  /** Where the last `bound` ended, the start of the next band point's (`BoundStart`). */
  ended: BoundStart | null = null;
}

/** The Newton step's predicted gain g . step / 2 is below the rounding of a log-likelihood of this size. */
function negligible(step: number[], g: number[], ll: number): boolean {
  let gain = 0;
  for (let i = 0; i < step.length; i++) gain += step[i] * g[i];
  return 0.5 * gain <= 1e-13 * Math.abs(ll);
}

/** Solves I x = g for a symmetric I, with Levenberg damping when I is not positive definite. */
function solveDamped(I: Float64Array, g: number[], m: number): { x: number[]; damped: boolean } | null {
  let diag = 0;
  for (let i = 0; i < m; i++) diag = Math.max(diag, Math.abs(I[i * m + i]));
  let lambda = 0;
  for (let tries = 0; tries < 60; tries++) {
    const L = cholesky(I, m, lambda);
    if (L) {
      const y = new Array<number>(m);
      for (let i = 0; i < m; i++) {
        let sum = g[i];
        for (let j = 0; j < i; j++) sum -= L[i * m + j] * y[j];
        y[i] = sum / L[i * m + i];
      }
      const x = new Array<number>(m);
      for (let i = m - 1; i >= 0; i--) {
        let sum = y[i];
        for (let j = i + 1; j < m; j++) sum -= L[j * m + i] * x[j];
        x[i] = sum / L[i * m + i];
      }
      return { x, damped: lambda > 0 };
    }
    lambda = lambda === 0 ? 1e-6 * (diag + 1e-300) : lambda * 4;
  }
  return null;
}

function cholesky(A: Float64Array, m: number, lambda: number): Float64Array | null {
  const L = new Float64Array(m * m);
  for (let i = 0; i < m; i++)
    for (let j = 0; j <= i; j++) {
      let sum = A[i * m + j] + (i === j ? lambda : 0);
      for (let k = 0; k < j; k++) sum -= L[i * m + k] * L[j * m + k];
      if (i === j) {
        if (!(sum > 0)) return null;
        L[i * m + i] = Math.sqrt(sum);
      } else L[i * m + j] = sum / L[j * m + j];
    }
  return L;
}
