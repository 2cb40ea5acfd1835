// The ePDT editor's actions, each run by a command (commands/prediction.ts): tree edits, the prediction in the
// kernel worker, save and open through /api/prediction, bill of materials and device dictionary imports
// through the spreadsheet worker with per-line messages, the xlsx report, and the hand-off to eRBD and FMEA.
import { signal } from "@preact/signals-react";
import { kernels } from "../../../kernels/client.ts";
import { occurrenceEvidence, toRbdModel } from "../../../kernels/prediction/handoff.ts";
import { isEnvironment, type PredictionAssembly } from "../../../kernels/prediction/model.ts";
import { DEVICE_DICTIONARY_MAX_ROWS } from "../../../shared/constants.ts";
import { distributionProblems, fromSpec } from "../../../shared/failure-model.ts";
import { predictionStore } from "../../api/prediction.ts";
import { confirmDialog } from "../../components/confirm.tsx";
import type { ReportLine, ImportReportView as ReportView } from "../../components/ImportReportDialog.tsx";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import {
  downloadBlob,
  type ExportSheet,
  MIME,
  readTableFile,
  safeFileName,
  writeTable,
} from "../../components/spreadsheet/client.ts";
import type { ImportResult } from "../../components/spreadsheet/import.ts";
import type { SheetData } from "../../components/spreadsheet/store.ts";
import type { TableSchema } from "../../components/spreadsheet/table.ts";
import { offerDraft } from "../../components/unsaved.ts";
import { i18n } from "../../i18n.ts";
import { navigate } from "../../router/navigation.ts";
import { PATHS } from "../../routes.ts";
import { DraftKeeper, draftKey } from "../../state/drafts.ts";
import { rowProblems } from "../dictionary/sheets.ts";
import {
  addAssembly,
  fromStoredBody,
  newTree,
  removeAssembly,
  toModel,
  toStoredBody,
  treeOrder,
  updateAssembly,
} from "./document.ts";
import { DICTIONARY_SCHEMA, PARTS_SCHEMA } from "./schema.ts";
import {
  applyDraft,
  assemblies,
  bump,
  changeTree,
  DEFAULT_SETTINGS,
  dictionary,
  dictionaryOpen,
  dirty,
  editorState,
  loadState,
  markSaved,
  name,
  type PredictionDraft,
  renaming,
  result,
  resultRevision,
  revision,
  running,
  selectedAssembly,
  selectedRow,
  settings,
  sheetOf,
  stored,
} from "./store.ts";

const t = (key: string, params?: Record<string, unknown>) => String(i18n.t(key, params));

/** The import report, with the title of what was imported (parts or dictionary). */
export interface ImportReportView extends ReportView {
  title: string;
}
export const importReport = signal<ImportReportView | null>(null);
export const importing = signal<AbortController | null>(null);
export const openListVisible = signal(false);
/** The stored predictions shown by the open list (null while they load). */
export const openListItems = signal<Array<{ id: number; name: string }> | null>(null);

// --- tree -------------------------------------------------------------------------------------------------

export function selectAssembly(id: string): void {
  selectedAssembly.value = id;
  selectedRow.value = null;
}

export function moveSelection(step: 1 | -1): void {
  const order = treeOrder(assemblies.value);
  const i = order.findIndex((o) => o.assembly.id === selectedAssembly.value);
  const next = order[Math.min(order.length - 1, Math.max(0, i + step))];
  if (next) selectAssembly(next.assembly.id);
}

export function addChild(): void {
  const parent = selectedAssembly.value;
  const { assemblies: next, id } = addAssembly(assemblies.value, parent, t("prediction:tree.newAssembly"));
  changeTree(next);
  selectAssembly(id);
  renaming.value = id;
}

export function startRename(): void {
  renaming.value = selectedAssembly.value;
}

export function rename(id: string, value: string): void {
  renaming.value = null;
  const trimmed = value.trim();
  const a = assemblies.value.find((x) => x.id === id);
  if (!a || !trimmed || trimmed === a.name) return;
  changeTree(updateAssembly(assemblies.value, id, { name: trimmed }));
}

export function setAssemblyField(
  id: string,
  change: Partial<Omit<PredictionAssembly, "id" | "parent">>,
): void {
  changeTree(updateAssembly(assemblies.value, id, change), `${id}:${Object.keys(change).join()}`);
}

