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
import type { LifeDataBody } from "../../../shared/schemas/lifedata.ts";
import { analysesApi } from "../../api/analyses.ts";
import { type LifeResults, LifeSet, type LifeSettings, openSets, settingsFrom } from "./model.ts";
import { decodeResult, encodeResult } from "./results.ts";
import { kernelColumns, packTable, unpackTable } from "./table.ts";

export const wb = analysesApi<LifeDataBody>("wb");

/** Trial (non-VIP) accounts analyse at most this many rows (spec 1 and 5: "small data volumes"). */
export const TRIAL_ROW_LIMIT = 1000;
export const MAX_ROWS = 400_000;

/** Whether the user info marks a trial account: the service's `vip: false` (or `trial: true`). */
export function isTrialAccount(user: Record<string, unknown> | null | undefined): boolean {
  if (!user) return false;
  return user.vip === false || user.trial === true;
}

export function rowLimitFor(user: Record<string, unknown> | null | undefined): number {
  return isTrialAccount(user) ? TRIAL_ROW_LIMIT : MAX_ROWS;
}

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
    contour: true,
  };
}

/** Opens a stored set (from the cache when already open). */
export async function openSet(id: number, reload = false): Promise<LifeSet> {
  const cached = openSets.get(id);
  if (cached && !reload) return cached;
  const doc = (await wb.get(id)).data;
  const set = cached ?? new LifeSet({ id, name: doc.name });
  set.id = doc.id;
  set.version = doc.version;
  set.projectId = doc.projectId;
  set.name.value = doc.name;
  set.description.value = doc.body.description ?? "";
  set.settings.value = settingsFrom(doc.body.settings);
  set.store.reset(unpackTable(doc.body.data as Parameters<typeof unpackTable>[0]));
  const stored = doc.body.results ? (decodeResult(doc.body.results) as LifeResults) : null;
  set.results.value = stored?.fit ? { ...stored, settings: settingsFrom(stored.settings) } : null;
  set.markSaved();
  set.resultsRevision.value = stored ? set.store.revision : -1;
  openSets.set(id, set);
  return set;
}

function bodyOf(set: LifeSet): LifeDataBody {
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
    stored = encodeResult({ ...results, fit: { ...fit, positions: keptPositions } }) as Record<
      string,
      unknown
    >;
  }
  return {
    description: set.description.value,
    settings: { ...set.settings.value },
    data: packTable(set.store),
    results: stored,
  } as LifeDataBody;
}

/** Saves (creates when new); answers the stored id. */
export async function saveSet(set: LifeSet): Promise<number> {
  const body = bodyOf(set);
  const revision = set.store.revision;
  if (set.id === null || set.version === null) {
    const meta = (await wb.create({ name: set.name.value, projectId: set.projectId, body })).data;
    set.id = meta.id;
    set.version = meta.version;
    openSets.set(meta.id, set);
  } else {
    const meta = (await wb.update(set.id, { version: set.version, name: set.name.value, body })).data;
    set.version = meta.version;
  }
  set.savedRevision.value = revision;
  set.metaDirty.value = false;
  return set.id as number;
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
  const transfer = [
    columns.end.buffer,
    columns.start?.buffer,
    columns.state?.buffer,
    columns.quantity?.buffer,
    columns.group?.buffer,
  ].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
  const outcome = await kernels.call("life", "tryFitLife", [columns, fitOptions(settings)], {
    ...options,
    transfer,
  });
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
  set.metaDirty.value = true;
  return results;
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
