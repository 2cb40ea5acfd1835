// The risk table's xlsx export and import, through the FMEA workbook worker: progress while it writes, cancel
// (the worker is terminated), the file saved; an import read and checked in the worker, its per-line messages
// shown, and nothing sent until the user confirms (ImportDialog.tsx).
import { signal } from "@preact/signals-react";
import * as Comlink from "comlink";
import i18n from "i18next";
import { type AttributeTab, type FmeaVariant, TAB_FIELDS } from "../../../shared/fmea/model.ts";
import { ACTION_STATUSES, type ActionStatus } from "../../../shared/fmea/risk.ts";
import { dataOf, type FmeaOp } from "../../../shared/fmea/tree.ts";
import {
  excelTabColumns,
  type LanguageLabels,
  type LineCheck,
  type WorkbookLabels,
} from "../../../shared/fmea/xlsx.ts";
import type { Problem } from "../../../shared/problem.ts";
import { fmeaStores } from "../../api/fmea.ts";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import { downloadBlob, MIME, safeFileName } from "../../components/spreadsheet/client.ts";
import { LANGUAGES, type Language } from "../../i18n.ts";
import { fmeaRecord } from "../../state/fmea.ts";
import { currentSettings, loadSettings } from "./settings.ts";
import { doc, edit, fmeaProblemText, openFmea } from "./store.ts";
import { elementLabels } from "./table.ts";
import { exporting, tableView } from "./table-state.ts";
import type { FmeaXlsxWorkerApi } from "./xlsx.worker.ts";

let running: { worker: Worker; cancel(): void } | null = null;

function startWorker() {
  const worker = new Worker(new URL("./xlsx.worker.ts", import.meta.url), {
    type: "module",
    name: "relbench-fmea-xlsx",
  });
  return { worker, remote: Comlink.wrap<FmeaXlsxWorkerApi>(worker) };
}

const t = (key: string, options?: Record<string, unknown>) =>
  String(i18n.t(`fmeatable:${key}`, options ?? {}));

export function statusLabels(): Partial<Record<ActionStatus, string>> {
  const out: Partial<Record<ActionStatus, string>> = {};
  for (const s of ACTION_STATUSES) out[s] = t(`status.${s}`);
  return out;
}

/** The column titles the form is written with and read back by, in the user's language (or `lng`'s). */
export function columnTitles(variant: FmeaVariant, lng?: Language): Record<string, string> {
  const tr = lng ? i18n.getFixedT(lng) : i18n.t;
  const columns = tr("fmeatable:columns", { returnObjects: true }) as Record<string, string>;
  const process = tr("fmeatable:processColumns", { returnObjects: true }) as Record<string, string>;
  return variant === "process" ? { ...columns, ...process } : { ...columns };
}

/**
 * The other languages' titles, statuses and 4M types: a form exported by a colleague who works in another
 * language imports as it would for them.
 */
export async function otherLanguages(variant: FmeaVariant): Promise<LanguageLabels[]> {
  const others = LANGUAGES.filter((lng) => lng !== i18n.language);
  await i18n.loadNamespaces(["fmeatable", "fmea"]);
  await i18n.loadLanguages(others);
  return others.map((lng) => {
    const tr = i18n.getFixedT(lng);
    const status: Partial<Record<ActionStatus, string>> = {};
    for (const s of ACTION_STATUSES) status[s] = String(tr(`fmeatable:status.${s}`));
    const elements = tr("fmea:elements", { returnObjects: true });
    return {
      titles: columnTitles(variant, lng),
      status,
      elements: typeof elements === "object" && elements !== null ? (elements as Record<string, string>) : {},
    };
  });
}

function labels(variant: FmeaVariant, tabs: readonly AttributeTab[]): WorkbookLabels {
  const tabFields: Record<string, string> = {};
  // "Specification: Tolerance"; a tab of one field by the tab's name alone ("Description").
  for (const f of excelTabColumns(tabs))
    tabFields[f.key] =
      TAB_FIELDS[f.tab].length === 1
        ? i18n.t(`fmea:tabs.${f.tab}`)
        : `${i18n.t(`fmea:tabs.${f.tab}`)}: ${i18n.t(`fmea:fields.${f.field}`)}`;
  return {
    tabFields,
    columns: columnTitles(variant),
    controlPlan: i18n.t("fmeatable:controlPlan", { returnObjects: true }) as Record<string, string>,
    header: i18n.t("fmeatable:export.header", { returnObjects: true }) as Record<string, string>,
    sheets: {
      form: t("export.sheetForm"),
      controlPlan: t("export.sheetControlPlan"),
      actions: t("export.sheetActions"),
    },
    status: statusLabels(),
    elements: elementLabels(),
  };
}

