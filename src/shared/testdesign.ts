// Reliability test design's names, shared by the kernels, the CLI, the stored plans and the screens: the
// seven planners, the quantities they read and solve for, and the spec's page of each planner.

export const PLANNERS = [
  "nonparametric-binomial",
  "parametric-binomial",
  "exponential-chi-squared",
  "weibull-chi-squared",
  "poisson",
  "fix-effectiveness",
  "stress-strength",
] as const;
export type Planner = (typeof PLANNERS)[number];

/** Every number a planner reads or solves for, by the name `--json` and stored plans use. */
export const QUANTITIES = [
  "reliability",
  "confidence",
  "samples",
  "failures",
  "beta",
  "testTime",
  "demoTime",
  "mttf",
  "rate",
  "effectiveness",
  "designMttf",
  "producerRisk",
  "strengthLocation",
  "stressLocation",
  "probabilityOfFailure",
] as const;
export type Quantity = (typeof QUANTITIES)[number];

/** The spec's hidden page of each planner (spec 2: reached from the design-of-experiments screen). */
export const PLANNER_PAGES = {
  nonparamBino: "nonparametric-binomial",
  paramBino: "parametric-binomial",
  indexChiSquare: "exponential-chi-squared",
  weibullChiSquare: "weibull-chi-squared",
  repairePoisson: "poisson",
  fixEffectValidTest: "fix-effectiveness",
  stressStrength: "stress-strength",
} as const satisfies Record<string, Planner>;
export type PlannerPage = keyof typeof PLANNER_PAGES;
export const PLANNER_PAGE_NAMES = Object.keys(PLANNER_PAGES) as PlannerPage[];
