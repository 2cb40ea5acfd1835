// The life-data page in front, as the registry's life commands see it (commands/life.ts). The page sets
// its actions while it is shown; the commands stay light (no grid, plot or kernel code is loaded with them).
import { signal } from "@preact/signals-react";

export interface LifeActions {
  create(): void;
  copy(): void;
  save(): void;
  remove(): void;
  template(): void;
  importFile(): void;
  exportData(format: "xlsx" | "csv"): void;
  exportResults(): void;
  group(): void;
  random(): void;
  calculator(): void;
  run(): void;
  guide(): void;
  multiPlot(): void;
  openAnalysis(): void;
}

export const lifeActions = signal<LifeActions | null>(null);

/**
 * A save of the set in front is on its way: the save command is off (palette, shortcut, button) until it
 * ends, so a second Ctrl+S cannot send a second create.
 */
export const lifeSaving = signal(false);
