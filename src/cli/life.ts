// `relbench life fit|guide FILE`: life-data analysis from the command line, on the same kernels as the app.

import type { GuideCriterion } from "../kernels/life.ts";
import {
  distributionGuide,
  type FitOptions,
  fitLife,
  LIFE_BOUNDS,
  LIFE_DISTRIBUTIONS,
  LIFE_METHODS,
  LIFE_RANKS,
  LIFE_SIDES,
  type LifeColumns,
  type LifeFit,
  LifeInputError,
} from "../kernels/life.ts";
import { LIMITS } from "../shared/constants.ts";
import { formatLimit } from "../shared/messages.ts";
import { problemText } from "../shared/problem.ts";
import { defineCommand, UsageError } from "./command.ts";
import { readLifeTable } from "./life-input.ts";

const HELP = `Usage: relbench life fit FILE [options]
       relbench life guide FILE [--criterion aic|bic|loglikelihood|ad] [--group G,...] [--json]

Life-data (Weibull) analysis of FILE, a CSV or xlsx table whose header row names the columns
quantity, start, end (or time), state and group (any case, any order). A missing quantity means 1,
a missing state means F. State F with no start is a failure at end; F with start 0 is left-censored
(failed before end); F with 0 < start < end failed in (start, end]; S is a suspension at end.

fit options:
  --dist NAME       weibull1p | weibull2p (default) | weibull3p | exponential1p | exponential2p |
                    normal | lognormal | weibull-mixed2 | weibull-mixed3 | gamma | loglogistic | gumbel
  --beta B          the fixed beta of weibull1p (${formatLimit(LIMITS.beta.min)} to ${formatLimit(LIMITS.beta.max)})
  --method M        mle (default) | rrx | rry
  --ranks R         exact (default) | bernard | km: plotting positions for rank regression
  --bounds B        fisher (default) | lr (likelihood ratio)
  --sided S         two (default) | lower | upper
  --ci C            confidence level in percent, ${formatLimit(LIMITS.analysisConfidence.min)} to ${formatLimit(LIMITS.analysisConfidence.max)} (default 90)
  --at T,...        report reliability and unreliability (each on its own scale, so F keeps its
                    digits where R rounds to 1) with bounds at these times
  --group G,...     use only rows of these groups
  --json            print one JSON object

Parameters: weibull beta (shape), eta (scale), gamma (location, 0 for 1P/2P); exponential lambda
(rate) and gamma; normal mu, sigma (of t); lognormal mu, sigma (of ln t, as Weibull++ and R report
them); loglogistic mu, sigma (ln t is logistic with location mu and scale sigma); gumbel mu, sigma
(smallest extreme value on t: F = 1 - exp(-exp((t - mu)/sigma))); gamma k (shape) and theta (scale),
mean k theta; mixed Weibull: subpopulations, each with fraction, beta, eta.

Conventions: RRX regresses ln t on the plotting position (Weibull++'s "rank regression on X"), RRY
regresses the plotting position on ln t. Plotting positions are exact beta median ranks
Beta^-1(0.5; O, N-O+1) by default, on Johnson's adjusted ranks O when there are suspensions; a row
with quantity q is one point at its cumulative rank. Rank regression needs exact failure times;
interval and left-censored data are fitted by MLE only. Fisher bounds on positive parameters are
p exp(+-z se/p); on reliability they are taken on z = (g(t) - mu)/sigma. The log-likelihood is on the
time scale (the value R's survreg reports).

The JSON object has distribution, method, parameters, logLikelihood, covariance, bounds, counts
(failures, suspensions, intervals, rows), goodnessOfFit, iterations, converged, locationTest (3P and
exponential 2P: likelihood-ratio test of gamma = 0) and at (time, reliability, lower, upper and
unreliability {value, lower, upper}). Bad input, and data that cannot be estimated (every failure
left-censored, all suspended, one distinct time for a two-parameter law, a likelihood without
maximum, no convergence): one line on stderr, exit code 2.`;

function oneOf<T extends string>(value: unknown, allowed: readonly T[], option: string): T | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) throw new UsageError(`--${option} must be one of ${allowed.join(", ")}`);
  return value as T;
}

function numberList(value: unknown, option: string): number[] | undefined {
  if (value === undefined) return undefined;
  const list = String(value)
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map(Number);
  if (list.some((x) => !Number.isFinite(x)))
    throw new UsageError(`--${option} needs numbers separated by commas`);
  return list;
}

function numberOption(value: unknown, option: string): number | undefined {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (!Number.isFinite(x)) throw new UsageError(`--${option} needs a number`);
  return x;
}

/** The first issue as one line, with its row and file line (header is line 1). */
function inputError(error: LifeInputError): UsageError {
  const first = error.issues[0];
  const where = first.row
    ? `row ${first.row} (line ${first.row + 1}${first.column ? `, ${first.column}` : ""}): `
    : "";
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : "";
  return new UsageError(`${where}${problemText(first)}${more}`);
}

