// SCRAM 0.16.2 references for the generated fault trees (tests/fixtures/fta/openpsa/generated/): the rows of
// reference/scram-0.16.2-results.{tsv,json} whose model is gft-*, and the complete reports
// reference/reports/gft-*.xml. Rows of the other models (Aralia, SCRAM's inputs) are kept as they are.
//
//   apt-get install scram            # Debian 12: scram 0.16.2-3; /usr/bin/time for the peak memory
//   node scripts/gen-fault-tree.mjs --fixtures && node scripts/scram-references.mjs
//
// Per row, as the README's "Commands used" say: `scram --<algorithm> --probability 1 -l <limit> <file>`, stdout
// read until the first <sum-of-products> (the counts and probability of the top G1), then the process is stopped;
// analysis_s is the wall time to that point. A second run with the whole report written to /dev/null under
// /usr/bin/time gives full_run_with_report_s, peak_rss_mb and SCRAM's own <calculation-time>. Timings are of
// the machine this runs on; the counts and probabilities are what the tests compare.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { FIXTURES } from "./gen-fault-tree.mjs";

const OPENPSA = fileURLToPath(new URL("../tests/fixtures/fta/openpsa/", import.meta.url));
const REFERENCE = join(OPENPSA, "reference");
const TIMEOUT_S = 150;

/** The rows made for every generated tree: BDD and ZBDD at order 4, and BDD at 20 for the small trees. */
const RUNS = FIXTURES.flatMap((f) => {
  const model = f.out.replace(/\.xml$/, "");
  const runs = [
    { model, algorithm: "bdd", limit: 4 },
    { model, algorithm: "zbdd", limit: 4 },
  ];
  if (f.be <= 300) runs.push({ model, algorithm: "bdd", limit: 20 });
  return runs;
});

/** Complete reports the tests read (tests/kernels/fta/scram-reports.test.ts). */
const REPORTS = [
  { model: "gft-b100-s1", file: "gft-b100-s1.bdd.xml", limit: null },
  { model: "gft-b100-s2-mixed", file: "gft-b100-s2-mixed.bdd.xml", limit: null },
  { model: "gft-b1000-s1", file: "gft-b1000-s1.bdd-l4.xml", limit: 4 },
];

const attribute = (tag, name) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1] ?? null;

/** Runs SCRAM until the first <sum-of-products ...> tag and stops it; resolves with the tag and the time. */
function firstProducts(args) {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const child = spawn("scram", args, { stdio: ["ignore", "pipe", "ignore"] });
    let text = "";
    let done = false;
    const finish = (tag) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      resolve({ tag, seconds: Number(process.hrtime.bigint() - start) / 1e9 });
    };
    const timer = setTimeout(() => finish(null), TIMEOUT_S * 1000);
    child.stdout.on("data", (chunk) => {
      text += chunk;
      const m = text.match(/<sum-of-products\b[^>]*>/);
      if (m) finish(m[0]);
    });
    child.on("close", () => finish(text.match(/<sum-of-products\b[^>]*>/)?.[0] ?? null));
  });
}

async function row(run) {
  const file = `generated/${run.model}.xml`;
  const args = [`--${run.algorithm}`, "--probability", "1", "-l", String(run.limit), join(OPENPSA, file)];
  const first = await firstProducts(args);
  const base = {
    model: run.model,
    file,
    algorithm: run.algorithm,
    limit_order: run.limit,
    scram_version: "0.16.2",
    published_mcs: null,
    published_p: null,
  };
  if (!first.tag)
    return { ...base, status: "timeout", analysis_s: TIMEOUT_S, basic_events: null, gates: null, mcs: null };
  // /usr/bin/time writes to stderr; SCRAM's report (with its calculation times) goes to stdout.
  let report = "";
  let seconds = null;
  let rssMb = null;
  try {
    const stderrFile = join(REFERENCE, ".time");
    report = execFileSync(
      "sh",
      ["-c", `/usr/bin/time -o "${stderrFile}" -f "%e %M" scram "$@"`, "scram", ...args],
      { encoding: "utf8", timeout: TIMEOUT_S * 1000, maxBuffer: 1 << 30 },
    );
    const [e, m] = readFileSync(stderrFile, "utf8").trim().split(/\s+/).map(Number);
    execFileSync("rm", ["-f", stderrFile]);
    seconds = e;
    rssMb = Math.round(m / 102.4) / 10;
  } catch {
    // a full report that does not finish in time leaves these empty
  }
  const model = report.match(/<model-features>[\s\S]*?<\/model-features>/)?.[0] ?? "";
  const calc = report.match(/<calculation-time\b[^>]*>[\s\S]*?<\/calculation-time>/)?.[0] ?? "";
  const tag = first.tag;
  const algorithmIsBdd = run.algorithm === "bdd";
  return {
    ...base,
    status: "ok",
    basic_events: model.match(/<basic-events>(\d+)</)?.[1] ?? attribute(tag, "basic-events"),
    gates: model.match(/<gates>(\d+)</)?.[1] ?? null,
    mcs: Number(attribute(tag, "products")),
    order_distribution: attribute(tag, "distribution"),
    probability: Number(attribute(tag, "probability")),
    approximation: algorithmIsBdd ? "none" : "rare-event",
    warning: attribute(tag, "warning"),
    analysis_s: Math.round(first.seconds * 1000) / 1000,
    scram_products_s: Number(calc.match(/<products>([^<]+)</)?.[1] ?? Number.NaN) || null,
    scram_probability_s: Number(calc.match(/<probability>([^<]+)</)?.[1] ?? Number.NaN) || null,
    full_run_with_report_s: seconds,
    peak_rss_mb: rssMb,
  };
}

