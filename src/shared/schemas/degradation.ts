// A stored degradation analysis (the `degradation` kind of /api/wb, ./wb.ts): spec 3's degradation units as
// measurements (unit, test time, measure value), the path model and threshold, the life-fit settings and the
// results the kernels produced. The unit column is packed as an index into `units`, the ids in first-seen order.
import { z } from "zod";
import { decodeColumn, normalizeHeader } from "../columns.ts";
import {
  LIFE_BOUNDS,
  LIFE_DATA_MAX_ROWS,
  LIFE_DISTRIBUTIONS,
  LIFE_METHODS,
  LIFE_RANKS,
  LIFE_SIDES,
  TIME_UNITS,
} from "../constants.ts";
import { rangeRules, textRule } from "../validation.ts";
import { text } from "./common.ts";
import { resultsSchema } from "./lifedata.ts";
import { type ColumnRules, packedTableSchema } from "./packed-table.ts";

/** The path models, in the kernel's code order (assembly/degradation/paths.ts). */
export const DEGRADATION_MODELS = [
  "linear",
  "exponential",
  "power",
  "logarithmic",
  "gompertz",
  "lloyd-lipow",
  "quadratic",
] as const;
/** "up": a unit fails when its measure rises to the threshold; "down": when it falls to it. */
export const DEGRADATION_DIRECTIONS = ["up", "down"] as const;
/** Measurements one analysis takes: the life-data import limit. */
export const DEGRADATION_MAX_MEASUREMENTS = LIFE_DATA_MAX_ROWS;
/** Characters of one unit id. */
export const DEGRADATION_UNIT_MAX = 100;

/** The three measurement columns and the header texts that name them (the sheet's titles in the four languages). */
export const DEGRADATION_COLUMNS = ["unit", "time", "value"] as const;
export type DegradationColumn = (typeof DEGRADATION_COLUMNS)[number];
export const DEGRADATION_HEADERS: Record<DegradationColumn, readonly string[]> = {
  unit: ["unit", "unit id", "id", "单元", "单元编号", "unidad", "id de unidad", "ユニット", "ユニット id"],
  time: ["time", "test time", "测试时间", "时间", "tiempo", "tiempo de prueba", "試験時間", "時間"],
  value: ["value", "measure value", "measure", "测量值", "valor", "valor medido", "測定値", "値"],
};
const HEADER_INDEX = new Map<string, DegradationColumn>();
for (const key of DEGRADATION_COLUMNS)
  for (const name of DEGRADATION_HEADERS[key]) HEADER_INDEX.set(normalizeHeader(name), key);

/** The measurement column a header names (a trailing "(unit)" is read without it), or null. */
export function degradationColumnOf(header: unknown): DegradationColumn | null {
  const name = normalizeHeader(header);
  return HEADER_INDEX.get(name) ?? HEADER_INDEX.get(name.replace(/\s*\([^()]*\)$/, "")) ?? null;
}

export const DEGRADATION_COLUMN_RULES = {
  unit: { type: "i32", required: true, check: (v) => (v >= 0 ? null : "unit must be an index of units") },
  time: {
    type: "f64",
    required: true,
    check: (v) => (Number.isFinite(v) && v >= 0 ? null : "Test time must be a number of at least 0."),
  },
  value: {
    type: "f64",
    required: true,
    check: (v) => (Number.isFinite(v) ? null : "Measure value must be a number."),
  },
} as const satisfies ColumnRules;

export const degradationSettingsSchema = z.object({
  model: z.enum(DEGRADATION_MODELS),
  threshold: z.number().finite(),
  direction: z.enum(DEGRADATION_DIRECTIONS),
  /** Time after which a unit is suspended; null: none. */
  limit: z.number().finite().positive().nullable(),
  distribution: z.enum(LIFE_DISTRIBUTIONS),
  estimationMethod: z.enum(LIFE_METHODS),
  rankMethod: z.enum(LIFE_RANKS),
  confidenceType: z.enum(LIFE_BOUNDS),
  confidenceLevel: rangeRules.analysisConfidence,
  sidedness: z.enum(LIFE_SIDES),
  timeUnit: z.enum(TIME_UNITS),
});
export type DegradationSettings = z.infer<typeof degradationSettingsSchema>;

export const degradationBodySchema = z
  .object({
    kind: z.literal("degradation"),
    description: textRule.default(""),
    settings: degradationSettingsSchema,
    units: z.array(text().min(1).max(DEGRADATION_UNIT_MAX)).max(DEGRADATION_MAX_MEASUREMENTS),
    data: packedTableSchema(DEGRADATION_COLUMN_RULES, DEGRADATION_MAX_MEASUREMENTS, ["measurements"]),
    results: resultsSchema,
  })
  .superRefine((body, ctx) => {
    // Every unit index names one of `units` (the column rules see one value at a time).
    const column = decodeColumn(body.data.columns.unit as string | number[], "i32");
    if (!column) return; // the packed-table check reports it
    const n = body.units.length;
    for (let i = 0; i < column.length; i++)
      if (column[i] >= n) {
        ctx.addIssue({
          code: "custom",
          message: "columnValueInvalid",
          params: { column: "unit", row: i + 1, problem: "unit must be an index of units" },
          path: ["data", "columns", "unit"],
        });
        return;
      }
  });
export type DegradationBody = z.input<typeof degradationBodySchema>;

/** The list row's facts of a stored degradation analysis. */
export function degradationSummary(body: z.output<typeof degradationBodySchema>): Record<string, unknown> {
  return {
    rows: body.data.rows,
    units: body.units.length,
    model: body.settings.model,
    distribution: body.settings.distribution,
    estimationMethod: body.settings.estimationMethod,
    timeUnit: body.settings.timeUnit,
    hasResults: !!body.results,
  };
}
