import { describe, expect, it } from "vitest";
import { nodeWorkerRunner } from "../../../src/kernels/rbd/node-runner.ts";
import {
  exactRbd,
  exactRbdCurve,
  lifeBars,
  type RbdChunkResult,
  type RbdModel,
  type RbdSimulationResult,
  type RbdSimulationRunner,
  simulateRbd,
  simulateRbdChunk,
} from "../../../src/kernels/rbd.ts";
import fixture from "../../fixtures/rbd/textbook.json" with { type: "json" };
import { randomModel } from "./random-models.ts";

const cases = fixture.cases as unknown as Array<{ name: string; model: RbdModel }>;
const bridge = cases.find((c) => c.name === "bridge")?.model as RbdModel;

function within4(what: string, simulated: number, standardError: number, exact: number): void {
  const z = (simulated - exact) / standardError;
  if (!(Math.abs(z) <= 4))
    expect.fail(
      `${what}: simulated ${simulated} ± ${standardError}, exact ${exact}, z = ${z.toFixed(2)} (limit 4)`,
    );
}

/** The numbers of a result without its timing. */
const numbers = ({ elapsedMs, trialsPerSecond, ...rest }: RbdSimulationResult) => rest;

describe("Monte Carlo against the exact method", () => {
  it.each(cases.map((c) => [c.name, c.model] as const))("%s", async (name, model) => {
    const exact = await exactRbd(model);
    const sim = await simulateRbd(model, { trials: 200_000, seed: 20240611 });
    expect(sim.trials).toBe(200_000);
    within4(`${name} R`, sim.reliability, sim.standardError, exact.reliability);
    if (exact.mttf === null) expect(sim.mttf).toBeNull();
    else {
      const m = sim.mttf as NonNullable<RbdSimulationResult["mttf"]>;
      within4(`${name} MTTF`, m.mean, m.standardError, exact.mttf);
      expect(m.lower).toBeLessThan(m.mean);
      expect(m.upper - m.mean).toBeCloseTo(1.959963984540054 * m.standardError, 9);
    }
    if (exact.conditional) {
      const c = sim.conditional as NonNullable<RbdSimulationResult["conditional"]>;
      within4(`${name} conditional`, c.reliability, c.standardError, exact.conditional.reliability);
    }
    if (exact.warranty) {
      const w = sim.warranty as NonNullable<RbdSimulationResult["warranty"]>;
      within4(`${name} warranty`, w.reliability, w.standardError, exact.warranty.reliability);
    }
  });

  it("agrees on random diagrams with mirrors, KN nodes and sub-diagrams, over a curve and in MTTF", async () => {
    const n = 40_000;
    let tested = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const model = randomModel(500 + seed, 16);
      const times = [25, 50, 100, 200, 400];
      const sim = await simulateRbd(model, { trials: n, seed, times });
      const exact = await exactRbdCurve(model, times);
      // MTTF: the integral of the exact curve (Weibull shapes down to 0.5, infinite slope at 0) against
      // the mean simulated life.
      const exactMttf = (await exactRbd(model)).mttf as number;
      const m = sim.mttf as NonNullable<RbdSimulationResult["mttf"]>;
      within4(`random ${500 + seed} MTTF`, m.mean, m.standardError, exactMttf);
      times.forEach((t, i) => {
        const r = exact.reliability[i];
        // The normal approximation needs enough failures and survivors; rarer points are left out.
        if (n * Math.min(r, 1 - r) < 20) return;
        const point = sim.curve.find((p) => p.time === t) as RbdSimulationResult["curve"][number];
        within4(`random ${500 + seed} R(${t})`, point.reliability, Math.sqrt((r * (1 - r)) / n), r);
        tested++;
      });
    }
    expect(tested).toBeGreaterThan(30);
  });

  it("estimates life quantiles of a single exponential block", async () => {
    const lambda = 0.002;
    const model: RbdModel = {
      name: "one",
      missionTime: 100,
      blocks: [{ id: "A", kind: "regular", distribution: { type: "exponential", lambda } }],
      edges: [
        ["start", "A"],
        ["A", "end"],
      ],
    };
    const n = 400_000;
    const sim = await simulateRbd(model, { trials: n, seed: 5 });
    for (const { probability: p, time } of sim.life.quantiles) {
      const exact = -Math.log(1 - p) / lambda;
      // Standard error of a sample quantile: sqrt(p(1-p)/n) / f(x_p), plus half a bucket (2^-11 relative).
      const se = Math.sqrt((p * (1 - p)) / n) / (lambda * (1 - p));
      if (!(Math.abs(time - exact) <= 4 * se + exact * 2 ** -11))
        expect.fail(`quantile ${p}: simulated ${time}, exact ${exact}, 4 se ${4 * se}`);
    }
    expect(sim.life.min).toBeGreaterThan(0);
    const bars = lifeBars(sim.life.histogram, 10, 0, 1000);
    const inRange = bars.reduce((s, b) => s + b.count, 0);
    within4("lives below 1000", inRange / n, Math.sqrt((0.86 * 0.14) / n), 1 - Math.exp(-lambda * 1000));
  });
});

