// The degradation screen's actions on its kept state (state.ts): import a file in the spreadsheet worker with
// progress and cancel, fit in the kernel worker with progress and cancel, save through /api/wb (kind
// "degradation"), open a stored analysis.
import type { TFunction } from "i18next";
import { kernels } from "../../../kernels/client.ts";
import type { Problem } from "../../../shared/problem.ts";
import type { DegradationBody } from "../../../shared/schemas/degradation.ts";
import { analysesApi } from "../../api/analyses.ts";
import { message } from "../../components/message.ts";
import { readTableFile } from "../../components/spreadsheet/client.ts";
import { fromStoredBody, measurementsByUnit, measurementsOf, optionsOf, storedBody } from "./model.ts";
import { DEGRADATION_TABLE, MAX_ROWS, PLOTTED_UNITS, degradationState as st } from "./state.ts";

export const wbDegradation = analysesApi<DegradationBody>("wb");

const COLUMNS = ["unit", "time", "value"] as const;

/** A problem as one translated line, with its sheet row (1-based) or unit when it has one. */
export function problemLine(t: TFunction, p: Problem, rows?: Int32Array): string {
  const text = String(t(`messages:${p.key}`, { ...(p.params ?? {}) }));
  const [at, column] = p.where ?? [];
  if (typeof at === "number" && rows) {
    const row = rows[at - 1] + 1;
    return String(
      t("degradation:rowProblem", { row, column: t(`degradation:columns.${column}`), message: text }),
    );
  }
  return text;
}

/** The first cell that does not fit its column, said and handed to `focus`; true when there is none. */
function checkSheet(t: TFunction, focus?: (row: number, col: number) => void): boolean {
  const { issues, count } = st.store.issues(1);
  if (count === 0) return true;
  const first = issues[0];
  message.warning(
    t("degradation:cellProblem", {
      row: first.row + 1,
      column: t(`degradation:columns.${COLUMNS[first.col]}`),
      message: t(first.key, { ...(first.params ?? {}) }),
    }),
  );
  focus?.(first.row, first.col);
  return false;
}

export async function fitCurrent(t: TFunction, focus?: (row: number, col: number) => void): Promise<void> {
  if (st.running.value) return;
  if (!checkSheet(t, focus)) return;
  const prepared = optionsOf(st.settings.value);
  if ("problems" in prepared) {
    st.problems.value = prepared.problems.map((p) => problemLine(t, p));
    return void message.warning(st.problems.value[0]);
  }
  const { data, rows } = measurementsOf(st.store);
  if (data.time.length === 0) return void message.warning(t("messages:addDataPoint"));
  const controller = new AbortController();
  st.running.value = controller;
  st.progress.value = 0;
  try {
    const outcome = await kernels.call("degradation", "tryFitDegradation", [data, prepared.options], {
      signal: controller.signal,
      onProgress: (done, total) => {
        st.progress.value = total > 0 ? done / total : 0;
      },
    });
    if (!outcome.ok) {
      st.problems.value = outcome.problems.slice(0, 20).map((p) => problemLine(t, p, rows));
      message.warning(st.problems.value[0]);
      return;
    }
    st.problems.value = [];
    st.plotted.value = measurementsByUnit(
      data,
      outcome.value.units.slice(0, PLOTTED_UNITS).map((u) => u.id),
    );
    st.result.value = outcome.value;
    st.stale.value = false;
    message.success(t("degradation:fitDone"));
  } catch (error) {
    if (controller.signal.aborted) message.info(t("degradation:cancelled"));
    else message.warning(t("degradation:fitFailed", { message: (error as Error).message }));
  } finally {
    st.running.value = null;
    st.progress.value = null;
  }
}

/** Reads a file into the sheet: every row comes in, bad cells kept as typed and marked; one undo step. */
export async function importFile(t: TFunction, file: File): Promise<void> {
  st.importing.value?.abort.abort();
  const abort = new AbortController();
  st.importing.value = { name: file.name, progress: 0, abort };
  try {
    const { report, data } = await readTableFile(
      file,
      DEGRADATION_TABLE,
      { maxRows: MAX_ROWS, issueLimit: 200 },
      {
        signal: abort.signal,
        onProgress: (_stage, done, total) => {
          if (st.importing.value?.abort === abort)
            st.importing.value = { name: file.name, progress: total > 0 ? done / total : 0, abort };
        },
      },
    );
    if (report.fatal) {
      message.warning(
        t("degradation:importFailed", {
          name: file.name,
          message: t(report.fatal.key, { ...(report.fatal.params ?? {}) }),
        }),
      );
      return;
    }
    st.store.replace(data, "import");
    st.importLines.value = report.issues.map((i) =>
      t("degradation:importLine", { line: i.line, message: t(i.key, { ...(i.params ?? {}) }) }),
    );
    const params = { name: file.name, rows: report.rowsRead, rejected: report.rejected };
    if (report.rejected > 0) message.warning(t("degradation:importedWithProblems", params));
    else message.success(t("degradation:imported", params));
  } catch (error) {
    if (abort.signal.aborted) message.info(t("degradation:importCancelled"));
    else
      message.warning(t("degradation:importFailed", { name: file.name, message: (error as Error).message }));
  } finally {
    if (st.importing.value?.abort === abort) st.importing.value = null;
  }
}

/** Saves the analysis (created on its first save); the id, or null when the sheet or settings refused it. */
export async function saveCurrent(
  t: TFunction,
  focus?: (row: number, col: number) => void,
): Promise<{ id: number; created: boolean } | null> {
  if (!checkSheet(t, focus)) return null;
  const prepared = optionsOf(st.settings.value);
  if ("problems" in prepared) {
    message.warning(problemLine(t, prepared.problems[0]));
    return null;
  }
  const { data } = measurementsOf(st.store);
  const name =
    st.name.value.trim() || `${t("degradation:untitled")} ${new Date().toISOString().slice(0, 10)}`;
  const result = st.stale.value ? null : st.result.value;
  const body = storedBody(data, st.settings.value, result);
  const stored = st.stored.value;
  const { data: meta } = stored
    ? await wbDegradation.update(stored.id, { version: stored.version, name, body })
    : await wbDegradation.create({ name, body });
  st.stored.value = { id: meta.id, version: meta.version };
  st.name.value = meta.name;
  st.dirty.value = false;
  message.success(t("degradation:saved", { name: meta.name }));
  return { id: meta.id, created: !stored };
}

/** Opens a stored analysis into the kept state; true when it was read. The caller fits it again. */
export async function openStored(id: number, t: TFunction): Promise<boolean> {
  const { data } = await wbDegradation.get(id);
  const doc = data.body.kind === "degradation" ? fromStoredBody(data.body) : null;
  if (!doc) {
    message.error(t("degradation:unreadable", { name: data.name }));
    return false;
  }
  st.store.reset(doc.sheet);
  st.settings.value = doc.settings;
  st.result.value = null;
  st.stale.value = false;
  st.problems.value = [];
  st.stored.value = { id: data.id, version: data.version };
  st.name.value = data.name;
  st.importLines.value = [];
  st.dirty.value = false;
  return true;
}
