// `relbench degradation fit FILE`: each unit's degradation path, its pseudo failure time and the life fit of
// those times, on the same kernels as the app (src/kernels/degradation.ts).
import {
  DEGRADATION_DIRECTIONS,
  DEGRADATION_MODELS,
  type DegradationData,
  DegradationInputError,
  type DegradationResult,
  fitDegradation,
  MODEL_INFO,
} from "../kernels/degradation.ts";
import {
  type FitOptions,
  LIFE_BOUNDS,
  LIFE_DISTRIBUTIONS,
  LIFE_METHODS,
  LIFE_RANKS,
  LIFE_SIDES,
  LifeInputError,
} from "../kernels/life.ts";
import { LIMITS } from "../shared/constants.ts";
import { formatLimit } from "../shared/messages.ts";
import { type Problem, problemText } from "../shared/problem.ts";
import {
  DEGRADATION_COLUMNS,
  type DegradationColumn,
  degradationColumnOf,
} from "../shared/schemas/degradation.ts";
import { defineCommand, UsageError } from "./command.ts";
import { jsonFit, textFit } from "./life.ts";
import { toNumber } from "./life-input.ts";
import { type Cell, readCells } from "./table-input.ts";

const models = DEGRADATION_MODELS.map((m) => `  ${m.padEnd(12)} ${MODEL_INFO[m].formula}`).join("\n");

const HELP = `Usage: relbench degradation fit FILE --model MODEL --threshold X [options]

Degradation analysis by pseudo failure times: FILE is a CSV or xlsx table whose header row names the
columns unit (unit id), time (test time) and value (measure value), any order; one row per measurement.
Each unit's path is fitted, solved for the time it reaches the threshold, and those times are fitted by
the life-data analysis (the options of relbench life fit).

  --model MODEL     the path y(t), each unit fitted by least squares:
${models}
                    linear, exponential, power, logarithmic and Lloyd-Lipow on the linearised form
                    (ln y for exponential and power, ln t for power and logarithmic, 1/t for
                    Lloyd-Lipow; R squared on that scale), quadratic directly, Gompertz by nonlinear
                    least squares on y
  --threshold X     the critical value of the measure
  --direction D     up (default: the unit fails when its measure rises to X) | down (falls to X)
  --limit T         a unit whose path reaches X after T, or never, is a suspension at T; without a
                    limit, one that never reaches X is a suspension at its last measurement
  --dist NAME       ${LIFE_DISTRIBUTIONS.join(" | ")} (default weibull2p)
  --beta B          the fixed beta of weibull1p (${formatLimit(LIMITS.beta.min)} to ${formatLimit(LIMITS.beta.max)})
  --method M        mle (default) | rrx | rry
  --ranks R         exact (default) | bernard | km
  --bounds B        fisher (default) | lr
  --sided S         two (default) | lower | upper
  --ci C            confidence level in percent, ${formatLimit(LIMITS.analysisConfidence.min)} to ${formatLimit(LIMITS.analysisConfidence.max)} (default 90)
  --at T,...        reliability with bounds at these times
  --json            print one JSON object

The JSON object has model, threshold, direction, limit, units [{id, parameters (by name: a, b and for
Gompertz and quadratic c), rSquared, pseudoFailureTime (a suspended unit's suspension time), suspended}]
and fit (the object of relbench life fit --json). Bad input exits 2 with one line; fewer than two units
reaching the threshold (one for one-parameter laws) is 'The degradation data cannot generate valid
failure data for weibull analysis.'`;

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
    .map((s) => (s.trim() === "" ? Number.NaN : Number(s)));
  if (list.some((x) => !Number.isFinite(x)))
    throw new UsageError(`--${option} needs numbers separated by commas`);
  return list;
}

/** One line for the first problem: its row and file line (header is line 1) or its unit, and the count. */
function problemsError(problems: Problem[]): UsageError {
  const first = problems[0];
  const [at, column] = first.where ?? [];
  const where =
    typeof at === "number"
      ? `row ${at} (line ${at + 1}${column ? `, ${column}` : ""}): `
      : at === "unit"
        ? ""
        : at
          ? `--${at}: `
          : "";
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
  return new UsageError(`${where}${problemText(first)}${more}`);
}

