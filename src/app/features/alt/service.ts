// The ALT set's actions shared by the data sheet (/alta/life) and the full-page analysis
// (/alta/analysis/index): open a stored set, check the sheet and settings, fit in the kernel worker with
// progress and cancel, save through /api/alta. They act on the one kept state (state.ts).
import type { TFunction } from "i18next";
import type { AltIssue } from "../../../kernels/alt.ts";
import { kernels } from "../../../kernels/client.ts";
import { LIFE_COLUMN_KEYS } from "../../../shared/columns.ts";
import { LIMITS, withinLimit } from "../../../shared/constants.ts";
import { altaStore } from "../../api/alta.ts";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import { fetchStored, jsonBlob } from "../../components/spreadsheet/client.ts";
import { token } from "../../state/session.ts";
import {
  ALT_STORED_TYPES,
  altColumns,
  altOptions,
  fromStoredBody,
  fromStoredColumns,
  parseTimes,
  parseUseStress,
  storedBodyTyped,
  stressCount,
} from "./model.ts";
import { markSaved, STRESS_KEYS, altState as st } from "./state.ts";

export const MAX_ROWS = 400_000;

/** Column titles of the sheet: the life columns' and the names of the stress columns in use. */
export function sheetHeaders(t: TFunction): Record<string, string> {
  const s = st.settings.value;
  const m = stressCount(s);
  return {
    ...Object.fromEntries(LIFE_COLUMN_KEYS.map((k) => [k, t(`life:columns.${k}`)])),
    ...Object.fromEntries(
      STRESS_KEYS.map((k, j) => [k, j < m ? s.stressNames[j] || k : t("alt:unusedStress", { n: j + 1 })]),
    ),
  };
}

/** The first cell that does not fit its column, said and handed to `focus`; true when there is none. */
function checkSheet(t: TFunction, focus?: (row: number, col: number) => void): boolean {
  const { issues, count } = st.store.issues(1);
  if (count === 0) return true;
  const first = issues[0];
  message.warning(
    t("alt:cellProblem", {
      row: first.row + 1,
      column: Object.values(sheetHeaders(t))[first.col],
      message: t(first.key, { ...(first.params ?? {}) }),
    }),
  );
  focus?.(first.row, first.col);
  return false;
}

/**
 * A kernel issue in the user's language: the message from its key and parameters, and for a row the sheet's
 * row (`rows` maps the kernel's 1-based rows, blank rows left out, back to sheet rows) and column title.
 */
export function fitIssueText(
  t: TFunction,
  issue: Pick<AltIssue, "key" | "params" | "row" | "column">,
  rows: ArrayLike<number>,
): { text: string; cell: { row: number; col: number } | null } {
  const text = problemMessage(issue);
  if (issue.row === undefined) return { text: t("alt:fitFailed", { message: text }), cell: null };
  const row = rows[issue.row - 1] ?? issue.row - 1;
  const headers = sheetHeaders(t);
  const col = issue.column ? Object.keys(headers).indexOf(issue.column) : -1;
  return {
    text: t("alt:cellProblem", {
      row: row + 1,
      column: col >= 0 ? Object.values(headers)[col] : "",
      message: text,
    }),
    cell: { row, col: Math.max(col, 0) },
  };
}

/** The settings' problem, as a message key, or null. */
function settingsProblem(): string | null {
  const s = st.settings.value;
  if (!withinLimit(s.confidence, LIMITS.analysisConfidence)) return "messages:ciAnalysisRange";
  if (!parseUseStress(s)) return "alt:useInvalid";
  if (!parseTimes(s)) return "alt:atInvalid";
  return null;
}

