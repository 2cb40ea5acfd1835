// `relbench stats TEST FILE --columns ...`: the hypothesis tests of the design-of-experiments area from the
// command line, on the same kernels as the app (src/kernels/stats.ts, src/kernels/doe.ts).
import { bVersusC, tukeyEndCount } from "../kernels/doe.ts";
import {
  andersonDarling,
  chiSquaredVariance,
  DoeInputError,
  fTest,
  laplaceTrend,
  mannKendall,
  mannWhitney,
  milHdbk189Trend,
  multipleProportions,
  oneSampleT,
  oneWayAnova,
  pairedT,
  SIDES,
  type Sided,
  shapiroWilk,
  type TestResult,
  tTestPower,
  tTestSampleSize,
  twoProportions,
  twoSampleT,
  wilcoxonSignedRank,
} from "../kernels/stats.ts";
import { LIMITS } from "../shared/constants.ts";
import { formatLimit } from "../shared/messages.ts";
import { problemLine } from "../shared/problem.ts";
import { defineCommand, UsageError } from "./command.ts";
import { fmt, jsonNumber, type NamedTable, numericColumn, readNamedTable } from "./stats-table.ts";

const TESTS = [
  "ttest",
  "paired",
  "welch",
  "ftest",
  "chisq-variance",
  "normality",
  "anova",
  "mann-whitney",
  "wilcoxon",
  "two-proportions",
  "proportions",
  "trend",
  "tukey",
  "bvc",
] as const;
type TestName = (typeof TESTS)[number];

const HELP = `Usage: relbench stats TEST FILE --columns A[,B...] [--mu M] [--sided two|less|greater] [--ci 95] [--json]
       relbench stats power --test one-sample|two-sample|paired --delta D --sd S [--n N | --power P]
                            [--alpha 0.05] [--sided two|less|greater] [--json]

FILE is a CSV or xlsx table whose header row names the columns; --columns picks them by name. A column's
values are its non-empty cells, so samples of different sizes sit side by side.

Tests (columns):
  ttest A           one-sample t of A against --mu (default 0)
  ttest A,B         two-sample t with pooled variance (mean A - mean B against --mu)
  welch A,B         two-sample t, Welch-Satterthwaite degrees of freedom
  paired A,B        paired t on A - B
  ftest A,B         F = var A / var B (against --ratio, default 1)
  chisq-variance A  chi-squared = (n - 1) s^2 / sigma^2 against --sigma S; the interval is of the variance
  normality A       Shapiro-Wilk (Royston's AS R94, as R) and Anderson-Darling (A*^2, D'Agostino-Stephens p)
  anova A,B,...     one-way analysis of variance of the columns as groups
  mann-whitney A,B  W = pairs with A > B; exact without ties below 50 each, else normal with continuity
  wilcoxon A[,B]    signed rank of A - mu (or A - B); exact without ties and zeros below 50
  two-proportions X,N  two rows: events X out of trials N; pooled z, chi-squared, Fisher exact, Wald interval
  proportions X,N   k rows: k x 2 chi-squared and Marascuilo's pairwise comparisons
  trend T           event times T (cumulative, increasing): --method laplace (default) | mil | mann-kendall;
                    --end E: observation ended at E (time truncated), else at the last event (excluded);
                    --sided greater tests for deterioration, less for improvement
  tukey A,B         Tukey's end count (a tie at a boundary counts a half), exact tail P(count >= observed)
  bvc B,C           B vs C: overlap (pairs where C is better, ties a half), 1/C(nB+nC, nB), exact p;
                    --better higher (default) | lower, --alpha risk (default 0.05)

Power and sample size of the t tests (R's power.t.test, strict): given the difference D to detect, the
standard deviation S, alpha and the alternative, --n N (per group; pairs for paired) gives the power and
--power P the n that reaches it (fractional, as R; plan on nPlanned, the next whole number). One-sided,
D is the difference in the direction of the alternative. JSON: test, type, delta, sd, alpha, sided, n,
nPlanned, power and solved ("n" or "power").

Options:
  --mu M            null value of the mean or difference (default 0)
  --sided S         two (default) | less | greater: the alternative (parameter below or above the null value)
  --ci C            confidence level in percent, ${formatLimit(LIMITS.analysisConfidence.min)} to ${formatLimit(LIMITS.analysisConfidence.max)} (default 95)
  --json            one JSON object

The JSON object has test, statistic, df (a number, [d1, d2] for F, null where none), pValue, interval
([lower, upper], null for an infinite end or where there is none), estimate, confidence, decision
("reject" or "notRejected" at 100 - confidence percent), and the test's own fields (normality:
andersonDarling; two-proportions: z, chiSquared, fisherP; proportions: pairs; anova: anova rows with
source, df, ss, ms, f, p; tukey: endCount, topCount, bottomCount; bvc: overlap, noOverlapRisk, bBetter).
Exit code 2 with one line on stderr for bad input.`;

