// The dictionary screen's state and work (/fmeaDictionary): the list's kind, the open dictionary as a sheet (one
// SheetStore per open dictionary, its own undo), save with the revision it was based on, the xlsx/CSV import
// through the spreadsheet worker (progress, cancel, every row kept with its bad cells marked, a per-line report
// of the cells' messages and the rows' rules), xlsx export, and the search of the open dictionary's rows.
// Kept at module level, so a visit to another tab and back finds the same dictionary and unsaved rows.
import { signal } from "@preact/signals-react";
import type { Problem } from "../../../shared/problem.ts";
import type { AnalysisMeta } from "../../../shared/schemas/analyses.ts";
import {
  DICTIONARY_KINDS,
  DICTIONARY_MAX_ROWS,
  type DictionaryBodyInput,
  type DictionaryKind,
} from "../../../shared/schemas/dictionary.ts";
import { dictionaryStore } from "../../api/dictionary.ts";
import { ApiError } from "../../api/http.ts";
import { confirmDialog } from "../../components/confirm.tsx";
import type { ImportReportView, ReportLine } from "../../components/ImportReportDialog.tsx";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import {
  downloadBlob,
  MIME,
  readTableFile,
  safeFileName,
  writeTable,
} from "../../components/spreadsheet/client.ts";
import { SheetStore } from "../../components/spreadsheet/store.ts";
import { i18n } from "../../i18n.ts";
import { offerDictionaryDraft } from "./drafts.ts";
import { dropSuggestions } from "./index-store.ts";
import { DICTIONARY_SCHEMAS, entriesToSheet, rowProblems, sheetToEntries } from "./sheets.ts";

const t = (key: string, params?: Record<string, unknown>) => String(i18n.t(key, params ?? {}));

export interface OpenDictionary {
  id: number;
  name: string;
  kind: DictionaryKind;
  description: string;
  version: number;
  compilerUserId: number;
  sheet: SheetStore;
  /** The sheet's revision when last stored. */
  savedRevision: number;
}

export const listKind = signal<DictionaryKind>("failure");
export const current = signal<OpenDictionary | null>(null);
/** Bumped when the open sheet changes, so the screen redraws its unsaved mark and search hits. */
export const sheetRevision = signal(0);
export const importing = signal<AbortController | null>(null);
export const importReport = signal<ImportReportView | null>(null);
/** Bumped after a create, save, copy or delete: the list reads the server again. */
export const listVersion = signal(0);

let unsubscribe: (() => void) | null = null;

function show(doc: OpenDictionary | null): void {
  unsubscribe?.();
  unsubscribe = null;
  current.value = doc;
  if (doc) unsubscribe = doc.sheet.subscribe(() => sheetRevision.value++);
  sheetRevision.value++;
}

export function isDirty(doc: OpenDictionary | null = current.value): boolean {
  return !!doc && doc.sheet.revision !== doc.savedRevision;
}

export function columnTitle(kind: DictionaryKind, key: string): string {
  return t(`dictionary:columns.${kind}.${key}`);
}

/**
 * True when the open dictionary may be replaced: nothing unsaved, or the user agrees to drop it (its draft goes
 * too: the work was thrown away on purpose).
 */
export async function mayLeave(): Promise<boolean> {
  const doc = current.value;
  if (!isDirty(doc)) return true;
  return confirmDialog({
    title: t("dictionary:commands.close"),
    message: t("dictionary:editor.discard", { name: doc?.name ?? "" }),
    tone: "danger",
  });
}

export async function openDictionary(id: number): Promise<void> {
  if (current.value?.id === id && isDirty()) return;
  if (!(await mayLeave())) return;
  const doc = (await dictionaryStore.get(id)).data;
  const body = doc.body;
  const kind = body.kind;
  const sheet = new SheetStore(DICTIONARY_SCHEMAS[kind], entriesToSheet(kind, body.entries ?? []));
  listKind.value = kind;
  show({
    id: doc.id,
    name: doc.name,
    kind,
    description: body.description ?? "",
    version: doc.version,
    compilerUserId: doc.compilerUserId,
    sheet,
    savedRevision: sheet.revision,
  });
  const opened = current.value;
  if (opened) await offerDictionaryDraft(opened);
}

