// The ALT sheet's conversions: the use stress as typed, the kernel's columns, and the stored body, which
// must pass /api/alta's schema and come back as the same sheet and settings.
import { describe, expect, it } from "vitest";
import { decodeColumns, jsonText } from "../../../../src/app/components/spreadsheet/json.ts";
import { SheetStore } from "../../../../src/app/components/spreadsheet/store.ts";
import {
  ALT_STORED_TYPES,
  altColumns,
  altOptions,
  fromStoredBody,
  fromStoredColumns,
  parseLevel,
  parseTimes,
  parseUseStress,
  storedBody,
  storedBodyTyped,
  stressCount,
} from "../../../../src/app/features/alt/model.ts";
import {
  altState,
  altTable,
  DEFAULT_SETTINGS,
  hasUnsavedWork,
  markSaved,
  setSettings,
} from "../../../../src/app/features/alt/state.ts";
import { altaBodySchema } from "../../../../src/shared/schemas/modules.ts";

const nan = Number.NaN;

function sheet() {
  const store = new SheetStore(altTable(DEFAULT_SETTINGS.stressNames));
  store.reset({
    rows: 3,
    values: {
      quantity: Float64Array.of(30, nan, 2),
      start: Float64Array.of(nan, nan, nan),
      end: Float64Array.of(5000, 1298, 1390),
      state: Float64Array.of(0, 1, 1),
      group: Float64Array.of(nan, nan, nan),
      stress1: Float64Array.of(283.15, 313.15, 313.15),
      stress2: Float64Array.of(50, 60, 70),
      stress3: Float64Array.of(nan, nan, nan),
      stress4: Float64Array.of(nan, nan, nan),
    },
  });
  return store;
}

