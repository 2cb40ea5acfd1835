// The risk table's rows and the sheet that shows them. The rows are derived from the FMEA document (form A,
// shared/fmea/form.ts) and filtered and sorted by the view; the sheet is the shared data sheet's store with
// its writes turned into FMEA operations: a typed cell becomes an edit of the node the trees show, sent as
// the trees' edits are (store.ts), and undo and redo are the FMEA's one history. Input that breaks a rule
// (an O of 11, a date that is no date) stays in its cell as typed, marked with its message, until replaced.

import i18n from "i18next";
import { type SpecialCharacteristic, specialCell, specialClassOf } from "../../../shared/fmea/config.ts";
import {
  CONTROL_PLAN_FIELDS,
  type ControlPlanField,
  type ControlPlanLine,
  controlPlanOps,
} from "../../../shared/fmea/control-plan.ts";
import {
  type CellEdit,
  cellOps,
  cellText,
  columnValue,
  type EditContext,
  type FormColumn,
  type FormRow,
  refreshRow,
} from "../../../shared/fmea/form.ts";
import type { FmeaNode } from "../../../shared/fmea/model.ts";
import { ACTION_STATUSES, type ActionStatus, rerateChain } from "../../../shared/fmea/risk.ts";
import { type Applied, applyOps, type FmeaDoc, type FmeaOp } from "../../../shared/fmea/tree.ts";
import type { Problem } from "../../../shared/problem.ts";
import { type CellChange, SheetStore } from "../../components/spreadsheet/store.ts";
import type { CellMessage, TableColumn } from "../../components/spreadsheet/table.ts";

/** The node is where it was, as what it was: only its name or attributes may differ (a rows-only change). */
export function samePlace(a: FmeaNode, b: FmeaNode): boolean {
  return (
    a.parentId === b.parentId &&
    a.ord === b.ord &&
    a.kind === b.kind &&
    a.elementType === b.elementType &&
    a.hidden === b.hidden
  );
}

