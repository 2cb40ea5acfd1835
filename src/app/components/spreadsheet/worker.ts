// The spreadsheet worker: reads xlsx and csv files into a table's columns and writes tables to xlsx or csv,
// with SheetJS (@e965/xlsx) off the main thread. 400,000 rows take seconds to parse; the page stays live and
// the user can cancel (the client terminates this worker).
import * as XLSX from "@e965/xlsx";
import * as Comlink from "comlink";
import type { ColumnType } from "../../../shared/columns.ts";
import { type ImportCell, type ImportResult, importRows } from "./import.ts";
import { buffersOf, decodeColumns, fromTagged, jsonText } from "./json.ts";
import { type StoredRecords, storedRecords } from "./records.ts";
import type { TableSchema } from "./table.ts";
import { parseDelimited } from "./tsv.ts";
import { readFirstSheet, readFirstSheetWithSheetJS } from "./xlsx-sheet.ts";

export type Stage = "reading" | "parsing" | "converting" | "writing";
export type StageProgress = (stage: Stage, done: number, total: number) => void;

export interface ExportColumn {
  header: string;
  values: Float64Array | string[] | Array<string | number | null>;
  /** Text for codes of a choice column (state 1 -> "F"). */
  labels?: Record<number, string>;
}

export interface ExportSheet {
  name: string;
  columns: ExportColumn[];
  /** Rows of text above the header (a title, settings). */
  preface?: string[][];
}

function cellOf(column: ExportColumn, i: number): string | number | null {
  const v = column.values[i];
  if (typeof v === "number") {
    if (Number.isNaN(v)) return null;
    return column.labels ? (column.labels[v] ?? v) : v;
  }
  return v === "" ? null : (v ?? null);
}

function rowCount(sheet: ExportSheet): number {
  return Math.max(0, ...sheet.columns.map((c) => c.values.length));
}

