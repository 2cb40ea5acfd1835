// A table's column schema and its rules, shared by the editable DataSheet, the import worker and exports.
// The schema is plain data (it crosses into the import worker), so every rule is declarative: a column's kind,
// whether it is required, its lower bound, its choices; and row rules such as "start < end".
//
// Message keys are full i18next keys ("grid:cell.empty", "messages:valuePositive", "messages:life.startAfterEnd");
// `params` fill their {{placeholders}}.

export type ColumnKind = "number" | "integer" | "text" | "enum";

export interface EnumOption {
  /** The stored code. */
  code: number;
  /** What the cell shows and exports ("F"). */
  label: string;
  /** Other spellings accepted on input and import, lower case ("failure", "1"). */
  aliases?: readonly string[];
}

export interface TableColumn {
  key: string;
  kind: ColumnKind;
  /** Header names accepted on import, lower case; the first is written on export and in templates. */
  headers: readonly string[];
  required?: boolean;
  /** Lower bound of a number; `minExclusive` makes it strict. */
  min?: number;
  minExclusive?: boolean;
  /** Upper bound of a number; `maxExclusive` makes it strict (the drawing tool's Y-Value below 100 %). */
  max?: number;
  maxExclusive?: boolean;
  /** Message key for a value out of [min, max] (a negative value always gets grid:cell.negative when min >= 0). */
  rangeKey?: string;
  options?: readonly EnumOption[];
  /** Text columns: at most this many characters. */
  maxLength?: number;
  /** Message key for text that is not a number / not a choice, instead of the generic one. */
  invalidKey?: string;
  /** What an empty cell, or the whole column when a file lacks it, stands for ("1", "F"). */
  missingMeans?: string;
}

/** `column` must be below `than` in the same row when both hold numbers (start before end). */
export interface LessThanRule {
  kind: "lessThan";
  column: string;
  than: string;
  key: string;
}

export type RowRule = LessThanRule;

export interface TableSchema {
  columns: readonly TableColumn[];
  rowRules?: readonly RowRule[];
}

export interface CellMessage {
  key: string;
  params?: Record<string, string | number>;
  /** An error rejects the row; a warning is reported and the row imported. Default: error. */
  severity?: "error" | "warning";
}

/** A cell as parsed: a value (number, NaN for empty, or text), or the input kept as typed because it is invalid. */
export type ParsedCell = { value: number | string } | { raw: string };

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Parses what a user typed or a file held into a column's value; text that does not fit is kept as `raw`. */
export function parseCell(column: TableColumn, input: unknown): ParsedCell {
  if (column.kind === "text") {
    if (input === null || input === undefined) return { value: "" };
    return { value: String(input) };
  }
  if (input === null || input === undefined) return { value: Number.NaN };
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return { raw: String(input) };
    if (column.kind === "enum") {
      const option = column.options?.find((o) => o.code === input);
      return option ? { value: option.code } : { raw: String(input) };
    }
    if (column.kind === "integer" && !Number.isInteger(input)) return { raw: String(input) };
    return { value: input };
  }
  if (typeof input === "boolean") return { raw: String(input) };
  const text = String(input).trim();
  if (text === "") return { value: Number.NaN };
  if (column.kind === "enum") {
    const lower = text.toLowerCase();
    const option = column.options?.find(
      (o) => o.label.toLowerCase() === lower || (o.aliases ?? []).includes(lower),
    );
    return option ? { value: option.code } : { raw: String(input) };
  }
  if (!NUMBER.test(text)) return { raw: String(input) };
  const value = Number(text);
  if (!Number.isFinite(value)) return { raw: String(input) };
  if (column.kind === "integer" && !Number.isInteger(value)) return { raw: String(input) };
  return { value };
}

/** How a stored value is shown and exported. */
export function formatValue(column: TableColumn, value: number | string): string {
  if (typeof value === "string") return value;
  if (Number.isNaN(value)) return "";
  if (column.kind === "enum") return column.options?.find((o) => o.code === value)?.label ?? String(value);
  return String(value);
}

/** The problem with text kept as typed. */
export function rawMessage(column: TableColumn, raw: string): CellMessage {
  if (column.invalidKey) return { key: column.invalidKey, params: { value: raw } };
  if (column.kind === "enum")
    return {
      key: "grid:cell.unknownChoice",
      params: { value: raw, choices: (column.options ?? []).map((o) => o.label).join(", ") },
    };
  if (column.kind === "integer" && NUMBER.test(raw.trim()))
    return { key: "grid:cell.notInteger", params: { value: raw } };
  return { key: "grid:cell.notNumber", params: { value: raw } };
}

/** A number outside the column's bounds (cheap: the sheet's pass over 400,000 rows calls it). */
export function outOfRange(column: TableColumn, value: number): boolean {
  if (column.min !== undefined && (column.minExclusive ? value <= column.min : value < column.min))
    return true;
  return column.max !== undefined && (column.maxExclusive ? value >= column.max : value > column.max);
}

/** The problem with a parsed value of a column, or null. */
export function valueMessage(column: TableColumn, value: number | string): CellMessage | null {
  if (typeof value === "string") {
    if (column.required && value.trim() === "") return { key: "grid:cell.empty" };
    if (column.maxLength !== undefined && value.length > column.maxLength)
      return { key: "grid:cell.tooLong", params: { max: column.maxLength } };
    return null;
  }
  if (Number.isNaN(value)) return column.required ? { key: "grid:cell.empty" } : null;
  if (outOfRange(column, value)) {
    if (value < 0 && column.min !== undefined && column.min >= 0)
      return { key: "grid:cell.negative", params: { value } };
    const above = column.max !== undefined && !(column.min !== undefined && value <= column.min);
    const params = { value, min: column.min ?? "", max: column.max ?? "" };
    return { key: column.rangeKey ?? (above ? "grid:cell.aboveMax" : "grid:cell.belowMin"), params };
  }
  return null;
}

/** The first broken row rule whose `column` is the given one, for a row read through `get`. */
export function rowRuleMessage(
  schema: TableSchema,
  column: string,
  get: (key: string) => number | string,
): CellMessage | null {
  for (const rule of schema.rowRules ?? []) {
    if (rule.column !== column) continue;
    const a = get(rule.column);
    const b = get(rule.than);
    if (typeof a === "number" && typeof b === "number" && !Number.isNaN(a) && !Number.isNaN(b) && !(a < b))
      return { key: rule.key, params: { value: a, than: b } };
  }
  return null;
}

export function columnIndex(schema: TableSchema, key: string): number {
  return schema.columns.findIndex((c) => c.key === key);
}
