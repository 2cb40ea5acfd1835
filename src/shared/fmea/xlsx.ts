// The FMEA as an Excel workbook and back: form A (the step-1 header above, one line per chain and action,
// parent cells merged, AP cells coloured), the control plan and the action list; and the reading of a
// form into a selected structure element, line by line, with each line's problems. SheetJS writes no cell
// styles, so the AP fills are written into the workbook's styles part afterwards (ECMA-376 part 1, 18.8:
// fills and cellXfs; a cell names its format by `s`). Runs in a worker (app/features/fmea/xlsx.worker.ts)
// and in the tests alike.
import * as XLSX from "@e965/xlsx";
import type { Problem } from "../problem.ts";
import { isRating } from "./ap.ts";
import { type CustomAttribute, type SpecialCharacteristic, specialMark } from "./config.ts";
import { CONTROL_PLAN_FIELDS, type ControlPlanLine, controlPlan } from "./control-plan.ts";
import {
  cellText,
  cellValue,
  columnValue,
  type EditContext,
  type FormColumn,
  type FormRow,
  formColumns,
  formRows,
  parseRating,
  parseSpecial,
  parseStatus,
  setField,
} from "./form.ts";
import {
  type AttributeTab,
  DESIGN_ELEMENT_TYPES,
  type ElementType,
  excludedFromExcel,
  type FmeaNode,
  type FmeaTreeData,
  type FmeaVariant,
  NODE_NAME_MAX,
  type NodeKind,
  OPTIONAL_ELEMENTS,
  type OptionalElement,
  type Planning,
  SEVERITY_COLUMNS,
  TAB_FIELDS,
} from "./model.ts";
import { ACTION_FIELDS, ACTION_STATUSES, type ActionStatus } from "./risk.ts";
import { applyOps, childIndex, docOf, type FmeaDoc, type FmeaOp, nextOrd } from "./tree.ts";

export interface WorkbookLabels {
  /** Column titles by form column key, control plan field and action list key. */
  columns: Record<string, string>;
  controlPlan: Record<string, string>;
  header: Record<string, string>;
  sheets: { form: string; controlPlan: string; actions: string };
  status: Partial<Record<ActionStatus, string>>;
  /** Titles of the configuration's further columns, by `tab.field` (see `EXCEL_TAB_SOURCE`). */
  tabFields?: Record<string, string>;
  /** Element types' names (the PFMEA's 4M type column), by type code; without them the code is written. */
  elements?: Partial<Record<string, string>>;
}

export interface WorkbookInput {
  data: FmeaTreeData;
  fmeaName: string;
  fmeaId: string;
  planning: Partial<Planning>;
  labels: WorkbookLabels;
  rpn?: boolean;
  /** Merge the parent cells (the configuration's Excel output setting; default on). */
  mergeCells?: boolean;
  /** The configuration's further attribute tabs, written after form A's columns (its Excel output setting). */
  tabs?: readonly AttributeTab[];
  /** The configuration's special characteristic classes: cells show each class's mark. */
  specialClasses?: readonly SpecialCharacteristic[];
  /** The configuration's custom attributes: a column each after form A's (titled by its label), as in the table. */
  customAttributes?: readonly CustomAttribute[];
}

/**
 * Which node of a form line the configuration's further tabs are read from: the failure mode's own tabs
 * (the line's focus), the characteristic or function it negates, the focus structure element. Tabs whose
 * fields are form A's columns already (name, assessments, the action's responsible and status, the special
 * characteristic) and the output setting itself write nothing further.
 */
export const EXCEL_TAB_SOURCE: Partial<Record<AttributeTab, (row: FormRow) => FmeaNode | null>> = {
  des: (r) => r.chain.fm,
  customAttr: (r) => r.chain.fm,
  about: (r) => r.chain.fm,
  funcCategory: (r) => r.chain.fmFunction,
  spec: (r) => r.chain.fmFunction,
  test: (r) => r.chain.fmFunction,
  checkAttr: (r) => r.chain.fmFunction,
  machineLib: (r) => r.chain.fmElement,
  PFDicon: (r) => r.chain.fmElement,
  apiList: (r) => r.chain.fmElement,
};

