// Issue 16 point 1 / issue 13 item 2: `relbench life` reads a life table through the same column definition
// as the app's import: the sheet's own titles ("End time", "State (F/S)") in any of the four languages.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readLifeTable } from "../../src/cli/life-input.ts";
import { LIFE_COLUMN_KEYS } from "../../src/shared/columns.ts";

const dir = mkdtempSync(join(tmpdir(), "relbench-life-input-"));

describe("life table input (CLI)", () => {
  for (const lang of ["en", "zh", "es", "ja"])
    it(`reads the sheet's ${lang} titles and keeps the suspensions`, async () => {
      const names = JSON.parse(readFileSync(`locales/${lang}/life.json`, "utf8")).columns;
      const header = LIFE_COLUMN_KEYS.map((k) => names[k]).join(",");
      const path = join(dir, `titles-${lang}.csv`);
      writeFileSync(path, `${header}\n1,,100,F,1\n1,,200,S,1\n2,,300,S,2\n`);
      const columns = await readLifeTable(path);
      expect(Array.from(columns.end)).toEqual([100, 200, 300]);
      expect(Array.from(columns.state as Int32Array)).toEqual([1, 0, 0]);
      expect(Array.from(columns.quantity as Float64Array)).toEqual([1, 1, 2]);
      expect(Array.from(columns.group as Int32Array)).toEqual([1, 1, 2]);
    });

  it("accepts end, time and End time alike, and the sheet's state spellings", async () => {
    for (const name of ["end", "time", "End time", "Tiempo final"]) {
      const path = join(dir, "one.csv");
      writeFileSync(path, `${name},State (F/S)\n10,suspension\n20,failure\n30,0\n`);
      const columns = await readLifeTable(path);
      expect(Array.from(columns.end), name).toEqual([10, 20, 30]);
      expect(Array.from(columns.state as Int32Array)).toEqual([0, 1, 0]);
    }
  });
});
