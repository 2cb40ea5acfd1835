// `relbench growth fit FILE` and `relbench growth plan`: reliability growth from the command line, on the
// same kernels as the app (src/kernels/growth.ts).

import { brentRoot } from "../kernels/growth/numeric.ts";
import {
  type CrowAmsaaFit,
  type DuaneFit,
  fitCrowAmsaa,
  fitDuaneModel,
  GROWTH_BOUNDS,
  GROWTH_SIDES,
  GROWTH_TERMINATIONS,
  type GrowthData,
  GrowthInputError,
  type GrowthOptions,
  idealizedAlpha,
  idealizedInitialMtbf,
  idealizedMtbf,
  idealizedSteps,
  idealizedTotalTime,
  type PlannedPhase,
  pm2Mtbf,
  pm2Plan,
  pm2Steps,
} from "../kernels/growth.ts";
import { LIMITS } from "../shared/constants.ts";
import { formatLimit } from "../shared/messages.ts";
import { type Problem, problemLine } from "../shared/problem.ts";
import { defineCommand, UsageError } from "./command.ts";
import { toNumber } from "./life-input.ts";
import { type Cell, readCells } from "./table-input.ts";

const HELP = `Usage: relbench growth fit FILE [options]
       relbench growth plan --model mil-hdbk-189|pm2 [options]

fit: Crow-AMSAA (NHPP power law, maximum likelihood) or Duane (least squares) on FILE, a CSV or xlsx
table whose header row names the columns time (the cumulative test time of each failure; for grouped
data the end of each interval) and, optionally, count (failures in the interval, 0 for none; grouped
data) and prototype (1, 2, ...: several prototypes tested together).
  --model M         crow-amsaa (default) | duane
  --terminated T    time | failure (default: time when --end is given, else failure)
  --end T[,T...]    end of test (time-terminated); one per prototype, in prototype order
  --grouped         FILE holds interval ends and counts
  --bounds B        crow (default) | fisher
  --sided S         two (default) | lower | upper
  --ci C            confidence in percent, ${formatLimit(LIMITS.analysisConfidence.min)} to ${formatLimit(LIMITS.analysisConfidence.max)} (default 90)
  --alpha A         significance of the goodness-of-fit tests: 0.2, 0.15, 0.1 (default), 0.05, 0.01
  --target MTBF     report the time at which the cumulative and the instantaneous MTBF reach MTBF
  --json            print one JSON object

Crow bounds: beta by chi-squared (2N degrees of freedom time-terminated, 2N-2 failure-terminated),
lambda and cumulative MTBF from the Poisson count, instantaneous MTBF from Crow's (1982) distribution of
the product of two gamma variables. Grouped data and several prototypes get Fisher bounds (ln scale).
Goodness of fit: Cramer-von Mises with MIL-HDBK-189's critical values (individual times, one
prototype); chi-squared on intervals pooled to expected counts of at least 5 (grouped). The trend
test is MIL-HDBK-189's chi-squared test of 2 sum ln(T/X) against a constant rate.

The JSON object has model, beta, lambda, betaUnbiased, growthRate, cumulativeMtbf, instantaneousMtbf,
intensity, bounds (each {lower, upper}), goodnessOfFit {statistic, critical, pass, ...}, trend and
timeToTarget {cumulative, instantaneous}; Duane: alpha, b, cumulativeMtbf, instantaneousMtbf,
intensity, rSquared, timeToTarget.

plan --model mil-hdbk-189: the idealized curve M_I up to t1, then M_I (t/t1)^alpha / (1 - alpha).
  --initial-time t1 (required) and three of --initial-mtbf M_I, --alpha a, --final-mtbf M_F,
  --total T; the fourth is solved ("solved" in the output).
plan --model pm2: MIL-HDBK-189C's planning model 2.
  --initial-mtbf M_I --goal-mtbf M_G --ms MS (management strategy, 0-1) --fef d (average fix
  effectiveness, 0-1) --total T; prints beta, the growth potential and whether the goal is feasible.
Both: --phases E1,E2,... (phase end times: the planned step curve), --fix-lag L (pm2), --points N
(points of the curve, default 50), --json.

Bad input: one line on stderr, exit code 2.`;

function oneOf<T extends string>(value: unknown, allowed: readonly T[], option: string): T | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) throw new UsageError(`--${option} must be one of ${allowed.join(", ")}`);
  return value as T;
}

function numberOption(value: unknown, option: string): number | undefined {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (String(value).trim() === "" || !Number.isFinite(x)) throw new UsageError(`--${option} needs a number`);
  return x;
}