/** The further columns of the configuration's tabs: one per field, in the tabs' order. */
export function excelTabColumns(tabs: readonly AttributeTab[] = []) {
  const out: { key: string; tab: AttributeTab; field: string; source: (row: FormRow) => FmeaNode | null }[] =
    [];
  for (const tab of new Set(tabs)) {
    const source = EXCEL_TAB_SOURCE[tab];
    if (source) for (const field of TAB_FIELDS[tab]) out.push({ key: `${tab}.${field}`, tab, field, source });
  }
  return out;
}

/**
 * The nodes each node's excelOutputSetting leaves out of the workbook: those set to no output and every node
 * below them. Null when none is (the common case costs one pass over the nodes).
 */
export function excelExcluded(doc: FmeaDoc): Set<string> | null {
  const roots: string[] = [];
  for (const node of doc.nodes.values()) if (excludedFromExcel(node)) roots.push(node.id);
  if (roots.length === 0) return null;
  const index = childIndex(doc);
  const out = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (out.has(id)) continue;
    out.add(id);
    for (const child of index.get(id) ?? []) stack.push(child.id);
  }
  return out;
}

/**
 * The form lines the workbook writes: a line through an excluded failure (effect, mode or cause, or one
 * below an excluded element or function) is left out, as is an excluded action's line; a chain whose
 * every action is excluded keeps one line without an action.
 */
export function exportedRows(doc: FmeaDoc, excluded: ReadonlySet<string> | null): FormRow[] {
  const rows = formRows(doc);
  if (!excluded) return rows;
  const out: FormRow[] = [];
  let last: string | null = null;
  rows.forEach((row, i) => {
    const c = row.chain;
    if (excluded.has(c.fm.id) || (c.fe && excluded.has(c.fe.id)) || (c.fc && excluded.has(c.fc.id))) return;
    if (!row.action || !excluded.has(row.action.node.id)) {
      out.push(row);
      last = c.key;
      return;
    }
    const lastOfChain = rows[i + 1]?.chain.key !== c.key;
    if (lastOfChain && last !== c.key) out.push({ key: c.key, chain: c, action: null });
  });
  return out;
}

export type Progress = (done: number, total: number) => void;

const HEADER_FIELDS = [
  "company",
  "location",
  "customer",
  "modelYear",
  "subject",
  "startDate",
  "revisionDate",
  "team",
  "fmeaId",
  "responsibility",
  "confidentiality",
] as const;

/** Fills of the AP cells: red, amber, green (the colours the tools and the handbook's examples use). */
const AP_FILLS: Record<string, string> = { H: "FFF4B6B6", M: "FFFFE699", L: "FFC6EFCE" };
const AP_STYLE: Record<string, number> = { H: 1, M: 2, L: 3 };

interface SheetPlan {
  name: string;
  rows: (string | number | null)[][];
  merges: XLSX.Range[];
  /** Cells to colour: address -> AP letter. */
  colour: Map<string, string>;
  widths: number[];
}

/** The chain-level columns that merge over a chain's action lines. */
const CHAIN_COLUMNS = new Set([
  "effect",
  ...SEVERITY_COLUMNS,
  "severity",
  "mode",
  "cause",
  "prevention",
  "occurrence",
  "detectionControl",
  "detection",
  "ap",
  "special",
  "filterCode",
  "rpn",
]);

/** A cell as the workbook writes it: status in words, special characteristics by mark, measures not excluded. */
function exportValue(
  input: WorkbookInput,
  excluded: ReadonlySet<string> | null,
  row: FormRow,
  key: string,
  column?: FormColumn,
): string | number | null {
  let value = column ? columnValue(row, column) : cellValue(row, key);
  if (key === "status" && typeof value === "string" && value)
    value = input.labels.status[value as ActionStatus] ?? value;
  else if (key === "lowerType" && typeof value === "string" && value)
    value = input.labels.elements?.[value] ?? value;
  else if ((key === "special" || key === "newSpecial") && input.specialClasses)
    value = specialMark(input.specialClasses, String(value));
  else if (excluded && (key === "prevention" || key === "detectionControl"))
    value = (key === "prevention" ? row.chain.prevention : row.chain.detection)
      .filter((m) => !excluded.has(m.id))
      .map((m) => m.name)
      .join("\n");
  return value === "" ? null : value;
}

