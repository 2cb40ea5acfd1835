import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { type BenchResult, formatTable, runBenchmark } from "../../bench/harness.ts";
import { benchmarks } from "../../bench/index.ts";
import { lifeE2eTable } from "../../bench/life-e2e.ts";
import { kernelVersion } from "../kernels/math.ts";
import { APP_VERSION } from "../shared/version.ts";
import { defineCommand, jsonOption, UsageError } from "./command.ts";

export const benchCommand = defineCommand({
  name: "bench",
  summary: "Time the wasm kernels against plain TypeScript baselines",
  help: `Usage: relbench bench [--quick] [--json] [--filter TEXT] [--out FILE]

Runs each benchmark's wasm kernel and a plain TypeScript implementation of the same algorithm in
this process, alternating rounds, and prints the median time of each and the ratio baseline/kernel
(above 1 means the kernel is faster).

Options:
  --quick        fewer rounds and smaller problems where a benchmark offers them (CI)
  --json         print the results as one JSON object
  --filter TEXT  run only benchmarks whose id contains TEXT
  --out FILE     also write the JSON to FILE`,
  options: {
    ...jsonOption,
    quick: { type: "boolean", default: false },
    filter: { type: "string" },
    out: { type: "string" },
  },
  async run({ values }, io) {
    const filter = values.filter as string | undefined;
    const selected = benchmarks.filter((b) => !filter || b.id.includes(filter));
    if (selected.length === 0) throw new UsageError(`no benchmark matches '${filter}'`);
    const size = values.quick ? "quick" : "full";
    const results: BenchResult[] = [];
    for (const benchmark of selected) {
      if (!values.json) io.err(`running ${benchmark.id}…`);
      results.push(await runBenchmark(benchmark, size));
    }
    const report = {
      app: APP_VERSION,
      kernel: await kernelVersion(),
      node: process.versions.node,
      cpu: cpus()[0]?.model ?? "unknown",
      cores: cpus().length,
      size,
      date: new Date().toISOString(),
      results,
    };
    if (values.out) writeFileSync(values.out as string, `${JSON.stringify(report, null, 2)}\n`);
    io.out(values.json ? JSON.stringify(report, null, 2) : formatTable(results));
    // The browser figures of the life-data screen, when an e2e run has written them (bench/life-e2e.ts).
    const browser = values.json ? null : lifeE2eTable();
    if (browser) io.out(`\n${browser}`);
    return 0;
  },
});