export const SORT_KEYS = ["none", "ap", "severity", "status", "responsible", "special"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface TableView {
  sort: SortKey;
  ap: "" | "H" | "M" | "L";
  /** Rows whose worst S is at least this (0: all). */
  minSeverity: number;
  status: "" | ActionStatus;
  responsible: string;
  /** "" all, "*" any marked, else one class (its name; a mark no class has, as stored). */
  special: string;
  rpn: boolean;
}

export const DEFAULT_VIEW: TableView = {
  sort: "none",
  ap: "",
  minSeverity: 0,
  status: "",
  responsible: "",
  special: "",
  rpn: false,
};

const AP_ORDER: Record<string, number> = { H: 0, M: 1, L: 2 };

/** The class a stored special characteristic belongs to, by name (the stored text where no class has it). */
export function specialKey(classes: readonly SpecialCharacteristic[], stored: string): string {
  return specialClassOf(classes, stored)?.name ?? stored;
}

/**
 * The rows the view shows, in its order (a stable sort: equal rows keep form A's order). `classes`: the
 * configuration's special characteristic classes, so a class is found by its name or its mark.
 */
export function viewRows(
  rows: readonly FormRow[],
  view: TableView,
  classes: readonly SpecialCharacteristic[] = [],
): FormRow[] {
  const who = view.responsible.trim().toLowerCase();
  // The form as it is (the usual view): no pass over every line after each edit.
  if (!view.ap && view.minSeverity <= 0 && !view.status && !who && !view.special && view.sort === "none")
    return rows.slice();
  const out = rows.filter((r) => {
    if (view.ap && r.chain.ap !== view.ap) return false;
    if (view.minSeverity > 0 && (r.chain.sWorst ?? 0) < view.minSeverity) return false;
    if (view.status && r.action?.status !== view.status) return false;
    if (who && !(r.action?.responsible ?? "").toLowerCase().includes(who)) return false;
    if (view.special === "*" && r.chain.special === "") return false;
    if (view.special && view.special !== "*" && specialKey(classes, r.chain.special) !== view.special)
      return false;
    return true;
  });
  const key = (r: FormRow): number | string => {
    switch (view.sort) {
      case "ap":
        return AP_ORDER[r.chain.ap ?? ""] ?? 3;
      case "severity":
        return -(r.chain.sWorst ?? 0);
      case "status":
        return r.action ? ACTION_STATUSES.indexOf(r.action.status) : ACTION_STATUSES.length;
      case "responsible":
        return r.action?.responsible || "\uffff";
      case "special":
        return r.chain.special ? 0 : 1;
      default:
        return 0;
    }
  };
  if (view.sort === "none") return out;
  const keyed = out.map((r, i) => ({ r, i, k: key(r) }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i));
  return keyed.map((x) => x.r);
}

/**
 * The nodes whose name or attributes changed from `before` to `after`, or null when anything structural
 * changed (a node added, removed or moved, a link added or removed): then every chain is derived again.
 */
export function attributeChanges(before: FmeaDoc, after: FmeaDoc): Set<string> | null {
  if (before.variant !== after.variant) return null;
  if (before.nodes.size !== after.nodes.size || before.links.size !== after.links.size) return null;
  for (const [id, link] of after.links) if (before.links.get(id) !== link) return null;
  const changed = new Set<string>();
  for (const [id, node] of after.nodes) {
    const old = before.nodes.get(id);
    if (old === node) continue;
    if (!old || !samePlace(old, node)) return null;
    changed.add(id);
  }
  return changed;
}

function chainNodeIds(chain: FormRow["chain"]): string[] {
  const ids = [chain.fm.id, ...chain.effectIds];
  for (const n of [
    chain.fe,
    chain.fc,
    chain.feFunction,
    chain.fmFunction,
    chain.fcFunction,
    chain.feElement,
    chain.fmElement,
    chain.fcElement,
  ])
    if (n) ids.push(n.id);
  for (const n of chain.prevention) ids.push(n.id);
  for (const n of chain.detection) ids.push(n.id);
  for (const a of chain.actions) ids.push(a.node.id);
  return ids;
}

/** Where each node shows in a form: the failure modes whose lines read it, and each mode's lines. */
interface RowIndex {
  modesOf: Map<string, string[]>;
  linesOf: Map<string, number[]>;
}

/**
 * Built for a freshly derived form while the page is idle (`warmRowIndex`), else on its first patch, and handed
 * on to the patched rows (same lines, same nodes, in place).
 */
const rowIndexes = new WeakMap<readonly FormRow[], RowIndex>();

/** Builds the index of `rows` when the page is next idle, so the first edit does not pay for it. */
export function warmRowIndex(rows: readonly FormRow[]): void {
  const build = () => void rowIndex(rows);
  if (typeof requestIdleCallback === "function") requestIdleCallback(build, { timeout: 2000 });
  else setTimeout(build, 0);
}

function rowIndex(rows: readonly FormRow[]): RowIndex {
  const known = rowIndexes.get(rows);
  if (known) return known;
  const modesOf = new Map<string, string[]>();
  const linesOf = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const mode = row.chain.fm.id;
    const lines = linesOf.get(mode);
    if (lines) {
      lines.push(i);
      // The lines of one chain (one per action) read the same nodes: indexed once.
      if (row.chain === rows[i - 1]?.chain) return;
    } else linesOf.set(mode, [i]);
    for (const id of chainNodeIds(row.chain)) {
      const modes = modesOf.get(id);
      if (!modes) modesOf.set(id, [mode]);
      else if (!modes.includes(mode)) modes.push(mode);
    }
  });
  const index = { modesOf, linesOf };
  rowIndexes.set(rows, index);
  return index;
}

/**
 * The form rows of `after` from those of `before` when only the nodes `changed` were renamed or re-rated:
 * every chain of a mode that touches one of them is rated again (a new S on one effect changes the worst S
 * of all the mode's lines); the others are kept. Answers the keys of the rows that may show other text.
 * Found through an index of the rows' nodes, so an edit costs its own lines, not a pass over the form.
 */
export function patchRows(rows: readonly FormRow[], after: FmeaDoc, changed: ReadonlySet<string>) {
  const index = rowIndex(rows);
  const modes = new Set<string>();
  for (const id of changed) for (const mode of index.modesOf.get(id) ?? []) modes.add(mode);
  const again = new Map<string, FormRow["chain"]>();
  const keys = new Set<string>();
  const out = rows.slice();
  for (const mode of modes)
    for (const i of index.linesOf.get(mode) ?? []) {
      const row = rows[i];
      let chain = again.get(row.chain.key);
      if (!chain) {
        chain = rerateChain(row.chain, after);
        again.set(row.chain.key, chain);
      }
      keys.add(row.key);
      const id = row.action?.node.id;
      out[i] = {
        key: row.key,
        chain,
        action: id ? (chain.actions.find((a) => a.node.id === id) ?? null) : null,
      };
    }
  rowIndexes.set(out, index);
  return { rows: out, keys };
}

