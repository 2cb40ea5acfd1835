// The Nevada sheet's pure parts: sheet and chart both ways, resizing the return columns, period labels from
// spec 3's start, period unit and increment, and a pasted or imported sheet read as the CLI reads it.
import { describe, expect, it } from "vitest";
import {
  chartOfSheet,
  EXAMPLE,
  nevadaHeaders,
  nevadaSchema,
  periodLabel,
  resizeSheet,
  returnKey,
  sheetOfChart,
} from "../../../../src/app/features/warranty/sheet.ts";
import { DEFAULT_SETTINGS, WarrantyState } from "../../../../src/app/features/warranty/state.ts";
import { nevadaFromCells } from "../../../../src/kernels/warranty/sheet.ts";
import { warrantyBodySchema } from "../../../../src/shared/schemas/warranty.ts";

describe("the Nevada sheet", () => {
  it("round-trips a chart and drops empty trailing rows", () => {
    const data = sheetOfChart(EXAMPLE, 3);
    expect(chartOfSheet(data, 3)).toEqual(EXAMPLE);
    const padded = sheetOfChart(
      {
        labels: [...EXAMPLE.labels, ""],
        sales: [...EXAMPLE.sales, Number.NaN],
        returns: [...EXAMPLE.returns, []],
      },
      3,
    );
    expect(chartOfSheet(padded, 3)).toEqual(EXAMPLE);
    expect(nevadaSchema(3).columns.map((c) => c.key)).toEqual(["label", "sales", "r1", "r2", "r3"]);
  });

  it("resizes the return columns, keeping what fits", () => {
    const wider = resizeSheet(sheetOfChart(EXAMPLE, 3), 4);
    expect(Array.from(wider.values[returnKey(3)] as Float64Array).every(Number.isNaN)).toBe(true);
    expect(chartOfSheet(wider, 4).returns[0]).toEqual([3, 3, 5, null]);
    expect(chartOfSheet(resizeSheet(wider, 2), 2).returns[1]).toEqual([null, 2]);
  });

  it("labels periods by month, year or step", () => {
    expect(nevadaHeaders({ ...DEFAULT_SETTINGS }, { label: "Shipped", sales: "Sales" })).toEqual({
      label: "Shipped",
      sales: "Sales",
      r1: "2010-07",
      r2: "2010-08",
      r3: "2010-09",
    });
    expect(periodLabel({ start: "2010-11", periodUnit: "months", increment: 3 }, 1)).toBe("2011-02");
    expect(periodLabel({ start: "2010", periodUnit: "years", increment: 1 }, 3)).toBe("2013");
    expect(periodLabel({ start: "0", periodUnit: "weeks", increment: 2 }, 3)).toBe("6");
    expect(periodLabel({ start: "Q1", periodUnit: "months", increment: 3 }, 2)).toBe("Q1+6");
  });

  it("reads pasted or imported cells as the CLI does, future rows apart", () => {
    const read = nevadaFromCells([
      ["Shipped", "Sales", "Jul", "Aug", "Sep"],
      ["Jun", 100, 3, "3", 5],
      ["Jul", 140, null, 2, 4],
      ["Aug", "150", "", "", 4],
      ["future", 120],
    ]);
    expect(read.problems).toEqual([]);
    expect(read.periods).toEqual(["Jun", "Jul", "Aug"]);
    expect(read.columns).toEqual(["Jul", "Aug", "Sep"]);
    expect(read.chart).toEqual({ sales: EXAMPLE.sales, returns: EXAMPLE.returns, futureSales: [120] });
    expect(
      nevadaFromCells([
        ["a", "b", "c"],
        ["x", 1, "lots"],
      ]).problems,
    ).toEqual([{ key: "warranty.notNumber", params: { value: "lots" }, where: [2, 3] }]);
  });

  it("the screen's state stores a body the server accepts, and resizes the sheet with the number of periods", () => {
    const state = new WarrantyState();
    state.setFutureSales([120, 130]);
    const body = state.body(null);
    expect(warrantyBodySchema.safeParse(body).success).toBe(true);
    expect(body.returns).toEqual(EXAMPLE.returns);
    state.setSettings({ numberOfPeriods: 5 });
    expect(state.store.value.columns).toHaveLength(7);
    expect(state.chart().returns[0]).toEqual([3, 3, 5, null, null]);
    expect(state.dirty.value).toBe(true);
  });
});