function numberOption(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (String(value).trim() === "" || !Number.isFinite(x))
    throw new UsageError(`--${name} must be a number, not '${value}'`);
  return x;
}

function testJson(r: TestResult, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    test: r.test,
    statistic: r.statistic,
    df: r.df ?? null,
    pValue: r.pValue,
    interval: r.interval ? r.interval.map(jsonNumber) : null,
    estimate: r.estimate ?? null,
    sided: r.sided,
    confidence: r.confidence,
    decision: r.reject ? "reject" : "notRejected",
    ...extra,
  };
}

function textOf(out: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const [k, v] of Object.entries(out)) {
    if (v === null || v === undefined) continue;
    if (Array.isArray(v) && v.every((x) => typeof x === "number" || x === null))
      lines.push(`${k.padEnd(14)} ${v.map((x) => fmt(x as number | null)).join(", ")}`);
    else if (typeof v === "object") lines.push(`${k.padEnd(14)} ${JSON.stringify(v)}`);
    else lines.push(`${k.padEnd(14)} ${typeof v === "number" ? fmt(v) : String(v)}`);
  }
  return lines.join("\n");
}

async function runTest(
  test: TestName,
  table: NamedTable,
  names: string[],
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const need = (min: number, max = min) => {
    if (names.length < min || names.length > max)
      throw new UsageError(
        `'stats ${test}' takes ${min === max ? min : `${min} to ${max === Infinity ? "any number of" : max}`} column${max === 1 ? "" : "s"} in --columns`,
      );
    return names.map((n) => numericColumn(table, n));
  };
  const sided = (values.sided as string | undefined) ?? "two";
  if (!SIDES.includes(sided as Sided))
    throw new UsageError(`--sided must be two, less or greater, not '${sided}'`);
  const confidence = numberOption(values.ci, "ci") ?? 95;
  const mu = numberOption(values.mu, "mu") ?? 0;
  const t = { mu, sided: sided as Sided, confidence };
  switch (test) {
    case "ttest": {
      const cols = need(1, 2);
      return testJson(
        cols.length === 1
          ? await oneSampleT(cols[0], t)
          : await twoSampleT(cols[0], cols[1], { ...t, pooled: true }),
      );
    }
    case "welch": {
      const [a, b] = need(2);
      return testJson(await twoSampleT(a, b, t));
    }
    case "paired": {
      const [a, b] = need(2);
      return testJson(await pairedT(a, b, t));
    }
    case "ftest": {
      const [a, b] = need(2);
      return testJson(
        await fTest(a, b, { ratio: numberOption(values.ratio, "ratio"), sided: t.sided, confidence }),
      );
    }
    case "chisq-variance": {
      const [a] = need(1);
      const sigma = numberOption(values.sigma, "sigma");
      if (sigma === undefined) throw new UsageError("'stats chisq-variance' needs --sigma");
      return testJson(await chiSquaredVariance(a, { sigma, sided: t.sided, confidence }));
    }
    case "normality": {
      const [a] = need(1);
      const ad = await andersonDarling(a);
      return testJson(await shapiroWilk(a), {
        andersonDarling: { statistic: ad.statistic, adjusted: ad.adjusted, pValue: ad.pValue },
      });
    }
    case "anova": {
      const cols = need(2, Infinity);
      const r = await oneWayAnova(cols, { confidence });
      return testJson(r, { means: r.means, anova: r.anova });
    }
    case "mann-whitney": {
      const [a, b] = need(2);
      return testJson(await mannWhitney(a, b, { sided: t.sided }));
    }
    case "wilcoxon": {
      const cols = need(1, 2);
      const d = cols.length === 2 ? pairedDifferences(cols[0], cols[1]) : cols[0];
      return testJson(await wilcoxonSignedRank(d, { mu, sided: t.sided }));
    }
    case "two-proportions": {
      const [x, n] = need(2);
      if (x.length !== 2 || n.length !== 2)
        throw new UsageError("'stats two-proportions' needs two rows of events and trials");
      const r = await twoProportions({ x: x[0], n: n[0] }, { x: x[1], n: n[1] }, { confidence });
      return testJson(r, { z: r.z, chiSquared: r.chiSquared, fisherP: r.fisherP, proportions: [r.p1, r.p2] });
    }
    case "proportions": {
      const [x, n] = need(2);
      if (x.length !== n.length)
        throw new UsageError("'stats proportions' needs events and trials on every row");
      const r = await multipleProportions(
        x.map((xi, i) => ({ x: xi, n: n[i] })),
        { confidence },
      );
      return testJson(r, { proportions: r.proportions, pairs: r.pairs });
    }
    case "trend": {
      const [times] = need(1);
      const input = { times, end: numberOption(values.end, "end") };
      const method = (values.method as string | undefined) ?? "laplace";
      if (method === "laplace") return testJson(await laplaceTrend(input, t));
      if (method === "mil") return testJson(await milHdbk189Trend(input, t));
      if (method === "mann-kendall") {
        const r = await mannKendall(times, t);
        return testJson(r, { s: r.s, varianceS: r.varianceS });
      }
      throw new UsageError(`--method must be laplace, mil or mann-kendall, not '${method}'`);
    }
    case "tukey": {
      const [a, b] = need(2);
      const r = await tukeyEndCount(a, b);
      return {
        test: "tukeyEndCount",
        statistic: r.endCount,
        df: null,
        interval: null,
        decision: r.pValue < 1 - confidence / 100 ? "reject" : "notRejected",
        ...r,
      };
    }
    case "bvc": {
      const [b, c] = need(2);
      const better = (values.better as string | undefined) ?? "higher";
      if (better !== "higher" && better !== "lower")
        throw new UsageError(`--better must be higher or lower, not '${better}'`);
      const r = await bVersusC(b, c, { better, alpha: numberOption(values.alpha, "alpha") });
      return {
        test: "bVersusC",
        statistic: r.overlap,
        df: null,
        interval: null,
        decision: r.bBetter ? "reject" : "notRejected",
        ...r,
      };
    }
  }
}

