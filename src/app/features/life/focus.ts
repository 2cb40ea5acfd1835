// Where the caret goes when a new data set is created (Alt+N): into its sheet's first end time, where the
// data are typed, not back to the page. The new sheet mounts with the new set and its grid renders a few
// frames later, so the cell is awaited (a second at most), then handed to the closing dialog as well, in
// case the dialog gives focus back after it.
import type { DataSheetHandle } from "../../components/grid/DataSheet.tsx";
import { COL } from "./table.ts";

export function focusNewSheet(
  sheet: { current: DataSheetHandle | null },
  dialogFocus: { current: Element | null },
): void {
  const until = performance.now() + 1000;
  const attempt = () => {
    const cell = sheet.current?.cellElement(0, COL.end);
    if (!cell) {
      if (performance.now() < until) requestAnimationFrame(attempt);
      return;
    }
    dialogFocus.current = cell;
    sheet.current?.focusCell(0, COL.end);
  };
  requestAnimationFrame(attempt);
}
