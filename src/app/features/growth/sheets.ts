// The growth editors' two tables on the shared data sheet: a plan's or draft's phases and a track's failure
// records. The sheets hold the rows (with their own cell undo); the document's other fields stay in the
// editor's history, and the rows are read back from the sheets when the document is checked, drawn, fitted
// or saved. Dates are text cells (YYYY-MM-DD); an empty row of a sheet is not a phase or a record.

import type { GrowthFailureFields } from "../../../shared/growth.ts";
import type { ImportResult } from "../../components/spreadsheet/import.ts";
import { recordsToColumns } from "../../components/spreadsheet/records.ts";
import type { SheetData, SheetStore } from "../../components/spreadsheet/store.ts";
import type { TableColumn, TableSchema } from "../../components/spreadsheet/table.ts";
import {
  emptyFailure,
  emptyPhase,
  type Failure,
  type FailureColumns,
  type Phase,
  type TrackBody,
} from "./document.ts";
import { FAILURE_TABLE, MODES, STATES } from "./import.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (key: string, maxLength: number): TableColumn => ({
  key,
  kind: "text",
  headers: [key],
  maxLength,
});
const number = (key: string): TableColumn => ({ key, kind: "number", headers: [key] });

/** A draft's phases carry a test time and target; a plan's a stage risk, growth rate and test time. */
export function phaseSchema(draft: boolean): TableSchema {
  const numbers = draft ? ["testTime", "target"] : ["stageRisk", "growthRate", "testTime"];
  return {
    columns: [text("name", 100), ...numbers.map(number), text("startDate", 10), text("endDate", 10)],
  };
}

export const DRAFT_PHASES = phaseSchema(true);
export const PLAN_PHASES = phaseSchema(false);
export { FAILURE_TABLE };

function empty(schema: TableSchema, rows: number): SheetData {
  const values: SheetData["values"] = {};
  for (const c of schema.columns)
    values[c.key] =
      c.kind === "text" ? new Array<string>(rows).fill("") : new Float64Array(rows).fill(Number.NaN);
  return { rows, values };
}

const orNaN = (x: number | null | undefined) => (x === null || x === undefined ? Number.NaN : x);
const orNull = (x: number) => (Number.isNaN(x) ? null : x);

/** Whether a row of the sheet holds anything (typed input that does not fit counts). */
function used(store: SheetStore, row: number): boolean {
  for (let c = 0; c < store.columns.length; c++) if (!store.isEmpty(row, c)) return true;
  return false;
}

/** A cell's number; input kept as typed (not a number) reads as NaN, which the document rules report. */
function num(store: SheetStore, row: number, col: number): number {
  if (col < 0 || store.raw(row, col) !== undefined) return Number.NaN;
  return store.value(row, col) as number;
}

function str(store: SheetStore, row: number, col: number): string {
  if (col < 0) return "";
  return store.raw(row, col) ?? (store.value(row, col) as string);
}

export function phasesToSheet(phases: readonly Phase[], draft: boolean): SheetData {
  const schema = phaseSchema(draft);
  const data = empty(schema, phases.length);
  phases.forEach((p, i) => {
    for (const c of schema.columns) {
      const v = p[c.key as keyof Phase];
      if (c.kind === "text") (data.values[c.key] as string[])[i] = (v as string | null) ?? "";
      else (data.values[c.key] as Float64Array)[i] = orNaN(v as number | null);
    }
  });
  return data;
}

export function sheetToPhases(store: SheetStore): Phase[] {
  const col = (key: string) => store.columns.findIndex((c) => c.key === key);
  const at = {
    name: col("name"),
    stageRisk: col("stageRisk"),
    growthRate: col("growthRate"),
    testTime: col("testTime"),
    target: col("target"),
    startDate: col("startDate"),
    endDate: col("endDate"),
  };
  const out: Phase[] = [];
  for (let r = 0; r < store.rows; r++) {
    if (!used(store, r)) continue;
    const date = (c: number) => {
      const s = str(store, r, c).trim();
      return s === "" ? null : s;
    };
    out.push({
      ...emptyPhase(),
      name: str(store, r, at.name),
      stageRisk: at.stageRisk < 0 ? null : orNull(num(store, r, at.stageRisk)),
      growthRate: at.growthRate < 0 ? null : orNull(num(store, r, at.growthRate)),
      testTime: orNull(num(store, r, at.testTime)),
      target: at.target < 0 ? null : orNull(num(store, r, at.target)),
      startDate: date(at.startDate),
      endDate: date(at.endDate),
    });
  }
  return out;
}

