// The growth editors' rows on the data sheet: what goes in comes back out, typed input that is not a number
// stays in the cell and reads as no value, empty rows are not rows, and an import keeps only accepted rows.
import { describe, expect, it } from "vitest";
import { SheetStore } from "../../../../src/app/components/spreadsheet/store.ts";
import { emptyFailure, emptyPhase } from "../../../../src/app/features/growth/document.ts";
import {
  DRAFT_PHASES,
  FAILURE_TABLE,
  failuresToSheet,
  importedSheet,
  PLAN_PHASES,
  phasesToSheet,
  sheetToFailures,
  sheetToPhases,
} from "../../../../src/app/features/growth/sheets.ts";

describe("growth sheets", () => {
  it("a plan's phases round-trip, and a draft keeps its targets", () => {
    const phases = [
      {
        ...emptyPhase(),
        name: "P1",
        growthRate: 0.3,
        testTime: 1000,
        startDate: "2030-01-01",
        endDate: "2030-02-01",
      },
      { ...emptyPhase(), name: "P2", stageRisk: 0.1, testTime: 2500 },
    ];
    const plan = new SheetStore(PLAN_PHASES, phasesToSheet(phases, false));
    expect(sheetToPhases(plan)).toEqual(phases);
    const draft = new SheetStore(
      DRAFT_PHASES,
      phasesToSheet([{ ...emptyPhase(), testTime: 10, target: 50 }], true),
    );
    expect(sheetToPhases(draft)).toEqual([{ ...emptyPhase(), testTime: 10, target: 50 }]);
  });

  it("typed cells: text in a number column stays and reads as null; empty rows are skipped", () => {
    const store = new SheetStore(PLAN_PHASES);
    const col = (key: string) => PLAN_PHASES.columns.findIndex((c) => c.key === key);
    store.setCells([
      { row: 0, col: col("testTime"), input: "12x" },
      { row: 2, col: col("testTime"), input: "3000" },
      { row: 2, col: col("endDate"), input: "2030-09-01" },
    ]);
    expect(store.display(0, col("testTime"))).toBe("12x");
    const read = sheetToPhases(store);
    expect(read).toHaveLength(2);
    expect(read[0].testTime).toBeNull();
    expect(read[1]).toMatchObject({ testTime: 3000, endDate: "2030-09-01", startDate: null });
    store.undo();
    expect(sheetToPhases(store)).toHaveLength(0);
  });

  it("failure records round-trip with their classes, states and dates; an empty number is the row's", () => {
    const failures = [
      { ...emptyFailure("7"), time: 12.5, mode: "BD" as const, modeId: "m1", effectiveness: 0.7 },
      {
        ...emptyFailure(""),
        time: 40,
        occurrenceCount: 2,
        prototype: 2,
        state: "resolved" as const,
        resolutionDate: "2030-01-05",
        reason: "wear",
        solution: "new seal",
      },
    ];
    const store = new SheetStore(FAILURE_TABLE, failuresToSheet(failures));
    expect(sheetToFailures(store)).toEqual([failures[0], { ...failures[1], number: "2" }]);
  });

  it("an import keeps the accepted rows only", () => {
    const all = failuresToSheet([10, 20, 30].map((time, i) => ({ ...emptyFailure(String(i + 1)), time })));
    const kept = importedSheet({
      data: all,
      goodRows: Int32Array.of(0, 2),
      lines: Int32Array.of(2, 3, 4),
      report: {} as never,
    });
    expect(kept.rows).toBe(2);
    expect(sheetToFailures(new SheetStore(FAILURE_TABLE, kept)).map((f) => f.time)).toEqual([10, 30]);
  });
});
