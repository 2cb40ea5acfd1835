// Public types of the life-data kernels (src/kernels/life.ts): what the UI worker, the CLI and the tests pass in
// and get back. Columns are typed arrays so 400,000-row sets move between threads without copies.

import {
  LIFE_BOUNDS,
  LIFE_DISTRIBUTIONS,
  LIFE_METHODS,
  LIFE_RANKS,
  LIFE_SIDES,
} from "../../shared/constants.ts";
import type { LifeMessageKey } from "./messages.ts";

// The option names are one rule shared with stored analyses and the app (src/shared/constants.ts).
export { LIFE_BOUNDS, LIFE_DISTRIBUTIONS, LIFE_METHODS, LIFE_RANKS, LIFE_SIDES };
export type LifeDistribution = (typeof LIFE_DISTRIBUTIONS)[number];
export type LifeMethod = (typeof LIFE_METHODS)[number];
export type LifeRanks = (typeof LIFE_RANKS)[number];
export type LifeBoundsType = (typeof LIFE_BOUNDS)[number];
export type LifeSided = (typeof LIFE_SIDES)[number];

/**
 * One life-data set, column-wise. Row i: `quantity[i]` identical units (default 1) with state F (1) or S (0)
 * (default F), ending at `end[i]`; `start[i]` (NaN or absent = none): 0 makes an F row left-censored, a value
 * below end makes it interval-censored in (start, end]. `group[i]` selects subsets (FitOptions.groups).
 */
export interface LifeColumns {
  end: Float64Array;
  start?: Float64Array;
  state?: Uint8Array | Int8Array | Int32Array;
  quantity?: Float64Array | Int32Array;
  group?: Int32Array;
}

export interface FitOptions {
  distribution: LifeDistribution;
  /** Default "mle". */
  method?: LifeMethod;
  /** Plotting positions for rank regression and plots; default "exact" (beta median ranks). */
  ranks?: LifeRanks;
  /** Default "fisher". */
  bounds?: LifeBoundsType;
  /** Default "two". */
  sided?: LifeSided;
  /** Confidence level in percent, within LIMITS.analysisConfidence (src/shared/constants.ts); default 90. */
  confidence?: number;
  /** Weibull 1P: the fixed beta, within LIMITS.beta. */
  beta?: number;
  /** Keep only rows of these groups. */
  groups?: number[];
  /** Times at which to report reliability with bounds. */
  at?: number[];
  /** Points on the plotted curves (default 101; 0 leaves curves out). */
  curvePoints?: number;
  /** Compute the likelihood-ratio contour of the two parameters (always done for bounds "lr"). */
  contour?: boolean;
  /** Points on the contour (default 120). */
  contourPoints?: number;
  /** Leave plotting positions out (large sets when only numbers are wanted). */
  positions?: boolean;
}

export interface Interval {
  /** null on the side a one-sided bound does not give. */
  lower: number | null;
  upper: number | null;
}

export interface LifeCounts {
  /** Failed units (exact, interval and left-censored), quantities counted. */
  failures: number;
  suspensions: number;
  /** Interval-censored units (start > 0). */
  intervals: number;
  /** Left-censored units (start = 0). */
  leftCensored: number;
  /** Data rows used (after group selection). */
  rows: number;
  /** Units: the sum of quantities. */
  units: number;
}

/** Internal description of a fitted model; the calculator and the plots evaluate from it. */
export interface LifeModel {
  kind: "locationScale" | "gamma" | "mixture";
  /** 0 smallest extreme value, 1 normal, 2 logistic (location-scale kinds). */
  family: number;
  logScale: boolean;
  components: number;
  /** Internal parameters: location-scale (mu, ln sigma, gamma); gamma (ln theta, ln k, gamma); mixture (a.., mu_j, ln sigma_j..). */
  internal: number[];
  /** Covariance of the internal parameters, row-major. */
  internalCovariance: number[];
  /** Names of the free parameters for the LR contour, e.g. ["beta", "eta"]. */
  freeParameters: string[];
}