export async function removeSelected(): Promise<void> {
  const id = selectedAssembly.value;
  const a = assemblies.value.find((x) => x.id === id);
  if (!a || a.parent === null) return;
  const ok = await confirmDialog({
    title: t("prediction:tree.deleteTitle"),
    message: t("prediction:tree.deleteMessage", { name: a.name }),
    tone: "danger",
  });
  if (!ok) return;
  const { assemblies: next } = removeAssembly(assemblies.value, id);
  changeTree(next);
  selectAssembly(a.parent);
  focusTree();
}

/** Focus to the tree's selected item, after the dialog that had it has closed and the tree has re-rendered. */
export function focusTree(): void {
  setTimeout(
    () => document.querySelector<HTMLElement>("[data-prediction-tree] [aria-selected=true]")?.focus(),
    0,
  );
}

// --- settings -------------------------------------------------------------------------------------------

export function setSettings(change: Partial<typeof settings.value>): void {
  settings.value = { ...settings.value, ...change };
  bump();
}

// --- prediction -----------------------------------------------------------------------------------------

export async function calculate(): Promise<void> {
  if (running.value) return;
  const state = editorState();
  const controller = new AbortController();
  running.value = controller;
  const at = revision.value;
  try {
    const r = await kernels.call("prediction", "predict", [toModel(state)], { signal: controller.signal });
    result.value = r;
    resultRevision.value = at;
    const errors = r.problems.filter((p) => p.severity !== "warning");
    if (errors.length)
      message.warning(
        t("prediction:calc.withErrors", { count: errors.length, first: problemMessage(errors[0]) }),
      );
    else message.success(t("prediction:calc.done", { rate: r.system.rate.toPrecision(6) }));
  } catch (error) {
    if (!controller.signal.aborted)
      message.warning(t("prediction:calc.failed", { reason: (error as Error).message }));
  } finally {
    if (running.value === controller) running.value = null;
  }
}

export function cancel(): void {
  running.value?.abort();
  importing.value?.abort();
}

// --- stored documents ------------------------------------------------------------------------------------

async function mayDiscard(): Promise<boolean> {
  return (
    !dirty.value ||
    confirmDialog({
      title: t("prediction:files.discardTitle"),
      message: t("prediction:files.discardMessage", { name: name.value }),
      tone: "danger",
    })
  );
}

export async function newPrediction(): Promise<void> {
  if (!(await mayDiscard())) return;
  loadState(
    {
      name: t("prediction:untitled"),
      description: "",
      settings: { ...DEFAULT_SETTINGS },
      assemblies: newTree(t("prediction:tree.system")),
      parts: [],
      dictionary: [],
    },
    {},
  );
}

/**
 * A cell that cannot be stored as typed (kept raw in a sheet) or a dictionary entry outside the failure model's
 * ranges stops the save with a message naming it, and focus goes there; nothing typed is dropped.
 */
function firstUnstorable(): string | null {
  const cellText = (m: { key: string; params?: Record<string, string | number> }) =>
    t(m.key, { ...(m.params ?? {}) });
  for (const a of assemblies.value) {
    const sheet = sheetOf(a.id);
    const { issues } = sheet.issues(1);
    const first = issues[0];
    if (first) {
      selectAssembly(a.id);
      selectedRow.value = first.row;
      return t("prediction:files.fixFirst", {
        where: a.name,
        row: first.row + 1,
        column: t(`prediction:columns.${sheet.columns[first.col].key}`),
        message: cellText(first),
      });
    }
  }
  const { issues } = dictionary.issues(1);
  const first = issues[0];
  const where = t("prediction:dictionary.title");
  if (first) {
    dictionaryOpen.value = true;
    return t("prediction:files.fixFirst", {
      where,
      row: first.row + 1,
      column: t(`prediction:dictionary.columns.${dictionary.columns[first.col].key}`),
      message: cellText(first),
    });
  }
  const entries = editorState().dictionary;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const d = e.distribution
      ? fromSpec("rbd", e.distribution, [e.p1 ?? null, e.p2 ?? null, e.p3 ?? null])
      : null;
    const problem = distributionProblems(d).find((p) => p.severity !== "warning");
    if (problem) {
      dictionaryOpen.value = true;
      return t("prediction:files.fixFirst", {
        where,
        row: i + 1,
        column: String(problem.where?.at(-1) ?? ""),
        message: problemMessage(problem),
      });
    }
  }
  return null;
}

