// An editable data sheet on AG Grid community for tables of up to 400,000 rows, driven like a spreadsheet:
// arrows, Enter, Tab, typing starts an edit, Delete clears, Shift+arrows and drag select a block, Ctrl+C /
// Ctrl+X / Ctrl+V copy, cut and paste blocks as Excel's tab-separated text, Ctrl+Z / Ctrl+Y undo and redo.
// Cells that break a rule are marked, their message is the tooltip and the status line; what was typed stays.
//
// The grid runs AG Grid's infinite row model over a SheetStore: each row's data is only its index, cells read
// the store, so the grid never builds 400,000 row nodes (the client-side model spends seconds doing that on the
// main thread) and a change repaints only the rows on screen.
import { useSignals } from "@preact/signals-react/runtime";
import type {
  CellClassParams,
  CellFocusedEvent,
  CellMouseDownEvent,
  CellMouseOverEvent,
  ColDef,
  GridApi,
  GridOptions,
  GridReadyEvent,
  IDatasource,
  ITooltipParams,
  SuppressKeyboardEventParams,
  ValueGetterParams,
  ValueSetterParams,
} from "ag-grid-community";
import { createGrid } from "ag-grid-community";
import { type Ref, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { kernels } from "../../../kernels/client.ts";
import { size } from "../../state/app.ts";
import { clearSelection, setSelection } from "../../state/selection.ts";
import { settings } from "../../state/settings.ts";
import type { CellChange, SheetStore } from "../spreadsheet/store.ts";
import type { CellMessage } from "../spreadsheet/table.ts";
import { formatTsv, parseTsv } from "../spreadsheet/tsv.ts";
import { activeSheet, type DataSheetHandle, SHEET_SELECTION } from "./active.ts";
import { KeyHold } from "./key-hold.ts";
import { useGridLocale } from "./locale.ts";
import { type CellPos, moveFocus, RangeSelection, rangeSize } from "./range.ts";
import { ensureGridModules } from "./setup.ts";
import { gridTheme } from "./theme.ts";
import "./grid.css";

export type { DataSheetHandle } from "./active.ts";

export interface DataSheetProps {
  store: SheetStore;
  /** Column titles by column key (already translated). */
  headers: Record<string, string>;
  widths?: Record<string, number>;
  /** Turns a cell's message into text (keys are full i18next keys). */
  messageText(message: CellMessage): string;
  ariaLabel: string;
  /** Empty rows shown below the data to type into (default 20). */
  spareRows?: number;
  /** Rows the sheet may grow to by typing or pasting. */
  maxRows?: number;
  /** Told when a paste would pass maxRows. */
  onLimit?(limit: number): void;
  readOnly?: boolean;
  handleRef?: Ref<DataSheetHandle>;
  testId?: string;
  className?: string;
  /** Draw every column, not only those in view (a form of a few dozen columns read across, as a whole). */
  allColumns?: boolean;
  /** Extra classes of a data cell (0-based row and column), e.g. merged parent cells or a coloured rating. */
  cellClass?(row: number, col: number): string | undefined;
}

type RowData = { i: number };
/** How long the cursor's cell waits to be drawn to take the keyboard back (rows still arriving). */
const KEEP_KEYBOARD_MS = 5000;
const ROW_NUMBER = "__row";
/** Rows drawn beyond the screen on either side. */
const ROW_BUFFER = 12;
const ROW_NUMBER_WIDTH = 58;
/** Room left for the vertical scroll bar when telling whether every column fits the sheet's width. */
const SCROLLBAR_ROOM = 20;

/** The same object for as long as its content stays the same. */
function useByContent<T>(value: T): T {
  const key = JSON.stringify(value ?? null);
  const held = useRef({ key, value });
  if (held.current.key !== key) held.current = { key, value };
  return held.current.value;
}

function isMod(e: KeyboardEvent): boolean {
  return e.ctrlKey || e.metaKey;
}

/** A key the sheet itself acts on: a character, editing and moving keys, and its Ctrl shortcuts. */
function isSheetKey(e: KeyboardEvent): boolean {
  if (e.altKey) return false;
  if (isMod(e)) return ["z", "y", "c", "x", "v", "a"].includes(e.key.toLowerCase());
  return e.key.length === 1 || SHEET_KEYS.has(e.key) || e.key.startsWith("Arrow");
}
const SHEET_KEYS = new Set(["Enter", "Tab", "Escape", "Delete", "Backspace", "F2", "Home", "End"]);

export function DataSheet(props: DataSheetProps) {
  useSignals();
  ensureGridModules();
  const { t, i18n } = useTranslation(["grid"]);
  const { store, spareRows = 20, maxRows = Number.POSITIVE_INFINITY } = props;
  const apiRef = useRef<GridApi<RowData> | null>(null);
  const selection = useRef(new RangeSelection()).current;
  const extending = useRef(false);
  const dragging = useRef(false);
  /** The cell last Shift+clicked: the grid focuses it while the block keeps its anchor. */
  const shiftClicked = useRef<CellPos | null>(null);
  const pending = useRef<{ copy: boolean; paste: boolean }>({ copy: false, paste: false });
  /** The grid redrew the row that had the keyboard, and the keyboard has not come back to the sheet since. */
  const dropped = useRef(false);
  /** Keys pressed meanwhile, for the cursor's cell once it is drawn. */
  const waitingKeys = useRef<KeyboardEvent[]>([]);
  const self = useRef<DataSheetHandle | null>(null);
  const container = useRef<HTMLDivElement>(null);
  // `cell`: the cursor's column title and `row` its row number, shown as "Prototype, row 7" (the title
  // alone before the number read as a value: "Prototype 7").
  const [status, setStatus] = useState<{
    rows: number;
    cell: string;
    row: number;
    block: string;
    message: string;
  }>({
    rows: store.rows,
    cell: "",
    row: 0,
    block: "",
    message: "",
  });
  const propsRef = useRef(props);
  propsRef.current = props;
  const cols = store.columns.length;
  const displayRows = useCallback(
    () => Math.min(maxRows, store.rows + spareRows) || spareRows,
    [maxRows, spareRows, store],
  );

  const updateStatus = useCallback(() => {
    const focus = selection.anchor;
    const r = selection.range;
    const message = focus ? store.message(focus.row, focus.col) : null;
    setStatus({
      rows: store.rows,
      cell: focus
        ? (propsRef.current.headers[store.columns[focus.col].key] ?? store.columns[focus.col].key)
        : "",
      row: focus ? focus.row + 1 : 0,
      block: r && selection.isBlock ? `${rangeSize(r).rows} × ${rangeSize(r).cols}` : "",
      message: message ? propsRef.current.messageText(message) : "",
    });
    const count = r ? rangeSize(r).rows * rangeSize(r).cols : 0;
    setSelection(SHEET_SELECTION, count);
  }, [selection, store]);

  const repaint = useCallback(() => {
    apiRef.current?.refreshCells({ force: true });
    updateStatus();
  }, [updateStatus]);

  // Store changes: new row count and a repaint of the rows on screen. Changed cells repaint only their rows
  // and the row below (a merged parent cell looks at the row above): the FMEA form draws every column, and
  // repainting all of its cells after each edit took most of the time from a typed rating to its AP shown.
  useEffect(
    () =>
      store.subscribe((event) => {
        const api = apiRef.current;
        if (!api) return;
        if (event.kind === "cells") {
          const top = Math.max(event.first, api.getFirstDisplayedRowIndex());
          const bottom = Math.min(event.last + 1, api.getLastDisplayedRowIndex());
          const rowNodes = [];
          for (let i = top; i <= bottom; i++) {
            const node = api.getDisplayedRowAtIndex(i);
            if (node) rowNodes.push(node);
          }
          if (rowNodes.length > 0) api.refreshCells({ rowNodes, force: true });
          updateStatus();
          return;
        }
        if (event.kind === "rows") api.setRowCount(displayRows(), true);
        repaint();
      }),
    [store, repaint, displayRows, updateStatus],
  );

  const focusCell = useCallback(
    (pos: CellPos, extend: boolean) => {
      const api = apiRef.current;
      if (!api) return;
      api.ensureIndexVisible(pos.row);
      api.ensureColumnVisible(store.columns[pos.col].key);
      if (extend) {
        // As in Excel, the active cell stays where the block started; only the block's far corner moves.
        selection.extendTo(pos);
      } else {
        selection.set(pos);
        extending.current = true;
        api.setFocusedCell(pos.row, store.columns[pos.col].key);
        extending.current = false;
      }
      repaint();
    },
    [repaint, selection, store],
  );

  /**
   * Gives the keyboard to the cursor's cell once the grid has drawn it, when nothing else has taken it by then:
   * after the screen asked for it before the rows were drawn, or when the grid redrew the row that had it (rows
   * arriving from the server, a new row count) and the focus fell to the page body.
   */
  /** The cursor's cell when it is drawn and nothing else has the keyboard (the page body has it). */
  const cursorCellForKeyboard = useCallback((): HTMLElement | null => {
    const at = selection.anchor;
    if (!at || document.activeElement !== document.body || activeSheet.peek() !== self.current) return null;
    return (
      container.current?.querySelector<HTMLElement>(
        `.ag-row[row-index="${at.row}"] .ag-cell[col-id="${store.columns[at.col].key}"]`,
      ) ?? null
    );
  }, [selection, store]);

  /**
   * The watches keepKeyboard has running, in the order they were asked for, looked through by one frame callback
   * (a callback of its own for each watch meant 49 callbacks a frame for 5 s after 49 quick PageDowns).
   */
  const watches = useRef<number[]>([]);
  const watchFrame = useCallback(() => {
    const ends = watches.current;
    const now = performance.now();
    let kept = 0;
    for (const until of ends) {
      const cell = cursorCellForKeyboard();
      if (cell) {
        cell.focus();
        // Keys pressed while the row was being drawn again, in order.
        for (const key of waitingKeys.current.splice(0)) cell.dispatchEvent(key);
      } else if (selection.anchor && now < until) ends[kept++] = until;
      else waitingKeys.current = [];
    }
    ends.length = kept;
    if (kept > 0) requestAnimationFrame(watchFrame);
  }, [cursorCellForKeyboard, selection]);
  const keepKeyboard = useCallback(
    (until = performance.now() + KEEP_KEYBOARD_MS) => {
      if (watches.current.push(until) === 1) requestAnimationFrame(watchFrame);
    },
    [watchFrame],
  );

  /** Moves the cursor a screenful of rows down (1) or up (-1), the rows on screen following it. */
  const pageFocus = useCallback(
    (from: CellPos, direction: 1 | -1) => {
      const api = apiRef.current;
      if (!api) return;
      const { top, bottom } = api.getVerticalPixelRange();
      const rowHeight = api.getSizesForCurrentTheme().rowHeight || 1;
      const page = Math.max(1, Math.floor((bottom - top) / rowHeight) - 1);
      const row = Math.max(0, Math.min(displayRows() - 1, from.row + direction * page));
      const wasBlock = selection.isBlock;
      selection.set({ row, col: from.col });
      api.ensureIndexVisible(row, direction > 0 ? "bottom" : "top");
      extending.current = true;
      api.setFocusedCell(row, store.columns[from.col].key);
      extending.current = false;
      if (wasBlock) api.refreshCells({ force: true });
      updateStatus();
      // A page move into rows still loading focuses the grid's loading row, which the grid then replaces.
      keepKeyboard();
      // The rows two and four pages on are asked for now: the grid asks its row source for a block of rows a
      // task after it first needs one (key presses go before timers, so a few presses later under load), and
      // a page whose block arrives after it is shown is drawn twice: the grid's loading rows, then the values.
      for (const pages of [2, 4]) {
        const ahead = row + direction * (pages * page + ROW_BUFFER);
        if (ahead >= 0 && ahead < displayRows()) api.getDisplayedRowAtIndex(ahead);
      }
    },
    [displayRows, selection, store, updateStatus, keepKeyboard],
  );

  /**
   * Brings the selection up to the grid's focused cell. AG Grid tells its cellFocused listeners a task later
   * (its events are batched in a timeout), and Chromium runs input before timers: a key pressed right after
   * an arrow would otherwise act on the cell the cursor left (a paste one row too high, Delete on the old row).
   * The grid's focused cell is always the selection's anchor (a block grows from it), so a difference is a
   * focus move not yet told.
   */
  const syncFocus = useCallback(() => {
    const f = apiRef.current?.getFocusedCell();
    if (!f || f.rowPinned) return;
    const col = store.columns.findIndex((c) => c.key === f.column.getColId());
    const at = selection.anchor;
    if (col < 0 || (at && at.row === f.rowIndex && at.col === col)) return;
    // Shift+click grows the block to the clicked cell, which the grid focuses; the anchor stays.
    const clicked = shiftClicked.current;
    if (clicked && clicked.row === f.rowIndex && clicked.col === col) return;
    const wasBlock = selection.isBlock;
    selection.set({ row: f.rowIndex, col });
    if (wasBlock) apiRef.current?.refreshCells({ force: true });
    updateStatus();
  }, [selection, store, updateStatus]);

  const blockOrFocus = useCallback(() => {
    syncFocus();
    const r = selection.range;
    if (r) return r;
    const f = apiRef.current?.getFocusedCell();
    if (!f) return null;
    const col = store.columns.findIndex((c) => c.key === f.column.getColId());
    if (col < 0) return null;
    return { top: f.rowIndex, bottom: f.rowIndex, left: col, right: col };
  }, [selection, store, syncFocus]);

  const copyText = useCallback(() => {
    const r = blockOrFocus();
    if (!r) return "";
    const rows: string[][] = [];
    for (let row = r.top; row <= r.bottom; row++) {
      const line: string[] = [];
      for (let col = r.left; col <= r.right; col++) line.push(store.display(row, col));
      rows.push(line);
    }
    return formatTsv(rows);
  }, [blockOrFocus, store]);

  const clearBlock = useCallback(
    (label = "clear") => {
      if (propsRef.current.readOnly) return;
      const r = blockOrFocus();
      if (!r) return;
      const changes: CellChange[] = [];
      const bottom = Math.min(r.bottom, store.rows - 1);
      for (let row = r.top; row <= bottom; row++)
        for (let col = r.left; col <= r.right; col++)
          if (store.display(row, col) !== "") changes.push({ row, col, input: null });
      store.setCells(changes, label);
    },
    [blockOrFocus, store],
  );

  const pasteText = useCallback(
    (text: string) => {
      if (propsRef.current.readOnly) return;
      const r = blockOrFocus();
      if (!r) return;
      const block = parseTsv(text);
      if (block.length === 0) return;
      const changes: CellChange[] = [];
      let bottom: number;
      let right: number;
      if (block.length === 1 && block[0].length === 1 && selection.isBlock) {
        // One value into a selected block fills the block, as in Excel.
        bottom = Math.min(r.bottom, store.rows - 1);
        right = r.right;
        for (let row = r.top; row <= bottom; row++)
          for (let col = r.left; col <= right; col++) changes.push({ row, col, input: block[0][0] });
      } else {
        let rowsToPaste = block.length;
        if (r.top + rowsToPaste > maxRows) {
          rowsToPaste = Math.max(0, maxRows - r.top);
          propsRef.current.onLimit?.(maxRows);
        }
        right = r.left;
        for (let i = 0; i < rowsToPaste; i++) {
          const line = block[i];
          for (let j = 0; j < line.length && r.left + j < cols; j++) {
            changes.push({ row: r.top + i, col: r.left + j, input: line[j] });
            right = Math.max(right, r.left + j);
          }
        }
        bottom = r.top + rowsToPaste - 1;
      }
      store.setCells(changes, "paste");
      selection.set({ row: r.top, col: r.left }, { row: Math.max(r.top, bottom), col: right });
      repaint();
    },
    [blockOrFocus, cols, maxRows, repaint, selection, store],
  );

  const handle = useMemo<DataSheetHandle>(
    () => ({
      focus: () => {
        const f = selection.focus ?? { row: 0, col: 0 };
        focusCell(f, false);
      },
      focusCell: (row, col) => {
        activeSheet.value = self.current;
        focusCell({ row, col }, false);
        keepKeyboard();
      },
      cellElement: (row, col) => {
        const key = store.columns[col]?.key;
        if (!key) return null;
        apiRef.current?.ensureIndexVisible(row);
        selection.set({ row, col });
        return (
          container.current?.querySelector<HTMLElement>(
            `.ag-row[row-index="${row}"] .ag-cell[col-id="${key}"]`,
          ) ?? null
        );
      },
      undo: () => store.undo(),
      redo: () => store.redo(),
      canUndo: () => store.canUndo,
      canRedo: () => store.canRedo,
      copyText,
      copy: async () => {
        await navigator.clipboard?.writeText(copyText());
      },
      cut: async () => {
        await navigator.clipboard?.writeText(copyText());
        clearBlock("cut");
      },
      pasteText,
      paste: async () => {
        const text = await navigator.clipboard?.readText();
        if (text) pasteText(text);
      },
      clearSelection: () => clearBlock(),
      insertRows: () => {
        const r = blockOrFocus();
        if (!r || propsRef.current.readOnly) return;
        store.insertRows(Math.min(r.top, store.rows), r.bottom - r.top + 1);
      },
      deleteRows: () => {
        const r = blockOrFocus();
        if (!r || propsRef.current.readOnly) return;
        const rows: number[] = [];
        for (let row = r.top; row <= Math.min(r.bottom, store.rows - 1); row++) rows.push(row);
        store.deleteRows(rows);
        selection.set({ row: Math.min(r.top, Math.max(0, store.rows - 1)), col: r.left });
        repaint();
      },
      selectAll: () => {
        selection.set({ row: 0, col: 0 }, { row: Math.max(0, store.rows - 1), col: cols - 1 });
        repaint();
      },
      sortRows: async (descending) => {
        const col = selection.focus?.col;
        if (col === undefined || propsRef.current.readOnly || store.rows < 2) return;
        const revision = store.revision;
        // The radix sort runs in the kernel worker; only building the keys and moving the columns is here.
        const { index } = await kernels.call("math", "sortWithIndex", [store.sortKeys(col, descending)]);
        if (store.revision !== revision) return; // edited meanwhile: the order no longer fits
        store.reorder(index);
        selection.set({ row: 0, col });
        focusCell({ row: 0, col }, false);
      },
      selectedRows: () => {
        const r = blockOrFocus();
        return r ? { first: r.top, last: r.bottom } : null;
      },
    }),
    [blockOrFocus, clearBlock, cols, copyText, focusCell, keepKeyboard, pasteText, repaint, selection, store],
  );
  useImperativeHandle(props.handleRef, () => handle, [handle]);
  self.current = handle;

  // Keys that arrive while the grid has dropped the keyboard to the page body (see keepKeyboard) still reach
  // this sheet, when it is the sheet the user works in: no press is lost. Page keys move the cursor; after the
  // grid redrew the cursor's row (a paste that added rows), the sheet's keys go to the cursor's cell.
  useEffect(() => {
    const onBodyKey = (e: KeyboardEvent) => {
      const focus = selection.focus;
      // defaultPrevented: the grid's own handler took this press (and the focus fell while it ran).
      if (e.defaultPrevented || document.activeElement !== document.body || activeSheet.peek() !== handle)
        return;
      if (!focus) return;
      if ((e.key === "PageDown" || e.key === "PageUp") && !e.shiftKey && !isMod(e) && !e.altKey) {
        e.preventDefault();
        pageFocus(focus, e.key === "PageDown" ? 1 : -1);
        return;
      }
      if (!dropped.current || !isSheetKey(e)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      const copy = new KeyboardEvent("keydown", {
        key: e.key,
        code: e.code,
        shiftKey: e.shiftKey,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        bubbles: true,
        cancelable: true,
      });
      const cell = cursorCellForKeyboard();
      if (cell && waitingKeys.current.length === 0) {
        cell.focus();
        cell.dispatchEvent(copy);
      } else {
        // The cursor's row is not drawn again yet: the key waits for it (keepKeyboard).
        waitingKeys.current.push(copy);
        keepKeyboard();
      }
    };
    window.addEventListener("keydown", onBodyKey);
    return () => window.removeEventListener("keydown", onBodyKey);
  }, [cursorCellForKeyboard, handle, keepKeyboard, pageFocus, selection]);

  const onKey = useCallback(
    (params: SuppressKeyboardEventParams<RowData>): boolean => {
      const e = params.event;
      if (params.editing || e.type !== "keydown") return false;
      syncFocus();
      const focus = selection.focus;
      if (focus && (e.key === "PageDown" || e.key === "PageUp") && !e.shiftKey && !isMod(e) && !e.altKey) {
        // Paged here, not by AG Grid: its paging waits for the scroll to settle and drops faster presses.
        // Every press moves one screenful from where the last one left the cursor.
        e.preventDefault();
        pageFocus(focus, e.key === "PageDown" ? 1 : -1);
        return true;
      }
      if (e.shiftKey && focus && /^(Arrow|Home$|End$|Page)/.test(e.key)) {
        e.preventDefault();
        focusCell(moveFocus(focus, e.key, isMod(e), displayRows(), cols, store.rows - 1), true);
        return true;
      }
      // Ctrl+Enter runs a command (life.run); AG Grid would also take it as Enter and move the cursor down.
      if (isMod(e) && e.key === "Enter") return true;
      if (isMod(e) && !e.altKey) {
        const key = e.key.toLowerCase();
        if (key === "z" || key === "y") {
          e.preventDefault();
          if (key === "y" || e.shiftKey) store.redo();
          else store.undo();
          return true;
        }
        if (key === "a") {
          e.preventDefault();
          handle.selectAll();
          return true;
        }
        if (key === "c" || key === "x" || key === "v") {
          // The browser then fires copy/cut/paste on the focused cell (handled below); if it does not
          // (no selection in some browsers), fall back to the asynchronous clipboard.
          const kind = key === "v" ? "paste" : "copy";
          pending.current[kind] = true;
          setTimeout(() => {
            if (!pending.current[kind]) return;
            pending.current[kind] = false;
            if (key === "c") void handle.copy().catch(() => undefined);
            else if (key === "x") void handle.cut().catch(() => undefined);
            else void handle.paste().catch(() => undefined);
          }, 0);
          return true;
        }
      }
      if (e.key === "Delete" && !e.shiftKey && !isMod(e) && !e.altKey) {
        e.preventDefault();
        clearBlock();
        return true;
      }
      if (e.key === "Escape" && selection.isBlock && selection.anchor) {
        selection.set(selection.anchor);
        repaint();
        return true;
      }
      return false;
    },
    [clearBlock, cols, displayRows, focusCell, handle, pageFocus, repaint, selection, store, syncFocus],
  );

  // Clipboard events bubble from the focused cell to the sheet's container.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const inEditor = (e: Event) => (e.target as HTMLElement | null)?.closest?.("input, textarea") !== null;
    const onCopy = (e: ClipboardEvent) => {
      if (inEditor(e)) return;
      pending.current.copy = false;
      e.clipboardData?.setData("text/plain", copyText());
      e.preventDefault();
      if (e.type === "cut") clearBlock("cut");
    };
    const onPaste = (e: ClipboardEvent) => {
      if (inEditor(e)) return;
      pending.current.paste = false;
      const text = e.clipboardData?.getData("text/plain") ?? "";
      e.preventDefault();
      pasteText(text);
    };
    const onFocusIn = () => {
      dropped.current = false;
      activeSheet.value = handle;
      updateStatus();
    };
    const onFocusOut = (e: FocusEvent) => {
      if (el.contains(e.relatedTarget as Node | null)) return;
      // The grid removed the element that had the keyboard (it redrew its row): the cell gets it back. Chromium
      // sends focusout from inside the removal, so whether the element is gone is known once that returns.
      const lost = e.target as Node;
      if (e.relatedTarget === null)
        queueMicrotask(() => {
          if (lost.isConnected) return;
          dropped.current = true;
          keepKeyboard();
        });

      // Keep the sheet as the commands' target (the palette takes focus), only drop the selection kind.
      clearSelection();
    };
    const hold = new KeyHold({
      editing: () => (apiRef.current?.getEditingCells().length ?? 0) > 0,
      editor: () => {
        const at = apiRef.current?.getEditingCells()[0];
        if (!at?.column) return null;
        return el.querySelector<HTMLInputElement | HTMLTextAreaElement>(
          `.ag-row[row-index="${at.rowIndex}"] .ag-cell[col-id="${at.column.getColId()}"] :is(input, textarea)`,
        );
      },
      root: () => el,
    });
    el.addEventListener("keydown", hold.onKeyDown, true);
    el.addEventListener("copy", onCopy);
    el.addEventListener("cut", onCopy);
    el.addEventListener("paste", onPaste);
    el.addEventListener("focusin", onFocusIn);
    el.addEventListener("focusout", onFocusOut);
    return () => {
      hold.dispose();
      el.removeEventListener("keydown", hold.onKeyDown, true);
      el.removeEventListener("copy", onCopy);
      el.removeEventListener("cut", onCopy);
      el.removeEventListener("paste", onPaste);
      el.removeEventListener("focusin", onFocusIn);
      el.removeEventListener("focusout", onFocusOut);
    };
  }, [clearBlock, copyText, updateStatus, handle, pasteText, keepKeyboard]);

  useEffect(
    () => () => {
      if (activeSheet.peek() === handle) activeSheet.value = null;
    },
    [handle],
  );

  // Titles and widths by content: a screen that passes a new object of the same titles on every render must
  // not make the grid re-apply its columns (that closes a cell editor being opened and loses the keys typed).
  const headers = useByContent(props.headers);
  const widths = useByContent(props.widths);

  // The row numbers are pinned, to stay in view, only when the columns do not fit the sheet's width and scroll
  // sideways. A pinned column makes AG Grid draw every row in two parts, and unpinned a page move took about a
  // fifth less main-thread time (life data at 400,000 rows, 1920x1080); unpinned they look the same (grid.css).
  const [pinRowNumbers, setPinRowNumbers] = useState(props.allColumns === true);
  const fitRowNumbers = useCallback(() => {
    const el = container.current;
    if (!el || el.clientWidth === 0) return;
    const drawn = apiRef.current?.getColumns();
    const width = drawn
      ? drawn.reduce((sum, c) => sum + c.getActualWidth(), 0)
      : ROW_NUMBER_WIDTH + store.columns.reduce((sum, c) => sum + (widths?.[c.key] ?? 110), 0);
    setPinRowNumbers(width > el.clientWidth - SCROLLBAR_ROOM);
  }, [store, widths]);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    fitRowNumbers();
    const observer = new ResizeObserver(() => fitRowNumbers());
    observer.observe(el);
    return () => observer.disconnect();
  }, [fitRowNumbers]);
  const columnDefs = useMemo<ColDef<RowData>[]>(() => {
    const rowNumber: ColDef<RowData> = {
      colId: ROW_NUMBER,
      headerName: "#",
      pinned: pinRowNumbers ? "left" : null,
      width: ROW_NUMBER_WIDTH,
      headerClass: "sheet-row-number-header",
      editable: false,
      suppressNavigable: true,
      cellClass: "sheet-row-number",
      valueGetter: (p: ValueGetterParams<RowData>) => (p.node?.rowIndex ?? 0) + 1,
    };
    return [
      rowNumber,
      ...store.columns.map(
        (column, col): ColDef<RowData> => ({
          colId: column.key,
          headerName: headers[column.key] ?? column.key,
          width: widths?.[column.key] ?? 110,
          editable: !props.readOnly,
          cellClass: (p: CellClassParams<RowData>) => {
            const base =
              column.kind === "text" || column.kind === "enum" ? "sheet-cell" : "sheet-cell sheet-number";
            const extra = propsRef.current.cellClass?.(p.node?.rowIndex ?? 0, col);
            return extra ? `${base} ${extra}` : base;
          },
          valueGetter: (p: ValueGetterParams<RowData>) => store.display(p.node?.rowIndex ?? 0, col),
          valueSetter: (p: ValueSetterParams<RowData>) => {
            const row = p.node?.rowIndex ?? 0;
            if (row >= maxRows) {
              propsRef.current.onLimit?.(maxRows);
              return false;
            }
            if (String(p.newValue ?? "") !== store.display(row, col))
              store.setCells([{ row, col, input: p.newValue ?? null }], "edit");
            return false;
          },
          // A rule's message, else the whole value when the cell may cut it off (an estimate of 7 px a
          // character at the sheet's 13 px font: a tooltip on a value that just fits does no harm).
          tooltipValueGetter: (p: ITooltipParams<RowData>) => {
            const row = p.node?.rowIndex ?? 0;
            const m = store.message(row, col);
            if (m) return propsRef.current.messageText(m);
            const text = store.display(row, col);
            const width = (p.column as { getActualWidth?(): number } | undefined)?.getActualWidth?.() ?? 110;
            return text.length * 7 > width - 24 ? text : undefined;
          },
          cellClassRules: {
            "sheet-invalid": (p: CellClassParams<RowData>) =>
              store.message(p.node.rowIndex ?? 0, col) !== null,
            "sheet-in-range": (p: CellClassParams<RowData>) =>
              selection.isBlock && selection.contains(p.node.rowIndex ?? -1, col),
          },
        }),
      ),
    ];
  }, [store, props.readOnly, selection, maxRows, headers, widths, pinRowNumbers]);

  const datasource = useMemo<IDatasource>(
    () => ({
      rowCount: undefined,
      getRows: (params) => {
        const rows: RowData[] = [];
        for (let i = params.startRow; i < params.endRow; i++) rows.push({ i });
        params.successCallback(rows, displayRows());
      },
    }),
    [displayRows],
  );

  const onGridReady = (e: GridReadyEvent<RowData>) => {
    apiRef.current = e.api;
    e.api.setRowCount(displayRows(), true);
    updateStatus();
  };

  const onCellFocused = (e: CellFocusedEvent<RowData>) => {
    const colId = typeof e.column === "string" ? e.column : e.column?.getColId();
    const col = store.columns.findIndex((c) => c.key === colId);
    if (e.rowIndex === null || col < 0) return;
    // Told a task late (see syncFocus): a move the cursor has already left, or one already applied, changes
    // nothing (the block grown since from that cell stays).
    const now = apiRef.current?.getFocusedCell();
    const current = now && now.rowIndex === e.rowIndex && now.column.getColId() === colId;
    const applied = selection.anchor?.row === e.rowIndex && selection.anchor.col === col;
    const clicked = shiftClicked.current?.row === e.rowIndex && shiftClicked.current.col === col;
    if (!current || applied || clicked) {
      updateStatus();
      return;
    }
    if (!extending.current) {
      const wasBlock = selection.isBlock;
      selection.set({ row: e.rowIndex, col });
      if (wasBlock) apiRef.current?.refreshCells({ force: true });
    }
    updateStatus();
  };

  const cellPos = (e: CellMouseDownEvent<RowData> | CellMouseOverEvent<RowData>): CellPos | null => {
    const col = store.columns.findIndex((c) => c.key === e.column.getColId());
    return col < 0 || e.rowIndex === null ? null : { row: e.rowIndex, col };
  };

  const onCellMouseDown = (e: CellMouseDownEvent<RowData>) => {
    const pos = cellPos(e);
    const mouse = e.event as MouseEvent | undefined;
    if (!pos || (mouse && mouse.button !== 0)) return;
    dragging.current = true;
    shiftClicked.current = mouse?.shiftKey && selection.anchor ? pos : null;
    if (mouse?.shiftKey && selection.anchor) {
      selection.extendTo(pos);
      extending.current = true;
      setTimeout(() => {
        extending.current = false;
      }, 0);
      repaint();
    }
  };

  const onCellMouseOver = (e: CellMouseOverEvent<RowData>) => {
    const pos = cellPos(e);
    const mouse = e.event as MouseEvent | undefined;
    if (!pos || !dragging.current || !mouse || (mouse.buttons & 1) === 0) {
      dragging.current = false;
      return;
    }
    selection.extendTo(pos);
    repaint();
  };

  const events = useRef({ onGridReady, onCellFocused, onCellMouseDown, onCellMouseOver, fitRowNumbers });
  events.current = { onGridReady, onCellFocused, onCellMouseDown, onCellMouseOver, fitRowNumbers };

  // The same object between renders: a new one makes AG Grid re-apply it to every column.
  const defaultColDef = useMemo<ColDef<RowData>>(
    () => ({ sortable: false, resizable: true, suppressKeyboardEvent: onKey, suppressMovable: true }),
    [onKey],
  );
  const localeText = useGridLocale();
  const theme = gridTheme(size.value, settings.value.theme);

  return (
    <section
      ref={container}
      className={`data-sheet ${props.className ?? ""}`}
      data-testid={props.testId}
      aria-label={props.ariaLabel}
      onMouseUp={() => {
        dragging.current = false;
      }}
    >
      <Grid
        key={i18n.language}
        initial={{
          localeText,
          rowModelType: "infinite",
          cacheBlockSize: 500,
          maxBlocksInCache: 40,
          infiniteInitialRowCount: displayRows(),
          onGridReady: (e) => events.current.onGridReady(e),
          onCellFocused: (e) => events.current.onCellFocused(e),
          onCellMouseDown: (e) => events.current.onCellMouseDown(e),
          onCellMouseOver: (e) => events.current.onCellMouseOver(e),
          // A column made wider or narrower by hand may make the columns scroll sideways, or fit again.
          onColumnResized: (e) => {
            if (e.finished) events.current.fitRowNumbers();
          },
          enterNavigatesVertically: true,
          enterNavigatesVerticallyAfterEdit: true,
          // Tab commits and moves the cursor, as in Excel; the next cell is edited only when typed into. AG Grid
          // would open the next cell's editor with its text selected a moment later, and keys typed in between
          // would be replaced (0.35 became 5).
          suppressStartEditOnTab: true,
          stopEditingWhenCellsLoseFocus: true,
          singleClickEdit: false,
          tooltipShowDelay: 300,
          suppressMovableColumns: true,
          rowBuffer: ROW_BUFFER,
          // A sheet whose rows are derived (the FMEA table) can start empty and fill a moment later; the
          // status line says how many rows there are.
          suppressNoRowsOverlay: true,
          suppressColumnVirtualisation: props.allColumns === true,
        }}
        theme={theme}
        columnDefs={columnDefs}
        defaultColDef={defaultColDef}
        datasource={datasource}
      />
      <div className="data-sheet-status" aria-live="polite">
        <span>{t("grid:status.rows", { count: status.rows })}</span>
        {status.cell && (
          <span className="data-sheet-cell">
            {t("grid:status.cell", { column: status.cell, row: status.row })}
          </span>
        )}
        {status.block && <span>{t("grid:status.block", { size: status.block })}</span>}
        {status.message && (
          <span className="data-sheet-message" role="status">
            {status.message}
          </span>
        )}
      </div>
    </section>
  );
}

