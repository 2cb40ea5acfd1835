// The life-data screens' own logic: sheet to kernel columns (defaults for empty cells), the stored table and
// back, exact round trips of saved results (typed arrays and non-finite numbers), the multi-plot rules of
// spec 5 with their spec 8 messages, and the trial row limit.
import { describe, expect, it } from "vitest";
import { fromTagged, jsonText, toTagged } from "../../../../src/app/components/spreadsheet/json.ts";
import { SheetStore } from "../../../../src/app/components/spreadsheet/store.ts";
import { type LifeResults, LifeSet } from "../../../../src/app/features/life/model.ts";
import {
  multiPlotList,
  multiPlotProblem,
  selectAllProblem,
} from "../../../../src/app/features/life/multiplot.ts";
import { isTrialAccount, rowLimitFor, TRIAL_ROW_LIMIT } from "../../../../src/app/features/life/rules.ts";
import {
  COL,
  kernelColumns,
  LIFE_TABLE,
  packTable,
  unpackTable,
} from "../../../../src/app/features/life/table.ts";
import { fitLife } from "../../../../src/kernels/life.ts";
import { sortWithIndex } from "../../../../src/kernels/math.ts";
import { decodeColumn } from "../../../../src/shared/columns.ts";

function sheet(rows: Array<[unknown, unknown, unknown, unknown, unknown]>): SheetStore {
  const store = new SheetStore(LIFE_TABLE);
  store.setCells(rows.flatMap((r, row) => r.map((input, col) => ({ row, col, input }))));
  return store;
}

describe("sheet to kernel columns", () => {
  it("reads empty quantity as 1, empty state as F, empty start as none, and skips blank rows", () => {
    const store = sheet([
      [null, null, 100, "F", null],
      [null, null, null, null, null],
      [3, null, 250, "s", 2],
      [null, 0, 80, null, null],
    ]);
    const { columns, rows } = kernelColumns(store);
    expect(Array.from(rows)).toEqual([0, 2, 3]);
    expect(Array.from(columns.end)).toEqual([100, 250, 80]);
    expect(Array.from(columns.state ?? [])).toEqual([1, 0, 1]);
    expect(Array.from(columns.quantity ?? [])).toEqual([1, 3, 1]);
    expect(Array.from(columns.start ?? [])).toEqual([Number.NaN, Number.NaN, 0]);
    expect(Array.from(columns.group ?? [])).toEqual([0, 2, 0]);
    // Same revision, same arrays; a change makes new ones.
    expect(kernelColumns(store).columns).toBe(columns);
    store.setCells([{ row: 0, col: COL.end, input: 101 }]);
    expect(kernelColumns(store).columns.end[0]).toBe(101);
  });

  it("stores every column with its type and reads the same sheet back", () => {
    const store = sheet([
      [2, null, 10.5, "F", 1],
      [null, 5, 20, "S", null],
    ]);
    const packed = packTable(store);
    expect(packed.form).toBe("interval");
    const stored = JSON.parse(jsonText(packed)) as { rows: number; columns: Record<string, string> };
    const columns = {
      quantity: decodeColumn(stored.columns.quantity, "i32") as Int32Array,
      start: decodeColumn(stored.columns.start, "f64") as Float64Array,
      end: decodeColumn(stored.columns.end, "f64") as Float64Array,
      state: decodeColumn(stored.columns.state, "u8") as Uint8Array,
      group: decodeColumn(stored.columns.group, "i32") as Int32Array,
    };
    const back = new SheetStore(LIFE_TABLE, unpackTable({ rows: stored.rows, columns }));
    expect([0, 1].map((r) => [0, 1, 2, 3, 4].map((c) => back.display(r, c)))).toEqual([
      ["2", "", "10.5", "F", "1"],
      ["1", "5", "20", "S", ""],
    ]);
  });

  it("leaves out the columns that hold only their defaults and reads them back as defaults", () => {
    const store = sheet([
      [null, null, 10.5, "F", null],
      [1, null, 20, "S", null],
    ]);
    const packed = packTable(store);
    expect(packed.form).toBe("rightCensored");
    expect(Object.keys(packed.columns).sort()).toEqual(["end", "state"]);
    const stored = JSON.parse(jsonText(packed)) as { rows: number; columns: Record<string, string> };
    const columns = {
      end: decodeColumn(stored.columns.end, "f64") as Float64Array,
      state: decodeColumn(stored.columns.state, "u8") as Uint8Array,
    };
    const back = new SheetStore(LIFE_TABLE, unpackTable({ rows: stored.rows, columns }));
    expect(kernelColumns(back).columns).toEqual(kernelColumns(store).columns);
    expect([0, 1].map((r) => [0, 1, 2, 3, 4].map((c) => back.display(r, c)))).toEqual([
      ["1", "", "10.5", "F", ""],
      ["1", "", "20", "S", ""],
    ]);
  });
});

