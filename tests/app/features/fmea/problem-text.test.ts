// @vitest-environment jsdom
// The shared FMEA model names node types and attribute tabs by their codes (spec 3's `optMeas`, `customAttr`), as
// the REST answers do; every FMEA screen says them in the user's words. A refused table cell once read
// "Cost is kept on a optMeas node, and this line has none."
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fmeaProblemText } from "../../../../src/app/features/fmea/store.ts";
import { i18n, initI18n } from "../../../../src/app/i18n.ts";
import { attrsProblem } from "../../../../src/shared/fmea/tree.ts";

const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../../../locales/${lang}/${ns}.json`), "utf8"));

beforeAll(async () => {
  await initI18n("en");
});

describe("an FMEA problem's text", () => {
  for (const lang of ["en", "es", "zh", "ja"])
    it(`${lang}: names the node type and the tab in words`, async () => {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces(["fmea", "messages"]);
      const problem = attrsProblem("fail", { PFDicon: { icon: "operation" } } as never);
      expect(problem?.key).toBe("fmea.tabNotAllowed");
      const text = fmeaProblemText(problem as NonNullable<typeof problem>);
      const fmea = locale(lang, "fmea");
      expect(text).toContain(fmea.kinds.fail);
      expect(text).toContain(fmea.tabs.PFDicon);
      expect(text).not.toMatch(/\bfail\b|PFDicon/);
    });

  for (const lang of ["en", "es", "zh", "ja"])
    it(`${lang}: names a custom attribute's node types in words (the table's refused cell)`, async () => {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces(["fmea", "messages"]);
      // As the form's refusal lists them: the definition's kinds joined by ", ".
      const text = fmeaProblemText({
        key: "fmea.attributeNoNode",
        params: { label: "Cost", kinds: ["optMeas", "fail"].join(", ") },
      });
      const fmea = locale(lang, "fmea");
      expect(text).toContain("Cost");
      expect(text).toContain(fmea.kinds.optMeas);
      expect(text).toContain(fmea.kinds.fail);
      expect(text).not.toMatch(/optMeas/);
    });

  it("says a structure element by its element type where the problem names one", async () => {
    await i18n.changeLanguage("en");
    const text = fmeaProblemText({ key: "fmea.pasteLevel", params: { kind: "procStep", target: "system" } });
    const fmea = locale("en", "fmea");
    expect(text).toContain(fmea.elements.procStep);
    expect(text).toContain(fmea.elements.system);
  });
});
