// Issue 14, finding 9: no message reaches the user with an unfilled {{placeholder}}. Every key renders in
// all four languages with its parameters; every schema rule that names a key with parameters beyond the
// validation path's own (field, min, max) supplies them; and the two keys the probe caught answer filled.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWith } from "../../src/server/http/validate.ts";
import { MESSAGES, type MessageKey, messageText, withLimits } from "../../src/shared/messages.ts";
import { resultsSchema } from "../../src/shared/schemas/lifedata.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

const root = join(import.meta.dirname, "../..");
const LANGS = ["en", "zh", "es", "ja"];
const placeholders = (template: string) => [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);

/** i18next's default interpolation, as the app renders `msgKey` with `msgParams`. */
const render = (template: string, params: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => params[name] ?? whole);

describe("messages with their parameters (issue 14, finding 9)", () => {
  it("renders every key in all four languages with its parameters and leaves no {{", () => {
    for (const lang of LANGS) {
      // As the app loads them: range messages get their limits written in (src/app/i18n.ts).
      const texts: Record<string, string> = withLimits(
        JSON.parse(readFileSync(join(root, "locales", lang, "messages.json"), "utf8")),
        lang,
      );
      for (const key of Object.keys(MESSAGES) as MessageKey[]) {
        const params = Object.fromEntries(placeholders(MESSAGES[key]).map((name) => [name, `<${name}>`]));
        const rendered = render(texts[key], params);
        expect(rendered, `${lang}:${key}`).not.toContain("{{");
        expect(rendered, `${lang}:${key}`).not.toContain("}}");
        if (lang === "en") expect(messageText(key, params)).toBe(rendered);
      }
    }
  });

  it("has every schema rule that names a key with more parameters supply them", () => {
    const fromValidation = new Set(["field", "min", "max"]);
    const dir = join(root, "src/shared/schemas");
    const sources = [
      ...readdirSync(dir).map((f) => join(dir, f)),
      join(root, "src/shared/validation.ts"),
    ].map((file) => ({ file, text: readFileSync(file, "utf8") }));
    const keyUses = /(?:error|message):\s*"(\w+)"/g;
    let checked = 0;
    for (const { file, text } of sources) {
      for (const m of text.matchAll(keyUses)) {
        const key = m[1];
        if (!Object.hasOwn(MESSAGES, key)) continue;
        checked++;
        const needed = placeholders(MESSAGES[key as MessageKey]).filter((p) => !fromValidation.has(p));
        const near = text.slice(m.index, (m.index ?? 0) + 300);
        for (const name of needed)
          expect(near, `${file}: ${key} needs ${name}`).toMatch(new RegExp(`params:[^}]*\\b${name}\\b`));
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("fills the size limit of saved results", () => {
    let msg = "";
    try {
      parseWith(resultsSchema, { huge: "x".repeat(16 * 1024 * 1024 + 1) });
    } catch (error) {
      msg = (error as Error).message;
    }
    expect(msg).toBe("Saved results are at most 16 MB.");
  });

  describe("over HTTP", () => {
    let s: TestServer;
    let user: TestUser;
    beforeAll(async () => {
      s = await startTestServer();
      user = await s.makeUser(["owner"]);
    });
    afterAll(async () => {
      await s?.close();
    });

    it("names the unknown language", async () => {
      const r = await s.call("PUT", "/api/authority/users/language/klingon", { token: user.token });
      expect(r.http).toBe(400);
      expect(r.body.msgKey).toBe("languageUnknown");
      expect(r.body.msg).toBe("Unknown language klingon.");
      expect(r.body.msgParams).toMatchObject({ lang: "klingon" });
    });
  });
});