/** A new, empty dictionary of `kind`, stored at once (so the team sees it) and opened. */
export async function createDictionary(kind: DictionaryKind): Promise<void> {
  if (!(await mayLeave())) return;
  const stamp = new Date().toISOString().slice(0, 16).replace("T", " ");
  const created = await dictionaryStore.create({
    name: t(`dictionary:newName.${kind}`, { stamp }),
    body: { kind, description: "", entries: [] },
  });
  listVersion.value++;
  dropSuggestions();
  await openDictionary(created.data.id);
}

/** A kept bad cell or a row rule stops the save, naming the row and column; the cell gets the focus. */
export function firstProblem(doc: OpenDictionary): { row: number; column: string; text: string } | null {
  const { issues } = doc.sheet.issues(1);
  const cell = issues[0];
  if (cell)
    return {
      row: cell.row,
      column: doc.sheet.columns[cell.col].key,
      text: t(cell.key, { ...(cell.params ?? {}) }),
    };
  const rule = rowProblems(doc.kind, doc.sheet.snapshot()).find((p) => p.severity !== "warning");
  if (rule)
    return { row: Number(rule.where?.[0]), column: String(rule.where?.[1]), text: problemMessage(rule) };
  return null;
}

export async function save(focusCell?: (row: number, column: string) => void): Promise<boolean> {
  const doc = current.value;
  if (!doc) return false;
  const problem = firstProblem(doc);
  if (problem) {
    message.warning(
      t("dictionary:save.fixFirst", {
        row: problem.row + 1,
        column: columnTitle(doc.kind, problem.column),
        message: problem.text,
      }),
    );
    focusCell?.(problem.row, problem.column);
    return false;
  }
  const revision = doc.sheet.revision;
  const body = {
    kind: doc.kind,
    description: doc.description,
    entries: sheetToEntries(doc.kind, doc.sheet.snapshot()),
  } as DictionaryBodyInput;
  try {
    const saved = await dictionaryStore.update(doc.id, { version: doc.version, name: doc.name, body });
    if (current.value?.id === doc.id)
      current.value = { ...doc, version: saved.data.version, savedRevision: revision };
    sheetRevision.value++;
    listVersion.value++;
    dropSuggestions();
    message.success(t("dictionary:save.saved", { name: doc.name }));
    return true;
  } catch (error) {
    if (error instanceof ApiError && !error.reported) message.warning(error.message);
    return false;
  }
}

export function rename(name: string): void {
  const doc = current.value;
  if (doc && doc.name !== name) {
    current.value = { ...doc, name, savedRevision: -1 };
    sheetRevision.value++;
  }
}

export function setDescription(description: string): void {
  const doc = current.value;
  if (doc && doc.description !== description) {
    current.value = { ...doc, description, savedRevision: -1 };
    sheetRevision.value++;
  }
}

export async function closeDictionary(): Promise<void> {
  if (await mayLeave()) show(null);
}

export async function afterListChange(meta: Pick<AnalysisMeta, "id">, deleted: boolean): Promise<void> {
  listVersion.value++;
  dropSuggestions();
  if (deleted && current.value?.id === meta.id) show(null);
}

function pickFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = accept;
    input.addEventListener("change", () => resolve(input.files?.[0] ?? null));
    input.addEventListener("cancel", () => resolve(null));
    input.click();
  });
}

