// The data sheet the user is working in, for the registry's sheet commands (commands/sheet.ts). Kept free
// of AG Grid so the shell can import it without loading the grid.
import { signal } from "@preact/signals-react";

/** What a mounted DataSheet offers to commands and screens. */
export interface DataSheetHandle {
  focus(): void;
  /** Moves the focused cell (0-based data row and column index) into view. */
  focusCell(row: number, col: number): void;
  /**
   * The cell's element, scrolled into view (null when it is not rendered): give it to a dialog as the element
   * focus returns to, and the sheet has focus there after the dialog closes.
   */
  cellElement(row: number, col: number): HTMLElement | null;
  undo(): boolean;
  redo(): boolean;
  canUndo(): boolean;
  canRedo(): boolean;
  /** Text of the selected block as Excel tab-separated text. */
  copyText(): string;
  copy(): Promise<void>;
  cut(): Promise<void>;
  /** Pastes tab-separated text at the selection (a single value fills the whole selection). */
  pasteText(text: string): void;
  paste(): Promise<void>;
  clearSelection(): void;
  insertRows(): void;
  deleteRows(): void;
  selectAll(): void;
  /** Sorts all rows by the focused cell's column (a stable sort, empty and bad cells last); one undo step. */
  sortRows(descending: boolean): Promise<void>;
  /** 0-based rows of the selected block. */
  selectedRows(): { first: number; last: number } | null;
}

export const activeSheet = signal<DataSheetHandle | null>(null);

/** Selection kind set while a data sheet has focus (commands' `when.selection`). */
export const SHEET_SELECTION = "sheet-cells";
