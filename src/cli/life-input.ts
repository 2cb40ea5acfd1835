// Reads a life-data table (CSV or xlsx) into typed columns. The header row names the columns quantity, start,
// end (or time), state and group, in any case and order, by the one list of names the app's import uses
// (src/shared/columns.ts: the sheet's own titles in every language, "End time", "State (F/S)", ...); a
// missing quantity column means 1, a missing state column means F. State is F/S (the same spellings the
// sheet accepts: failure/suspension, 1/0, ...). An empty start means "no start".
import type { LifeColumns } from "../kernels/life.ts";
import { type LifeColumnKey, lifeColumnOf, lifeStateOf } from "../shared/columns.ts";
import { UsageError } from "./command.ts";
import { type Cell, readCells } from "./table-input.ts";

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
