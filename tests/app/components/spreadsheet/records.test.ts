// Stored records as sheet columns (records.ts): what the spreadsheet worker does when a track is opened
// (storedRecords over the REST envelope's text), checked against the records themselves through the sheet.
import { describe, expect, it } from "vitest";
import { recordsToColumns, storedRecords } from "../../../../src/app/components/spreadsheet/records.ts";
import { SheetStore } from "../../../../src/app/components/spreadsheet/store.ts";
import { emptyFailure } from "../../../../src/app/features/growth/document.ts";
import { FAILURE_TABLE } from "../../../../src/app/features/growth/import.ts";
import { sheetToFailures } from "../../../../src/app/features/growth/sheets.ts";

const failures = [
  { ...emptyFailure("1"), name: "seal", time: 12.5, mode: "BD" as const, modeId: "m1", effectiveness: 0.6 },
  {
    ...emptyFailure("2"),
    time: 40,
    occurrenceCount: 2,
    prototype: 2,
    state: "resolved" as const,
    resolutionDate: "2030-01-05",
    reason: "wear",
    solution: "new seal",
  },
  { ...emptyFailure("3"), time: 41, mode: "BC" as const },
];

describe("stored records as sheet columns", () => {
  it("numbers and choices as codes in typed arrays, text as text; empty text columns left to the sheet", () => {
    const data = recordsToColumns(FAILURE_TABLE, failures as never);
    expect(data.rows).toBe(3);
    expect(Array.from(data.values.time as Float64Array)).toEqual([12.5, 40, 41]);
    // MODES: A 0, BC 1, BD 2; STATES: unresolved 0, resolved 1.
    expect(Array.from(data.values.mode as Float64Array)).toEqual([2, 0, 1]);
    expect(Array.from(data.values.state as Float64Array)).toEqual([0, 1, 0]);
    expect(Array.from(data.values.prototype as Float64Array)).toEqual([Number.NaN, 2, Number.NaN]);
    expect(data.values.name).toEqual(["seal", "", ""]);
    // No record has a description or a component: no array of empty strings to send between threads.
    expect(data.values.description).toBeUndefined();
    expect(data.values.component).toBeUndefined();
  });

  it("opening: the envelope's records on the sheet read back as the records, the document without them", () => {
    const doc = { id: 7, name: "T", version: 3, body: { kind: "track", plan: { testTime: 50 }, failures } };
    const opened = storedRecords(
      JSON.stringify({ status: 0, message: "ok", data: doc }),
      "failures",
      FAILURE_TABLE,
    );
    if (!opened.ok) throw new Error("not opened");
    expect(opened.doc).toEqual({ ...doc, body: { ...doc.body, failures: [] } });
    expect(sheetToFailures(new SheetStore(FAILURE_TABLE, opened.data))).toEqual(failures);
  });

  it("anything but a successful envelope is not opened (the app's client asks again and reports it)", () => {
    expect(storedRecords(JSON.stringify({ status: 1004, message: "no" }), "failures", FAILURE_TABLE)).toEqual(
      {
        ok: false,
      },
    );
    expect(storedRecords(JSON.stringify({ status: 0, data: null }), "failures", FAILURE_TABLE).ok).toBe(
      false,
    );
  });
});
