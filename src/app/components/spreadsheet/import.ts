// Turns the cells of an imported sheet (rows of strings, numbers, empties) into a table's columns and a report:
// how many rows were read, which were rejected and why, line by line. Runs in the spreadsheet worker, and in
// Node for tests. Nothing is dropped here: rejected rows keep their input as raw text so the user can import
// everything and fix it in the sheet, or import only the good rows.
import { normalizeHeader } from "../../../shared/columns.ts";
import type { SheetData } from "./store.ts";
import {
  type CellMessage,
  parseCell,
  rawMessage,
  rowRuleMessage,
  type TableSchema,
  valueMessage,
} from "./table.ts";

export type ImportCell = string | number | boolean | null | undefined;

export interface ImportIssue extends CellMessage {
  /** Line in the file (1-based, the header is a line too). */
  line: number;
  /** Row in the sheet when every row is imported (1-based; blank lines are skipped, so it may differ). */
  row?: number;
  /** Column key, or undefined for a problem with the whole row or file. */
  column?: string;
}

export interface ImportReport {
  /** Data rows found (blank lines not counted). */
  rowsRead: number;
  /** Rows with at least one error. */
  rejected: number;
  /** The first errors (up to `issueLimit`), in line order. */
  issues: ImportIssue[];
  issueCount: number;
  /** The first warnings (up to `issueLimit`), in line order: reported, the row still good. */
  warnings: ImportIssue[];
  warningCount: number;
  /** How often each message key occurred. */
  reasons: Array<{ key: string; count: number }>;
  /** Header cells that named no column (ignored). */
  ignoredHeaders: string[];
  /** Optional columns the file did not have (left empty). */
  absentColumns: string[];
  /**
   * Columns the file did not have that stand for a value in every row (no state column: every row F), by
   * column key. When a header was not understood too, the user confirms these before importing: the
   * ignored column may have been meant as one of them.
   */
  defaulted: Array<{ column: string; value: string; rows: number }>;
  /** Set when the file had more rows than allowed: those past the limit were not read. */
  truncated: { limit: number; dropped: number } | null;
  /** A problem that stops the import (no header, a required column missing, unreadable file). */
  fatal: CellMessage | null;
}

export interface ImportResult {
  report: ImportReport;
  /** Every row read, bad input kept as raw text. */
  data: SheetData;
  /** 0-based indices (into data) of the rows without problems. */
  goodRows: Int32Array;
  /** File line of each data row. */
  lines: Int32Array;
}

export interface ImportOptions {
  maxRows: number;
  issueLimit?: number;
  onProgress?: (done: number, total: number) => void;
}

function isBlank(cell: ImportCell): boolean {
  return cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
}

function emptyResult(fatal: CellMessage, rowsRead = 0): ImportResult {
  return {
    report: {
      rowsRead,
      rejected: 0,
      issues: [],
      issueCount: 0,
      warnings: [],
      warningCount: 0,
      reasons: [],
      ignoredHeaders: [],
      absentColumns: [],
      defaulted: [],
      truncated: null,
      fatal,
    },
    data: { rows: 0, values: {} },
    goodRows: new Int32Array(0),
    lines: new Int32Array(0),
  };
}

/**
 * The schema column a (normalized) header names: one of its names, or one of them followed by a
 * parenthesised unit or legend ("state (f/s)", "end time (h)"); -1 when none.
 */
export function columnOfHeader(schema: TableSchema, name: string): number {
  const bare = name.replace(/\s*\([^()]*\)$/, "");
  for (const candidate of bare !== name ? [name, bare] : [name]) {
    const c = schema.columns.findIndex((col) => col.headers.some((h) => normalizeHeader(h) === candidate));
    if (c >= 0) return c;
  }
  return -1;
}

