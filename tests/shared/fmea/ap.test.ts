// The AIAG-VDA action priority table (AIAG & VDA FMEA Handbook 2019), cell by cell: the handbook's layout
// is typed here again as it is printed (S bands as rows, O bands as column groups, D 7-10 | 5-6 | 2-4 | 1
// inside each group), every (S, O, D) of each cell is looked up, and the 1,000 combinations are counted.
import { describe, expect, it } from "vitest";
import { actionPriority, riskPriorityNumber } from "../../../src/shared/fmea/ap.ts";

const PRINTED = `
9-10 | H H H H | H H H H | H H H M | H M L L | L L L L
7-8  | H H H H | H H H M | H M M M | M M L L | L L L L
4-6  | H H M M | M M M L | M L L L | L L L L | L L L L
2-3  | M M L L | L L L L | L L L L | L L L L | L L L L
1    | L L L L | L L L L | L L L L | L L L L | L L L L
`;
const O_GROUPS = ["8-10", "6-7", "4-5", "2-3", "1"];
const D_GROUPS = ["7-10", "5-6", "2-4", "1"];

function range(label: string): number[] {
  const [lo, hi = lo] = label.split("-").map(Number);
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

const cells = PRINTED.trim()
  .split("\n")
  .flatMap((line) => {
    const [sLabel, ...groups] = line.split("|").map((part) => part.trim());
    return groups.flatMap((group, g) =>
      group
        .split(" ")
        .map((ap, d) => ({ s: range(sLabel), o: range(O_GROUPS[g]), d: range(D_GROUPS[d]), ap })),
    );
  });

describe("action priority", () => {
  it("has 100 printed cells covering the 1,000 combinations once", () => {
    expect(cells).toHaveLength(100);
    expect(cells.reduce((n, c) => n + c.s.length * c.o.length * c.d.length, 0)).toBe(1000);
  });

  it.each(cells.map((c, i) => [i, c] as const))("cell %i: every S, O, D in it", (_, cell) => {
    for (const s of cell.s)
      for (const o of cell.o)
        for (const d of cell.d) expect(actionPriority(s, o, d), `${s},${o},${d}`).toBe(cell.ap);
  });

  it("counts H 318, M 214, L 468 over the 1,000 combinations", () => {
    const counts = { H: 0, M: 0, L: 0 };
    for (let s = 1; s <= 10; s++)
      for (let o = 1; o <= 10; o++)
        for (let d = 1; d <= 10; d++) counts[actionPriority(s, o, d) as "H" | "M" | "L"]++;
    expect(counts).toEqual({ H: 318, M: 214, L: 468 });
  });

  it.each([
    [10, 1, 10, "L"],
    [9, 4, 1, "M"],
    [9, 3, 7, "H"],
    [9, 3, 5, "M"],
    [9, 2, 2, "L"],
    [8, 6, 1, "M"],
    [8, 4, 7, "H"],
    [7, 5, 5, "M"],
    [7, 3, 7, "M"],
    [7, 2, 4, "L"],
    [6, 8, 6, "H"],
    [6, 8, 4, "M"],
    [5, 7, 7, "M"],
    [4, 6, 1, "L"],
    [4, 4, 7, "M"],
    [4, 5, 6, "L"],
    [3, 9, 9, "M"],
    [2, 8, 3, "L"],
    [3, 6, 10, "L"],
  ])("spot vector (%i, %i, %i) is %s", (s, o, d, ap) => {
    expect(actionPriority(s, o, d)).toBe(ap);
  });

  it("gives no AP while a rating is missing or outside 1 to 10", () => {
    expect(actionPriority(null, 5, 5)).toBeNull();
    expect(actionPriority(5, 0, 5)).toBeNull();
    expect(actionPriority(5, 5, 11)).toBeNull();
    expect(actionPriority(5, 5.5, 5)).toBeNull();
    expect(actionPriority("5", 5, 5)).toBeNull();
  });

  it("legacy RPN is S x O x D with 120 distinct values", () => {
    expect(riskPriorityNumber(10, 10, 10)).toBe(1000);
    expect(riskPriorityNumber(7, 3, 2)).toBe(42);
    expect(riskPriorityNumber(7, null, 2)).toBeNull();
    const distinct = new Set<number>();
    for (let s = 1; s <= 10; s++)
      for (let o = 1; o <= 10; o++)
        for (let d = 1; d <= 10; d++) distinct.add(riskPriorityNumber(s, o, d) as number);
    expect(distinct.size).toBe(120);
  });
});
