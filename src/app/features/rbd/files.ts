// The editor's file commands: new, open (the list at /rbd), load by id, save and save as through /api/rbd,
// the model as JSON (the CLI's file: `relbench rbd FILE.json`), import of such a file, and the results as
// an xlsx workbook.
import { signal } from "@preact/signals-react";
import { type RbdModel, readRbdDistributions } from "../../../kernels/rbd/model.ts";
import { rbdStore } from "../../api/rbd.ts";
import { confirmDialog } from "../../components/confirm.tsx";
import { message } from "../../components/message.ts";
import { downloadBlob, MIME, safeFileName, writeTable } from "../../components/spreadsheet/client.ts";
import { i18n } from "../../i18n.ts";
import { navigate } from "../../router/navigation.ts";
import { PATHS } from "../../routes.ts";
import { clearResults, exactOutcome, simulationOutcome } from "./analysis-state.ts";
import { DEFAULT_SIMULATION, newDocument, type RbdDocument } from "./document.ts";
import { resultsForStorage, storedSimulation } from "./results.ts";
import { fromStoredBody, type StoredRbdBody, toStoredBody } from "./storage.ts";
import { changeModel, currentDocument, dirty, load, markSaved, model, stored } from "./store.ts";

const t = i18n.t.bind(i18n);

/** The "Save as" dialog is open (SaveAsDialog draws it). */
export const saveAsOpen = signal(false);

/** True when there is nothing unsaved to lose, or the user agrees to lose it. */
export async function mayDiscard(): Promise<boolean> {
  if (!dirty.value) return true;
  return confirmDialog({
    title: t("rbd:files.discardTitle"),
    message: t("rbd:files.discardMessage", { name: model.value.name }),
    confirmLabel: t("rbd:files.discard"),
    tone: "danger",
  });
}

export async function newDiagram(): Promise<void> {
  if (!(await mayDiscard())) return;
  load(newDocument(t("rbd:files.untitled")), { description: "" });
  clearResults();
  navigate(PATHS.rbdEditor);
}

export function openList(): void {
  navigate(PATHS.rbdList);
}

/** Loads stored diagram `id` (the screen calls this when its ?id= changes). */
export async function loadStored(id: number): Promise<void> {
  const { data } = await rbdStore.get(id);
  const doc = fromStoredBody(data.name, data.body);
  load(doc, { id: data.id, version: data.version, description: data.body.description ?? "" });
  clearResults();
  // The results it was saved with: the simulation as stored, the exact values computed again.
  simulationOutcome.value = storedSimulation(model.value, data.body.results);
  const results = data.body.results;
  // Not awaited: the diagram shows at once, the exact values a moment later (the worker may be starting).
  if (results && typeof results === "object" && "exact" in results)
    void import("./analysis.ts").then((a) => a.reanalyseOpened());
}

function body(doc: RbdDocument): StoredRbdBody {
  return toStoredBody(
    doc,
    stored.value.description,
    resultsForStorage(doc.model, exactOutcome.value, simulationOutcome.value),
  );
}

export async function save(): Promise<void> {
  const doc = currentDocument.value;
  const meta = stored.value;
  if (meta.id === undefined || meta.version === undefined) {
    await saveCopy(doc.model.name);
    return;
  }
  const { data } = await rbdStore.update(meta.id, {
    version: meta.version,
    name: doc.model.name,
    body: body(doc),
  });
  markSaved({ ...meta, version: data.version }, doc);
  message.success(t("rbd:files.saved", { name: data.name }));
}

export function saveAs(): void {
  saveAsOpen.value = true;
}

/** Stores the document as a new diagram named `name` and continues editing that one. */
export async function saveCopy(name: string): Promise<void> {
  if (name !== model.value.name) changeModel({ ...model.value, name });
  const doc = currentDocument.value;
  const { data } = await rbdStore.create({ name, body: body(doc) });
  markSaved({ id: data.id, version: data.version, description: stored.value.description }, doc);
  navigate(`${PATHS.rbdEditor}?id=${data.id}`, { replace: true });
  message.success(t("rbd:files.saved", { name: data.name }));
}

/** The model exactly as the kernels and the CLI read it. */
export function modelJson(m: RbdModel): string {
  return `${JSON.stringify(m, null, 2)}\n`;
}

export function exportJson(): void {
  const m = model.value;
  downloadBlob(new Blob([modelJson(m)], { type: "application/json" }), safeFileName(m.name, "json"));
}

/** Picks a JSON model file and opens it as a new, unsaved diagram. */
export async function importJson(): Promise<void> {
  if (!(await mayDiscard())) return;
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".json,application/json";
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    try {
      // Older files' distributions (legacy names, p1..p3) read as today's.
      const value = readRbdDistributions(JSON.parse(await file.text()));
      if (!isModelShape(value)) throw new Error(t("rbd:files.notModel"));
      const name =
        typeof value.name === "string" && value.name.trim() ? value.name : file.name.replace(/\.json$/i, "");
      load(
        { model: { ...value, name }, offsets: {}, simulation: { ...DEFAULT_SIMULATION } },
        { description: "" },
      );
      clearResults();
      navigate(PATHS.rbdEditor);
      message.success(t("rbd:files.imported", { name }));
    } catch (error) {
      message.warning(t("rbd:files.importFailed", { reason: (error as Error).message }));
    }
  });
  input.click();
}

function isModelShape(value: unknown): value is RbdModel {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as RbdModel).blocks) &&
    Array.isArray((value as RbdModel).edges)
  );
}

export async function exportXlsx(): Promise<void> {
  const exact = exactOutcome.value;
  const simulation = simulationOutcome.value;
  if (!exact && !simulation) {
    message.warning(t("rbd:files.noResults"));
    return;
  }
  const { resultSheets } = await import("./results-xlsx.ts");
  const bytes = await writeTable(resultSheets(model.value, exact, simulation, t), "xlsx");
  downloadBlob(bytes, safeFileName(`${model.value.name} results`, "xlsx"), MIME.xlsx);
}