function formSheet(
  input: WorkbookInput,
  doc: FmeaDoc,
  excluded: ReadonlySet<string> | null,
  progress?: Progress,
): SheetPlan {
  const variant = input.data.variant;
  const columns = formColumns(variant, { rpn: input.rpn, attributes: input.customAttributes });
  const further = excelTabColumns(input.tabs);
  const rows = exportedRows(doc, excluded);
  const out: (string | number | null)[][] = [];
  const p = input.planning;
  const header: Record<string, string> = {
    ...Object.fromEntries(HEADER_FIELDS.map((f) => [f, String((p as Record<string, unknown>)[f] ?? "")])),
    fmeaId: input.fmeaId,
  };
  out.push([`${variant === "design" ? "DFMEA" : "PFMEA"}: ${input.fmeaName}`]);
  for (let i = 0; i < HEADER_FIELDS.length; i += 3)
    out.push(HEADER_FIELDS.slice(i, i + 3).flatMap((f) => [input.labels.header[f] ?? f, header[f] || null]));
  out.push([]);
  out.push([
    ...columns.map((c) => input.labels.columns[c.key] ?? c.attribute?.label ?? c.key),
    ...further.map((f) => input.labels.tabFields?.[f.key] ?? f.key),
  ]);
  const first = out.length;
  const merges: XLSX.Range[] = [];
  const colour = new Map<string, string>();
  const merge = input.mergeCells !== false;
  const runStart = new Array<number>(columns.length).fill(0);
  const keyOf = (row: FormRow, column: FormColumn): string | null => {
    if (column.merge) return column.node?.(row)?.id ?? null;
    if (CHAIN_COLUMNS.has(column.key)) return row.chain.key;
    return null;
  };
  const close = (c: number, end: number) => {
    const start = runStart[c];
    if (merge && end > start) merges.push({ s: { r: first + start, c }, e: { r: first + end, c } });
  };
  rows.forEach((row, i) => {
    const line = columns.map((column) => exportValue(input, excluded, row, column.key, column));
    for (const f of further) {
      const value = f.source(row)?.attrs[f.tab]?.[f.field];
      line.push(value === undefined || value === null || value === "" ? null : String(value));
    }
    out.push(line);
    for (const key of ["ap", "newAp"]) {
      const c = columns.findIndex((col) => col.key === key);
      const text = c >= 0 ? cellText(row, key).replace(/[()]/g, "") : "";
      if (text) colour.set(XLSX.utils.encode_cell({ r: first + i, c }), text);
    }
    columns.forEach((column, c) => {
      if (i === 0) return;
      const same = keyOf(row, column);
      // A parent cell merges while the node is the same and the chain-level cells above it merge too.
      if (same === null || same !== keyOf(rows[i - 1], column)) {
        close(c, i - 1);
        runStart[c] = i;
      }
    });
    if (progress && i % 2000 === 1999) progress(i + 1, rows.length);
  });
  for (let c = 0; c < columns.length; c++) close(c, rows.length - 1);
  merges.push({ s: { r: 0, c: 0 }, e: { r: 0, c: Math.min(columns.length - 1, 8) } });
  return {
    name: input.labels.sheets.form,
    rows: out,
    merges,
    colour,
    widths: [
      ...columns.map((c) => (c.kind === "rating" ? 5 : c.kind === "computed" ? 7 : 24)),
      ...further.map(() => 20),
    ],
  };
}

/** A control plan line is left out when its characteristic, work element or process step is excluded. */
const planLineExcluded = (line: ControlPlanLine, excluded: ReadonlySet<string>) =>
  excluded.has(line.characteristic.id) || excluded.has(line.step.id);

function controlPlanSheet(
  input: WorkbookInput,
  doc: FmeaDoc,
  excluded: ReadonlySet<string> | null,
): SheetPlan {
  const lines = excluded ? controlPlan(doc).filter((l) => !planLineExcluded(l, excluded)) : controlPlan(doc);
  const rows: (string | number | null)[][] = [
    [`${input.labels.sheets.controlPlan}: ${input.fmeaName}`],
    [],
    CONTROL_PLAN_FIELDS.map((f) => input.labels.controlPlan[f] ?? f),
  ];
  for (const line of lines)
    rows.push(
      CONTROL_PLAN_FIELDS.map((f) => {
        const value =
          f === "specialClass" && input.specialClasses ? specialMark(input.specialClasses, line[f]) : line[f];
        return value === "" ? null : value;
      }),
    );
  return {
    name: input.labels.sheets.controlPlan,
    rows,
    merges: [],
    colour: new Map(),
    widths: CONTROL_PLAN_FIELDS.map(() => 20),
  };
}

