// Monte Carlo of a block diagram on one or many workers, reproducibly: trials are cut into blocks of
// RBD_BLOCK_TRIALS, block b always draws from RNG stream b, chunks of consecutive blocks go to whichever
// worker is free, and the results are merged in block order (the floating-point moments) or by exact
// integer sums (survival counts, histogram). The same seed and number of trials give the same numbers
// with 1 or 16 workers, in Node or in the browser.
import type { KernelClient } from "../client.ts";
import { checkAborted, type KernelContext } from "../context.ts";
import { allocF64, allocI32, copyInF64, copyInI32, withBuffers } from "../memory.ts";
import { compileRbd } from "./compile.ts";
import { loadRbdKernel } from "./kernel.ts";
import { type LifeHistogram, lifeQuantile } from "./life-histogram.ts";
import type { RbdModel } from "./model.ts";

export const RBD_BLOCK_TRIALS = 10_000;
const BLOCK_STAT_FIELDS = 5; // trials, mean, M2, min, max (assembly/rbd/simulate.ts)

/** One unit of work for a worker: consecutive blocks of a run. Plain data, so it can cross to a worker. */
export interface RbdSimulationChunk {
  ints: Int32Array;
  floats: Float64Array;
  seed: number;
  firstBlock: number;
  blockCount: number;
  blockSize: number;
  trials: number;
  /** Sorted ascending, no duplicates. */
  times: Float64Array;
}

export interface RbdChunkResult {
  firstBlock: number;
  /** BLOCK_STAT_FIELDS per block. */
  blockStats: Float64Array;
  /** Trials whose system life exceeds each time. */
  survivals: Float64Array;
  histogram: LifeHistogram;
}

/** Runs one chunk in this thread (and, through worker-api, in a browser worker). */
export async function simulateRbdChunk(
  chunk: RbdSimulationChunk,
  _ctx?: KernelContext,
): Promise<RbdChunkResult> {
  const k = await loadRbdKernel();
  const ints = copyInI32(k, chunk.ints);
  const floats = copyInF64(k, chunk.floats);
  const times = copyInF64(k, chunk.times);
  const stats = allocF64(k, chunk.blockCount * BLOCK_STAT_FIELDS);
  const survivals = allocF64(k, chunk.times.length);
  return withBuffers([ints, floats, times, stats, survivals], () => {
    if (k.rbdLoadProgram(ints.ptr, chunk.ints.length, floats.ptr, chunk.floats.length) !== 0)
      throw new Error("rbd kernel rejected the compiled diagram");
    k.rbdClearHistogram();
    // One call per block: V8 runs a wasm call to the end in the code it started with (no on-stack
    // replacement), so short calls let the optimised tier take over after the first few blocks.
    const total = new Float64Array(chunk.times.length);
    let filled = 0;
    for (let b = 0; b < chunk.blockCount; b++) {
      filled = k.rbdSimulateBlocks(
        chunk.seed,
        chunk.firstBlock + b,
        1,
        chunk.blockSize,
        chunk.trials,
        times.ptr,
        chunk.times.length,
        stats.ptr + b * BLOCK_STAT_FIELDS * 8,
        survivals.ptr,
      );
      const counts = survivals.view();
      for (let j = 0; j < total.length; j++) total[j] += counts[j];
    }
    const buckets = allocI32(k, filled);
    const counts = allocF64(k, filled);
    return withBuffers([buckets, counts], () => {
      k.rbdTakeHistogram(buckets.ptr, counts.ptr);
      return {
        firstBlock: chunk.firstBlock,
        blockStats: stats.view().slice(),
        survivals: total,
        histogram: { buckets: buckets.view().slice(), counts: counts.view().slice() },
      };
    });
  });
}

/** Where chunks run: this thread, a browser worker pool, Node worker threads. */
export interface RbdSimulationRunner {
  /** How many chunks may be in flight at once. */
  concurrency: number;
  run(chunk: RbdSimulationChunk, signal?: AbortSignal): Promise<RbdChunkResult>;
}

/** Chunks in the calling thread, one at a time, yielding to the event loop between them so progress is
 * shown and an abort is seen. */
export const inThreadRunner: RbdSimulationRunner = {
  concurrency: 1,
  async run(chunk) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return simulateRbdChunk(chunk);
  },
};

