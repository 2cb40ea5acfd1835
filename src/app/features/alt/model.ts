// Conversions of the ALT sheet: the kernel's columns and options, and the body /api/alta stores (the life
// sheet's packed columns plus the stress columns used).
import { type AltColumns, type AltOptions, designOf } from "../../../kernels/alt.ts";
import { ALT_COLUMN_RULES } from "../../../shared/schemas/modules.ts";
import { decodePackedTable, encodePackedColumns } from "../../../shared/schemas/packed-table.ts";
import type { StoredAltBody } from "../../api/alta.ts";
import type { SheetData, SheetStore } from "../../components/spreadsheet/store.ts";
import { kernelColumns, packTable, unpackTable } from "../life/table.ts";
import { type AltSettings, DEFAULT_SETTINGS, STRESS_COL, STRESS_KEYS } from "./state.ts";

/** How many stress columns the settings use. */
export function stressCount(s: AltSettings): number {
  return designOf(s.relationship, s.transforms).transforms.length;
}

/** The use stress as numbers, or null when it is not one finite number per stress column (groups allowed). */
export function parseUseStress(s: AltSettings): number[][] | null {
  const m = stressCount(s);
  const values = s.use
    .split(/[,;\s]+/)
    .filter((v) => v !== "")
    .map(Number);
  if (values.length === 0 || values.length % m !== 0 || values.some((v) => !Number.isFinite(v))) return null;
  const out: number[][] = [];
  for (let i = 0; i < values.length; i += m) out.push(values.slice(i, i + m));
  return out;
}

/** One stress level as numbers (one per stress column, comma separated), or null. */
export function parseLevel(text: string, m: number): number[] | null {
  const values = text
    .split(/[,;\s]+/)
    .filter((v) => v !== "")
    .map(Number);
  return values.length === m && values.every(Number.isFinite) ? values : null;
}

/** The acceleration factor's two levels when both are typed and valid, else null. */
export function parseAfBetween(s: AltSettings): { from: number[]; to: number[] } | null {
  const m = stressCount(s);
  const from = parseLevel(s.afFrom, m);
  const to = parseLevel(s.afTo, m);
  return from && to ? { from, to } : null;
}

/** The times of the use-level reliability (none when empty), or null when one is not a positive number. */
export function parseTimes(s: AltSettings): number[] | null {
  const values = s.at
    .split(/[,;\s]+/)
    .filter((v) => v !== "")
    .map(Number);
  return values.every((v) => Number.isFinite(v) && v > 0) ? values : null;
}

export function altOptions(s: AltSettings, use: number[][]): AltOptions {
  return {
    relationship: s.relationship,
    distribution: s.distribution,
    transforms: s.relationship === "general-log-linear" ? s.transforms : undefined,
    temperatureUnit: s.temperatureUnit,
    use,
    at: parseTimes(s) ?? [],
    confidence: s.confidence,
    bounds: s.bounds,
    sided: s.sided,
    proportionalHazards: s.proportionalHazards && s.distribution === "weibull",
    bLives: [1, 10, 50],
    afBetween: parseAfBetween(s) ? [parseAfBetween(s) as { from: number[]; to: number[] }] : undefined,
    plots: { lifePercent: s.lifeLine.percent, lifeLine: s.lifeLine.kind },
  };
}

/** The kernel's columns from the sheet's non-blank rows; `rows` maps each one back to its sheet row. */
export function altColumns(store: SheetStore, m: number): { columns: AltColumns; rows: Int32Array } {
  const { columns, rows } = kernelColumns(store);
  return { columns: { ...columns, stress: usedStress(store, rows, m) }, rows };
}

/** The first `m` stress columns at the kernel's rows (a plain loop: 400,000 rows in about a millisecond). */
function usedStress(store: SheetStore, rows: Int32Array, m: number): Float64Array[] {
  return Array.from({ length: m }, (_, j) => {
    const values = store.columnValues(STRESS_COL + j) as Float64Array;
    const out = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = values[rows[i]];
    return out;
  });
}

/** The stored column types of /api/alta, for the spreadsheet worker's decode (fetchStored). */
export const ALT_STORED_TYPES = Object.fromEntries(
  Object.entries(ALT_COLUMN_RULES).map(([key, rule]) => [key, rule.type]),
) as Record<keyof typeof ALT_COLUMN_RULES, "f64" | "i32" | "u8">;