/** Stored records on the failure sheet (recordsToColumns, which the spreadsheet worker runs on opening). */
export function failuresToSheet(failures: readonly Failure[]): SheetData {
  return recordsToColumns(FAILURE_TABLE, failures as unknown as Record<string, unknown>[]);
}

const columnsByKey = (store: SheetStore): Record<string, number> => {
  const col: Record<string, number> = {};
  store.columns.forEach((c, i) => {
    col[c.key] = i;
  });
  return col;
};

const resolutionDate = (store: SheetStore, row: number, col: number): string | null => {
  const s = str(store, row, col).trim();
  return DATE.test(s) ? s : null;
};

/** The rows of the sheet that hold anything, in order: the failure records. */
export function usedRows(store: SheetStore): Int32Array {
  const rows = new Int32Array(store.rows);
  let n = 0;
  for (let r = 0; r < store.rows; r++) if (used(store, r)) rows[n++] = r;
  return rows.subarray(0, n);
}

/** A number column's values at `rows`; input kept as typed (not a number) reads as NaN, as in `num`. */
function numbersAt(store: SheetStore, col: number, rows: Int32Array): Float64Array {
  const values = store.columnValues(col) as Float64Array;
  const raw = store.rawRows(col);
  const out = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    out[i] = raw.size > 0 && raw.has(r) ? Number.NaN : values[r];
  }
  return out;
}

/**
 * What the fit needs of the records (`rows`, from usedRows), read from the typed columns: a few array copies
 * for 200,000 records, no record objects (sheetToFailures builds those, for a save).
 */
export function sheetFailureColumns(store: SheetStore, rows: Int32Array): FailureColumns {
  const col = columnsByKey(store);
  return {
    time: numbersAt(store, col.time, rows),
    occurrenceCount: numbersAt(store, col.occurrenceCount, rows),
    prototype: numbersAt(store, col.prototype, rows),
  };
}

/** Whether any record is classified BD (fix delayed): only then is there a Crow-Extended projection. */
export function sheetHasDelayedFixes(store: SheetStore, rows: Int32Array): boolean {
  const modes = numbersAt(store, columnsByKey(store).mode, rows);
  const bd = MODES.indexOf("BD");
  return modes.some((m) => m === bd);
}

/**
 * The records as the track rules read them (growthTrackProblems, shared with the server): one reused view
 * whose fields read the sheet's cells when the rules ask for them, so a check of 200,000 records builds no
 * record objects. `at(i)` is record i (row `rows[i]`); the view is valid until the next `at`.
 */
export function sheetFailureFields(
  store: SheetStore,
  rows: Int32Array,
): { length: number; at(index: number): GrowthFailureFields } {
  const col = columnsByKey(store);
  // The fields every record is checked for, read column-wise in one pass each.
  const times = numbersAt(store, col.time, rows);
  const states = numbersAt(store, col.state, rows);
  const counts = numbersAt(store, col.occurrenceCount, rows);
  let i = 0;
  let r = 0;
  const view: GrowthFailureFields = {
    get time() {
      return orNull(times[i]);
    },
    get state() {
      return STATES[states[i]] ?? "unresolved";
    },
    get occurrenceCount() {
      return counts[i];
    },
    get resolutionDate() {
      return resolutionDate(store, r, col.resolutionDate);
    },
    get reason() {
      return str(store, r, col.reason);
    },
    get solution() {
      return str(store, r, col.solution);
    },
  };
  return {
    length: rows.length,
    at(index: number) {
      i = index;
      r = rows[index];
      return view;
    },
  };
}

