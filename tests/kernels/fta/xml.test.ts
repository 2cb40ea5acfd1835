// The MEF scanner (scanXml, the fast path of parseXml) against the full XML reader it backs (readXml): the
// same tree, element for element (names, attributes, text, children, lines), for every XML file among the
// fixtures; and parseXml, scanner first, giving exactly readXml's tree or error on malformed and unusual
// documents, hand-written and randomly mutated.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseXml, readXml, scanXml } from "../../../src/kernels/fta/xml.ts";
import { OPENPSA } from "./fixtures.ts";

function xmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return xmlFiles(path);
    return name.endsWith(".xml") ? [path] : [];
  });
}

const files = xmlFiles(OPENPSA).map((path) => path.slice(OPENPSA.length + 1));

/** What a reader makes of a text: its tree, or its error's class and message. */
function outcome(read: (text: string) => unknown, text: string): unknown {
  try {
    return { tree: read(text) };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

describe("the MEF scanner reads every fixture file as the full reader does", () => {
  it("finds the fixture files", () => {
    expect(files.length).toBeGreaterThanOrEqual(80);
  });

  it.each(files)("%s", (file) => {
    const text = readFileSync(join(OPENPSA, file), "utf8");
    const scanned = scanXml(text);
    // Every fixture is within the scanner's subset, so parseXml never falls back on them.
    expect(scanned).toBeDefined();
    expect(scanned).toEqual(readXml(text));
  });
});

describe("parseXml gives the full reader's tree or error", () => {
  const cases: Record<string, string> = {
    "text between pieces": "<a> x <!-- c -->  y <b/>\n z &amp; w </a>",
    "whitespace between comments inside text": "<a>x<!--c-->  <!--d-->y\n</a>",
    "only whitespace and comments": "<a>\n  <!-- c -->\n  <!-- d -->\n</a>",
    "entities and character references": `<a v="&lt;&#65;&#x42;&quot;">&apos;&gt;&#32;</a>`,
    "leading entity whitespace is trimmed": "<a>&#32; x &#10;</a>",
    "attributes without space between": `<a b="1"c='2'/>`,
    "whitespace inside tags": `<a\n  b = "1"\n  >t</a\n>`,
    "CDATA (left to the full reader)": "<a><![CDATA[<x>]]> y</a>",
    "DOCTYPE (left to the full reader)": "<!DOCTYPE opsa-mef><a/>",
    "processing instructions": `<?xml version="1.0"?><a><?p x?></a><?q?>`,
    "namespaced names": `<opsa-mef xmlns:xi="x"><xi:include href="f.xml"/></opsa-mef>`,
    "attribute named like a prototype member": `<a toString="1"/>`,
    "duplicate attribute": `<a b="1" b="2"/>`,
    "name glued to an attribute": `<ab="1"/>`,
    "unknown entity": "<a>&nbsp;</a>",
    "unterminated entity": "<a>&amp</a>",
    "code point out of range": "<a>&#x110000;</a>",
    "mismatched closing tag": "<a>\n<b>\n</a>",
    "closing tag without opening": "</a>",
    "unclosed element": "<a><b></b>",
    "second root": "<a/><b/>",
    "text outside the root": "x<a/>",
    "text after the root": "<a/>\nx",
    "no root": "<!-- only -->",
    "unterminated comment": "<a><!-- x</a>",
    "unterminated start tag": `<a b="1"`,
    "bad character in a start tag": "<a %>",
    "'<' without a name": "<a>< b</a>",
    "malformed closing tag": "<a></a x>",
    "empty document": "",
  };
  it.each(Object.entries(cases))("%s", (_, text) => {
    expect(outcome(parseXml, text)).toEqual(outcome(readXml, text));
  });

  it("on 600 random edits of fixture files (bounded: fast-check, fixed seed)", () => {
    const sources = [
      "aralia/das9201.xml",
      "scram-input/ThreeMotor/three_motor.xml",
      "aralia/chinese.xml",
    ].map((file) => readFileSync(join(OPENPSA, file), "utf8").slice(0, 3000));
    const pieces = [..."<>/&;\"'=!?-[] \nx", "&amp;", "<!--", "-->"];
    fc.assert(
      fc.property(
        fc.nat(sources.length - 1),
        fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.constantFrom(...pieces)), { minLength: 1, maxLength: 4 }),
        (which, edits) => {
          let text = sources[which];
          for (const [at, length, piece] of edits) {
            const i = at % (text.length + 1);
            text = text.slice(0, i) + piece + text.slice(i + length);
          }
          expect(outcome(parseXml, text)).toEqual(outcome(readXml, text));
        },
      ),
      { seed: 25, numRuns: 600 },
    );
  });
});
