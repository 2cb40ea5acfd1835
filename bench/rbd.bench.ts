// Block-diagram benchmarks: Monte Carlo trials per second on a 50-block diagram with mirrors (wasm on
// this thread, then on a worker thread per core, against the plain TypeScript Monte Carlo on this
// thread), and the exact method (BDD build + the reliability curve at 1,000 times) on a 200-block diagram.
import { availableParallelism } from "node:os";
import { compileRbd } from "../src/kernels/rbd/compile.ts";
import { exactCurveLoaded, loadExact } from "../src/kernels/rbd/exact.ts";
import { loadRbdKernel } from "../src/kernels/rbd/kernel.ts";
import { nodeWorkerRunner } from "../src/kernels/rbd/node-runner.ts";
import { RBD_BLOCK_TRIALS, type RbdSimulationResult, simulateRbd } from "../src/kernels/rbd/simulate.ts";
import { exactCurveTs } from "./baselines/rbd-bdd.ts";
import { type MonteCarloTsResult, monteCarloRbdTs } from "./baselines/rbd-monte-carlo.ts";
import { defineBenchmark } from "./harness.ts";
import { benchDiagram } from "./rbd-models.ts";

const SEED = 2024;

function checkMonteCarlo(kernel: unknown, baseline: unknown): void {
  const k = kernel as RbdSimulationResult;
  const b = baseline as MonteCarloTsResult;
  if (k.trials !== b.trials) throw new Error(`trials differ: ${k.trials} vs ${b.trials}`);
  // Same streams and formulas; only Math.log/pow of V8 and of the wasm may differ in the last bit, which
  // can move a rare life across a time. Anything beyond a few trials is a real difference.
  const rb = b.survivals[0] / b.trials;
  if (Math.abs(k.reliability - rb) * k.trials > 3) throw new Error(`R differs: ${k.reliability} vs ${rb}`);
  if (Math.abs((k.mttf?.mean as number) / b.mean - 1) > 1e-9)
    throw new Error(`MTTF differs: ${k.mttf?.mean} vs ${b.mean}`);
}

function monteCarloBenchmark(id: string, title: string, threads: () => number) {
  return defineBenchmark({
    id,
    title,
    async setup(size) {
      const model = benchDiagram(50);
      const program = compileRbd(model);
      const trials = size === "quick" ? 100_000 : 1_000_000;
      const workers = threads();
      const runner = workers > 1 ? nodeWorkerRunner(workers) : undefined;
      // Start the threads (and their tsx and wasm) before timing.
      if (runner) await simulateRbd(model, { trials: workers * RBD_BLOCK_TRIALS, seed: 1, runner });
      return {
        size: `50 blocks (${program.componentCount} components, 6 mirrors), ${trials.toLocaleString("en")} trials, ${workers} worker${workers > 1 ? "s" : ""}`,
        rounds: size === "quick" ? 3 : 7,
        kernel: () => simulateRbd(model, { trials, seed: SEED, runner }),
        baseline: () =>
          monteCarloRbdTs(program, SEED, trials, RBD_BLOCK_TRIALS, new Float64Array([model.missionTime])),
        check: checkMonteCarlo,
        teardown: () => runner?.close(),
      };
    },
  });
}

export const rbdMonteCarloOneWorker = monteCarloBenchmark(
  "rbd-mc-1worker",
  "Block diagram Monte Carlo, wasm on this thread vs TypeScript on this thread",
  () => 1,
);

export const rbdMonteCarloAllWorkers = monteCarloBenchmark(
  "rbd-mc-workers",
  "Block diagram Monte Carlo, wasm on one worker thread per core vs TypeScript on this thread",
  () => availableParallelism(),
);

export const rbdExactBenchmark = defineBenchmark({
  id: "rbd-exact-200",
  title: "Block diagram exact method: BDD of 200 blocks and R(t) at 1,000 times",
  async setup() {
    const model = benchDiagram(200);
    const program = compileRbd(model);
    const times = Float64Array.from({ length: 1000 }, (_, i) => (i + 1) * 5);
    const k = await loadRbdKernel();
    return {
      size: `200 blocks (${program.componentCount} components), 1,000 times`,
      kernel: () => {
        loadExact(k, program);
        return exactCurveLoaded(k, times).reliability;
      },
      baseline: () => exactCurveTs(program, times),
      check(kernel, baseline) {
        const a = kernel as Float64Array;
        const b = baseline as Float64Array;
        for (let i = 0; i < a.length; i++)
          if (Math.abs(a[i] - b[i]) > 1e-12 * Math.max(b[i], 1e-300) + 1e-300)
            throw new Error(`R(${times[i]}) differs: ${a[i]} vs ${b[i]}`);
      },
    };
  },
});
