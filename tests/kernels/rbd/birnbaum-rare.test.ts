// Issue 15 point 5 for block diagrams: dR_system/dR_component of a component whose effect is 5.4e-27
// beside reliabilities of 0.9, taken on the BDD (the direct difference of the two cofactors) against exact
// enumeration in mpmath (tests/fixtures/fta/birnbaum-rare-mpmath.py).
import { describe, expect, it } from "vitest";
import { exactRbd } from "../../../src/kernels/rbd/exact.ts";
import type { RbdModel } from "../../../src/kernels/rbd/model.ts";
import fixture from "../../fixtures/fta/birnbaum-rare-mpmath.json" with { type: "json" };

describe("eRBD Birnbaum importance of rare events against mpmath", () => {
  it.each(fixture.rbd.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const model = {
      name: c.name,
      missionTime: c.missionTime,
      blocks: c.blocks,
      edges: c.edges,
    } as unknown as RbdModel;
    const r = await exactRbd(model);
    for (const [id, expected] of Object.entries(c.birnbaum)) {
      const got = r.importance.find((x) => x.blockId === id)?.birnbaum as number;
      expect(
        Math.abs(got - expected) / expected,
        `${id}: got ${got}, expected ${expected}`,
      ).toBeLessThanOrEqual(fixture.tolerance);
    }
  });
});
