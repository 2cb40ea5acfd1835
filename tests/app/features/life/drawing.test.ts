// The drawing tool's sheet (src/app/features/life/drawing.ts): spec 5's rank-data rules as the sheet shows
// them (X-Time above 0, Y-Value (%) above 0 and below 100, each with the spec's message key), the points a fit
// takes (rows with both cells, numbered by their sheet row; a half-filled row reported, never dropped) and a
// stored set's plotting positions put in as percentages.
import { describe, expect, it } from "vitest";
import { valueMessage } from "../../../../src/app/components/spreadsheet/table.ts";
import {
  blankSheet,
  DRAWING_SCHEMA,
  DrawingState,
  positionsSheet,
  sheetPoints,
} from "../../../../src/app/features/life/drawing.ts";
import { DRAWING_DISTRIBUTIONS } from "../../../../src/app/features/life/drawing-actions.ts";
import { PAPER_DISTRIBUTIONS } from "../../../../src/kernels/life.ts";

const [x, y] = DRAWING_SCHEMA.columns;

describe("drawing tool sheet", () => {
  it("says spec 5's messages for rank data out of range", () => {
    expect(valueMessage(x, 0)?.key).toBe("messages:valuePositive");
    expect(valueMessage(x, 1e-9)).toBeNull();
    expect(valueMessage(y, 0)?.key).toBe("messages:life.rankPercentRange");
    expect(valueMessage(y, 100)?.key).toBe("messages:life.rankPercentRange");
    expect(valueMessage(y, 99.999)).toBeNull();
    expect(valueMessage(y, 0.001)).toBeNull();
  });

  it("finds every bad cell in the sheet's own pass, below and above the range", () => {
    const s = new DrawingState();
    s.store.replace({
      rows: 3,
      values: { x: Float64Array.from([5, 0, 7]), y: Float64Array.from([50, 20, 100]) },
    });
    const { issues } = s.store.issues();
    expect(issues.map((i) => [i.row, i.col, i.key])).toEqual([
      [1, 0, "messages:valuePositive"],
      [2, 1, "messages:life.rankPercentRange"],
    ]);
  });

  it("takes the rows with both cells and reports a half-filled one", () => {
    const s = new DrawingState();
    s.store.reset(blankSheet(6));
    s.store.setCells([
      { row: 0, col: 0, input: "10" },
      { row: 0, col: 1, input: "20" },
      { row: 2, col: 0, input: "30" },
      { row: 3, col: 0, input: "40" },
      { row: 3, col: 1, input: "60" },
      { row: 4, col: 1, input: "70" },
    ]);
    const { points, incomplete } = sheetPoints(s.store);
    expect(Array.from(points.time)).toEqual([10, 40]);
    expect(Array.from(points.percent)).toEqual([20, 60]);
    expect(Array.from(points.row ?? [])).toEqual([0, 3]);
    expect(incomplete).toEqual([2, 4]);
  });

  it("puts plotting positions in as percentages and knows when the sheet is still the loaded set", () => {
    const s = new DrawingState();
    s.store.replace(positionsSheet({ time: [5, 9], probability: [0.25, 0.75] }), "load");
    expect(Array.from(s.store.columnValues(1) as Float64Array)).toEqual([25, 75]);
    s.source.value = {
      id: 1,
      name: "a",
      ranks: "exact",
      revision: s.store.revision,
      columns: { end: new Float64Array() },
    };
    expect(s.sourceCurrent?.id).toBe(1);
    s.store.setCells([{ row: 0, col: 0, input: "6" }]);
    expect(s.sourceCurrent).toBeNull();
    expect(s.dirty.value).toBe(true);
  });

  it("offers every paper the kernel draws", () => {
    expect([...DRAWING_DISTRIBUTIONS]).toEqual([...PAPER_DISTRIBUTIONS]);
  });
});
