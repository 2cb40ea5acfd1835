// Message keys of life-data validation and fitting. Keys that the spec names (section 8) use the same key as
// src/shared/messages.ts so the app translates them once; the others are life-specific, prefixed "life.".
// `{{name}}` marks a parameter (i18next syntax).

export const LIFE_MESSAGES = {
  ciAnalysisRange: "CI must be between 50-99.99.",
  addDataPoint: "Add at least one data point.",
  valuePositive: "Value must be a number greater than 0.",
  betaRange: "Beta range must be between 0.0001-24.",
  reliabilityRange: "Reliability must be between 0-100.",
  growthNoFailureRecords: "Data cannot be analyzed without failure records",
  "life.startNotNumber": "Start time must be empty, 0 or a number greater than 0.",
  "life.startAfterEnd": "Start time must be less than the end time.",
  "life.stateInvalid": "State must be F (failure) or S (suspension).",
  "life.quantityInvalid": "Quantity must be a number greater than 0.",
  "life.columnLength": "Every column must have as many rows as the end time column.",
  "life.unknownDistribution": "Unknown distribution '{{name}}'.",
  "life.unknownOption": "Unknown value '{{value}}' for {{option}}.",
  "life.rankRegressionNeedsExact":
    "Rank regression needs exact failure times; use MLE for interval or left-censored data.",
  "life.rankRegressionUnavailable": "Rank regression is not available for {{distribution}}; use MLE.",
  "life.rankRegressionNeedsTwoFailures": "Rank regression needs at least two failures.",
  "life.betaUnbounded":
    "The likelihood keeps increasing with beta: every failure is at the largest time, so no finite estimate exists.",
  "life.notConverged":
    "{{distribution}} could not be estimated: the iterations did not converge, so no numbers are reported. The data may not determine every parameter (for example only censored units with no overlap); try another distribution or more data.",
  "life.allLeftCensored":
    "Every failure is left-censored and no unit survived past a failure time: the likelihood has no maximum, so {{distribution}} cannot be estimated. Exact failure times, intervals or later suspensions are needed.",
  "life.oneFailureTime":
    "Every failure can lie at one time ({{time}}) with no unit surviving past it: the likelihood has no maximum, so {{distribution}} needs failures at two or more distinct times.",
  "life.gammaAtUpperBound":
    "The location parameter reached its upper limit just below the first time: the likelihood keeps increasing towards it (beta < 1). Consider the 2-parameter distribution.",
  "life.gammaAtLowerBound":
    "The likelihood keeps rising as the location parameter decreases without limit (towards the smallest extreme value distribution): no finite location fits best.",
  "life.likelihoodUnbounded":
    "The likelihood grows without bound as the location parameter approaches the first failure (beta < 1): {{distribution}} has no maximum-likelihood estimate for these data; use the 2-parameter distribution.",
  "life.locationNotSignificant":
    "The location parameter does not improve the fit at the chosen confidence: likelihood-ratio test against {{distribution}}, statistic {{statistic}}, p = {{p}}.",
  "life.lrNeedsTwoParameters":
    "Likelihood ratio bounds are available for Weibull 1P and 2P, exponential 1P, normal, lognormal, loglogistic and Gumbel.",
  "life.lrNeedsMle": "Likelihood ratio bounds are built around the MLE; choose MLE or Fisher matrix bounds.",
  "life.mixtureNeedsFailures":
    "A mixture of {{count}} subpopulations needs at least {{needed}} distinct failure times.",
  "life.tooFewFailuresForDistribution": "{{distribution}} needs at least {{needed}} failures.",
  "life.zeroFailuresWeibayes":
    "No failures: the Weibayes estimate of eta is a lower bound at the chosen confidence, with beta fixed.",
  "life.singleFailure": "Only one failure: estimates are very uncertain.",
  "life.noCandidates": "No distribution could be fitted to these data.",
} as const;

export type LifeMessageKey = keyof typeof LIFE_MESSAGES;

export function formatLifeMessage(key: LifeMessageKey, params: Record<string, string | number> = {}): string {
  return LIFE_MESSAGES[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(params[name] ?? `{{${name}}}`),
  );
}

/** One problem with the input: a message key with its parameters, the English text, and where it is. */
export interface LifeIssue {
  key: LifeMessageKey;
  message: string;
  params?: Record<string, string | number>;
  /** 1-based data row (header not counted) when the problem is in a row. */
  row?: number;
  column?: "quantity" | "start" | "end" | "state" | "group";
  /** The option at fault, when it is an option. */
  option?: string;
}

/** Thrown by the life kernels for input a user can fix; carries every issue found, not just the first. */
export class LifeInputError extends Error {
  override name = "LifeInputError";
  constructor(readonly issues: LifeIssue[]) {
    super(issues.map((i) => (i.row ? `row ${i.row}: ${i.message}` : i.message)).join("; "));
  }
}

export function issue(key: LifeMessageKey, where: Omit<LifeIssue, "key" | "message"> = {}): LifeIssue {
  return { key, message: formatLifeMessage(key, where.params), ...where };
}
