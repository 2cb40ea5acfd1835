// Monte Carlo chunks on Node worker threads (the CLI's --workers). Never imported by browser code.
import { Worker } from "node:worker_threads";
import type { RbdChunkResult, RbdSimulationChunk, RbdSimulationRunner } from "./simulate.ts";

export interface NodeWorkerRunner extends RbdSimulationRunner {
  /** Stops every thread; call when the run is over. */
  close(): Promise<void>;
}

/** A runner with `threads` worker threads, started on first use; an abort terminates the busy ones. */
export function nodeWorkerRunner(threads: number): NodeWorkerRunner {
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  const spawn = () => {
    const worker = new Worker(new URL("./node-worker.mjs", import.meta.url));
    all.add(worker);
    return worker;
  };
  const retire = (worker: Worker) => {
    all.delete(worker);
    void worker.terminate();
  };
  return {
    concurrency: threads,
    run(chunk: RbdSimulationChunk, signal?: AbortSignal): Promise<RbdChunkResult> {
      signal?.throwIfAborted();
      const worker = idle.pop() ?? spawn();
      return new Promise<RbdChunkResult>((resolve, reject) => {
        const finish = () => {
          worker.off("message", onMessage);
          worker.off("error", onError);
          worker.off("exit", onExit);
          signal?.removeEventListener("abort", onAbort);
        };
        const onMessage = (message: { result?: RbdChunkResult; error?: string }) => {
          finish();
          idle.push(worker);
          if (message.result) resolve(message.result);
          else reject(new Error(message.error));
        };
        const onError = (error: Error) => {
          finish();
          retire(worker);
          reject(error);
        };
        const onExit = (code: number) => {
          finish();
          all.delete(worker);
          reject(new Error(`Monte Carlo worker thread exited with code ${code}`));
        };
        const onAbort = () => {
          finish();
          retire(worker);
          reject(signal?.reason ?? new DOMException("The operation was aborted.", "AbortError"));
        };
        worker.on("message", onMessage);
        worker.on("error", onError);
        worker.on("exit", onExit);
        signal?.addEventListener("abort", onAbort, { once: true });
        worker.postMessage(chunk);
      });
    },
    async close() {
      idle.length = 0;
      await Promise.all([...all].map((w) => w.terminate()));
      all.clear();
    },
  };
}
