// A table of packed numeric columns (see ../columns.ts) with per-column rules: the shape life data and
// accelerated life data are stored in. The app validates with the same function before it saves.
import { z } from "zod";
import { type ColumnArray, type ColumnType, decodeColumn, encodeColumn } from "../columns.ts";
import type { MessageKey, MessageParams } from "../messages.ts";
import { text } from "./common.ts";

export interface ColumnRule {
  type: ColumnType;
  required: boolean;
  /** Problem with one value (an English phrase), or null when it is fine. */
  check(value: number): string | null;
}

export type ColumnRules = Record<string, ColumnRule>;

/** Column input: base64 of little-endian values, or a plain array of numbers. */
export const packedColumnSchema = z.union([text(), z.array(z.number())]);

export function packedTableSchema(
  rules: ColumnRules,
  maxRows: number,
  forms: readonly [string, ...string[]],
) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, rule] of Object.entries(rules)) {
    shape[name] = rule.required ? packedColumnSchema : packedColumnSchema.optional();
  }
  return z.object({
    rows: z.number().int().min(0).max(maxRows, { error: "tooManyRows" }),
    form: z.enum(forms).default(forms[0]),
    columns: z.object(shape),
  });
}

export interface PackedTableInput {
  rows: number;
  form: string;
  columns: Record<string, string | number[] | undefined>;
}

export type DecodedColumns = Record<string, ColumnArray>;

export type DecodeResult =
  | { ok: true; columns: DecodedColumns }
  | { ok: false; key: MessageKey; params: MessageParams; path: string[] };

/** Decodes every present column and checks its length and each value against the rules. */
export function decodePackedTable(table: PackedTableInput, rules: ColumnRules): DecodeResult {
  const columns: DecodedColumns = {};
  for (const [name, rule] of Object.entries(rules)) {
    const input = table.columns[name];
    const path = ["columns", name];
    if (input === undefined) continue;
    const values = decodeColumn(input, rule.type);
    if (!values) return { ok: false, key: "columnNotBase64", params: { column: name }, path };
    if (values.length !== table.rows) {
      return {
        ok: false,
        key: "columnLengthMismatch",
        params: { column: name, actual: values.length, expected: table.rows },
        path,
      };
    }
    for (let i = 0; i < values.length; i++) {
      const problem = rule.check(values[i]);
      if (problem)
        return { ok: false, key: "columnValueInvalid", params: { column: name, row: i + 1, problem }, path };
    }
    columns[name] = values;
  }
  return { ok: true, columns };
}

/** The wire form of decoded columns: base64 text, or number arrays when asked for. */
export function encodePackedColumns(
  columns: DecodedColumns,
  as: "base64" | "arrays",
): Record<string, string | number[]> {
  const out: Record<string, string | number[]> = {};
  for (const [name, values] of Object.entries(columns)) {
    out[name] = as === "arrays" ? Array.from(values) : encodeColumn(values);
  }
  return out;
}

export const positiveFinite = (v: number) =>
  Number.isFinite(v) && v > 0 ? null : "Value must be a number greater than 0.";
