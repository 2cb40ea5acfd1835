// The names the FMEA trees' name editor suggests: which dictionary a node kind takes, the ranking (start of the
// name, start of a word, anywhere, the code, then approximate), each name once, the limit, and approximate
// matches only in indexes small enough to search within a key press.
import { describe, expect, it } from "vitest";
import {
  FUZZY_MAX,
  type Suggestion,
  SuggestionIndex,
  suggestionKind,
} from "../../../../src/app/features/dictionary/suggest.ts";

const s = (name: string, code: string, dictionary = "D"): Suggestion => ({ name, code, dictionary });
const index = new SuggestionIndex([
  s("Motor bearing seizure", "F-10"),
  s("Bearing seizure", "F-1"),
  s("Seized bearing cage", "F-2"),
  s("Loose bearing", "BRG-9"),
  s("Bearing seizure", "X-1", "Other"),
  s("Shaft fracture", "F-3"),
]);

describe("name suggestions", () => {
  it("takes the device dictionary for structure elements and the failure dictionary for failures", () => {
    expect(suggestionKind({ kind: "stru" })).toBe("device");
    expect(suggestionKind({ kind: "fail" })).toBe("failure");
    expect(suggestionKind({ kind: "func" })).toBeNull();
  });

  it("ranks the start of the name, then a word, then anywhere, then the code; each name once", () => {
    expect(index.search("bearing").map((e) => e.name)).toEqual([
      "Bearing seizure",
      "Loose bearing",
      "Motor bearing seizure",
      "Seized bearing cage",
    ]);
    expect(index.search("brg").map((e) => e.code)).toEqual(["BRG-9"]);
    expect(index.search("  ")).toEqual([]);
    expect(index.search("bearing", 2)).toHaveLength(2);
  });

  it("fills with approximate matches (a typo) after the exact ones", () => {
    expect(index.search("fractur").map((e) => e.name)).toEqual(["Shaft fracture"]);
    expect(index.search("shaft fractrue").map((e) => e.name)).toEqual(["Shaft fracture"]);
    expect(index.search("xyzzy")).toEqual([]);
  });

  it("answers a 10,000-entry index and skips approximate matching beyond FUZZY_MAX", () => {
    const big = new SuggestionIndex(
      Array.from({ length: 10_000 }, (_, i) => s(`Resistor ${i} film`, `R${i}`)),
    );
    expect(big.search("resistor 99").map((e) => e.name)).toEqual([
      "Resistor 99 film",
      "Resistor 990 film",
      "Resistor 991 film",
      "Resistor 992 film",
      "Resistor 993 film",
      "Resistor 994 film",
      "Resistor 995 film",
      "Resistor 996 film",
    ]);
    const huge = new SuggestionIndex(
      Array.from({ length: FUZZY_MAX + 1 }, (_, i) => s(`Part ${i}`, `P${i}`)),
    );
    expect(huge.search("prat 1")).toEqual([]);
    expect(new SuggestionIndex([s("Part 1", "P1")]).search("prat 1").map((e) => e.name)).toEqual(["Part 1"]);
  });
});
