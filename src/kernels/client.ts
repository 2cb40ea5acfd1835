// Main-thread access to the kernels: a small pool of workers running worker.ts. A call can report progress
// and be cancelled; cancelling terminates its worker (a running wasm call cannot be interrupted) and the
// pool starts a fresh one on the next call.
import * as Comlink from "comlink";
import type { KernelEndpoint } from "./worker.ts";
import type { Area, WorkerApi } from "./worker-api.ts";

type Fn<A extends Area, N extends keyof WorkerApi[A]> = WorkerApi[A][N] extends (...args: infer P) => infer R
  ? { params: P; result: Awaited<R> }
  : never;

/** Inputs of a kernel function without its trailing KernelContext. */
type Inputs<P> = P extends [...infer Head, (infer Last)?]
  ? Last extends { onProgress?: unknown } | undefined
    ? Head
    : P
  : P;

export interface CallOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Buffers of the inputs to move to the worker instead of copying (the caller's arrays become empty). */
  transfer?: Transferable[];
}

interface Slot {
  worker: Worker;
  remote: Comlink.Remote<KernelEndpoint>;
  busy: boolean;
}

export class KernelClient {
  private slots: Slot[] = [];
  private waiting: Array<() => void> = [];

  constructor(readonly size = 1) {}

  private spawn(): Slot {
    const worker = new Worker(new URL("./worker.ts", import.meta.url), {
      type: "module",
      name: "relbench-kernels",
    });
    return { worker, remote: Comlink.wrap<KernelEndpoint>(worker), busy: false };
  }

  private async acquire(signal?: AbortSignal): Promise<Slot> {
    for (;;) {
      signal?.throwIfAborted();
      const idle = this.slots.find((s) => !s.busy);
      if (idle) {
        idle.busy = true;
        return idle;
      }
      if (this.slots.length < this.size) {
        const slot = this.spawn();
        slot.busy = true;
        this.slots.push(slot);
        return slot;
      }
      // Wait for a release; a call cancelled while queued leaves the queue without ever running.
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        const onAbort = () => {
          this.waiting = this.waiting.filter((w) => w !== wake);
          reject(signal?.reason ?? new DOMException("The operation was aborted.", "AbortError"));
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        this.waiting.push(wake);
      });
    }
  }

  private release(slot: Slot, broken: boolean): void {
    if (broken) {
      slot.remote[Comlink.releaseProxy]();
      slot.worker.terminate();
      this.slots = this.slots.filter((s) => s !== slot);
    } else {
      slot.busy = false;
    }
    this.waiting.shift()?.();
  }

  async call<A extends Area, N extends keyof WorkerApi[A] & string>(
    area: A,
    name: N,
    args: Inputs<Fn<A, N>["params"]>,
    options: CallOptions = {},
  ): Promise<Fn<A, N>["result"]> {
    const { signal, onProgress, transfer = [] } = options;
    signal?.throwIfAborted();
    const slot = await this.acquire(signal);
    let broken = false;
    // Progress travels on its own MessageChannel, so a last report can arrive after the result; once the
    // call has settled, late reports are dropped rather than overwriting the caller's finished state.
    let settled = false;
    try {
      const progress = onProgress
        ? Comlink.proxy((done: number, total: number) => {
            if (!settled) onProgress(done, total);
          })
        : undefined;
      const pending = slot.remote.invoke(area, name, Comlink.transfer(args as unknown[], transfer), progress);
      if (!signal) return (await pending) as Fn<A, N>["result"];
      return (await new Promise((resolve, reject) => {
        const onAbort = () => {
          broken = true;
          reject(signal.reason ?? new DOMException("The operation was aborted.", "AbortError"));
        };
        signal.addEventListener("abort", onAbort, { once: true });
        pending.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
      })) as Fn<A, N>["result"];
    } catch (error) {
      // A worker that failed to start or crashed is replaced too.
      if (error instanceof ErrorEvent) broken = true;
      throw error;
    } finally {
      settled = true;
      this.release(slot, broken);
    }
  }

  terminate(): void {
    for (const slot of this.slots) slot.worker.terminate();
    this.slots = [];
  }
}

/** The app's shared client; analyses that fan out (Monte Carlo) make their own with more workers. */
export const kernels = new KernelClient(1);
