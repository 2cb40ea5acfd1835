import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { nodeWorkerRunner } from "../kernels/rbd/node-runner.ts";
import {
  describeProblem,
  exactRbd,
  inThreadRunner,
  RBD_BLOCK_TRIALS,
  type RbdExactResult,
  type RbdModel,
  type RbdSimulationResult,
  type RbdSimulationRunner,
  RbdTooLargeError,
  readRbdDistributions,
  simulateRbd,
  validateRbd,
  validateSimulationOptions,
} from "../kernels/rbd.ts";
import { defineCommand, jsonOption, UsageError } from "./command.ts";

function numberOption(
  value: unknown,
  name: string,
  check: (x: number) => boolean,
  rule: string,
): number | undefined {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (String(value).trim() === "" || !check(x))
    throw new UsageError(`--${name} must be ${rule}, not '${value}'`);
  return x;
}

function readModel(file: string): RbdModel {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not valid JSON: ${(error as Error).message.split("\n")[0]}`);
  }
  // Older files (and FTA's distribution names, weibull2 with p1..p3) read as today's.
  value = readRbdDistributions(value);
  const problems = validateRbd(value);
  if (problems.length > 0) {
    const more =
      problems.length > 1
        ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? "s" : ""})`
        : "";
    throw new UsageError(`${file}: ${describeProblem(problems[0])}${more}`);
  }
  return value as RbdModel;
}

const fmt = (x: number | null | undefined, digits = 10) =>
  x === null || x === undefined
    ? "-"
    : Number.isFinite(x)
      ? Number(x.toPrecision(digits)).toString()
      : String(x);

function report(
  model: RbdModel,
  exact: RbdExactResult | null,
  sim: RbdSimulationResult | null,
  workers: number,
) {
  const time = exact?.time ?? sim?.time ?? model.missionTime;
  const out: Record<string, unknown> = { name: model.name ?? "", time };
  out.reliability = {
    exact: exact?.reliability ?? null,
    ...(sim ? { simulated: sim.reliability, standardError: sim.standardError } : {}),
  };
  const mttf: Record<string, unknown> = {};
  if (exact && exact.mttf !== null) mttf.exact = exact.mttf;
  if (sim?.mttf) mttf.simulated = sim.mttf;
  out.mttf = mttf;
  if (model.currentAge) {
    out.conditionalReliability = {
      age: model.currentAge,
      exact: exact?.conditional?.reliability ?? null,
      ...(sim?.conditional
        ? { simulated: sim.conditional.reliability, standardError: sim.conditional.standardError }
        : {}),
    };
  }
  if (model.warrantyLife !== undefined) {
    out.warrantyReliability = {
      time: model.warrantyLife,
      exact: exact?.warranty?.reliability ?? null,
      ...(sim?.warranty
        ? { simulated: sim.warranty.reliability, standardError: sim.warranty.standardError }
        : {}),
    };
  }
  out.importance =
    exact?.importance.map((c) => ({
      block: c.blockId,
      mirrors: c.mirrors,
      reliability: c.reliability,
      birnbaum: c.birnbaum,
      criticality: c.criticality,
    })) ?? null;
  if (sim) {
    out.simulation = { trials: sim.trials, seed: sim.seed, workers, blockSize: sim.blockSize };
    out.life = { min: sim.life.min, max: sim.life.max, quantiles: sim.life.quantiles };
  }
  if (exact) out.bddNodes = exact.bddNodes;
  return out;
}

function text(
  out: Record<string, unknown>,
  exact: RbdExactResult | null,
  sim: RbdSimulationResult | null,
  workers: number,
) {
  const lines = [`${out.name || "diagram"}: time ${fmt(out.time as number)}`];
  const simulated = (r: number, se: number) => `   simulated ${fmt(r, 6)} ± ${fmt(se, 2)}`;
  lines.push(
    `reliability   exact ${exact ? fmt(exact.reliability) : "- (too large for the exact method)"}${sim ? simulated(sim.reliability, sim.standardError) : ""}`,
  );
  const m = sim?.mttf;
  const exactMttf = exact?.mttf === null ? "- (fixed-probability block)" : fmt(exact?.mttf);
  lines.push(
    `MTTF          exact ${exactMttf}${m ? `   simulated ${fmt(m.mean, 6)} (${m.confidence}% ${fmt(m.lower, 6)} to ${fmt(m.upper, 6)})` : ""}`,
  );
  if (exact?.conditional || sim?.conditional) {
    const c = sim?.conditional;
    lines.push(
      `conditional   exact ${fmt(exact?.conditional?.reliability)} (${fmt(out.time as number)} more after age ${(out.conditionalReliability as { age: number }).age})${c ? simulated(c.reliability, c.standardError) : ""}`,
    );
  }
  if (exact?.warranty || sim?.warranty) {
    const w = sim?.warranty;
    lines.push(
      `warranty      exact ${fmt(exact?.warranty?.reliability)} (at ${fmt((out.warrantyReliability as { time: number }).time)})${w ? simulated(w.reliability, w.standardError) : ""}`,
    );
  }
  if (sim) {
    const q = (p: number) => fmt(sim.life.quantiles.find((x) => x.probability === p)?.time, 6);
    lines.push(`life          B10 ${q(0.1)}   median ${q(0.5)}   B90 ${q(0.9)}`);
    lines.push(
      `simulation    ${sim.trials} trials, seed ${sim.seed}, ${workers} worker${workers > 1 ? "s" : ""}, ${Math.round(sim.trialsPerSecond)} trials/s`,
    );
  }
  if (exact) {
    const rows = exact.importance.map((c) => [
      c.blockId + (c.mirrors.length ? ` (+${c.mirrors.join(", ")})` : ""),
      fmt(c.reliability, 6),
      fmt(c.birnbaum, 6),
      fmt(c.criticality, 6),
    ]);
    const table = [["block", "R(t)", "Birnbaum", "criticality"], ...rows];
    const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
    lines.push("importance");
    for (const r of table)
      lines.push(
        `  ${r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ")}`,
      );
  }
  lines.push(`elapsed       ${Math.round(out.elapsedMs as number)} ms`);
  return lines.join("\n");
}