const ACTION_LIST = [
  "mode",
  "cause",
  "ap",
  "preventionAction",
  "detectionAction",
  "responsible",
  "targetDate",
  "status",
  "actionTaken",
  "evidence",
  "completionDate",
  "newSeverity",
  "newOccurrence",
  "newDetection",
  "newSpecial",
  "newAp",
  "remarks",
];

function actionSheet(input: WorkbookInput, doc: FmeaDoc, excluded: ReadonlySet<string> | null): SheetPlan {
  const rows: (string | number | null)[][] = [
    [`${input.labels.sheets.actions}: ${input.fmeaName}`],
    [],
    ACTION_LIST.map((k) => input.labels.columns[k] ?? k),
  ];
  const colour = new Map<string, string>();
  for (const row of exportedRows(doc, excluded)) {
    if (!row.action) continue;
    const r = rows.length;
    rows.push(ACTION_LIST.map((k) => exportValue(input, excluded, row, k)));
    for (const k of ["ap", "newAp"]) {
      const text = cellText(row, k).replace(/[()]/g, "");
      if (text) colour.set(XLSX.utils.encode_cell({ r, c: ACTION_LIST.indexOf(k) }), text);
    }
  }
  return { name: input.labels.sheets.actions, rows, merges: [], colour, widths: ACTION_LIST.map(() => 18) };
}

/** Adds the AP fills to the styles part and names them on the coloured cells of each sheet. */
function colourCells(bytes: Uint8Array, sheets: SheetPlan[]): Uint8Array {
  const zip = XLSX.CFB.read(bytes, { type: "array" });
  const text = (path: string) => {
    const entry = XLSX.CFB.find(zip, path);
    return entry ? new TextDecoder().decode(entry.content as Uint8Array) : null;
  };
  const put = (path: string, content: string) => {
    const entry = XLSX.CFB.find(zip, path);
    if (entry) entry.content = new TextEncoder().encode(content) as unknown as typeof entry.content;
  };
  const styles = text("/xl/styles.xml");
  if (!styles) return bytes;
  const fills = Object.values(AP_FILLS)
    .map(
      (rgb) =>
        `<fill><patternFill patternType="solid"><fgColor rgb="${rgb}"/><bgColor indexed="64"/></patternFill></fill>`,
    )
    .join("");
  const fillCount = Number(/<fills count="(\d+)"/.exec(styles)?.[1] ?? 2);
  const xfCount = Number(/<cellXfs count="(\d+)"/.exec(styles)?.[1] ?? 1);
  const xfs = Object.keys(AP_FILLS)
    .map(
      (_, i) => `<xf numFmtId="0" fontId="0" fillId="${fillCount + i}" borderId="0" xfId="0" applyFill="1"/>`,
    )
    .join("");
  put(
    "/xl/styles.xml",
    styles
      .replace(
        /<fills count="\d+">([\s\S]*?)<\/fills>/,
        (_, inner) => `<fills count="${fillCount + 3}">${inner}${fills}</fills>`,
      )
      .replace(
        /<cellXfs count="\d+">([\s\S]*?)<\/cellXfs>/,
        (_, inner) => `<cellXfs count="${xfCount + 3}">${inner}${xfs}</cellXfs>`,
      ),
  );
  sheets.forEach((sheet, i) => {
    if (sheet.colour.size === 0) return;
    const path = `/xl/worksheets/sheet${i + 1}.xml`;
    const xml = text(path);
    if (!xml) return;
    put(
      path,
      xml.replace(/<c r="([A-Z]+\d+)"/g, (whole, ref: string) => {
        const ap = sheet.colour.get(ref);
        return ap ? `<c r="${ref}" s="${xfCount - 1 + AP_STYLE[ap]}"` : whole;
      }),
    );
  });
  return XLSX.CFB.write(zip, { fileType: "zip", type: "array" }) as Uint8Array;
}

