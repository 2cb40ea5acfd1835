// jsonDepth counts the nesting of JSON text before it is parsed; it skips strings with indexOf, so strings
// holding brackets, quotes and runs of backslashes must not change the count.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonDepth } from "../../src/server/http/validate.ts";

function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === "object")
    return 1 + Math.max(0, ...Object.entries(value).map(([, v]) => depthOf(v)));
  return 0;
}

const tricky = fc.stringMatching(/^[[\]{}"\\a]{0,12}$/);

describe("jsonDepth", () => {
  it("agrees with the parsed value's depth, whatever the strings and keys hold", () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        tricky,
        fc.integer(),
        fc.array(tie("node"), { maxLength: 4 }),
        fc.dictionary(tricky, tie("node"), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        const text = JSON.stringify(v);
        expect(jsonDepth(text, 1000)).toBe(depthOf(v));
      }),
      { numRuns: 500 },
    );
  });

  it("stops counting past the limit and reads an unclosed string as the end", () => {
    expect(jsonDepth("[".repeat(50), 10)).toBe(11);
    expect(jsonDepth('[["\\\\"]]')).toBe(2);
    expect(jsonDepth('[["\\"]]')).toBe(2);
  });
});