export const rbdCommand = defineCommand({
  help: `Usage: relbench rbd FILE.json [--time T] [--simulate N] [--seed S] [--workers K] [--json]

Analyses the reliability block diagram in FILE (relbench's JSON model, see README): exact
reliability at the time (BDD over the components, mirrors included), conditional reliability given the
model's currentAge, reliability at its warrantyLife, MTTF, and Birnbaum and criticality importance of
every component. With --simulate, also a Monte Carlo estimate of each with its standard error, MTTF with
a 95% interval and quantiles of system life.

Options:
  --time T       time to report reliability and importance at (default: the model's missionTime)
  --simulate N   Monte Carlo with N trials
  --seed S       seed of the simulation, an integer (default 1); the same seed and N give the same
                 numbers whatever the number of workers
  --workers K    worker threads for the simulation (default: the number of cores)
  --json         print one JSON object: reliability {exact, simulated, standardError}, mttf {exact,
                 simulated}, importance, elapsedMs, trialsPerSecond, ...

Exit codes: 0 done, 2 bad arguments, unreadable file or invalid model (one line on stderr).`,
  options: {
    ...jsonOption,
    time: { type: "string" },
    simulate: { type: "string" },
    seed: { type: "string" },
    workers: { type: "string" },
  },
  allowPositionals: true,
  async run({ values, positionals }, io) {
    if (positionals.length !== 1) throw new UsageError("expected one FILE.json (see relbench rbd --help)");
    const time = numberOption(
      values.time,
      "time",
      (x) => Number.isFinite(x) && x >= 0,
      "a number of at least 0",
    );
    const trials = numberOption(
      values.simulate,
      "simulate",
      (x) => Number.isInteger(x) && x >= 1,
      "a whole number of at least 1",
    );
    const seed = numberOption(
      values.seed,
      "seed",
      (x) => Number.isSafeInteger(x) && x >= 0,
      "a whole number of at least 0",
    );
    const workerOption = numberOption(
      values.workers,
      "workers",
      (x) => Number.isInteger(x) && x >= 1 && x <= 256,
      "a whole number from 1 to 256",
    );
    if (trials !== undefined) {
      const problem = validateSimulationOptions({ trials, seed })[0];
      if (problem) throw new UsageError(problem);
    }
    const model = readModel(positionals[0]);
    const started = performance.now();

    let exact: RbdExactResult | null = null;
    try {
      exact = await exactRbd(model, { time });
    } catch (error) {
      if (!(error instanceof RbdTooLargeError) || trials === undefined)
        throw error instanceof RbdTooLargeError ? new UsageError(`${error.message}`) : error;
    }

    let sim: RbdSimulationResult | null = null;
    let workers = 0;
    if (trials !== undefined) {
      workers = Math.min(workerOption ?? availableParallelism(), Math.ceil(trials / RBD_BLOCK_TRIALS));
      const threads = workers > 1 ? nodeWorkerRunner(workers) : undefined;
      const runner: RbdSimulationRunner = threads ?? inThreadRunner;
      const controller = new AbortController();
      const interrupt = () => controller.abort(new UsageError("simulation cancelled"));
      process.once("SIGINT", interrupt);
      const showProgress = !values.json && process.stderr.isTTY;
      try {
        sim = await simulateRbd(
          model,
          { trials, seed, time, runner },
          {
            signal: controller.signal,
            onProgress: showProgress
              ? (done, total) => process.stderr.write(`\rsimulating ${Math.floor((100 * done) / total)}%`)
              : undefined,
          },
        );
      } finally {
        process.off("SIGINT", interrupt);
        if (showProgress) process.stderr.write("\r\x1b[K");
        await threads?.close();
      }
    }
    const out = report(model, exact, sim, workers);
    out.elapsedMs = performance.now() - started;
    if (sim) out.trialsPerSecond = sim.trialsPerSecond;
    io.out(values.json ? JSON.stringify(out, null, 2) : text(out, exact, sim, workers));
    return 0;
  },
});