const POWER_TESTS = { "one-sample": "one.sample", "two-sample": "two.sample", paired: "paired" } as const;

async function runPower(values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const test = values.test as string | undefined;
  if (test === undefined || !Object.hasOwn(POWER_TESTS, test))
    throw new UsageError(`--test must be one-sample, two-sample or paired, not '${test ?? ""}'`);
  const type = POWER_TESTS[test as keyof typeof POWER_TESTS];
  const delta = numberOption(values.delta, "delta");
  const sd = numberOption(values.sd, "sd");
  if (delta === undefined) throw new UsageError("'stats power' needs --delta");
  if (sd === undefined) throw new UsageError("'stats power' needs --sd");
  const n = numberOption(values.n, "n");
  const power = numberOption(values.power, "power");
  if ((n === undefined) === (power === undefined))
    throw new UsageError("'stats power' takes one of --n and --power, and solves the other");
  const alpha = numberOption(values.alpha, "alpha") ?? 0.05;
  const sided = (values.sided as string | undefined) ?? "two";
  if (!SIDES.includes(sided as Sided))
    throw new UsageError(`--sided must be two, less or greater, not '${sided}'`);
  const input = { type, delta, sd, confidence: 100 * (1 - alpha), sided: sided as Sided };
  const solvedN = n ?? (await tTestSampleSize({ ...input, power: power as number }));
  const solvedPower = power ?? (await tTestPower({ ...input, n: n as number }));
  return {
    test: "power",
    type: test,
    delta,
    sd,
    alpha,
    sided,
    n: solvedN,
    nPlanned: Math.ceil(solvedN - 1e-9),
    power: solvedPower,
    solved: n === undefined ? "n" : "power",
  };
}

function pairedDifferences(a: number[], b: number[]): number[] {
  if (a.length !== b.length) throw new UsageError("the two columns must have the same number of values");
  return a.map((v, i) => v - b[i]);
}

export const statsCommand = defineCommand({
  help: HELP,
  allowPositionals: true,
  options: {
    columns: { type: "string" },
    mu: { type: "string" },
    sided: { type: "string" },
    ci: { type: "string" },
    sigma: { type: "string" },
    ratio: { type: "string" },
    end: { type: "string" },
    method: { type: "string" },
    better: { type: "string" },
    alpha: { type: "string" },
    test: { type: "string" },
    delta: { type: "string" },
    sd: { type: "string" },
    n: { type: "string" },
    power: { type: "string" },
    json: { type: "boolean", default: false },
  },
  async run({ values, positionals }, io) {
    const [test, file, ...extra] = positionals;
    if (test === "power") {
      if (file !== undefined) throw new UsageError(`unexpected argument '${file}'`);
      let out: Record<string, unknown>;
      try {
        out = await runPower(values);
      } catch (error) {
        if (error instanceof DoeInputError) throw new UsageError(problemLine(error.problems[0]));
        throw error;
      }
      io.out(values.json ? JSON.stringify(out) : textOf(out));
      return 0;
    }
    if (!TESTS.includes(test as TestName))
      throw new UsageError(
        `expected 'stats TEST FILE' with TEST one of ${TESTS.join(", ")}, or 'stats power'`,
      );
    if (!file) throw new UsageError(`'stats ${test}' needs a FILE`);
    if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);
    if (typeof values.columns !== "string" || values.columns.trim() === "")
      throw new UsageError("--columns is required");
    const names = values.columns.split(",").map((s) => s.trim());
    const table = await readNamedTable(file);
    let out: Record<string, unknown>;
    try {
      out = await runTest(test as TestName, table, names, values);
    } catch (error) {
      if (error instanceof DoeInputError) throw new UsageError(problemLine(error.problems[0]));

      throw error;
    }
    io.out(values.json ? JSON.stringify(out) : textOf(out));
    return 0;
  },
});
