// `relbench alt fit FILE`: accelerated life testing from the command line, on the same kernels as the app.
import {
  ALT_BOUNDS,
  ALT_DISTRIBUTIONS,
  ALT_RELATIONSHIPS,
  type AltDistribution,
  type AltFit,
  AltInputError,
  type AltRelationship,
  BOLTZMANN_EV,
  CELSIUS_TO_KELVIN,
  designOf,
  fitAlt,
  GLL_FORMULA,
  MAX_STRESSES,
  RELATIONSHIPS,
  STRESS_TRANSFORMS,
  type StressTransform,
  TEMPERATURE_UNITS,
  type TemperatureUnit,
} from "../kernels/alt.ts";
import { LIFE_SIDES } from "../kernels/life.ts";
import { LIMITS } from "../shared/constants.ts";
import { formatLimit } from "../shared/messages.ts";
import { problemText } from "../shared/problem.ts";
import { defineCommand, UsageError } from "./command.ts";
import { readLifeTable } from "./life-input.ts";

const formulas = Object.entries(RELATIONSHIPS)
  .map(([name, r]) => `  ${name.padEnd(24)}${r.formula}`)
  .join("\n");

const HELP = `Usage: relbench alt fit FILE --relationship R --dist D --use V[,V...] [options]

Accelerated life test analysis of FILE, a CSV or xlsx table with the life-data header (quantity,
start, end or time, state; as 'relbench life') plus one to ${MAX_STRESSES} stress columns. One joint maximum
likelihood fit of every parameter, the shape common to all stress levels (as ReliaSoft ALTA), with
Fisher matrix or likelihood-ratio bounds, and results at the use stress.

Options:
  --relationship R  ${ALT_RELATIONSHIPS.join(" | ")}
  --dist D          ${ALT_DISTRIBUTIONS.join(" | ")}
  --stress C[:T],.. the stress columns by header name, in the relationship's order (temperature
                    first); default: every column that is not a life-data column. For
                    general-log-linear each may carry its transform T: none (default) | log | reciprocal
  --temperature-unit U  c (default) | f | k: unit of temperature columns and use temperatures
  --use V,...       use stress: one value per stress column; more values, in groups of that many,
                    give more use levels (Arrhenius --use 30,40 is two use temperatures)
  --ph              Weibull as proportional hazards: h(t | X) = beta t^(beta - 1) exp(alpha0 +
                    sum alpha_j x_j), parameters alpha0..alpham and beta (the same fit, alpha_j = -beta b_j)
  --bounds B        fisher (default) | lr: likelihood-ratio bounds (profile likelihood) on the
                    parameters, use-level reliability, B-lives, mean life, failure rate and
                    acceleration factors (--af included)
  --sided S         two (default) | lower | upper
  --ci C            confidence level in percent, ${formatLimit(LIMITS.analysisConfidence.min)} to ${formatLimit(LIMITS.analysisConfidence.max)} (default 90)
  --at T,...        use-level reliability, unreliability and failure rate (hazard) with bounds at these times
  --b-lives P,...   percent failing for B-lives (default 10)
  --af S1:S2        acceleration factor between two stress levels, AF = L(S1) / L(S2), the life at S1 over
                    the life at S2 (any quantile: the shape is common), each level one value per stress
                    column, comma-separated (temperature-humidity --af 30,40:85,85), temperatures in the
                    --temperature-unit; Arrhenius: AF = exp(B (1/T1 - 1/T2)) = exp(Ea/k (1/T1 - 1/T2)),
                    T in kelvin. Bounds of the --bounds type on ln AF at --ci and --sided
  --json            print one JSON object

Relationships (L is the life: eta for Weibull, e^mu for lognormal, the mean for exponential; the normal
distribution is of t itself, mu(X) = a0 + sum a_j x_j on the relationship's transformed stresses, with
parameters a0..am and sigma, not with Eyring; its acceleration factor is the ratio of mean lives):
${formulas}
  general-log-linear      ${GLL_FORMULA}
Temperatures T are in kelvin: K = C + ${CELSIUS_TO_KELVIN}, K = (F - 32) 5/9 + ${CELSIUS_TO_KELVIN}. Arrhenius'
activation energy Ea = B k with Boltzmann's constant k = ${BOLTZMANN_EV.toExponential()} eV/K (CODATA 2018). ALTA, Minitab
and JMP use other constants (11605, 11604.83/(C + 273.16), 11604.5181), which moves Ea in the 5th digit.

Parameters (JSON 'parameters'): arrhenius B, C (and Ea in eV); eyring A, B; ipl K, n; exponential C,
b; temperature-humidity A, phi, b; temperature-nonthermal B, C, n; general-log-linear a0..am; then
the shape: beta (Weibull) or sigma (lognormal, of ln t; normal, of t). 'coefficients' are the log-linear
b0..bm of ln L = b0 + sum b_j x_j and 's' = ln sigma (survreg's parametrisation), with
'coefficientCovariance'. Fisher bounds on positive parameters are p exp(+-z se/p), others p +- z se;
reliability bounds are taken on z = (ln t - mu)/sigma, B-lives on ln t. Likelihood-ratio bounds are
the values of each quantity whose profile log-likelihood lies z^2/2 below the maximum (chi-squared
with one degree of freedom). The log-likelihood is on the time scale (the value R's survreg reports).

The JSON object has relationship, distribution, parameters, logLikelihood, aic, bic, covariance,
bounds, counts, converged, levels, useLevel [{stress, parameters, meanLife, at [{time, reliability,
lower, upper, unreliability {value, lower, upper}, hazard {value, lower,
upper}}] (F = 1 - R, its bounds R's swapped; hazard h(t) = f(t) / R(t), the failure rate, bounds on ln h:
Fisher by the delta method, or with --bounds lr the profile likelihood of ln h(t) = w, which fixes the
standardised time q by ln h0(q) = w + ln sigma + ln t), bLives [{percent, time, lower, upper}]}], accelerationFactors (use over each test
level), accelerationFactor ({from, to, value, lower, upper}, with --af) and commonShape (likelihood-ratio test of one shape against a shape per level). Bad input:
one line naming the row, its file line and the column, exit code 2.`;

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
  if (list.length === 0 || list.some((x) => !Number.isFinite(x)))
    throw new UsageError(`--${option} needs numbers separated by commas`);
  return list;
}

