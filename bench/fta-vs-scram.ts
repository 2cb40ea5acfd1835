// relbench against SCRAM 0.16.2 on the Open-PSA fixture models, on this machine, in one session:
//   npx tsx bench/fta-vs-scram.ts [--quick] [--filter TEXT] [--runs N] [--json] [--out FILE]
// SCRAM: `scram --bdd --probability 1 FILES` (order limit 20 by default), wall time from process start
// until the first <sum-of-products> of its report reaches stdout (everything computed, the product list
// not yet written), as in tests/fixtures/fta/openpsa/reference. relbench: in this process, reading and
// parsing the files plus analyzeFaultTree with the BDD (exact probability, cut sets counted by order),
// the work of `relbench fta FILES --json` without Node's start-up; the median of the runs after one
// warm-up. Both results are checked against each other. Without `scram` on the PATH it says so and stops.
// Whole processes (bench/processes.ts): `bin/relbench fta FILES --json` (the command as installed),
// the same SCRAM command with its report to /dev/null, and `node -e 0` (Node's own start, the floor), in
// turns, median of --process-runs (default 5); once for models whose SCRAM analysis takes over 2 s, not at
// all over 10 s (there Node's start is far below the noise of one run). Also their CPU time (user + system,
// to the millisecond) and, with GNU time installed, peak resident memory: on a busy machine wall time is
// mostly waiting. `node -e 0` runs in this environment as it is: where NODE_EXTRA_CA_CERTS is set, Node 20
// loads that file as it starts, and the launcher spares relbench that (bin/relbench).
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { analyzeFaultTree, readMef } from "../src/kernels/fta.ts";
import { timeProcesses } from "./processes.ts";

const OPENPSA = fileURLToPath(new URL("../tests/fixtures/fta/openpsa/", import.meta.url));

interface Row {
  model: string;
  file: string;
  algorithm: string;
  limit_order: number;
  status: string;
  analysis_s: number | null;
}

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const value = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const quick = flag("--quick");
const filter = value("--filter");
const runs = Number(value("--runs") ?? (quick ? 1 : 3));
const SCRAM_TIMEOUT_MS = Number(value("--timeout") ?? 200_000);
const processRuns = Number(value("--process-runs") ?? 5);
// The command as `npx relbench` or a PATH entry runs it: the launcher (bin/relbench), not node on its script.
const RELBENCH = fileURLToPath(new URL("../bin/relbench", import.meta.url));

function files(row: Row): string[] {
  const [first, ...rest] = row.file.split(" + ");
  return [first, ...rest.map((f) => first.replace(/[^/]*$/, f))].map((f) => join(OPENPSA, f));
}

/** Seconds until SCRAM's report starts, and the products count and probability it prints. */
function runScram(
  paths: string[],
): Promise<{ ms: number; products?: number; probability?: number; timeout?: boolean }> {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn("scram", ["--bdd", "--probability", "1", ...paths], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    let text = "";
    let finished = false;
    const finish = (result: { ms: number; products?: number; probability?: number; timeout?: boolean }) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      done(result);
    };
    const timer = setTimeout(
      () => finish({ ms: performance.now() - started, timeout: true }),
      SCRAM_TIMEOUT_MS,
    );
    child.stdout.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const m = /<sum-of-products[^>]*products="(\d+)"[^>]*probability="([^"]+)"/.exec(text);
      if (m) finish({ ms: performance.now() - started, products: Number(m[1]), probability: Number(m[2]) });
    });
    child.on("exit", () => finish({ ms: performance.now() - started }));
  });
}

async function runRelbench(paths: string[]) {
  const started = performance.now();
  const model = readMef(
    paths.map((p) => ({ name: p, text: readFileSync(p, "utf8") })),
    {
      resolveInclude: (href, from) => ({
        name: resolve(dirname(from), href),
        text: readFileSync(resolve(dirname(from), href), "utf8"),
      }),
    },
  );
  const result = await analyzeFaultTree(model, {
    algorithm: "bdd",
    limitOrder: 20,
    gateProbabilities: false,
  });
  return {
    ms: performance.now() - started,
    count: result.cutSets.count,
    probability: result.probability.exact as number,
    events: result.counts.basicEvents,
  };
}

