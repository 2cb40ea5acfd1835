// The panel under the two trees: the function net, the failure net or the function matrix of what the trees
// have selected (src/shared/fmea/nets.ts draws them from the document's links). The nets are read-only views
// whose Enter goes to a node in the trees; the matrix's cells link and unlink through store.ts's `commit`, so
// an edit is sent, undone and seen by others like every tree edit.
import { signal } from "@preact/signals-react";
import { toggleCell } from "../../../shared/fmea/nets.ts";
import { ownerStructure } from "../../../shared/fmea/tree.ts";
import type { GraphViewportHandle } from "../../components/graph/index.ts";
import { focusOnArrival } from "../../state/overlays.ts";
import { closed, commit, doc, newId, pane, selectNode, warn } from "./store.ts";

export type NetView = "functionNet" | "failureNet" | "matrix";

export const netView = signal<NetView | null>(null);
/** The node selected in the net drawn now. */
export const netSelected = signal<string | null>(null);
/** The matrix's active cell. */
export const matrixCell = signal<{ row: string; column: string } | null>(null);

/** The shown net's viewport (for the fit command). */
export const viewportHandle: { current: GraphViewportHandle | null } = { current: null };

/** Fits the shown net to its area. */
export function fitNet(): void {
  viewportHandle.current?.fit();
}

/** Keyboard focus is in the panel (the net's drawing or the matrix). */
export function focusInNet(): boolean {
  if (typeof document === "undefined") return false;
  return document.activeElement?.closest("[data-fmea-net]") != null;
}

/** Focuses the panel's drawing or grid once it is there (after the palette or menu that ran the command closed). */
export function focusNetPanel(): void {
  const target = () =>
    document.querySelector<HTMLElement>("[data-fmea-net] .graph-viewport, [data-fmea-net] [role=grid]");
  focusOnArrival(target, () => {
    target()?.focus();
    // The palette that ran the command can hand focus back to the tree it was opened from after this (its
    // dialog restores focus as it unmounts): take it once more, unless a key was pressed meanwhile.
    let typed = false;
    const onKey = () => {
      typed = true;
    };
    window.addEventListener("keydown", onKey, { capture: true, once: true });
    setTimeout(() => {
      window.removeEventListener("keydown", onKey, { capture: true });
      if (!typed && document.activeElement?.closest("[data-fmea-pane]")) target()?.focus();
    }, 150);
  });
}

/** Shows a view, or closes it when it is the one shown and focus is in it (the same key toggles). */
export function showNetView(view: NetView): void {
  if (netView.value === view && focusInNet()) {
    netView.value = null;
    document.querySelector<HTMLElement>(`[data-fmea-pane="${pane.value}"]`)?.focus();
    return;
  }
  netView.value = view;
  focusNetPanel();
}

export function closeNetView(): void {
  netView.value = null;
  document.querySelector<HTMLElement>(`[data-fmea-pane="${pane.value}"]`)?.focus();
}

/** Selects a net's node in the trees: its structure element on the left, itself on the right. */
export function revealInTrees(id: string): void {
  const node = doc.value.nodes.get(id);
  const structure = ownerStructure(doc.value, id);
  if (!node || !structure) return;
  // Open the closed ancestors on both sides so the rows are there.
  const next = new Set(closed.value);
  for (let p = node.parentId; p !== null; p = doc.value.nodes.get(p)?.parentId ?? null) next.delete(p);
  closed.value = next;
  selectNode("right", node.id, structure.id);
  document.querySelector<HTMLElement>('[data-fmea-pane="right"]')?.focus();
}

/** Links or unlinks the matrix's active cell: one edit, one undo step. */
export function toggleMatrixCell(): boolean {
  const cell = matrixCell.value;
  if (!cell) return false;
  const result = toggleCell(doc.value, { newId }, cell.row, cell.column);
  if (!result.ok) {
    warn(result.problem);
    return false;
  }
  return commit(result.ops);
}
