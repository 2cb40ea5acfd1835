// `relbench cost replacement|inspection`: optimum age replacement or optimum inspection interval of a hidden
// failure for a life distribution of the failure model, with the cost curve and an optional best-interval table.
import {
  COST_DISTRIBUTIONS,
  type CostInput,
  type CostView,
  type InspectionResult,
  type ReplacementResult,
  tryOptimizeCost,
} from "../kernels/cost.ts";
import {
  FAILURE_PARAMETERS,
  type FailureDistribution,
  type FailureDistributionType,
  OPTIONAL_PARAMETERS,
} from "../shared/failure-model.ts";
import { type Problem, problemLine, problemText } from "../shared/problem.ts";
import { defineCommand, jsonOption, type OptionSpec, UsageError } from "./command.ts";

const PARAMETERS = ["beta", "eta", "gamma", "lambda", "mu", "sigma", "k", "theta"] as const;
const COSTS = {
  planned: "planned",
  unplanned: "unplanned",
  inspection: "inspection",
  detection: "detection",
  downtime: "downtime",
} as const;

const options: OptionSpec = {
  dist: { type: "string" },
  ...Object.fromEntries(PARAMETERS.map((name) => [name, { type: "string" as const }])),
  ...Object.fromEntries(Object.keys(COSTS).map((name) => [name, { type: "string" as const }])),
  at: { type: "string" },
  points: { type: "string" },
  ...jsonOption,
};

const help = `Usage: relbench cost replacement --dist DIST PARAMETERS --planned C --unplanned C [--at T,T,...] [--json]
       relbench cost inspection  --dist DIST PARAMETERS --inspection C --unplanned C --downtime C
                                 --detection P [--at T,T,...] [--json]

replacement  optimum age (preventive) replacement: replace at age t for the planned cost, or at failure for
             the unplanned cost; cost per unit time C(t) = (Cp R(t) + Cu F(t)) / integral of R from 0 to t,
             against running to failure, Cu / MTTF. No finite optimum without wear-out (beta at most 1).
inspection   optimum inspection interval of a hidden failure: each inspection costs --inspection and finds
             an existing failure with probability --detection (above 0, at most 1); a found failure is
             renewed for --unplanned; a failed item not yet found costs --downtime per unit time.

Distributions (failure model): ${COST_DISTRIBUTIONS.join(", ")}, with their parameters:
  --beta --eta [--gamma] (Weibull), --lambda [--gamma] (exponential), --mu --sigma (lognormal and
  log-logistic, of ln t), --k --theta (gamma).
Rules (spec 5): the planned cost at most 90 % of the unplanned; the inspection cost below the unplanned;
detection probability 0 to 1. Bad input exits 2 with one line.
--at lists ages (or intervals) for the best-interval table; --points sets the curve's points (default 200).

--json prints optimalAge (or optimalInterval), costPerUnitTime at the optimum (null when there is none),
runToFailureCostPerUnitTime (replacement), savingPerUnitTime, savingFraction, mttf, curve [{t,
costPerUnitTime}], best [{interval, costPerUnitTime, ratioToOptimum, savingPerUnitTime, best}] and warnings.`;

function numberValue(text: string, name: string): number {
  const x = Number(text);
  if (text.trim() === "" || !Number.isFinite(x))
    throw new UsageError(`--${name} must be a number, not '${text}'`);
  return x;
}

function readDistribution(values: Record<string, unknown>): FailureDistribution {
  const type = values.dist as string | undefined;
  if (!type) throw new UsageError(`give --dist: one of ${COST_DISTRIBUTIONS.join(", ")}`);
  if (!(COST_DISTRIBUTIONS as readonly string[]).includes(type))
    throw new UsageError(`--dist must be one of ${COST_DISTRIBUTIONS.join(", ")}, not '${type}'`);
  const takes = FAILURE_PARAMETERS[type as FailureDistributionType] as readonly string[];
  const out: Record<string, unknown> = { type };
  for (const name of PARAMETERS) {
    const text = values[name] as string | undefined;
    if (text === undefined) {
      if (
        takes.includes(name) &&
        !OPTIONAL_PARAMETERS[type as FailureDistributionType]?.includes(name as never)
      )
        throw new UsageError(`${type} needs --${name}`);
      continue;
    }
    if (!takes.includes(name)) throw new UsageError(`${type} does not take --${name}`);
    out[name] = numberValue(text, name);
  }
  return out as unknown as FailureDistribution;
}