/** The same comparisons in CPU time, which a busy machine distorts far less than wall time. */
function cpuColumns(whole: ReturnType<typeof timeProcesses> | undefined) {
  const node = whole?.node.cpuMedianMs;
  const ours = whole?.relbench.cpuMedianMs;
  const theirs = whole?.scram.cpuMedianMs;
  if (!node || !ours || !theirs)
    return {
      nodeCpuMs: "-",
      relbenchCpuMs: "-",
      scramCpuMs: "-",
      cpuRatio: "-",
      cpuNodeRatio: "-",
      relbenchRssMiB: "-",
      scramRssMiB: "-",
    };
  const mib = (bytes: number | null) => (bytes === null ? "-" : Math.round(bytes / 104857.6) / 10);
  return {
    nodeCpuMs: Math.round(node),
    relbenchCpuMs: Math.round(ours),
    scramCpuMs: Math.round(theirs),
    cpuRatio: Math.round((theirs / ours) * 100) / 100,
    cpuNodeRatio: Math.round((ours / node) * 100) / 100,
    relbenchRssMiB: mib(whole.relbench.peakRssBytes),
    scramRssMiB: mib(whole.scram.peakRssBytes),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main(): Promise<void> {
  if (spawnSync("scram", ["--version"]).error) {
    console.log("scram is not installed here (Debian package scram 0.16.2): nothing to compare with.");
    return;
  }
  const reference = JSON.parse(readFileSync(join(OPENPSA, "reference/scram-0.16.2-results.json"), "utf8"))
    .results as Row[];
  let rows = reference.filter((r) => r.algorithm === "bdd" && r.limit_order === 20 && r.status === "ok");
  if (quick) rows = rows.filter((r) => (r.analysis_s ?? 0) < 1);
  if (filter) rows = rows.filter((r) => r.model.includes(filter));
  const table: Array<Record<string, string | number | boolean>> = [];
  for (const row of rows) {
    const paths = files(row);
    await runRelbench(paths); // warm-up: wasm compile, JIT
    const ours: number[] = [];
    let last: Awaited<ReturnType<typeof runRelbench>> | undefined;
    for (let i = 0; i < runs; i++) {
      last = await runRelbench(paths);
      ours.push(last.ms);
    }
    // A long SCRAM run is measured once.
    const theirs: Awaited<ReturnType<typeof runScram>>[] = [];
    for (let i = 0; i < ((row.analysis_s ?? 0) > 10 ? 1 : runs); i++) theirs.push(await runScram(paths));
    const scramMs = median(theirs.map((t) => t.ms));
    const agree =
      !theirs[0].timeout &&
      theirs[0].products === last?.count &&
      Math.abs((last?.probability ?? 0) - (theirs[0].probability ?? 0)) <=
        5e-6 * Math.abs(theirs[0].probability ?? 0);
    const scramS = row.analysis_s ?? 0;
    const whole =
      scramS > 10
        ? undefined
        : timeProcesses(
            [
              { name: "node", argv: [process.execPath, "-e", "0"] },
              { name: "relbench", argv: [RELBENCH, "fta", ...paths, "--json"] },
              { name: "scram", argv: ["scram", "--bdd", "--probability", "1", ...paths] },
            ],
            scramS > 2 ? 1 : processRuns,
            { timeoutMs: SCRAM_TIMEOUT_MS },
          );
    if (whole && whole.relbench.code !== 0) throw new Error(`relbench fta failed on ${row.model}`);
    const round = (x: number) => Math.round(x * 10) / 10;
    const entry = {
      model: row.model,
      events: last?.events ?? 0,
      cutSets: last?.count ?? 0,
      relbenchMs: Math.round(median(ours) * 10) / 10,
      scramMs: theirs[0].timeout ? "timeout" : Math.round(scramMs * 10) / 10,
      ratio: theirs[0].timeout ? "-" : Math.round((scramMs / median(ours)) * 10) / 10,
      sameResult: agree,
      nodeMs: whole ? round(whole.node.medianMs) : "-",
      relbenchProcessMs: whole ? round(whole.relbench.medianMs) : "-",
      scramProcessMs: whole ? round(whole.scram.medianMs) : "-",
      processRatio: whole ? Math.round((whole.scram.medianMs / whole.relbench.medianMs) * 100) / 100 : "-",
      // Within 1.5x of Node's bare start: the target where SCRAM's whole process is itself faster than Node's start.
      nodeRatio: whole ? Math.round((whole.relbench.medianMs / whole.node.medianMs) * 100) / 100 : "-",
      ...cpuColumns(whole),
    };
    table.push(entry);
    if (!flag("--json"))
      console.error(`${entry.model}: relbench ${entry.relbenchMs} ms, SCRAM ${entry.scramMs} ms`);
  }
  const report = {
    date: new Date().toISOString(),
    runs,
    processRuns,
    node: process.versions.node,
    scram: "0.16.2",
    models: table,
  };
  if (value("--out")) writeFileSync(value("--out") as string, `${JSON.stringify(report, null, 2)}\n`);
  if (flag("--json")) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  const columns = [
    "model",
    "events",
    "cutSets",
    "relbenchMs",
    "scramMs",
    "ratio",
    "sameResult",
    "nodeMs",
    "relbenchProcessMs",
    "scramProcessMs",
    "processRatio",
    "nodeRatio",
    "nodeCpuMs",
    "relbenchCpuMs",
    "scramCpuMs",
    "cpuRatio",
    "cpuNodeRatio",
    "relbenchRssMiB",
    "scramRssMiB",
  ];
  const cells = [columns, ...table.map((r) => columns.map((c) => String(r[c])))];
  const widths = columns.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  for (const r of cells)
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  "));
  console.log("ratio = SCRAM time / relbench time in-process (above 1: relbench is faster)");
  console.log("processRatio = the same for whole processes; nodeRatio = relbench process / node -e 0");
  console.log("cpu*: the same in CPU time (user + system) of the whole processes");
}

await main();
