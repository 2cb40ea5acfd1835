// Results are saved with their data set as the kernels' own JSON, made exact: typed arrays (plotting
// positions, curves, the contour) travel as base64 of their bytes and non-finite numbers as tagged values,
// so a result read back after a reload is the same, bit for bit, as the one computed.
import { decodeColumn, encodeColumn } from "../../../shared/columns.ts";

type Tagged =
  | { $f64: string }
  | { $i32: string }
  | { $u8: string }
  | { $num: "NaN" | "Infinity" | "-Infinity" };

export function encodeResult(value: unknown): unknown {
  if (typeof value === "number")
    return Number.isFinite(value) ? value : { $num: String(value) as "NaN" | "Infinity" | "-Infinity" };
  if (value instanceof Float64Array) return { $f64: encodeColumn(value) };
  if (value instanceof Int32Array) return { $i32: encodeColumn(value) };
  if (value instanceof Uint8Array) return { $u8: encodeColumn(value) };
  if (Array.isArray(value)) return value.map(encodeResult);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = encodeResult(v);
    return out;
  }
  return value;
}

export function decodeResult(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeResult);
  if (value && typeof value === "object") {
    const tagged = value as Partial<Record<keyof Tagged & string, string>> & Record<string, unknown>;
    if (typeof tagged.$f64 === "string") return decodeColumn(tagged.$f64, "f64");
    if (typeof tagged.$i32 === "string") return decodeColumn(tagged.$i32, "i32");
    if (typeof tagged.$u8 === "string") return decodeColumn(tagged.$u8, "u8");
    if (typeof tagged.$num === "string") return Number(tagged.$num);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = decodeResult(v);
    return out;
  }
  return value;
}