function fmt(x: number | null | undefined): string {
  return x === null || x === undefined || Number.isNaN(x) ? "-" : Number(x.toPrecision(7)).toString();
}

/** The first issue as one line: row, file line (header is line 1) and the stress column's own name. */
function inputError(error: AltInputError, stressNames: string[]): UsageError {
  const first = error.issues[0];
  const column = first.column?.startsWith("stress")
    ? stressNames[Number(first.column.slice(6)) - 1]
    : first.column;
  const where = first.row
    ? `row ${first.row} (line ${first.row + 1}${column ? `, ${column}` : ""}): `
    : first.option
      ? `--${first.option === "confidence" ? "ci" : first.option}: `
      : "";
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : "";
  return new UsageError(`${where}${problemText(first)}${more}`);
}

type Between = { from: number[]; to: number[]; value: number; lower: number | null; upper: number | null };

/** `--af S1:S2`: two stress levels of p values each. */
function stressPair(value: unknown, p: number): [number[], number[]] | undefined {
  if (value === undefined) return undefined;
  const sides = String(value).split(":");
  const levels = sides.map((side) => numberList(side, "af") ?? []);
  if (sides.length !== 2 || levels.some((l) => l.length !== p))
    throw new UsageError(
      `--af needs two stress levels S1:S2 of ${p} value(s) each, e.g. --af ${new Array(p).fill(30).join(",")}:${new Array(p).fill(85).join(",")}`,
    );
  return [levels[0], levels[1]];
}

