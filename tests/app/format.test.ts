// One date format per language everywhere (issue 15, point 12): lists, the recycle bin, dashboards and
// results all go through src/app/format.ts, whose day and moment share the same date part.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "../../src/app/format.ts";
import { i18n, initI18n } from "../../src/app/i18n.ts";

const MOMENT = Date.UTC(2026, 10, 5, 7, 8);

const PATTERNS: Record<string, RegExp> = {
  en: /^\d{2}\/\d{2}\/2026, \d{2}:\d{2}$/,
  es: /^\d{2}\/\d{2}\/2026, \d{2}:\d{2}$/,
  zh: /^2026\/\d{2}\/\d{2} \d{2}:\d{2}$/,
  ja: /^2026\/\d{2}\/\d{2} \d{2}:\d{2}$/,
};

beforeAll(async () => {
  await initI18n("en");
});

describe("dates on screen", () => {
  for (const [language, pattern] of Object.entries(PATTERNS))
    it(`${language}: a moment has one form, and a day is its date part`, async () => {
      await i18n.changeLanguage(language);
      const moment = formatDateTime(MOMENT);
      expect(moment).toMatch(pattern);
      // The same instant given as ISO text, as seconds and as milliseconds reads the same.
      expect(formatDateTime(new Date(MOMENT).toISOString())).toBe(moment);
      expect(formatDateTime(MOMENT / 1000)).toBe(moment);
      expect(moment.startsWith(formatDate(MOMENT))).toBe(true);
    });

  it("are formatted nowhere else in the app", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk("src/app");
    const offenders = files
      .filter((f) => !f.endsWith(join("src", "app", "format.ts")))
      .filter((f) =>
        /toLocaleDateString|toLocaleTimeString|Intl\.DateTimeFormat|new Date\([^)]*\)\.toLocaleString/.test(
          readFileSync(f, "utf8"),
        ),
      );
    expect(offenders).toEqual([]);
  });
});
