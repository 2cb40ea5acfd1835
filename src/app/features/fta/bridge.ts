// What the command registry (src/app/commands/fta.ts, loaded with the shell) knows of the eFTA editor: an
// interface the editor screen implements and registers while it is mounted. Keeping this file free of
// the editor's code keeps dagre, AG Grid, Plot and the kernels out of the shell's bundle.
import { signal } from "@preact/signals-react";
import type { FtaGateType } from "../../../kernels/fta/model.ts";
import type { FtaNodeKind } from "./view-tree.ts";

export type ResultTab = "cutSets" | "importance" | "curve";
export type NewEventKind = "basic" | "undeveloped" | "house";

export interface FtaEditorStatus {
  /** Kind of the selected occurrence; null when nothing is selected. */
  kind: FtaNodeKind | null;
  /** The selection is a root (the top, or a transferred subtree drawn on its own). */
  isRoot: boolean;
  /** The selection is a gate used from another fault tree (drawn as its own root). */
  isTransferRoot: boolean;
  treeEmpty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  clipboard: "copy" | "cut" | null;
  analysing: boolean;
  hasResult: boolean;
}

export interface FtaEditorApi {
  status(): FtaEditorStatus;
  /** Arrow keys: parent, first input, previous and next in the rank; "top" selects the top event. */
  navigate(direction: "up" | "down" | "left" | "right" | "top"): void;
  addGate(): void;
  addEvent(kind: NewEventKind): void;
  setGateType(type: FtaGateType): void;
  cycleGateType(): void;
  toEvent(): Promise<void>;
  toGate(): void;
  toTransfer(): void;
  fromTransfer(): void;
  copy(): void;
  cut(): void;
  paste(): void;
  pasteReference(): void;
  remove(): Promise<void>;
  undo(): void;
  redo(): void;
  moveInput(delta: -1 | 1): void;
  editAttributes(): void;
  focusTree(): void;
  zoomIn(): void;
  zoomOut(): void;
  zoomReset(): void;
  fit(): void;
  analyze(): void;
  cancelAnalysis(): void;
  showResults(tab: ResultTab): void;
  /** Opens or closes the results strip. */
  toggleResults(): void;
  exportCutSets(): void;
  newTree(): Promise<void>;
  open(): void;
  save(): Promise<void>;
  saveAs(): void;
  importFile(): void;
  exportMef(): void;
  exportXlsx(): void;
  exportJson(): void;
}

/** The mounted editor, or null. */
export const ftaEditor = signal<FtaEditorApi | null>(null);

/**
 * Where keyboard focus is in the editor: tree shortcuts (bare letters, Ctrl+C/V/Z, Delete) act only while
 * the tree or its toolbar has focus, so the same keys keep their usual meaning in the attribute panel's
 * fields and in the results grid.
 */
export function focusInTree(): boolean {
  if (typeof document === "undefined") return false;
  const active = document.activeElement;
  // Focus lost to the page (a removed element had it) counts as the tree's: the keys must not go dead.
  if (!active || active === document.body) return true;
  // The toolbar's buttons act on the tree too (a keyboard user tabs to them).
  return !!active.closest?.("[data-fta-tree], [data-fta-toolbar]");
}

/** Focus on the drawing itself (or lost): Enter there edits the selection, on a toolbar button it presses it. */
export function focusOnCanvas(): boolean {
  if (typeof document === "undefined") return false;
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  return !!active.closest?.("[data-fta-tree]");
}
