// The ALT sheet's export: the life-data columns under their import headers, then only the stress columns in
// use under the names the user gave them; the state as F/S and a cell kept as typed written as its text, so
// the file reads back into the same sheet (its headers are what altTable's import looks for).
import { readFileSync } from "node:fs";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { SheetStore } from "../../../../src/app/components/spreadsheet/store.ts";
import { altExportSheet, altResultsSheet } from "../../../../src/app/features/alt/files.ts";
import { altTable, DEFAULT_SETTINGS } from "../../../../src/app/features/alt/state.ts";
import { fitAlt } from "../../../../src/kernels/alt.ts";

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

describe("ALT results export", () => {
  it("one table of every result with its bounds under the settings, the numbers the fit gave", async () => {
    const root = "locales/en";
    const resources: Record<string, Record<string, unknown>> = {};
    for (const ns of ["alt", "life", "messages"])
      resources[ns] = JSON.parse(readFileSync(`${root}/${ns}.json`, "utf8"));
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: resources }, interpolation: { escapeValue: false } });
    const t = i18n.t.bind(i18n) as unknown as Parameters<typeof altResultsSheet>[3];
    const rows = readFileSync("tests/fixtures/alt/device-a.csv", "utf8").trim().split("\n").slice(1);
    const cols = rows.map((l) => l.split(","));
    const header = readFileSync("tests/fixtures/alt/device-a.csv", "utf8").split("\n")[0].split(",");
    const col = (name: string) => header.findIndex((h) => h.toLowerCase() === name);
    const fit = await fitAlt(
      {
        quantity: Float64Array.from(cols, (c) => Number(c[col("quantity")] ?? 1)),
        end: Float64Array.from(cols, (c) => Number(c[col("end")])),
        state: Int32Array.from(cols, (c) => (c[col("state")] === "F" ? 1 : 0)),
        stress: [Float64Array.from(cols, (c) => Number(c[header.length - 1]))],
      },
      {
        relationship: "arrhenius",
        distribution: "lognormal",
        temperatureUnit: "k",
        use: [[283.15]],
        bounds: "lr",
        at: [10000],
        bLives: [10],
        afBetween: [{ from: [313.15], to: [353.15] }],
      },
    );
    const sheet = altResultsSheet(fit, { ...DEFAULT_SETTINGS, stressNames: ["Temp"] }, "Device A", t);
    const [section, quantity, value, lower, upper] = sheet.columns;
    const find = (q: string) => (quantity.values as string[]).indexOf(q);
    expect(sheet.preface?.[0]).toEqual(["Device A"]);
    expect(sheet.preface?.flat().join(" ")).toContain("Likelihood ratio 90%");
    // Every parameter with its bounds.
    for (const [name, v] of Object.entries(fit.parameters)) {
      const i = find(name);
      expect(i, name).toBeGreaterThanOrEqual(0);
      expect(value.values[i]).toBe(v);
      expect(lower.values[i]).toBe(fit.bounds[name].lower);
      expect(upper.values[i]).toBe(fit.bounds[name].upper);
    }
    expect(value.values[find("AIC")]).toBe(fit.aic);
    expect(value.values[find("BIC")]).toBe(fit.bic);
    expect(value.values[find("log-likelihood")]).toBe(fit.logLikelihood);
    const use = fit.useLevel[0];
    const h = find("Failure rate h(10000)");
    expect([value.values[h], lower.values[h], upper.values[h]]).toEqual([
      use.at[0].hazard.value,
      use.at[0].hazard.lower,
      use.at[0].hazard.upper,
    ]);
    expect(section.values[h]).toBe("At use stress 283.15");
    const b10 = find("B10 life");
    expect(lower.values[b10]).toBe(use.bLives[0].lower);
    const between = find("313.15 / 353.15");
    expect(section.values[between]).toBe("Acceleration factor between levels");
    expect(upper.values[between]).toBe(fit.afBetween[0].upper);
    // Values without bounds leave the bound cells empty (NaN is written as an empty cell).
    expect(Number.isNaN(lower.values[find("AIC")] as number)).toBe(true);
  });
});