/** The workbook: form A, the control plan (process FMEAs) and the action list. */
export function writeFmeaWorkbook(input: WorkbookInput, progress?: Progress): Uint8Array {
  const doc = docOf(input.data);
  const excluded = excelExcluded(doc);
  const plans = [formSheet(input, doc, excluded, progress)];
  if (input.data.variant === "process") plans.push(controlPlanSheet(input, doc, excluded));
  plans.push(actionSheet(input, doc, excluded));
  const book = XLSX.utils.book_new();
  for (const plan of plans) {
    const sheet = XLSX.utils.aoa_to_sheet(plan.rows);
    sheet["!merges"] = plan.merges;
    sheet["!cols"] = plan.widths.map((wch) => ({ wch }));
    XLSX.utils.book_append_sheet(book, sheet, plan.name.slice(0, 31));
  }
  const bytes = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
  return colourCells(bytes, plans);
}

// ---------------------------------------------------------------------------------------------------
// Import

/** A form line as read: cell texts by form column key, and its line number in the file (1-based). */
export interface FormLine {
  line: number;
  cells: Record<string, string>;
}

export type ReadForm = { ok: true; lines: FormLine[] } | { ok: false; problem: Problem };

/**
 * Reads the first sheet's form: the header line is the first whose cells name at least three form columns
 * (by their titles in `labels`, in one language or several, the user's first, or their keys); merged cells
 * count for every line they cover.
 */
export function readFmeaForm(
  bytes: Uint8Array,
  variant: FmeaVariant,
  labels: Record<string, string> | readonly Record<string, string>[],
): ReadForm {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, { type: "array" });
  } catch {
    return { ok: false, problem: { key: "verifyBeforeImport" } };
  }
  const sheet = book.Sheets[book.SheetNames[0]];
  if (!sheet) return { ok: false, problem: { key: "fmea.importNoRows" } };
  const grid = XLSX.utils.sheet_to_json<(string | number | null)[]>(sheet, {
    header: 1,
    raw: true,
    defval: null,
  });
  for (const m of sheet["!merges"] ?? []) {
    const value = grid[m.s.r]?.[m.s.c] ?? null;
    for (let r = m.s.r; r <= m.e.r; r++) for (let c = m.s.c; c <= m.e.c; c++) if (grid[r]) grid[r][c] = value;
  }
  const byTitle = new Map<string, string>();
  // A workbook written in any of the languages given: their titles name the same columns.
  const languages = Array.isArray(labels) ? labels : [labels as Record<string, string>];
  for (const column of formColumns(variant, { rpn: true })) {
    byTitle.set(column.key.toLowerCase(), column.key);
    for (const titles of languages) {
      const title = titles[column.key];
      if (title && !byTitle.has(title.trim().toLowerCase()))
        byTitle.set(title.trim().toLowerCase(), column.key);
    }
  }
  let headerAt = -1;
  let keys: (string | null)[] = [];
  for (let r = 0; r < Math.min(grid.length, 40) && headerAt < 0; r++) {
    const found = (grid[r] ?? []).map((v) =>
      v === null ? null : (byTitle.get(String(v).trim().toLowerCase()) ?? null),
    );
    if (found.filter((k) => k !== null).length >= 3) {
      headerAt = r;
      keys = found;
    }
  }
  if (headerAt < 0 || !keys.includes("mode")) return { ok: false, problem: { key: "importLevelMismatch" } };
  const lines: FormLine[] = [];
  for (let r = headerAt + 1; r < grid.length; r++) {
    const cells: Record<string, string> = {};
    let any = false;
    keys.forEach((key, c) => {
      if (!key) return;
      const v = grid[r]?.[c];
      const text = v === null || v === undefined ? "" : String(v).trim();
      cells[key] = text;
      if (text !== "") any = true;
    });
    if (any) lines.push({ line: r + 1, cells });
  }
  if (lines.length === 0) return { ok: false, problem: { key: "fmea.importNoRows" } };
  return { ok: true, lines };
}

export interface LineCheck {
  line: number;
  problems: Problem[];
}

