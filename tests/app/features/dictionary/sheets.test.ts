// The dictionary sheets: every kind's entries through the sheet and back unchanged, empty rows left out, and the
// rules a cell alone cannot say (a code used twice, a device's parameters, a risk event's date) answered by line,
// with the same message keys the server answers (src/shared/schemas/dictionary.ts).
import { describe, expect, it } from "vitest";
import {
  entriesToSheet,
  isIsoDate,
  rowProblems,
  sheetToEntries,
} from "../../../../src/app/features/dictionary/sheets.ts";
import { dictionaryBodySchema } from "../../../../src/shared/schemas/dictionary.ts";

const devices = [
  { code: "FAN-01", name: "Cooling fan", distribution: "weibull2p" as const, p1: 1.8, p2: 40000, p3: null },
  { code: "PSU-7", name: "Power module", distribution: "exponential" as const, p1: 2e-6, p2: null, p3: null },
  { code: "CAP-3", name: "Capacitor", p1: null, p2: null, p3: null },
];
const failures = [
  { code: "F-1", name: "Bearing seizure", level: "mode" as const, category: "mechanical" },
  { code: "F-2", name: "Motor stalls", level: "effect" as const, description: "Vehicle loses drive." },
  { code: "F-3", name: "Lubricant degraded" },
];
const risks = [
  {
    code: "R-1",
    name: "Field returns",
    source: "field" as const,
    occurred: "2026-03-14",
    severity: 8,
    status: "open" as const,
    failure: "F-1",
  },
  { code: "R-2", name: "Audit finding", severity: null, status: "closed" as const },
];

describe("dictionary sheets", () => {
  it("carries every kind's entries through the sheet unchanged", () => {
    expect(sheetToEntries("device", entriesToSheet("device", devices))).toEqual(devices);
    expect(sheetToEntries("failure", entriesToSheet("failure", failures))).toEqual(failures);
    expect(sheetToEntries("risk", entriesToSheet("risk", risks))).toEqual(risks);
    for (const [kind, entries] of [
      ["device", devices],
      ["failure", failures],
      ["risk", risks],
    ] as const)
      expect(dictionaryBodySchema.safeParse({ kind, entries }).success).toBe(true);
  });

  it("leaves out empty rows, and a row holding only the default status", () => {
    const sheet = entriesToSheet("risk", [...risks, { code: "", name: "", status: "open" }]);
    expect(sheet.rows).toBe(3);
    expect(sheetToEntries("risk", sheet)).toEqual(risks);
  });

  it("names a code used twice with its first line, by file line", () => {
    const sheet = entriesToSheet("failure", [...failures, { code: "F-2", name: "Again" }]);
    const lines = [2, 3, 5, 9];
    expect(rowProblems("failure", sheet, (r) => lines[r])).toEqual([
      { key: "dictionary.duplicateCode", params: { code: "F-2", first: 3, line: 9 }, where: ["3", "code"] },
    ]);
  });

  it("checks a device's parameters with the failure model and a risk event's date", () => {
    const bad = entriesToSheet("device", [
      { code: "X", name: "Bad", distribution: "weibull2p", p1: 30, p2: 100 },
    ]);
    const [problem] = rowProblems("device", bad);
    expect(problem.key).toBe("betaRange");
    expect(problem.where?.[0]).toBe("0");
    const dates = entriesToSheet("risk", [
      { ...risks[0], occurred: "2026-02-30" },
      { ...risks[1], code: "R-3", occurred: "2026-02-28" },
    ]);
    expect(rowProblems("risk", dates)).toEqual([
      { key: "fmea.dateInvalid", params: { value: "2026-02-30" }, where: ["0", "occurred"] },
    ]);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("14.03.2026")).toBe(false);
  });
});
