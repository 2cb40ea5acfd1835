// The life-data sheet: columns quantity, start time, end time, state (F/S) and group (spec 3), their rules
// (the kernels' and spec 5's messages), and conversions between the sheet, the kernels' typed columns and
// the packed columns /api/wb stores. Header names on import are the one list of src/shared/columns.ts, which
// the CLI (`relbench life fit`) reads the same files with: the app's own titles in every language included.

import type { LifeColumns } from "../../../kernels/life/types.ts";
import {
  LIFE_COLUMN_KEYS,
  LIFE_DEFAULTS,
  LIFE_HEADERS,
  LIFE_STATES,
  type LifeColumnKey,
} from "../../../shared/columns.ts";
import type { SheetData, SheetStore } from "../../components/spreadsheet/store.ts";
import type { TableSchema } from "../../components/spreadsheet/table.ts";

export const LIFE_COLUMNS = LIFE_COLUMN_KEYS;
export type { LifeColumnKey };

const state = (code: 0 | 1) => {
  const s = LIFE_STATES.find((o) => o.code === code) as (typeof LIFE_STATES)[number];
  return { code, label: s.label, aliases: s.aliases };
};

export const LIFE_TABLE: TableSchema = {
  columns: [
    {
      key: "quantity",
      kind: "integer",
      headers: LIFE_HEADERS.quantity,
      min: 1,
      rangeKey: "messages:life.quantityInvalid",
      missingMeans: LIFE_DEFAULTS.quantity ?? undefined,
    },
    {
      key: "start",
      kind: "number",
      headers: LIFE_HEADERS.start,
      min: 0,
      invalidKey: "messages:life.startNotNumber",
    },
    {
      key: "end",
      kind: "number",
      headers: LIFE_HEADERS.end,
      required: true,
      min: 0,
      minExclusive: true,
      rangeKey: "messages:valuePositive",
    },
    {
      key: "state",
      kind: "enum",
      headers: LIFE_HEADERS.state,
      options: [state(1), state(0)],
      invalidKey: "messages:life.stateInvalid",
      missingMeans: LIFE_DEFAULTS.state ?? undefined,
    },
    { key: "group", kind: "integer", headers: LIFE_HEADERS.group, min: 0 },
  ],
  rowRules: [{ kind: "lessThan", column: "start", than: "end", key: "messages:life.startAfterEnd" }],
};

/** Column index in the sheet. */
export const COL = { quantity: 0, start: 1, end: 2, state: 3, group: 4 } as const;

/** Rows that hold anything (a fully blank row in the middle is not data). */
export function dataRows(store: SheetStore): Int32Array {
  const n = store.rows;
  const used = new Uint8Array(n);
  for (let c = 0; c < LIFE_COLUMNS.length; c++) {
    const values = store.columnValues(c) as Float64Array;
    for (let r = 0; r < n; r++) if (!Number.isNaN(values[r])) used[r] = 1;
    for (const r of store.rawRows(c).keys()) if (r < n) used[r] = 1;
  }
  let k = 0;
  for (let r = 0; r < n; r++) k += used[r];
  const rows = new Int32Array(k);
  for (let r = 0, i = 0; r < n; r++) if (used[r]) rows[i++] = r;
  return rows;
}

/**
 * The kernels' columns from the sheet's non-blank rows: an empty quantity means 1, an empty state F, an empty
 * start none, an empty group 0. `rows` maps each kernel row back to its sheet row. The arrays are shared by
 * callers of the same revision: copy before changing them, never transfer them.
 */
export function kernelColumns(store: SheetStore): { columns: LifeColumns; rows: Int32Array } {
  // One pass per sheet revision: the run, the plot's interval rows and the save all read the same columns.
  const cached = columnCache.get(store);
  if (cached && cached.revision === store.revision) return cached.value;
  const value = buildKernelColumns(store);
  columnCache.set(store, { revision: store.revision, value });
  return value;
}

const columnCache = new WeakMap<
  SheetStore,
  { revision: number; value: { columns: LifeColumns; rows: Int32Array } }
>();