const NAME_KEYS = [
  "focusElement",
  "lowerElement",
  "higherFunction",
  "focusFunction",
  "lowerFunction",
  "effect",
  "mode",
  "cause",
  "preventionAction",
  "detectionAction",
];
const RATING_KEYS = [
  "severity",
  ...SEVERITY_COLUMNS,
  "occurrence",
  "detection",
  "newSeverity",
  "newOccurrence",
  "newDetection",
];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Spec 5 and 8's per-line checks: empty or too long names, ratings outside 1 to 10, statuses and dates, a
 * special characteristic the configuration's classes do not have (`specialClasses`, when given).
 */
export function checkFormLine(
  line: FormLine,
  columnTitle: (key: string) => string,
  statusLabels: Partial<Record<ActionStatus, string>> = {},
  specialClasses?: readonly SpecialCharacteristic[],
): Problem[] {
  const problems: Problem[] = [];
  const at = { line: line.line };
  for (const key of ["focusElement", "mode"])
    if ((line.cells[key] ?? "") === "")
      problems.push({ key: "fmea.importEmptyName", params: { ...at, column: columnTitle(key) } });
  for (const key of NAME_KEYS)
    if ((line.cells[key] ?? "").length > NODE_NAME_MAX)
      problems.push({
        key: "fmea.importNameTooLong",
        params: { ...at, column: columnTitle(key), max: NODE_NAME_MAX },
      });
  for (const key of RATING_KEYS)
    if (!parseRating(line.cells[key]).ok)
      problems.push({ key: "fmea.importRating", params: { ...at, column: columnTitle(key) } });
  const status = line.cells.status ?? "";
  if (status !== "" && !parseStatus(status, statusLabels))
    problems.push({ key: "fmea.statusUnknown", params: { value: status } });
  for (const key of ["targetDate", "completionDate"]) {
    const value = line.cells[key] ?? "";
    if (value !== "" && !(DATE.test(value) && !Number.isNaN(Date.parse(value))))
      problems.push({ key: "fmea.dateInvalid", params: { value } });
  }
  for (const key of ["special", "newSpecial"]) {
    const special = parseSpecial(line.cells[key] ?? "", specialClasses);
    if (!special.ok) problems.push(special.problem);
  }
  return problems;
}

/** A 4M type as the form holds it, by its code or its name in `labels` (any case), or null. */
/** What a form's import reads in one language: column titles, action statuses, 4M types. */
export interface LanguageLabels {
  titles: Record<string, string>;
  status: Partial<Record<ActionStatus, string>>;
  elements: Partial<Record<string, string>>;
}

/**
 * A form's action statuses and 4M types as their codes where they are written in one of the other languages
 * (`others`): the import then reads them as it reads the user's language or the codes.
 */
export function linesInCodes(lines: readonly FormLine[], others: readonly LanguageLabels[]): FormLine[] {
  const status = new Map<string, ActionStatus>();
  const elements = new Map<string, string>();
  for (const language of others) {
    for (const code of ACTION_STATUSES) {
      const label = language.status[code]?.trim().toLowerCase();
      if (label && !status.has(label)) status.set(label, code);
    }
    for (const code of OPTIONAL_ELEMENTS) {
      const label = language.elements[code]?.trim().toLowerCase();
      if (label && !elements.has(label)) elements.set(label, code);
    }
  }
  return lines.map((line) => {
    const typedStatus = status.get(line.cells.status?.trim().toLowerCase() ?? "");
    const typedType = elements.get(line.cells.lowerType?.trim().toLowerCase() ?? "");
    if (!typedStatus && !typedType) return line;
    const cells = { ...line.cells };
    if (typedStatus) cells.status = typedStatus;
    if (typedType) cells.lowerType = typedType;
    return { line: line.line, cells };
  });
}

export function workElementType(
  text: string | undefined,
  labels: Partial<Record<string, string>>,
): OptionalElement | null {
  const wanted = (text ?? "").trim().toLowerCase();
  if (wanted === "") return null;
  for (const type of OPTIONAL_ELEMENTS)
    if (type === wanted || labels[type]?.trim().toLowerCase() === wanted) return type;
  return null;
}

export type ImportPlan =
  | { ok: true; ops: FmeaOp[]; imported: number; checks: LineCheck[] }
  | { ok: false; problem: Problem };

