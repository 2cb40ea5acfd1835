// The benchmark harness: every benchmark times a wasm kernel and a plain TypeScript baseline of the same
// algorithm in the same process, alternating rounds, and reports medians and the ratio baseline/kernel
// (above 1: the kernel is faster). Speed is measured here, never in unit tests. `relbench bench` runs each
// benchmark in a process of its own, so its memory figures are its own.
import { kernelMemoryBytes } from "../src/kernels/load.ts";

export type BenchSize = "quick" | "full";

export interface BenchCase {
  /** Problem size shown in the report, e.g. "400,000 keys". */
  size: string;
  kernel(): unknown | Promise<unknown>;
  baseline(): unknown | Promise<unknown>;
  /** Throws when kernel and baseline disagree, so a fast wrong kernel cannot pass. */
  check?(kernelResult: unknown, baselineResult: unknown): void;
  rounds?: number;
  teardown?(): void | Promise<void>;
}

export interface Benchmark {
  id: string;
  title: string;
  /** Runs only at these sizes (default both); a long benchmark stays out of --quick. */
  sizes?: BenchSize[];
  setup(size: BenchSize): Promise<BenchCase>;
}

export interface BenchResult {
  id: string;
  title: string;
  size: string;
  rounds: number;
  kernelMedianMs: number;
  baselineMedianMs: number;
  /** baselineMedianMs / kernelMedianMs */
  ratio: number;
  kernelMinMs: number;
  baselineMinMs: number;
  /** Every timed round, in order; the rounds alternate which side runs first. */
  kernelRoundsMs: number[];
  baselineRoundsMs: number[];
  /** Linear memory of the wasm kernel instances on the benchmark's main thread at its end (= their peak). */
  wasmPeakBytes: number;
  /** The process's peak resident set (getrusage maxrss): setup, both sides, worker threads. */
  rssPeakBytes: number;
}

export interface RunOptions {
  /** Timed rounds (default: the benchmark's own, else 5 quick and 15 full). */
  rounds?: number;
  /** Calls the kernel this many times per round: a known slowdown that a --compare gate must catch. */
  slowdown?: number;
}

export function defineBenchmark(benchmark: Benchmark): Benchmark {
  return benchmark;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function time(fn: () => unknown): Promise<[number, unknown]> {
  const start = performance.now();
  const result = await fn();
  return [performance.now() - start, result];
}

/** The fewest rounds from which --compare can give a 95% interval (Mann-Whitney: 4 each; 5 for margin). */
export const MIN_ROUNDS = 5;

export async function runBenchmark(
  benchmark: Benchmark,
  size: BenchSize,
  options: RunOptions = {},
): Promise<BenchResult> {
  const c = await benchmark.setup(size);
  const slowdown = options.slowdown ?? 1;
  const kernel =
    slowdown === 1
      ? c.kernel
      : async () => {
          let result: unknown;
          for (let i = 0; i < slowdown; i++) result = await c.kernel();
          return result;
        };
  try {
    const rounds = options.rounds ?? Math.max(MIN_ROUNDS, c.rounds ?? (size === "quick" ? 5 : 15));
    // One warm-up each (wasm compile, JIT tiers), checked for agreement.
    const [, k0] = await time(kernel);
    const [, b0] = await time(c.baseline);
    c.check?.(k0, b0);
    const kernelTimes: number[] = [];
    const baselineTimes: number[] = [];
    for (let r = 0; r < rounds; r++) {
      // Alternate the order so drift on a shared machine hits both sides alike.
      if (r % 2 === 0) {
        kernelTimes.push((await time(kernel))[0]);
        baselineTimes.push((await time(c.baseline))[0]);
      } else {
        baselineTimes.push((await time(c.baseline))[0]);
        kernelTimes.push((await time(kernel))[0]);
      }
    }
    const kernelMedianMs = median(kernelTimes);
    const baselineMedianMs = median(baselineTimes);
    return {
      id: benchmark.id,
      title: benchmark.title,
      size: c.size,
      rounds,
      kernelMedianMs,
      baselineMedianMs,
      ratio: baselineMedianMs / kernelMedianMs,
      kernelMinMs: Math.min(...kernelTimes),
      baselineMinMs: Math.min(...baselineTimes),
      kernelRoundsMs: kernelTimes,
      baselineRoundsMs: baselineTimes,
      wasmPeakBytes: kernelMemoryBytes(),
      rssPeakBytes: process.resourceUsage().maxRSS * 1024,
    };
  } finally {
    await c.teardown?.();
  }
}

export function formatTable(results: BenchResult[]): string {
  const rows = [
    ["benchmark", "size", "kernel ms", "baseline ms", "ratio", "wasm MiB", "peak RSS MiB"],
    ...results.map((r) => [
      r.id,
      r.size,
      r.kernelMedianMs.toFixed(2),
      r.baselineMedianMs.toFixed(2),
      `${r.ratio.toFixed(2)}x`,
      (r.wasmPeakBytes / 1048576).toFixed(1),
      (r.rssPeakBytes / 1048576).toFixed(1),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows
    .map((row) =>
      row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "),
    )
    .join("\n");
}
