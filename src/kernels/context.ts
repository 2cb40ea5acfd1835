// What a long-running kernel call may receive besides its inputs: a progress callback and, in Node, an
// abort signal. In the browser, cancelling terminates the worker (a wasm call cannot be interrupted),
// so kernels only need to report progress between chunks and check `signal` where they loop in JS.

export interface KernelContext {
  /** Called between chunks of work with the units done so far and the total. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export function checkAborted(ctx: KernelContext | undefined): void {
  ctx?.signal?.throwIfAborted();
}
