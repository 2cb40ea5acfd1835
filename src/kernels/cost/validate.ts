// The cost analyses' input checks: the distribution by the failure model's rules and of positive lives with a
// finite mean; spec 5's cost rules (planned at most 90 % of unplanned, inspection below unplanned, detection
// probability 0 to 1, with the spec's messages) and positive costs.
import { distributionProblems } from "../../shared/failure-model.ts";
import type { Problem } from "../../shared/problem.ts";
import { costProblem } from "../../shared/validation.ts";
import { COST_DISTRIBUTIONS, type CostInput, type CostView } from "./model.ts";

const positive = (value: unknown, field: string): Problem | null =>
  typeof value === "number" && Number.isFinite(value) && value > 0
    ? null
    : { key: "valuePositive", where: [field] };

/** Every problem of the input for one view. */
export function costInputProblems(input: CostInput, view: CostView): Problem[] {
  const problems: Problem[] = [];
  const d = input.distribution;
  if (!d || !(COST_DISTRIBUTIONS as readonly string[]).includes(d.type))
    problems.push({
      key: "cost.distribution",
      params: { names: COST_DISTRIBUTIONS.join(", ") },
      where: ["distribution"],
    });
  else {
    const errors = distributionProblems(d, ["distribution"]).filter((p) => p.severity !== "warning");
    problems.push(...errors);
    if (errors.length === 0 && d.type === "loglogistic" && !(d.sigma < 1))
      problems.push({ key: "cost.infiniteMean", where: ["distribution", "sigma"] });
  }
  const costs: Problem[] = [];
  const add = (p: Problem | null) => {
    if (p) costs.push(p);
  };
  add(positive(input.unplanned, "unplanned"));
  if (view === "replacement") add(positive(input.planned, "planned"));
  else {
    add(positive(input.inspection, "inspection"));
    add(positive(input.downtime, "downtime"));
    const p = input.detection;
    if (typeof p !== "number" || !Number.isFinite(p) || p < 0 || p > 1)
      costs.push({ key: "detectionProbabilityRange", where: ["detection"] });
    else if (p === 0) costs.push({ key: "cost.detectionZero", where: ["detection"] });
  }
  problems.push(...costs);
  if (costs.length === 0) {
    const rule =
      view === "replacement"
        ? costProblem({ planned: input.planned, unplanned: input.unplanned })
        : costProblem({ inspection: input.inspection, unplanned: input.unplanned });
    if (rule) problems.push({ key: rule, where: [view === "replacement" ? "planned" : "inspection"] });
  }
  for (const [i, c] of (input.candidates ?? []).entries())
    if (!(typeof c === "number" && Number.isFinite(c) && c > 0))
      problems.push({ key: "valuePositive", where: ["candidates", i] });
  return problems;
}
