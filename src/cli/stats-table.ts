// Named numeric columns of a CSV or xlsx table for `relbench stats` and `relbench doe`: a column's values are
// its non-empty cells (columns may differ in length); a cell that is not a number is an error with its line.
import { UsageError } from "./command.ts";
import { type Cell, readCells } from "./table-input.ts";

export interface NamedTable {
  header: string[];
  rows: Cell[][];
}

export async function readNamedTable(path: string): Promise<NamedTable> {
  const rows = await readCells(path);
  return { header: rows[0].map((h) => String(h ?? "").trim()), rows: rows.slice(1) };
}

const isEmpty = (v: Cell) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

export function columnIndex(table: NamedTable, name: string): number {
  const i = table.header.findIndex((h) => h.toLowerCase() === name.trim().toLowerCase());
  if (i < 0) throw new UsageError(`no column named '${name}'; the columns are: ${table.header.join(", ")}`);
  return i;
}

/** The numbers of a column, skipping empty cells. */
export function numericColumn(table: NamedTable, name: string): number[] {
  const i = columnIndex(table, name);
  const out: number[] = [];
  table.rows.forEach((row, r) => {
    const v = row[i];
    if (isEmpty(v)) return;
    const x = typeof v === "number" ? v : Number(String(v).trim());
    if (!Number.isFinite(x))
      throw new UsageError(`line ${r + 2}, column ${table.header[i]}: '${String(v)}' is not a number`);
    out.push(x);
  });
  return out;
}

/** The cells of a column as they are (numbers or text), every row; an empty cell is an error. */
export function cellColumn(table: NamedTable, name: string): (number | string)[] {
  const i = columnIndex(table, name);
  return table.rows.map((row, r) => {
    const v = row[i];
    if (isEmpty(v)) throw new UsageError(`line ${r + 2}, column ${table.header[i]}: the cell is empty`);
    if (typeof v === "number") return v;
    const t = String(v).trim();
    const x = Number(t);
    return Number.isFinite(x) ? x : t;
  });
}

/** A value JSON can hold: infinite interval ends become null, as JSON has no Infinity. */
export function jsonNumber(x: number | null | undefined): number | null {
  return x === null || x === undefined || !Number.isFinite(x) ? null : x;
}

export function fmt(x: number | null | undefined): string {
  return x === null || x === undefined || Number.isNaN(x)
    ? "-"
    : Number.isFinite(x)
      ? Number(x.toPrecision(7)).toString()
      : String(x);
}
