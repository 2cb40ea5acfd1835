// @vitest-environment jsdom
// A form exported by a colleague in another language imports: the import reads the other three languages'
// column titles, action statuses and 4M types besides the user's own (io.ts otherLanguages).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { otherLanguages } from "../../../../src/app/features/fmea/io.ts";
import { i18n, initI18n } from "../../../../src/app/i18n.ts";

const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../../../locales/${lang}/${ns}.json`), "utf8"));

beforeAll(async () => {
  await initI18n("zh");
});

describe("the import's other languages", () => {
  it("are the three the user does not work in, each with its titles, statuses and 4M types", async () => {
    const others = await otherLanguages("process");
    expect(others).toHaveLength(3);
    expect(i18n.language).toBe("zh"); // loading them leaves the user's language as it was
    for (const [i, lng] of ["en", "es", "ja"].entries()) {
      const table = locale(lng, "fmeatable");
      expect(others[i].titles.mode).toBe(table.columns.mode);
      expect(others[i].titles.lowerType).toBe(table.processColumns.lowerType ?? table.columns.lowerType);
      expect(others[i].status.completed).toBe(table.status.completed);
      expect(others[i].elements.machine).toBe(locale(lng, "fmea").elements.machine);
    }
  });
});