export interface PlottingPositions {
  /** Plotting times of the failure rows, in time order (interval rows at their midpoint). */
  time: Float64Array;
  /** Unreliability F at each point (median rank, Benard or Kaplan-Meier). */
  probability: Float64Array;
  /** Adjusted (Johnson) rank of each point; NaN for Kaplan-Meier. */
  rank: Float64Array;
  /** 0-based index of each point's row in the columns passed in. */
  row: Int32Array;
  ranks: LifeRanks;
}

export interface CurveSet {
  time: Float64Array;
  reliability: Float64Array;
  reliabilityLower: Float64Array;
  reliabilityUpper: Float64Array;
  unreliability: Float64Array;
  unreliabilityLower: Float64Array;
  unreliabilityUpper: Float64Array;
  pdf: Float64Array;
  pdfLower: Float64Array;
  pdfUpper: Float64Array;
  failureRate: Float64Array;
  failureRateLower: Float64Array;
  failureRateUpper: Float64Array;
  /** Bounds on time at given unreliability (the probability plot's "type 1" bounds). */
  quantileProbability: Float64Array;
  quantileTime: Float64Array;
  quantileTimeLower: Float64Array;
  quantileTimeUpper: Float64Array;
  /** "fisher", or "lr" (then the bands are the extremes over the likelihood-ratio region's contour). */
  boundsType: LifeBoundsType;
}

export interface Contour {
  /** The two parameter names, e.g. ["beta", "eta"]. */
  parameters: [string, string];
  x: Float64Array;
  y: Float64Array;
  /** Confidence level in percent and the log-likelihood level of the contour (LL max - chi2(CL;1)/2). */
  confidence: number;
  logLikelihoodLevel: number;
}

export interface ReliabilityAt {
  time: number;
  reliability: number;
  lower: number | null;
  upper: number | null;
  /** F = 1 - R computed on its own scale (full relative precision where R rounds to 1), with its bounds. */
  unreliability: { value: number; lower: number | null; upper: number | null };
}

export interface LocationTest {
  /** The nested distribution with gamma = 0 (weibull2p, exponential1p) and its maximum log-likelihood. */
  against: LifeDistribution;
  logLikelihood: number;
  statistic: number;
  pValue: number;
}

export interface LifeFit {
  distribution: LifeDistribution;
  method: LifeMethod;
  ranks: LifeRanks;
  /** weibull: beta, eta, gamma; exponential: lambda, gamma; normal, lognormal, loglogistic, gumbel: mu, sigma;
   * gamma: k (shape), theta (scale); mixtures: see subpopulations. */
  parameters: Record<string, number>;
  subpopulations?: Array<{ fraction: number; beta: number; eta: number }>;
  logLikelihood: number;
  aic: number;
  bic: number;
  covariance: { parameters: string[]; matrix: number[][] };
  bounds: {
    type: LifeBoundsType;
    sided: LifeSided;
    confidence: number;
    parameters: Record<string, Interval>;
  };
  counts: LifeCounts;
  goodnessOfFit: { rho?: number; rSquared?: number; andersonDarling?: number | null };
  iterations: number;
  converged: boolean;
  /** "gamma" when the location stopped at a search limit. */
  boundReached: string | null;
  /** Message keys of warnings (life.singleFailure, life.gammaAtUpperBound, ...) with their parameters. */
  warnings: Array<{ key: LifeMessageKey; message: string; params?: Record<string, string | number> }>;
  /** Distributions with a location (Weibull 3P, exponential 2P, MLE): the likelihood-ratio test of gamma = 0,
   * statistic 2 (LL - LL of `against`), chi-square with 1 degree of freedom. */
  locationTest?: LocationTest;
  at: ReliabilityAt[];
  model: LifeModel;
  positions?: PlottingPositions;
  curves?: CurveSet;
  contour?: Contour;
}
