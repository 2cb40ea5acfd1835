// `relbench design <planner>`: a reliability test plan solved for the quantity left out (or --solve),
// with its operating characteristic. Percentages as the screens take them (90 means 90 %).

import { distributionForms, parseDistributionText } from "../kernels/testdesign/distribution-text.ts";
import type { DesignInput, Planner, Quantity, TestPlan } from "../kernels/testdesign.ts";
import { PLANNER_SPECS, PLANNERS, QUANTITIES, tryDesignTest } from "../kernels/testdesign.ts";
import { LIMITS, type Limit } from "../shared/constants.ts";
import { formatLimit } from "../shared/messages.ts";
import { problemLine } from "../shared/problem.ts";
import { defineCommand, jsonOption, type OptionSpec, UsageError } from "./command.ts";

/** Command-line option of each quantity a planner reads. */
const NUMBER_OPTIONS: Partial<Record<Quantity, string>> = {
  reliability: "reliability",
  confidence: "confidence",
  samples: "samples",
  failures: "failures",
  beta: "beta",
  testTime: "test-time",
  demoTime: "demo-time",
  mttf: "mttf",
  rate: "rate",
  effectiveness: "effectiveness",
  designMttf: "design-mttf",
  producerRisk: "producer-risk",
};

const options: OptionSpec = {
  ...Object.fromEntries(Object.values(NUMBER_OPTIONS).map((name) => [name, { type: "string" as const }])),
  solve: { type: "string" },
  stress: { type: "string" },
  strength: { type: "string" },
  "stress-location": { type: "string" },
  "strength-location": { type: "string" },
  "two-sided": { type: "boolean", default: false },
  "failure-terminated": { type: "boolean", default: false },
  ...jsonOption,
};

const range = (limit: Limit) => `${formatLimit(limit.min)}-${formatLimit(limit.max)}`;

const help = `Usage: relbench design <planner> [--reliability R] [--confidence C] [--samples N] [--failures F]
       [--beta B] [--test-time T] [--demo-time T] [--mttf M] [--solve QUANTITY]
       [--stress DIST:params] [--strength DIST:params] [--json]

Planners: ${PLANNERS.join(", ")}.
Give every quantity but one: the plan solves for the one left out (or for --solve QUANTITY).
Percentages as the screens take them: --reliability 90 means 90 %.

  nonparametric-binomial   --reliability --confidence --samples --failures
  parametric-binomial      ... and --test-time (per unit) --demo-time (where R holds) [--beta, default 1]
  exponential-chi-squared  --mttf (or --reliability with --demo-time) --confidence --failures --test-time
                           [--samples: test time per unit] [--two-sided] [--failure-terminated]
                           [--design-mttf M --producer-risk P: test length for both risks]
  weibull-chi-squared      --reliability --demo-time --beta --confidence --failures --samples --test-time
  poisson                  --samples (systems) --test-time --failures --mttf (MTBF; or --rate) --confidence [--beta]
  fix-effectiveness        --mttf (pre-fix MTBF, or eta with --beta) --confidence --test-time
                           [--effectiveness D %, default 0] [--failures, default 0] [--samples, default 1]
  stress-strength          --stress DIST:params --strength DIST:params [--stress-location X] [--strength-location X]

Distributions as in the failure model: ${distributionForms()}.
Ranges (spec 5): required confidence ${range(LIMITS.requiredConfidence)}, reliability and confidence of a
finished test ${range(LIMITS.percent)}, beta ${range(LIMITS.beta)}, times and MTTF ${range(LIMITS.testTime)},
samples ${range(LIMITS.samples)}, failures ${range(LIMITS.failures)} and not above samples. Out-of-range
input exits 2 with the message.

--json prints every input and the solved quantity by name (samples, testTime, reliability, confidence,
failures, mttf, probabilityOfFailure, ...), "solved", "details" and the "oc" points {x, pAccept}.`;

function numberValue(text: string, name: string): number {
  const x = Number(text);
  if (text.trim() === "" || !Number.isFinite(x))
    throw new UsageError(`--${name} must be a number, not '${text}'`);
  return x;
}