export function importRows(
  schema: TableSchema,
  rows: ArrayLike<ArrayLike<ImportCell> | null | undefined>,
  options: ImportOptions,
): ImportResult {
  const limit = options.issueLimit ?? 1000;
  let headerAt = 0;
  while (headerAt < rows.length) {
    const r = rows[headerAt];
    if (r && Array.from(r).some((c) => !isBlank(c))) break;
    headerAt++;
  }
  if (headerAt >= rows.length) return emptyResult({ key: "grid:import.noHeader" });
  const header = Array.from(rows[headerAt] as ArrayLike<ImportCell>, normalizeHeader);
  const at: number[] = schema.columns.map(() => -1);
  const ignoredHeaders: string[] = [];
  header.forEach((name, i) => {
    if (name === "") return;
    const c = columnOfHeader(schema, name);
    if (c >= 0 && at[c] < 0) at[c] = i;
    else ignoredHeaders.push(name);
  });
  const missing = schema.columns.filter((col, c) => col.required && at[c] < 0);
  if (missing.length > 0)
    return emptyResult({
      key: "grid:import.missingColumn",
      params: {
        columns: missing.map((c) => c.headers[0]).join(", "),
        found: header.filter(Boolean).join(", "),
      },
    });

  // Data rows: the non-blank rows after the header, up to the limit.
  const dataRows: number[] = [];
  let dropped = 0;
  for (let r = headerAt + 1; r < rows.length; r++) {
    const row = rows[r];
    if (!row) continue;
    let blank = true;
    for (let i = 0; i < row.length; i++)
      if (!isBlank(row[i])) {
        blank = false;
        break;
      }
    if (blank) continue;
    if (dataRows.length < options.maxRows) dataRows.push(r);
    else dropped++;
  }

  const n = dataRows.length;
  const cols = schema.columns;
  const values: SheetData["values"] = {};
  const raw: Record<string, Map<number, string>> = {};
  for (const col of cols) {
    values[col.key] =
      col.kind === "text" ? new Array<string>(n).fill("") : new Float64Array(n).fill(Number.NaN);
    raw[col.key] = new Map();
  }
  const lines = new Int32Array(n);
  const good: number[] = [];
  const issues: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const reasons = new Map<string, number>();
  let issueCount = 0;
  let warningCount = 0;
  /** Records a problem; answers whether it rejects the row (an error). */
  const note = (issue: ImportIssue): boolean => {
    if (issue.severity === "warning") {
      warningCount++;
      if (warnings.length < limit) warnings.push(issue);
      return false;
    }
    issueCount++;
    reasons.set(issue.key, (reasons.get(issue.key) ?? 0) + 1);
    if (issues.length < limit) issues.push(issue);
    return true;
  };
  const rowValue = new Map<string, number | string>();
  const step = Math.max(1, Math.floor(n / 20));
  for (let i = 0; i < n; i++) {
    const row = rows[dataRows[i]] as ArrayLike<ImportCell>;
    const line = dataRows[i] + 1;
    lines[i] = line;
    let bad = false;
    rowValue.clear();
    for (let c = 0; c < cols.length; c++) {
      const col = cols[c];
      const cell = at[c] >= 0 ? row[at[c]] : undefined;
      const parsed = parseCell(col, cell);
      let message: CellMessage | null;
      if ("raw" in parsed) {
        raw[col.key].set(i, parsed.raw);
        rowValue.set(col.key, Number.NaN);
        message = rawMessage(col, parsed.raw);
      } else {
        const target = values[col.key];
        if (Array.isArray(target)) target[i] = parsed.value as string;
        else target[i] = parsed.value as number;
        rowValue.set(col.key, parsed.value);
        message = valueMessage(col, parsed.value);
      }
      if (message && note({ ...message, line, row: i + 1, column: col.key })) bad = true;
    }
    for (const col of cols) {
      const message = rowRuleMessage(schema, col.key, (key) => rowValue.get(key) ?? Number.NaN);
      if (message && note({ ...message, line, row: i + 1, column: col.key })) bad = true;
    }
    if (!bad) good.push(i);
    if (options.onProgress && i % step === 0) options.onProgress(i, n);
  }
  options.onProgress?.(n, n);
  return {
    report: {
      rowsRead: n + dropped,
      rejected: n - good.length,
      issues,
      issueCount,
      warnings,
      warningCount,
      reasons: [...reasons].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count),
      ignoredHeaders,
      absentColumns: cols.filter((_, c) => at[c] < 0).map((c) => c.headers[0]),
      defaulted: cols
        .filter((col, c) => at[c] < 0 && col.missingMeans !== undefined)
        .map((col) => ({ column: col.key, value: col.missingMeans as string, rows: n })),
      truncated: dropped > 0 ? { limit: options.maxRows, dropped } : null,
      fatal: n === 0 ? { key: "grid:import.noRows" } : null,
    },
    data: { rows: n, values, raw },
    goodRows: Int32Array.from(good),
    lines,
  };
}

/** Only the rows listed (the good ones), as a table of their own. */
export function pickRows(data: SheetData, rows: Int32Array): SheetData {
  if (rows.length === data.rows) return { ...data, raw: {} };
  const values: SheetData["values"] = {};
  for (const [key, column] of Object.entries(data.values)) {
    if (Array.isArray(column)) values[key] = Array.from(rows, (r) => column[r]);
    else {
      const picked = new Float64Array(rows.length);
      for (let i = 0; i < rows.length; i++) picked[i] = column[rows[i]];
      values[key] = picked;
    }
  }
  return { rows: rows.length, values, raw: {} };
}