/** The import's lines: the worker's cell messages and the row rules, by the file's line. */
export function importLines(
  kind: DictionaryKind,
  read: Awaited<ReturnType<typeof readTableFile>>,
): ReportLine[] {
  const cell = (severity: "error" | "warning") => (i: (typeof read.report.issues)[number]) => ({
    line: i.line,
    column: i.column ? columnTitle(kind, i.column) : "",
    text: t(i.key, { ...(i.params ?? {}) }),
    severity,
  });
  const rules = rowProblems(kind, read.data, (r) => read.lines[r]).map((p: Problem) => ({
    line: read.lines[Number(p.where?.[0])],
    column: columnTitle(kind, String(p.where?.[1] ?? "")),
    text: problemMessage(p),
    severity: p.severity === "warning" ? ("warning" as const) : ("error" as const),
  }));
  return [
    ...read.report.issues.map(cell("error")),
    ...read.report.warnings.map(cell("warning")),
    ...rules,
  ].sort((a, b) => a.line - b.line);
}

/**
 * Imports a file into the open dictionary (spec: xlsx up to 10,000 rows, per-line messages): the rows replace the
 * sheet's as one undo step, every row kept, bad cells marked; the report lists each problem with its line.
 */
export async function importFile(file?: File | null): Promise<void> {
  const doc = current.value;
  if (!doc) {
    message.warning(t("dictionary:import.openFirst"));
    return;
  }
  const f = file ?? (await pickFile(".xlsx,.xls,.csv,.tsv"));
  if (!f) return;
  const controller = new AbortController();
  importing.value = controller;
  try {
    const read = await readTableFile(
      f,
      DICTIONARY_SCHEMAS[doc.kind],
      { maxRows: DICTIONARY_MAX_ROWS, issueLimit: 500 },
      { signal: controller.signal },
    );
    const fatal = read.report.fatal;
    const lines = fatal ? [] : importLines(doc.kind, read);
    if (!fatal) doc.sheet.replace(read.data, "import");
    const shown = lines.slice(0, 500);
    importReport.value = {
      file: f.name,
      // The rows taken into the sheet (a file past the limit has more; the report says how many were left out).
      rowsRead: read.data.rows,
      rejected: read.report.rejected,
      lines: shown,
      total:
        read.report.issueCount +
        read.report.warningCount +
        (lines.length - read.report.issues.length - read.report.warnings.length),
      truncated: read.report.truncated,
      fatal: fatal ? t(fatal.key, { ...(fatal.params ?? {}) }) : null,
    };
  } catch (error) {
    if (!controller.signal.aborted)
      message.warning(t("dictionary:import.failed", { reason: (error as Error).message }));
  } finally {
    if (importing.value === controller) importing.value = null;
  }
}

export function cancelImport(): void {
  importing.value?.abort();
}

/** The open dictionary as xlsx, with the import's headers, so a file exported reads back the same. */
export async function exportXlsx(): Promise<void> {
  const doc = current.value;
  if (!doc) return;
  const data = doc.sheet.snapshot();
  const columns = doc.sheet.columns.map((c) => ({
    header: c.headers[0],
    values: data.values[c.key] as Float64Array | string[],
    ...(c.options ? { labels: Object.fromEntries(c.options.map((o) => [o.code, o.label])) } : {}),
  }));
  const bytes = await writeTable([{ name: doc.kind, columns }], "xlsx");
  downloadBlob(bytes, safeFileName(doc.name, "xlsx"), MIME.xlsx);
}

/** Rows of the open dictionary whose code, name or any text cell holds `query` (case-insensitive). */
export function searchRows(doc: OpenDictionary, query: string, limit = 50): number[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const data = doc.sheet.snapshot();
  const texts = doc.sheet.columns.filter((c) => c.kind === "text").map((c) => data.values[c.key] as string[]);
  const out: number[] = [];
  for (let r = 0; r < data.rows && out.length < limit; r++)
    if (texts.some((col) => (col[r] ?? "").toLowerCase().includes(q))) out.push(r);
  return out;
}

export const KINDS = DICTIONARY_KINDS;
