// An FMEA configuration's settings (spec 4 and 6): the severity, occurrence and detection scales, the
// special characteristic classes (spec 5's marking rules), custom attribute definitions and the Excel
// output settings. The default scales follow the structure and anchors of the AIAG & VDA FMEA Handbook
// (1st ed. 2019, tables D1-D3 and P1-P3); the criteria are paraphrased, the handbook's text is
// copyrighted, and a company replaces them with its own (the handbook allows company-specific tables).
import { z } from "zod";
import { lineText, text } from "../schemas/common.ts";
import { ATTRIBUTE_TABS, type FmeaVariant, NODE_KINDS, type NodeKind } from "./model.ts";

export interface ScaleRow {
  rating: number;
  criteria: string;
}

const ratings = (criteria: readonly string[]): ScaleRow[] =>
  criteria.map((text, i) => ({ rating: 10 - i, criteria: text }));

/** AIAG-VDA DFMEA severity (table D1), 10 down to 1. */
const DESIGN_SEVERITY = ratings([
  "Affects safe operation of the vehicle or the health of occupants or road users.",
  "Non-compliance with regulations.",
  "Loss of a primary vehicle function needed for normal driving.",
  "Degradation of a primary vehicle function needed for normal driving.",
  "Loss of a secondary vehicle function.",
  "Degradation of a secondary vehicle function.",
  "Very objectionable appearance, sound, vibration, harshness or haptics.",
  "Moderately objectionable appearance, sound, vibration, harshness or haptics.",
  "Slightly objectionable appearance, sound, vibration, harshness or haptics.",
  "No discernible effect.",
]);

/** AIAG-VDA PFMEA severity (table P1): the highest of the plant, ship-to plant and end-user impacts. */
const PROCESS_SEVERITY = ratings([
  "Health or safety risk to the worker, or safety effect for the end user.",
  "Regulatory non-compliance in the plant or for the end user.",
  "Line shutdown longer than a full shift, or loss of a primary vehicle function.",
  "Line shutdown up to a full shift, or degradation of a primary vehicle function.",
  "100 % of the run may be scrapped off line, or loss of a secondary function.",
  "Part of the run scrapped or sorted, or degradation of a secondary function.",
  "100 % of the run reworked off line, or very objectionable appearance or noise.",
  "Part of the run reworked off line, or moderately objectionable appearance or noise.",
  "Slight inconvenience to the process or the operator.",
  "No discernible effect.",
]);

/** AIAG-VDA occurrence (tables D2, P2): from the effectiveness of prevention controls. */
const OCCURRENCE = ratings([
  "Extremely high: no prevention controls, or new design or process with no history.",
  "Very high: prevention controls with little effect.",
  "Very high: prevention controls with little effect, some history.",
  "High: prevention controls somewhat effective.",
  "High: prevention controls somewhat effective, with history of similar designs or processes.",
  "Moderate: prevention controls effective in similar cases.",
  "Moderate: prevention controls effective, with best practice applied.",
  "Low: prevention controls proven effective.",
  "Low: prevention controls proven effective with field or process history.",
  "Very low: the failure cause is eliminated by prevention controls.",
]);

/** AIAG-VDA detection (tables D3, P3): detection method maturity and opportunity. */
const DETECTION = ratings([
  "No test or inspection method has been established or is known.",
  "The method is not likely to detect the failure (random or sporadic audits).",
  "New, unproven test or inspection method.",
  "Proven method for new use, or manual detection of doubtful capability.",
  "Proven method, detection after the design is frozen or by human inspection.",
  "Proven method, detection by gauging or semi-automated machine inspection.",
  "Proven method with high effectiveness, machine-based automated detection downstream.",
  "Proven method with high effectiveness, automated detection in station.",
  "Proven method with high effectiveness, error proofing detects the cause.",
  "The failure cannot occur physically, or detection always detects it.",
]);

export function defaultScales(variant: FmeaVariant) {
  return {
    severity: variant === "design" ? DESIGN_SEVERITY : PROCESS_SEVERITY,
    occurrence: OCCURRENCE,
    detection: DETECTION,
  };
}

/** A scale's row; a rating outside 1 to 10 has spec 5's message of its column (S, or O and D). */
function scaleRowSchema(range: "fmea.severityRange" | "oAndDRange") {
  return z.object({
    rating: z
      .number({ error: range })
      .int({ error: range })
      .min(1, { error: range })
      .max(10, { error: range }),
    criteria: text().max(2000, { error: "tooLong" }),
  });
}

/** A rating scale: each rating 1 to 10 exactly once. */
function scaleSchema(range: "fmea.severityRange" | "oAndDRange") {
  return z
    .array(scaleRowSchema(range))
    .length(10, { error: "fmea.scaleRatings" })
    .refine((rows) => new Set(rows.map((r) => r.rating)).size === 10, { error: "fmea.scaleRatings" });
}

/** Spec 5: characteristic and marking names required, at most 150 characters. */
const characteristicName = lineText({ error: "characteristicNameRequired" })
  .trim()
  .min(1, { error: "characteristicNameRequired" })
  .max(150, { error: "characteristicNameTooLong" });
const markingName = lineText().trim().max(150, { error: "markingNameTooLong" });

