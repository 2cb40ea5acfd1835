// The shapes of reliability growth data and results (MIL-HDBK-189C, Department of Defense Handbook:
// Reliability Growth Management, 2011; L. H. Crow, "Reliability analysis for complex, repairable systems",
// in Reliability and Biometry, SIAM, 1974, pp. 379-410). Plain data: the worker, the CLI and the store
// pass them as they are.

/** Time-terminated: the test ran to `end`; failure-terminated: it stopped at the last failure. */
export type GrowthTermination = "time" | "failure";
export type GrowthSided = "two" | "lower" | "upper";
/** Crow's exact (chi-squared and related) bounds, or Fisher matrix bounds on the log scale. */
export type GrowthBoundsMethod = "crow" | "fisher";
export const GROWTH_TERMINATIONS = ["time", "failure"] as const;
export const GROWTH_SIDES = ["two", "lower", "upper"] as const;
export const GROWTH_BOUNDS = ["crow", "fisher"] as const;
/** Significance levels of the Cramer-von Mises table (MIL-HDBK-189C). */
export const CVM_SIGNIFICANCES = [0.2, 0.15, 0.1, 0.05, 0.01] as const;

/** Failure times in cumulative test time; `prototype` (0-based) when several prototypes were tested. */
export interface IndividualGrowthData {
  kind: "individual";
  times: readonly number[];
  /** Index into `ends` per failure; absent for one prototype. */
  prototype?: readonly number[];
  termination: GrowthTermination;
  /**
   * Time-terminated: the end of test of each prototype (one value for one prototype). Failure-terminated:
   * ignored, the end is the last failure.
   */
  ends?: readonly number[];
}

/** Failures counted in intervals (0, t1], (t1, t2], ... of cumulative test time. */
export interface GroupedGrowthData {
  kind: "grouped";
  ends: readonly number[];
  counts: readonly number[];
}

export type GrowthData = IndividualGrowthData | GroupedGrowthData;

export interface GrowthOptions {
  /** Confidence in percent, 50 to below 100. */
  confidence: number;
  sided: GrowthSided;
  bounds: GrowthBoundsMethod;
  /** Target MTBF for the time to reach it; optional. */
  target?: number;
  /** Significance of the goodness-of-fit tests; one of CVM_SIGNIFICANCES (default 0.1). */
  significance?: number;
}

/** A one-sided bound leaves the other end infinite (or 0 below). */
export interface Interval {
  lower: number;
  upper: number;
}

export interface GoodnessOfFit {
  test: "cramerVonMises" | "chiSquared";
  statistic: number;
  critical: number;
  /** Degrees of freedom (chi-squared) or M (Cramer-von Mises). */
  df: number;
  significance: number;
  pass: boolean;
}

export interface TrendTest {
  /** 2 sum ln(T / X_i) = 2N / beta: chi-squared with `df` when the rate is constant. */
  statistic: number;
  df: number;
  /** Two-sided p value against a constant rate. */
  pValue: number;
  conclusion: "growth" | "deterioration" | "none";
}

export interface CrowAmsaaFit {
  model: "crow-amsaa";
  data: "individual" | "grouped";
  termination: GrowthTermination;
  failures: number;
  prototypes: number;
  /** The time the instantaneous values are given at: the (longest) end of test. */
  time: number;
  beta: number;
  lambda: number;
  /** Bias-corrected beta: (N-1)/N (time-) or (N-2)/N (failure-terminated) times the MLE; NaN for grouped data. */
  betaUnbiased: number;
  growthRate: number;
  cumulativeMtbf: number;
  instantaneousMtbf: number;
  /** Instantaneous failure intensity lambda beta T^(beta - 1). */
  intensity: number;
  bounds: {
    method: GrowthBoundsMethod;
    beta: Interval;
    growthRate: Interval;
    lambda: Interval;
    cumulativeMtbf: Interval;
    instantaneousMtbf: Interval;
    intensity: Interval;
  };
  goodnessOfFit: GoodnessOfFit | null;
  trend: TrendTest | null;
  /** Time at which the cumulative and the instantaneous MTBF reach the target (null without a target). */
  timeToTarget: { cumulative: number; instantaneous: number } | null;
}

export interface DuaneFit {
  model: "duane";
  failures: number;
  time: number;
  /** Slope of ln(cumulative MTBF) on ln(time): the growth rate. */
  alpha: number;
  /** Cumulative MTBF at time 1: e^intercept. */
  b: number;
  cumulativeMtbf: number;
  instantaneousMtbf: number;
  cumulativeIntensity: number;
  intensity: number;
  /** Coefficient of determination of the regression. */
  rSquared: number;
  timeToTarget: { cumulative: number; instantaneous: number } | null;
}
