// Storage of packed columns: the body's table (`data: { rows, form, columns }`) is validated column by
// column, the columns are concatenated into one bytea (each at an 8-byte aligned offset) and the JSON
// body keeps only their layout. Reading reverses it, straight from the stored bytes to base64.
import { type SQL, sql } from "drizzle-orm";
import { bytesToBase64, type ColumnType, columnFromBytes } from "../../shared/columns.ts";
import type { MessageParams } from "../../shared/messages.ts";
import {
  type ColumnRules,
  decodePackedTable,
  type PackedTableInput,
} from "../../shared/schemas/packed-table.ts";
import { analyses } from "../db/schema.ts";
import { invalid } from "../http/errors.ts";
import { issueOf } from "../http/validate.ts";

// The packed bytes travel to and from the database as base64 text that the database decodes and
// encodes itself: the drivers' binary parameter paths are far slower for large values (PGlite took
// about 3 s to bind 10 MB of bytea, against about 0.15 s for decode() of its base64).

/** The SQL value writing packed bytes into a bytea column. */
export function packedColumnsSql(bytes: Uint8Array | null): SQL | null {
  return bytes ? sql`decode(${bytesToBase64(bytes)}, 'base64')` : null;
}

/** Selects the packed bytes as base64 text (PostgreSQL wraps it in lines, which Buffer ignores). */
export const packedColumnsBase64 = sql<string | null>`encode(${analyses.columns}, 'base64')`;

export function packedColumnsFromBase64(text: string | null): Uint8Array | null {
  if (text === null) return null;
  const buffer = Buffer.from(text, "base64");
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export interface ColumnLayout {
  name: string;
  type: ColumnType;
  offset: number;
  bytes: number;
}

export interface StoredTable {
  rows: number;
  form: string;
  layout: ColumnLayout[];
}

export interface Packed<T> {
  /** The body with its table's columns replaced by their layout. */
  json: T;
  columns: Uint8Array;
}

/** Validates and packs `body[tableKey]`. Throws a 1001 answer naming the column and row at fault. */
export function packTable<T extends Record<string, unknown>>(
  body: T,
  tableKey: string,
  rules: ColumnRules,
): Packed<T> {
  const table = body[tableKey] as PackedTableInput;
  const decoded = decodePackedTable(table, rules);
  if (!decoded.ok) {
    const where = ["body", tableKey, ...decoded.path];
    throw invalid(decoded.key, decoded.params as MessageParams, {
      issues: [issueOf({ key: decoded.key, params: decoded.params as MessageParams, where })],
    });
  }
  const layout: ColumnLayout[] = [];
  let size = 0;
  for (const [name, values] of Object.entries(decoded.columns)) {
    const offset = Math.ceil(size / 8) * 8;
    layout.push({ name, type: rules[name].type, offset, bytes: values.byteLength });
    size = offset + values.byteLength;
  }
  const columns = new Uint8Array(size);
  for (const entry of layout) {
    const values = decoded.columns[entry.name];
    columns.set(new Uint8Array(values.buffer, values.byteOffset, values.byteLength), entry.offset);
  }
  const stored: StoredTable = { rows: table.rows, form: table.form, layout };
  return { json: { ...body, [tableKey]: stored }, columns };
}

/** The wire body again: columns as base64 text (a copy of the stored bytes) or as number arrays. */
export function unpackTable<T extends Record<string, unknown>>(
  json: T,
  tableKey: string,
  columns: Uint8Array | null,
  as: "base64" | "arrays",
): T {
  const stored = json[tableKey] as StoredTable | undefined;
  if (!stored?.layout) return json;
  const out: Record<string, string | number[]> = {};
  for (const entry of stored.layout) {
    const bytes = columns ? columns.subarray(entry.offset, entry.offset + entry.bytes) : new Uint8Array(0);
    if (as === "base64") {
      out[entry.name] = bytesToBase64(bytes);
    } else {
      const values = columnFromBytes(bytes, entry.type);
      out[entry.name] = values ? Array.from(values) : [];
    }
  }
  return { ...json, [tableKey]: { rows: stored.rows, form: stored.form, columns: out } };
}