/** An icon is an uploaded image (its id at /api/file, a UUID) and its size; spec 5: at most 2 MB. */
export const ICON_MAX_BYTES = 2 * 1024 * 1024;
const iconSchema = z.object({
  file: z.uuid(),
  bytes: z.number().int().min(1).max(ICON_MAX_BYTES, { error: "iconTooLarge" }),
});

/** A special characteristic class (e.g. CC, SC): shown by its marking name or its icon (spec 5: one of the two). */
export const specialCharacteristicSchema = z
  .object({
    name: characteristicName,
    markingName: markingName.default(""),
    icon: iconSchema.nullable().default(null),
  })
  .refine((c) => c.markingName !== "" || c.icon !== null, {
    error: "iconOrMarkingName",
    path: ["markingName"],
  });
export type SpecialCharacteristic = z.infer<typeof specialCharacteristicSchema>;

export const DEFAULT_SPECIAL_CHARACTERISTICS: SpecialCharacteristic[] = [
  { name: "Critical characteristic", markingName: "CC", icon: null },
  { name: "Significant characteristic", markingName: "SC", icon: null },
];

const fold = (text: string) => text.trim().toLowerCase();

/**
 * The class a typed or stored special characteristic names: by its class name, else by its marking name
 * (either case), or null. A node stores the class name; marks typed before the configuration was read (or
 * kept from a file) still find their class by the marking.
 */
export function specialClassOf(
  classes: readonly SpecialCharacteristic[],
  text: string,
): SpecialCharacteristic | null {
  const wanted = fold(text);
  if (wanted === "") return null;
  return (
    classes.find((c) => fold(c.name) === wanted) ??
    classes.find((c) => c.markingName !== "" && fold(c.markingName) === wanted) ??
    null
  );
}

/** What a class is shown as in a cell: its marking name, or its name where it is marked by an icon only. */
export const classMark = (c: SpecialCharacteristic) => c.markingName || c.name;

/** The mark a stored special characteristic shows: its class's mark, or the text as stored (no class has it). */
export function specialMark(classes: readonly SpecialCharacteristic[], stored: string): string {
  const found = specialClassOf(classes, stored);
  return found ? classMark(found) : stored;
}

/**
 * What a table cell of a stored special characteristic shows: a class marked by an icon shows the icon
 * (`icon`, the class's place in `classes`) with the class name as its text (what a screen reader reads and a
 * copy takes); any other class its mark; a text no class has as stored (icon null).
 */
export function specialCell(
  classes: readonly SpecialCharacteristic[],
  stored: string,
): { text: string; icon: number | null } {
  const found = specialClassOf(classes, stored);
  if (!found) return { text: stored, icon: null };
  if (found.icon) return { text: found.name, icon: classes.indexOf(found) };
  return { text: classMark(found), icon: null };
}

/**
 * A custom attribute: a further field of the customAttr tab (stored under its key) on the node types `kinds`
 * (none listed: every type), typed as text, a number, a date or one of its choices.
 */
export const customAttributeSchema = z.object({
  key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, { error: "fmea.attributeKey" }),
  label: lineText().trim().min(1, { error: "nameRequired" }).max(150, { error: "nameTooLong" }),
  type: z.enum(["text", "number", "date", "choice"]),
  choices: z
    .array(lineText().max(150, { error: "tooLong" }))
    .max(100)
    .default([]),
  kinds: z
    .array(z.enum(NODE_KINDS as [NodeKind, ...NodeKind[]]))
    .max(NODE_KINDS.length)
    .default([]),
});
export type CustomAttribute = z.infer<typeof customAttributeSchema>;

/**
 * The Excel output settings: `tabs`, the attribute tabs whose fields are written as further columns after
 * form A's own (each read from the line's node that holds the tab, `EXCEL_TAB_SOURCE` in xlsx.ts; name,
 * assessments and the action tabs are in the form already); `mergeCells`, the parent cells merged.
 */
export const excelOutputSchema = z.object({
  /** The attribute tabs whose fields go into the exported form, in order. */
  tabs: z.array(z.enum(ATTRIBUTE_TABS)).max(ATTRIBUTE_TABS.length).default(["name"]),
  mergeCells: z.boolean().default(true),
});

/** A configuration's settings; every part defaults to the AIAG-VDA choice of the variant. */
export function fmeaSettingsSchema(variant: FmeaVariant) {
  const scales = defaultScales(variant);
  return z.looseObject({
    severity: scaleSchema("fmea.severityRange").default(scales.severity),
    occurrence: scaleSchema("oAndDRange").default(scales.occurrence),
    detection: scaleSchema("oAndDRange").default(scales.detection),
    specialCharacteristics: z
      .array(specialCharacteristicSchema)
      .max(100)
      .refine((list) => new Set(list.map((c) => c.name)).size === list.length, {
        error: "fmea.classDuplicate",
      })
      .default(DEFAULT_SPECIAL_CHARACTERISTICS),
    customAttributes: z
      .array(customAttributeSchema)
      .max(100)
      .refine((list) => new Set(list.map((c) => c.key)).size === list.length, {
        error: "fmea.attributeDuplicate",
      })
      .default([]),
    excelOutput: excelOutputSchema.default({ tabs: ["name"], mergeCells: true }),
  });
}
export type FmeaSettings = z.infer<ReturnType<typeof fmeaSettingsSchema>>;
