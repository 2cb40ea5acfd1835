// The basic-information tab of an FMEA (/ddashboard, /pdashboard; spec 2): the planning header of AIAG-VDA
// step 1 (AIAG & VDA FMEA Handbook 2019, 1.5: the form header and the 5T) and what the analysis holds so
// far. Pure functions of the document, tested without a browser; the screen is Dashboard.tsx.

import { LANGUAGES, type LanguageCode } from "../../../shared/constants.ts";
import { type Planning, planningSchema } from "../../../shared/fmea/model.ts";
import type { FmeaDoc } from "../../../shared/fmea/tree.ts";
import type { MessageKey } from "../../../shared/messages.ts";
import { type FmeaConfig, fmeaBodySchema } from "../../../shared/schemas/fmea.ts";
import { nameRule } from "../../../shared/validation.ts";
import { screenSlot } from "../../commands/screen-actions.ts";

export type PlanningField = keyof Planning;

/** The header's fields in the order of the handbook's form header, then the 5T; how each is entered. */
export const PLANNING_FIELDS: readonly {
  field: PlanningField;
  input: "line" | "text" | "date" | "select";
}[] = [
  { field: "company", input: "line" },
  { field: "location", input: "line" },
  { field: "customer", input: "line" },
  { field: "modelYear", input: "line" },
  { field: "subject", input: "line" },
  { field: "startDate", input: "date" },
  { field: "revisionDate", input: "date" },
  { field: "responsibility", input: "line" },
  { field: "confidentiality", input: "select" },
  { field: "team", input: "text" },
  { field: "intent", input: "text" },
  { field: "timing", input: "text" },
  { field: "fiveTTeam", input: "text" },
  { field: "tasks", input: "text" },
  { field: "tools", input: "text" },
];

export const CONFIDENTIALITY = ["", "business", "proprietary", "confidential"] as const;

/** The header as the form holds it: every field as typed text (an empty date is no date). */
export type PlanningForm = Record<PlanningField, string>;

export function formOf(planning: Partial<Planning> | undefined): PlanningForm {
  const filled = planningSchema.parse({});
  const source = { ...filled, ...(planning ?? {}) };
  const form = {} as PlanningForm;
  for (const { field } of PLANNING_FIELDS) form[field] = String(source[field] ?? "");
  return form;
}

/** The form checked by the stored header's own schema: the header to store, or each field's message. */
export function checkPlanning(
  form: PlanningForm,
): { ok: true; planning: Planning } | { ok: false; problems: Partial<Record<PlanningField, MessageKey>> } {
  const input: Record<string, unknown> = { ...form };
  for (const { field, input: kind } of PLANNING_FIELDS)
    if (kind === "date") input[field] = form[field].trim() === "" ? null : form[field].trim();
  const parsed = planningSchema.safeParse(input);
  if (parsed.success) return { ok: true, planning: parsed.data };
  const problems: Partial<Record<PlanningField, MessageKey>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as PlanningField;
    problems[field] ??= issue.message as MessageKey;
  }
  return { ok: false, problems };
}

export interface FmeaCounts {
  structureElements: number;
  functions: number;
  characteristics: number;
  failures: number;
  /** Failures linked into the failure net (part of a chain FE -> FM -> FC). */
  linkedFailures: number;
  measures: number;
  actions: number;
  /** Optimisation actions not yet completed or dropped (AIAG-VDA step 6 status). */
  openActions: number;
}

const FINISHED = new Set(["completed", "notImplemented"]);

export function fmeaCounts(doc: FmeaDoc): FmeaCounts {
  const counts: FmeaCounts = {
    structureElements: 0,
    functions: 0,
    characteristics: 0,
    failures: 0,
    linkedFailures: 0,
    measures: 0,
    actions: 0,
    openActions: 0,
  };
  const linked = new Set<string>();
  for (const link of doc.links.values())
    if (link.kind === "failure") {
      linked.add(link.from);
      linked.add(link.to);
    }
  for (const node of doc.nodes.values()) {
    switch (node.kind) {
      case "stru":
        counts.structureElements++;
        break;
      case "func":
        counts.functions++;
        break;
      case "prod":
      case "procSpec":
        counts.characteristics++;
        break;
      case "fail":
        counts.failures++;
        if (linked.has(node.id)) counts.linkedFailures++;
        break;
      case "preMeas":
      case "findMeas":
      case "cMeas":
      case "measGroup":
        counts.measures++;
        break;
      case "optMeas": {
        counts.actions++;
        const status = (node.attrs as Record<string, Record<string, unknown> | undefined>).status?.status;
        if (!FINISHED.has(String(status ?? ""))) counts.openActions++;
        break;
      }
      default:
        break;
    }
  }
  return counts;
}

/** One line of the configuration choice: `value` "" is the variant's enabled configuration, whichever it is. */
export interface ConfigChoice {
  value: string;
  /** The configuration's name; null for the "enabled one" line. */
  name: string | null;
  enabled: boolean;
  /** The one the stored FMEA names now. */
  current: boolean;
  /** Shown but not choosable (spec 4: a disabled configuration cannot be referenced). */
  disabled: boolean;
}

