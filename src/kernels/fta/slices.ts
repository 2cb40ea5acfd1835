// Running kernel work in slices of about SLICE_MS so progress is reported and, in Node, an abort signal
// can fire between them; and the wasm buffers one analysis allocates, freed together.
import type { KernelContext } from "../context.ts";
import type { FtaKernel } from "./kernel.ts";

export const SLICE_MS = 40;

export class Buffers {
  private pointers: number[] = [];
  constructor(private readonly k: FtaKernel) {}
  i32(values: ArrayLike<number> | number): number {
    const n = typeof values === "number" ? values : values.length;
    const ptr = this.k.allocI32(Math.max(n, 1));
    if (typeof values !== "number") new Int32Array(this.k.memory.buffer, ptr, n).set(values);
    this.pointers.push(ptr);
    return ptr;
  }
  f64(n: number): number {
    const ptr = this.k.allocF64(Math.max(n, 1));
    this.pointers.push(ptr);
    return ptr;
  }
  readI32(ptr: number, n: number): Int32Array {
    return new Int32Array(this.k.memory.buffer, ptr, n).slice();
  }
  readF64(ptr: number, n: number): Float64Array {
    return new Float64Array(this.k.memory.buffer, ptr, n).slice();
  }
  free(): void {
    for (const p of this.pointers) this.k.freeBuffer(p);
    this.pointers = [];
  }
}

/** Runs `step(from, to)` over [0, total) in slices sized to about SLICE_MS, reporting progress. */
export async function inSlices(
  total: number,
  step: (from: number, to: number) => void,
  progress: (done: number) => void,
  ctx?: KernelContext,
): Promise<void> {
  let size = 8;
  for (let from = 0; from < total; ) {
    const to = Math.min(total, from + size);
    const started = performance.now();
    step(from, to);
    const took = performance.now() - started;
    from = to;
    size = took < SLICE_MS / 2 ? size * 2 : took > SLICE_MS * 2 ? Math.max(1, size >> 1) : size;
    progress(from);
    await pause(ctx);
  }
}

/** Lets an abort signal fire in Node (the browser cancels by terminating the worker). */
export async function pause(ctx?: KernelContext): Promise<void> {
  if (!ctx?.signal) return;
  await new Promise((resolve) => setTimeout(resolve, 0));
  ctx.signal.throwIfAborted();
}
