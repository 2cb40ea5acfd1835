// The life wasm module and a session holding one prepared data set in its memory for the length of a call.
import { instantiate } from "../../../build/life.js";
import { defineKernel } from "../load.ts";
import { allocF64, allocI32, type WasmF64, type WasmI32 } from "../memory.ts";
import type { PreparedRows } from "./prepare.ts";

export const loadLifeKernel = defineKernel(new URL("../../../build/life.wasm", import.meta.url), instantiate);
export type LifeKernel = Awaited<ReturnType<typeof loadLifeKernel>>;

/** A data set registered in the kernel (setLifeData); free() releases its buffers. */
export class LifeSession {
  private buffers: Array<WasmF64 | WasmI32> = [];
  readonly scratch: WasmF64;

  constructor(
    readonly k: LifeKernel,
    readonly rows: PreparedRows,
  ) {
    const n = rows.n;
    const end = allocF64(k, n);
    const start = allocF64(k, n);
    const weight = allocF64(k, n);
    const kind = allocI32(k, n);
    this.scratch = allocF64(k, 64);
    this.buffers.push(end, start, weight, kind, this.scratch);
    end.view().set(rows.end);
    start.view().set(rows.start);
    weight.view().set(rows.weight);
    kind.view().set(rows.kind);
    k.setLifeData(end.ptr, start.ptr, weight.ptr, kind.ptr, n);
  }

  /** A buffer freed with the session. */
  f64(length: number): WasmF64 {
    const b = allocF64(this.k, length);
    this.buffers.push(b);
    return b;
  }

  i32(length: number): WasmI32 {
    const b = allocI32(this.k, length);
    this.buffers.push(b);
    return b;
  }

  /** The first `count` values of the scratch buffer (fresh view: memory may have grown). */
  out(count: number): number[] {
    return Array.from(this.scratch.view().subarray(0, count));
  }

  free(): void {
    for (const b of this.buffers) b.free();
    this.buffers = [];
  }
}

export async function withSession<R>(
  rows: PreparedRows,
  body: (s: LifeSession) => R | Promise<R>,
): Promise<R> {
  const k = await loadLifeKernel();
  const session = new LifeSession(k, rows);
  try {
    return await body(session);
  } finally {
    session.free();
  }
}
