// Form A of the AIAG & VDA FMEA Handbook (2019) as columns over the failure chains: what each cell shows
// and the node operations an edit of it makes. The risk table, the xlsx export and the xlsx import all use
// these columns, so a cell means the same node everywhere: a name cell renames the node the tree shows, a
// rating cell sets that failure's assessments tab, an action cell the optimisation measure's fields.
import type { Problem } from "../problem.ts";
import { isRating } from "./ap.ts";
import { type CustomAttribute, classMark, type SpecialCharacteristic, specialClassOf } from "./config.ts";
import { appliesTo, attributeText, CUSTOM_TAB, parseAttribute } from "./custom-attributes.ts";
import { type FmeaNode, type FmeaVariant, SEVERITY_COLUMNS, type SeverityColumn } from "./model.ts";
import {
  ACTION_FIELDS,
  ACTION_STATUSES,
  type Action,
  type ActionField,
  type ActionStatus,
  apLabel,
  type Chain,
  FILTER_CODE_FIELD,
  failureChains,
  SPECIAL_FIELD,
  textAttr,
} from "./risk.ts";
import { childIndex, type FmeaDoc, type FmeaOp, nextOrd } from "./tree.ts";

/** One line of the form: a chain, and one of its optimisation actions (null: the chain has none). */
export interface FormRow {
  key: string;
  chain: Chain;
  action: Action | null;
}

export type ColumnGroup = "structure" | "function" | "failure" | "risk" | "optimisation" | "custom";

export interface FormColumn {
  key: string;
  group: ColumnGroup;
  kind: "text" | "rating" | "status" | "date" | "computed";
  /** The node this column's cell edits, for merging equal cells and for edits. */
  node?(row: FormRow): FmeaNode | null;
  /** Structure and function cells merge over the rows of one node (form A's parent cells). */
  merge?: boolean;
  /** A custom attribute's column: the configuration's attribute it shows (its label is the title). */
  attribute?: CustomAttribute;
}

const nameOf = (n: FmeaNode | null | undefined) => n?.name ?? "";

const NAME_COLUMNS: FormColumn[] = [
  { key: "higherElement", group: "structure", kind: "text", node: (r) => r.chain.feElement, merge: true },
  { key: "focusElement", group: "structure", kind: "text", node: (r) => r.chain.fmElement, merge: true },
  { key: "lowerElement", group: "structure", kind: "text", node: (r) => r.chain.fcElement, merge: true },
  { key: "higherFunction", group: "function", kind: "text", node: (r) => r.chain.feFunction, merge: true },
  { key: "focusFunction", group: "function", kind: "text", node: (r) => r.chain.fmFunction, merge: true },
  { key: "lowerFunction", group: "function", kind: "text", node: (r) => r.chain.fcFunction, merge: true },
];

const RISK_COLUMNS: FormColumn[] = [
  { key: "effect", group: "failure", kind: "text", node: (r) => r.chain.fe, merge: true },
  { key: "severity", group: "failure", kind: "rating", node: (r) => r.chain.severityNode },
  { key: "mode", group: "failure", kind: "text", node: (r) => r.chain.fm, merge: true },
  { key: "cause", group: "failure", kind: "text", node: (r) => r.chain.fc, merge: true },
  { key: "prevention", group: "risk", kind: "text", node: (r) => r.chain.ratingNode },
  { key: "occurrence", group: "risk", kind: "rating", node: (r) => r.chain.ratingNode },
  { key: "detectionControl", group: "risk", kind: "text", node: (r) => r.chain.ratingNode },
  { key: "detection", group: "risk", kind: "rating", node: (r) => r.chain.ratingNode },
  { key: "ap", group: "risk", kind: "computed" },
  { key: "special", group: "risk", kind: "text", node: (r) => r.chain.fm },
  { key: "filterCode", group: "risk", kind: "text", node: (r) => r.chain.fm },
  { key: "rpn", group: "risk", kind: "computed" },
  { key: "preventionAction", group: "optimisation", kind: "text", node: (r) => r.action?.node ?? null },
  { key: "detectionAction", group: "optimisation", kind: "text", node: (r) => r.action?.node ?? null },
  { key: "responsible", group: "optimisation", kind: "text", node: (r) => r.action?.node ?? null },
  { key: "targetDate", group: "optimisation", kind: "date", node: (r) => r.action?.node ?? null },
  { key: "status", group: "optimisation", kind: "status", node: (r) => r.action?.node ?? null },
  { key: "actionTaken", group: "optimisation", kind: "text", node: (r) => r.action?.node ?? null },
  { key: "evidence", group: "optimisation", kind: "text", node: (r) => r.action?.node ?? null },
  { key: "completionDate", group: "optimisation", kind: "date", node: (r) => r.action?.node ?? null },
  { key: "newSeverity", group: "optimisation", kind: "rating", node: (r) => r.action?.node ?? null },
  { key: "newOccurrence", group: "optimisation", kind: "rating", node: (r) => r.action?.node ?? null },
  { key: "newDetection", group: "optimisation", kind: "rating", node: (r) => r.action?.node ?? null },
  // AIAG-VDA form A, step 6: the special characteristic after the action, the AP, then remarks.
  { key: "newSpecial", group: "optimisation", kind: "text", node: (r) => r.action?.node ?? null },
  { key: "newAp", group: "optimisation", kind: "computed" },
  { key: "remarks", group: "optimisation", kind: "text", node: (r) => r.action?.node ?? null },
];