const VIEW_COSTS: Record<CostView, readonly (keyof typeof COSTS)[]> = {
  replacement: ["planned", "unplanned"],
  inspection: ["inspection", "unplanned", "downtime", "detection"],
};

function readInput(view: CostView, values: Record<string, unknown>): CostInput {
  const input: Record<string, unknown> = { distribution: readDistribution(values) };
  for (const name of Object.keys(COSTS) as (keyof typeof COSTS)[]) {
    const text = values[name] as string | undefined;
    if (text === undefined) {
      if (VIEW_COSTS[view].includes(name)) throw new UsageError(`${view} needs --${name}`);
      continue;
    }
    if (!VIEW_COSTS[view].includes(name)) throw new UsageError(`${view} does not take --${name}`);
    input[name] = numberValue(text, name);
  }
  if (values.at !== undefined)
    input.candidates = String(values.at)
      .split(",")
      .map((s) => numberValue(s, "at"));
  if (values.points !== undefined) {
    const n = numberValue(values.points as string, "points");
    if (!Number.isInteger(n) || n < 2 || n > 100_000)
      throw new UsageError("--points must be a whole number from 2 to 100000");
    input.curvePoints = n;
  }
  return input as unknown as CostInput;
}

/** A problem as one line naming the option: "--planned: The planned replacement cost cannot ...". */
function optionLine(problem: Problem): string {
  const [field, ...rest] = problem.where ?? [];
  if (field === "distribution" && rest.length > 0) return `--${rest[0]}: ${problemText(problem)}`;
  if (field === "candidates") return `--at: ${problemText(problem)}`;
  if (typeof field === "string" && field !== "distribution") return `--${field}: ${problemText(problem)}`;
  return problemLine(problem);
}

const fmt = (x: number | null) => (x === null ? "none" : Number(x.toPrecision(8)).toString());

function text(result: ReplacementResult | InspectionResult): string {
  const lines: string[] = [];
  if (result.view === "replacement") {
    lines.push(`Optimum replacement age       ${fmt(result.optimalAge)}`);
    lines.push(`Cost per unit time there      ${fmt(result.costPerUnitTime)}`);
    lines.push(`Run to failure (Cu / MTTF)    ${fmt(result.runToFailureCostPerUnitTime)}`);
    lines.push(
      `Saving per unit time          ${fmt(result.savingPerUnitTime)} (${fmt(100 * result.savingFraction)} %)`,
    );
  } else {
    lines.push(`Optimum inspection interval   ${fmt(result.optimalInterval)}`);
    lines.push(`Cost per unit time there      ${fmt(result.costPerUnitTime)}`);
  }
  lines.push(`MTTF                          ${fmt(result.mttf)}`);
  if (result.best.length > 0) {
    lines.push("", "Interval        Cost per unit time   Ratio to optimum");
    for (const row of result.best)
      lines.push(
        `${fmt(row.interval).padEnd(16)}${fmt(row.costPerUnitTime).padEnd(21)}${fmt(row.ratioToOptimum)}${row.best ? "  <- best" : ""}`,
      );
  }
  for (const warning of result.warnings) lines.push("", `Warning: ${problemText(warning)}`);
  return lines.join("\n");
}

export const costCommand = defineCommand({
  help,
  options,
  allowPositionals: true,
  async run({ values, positionals }, io) {
    const [view, ...extra] = positionals;
    if (view !== "replacement" && view !== "inspection")
      throw new UsageError(
        view ? `unknown analysis '${view}'; use replacement or inspection` : "name replacement or inspection",
      );
    if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`);
    const outcome = await tryOptimizeCost(readInput(view, values), view);
    if (!outcome.ok) {
      const [first, ...rest] = outcome.problems;
      const more = rest.length > 0 ? ` (and ${rest.length} more problem${rest.length > 1 ? "s" : ""})` : "";
      throw new UsageError(`${optionLine(first)}${more}`);
    }
    const result = outcome.value;
    if (values.json) {
      const { view: _view, warnings, ...rest } = result;
      io.out(
        JSON.stringify({
          analysis: view,
          ...rest,
          warnings: warnings.map((w) => ({ key: w.key, message: problemText(w) })),
        }),
      );
    } else io.out(text(result));
    return 0;
  },
});
