// New, open, save (through /api/ftaexe), import (Open-PSA MEF XML, relbench JSON, xlsx) and export of the
// fault tree on screen. Reading and writing MEF run in the kernel worker, spreadsheets in the spreadsheet
// worker, so a big file never freezes the page.
import { signal } from "@preact/signals-react";
import i18n from "i18next";
import { kernels } from "../../../kernels/client.ts";
import { writeFtaJson } from "../../../kernels/fta/json-format.ts";
import { emptyModel, type FtaModel } from "../../../kernels/fta/model.ts";
import { ftaStore } from "../../api/fta.ts";
import { ApiError } from "../../api/http.ts";
import { message } from "../../components/message.ts";
import {
  downloadBlob,
  MIME,
  readTableFile,
  safeFileName,
  writeTable,
} from "../../components/spreadsheet/client.ts";
import { offerDraft } from "../../components/unsaved.ts";
import { navigate } from "../../router/navigation.ts";
import { PATHS } from "../../routes.ts";
import { DraftKeeper, draftKey } from "../../state/drafts.ts";
import { confirmInTree } from "./actions.ts";
import { analyze } from "./analysis.ts";
import { modelFromSheet, SHEET_SCHEMA, type SheetIssue, sheetFromModel } from "./sheet-format.ts";
import { fromStoredBody, storedResults, toStoredBody } from "./storage.ts";
import {
  analysisSettings,
  commit,
  currentResult,
  dirty,
  load,
  model,
  resultsOpen,
  savedResults,
  stored,
} from "./store.ts";

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params) as string;

/** Dialogs of the file commands: the name to save under, the stored list, an import's line messages. */
export const saveDialog = signal<{ mode: "save" | "saveAs" } | null>(null);
export const openDialog = signal(false);
export const importReport = signal<{ name: string; issues: SheetIssue[] } | null>(null);
/** The hidden file input the import command clicks. */
export const fileInput: { current: HTMLInputElement | null } = { current: null };

type FtaDraft = { model: FtaModel; stored: { id: number; name: string; version: number } | null };

/** The unsaved tree kept in this browser (state/drafts.ts); FtaEditor feeds it. */
export const drafts = new DraftKeeper<FtaDraft>("fta");

/** Offers the draft of the tree on screen (stored or new) and puts it on top as one undoable change. */
export async function restoreDraft(): Promise<void> {
  // Unsaved edits on screen are newer than any draft (and are the draft being kept).
  if (dirty.value) return;
  const draft = await offerDraft<FtaDraft>(draftKey("fta", stored.value?.id));
  if (draft) commit(draft.data.model);
}

export const documentName = () => stored.value?.name ?? (model.value.name || t("fta:untitled"));

/** Asks before unsaved changes are thrown away; true to go on. */
async function mayDiscard(): Promise<boolean> {
  if (!dirty.value) return true;
  return confirmInTree({
    title: t("fta:edit.newTitle"),
    message: t("fta:edit.discardMessage", { name: documentName() }),
    tone: "danger",
  });
}

export async function newTree(): Promise<void> {
  if (!(await mayDiscard())) return;
  load(emptyModel(t("fta:untitled")), null);
  navigate(PATHS.ftaEditor, { replace: true });
}

export async function openStored(id: number, askFirst = true): Promise<void> {
  if (askFirst && !(await mayDiscard())) return;
  const doc = (await ftaStore.get(id)).data;
  load(fromStoredBody(doc.body, doc.name), { id: doc.id, name: doc.name, version: doc.version });
  message.success(t("fta:file.opened", { name: doc.name }));
  // The results it was saved with show at once; the cut sets and importance are computed again with the
  // same settings (not awaited: the tree is usable meanwhile, and the run shows progress and can be cancelled).
  const results = storedResults(doc.body.results);
  if (results) {
    savedResults.value = { results, model: model.value };
    analysisSettings.value = {
      ...analysisSettings.value,
      algorithm: results.algorithm,
      limitOrder: results.limitOrder,
      cutOff: results.cutOff,
    };
    resultsOpen.value = true;
    void analyze();
  }
}

export async function save(): Promise<void> {
  const s = stored.value;
  if (!s) {
    saveDialog.value = { mode: "save" };
    return;
  }
  await saveAs(s.name, s.id);
}

/** Saves under `name`: an update of `id` when given, otherwise a new stored fault tree. */
export async function saveAs(name: string, id?: number): Promise<boolean> {
  const m = model.value;
  const body = toStoredBody({ ...m, name: m.name || name }, currentResult.value);
  try {
    const meta = (
      id !== undefined && stored.value
        ? await ftaStore.update(id, { version: stored.value.version, name, body })
        : await ftaStore.create({ name, body })
    ).data;
    stored.value = { id: meta.id, name: meta.name, version: meta.version };
    if (model.value === m) dirty.value = false;
    message.success(t("fta:file.saved", { name: meta.name }));
    navigate(`${PATHS.ftaEditor}?id=${meta.id}`, { replace: true });
    return true;
  } catch (error) {
    if (!(error instanceof ApiError && error.reported)) message.warning(String((error as Error).message));
    return false;
  }
}

export function chooseFile(): void {
  fileInput.current?.click();
}

/** Reads a chosen file into the editor (after asking about unsaved changes). */
export async function importChosen(file: File): Promise<void> {
  const name = file.name;
  const lower = name.toLowerCase();
  const base = name.replace(/\.[^.]+$/, "");
  if (!/\.(xml|opsa|mef|json|xlsx|xls|csv)$/.test(lower)) {
    message.warning(t("fta:file.unsupported"));
    return;
  }
  if (!(await mayDiscard())) return;
  let next: FtaModel;
  try {
    if (/\.(xlsx|xls|csv)$/.test(lower)) {
      const result = await readTableFile(file, SHEET_SCHEMA, { maxRows: 200_000, issueLimit: 200 });
      const read = modelFromSheet(result, base);
      if (!read.model) {
        importReport.value = { name, issues: read.issues };
        return;
      }
      next = read.model;
    } else {
      next = await kernels.call("fta", "readFaultTreeFile", [name, await file.text()]);
      if (!next.name || next.name === "Fault tree") next = { ...next, name: base };
    }
  } catch (error) {
    message.warning(t("fta:file.importFailed", { name, message: (error as Error).message }));
    return;
  }
  load(next, null);
  dirty.value = true;
  const events = next.basicEvents.length + next.houseEvents.length;
  message.success(t("fta:file.imported", { name, gates: next.gates.length, events }));
}

function fileBase(): string {
  return documentName();
}

export async function exportMef(): Promise<void> {
  const text = await kernels.call("fta", "exportMef", [model.value]);
  const file = safeFileName(fileBase(), "xml");
  downloadBlob(new Blob([text], { type: "application/xml" }), file);
  message.success(t("fta:file.exported", { file }));
}

export function exportJson(): void {
  const file = safeFileName(fileBase(), "json");
  downloadBlob(new Blob([writeFtaJson(model.value)], { type: "application/json" }), file);
  message.success(t("fta:file.exported", { file }));
}

export async function exportXlsx(): Promise<void> {
  const expression = model.value.basicEvents.find((e) => e.distribution.type === "mef");
  if (expression) {
    message.warning(t("fta:file.sheet.expression", { code: expression.code }));
    return;
  }
  const buffer = await writeTable([sheetFromModel(model.value)], "xlsx");
  const file = safeFileName(fileBase(), "xlsx");
  downloadBlob(buffer, file, MIME.xlsx);
  message.success(t("fta:file.exported", { file }));
}
