// The test-design page's actions for its commands (commands/testdesign.ts): filled while a page is shown.
import { screenSlot } from "../../commands/screen-actions.ts";

export interface TestDesignActions {
  save(): Promise<void>;
  exportXlsx(): Promise<void>;
  print(): void;
  /** A solved plan is on screen (export and print need one). */
  hasPlan: boolean;
}

export const testDesignSlot = screenSlot<TestDesignActions>();
