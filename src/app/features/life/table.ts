// The life-data sheet: columns quantity, start time, end time, state (F/S) and group (spec 3), their rules
// (the kernels' and spec 5's messages), and conversions between the sheet, the kernels' typed columns and
// the packed columns /api/wb stores. Header names on import are the CLI's (`relbench life fit` reads the
// same files) plus the app's own column titles in every language.

import type { LifeColumns } from "../../../kernels/life/types.ts";
import { decodeColumn, encodeColumn } from "../../../shared/columns.ts";
import type { SheetData, SheetStore } from "../../components/spreadsheet/store.ts";
import type { TableSchema } from "../../components/spreadsheet/table.ts";

export const LIFE_COLUMNS = ["quantity", "start", "end", "state", "group"] as const;
export type LifeColumnKey = (typeof LIFE_COLUMNS)[number];

export const LIFE_TABLE: TableSchema = {
  columns: [
    {
      key: "quantity",
      kind: "integer",
      headers: ["quantity", "qty", "数量", "cantidad", "数"],
      min: 1,
      rangeKey: "life:kernel.quantityInvalid",
    },
    {
      key: "start",
      kind: "number",
      headers: ["start", "start time", "开始时间", "inicio", "開始時間"],
      min: 0,
      invalidKey: "life:kernel.startNotNumber",
    },
    {
      key: "end",
      kind: "number",
      headers: ["end", "time", "end time", "结束时间", "时间", "fin", "tiempo", "終了時間", "時間"],
      required: true,
      min: 0,
      minExclusive: true,
      rangeKey: "messages:valuePositive",
    },
    {
      key: "state",
      kind: "enum",
      headers: ["state", "status", "状态", "estado", "状態"],
      options: [
        { code: 1, label: "F", aliases: ["failure", "failed", "1", "失效", "故障", "fallo"] },
        { code: 0, label: "S", aliases: ["suspension", "suspended", "0", "截尾", "删失", "suspensión"] },
      ],
      invalidKey: "life:kernel.stateInvalid",
    },
    { key: "group", kind: "integer", headers: ["group", "分组", "组", "grupo", "グループ"], min: 0 },
  ],
  rowRules: [{ kind: "lessThan", column: "start", than: "end", key: "life:kernel.startAfterEnd" }],
};

/** Column index in the sheet. */
export const COL = { quantity: 0, start: 1, end: 2, state: 3, group: 4 } as const;

/** Rows that hold anything (a fully blank row in the middle is not data). */
export function dataRows(store: SheetStore): Int32Array {
  const keep: number[] = [];
  const cols = LIFE_COLUMNS.length;
  for (let r = 0; r < store.rows; r++) {
    for (let c = 0; c < cols; c++)
      if (store.display(r, c) !== "") {
        keep.push(r);
        break;
      }
  }
  return Int32Array.from(keep);
}

/**
 * The kernels' columns from the sheet's non-blank rows: an empty quantity means 1, an empty state F, an empty
 * start none, an empty group 0. `rows` maps each kernel row back to its sheet row.
 */
export function kernelColumns(store: SheetStore): { columns: LifeColumns; rows: Int32Array } {
  const rows = dataRows(store);
  const n = rows.length;
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
    const q = store.value(r, COL.quantity) as number;
    quantity[i] = Number.isNaN(q) ? 1 : q;
    if (q !== 1 && !Number.isNaN(q)) anyQuantity = true;
    start[i] = store.value(r, COL.start) as number;
    if (!Number.isNaN(start[i])) anyStart = true;
    end[i] = store.value(r, COL.end) as number;
    const s = store.value(r, COL.state) as number;
    state[i] = Number.isNaN(s) ? 1 : s;
    const g = store.value(r, COL.group) as number;
    group[i] = Number.isNaN(g) ? 0 : g;
    if (group[i] !== 0) anyGroup = true;
  }
  const columns: LifeColumns = { end, state };
  if (anyStart) columns.start = start;
  if (anyQuantity) columns.quantity = quantity;
  if (anyGroup) columns.group = group;
  return { columns, rows };
}

/** The packed table /api/wb stores (every column, defaults filled in). */
export function packTable(store: SheetStore): {
  rows: number;
  form: "rightCensored" | "interval" | "grouped";
  columns: Record<LifeColumnKey, string>;
} {
  const { columns, rows } = kernelColumns(store);
  const n = rows.length;
  const quantity = new Int32Array(n);
  const state = new Uint8Array(n);
  const group = new Int32Array(n);
  const start = columns.start ?? new Float64Array(n).fill(Number.NaN);
  let grouped = false;
  for (let i = 0; i < n; i++) {
    quantity[i] = columns.quantity ? columns.quantity[i] : 1;
    if (quantity[i] !== 1) grouped = true;
    state[i] = columns.state ? columns.state[i] : 1;
    group[i] = columns.group ? columns.group[i] : 0;
  }
  const interval = columns.start !== undefined;
  return {
    rows: n,
    form: interval ? "interval" : grouped ? "grouped" : "rightCensored",
    columns: {
      quantity: encodeColumn(quantity),
      start: encodeColumn(start),
      end: encodeColumn(columns.end),
      state: encodeColumn(state),
      group: encodeColumn(group),
    },
  };
}

/** The sheet's contents from a stored table (base64 or plain arrays). */
export function unpackTable(table: {
  rows: number;
  columns: Record<string, string | number[] | undefined>;
}): SheetData {
  const n = table.rows;
  const read = (key: LifeColumnKey, type: "f64" | "i32" | "u8") => {
    const input = table.columns[key];
    return input === undefined ? null : decodeColumn(input, type);
  };
  const quantity = read("quantity", "i32");
  const start = read("start", "f64");
  const end = read("end", "f64");
  const state = read("state", "u8");
  const group = read("group", "i32");
  const values: SheetData["values"] = {
    quantity: Float64Array.from({ length: n }, (_, i) => (quantity ? quantity[i] : 1)),
    start: start ? Float64Array.from(start) : new Float64Array(n).fill(Number.NaN),
    end: end ? Float64Array.from(end) : new Float64Array(n).fill(Number.NaN),
    state: Float64Array.from({ length: n }, (_, i) => (state ? state[i] : 1)),
    // Group 0 is "no group": shown empty.
    group: Float64Array.from({ length: n }, (_, i) => (group && group[i] !== 0 ? group[i] : Number.NaN)),
  };
  return { rows: n, values };
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
