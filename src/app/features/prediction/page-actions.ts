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
}

export const predictionSlot = screenSlot<PredictionActions>();
