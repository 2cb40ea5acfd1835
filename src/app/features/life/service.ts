// What the life-data screens do with the REST store and the kernel worker: open, save (with results),
// create, copy and delete data sets; run the fit, the distribution guide and the calculator in the worker
// with progress and cancel. Screens call these; the commands of commands/life.ts reach them through the page.

import { kernels } from "../../../kernels/client.ts";
import type { FitOptions, LifeFit } from "../../../kernels/life/types.ts";
import type {
  CalculatorOptions,
  CalculatorQuery,
  CalculatorResult,
  GuideResult,
  LifeOutcome,
} from "../../../kernels/life.ts";
import type { AnalysisDocument } from "../../../shared/schemas/analyses.ts";
import type { LifeDataBody } from "../../../shared/schemas/lifedata.ts";
import { analysesApi } from "../../api/analyses.ts";
import { decodeStored, fetchStored, jsonBlob } from "../../components/spreadsheet/client.ts";
import { token } from "../../state/session.ts";
import { type LifeResults, LifeSet, type LifeSettings, openSets, settingsFrom } from "./model.ts";
import { encodeResult } from "./results.ts";

export { isTrialAccount, MAX_ROWS, rowLimitFor, TRIAL_ROW_LIMIT } from "./rules.ts";

import { kernelColumns, packTable, STORED_TYPES, unpackTable } from "./table.ts";

export const wb = analysesApi<LifeDataBody>("wb");

export function fitOptions(settings: LifeSettings): FitOptions {
  return {
    distribution: settings.distribution,
    method: settings.estimationMethod,
    ranks: settings.rankMethod,
    bounds: settings.confidenceType,
    sided: settings.sidedness,
    confidence: settings.confidenceLevel,
    beta: settings.distribution === "weibull1p" ? (settings.beta ?? 2) : undefined,
    groups: settings.groups && settings.groups.length > 0 ? settings.groups : undefined,
    // The likelihood-ratio contour costs seconds on large sets; it comes with LR bounds (which need it) and
    // otherwise when the contour plot is asked for (computeContour).
    contour: settings.confidenceType === "lr",
  };
}

/**
 * A stored set's document, its decoded columns and results. Fetched, parsed and decoded in the spreadsheet
 * worker, the typed arrays moved to this thread (no main-thread JSON parse of megabytes); when the worker's
 * request fails the app's HTTP client asks again and reports the failure as it does for every call.
 */
async function fetchSet(id: number): Promise<{
  doc: AnalysisDocument<LifeDataBody>;
  rows: number;
  columns: Record<string, Float64Array | Int32Array | Uint8Array>;
  results: unknown;
}> {
  const authorization = token.value ? `Bearer ${token.value}` : null;
  const fetched = await fetchStored(wb.url(id), authorization, "data", STORED_TYPES, "results").catch(
    () => ({ ok: false }) as const,
  );
  if (fetched.ok)
    return {
      doc: fetched.doc as unknown as AnalysisDocument<LifeDataBody>,
      rows: fetched.rows,
      columns: fetched.columns,
      results: fetched.value,
    };
  const doc = (await wb.get(id)).data;
  const table = doc.body.data as { rows: number; columns: Record<string, string | number[] | undefined> };
  const decoded = await decodeStored(table.columns, STORED_TYPES, doc.body.results ?? null);
  return { doc, rows: table.rows, columns: decoded.columns, results: decoded.value };
}

/** From this many rows on, opening a set loads it in several tasks. */
const BIG_SET_ROWS = 50_000;

/** Opens a stored set (from the cache when already open). */
export async function openSet(id: number, reload = false): Promise<LifeSet> {
  const cached = openSets.get(id);
  if (cached && !reload) return cached;
  const { doc, rows, columns, results } = await fetchSet(id);
  const set = cached ?? new LifeSet({ id, name: doc.name });
  set.id = doc.id;
  set.version = doc.version;
  set.projectId = doc.projectId;
  set.name.value = doc.name;
  set.description.value = doc.body.description ?? "";
  set.settings.value = settingsFrom(doc.body.settings);
  // A big set is loaded in three tasks, so none holds the page for long (issue 16: reopen under 100 ms a
  // task): the sheet's columns, then the kernel columns the plot reads (cached per revision), then the page.
  const big = rows >= BIG_SET_ROWS;
  if (big) await yieldToMain();
  set.store.reset(unpackTable({ rows, columns }), true);
  if (big) {
    await yieldToMain();
    kernelColumns(set.store);
    await yieldToMain();
  }
  const stored = results as LifeResults | null;
  set.results.value = stored?.fit ? { ...stored, settings: settingsFrom(stored.settings) } : null;
  set.markSaved();
  set.resultsRevision.value = stored ? set.store.revision : -1;
  openSets.set(id, set);
  return set;
}

