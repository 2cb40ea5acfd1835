import { describe, expect, it } from "vitest";
import { benchDiagram } from "../../../bench/rbd-models.ts";
import { exactRbd, RbdTooLargeError, simulateRbd } from "../../../src/kernels/rbd.ts";

describe("large diagrams", () => {
  it("keeps the BDD of a chain of subsystems with shared mirrors linear in its size", async () => {
    // The variable order matters: numbering components on first visit from end made this 200-block
    // diagram exceed 4 million nodes; the topological order keeps it at most one node per block.
    const sizes = [];
    for (const blocks of [50, 100, 200, 400]) {
      const result = await exactRbd(benchDiagram(blocks));
      sizes.push(result.bddNodes);
      expect(result.bddNodes, `${blocks} blocks`).toBeLessThanOrEqual(blocks);
    }
    expect(sizes[3] / sizes[1]).toBeLessThan(4.5);
  });

  it("agrees with the simulation on the 50-block benchmark diagram", async () => {
    const model = benchDiagram(50);
    const exact = await exactRbd(model);
    const sim = await simulateRbd(model, { trials: 100_000, seed: 11 });
    const z = (sim.reliability - exact.reliability) / sim.standardError;
    expect(
      Math.abs(z),
      `R exact ${exact.reliability}, simulated ${sim.reliability} ± ${sim.standardError}`,
    ).toBeLessThan(4);
    const m = sim.mttf as NonNullable<typeof sim.mttf>;
    const zm = (m.mean - (exact.mttf as number)) / m.standardError;
    expect(Math.abs(zm), `MTTF exact ${exact.mttf}, simulated ${m.mean} ± ${m.standardError}`).toBeLessThan(
      4,
    );
  });

  it("gives up with a clear error beyond the node limit", async () => {
    await expect(exactRbd(benchDiagram(200), { nodeLimit: 100 })).rejects.toThrow(RbdTooLargeError);
    await expect(exactRbd(benchDiagram(200), { nodeLimit: 100 })).rejects.toThrow(
      /more than 100 BDD nodes.*use simulation/,
    );
  });
});