export async function save(): Promise<void> {
  const refusal = firstUnstorable();
  if (refusal) {
    message.warning(refusal);
    return;
  }
  const state = editorState();
  const r = result.value && resultRevision.value === revision.value ? result.value : null;
  const results = r
    ? { system: r.system, assemblies: r.assemblies.map(({ id, rate }) => ({ id, rate })) }
    : null;
  const body = toStoredBody(state, results);
  const meta = stored.value;
  if (meta.id !== undefined && meta.version !== undefined) {
    const { data } = await predictionStore.update(meta.id, { version: meta.version, name: state.name, body });
    markSaved({ id: data.id, version: data.version });
  } else {
    const { data } = await predictionStore.create({ name: state.name || t("prediction:untitled"), body });
    markSaved({ id: data.id, version: data.version });
  }
  message.success(t("prediction:files.saved", { name: state.name }));
}

export async function openStored(id: number): Promise<void> {
  if (!(await mayDiscard())) return;
  const { data } = await predictionStore.get(id);
  loadState(fromStoredBody(data.name, data.body), { id: data.id, version: data.version });
  openListVisible.value = false;
  await restoreDraft();
  void calculate();
}

// --- local drafts (state/drafts.ts) -------------------------------------------------------------------------

/** The unsaved prediction kept in this browser; the page feeds it while there are unsaved changes. */
export const drafts = new DraftKeeper<PredictionDraft>("epdt");

export const predictionDraftKey = (id: number | undefined) => draftKey("epdt", id);

/** Offers the draft of the prediction on screen (a new one, or the stored one just opened). */
export async function restoreDraft(): Promise<void> {
  const draft = await offerDraft<PredictionDraft>(predictionDraftKey(stored.value.id));
  if (draft) applyDraft(draft.data);
}

export async function showOpenList(): Promise<void> {
  openListItems.value = null;
  openListVisible.value = true;
  const { data } = await predictionStore.list({ pageSize: 100 });
  openListItems.value = data.items.map((m) => ({ id: m.id, name: m.name }));
}

// --- imports ---------------------------------------------------------------------------------------------

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

/** The bill of materials import reads the parts columns plus the assembly's (assembly, environment, ambient, duty). */
const BOM_IMPORT_SCHEMA: TableSchema = {
  columns: [
    ...PARTS_SCHEMA.columns,
    {
      key: "assembly",
      kind: "text",
      headers: ["assembly", "board", "unit", "组件", "conjunto", "アセンブリ"],
      maxLength: 150,
    },
    {
      key: "environment",
      kind: "text",
      headers: ["environment", "env", "环境", "entorno", "環境"],
      maxLength: 10,
    },
    { key: "ambient", kind: "number", headers: ["ambient", "ambient temperature", "环境温度", "ambiente"] },
    { key: "duty", kind: "number", headers: ["duty", "duty cycle", "工作比", "ciclo de trabajo"] },
  ],
};

function reportLines(result: ImportResult): ReportLine[] {
  const text = (m: { key: string; params?: Record<string, string | number> }) =>
    t(m.key, { ...(m.params ?? {}) });
  return [
    ...result.report.issues.map((i) => ({
      line: i.line,
      column: i.column,
      text: text(i),
      severity: "error" as const,
    })),
    ...result.report.warnings.map((i) => ({
      line: i.line,
      column: i.column,
      text: text(i),
      severity: "warning" as const,
    })),
  ];
}

/** Rows `rows` of `data`, with their kept raw cells renumbered. */
function sliceRows(data: SheetData, rows: number[], schema: TableSchema): SheetData {
  const values: SheetData["values"] = {};
  const raw: NonNullable<SheetData["raw"]> = {};
  for (const c of schema.columns) {
    const src = data.values[c.key];
    if (!src) continue;
    values[c.key] =
      src instanceof Float64Array ? Float64Array.from(rows, (r) => src[r]) : rows.map((r) => src[r] ?? "");
    const kept = data.raw?.[c.key];
    if (kept) {
      const m = new Map<number, string>();
      rows.forEach((r, i) => {
        const v = kept.get(r);
        if (v !== undefined) m.set(i, v);
      });
      raw[c.key] = m;
    }
  }
  return { rows: rows.length, values, raw };
}

/**
 * Imports a bill of materials (xlsx, CSV) into the selected assembly: rows with an assembly name go to a child
 * assembly of that name (made when missing, its environment, ambient and duty from the rows); every row is
 * kept, bad cells marked in the sheet and listed by line.
 */