/** The process variant adds the work element's 4M type beside it. */
const WORK_ELEMENT_TYPE: FormColumn = { key: "lowerType", group: "structure", kind: "computed" };

/** The PFMEA rates the effect on three columns before its S (AIAG-VDA table P1), on the node S is rated on. */
const SEVERITY_COLUMN_DEFS: FormColumn[] = SEVERITY_COLUMNS.map((key) => ({
  key,
  group: "failure",
  kind: "rating",
  node: (r: FormRow) => r.chain.severityNode,
}));

/**
 * The nodes of a line a custom attribute can be kept on, the line's focus first: the failure mode, the
 * function or characteristic it negates, the focus structure element, the line's action.
 */
const lineNodes = (row: FormRow): (FmeaNode | null)[] => [
  row.chain.fm,
  row.chain.fmFunction,
  row.chain.fmElement,
  row.action?.node ?? null,
];
/** The node kinds `lineNodes` can be. */
const LINE_KINDS: readonly FmeaNode["kind"][] = ["fail", "func", "prod", "procSpec", "stru", "optMeas"];

/** The node of the line that holds the attribute: the first of `lineNodes` of a kind it is on, or null. */
export function attributeNode(row: FormRow, attribute: CustomAttribute): FmeaNode | null {
  for (const node of lineNodes(row)) if (node && appliesTo(attribute, node.kind)) return node;
  return null;
}

export const ATTRIBUTE_COLUMN_PREFIX = "attr.";

/** One column per custom attribute on a kind of node a line has (the others are on nodes no line shows). */
export function attributeColumns(attributes: readonly CustomAttribute[] = []): FormColumn[] {
  return attributes
    .filter((a) => LINE_KINDS.some((kind) => appliesTo(a, kind)))
    .map((a) => ({
      key: `${ATTRIBUTE_COLUMN_PREFIX}${a.key}`,
      group: "custom",
      kind: a.type === "date" ? "date" : "text",
      node: (r: FormRow) => attributeNode(r, a),
      attribute: a,
    }));
}

/**
 * The form's columns, left to right as form A has them (RPN only with `rpn`, the 4th edition's column), then
 * one per custom attribute of the configuration (`attributes`) that a line's nodes can have.
 */
export function formColumns(
  variant: FmeaVariant,
  options: { rpn?: boolean; attributes?: readonly CustomAttribute[] } = {},
): FormColumn[] {
  const risk = RISK_COLUMNS.filter((c) => options.rpn || c.key !== "rpn");
  const custom = attributeColumns(options.attributes);
  if (variant === "design") return [...NAME_COLUMNS, ...risk, ...custom];
  const s = risk.findIndex((c) => c.key === "severity");
  return [
    ...NAME_COLUMNS.slice(0, 3),
    WORK_ELEMENT_TYPE,
    ...NAME_COLUMNS.slice(3),
    ...risk.slice(0, s),
    ...SEVERITY_COLUMN_DEFS,
    ...risk.slice(s),
    ...custom,
  ];
}

