// Growth planning. The idealized curve of MIL-HDBK-189 (1981) section 4 (Duane-based: M_I over the first
// phase of length t1, then M_I (t/t1)^alpha / (1 - alpha)), its inverse forms and the planned step curve
// of phase averages; PM2 continuous of MIL-HDBK-189C (2011) section 5.2 (J. B. Hall and the AMSAA planning
// model 2: management strategy MS, average fix effectiveness factor mu_d, new B-mode rate lambda_B /
// (1 + beta t)).

export interface IdealizedInputs {
  /** Initial MTBF: the average over the first phase. */
  initialMtbf: number;
  /** Length of the first phase (t1). */
  initialTime: number;
  /** Growth rate alpha, 0 < alpha < 1. */
  alpha: number;
}

/** Instantaneous MTBF on the idealized curve at t. */
export function idealizedMtbf(p: IdealizedInputs, t: number): number {
  return t <= p.initialTime
    ? p.initialMtbf
    : (p.initialMtbf * (t / p.initialTime) ** p.alpha) / (1 - p.alpha);
}

/** Expected cumulative failures by t: t / M_I up to t1, then (t1 / M_I) (t / t1)^(1 - alpha). */
export function idealizedFailures(p: IdealizedInputs, t: number): number {
  return t <= p.initialTime
    ? t / p.initialMtbf
    : (p.initialTime / p.initialMtbf) * (t / p.initialTime) ** (1 - p.alpha);
}

/** M_I = M_F (1 - alpha) (T / t1)^-alpha. */
export function idealizedInitialMtbf(
  finalMtbf: number,
  alpha: number,
  total: number,
  initialTime: number,
): number {
  return finalMtbf * (1 - alpha) * (total / initialTime) ** -alpha;
}

/** T = t1 [M_F (1 - alpha) / M_I]^(1 / alpha). */
export function idealizedTotalTime(p: IdealizedInputs, finalMtbf: number): number {
  return p.initialTime * ((finalMtbf * (1 - p.alpha)) / p.initialMtbf) ** (1 / p.alpha);
}

/** t1 = T / [M_F (1 - alpha) / M_I]^(1 / alpha). */
export function idealizedInitialTime(
  initialMtbf: number,
  finalMtbf: number,
  alpha: number,
  total: number,
): number {
  return total / ((finalMtbf * (1 - alpha)) / initialMtbf) ** (1 / alpha);
}

/**
 * The growth rate that takes M_I to M_F by T (MIL-HDBK-189's approximation, from ln M_F = ln M_I +
 * alpha ln(T / t1) - ln(1 - alpha) with ln(1 - alpha) ~ -alpha - alpha^2 / 2):
 * alpha = -ln(T / t1) - 1 + sqrt((1 + ln(T / t1))^2 + 2 ln(M_F / M_I)).
 */
export function idealizedAlpha(
  initialMtbf: number,
  finalMtbf: number,
  total: number,
  initialTime: number,
): number {
  const l = Math.log(total / initialTime);
  return -l - 1 + Math.sqrt((1 + l) ** 2 + 2 * Math.log(finalMtbf / initialMtbf));
}

export interface PlannedPhase {
  end: number;
  /** Expected failures in the phase. */
  failures: number;
  /** Planned (average) MTBF over the phase: its length over its expected failures. */
  mtbf: number;
  /** Idealized instantaneous MTBF at the phase end. */
  idealizedEnd: number;
}

/** The planned step curve: each phase at its average MTBF on the idealized curve. `ends` ascending. */
export function idealizedSteps(p: IdealizedInputs, ends: readonly number[]): PlannedPhase[] {
  let before = 0;
  let start = 0;
  return ends.map((end) => {
    const cumulative = idealizedFailures(p, end);
    const failures = cumulative - before;
    const phase = { end, failures, mtbf: (end - start) / failures, idealizedEnd: idealizedMtbf(p, end) };
    before = cumulative;
    start = end;
    return phase;
  });
}

export interface Pm2Inputs {
  initialMtbf: number;
  /** Management strategy: the part of the initial failure intensity from modes that will be fixed (0-1). */
  managementStrategy: number;
  /** Average fix effectiveness factor (0-1). */
  fixEffectiveness: number;
  /** Goal MTBF at the end of test. */
  goalMtbf: number;
  /** Total test time. */
  totalTime: number;
}

export interface Pm2Plan {
  /** The planning parameter beta of h(t) = lambda_B / (1 + beta t), solved from M(T) = M_G. */
  beta: number;
  growthPotential: number;
  /** Growth potential design margin M_GP / M_G. */
  designMargin: number;
  /** The goal lies below the growth potential (else no beta reaches it). */
  feasible: boolean;
  /** Expected B-modes surfaced by T: (lambda_B / beta) ln(1 + beta T). */
  expectedModes: number;
}

/** M(t) = M_I / [1 - MS mu_d beta t / (1 + beta t)]. */
export function pm2Mtbf(p: Pm2Inputs, beta: number, t: number): number {
  const bt = beta * t;
  return p.initialMtbf / (1 - (p.managementStrategy * p.fixEffectiveness * bt) / (1 + bt));
}

export function pm2Plan(p: Pm2Inputs): Pm2Plan {
  const msd = p.managementStrategy * p.fixEffectiveness;
  const growthPotential = p.initialMtbf / (1 - msd);
  const gap = 1 - p.initialMtbf / p.goalMtbf;
  const feasible = p.goalMtbf > p.initialMtbf && p.goalMtbf < growthPotential;
  const beta = feasible ? gap / (p.totalTime * (msd - gap)) : Number.NaN;
  const lambdaB = p.managementStrategy / p.initialMtbf;
  return {
    beta,
    growthPotential,
    designMargin: growthPotential / p.goalMtbf,
    feasible,
    expectedModes: feasible ? (lambdaB / beta) * Math.log1p(beta * p.totalTime) : Number.NaN,
  };
}

/**
 * PM2's planned step curve: phase 1 at M_I; phase k at M(t) at the end of phase k - 1 less the fix lag
 * (fixes found up to then are in by the corrective action period before phase k).
 */
export function pm2Steps(p: Pm2Inputs, beta: number, ends: readonly number[], fixLag = 0): PlannedPhase[] {
  let start = 0;
  return ends.map((end, i) => {
    const mtbf = i === 0 ? p.initialMtbf : pm2Mtbf(p, beta, Math.max(0, start - fixLag));
    const phase = { end, failures: (end - start) / mtbf, mtbf, idealizedEnd: pm2Mtbf(p, beta, end) };
    start = end;
    return phase;
  });
}
