// Issue 16 point 1: the one column definition (src/shared/columns.ts). Every title the sheet shows and
// exports, in all four languages, is a header the import understands, so a file with the sheet's own
// header keeps its suspensions; a header not understood beside a defaulted column is reported with the
// value every row will take.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importRows } from "../../../../src/app/components/spreadsheet/import.ts";
import { LIFE_TABLE } from "../../../../src/app/features/life/table.ts";
import { LIFE_COLUMN_KEYS, lifeColumnOf, lifeStateOf } from "../../../../src/shared/columns.ts";

const LANGUAGES = ["en", "zh", "es", "ja"] as const;
const titles = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(`locales/${lang}/life.json`, "utf8")).columns;

describe("life-data headers: one definition", () => {
  for (const lang of LANGUAGES)
    it(`accepts the sheet's own titles in ${lang}, and keeps every suspension`, () => {
      const names = titles(lang);
      for (const key of LIFE_COLUMN_KEYS) expect(lifeColumnOf(names[key]), names[key]).toBe(key);
      const header = LIFE_COLUMN_KEYS.map((k) => names[k]);
      const rows = [header, [1, null, 100, "F", 1], [1, null, 200, "S", 1], [1, null, 300, "S", 2]];
      const { report, data } = importRows(LIFE_TABLE, rows, { maxRows: 10 });
      expect(report.ignoredHeaders).toEqual([]);
      expect(report.defaulted).toEqual([]);
      expect(report.rejected).toBe(0);
      expect(Array.from(data.values.state as Float64Array)).toEqual([1, 0, 0]);
    });

  it("reads full-width brackets, extra spaces and a unit in parentheses", () => {
    expect(lifeColumnOf("状態（F/S）")).toBe("state");
    expect(lifeColumnOf("  End   Time ")).toBe("end");
    expect(lifeColumnOf("End time (h)")).toBe("end");
    expect(lifeColumnOf("Failure mode")).toBeNull();
    expect(lifeStateOf("Suspension")).toBe(0);
    expect(lifeStateOf(" f ")).toBe(1);
    expect(lifeStateOf("x")).toBeNull();
  });

  it("reports the value a missing column gives every row when a header was not understood", () => {
    const rows = [
      ["End time", "Status code"],
      [100, "S"],
      [200, "F"],
      [250, "S"],
    ];
    const { report } = importRows(LIFE_TABLE, rows, { maxRows: 10 });
    expect(report.ignoredHeaders).toEqual(["status code"]);
    expect(report.defaulted).toEqual([
      { column: "quantity", value: "1", rows: 3 },
      { column: "state", value: "F", rows: 3 },
    ]);
  });
});
