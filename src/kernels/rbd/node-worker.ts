// A Node worker thread running Monte Carlo chunks sent by node-runner.ts, one at a time.
import { parentPort } from "node:worker_threads";
import { type RbdSimulationChunk, simulateRbdChunk } from "./simulate.ts";

const port = parentPort;
if (!port) throw new Error("node-worker.ts must run in a worker thread");
port.on("message", async (chunk: RbdSimulationChunk) => {
  try {
    const result = await simulateRbdChunk(chunk);
    const { blockStats, survivals, histogram } = result;
    port.postMessage({ result }, [
      blockStats.buffer,
      survivals.buffer,
      histogram.buckets.buffer,
      histogram.counts.buffer,
    ] as ArrayBuffer[]);
  } catch (error) {
    port.postMessage({ error: (error as Error)?.message ?? String(error) });
  }
});