/** Writes the FMEA's workbook in the worker with a progress bar; resolves when saved or cancelled. */
export async function exportWorkbook(variant: FmeaVariant): Promise<void> {
  const open = openFmea.value;
  if (!open || running) return;
  const started = performance.now();
  let planning = {};
  let name = fmeaRecord.value?.fmeaName ?? "";
  try {
    const stored = (await fmeaStores[variant].get(open.id)).data;
    planning = stored.body?.planning ?? {};
    name = stored.name ?? name;
  } catch {
    // The header stays empty when the record cannot be read; the form itself comes from the nodes.
  }
  const { worker, remote } = startWorker();
  let cancelled = false;
  let stop: (reason: unknown) => void = () => undefined;
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  running = {
    worker,
    cancel: () => {
      cancelled = true;
      worker.terminate();
      stop(new DOMException("cancelled", "AbortError"));
    },
  };
  await loadSettings(variant, open.id);
  const settings = currentSettings(variant);
  const data = dataOf(doc.value);
  exporting.value = { done: 0, total: data.nodes.length };
  try {
    const bytes = await Promise.race([
      remote.write(
        {
          data,
          fmeaName: name,
          fmeaId: String(open.id),
          planning,
          labels: labels(variant, settings.excelOutput.tabs),
          rpn: tableView.value.rpn,
          // The configuration's Excel output settings; each node's own is read from the node.
          mergeCells: settings.excelOutput.mergeCells,
          tabs: settings.excelOutput.tabs,
          specialClasses: settings.specialCharacteristics,
          customAttributes: settings.customAttributes,
        },
        Comlink.proxy((done: number, total: number) => {
          exporting.value = { done, total };
        }),
      ),
      stopped,
    ]);
    const file = safeFileName(`${name || "fmea"} ${variant === "design" ? "DFMEA" : "PFMEA"}`, "xlsx");
    downloadBlob(new Blob([bytes as BlobPart], { type: MIME.xlsx }), file, MIME.xlsx);
    performance.measure("fmea.table.export", { start: started, end: performance.now() });
    message.success(t("export.done", { file }));
  } catch (error) {
    if (cancelled) message.info(t("export.cancelled"));
    else message.warning(error instanceof Error ? error.message : String(error));
  } finally {
    if (!cancelled) worker.terminate();
    running = null;
    exporting.value = null;
  }
}

export function cancelExport(): void {
  running?.cancel();
}

export interface ImportState {
  targetName: string;
  checks: LineCheck[];
  ops: FmeaOp[];
  imported: number;
}

/** The import waiting for the user's confirmation. */
export const importState = signal<ImportState | null>(null);

function pickFile(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".xlsx,.xls";
    input.addEventListener("change", () => resolve(input.files?.[0] ?? null));
    input.addEventListener("cancel", () => resolve(null));
    input.click();
  });
}

/** Reads a form into the structure element selected in the tree (`targetId`), then asks to confirm. */
export async function pickImport(
  variant: FmeaVariant,
  targetId: string | null,
  file?: File | null,
): Promise<void> {
  const target = targetId ? doc.value.nodes.get(targetId) : undefined;
  if (!target) {
    message.warning(t("import.pick"));
    return;
  }
  const f = file ?? (await pickFile());
  if (!f) return;
  const { worker, remote } = startWorker();
  try {
    const bytes = new Uint8Array(await f.arrayBuffer());
    const plan = await remote.plan(
      bytes,
      dataOf(doc.value),
      target.id,
      columnTitles(variant),
      statusLabels(),
      `i${Date.now().toString(36)}`,
      currentSettings(variant).specialCharacteristics,
      elementLabels(),
      await otherLanguages(variant),
    );
    if (!plan.ok) {
      message.warning(problemMessage(plan.problem));
      return;
    }
    importState.value = {
      targetName: target.name,
      checks: plan.checks,
      ops: plan.ops,
      imported: plan.imported,
    };
  } finally {
    worker.terminate();
  }
}

export function confirmImport(): void {
  const state = importState.value;
  if (!state) return;
  if (state.ops.length === 0) {
    message.info(t("import.nothing"));
    importState.value = null;
    return;
  }
  if (edit(state.ops)) {
    message.success(t("import.done", { count: state.imported }));
    importState.value = null;
  }
}

export function problemText(problem: Problem): string {
  return fmeaProblemText(problem);
}
