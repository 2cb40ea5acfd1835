// The Nevada sheet as the CLI reads it from CSV or xlsx and the screen imports and pastes it: a header row,
// then one row per shipment period: its label, its sales, then its returns in each return column (the header
// names the return periods). Empty cells are no returns; a row labelled "future" (any case) holds a future
// shipment in its sales cell. Cells that are not numbers are problems with their sheet row and column.
import type { Problem } from "../../shared/problem.ts";
import type { NevadaChart } from "./model.ts";

export type SheetCell = string | number | boolean | null | undefined;

export interface NevadaSheet {
  chart: Required<NevadaChart> & { returns: (number | null)[][] };
  /** Labels of the shipment periods and of the return columns (header cells after the sales column). */
  periods: string[];
  columns: string[];
  problems: Problem[];
}

const blank = (v: SheetCell) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

function numberOf(v: SheetCell): number {
  if (typeof v === "number") return v;
  if (typeof v === "string") return Number(v.trim());
  return Number.NaN;
}

export function nevadaFromCells(rows: readonly (readonly SheetCell[])[]): NevadaSheet {
  const problems: Problem[] = [];
  const header = rows[0] ?? [];
  let width = header.length;
  while (width > 2 && blank(header[width - 1])) width--;
  const columns = header.slice(2, width).map((c) => String(c ?? "").trim());
  const sales: number[] = [];
  const returns: (number | null)[][] = [];
  const futureSales: number[] = [];
  const periods: string[] = [];
  const cell = (v: SheetCell, row: number, column: number): number | null => {
    if (blank(v)) return null;
    const x = numberOf(v);
    if (Number.isNaN(x))
      problems.push({ key: "warranty.notNumber", params: { value: String(v) }, where: [row, column] });
    return Number.isNaN(x) ? null : x;
  };
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r];
    if (row.every(blank)) continue;
    const label = String(row[0] ?? "").trim();
    if (label.toLowerCase() === "future") {
      futureSales.push(cell(row[1], r + 1, 2) ?? 0);
      continue;
    }
    periods.push(label);
    sales.push(cell(row[1], r + 1, 2) ?? Number.NaN);
    const rets: (number | null)[] = [];
    for (let j = 0; j < columns.length; j++) rets.push(cell(row[j + 2], r + 1, j + 3));
    for (let j = columns.length + 2; j < row.length; j++)
      if (!blank(row[j])) problems.push({ key: "warranty.cellOutsideChart", where: [r + 1, j + 1] });
    returns.push(rets);
  }
  return { chart: { sales, returns, futureSales }, periods, columns, problems };
}