/**
 * The failure records of the sheet, in its order, numbered by row when the number is empty. A time typed as
 * text reads as no time (the track rules name the record); an empty count means one occurrence.
 */
export function sheetToFailures(store: SheetStore, rows: Int32Array = usedRows(store)): Failure[] {
  const col = columnsByKey(store);
  const out: Failure[] = [];
  for (const r of rows) {
    const count = num(store, r, col.occurrenceCount);
    const mode = num(store, r, col.mode);
    const state = num(store, r, col.state);
    out.push({
      ...emptyFailure(),
      number: str(store, r, col.number) || String(r + 1),
      name: str(store, r, col.name),
      time: orNull(num(store, r, col.time)),
      occurrenceCount: Number.isFinite(count) ? count : 1,
      prototype: orNull(num(store, r, col.prototype)),
      mode: MODES[mode] ?? "A",
      modeId: str(store, r, col.modeId),
      effectiveness: orNull(num(store, r, col.effectiveness)),
      severity: str(store, r, col.severity),
      state: STATES[state] ?? "unresolved",
      resolutionDate: resolutionDate(store, r, col.resolutionDate),
      reason: str(store, r, col.reason),
      solution: str(store, r, col.solution),
      component: str(store, r, col.component),
      occurredAt: str(store, r, col.occurredAt),
      description: str(store, r, col.description),
    });
  }
  return out;
}

/** Records built and written per task when a track is saved: 10,000 take a few tens of ms. */
export const SAVE_SLICE = 10_000;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A track's save request (`head`: name, project, version) as JSON, its failure records read from the sheet
 * and written `slice` at a time, each slice in a task of its own: 200,000 records never hold the main thread
 * in one task, and nothing is copied to a worker. The body's own `failures` (empty while edited) is replaced.
 */
export async function trackRequestJson(
  head: Record<string, unknown>,
  body: TrackBody,
  store: SheetStore,
  slice = SAVE_SLICE,
  yieldTask: () => Promise<void> = nextTask,
): Promise<Blob> {
  const { failures: _edited, ...rest } = body;
  // Both objects have keys, so each closing brace is taken off and the text goes on after it. Each slice
  // becomes a Blob in its own task (its UTF-8 encoding too); the whole is those Blobs joined, not re-encoded.
  const parts: Blob[] = [
    new Blob([
      JSON.stringify(head).slice(0, -1),
      ',"body":',
      JSON.stringify(rest).slice(0, -1),
      ',"failures":[',
    ]),
  ];
  const rows = usedRows(store);
  for (let from = 0; from < rows.length; from += slice) {
    if (from > 0) await yieldTask();
    const text = JSON.stringify(sheetToFailures(store, rows.subarray(from, from + slice))).slice(1, -1);
    parts.push(new Blob(from > 0 ? [",", text] : [text]));
  }
  parts.push(new Blob(["]}}"]));
  return new Blob(parts, { type: "application/json" });
}

/**
 * The rows an import accepted, as the failure sheet's contents (rejected rows are reported by line and left
 * out). Column by column, so 200,000 records cost a few typed-array copies and no objects.
 */
export function importedSheet(result: ImportResult): SheetData {
  const { data, goodRows } = result;
  if (goodRows.length === data.rows) return { rows: data.rows, values: data.values };
  const values: SheetData["values"] = {};
  for (const c of FAILURE_TABLE.columns) {
    const from = data.values[c.key];
    if (from instanceof Float64Array) {
      const to = new Float64Array(goodRows.length);
      for (let i = 0; i < goodRows.length; i++) to[i] = from[goodRows[i]];
      values[c.key] = to;
    } else if (from) {
      values[c.key] = Array.from(goodRows, (r) => from[r] ?? "");
    } else
      values[c.key] =
        c.kind === "text"
          ? new Array<string>(goodRows.length).fill("")
          : new Float64Array(goodRows.length).fill(Number.NaN);
  }
  return { rows: goodRows.length, values };
}
