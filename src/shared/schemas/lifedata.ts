// A stored life-data set (/api/wb): description, analysis settings, the data columns and the results the
// kernels produced. Columns are packed (../columns.ts): 400,000 rows are five strings, not 400,000 objects.
import { z } from "zod";
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
import { type ColumnRules, packedTableSchema, positiveFinite } from "./packed-table.ts";

/** Saved results are the kernels' own JSON; only their size is limited (16 MB as JSON text). */
export const RESULTS_MAX_CHARS = 16 * 1024 * 1024;
export const resultsSchema = z
  .record(text(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= RESULTS_MAX_CHARS, {
    error: "resultsTooLarge",
    params: { limit: "16 MB" },
  })
  .nullable()
  .optional();

/**
 * Life-data columns, one value per row: quantity (Int32, default 1), start (Float64, interval and
 * left-censored data; NaN or absent when the row has a single time), end (Float64, the failure or
 * suspension time, or the interval's end), state (Uint8: 1 = F failure, 0 = S suspension), group
 * (Int32, default 1).
 */
export const LIFE_DATA_COLUMN_RULES = {
  quantity: {
    type: "i32",
    required: false,
    check: (v) => (v >= 1 ? null : "quantity must be at least 1"),
  },
  start: {
    type: "f64",
    required: false,
    check: (v) =>
      Number.isNaN(v) || (Number.isFinite(v) && v >= 0) ? null : "start must be 0 or more (or empty)",
  },
  end: { type: "f64", required: true, check: positiveFinite },
  state: {
    type: "u8",
    required: true,
    check: (v) => (v === 0 || v === 1 ? null : "state must be 1 (F) or 0 (S)"),
  },
  group: { type: "i32", required: false, check: (v) => (v >= 0 ? null : "group must be 0 or more") },
} as const satisfies ColumnRules;

export const LIFE_DATA_FORMS = ["rightCensored", "interval", "grouped"] as const;

export const lifeDataSettingsSchema = z.looseObject({
  distribution: z.enum(LIFE_DISTRIBUTIONS),
  estimationMethod: z.enum(LIFE_METHODS),
  rankMethod: z.enum(LIFE_RANKS),
  confidenceType: z.enum(LIFE_BOUNDS),
  /** Percent, within LIMITS.analysisConfidence (spec 5). */
  confidenceLevel: rangeRules.analysisConfidence,
  sidedness: z.enum(LIFE_SIDES),
  timeUnit: z.enum(TIME_UNITS),
});
export type LifeDataSettings = z.infer<typeof lifeDataSettingsSchema>;

export const lifeDataTableSchema = packedTableSchema(
  LIFE_DATA_COLUMN_RULES,
  LIFE_DATA_MAX_ROWS,
  LIFE_DATA_FORMS,
);

/** The Weibull kind of /api/wb (./wb.ts): life data, its analysis settings and results. */
export const lifeDataBodySchema = z.object({
  kind: z.literal("weibull"),
  description: textRule.default(""),
  settings: lifeDataSettingsSchema,
  data: lifeDataTableSchema,
  results: resultsSchema,
});
export type LifeDataBody = z.input<typeof lifeDataBodySchema>;
export const LIFE_DATA_SCHEMA_VERSION = 1;