function jsonFit(fit: AltFit, stressNames: string[], between?: Between): Record<string, unknown> {
  return {
    relationship: fit.relationship,
    distribution: fit.distribution,
    formula: fit.formula,
    stress: stressNames.map((name, j) => ({ column: name, transform: fit.transforms[j] })),
    temperatureUnit: fit.temperatureUnit,
    constants: fit.constants,
    confidence: fit.confidence,
    sided: fit.sided,
    boundsType: fit.boundsType,
    proportionalHazards: fit.proportionalHazards,
    parameters: fit.parameters,
    covariance: { names: fit.parameterNames, matrix: fit.covariance },
    bounds: fit.bounds,
    coefficients: fit.coefficients,
    s: fit.s,
    coefficientCovariance: fit.coefficientCovariance,
    logLikelihood: fit.logLikelihood,
    aic: fit.aic,
    bic: fit.bic,
    counts: fit.counts,
    converged: fit.converged,
    iterations: fit.iterations,
    levels: fit.levels.map((l) => ({
      stress: l.stress,
      rows: l.rows,
      units: l.units,
      failures: l.failures,
      mu: l.mu,
    })),
    useLevel: fit.useLevel,
    accelerationFactors: fit.accelerationFactors,
    ...(between ? { accelerationFactor: between } : {}),
    commonShape: fit.commonShape,
    warnings: fit.warnings.map((w) => problemText(w)),
  };
}

function textFit(fit: AltFit, stressNames: string[], between?: Between): string {
  const lines = [
    `${fit.relationship}-${fit.distribution} by joint MLE: ${fit.formula}`,
    `  stresses: ${stressNames.map((n, j) => `${n} (${fit.transforms[j]})`).join(", ")}; temperatures in ${fit.temperatureUnit.toUpperCase()}, K = C + ${fit.constants.kelvinOffset}`,
  ];
  for (const [name, value] of Object.entries(fit.parameters)) {
    const b = fit.bounds[name];
    lines.push(`  ${name.padEnd(8)} ${fmt(value)}${b ? `  [${fmt(b.lower)}, ${fmt(b.upper)}]` : ""}`);
  }
  if (fit.relationship === "arrhenius")
    lines.push(`  (Ea = B k, k = ${fit.constants.boltzmann.toExponential()} eV/K)`);
  lines.push(`  bounds: ${fit.boundsType}, ${fit.sided}-sided, ${fit.confidence}%`);
  lines.push(`  log-likelihood ${fmt(fit.logLikelihood)}  AIC ${fmt(fit.aic)}  BIC ${fmt(fit.bic)}`);
  const c = fit.counts;
  lines.push(
    `  failures ${c.failures}  suspensions ${c.suspensions}  rows ${c.rows}  levels ${fit.levels.length}`,
  );
  for (const u of fit.useLevel) {
    lines.push(
      `  at use stress ${u.stress.join(", ")}: ${Object.entries(u.parameters)
        .map(([k, v]) => `${k} ${fmt(v)}`)
        .join(
          "  ",
        )}  mean life ${fmt(u.meanLife.value)} [${fmt(u.meanLife.lower)}, ${fmt(u.meanLife.upper)}]`,
    );
    for (const a of u.at) {
      lines.push(`    R(${fmt(a.time)}) = ${fmt(a.reliability)}  [${fmt(a.lower)}, ${fmt(a.upper)}]`);
      const h = a.hazard;
      lines.push(`    h(${fmt(a.time)}) = ${fmt(h.value)}  [${fmt(h.lower)}, ${fmt(h.upper)}]`);
    }
    for (const b of u.bLives)
      lines.push(`    B${fmt(b.percent)} = ${fmt(b.time)}  [${fmt(b.lower)}, ${fmt(b.upper)}]`);
  }
  for (const a of fit.accelerationFactors)
    lines.push(
      `  AF(${a.use.join(", ")} / ${a.level.join(", ")}) = ${fmt(a.value)}  [${fmt(a.lower)}, ${fmt(a.upper)}]`,
    );
  if (between)
    lines.push(
      `  AF between (${between.from.join(", ")} / ${between.to.join(", ")}) = ${fmt(between.value)}  [${fmt(between.lower)}, ${fmt(between.upper)}]`,
    );
  const t = fit.commonShape;
  if (t) lines.push(`  common shape: LR statistic ${fmt(t.statistic)}, df ${t.df}, p ${fmt(t.pValue)}`);
  for (const w of fit.warnings) lines.push(`  warning: ${problemText(w)}`);
  return lines.join("\n");
}

