// The data behind an editable sheet, column by column: numbers (and choice codes) in Float64Arrays with NaN
// for an empty cell, text in string arrays, and what a user typed that does not fit kept beside them as raw
// text, so a bad entry is marked, never thrown away. 400,000 rows are five typed arrays, not 400,000 objects.
// Every change goes through a few operations that record their inverse: undo and redo cover typing, paste,
// clearing, inserting, deleting and sorting rows and replacing the whole table (import, random sample).

import {
  canRedo,
  canUndo,
  noSteps,
  recordStep,
  type Steps,
  takeRedo,
  takeUndo,
} from "../../state/history.ts";
import {
  type CellMessage,
  formatValue,
  outOfRange,
  type ParsedCell,
  parseCell,
  rawMessage,
  rowRuleMessage,
  type TableSchema,
  valueMessage,
} from "./table.ts";

/** A table's contents: one entry per column key, each `rows` long; `raw` holds invalid input by row. */
export interface SheetData {
  rows: number;
  values: Record<string, Float64Array | string[]>;
  raw?: Record<string, Map<number, string>>;
}

export interface CellChange {
  row: number;
  col: number;
  /** Text or a number as typed, pasted or imported; null clears. */
  input: unknown;
}

export type SheetEvent =
  | { kind: "cells"; first: number; last: number }
  /** `reordered`: the same rows in another order (a sort, its undo or redo). */
  | { kind: "rows"; rows: number; reordered?: boolean }
  | { kind: "history" };

interface CellBefore {
  row: number;
  col: number;
  value: number | string;
  raw: string | undefined;
}

type Step =
  | { kind: "cells"; label: string; before: CellBefore[]; after: CellChange[]; rowsBefore: number }
  | { kind: "insert"; label: string; at: number; count: number }
  | { kind: "delete"; label: string; rows: number[]; removed: SheetData }
  /** `order[i]` is the row that moved to position i. */
  | { kind: "order"; label: string; order: Int32Array }
  // `after` null: the state this step left, taken from the store when the step is first undone (replace's `owned`).
  | { kind: "replace"; label: string; before: SheetData; after: SheetData | null };

const UNDO_DEPTH = 100;

export interface SheetIssue extends CellMessage {
  /** 0-based row and column index. */
  row: number;
  col: number;
}

export class SheetStore {
  readonly schema: TableSchema;
  private numbers: (Float64Array | null)[] = [];
  private texts: (string[] | null)[] = [];
  private raws: Map<number, string>[] = [];
  private length = 0;
  private history: Steps<Step> = noSteps();
  private listeners = new Set<(event: SheetEvent) => void>();
  /** Bumped on every change: a cheap "has it changed since I saved" check. */
  revision = 0;

  constructor(schema: TableSchema, data?: SheetData) {
    this.schema = schema;
    this.load(data ?? { rows: 0, values: {} });
  }

  get rows(): number {
    return this.length;
  }

  get columns() {
    return this.schema.columns;
  }

