// The eFTA editor's state, as signals: the model being edited with its undo history, the selected
// occurrence, the clipboard (spec 4: a copy or cut is held until pasted), the stored document it came from,
// the analysis and its result. One editor per page; the screen reads these, actions.ts changes them.
import { computed, signal } from "@preact/signals-react";
import { emptyModel, type FtaModel } from "../../../kernels/fta/model.ts";
import type { FtaAnalysisResult } from "../../../kernels/fta/result.ts";
import type { ResultTab } from "./bridge.ts";
import type { FtaFragment } from "./model-edit.ts";
import type { StoredFtaResults } from "./storage.ts";
import { buildViewTree } from "./view-tree.ts";

export interface Snapshot {
  model: FtaModel;
  selected: string | null;
}

export const model = signal<FtaModel>(emptyModel());
export const selected = signal<string | null>(null);
export const past = signal<Snapshot[]>([]);
export const future = signal<Snapshot[]>([]);
/** Edits since the last save or load. */
export const dirty = signal(false);

export type Clipboard =
  | { mode: "copy"; fragment: FtaFragment }
  | { mode: "cut"; code: string; parentCode: string; index: number; occurrence: string };
export const clipboard = signal<Clipboard | null>(null);

/** The stored fault tree this document is (after load or save). */
export const stored = signal<{ id: number; name: string; version: number } | null>(null);

export interface AnalysisSettings {
  algorithm: "bdd" | "zbdd" | "mocus";
  limitOrder: number;
  cutOff: number;
  curvePoints: number;
}
export const analysisSettings = signal<AnalysisSettings>({
  algorithm: "bdd",
  limitOrder: 20,
  cutOff: 0,
  curvePoints: 101,
});

export type AnalysisState =
  | { status: "idle" }
  | { status: "running"; done: number; total: number; started: number }
  | { status: "done"; result: FtaAnalysisResult; analysed: FtaModel }
  | { status: "failed"; message: string };
export const analysis = signal<AnalysisState>({ status: "idle" });
/** The results the tree was saved with, and the tree as loaded (they describe that tree only). */
export const savedResults = signal<{ results: StoredFtaResults; model: FtaModel } | null>(null);
/** The saved results while the tree on screen is the one they belong to and no new analysis replaced them. */
export const shownSavedResults = computed(() => {
  const saved = savedResults.value;
  return saved && saved.model === model.value && analysis.value.status !== "done" ? saved.results : null;
});
export const resultTab = signal<ResultTab>("cutSets");
export const resultsOpen = signal(false);

/** Bumped to make the viewport fit the drawing again (a loaded or new document). */
export const fitKey = signal(0);
/** Bumped to move focus into the attribute panel. */
export const attributeFocus = signal(0);

export const view = computed(() => buildViewTree(model.value));

/** The analysis result when it is for the model on screen (an edit makes it stale). */
export const currentResult = computed(() => {
  const a = analysis.value;
  return a.status === "done" && a.analysed === model.value ? a.result : null;
});

export const HISTORY_LIMIT = 200;

/** Replaces the model as one undoable step. */
export function commit(next: FtaModel, nextSelected: string | null = selected.value): void {
  if (next === model.value && nextSelected === selected.value) return;
  past.value = [...past.value.slice(-(HISTORY_LIMIT - 1)), { model: model.value, selected: selected.value }];
  future.value = [];
  model.value = next;
  selected.value = nextSelected;
  dirty.value = true;
}

export function undo(): boolean {
  const previous = past.value.at(-1);
  if (!previous) return false;
  past.value = past.value.slice(0, -1);
  future.value = [{ model: model.value, selected: selected.value }, ...future.value];
  model.value = previous.model;
  selected.value = previous.selected;
  dirty.value = true;
  return true;
}

export function redo(): boolean {
  const next = future.value[0];
  if (!next) return false;
  future.value = future.value.slice(1);
  past.value = [...past.value, { model: model.value, selected: selected.value }];
  model.value = next.model;
  selected.value = next.selected;
  dirty.value = true;
  return true;
}

/** A new document: history, clipboard and result cleared. */
export function load(next: FtaModel, from: { id: number; name: string; version: number } | null): void {
  model.value = next;
  past.value = [];
  future.value = [];
  clipboard.value = null;
  stored.value = from;
  dirty.value = false;
  analysis.value = { status: "idle" };
  savedResults.value = null;
  const v = buildViewTree(next);
  selected.value = v.roots[0] ?? null;
  fitKey.value++;
}

/** The viewport and the layout on screen, for navigation across a rank and for the view commands. */
export const canvas: {
  handle: import("../../components/graph/GraphViewport.tsx").GraphViewportHandle | null;
  layout: import("../../components/graph/types.ts").GraphLayout | null;
} = { handle: null, layout: null };