/** Chunks on a browser worker pool: `kernelClientRunner(new KernelClient(navigator.hardwareConcurrency))`.
 * Cancelling terminates the busy workers. */
export function kernelClientRunner(client: KernelClient): RbdSimulationRunner {
  return {
    concurrency: client.size,
    run: (chunk, signal) => client.call("rbd", "simulateRbdChunk", [chunk], { signal }),
  };
}

export interface RbdSimulationOptions {
  trials: number;
  /** Integer in [0, 2^53); default 1. */
  seed?: number;
  /** Defaults to the model's mission time. */
  time?: number;
  /** More times to estimate R(t) at (a curve); the time, age, age + time and warranty life are added. */
  times?: ArrayLike<number>;
  /** Of the MTTF interval, in percent (0-100, exclusive); default 95. */
  confidence?: number;
  runner?: RbdSimulationRunner;
  /** Blocks per chunk; by default enough chunks for smooth progress. Does not change the results. */
  chunkBlocks?: number;
}

export interface RbdEstimate {
  time: number;
  reliability: number;
  /** Binomial standard error sqrt(R (1 - R) / n). */
  standardError: number;
}

export interface RbdSimulationResult {
  trials: number;
  seed: number;
  blockSize: number;
  /** R at the requested time, with its standard error. */
  time: number;
  reliability: number;
  standardError: number;
  /** R(t) at every requested time, ascending. */
  curve: RbdEstimate[];
  conditional?: { age: number; time: number; reliability: number; standardError: number };
  warranty?: RbdEstimate;
  /** Mean system life with a normal-approximation interval; null when a fixed-probability block makes lives
   * infinite. */
  mttf: { mean: number; standardError: number; lower: number; upper: number; confidence: number } | null;
  /** Distribution of system life: exact extremes, quantiles and the fine histogram they come from. */
  life: {
    min: number;
    max: number;
    quantiles: Array<{ probability: number; time: number }>;
    histogram: LifeHistogram;
  };
  elapsedMs: number;
  trialsPerSecond: number;
}

const QUANTILE_PROBABILITIES = [0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99];

export class RbdOptionError extends Error {
  override name = "RbdOptionError";
}

/** Problems with simulation options as spec-style messages (the model itself goes through validateRbd). */
export function validateSimulationOptions(options: Partial<RbdSimulationOptions>): string[] {
  const problems: string[] = [];
  const { trials, seed, confidence, time } = options;
  if (trials === undefined || !Number.isInteger(trials) || trials < 1 || trials > 1e10)
    problems.push("Number of trials must be a whole number between 1-10,000,000,000.");
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0 || seed > Number.MAX_SAFE_INTEGER))
    problems.push("Seed must be a whole number between 0-9007199254740991.");
  if (confidence !== undefined && !(confidence > 0 && confidence < 100))
    problems.push("CI must be between 0-100.");
  const times = [...(time === undefined ? [] : [time]), ...Array.from(options.times ?? [])];
  if (times.some((t) => !(Number.isFinite(t) && t >= 0)))
    problems.push("Value must be a number greater than or equal to 0.");
  return problems;
}

function mergeHistograms(parts: LifeHistogram[]): LifeHistogram {
  const counts = new Map<number, number>();
  for (const part of parts)
    for (let i = 0; i < part.buckets.length; i++)
      counts.set(part.buckets[i], (counts.get(part.buckets[i]) ?? 0) + part.counts[i]);
  const buckets = Int32Array.from([...counts.keys()].sort((a, b) => a - b));
  return { buckets, counts: Float64Array.from(buckets, (b) => counts.get(b) as number) };
}

