// The life wasm module and a session holding one data set in its memory for the length of a call. Columns are
// copied in once and classified by the kernel (prepareRows); only when a row is invalid does the TypeScript
// validator run, to list every problem with its row number.
import { instantiate } from "../../../build/life.js";
import { defineKernel } from "../load.ts";
import { allocF64, allocI32, type WasmF64, type WasmI32 } from "../memory.ts";
import { issue, LifeInputError } from "./messages.ts";
import { validateColumns } from "./prepare.ts";
import type { LifeColumns, LifeCounts } from "./types.ts";

export const loadLifeKernel = defineKernel(new URL("../../../build/life.wasm", import.meta.url), instantiate);
export type LifeKernel = Awaited<ReturnType<typeof loadLifeKernel>>;

export interface SessionRows {
  n: number;
  counts: LifeCounts;
  /** Smallest time of any row (interval starts included) and largest end time. */
  minTime: number;
  maxTime: number;
}

const EMPTY_COUNTS: LifeCounts = {
  failures: 0,
  suspensions: 0,
  intervals: 0,
  leftCensored: 0,
  rows: 0,
  units: 0,
};

/** A data set registered in the kernel (setLifeData); free() releases its buffers. */
export class LifeSession {
  private buffers: Array<WasmF64 | WasmI32> = [];
  readonly scratch: WasmF64;
  rows: SessionRows = { n: 0, counts: EMPTY_COUNTS, minTime: 0, maxTime: 0 };
  private data?: { end: WasmF64; start: WasmF64; weight: WasmF64; kind: WasmI32; source: WasmI32 };

  private constructor(readonly k: LifeKernel) {
    this.scratch = this.f64(64);
  }

  /** A session without data (model evaluation only). */
  static async empty(): Promise<LifeSession> {
    return new LifeSession(await loadLifeKernel());
  }

  /** Copies and classifies the columns; throws LifeInputError listing every bad row. */
  static async open(columns: LifeColumns, groups?: number[]): Promise<LifeSession> {
    const session = new LifeSession(await loadLifeKernel());
    try {
      session.load(columns, groups);
      return session;
    } catch (error) {
      session.free();
      throw error;
    }
  }

  private load(columns: LifeColumns, groups?: number[]): void {
    const k = this.k;
    const n = columns.end?.length ?? 0;
    for (const col of [columns.start, columns.state, columns.quantity, columns.group])
      if (col && col.length !== n) throw new LifeInputError(validateColumns(columns, groups).issues);
    const input: Array<WasmF64 | WasmI32> = [];
    const column = <T extends WasmF64 | WasmI32>(buffer: T, values: ArrayLike<number>) => {
      input.push(buffer);
      buffer.view().set(values);
      return buffer.ptr;
    };
    try {
      const end = column(allocF64(k, n), columns.end);
      const start = columns.start ? column(allocF64(k, n), columns.start) : 0;
      const state = columns.state ? column(allocI32(k, n), columns.state) : 0;
      const quantity = columns.quantity ? column(allocF64(k, n), columns.quantity) : 0;
      const group = columns.group ? column(allocI32(k, n), columns.group) : 0;
      const selected = groups && columns.group ? column(allocI32(k, groups.length), groups) : 0;
      const out = {
        end: this.f64(n),
        start: this.f64(n),
        weight: this.f64(n),
        kind: this.i32(n),
        source: this.i32(n),
      };
      const m = k.prepareRows(
        end,
        start,
        state,
        quantity,
        group,
        selected,
        selected ? (groups as number[]).length : -1,
        n,
        out.end.ptr,
        out.start.ptr,
        out.weight.ptr,
        out.kind.ptr,
        out.source.ptr,
      );
      if (m < 0) throw new LifeInputError(validateColumns(columns, groups).issues);
      if (m === 0) throw new LifeInputError([issue("addDataPoint")]);
      k.setLifeData(out.end.ptr, out.start.ptr, out.weight.ptr, out.kind.ptr, m);
      this.data = { end: out.end, start: out.start, weight: out.weight, kind: out.kind, source: out.source };
      k.lifeDataSummary(this.scratch.ptr);
      const [exact, right, left, interval, rows, minTime, maxTime] = this.out(7);
      this.rows = {
        n: m,
        counts: {
          failures: exact + left + interval,
          suspensions: right,
          intervals: interval,
          leftCensored: left,
          rows,
          units: exact + right + left + interval,
        },
        minTime,
        maxTime,
      };
    } finally {
      for (const b of input) b.free();
    }
  }

  /** Fresh views of the registered rows (memory may have grown since the last call). */
  end(): Float64Array {
    return this.data ? this.data.end.view().subarray(0, this.rows.n) : new Float64Array(0);
  }

  /** Interval rows' start (NaN for the other kinds). */
  start(): Float64Array {
    return this.data ? this.data.start.view().subarray(0, this.rows.n) : new Float64Array(0);
  }

  weight(): Float64Array {
    return this.data ? this.data.weight.view().subarray(0, this.rows.n) : new Float64Array(0);
  }

  kind(): Int32Array {
    return this.data ? this.data.kind.view().subarray(0, this.rows.n) : new Int32Array(0);
  }

  /** Index in the caller's columns of each registered row. */
  source(): Int32Array {
    return this.data ? this.data.source.view().subarray(0, this.rows.n) : new Int32Array(0);
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
    this.data = undefined;
  }
}

export async function withSession<R>(
  columns: LifeColumns,
  groups: number[] | undefined,
  body: (s: LifeSession) => R | Promise<R>,
): Promise<R> {
  const session = await LifeSession.open(columns, groups);
  try {
    return await body(session);
  } finally {
    session.free();
  }
}
