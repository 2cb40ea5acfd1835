// The kernel worker: runs any function of workerApi off the main thread and transfers typed arrays back.
import * as Comlink from "comlink";
import type { KernelContext } from "./context.ts";
import { type Area, workerApi } from "./worker-api.ts";

type AnyKernelFunction = (...args: unknown[]) => Promise<unknown>;

/** Typed arrays in the result (top level, one object deep, or in arrays of objects) are transferred, not copied. */
function transferables(value: unknown, depth = 0, found: Transferable[] = []): Transferable[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer && !found.includes(value.buffer)) found.push(value.buffer);
  } else if (value && typeof value === "object" && depth < 3) {
    for (const item of Object.values(value)) transferables(item, depth + 1, found);
  }
  return found;
}

const endpoint = {
  async invoke(
    area: Area,
    name: string,
    args: unknown[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<unknown> {
    const fn = (workerApi[area] as Record<string, unknown>)[name];
    if (typeof fn !== "function") throw new Error(`Unknown kernel function ${area}.${name}`);
    const ctx: KernelContext = { onProgress };
    const result = await (fn as AnyKernelFunction)(...args, ctx);
    // Comlink keys transfer lists by the value in a WeakMap, so only objects can carry one.
    return result !== null && typeof result === "object"
      ? Comlink.transfer(result, transferables(result))
      : result;
  },
};

export type KernelEndpoint = typeof endpoint;

Comlink.expose(endpoint);