const COLUMNS = [
  "model",
  "file",
  "algorithm",
  "limit_order",
  "status",
  "basic_events",
  "gates",
  "mcs",
  "order_distribution",
  "probability",
  "approximation",
  "analysis_s",
  "scram_products_s",
  "full_run_with_report_s",
  "peak_rss_mb",
  "scram_version",
  "published_mcs",
  "published_p",
];
const FIELDS = [
  "model",
  "file",
  "algorithm",
  "limit_order",
  "status",
  "basic_events",
  "gates",
  "mcs",
  "order_distribution",
  "probability",
  "approximation",
  "warning",
  "analysis_s",
  "scram_products_s",
  "scram_probability_s",
  "full_run_with_report_s",
  "peak_rss_mb",
  "scram_version",
  "published_mcs",
  "published_p",
];

const jsonPath = join(REFERENCE, "scram-0.16.2-results.json");
const original = readFileSync(jsonPath, "utf8");
const made = [];
for (const run of RUNS) {
  const r = await row(run);
  made.push(Object.fromEntries(FIELDS.map((f) => [f, r[f] ?? null])));
  console.log(
    `${run.model} ${run.algorithm} -l ${run.limit}: ${r.status} ${r.mcs ?? ""} ${r.probability ?? ""}`,
  );
}
// Rows of other models keep their text byte for byte (the file is JSON with one-space indents): only the gft-*
// row objects are replaced, and a line in "meta" says how they were made.
const NOTE =
  '  "generated_rows": "gft-* rows and reports: node scripts/gen-fault-tree.mjs --fixtures && node scripts/scram-references.mjs",\n';
const head = original.slice(0, original.indexOf('"results": [') + '"results": ['.length);
const chunks = original
  .slice(head.length, original.lastIndexOf("]"))
  .split(/(?<=\n {2}\}),?\n/)
  .map((c) => c.replace(/^\n/, ""))
  .filter((c) => c.trim() !== "");
const keptChunks = chunks.filter((c) => !c.includes('"model": "gft-'));
const indent = (value) =>
  JSON.stringify(value, null, 1)
    .split("\n")
    .map((l) => `  ${l}`)
    .join("\n");
const withNote = head.includes('"generated_rows"') ? head : head.replace('"meta": {\n', `"meta": {\n${NOTE}`);
writeFileSync(jsonPath, `${withNote}\n${[...keptChunks, ...made.map(indent)].join(",\n")}\n ]\n}`);

// The TSV has the same rows; it keeps its own text for the rows that are not regenerated.
const tsvPath = join(REFERENCE, "scram-0.16.2-results.tsv");
const lines = readFileSync(tsvPath, "utf8")
  .split("\n")
  .filter((l) => l !== "");
const header = lines[0];
const others = lines.slice(1).filter((l) => !l.startsWith("gft-"));
const text = (v) => (v === null || v === undefined ? "" : String(v));
const fresh = made.map((r) => COLUMNS.map((c) => text(r[c])).join("\t"));
writeFileSync(tsvPath, `${[header, ...others, ...fresh].join("\n")}\n`);

for (const rep of REPORTS) {
  const args = ["--bdd", "--probability", "1", "--importance", "1", "--no-indent"];
  if (rep.limit) args.push("-l", String(rep.limit));
  args.push(join(OPENPSA, `generated/${rep.model}.xml`), "-o", join(REFERENCE, "reports", rep.file));
  execFileSync("scram", args, { stdio: "ignore", timeout: TIMEOUT_S * 1000 });
  console.log(`reports/${rep.file}`);
}
