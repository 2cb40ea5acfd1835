// The risk table screen's state shared with its commands: the view (filters, sort, RPN column), the part
// shown (form, control plan, action list, summary) and the export in progress.
import { signal } from "@preact/signals-react";
import type { ScreenSlot } from "../../commands/screen-actions.ts";
import { screenSlot } from "../../commands/screen-actions.ts";
import { DEFAULT_VIEW, type SortKey, type TableView } from "./table.ts";

export const TABLE_MODES = ["form", "controlPlan", "actions", "summary"] as const;
export type TableMode = (typeof TABLE_MODES)[number];

export const tableView = signal<TableView>(DEFAULT_VIEW);
export const tableMode = signal<TableMode>("form");
export const exporting = signal<{ done: number; total: number } | null>(null);
/** The open FMEA's name, for the summary's title (the record in session storage may lack it). */
export const fmeaName = signal("");

export function setSort(sort: SortKey): void {
  tableView.value = { ...tableView.value, sort };
}

/** What the table screen in front offers its commands. */
export interface TableActions {
  variant: "design" | "process";
  /** 0-based index of the sheet's focused line, or null. */
  focusedLine(): number | null;
  addAction(): void;
  exportXlsx(): Promise<void>;
  cancelExport(): void;
  importXlsx(): Promise<void>;
  focusFilters(): void;
  print(): void;
}

export const tableSlot: ScreenSlot<TableActions> = screenSlot<TableActions>();