export async function fitCurrent(t: TFunction, focus?: (row: number, col: number) => void): Promise<void> {
  if (st.running.value) return;
  if (!checkSheet(t, focus)) return;
  const problem = settingsProblem();
  if (problem) return void message.warning(t(problem));
  const s = st.settings.value;
  // The check and the columns are two passes over the rows: two tasks, so neither holds the page long.
  await yieldToMain();
  const { columns, rows } = altColumns(st.store, stressCount(s));
  if (columns.end.length === 0) return void message.warning(t("messages:addDataPoint"));
  if (columns.end.length > MAX_ROWS) return void message.warning(t("alt:tooManyRows", { limit: MAX_ROWS }));
  const controller = new AbortController();
  st.running.value = controller;
  st.progress.value = 0;
  try {
    const outcome = await kernels.call(
      "alt",
      "tryFitAlt",
      [columns, altOptions(s, parseUseStress(s) ?? [])],
      {
        signal: controller.signal,
        onProgress: (done, total) => {
          st.progress.value = total > 0 ? done / total : 0;
        },
      },
    );
    if (!outcome.ok) {
      const { text, cell } = fitIssueText(t, outcome.issues[0], rows);
      message.warning(text);
      if (cell) focus?.(cell.row, cell.col);
      return;
    }
    st.fit.value = outcome.value;
    st.stale.value = false;
    message.success(t("alt:fitDone"));
  } catch (error) {
    if (controller.signal.aborted) message.info(t("alt:cancelled"));
    else message.warning(t("alt:fitFailed", { message: (error as Error).message }));
  } finally {
    st.running.value = null;
    st.progress.value = null;
  }
}

/** Saves the set (created on its first save); the id, or null when the sheet or settings refused it. */
export async function saveCurrent(
  t: TFunction,
  focus?: (row: number, col: number) => void,
): Promise<{ id: number; created: boolean } | null> {
  if (!checkSheet(t, focus)) return null;
  const s = st.settings.value;
  const use = parseUseStress(s);
  if (!use) {
    message.warning(t("alt:useInvalid"));
    return null;
  }
  const fit = st.fit.value;
  const name = st.name.value.trim() || `${t("alt:untitled")} ${new Date().toISOString().slice(0, 10)}`;
  const results = fit && !st.stale.value ? JSON.parse(JSON.stringify({ ...fit, plots: undefined })) : null;
  // The columns go to the spreadsheet worker as typed arrays; it writes the request's JSON (base64 columns),
  // so a 400,000-row save never holds the page.
  const body = storedBodyTyped(st.store, s, use, results);
  const stored = st.stored.value;
  const { data } = stored
    ? await altaStore.updateJson(stored.id, await jsonBlob({ version: stored.version, name, body }))
    : await altaStore.createJson(await jsonBlob({ name, body }));
  st.stored.value = { id: data.id, version: data.version };
  st.name.value = data.name;
  markSaved();
  message.success(t("alt:saved", { name: data.name }));
  return { id: data.id, created: !stored };
}

/**
 * Opens a stored set into the kept state; true when it was read. The caller fits it again. The document is
 * fetched, parsed and its columns decoded in the spreadsheet worker (no main-thread parse of megabytes of
 * JSON); when the worker's request fails, the app's HTTP client asks again and reports a failure as it does
 * for every call.
 */
export async function openStored(id: number, t: TFunction): Promise<boolean> {
  const authorization = token.value ? `Bearer ${token.value}` : null;
  const fetched = await fetchStored(
    altaStore.url(id),
    authorization,
    "data",
    ALT_STORED_TYPES,
    "results",
  ).catch(() => ({ ok: false }) as const);
  let meta: { id: number; version: number; name: string };
  let doc: ReturnType<typeof fromStoredBody>;
  if (fetched.ok) {
    meta = fetched.doc as unknown as typeof meta;
    const settings = (fetched.doc.body as { settings: Parameters<typeof fromStoredColumns>[0] }).settings;
    await yieldToMain();
    doc = fromStoredColumns(settings, fetched.rows, fetched.columns);
  } else {
    const { data } = await altaStore.get(id);
    meta = data;
    doc = fromStoredBody(data.body);
  }
  if (!doc) {
    message.error(t("alt:unreadable", { name: meta.name }));
    return false;
  }
  await yieldToMain();
  st.store.reset(doc.sheet, true);
  st.settings.value = doc.settings;
  st.fit.value = null;
  st.stale.value = false;
  st.stored.value = { id: meta.id, version: meta.version };
  st.name.value = meta.name;
  st.importLines.value = [];
  markSaved();
  return true;
}

/** Ends the current task so the page can paint and take input between two steps of a long action. */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