export async function importBom(file?: File | null): Promise<void> {
  const imported = await importTable(
    file,
    BOM_IMPORT_SCHEMA,
    200,
    "prediction:import.bomTitle",
    (read, lines) => {
      const { data } = read;
      const groups = new Map<string, number[]>();
      const names = (data.values.assembly as string[] | undefined) ?? [];
      for (let r = 0; r < data.rows; r++) {
        const n = (names[r] ?? "").trim();
        const list = groups.get(n) ?? [];
        list.push(r);
        groups.set(n, list);
      }
      let tree = assemblies.value;
      const parent = selectedAssembly.value;
      const envs = (data.values.environment as string[] | undefined) ?? [];
      const ambient = data.values.ambient as Float64Array | undefined;
      const duty = data.values.duty as Float64Array | undefined;
      for (const [groupName, rows] of groups) {
        let id = parent;
        if (groupName) {
          const existing = tree.find((a) => a.parent === parent && a.name === groupName);
          if (existing) id = existing.id;
          else {
            const added = addAssembly(tree, parent, groupName);
            tree = added.assemblies;
            id = added.id;
          }
        }
        // The assembly takes the first environment, ambient and duty its rows give; a differing one is a line message.
        const change: Partial<PredictionAssembly> = {};
        for (const r of rows) {
          const env = (envs[r] ?? "").trim().toUpperCase();
          if (env) {
            if (!isEnvironment(env))
              lines.push({
                line: read.lines[r],
                column: "environment",
                text: problemMessage({ key: "prediction.environmentUnknown", params: { environment: env } }),
                severity: "error",
              });
            else if (change.environment && change.environment !== env)
              lines.push({
                line: read.lines[r],
                column: "environment",
                text: problemMessage({
                  key: "prediction.environmentConflict",
                  params: { assembly: groupName || name.value, environment: change.environment },
                }),
                severity: "error",
              });
            else change.environment = env;
          }
          if (ambient && Number.isFinite(ambient[r])) change.temperature ??= ambient[r];
          if (duty && Number.isFinite(duty[r])) change.duty ??= duty[r];
        }
        if (Object.keys(change).length) tree = updateAssembly(tree, id, change);
        const sheet = sheetOf(id);
        const part = sliceRows(data, rows, PARTS_SCHEMA);
        const start = sheet.rows;
        // One undo step in the sheet: the imported rows appended after what is there.
        if (start === 0) sheet.replace(part, "import");
        else {
          const merged = sheet.snapshot();
          for (const c of PARTS_SCHEMA.columns) {
            const a = merged.values[c.key];
            const b = part.values[c.key];
            merged.values[c.key] =
              a instanceof Float64Array
                ? Float64Array.from([...a.subarray(0, start), ...(b as Float64Array)])
                : [...(a as string[]).slice(0, start), ...(b as string[])];
            const rawB = part.raw?.[c.key];
            if (rawB?.size) {
              merged.raw ??= {};
              const m = new Map(merged.raw[c.key] ?? []);
              for (const [r, v] of rawB) m.set(start + r, v);
              merged.raw[c.key] = m;
            }
          }
          merged.rows = start + part.rows;
          sheet.replace(merged, "import");
        }
      }
      if (tree !== assemblies.value) changeTree(tree);
      // Show the rows where they went: the first assembly the file named, when the rows did not stay here.
      const firstGroup = [...groups.keys()][0];
      if (firstGroup && !groups.has("")) {
        const target = tree.find((a) => a.parent === parent && a.name === firstGroup);
        if (target) selectAssembly(target.id);
      }
    },
  );
  if (imported) void calculate();
}

function view(
  title: string,
  file: string,
  read: ImportResult,
  lines: ReportLine[],
  fatal: string | null,
): ImportReportView {
  lines.sort((a, b) => a.line - b.line);
  const extra = lines.length - (read.report.issues.length + read.report.warnings.length);
  return {
    title,
    file,
    rowsRead: read.report.rowsRead,
    rejected: read.report.rejected,
    lines: lines.slice(0, 500),
    total: read.report.issueCount + read.report.warningCount + extra,
    truncated: read.report.truncated,
    fatal,
  };
}

/**
 * Imports the device dictionary (spec: xlsx up to 10,000 rows, per-line messages for an empty or too long code
 * or name, a wrong distribution, parameters out of bounds). Every row is kept in the dictionary sheet, bad
 * cells marked; the report lists each problem with its line.
 */