  subscribe(listener: (event: SheetEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: SheetEvent): void {
    this.revision++;
    for (const l of this.listeners) l(event);
  }

  /** `owned`: the numeric columns are the caller's to give (fresh, kept by nobody else): taken, not copied. */
  private load(data: SheetData, owned = false): void {
    const n = data.rows;
    this.length = n;
    this.numbers = [];
    this.texts = [];
    this.raws = [];
    for (const column of this.schema.columns) {
      const given = data.values[column.key];
      if (column.kind === "text") {
        const texts = Array.isArray(given) ? given.slice(0, n) : [];
        while (texts.length < n) texts.push("");
        this.texts.push(texts);
        this.numbers.push(null);
      } else {
        if (owned && given instanceof Float64Array && given.length === n && n >= 16) {
          this.numbers.push(given);
          this.texts.push(null);
          this.raws.push(new Map(data.raw?.[column.key] ?? []));
          continue;
        }
        const numbers = new Float64Array(Math.max(16, n));
        if (given instanceof Float64Array) numbers.set(given.subarray(0, n));
        else numbers.fill(Number.NaN, 0, n);
        numbers.fill(Number.NaN, n);
        this.numbers.push(numbers);
        this.texts.push(null);
      }
      this.raws.push(new Map(data.raw?.[column.key] ?? []));
    }
  }

  private ensureCapacity(rows: number): void {
    for (let c = 0; c < this.numbers.length; c++) {
      const numbers = this.numbers[c];
      if (numbers && numbers.length < rows) {
        const grown = new Float64Array(Math.max(rows, Math.ceil(numbers.length * 1.5)));
        grown.set(numbers);
        grown.fill(Number.NaN, numbers.length);
        this.numbers[c] = grown;
      }
      const texts = this.texts[c];
      if (texts) while (texts.length < rows) texts.push("");
    }
  }

  /** The stored value: a number (NaN = empty) or text. */
  value(row: number, col: number): number | string {
    if (row >= this.length) return this.schema.columns[col].kind === "text" ? "" : Number.NaN;
    const texts = this.texts[col];
    return texts ? texts[row] : (this.numbers[col] as Float64Array)[row];
  }

  /** Input kept as typed because it does not fit the column, or undefined. */
  raw(row: number, col: number): string | undefined {
    return this.raws[col].get(row);
  }

  /** The cell holds nothing (no value, no raw input); cheap enough for a pass over 400,000 rows. */
  isEmpty(row: number, col: number): boolean {
    if (row >= this.length) return true;
    if (this.raws[col].has(row)) return false;
    const texts = this.texts[col];
    return texts ? texts[row] === "" : Number.isNaN((this.numbers[col] as Float64Array)[row]);
  }

  /** What the cell shows: the raw input when there is one, else the formatted value. */
  display(row: number, col: number): string {
    const raw = this.raws[col].get(row);
    if (raw !== undefined) return raw;
    return formatValue(this.schema.columns[col], this.value(row, col));
  }

  /** The rule the cell breaks, or null. Rows past the end are empty and fine. */
  message(row: number, col: number): CellMessage | null {
    if (row >= this.length) return null;
    const column = this.schema.columns[col];
    const raw = this.raws[col].get(row);
    if (raw !== undefined) return rawMessage(column, raw);
    const own = valueMessage(column, this.value(row, col));
    if (own) return own;
    return rowRuleMessage(this.schema, column.key, (key) => {
      const c = this.schema.columns.findIndex((x) => x.key === key);
      return this.raws[c].has(row) ? Number.NaN : this.value(row, c);
    });
  }

  /** Every broken rule, row by row (stops collecting after `limit` issues; `count` is the full number). */
  issues(limit = 1000): { issues: SheetIssue[]; count: number; rows: number } {
    // One tight pass over the typed columns: 400,000 rows x 5 columns in a few milliseconds, so a check
    // before every run or save never holds the page.
    const issues: SheetIssue[] = [];
    let count = 0;
    let badRows = 0;
    const columns = this.schema.columns;
    const cols = columns.length;
    const rules = (this.schema.rowRules ?? []).map((rule) => ({
      rule,
      a: columns.findIndex((c) => c.key === rule.column),
      b: columns.findIndex((c) => c.key === rule.than),
    }));
    for (let row = 0; row < this.length; row++) {
      let bad = false;
      for (let col = 0; col < cols; col++) {
        const column = columns[col];
        const raws = this.raws[col];
        let broken: boolean;
        if (raws.size > 0 && raws.has(row)) broken = true;
        else {
          const numbers = this.numbers[col];
          if (numbers) {
            const v = numbers[row];
            if (Number.isNaN(v)) broken = column.required === true;
            else broken = outOfRange(column, v);
          } else broken = valueMessage(column, (this.texts[col] as string[])[row]) !== null;
        }
        if (!broken) continue;
        bad = true;
        count++;
        if (issues.length < limit) issues.push({ ...(this.message(row, col) as CellMessage), row, col });
      }
      for (const { a, b } of rules) {
        if (a < 0 || b < 0 || this.raws[a].has(row) || this.raws[b].has(row)) continue;
        const va = (this.numbers[a] as Float64Array)[row];
        const vb = (this.numbers[b] as Float64Array)[row];
        // A cell already counted for its own rule is not counted twice.
        if (!Number.isNaN(va) && !Number.isNaN(vb) && !(va < vb) && valueMessage(columns[a], va) === null) {
          bad = true;
          count++;
          if (issues.length < limit) issues.push({ ...(this.message(row, a) as CellMessage), row, col: a });
        }
      }
      if (bad) badRows++;
    }
    return { issues, count, rows: badRows };
  }

  /** A column's stored values for rows 0 to rows - 1 (a view: read, do not keep across changes). */
  columnValues(col: number): Float64Array | string[] {
    const texts = this.texts[col];
    return texts ? texts.slice(0, this.length) : (this.numbers[col] as Float64Array).subarray(0, this.length);
  }

  /** Rows of a column that hold input kept as typed. */
  rawRows(col: number): ReadonlyMap<number, string> {
    return this.raws[col];
  }

  private write(row: number, col: number, parsed: ParsedCell): void {
    const raws = this.raws[col];
    if ("raw" in parsed) {
      raws.set(row, parsed.raw);
      const texts = this.texts[col];
      if (texts) texts[row] = "";
      else (this.numbers[col] as Float64Array)[row] = Number.NaN;
      return;
    }
    raws.delete(row);
    const texts = this.texts[col];
    if (texts) texts[row] = String(parsed.value);
    else (this.numbers[col] as Float64Array)[row] = parsed.value as number;
  }

  private applyCells(changes: readonly CellChange[]): { first: number; last: number } {
    let first = Number.POSITIVE_INFINITY;
    let last = -1;
    let end = this.length;
    for (const c of changes) if (c.row + 1 > end) end = c.row + 1;
    if (end > this.length) {
      this.ensureCapacity(end);
      this.length = end;
    }
    for (const c of changes) {
      this.write(c.row, c.col, parseCell(this.schema.columns[c.col], c.input));
      if (c.row < first) first = c.row;
      if (c.row > last) last = c.row;
    }
    return { first, last };
  }

  private record(step: Step): void {
    this.history = recordStep(this.history, step, UNDO_DEPTH);
  }

  /** Sets cells (rows past the end extend the table); one undo step. */
  setCells(changes: readonly CellChange[], label = "edit"): void {
    if (changes.length === 0) return;
    const rowsBefore = this.length;
    const before: CellBefore[] = changes.map((c) => ({
      row: c.row,
      col: c.col,
      value: this.value(c.row, c.col),
      raw: this.raw(c.row, c.col),
    }));
    const { first, last } = this.applyCells(changes);
    this.record({ kind: "cells", label, before, after: [...changes], rowsBefore });
    this.emit(
      rowsBefore !== this.length ? { kind: "rows", rows: this.length } : { kind: "cells", first, last },
    );
  }

  private shiftRaws(from: number, by: number): void {
    for (let c = 0; c < this.raws.length; c++) {
      const moved = new Map<number, string>();
      for (const [row, text] of this.raws[c]) {
        if (row < from) moved.set(row, text);
        else if (by > 0 || row >= from - by) moved.set(row + by, text);
      }
      this.raws[c] = moved;
    }
  }

  private insertBlank(at: number, count: number): void {
    this.ensureCapacity(this.length + count);
    for (let c = 0; c < this.numbers.length; c++) {
      const numbers = this.numbers[c];
      if (numbers) {
        numbers.copyWithin(at + count, at, this.length);
        numbers.fill(Number.NaN, at, at + count);
      }
      const texts = this.texts[c];
      if (texts) texts.splice(at, 0, ...new Array<string>(count).fill(""));
    }
    this.shiftRaws(at, count);
    this.length += count;
  }

  insertRows(at: number, count = 1, label = "insertRows"): void {
    const where = Math.min(Math.max(0, at), this.length);
    if (count <= 0) return;
    this.insertBlank(where, count);
    this.record({ kind: "insert", label, at: where, count });
    this.emit({ kind: "rows", rows: this.length });
  }

  /** A copy of some rows (for undo of a delete, for export of a selection). */
  slice(rows: readonly number[]): SheetData {
    const values: SheetData["values"] = {};
    const raw: Record<string, Map<number, string>> = {};
    this.schema.columns.forEach((column, c) => {
      const texts = this.texts[c];
      if (texts) values[column.key] = rows.map((r) => texts[r] ?? "");
      else {
        const numbers = this.numbers[c] as Float64Array;
        values[column.key] = Float64Array.from(rows, (r) => (r < this.length ? numbers[r] : Number.NaN));
      }
      const m = new Map<number, string>();
      rows.forEach((r, i) => {
        const text = this.raws[c].get(r);
        if (text !== undefined) m.set(i, text);
      });
      raw[column.key] = m;
    });
    return { rows: rows.length, values, raw };
  }

  private removeRows(sorted: readonly number[]): void {
    const drop = new Uint8Array(this.length);
    for (const r of sorted) if (r < this.length) drop[r] = 1;
    const newIndex = new Int32Array(this.length);
    let k = 0;
    for (let r = 0; r < this.length; r++) newIndex[r] = drop[r] ? -1 : k++;
    for (let c = 0; c < this.numbers.length; c++) {
      const numbers = this.numbers[c];
      if (numbers) {
        for (let r = 0; r < this.length; r++) if (!drop[r]) numbers[newIndex[r]] = numbers[r];
        numbers.fill(Number.NaN, k, this.length);
      }
      const texts = this.texts[c];
      if (texts) this.texts[c] = texts.filter((_, r) => r >= this.length || !drop[r]);
      const moved = new Map<number, string>();
      for (const [row, text] of this.raws[c])
        if (row < this.length && !drop[row]) moved.set(newIndex[row], text);
      this.raws[c] = moved;
    }
    this.length = k;
  }

  private restoreRows(rows: readonly number[], removed: SheetData): void {
    // Re-insert in ascending order: each original index is where the row belongs once earlier ones are back.
    rows.forEach((row, i) => {
      this.insertBlank(row, 1);
      this.schema.columns.forEach((column, c) => {
        const values = removed.values[column.key];
        const texts = this.texts[c];
        if (texts) texts[row] = (values as string[])[i];
        else (this.numbers[c] as Float64Array)[row] = (values as Float64Array)[i];
        const raw = removed.raw?.[column.key]?.get(i);
        if (raw !== undefined) this.raws[c].set(row, raw);
      });
    });
  }

  /** Drops rows from `rows` on (undo of an edit that had extended the table). */
  private truncate(rows: number): void {
    if (rows >= this.length) return;
    for (let c = 0; c < this.numbers.length; c++) {
      this.numbers[c]?.fill(Number.NaN, rows, this.length);
      const texts = this.texts[c];
      if (texts) texts.fill("", rows, this.length);
      for (const row of [...this.raws[c].keys()]) if (row >= rows) this.raws[c].delete(row);
    }
    this.length = rows;
  }

  deleteRows(rows: readonly number[], label = "deleteRows"): void {
    const sorted = [...new Set(rows)].filter((r) => r >= 0 && r < this.length).sort((a, b) => a - b);
    if (sorted.length === 0) return;
    const removed = this.slice(sorted);
    this.removeRows(sorted);
    this.record({ kind: "delete", label, rows: sorted, removed });
    this.emit({ kind: "rows", rows: this.length });
  }

  /**
   * Keys that put the rows in order of column `col` when sorted ascending (a stable sort keeps the current
   * order among equal values): numbers as they are, choices in the order of their labels, text by the
   * locale's collation with numbers in numeric order, negated for descending. Empty cells and input kept
   * as typed get +Infinity, so they go last either way.
   */
  sortKeys(col: number, descending = false): Float64Array {
    const n = this.length;
    const keys = new Float64Array(n);
    const sign = descending ? -1 : 1;
    const column = this.schema.columns[col];
    const texts = this.texts[col];
    if (texts) {
      const distinct = [...new Set(texts.slice(0, n))].filter((t) => t !== "");
      distinct.sort(new Intl.Collator(undefined, { numeric: true }).compare);
      const rank = new Map(distinct.map((t, i) => [t, i]));
      for (let r = 0; r < n; r++) {
        const k = rank.get(texts[r]);
        keys[r] = k === undefined ? Number.POSITIVE_INFINITY : sign * k;
      }
    } else {
      const numbers = this.numbers[col] as Float64Array;
      let rankOf: Map<number, number> | null = null;
      if (column.kind === "enum" && column.options) {
        const byLabel = [...column.options].sort((a, b) => a.label.localeCompare(b.label));
        rankOf = new Map(byLabel.map((o, i) => [o.code, i]));
      }
      for (let r = 0; r < n; r++) {
        const v = numbers[r];
        const k = rankOf ? rankOf.get(v) : v;
        keys[r] = k === undefined || Number.isNaN(k) ? Number.POSITIVE_INFINITY : sign * k;
      }
    }
    for (const row of this.raws[col].keys()) if (row < n) keys[row] = Number.POSITIVE_INFINITY;
    return keys;
  }

  /** Puts the rows in the order `order` gives (`order[i]` is the row to show at i, each row once); one undo step. */
  reorder(order: Int32Array, label = "sort"): void {
    if (order.length !== this.length) throw new Error(`An order of ${order.length} rows for ${this.length}`);
    const seen = new Uint8Array(this.length);
    for (const r of order) {
      if (!(r >= 0 && r < this.length) || seen[r])
        throw new Error(`Not a permutation of ${this.length} rows`);
      seen[r] = 1;
    }
    this.applyOrder(order);
    this.record({ kind: "order", label, order });
    this.emit({ kind: "rows", rows: this.length, reordered: true });
  }

  private applyOrder(order: Int32Array): void {
    const n = this.length;
    const newIndex = new Int32Array(n);
    for (let i = 0; i < n; i++) newIndex[order[i]] = i;
    for (let c = 0; c < this.numbers.length; c++) {
      const numbers = this.numbers[c];
      if (numbers) {
        const old = numbers.slice(0, n);
        for (let i = 0; i < n; i++) numbers[i] = old[order[i]];
      }
      const texts = this.texts[c];
      if (texts) {
        const old = texts.slice(0, n);
        for (let i = 0; i < n; i++) texts[i] = old[order[i]];
      }
      const moved = new Map<number, string>();
      for (const [row, text] of this.raws[c]) moved.set(row < n ? newIndex[row] : row, text);
      this.raws[c] = moved;
    }
  }

  /** The whole table (typed arrays trimmed to the row count, copies) with its raw input. */
  snapshot(): SheetData {
    const values: SheetData["values"] = {};
    const raw: Record<string, Map<number, string>> = {};
    this.schema.columns.forEach((column, c) => {
      const texts = this.texts[c];
      values[column.key] = texts
        ? texts.slice(0, this.length)
        : (this.numbers[c] as Float64Array).slice(0, this.length);
      raw[column.key] = new Map(this.raws[c]);
    });
    return { rows: this.length, values, raw };
  }

  /**
   * Replaces everything (import, random sample, a new data set); one undo step. `owned`: `data`'s numeric columns
   * are the caller's to give (fresh from the spreadsheet worker, kept by nobody else), so nothing is copied on the
   * main thread: the store takes them, the arrays it held become the step's `before` (released, not copied), and
   * the step's `after` is taken from the store when the step is first undone (the history is linear: the store
   * then holds exactly what this step left). A 400,000-row import over a 400,000-row sheet copied both tables
   * in the task that received it.
   */
  replace(data: SheetData, label = "replace", owned = false): void {
    const before = owned ? this.release() : this.snapshot();
    this.load(data, owned);
    this.record({ kind: "replace", label, before, after: owned ? null : data });
    this.emit({ kind: "rows", rows: this.length });
  }

  /**
   * The table as the store holds it (views of its own arrays, no copies), for a step that is about to replace
   * them all: the store keeps none of them.
   */
  private release(): SheetData {
    const values: SheetData["values"] = {};
    const raw: Record<string, Map<number, string>> = {};
    this.schema.columns.forEach((column, c) => {
      const texts = this.texts[c];
      if (texts) texts.length = this.length;
      values[column.key] = texts ?? (this.numbers[c] as Float64Array).subarray(0, this.length);
      raw[column.key] = this.raws[c];
    });
    return { rows: this.length, values, raw };
  }

  /**
   * Replaces everything and forgets the history (opening another data set). With `owned` the numeric
   * columns are taken as they are (a 400,000-row set opens without copying them again).
   */
  reset(data: SheetData, owned = false): void {
    this.load(data, owned);
    this.history = noSteps();
    this.emit({ kind: "rows", rows: this.length });
  }

  get canUndo(): boolean {
    return canUndo(this.history);
  }

  get canRedo(): boolean {
    return canRedo(this.history);
  }

  /** Label of the step undo would revert. */
  get undoLabel(): string | undefined {
    return this.history.past.at(-1)?.label;
  }

  get redoLabel(): string | undefined {
    return this.history.future[0]?.label;
  }

  undo(): boolean {
    const taken = takeUndo(this.history);
    if (!taken) return false;
    const { step } = taken;
    this.history = taken.steps;
    if (step.kind === "cells") {
      for (let i = step.before.length - 1; i >= 0; i--) {
        const b = step.before[i];
        this.write(b.row, b.col, b.raw !== undefined ? { raw: b.raw } : { value: b.value });
      }
      this.truncate(step.rowsBefore);
    } else if (step.kind === "insert") {
      this.removeRows(Array.from({ length: step.count }, (_, i) => step.at + i));
    } else if (step.kind === "delete") {
      this.restoreRows(step.rows, step.removed);
    } else if (step.kind === "order") {
      const inverse = new Int32Array(step.order.length);
      step.order.forEach((row, i) => {
        inverse[row] = i;
      });
      this.applyOrder(inverse);
    } else {
      // The step object is the history's own: the state taken here serves every later redo and undo.
      if (step.after === null) step.after = this.release();
      this.load(step.before);
    }
    this.emit({ kind: "rows", rows: this.length, reordered: step.kind === "order" });
    return true;
  }

  redo(): boolean {
    const taken = takeRedo(this.history);
    if (!taken) return false;
    const { step } = taken;
    this.history = taken.steps;
    if (step.kind === "cells") this.applyCells(step.after);
    else if (step.kind === "insert") this.insertBlank(step.at, step.count);
    else if (step.kind === "delete") this.removeRows(step.rows);
    else if (step.kind === "order") this.applyOrder(step.order);
    else this.load(step.after as SheetData);
    this.emit({ kind: "rows", rows: this.length, reordered: step.kind === "order" });
    return true;
  }
}
