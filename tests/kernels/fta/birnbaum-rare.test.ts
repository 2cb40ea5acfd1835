// Issue 15 point 5: Birnbaum importance in rare-event trees is the derivative taken on the BDD, not a
// difference of two nearly equal probabilities (0.1 + 5.4e-27 minus 0.1 keeps no digit in doubles).
// Reference: exact enumeration in mpmath (tests/fixtures/fta/birnbaum-rare-mpmath.py).
import { describe, expect, it } from "vitest";
import { analyzeFaultTree, type FtaModel } from "../../../src/kernels/fta.ts";
import fixture from "../../fixtures/fta/birnbaum-rare-mpmath.json" with { type: "json" };

function model(c: (typeof fixture.fta)[number]): FtaModel {
  return {
    format: "relbench-fta",
    version: 1,
    name: c.name,
    missionTime: c.missionTime,
    gates: c.gates.map((g) => ({ code: g.code, type: g.type as "or" | "and", inputs: g.inputs })),
    basicEvents: Object.entries(c.rates).map(([code, rate]) => ({
      code,
      distribution: { type: "exponential" as const, lambda: rate },
    })),
    houseEvents: [],
  };
}

describe("Birnbaum importance of rare events against mpmath", () => {
  it.each(fixture.fta.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const r = await analyzeFaultTree(model(c), { importance: true });
    expect(Math.abs((r.probability.exact as number) - c.top) / c.top).toBeLessThanOrEqual(fixture.tolerance);
    for (const [event, expected] of Object.entries(c.birnbaum)) {
      const got = r.importance?.[event]?.birnbaum as number;
      expect(
        Math.abs(got - expected) / expected,
        `${event}: got ${got}, expected ${expected}`,
      ).toBeLessThanOrEqual(fixture.tolerance);
    }
  });
});