/** The severity columns: S, the PFMEA's three S columns and the re-rated S. */
const SEVERITY_COLUMNS: ReadonlySet<string> = new Set([
  "severity",
  "severityPlant",
  "severityShipTo",
  "severityEndUser",
  "newSeverity",
]);

/** The sheet's column schema: ratings as whole numbers with spec 5's message of their column, the rest as text. */
export function sheetColumns(columns: readonly FormColumn[]): TableColumn[] {
  return columns.map((c) =>
    c.kind === "rating"
      ? {
          key: c.key,
          kind: "integer",
          headers: [c.key],
          invalidKey: SEVERITY_COLUMNS.has(c.key) ? "messages:fmea.severityRange" : "messages:oAndDRange",
        }
      : { key: c.key, kind: "text", headers: [c.key] },
  );
}

export interface SheetHost {
  doc(): FmeaDoc;
  /** Sends the operations as one edit (one undo step); false when refused. */
  edit(ops: FmeaOp[], applied?: Applied): boolean;
  undo(): void;
  redo(): void;
  canUndo(): boolean;
  canRedo(): boolean;
  newId(): string;
  /** Told of a refused cell (the first of a paste). */
  refused(problem: Problem): void;
}

/** What a sheet of FMEA-derived rows needs: each cell's text and the operations its edit makes. */
export interface SheetRows<R extends { key: string }> {
  columns: readonly TableColumn[];
  text(row: R, key: string): string;
  ops(doc: FmeaDoc, row: R, key: string, input: unknown): CellEdit;
  /** The row with its nodes as `doc` holds them (for pastes of several cells of one row). */
  refresh?(row: R, doc: FmeaDoc): R;
  cellClass?(rows: readonly R[], index: number, key: string): string | undefined;
}

/**
 * The shared data sheet's store over rows derived from the FMEA. Cells are never written here directly:
 * `setCells` turns them into FMEA operations, and the rows come back through `show` once the document
 * changed.
 */
export class NodeSheet<R extends { key: string }> extends SheetStore {
  private shown: R[] = [];
  /**
   * Where each shown row's key is. Built when rows are shown (loading, a structural edit), so an edit's patch
   * finds its few lines without a pass over every line: the first edit used to pay for hashing each of the
   * form's keys (thousands of strings made by concatenation, flattened on their first hash).
   */
  private positions = new Map<string, number>();
  /** Input kept as typed because it broke a rule: by row key and column key, with its message. */
  private kept = new Map<string, { text: string; message: CellMessage }>();
  /** When the last edit sent from this sheet was typed (performance.now()), until its rows are shown. */
  private editStart: number | null = null;

  constructor(
    private readonly spec: SheetRows<R>,
    private readonly host: SheetHost,
  ) {
    super({ columns: spec.columns });
  }

  row(index: number): R | undefined {
    return this.shown[index];
  }

  get shownRows(): readonly R[] {
    return this.shown;
  }

  /** Shows these rows (the view's rows of the current document). */
  show(rows: R[]): void {
    this.shown = rows;
    this.positions = new Map(rows.map((r, i) => [r.key, i]));
    const values: Record<string, string[] | Float64Array> = {};
    const raw: Record<string, Map<number, string>> = {};
    for (const column of this.spec.columns) {
      if (column.kind === "integer") {
        const numbers = new Float64Array(rows.length);
        rows.forEach((r, i) => {
          const text = this.spec.text(r, column.key);
          numbers[i] = text === "" ? Number.NaN : Number(text);
        });
        values[column.key] = numbers;
      } else values[column.key] = rows.map((r) => this.spec.text(r, column.key));
      raw[column.key] = new Map();
    }
    if (this.kept.size > 0)
      rows.forEach((r, i) => {
        for (const column of this.spec.columns) {
          const kept = this.kept.get(`${r.key}\u0000${column.key}`);
          if (kept) raw[column.key].set(i, kept.text);
        }
      });
    this.reset({ rows: rows.length, values, raw });
  }