/** Simulates a valid model. Progress is reported in trials. */
export async function simulateRbd(
  model: RbdModel,
  options: RbdSimulationOptions,
  ctx: KernelContext = {},
): Promise<RbdSimulationResult> {
  const problems = validateSimulationOptions(options);
  if (problems.length > 0) throw new RbdOptionError(problems[0]);
  const started = performance.now();
  const program = compileRbd(model);
  const trials = options.trials;
  const seed = options.seed ?? 1;
  const runner = options.runner ?? inThreadRunner;
  const time = options.time ?? model.missionTime;
  const age = model.currentAge ?? 0;
  const wanted = [time, ...Array.from(options.times ?? [])];
  if (age > 0) wanted.push(age, age + time);
  if (model.warrantyLife !== undefined) wanted.push(model.warrantyLife);
  const times = Float64Array.from(new Set(wanted)).sort();
  const blocks = Math.ceil(trials / RBD_BLOCK_TRIALS);
  const chunkBlocks =
    options.chunkBlocks ?? Math.max(1, Math.min(8, Math.ceil(blocks / (8 * runner.concurrency))));

  const results: RbdChunkResult[] = [];
  let next = 0;
  let done = 0;
  let failed = false;
  const lane = async () => {
    while (next < blocks && !failed) {
      checkAborted(ctx);
      const firstBlock = next;
      const blockCount = Math.min(chunkBlocks, blocks - firstBlock);
      next += blockCount;
      const result = await runner
        .run(
          { ...program, seed, firstBlock, blockCount, blockSize: RBD_BLOCK_TRIALS, trials, times },
          ctx.signal,
        )
        .catch((error: unknown) => {
          // The other lanes stop taking chunks: the run is lost anyway.
          failed = true;
          throw error;
        });
      checkAborted(ctx);
      results.push(result);
      for (let b = 0; b < blockCount; b++) done += result.blockStats[b * BLOCK_STAT_FIELDS];
      ctx.onProgress?.(done, trials);
    }
  };
  await Promise.all(Array.from({ length: Math.min(runner.concurrency, blocks) }, lane));

  results.sort((a, b) => a.firstBlock - b.firstBlock);
  // Chan et al.'s pairwise update, block by block in block order: the same sums whatever ran where.
  let n = 0;
  let mean = 0;
  let m2 = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const survivals = new Float64Array(times.length);
  for (const r of results) {
    for (let j = 0; j < times.length; j++) survivals[j] += r.survivals[j];
    for (let b = 0; b * BLOCK_STAT_FIELDS < r.blockStats.length; b++) {
      const [nb, meanB, m2B, minB, maxB] = r.blockStats.subarray(
        b * BLOCK_STAT_FIELDS,
        (b + 1) * BLOCK_STAT_FIELDS,
      );
      const total = n + nb;
      const delta = meanB - mean;
      mean += (delta * nb) / total;
      m2 += m2B + (delta * delta * n * nb) / total;
      n = total;
      min = Math.min(min, minB);
      max = Math.max(max, maxB);
    }
  }
  const estimate = (t: number): RbdEstimate => {
    const r = survivals[times.indexOf(t)] / n;
    return { time: t, reliability: r, standardError: Math.sqrt((r * (1 - r)) / n) };
  };
  const histogram = mergeHistograms(results.map((r) => r.histogram));
  const main = estimate(time);
  const result: RbdSimulationResult = {
    trials: n,
    seed,
    blockSize: RBD_BLOCK_TRIALS,
    time,
    reliability: main.reliability,
    standardError: main.standardError,
    curve: Array.from(times, estimate),
    mttf: null,
    life: {
      min,
      max,
      quantiles: QUANTILE_PROBABILITIES.map((p) => ({
        probability: p,
        time: lifeQuantile(histogram, p, min, max),
      })),
      histogram,
    },
    elapsedMs: 0,
    trialsPerSecond: 0,
  };
  if (!program.hasFixed) {
    const confidence = options.confidence ?? 95;
    const z = (await loadRbdKernel()).normalQuantile(0.5 + confidence / 200);
    const standardError = n > 1 ? Math.sqrt(m2 / (n - 1) / n) : Number.NaN;
    result.mttf = {
      mean,
      standardError,
      lower: mean - z * standardError,
      upper: mean + z * standardError,
      confidence,
    };
  }
  if (age > 0) {
    const alive = survivals[times.indexOf(age)];
    const r = alive > 0 ? survivals[times.indexOf(age + time)] / alive : Number.NaN;
    result.conditional = { age, time, reliability: r, standardError: Math.sqrt((r * (1 - r)) / alive) };
  }
  if (model.warrantyLife !== undefined) result.warranty = estimate(model.warrantyLife);
  result.elapsedMs = performance.now() - started;
  result.trialsPerSecond = n / (result.elapsedMs / 1000);
  return result;
}