/** The stored body with typed arrays left in place (jsonBlob makes them base64 in the worker). */
function bodyOf(set: LifeSet): Record<string, unknown> {
  const results = set.resultsCurrent ? set.results.value : null;
  let stored: Record<string, unknown> | null = null;
  if (results) {
    // Plotting positions keep time, probability and row; their rank column is not plotted and not stored.
    const { positions, ...fit } = results.fit;
    const keptPositions = positions
      ? {
          time: positions.time,
          probability: positions.probability,
          row: positions.row,
          ranks: positions.ranks,
        }
      : undefined;
    stored = encodeResult({ ...results, fit: { ...fit, positions: keptPositions } }, false) as Record<
      string,
      unknown
    >;
  }
  return {
    kind: "weibull",
    description: set.description.value,
    settings: { ...set.settings.value },
    data: packTable(set.store),
    results: stored,
  };
}

/** Saves (creates when new); answers the stored id. */
export async function saveSet(set: LifeSet): Promise<number> {
  const body = bodyOf(set);
  const revision = set.store.revision;
  if (set.id === null || set.version === null) {
    const json = await jsonBlob({ name: set.name.value, projectId: set.projectId, body });
    // One key per set until created: a retry after a lost answer gets the set the first request made.
    const meta = (await wb.createJson(json, set.requestKey())).data;
    set.createKey = null;
    set.id = meta.id;
    set.version = meta.version;
    openSets.set(meta.id, set);
  } else {
    const json = await jsonBlob({ version: set.version, name: set.name.value, body });
    const meta = (await wb.updateJson(set.id, json)).data;
    set.version = meta.version;
  }
  set.savedRevision.value = revision;
  set.metaDirty.value = false;
  return set.id as number;
}

/** Ends the current task so the page can paint and take input between two steps of a long action. */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export class LifeIssues extends Error {
  constructor(readonly issues: Extract<LifeOutcome<unknown>, { ok: false }>["issues"]) {
    super(issues.map((i) => i.message).join("; "));
  }
}

/** Fits the set's data with its settings in the kernel worker. */
export async function runFit(
  set: LifeSet,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<LifeResults> {
  const started = performance.now();
  const settings = { ...set.settings.value };
  const revision = set.store.revision;
  const { columns } = kernelColumns(set.store);
  // Copied to the worker, not moved: the columns stay cached for the plot and the save.
  await yieldToMain();
  const outcome = await kernels.call("life", "tryFitLife", [columns, fitOptions(settings)], options);
  if (!outcome.ok) throw new LifeIssues(outcome.issues);
  const results: LifeResults = {
    fit: outcome.value as LifeFit,
    settings,
    rows: outcome.value.counts.rows,
    computedAt: new Date().toISOString(),
    elapsedMs: Math.round(performance.now() - started),
  };
  set.results.value = results;
  set.resultsRevision.value = revision;
  // Results follow from the data and settings (saved with the next save); a fit alone does not make a saved
  // set unsaved.
  return results;
}

/** Adds the likelihood-ratio contour to the current results (a fit of the same data and settings). */
export async function computeContour(set: LifeSet, signal?: AbortSignal): Promise<void> {
  const results = set.results.value;
  if (!results) return;
  const { columns } = kernelColumns(set.store);
  const options = { ...fitOptions(results.settings), contour: true, positions: false, curvePoints: 0 };
  const outcome = await kernels.call("life", "tryFitLife", [columns, options], { signal });
  if (!outcome.ok) throw new LifeIssues(outcome.issues);
  if (set.results.value !== results) return;
  set.results.value = { ...results, fit: { ...results.fit, contour: outcome.value.contour } };
}

export async function runGuide(set: LifeSet, signal?: AbortSignal): Promise<GuideResult> {
  const { columns } = kernelColumns(set.store);
  const groups = set.settings.value.groups;
  const outcome = await kernels.call(
    "life",
    "tryDistributionGuide",
    [columns, { groups: groups?.length ? groups : undefined }],
    {
      signal,
    },
  );
  if (!outcome.ok) throw new LifeIssues(outcome.issues);
  return outcome.value;
}

export async function runCalculator(
  set: LifeSet,
  queries: CalculatorQuery[],
  options: CalculatorOptions,
): Promise<CalculatorResult[]> {
  const results = set.results.value;
  if (!results) throw new LifeIssues([]);
  const { fit } = results;
  const withData =
    options.bounds === "lr"
      ? { ...options, columns: kernelColumns(set.store).columns, groups: results.settings.groups }
      : options;
  const outcome = await kernels.call("life", "tryCalculateLife", [
    { distribution: fit.distribution, model: fit.model, method: fit.method },
    queries,
    withData,
  ]);
  if (!outcome.ok) throw new LifeIssues(outcome.issues);
  return outcome.value;
}
