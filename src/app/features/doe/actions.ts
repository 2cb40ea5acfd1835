// What the registry (commands/doe.ts) knows of the design-of-experiments screen: the tool page fills this slot
// while shown. No screen code is imported here, so the commands stay in the shell's small bundle.
import { signal } from "@preact/signals-react";
import { screenSlot } from "../../commands/screen-actions.ts";

export interface DoeActions {
  tool: string;
  running: boolean;
  hasResults: boolean;
  factorial: boolean;
  run(): void;
  save(): void;
  exportResults(): void;
  createDesign(): void;
  loadExample(): void;
  importFile(): void;
  focusSheet(): void;
}

export const doeSlot = screenSlot<DoeActions>();

/** The stored worksheets the start page lists (its palette command offers the same). */
export interface StoredWorksheet {
  id: number;
  name: string;
  tool: string;
  updatedAt: string;
}
export const storedWorksheets = signal<StoredWorksheet[]>([]);
