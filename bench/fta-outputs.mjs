// Fingerprints of what `relbench fta` prints for every fixture model, to show that a change to the command
// line or the kernels left every result as it was: one line per model and set of options with the SHA-256 of
// the output (the JSON's elapsedMs line and the text's final "(N ms)" line left out, the only parts that vary
// from run to run). Run it with the old and the new build and compare the files:
//   node bench/fta-outputs.mjs [--bin PATH/bin/relbench.cjs] [--quick] [--filter TEXT] > after.txt
//   diff before.txt after.txt
// Every model of the SCRAM reference table (tests/fixtures/fta/openpsa/reference) and the generated trees:
// --json --importance; --json --list where the cut sets are fewer than 200,000; the text report; and
// --algorithm zbdd and mocus on the models SCRAM answers with them in under a second. --quick skips the
// models whose analysis takes seconds (cea9601, das9701, edf9203/9204, edfpa14*, nus9601, jbd9601, isp9602).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const bin = args.includes("--bin")
  ? args[args.indexOf("--bin") + 1]
  : fileURLToPath(new URL("../bin/relbench.cjs", import.meta.url));
const quick = args.includes("--quick");
const filter = args.includes("--filter") ? args[args.indexOf("--filter") + 1] : undefined;
const OPENPSA = fileURLToPath(new URL("../tests/fixtures/fta/openpsa/", import.meta.url));
const SLOW = /^(cea9601|CEA9601-scram|das9701|edf9203|edf9204|edfpa14[bopqr]|nus9601|jbd9601|isp9602)$/;

const reference = JSON.parse(
  readFileSync(join(OPENPSA, "reference/scram-0.16.2-results.json"), "utf8"),
).results;
const models = new Map();
for (const row of reference) {
  if (row.status !== "ok") continue;
  const entry = models.get(row.model) ?? { file: row.file, cutSets: 0, fast: new Set() };
  if (row.algorithm === "bdd" && row.limit_order === 20) entry.cutSets = Number(row.mcs);
  if (row.analysis_s !== null && row.analysis_s < 1) entry.fast.add(row.algorithm);
  models.set(row.model, entry);
}
for (const name of readdirSync(join(OPENPSA, "generated")).sort())
  if (name.endsWith(".xml"))
    models.set(name.slice(0, -4), { file: `generated/${name}`, cutSets: 0, fast: new Set() });

function paths(file) {
  const [first, ...rest] = file.split(" + ");
  return [first, ...rest.map((f) => first.replace(/[^/]*$/, f))].map((f) => join(OPENPSA, f));
}

function fingerprint(argv) {
  const run = spawnSync(process.execPath, [bin, "fta", ...argv], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  const text = run.stdout
    .split("\n")
    .filter((line) => !/^\s*"elapsedMs": /.test(line) && !/^\(\d+ ms\)$/.test(line))
    .join("\n");
  return `${run.status} ${createHash("sha256").update(text).update(run.stderr).digest("hex").slice(0, 16)}`;
}

for (const [model, { file, cutSets, fast }] of models) {
  if ((quick && SLOW.test(model)) || (filter && !model.includes(filter))) continue;
  const files = paths(file);
  const runs = [
    ["--json", "--importance"],
    [],
    ...(cutSets > 0 && cutSets < 200_000 ? [["--json", "--list"]] : []),
    ...["zbdd", "mocus"].filter((a) => fast.has(a)).map((a) => ["--json", "--algorithm", a]),
  ];
  for (const options of runs)
    process.stdout.write(
      `${model} ${options.join(" ") || "(text)"}: ${fingerprint([...files, ...options])}\n`,
    );
}
