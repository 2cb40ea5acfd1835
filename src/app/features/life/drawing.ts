// The drawing tool's state (/lifeData/drawing): rank data as (X-Time, Y-Value %) rows in the shared data sheet,
// the paper (a distribution with a straight-line paper), RRX or RRY, the fitted line and, when the points are a
// stored Weibull set's plotting positions, that set's columns for the MLE comparison. One state for the page,
// kept across visits; its draft survives a reload (drafts.ts "drawing").
import { signal } from "@preact/signals-react";
import type { LifeFit, LifeRanks } from "../../../kernels/life/types.ts";
import type { LifeColumns, PaperDistribution, RankPoints } from "../../../kernels/life.ts";
import { LIMITS } from "../../../shared/constants.ts";
import type { SheetData } from "../../components/spreadsheet/store.ts";
import { SheetStore } from "../../components/spreadsheet/store.ts";
import type { TableSchema } from "../../components/spreadsheet/table.ts";

export type DrawingMethod = "rrx" | "rry";

/** Spec 5's rank data: X-Time above 0, Y-Value (%) above 0 and below 100, each with the spec's message. */
export const DRAWING_SCHEMA: TableSchema = {
  columns: [
    {
      key: "x",
      kind: "number",
      headers: ["x-time", "x", "time", "t"],
      min: 0,
      minExclusive: true,
      rangeKey: "messages:valuePositive",
    },
    {
      key: "y",
      kind: "number",
      headers: ["y-value (%)", "y-value", "y", "f", "unreliability"],
      min: LIMITS.percent.min,
      minExclusive: true,
      max: LIMITS.percent.max,
      maxExclusive: true,
      rangeKey: "messages:life.rankPercentRange",
    },
  ],
};

/** Rows the empty sheet offers for typing. */
export const DRAWING_BLANK_ROWS = 12;

export function blankSheet(rows = DRAWING_BLANK_ROWS): SheetData {
  return {
    rows,
    values: { x: new Float64Array(rows).fill(Number.NaN), y: new Float64Array(rows).fill(Number.NaN) },
  };
}

/**
 * The points typed: rows with both cells filled, numbered by their sheet row. A row with one cell filled is
 * reported (its empty cell), so nothing typed is silently left out.
 */
export function sheetPoints(store: SheetStore): { points: RankPoints; incomplete: number[] } {
  const xs = store.columnValues(0) as Float64Array;
  const ys = store.columnValues(1) as Float64Array;
  const time: number[] = [];
  const percent: number[] = [];
  const row: number[] = [];
  const incomplete: number[] = [];
  for (let i = 0; i < store.rows; i++) {
    const hasX = !store.isEmpty(i, 0);
    const hasY = !store.isEmpty(i, 1);
    if (hasX && hasY) {
      time.push(xs[i]);
      percent.push(ys[i]);
      row.push(i);
    } else if (hasX !== hasY) incomplete.push(i);
  }
  return {
    points: {
      time: Float64Array.from(time),
      percent: Float64Array.from(percent),
      row: Int32Array.from(row),
    },
    incomplete,
  };
}

/** Plotting positions as sheet rows: time and unreliability in percent. */
export function positionsSheet(positions: {
  time: ArrayLike<number>;
  probability: ArrayLike<number>;
}): SheetData {
  const n = positions.time.length;
  return {
    rows: n,
    values: {
      x: Float64Array.from(positions.time),
      y: Float64Array.from(positions.probability, (p) => p * 100),
    },
  };
}

/** The stored set the points came from: the MLE comparison holds while the sheet is what was loaded. */
export interface DrawingSource {
  id: number;
  name: string;
  ranks: LifeRanks;
  /** The sheet revision right after the set's positions were put in. */
  revision: number;
  columns: LifeColumns;
}

export class DrawingState {
  readonly store = new SheetStore(DRAWING_SCHEMA, blankSheet());
  readonly distribution = signal<PaperDistribution>("weibull2p");
  readonly method = signal<DrawingMethod>("rrx");
  readonly line = signal<LifeFit | null>(null);
  readonly mle = signal<LifeFit | null>(null);
  /** Problems of the last fit (message keys with rows), shown under the sheet. */
  readonly problems = signal<Array<{ key: string; params?: Record<string, string | number>; row?: number }>>(
    [],
  );
  readonly source = signal<DrawingSource | null>(null);
  /** The stored Weibull set picked for loading. */
  readonly pickedSet = signal<number | null>(null);
  readonly running = signal(false);
  readonly revision = signal(0);
  /** The sheet or settings changed since the line was fitted. */
  readonly stale = signal(false);
  /** Anything typed or chosen since the page opened or was cleared (kept as a draft). */
  readonly dirty = signal(false);

  constructor() {
    this.store.subscribe(() => {
      this.revision.value++;
      this.dirty.value = true;
      if (this.line.value) this.stale.value = true;
    });
  }

  /** The points still are the loaded set's plotting positions. */
  get sourceCurrent(): DrawingSource | null {
    const s = this.source.value;
    return s && s.revision === this.store.revision ? s : null;
  }
}

let state: DrawingState | null = null;

export function drawingState(): DrawingState {
  state ??= new DrawingState();
  return state;
}
