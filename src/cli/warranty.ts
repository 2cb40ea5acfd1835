// `relbench warranty FILE`: the Nevada chart of FILE (CSV or xlsx) converted to life data, fitted and forecast
// on the same kernels as the app (src/kernels/warranty.ts).

import { nevadaFromCells } from "../kernels/warranty/sheet.ts";
import {
  analyzeWarranty,
  WARRANTY_CONVENTIONS,
  WARRANTY_INCLUSIVE,
  WARRANTY_ROUNDING,
  WarrantyInputError,
  type WarrantyOptions,
  type WarrantyResult,
} from "../kernels/warranty.ts";
import { LIFE_DISTRIBUTIONS, LIFE_METHODS, LIMITS } from "../shared/constants.ts";
import { formatLimit } from "../shared/messages.ts";
import { problemLine } from "../shared/problem.ts";
import { WARRANTY_MAX_PERIODS } from "../shared/schemas/warranty.ts";
import { defineCommand, jsonOption, UsageError } from "./command.ts";
import { readCells } from "./table-input.ts";

const help = `Usage: relbench warranty FILE [--inclusive return|non-return] [--convention exact-age|interval]
       [--dist D] [--method M] [--forecast N] [--future-sales Q,Q,...] [--increment X] [--ci C]
       [--rounding round|up|down] [--json]

Warranty analysis of a Nevada chart. FILE (CSV or xlsx, first sheet): a header row, then one row per
shipment period: its label, its sales (units shipped), then the returns of that shipment in each return
column. The header names the return periods; return column j is the period after shipment period j, so
a shipment's returns start on the diagonal and the cells left of it stay empty. A row labelled "future"
holds a future shipment's quantity in its sales cell (or use --future-sales).

  --inclusive V     how the sales count relates to the returns (default return):
                      return      return-inclusive (spec: isNevada): the shipped count includes the
                                  units later returned; survivors = sales - returns
                      non-return  non-return-inclusive (isNonNevada): returns are counted apart from the
                                  shipped count; survivors = sales, population = sales + returns
  --convention C    how returns become failure times (default exact-age):
                      exact-age   returns k periods after shipment fail at age k (Weibull++)
                      interval    they fail somewhere in (k-1, k] (Minitab, JMP)
                    Survivors are suspended at their current age in both.
  --dist D          ${LIFE_DISTRIBUTIONS.join(", ")} (default weibull2p)
  --method M        ${LIFE_METHODS.join(", ")} (default mle)
  --forecast N      periods to forecast after the last observed one, 1 to ${WARRANTY_MAX_PERIODS} (default 1)
  --future-sales Q  future shipments, one per period from the period after the last sales row
  --increment X     time units per period: ages are periods times X (default 1)
  --ci C            confidence in percent, ${formatLimit(LIMITS.analysisConfidence.min)} to ${formatLimit(LIMITS.analysisConfidence.max)} (default 95)
  --rounding R      round (default), up, down: how the rounded forecast counts are made
  --json            print one JSON object

Forecast: each shipment's survivors N at age a give N [F(a+p) - F(a+p-1)] / R(a) returns p periods
ahead, a future shipment of Q units at age b gives Q [F(b) - F(b-1)]; the interval of an expected count
is the exact Poisson interval (Minitab's Warranty Prediction). Tracking: per return column, the observed
returns against those expected of the units still at risk, flagged above the upper bound.

The JSON object has inclusive, convention, lifeData [{state, start, end, quantity}] (the life-data
columns; start only for the interval convention), fit (the life fit: distribution, method, parameters,
logLikelihood, bounds, counts), forecast [{period, expected, lower, upper, rounded, shipped, future}],
forecastTotal {expected, lower, upper, rounded}, tracking [{period, observed, expected, lower, upper,
flagged}] and cohorts (each with nextPeriod, its returns expected in the first period forecast). Exit 2
with one line on bad input.`;

function oneOf<T extends string>(value: unknown, allowed: readonly T[], option: string): T {
  const v = String(value);
  if (!(allowed as readonly string[]).includes(v))
    throw new UsageError(`--${option} must be one of ${allowed.join(", ")}, not '${v}'`);
  return v as T;
}

function numberArg(value: unknown, option: string): number {
  const text = String(value).trim();
  const x = Number(text);
  if (text === "" || !Number.isFinite(x))
    throw new UsageError(`--${option} must be a number, not '${value}'`);
  return x;
}

const fmt = (x: number) => (Number.isFinite(x) ? Number(x.toPrecision(7)).toString() : String(x));

