// The net's status line counts its nodes and links in the plural rules of each language ("1 link", not
// "1 links"); a reader's empty trees do not tell them to press a key that would add a node.
import { beforeAll, describe, expect, it } from "vitest";
import { i18n, initI18n } from "../../../../src/app/i18n.ts";

beforeAll(async () => {
  await initI18n("en");
});

const status = (nodes: number, links: number) =>
  i18n.t("fmea:nets.status", {
    nodes: i18n.t("fmea:nets.nodeCount", { count: nodes }),
    links: i18n.t("fmea:nets.linkCount", { count: links }),
  });

describe("the net's status line", () => {
  it("says one node and one link in the singular, more in the plural", async () => {
    await i18n.changeLanguage("en");
    await i18n.loadNamespaces("fmea");
    expect(status(2, 1)).toBe("2 nodes, 1 link");
    expect(status(1, 0)).toBe("1 node, 0 links");
    expect(status(4, 3)).toBe("4 nodes, 3 links");
    await i18n.changeLanguage("es");
    await i18n.loadNamespaces("fmea");
    expect(status(2, 1)).toBe("2 nodos, 1 vínculo");
  });

  for (const lang of ["en", "zh", "es", "ja"])
    it(`${lang}: every count is filled in, and a reader's empty trees name no key to press`, async () => {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces("fmea");
      expect(status(1, 1)).not.toMatch(/\{\{|nets\./);
      for (const key of ["fmea:tree.emptyStructureReadOnly", "fmea:tree.emptyFunctionsReadOnly"]) {
        const text = i18n.t(key);
        expect(text).not.toBe(key.slice("fmea:".length));
        expect(text).not.toMatch(/\b[RF]\b/);
      }
    });
});
