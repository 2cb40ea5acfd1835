// Moving columns in and out of wasm linear memory. Views over memory.buffer are created right before use:
// any allocation may grow the memory and detach older views.
import type { KernelExports } from "./load.ts";

/** A typed array living in wasm memory; `view()` returns a fresh view, `free()` releases it. */
export interface WasmF64 {
  ptr: number;
  length: number;
  view(): Float64Array;
  free(): void;
}

export interface WasmI32 {
  ptr: number;
  length: number;
  view(): Int32Array;
  free(): void;
}

export function allocF64(k: KernelExports, length: number): WasmF64 {
  const ptr = k.allocF64(Math.max(length, 1));
  return {
    ptr,
    length,
    view: () => new Float64Array(k.memory.buffer, ptr, length),
    free: () => k.freeBuffer(ptr),
  };
}

export function allocI32(k: KernelExports, length: number): WasmI32 {
  const ptr = k.allocI32(Math.max(length, 1));
  return {
    ptr,
    length,
    view: () => new Int32Array(k.memory.buffer, ptr, length),
    free: () => k.freeBuffer(ptr),
  };
}

/** Copies a column into wasm memory. */
export function copyInF64(k: KernelExports, values: ArrayLike<number>): WasmF64 {
  const buffer = allocF64(k, values.length);
  buffer.view().set(values);
  return buffer;
}

export function copyInI32(k: KernelExports, values: ArrayLike<number>): WasmI32 {
  const buffer = allocI32(k, values.length);
  buffer.view().set(values);
  return buffer;
}

/** Runs `body` and frees every buffer afterwards, whatever happens. */
export function withBuffers<R>(buffers: Array<WasmF64 | WasmI32>, body: () => R): R {
  try {
    return body();
  } finally {
    for (const b of buffers) b.free();
  }
}
