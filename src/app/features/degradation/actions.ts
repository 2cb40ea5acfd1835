// What the registry (commands/degradation.ts) knows of the degradation screen: the page fills this slot while
// shown. No screen code is imported here, so the commands stay in the shell's small bundle.
import { screenSlot } from "../../commands/screen-actions.ts";

export interface DegradationActions {
  running: boolean;
  importing: boolean;
  fit(): void;
  /** Cancels the fit or the file being read. */
  cancel(): void;
  save(): void;
  importFile(): void;
  focusSheet(): void;
  focusSettings(): void;
  newSet(): void;
}

export const degradationSlot = screenSlot<DegradationActions>();
