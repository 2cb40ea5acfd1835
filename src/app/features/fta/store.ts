// The eFTA editor's state, as signals: the model being edited with its undo history, the selected
// occurrence, the clipboard (spec 4: a copy or cut is held until pasted), the stored document it came from,
// the analysis and its result. One editor per page; the screen reads these, actions.ts changes them.
import { computed, signal } from "@preact/signals-react";
import { emptyModel, type FtaModel } from "../../../kernels/fta/model.ts";
import type { FtaAnalysisResult } from "../../../kernels/fta/result.ts";
import {
  canRedo,
  canUndo,
  type History,
  record,
  redo as redoStep,
  startHistory,
  undo as undoStep,
} from "../../state/history.ts";
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
/** Undo and redo (state/history.ts); `present` is synced with model and selection at each step. */
export const history = signal<History<Snapshot>>(startHistory({ model: model.value, selected: null }));
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

const current = (): Snapshot => ({ model: model.value, selected: selected.value });

function show(h: History<Snapshot>): void {
  history.value = h;
  model.value = h.present.model;
  selected.value = h.present.selected;
  dirty.value = true;
}

/** Replaces the model as one undoable step. */
export function commit(next: FtaModel, nextSelected: string | null = selected.value): void {
  if (next === model.value && nextSelected === selected.value) return;
  show(record({ ...history.value, present: current() }, { model: next, selected: nextSelected }));
}

export function undo(): boolean {
  const h = { ...history.value, present: current() };
  if (!canUndo(h)) return false;
  show(undoStep(h));
  return true;
}

export function redo(): boolean {
  const h = { ...history.value, present: current() };
  if (!canRedo(h)) return false;
  show(redoStep(h));
  return true;
}

/** A new document: history, clipboard and result cleared. */
export function load(next: FtaModel, from: { id: number; name: string; version: number } | null): void {
  model.value = next;
  clipboard.value = null;
  stored.value = from;
  dirty.value = false;
  analysis.value = { status: "idle" };
  savedResults.value = null;
  const v = buildViewTree(next);
  selected.value = v.roots[0] ?? null;
  history.value = startHistory(current());
  fitKey.value++;
}

/** The viewport and the layout on screen, for navigation across a rank and for the view commands. */
export const canvas: {
  handle: import("../../components/graph/GraphViewport.tsx").GraphViewportHandle | null;
  layout: import("../../components/graph/types.ts").GraphLayout | null;
} = { handle: null, layout: null };
