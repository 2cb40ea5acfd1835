// The seven test planners' inputs and results, as the screens, the CLI and stored plans name them.
// Percentages are percent (90 means 90 %), as the screens take them; times are in the user's unit.
import type { FailureDistribution } from "../../shared/failure-model.ts";

import { PLANNERS, type Planner, QUANTITIES, type Quantity } from "../../shared/testdesign.ts";

export { PLANNERS, type Planner, QUANTITIES, type Quantity };

export interface DesignInput {
  planner: Planner;
  /** Reliability to demonstrate, in percent (at `demoTime` for the time-based planners). */
  reliability?: number;
  /** Confidence in percent: the required confidence of a design, or of a finished test's bound. */
  confidence?: number;
  samples?: number;
  failures?: number;
  /** Weibull shape, known in advance (1: exponential). */
  beta?: number;
  /** Test time per unit (or per system); the exponential planner's total when `samples` is left out. */
  testTime?: number;
  /** The time at which `reliability` is demonstrated. */
  demoTime?: number;
  /** MTTF (MTBF of a repairable system; the pre-fix MTBF or Weibull eta of a failure mode). */
  mttf?: number;
  /** Failure rate of a repairable system (Crow's lambda when beta is not 1): 1 / mttf. */
  rate?: number;
  /** Fix effectiveness factor to demonstrate, in percent. */
  effectiveness?: number;
  /** Exponential planner with producer's risk: the design MTTF the producer expects. */
  designMttf?: number;
  /** Producer's risk in percent (the consumer's risk is 100 - confidence). */
  producerRisk?: number;
  /** Exponential planner: bound on a finished test, one- or two-sided. */
  sides?: 1 | 2;
  /** Exponential planner: time-terminated (2r + 2 degrees of freedom) or failure-terminated (2r). */
  termination?: "time" | "failure";
  /** The quantity to solve for; by default the one left blank. */
  solve?: Quantity;
  stress?: FailureDistribution;
  strength?: FailureDistribution;
  /** A location added to the stress or strength distribution (a gamma's threshold, which the failure model's
   * gamma does not carry). */
  stressLocation?: number;
  strengthLocation?: number;
}

export interface OcCurve {
  /** What x is: true reliability in percent (binomial planners, Weibull chi-squared at demoTime) or true MTTF. */
  axis: "reliability" | "mttf";
  x: number[];
  /** Probability that the plan passes when the truth is x. */
  pAccept: number[];
}

export interface TestPlan {
  planner: Planner;
  solved: Quantity;
  /** Every input and the solved quantity. */
  values: Partial<Record<Quantity, number>>;
  /** What else the plan implies: eta, reliability at the test time, the unrounded sample size, total time. */
  details: Record<string, number>;
  oc: OcCurve | null;
  /** Sample size against test time per unit, for the planners where both trade. */
  tradeoff: { testTime: number[]; samples: number[] } | null;
  /** Stress-strength: both densities on one axis. */
  densities: { x: number[]; stress: number[]; strength: number[] } | null;
}

/** Each planner's quantities: `core` must all be given but one; `optional` have defaults or are alternatives;
 * `solvable` lists what it can solve for. */
export interface PlannerSpec {
  core: readonly Quantity[];
  optional: readonly Quantity[];
  solvable: readonly Quantity[];
  defaults: Partial<Record<Quantity, number>>;
}

export const PLANNER_SPECS: Record<Planner, PlannerSpec> = {
  "nonparametric-binomial": {
    core: ["reliability", "confidence", "samples", "failures"],
    optional: [],
    solvable: ["samples", "failures", "reliability", "confidence"],
    defaults: {},
  },
  "parametric-binomial": {
    core: ["reliability", "confidence", "samples", "failures", "testTime", "demoTime"],
    optional: ["beta"],
    solvable: ["samples", "testTime", "reliability", "confidence", "failures", "demoTime"],
    defaults: { beta: 1 },
  },
  "exponential-chi-squared": {
    core: ["mttf", "confidence", "failures", "testTime"],
    optional: ["samples", "reliability", "demoTime", "designMttf", "producerRisk"],
    solvable: ["testTime", "mttf", "reliability", "confidence", "failures", "samples"],
    defaults: { samples: 1 },
  },
  "weibull-chi-squared": {
    core: ["reliability", "demoTime", "beta", "confidence", "failures", "samples", "testTime"],
    optional: [],
    solvable: ["samples", "testTime", "reliability", "confidence", "failures", "demoTime"],
    defaults: {},
  },
  poisson: {
    core: ["samples", "testTime", "failures", "mttf", "confidence"],
    optional: ["beta", "rate"],
    solvable: ["testTime", "mttf", "rate", "confidence", "failures", "samples"],
    defaults: { beta: 1 },
  },
  "fix-effectiveness": {
    core: ["mttf", "confidence", "testTime"],
    optional: ["effectiveness", "failures", "samples", "beta"],
    solvable: ["testTime", "effectiveness", "confidence", "failures", "samples", "mttf"],
    defaults: { effectiveness: 0, failures: 0, samples: 1, beta: 1 },
  },
  "stress-strength": {
    core: [],
    optional: ["stressLocation", "strengthLocation"],
    solvable: ["probabilityOfFailure"],
    defaults: { stressLocation: 0, strengthLocation: 0 },
  },
};
