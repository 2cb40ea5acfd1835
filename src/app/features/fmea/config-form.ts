// The configuration editor's form (spec 4, 5): a configuration's settings as the screen holds them while they
// are typed, and the check that turns the form back into settings. The check is the stored settings' own
// schema (fmeaSettingsSchema) and the record's name rule, so the editor and the server give the same message
// for the same value, and each problem names the field it belongs to. Pure; the screen is FmeaConfigEditor.tsx.
import {
  type FmeaSettings,
  fmeaSettingsSchema,
  type ScaleRow,
  type SpecialCharacteristic,
} from "../../../shared/fmea/config.ts";
import {
  ATTRIBUTE_TABS,
  type AttributeTab,
  type FmeaVariant,
  type NodeKind,
} from "../../../shared/fmea/model.ts";
import type { MessageKey } from "../../../shared/messages.ts";
import { nameRule } from "../../../shared/validation.ts";

export const SCALES = ["severity", "occurrence", "detection"] as const;
export type ScaleKey = (typeof SCALES)[number];

/** The editor's sections, in the order of its tab list. */
export const SECTIONS = [...SCALES, "classes", "attributes", "excel"] as const;
export type Section = (typeof SECTIONS)[number];

export const ATTRIBUTE_TYPES = ["text", "number", "date", "choice"] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export interface ClassForm {
  name: string;
  markingName: string;
  icon: SpecialCharacteristic["icon"];
}

export interface AttributeForm {
  label: string;
  /** Empty: the key is made from the label (`keyFromLabel`). */
  key: string;
  type: AttributeType;
  /** The choices of a "choice" attribute, one a line. */
  choices: string;
  /** The node types it is on (none: every type). */
  kinds: NodeKind[];
}

export interface ConfigForm {
  name: string;
  severity: ScaleRow[];
  occurrence: ScaleRow[];
  detection: ScaleRow[];
  classes: ClassForm[];
  attributes: AttributeForm[];
  excelTabs: AttributeTab[];
  mergeCells: boolean;
}

const byRating = (rows: readonly ScaleRow[]) =>
  [...rows].sort((a, b) => b.rating - a.rating).map((r) => ({ rating: r.rating, criteria: r.criteria }));

/** The stored settings as the form shows them: every part the schema fills (a part not stored is the variant's
 * AIAG-VDA default), each scale from 10 down to 1. */
export function formOfConfig(
  config: { name: string; settings: Record<string, unknown> },
  variant: FmeaVariant,
): ConfigForm {
  const schema = fmeaSettingsSchema(variant);
  const parsed = schema.safeParse(config.settings);
  const s: FmeaSettings = parsed.success ? parsed.data : schema.parse({});
  return {
    name: config.name,
    severity: byRating(s.severity),
    occurrence: byRating(s.occurrence),
    detection: byRating(s.detection),
    classes: s.specialCharacteristics.map((c) => ({
      name: c.name,
      markingName: c.markingName,
      icon: c.icon,
    })),
    attributes: s.customAttributes.map((a) => ({
      label: a.label,
      key: a.key,
      type: a.type,
      choices: a.choices.join("\n"),
      kinds: [...a.kinds],
    })),
    excelTabs: [...s.excelOutput.tabs],
    mergeCells: s.excelOutput.mergeCells,
  };
}

/** The variant's AIAG-VDA criteria for one scale (the "restore defaults" command). */
export function defaultScale(variant: FmeaVariant, scale: ScaleKey): ScaleRow[] {
  return byRating(fmeaSettingsSchema(variant).parse({})[scale]);
}

/** "Cost centre" -> "costCentre": a key the attribute rule accepts (a letter first, letters, digits, _). */
export function keyFromLabel(label: string): string {
  const words = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  const joined = words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase()))
    .join("")
    .replace(/^[0-9_]+/, "");
  return joined.slice(0, 40);
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");

/** The settings a form stands for, before they are checked. */
export function settingsOfForm(form: ConfigForm): Record<string, unknown> {
  return {
    severity: form.severity,
    occurrence: form.occurrence,
    detection: form.detection,
    specialCharacteristics: form.classes.map((c) => ({
      name: c.name,
      markingName: c.markingName,
      icon: c.icon,
    })),
    customAttributes: form.attributes.map((a) => ({
      key: a.key.trim() || keyFromLabel(a.label),
      label: a.label,
      type: a.type,
      choices: a.type === "choice" ? lines(a.choices) : [],
      // A draft kept from before attributes had node types has none.
      kinds: a.kinds ?? [],
    })),
    excelOutput: {
      // In the order of the attribute tabs, whatever order they were ticked in.
      tabs: ATTRIBUTE_TABS.filter((t) => form.excelTabs.includes(t)),
      mergeCells: form.mergeCells,
    },
  };
}

/**
 * A field of the form: "name", "severity.3.criteria", "classes.0.markingName", "classes" (two of one name),
 * "attributes.1.key", "excelTabs". The screen shows each problem at its field.
 */
export type FieldPath = string;

const SETTINGS_TO_FORM: Record<string, string> = {
  specialCharacteristics: "classes",
  customAttributes: "attributes",
};

function fieldOf(path: readonly PropertyKey[]): FieldPath {
  const [part, index, field] = path.map(String);
  if (part === "excelOutput") return "excelTabs";
  const section = SETTINGS_TO_FORM[part] ?? part;
  if (index === undefined) return section;
  if (field === undefined) return `${section}.${index}`;
  return `${section}.${index}.${field}`;
}

export type ConfigCheck =
  | { ok: true; name: string; settings: FmeaSettings }
  | { ok: false; problems: Map<FieldPath, MessageKey> };

/** The form checked by the stored settings' schema and the name rule: the settings to store, or each field's
 * first problem. */
export function checkConfigForm(form: ConfigForm, variant: FmeaVariant): ConfigCheck {
  const problems = new Map<FieldPath, MessageKey>();
  const name = nameRule.safeParse(form.name);
  if (!name.success) problems.set("name", name.error.issues[0].message as MessageKey);
  const settings = fmeaSettingsSchema(variant).safeParse(settingsOfForm(form));
  if (!settings.success)
    for (const issue of settings.error.issues) {
      const field = fieldOf(issue.path);
      if (!problems.has(field)) problems.set(field, issue.message as MessageKey);
    }
  if (problems.size > 0 || !name.success || !settings.success) return { ok: false, problems };
  return { ok: true, name: name.data, settings: settings.data };
}

/** The section a field belongs to (the editor opens it to show the field's problem). */
export function sectionOf(field: FieldPath): Section | null {
  const head = field.split(".")[0];
  if (head === "excelTabs") return "excel";
  return (SECTIONS as readonly string[]).includes(head) ? (head as Section) : null;
}

export function isUnsaved(baseline: ConfigForm | null, current: ConfigForm): boolean {
  return baseline !== null && JSON.stringify(baseline) !== JSON.stringify(current);
}

export const emptyClass = (): ClassForm => ({ name: "", markingName: "", icon: null });
export const emptyAttribute = (): AttributeForm => ({
  label: "",
  key: "",
  type: "text",
  choices: "",
  kinds: [],
});

/** The list without its item `index`. */
export const without = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);
