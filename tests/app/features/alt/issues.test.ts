// Kernel problems reach the ALT screens in the user's language: the worker answers with the issues' keys,
// parameters, rows and columns (tryFitAlt, which survives the structured clone between worker and page) and
// the page translates them (fitIssueText), the row mapped back to the sheet's row past blank rows.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SheetStore } from "../../../../src/app/components/spreadsheet/store.ts";
import { altColumns } from "../../../../src/app/features/alt/model.ts";
import { fitIssueText } from "../../../../src/app/features/alt/service.ts";
import { altState, altTable, DEFAULT_SETTINGS, setSettings } from "../../../../src/app/features/alt/state.ts";
import { i18n, initI18n } from "../../../../src/app/i18n.ts";
import { tryFitAlt } from "../../../../src/kernels/alt.ts";

const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../../../locales/${lang}/${ns}.json`), "utf8"));

beforeAll(async () => {
  await initI18n("en");
});

/** A sheet with a blank second row and a voltage of 0 in sheet row 4 (kernel row 3): IPL needs V > 0. */
function sheet(): SheetStore {
  const store = new SheetStore(altTable(["Voltage"]));
  const nan = Number.NaN;
  store.reset({
    rows: 5,
    values: {
      quantity: Float64Array.of(1, nan, 1, 1, 1),
      start: Float64Array.of(nan, nan, nan, nan, nan),
      end: Float64Array.of(100, nan, 150, 120, 90),
      state: Float64Array.of(1, nan, 1, 1, 1),
      group: Float64Array.of(nan, nan, nan, nan, nan),
      stress1: Float64Array.of(200, nan, 300, 0, 300),
      stress2: new Float64Array(5).fill(nan),
      stress3: new Float64Array(5).fill(nan),
      stress4: new Float64Array(5).fill(nan),
    },
  });
  return store;
}

describe("ALT kernel issues on screen", () => {
  it("the worker's answer carries keys, parameters, rows and columns through a structured clone", async () => {
    const { columns } = altColumns(sheet(), 1);
    const outcome = structuredClone(
      await tryFitAlt(columns, { relationship: "ipl", distribution: "weibull", use: [[50]] }),
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues[0]).toMatchObject({ key: "alt.stressPositive", row: 3, column: "stress1" });
    const fine = await tryFitAlt(columns, {
      relationship: "exponential",
      distribution: "weibull",
      use: [[50]],
    });
    expect(fine.ok).toBe(true);
  });

  for (const lang of ["en", "es", "zh", "ja"])
    it(`${lang}: the message, the sheet row and the stress column's own name`, async () => {
      await i18n.changeLanguage(lang);
      // The screen's namespaces arrive with the screen (src/app/i18n.ts).
      await i18n.loadNamespaces(["alt", "life"]);
      altState.settings.value = DEFAULT_SETTINGS;
      setSettings({ relationship: "ipl", stressNames: ["Voltage", "", "", ""] });
      const store = sheet();
      const { columns, rows } = altColumns(store, 1);
      const outcome = await tryFitAlt(columns, { relationship: "ipl", distribution: "weibull", use: [[50]] });
      if (outcome.ok) throw new Error("expected issues");
      const { text, cell } = fitIssueText(i18n.t, outcome.issues[0], rows);
      const expected = locale(lang, "alt")
        .cellProblem.replace("{{row}}", "4")
        .replace("{{column}}", "Voltage")
        .replace("{{message}}", locale(lang, "messages")["alt.stressPositive"]);
      expect(text).toBe(expected);
      expect(cell).toEqual({ row: 3, col: 5 });
      // An issue with no row (the option or the data as a whole) reads as a failed fit, translated too.
      const two = await tryFitAlt(
        { end: Float64Array.from([10, 20]), stress: [Float64Array.from([100, 100])] },
        { relationship: "ipl", distribution: "weibull", use: [[50]] },
      );
      if (two.ok) throw new Error("expected issues");
      const whole = fitIssueText(i18n.t, two.issues[0], Int32Array.from([0, 1]));
      expect(whole.cell).toBeNull();
      expect(whole.text).toContain(locale(lang, "messages")["alt.twoLevels"]);
      expect(whole.text).not.toMatch(/\{\{/);
    });
});