describe("reproducibility", () => {
  const options = { trials: 123_457, seed: 42, times: [100, 300, 600] };

  it("gives the same numbers whatever the chunking, worker count and completion order", async () => {
    const reference = numbers(await simulateRbd(bridge, options));
    for (const chunkBlocks of [1, 3, 13])
      expect(numbers(await simulateRbd(bridge, { ...options, chunkBlocks }))).toEqual(reference);
    // Four lanes whose chunks finish in a scrambled order.
    let calls = 0;
    const scrambled: RbdSimulationRunner = {
      concurrency: 4,
      async run(chunk) {
        const delay = [7, 0, 3, 1][calls++ % 4];
        await new Promise((resolve) => setTimeout(resolve, delay));
        return simulateRbdChunk(chunk);
      },
    };
    expect(numbers(await simulateRbd(bridge, { ...options, runner: scrambled, chunkBlocks: 2 }))).toEqual(
      reference,
    );
    const threads = nodeWorkerRunner(3);
    try {
      expect(numbers(await simulateRbd(bridge, { ...options, runner: threads }))).toEqual(reference);
    } finally {
      await threads.close();
    }
  });

  it("keeps the first blocks when more trials are asked for, and changes with the seed", async () => {
    const a = await simulateRbdChunk(await chunkOf(bridge, 3, 2));
    const b = await simulateRbdChunk(await chunkOf(bridge, 3, 5));
    expect(Array.from(b.blockStats.subarray(0, 10))).toEqual(Array.from(a.blockStats));
    const other = await simulateRbd(bridge, { ...options, seed: 43 });
    expect(other.reliability).not.toBe((await simulateRbd(bridge, options)).reliability);
  });

  it("gives the numbers Chromium's Web Workers gave for the same seed (pinned)", async () => {
    // Measured once with kernelClientRunner on 1 and 2 browser workers (identical) and here. A change
    // means saved simulations no longer reproduce: bump KERNEL_VERSION and update this on purpose.
    const sim = await simulateRbd(bridge, { trials: 123_457, seed: 42 });
    expect([sim.reliability, sim.mttf?.mean, sim.life.quantiles[4].time]).toEqual([
      0.8828255991964814, 499.76949105064483, 405.9969512195122,
    ]);
  });

  it("counts trials that are not a multiple of the block size", async () => {
    const sim = await simulateRbd(bridge, { trials: 25_001, seed: 1 });
    expect(sim.trials).toBe(25_001);
    expect(sim.life.histogram.counts.reduce((s, c) => s + c, 0)).toBe(25_001);
  });
});

function chunkOf(model: RbdModel, seed: number, blockCount: number) {
  return import("../../../src/kernels/rbd/compile.ts").then(({ compileRbd }) => {
    const p = compileRbd(model);
    return {
      ints: p.ints,
      floats: p.floats,
      seed,
      firstBlock: 0,
      blockCount,
      blockSize: 10_000,
      trials: 1e9,
      times: new Float64Array([100]),
    };
  });
}

describe("progress and cancel", () => {
  it("reports progress in trials up to the total", async () => {
    const seen: number[] = [];
    await simulateRbd(
      bridge,
      { trials: 50_000, seed: 1, chunkBlocks: 1 },
      { onProgress: (done, total) => seen.push(done / total) },
    );
    expect(seen).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
  });

  it("stops when aborted, in this thread and on worker threads", async () => {
    const controller = new AbortController();
    const run = simulateRbd(
      bridge,
      { trials: 10_000_000, seed: 1, chunkBlocks: 1 },
      {
        signal: controller.signal,
        onProgress: (done) => done >= 20_000 && controller.abort(),
      },
    );
    await expect(run).rejects.toThrow(/abort/i);

    const threads = nodeWorkerRunner(2);
    const threaded = new AbortController();
    const started = simulateRbd(
      bridge,
      { trials: 100_000_000, seed: 1, runner: threads },
      {
        signal: threaded.signal,
        onProgress: () => threaded.abort(),
      },
    );
    await expect(started).rejects.toThrow(/abort/i);
    await threads.close();
  });

  it("rejects bad options with a spec-style message", async () => {
    await expect(simulateRbd(bridge, { trials: 0 })).rejects.toThrow(
      "Number of trials must be a whole number",
    );
    await expect(simulateRbd(bridge, { trials: 10, confidence: 100 })).rejects.toThrow(
      "CI must be between 0-100.",
    );
    await expect(simulateRbd(bridge, { trials: 10, seed: -1 })).rejects.toThrow(
      "Seed must be a whole number",
    );
  });
});

// A chunk's result is plain data that survives structured cloning (what crosses to a worker).
it("chunk results are structured-clone safe", async () => {
  const r: RbdChunkResult = await simulateRbdChunk(await chunkOf(bridge, 1, 1));
  expect(structuredClone(r)).toEqual(r);
});
