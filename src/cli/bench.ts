// `relbench bench`: times every kernel against its plain TypeScript baseline, each benchmark in a process of
// its own (so its memory figures are its own), and reports, compares with a stored run (--compare) and
// writes a CI summary (--markdown). The report is built in sections (machine, results, comparison) so a
// further section, such as browser timings, is one more field and one more renderer.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { arch, cpus, hostname, platform, release, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { type BenchComparison, compareResult } from "../../bench/compare.ts";
import { type BenchResult, type BenchSize, formatTable, runBenchmark } from "../../bench/harness.ts";
import { benchmarks } from "../../bench/index.ts";
import { lifeE2eTable } from "../../bench/life-e2e.ts";
import { kernelVersion } from "../kernels/math.ts";
import { APP_VERSION } from "../shared/version.ts";
import { type CliIO, defineCommand, jsonOption, UsageError } from "./command.ts";

/** Changes when a field is renamed, removed or changes meaning; added fields keep the version. */
export const BENCH_SCHEMA = "relbench-bench/1";

export interface BenchReport {
  schema: typeof BENCH_SCHEMA;
  app: string;
  kernel: string;
  node: string;
  commit: { sha: string; dirty: boolean } | null;
  machine: {
    hostname: string;
    cpu: string;
    cores: number;
    memoryBytes: number;
    platform: string;
    arch: string;
    release: string;
  };
  size: BenchSize;
  date: string;
  /** Present when --slowdown made every kernel call run this many times. */
  slowdown?: number;
  results: BenchResult[];
  comparison?: {
    base: { commit: BenchReport["commit"]; date: string; machine: BenchReport["machine"] };
    tolerancePercent: number;
    confidence: number;
    results: BenchComparison[];
    /** Benchmarks of this run that the base lacks (not compared). */
    missing: string[];
  };
}

const root = fileURLToPath(new URL("../..", import.meta.url));

