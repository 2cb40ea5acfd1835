// Confidence bounds. Fisher matrix: parameters by the delta method (positive ones on the log scale,
// p exp(+-z se/p), as Weibull++ does); reliability, time, pdf and failure rate through the kernel's model
// evaluation (transformed scale, full J V J'). Likelihood ratio: profile likelihood in the kernel.
import { FAILURE_CODES, type FailureDistributionType } from "../../shared/failure-model.ts";
import {
  DISTRIBUTIONS,
  FAMILY_LOGISTIC,
  FAMILY_NORMAL,
  FAMILY_SEV,
  naturalParameters,
} from "./distributions.ts";
import type { LifeKernel, LifeSession } from "./kernel.ts";
import type { Interval, LifeBoundsType, LifeDistribution, LifeModel, LifeSided } from "./types.ts";

export const WHAT = {
  reliability: 0,
  unreliability: 1,
  pdf: 2,
  failureRate: 3,
  time: 4,
  mean: 5,
  conditional: 6,
} as const;

const MODEL_KIND = { locationScale: 0, gamma: 1, mixture: 2 } as const;

/** The z of the bounds: two-sided z_{(1+CL)/2}, one-sided z_CL. chi2(., 1) for LR is z squared. */
export function boundsZ(k: LifeKernel, confidence: number, sided: LifeSided): number {
  const cl = confidence / 100;
  return k.normalQuantile(sided === "two" ? (1 + cl) / 2 : cl);
}

export function sideOf(sided: LifeSided, lower: number, upper: number): Interval {
  return { lower: sided === "upper" ? null : lower, upper: sided === "lower" ? null : upper };
}

/**
 * The fitted model as a failure model distribution (src/shared/failure-model.ts), with its parameters in the
 * evaluator's order and computed as naturalParameters shows them (beta = e^-s, eta = e^mu, sigma = e^s, ...),
 * so a fit's values are the failure model's values at the parameters the user reads. Null for what the
 * failure model has not: mixtures, and lognormal, loglogistic or gamma with a location.
 */
export function failureOfModel(model: LifeModel): { code: number; params: [number, number, number] } | null {
  const [mu, s, gamma = 0] = model.internal;
  const as = (type: FailureDistributionType, params: [number, number, number]) => ({
    code: FAILURE_CODES[type],
    params,
  });
  if (model.kind === "gamma") return gamma === 0 ? as("gamma", [Math.exp(s), Math.exp(mu), 0]) : null;
  if (model.kind !== "locationScale") return null;
  if (model.family === FAMILY_SEV)
    return model.logScale
      ? as("weibull3p", [Math.exp(-s), Math.exp(mu), gamma])
      : as("gumbel", [mu, Math.exp(s), 0]);
  if (model.family === FAMILY_NORMAL && !model.logScale) return as("normal", [mu, Math.exp(s), 0]);
  if (gamma !== 0 || !model.logScale) return null;
  if (model.family === FAMILY_NORMAL) return as("lognormal", [mu, Math.exp(s), 0]);
  if (model.family === FAMILY_LOGISTIC) return as("loglogistic", [mu, Math.exp(s), 0]);
  return null;
}

/** Loads a model into the kernel for evaluate(); params and covariance go through the session's buffers. */
export function setModel(session: LifeSession, model: LifeModel): void {
  const np = model.internal.length;
  const p = session.f64(np);
  const c = session.f64(np * np);
  p.view().set(model.internal);
  c.view().set(model.internalCovariance);
  session.k.setModel(
    MODEL_KIND[model.kind],
    model.family,
    model.logScale,
    model.components,
    p.ptr,
    c.ptr,
    np,
  );
  const failure = failureOfModel(model);
  if (failure) session.k.setFailure(failure.code, ...failure.params);
}

/** Value, lower, upper of `what` at each x (Fisher bounds for z; z = 0 gives values only). */
export function evaluate(
  session: LifeSession,
  what: number,
  xs: ArrayLike<number>,
  z: number,
  x2 = 0,
): Float64Array {
  const n = xs.length;
  const input = session.f64(n);
  const out = session.f64(3 * n);
  input.view().set(xs);
  session.k.evaluateMany(what, input.ptr, n, x2, z, out.ptr);
  return out.view().slice();
}

export interface ParameterSummary {
  names: string[];
  values: Record<string, number>;
  covariance: number[][];
  bounds: Record<string, Interval>;
}

/** Natural parameters, their covariance (J V J') and Fisher bounds. */
export function fisherParameters(
  distribution: LifeDistribution,
  model: LifeModel,
  z: number,
  sided: LifeSided,
): ParameterSummary {
  const all = naturalParameters(distribution, model.internal);
  const np = model.internal.length;
  const V = model.internalCovariance;
  // A parameter with no variance (exponential 2P's location at the first failure, a boundary estimate)
  // has no Fisher bounds and stays out of the covariance matrix.
  const variance = (p: (typeof all)[number]) => {
    let sum = 0;
    for (let i = 0; i < np; i++)
      for (let j = 0; j < np; j++) sum += p.gradient[i] * V[i * np + j] * p.gradient[j];
    return sum;
  };
  const estimated = all.filter((p) => p.estimated && variance(p) > 0);
  const covariance = estimated.map((a) =>
    estimated.map((b) => {
      let sum = 0;
      for (let i = 0; i < np; i++)
        for (let j = 0; j < np; j++) sum += a.gradient[i] * V[i * np + j] * b.gradient[j];
      return sum;
    }),
  );
  const values: Record<string, number> = {};
  for (const p of all) values[p.name] = p.value;
  const bounds: Record<string, Interval> = {};
  estimated.forEach((p, i) => {
    const se = Math.sqrt(Math.max(covariance[i][i], 0));
    if (p.positive) {
      const f = Math.exp((z * se) / p.value);
      bounds[p.name] = sideOf(sided, p.value / f, p.value * f);
    } else {
      bounds[p.name] = sideOf(sided, p.value - z * se, p.value + z * se);
    }
  });
  return { names: estimated.map((p) => p.name), values, covariance, bounds };
}