export async function importDictionary(file?: File | null): Promise<void> {
  await importTable(file, DICTIONARY_SCHEMA, 500, "prediction:import.dictionaryTitle", (read, lines) => {
    const { data } = read;
    // The FMEA device dictionary's row rules (a code used twice, the failure model's ranges), by file line.
    for (const p of rowProblems("device", data, (r) => read.lines[r]))
      lines.push({
        line: read.lines[Number(p.where?.[0])],
        column: String(p.where?.[1] ?? ""),
        text: problemMessage(p),
        severity: p.severity === "warning" ? "warning" : "error",
      });
    dictionary.replace(data, "import");
    dictionaryOpen.value = true;
  });
}

/**
 * Reads a table file through the spreadsheet worker (progress, cancel), reports a fatal problem, else hands the
 * rows to `apply` and shows the per-line report: the bill of materials' and the device dictionary's imports.
 * True when rows were applied.
 */
async function importTable(
  file: File | null | undefined,
  schema: TableSchema,
  issueLimit: number,
  titleKey: string,
  apply: (read: ImportResult, lines: ReturnType<typeof reportLines>) => void,
): Promise<boolean> {
  const f = file ?? (await pickFile(".xlsx,.xls,.csv,.tsv"));
  if (!f) return false;
  const controller = new AbortController();
  importing.value = controller;
  try {
    const read = await readTableFile(
      f,
      schema,
      { maxRows: DEVICE_DICTIONARY_MAX_ROWS, issueLimit },
      { signal: controller.signal },
    );
    const lines = reportLines(read);
    const fatal = read.report.fatal;
    if (!fatal) apply(read, lines);
    importReport.value = view(
      t(titleKey),
      f.name,
      read,
      lines,
      fatal ? t(fatal.key, { ...(fatal.params ?? {}) }) : null,
    );
    return !fatal;
  } catch (error) {
    if (!controller.signal.aborted)
      message.warning(t("prediction:import.failed", { reason: (error as Error).message }));
    return false;
  } finally {
    if (importing.value === controller) importing.value = null;
  }
}

// --- report and hand-off ---------------------------------------------------------------------------------

function currentResult() {
  const r = result.value;
  if (!r || resultRevision.value !== revision.value) {
    message.warning(t("prediction:calc.stale"));
    return null;
  }
  return r;
}

