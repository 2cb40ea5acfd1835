// What the registry (commands/alt.ts) knows of the ALT data sheet and analysis page: the page shown fills this slot while shown. No
// screen code is imported here, so the commands stay in the shell's small bundle.
import { screenSlot } from "../../commands/screen-actions.ts";

export interface AltActions {
  running: boolean;
  /** The analysis session of spec 3: the stored set's id and name (none while the set is unsaved). */
  session: { altaId?: number; analysisName?: string };
  hasResults: boolean;
  fit(): void;
  cancel(): void;
  save(): void;
  /** The last fit's results as a file (a warning when there is none). */
  exportResults(format: "xlsx" | "csv"): void;
  /** Focus the life-line setting of the life-versus-stress plot. */
  chooseLifeLine(): void;
  /** The data sheet's own actions (absent on the analysis page). */
  importFile?(): void;
  exportData?(format: "xlsx" | "csv"): void;
  focusSheet?(): void;
  newSet?(): void;
}

export const altSlot = screenSlot<AltActions>();
