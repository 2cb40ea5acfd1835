// The planners' input checks: spec 5's ranges (LIMITS, with the spec's messages), failures not above samples,
// the stress and strength distributions by the failure model's rules, and exactly one quantity to solve for.
import { LIMITS, type Limit, withinLimit } from "../../shared/constants.ts";
import { distributionProblems, parameterProblem } from "../../shared/failure-model.ts";
import type { MessageKey } from "../../shared/messages.ts";
import type { Problem } from "../../shared/problem.ts";
import { type DesignInput, PLANNER_SPECS, PLANNERS, type Quantity } from "./model.ts";

interface Rule {
  limit: Limit;
  key: MessageKey;
  integer?: boolean;
}

/** The range and message of each quantity a user types. Confidence is spec 5's required CI (10-100) in a
 * design and its CI (0-100) on a finished test's bound (solving for reliability, MTTF or rate). */
const RULES: Partial<Record<Quantity, Rule>> = {
  reliability: { limit: LIMITS.percent, key: "reliabilityRange" },
  confidence: { limit: LIMITS.requiredConfidence, key: "requiredCiRange" },
  samples: { limit: LIMITS.samples, key: "samplesRange", integer: true },
  failures: { limit: LIMITS.failures, key: "failuresRange", integer: true },
  beta: { limit: LIMITS.beta, key: "betaRange" },
  testTime: { limit: LIMITS.testTime, key: "testTimeRange" },
  demoTime: { limit: LIMITS.testTime, key: "testTimeRange" },
  mttf: { limit: LIMITS.testTime, key: "testTimeRange" },
  designMttf: { limit: LIMITS.testTime, key: "testTimeRange" },
  effectiveness: { limit: LIMITS.percent, key: "testDesign.effectivenessRange" },
  producerRisk: { limit: LIMITS.percent, key: "testDesign.riskRange" },
};

const BOUND_SOLVES: readonly Quantity[] = ["reliability", "mttf", "rate"];

/** The problem of one typed value (what a field shows on blur), or null. `solve` picks the confidence rule. */
export function quantityProblem(name: Quantity, value: number, solve?: Quantity): Problem | null {
  if (name === "rate")
    return Number.isFinite(value) && value > 0 ? null : { key: "valuePositive", where: [name] };
  if (name === "stressLocation" || name === "strengthLocation") {
    const p = parameterProblem("weibull3p", "gamma", value);
    return p ? { ...p, where: [name] } : null;
  }
  const rule =
    name === "confidence" && solve && BOUND_SOLVES.includes(solve)
      ? { limit: LIMITS.percent, key: "ciRange" as const }
      : RULES[name];
  if (!rule) return null;
  const ok = withinLimit(value, rule.limit) && (!(rule as Rule).integer || Number.isInteger(value));
  return ok ? null : { key: rule.key, where: [name] };
}

/** Binomial and Weibull chi-squared plans test units once: a unit fails at most once. */
const UNITS_FAIL_ONCE = new Set(["nonparametric-binomial", "parametric-binomial", "weibull-chi-squared"]);

export interface Resolved {
  solve: Quantity;
  values: Partial<Record<Quantity, number>>;
}

/** Every problem of the input, and when there is none the quantity to solve and the values with defaults. */
export function resolveInput(input: DesignInput): { problems: Problem[]; resolved?: Resolved } {
  if (!PLANNERS.includes(input.planner))
    return {
      problems: [
        { key: "testDesign.plannerUnknown", params: { names: PLANNERS.join(", ") }, where: ["planner"] },
      ],
    };
  const spec = PLANNER_SPECS[input.planner];
  const problems: Problem[] = [];
  if (input.solve !== undefined && !spec.solvable.includes(input.solve))
    problems.push({
      key: "testDesign.cannotSolve",
      params: { quantity: input.solve, names: spec.solvable.join(", ") },
      where: ["solve"],
    });
  const values: Partial<Record<Quantity, number>> = {};
  for (const q of [...spec.core, ...spec.optional]) {
    const v = (input as unknown as Record<string, unknown>)[q];
    if (v === undefined || v === null || q === input.solve) continue;
    if (typeof v !== "number") problems.push({ key: "valuePositive", where: [q] });
    else values[q] = v;
  }
  // Alternatives: an exponential MTTF from the reliability at a time; a repairable system's rate for its MTBF.
  const has = (q: Quantity): boolean =>
    values[q] !== undefined ||
    (q === "mttf" && input.planner === "exponential-chi-squared" && has("reliability") && has("demoTime")) ||
    (q === "mttf" && input.planner === "poisson" && has("rate"));
  let solve = input.solve;
  if (input.planner === "stress-strength") solve = "probabilityOfFailure";
  else if (solve === undefined) {
    const blank = spec.core.filter((q) => !has(q));
    const blankOptional = spec.solvable.filter(
      (q) => !spec.core.includes(q) && !has(q) && q in spec.defaults,
    );
    if (blank.length === 1) solve = blank[0];
    else if (blank.length === 0 && blankOptional.length > 0) solve = blankOptional[0];
    else
      problems.push({
        key: blank.length === 0 ? "testDesign.nothingToSolve" : "testDesign.oneUnknown",
        params: { names: (blank.length === 0 ? spec.core : blank).join(", ") },
        where: ["solve"],
      });
  } else {
    const solvesMttf =
      solve === "mttf" ||
      solve === "rate" ||
      (solve === "reliability" && input.planner === "exponential-chi-squared");
    // A plan with both risks finds its failures along with its time.
    const riskPlan = values.designMttf !== undefined;
    const missing = spec.core.filter(
      (q) => q !== solve && !has(q) && !(q === "mttf" && solvesMttf) && !(q === "failures" && riskPlan),
    );
    if (missing.length > 0)
      problems.push({ key: "testDesign.missing", params: { names: missing.join(", ") }, where: missing });
  }
  if (solve === "mttf" || solve === "rate") {
    delete values.mttf;
    delete values.rate;
  }
  for (const [q, v] of Object.entries(values) as [Quantity, number][]) {
    const p = quantityProblem(q, v, solve);
    if (p) problems.push(p);
  }
  if (
    UNITS_FAIL_ONCE.has(input.planner) &&
    values.failures !== undefined &&
    values.samples !== undefined &&
    values.failures > values.samples
  )
    problems.push({ key: "failuresExceedSamples", where: ["failures"] });
  if (input.planner === "stress-strength") {
    problems.push(...distributionProblems(input.stress, ["stress"]));
    problems.push(...distributionProblems(input.strength, ["strength"]));
  }
  if (
    input.planner === "exponential-chi-squared" &&
    (values.designMttf === undefined) !== (values.producerRisk === undefined)
  )
    problems.push({
      key: "testDesign.missing",
      params: { names: "designMttf, producerRisk" },
      where: ["designMttf"],
    });
  if (input.planner === "exponential-chi-squared" && values.designMttf !== undefined && solve !== "testTime")
    problems.push({ key: "testDesign.riskSolvesTime", where: ["solve"] });
  if (input.termination === "failure" && solve === "testTime")
    problems.push({ key: "testDesign.failureTerminatedBound", where: ["termination"] });
  if (problems.length > 0 || solve === undefined) return { problems };
  for (const [q, d] of Object.entries(spec.defaults) as [Quantity, number][])
    if (values[q] === undefined && q !== solve) values[q] = d;
  return { problems, resolved: { solve, values } };
}