describe("saved results", () => {
  it("come back bit for bit, typed arrays and non-finite numbers included", async () => {
    const fit = await fitLife(
      { end: Float64Array.from([16, 34, 53, 75, 93, 120, 150, 191, 240, 339]) },
      { distribution: "weibull2p", bounds: "lr", contour: true },
    );
    const wire = JSON.parse(
      jsonText(toTagged({ fit, odd: [Number.NaN, Number.POSITIVE_INFINITY, -0.5] }, false)),
    );
    const back = fromTagged(wire) as { fit: typeof fit; odd: number[] };
    expect(back.odd).toEqual([Number.NaN, Number.POSITIVE_INFINITY, -0.5]);
    expect(back.fit.parameters).toEqual(fit.parameters);
    expect(back.fit.logLikelihood).toBe(fit.logLikelihood);
    expect(back.fit.curves?.reliabilityLower).toEqual(fit.curves?.reliabilityLower);
    expect(back.fit.positions?.row).toEqual(fit.positions?.row);
    expect(back.fit.contour?.x).toBeInstanceOf(Float64Array);
    expect(Array.from(back.fit.contour?.x ?? [])).toEqual(Array.from(fit.contour?.x ?? []));
  });
});

describe("results and the sheet", () => {
  it("stay current through a sort and its undo (same rows, same fit), and go stale on an edit", async () => {
    const set = new LifeSet({ name: "sorted" });
    set.store.setCells(
      [
        [1, "", 300, "F", ""],
        [1, "", 120, "F", ""],
        [1, "", 250, "S", ""],
      ].flatMap((r, row) => r.map((input, col) => ({ row, col, input }))),
    );
    const fit = await fitLife(kernelColumns(set.store).columns, { distribution: "exponential1p" });
    set.results.value = { fit } as unknown as LifeResults;
    set.resultsRevision.value = set.store.revision;
    expect(set.resultsCurrent).toBe(true);
    const { index } = await sortWithIndex(set.store.sortKeys(COL.end));
    set.store.reorder(index);
    expect(set.store.value(0, COL.end)).toBe(120);
    expect(set.resultsCurrent).toBe(true);
    expect(set.dirty).toBe(true); // the order is part of the stored data set
    set.store.undo();
    expect(set.resultsCurrent).toBe(true);
    set.store.setCells([{ row: 0, col: COL.end, input: 310 }]);
    expect(set.resultsCurrent).toBe(false);
    // a sort does not make stale results current
    set.store.reorder(new Int32Array([2, 1, 0]));
    expect(set.resultsCurrent).toBe(false);
  });
});

describe("multi-plot rules (spec 5 and 8)", () => {
  const a = { id: 1, label: "A", distribution: "weibull2p", hasResults: true };
  const b = { id: 2, label: "B", distribution: "weibull2p", hasResults: true };
  const c = { id: 3, label: "C", distribution: "lognormal", hasResults: true };
  it("needs two data sets, non-empty unique names, one distribution, no duplicate", () => {
    expect(multiPlotProblem([a], [])).toBe("messages:multiPlotNeedsTwo");
    expect(multiPlotProblem([a, { ...b, label: " " }], [])).toBe("messages:nameRequired");
    expect(multiPlotProblem([a, { ...b, label: "a" }], [])).toBe("life:multi.namesUnique");
    expect(multiPlotProblem([a, c], [])).toBe("messages:oneDistribution");
    expect(multiPlotProblem([a, b], [{ name: "x", ids: [2, 1], labels: {} }])).toBe(
      "messages:multiPlotDuplicated",
    );
    expect(multiPlotProblem([a, b], [{ name: "x", ids: [1, 3], labels: {} }])).toBeNull();
    expect(selectAllProblem([a, b, c])).toBe("messages:differentDistributions");
    expect(selectAllProblem([a, b])).toBeNull();
  });

  it("lists every stored set and names the picked ones that have no results, never dropping them", () => {
    const stored = [
      { id: 1, name: "A", summary: { rows: 10, distribution: "weibull2p", hasResults: true } },
      { id: 4, name: "D", summary: { rows: 8, distribution: "weibull2p", hasResults: false } },
      { id: 2, name: "B", summary: { rows: 9, distribution: "weibull2p", hasResults: true } },
      { id: 5, name: "E", summary: { rows: 3 } },
    ];
    // Two picked sets without results (4, 5) beside one with (1); 9 is no longer stored.
    const { candidates, needFit } = multiPlotList(stored, [1, 4, 5, 9]);
    expect(candidates.map((c) => c.id)).toEqual([1, 2, 4, 5]);
    expect(candidates.map((c) => c.hasResults)).toEqual([true, true, false, false]);
    expect(needFit.map((c) => c.label)).toEqual(["D", "E"]);
    const picked = candidates.filter((c) => [1, 4, 5].includes(c.id));
    expect(multiPlotProblem(picked, [])).toBe("life:multi.notAnalysed");
    expect(multiPlotList(stored, [1, 2]).needFit).toEqual([]);
    // Select all picks the analysed sets; sets without results do not count as another distribution.
    expect(selectAllProblem(candidates)).toBeNull();
  });
});

describe("trial accounts", () => {
  it("analyse at most the trial row limit; others the 400,000 of a data set", () => {
    expect(isTrialAccount({ vip: false })).toBe(true);
    expect(isTrialAccount({ vip: true })).toBe(false);
    expect(isTrialAccount({})).toBe(false);
    expect(rowLimitFor({ vip: false })).toBe(TRIAL_ROW_LIMIT);
    expect(rowLimitFor(null)).toBe(400_000);
  });
});
