// The Nevada chart as the shared data sheet: one row per shipment period (label, sales, then its returns in each
// return column), as many return columns as the settings' number of periods. Pure functions between the sheet,
// the kernel's chart, the stored body and the period labels, tested without a browser.
import type { NevadaChart } from "../../../kernels/warranty/model.ts";
import type { SheetCell } from "../../../kernels/warranty/sheet.ts";
import { WARRANTY_MAX_PERIODS, type WarrantySettings } from "../../../shared/schemas/warranty.ts";
import type { SheetData } from "../../components/spreadsheet/store.ts";
import type { TableColumn, TableSchema } from "../../components/spreadsheet/table.ts";

export const LABEL = "label";
export const SALES = "sales";
export const returnKey = (j: number) => `r${j + 1}`;

/** The sheet's schema for `columns` return columns. */
export function nevadaSchema(columns: number): TableSchema {
  const count = (key: string, headers: string[]): TableColumn => ({ key, kind: "integer", headers, min: 0 });
  return {
    columns: [
      { key: LABEL, kind: "text", headers: ["shipped", "period"], maxLength: 40 },
      count(SALES, ["sales", "quantity"]),
      ...Array.from({ length: columns }, (_, j) => count(returnKey(j), [`returns ${j + 1}`])),
    ],
  };
}

/** The chart on the sheet; rows with nothing in them are left out. */
export interface SheetChart {
  labels: string[];
  sales: number[];
  returns: (number | null)[][];
}

export function chartOfSheet(data: SheetData, columns: number): SheetChart {
  const labels = (data.values[LABEL] as string[] | undefined) ?? [];
  const sales = data.values[SALES] as Float64Array | undefined;
  const cols = Array.from(
    { length: columns },
    (_, j) => data.values[returnKey(j)] as Float64Array | undefined,
  );
  const out: SheetChart = { labels: [], sales: [], returns: [] };
  let last = -1;
  for (let i = 0; i < data.rows; i++) {
    const used =
      (labels[i] ?? "").trim() !== "" ||
      Number.isFinite(sales?.[i] ?? Number.NaN) ||
      cols.some((c) => Number.isFinite(c?.[i] ?? Number.NaN));
    if (used) last = i;
  }
  for (let i = 0; i <= last; i++) {
    out.labels.push((labels[i] ?? "").trim());
    out.sales.push(sales?.[i] ?? Number.NaN);
    out.returns.push(
      cols.map((c) => {
        const v = c?.[i] ?? Number.NaN;
        return Number.isFinite(v) ? v : null;
      }),
    );
  }
  return out;
}

export function sheetOfChart(chart: SheetChart, columns: number): SheetData {
  const n = chart.sales.length;
  const values: SheetData["values"] = {
    [LABEL]: chart.labels.slice(0, n).map((l) => l ?? ""),
    [SALES]: Float64Array.from(chart.sales),
  };
  for (let j = 0; j < columns; j++)
    values[returnKey(j)] = Float64Array.from(chart.returns, (r) => r[j] ?? Number.NaN);
  return { rows: n, values };
}

/** The same rows with `to` return columns: columns beyond it dropped, new ones empty. */
export function resizeSheet(data: SheetData, to: number): SheetData {
  const values: SheetData["values"] = {
    [LABEL]: data.values[LABEL] ?? [],
    [SALES]: data.values[SALES] ?? new Float64Array(0),
  };
  for (let j = 0; j < to; j++)
    values[returnKey(j)] =
      (data.values[returnKey(j)] as Float64Array | undefined) ?? new Float64Array(data.rows).fill(Number.NaN);
  return { rows: data.rows, values };
}

/** Imported or pasted cells (sheet.ts of the kernel reads them) as the sheet. */
export function sheetOfCells(
  periods: string[],
  chart: Required<NevadaChart> & { returns: (number | null)[][] },
  columns: number,
): SheetData {
  return sheetOfChart({ labels: periods, sales: Array.from(chart.sales), returns: chart.returns }, columns);
}

const MONTHS = /^(\d{4})-(\d{1,2})$/;
const YEAR = /^(\d{4})$/;

/**
 * The label of period k (0 = the first shipment period) from the settings' start, period unit and increment:
 * months and years count on from a start written 2010-06 or 2010; otherwise start + k increments (k = 0: start).
 */
export function periodLabel(
  settings: Pick<WarrantySettings, "start" | "periodUnit" | "increment">,
  k: number,
): string {
  const start = settings.start.trim();
  const step = settings.increment * k;
  const m = MONTHS.exec(start);
  if (m && settings.periodUnit === "months" && Number.isInteger(step)) {
    const months = Number(m[1]) * 12 + Number(m[2]) - 1 + step;
    return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, "0")}`;
  }
  const y = YEAR.exec(start);
  if (y && settings.periodUnit === "years" && Number.isInteger(step)) return String(Number(y[1]) + step);
  const base = Number(start);
  if (start !== "" && Number.isFinite(base)) return String(+(base + step).toPrecision(12));
  return `${start || "t"}+${+step.toPrecision(12)}`;
}

/** The column titles: the label, sales, and each return column's period (the period after shipment j). */
export function nevadaHeaders(
  settings: Pick<WarrantySettings, "start" | "periodUnit" | "increment" | "numberOfPeriods">,
  titles: { label: string; sales: string },
): Record<string, string> {
  const out: Record<string, string> = { [LABEL]: titles.label, [SALES]: titles.sales };
  for (let j = 0; j < settings.numberOfPeriods; j++) out[returnKey(j)] = periodLabel(settings, j + 1);
  return out;
}

export const clampPeriods = (n: number) => Math.max(1, Math.min(WARRANTY_MAX_PERIODS, Math.floor(n)));

/** Weibull++'s Nevada example (ReliaWiki "Warranty Data Analysis"): shipments Jun-Aug 2010. */
export const EXAMPLE: SheetChart = {
  labels: ["2010-06", "2010-07", "2010-08"],
  sales: [100, 140, 150],
  returns: [
    [3, 3, 5],
    [null, 2, 4],
    [null, null, 4],
  ],
};

export type { SheetCell };