export const altCommand = defineCommand({
  help: HELP,
  allowPositionals: true,
  options: {
    relationship: { type: "string" },
    dist: { type: "string" },
    stress: { type: "string" },
    "temperature-unit": { type: "string" },
    use: { type: "string" },
    bounds: { type: "string" },
    sided: { type: "string" },
    ci: { type: "string" },
    at: { type: "string" },
    "b-lives": { type: "string" },
    af: { type: "string" },
    json: { type: "boolean", default: false },
    ph: { type: "boolean", default: false },
  },
  async run({ values, positionals }, io) {
    const [sub, file, ...extra] = positionals;
    if (sub !== "fit") throw new UsageError("expected 'alt fit FILE'");
    if (!file) throw new UsageError("'alt fit' needs a FILE");
    if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);
    const relationship = oneOf<AltRelationship>(values.relationship, ALT_RELATIONSHIPS, "relationship");
    if (!relationship) throw new UsageError(`--relationship is required: ${ALT_RELATIONSHIPS.join(", ")}`);
    const distribution = oneOf<AltDistribution>(
      values.dist ?? "weibull",
      ALT_DISTRIBUTIONS,
      "dist",
    ) as AltDistribution;
    const bounds = oneOf(values.bounds, ALT_BOUNDS, "bounds");
    const sided = oneOf(values.sided, LIFE_SIDES, "sided");
    const unit = oneOf<TemperatureUnit>(values["temperature-unit"], TEMPERATURE_UNITS, "temperature-unit");
    const named = values.stress
      ? String(values.stress)
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s !== "")
      : undefined;
    const transforms = named?.map((s) => {
      const [, t] = s.split(":");
      if (t === undefined) return "none";
      return oneOf<StressTransform>(t, STRESS_TRANSFORMS, "stress") as StressTransform;
    });
    if (relationship !== "general-log-linear" && named?.some((s) => s.includes(":")))
      throw new UsageError("--stress transforms (C:T) apply to general-log-linear only");
    let table: Awaited<ReturnType<typeof readLifeTable>>;
    try {
      table = await readLifeTable(file, named?.map((s) => s.split(":")[0]) ?? []);
      if (!named) table = await readLifeTable(file, table.extraNames);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
    }
    const stressNames = named?.map((s) => s.split(":")[0]) ?? table.extraNames;
    const p =
      relationship === "general-log-linear" ? stressNames.length : designOf(relationship).transforms.length;
    if (p < 1 || p > MAX_STRESSES || stressNames.length < p)
      throw new UsageError(
        `${relationship} needs ${p < 1 ? "1 to 4" : p} stress column(s); found: ${stressNames.join(", ") || "none"}`,
      );
    const flat = numberList(values.use, "use");
    if (!flat) throw new UsageError("--use is required: the use stress, one value per stress column");
    if (flat.length % p !== 0)
      throw new UsageError(`--use needs ${p} value(s) per use level (${stressNames.slice(0, p).join(", ")})`);
    const use: number[][] = [];
    for (let i = 0; i < flat.length; i += p) use.push(flat.slice(i, i + p));
    const pair = stressPair(values.af, p);
    const ci = values.ci === undefined ? undefined : Number(values.ci);
    if (ci !== undefined && !Number.isFinite(ci)) throw new UsageError("--ci needs a number");
    try {
      const fit = await fitAlt(
        { ...table, stress: table.extra.slice(0, p) },
        {
          relationship,
          distribution,
          transforms:
            relationship === "general-log-linear" ? (transforms ?? stressNames.map(() => "none")) : undefined,
          temperatureUnit: unit,
          use,
          confidence: ci,
          sided,
          bounds,
          proportionalHazards: values.ph === true ? true : undefined,
          at: numberList(values.at, "at"),
          bLives: numberList(values["b-lives"], "b-lives"),
          afBetween: pair ? [{ from: pair[0], to: pair[1] }] : undefined,
        },
      );
      const between = fit.afBetween[0];
      io.out(
        values.json
          ? JSON.stringify(jsonFit(fit, stressNames.slice(0, p), between))
          : textFit(fit, stressNames.slice(0, p), between),
      );
      return 0;
    } catch (error) {
      if (error instanceof AltInputError) throw inputError(error, stressNames);
      throw error;
    }
  },
});
