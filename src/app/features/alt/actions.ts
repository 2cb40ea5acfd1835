// What the registry (commands/alt.ts) knows of the ALT data sheet: the page fills this slot while shown. No
// screen code is imported here, so the commands stay in the shell's small bundle.
import { screenSlot } from "../../commands/screen-actions.ts";

export interface AltActions {
  running: boolean;
  hasResults: boolean;
  fit(): void;
  cancel(): void;
  save(): void;
  importFile(): void;
  focusSheet(): void;
  newSet(): void;
}

export const altSlot = screenSlot<AltActions>();
