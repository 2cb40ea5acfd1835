// What the editing commands do (commands/rbd.ts is the registry side: titles, keys, when they apply). Each
// action reads the selection and the mode, runs a pure edit from edit.ts and records it; a refused edit
// leaves its reason on the status line.
import { RBD_END, RBD_START } from "../../../kernels/rbd/model.ts";
import { findBlock, isTerminal, originalOf } from "./document.ts";
import { addAfter, addKofN, addParallel, addSubdiagram, deleteBlock, newRegularBlock } from "./edit.ts";
import { openParent, openSubdiagram } from "./modes/idle.ts";
import { startMoving } from "./modes/moving.ts";
import { placeMirror } from "./modes/placing.ts";
import {
  apply,
  change,
  currentDocument,
  mode,
  model,
  redoChange,
  refusal,
  requestFocus,
  selected,
  shownDiagram,
  undoChange,
  viewPath,
} from "./store.ts";

export { arrow, cancel, confirm } from "./modes/index.ts";
export { openParent, openSubdiagram };

function target(): string | null {
  if (selected.value === null) refusal.value = "noSelection";
  return selected.value;
}

export function addBlockAfter(): void {
  const m = mode.value;
  if (m.kind === "placing") {
    placeMirror(m, "after");
    return;
  }
  const id = target();
  if (id !== null) apply(addAfter(model.value, viewPath.value, id, newRegularBlock(model.value)));
}

export function addBlockParallel(): void {
  const m = mode.value;
  if (m.kind === "placing") {
    placeMirror(m, "parallel");
    return;
  }
  const id = target();
  if (id !== null) apply(addParallel(model.value, viewPath.value, id, newRegularBlock(model.value)));
}

export function addKofNNode(): void {
  const id = target();
  if (id !== null) apply(addKofN(model.value, viewPath.value, id));
}

export function addSubdiagramBlock(): void {
  const id = target();
  if (id !== null) apply(addSubdiagram(model.value, viewPath.value, id));
}

/** Starts placing a mirror of the selected component (a mirror's original when a mirror is selected). */
export function startMirror(): void {
  const id = target();
  if (id === null) return;
  const original = originalOf(model.value, id);
  if (!original || (original.kind !== "regular" && original.kind !== "host")) {
    refusal.value = "notComponent";
    return;
  }
  mode.value = { kind: "placing", of: original.id };
  refusal.value = null;
}

export function startConnecting(disconnect: boolean): void {
  const id = target();
  if (id === null) return;
  if (!disconnect && id === RBD_END) {
    refusal.value = "fromEnd";
    return;
  }
  mode.value = { kind: "connecting", from: id, path: viewPath.value, disconnect };
  refusal.value = null;
}

export function startMove(): void {
  const id = target();
  if (id === null) return;
  if (isTerminal(id)) {
    refusal.value = "terminal";
    return;
  }
  startMoving(id);
}

export function deleteSelected(): void {
  const id = target();
  if (id !== null) apply(deleteBlock(model.value, viewPath.value, id));
}

export function undo(): void {
  undoChange();
}

export function redo(): void {
  redoChange();
}

export function editAttributes(): void {
  requestFocus("panel");
}

export function editDiagramSettings(): void {
  requestFocus("settings");
}

export function focusDiagram(): void {
  requestFocus("diagram");
}

/** Drops the manual moves of the diagram shown: back to the automatic layout. */
export function resetLayout(): void {
  const doc = currentDocument.value;
  const shown = new Set(shownDiagram.value.blocks.map((b) => b.id));
  const offsets = Object.fromEntries(Object.entries(doc.offsets).filter(([id]) => !shown.has(id)));
  if (Object.keys(offsets).length !== Object.keys(doc.offsets).length) change({ ...doc, offsets });
}

/** Shows the diagram holding block `id` and selects it (the "Select block" palette page). */
export function selectBlock(id: string): void {
  if (id === RBD_START || id === RBD_END) {
    selected.value = id;
    return;
  }
  const found = findBlock(model.value, id);
  if (!found) return;
  viewPath.value = found.path;
  selected.value = id;
  requestFocus("diagram");
}
