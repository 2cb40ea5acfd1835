// Reads a life-data table (CSV or xlsx) into typed columns. The header row names the columns quantity, start,
// end (or time), state and group, in any case and order, by the one list of names the app's import uses
// (src/shared/columns.ts: the sheet's own titles in every language, "End time", "State (F/S)", ...); a
// missing quantity column means 1, a missing state column means F. State is F/S (the same spellings the
// sheet accepts: failure/suspension, 1/0, ...). An empty start means "no start".
import { readFileSync } from "node:fs";
import { extname } from "node:path";
import type { LifeColumns } from "../kernels/life.ts";
import { type LifeColumnKey, lifeColumnOf, lifeStateOf } from "../shared/columns.ts";
import { UsageError } from "./command.ts";

export type Cell = string | number | boolean | null | undefined;

function splitCsvLine(line: string, delimiter: string): string[] {
  if (!line.includes('"')) return line.split(delimiter);
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

function readCsv(text: string): Cell[][] {
  const lines = text.split(/\r?\n/);
  const header = lines[0] ?? "";
  const delimiter = header.includes(";") && !header.includes(",") ? ";" : header.includes("\t") ? "\t" : ",";
  const rows: Cell[][] = [];
  for (const line of lines) if (line.trim() !== "") rows.push(splitCsvLine(line, delimiter));
  return rows;
}

async function readXlsx(path: string): Promise<Cell[][]> {
  const XLSX = await import("@e965/xlsx");
  const book = XLSX.read(readFileSync(path), { type: "buffer" });
  const sheet = book.Sheets[book.SheetNames[0]];
  if (!sheet) throw new UsageError(`${path}: the workbook has no sheet`);
  return XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, blankrows: false, defval: null });
}

function isEmpty(v: Cell): boolean {
  return v === null || v === undefined || (typeof v === "string" && v.trim() === "");
}

export function toNumber(v: Cell): number {
  if (typeof v === "number") return v;
  if (typeof v === "string") {
    const t = v.trim();
    return t === "" ? Number.NaN : Number(t);
  }
  return Number.NaN;
}

/** State cell to 1 (F) or 0 (S); anything else gives -1, which validation reports with its row. */
function toState(v: Cell): number {
  if (isEmpty(v)) return 1;
  return lifeStateOf(v) ?? -1;
}

/** The rows of a CSV or xlsx file (first sheet), header row first; an unreadable or empty file is a UsageError. */
export async function readCells(path: string): Promise<Cell[][]> {
  let rows: Cell[][];
  try {
    const ext = extname(path).toLowerCase();
    rows = ext === ".xlsx" || ext === ".xls" ? await readXlsx(path) : readCsv(readFileSync(path, "utf8"));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${path}: ${(error as Error).message.split("\n")[0]}`);
  }
  if (rows.length === 0) throw new UsageError(`${path}: the file is empty`);
  return rows;
}

/**
 * Reads the table's life columns and, when `extra` names them (any case), those columns as numbers (an empty
 * or non-numeric cell is NaN, which the kernel reports with its row); `extraNames` lists the header cells that
 * are not life columns, in order (ALT's stress columns when none are named).
 */
export async function readLifeTable(
  path: string,
  extra: string[] = [],
): Promise<LifeColumns & { extra: Float64Array[]; extraNames: string[] }> {
  const rows = await readCells(path);
  const header = rows[0].map((h) => String(h ?? "").trim());
  const index: Partial<Record<LifeColumnKey, number>> = {};
  header.forEach((name, i) => {
    const key = lifeColumnOf(name);
    if (key && index[key] === undefined) index[key] = i;
  });
  if (index.end === undefined)
    throw new UsageError(
      `${path}: the header row needs an end (or time) column; found: ${header.join(", ")}`,
    );
  const extraNames = header.filter((name) => name !== "" && !lifeColumnOf(name));
  const extraIndex = extra.map((name) => {
    const i = header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
    if (i < 0) throw new UsageError(`${path}: no column '${name}'; found: ${header.join(", ")}`);
    return i;
  });
  const n = rows.length - 1;
  const extraColumns = extraIndex.map(() => new Float64Array(n));
  const end = new Float64Array(n);
  const start = index.start !== undefined ? new Float64Array(n) : undefined;
  const state = new Int32Array(n);
  const quantity = index.quantity !== undefined ? new Float64Array(n) : undefined;
  const group = index.group !== undefined ? new Int32Array(n) : undefined;
  for (let r = 0; r < n; r++) {
    const row = rows[r + 1];
    end[r] = toNumber(row[index.end]);
    if (start) {
      // An empty start means none; text that is not a number must not pass as "none".
      const cell = row[index.start as number];
      const value = toNumber(cell);
      start[r] = isEmpty(cell) ? Number.NaN : Number.isNaN(value) ? -1 : value;
    }
    state[r] = index.state !== undefined ? toState(row[index.state]) : 1;
    if (quantity) {
      const q = row[index.quantity as number];
      quantity[r] = isEmpty(q) ? 1 : toNumber(q);
    }
    if (group) group[r] = Math.trunc(toNumber(row[index.group as number]) || 0);
    for (let j = 0; j < extraIndex.length; j++) extraColumns[j][r] = toNumber(row[extraIndex[j]]);
  }
  return { end, start, state, quantity, group, extra: extraColumns, extraNames };
}