function numberList(value: unknown, option: string): number[] | undefined {
  if (value === undefined) return undefined;
  const list = String(value)
    .split(",")
    .map((s) => s.trim())
    .map((s) => (s === "" ? Number.NaN : Number(s)));
  if (list.some((x) => !Number.isFinite(x)))
    throw new UsageError(`--${option} needs numbers separated by commas`);
  return list;
}

function problemsError(problems: Problem[]): UsageError {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
  return new UsageError(`${problemLine(problems[0])}${more}`);
}

const COLUMN_NAMES: Record<string, "time" | "count" | "prototype"> = {
  time: "time",
  end: "time",
  "failure time": "time",
  count: "count",
  failures: "count",
  n: "count",
  prototype: "prototype",
};

/** The data of FILE: failure times (row order kept), or interval ends with counts. */
export function growthDataOf(
  rows: Cell[][],
  path: string,
  grouped: boolean,
  termination: "time" | "failure",
  ends: number[] | undefined,
): GrowthData {
  const header = rows[0].map((h) =>
    String(h ?? "")
      .trim()
      .toLowerCase(),
  );
  const index: Partial<Record<"time" | "count" | "prototype", number>> = {};
  header.forEach((name, i) => {
    const key = COLUMN_NAMES[name];
    if (key && index[key] === undefined) index[key] = i;
  });
  if (index.time === undefined)
    throw new UsageError(`${path}: the header row needs a time column; found: ${header.join(", ")}`);
  const body = rows.slice(1);
  const times = body.map((r) => toNumber(r[index.time as number]));
  if (grouped) {
    if (index.count === undefined) throw new UsageError(`${path}: grouped data need a count column`);
    return { kind: "grouped", ends: times, counts: body.map((r) => toNumber(r[index.count as number])) };
  }
  if (index.prototype === undefined) return { kind: "individual", times, termination, ends };
  // Prototypes are numbered 1..K in the file; the kernel takes 0-based indices.
  const prototype = body.map((r) => toNumber(r[index.prototype as number]) - 1);
  return { kind: "individual", times, termination, ends, prototype };
}

function fmt(x: number | null | undefined): string {
  return x === null || x === undefined || Number.isNaN(x) ? "-" : Number(x.toPrecision(7)).toString();
}

function textCrow(fit: CrowAmsaaFit): string {
  const b = fit.bounds;
  const row = (name: string, value: number, bound?: { lower: number; upper: number }) =>
    `  ${name.padEnd(18)} ${fmt(value)}${bound ? `  [${fmt(bound.lower)}, ${fmt(bound.upper)}]` : ""}`;
  const lines = [
    `Crow-AMSAA, ${fit.data} data, ${fit.termination}-terminated, ${fit.failures} failures, T = ${fmt(fit.time)}`,
    row("beta", fit.beta, b.beta),
    row("beta (unbiased)", fit.betaUnbiased),
    row("lambda", fit.lambda, b.lambda),
    row("growth rate", fit.growthRate, b.growthRate),
    row("cumulative MTBF", fit.cumulativeMtbf, b.cumulativeMtbf),
    row("instantaneous MTBF", fit.instantaneousMtbf, b.instantaneousMtbf),
    row("intensity", fit.intensity, b.intensity),
    `  bounds: ${b.method}`,
  ];
  const g = fit.goodnessOfFit;
  if (g)
    lines.push(
      `  ${g.test}: ${fmt(g.statistic)} (critical ${fmt(g.critical)} at ${g.significance}) ${g.pass ? "pass" : "fail"}`,
    );
  if (fit.trend) lines.push(`  trend: ${fit.trend.conclusion} (p ${fmt(fit.trend.pValue)})`);
  if (fit.timeToTarget)
    lines.push(
      `  time to target: cumulative ${fmt(fit.timeToTarget.cumulative)}, instantaneous ${fmt(fit.timeToTarget.instantaneous)}`,
    );
  return lines.join("\n");
}

function textDuane(fit: DuaneFit): string {
  const lines = [
    `Duane, ${fit.failures} failures, T = ${fmt(fit.time)}`,
    `  alpha ${fmt(fit.alpha)}  b ${fmt(fit.b)}  R^2 ${fmt(fit.rSquared)}`,
    `  cumulative MTBF ${fmt(fit.cumulativeMtbf)}  instantaneous MTBF ${fmt(fit.instantaneousMtbf)}`,
  ];
  if (fit.timeToTarget)
    lines.push(
      `  time to target: cumulative ${fmt(fit.timeToTarget.cumulative)}, instantaneous ${fmt(fit.timeToTarget.instantaneous)}`,
    );
  return lines.join("\n");
}

