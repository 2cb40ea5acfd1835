// The growth editors' rows on the data sheet: what goes in comes back out, typed input that is not a number
// stays in the cell and reads as no value, empty rows are not rows, and an import keeps only accepted rows.
import { describe, expect, it } from "vitest";
import { SheetStore } from "../../../../src/app/components/spreadsheet/store.ts";
import {
  emptyBody,
  emptyFailure,
  emptyPhase,
  failureColumns,
  type TrackBody,
  trackData,
} from "../../../../src/app/features/growth/document.ts";
import {
  DRAFT_PHASES,
  FAILURE_TABLE,
  failuresToSheet,
  importedSheet,
  PLAN_PHASES,
  phasesToSheet,
  sheetFailureColumns,
  sheetFailureFields,
  sheetHasDelayedFixes,
  sheetToFailures,
  sheetToPhases,
  trackRequestJson,
  usedRows,
} from "../../../../src/app/features/growth/sheets.ts";
import { growthTrackProblems } from "../../../../src/shared/growth.ts";
import { rgtBodySchema } from "../../../../src/shared/schemas/modules.ts";

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

  it("the fit and the rules read the typed columns as they read the records", () => {
    const store = new SheetStore(
      FAILURE_TABLE,
      failuresToSheet([
        { ...emptyFailure("1"), time: 5, occurrenceCount: 3, prototype: 2 },
        { ...emptyFailure("2"), time: 8, state: "resolved", resolutionDate: "2030-01-05", reason: "wear" },
        {
          ...emptyFailure("3"),
          time: 9,
          state: "resolved",
          resolutionDate: "2030-01-06",
          reason: "x",
          solution: "y",
        },
        { ...emptyFailure("4"), time: 11, mode: "BD", modeId: "m", effectiveness: 0.5 },
      ]),
    );
    const col = (key: string) => FAILURE_TABLE.columns.findIndex((c) => c.key === key);
    store.setCells([
      // A time typed as text, a count typed as text, and a resolution date that is no date.
      { row: 5, col: col("time"), input: "12x" },
      { row: 5, col: col("occurrenceCount"), input: "two" },
      { row: 6, col: col("name"), input: "no time" },
      { row: 1, col: col("resolutionDate"), input: "soon" },
    ]);
    const rows = usedRows(store);
    // Row 4 stays empty: not a record.
    expect([...rows]).toEqual([0, 1, 2, 3, 5, 6]);
    const records = sheetToFailures(store);
    expect(records).toHaveLength(6);
    for (const end of [null, 100])
      expect(trackData(sheetFailureColumns(store, rows), end)).toEqual(
        trackData(failureColumns(records), end),
      );
    const problems = growthTrackProblems(sheetFailureFields(store, rows));
    expect(problems).toEqual(growthTrackProblems(records));
    expect(problems.map((p) => `${p.key} ${p.where?.join(".")}`)).toEqual([
      "growth.resolvedNeedsFields failures.2.state",
      "growth.timeInvalid failures.5.time",
      "growth.timeInvalid failures.6.time",
    ]);
    expect(sheetHasDelayedFixes(store, rows)).toBe(true);
    expect(sheetHasDelayedFixes(store, rows.subarray(0, 3))).toBe(false);
    expect(growthTrackProblems(sheetFailureFields(new SheetStore(FAILURE_TABLE), new Int32Array(0)))).toEqual(
      [{ key: "growthNoFailureRecords", where: ["failures"] }],
    );
  });

  it("a track's save request: the records written from the sheet a slice per task, as one JSON document", async () => {
    const failures = Array.from({ length: 7 }, (_, i) => ({
      ...emptyFailure(String(i + 1)),
      time: (i + 1) * 10,
      name: `F "${i}" 轴承`,
    }));
    const store = new SheetStore(FAILURE_TABLE, failuresToSheet(failures));
    // An empty row in the middle is no record.
    store.insertRows(3, 1);
    const body = { ...(emptyBody("track") as TrackBody), objectName: "Pump", failures: [] };
    let tasks = 0;
    const json = await trackRequestJson(
      { version: 3, name: "T", projectId: null },
      body,
      store,
      3,
      async () => {
        tasks++;
      },
    );
    const sent = JSON.parse(await json.text());
    expect(tasks).toBe(2);
    expect(sent).toEqual({ version: 3, name: "T", projectId: null, body: { ...body, failures } });
    expect(rgtBodySchema.safeParse(sent.body).error?.issues).toBeUndefined();
    // No records: an empty list.
    const none = JSON.parse(
      await (await trackRequestJson({ name: "E" }, body, new SheetStore(FAILURE_TABLE))).text(),
    );
    expect(none.body.failures).toEqual([]);
  });
});
