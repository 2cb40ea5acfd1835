// What the registry (commands/warranty.ts) knows of the warranty screen: the screen fills this slot while shown.
// No screen code is imported here, so the commands stay in the shell's small bundle.
import { screenSlot } from "../../commands/screen-actions.ts";

export interface WarrantyActions {
  running: boolean;
  hasResults: boolean;
  inclusive: "return" | "non-return";
  analyse(): void;
  cancel(): void;
  save(): void;
  importFile(): void;
  loadExample(): void;
  focusSheet(): void;
  toggleInclusive(): void;
  toggleConvention(): void;
}

export const warrantySlot = screenSlot<WarrantyActions>();