/**
 * The operations that import verified form lines below `targetId`: the target is the lines' next higher
 * level (a DFMEA structure element, a PFMEA process item), the focus and lower elements, functions and
 * failures are found by name below it or added, the failure net links FE -> FM -> FC, and the ratings,
 * controls and actions are written on the failures as the table writes them. Lines with problems are
 * left out and reported; nothing is sent until the caller applies the operations.
 */
export function planFormImport(
  doc: FmeaDoc,
  targetId: string | null,
  lines: FormLine[],
  ctx: EditContext,
  columnTitle: (key: string) => string,
  statusLabels: Partial<Record<ActionStatus, string>> = {},
  elementLabels: Partial<Record<string, string>> = {},
): ImportPlan {
  const target = targetId ? doc.nodes.get(targetId) : undefined;
  const variant = doc.variant;
  const fits =
    target?.kind === "stru" &&
    (variant === "design"
      ? (DESIGN_ELEMENT_TYPES as readonly string[]).includes(target.elementType ?? "")
      : target.elementType === "procItem");
  if (!target || !fits) return { ok: false, problem: { key: "importLevelMismatch" } };
  const named = lines.filter((l) => (l.cells.higherElement ?? "") !== "");
  if (named.length > 0 && named.every((l) => l.cells.higherElement !== target.name))
    return { ok: false, problem: { key: "importLevelMismatch" } };

  let work = doc;
  const ops: FmeaOp[] = [];
  const apply = (batch: FmeaOp[]) => {
    if (batch.length === 0) return;
    const applied = applyOps(work, batch);
    if (!applied.ok) throw new ImportRefused(applied.problems[0] ?? { key: "fmea.editConflict" });
    work = applied.doc;
    ops.push(...batch);
  };
  let index = childIndex(work);
  const child = (parentId: string, kinds: readonly NodeKind[], name: string): FmeaNode | undefined =>
    (index.get(parentId) ?? []).find((n) => kinds.includes(n.kind) && n.name === name);
  const ensure = (
    parent: FmeaNode,
    kind: NodeKind,
    name: string,
    elementType: ElementType | null = null,
    also: NodeKind[] = [],
  ) => {
    const found = child(parent.id, [kind, ...also], name);
    if (found) return found;
    const id = ctx.newId();
    apply([
      {
        op: "add",
        node: {
          id,
          parentId: parent.id,
          kind,
          elementType,
          name,
          ord: nextOrd(work, parent.id),
          hidden: false,
          attrs: {},
        },
      },
    ]);
    index = childIndex(work);
    return work.nodes.get(id) as FmeaNode;
  };
  const fresh = (n: FmeaNode) => work.nodes.get(n.id) as FmeaNode;
  const link = (from: FmeaNode, to: FmeaNode) => {
    for (const l of work.links.values())
      if (l.kind === "failure" && l.from === from.id && l.to === to.id) return;
    apply([{ op: "link", link: { id: ctx.newId(), kind: "failure", from: from.id, to: to.id } }]);
  };
  const rate = (node: FmeaNode, field: string, text: string | undefined) => {
    const parsed = parseRating(text);
    if (parsed.ok && parsed.value !== null)
      apply([setField(fresh(node), "assessments", field, parsed.value)]);
  };
  const focusType: ElementType =
    variant === "design" ? (target.elementType === "system" ? "subsystem" : "component") : "procStep";

  const checks: LineCheck[] = [];
  let imported = 0;
  for (const line of lines) {
    const problems = checkFormLine(line, columnTitle, statusLabels, ctx.specialClasses);
    if (line.cells.higherElement && line.cells.higherElement !== target.name)
      problems.push({ key: "importLevelMismatch" });
    const typed = line.cells.lowerType ?? "";
    if (variant === "process" && typed.trim() !== "" && !workElementType(typed, elementLabels))
      problems.push({
        key: "fmea.importWorkElementType",
        params: {
          line: line.line,
          value: typed,
          types: OPTIONAL_ELEMENTS.map((type) => elementLabels[type] ?? type).join(", "),
        },
      });
    checks.push({ line: line.line, problems });
    if (problems.length > 0) continue;
    const c = line.cells;
    // A line is imported whole or not at all.
    const before = { work, count: ops.length };
    try {
      const fnKinds: NodeKind[] = ["func", "prod", "procSpec"];
      const focus = ensure(target, "stru", c.focusElement, focusType);
      const fmFn = ensure(focus, "func", c.focusFunction || c.focusElement, null, ["prod"]);
      const fm = ensure(fmFn, "fail", c.mode);
      let fe: FmeaNode | null = null;
      if (c.effect) {
        const feFn = ensure(target, "func", c.higherFunction || target.name, null, ["prod"]);
        fe = ensure(feFn, "fail", c.effect);
        link(fe, fm);
      }
      let fc: FmeaNode | null = null;
      if (c.cause) {
        const lowerType: ElementType =
          // A PFMEA line without a 4M type makes its work element a machine.
          variant === "design" ? "component" : (workElementType(c.lowerType, elementLabels) ?? "machine");
        const lower = ensure(focus, "stru", c.lowerElement || c.cause, lowerType);
        const fcFn = ensure(
          lower,
          "func",
          c.lowerFunction || lower.name,
          null,
          fnKinds.filter((k) => k !== "func"),
        );
        fc = ensure(fcFn, "fail", c.cause);
        link(fm, fc);
      }
      const severityNode = fe ?? fm;
      const ratingNode = fc ?? fm;
      rate(severityNode, "severity", c.severity);
      // The PFMEA's three columns after S: where one is rated, S is the highest of them (applyOps).
      for (const field of SEVERITY_COLUMNS) rate(severityNode, field, c[field]);
      rate(ratingNode, "occurrence", c.occurrence);
      rate(ratingNode, "detection", c.detection);
      for (const [key, kind] of [
        ["prevention", "preMeas"],
        ["detectionControl", "findMeas"],
      ] as const)
        for (const name of (c[key] ?? "").split(/\s*(?:\n|;)\s*/).filter((n) => n !== ""))
          ensure(fresh(ratingNode), kind, name);
      const special = parseSpecial(c.special ?? "", ctx.specialClasses);
      if (special.ok && special.value)
        apply([setField(fresh(fm), "featureClassify", "specialClass", special.value)]);
      if (c.filterCode) apply([setField(fresh(fm), "customAttr", "filterCode", c.filterCode)]);
      const actionName = c.preventionAction || c.detectionAction;
      if (actionName) {
        const action = ensure(fresh(ratingNode), "optMeas", actionName);
        const type = c.preventionAction ? "prevention" : "detection";
        const status = c.status ? (parseStatus(c.status, statusLabels) ?? "open") : "open";
        const now = fresh(action);
        const attrs = now.attrs as Record<string, Record<string, unknown>>;
        const tabs: Record<string, Record<string, unknown>> = {
          status: { ...(attrs.status ?? {}), actionType: type, status },
          responsible: { ...(attrs.responsible ?? {}) },
        };
        for (const key of [
          "responsible",
          "targetDate",
          "actionTaken",
          "evidence",
          "completionDate",
          "remarks",
        ] as const) {
          const [tab, field] = ACTION_FIELDS[key];
          if (c[key]) tabs[tab] = { ...(tabs[tab] ?? attrs[tab] ?? {}), [field]: c[key] };
        }
        const newSpecial = parseSpecial(c.newSpecial ?? "", ctx.specialClasses);
        if (newSpecial.ok && newSpecial.value)
          tabs.featureClassify = { ...(attrs.featureClassify ?? {}), specialClass: newSpecial.value };
        const assessments: Record<string, unknown> = { ...(attrs.assessments ?? {}) };
        for (const [key, field] of [
          ["newSeverity", "severity"],
          ["newOccurrence", "occurrence"],
          ["newDetection", "detection"],
        ] as const) {
          const parsed = parseRating(c[key]);
          if (parsed.ok && parsed.value !== null && isRating(parsed.value)) assessments[field] = parsed.value;
        }
        if (Object.keys(assessments).length > 0) tabs.assessments = assessments;
        apply([{ op: "update", id: now.id, base: now.version, set: { attrs: tabs as FmeaNode["attrs"] } }]);
      }
      imported++;
    } catch (error) {
      if (!(error instanceof ImportRefused)) throw error;
      work = before.work;
      ops.length = before.count;
      index = childIndex(work);
      checks[checks.length - 1].problems.push(error.problem);
    }
  }
  return { ok: true, ops, imported, checks };
}

class ImportRefused extends Error {
  constructor(readonly problem: Problem) {
    super(problem.key);
  }
}