  /**
   * Shows `rows` where only the lines `keys` may have other text: those cells are written in place (one
   * repaint of the lines on screen) when the lines are the same in the same order, else all are shown again.
   */
  patch(rows: R[], keys: ReadonlySet<string>): void {
    const same = rows.length === this.shown.length && rows.every((r, i) => r.key === this.shown[i].key);
    if (!same) {
      this.show(rows);
      return;
    }
    this.shown = rows;
    // The same keys in the same places: the positions stand.
    const changes: CellChange[] = [];
    for (const key of keys) {
      const row = this.positions.get(key);
      if (row === undefined) continue;
      const r = rows[row];
      this.spec.columns.forEach((column, col) => {
        // Input kept as typed stays; a cell whose kept input was since replaced shows its value again.
        if (this.kept.has(`${r.key}\u0000${column.key}`)) return;
        const text = this.spec.text(r, column.key);
        if (text !== this.display(row, col) || this.raw(row, col) !== undefined)
          changes.push({ row, col, input: text === "" ? null : text });
      });
    }
    if (changes.length > 0) super.setCells(changes, "patch");
  }

  /** The time the edit whose rows are now shown was typed, once (null when none is waiting). */
  takeEditStart(): number | null {
    const started = this.editStart;
    this.editStart = null;
    return started;
  }

  override message(row: number, col: number): CellMessage | null {
    const r = this.shown[row];
    if (!r || this.kept.size === 0) return null;
    return this.kept.get(`${r.key}\u0000${this.spec.columns[col].key}`)?.message ?? null;
  }

  override setCells(changes: readonly CellChange[]): void {
    const started = performance.now();
    const start = this.host.doc();
    let work = start;
    // The cells accepted so far as one batch on `start`, handed to the store, which need not apply it again.
    let batch: Applied | undefined;
    const ops: FmeaOp[] = [];
    let firstProblem: Problem | null = null;
    let keptChanged = false;
    for (const change of changes) {
      const original = this.shown[change.row];
      const column = this.spec.columns[change.col];
      if (!original || !column) continue;
      const id = `${original.key}\u0000${column.key}`;
      const row = this.spec.refresh ? this.spec.refresh(original, work) : original;
      const result = this.spec.ops(work, row, column.key, change.input);
      if (!result.ok) {
        firstProblem ??= result.problem;
        const text = change.input === null || change.input === undefined ? "" : String(change.input);
        this.kept.set(id, {
          text,
          message: { key: `messages:${result.problem.key}`, params: result.problem.params },
        });
        keptChanged = true;
        continue;
      }
      if (this.kept.delete(id)) keptChanged = true;
      if (result.ops.length === 0) continue;
      const applied = applyOps(start, result.ops, batch);
      if (!applied.ok) {
        firstProblem ??= applied.problems[0] ?? { key: "fmea.editConflict" };
        continue;
      }
      batch = { from: start, doc: applied.doc, changes: applied.changes };
      work = applied.doc;
      ops.push(...result.ops);
    }
    if (firstProblem) this.host.refused(firstProblem);
    if (ops.length > 0) {
      this.editStart = started;
      if (this.host.edit(ops, batch)) return; // the document's change shows the rows again
      this.editStart = null;
    }
    if (keptChanged) this.show(this.shown);
  }

  override undo(): boolean {
    if (!this.host.canUndo()) return false;
    this.host.undo();
    return true;
  }

  override redo(): boolean {
    if (!this.host.canRedo()) return false;
    this.host.redo();
    return true;
  }

  override get canUndo(): boolean {
    return this.host.canUndo();
  }

  override get canRedo(): boolean {
    return this.host.canRedo();
  }

  // Rows are failure chains or characteristics: they are added and removed in the trees.
  override insertRows(): void {}
  override deleteRows(): void {}

  /** The sheet's own sort: the rows in that order until the document or the view changes. */
  override reorder(order: Int32Array): void {
    this.show(Array.from(order, (i) => this.shown[i]));
  }

  cellClass(row: number, col: number): string | undefined {
    const column = this.spec.columns[col];
    return column && this.spec.cellClass ? this.spec.cellClass(this.shown, row, column.key) : undefined;
  }
}

/** The form's special characteristic columns (the risk analysis's, and the one re-rated with an action). */
const SPECIAL_KEYS = new Set(["special", "newSpecial"]);

