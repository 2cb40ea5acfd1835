// The ALT sheet's export: the life-data columns under their import headers, then only the stress columns in
// use under the names the user gave them; the state as F/S and a cell kept as typed written as its text, so
// the file reads back into the same sheet (its headers are what altTable's import looks for).
import { describe, expect, it } from "vitest";
import { SheetStore } from "../../../../src/app/components/spreadsheet/store.ts";
import { altExportSheet } from "../../../../src/app/features/alt/files.ts";
import { altTable, DEFAULT_SETTINGS } from "../../../../src/app/features/alt/state.ts";

const nan = Number.NaN;

describe("ALT sheet export", () => {
  it("writes the life columns and the stress columns in use, named as the user named them", () => {
    const names = ["Temp", "RH", "Stress 3", "Stress 4"];
    const store = new SheetStore(altTable(names));
    store.reset({
      rows: 2,
      values: {
        quantity: Float64Array.of(3, nan),
        start: Float64Array.of(nan, 150),
        end: Float64Array.of(5000, 200),
        state: Float64Array.of(0, 1),
        group: Float64Array.of(nan, nan),
        stress1: Float64Array.of(85, 110),
        stress2: Float64Array.of(60, 85),
        stress3: Float64Array.of(1, 2),
        stress4: Float64Array.of(nan, nan),
      },
    });
    store.setCells([{ row: 1, col: 6, input: "wet" }]);
    const settings = {
      ...DEFAULT_SETTINGS,
      relationship: "temperature-humidity" as const,
      stressNames: names,
    };
    const sheet = altExportSheet(store, settings, "Humidity test");
    expect(sheet.name).toBe("Humidity test");
    const table = altTable(names);
    expect(sheet.columns.map((c) => c.header)).toEqual([
      ...table.columns.slice(0, 5).map((c) => c.headers[0]),
      "Temp",
      "RH",
    ]);
    // Each header is one the import of the same sheet recognises.
    sheet.columns.forEach((c, i) => {
      expect(table.columns[i].headers).toContain(c.header);
    });
    expect(Array.from(sheet.columns[2].values)).toEqual([5000, 200]);
    expect(Array.from(sheet.columns[3].values)).toEqual(["S", "F"]);
    expect(Array.from(sheet.columns[5].values)).toEqual([85, 110]);
    expect(Array.from(sheet.columns[6].values)).toEqual(["60", "wet"]);
    // One stress column for Arrhenius.
    const one = altExportSheet(store, { ...settings, relationship: "arrhenius" }, "x");
    expect(one.columns).toHaveLength(6);
  });
});