/** What a cell of `column` shows: `cellValue`, or a custom attribute's value on its node of the line. */
export function columnValue(row: FormRow, column: FormColumn): string | number | null {
  return column.attribute ? attributeText(column.node?.(row), column.attribute) : cellValue(row, column.key);
}

/** Whether the node's S is the highest of the three severity columns (one of them is rated). */
export function ratedByColumns(node: FmeaNode): boolean {
  return SEVERITY_COLUMNS.some((field) => ratingOf(node, field) !== null);
}

export function formRows(doc: FmeaDoc, chains: Chain[] = failureChains(doc)): FormRow[] {
  const rows: FormRow[] = [];
  for (const chain of chains) {
    if (chain.actions.length === 0) rows.push({ key: chain.key, chain, action: null });
    else
      for (const action of chain.actions) rows.push({ key: `${chain.key}:${action.node.id}`, chain, action });
  }
  return rows;
}

/**
 * The row with its nodes as `doc` holds them now (their versions and tabs): a paste of several cells of one
 * row edits each node on top of the cell before it.
 */
export function refreshRow(row: FormRow, doc: FmeaDoc): FormRow {
  const at = <T extends FmeaNode | null>(n: T): T => (n ? ((doc.nodes.get(n.id) ?? n) as T) : n);
  const c = row.chain;
  return {
    key: row.key,
    chain: {
      ...c,
      fe: at(c.fe),
      fm: at(c.fm),
      fc: at(c.fc),
      feFunction: at(c.feFunction),
      fmFunction: at(c.fmFunction),
      fcFunction: at(c.fcFunction),
      feElement: at(c.feElement),
      fmElement: at(c.fmElement),
      fcElement: at(c.fcElement),
      severityNode: at(c.severityNode),
      ratingNode: at(c.ratingNode),
      prevention: c.prevention.filter((n) => doc.nodes.has(n.id)).map(at),
      detection: c.detection.filter((n) => doc.nodes.has(n.id)).map(at),
      actions: c.actions.map((a) => ({ ...a, node: at(a.node) })),
    },
    action: row.action ? { ...row.action, node: at(row.action.node) } : null,
  };
}

const ratingText = (n: number | null) => (n === null ? "" : String(n));

/** What a cell shows (and exports): text, or a rating as a number. */
export function cellValue(row: FormRow, key: string): string | number | null {
  const { chain, action } = row;
  switch (key) {
    case "higherElement":
      return nameOf(chain.feElement);
    case "focusElement":
      return nameOf(chain.fmElement);
    case "lowerElement":
      return nameOf(chain.fcElement);
    case "lowerType":
      return chain.fcElement?.elementType ?? "";
    case "higherFunction":
      return nameOf(chain.feFunction);
    case "focusFunction":
      return nameOf(chain.fmFunction);
    case "lowerFunction":
      return nameOf(chain.fcFunction);
    case "effect":
      return nameOf(chain.fe);
    case "severity":
      return chain.s;
    case "severityPlant":
    case "severityShipTo":
    case "severityEndUser":
      return ratingOf(chain.severityNode, key);
    case "mode":
      return chain.fm.name;
    case "cause":
      return nameOf(chain.fc);
    case "prevention":
      return chain.prevention.map((m) => m.name).join("\n");
    case "occurrence":
      return chain.o;
    case "detectionControl":
      return chain.detection.map((m) => m.name).join("\n");
    case "detection":
      return chain.d;
    case "ap":
      return apLabel(chain);
    case "special":
      return chain.special;
    case "filterCode":
      return chain.filterCode;
    case "rpn":
      return chain.rpn;
    case "preventionAction":
      return action?.type === "prevention" ? action.node.name : "";
    case "detectionAction":
      return action?.type === "detection" ? action.node.name : "";
    case "status":
      return action ? action.status : "";
    case "newSeverity":
      return action ? ratingOf(action.node, "severity") : null;
    case "newOccurrence":
      return action ? ratingOf(action.node, "occurrence") : null;
    case "newDetection":
      return action ? ratingOf(action.node, "detection") : null;
    case "newSpecial":
      return action ? textAttr(action.node, ...SPECIAL_FIELD) : "";
    case "newAp":
      return action?.ap ?? "";
    default: {
      const field = ACTION_FIELDS[key as ActionField];
      if (!field || !action) return "";
      const value = (action.node.attrs as Record<string, Record<string, unknown>>)[field[0]]?.[field[1]];
      return value === undefined || value === null ? "" : String(value);
    }
  }
}

