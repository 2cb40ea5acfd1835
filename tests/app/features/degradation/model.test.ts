// The degradation screen's pure conversions: sheet rows to the kernel's measurements (blank rows skipped),
// settings to options or problems, and the stored body: accepted by the server's schema and read back as the
// same sheet and settings.
import { describe, expect, it } from "vitest";
import { SheetStore } from "../../../../src/app/components/spreadsheet/store.ts";
import {
  fromStoredBody,
  measurementsByUnit,
  measurementsOf,
  optionsOf,
  storedBody,
} from "../../../../src/app/features/degradation/model.ts";
import { DEFAULT_SETTINGS, DEGRADATION_TABLE } from "../../../../src/app/features/degradation/state.ts";
import { wbBodySchema } from "../../../../src/shared/schemas/wb.ts";

function sheet(rows: Array<[string, number, number]>) {
  return new SheetStore(DEGRADATION_TABLE, {
    rows: rows.length,
    values: {
      unit: rows.map((r) => r[0]),
      time: Float64Array.from(rows, (r) => r[1]),
      value: Float64Array.from(rows, (r) => r[2]),
    },
  });
}

describe("degradation screen model", () => {
  const store = sheet([
    ["A", 2, 11],
    ["", Number.NaN, Number.NaN],
    ["B", 1, 10],
    ["A", 1, 10],
  ]);
  it("takes the non-blank rows and remembers their sheet rows", () => {
    const { data, rows } = measurementsOf(store);
    expect(data.unit).toEqual(["A", "B", "A"]);
    expect(Array.from(rows)).toEqual([0, 2, 3]);
    expect(measurementsByUnit(data, ["A"])[0]).toEqual({
      time: Float64Array.from([1, 2]),
      value: Float64Array.from([10, 11]),
    });
  });
  it("turns settings into options, or says what is wrong", () => {
    const bad = optionsOf({ ...DEFAULT_SETTINGS, threshold: "x", limit: "-3", confidence: 20 });
    expect("problems" in bad && bad.problems.map((p) => p.key)).toEqual([
      "degradation.thresholdInvalid",
      "degradation.limitInvalid",
      "ciAnalysisRange",
    ]);
    const good = optionsOf({ ...DEFAULT_SETTINGS, threshold: "12.5", limit: "" });
    expect("options" in good && good.options).toMatchObject({
      threshold: 12.5,
      limit: undefined,
      model: "linear",
    });
  });
  it("stores a body the server accepts and reads it back", () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      model: "gompertz" as const,
      threshold: "30",
      limit: "900",
      direction: "down" as const,
    };
    const body = storedBody(measurementsOf(store).data, settings, null);
    const parsed = wbBodySchema.parse(JSON.parse(JSON.stringify(body)));
    expect(parsed.kind).toBe("degradation");
    const back = fromStoredBody(body);
    expect(back?.settings).toEqual(settings);
    expect(back?.sheet.values.unit).toEqual(["A", "B", "A"]);
    expect(Array.from(back?.sheet.values.time as Float64Array)).toEqual([2, 1, 1]);
  });
});
