// The altahelp manual (locales/<lang>/help.json "alta"): in each of the four languages the same sections, the
// constants the kernel uses (K = C + 273.15, k = 8.617333262e-5 eV/K: src/kernels/alt/model.ts), every
// relationship's formula as the kernel states it, and the ALT commands under the titles the palette shows.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BOLTZMANN_EV, CELSIUS_TO_KELVIN, RELATIONSHIPS } from "../../../../src/kernels/alt.ts";

const LANGUAGES = ["en", "zh", "es", "ja"] as const;
const read = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, "utf8"));

describe("altahelp", () => {
  const en = read("en", "help").alta as {
    summary: string;
    sections: Array<{ title: string; body: string[] }>;
  };
  for (const lang of LANGUAGES)
    it(`${lang}: models, kelvin, Boltzmann's constant, bounds and keyboard`, () => {
      const manual = read(lang, "help").alta as typeof en;
      expect(manual.sections).toHaveLength(en.sections.length);
      const text = manual.sections.map((s) => s.body.join(" ")).join(" ");
      expect(text).toContain(String(CELSIUS_TO_KELVIN));
      expect(BOLTZMANN_EV).toBe(8.617333262e-5);
      expect(text).toContain("8.617333262 × 10⁻⁵ eV/K");
      for (const r of Object.values(RELATIONSHIPS))
        expect(text).toContain(r.formula.replace(/^L\([^)]*\) = /, ""));
      expect(text).toContain("ln h0(q) = w + ln sigma + ln t");
      expect(text).toContain("Ctrl+Enter");
      const commands = read(lang, "commands").alt as Record<string, string>;
      const keyboard = manual.sections[manual.sections.length - 1].body.join(" ");
      for (const id of ["lifeLine", "cancel", "focusSheet", "analysis", "new"])
        expect(keyboard, id).toContain(commands[id]);
    });
});