export function jsonFit(fit: LifeFit): Record<string, unknown> {
  const parameters = fit.subpopulations ? { subpopulations: fit.subpopulations } : fit.parameters;
  return {
    distribution: fit.distribution,
    method: fit.method,
    ranks: fit.ranks,
    parameters,
    logLikelihood: fit.logLikelihood,
    aic: fit.aic,
    bic: fit.bic,
    covariance: fit.covariance,
    bounds: fit.bounds,
    counts: fit.counts,
    goodnessOfFit: fit.goodnessOfFit,
    iterations: fit.iterations,
    converged: fit.converged,
    boundReached: fit.boundReached,
    warnings: fit.warnings,
    locationTest: fit.locationTest,
    at: fit.at,
  };
}

function fmt(x: number | null | undefined): string {
  return x === null || x === undefined || Number.isNaN(x) ? "-" : Number(x.toPrecision(7)).toString();
}

export function textFit(fit: LifeFit): string {
  const lines = [
    `${fit.distribution} by ${fit.method.toUpperCase()}${fit.method === "mle" ? "" : ` (${fit.ranks} ranks)`}`,
  ];
  const b = fit.bounds;
  for (const [name, value] of Object.entries(fit.parameters)) {
    const bound = b.parameters[name];
    lines.push(
      `  ${name.padEnd(10)} ${fmt(value)}${bound ? `  [${fmt(bound.lower)}, ${fmt(bound.upper)}]` : ""}`,
    );
  }
  lines.push(`  bounds: ${b.type}, ${b.sided}-sided, ${b.confidence}%`);
  lines.push(`  log-likelihood ${fmt(fit.logLikelihood)}  AIC ${fmt(fit.aic)}  BIC ${fmt(fit.bic)}`);
  const c = fit.counts;
  lines.push(
    `  failures ${c.failures}  suspensions ${c.suspensions}  intervals ${c.intervals}  rows ${c.rows}`,
  );
  for (const [k, v] of Object.entries(fit.goodnessOfFit))
    if (v !== null && v !== undefined) lines.push(`  ${k} ${fmt(v)}`);
  for (const a of fit.at) {
    const f = a.unreliability;
    lines.push(`  R(${fmt(a.time)}) = ${fmt(a.reliability)}  [${fmt(a.lower)}, ${fmt(a.upper)}]`);
    lines.push(`  F(${fmt(a.time)}) = ${fmt(f.value)}  [${fmt(f.lower)}, ${fmt(f.upper)}]`);
  }
  const test = fit.locationTest;
  if (test)
    lines.push(
      `  location: LR test against ${test.against}  statistic ${fmt(test.statistic)}  p ${fmt(test.pValue)}`,
    );
  for (const w of fit.warnings) lines.push(`  warning: ${problemText(w)}`);
  if (!fit.converged) lines.push("  warning: not converged");
  return lines.join("\n");
}

export const lifeCommand = defineCommand({
  help: HELP,
  allowPositionals: true,
  options: {
    dist: { type: "string" },
    beta: { type: "string" },
    method: { type: "string" },
    ranks: { type: "string" },
    bounds: { type: "string" },
    sided: { type: "string" },
    ci: { type: "string" },
    at: { type: "string" },
    group: { type: "string" },
    criterion: { type: "string" },
    json: { type: "boolean", default: false },
  },
  async run({ values, positionals }, io) {
    const [sub, file, ...extra] = positionals;
    if (sub !== "fit" && sub !== "guide")
      throw new UsageError("expected 'life fit FILE' or 'life guide FILE'");
    if (!file) throw new UsageError(`'life ${sub}' needs a FILE`);
    if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);
    const groups = numberList(values.group, "group");
    let columns: LifeColumns;
    try {
      columns = await readLifeTable(file);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
    }
    try {
      if (sub === "guide") {
        const criterion = oneOf<GuideCriterion>(
          values.criterion,
          ["aic", "bic", "loglikelihood", "ad"],
          "criterion",
        );
        const result = await distributionGuide(columns, { groups, criterion });
        if (values.json) io.out(JSON.stringify(result));
        else {
          io.out(`Distributions ranked by ${result.criterion}:`);
          for (const c of result.candidates)
            io.out(
              `  ${String(c.rank ?? "-").padStart(2)}  ${c.distribution.padEnd(14)} LL ${fmt(c.logLikelihood)}  AIC ${fmt(c.aic)}  BIC ${fmt(c.bic)}${c.error ? `  (${problemText(c.error)})` : c.status === "bound" ? `  (not ranked: ${c.warnings.map((w) => problemText(w)).join(" ")})` : ""}`,
            );
        }
        return 0;
      }
      const options: FitOptions = {
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
        groups,
        curvePoints: 0,
        positions: false,
      };
      const fit = await fitLife(columns, options);
      io.out(values.json ? JSON.stringify(jsonFit(fit)) : textFit(fit));
      return 0;
    } catch (error) {
      if (error instanceof LifeInputError) throw inputError(error);
      throw error;
    }
  },
});
