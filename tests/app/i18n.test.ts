// Every string of the shell exists in every language (en, zh, es, ja), with the same interpolation
// parameters; every server message key and every route title has its translations.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectLanguage, LANGUAGES, languageFromTag } from "../../src/app/i18n.ts";
import { flattenRoutes } from "../../src/app/router/match.ts";
import { routes } from "../../src/app/routes.ts";
import { MESSAGES } from "../../src/shared/messages.ts";

const root = join(import.meta.dirname, "../../locales");

function leaves(tree: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof tree === "string") out.set(prefix, tree);
  else if (Array.isArray(tree)) {
    for (const [i, v] of tree.entries()) leaves(v, `${prefix}[${i}]`, out);
  } else if (tree && typeof tree === "object") {
    for (const [k, v] of Object.entries(tree)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

const load = (lang: string, ns: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(root, lang, `${ns}.json`), "utf8"));
const namespaces = readdirSync(join(root, "en")).map((f) => f.replace(/\.json$/, ""));
const params = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("locales", () => {
  it("has the same namespaces in every language", () => {
    for (const lang of LANGUAGES) {
      expect(readdirSync(join(root, lang)).sort(), lang).toEqual(readdirSync(join(root, "en")).sort());
    }
  });

  for (const ns of namespaces) {
    it(`${ns}: every key exists in every language, with the same {{parameters}} and no empty text`, () => {
      const en = leaves(load("en", ns));
      for (const lang of LANGUAGES) {
        const other = leaves(load(lang, ns));
        const missing = [...en.keys()].filter((k) => !other.has(k));
        const extra = [...other.keys()].filter((k) => !en.has(k));
        expect({ lang, ns, missing, extra }).toEqual({ lang, ns, missing: [], extra: [] });
        for (const [key, text] of other) {
          expect(text.trim(), `${lang}/${ns}:${key}`).not.toBe("");
          expect(params(text), `${lang}/${ns}:${key}`).toEqual(params(en.get(key) ?? ""));
        }
      }
    });
  }

  it("translates every message key the server can answer (src/shared/messages.ts)", () => {
    for (const lang of LANGUAGES) {
      const keys = Object.keys(load(lang, "messages")).sort();
      expect(keys, lang).toEqual(Object.keys(MESSAGES).sort());
    }
    // English is the server's own text, so client and server show the same words
    expect(load("en", "messages")).toEqual(MESSAGES);
  });

  it("titles every route of the table", () => {
    const titles = leaves(load("en", "routes"));
    const walk = (table: typeof routes): string[] =>
      table.flatMap((r) => [...(r.meta ? [r.meta.title] : []), ...(r.children ? walk(r.children) : [])]);
    const missing = walk(routes).filter((t) => !titles.has(t));
    expect(missing).toEqual([]);
    expect(flattenRoutes(routes).length).toBeGreaterThan(60);
  });
});

describe("language choice (spec 1)", () => {
  it("takes the saved setting, else the browser language, else English", () => {
    expect(detectLanguage("ja", ["zh-CN"])).toBe("ja");
    expect(detectLanguage(undefined, ["fr-FR", "zh-CN"])).toBe("zh");
    expect(detectLanguage("klingon", ["es-419"])).toBe("es");
    expect(detectLanguage(undefined, ["fr-FR"])).toBe("en");
    expect(languageFromTag("zh_TW")).toBe("zh");
    expect(languageFromTag(undefined)).toBeUndefined();
  });
});