async function runFit(values: Record<string, unknown>, file: string): Promise<string> {
  const model = oneOf(values.model ?? "crow-amsaa", ["crow-amsaa", "duane"] as const, "model");
  const ends = numberList(values.end, "end");
  const termination =
    oneOf(values.terminated, GROWTH_TERMINATIONS, "terminated") ?? (ends ? "time" : "failure");
  if (termination === "failure" && ends) throw new UsageError("--end applies to a time-terminated test");
  const grouped = values.grouped === true;
  if (grouped && model === "duane")
    throw new UsageError("Duane takes individual failure times, not --grouped");
  const data = growthDataOf(await readCells(file), file, grouped, termination, ends);
  const options: GrowthOptions = {
    confidence: numberOption(values.ci, "ci") ?? 90,
    sided: oneOf(values.sided, GROWTH_SIDES, "sided") ?? "two",
    bounds: oneOf(values.bounds, GROWTH_BOUNDS, "bounds") ?? "crow",
    target: numberOption(values.target, "target"),
    significance: numberOption(values.alpha, "alpha"),
  };
  const json = values.json === true;
  try {
    if (model === "duane") {
      const result = await fitDuaneModel(data as Extract<GrowthData, { kind: "individual" }>, options);
      return json ? JSON.stringify(result) : textDuane(result);
    }
    const result = await fitCrowAmsaa(data, options);
    return json ? JSON.stringify(result) : textCrow(result);
  } catch (error) {
    if (error instanceof GrowthInputError) throw problemsError(error.problems);
    throw error;
  }
}

function need(values: Record<string, unknown>, option: string): number {
  const x = numberOption(values[option], option);
  if (x === undefined) throw new UsageError(`--${option} is required`);
  return x;
}

function positiveOption(values: Record<string, unknown>, option: string): number | undefined {
  const x = numberOption(values[option], option);
  if (x !== undefined && !(x > 0)) throw new UsageError(`--${option} must be greater than 0`);
  return x;
}

function curve(f: (t: number) => number, total: number, points: number) {
  return Array.from({ length: points }, (_, i) => {
    const t = (total * (i + 1)) / points;
    return { time: t, mtbf: f(t) };
  });
}

function phasesOf(values: Record<string, unknown>, total: number): number[] | undefined {
  const phases = numberList(values.phases, "phases");
  if (!phases) return undefined;
  if (phases.some((e, i) => !(e > (phases[i - 1] ?? 0))))
    throw new UsageError("--phases must be increasing times greater than 0");
  if (phases[phases.length - 1] > total) throw new UsageError("--phases must end at or before --total");
  return phases;
}