/** The measurements of FILE's rows. */
export function degradationDataOf(rows: Cell[][], path: string): DegradationData {
  const index: Partial<Record<DegradationColumn, number>> = {};
  rows[0].forEach((h, i) => {
    const key = degradationColumnOf(h);
    if (key && index[key] === undefined) index[key] = i;
  });
  const missing = DEGRADATION_COLUMNS.filter((c) => index[c] === undefined);
  if (missing.length)
    throw new UsageError(
      `${path}: the header row needs the columns unit, time and value; missing: ${missing.join(", ")}`,
    );
  const body = rows.slice(1);
  const cellText = (v: Cell) => (v === null || v === undefined ? "" : String(v).trim());
  return {
    unit: body.map((r) => cellText(r[index.unit as number])),
    time: Float64Array.from(body, (r) => toNumber(r[index.time as number])),
    value: Float64Array.from(body, (r) => toNumber(r[index.value as number])),
  };
}

function fmt(x: number | null | undefined): string {
  return x === null || x === undefined || Number.isNaN(x) ? "-" : Number(x.toPrecision(7)).toString();
}

function textResult(result: DegradationResult): string {
  const lines = [
    `${result.model} paths (${MODEL_INFO[result.model].formula}), threshold ${fmt(result.threshold)} ${result.direction}${result.limit === null ? "" : `, limit ${fmt(result.limit)}`}`,
    `  ${"unit".padEnd(12)} ${MODEL_INFO[result.model].parameters.map((p) => p.padEnd(12)).join(" ")} ${"R2".padEnd(10)} time       F/S`,
  ];
  for (const u of result.units)
    lines.push(
      `  ${u.id.padEnd(12)} ${Object.values(u.parameters)
        .map((v) => fmt(v).padEnd(12))
        .join(
          " ",
        )} ${fmt(u.rSquared).padEnd(10)} ${fmt(u.pseudoFailureTime).padEnd(10)} ${u.suspended ? "S" : "F"}`,
    );
  lines.push(`  failures ${result.failures}  suspensions ${result.suspensions}`, "", textFit(result.fit));
  return lines.join("\n");
}

export function jsonResult(result: DegradationResult): Record<string, unknown> {
  return {
    model: result.model,
    threshold: result.threshold,
    direction: result.direction,
    limit: result.limit,
    units: result.units.map((u) => ({
      id: u.id,
      parameters: u.parameters,
      rSquared: u.rSquared,
      pseudoFailureTime: u.pseudoFailureTime,
      suspended: u.suspended,
    })),
    fit: jsonFit(result.fit),
  };
}

export const degradationCommand = defineCommand({
  help: HELP,
  allowPositionals: true,
  options: {
    model: { type: "string" },
    threshold: { type: "string" },
    direction: { type: "string" },
    limit: { type: "string" },
    dist: { type: "string" },
    beta: { type: "string" },
    method: { type: "string" },
    ranks: { type: "string" },
    bounds: { type: "string" },
    sided: { type: "string" },
    ci: { type: "string" },
    at: { type: "string" },
    json: { type: "boolean", default: false },
  },
  async run({ values, positionals }, io) {
    const [sub, file, ...extra] = positionals;
    if (sub !== "fit") throw new UsageError("expected 'degradation fit FILE --model ... --threshold X'");
    if (!file) throw new UsageError("'degradation fit' needs a FILE");
    if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);
    if (values.model === undefined)
      throw new UsageError(`--model is required: ${DEGRADATION_MODELS.join(", ")}`);
    const model = oneOf(values.model, DEGRADATION_MODELS, "model") as (typeof DEGRADATION_MODELS)[number];
    const threshold = numberOption(values.threshold, "threshold");
    if (threshold === undefined) throw new UsageError("--threshold is required");
    const life: FitOptions = {
      distribution: oneOf(
        values.dist ?? "weibull2p",
        LIFE_DISTRIBUTIONS,
        "dist",
      ) as FitOptions["distribution"],
      method: oneOf(values.method, LIFE_METHODS, "method"),
      ranks: oneOf(values.ranks, LIFE_RANKS, "ranks"),
      bounds: oneOf(values.bounds, LIFE_BOUNDS, "bounds"),
      sided: oneOf(values.sided, LIFE_SIDES, "sided"),
      confidence: numberOption(values.ci, "ci"),
      beta: numberOption(values.beta, "beta"),
      at: numberList(values.at, "at"),
      curvePoints: 0,
      positions: false,
    };
    const options = {
      model,
      threshold,
      direction: oneOf(values.direction, DEGRADATION_DIRECTIONS, "direction"),
      limit: numberOption(values.limit, "limit"),
      life,
    };
    const data = degradationDataOf(await readCells(file), file);
    try {
      const result = await fitDegradation(data, options);
      io.out(values.json ? JSON.stringify(jsonResult(result)) : textResult(result));
      return 0;
    } catch (error) {
      if (error instanceof DegradationInputError) throw problemsError(error.problems);
      if (error instanceof LifeInputError) throw problemsError(error.issues);
      throw error;
    }
  },
});