function text(r: WarrantyResult): string {
  const lines = [
    `${r.inclusive}-inclusive, ${r.convention}: ${r.fit.counts.failures} failures, ${r.fit.counts.suspensions} suspensions`,
    `${r.fit.distribution} by ${r.fit.method.toUpperCase()}: ${Object.entries(r.fit.parameters)
      .map(([k, v]) => `${k} ${fmt(v)}`)
      .join(", ")}  (log-likelihood ${fmt(r.fit.logLikelihood)})`,
    `forecast (${r.confidence}% Poisson interval, rounded ${r.rounding}):`,
    ...r.forecast.map(
      (f) =>
        `  period +${f.period}: ${fmt(f.expected)} [${fmt(f.lower)}, ${fmt(f.upper)}] -> ${f.rounded.expected}`,
    ),
    `  total: ${fmt(r.forecastTotal.expected)} [${fmt(r.forecastTotal.lower)}, ${fmt(r.forecastTotal.upper)}] -> ${r.forecastTotal.rounded.expected}`,
    "observed vs expected:",
    ...r.tracking.map(
      (t) =>
        `  column ${t.period}: ${t.observed} vs ${fmt(t.expected)} [${fmt(t.lower)}, ${fmt(t.upper)}]${t.flagged ? "  above the bound" : ""}`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}

export const warrantyCommand = defineCommand({
  help,
  allowPositionals: true,
  options: {
    ...jsonOption,
    inclusive: { type: "string", default: "return" },
    convention: { type: "string", default: "exact-age" },
    dist: { type: "string", default: "weibull2p" },
    method: { type: "string", default: "mle" },
    forecast: { type: "string", default: "1" },
    "future-sales": { type: "string" },
    increment: { type: "string", default: "1" },
    ci: { type: "string", default: "95" },
    rounding: { type: "string", default: "round" },
  },
  async run({ values, positionals }, io) {
    const [file, ...rest] = positionals;
    if (!file) throw new UsageError("warranty needs a Nevada chart file (CSV or xlsx)");
    if (rest.length) throw new UsageError(`unexpected argument '${rest[0]}'`);
    const options: WarrantyOptions = {
      inclusive: oneOf(values.inclusive, WARRANTY_INCLUSIVE, "inclusive"),
      convention: oneOf(values.convention, WARRANTY_CONVENTIONS, "convention"),
      distribution: oneOf(values.dist, LIFE_DISTRIBUTIONS, "dist"),
      method: oneOf(values.method, LIFE_METHODS, "method"),
      rounding: oneOf(values.rounding, WARRANTY_ROUNDING, "rounding"),
      forecast: numberArg(values.forecast, "forecast"),
      increment: numberArg(values.increment, "increment"),
      confidence: numberArg(values.ci, "ci"),
    };
    const sheet = nevadaFromCells(await readCells(file));
    if (sheet.problems.length) throw new UsageError(`${file}: ${where(sheet.problems[0])}`);
    const future =
      values["future-sales"] === undefined
        ? sheet.chart.futureSales
        : String(values["future-sales"])
            .split(",")
            .map((q) => numberArg(q, "future-sales"));
    let result: WarrantyResult;
    try {
      result = await analyzeWarranty({ ...sheet.chart, futureSales: future }, options);
    } catch (error) {
      if (error instanceof WarrantyInputError) {
        const more = error.problems.length > 1 ? ` (and ${error.problems.length - 1} more)` : "";
        throw new UsageError(`${file}: ${where(error.problems[0])}${more}`);
      }
      throw error;
    }
    if (!values.json) {
      io.out(text(result));
      return 0;
    }
    const { fit } = result;
    io.out(
      `${JSON.stringify({
        inclusive: result.inclusive,
        convention: result.convention,
        increment: result.increment,
        confidence: result.confidence,
        rounding: result.rounding,
        lifeData: result.lifeData,
        fit: {
          distribution: fit.distribution,
          method: fit.method,
          parameters: fit.parameters,
          logLikelihood: fit.logLikelihood,
          aic: fit.aic,
          bic: fit.bic,
          covariance: fit.covariance,
          bounds: fit.bounds,
          counts: fit.counts,
          converged: fit.converged,
          warnings: fit.warnings,
        },
        forecast: result.forecast,
        forecastTotal: result.forecastTotal,
        tracking: result.tracking,
        cohorts: result.cohorts,
      })}\n`,
    );
    return 0;
  },
});

/** A problem with its sheet position: the kernel's [row, column] of the chart is sheet row + 1 (header). */
function where(problem: Parameters<typeof problemLine>[0]): string {
  const [row, column] = problem.where ?? [];
  if (
    typeof row === "number" &&
    problem.key !== "warranty.notNumber" &&
    problem.key !== "warranty.cellOutsideChart"
  ) {
    const col = typeof column === "number" ? `, return column ${column}` : column ? `, ${column}` : "";
    return problemLine({ ...problem, where: [`row ${row + 1} (shipment period ${row}${col})`] });
  }
  if (typeof row === "number") return problemLine({ ...problem, where: [`row ${row}, column ${column}`] });
  return problemLine(problem);
}
