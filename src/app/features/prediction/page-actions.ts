// How the ePDT screen hands its actions to its commands (commands/prediction.ts): one slot, filled while the
// screen is shown. Only signals here, so the shell's command registry loads no editor code.
import { screenSlot } from "../../commands/screen-actions.ts";

export interface PredictionActions {
  running: boolean;
  /** A result exists for the current state. */
  current: boolean;
  treeFocused(): boolean;
  canUndoTree: boolean;
  canRedoTree: boolean;
  /** The selected assembly is the system (it cannot be deleted). */
  rootSelected: boolean;
  calculate(): unknown;
  cancel(): unknown;
  newPrediction(): unknown;
  open(): unknown;
  save(): unknown;
  importBom(): unknown;
  importDictionary(): unknown;
  toggleDictionary(): unknown;
  exportReport(): unknown;
  exportRbd(): unknown;
  copyEvidence(): unknown;
  addAssembly(): unknown;
  renameAssembly(): unknown;
  deleteAssembly(): unknown;
  up(): unknown;
  down(): unknown;
  undoTree(): unknown;
  redoTree(): unknown;
  /** The tree's assemblies in order, for "Go to assembly…" (a click on one in the tree runs the same). */
  assemblies: Array<{ id: string; name: string }>;
  selectAssembly(id: string): unknown;
  /** The stored predictions of the open list, once it is shown. */
  storedItems: Array<{ id: number; name: string }>;
  openStored(id: number): unknown;
  /** The problems listed under the sheet, each leading to its cell. */
  problemLinks: Array<{ key: string; label: string; row: number; col: number }>;
  goToProblem(row: number, col: number): unknown;
}

export const predictionSlot = screenSlot<PredictionActions>();