/**
 * The classes of a special characteristic cell whose class is marked by an icon: `fmea-sc-icon` and the
 * class's own `fmea-sc-icon-<n>`, whose image `SpecialIconStyle` (FmeaTable.tsx) names.
 */
export function specialIconClass(
  classes: readonly SpecialCharacteristic[] | undefined,
  stored: string,
): string | undefined {
  if (!classes || stored === "") return undefined;
  const { icon } = specialCell(classes, stored);
  return icon === null ? undefined : `fmea-sc-icon fmea-sc-icon-${icon}`;
}

/** The style rules that draw each icon-marked class's image (the file the configuration stored). */
export function specialIconRules(classes: readonly SpecialCharacteristic[]): string {
  return classes
    .map((c, i) =>
      // The file is a UUID (the configuration's schema), so it needs no escaping in the URL.
      c.icon ? `.data-sheet .fmea-sc-icon-${i}{--fmea-sc-icon:url("/api/file/${c.icon.file}?inline=1")}` : "",
    )
    .join("");
}

/**
 * The element types' names in the user's language (the PFMEA's 4M type column, in the sheet and the
 * workbook; a new grid is drawn for another language).
 */
export function elementLabels(): Partial<Record<string, string>> {
  const labels = i18n.t("fmea:elements", { returnObjects: true });
  return typeof labels === "object" && labels !== null ? (labels as Record<string, string>) : {};
}

/**
 * Form A as a sheet: cells from form.ts, merged parent cells, AP colours; special characteristics shown by
 * their class's mark (`ids.specialClasses`, the configuration's, also checks what is typed).
 */
export function formSheetRows(
  columns: readonly FormColumn[],
  ids: EditContext,
  statusLabels: () => Partial<Record<ActionStatus, string>>,
  elementNames: () => Partial<Record<string, string>> = elementLabels,
): SheetRows<FormRow> {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return {
    columns: sheetColumns(columns),
    text: (row, key) => {
      const column = byKey.get(key);
      if (column?.attribute) return String(columnValue(row, column) ?? "");
      const text = cellText(row, key);
      if (SPECIAL_KEYS.has(key) && text && ids.specialClasses)
        return specialCell(ids.specialClasses, text).text;
      if (key === "lowerType" && text) return elementNames()[text] ?? text;
      return key === "status" && text ? (statusLabels()[text as ActionStatus] ?? text) : text;
    },
    ops: (work, row, key, input) => cellOps(work, row, key, input, ids, statusLabels()),
    refresh: (row, work) => refreshRow(row, work),
    cellClass: (rows, index, key) => {
      const column = byKey.get(key);
      const r = rows[index];
      if (!r || !column) return undefined;
      if (SPECIAL_KEYS.has(key)) return specialIconClass(ids.specialClasses, cellText(r, key));
      if (key === "ap" || key === "newAp") {
        const text = cellText(r, key);
        return text ? `fmea-ap fmea-ap-${text.replace(/[()]/g, "")}` : undefined;
      }
      if (column.merge && index > 0) {
        const node = column.node?.(r);
        if (node && node.id === column.node?.(rows[index - 1])?.id) return "fmea-merged";
      }
      return column.group === "structure" || column.group === "function" ? "fmea-parent-cell" : undefined;
    },
  };
}

/** The control plan as a sheet: its cells written back to the characteristic's nodes, classes by mark. */
export function controlPlanSheetRows(ids: EditContext): SheetRows<ControlPlanLine> {
  return {
    columns: CONTROL_PLAN_FIELDS.map((key) => ({ key, kind: "text", headers: [key] }) as TableColumn),
    text: (line, key) => {
      const text = String(line[key as ControlPlanField] ?? "");
      return key === "specialClass" && text && ids.specialClasses
        ? specialCell(ids.specialClasses, text).text
        : text;
    },
    ops: (work, line, key, input) => controlPlanOps(work, line, key as ControlPlanField, input, ids),
    cellClass: (rows, index, key) => {
      if (key === "specialClass")
        return specialIconClass(ids.specialClasses, rows[index]?.specialClass ?? "");
      return (key === "processNo" || key === "processName" || key === "machine") &&
        index > 0 &&
        rows[index - 1].step.id === rows[index].step.id
        ? "fmea-merged"
        : undefined;
    },
  };
}
