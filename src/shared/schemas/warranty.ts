// The stored warranty (Nevada chart) analysis: spec 3's Nevada settings (sales, returns, future sales, period
// unit, start, number of periods, increment, rounding type) and the session flags isNevada / isNonNevada as
// the variant: isNevada = return-inclusive (the shipped count includes the units later returned, survivors =
// sales - returns), isNonNevada = non-return-inclusive (returns counted apart from the shipped count,
// survivors = sales). Kept in /api/wb as the kind "warranty" (wb.ts).
import { z } from "zod";
import { LIFE_DISTRIBUTIONS, LIFE_METHODS, LIMITS, TIME_UNITS } from "../constants.ts";

export const WARRANTY_INCLUSIVE = ["return", "non-return"] as const;
export const WARRANTY_CONVENTIONS = ["exact-age", "interval"] as const;
export const WARRANTY_ROUNDING = ["round", "up", "down"] as const;
export type WarrantyInclusive = (typeof WARRANTY_INCLUSIVE)[number];
export type WarrantyConvention = (typeof WARRANTY_CONVENTIONS)[number];
export type WarrantyRounding = (typeof WARRANTY_ROUNDING)[number];

/** The largest chart the screen and the store take: shipment periods, return columns, forecast periods. */
export const WARRANTY_MAX_PERIODS = 1000;

const count = z.number().finite().min(0);
const cell = count.nullable();

export const warrantySettingsSchema = z.object({
  isNevada: z.boolean(),
  isNonNevada: z.boolean(),
  convention: z.enum(WARRANTY_CONVENTIONS),
  periodUnit: z.enum(TIME_UNITS),
  /** The first shipment period, as the user wrote it (a month "2010-06", a date, a label). */
  start: z.string().max(40),
  numberOfPeriods: z.number().int().min(1).max(WARRANTY_MAX_PERIODS),
  increment: z.number().finite().positive(),
  roundingType: z.enum(WARRANTY_ROUNDING),
  distribution: z.enum(LIFE_DISTRIBUTIONS),
  method: z.enum(LIFE_METHODS),
  confidence: z.number().min(LIMITS.analysisConfidence.min).max(LIMITS.analysisConfidence.max),
  forecastPeriods: z.number().int().min(1).max(WARRANTY_MAX_PERIODS),
});
export type WarrantySettings = z.output<typeof warrantySettingsSchema>;

export const warrantyBodySchema = z
  .object({
    kind: z.literal("warranty"),
    name: z.string().max(200).optional(),
    /** The shipment periods' labels as the sheet shows them. */
    periods: z.array(z.string().max(40)).max(WARRANTY_MAX_PERIODS).optional(),
    sales: z.array(count).max(WARRANTY_MAX_PERIODS),
    returns: z.array(z.array(cell).max(WARRANTY_MAX_PERIODS)).max(WARRANTY_MAX_PERIODS),
    futureSales: z.array(count).max(WARRANTY_MAX_PERIODS),
    settings: warrantySettingsSchema,
    /** The last analysis's headline figures, for the list and for reopening. */
    results: z
      .object({
        parameters: z.record(z.string(), z.number()),
        forecastTotal: z.number(),
      })
      .nullable()
      .optional(),
  })
  .refine((b) => b.settings.isNevada !== b.settings.isNonNevada, {
    message: "exactly one of isNevada and isNonNevada",
    path: ["settings", "isNevada"],
  })
  .refine((b) => b.returns.length === b.sales.length, {
    message: "one returns row per sales period",
    path: ["returns"],
  });
export type WarrantyBody = z.output<typeof warrantyBodySchema>;

/** The kernel's variant from the spec's flags. */
export const inclusiveOf = (s: Pick<WarrantySettings, "isNevada">): WarrantyInclusive =>
  s.isNevada ? "return" : "non-return";
