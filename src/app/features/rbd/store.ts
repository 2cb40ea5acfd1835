// The eRBD editor's state as signals, one editor per app (the /rbd/analysis/index view is keyed by its
// path): the document with its undo history, the diagram shown (a path into sub-diagrams), the selected
// node, the interaction mode, and where the canvas drew each node (arrow keys move by those positions).
import { computed, signal } from "@preact/signals-react";
import type { RbdModel } from "../../../kernels/rbd/model.ts";
import type { GraphViewportHandle } from "../../components/graph/GraphViewport.tsx";
import type { GraphLayout } from "../../components/graph/types.ts";
import {
  canRedo,
  canUndo,
  type History,
  record,
  redo,
  seal,
  startHistory,
  undo,
} from "../../state/history.ts";
import { type DiagramPath, diagramAt, newDocument, type RbdDocument } from "./document.ts";
import type { EditResult, RefusalKey } from "./edit.ts";

/** The interaction modes (tldraw's tools as small state machines); each has its own file in modes/. */
export type Mode =
  | { kind: "idle" }
  /** Choose the block to connect `from` to (or to disconnect from it) with the arrows; Enter does it. */
  | { kind: "connecting"; from: string; path: DiagramPath; disconnect: boolean }
  /** Choose where a mirror of `of` goes: a or p places it after or beside the selection. */
  | { kind: "placing"; of: string }
  /** The arrows move block `id` (drawn at `offset`); Enter keeps the move, Escape puts it back at `origin`. */
  | {
      kind: "moving";
      id: string;
      origin: { dx: number; dy: number };
      offset: { dx: number; dy: number };
    };

export interface StoredMeta {
  /** Id in /api/rbd; absent until first saved. */
  id?: number;
  version?: number;
  description: string;
  projectId?: number | null;
}

const initial = newDocument("Block diagram");
export const history = signal<History<RbdDocument>>(startHistory(initial));
export const currentDocument = computed(() => history.value.present);
export const model = computed<RbdModel>(() => history.value.present.model);
export const viewPath = signal<DiagramPath>([]);
export const selected = signal<string | null>("B1");
export const mode = signal<Mode>({ kind: "idle" });
/** The layout of the diagram shown, manual moves included (set by the canvas; arrows move over it). */
export const shownLayout = signal<GraphLayout | null>(null);
/** The canvas's viewport (zoom, fit, focus), while the canvas is mounted. */
export const viewport: { current: GraphViewportHandle | null } = { current: null };
export const stored = signal<StoredMeta>({ description: "" });
/** The document as last saved or loaded; unsaved changes when it differs from the present. */
export const savedDocument = signal<RbdDocument | null>(initial);
/** The last refused edit, for the status line (cleared by the next edit). */
export const refusal = signal<RefusalKey | null>(null);

/** Nothing has been opened or changed since the app started (the first document can still be renamed). */
export const pristine = computed(() => history.value.present === initial && stored.value.id === undefined);
export const dirty = computed(() => savedDocument.value !== history.value.present);
export const undoable = computed(() => canUndo(history.value));
export const redoable = computed(() => canRedo(history.value));
export const shownDiagram = computed(() => {
  try {
    return diagramAt(model.value, viewPath.value);
  } catch {
    return model.value;
  }
});

/** Records a change of the document as one undo step (or merged into the last one, see state/history.ts). */
export function change(next: RbdDocument, coalesce?: string): void {
  history.value = record(history.value, next, coalesce);
  refusal.value = null;
}

export function changeModel(next: RbdModel, coalesce?: string): void {
  change({ ...history.value.present, model: next }, coalesce);
}

/** Applies a structural edit: the new model and selection, or the reason it was refused. */
export function apply(result: EditResult): boolean {
  if (!result.ok) {
    refusal.value = result.reason;
    return false;
  }
  changeModel(result.model);
  selected.value = result.select;
  return true;
}

export function sealHistory(): void {
  history.value = seal(history.value);
}

export function undoChange(): void {
  history.value = undo(history.value);
  afterJump();
}

export function redoChange(): void {
  history.value = redo(history.value);
  afterJump();
}

/** After undo or redo the shown diagram or the selection may no longer exist. */
function afterJump(): void {
  try {
    diagramAt(model.value, viewPath.value);
  } catch {
    viewPath.value = [];
  }
  const diagram = shownDiagram.value;
  const id = selected.value;
  if (id !== null && id !== "start" && id !== "end" && !diagram.blocks.some((b) => b.id === id))
    selected.value = diagram.blocks[0]?.id ?? "start";
  mode.value = { kind: "idle" };
  refusal.value = null;
}

/** Replaces the whole document (new or loaded): a fresh history, the top diagram, the first block. */
export function load(doc: RbdDocument, meta: StoredMeta): void {
  history.value = startHistory(doc);
  savedDocument.value = doc;
  stored.value = meta;
  viewPath.value = [];
  selected.value = doc.model.blocks[0]?.id ?? "start";
  mode.value = { kind: "idle" };
  refusal.value = null;
}

/** `doc` (the document that was sent) is now what the store holds. */
export function markSaved(meta: StoredMeta, doc: RbdDocument = history.value.present): void {
  savedDocument.value = doc;
  stored.value = meta;
}

/** Where keyboard focus should go next: the canvas and the attribute panel listen and take it. */
export type FocusTarget = "diagram" | "panel" | "settings";

export const focusRequest = signal<{ target: FocusTarget; serial: number }>({
  target: "diagram",
  serial: 0,
});

/** "panel": the selection's first field; "settings": the diagram's mission time. */
export function requestFocus(target: FocusTarget): void {
  focusRequest.value = { target, serial: focusRequest.value.serial + 1 };
}