type GridProps = Pick<GridOptions<RowData>, "theme" | "columnDefs" | "defaultColDef" | "datasource"> & {
  /** Options read when the grid is created (a new grid for a new language: AG Grid reads localeText once). */
  initial: GridOptions<RowData>;
};

/**
 * AG Grid drawn by its own DOM code, not as React components: a page move draws a screenful of new rows, and
 * React's render and commit of their row and cell components cost more than the rows themselves (at 400,000
 * rows and 1920x1080, about half of a PageDown's main-thread time). The options that change after creation
 * are passed on as AG Grid's React wrapper would.
 */
function Grid({ initial, ...live }: GridProps) {
  const host = useRef<HTMLDivElement>(null);
  const api = useRef<GridApi<RowData> | null>(null);
  /** What the grid has now, so only a changed option is passed on (AG Grid redraws for any object it is given). */
  const given = useRef(live);
  const created = useRef({ ...initial, ...live });
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const grid = createGrid<RowData>(el, { ...created.current, ...given.current });
    api.current = grid;
    return () => {
      api.current = null;
      grid.destroy();
    };
  }, []);
  const { theme, columnDefs, defaultColDef, datasource } = live;
  useEffect(() => {
    const grid = api.current;
    if (!grid) return;
    const now = { theme, columnDefs, defaultColDef, datasource };
    for (const key of ["theme", "columnDefs", "defaultColDef", "datasource"] as const)
      if (now[key] !== given.current[key]) grid.setGridOption(key, now[key] as never);
    given.current = now;
  }, [theme, columnDefs, defaultColDef, datasource]);
  return <div ref={host} className="data-sheet-grid" />;
}
