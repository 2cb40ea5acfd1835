// `relbench doe factorial FILE`: a full factorial's effects and ANOVA from the command line, on the kernel the
// app runs (src/kernels/doe/factorial.ts).
import { analyzeFactorial, DoeInputError } from "../kernels/doe.ts";
import { problemLine } from "../shared/problem.ts";
import { defineCommand, UsageError } from "./command.ts";
import { cellColumn, fmt, numericColumn, readNamedTable } from "./stats-table.ts";

const HELP = `Usage: relbench doe factorial FILE [--response COLUMN] [--factors A,B,...] [--json]

Analyses a full factorial with 2 to 4 factors. FILE is a CSV or xlsx table with one row per run: a column
per factor (numbers or labels; its distinct values are the levels) and the response. --response names the
response column (default: the last one); --factors the factor columns (default: every other column).
Every combination of levels must be run equally often (replicates); other levels counts than two are
analysed as a general full factorial (ANOVA only).

Terms are named by letters in the order of the factor columns: A, B, C, D, AB, AC, ..., ABCD (R's aov
order). For two-level factors, coded -1 (the smaller value, or the first label in sort order) and +1, an
effect is the mean response at the high level less the mean at the low level: twice the coded regression
coefficient, as Minitab and Box, Hunter & Hunter report it. With replicates the ANOVA has pure error and
F and p for every term; without replicates the effects are judged against Lenth's pseudo standard error
(t on m/3 degrees of freedom, m the number of effects). Runs with every numeric factor at the midpoint of
its two levels are centre points: effects come from the corner runs, the ANOVA gains a Curvature row and
the centre runs join the pure error.

The JSON object has factors ({ letter, name, levels }), replicates, runs, mean, effects (an object by term:
A, B, AB, ...; null for factors with more than two levels), coefficients, effectT and effectP (the t and p
of each effect), anova (rows with source, df, ss, ms, f, p; Error and Total last), lenth ({ pse, df,
marginOfError } or null), rSquared.
Exit code 2 with one line on stderr for bad input.`;

export const doeCommand = defineCommand({
  help: HELP,
  allowPositionals: true,
  options: {
    response: { type: "string" },
    factors: { type: "string" },
    json: { type: "boolean", default: false },
  },
  async run({ values, positionals }, io) {
    const [sub, file, ...extra] = positionals;
    if (sub !== "factorial") throw new UsageError("expected 'doe factorial FILE'");
    if (!file) throw new UsageError("'doe factorial' needs a FILE");
    if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);
    const table = await readNamedTable(file);
    const response =
      typeof values.response === "string" ? values.response : table.header[table.header.length - 1];
    const factorNames =
      typeof values.factors === "string"
        ? values.factors.split(",").map((s) => s.trim())
        : table.header.filter((h) => h.toLowerCase() !== response.toLowerCase() && h !== "");
    const y = numericColumn(table, response);
    if (y.length !== table.rows.length)
      throw new UsageError(`column ${response}: every run needs a response`);
    let result: Awaited<ReturnType<typeof analyzeFactorial>>;
    try {
      result = await analyzeFactorial({
        factors: factorNames.map((name) => ({ name, values: cellColumn(table, name) })),
        response: y,
      });
    } catch (error) {
      if (error instanceof DoeInputError) throw new UsageError(problemLine(error.problems[0]));
      throw error;
    }
    const byTerm = (pick: (t: (typeof result.terms)[number]) => number | null) =>
      Object.fromEntries(result.terms.map((t) => [t.term, pick(t)]));
    const out = {
      factors: result.factors,
      replicates: result.replicates,
      runs: result.runs,
      mean: result.mean,
      effects: byTerm((t) => t.effect),
      coefficients: byTerm((t) => t.coefficient),
      effectT: byTerm((t) => t.t),
      effectP: byTerm((t) => t.p),
      anova: result.anova,
      lenth: result.lenth,
      rSquared: result.rSquared,
    };
    if (values.json) {
      io.out(JSON.stringify(out));
      return 0;
    }
    io.out(
      `Full factorial: ${result.factors.map((f) => `${f.letter} = ${f.name}`).join(", ")}; ${result.runs} runs, ${result.replicates} replicate(s); mean ${fmt(result.mean)}`,
    );
    if (result.twoLevel) {
      io.out("term  effect      coefficient  t           p");
      for (const t of result.terms)
        io.out(
          `${t.term.padEnd(5)} ${fmt(t.effect).padEnd(11)} ${fmt(t.coefficient).padEnd(12)} ${fmt(t.t).padEnd(11)} ${fmt(t.p)}`,
        );
    }
    io.out("source  df  SS          MS          F           p");
    for (const a of result.anova)
      io.out(
        `${a.source.padEnd(7)} ${String(a.df).padEnd(3)} ${fmt(a.ss).padEnd(11)} ${fmt(a.ms).padEnd(11)} ${fmt(a.f).padEnd(11)} ${fmt(a.p)}`,
      );
    if (result.lenth)
      io.out(
        `Lenth's PSE ${fmt(result.lenth.pse)} on ${fmt(result.lenth.df)} df, margin of error ${fmt(result.lenth.marginOfError)}`,
      );
    return 0;
  },
});
