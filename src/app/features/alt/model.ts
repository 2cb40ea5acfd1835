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

export function altOptions(s: AltSettings, use: number[][]): AltOptions {
  return {
    relationship: s.relationship,
    distribution: s.distribution,
    transforms: s.relationship === "general-log-linear" ? s.transforms : undefined,
    temperatureUnit: s.temperatureUnit,
    use,
    confidence: s.confidence,
    bounds: s.bounds,
    proportionalHazards: s.proportionalHazards && s.distribution === "weibull",
    bLives: [1, 10, 50],
    plots: { lifePercent: 10 },
  };
}

/** The kernel's columns from the sheet's non-blank rows; `rows` maps each one back to its sheet row. */
export function altColumns(store: SheetStore, m: number): { columns: AltColumns; rows: Int32Array } {
  const { columns, rows } = kernelColumns(store);
  const stress = Array.from({ length: m }, (_, j) => {
    const values = store.columnValues(STRESS_COL + j) as Float64Array;
    return Float64Array.from(rows, (r) => values[r]);
  });
  return { columns: { ...columns, stress }, rows };
}

export function storedBody(
  store: SheetStore,
  s: AltSettings,
  use: number[][],
  results: unknown,
): StoredAltBody {
  const m = stressCount(s);
  const table = packTable(store);
  const { rows } = kernelColumns(store);
  const columns: Record<string, Float64Array | Int32Array | Uint8Array> = { ...table.columns } as Record<
    string,
    Float64Array
  >;
  for (let j = 0; j < m; j++) {
    const values = store.columnValues(STRESS_COL + j) as Float64Array;
    columns[STRESS_KEYS[j]] = Float64Array.from(rows, (r) => values[r]);
  }
  return {
    settings: {
      lifeDistribution: s.distribution,
      relationship: s.relationship,
      transforms: s.relationship === "general-log-linear" ? s.transforms : undefined,
      stressNames: s.stressNames.slice(0, m),
      temperatureUnit: s.temperatureUnit,
      useStress: use,
      confidenceLevel: s.confidence,
      bounds: s.bounds,
      proportionalHazards: s.proportionalHazards && s.distribution === "weibull",
      timeUnit: "hours",
    },
    data: { rows: table.rows, form: table.form, columns: encodePackedColumns(columns, "base64") },
    results: results as Record<string, unknown>,
  };
}

/** The sheet and settings of a stored body; null when its columns cannot be read. */
export function fromStoredBody(body: StoredAltBody): { sheet: SheetData; settings: AltSettings } | null {
  const decoded = decodePackedTable(body.data as Parameters<typeof decodePackedTable>[0], ALT_COLUMN_RULES);
  if (!decoded.ok) return null;
  const sheet = unpackTable({ rows: body.data.rows, columns: decoded.columns });
  for (const key of STRESS_KEYS) {
    const c = decoded.columns[key];
    sheet.values[key] = c ? Float64Array.from(c) : new Float64Array(sheet.rows).fill(Number.NaN);
  }
  const st = body.settings;
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
      confidence: st.confidenceLevel as number,
      bounds: st.bounds ?? "fisher",
      proportionalHazards: st.proportionalHazards ?? false,
    },
  };
}