/** Likelihood-ratio helper for location-scale models without a location parameter. */
export class LikelihoodRatio {
  private readonly family: number;
  private readonly logScale: boolean;
  private readonly fixSigma: boolean;
  private readonly mu: number;
  private readonly s: number;
  private readonly seMu: number;
  private readonly seS: number;

  constructor(
    private readonly session: LifeSession,
    readonly model: LifeModel,
    readonly level: number,
  ) {
    this.family = model.family;
    this.logScale = model.logScale;
    const V = model.internalCovariance;
    this.seMu = Math.sqrt(Math.max(V[0], 0));
    this.seS = Math.sqrt(Math.max(V[4], 0));
    this.fixSigma = !(V[4] > 0);
    [this.mu, this.s] = model.internal;
    session.k.transformTimes(0, this.logScale);
    session.k.lrSetModel(this.family, this.fixSigma, this.mu, this.s);
  }

  private bound(mode: number, fixed: number, x0: number, scale: number, side: number): number {
    return this.session.k.lrBound(mode, fixed, x0, scale, side, this.level);
  }

  /** [lower, upper] of mu (mode 0) or s (mode 1). */
  internalBounds(which: 0 | 1): [number, number] {
    const x0 = which === 0 ? this.mu : this.s;
    const se = which === 0 ? this.seMu : this.seS;
    return [this.bound(which, 0, x0, se, -1), this.bound(which, 0, x0, se, 1)];
  }

  /** Bounds on the standardised z = (g(t) - mu) / sigma at time t: [lower, upper]. */
  private standardBounds(t: number): [number, number] {
    const c = this.logScale ? Math.log(t) : t;
    const q0 = (c - this.mu) / Math.exp(this.s);
    return [this.bound(2, c, q0, 0.5, -1), this.bound(2, c, q0, 0.5, 1)];
  }

  /** Reliability bounds at time t: [lower, upper]. */
  reliability(t: number): [number, number] {
    const [qLo, qHi] = this.standardBounds(t);
    const k = this.session.k;
    return [k.familySurvival(this.family, qHi), k.familySurvival(this.family, qLo)];
  }

  /** Reliability and unreliability bounds at time t, F from the lower tail (not 1 - R). */
  reliabilityBoth(t: number): { reliability: [number, number]; unreliability: [number, number] } {
    const [qLo, qHi] = this.standardBounds(t);
    const k = this.session.k;
    return {
      reliability: [k.familySurvival(this.family, qHi), k.familySurvival(this.family, qLo)],
      unreliability: [k.familyCdf(this.family, qLo), k.familyCdf(this.family, qHi)],
    };
  }

  /** Bounds on the time at reliability r: [lower, upper]. */
  time(r: number): [number, number] {
    const q = this.session.k.familyQuantileSurvival(this.family, r);
    const c0 = this.mu + Math.exp(this.s) * q;
    const scale = Math.exp(this.s) * 0.5;
    const lo = this.bound(3, q, c0, scale, -1);
    const hi = this.bound(3, q, c0, scale, 1);
    return this.logScale ? [Math.exp(lo), Math.exp(hi)] : [lo, hi];
  }

  /** The contour of the region as (mu, s) pairs. */
  contour(points: number): Float64Array {
    const out = this.session.f64(2 * points);
    this.session.k.lrContour(this.seMu, this.seS, this.level, points, out.ptr);
    return out.view().slice();
  }
}

/** Likelihood-ratio bounds of the natural parameters from the internal ones' profile bounds. */
export function likelihoodRatioParameters(
  distribution: LifeDistribution,
  lr: LikelihoodRatio,
  sided: LifeSided,
): Record<string, Interval> {
  const spec = DISTRIBUTIONS[distribution];
  const bounds: Record<string, Interval> = {};
  const [muLo, muHi] = lr.internalBounds(0);
  const weibull = distribution.startsWith("weibull");
  if (weibull) bounds.eta = sideOf(sided, Math.exp(muLo), Math.exp(muHi));
  else if (distribution.startsWith("exponential"))
    bounds.lambda = sideOf(sided, Math.exp(-muHi), Math.exp(-muLo));
  else bounds.mu = sideOf(sided, muLo, muHi);
  if (spec.free.includes(1)) {
    const [sLo, sHi] = lr.internalBounds(1);
    if (weibull) bounds.beta = sideOf(sided, Math.exp(-sHi), Math.exp(-sLo));
    else bounds.sigma = sideOf(sided, Math.exp(sLo), Math.exp(sHi));
  }
  return bounds;
}

export function supportsLikelihoodRatio(distribution: LifeDistribution): boolean {
  const spec = DISTRIBUTIONS[distribution];
  return spec.kind === "locationScale" && !spec.free.includes(2);
}

export type { LifeBoundsType };
