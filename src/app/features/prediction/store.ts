// The ePDT editor's state: the system tree with undo and redo (state/history.ts snapshots), one parts sheet
// per assembly (each SheetStore keeps its own cell undo), the device dictionary sheet, settings, the stored
// document's id and version, and the last prediction with the state it was computed from.
import { computed, signal } from "@preact/signals-react";
import type {
  PredictionAssembly,
  PredictionPart,
  PredictionSettings,
} from "../../../kernels/prediction/model.ts";
import type { PredictionResult } from "../../../kernels/prediction/predict.ts";
import { type SheetData, SheetStore } from "../../components/spreadsheet/store.ts";
import { canRedo, canUndo, type History, record, redo, startHistory, undo } from "../../state/history.ts";
import {
  type DictionaryEntry,
  dictionaryToSheet,
  type EditorState,
  newTree,
  partsToSheet,
  ROOT_ID,
  sheetToDictionary,
} from "./document.ts";
import { DICTIONARY_SCHEMA, PARTS_SCHEMA, partFromRow, rowUsed } from "./schema.ts";

export const DEFAULT_SETTINGS: PredictionSettings = {
  method: "partsCount",
  missionTime: 1000,
  target: null,
  allocation: null,
};

export const name = signal("");
export const description = signal("");
export const settings = signal<PredictionSettings>({ ...DEFAULT_SETTINGS });
export const tree = signal<History<PredictionAssembly[]>>(startHistory(newTree("System")));
export const assemblies = computed(() => tree.value.present);
export const selectedAssembly = signal<string>(ROOT_ID);
/** Row of the selected assembly's sheet whose factors the side panel shows. */
export const selectedRow = signal<number | null>(null);
export const renaming = signal<string | null>(null);
export const stored = signal<{ id?: number; version?: number }>({});
export const result = signal<PredictionResult | null>(null);
/** Bumped on every change of a sheet or setting: the result is current while it equals resultRevision. */
export const revision = signal(0);
export const resultRevision = signal(-1);
export const savedRevision = signal(0);
/** Bumped by changes that do not touch the calculation (the name, the device dictionary): unsaved, not stale. */
export const metaRevision = signal(0);
export const savedMetaRevision = signal(0);
export const running = signal<AbortController | null>(null);
export const dictionaryOpen = signal(false);

export const undoableTree = computed(() => canUndo(tree.value));
export const redoableTree = computed(() => canRedo(tree.value));
export const dirty = computed(
  () => revision.value !== savedRevision.value || metaRevision.value !== savedMetaRevision.value,
);

/** Parts sheets by assembly id; created on first use. */
const sheets = new Map<string, SheetStore>();
const unsubscribe = new Map<string, () => void>();
export const dictionary = new SheetStore(DICTIONARY_SCHEMA);
dictionary.subscribe(() => {
  metaRevision.value++;
});

export function bump(): void {
  revision.value++;
}

export function sheetOf(assemblyId: string): SheetStore {
  let s = sheets.get(assemblyId);
  if (!s) {
    s = new SheetStore(PARTS_SCHEMA);
    sheets.set(assemblyId, s);
    unsubscribe.set(
      assemblyId,
      s.subscribe(() => bump()),
    );
  }
  return s;
}

export function changeTree(next: PredictionAssembly[], coalesce?: string): void {
  tree.value = record(tree.value, next, coalesce);
  bump();
}
export function undoTree(): void {
  tree.value = undo(tree.value);
  if (!tree.value.present.some((a) => a.id === selectedAssembly.value)) selectedAssembly.value = ROOT_ID;
  bump();
}
export function redoTree(): void {
  tree.value = redo(tree.value);
  bump();
}

/** Every part line of the tree: assemblies in tree order, rows in sheet order; ids "assembly#row". */
export function currentParts(): PredictionPart[] {
  const out: PredictionPart[] = [];
  for (const a of assemblies.value) {
    const s = sheets.get(a.id);
    if (!s) continue;
    for (let r = 0; r < s.rows; r++) if (rowUsed(s, r)) out.push(partFromRow(s, r, a.id, `${a.id}#${r}`));
  }
  return out;
}

export function currentDictionary(): DictionaryEntry[] {
  return sheetToDictionary(dictionary.snapshot());
}

export function editorState(): EditorState {
  return {
    name: name.value,
    description: description.value,
    settings: settings.value,
    assemblies: assemblies.value,
    parts: currentParts(),
    dictionary: currentDictionary(),
  };
}

/** Replaces everything with `state` (a new, opened or imported document). */
export function loadState(state: EditorState, meta: { id?: number; version?: number }): void {
  for (const u of unsubscribe.values()) u();
  sheets.clear();
  unsubscribe.clear();
  name.value = state.name;
  description.value = state.description;
  settings.value = state.settings;
  tree.value = startHistory(state.assemblies);
  const byAssembly = new Map<string, PredictionPart[]>();
  for (const p of state.parts) {
    const list = byAssembly.get(p.assembly) ?? [];
    list.push(p);
    byAssembly.set(p.assembly, list);
  }
  for (const [id, parts] of byAssembly) sheetOf(id).reset(partsToSheet(parts));
  dictionary.reset(dictionaryToSheet(state.dictionary));
  stored.value = meta;
  selectedAssembly.value = state.assemblies.find((a) => a.parent === null)?.id ?? ROOT_ID;
  selectedRow.value = null;
  result.value = null;
  resultRevision.value = -1;
  bump();
  savedRevision.value = revision.value;
  savedMetaRevision.value = metaRevision.value;
}

export function markSaved(meta: { id: number; version: number }): void {
  stored.value = meta;
  savedRevision.value = revision.value;
  savedMetaRevision.value = metaRevision.value;
}

/** The line id of a sheet row of an assembly (as currentParts names it). */
export const lineId = (assemblyId: string, row: number) => `${assemblyId}#${row}`;

/**
 * Unsaved work as kept in the local draft store (state/drafts.ts): the tree, each assembly's sheet and the
 * device dictionary as sheet snapshots (cells kept as typed stay as typed), settings, name, and which stored
 * prediction it belongs to.
 */
export interface PredictionDraft {
  name: string;
  description: string;
  settings: PredictionSettings;
  assemblies: PredictionAssembly[];
  sheets: Record<string, SheetData>;
  dictionary: SheetData;
  meta: { id?: number; version?: number };
}

export function draftOf(): PredictionDraft {
  const out: Record<string, SheetData> = {};
  for (const a of assemblies.value) {
    const s = sheets.get(a.id);
    if (s && s.rows > 0) out[a.id] = s.snapshot();
  }
  return {
    name: name.value,
    description: description.value,
    settings: settings.value,
    assemblies: assemblies.value,
    sheets: out,
    dictionary: dictionary.snapshot(),
    meta: stored.value,
  };
}

/** Puts a draft on screen; it shows as unsaved (its stored version, if any, is what a save updates). */
export function applyDraft(draft: PredictionDraft): void {
  loadState(
    {
      name: draft.name,
      description: draft.description,
      settings: draft.settings,
      assemblies: draft.assemblies,
      parts: [],
      dictionary: [],
    },
    draft.meta,
  );
  for (const [id, data] of Object.entries(draft.sheets)) sheetOf(id).reset(data);
  dictionary.reset(draft.dictionary);
  bump();
  savedRevision.value = -1;
}