function readInput(planner: Planner, values: Record<string, unknown>): DesignInput {
  const input: Record<string, unknown> = { planner };
  const spec = PLANNER_SPECS[planner];
  const reads = new Set<Quantity>([...spec.core, ...spec.optional]);
  for (const [quantity, name] of Object.entries(NUMBER_OPTIONS) as [Quantity, string][]) {
    if (values[name] === undefined) continue;
    if (!reads.has(quantity)) throw new UsageError(`${planner} does not take --${name}`);
    input[quantity] = numberValue(values[name] as string, name);
  }
  if (values.solve !== undefined) {
    const solve = values.solve as Quantity;
    if (!QUANTITIES.includes(solve)) throw new UsageError(`--solve takes one of ${spec.solvable.join(", ")}`);
    input.solve = solve;
  }
  if (values["two-sided"]) input.sides = 2;
  if (values["failure-terminated"]) input.termination = "failure";
  for (const side of ["stress", "strength"] as const) {
    const text = values[side] as string | undefined;
    if (text === undefined) continue;
    if (planner !== "stress-strength") throw new UsageError(`${planner} does not take --${side}`);
    const parsed = parseDistributionText(text, `--${side}`);
    if ("problem" in parsed) throw new UsageError(problemLine(parsed.problem));
    input[side] = parsed.distribution;
    const location = values[`${side}-location`] as string | undefined;
    if (location !== undefined) input[`${side}Location`] = numberValue(location, `${side}-location`);
  }
  return input as unknown as DesignInput;
}

const NAMES: Partial<Record<Quantity, string>> = {
  reliability: "Reliability (%)",
  confidence: "Confidence (%)",
  samples: "Samples",
  failures: "Failures allowed",
  beta: "Beta",
  testTime: "Test time",
  demoTime: "Demonstration time",
  mttf: "MTTF",
  rate: "Rate",
  effectiveness: "Fix effectiveness (%)",
  designMttf: "Design MTTF",
  producerRisk: "Producer's risk (%)",
  probabilityOfFailure: "Probability of failure (%)",
};

const fmt = (x: number) => (Number.isInteger(x) ? String(x) : Number(x.toPrecision(8)).toString());

function text(plan: TestPlan): string {
  const lines = [`${plan.planner}: solved for ${plan.solved}`];
  const entries = Object.entries(plan.values) as [Quantity, number][];
  const width = Math.max(...entries.map(([q]) => (NAMES[q] ?? q).length));
  for (const [q, v] of entries)
    lines.push(`  ${(NAMES[q] ?? q).padEnd(width)}  ${fmt(v)}${q === plan.solved ? "  <- solved" : ""}`);
  for (const [k, v] of Object.entries(plan.details)) lines.push(`  ${k}: ${fmt(v)}`);
  return lines.join("\n");
}

export const designCommand = defineCommand({
  help,
  options,
  allowPositionals: true,
  async run({ values, positionals }, io) {
    const [planner, ...extra] = positionals;
    if (!planner) throw new UsageError(`name a planner: ${PLANNERS.join(", ")}`);
    if (!PLANNERS.includes(planner as Planner))
      throw new UsageError(`unknown planner '${planner}'; the planners are ${PLANNERS.join(", ")}`);
    if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`);
    const input = readInput(planner as Planner, values);
    const outcome = await tryDesignTest(input);
    if (!outcome.ok) {
      const [first, ...rest] = outcome.problems;
      const more = rest.length > 0 ? ` (and ${rest.length} more problem${rest.length > 1 ? "s" : ""})` : "";
      throw new UsageError(`${problemLine(first)}${more}`);
    }
    const plan = outcome.value;
    if (values.json) {
      const oc = plan.oc ? plan.oc.x.map((x, i) => ({ x, pAccept: plan.oc?.pAccept[i] })) : [];
      io.out(
        JSON.stringify({
          planner: plan.planner,
          solved: plan.solved,
          ...plan.values,
          details: plan.details,
          ocAxis: plan.oc?.axis ?? null,
          oc,
        }),
      );
    } else io.out(text(plan));
    return 0;
  },
});