function commit(): BenchReport["commit"] {
  const git = (...args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8" });
  const head = git("rev-parse", "HEAD");
  if (head.status !== 0) return process.env.GITHUB_SHA ? { sha: process.env.GITHUB_SHA, dirty: false } : null;
  const status = git("status", "--porcelain", "--untracked-files=no");
  return { sha: head.stdout.trim(), dirty: status.stdout.trim() !== "" };
}

function machine(): BenchReport["machine"] {
  return {
    hostname: hostname(),
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryBytes: totalmem(),
    platform: platform(),
    arch: arch(),
    release: release(),
  };
}

function readBase(path: string): BenchReport {
  let base: BenchReport;
  try {
    base = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message.split("\n")[0]}`,
    );
  }
  if (base?.schema !== BENCH_SCHEMA || !Array.isArray(base.results))
    throw new UsageError(
      `${path} is not a report of schema ${BENCH_SCHEMA} (write one with relbench bench --json --out FILE)`,
    );
  return base;
}

/** Runs one benchmark in a child process: the same command line, from the build or the sources alike. */
function runInChild(id: string, flags: string[]): Promise<BenchResult> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, process.argv[1], "bench", "--child", id, ...flags],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("error", fail);
    child.on("close", (code) => {
      if (code !== 0) fail(new Error(`benchmark ${id} failed (exit code ${code})`));
      else done(JSON.parse(out) as BenchResult);
    });
  });
}

const pct = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}%` : "-");
const mib = (bytes: number) => (bytes / 1048576).toFixed(1);

function comparisonRows(report: BenchReport): string[][] {
  const c = report.comparison;
  if (!c) return [];
  return [
    ["benchmark", "change", `${Math.round(c.confidence * 100)}% interval`, "verdict", "own time"],
    ...c.results.map((r) => [
      r.id,
      pct(r.change),
      `${pct(r.lower)} .. ${pct(r.upper)}`,
      r.verdict,
      pct(r.absoluteChange),
    ]),
  ];
}

function alignRows(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows
    .map((row) =>
      row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "),
    )
    .join("\n");
}

function renderText(report: BenchReport): string {
  const parts = [formatTable(report.results)];
  if (report.comparison) {
    const c = report.comparison;
    parts.push(
      "",
      `Against ${c.base.commit?.sha.slice(0, 10) ?? "an unknown commit"} of ${c.base.date} (kernel time per round relative to its baseline's; tolerance ${c.tolerancePercent}%):`,
      alignRows(comparisonRows(report)),
    );
    if (c.missing.length) parts.push(`Not in the base: ${c.missing.join(", ")}`);
  }
  return parts.join("\n");
}

function renderMarkdown(report: BenchReport): string {
  const table = (rows: string[][]) =>
    [rows[0], rows[0].map(() => "---"), ...rows.slice(1)].map((row) => `| ${row.join(" | ")} |`).join("\n");
  const sha = report.commit
    ? `${report.commit.sha.slice(0, 10)}${report.commit.dirty ? " (modified)" : ""}`
    : "unknown commit";
  const lines = [
    `### relbench bench (${report.size}${report.slowdown ? `, slowdown ${report.slowdown}x` : ""})`,
    "",
    `${sha}, ${report.date}; ${report.machine.cpu}, ${report.machine.cores} cores, Node ${report.node}`,
    "",
    table([
      ["benchmark", "size", "kernel ms", "baseline ms", "ratio", "wasm MiB", "peak RSS MiB"],
      ...report.results.map((r) => [
        r.id,
        r.size,
        r.kernelMedianMs.toFixed(2),
        r.baselineMedianMs.toFixed(2),
        `${r.ratio.toFixed(2)}x`,
        mib(r.wasmPeakBytes),
        mib(r.rssPeakBytes),
      ]),
    ]),
  ];
  if (report.comparison) {
    const c = report.comparison;
    const slower = c.results.filter((r) => r.verdict === "slower").map((r) => r.id);
    lines.push(
      "",
      `Against ${c.base.commit?.sha.slice(0, 10) ?? "an unknown commit"} of ${c.base.date}, tolerance ${c.tolerancePercent}%: ${slower.length ? `**slower: ${slower.join(", ")}**` : "no kernel slower"}`,
      "",
      table(comparisonRows(report)),
    );
  }
  return `${lines.join("\n")}\n`;
}

function positiveInteger(value: unknown, option: string): number | undefined {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (!Number.isInteger(x) || x < 1)
    throw new UsageError(`--${option} must be a whole number of at least 1, not '${value}'`);
  return x;
}

async function runChild(
  id: string,
  size: BenchSize,
  rounds: number | undefined,
  slowdown: number | undefined,
  io: CliIO,
) {
  const benchmark = benchmarks.find((b) => b.id === id);
  if (!benchmark) throw new UsageError(`no benchmark '${id}'`);
  io.out(JSON.stringify(await runBenchmark(benchmark, size, { rounds, slowdown })));
  return 0;
}

export const benchCommand = defineCommand({
  help: `Usage: relbench bench [--quick] [--filter TEXT] [--rounds N] [--json] [--out FILE]
                      [--compare BASE.json [--tolerance 10]] [--markdown FILE] [--slowdown K]

Runs each benchmark's wasm kernel and a plain TypeScript implementation of the same algorithm,
alternating rounds, each benchmark in a process of its own, and prints the median time of each, the
ratio baseline/kernel (above 1 means the kernel is faster), the kernels' wasm memory and the process's
peak resident memory.

Options:
  --quick             fewer rounds and smaller problems where a benchmark offers them (CI)
  --filter TEXT       run only benchmarks whose id contains TEXT
  --rounds N          timed rounds of every benchmark (default: its own, at least 5)
  --json              print the report as one JSON object (schema ${BENCH_SCHEMA}, see README)
  --out FILE          also write the JSON report to FILE (a baseline for --compare)
  --compare BASE      compare every benchmark with the report BASE: the change of the kernel's time
                      relative to its baseline's in the same round, with a 95% interval from the
                      Mann-Whitney rank test over the rounds; exit code 1 when a kernel is slower
                      beyond the tolerance with that confidence
  --tolerance P       percent of slowdown that passes (default 10)
  --markdown FILE     write a summary table in Markdown (a CI job summary)
  --slowdown K        call each kernel K times per round: a known K-fold slowdown, to check a gate
  --child ID          (internal) run the one benchmark ID in this process and print its result`,
  options: {
    ...jsonOption,
    quick: { type: "boolean", default: false },
    filter: { type: "string" },
    rounds: { type: "string" },
    out: { type: "string" },
    compare: { type: "string" },
    tolerance: { type: "string" },
    markdown: { type: "string" },
    slowdown: { type: "string" },
    child: { type: "string" },
  },
  async run({ values }, io) {
    const size: BenchSize = values.quick ? "quick" : "full";
    const rounds = positiveInteger(values.rounds, "rounds");
    const slowdown = positiveInteger(values.slowdown, "slowdown");
    if (values.child) return runChild(values.child as string, size, rounds, slowdown, io);
    const tolerancePercent = values.tolerance === undefined ? 10 : Number(values.tolerance);
    if (!(tolerancePercent >= 0))
      throw new UsageError(`--tolerance must be a percentage of 0 or more, not '${values.tolerance}'`);
    if (values.tolerance !== undefined && !values.compare)
      throw new UsageError("--tolerance needs --compare BASE.json");
    const base = values.compare ? readBase(values.compare as string) : undefined;
    if (base && base.size !== size)
      throw new UsageError(
        `${values.compare} was run ${base.size === "quick" ? "with" : "without"} --quick; compare runs of the same size`,
      );
    const filter = values.filter as string | undefined;
    const selected = benchmarks.filter(
      (b) => (!filter || b.id.includes(filter)) && (!b.sizes || b.sizes.includes(size)),
    );
    if (selected.length === 0)
      throw new UsageError(`no benchmark matches '${filter}'${values.quick ? " in --quick" : ""}`);

    const flags = [
      ...(values.quick ? ["--quick"] : []),
      ...(rounds ? ["--rounds", String(rounds)] : []),
      ...(slowdown ? ["--slowdown", String(slowdown)] : []),
    ];
    const results: BenchResult[] = [];
    for (const benchmark of selected) {
      if (!values.json) io.err(`running ${benchmark.id}…`);
      results.push(await runInChild(benchmark.id, flags));
    }
    const report: BenchReport = {
      schema: BENCH_SCHEMA,
      app: APP_VERSION,
      kernel: await kernelVersion(),
      node: process.versions.node,
      commit: commit(),
      machine: machine(),
      size,
      date: new Date().toISOString(),
      ...(slowdown && slowdown > 1 ? { slowdown } : {}),
      results,
    };
    if (base) {
      const compared: BenchComparison[] = [];
      const missing: string[] = [];
      for (const result of results) {
        const before = base.results.find((r) => r.id === result.id);
        if (before) compared.push(compareResult(before, result, tolerancePercent / 100));
        else missing.push(result.id);
      }
      report.comparison = {
        base: { commit: base.commit, date: base.date, machine: base.machine },
        tolerancePercent,
        confidence: 0.95,
        results: compared,
        missing,
      };
    }
    const json = `${JSON.stringify(report, null, 2)}\n`;
    if (values.out) writeFileSync(values.out as string, json);
    if (values.markdown) writeFileSync(values.markdown as string, renderMarkdown(report));
    io.out(values.json ? json.trimEnd() : renderText(report));
    // The browser figures of the life-data screen, when an e2e run has written them (bench/life-e2e.ts).
    const browser = values.json ? null : lifeE2eTable();
    if (browser) io.out(`\n${browser}`);
    return report.comparison?.results.some((r) => r.verdict === "slower") ? 1 : 0;
  },
});