/** The report as xlsx: the system and assemblies, every line with its factors, the Pareto, the allocation. */
export async function exportReport(): Promise<void> {
  const r = currentResult();
  if (!r) return;
  const state = editorState();
  const names = new Map(state.assemblies.map((a) => [a.id, a.name]));
  const symbols = [...new Set(r.lines.flatMap((l) => l.factors.map((f) => f.symbol)))];
  const col = (header: string, values: Array<string | number | null>) => ({ header, values });
  const sheets: ExportSheet[] = [
    {
      name: t("prediction:report.assemblies"),
      preface: [[state.name], [t("prediction:report.mission", { t: state.settings.missionTime })]],
      columns: [
        col(
          t("prediction:columns.assembly"),
          r.assemblies.map((a) => a.name),
        ),
        col(
          t("prediction:columns.environment"),
          r.assemblies.map((a) => a.environment),
        ),
        col(
          t("prediction:columns.ambient"),
          r.assemblies.map((a) => a.temperature),
        ),
        col(
          t("prediction:columns.duty"),
          r.assemblies.map((a) => a.duty),
        ),
        col(
          t("prediction:results.rate"),
          r.assemblies.map((a) => a.rate),
        ),
        col(
          "FIT",
          r.assemblies.map((a) => a.fit),
        ),
        col(
          "MTBF (h)",
          r.assemblies.map((a) => a.mtbf),
        ),
        col(
          t("prediction:results.reliability"),
          r.assemblies.map((a) => a.reliability),
        ),
      ],
    },
    {
      name: t("prediction:report.lines"),
      columns: [
        col(
          t("prediction:columns.assembly"),
          r.lines.map((l) => names.get(l.assembly) ?? l.assembly),
        ),
        col(
          t("prediction:columns.ref"),
          r.lines.map((l) => l.ref),
        ),
        col(
          t("prediction:columns.method"),
          r.lines.map((l) => t(`prediction:methods.${l.method}`)),
        ),
        col(
          t("prediction:columns.quantity"),
          r.lines.map((l) => l.quantity),
        ),
        ...symbols.map((s) =>
          col(
            s,
            r.lines.map((l) => l.factors.find((f) => f.symbol === s)?.value ?? null),
          ),
        ),
        col(
          t("prediction:results.rateEach"),
          r.lines.map((l) => l.rateEach),
        ),
        col(
          t("prediction:results.rate"),
          r.lines.map((l) => l.rate),
        ),
        col(
          "FIT",
          r.lines.map((l) => l.fit),
        ),
        col(
          t("prediction:columns.source"),
          r.lines.map((l) => l.source),
        ),
        col(
          t("prediction:results.problems"),
          r.lines.map((l) => l.problems.map(problemMessage).join(" ")),
        ),
      ],
    },
    {
      name: "Pareto",
      columns: [
        col(
          t("prediction:columns.ref"),
          r.pareto.map((p) => p.ref),
        ),
        col(
          t("prediction:results.rate"),
          r.pareto.map((p) => p.rate),
        ),
        col(
          t("prediction:results.share"),
          r.pareto.map((p) => p.share),
        ),
        col(
          t("prediction:results.cumulative"),
          r.pareto.map((p) => p.cumulative),
        ),
      ],
    },
    {
      name: t("prediction:report.evidence"),
      columns: (() => {
        const e = occurrenceEvidence(toModel(state), r);
        return [
          col(
            t("prediction:columns.ref"),
            e.map((x) => x.ref),
          ),
          col(
            t("prediction:columns.name"),
            e.map((x) => x.name),
          ),
          col(
            t("prediction:columns.assembly"),
            e.map((x) => x.assembly),
          ),
          col(
            t("prediction:results.rate"),
            e.map((x) => x.rate),
          ),
          col(
            t("prediction:results.perHour"),
            e.map((x) => x.perHour),
          ),
          col(
            t("prediction:results.missionProbability"),
            e.map((x) => x.missionProbability),
          ),
          col(
            t("prediction:columns.source"),
            e.map((x) => x.source),
          ),
        ];
      })(),
    },
  ];
  if (r.allocation)
    sheets.push({
      name: t("prediction:report.allocation"),
      columns: [
        col(
          t("prediction:columns.assembly"),
          r.allocation.map((a) => a.name),
        ),
        col(
          t("prediction:results.allocated"),
          r.allocation.map((a) => a.allocated),
        ),
        col(
          t("prediction:results.rate"),
          r.allocation.map((a) => a.predicted),
        ),
      ],
    });
  const bytes = await writeTable(sheets, "xlsx");
  downloadBlob(bytes, safeFileName(`${state.name} prediction`, "xlsx"), MIME.xlsx);
}

/** Opens the system in the eRBD editor: a series of its assemblies, each exponential with its predicted rate. */
export async function exportToRbd(): Promise<void> {
  const r = currentResult();
  if (!r) return;
  const rbd = toRbdModel(r, name.value || t("prediction:untitled"));
  const files = await import("../rbd/files.ts");
  if (!(await files.mayDiscard())) return;
  const [{ load }, { DEFAULT_SIMULATION }, { clearResults }] = await Promise.all([
    import("../rbd/store.ts"),
    import("../rbd/document.ts"),
    import("../rbd/analysis-state.ts"),
  ]);
  load(
    { model: rbd, offsets: {}, simulation: { ...DEFAULT_SIMULATION } },
    { description: t("prediction:handoff.rbdDescription", { name: name.value }) },
  );
  clearResults();
  navigate(PATHS.rbdEditor);
  message.success(t("prediction:handoff.rbdDone", { n: rbd.blocks.length }));
}

/** Copies every line's rate as the FMEA's occurrence evidence (tab-separated, for the FMEA sheet or Excel). */
export async function copyEvidence(): Promise<void> {
  const r = currentResult();
  if (!r) return;
  const e = occurrenceEvidence(toModel(editorState()), r);
  const header = ["ref", "name", "assembly", "failures/1e6 h", "per hour", "P(mission)", "source"].join("\t");
  const text = [
    header,
    ...e.map((x) =>
      [x.ref, x.name, x.assembly, x.rate, x.perHour, x.missionProbability, x.source].join("\t"),
    ),
  ].join("\n");
  await navigator.clipboard.writeText(text);
  message.success(t("prediction:handoff.evidenceCopied", { n: e.length }));
}
