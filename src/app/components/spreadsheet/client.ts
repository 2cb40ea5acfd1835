// Main-thread face of the spreadsheet worker: one call per import or export, with progress and cancel.
// Cancelling terminates the worker (SheetJS cannot be interrupted mid-parse); the next call starts a fresh one.
import * as Comlink from "comlink";
import type { ImportCell, ImportResult } from "./import.ts";
import type { TableSchema } from "./table.ts";
import type { ExportSheet, SpreadsheetWorkerApi, Stage, StoredDocument, StoredRecords } from "./worker.ts";

export type { ExportColumn, ExportSheet, Stage, StoredRecords } from "./worker.ts";

export interface SpreadsheetCallOptions {
  signal?: AbortSignal;
  onProgress?: (stage: Stage, done: number, total: number) => void;
}

let current: { worker: Worker; remote: Comlink.Remote<SpreadsheetWorkerApi> } | null = null;

function connect() {
  if (!current) {
    const worker = new Worker(new URL("./worker.ts", import.meta.url), {
      type: "module",
      name: "relbench-spreadsheet",
    });
    current = { worker, remote: Comlink.wrap<SpreadsheetWorkerApi>(worker) };
  }
  return current;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

async function withWorker<T>(
  options: SpreadsheetCallOptions,
  run: (
    remote: Comlink.Remote<SpreadsheetWorkerApi>,
    progress?: SpreadsheetCallOptions["onProgress"],
  ) => Promise<T>,
): Promise<T> {
  const { signal, onProgress } = options;
  if (signal?.aborted) throw abortError(signal);
  const slot = connect();
  const progress = onProgress ? Comlink.proxy(onProgress) : undefined;
  const pending = run(slot.remote, progress);
  if (!signal) return pending;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      slot.remote[Comlink.releaseProxy]();
      slot.worker.terminate();
      if (current === slot) current = null;
      reject(abortError(signal));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Reads an xlsx, xls, csv or tsv file against a table schema: columns, rejected rows and per-line messages. */
export function readTableFile(
  file: Blob,
  schema: TableSchema,
  limits: { maxRows: number; issueLimit?: number },
  options: SpreadsheetCallOptions = {},
): Promise<ImportResult> {
  return withWorker(options, (remote, progress) => remote.readTable(file, schema, limits, progress));
}

/** Reads the first sheet's cells as they are (no schema): null when the workbook cannot be read. */
export function readCellsFile(
  file: Blob,
  limits: { maxRows: number },
  options: SpreadsheetCallOptions = {},
): Promise<ImportCell[][] | null> {
  return withWorker(options, (remote, progress) => remote.readCells(file, limits.maxRows, progress));
}

/** Writes sheets to xlsx (all of them) or csv (the first); the columns' typed arrays are copied, not moved. */
export function writeTable(
  sheets: ExportSheet[],
  format: "xlsx" | "csv",
  options: SpreadsheetCallOptions = {},
): Promise<ArrayBuffer> {
  return withWorker(options, (remote, progress) => remote.writeTable(sheets, format, progress));
}

/**
 * A JSON request body made off the main thread: typed arrays anywhere in `value` become base64 strings (the
 * packed-column form of the REST store). The arrays are copied to the worker, not moved.
 */
export function jsonBlob(value: unknown, options: SpreadsheetCallOptions = {}): Promise<Blob> {
  return withWorker(options, (remote) => remote.jsonBlob(value));
}

/** Packed (base64) columns by type, and tagged JSON (json.ts), decoded to typed arrays in the worker. */
export function decodeStored(
  columns: Record<string, string | number[] | undefined>,
  types: Record<string, "f64" | "i32" | "u8">,
  tagged: unknown,
  options: SpreadsheetCallOptions = {},
): Promise<{ columns: Record<string, Float64Array | Int32Array | Uint8Array>; value: unknown }> {
  return withWorker(options, (remote) => remote.decodeStored(columns, types, tagged));
}

/** A stored document fetched and decoded in the worker (see the worker's fetchStored). */
export function fetchStored(
  url: string,
  authorization: string | null,
  table: string,
  types: Record<string, "f64" | "i32" | "u8">,
  tagged: string,
  options: SpreadsheetCallOptions = {},
): Promise<StoredDocument> {
  return withWorker(
    options,
    (remote) => remote.fetchStored(url, authorization, table, types, tagged) as Promise<StoredDocument>,
  );
}

/**
 * A stored document fetched and parsed in the worker, its `list` of records turned into the columns of
 * `schema` there (the worker's fetchRecords), with progress; cancelled by the signal.
 */
export function fetchRecords(
  url: string,
  authorization: string | null,
  list: string,
  schema: TableSchema,
  options: SpreadsheetCallOptions = {},
): Promise<StoredRecords> {
  return withWorker(
    options,
    (remote, progress) =>
      remote.fetchRecords(url, authorization, list, schema, progress) as Promise<StoredRecords>,
  );
}

export const MIME = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv;charset=utf-8",
  png: "image/png",
  svg: "image/svg+xml;charset=utf-8",
} as const;

/** Hands a file to the browser's download. */
export function downloadBlob(data: Blob | ArrayBuffer, fileName: string, type?: string): void {
  const blob = data instanceof Blob ? data : new Blob([data], { type: type ?? "application/octet-stream" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name without characters file systems refuse. */
export function safeFileName(name: string, extension: string): string {
  const printable = Array.from(name, (ch) => (ch.charCodeAt(0) < 32 ? "_" : ch)).join("");
  const base = printable.replace(/[\\/:*?"<>|]+/g, "_").trim() || "export";
  return `${base.slice(0, 120)}.${extension}`;
}