type TypedColumn = Float64Array | Int32Array | Uint8Array;

/**
 * The body /api/alta stores, its columns still typed arrays: the spreadsheet worker's jsonBlob writes them as
 * the packed base64 columns (storedBody is the same body encoded here).
 */
export function storedBodyTyped(
  store: SheetStore,
  s: AltSettings,
  use: number[][],
  results: unknown,
): Omit<StoredAltBody, "data"> & {
  data: { rows: number; form: StoredAltBody["data"]["form"]; columns: Record<string, TypedColumn> };
} {
  const m = stressCount(s);
  const table = packTable(store);
  const { rows } = kernelColumns(store);
  const columns: Record<string, TypedColumn> = { ...table.columns } as Record<string, TypedColumn>;
  usedStress(store, rows, m).forEach((values, j) => {
    columns[STRESS_KEYS[j]] = values;
  });
  return {
    settings: {
      lifeDistribution: s.distribution,
      relationship: s.relationship,
      transforms: s.relationship === "general-log-linear" ? s.transforms : undefined,
      stressNames: s.stressNames.slice(0, m),
      temperatureUnit: s.temperatureUnit,
      useStress: use,
      at: parseTimes(s) ?? [],
      confidenceLevel: s.confidence,
      sided: s.sided,
      bounds: s.bounds,
      proportionalHazards: s.proportionalHazards && s.distribution === "weibull",
      lifeLine: s.lifeLine,
      afBetween: parseAfBetween(s) ?? undefined,
      timeUnit: "hours",
    },
    data: { rows: table.rows, form: table.form, columns },
    results: results as Record<string, unknown>,
  };
}

/** The body /api/alta stores, its columns packed (base64). */
export function storedBody(
  store: SheetStore,
  s: AltSettings,
  use: number[][],
  results: unknown,
): StoredAltBody {
  const body = storedBodyTyped(store, s, use, results);
  return { ...body, data: { ...body.data, columns: encodePackedColumns(body.data.columns, "base64") } };
}

/** The sheet and settings of a stored body; null when its columns cannot be read. */
export function fromStoredBody(body: StoredAltBody): { sheet: SheetData; settings: AltSettings } | null {
  const decoded = decodePackedTable(body.data as Parameters<typeof decodePackedTable>[0], ALT_COLUMN_RULES);
  if (!decoded.ok) return null;
  return fromStoredColumns(body.settings, body.data.rows, decoded.columns);
}

/**
 * The sheet and settings of a stored body whose columns are decoded (in the spreadsheet worker, or by
 * fromStoredBody); null when the end times or the first stress are missing or a column is not `rows` long.
 */
export function fromStoredColumns(
  st: StoredAltBody["settings"],
  rows: number,
  columns: Record<string, ArrayLike<number>>,
): { sheet: SheetData; settings: AltSettings } | null {
  if (!columns.end || !columns.stress1) return null;
  if (Object.values(columns).some((c) => c.length !== rows)) return null;
  const sheet = unpackTable({ rows, columns });
  for (const key of STRESS_KEYS) {
    const c = columns[key];
    sheet.values[key] = c ? Float64Array.from(c) : new Float64Array(sheet.rows).fill(Number.NaN);
  }
  const names = [...(st.stressNames ?? [])];
  for (let j = names.length; j < STRESS_KEYS.length; j++) names.push(DEFAULT_SETTINGS.stressNames[j]);
  return {
    sheet,
    settings: {
      relationship: st.relationship,
      distribution: st.lifeDistribution,
      transforms: st.transforms ?? ["none"],
      temperatureUnit: st.temperatureUnit ?? "c",
      stressNames: names,
      use: st.useStress.map((u) => u.join(", ")).join(", "),
      at: (st.at ?? []).join(", "),
      confidence: st.confidenceLevel as number,
      bounds: st.bounds ?? "fisher",
      sided: st.sided ?? "two",
      proportionalHazards: st.proportionalHazards ?? false,
      lifeLine: st.lifeLine ?? DEFAULT_SETTINGS.lifeLine,
      afFrom: st.afBetween?.from.join(", ") ?? "",
      afTo: st.afBetween?.to.join(", ") ?? "",
    },
  };
}