function csvCell(v: string | number | null): string {
  if (v === null) return "";
  const text = String(v);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function sniffDelimiter(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  if (first.includes("\t")) return "\t";
  if (first.includes(";") && !first.includes(",")) return ";";
  return ",";
}

/** The rows of a csv/tsv/txt file or of a workbook's first sheet; null when the workbook cannot be read. */
async function readRows(
  file: Blob,
  maxRows: number,
  onProgress?: StageProgress,
): Promise<ArrayLike<ArrayLike<ImportCell> | null | undefined> | null> {
  onProgress?.("reading", 0, file.size);
  const name = (file as File).name?.toLowerCase() ?? "";
  const isText = /\.(csv|tsv|txt)$/.test(name) || file.type.startsWith("text/");
  if (isText) {
    const text = await file.text();
    onProgress?.("parsing", 0, 1);
    return parseDelimited(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, sniffDelimiter(text));
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  onProgress?.("parsing", 0, 1);
  const sheet =
    readFirstSheet(bytes, {
      sheetRows: maxRows + 64,
      onProgress: (done, total) => onProgress?.("parsing", done, total),
    }) ?? readFirstSheetWithSheetJS(bytes, maxRows + 64);
  // Rows are indexed by their row in the sheet, so line numbers stay true to the file.
  return sheet ? sheet.data : null;
}

const api = {
  async readTable(
    file: Blob,
    schema: TableSchema,
    options: { maxRows: number; issueLimit?: number },
    onProgress?: StageProgress,
  ): Promise<ImportResult> {
    const rows = await readRows(file, options.maxRows, onProgress);
    if (!rows) return { ...importRows(schema, [], options), report: unreadable() };
    const result = importRows(schema, rows, {
      ...options,
      onProgress: (done, total) => onProgress?.("converting", done, total),
    });
    return Comlink.transfer(result, transfers(result));
  },

  /** The first sheet's cells as they are, for tables whose columns no schema names (the Nevada chart). */
  async readCells(file: Blob, maxRows: number, onProgress?: StageProgress): Promise<ImportCell[][] | null> {
    const rows = await readRows(file, maxRows, onProgress);
    return rows ? Array.from(rows, (r) => (r ? Array.from(r) : [])) : null;
  },

  /** A request body as JSON, typed arrays as base64 (see json.ts). */
  async jsonBlob(value: unknown): Promise<Blob> {
    return new Blob([jsonText(value)], { type: "application/json" });
  },

  /** Packed columns and tagged JSON (see json.ts) decoded to typed arrays, moved back to the caller. */
  async decodeStored(
    columns: Record<string, string | number[] | undefined>,
    types: Record<string, ColumnType>,
    tagged: unknown,
  ): Promise<{ columns: Record<string, Float64Array | Int32Array | Uint8Array>; value: unknown }> {
    const result = { columns: decodeColumns(columns, types), value: fromTagged(tagged) };
    return Comlink.transfer(result, buffersOf(result));
  },

  /**
   * A stored document fetched, parsed and decoded here, so the main thread gets typed arrays (moved, not
   * copied) instead of megabytes of JSON to parse: `table` names the body's packed table, `tagged` its tagged
   * JSON (results). Anything but a successful envelope answers `ok: false`; the caller then asks again through
   * the app's HTTP client, which reports the failure as every other call does.
   */
  async fetchStored(
    url: string,
    authorization: string | null,
    table: string,
    types: Record<string, ColumnType>,
    tagged: string,
  ): Promise<StoredDocument> {
    const response = await fetch(url, { headers: authorization ? { Authorization: authorization } : {} });
    if (!response.ok) return { ok: false };
    const envelope = (await response.json()) as { status?: unknown; data?: unknown };
    if (typeof envelope.status !== "number" || envelope.status > 4 || !envelope.data) return { ok: false };
    const doc = envelope.data as Record<string, unknown> & { body: Record<string, unknown> };
    const packed = doc.body[table] as {
      rows: number;
      columns: Record<string, string | number[] | undefined>;
    };
    const result: StoredDocument & { ok: true } = {
      ok: true,
      doc: { ...doc, body: { ...doc.body, [table]: { rows: packed.rows }, [tagged]: null } },
      rows: packed.rows,
      columns: decodeColumns(packed.columns, types),
      value: fromTagged(doc.body[tagged] ?? null),
    };
    return Comlink.transfer(result, buffersOf({ columns: result.columns, value: result.value }));
  },

  /**
   * A stored document whose body holds records (an array of objects, `list`) fetched, parsed and turned
   * into the sheet's columns here (recordsToColumns): the page gets the document without them and typed
   * arrays moved to it, where parsing 200,000 records' JSON there took about 300 ms of its thread. Reports
   * the bytes read ("reading", of the length the server gave, else 0), then "parsing" (parse and columns).
   * Anything but a successful envelope answers `ok: false` (the caller asks again through the app's client).
   */
  async fetchRecords(
    url: string,
    authorization: string | null,
    list: string,
    schema: TableSchema,
    onProgress?: StageProgress,
  ): Promise<StoredRecords> {
    const response = await fetch(url, { headers: authorization ? { Authorization: authorization } : {} });
    if (!response.ok) return { ok: false };
    const total = Number(response.headers.get("content-length")) || 0;
    const text = await readText(response, total, onProgress);
    onProgress?.("parsing", 0, 1);
    const result = storedRecords(text, list, schema);
    if (!result.ok) return result;
    const moved = Object.values(result.data.values).flatMap((v) =>
      v instanceof Float64Array ? [v.buffer] : [],
    );
    return Comlink.transfer(result, moved);
  },

  async writeTable(
    sheets: ExportSheet[],
    format: "xlsx" | "csv",
    onProgress?: StageProgress,
  ): Promise<ArrayBuffer> {
    if (format === "csv") {
      const sheet = sheets[0];
      const n = rowCount(sheet);
      const parts: string[] = [];
      for (const line of sheet.preface ?? []) parts.push(line.map(csvCell).join(","));
      parts.push(sheet.columns.map((c) => csvCell(c.header)).join(","));
      const step = Math.max(1, Math.floor(n / 20));
      for (let i = 0; i < n; i++) {
        parts.push(sheet.columns.map((c) => csvCell(cellOf(c, i))).join(","));
        if (i % step === 0) onProgress?.("writing", i, n);
      }
      const bytes = new TextEncoder().encode(`\ufeff${parts.join("\r\n")}\r\n`);
      return Comlink.transfer(bytes.buffer, [bytes.buffer]);
    }
    const book = XLSX.utils.book_new();
    for (const sheet of sheets) {
      const n = rowCount(sheet);
      const aoa: Array<Array<string | number | null>> = [...(sheet.preface ?? [])];
      aoa.push(sheet.columns.map((c) => c.header));
      for (let i = 0; i < n; i++) aoa.push(sheet.columns.map((c) => cellOf(c, i)));
      onProgress?.("converting", n, n);
      XLSX.utils.book_append_sheet(
        book,
        XLSX.utils.aoa_to_sheet(aoa, { dense: true }),
        sheet.name.slice(0, 31),
      );
    }
    onProgress?.("writing", 0, 1);
    const out = XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer;
    return Comlink.transfer(out, [out]);
  },
};

export type { StoredRecords };

export type StoredDocument =
  | { ok: false }
  | {
      ok: true;
      doc: Record<string, unknown> & { body: Record<string, unknown> };
      rows: number;
      columns: Record<string, Float64Array | Int32Array | Uint8Array>;
      value: unknown;
    };

/** A response's text, its bytes reported as they arrive (a 200,000-record track is tens of megabytes). */
async function readText(response: Response, total: number, onProgress?: StageProgress): Promise<string> {
  if (!response.body || !onProgress) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let done = 0;
  let reported = 0;
  onProgress("reading", 0, total);
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    parts.push(decoder.decode(chunk.value, { stream: true }));
    done += chunk.value.byteLength;
    // A report per megabyte: each one is a message to the page.
    if (done - reported >= 1 << 20) {
      reported = done;
      onProgress("reading", done, total);
    }
  }
  parts.push(decoder.decode());
  return parts.join("");
}

function unreadable() {
  return {
    rowsRead: 0,
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
    fatal: { key: "grid:import.unreadable" },
  };
}

function transfers(result: ImportResult): Transferable[] {
  const list: Transferable[] = [result.goodRows.buffer, result.lines.buffer];
  for (const v of Object.values(result.data.values)) if (v instanceof Float64Array) list.push(v.buffer);
  return list;
}

export type SpreadsheetWorkerApi = typeof api;

Comlink.expose(api);
