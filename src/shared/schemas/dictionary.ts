// The FMEA dictionaries (spec 3 "Other: device dictionary, failure dictionary, risk events"), stored through the
// generic store under /api/dict, one document per dictionary, its `kind` saying which:
//   device   code, name and a failure model distribution with P1-P3 in eRBD's order: the one device entry, also
//            the ePDT prediction's own dictionary (schemas/modules.ts takes it from here);
//   failure  failure effects, modes and causes to name failure nodes by (AIAG & VDA FMEA Handbook 2019, 4.4:
//            FE, FM and FC), with a category and a description;
//   risk     risk events: something that happened or may happen (a field return, a customer complaint, a test
//            or audit finding) with its source, date, severity and status, and the failure it concerns, so the
//            FMEA team can check that failure is in the analysis (the handbook's "lessons learned" input to
//            step 1 and the occurrence rating).
// Spec 5/8: imports take up to 10,000 rows (device); the same bound holds for the other two. Codes are unique
// within a dictionary; the duplicate is answered with both lines, as the import says it.
import { z } from "zod";
import { DEVICE_DICTIONARY_MAX_ROWS, DICTIONARY_KINDS, LIMITS } from "../constants.ts";
import { FAILURE_DISTRIBUTIONS } from "../failure-model.ts";
import { specDistributionCheck } from "../failure-schema.ts";
import { lineText, text } from "./common.ts";

export { DICTIONARY_KINDS };
export type DictionaryKind = (typeof DICTIONARY_KINDS)[number];

/** Every dictionary holds at most this many entries (spec: the device dictionary's import limit). */
export const DICTIONARY_MAX_ROWS = DEVICE_DICTIONARY_MAX_ROWS;
export const DICTIONARY_CODE_MAX = 50;
export const DICTIONARY_NAME_MAX = 150;
export const DICTIONARY_TEXT_MAX = 2000;

const code = lineText({ error: "fieldRequired" })
  .trim()
  .min(1, { error: "fieldRequired" })
  .max(DICTIONARY_CODE_MAX, { error: "tooLong" });
const name = lineText({ error: "nameRequired" })
  .trim()
  .min(1, { error: "nameRequired" })
  .max(DICTIONARY_NAME_MAX, { error: "tooLong" });
const finite = z.number().refine(Number.isFinite, { error: "valuePositive" });
const note = text().max(DICTIONARY_TEXT_MAX, { error: "tooLong" });

/** A device: code, name and (optionally) its life as a failure model distribution, p1..p3 in eRBD's order. */
export const deviceEntrySchema = z
  .strictObject({
    code,
    name,
    distribution: z.enum(FAILURE_DISTRIBUTIONS).optional(),
    p1: finite.nullable().optional(),
    p2: finite.nullable().optional(),
    p3: finite.nullable().optional(),
  })
  .superRefine(specDistributionCheck("rbd"));
export type DeviceEntry = z.infer<typeof deviceEntrySchema>;

/** The failure net's three levels (AIAG & VDA 2019): effect, mode, cause; an entry may serve any. */
export const FAILURE_LEVELS = ["effect", "mode", "cause"] as const;
export const failureEntrySchema = z.strictObject({
  code,
  name,
  level: z.enum(FAILURE_LEVELS).nullable().optional(),
  category: lineText().max(100, { error: "tooLong" }).optional(),
  description: note.optional(),
});
export type FailureEntry = z.infer<typeof failureEntrySchema>;

export const RISK_SOURCES = ["field", "customer", "test", "production", "supplier", "audit"] as const;
export const RISK_STATUSES = ["open", "monitoring", "closed"] as const;
export const riskEventSchema = z.strictObject({
  code,
  name,
  source: z.enum(RISK_SOURCES).nullable().optional(),
  occurred: z.iso.date({ error: "fmea.dateInvalid" }).nullable().optional(),
  severity: z
    .number({ error: "dictionary.severityRange" })
    .int({ error: "dictionary.severityRange" })
    .min(LIMITS.rating.min, { error: "dictionary.severityRange" })
    .max(LIMITS.rating.max, { error: "dictionary.severityRange" })
    .nullable()
    .optional(),
  status: z.enum(RISK_STATUSES).default("open"),
  /** The failure it concerns: a failure dictionary code or a failure's name. */
  failure: lineText().max(DICTIONARY_NAME_MAX, { error: "tooLong" }).optional(),
  description: note.optional(),
});
export type RiskEvent = z.infer<typeof riskEventSchema>;

/** The first line holding each code, and a problem for every later one (lines counted from 1). */
export function duplicateCodes(
  codes: readonly string[],
  lineOf: (index: number) => number = (i) => i + 1,
): { index: number; code: string; first: number }[] {
  const first = new Map<string, number>();
  const out: { index: number; code: string; first: number }[] = [];
  codes.forEach((raw, index) => {
    const c = raw.trim();
    if (!c) return;
    const seen = first.get(c);
    if (seen === undefined) first.set(c, lineOf(index));
    else out.push({ index, code: c, first: seen });
  });
  return out;
}

function uniqueCodes(list: readonly { code: string }[], ctx: z.RefinementCtx, key: string): void {
  for (const d of duplicateCodes(list.map((e) => e.code)))
    ctx.addIssue({
      code: "custom",
      message: "dictionary.duplicateCode",
      path: [key, d.index, "code"],
      params: { code: d.code, first: d.first, line: d.index + 1 },
    });
}

const description = text().max(DICTIONARY_TEXT_MAX, { error: "tooLong" }).default("");
const rows = <T extends z.ZodType>(entry: T) =>
  z.array(entry).max(DICTIONARY_MAX_ROWS, { error: "dictionary.tooManyRows" });

export const dictionaryBodySchema = z
  .discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("device"), description, entries: rows(deviceEntrySchema) }),
    z.strictObject({ kind: z.literal("failure"), description, entries: rows(failureEntrySchema) }),
    z.strictObject({ kind: z.literal("risk"), description, entries: rows(riskEventSchema) }),
  ])
  .superRefine((body, ctx) => uniqueCodes(body.entries, ctx, "entries"));
export type DictionaryBody = z.infer<typeof dictionaryBodySchema>;
export type DictionaryBodyInput = z.input<typeof dictionaryBodySchema>;
