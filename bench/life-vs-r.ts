// relbench against R's survreg on a 400,000-row CSV, and relbench's start-up against Node's, as whole processes:
//   npx tsx bench/life-vs-r.ts [--rows N] [--runs N] [--json]
// Commands, in turns (bench/processes.ts), median of --runs (default 5) after one warm-up round:
//   node -e 0                                       Node's own start, the floor
//   bin/relbench version --json                     the command line's start (the launcher, as installed)
//   bin/relbench life fit FILE.csv --json           Weibull 2P MLE with Fisher bounds
//   Rscript fit.R FILE.csv                          read.csv + survreg(Surv(End, State == "F") ~ 1, dist = "weibull")
// The data are bench/life-samples.ts's right-censored Weibull(1.7, 1000) rows; beta and eta of both are
// checked against each other (R: beta = 1/scale, eta = exp(intercept)). Without Rscript it times relbench only.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { rightCensored } from "./life-samples.ts";
import { type ProcessCommand, timeProcesses } from "./processes.ts";

const args = process.argv.slice(2);
const value = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const rows = Number(value("--rows") ?? 400_000);
const runs = Number(value("--runs") ?? 5);
// The command as `npx relbench` or a PATH entry runs it: the launcher (bin/relbench), not node on its script.
const RELBENCH = fileURLToPath(new URL("../bin/relbench", import.meta.url));

const dir = mkdtempSync(join(tmpdir(), "relbench-life-vs-r-"));
const csv = join(dir, `weibull-${rows}.csv`);
const { end, state } = rightCensored(rows, 17);
const lines = ["End,State"];
for (let i = 0; i < rows; i++) lines.push(`${end[i]},${state[i] ? "F" : "S"}`);
writeFileSync(csv, `${lines.join("\n")}\n`);
const script = join(dir, "fit.R");
writeFileSync(
  script,
  `suppressMessages(library(survival))
d <- read.csv(commandArgs(TRUE)[1])
fit <- survreg(Surv(End, State == "F") ~ 1, data = d, dist = "weibull")
cat(sprintf("%.12g %.12g %.12g\\n", 1 / fit$scale, exp(coef(fit)[[1]]), fit$loglik[2]))
`,
);

const hasR = !spawnSync("Rscript", ["--version"]).error;
const fit = [RELBENCH, "life", "fit", csv, "--json"];
const ours = JSON.parse(spawnSync(fit[0], fit.slice(1), { encoding: "utf8" }).stdout);
let agree: boolean | undefined;
let theirs: number[] | undefined;
if (hasR) {
  theirs = spawnSync("Rscript", [script, csv], { encoding: "utf8" }).stdout.trim().split(" ").map(Number);
  const same = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.abs(b);
  agree =
    same(ours.parameters.beta, theirs[0]) &&
    same(ours.parameters.eta, theirs[1]) &&
    same(ours.logLikelihood, theirs[2]);
}

const commands: ProcessCommand[] = [
  { name: "node", argv: [process.execPath, "-e", "0"] },
  { name: "version", argv: [RELBENCH, "version", "--json"] },
  { name: "lifeFit", argv: fit },
  ...(hasR ? [{ name: "rscript", argv: ["Rscript", script, csv] }] : []),
];
const t = timeProcesses(commands, runs);
const round = (x: number) => Math.round(x * 10) / 10;
const report = {
  date: new Date().toISOString(),
  rows,
  runs,
  node: process.versions.node,
  medianMs: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, round(v.medianMs)])),
  rangeMs: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, [round(v.minMs), round(v.maxMs)]])),
  cpuMedianMs: Object.fromEntries(
    Object.entries(t).map(([k, v]) => [k, v.cpuMedianMs && round(v.cpuMedianMs)]),
  ),
  peakRssMiB: Object.fromEntries(
    Object.entries(t).map(([k, v]) => [k, v.peakRssBytes && round(v.peakRssBytes / 1048576)]),
  ),
  startupRatio: Math.round((t.version.medianMs / t.node.medianMs) * 100) / 100,
  startupCpuRatio:
    t.version.cpuMedianMs && t.node.cpuMedianMs
      ? Math.round((t.version.cpuMedianMs / t.node.cpuMedianMs) * 100) / 100
      : null,
  rOverRelbench: hasR ? Math.round((t.rscript.medianMs / t.lifeFit.medianMs) * 100) / 100 : null,
  relbench: { beta: ours.parameters.beta, eta: ours.parameters.eta, logLikelihood: ours.logLikelihood },
  r: theirs ? { beta: theirs[0], eta: theirs[1], logLikelihood: theirs[2] } : null,
  sameResult: agree ?? null,
};
if (args.includes("--json")) console.log(JSON.stringify(report, null, 2));
else {
  for (const [name, timing] of Object.entries(t))
    console.log(
      `${name.padEnd(8)} median ${round(timing.medianMs)} ms (${round(timing.minMs)} to ${round(timing.maxMs)})`,
    );
  console.log(`relbench version / node -e 0: ${report.startupRatio}x`);
  if (hasR)
    console.log(
      `Rscript / relbench life fit: ${report.rOverRelbench}x; same beta, eta, log-likelihood: ${agree}`,
    );
  else console.log("Rscript is not installed here (r-base-core, r-cran-survival): relbench timed alone.");
}
