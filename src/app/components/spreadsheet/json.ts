// JSON for request bodies that carry large typed arrays (400,000-row columns, plotting positions): every
// typed array becomes base64 of its little-endian bytes (src/shared/columns.ts), the way the REST store
// takes packed columns. Made in the spreadsheet worker (jsonBlob) so a big save never holds the page.
import { type ColumnType, decodeColumn, encodeColumn } from "../../../shared/columns.ts";

export function typedArraysToBase64(value: unknown): unknown {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return encodeColumn(value as Float64Array);
  if (Array.isArray(value)) return value.map(typedArraysToBase64);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = typedArraysToBase64(v);
    return out;
  }
  return value;
}

export function jsonText(value: unknown): string {
  return JSON.stringify(typedArraysToBase64(value));
}

/** Packed (base64) columns back to typed arrays, by their stored types; a column that does not decode is left out. */
export function decodeColumns(
  columns: Record<string, string | number[] | undefined>,
  types: Record<string, ColumnType>,
): Record<string, Float64Array | Int32Array | Uint8Array> {
  const out: Record<string, Float64Array | Int32Array | Uint8Array> = {};
  for (const [key, type] of Object.entries(types)) {
    const input = columns[key];
    if (input === undefined) continue;
    const values = decodeColumn(input, type);
    if (values) out[key] = values as Float64Array | Int32Array | Uint8Array;
  }
  return out;
}

/**
 * Tagged JSON for exact round trips (saved results): typed arrays as { $f64 | $i32 | $u8: base64 } and
 * non-finite numbers as { $num: "NaN" | "Infinity" | "-Infinity" }. With `base64` false the arrays stay
 * typed inside their tags, for jsonBlob to encode in the worker.
 */
export function toTagged(value: unknown, base64 = true): unknown {
  const bytes = (a: Float64Array | Int32Array | Uint8Array) => (base64 ? encodeColumn(a) : a);
  if (typeof value === "number")
    return Number.isFinite(value) ? value : { $num: String(value) as "NaN" | "Infinity" | "-Infinity" };
  if (value instanceof Float64Array) return { $f64: bytes(value) };
  if (value instanceof Int32Array) return { $i32: bytes(value) };
  if (value instanceof Uint8Array) return { $u8: bytes(value) };
  if (Array.isArray(value)) return value.map((v) => toTagged(v, base64));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toTagged(v, base64);
    return out;
  }
  return value;
}

export function fromTagged(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromTagged);
  if (value && typeof value === "object") {
    const tagged = value as Record<string, unknown>;
    if (typeof tagged.$f64 === "string") return decodeColumn(tagged.$f64, "f64");
    if (typeof tagged.$i32 === "string") return decodeColumn(tagged.$i32, "i32");
    if (typeof tagged.$u8 === "string") return decodeColumn(tagged.$u8, "u8");
    if (typeof tagged.$num === "string") return Number(tagged.$num);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = fromTagged(v);
    return out;
  }
  return value;
}

/** Every typed array buffer in a value (to transfer it between threads). */
export function buffersOf(value: unknown, found: ArrayBuffer[] = []): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer && !found.includes(value.buffer)) found.push(value.buffer);
  } else if (value && typeof value === "object") for (const v of Object.values(value)) buffersOf(v, found);
  return found;
}