function runPlan(values: Record<string, unknown>): { json: unknown; text: string } {
  const model = oneOf(values.model, ["mil-hdbk-189", "pm2"] as const, "model");
  if (!model) throw new UsageError("--model mil-hdbk-189 or --model pm2 is required");
  const points = numberOption(values.points, "points") ?? 50;
  if (!(Number.isInteger(points) && points >= 2 && points <= 10_000))
    throw new UsageError("--points must be a whole number from 2 to 10000");
  const stepsText = (steps: PlannedPhase[]) =>
    steps.map(
      (s, i) => `  phase ${i + 1} to ${fmt(s.end)}: MTBF ${fmt(s.mtbf)}, ${fmt(s.failures)} failures`,
    );
  if (model === "mil-hdbk-189") {
    const t1 = positiveOption(values, "initial-time");
    if (t1 === undefined) throw new UsageError("--initial-time is required");
    let mi = positiveOption(values, "initial-mtbf");
    let alpha = numberOption(values.alpha, "alpha");
    let mf = positiveOption(values, "final-mtbf");
    let total = positiveOption(values, "total");
    if (alpha !== undefined && !(alpha > 0 && alpha < 1))
      throw new UsageError("--alpha must be between 0 and 1");
    const given = [mi, alpha, mf, total].filter((x) => x !== undefined).length;
    if (given !== 3)
      throw new UsageError(
        "give three of --initial-mtbf, --alpha, --final-mtbf, --total; the fourth is solved",
      );
    let solved: Record<string, number>;
    if (mf === undefined) {
      mf = idealizedMtbf(
        { initialMtbf: mi as number, initialTime: t1, alpha: alpha as number },
        total as number,
      );
      solved = { finalMtbf: mf };
    } else if (mi === undefined) {
      mi = idealizedInitialMtbf(mf, alpha as number, total as number, t1);
      solved = { initialMtbf: mi };
    } else if (total === undefined) {
      total = idealizedTotalTime({ initialMtbf: mi, initialTime: t1, alpha: alpha as number }, mf);
      solved = { total };
    } else {
      if (!(total > t1 && mf > mi))
        throw new UsageError("solving alpha needs --total above t1 and --final-mtbf above --initial-mtbf");
      const [m0, m1, tt] = [mi, mf, total];
      // Exactly: M_F = M_I (T/t1)^alpha / (1 - alpha); the handbook's approximation beside it.
      alpha = brentRoot(
        (a) => Math.log(m0) + a * Math.log(tt / t1) - Math.log1p(-a) - Math.log(m1),
        1e-12,
        1 - 1e-12,
      );
      if (!Number.isFinite(alpha))
        throw new UsageError("no growth rate between 0 and 1 reaches --final-mtbf by --total");
      solved = { alpha, alphaApproximation: idealizedAlpha(mi, mf, total, t1) };
    }
    if (!((total as number) > t1)) throw new UsageError("--total must be greater than --initial-time");
    const inputs = { initialMtbf: mi as number, initialTime: t1, alpha: alpha as number };
    const phases = phasesOf(values, total as number);
    const steps = phases ? idealizedSteps(inputs, phases) : [];
    const json = {
      model,
      initialMtbf: inputs.initialMtbf,
      initialTime: t1,
      alpha: inputs.alpha,
      finalMtbf: mf,
      total,
      solved,
      curve: curve((t) => idealizedMtbf(inputs, t), total as number, points),
      phases: steps,
    };
    const text = [
      `MIL-HDBK-189 idealized curve: M_I ${fmt(inputs.initialMtbf)} to t1 ${fmt(t1)}, alpha ${fmt(inputs.alpha)}, M_F ${fmt(mf)} at T ${fmt(total)}`,
      `  solved: ${Object.entries(solved)
        .map(([k, v]) => `${k} ${fmt(v)}`)
        .join(", ")}`,
      ...stepsText(steps),
    ].join("\n");
    return { json, text };
  }
  const inputs = {
    initialMtbf: need(values, "initial-mtbf"),
    goalMtbf: need(values, "goal-mtbf"),
    managementStrategy: need(values, "ms"),
    fixEffectiveness: need(values, "fef"),
    totalTime: need(values, "total"),
  };
  for (const [option, x] of [
    ["ms", inputs.managementStrategy],
    ["fef", inputs.fixEffectiveness],
  ] as const)
    if (!(x > 0 && x <= 1)) throw new UsageError(`--${option} must be greater than 0 and at most 1`);
  for (const option of ["initial-mtbf", "goal-mtbf", "total"]) positiveOption(values, option);
  const result = pm2Plan(inputs);
  const fixLag = numberOption(values["fix-lag"], "fix-lag") ?? 0;
  if (fixLag < 0) throw new UsageError("--fix-lag must be at least 0");
  const phases = phasesOf(values, inputs.totalTime);
  const steps = phases && result.feasible ? pm2Steps(inputs, result.beta, phases, fixLag) : [];
  const json = {
    model,
    ...inputs,
    ...result,
    solved: { beta: result.beta },
    curve: result.feasible ? curve((t) => pm2Mtbf(inputs, result.beta, t), inputs.totalTime, points) : [],
    phases: steps,
  };
  const text = [
    `PM2: M_I ${fmt(inputs.initialMtbf)}, goal ${fmt(inputs.goalMtbf)} at ${fmt(inputs.totalTime)}, growth potential ${fmt(result.growthPotential)}`,
    result.feasible
      ? `  beta ${fmt(result.beta)}, design margin ${fmt(result.designMargin)}, expected B-modes ${fmt(result.expectedModes)}`
      : "  infeasible: the goal is not below the growth potential",
    ...stepsText(steps),
  ].join("\n");
  return { json, text };
}

export const growthCommand = defineCommand({
  help: HELP,
  allowPositionals: true,
  options: {
    model: { type: "string" },
    terminated: { type: "string" },
    end: { type: "string" },
    grouped: { type: "boolean", default: false },
    bounds: { type: "string" },
    sided: { type: "string" },
    ci: { type: "string" },
    alpha: { type: "string" },
    target: { type: "string" },
    "initial-time": { type: "string" },
    "initial-mtbf": { type: "string" },
    "final-mtbf": { type: "string" },
    "goal-mtbf": { type: "string" },
    total: { type: "string" },
    ms: { type: "string" },
    fef: { type: "string" },
    phases: { type: "string" },
    "fix-lag": { type: "string" },
    points: { type: "string" },
    json: { type: "boolean", default: false },
  },
  async run({ values, positionals }, io) {
    const [sub, ...rest] = positionals;
    if (sub === "fit") {
      const [file, ...extra] = rest;
      if (!file) throw new UsageError("'growth fit' needs a FILE");
      if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);
      io.out(await runFit(values, file));
      return 0;
    }
    if (sub === "plan") {
      if (rest.length) throw new UsageError(`unexpected argument '${rest[0]}'`);
      const result = runPlan(values);
      io.out(values.json ? JSON.stringify(result.json) : result.text);
      return 0;
    }
    throw new UsageError("expected 'growth fit FILE' or 'growth plan --model ...'");
  },
});