function buildKernelColumns(store: SheetStore): { columns: LifeColumns; rows: Int32Array } {
  const rows = dataRows(store);
  const n = rows.length;
  const q = store.columnValues(COL.quantity) as Float64Array;
  const st = store.columnValues(COL.start) as Float64Array;
  const en = store.columnValues(COL.end) as Float64Array;
  const s = store.columnValues(COL.state) as Float64Array;
  const g = store.columnValues(COL.group) as Float64Array;
  const quantity = new Float64Array(n);
  const start = new Float64Array(n);
  const end = new Float64Array(n);
  const state = new Uint8Array(n);
  const group = new Int32Array(n);
  let anyStart = false;
  let anyQuantity = false;
  let anyGroup = false;
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    const qi = q[r];
    const hasQ = !Number.isNaN(qi);
    quantity[i] = hasQ ? qi : 1;
    if (hasQ && qi !== 1) anyQuantity = true;
    start[i] = st[r];
    if (!Number.isNaN(st[r])) anyStart = true;
    end[i] = en[r];
    state[i] = Number.isNaN(s[r]) ? 1 : s[r];
    const gi = g[r];
    group[i] = Number.isNaN(gi) ? 0 : gi;
    if (group[i] !== 0) anyGroup = true;
  }
  const columns: LifeColumns = { end, state };
  if (anyStart) columns.start = start;
  if (anyQuantity) columns.quantity = quantity;
  if (anyGroup) columns.group = group;
  return { columns, rows };
}

/**
 * The table /api/wb stores, as typed arrays (the spreadsheet worker's jsonBlob turns them into the packed,
 * base64 form): end and state always, the other columns when some row differs from their default.
 */
export function packTable(store: SheetStore): {
  rows: number;
  form: "rightCensored" | "interval" | "grouped";
  columns: Partial<Record<LifeColumnKey, Float64Array | Int32Array | Uint8Array>>;
} {
  const { columns, rows } = kernelColumns(store);
  const n = rows.length;
  // A column that holds only its default (quantity 1, no start, group 0) is left out: the store and
  // unpackTable read a missing column as its default, and a 400,000-row set travels and is stored at
  // half the size (issue 16: save under 1 s).
  const packed: Partial<Record<LifeColumnKey, Float64Array | Int32Array | Uint8Array>> = {
    end: columns.end,
    state: columns.state ? Uint8Array.from(columns.state) : new Uint8Array(n).fill(1),
  };
  if (columns.quantity) packed.quantity = Int32Array.from(columns.quantity);
  if (columns.start) packed.start = columns.start;
  if (columns.group) packed.group = columns.group;
  return {
    rows: n,
    form: columns.start ? "interval" : columns.quantity ? "grouped" : "rightCensored",
    columns: packed,
  };
}

/** The stored column types of /api/wb (src/shared/schemas/lifedata.ts). */
export const STORED_TYPES = { quantity: "i32", start: "f64", end: "f64", state: "u8", group: "i32" } as const;

/** The sheet's contents from a stored table whose columns are decoded (see decodeColumns in the worker). */
export function unpackTable(table: {
  rows: number;
  columns: Partial<Record<LifeColumnKey, ArrayLike<number>>>;
}): SheetData {
  const n = table.rows;
  const { quantity, start, end, state, group } = table.columns;
  const q = new Float64Array(n);
  const st = new Float64Array(n);
  const en = new Float64Array(n);
  const s = new Float64Array(n);
  const g = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    q[i] = quantity ? quantity[i] : 1;
    st[i] = start ? start[i] : Number.NaN;
    en[i] = end ? end[i] : Number.NaN;
    s[i] = state ? state[i] : 1;
    // Group 0 is "no group": shown empty.
    g[i] = group && group[i] !== 0 ? group[i] : Number.NaN;
  }
  return { rows: n, values: { quantity: q, start: st, end: en, state: s, group: g } };
}

/** The sheet's contents from kernel-style columns (a random sample). */
export function sheetFromColumns(columns: LifeColumns): SheetData {
  const n = columns.end.length;
  return {
    rows: n,
    values: {
      quantity: Float64Array.from({ length: n }, (_, i) => (columns.quantity ? columns.quantity[i] : 1)),
      start: columns.start ? Float64Array.from(columns.start) : new Float64Array(n).fill(Number.NaN),
      end: Float64Array.from(columns.end),
      state: Float64Array.from({ length: n }, (_, i) => (columns.state ? columns.state[i] : 1)),
      group: new Float64Array(n).fill(Number.NaN),
    },
  };
}

/** Distinct group numbers with their row counts (0 = rows without a group). */
export function groupCounts(store: SheetStore): Array<{ group: number; rows: number }> {
  const counts = new Map<number, number>();
  for (let r = 0; r < store.rows; r++) {
    const g = store.value(r, COL.group) as number;
    const key = Number.isNaN(g) ? 0 : g;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([group, rows]) => ({ group, rows })).sort((a, b) => a.group - b.group);
}