describe("ALT sheet model", () => {
  it("reads the use stress as one value per stress column, in groups", () => {
    const th = { ...DEFAULT_SETTINGS, relationship: "temperature-humidity" as const };
    expect(stressCount(DEFAULT_SETTINGS)).toBe(1);
    expect(parseUseStress({ ...DEFAULT_SETTINGS, use: "283.15" })).toEqual([[283.15]]);
    expect(parseUseStress({ ...th, use: "25, 40; 30 50" })).toEqual([
      [25, 40],
      [30, 50],
    ]);
    expect(parseUseStress({ ...th, use: "25" })).toBeNull();
    expect(parseUseStress({ ...DEFAULT_SETTINGS, use: "" })).toBeNull();
    expect(parseUseStress({ ...DEFAULT_SETTINGS, use: "abc" })).toBeNull();
  });

  it("reads the times of the use-level reliability: positive numbers, none when empty", () => {
    expect(parseTimes({ ...DEFAULT_SETTINGS, at: "" })).toEqual([]);
    expect(parseTimes({ ...DEFAULT_SETTINGS, at: "1000, 2000;5e4" })).toEqual([1000, 2000, 50000]);
    expect(parseTimes({ ...DEFAULT_SETTINGS, at: "1000, 0" })).toBeNull();
    expect(parseTimes({ ...DEFAULT_SETTINGS, at: "soon" })).toBeNull();
  });

  it("gives the kernel the used stress columns of the non-blank rows", () => {
    const { columns } = altColumns(sheet(), 2);
    expect(Array.from(columns.end)).toEqual([5000, 1298, 1390]);
    expect(Array.from(columns.quantity ?? [])).toEqual([30, 1, 2]);
    expect(columns.stress.map((c) => Array.from(c))).toEqual([
      [283.15, 313.15, 313.15],
      [50, 60, 70],
    ]);
  });

  it("stores a body /api/alta accepts and reads it back unchanged", () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      relationship: "temperature-humidity" as const,
      use: "25, 40",
      at: "1000, 2000",
      sided: "lower" as const,
    };
    const use = parseUseStress(settings) as number[][];
    const body = storedBody(sheet(), settings, use, null);
    const parsed = altaBodySchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const back = fromStoredBody(body);
    expect(back?.settings).toEqual({ ...settings, transforms: ["none"] });
    expect(back?.sheet.rows).toBe(3);
    expect(Array.from(back?.sheet.values.stress2 as Float64Array)).toEqual([50, 60, 70]);
    expect(Array.from(back?.sheet.values.end as Float64Array)).toEqual([5000, 1298, 1390]);
    expect(Array.from(back?.sheet.values.stress3 as Float64Array).every(Number.isNaN)).toBe(true);
  });

  it("stores the life line and the acceleration factor's levels with the set, and hands them to the kernel", () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      relationship: "temperature-humidity" as const,
      use: "25, 40",
      lifeLine: { kind: "mean" as const, percent: 10 },
      afFrom: "85, 60",
      afTo: "110; 85",
    };
    const use = parseUseStress(settings) as number[][];
    const body = storedBody(sheet(), settings, use, null);
    expect(altaBodySchema.safeParse(body).success).toBe(true);
    expect(body.settings.afBetween).toEqual({ from: [85, 60], to: [110, 85] });
    const back = fromStoredBody(body);
    expect(back?.settings.lifeLine).toEqual({ kind: "mean", percent: 10 });
    expect([back?.settings.afFrom, back?.settings.afTo]).toEqual(["85, 60", "110, 85"]);
    const options = altOptions(settings, use);
    expect(options.plots).toMatchObject({ lifeLine: "mean", lifePercent: 10 });
    expect(options.afBetween).toEqual([{ from: [85, 60], to: [110, 85] }]);
    // A level with the wrong count is no pair: the kernel is not asked.
    expect(altOptions({ ...settings, afTo: "110" }, use).afBetween).toBeUndefined();
    expect(parseLevel("1, 2", 2)).toEqual([1, 2]);
    expect(parseLevel("1, x", 2)).toBeNull();
    // A body stored before the setting existed reads as B10 and no pair.
    const { lifeLine: _l, afBetween: _a, ...older } = body.settings;
    const old = fromStoredBody({ ...body, settings: older as typeof body.settings });
    expect(old?.settings.lifeLine).toEqual({ kind: "percent", percent: 10 });
    expect(old?.settings.afFrom).toBe("");
    // The server refuses a percent outside (0, 100).
    expect(
      altaBodySchema.safeParse({
        ...body,
        settings: { ...body.settings, lifeLine: { kind: "percent", percent: 100 } },
      }).success,
    ).toBe(false);
  });

  it("saves and opens through the spreadsheet worker's forms: the same JSON, the same sheet", () => {
    const settings = { ...DEFAULT_SETTINGS, relationship: "temperature-humidity" as const, use: "25, 40" };
    const use = parseUseStress(settings) as number[][];
    const results = { parameters: { A: 1.5 } };
    // jsonBlob (the worker) writes the typed body as the JSON of the packed body.
    const typed = storedBodyTyped(sheet(), settings, use, results);
    const packed = storedBody(sheet(), settings, use, results);
    expect(jsonText(typed)).toBe(JSON.stringify(packed));
    // fetchStored (the worker) decodes the stored columns by their types; the sheet is fromStoredBody's.
    const wire = JSON.parse(JSON.stringify(packed)) as typeof packed;
    const decoded = decodeColumns(wire.data.columns as Record<string, string>, ALT_STORED_TYPES);
    expect(fromStoredColumns(wire.settings, wire.data.rows, decoded)).toEqual(fromStoredBody(wire));
    // A column of another length, or no end times, is not a sheet.
    expect(fromStoredColumns(wire.settings, 4, decoded)).toBeNull();
    const { end: _, ...noEnd } = decoded;
    expect(fromStoredColumns(wire.settings, 3, noEnd)).toBeNull();
  });

  it("knows unsaved work: rows or settings changed since the last save or open", () => {
    expect(hasUnsavedWork()).toBe(false);
    altState.store.reset(sheet().snapshot());
    expect(hasUnsavedWork()).toBe(true);
    markSaved();
    expect(hasUnsavedWork()).toBe(false);
    setSettings({ use: "300" });
    expect(hasUnsavedWork()).toBe(true);
    markSaved();
    altState.store.setCells([{ row: 0, col: 2, input: "4000" }]);
    expect(hasUnsavedWork()).toBe(true);
  });
});