/**
 * The configurations an FMEA may be set to: the variant's enabled one (by no id, so it follows the variant's
 * change of configuration), then each readable one of the variant, enabled first. A disabled one cannot be
 * chosen, except the one the FMEA already names, which it keeps (the server stores an unchanged reference).
 * A configuration the FMEA names that the list lacks (deleted, or unreadable) stays as a line of its own.
 */
export function configChoices(configs: readonly FmeaConfig[], currentId: number | null): ConfigChoice[] {
  const choices: ConfigChoice[] = [
    { value: "", name: null, enabled: true, current: currentId === null, disabled: false },
  ];
  const sorted = [...configs].sort(
    (a, b) => Number(b.enabled) - Number(a.enabled) || a.name.localeCompare(b.name) || a.id - b.id,
  );
  for (const c of sorted) {
    const current = c.id === currentId;
    choices.push({
      value: String(c.id),
      name: c.name,
      enabled: c.enabled,
      current,
      disabled: !c.enabled && !current,
    });
  }
  if (currentId !== null && !configs.some((c) => c.id === currentId))
    choices.push({ value: String(currentId), name: null, enabled: false, current: true, disabled: false });
  return choices;
}

/** The configuration id a choice stores (null: the variant's enabled one). */
export function configIdOf(value: string): number | null {
  return value === "" ? null : Number(value);
}

/** What the dashboard hands to its commands (commands/fmea-dashboard.ts). */
export interface DashboardActions {
  canSave: boolean;
  dirty: boolean;
  save(): Promise<void>;
  revert(): void;
  openTree(): void;
  /** Puts the keyboard on the configuration choice. */
  chooseConfig(): void;
}
export const dashboardSlot = screenSlot<DashboardActions>();

/** A user of the directory (GET /authority/users) as the counselor field names them. */
export interface DirectoryUser {
  userId: number;
  userName: string;
}

/** The FMEA's counselors (spec 3's counselorUserId) as the field shows them: user names, comma separated; an
 * id the directory does not answer stays as `#id`, so saving unchanged keeps it. */
export function counselorText(ids: readonly number[], directory: readonly DirectoryUser[]): string {
  const names = new Map(directory.map((u) => [u.userId, u.userName]));
  return ids.map((id) => names.get(id) ?? `#${id}`).join(", ");
}

/**
 * The typed counselors as user ids: names separated by commas, semicolons or lines, matched to the directory's
 * user names ignoring case, each once; `#id` as it is. A name no user has is answered, so the field can say so.
 */
export function parseCounselors(
  text: string,
  directory: readonly DirectoryUser[],
): { ok: true; ids: number[] } | { ok: false; unknown: string } {
  const byName = new Map(directory.map((u) => [u.userName.toLowerCase(), u.userId]));
  const ids: number[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const name = part.trim();
    if (name === "") continue;
    const hash = /^#(\d{1,9})$/.exec(name);
    const id = hash ? Number(hash[1]) : byName.get(name.toLowerCase());
    if (id === undefined) return { ok: false, unknown: name };
    if (!ids.includes(id)) ids.push(id);
  }
  return { ok: true, ids };
}

/** The FMEA record's own fields (spec 3: fmeaName, object number and name, fmeaLanguage, pageLanguage). */
export interface DocumentForm {
  name: string;
  objectNumber: string;
  objectName: string;
  fmeaLanguage: LanguageCode;
  pageLanguage: LanguageCode;
}
export type DocumentField = keyof DocumentForm;
export const FMEA_LANGUAGES = Object.keys(LANGUAGES) as LanguageCode[];

const languageOf = (value: unknown): LanguageCode =>
  FMEA_LANGUAGES.includes(value as LanguageCode) ? (value as LanguageCode) : "en";

export function documentFormOf(
  record: {
    name: string;
    body: Partial<Record<"objectNumber" | "objectName" | "fmeaLanguage" | "pageLanguage", unknown>>;
  } | null,
): DocumentForm {
  return {
    name: record?.name ?? "",
    objectNumber: String(record?.body.objectNumber ?? ""),
    objectName: String(record?.body.objectName ?? ""),
    fmeaLanguage: languageOf(record?.body.fmeaLanguage),
    pageLanguage: languageOf(record?.body.pageLanguage),
  };
}

/** The record's fields checked by the stored rules themselves (the name's, the body's), each at its field. */
export function checkDocument(
  form: DocumentForm,
):
  | { ok: true; name: string; body: Omit<DocumentForm, "name"> }
  | { ok: false; problems: Partial<Record<DocumentField, MessageKey>> } {
  const problems: Partial<Record<DocumentField, MessageKey>> = {};
  const name = nameRule.safeParse(form.name);
  if (!name.success) problems.name = name.error.issues[0]?.message as MessageKey;
  const { name: _, ...rest } = form;
  const body = fmeaBodySchema.pick({ objectNumber: true, objectName: true }).safeParse(rest);
  if (!body.success)
    for (const issue of body.error.issues) problems[issue.path[0] as DocumentField] ??= "tooLong";
  if (!name.success || !body.success) return { ok: false, problems };
  return { ok: true, name: name.data, body: rest };
}