function ratingOf(node: FmeaNode, field: "severity" | "occurrence" | "detection" | SeverityColumn) {
  const value = (node.attrs as Record<string, Record<string, unknown>>).assessments?.[field];
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return isRating(n) ? n : null;
}

export const cellText = (row: FormRow, key: string) => {
  const value = cellValue(row, key);
  return typeof value === "number" ? ratingText(value) : (value ?? "");
};

/** The node a cell stands for, where it stands for one (merging runs of equal parent cells use it). */
export function cellNode(row: FormRow, column: FormColumn): FmeaNode | null {
  return column.node ? column.node(row) : null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MEASURE_SPLIT = /\s*(?:\n|;)\s*/;

export interface EditContext {
  newId(): string;
  /**
   * The configuration's special characteristic classes: a special characteristic typed must name one (by
   * class or marking name) and is stored as its class name. Without them any text up to 150 is kept.
   */
  specialClasses?: readonly SpecialCharacteristic[];
  /** The configuration's custom attributes: a cell of an attribute's column (`attr.<key>`) is typed as it says. */
  customAttributes?: readonly CustomAttribute[];
}

/** The edit of a custom attribute's cell: the value checked by its type, set on the line's node that holds it. */
function attributeOps(row: FormRow, attribute: CustomAttribute, input: unknown): CellEdit {
  const node = attributeNode(row, attribute);
  if (!node)
    return refuse("fmea.attributeNoNode", { label: attribute.label, kinds: attribute.kinds.join(", ") });
  const parsed = parseAttribute(attribute, input);
  if (!parsed.ok) return { ok: false, problem: parsed.problem };
  const now = (node.attrs as Record<string, Record<string, unknown>>)[CUSTOM_TAB]?.[attribute.key] ?? null;
  if (now === parsed.value) return { ok: true, ops: [] };
  return { ok: true, ops: [setField(node, CUSTOM_TAB, attribute.key, parsed.value)] };
}

/**
 * A special characteristic as typed, checked against the configuration's classes: the class name to store
 * ("" clears), or the problem (spec 5: marking names at most 150 characters; a class the configuration has).
 */
export function parseSpecial(
  input: string,
  classes: readonly SpecialCharacteristic[] | undefined,
): { ok: true; value: string } | { ok: false; problem: Problem } {
  const text = input.trim();
  if (text.length > 150) return { ok: false, problem: { key: "tooLong" } };
  if (!classes || text === "") return { ok: true, value: text };
  const found = specialClassOf(classes, text);
  if (found) return { ok: true, value: found.name };
  return {
    ok: false,
    problem: {
      key: "fmea.specialUnknown",
      params: { value: text, classes: classes.map(classMark).join(", ") || "-" },
    },
  };
}

export type CellEdit = { ok: true; ops: FmeaOp[] } | { ok: false; problem: Problem };

const refuse = (key: Problem["key"], params?: Problem["params"]): CellEdit => ({
  ok: false,
  problem: params ? { key, params } : { key },
});

/** Sets one field of one tab of `node`, keeping the tab's other fields (an update replaces whole tabs). */
export function setField(node: FmeaNode, tab: string, field: string, value: string | number | null): FmeaOp {
  const current = (node.attrs as Record<string, Record<string, unknown>>)[tab] ?? {};
  return {
    op: "update",
    id: node.id,
    base: node.version,
    set: { attrs: { [tab]: { ...current, [field]: value } } as FmeaNode["attrs"] },
  };
}

/** A rating as typed: 1 to 10, or empty to clear; anything else is spec 5's message. */
export function parseRating(input: unknown): { ok: true; value: number | null } | { ok: false } {
  if (input === null || input === undefined) return { ok: true, value: null };
  const text = String(input).trim();
  if (text === "") return { ok: true, value: null };
  const value = Number(text);
  return isRating(value) && /^\d+$/.test(text) ? { ok: true, value } : { ok: false };
}

/** A status as typed: its code, or one of the labels given (translated names). */
export function parseStatus(
  input: string,
  labels: Partial<Record<ActionStatus, string>> = {},
): ActionStatus | null {
  const text = input.trim().toLowerCase();
  for (const status of ACTION_STATUSES)
    if (status.toLowerCase() === text || labels[status]?.toLowerCase() === text) return status;
  return null;
}

/** The name cells and measure lists rename, add and delete nodes; these are the measure kinds. */
function measureOps(
  doc: FmeaDoc,
  ctx: EditContext,
  parent: FmeaNode,
  kind: "preMeas" | "findMeas",
  current: FmeaNode[],
  input: string,
): FmeaOp[] {
  const names = input.split(MEASURE_SPLIT).filter((n) => n !== "");
  const ops: FmeaOp[] = [];
  let ord = nextOrd(doc, parent.id);
  names.forEach((name, i) => {
    const node = current[i];
    if (node) {
      if (node.name !== name) ops.push({ op: "update", id: node.id, base: node.version, set: { name } });
    } else
      ops.push({
        op: "add",
        node: {
          id: ctx.newId(),
          parentId: parent.id,
          kind,
          elementType: null,
          name,
          ord: ord++,
          hidden: false,
          attrs: {},
        },
      });
  });
  const index = childIndex(doc);
  for (const node of current.slice(names.length)) {
    const versions: Record<string, number> = {};
    const stack = [node];
    while (stack.length > 0) {
      const at = stack.pop() as FmeaNode;
      versions[at.id] = at.version;
      stack.push(...(index.get(at.id) ?? []));
    }
    ops.push({ op: "delete", id: node.id, versions });
  }
  return ops;
}

/**
 * The operations that write `input` into a cell, or the problem with it (the typed text is kept by the
 * caller). `statusLabels` lets a status be typed in the user's language.
 */
export function cellOps(
  doc: FmeaDoc,
  row: FormRow,
  key: string,
  input: unknown,
  ctx: EditContext,
  statusLabels: Partial<Record<ActionStatus, string>> = {},
): CellEdit {
  const { chain, action } = row;
  const text = input === null || input === undefined ? "" : String(input);
  const rename = (node: FmeaNode | null): CellEdit => {
    if (!node) return refuse("fmea.cellNoNode");
    const name = text.trim();
    if (name.length > 500) return refuse("tooLong");
    return {
      ok: true,
      ops: name === node.name ? [] : [{ op: "update", id: node.id, base: node.version, set: { name } }],
    };
  };
  const rate = (node: FmeaNode | null, field: "severity" | "occurrence" | "detection"): CellEdit => {
    if (!node) return refuse("fmea.noAction");
    const parsed = parseRating(input);
    if (!parsed.ok) return refuse(field === "severity" ? "fmea.severityRange" : "oAndDRange");
    return { ok: true, ops: [setField(node, "assessments", field, parsed.value)] };
  };
  switch (key) {
    case "higherElement":
      return rename(chain.feElement);
    case "focusElement":
      return rename(chain.fmElement);
    case "lowerElement":
      return rename(chain.fcElement);
    case "higherFunction":
      return rename(chain.feFunction);
    case "focusFunction":
      return rename(chain.fmFunction);
    case "lowerFunction":
      return rename(chain.fcFunction);
    case "effect":
      return rename(chain.fe);
    case "mode":
      return rename(chain.fm);
    case "cause":
      return rename(chain.fc);
    case "severity":
      // The PFMEA's S follows its three columns once one of them is rated: cleared or typed as it is, the
      // cell is left as it was (so input kept with the message can be taken back); another S is refused.
      if (doc.variant === "process" && ratedByColumns(chain.severityNode)) {
        const parsed = parseRating(input);
        if (parsed.ok && (parsed.value === null || parsed.value === chain.s)) return { ok: true, ops: [] };
        return refuse("fmea.severityByColumns");
      }
      return rate(chain.severityNode, "severity");
    case "severityPlant":
    case "severityShipTo":
    case "severityEndUser": {
      const parsed = parseRating(input);
      if (!parsed.ok) return refuse("fmea.severityRange");
      const node = chain.severityNode;
      const tab = { ...((node.attrs as Record<string, Record<string, unknown>>).assessments ?? {}) };
      tab[key] = parsed.value;
      // All three cleared: no S is left (applyOps sets S to the highest while one is rated).
      if (SEVERITY_COLUMNS.every((f) => tab[f] === null || tab[f] === undefined || tab[f] === ""))
        tab.severity = null;
      return {
        ok: true,
        ops: [
          {
            op: "update",
            id: node.id,
            base: node.version,
            set: { attrs: { assessments: tab } as FmeaNode["attrs"] },
          },
        ],
      };
    }
    case "occurrence":
      return rate(chain.ratingNode, "occurrence");
    case "detection":
      return rate(chain.ratingNode, "detection");
    case "prevention":
      return { ok: true, ops: measureOps(doc, ctx, chain.ratingNode, "preMeas", chain.prevention, text) };
    case "detectionControl":
      return { ok: true, ops: measureOps(doc, ctx, chain.ratingNode, "findMeas", chain.detection, text) };
    case "special":
    case "newSpecial": {
      const node = key === "special" ? chain.fm : action?.node;
      if (!node) return refuse("fmea.noAction");
      const parsed = parseSpecial(text, ctx.specialClasses);
      if (!parsed.ok) return { ok: false, problem: parsed.problem };
      return { ok: true, ops: [setField(node, ...SPECIAL_FIELD, parsed.value)] };
    }
    case "filterCode": {
      if (text.trim().length > 150) return refuse("tooLong");
      return { ok: true, ops: [setField(chain.fm, ...FILTER_CODE_FIELD, text.trim())] };
    }
    case "preventionAction":
    case "detectionAction": {
      const type = key === "preventionAction" ? "prevention" : "detection";
      const name = text.trim();
      if (name.length > 500) return refuse("tooLong");
      if (!action) {
        if (name === "") return { ok: true, ops: [] };
        return {
          ok: true,
          ops: [
            {
              op: "add",
              node: {
                id: ctx.newId(),
                parentId: chain.ratingNode.id,
                kind: "optMeas",
                elementType: null,
                name,
                ord: nextOrd(doc, chain.ratingNode.id),
                hidden: false,
                attrs: { status: { actionType: type, status: "open" } },
              },
            },
          ],
        };
      }
      // Clearing the action's own column deletes the action; the other column's text leaves it be.
      if (name === "") {
        if (action.type !== type) return { ok: true, ops: [] };
        return {
          ok: true,
          ops: [{ op: "delete", id: action.node.id, versions: { [action.node.id]: action.node.version } }],
        };
      }
      const status = (action.node.attrs as Record<string, Record<string, unknown>>).status ?? {};
      return {
        ok: true,
        ops: [
          {
            op: "update",
            id: action.node.id,
            base: action.node.version,
            set: { name, attrs: { status: { ...status, actionType: type } } as FmeaNode["attrs"] },
          },
        ],
      };
    }
    case "newSeverity":
      return rate(action?.node ?? null, "severity");
    case "newOccurrence":
      return rate(action?.node ?? null, "occurrence");
    case "newDetection":
      return rate(action?.node ?? null, "detection");
    case "status": {
      if (!action) return refuse("fmea.noAction");
      const status = text.trim() === "" ? "open" : parseStatus(text, statusLabels);
      if (!status) return refuse("fmea.statusUnknown", { value: text });
      return { ok: true, ops: [setField(action.node, "status", "status", status)] };
    }
    case "targetDate":
    case "completionDate":
    case "responsible":
    case "actionTaken":
    case "evidence":
    case "remarks": {
      if (!action) return refuse("fmea.noAction");
      const value = text.trim();
      if (
        (key === "targetDate" || key === "completionDate") &&
        value !== "" &&
        !(DATE.test(value) && !Number.isNaN(Date.parse(value)))
      )
        return refuse("fmea.dateInvalid", { value });
      if (value.length > 4000) return refuse("tooLong");
      const [tab, field] = ACTION_FIELDS[key];
      return { ok: true, ops: [setField(action.node, tab, field, value)] };
    }
    default: {
      const attribute = key.startsWith(ATTRIBUTE_COLUMN_PREFIX)
        ? ctx.customAttributes?.find((a) => `${ATTRIBUTE_COLUMN_PREFIX}${a.key}` === key)
        : undefined;
      return attribute ? attributeOps(row, attribute, input) : refuse("fmea.cellComputed");
    }
  }
}
