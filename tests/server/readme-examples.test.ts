// Issue 14, finding 10: README's shell examples that talk to the API run, as written, against a real
// server. Every ```sh block of README.md that calls http://localhost:8080/api is run by bash with the
// server's address in place of localhost:8080; every curl in it must get a JSON envelope with a success
// status (0 to 4). A new example is picked up without touching this file.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSuccessStatus } from "../../src/shared/envelope.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const run = promisify(execFile);
const README = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");

/** The fenced ```sh blocks (with the line each starts on) that call the API. */
function apiShellExamples(markdown: string): { line: number; script: string }[] {
  const blocks: { line: number; script: string }[] = [];
  const fence = /^```(sh|bash|shell)\s*\n([\s\S]*?)^```\s*$/gm;
  for (const m of markdown.matchAll(fence)) {
    if (!/localhost:8080\/api\//.test(m[2])) continue;
    blocks.push({ line: markdown.slice(0, m.index).split("\n").length, script: m[2] });
  }
  return blocks;
}

describe("README's API examples (issue 14, finding 10)", () => {
  let s: TestServer;
  const examples = apiShellExamples(README);

  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it("finds the examples", () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  for (const example of examples) {
    it(`runs the example at README.md line ${example.line}`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "relbench-readme-"));
      try {
        const host = new URL(s.url).host;
        // Each curl's answer is kept in its own file (and still printed, so $(curl ...) works as written).
        const prelude = [
          "set -euo pipefail",
          `__answers=${JSON.stringify(dir)}`,
          // mktemp, not a counter: a curl inside $(...) runs in a subshell.
          'curl() { command curl --fail-with-body "$@" | tee "$(mktemp -p "$__answers" answer.XXXXXX)"; }',
        ].join("\n");
        const script = `${prelude}\n${example.script.replaceAll("localhost:8080", host)}`;
        writeFileSync(join(dir, "example.sh"), script);
        await run("bash", [join(dir, "example.sh")], { cwd: dir, timeout: 30_000 }).catch((error) => {
          throw new Error(
            `README.md line ${example.line}: ${error.message}\n${error.stdout}\n${error.stderr}`,
          );
        });
        const answers = readdirSync(dir)
          .filter((f) => f.startsWith("answer."))
          .sort();
        const calls = (example.script.match(/\bcurl\s/g) ?? []).length;
        expect(answers.length).toBe(calls);
        for (const file of answers) {
          const text = readFileSync(join(dir, file), "utf8");
          const envelope = JSON.parse(text);
          expect(isSuccessStatus(envelope.status), `${file}: ${text.slice(0, 300)}`).toBe(true);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
