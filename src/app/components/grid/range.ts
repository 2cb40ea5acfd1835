// The block of cells a sheet has selected: an anchor where the selection started and the focused cell it
// extends to (Shift+arrows, Shift+click, drag), as in a spreadsheet. AG Grid community has no range
// selection; this is the small rectangular kind a data sheet needs.

export interface CellPos {
  row: number;
  col: number;
}

export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export class RangeSelection {
  anchor: CellPos | null = null;
  focus: CellPos | null = null;

  set(anchor: CellPos, focus: CellPos = anchor): void {
    this.anchor = { ...anchor };
    this.focus = { ...focus };
  }

  extendTo(focus: CellPos): void {
    if (!this.anchor) this.anchor = { ...focus };
    this.focus = { ...focus };
  }

  clear(): void {
    this.anchor = null;
    this.focus = null;
  }

  get range(): CellRange | null {
    if (!this.anchor || !this.focus) return null;
    return {
      top: Math.min(this.anchor.row, this.focus.row),
      bottom: Math.max(this.anchor.row, this.focus.row),
      left: Math.min(this.anchor.col, this.focus.col),
      right: Math.max(this.anchor.col, this.focus.col),
    };
  }

  contains(row: number, col: number): boolean {
    const r = this.range;
    return r !== null && row >= r.top && row <= r.bottom && col >= r.left && col <= r.right;
  }

  /** More than the focused cell is selected. */
  get isBlock(): boolean {
    const r = this.range;
    return r !== null && (r.top !== r.bottom || r.left !== r.right);
  }
}

export function rangeSize(r: CellRange): { rows: number; cols: number } {
  return { rows: r.bottom - r.top + 1, cols: r.right - r.left + 1 };
}

/** Where the focused cell goes for an arrow key, Home/End with Ctrl, inside rows x cols. */
export function moveFocus(
  from: CellPos,
  key: string,
  ctrl: boolean,
  rows: number,
  cols: number,
  lastDataRow: number,
): CellPos {
  const lastRow = Math.max(0, rows - 1);
  switch (key) {
    case "ArrowUp":
      return { row: ctrl ? 0 : Math.max(0, from.row - 1), col: from.col };
    case "ArrowDown":
      return {
        row: ctrl ? Math.max(0, Math.min(lastRow, lastDataRow)) : Math.min(lastRow, from.row + 1),
        col: from.col,
      };
    case "ArrowLeft":
      return { row: from.row, col: ctrl ? 0 : Math.max(0, from.col - 1) };
    case "ArrowRight":
      return { row: from.row, col: ctrl ? cols - 1 : Math.min(cols - 1, from.col + 1) };
    case "Home":
      return { row: ctrl ? 0 : from.row, col: 0 };
    case "End":
      return { row: ctrl ? Math.max(0, lastDataRow) : from.row, col: cols - 1 };
    case "PageUp":
      return { row: Math.max(0, from.row - 20), col: from.col };
    case "PageDown":
      return { row: Math.min(lastRow, from.row + 20), col: from.col };
    default:
      return from;
  }
}
