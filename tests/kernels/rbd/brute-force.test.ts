import { describe, expect, it } from "vitest";
import { exactRbd } from "../../../src/kernels/rbd/exact.ts";
import { validateRbd } from "../../../src/kernels/rbd/validate.ts";
import { expectClose } from "./close.ts";
import { componentBlocks, componentReliability, enumerate, randomModel } from "./random-models.ts";

// Random diagrams with series, parallel, k-out-of-n, mirrors (also across sub-diagrams) and nested
// sub-diagrams, up to 16 components: the BDD's answer against the sum over all 2^n component states.
describe("exact method against enumeration of component states", () => {
  const seeds = Array.from({ length: 120 }, (_, i) => 1000 + i);
  it.each(seeds)("random diagram %i", async (seed) => {
    const model = randomModel(seed, seed % 3 === 0 ? 16 : 4 + (seed % 12));
    const problems = validateRbd(model);
    if (problems.length > 0)
      expect.fail(`seed ${seed}: generator made an invalid model: ${JSON.stringify(problems)}`);
    const reliability = new Map(
      componentBlocks(model).map((b) => [b.id, componentReliability(b.distribution, model.missionTime)]),
    );
    const expected = enumerate(model, reliability);
    const got = await exactRbd(model);
    const what = (s: string) =>
      `seed ${seed} (${reliability.size} components) ${s}; model ${JSON.stringify(model)}`;
    expectClose(got.reliability, expected.reliability, 1e-12, what("R"));
    expectClose(got.unreliability, expected.unreliability, 1e-12, what("Q"));
    for (const c of got.importance) {
      const b = expected.birnbaum.get(c.blockId) as number;
      if (!(Math.abs(c.birnbaum - b) <= 1e-12))
        expect.fail(what(`Birnbaum ${c.blockId}: got ${c.birnbaum}, expected ${b}`));
    }
    // Components that do not appear in the structure (none here) would be missing from importance.
    expect(got.importance.length).toBe(reliability.size);
  });

  it("covers mirrors, KN nodes and sub-diagrams at 16 components", () => {
    const models = seeds.map((s) => randomModel(s, 16));
    const kinds = new Set(JSON.stringify(models).match(/"kind":"\w+"/g));
    expect([...kinds].sort()).toEqual(
      ['"kind":"host"', '"kind":"kofn"', '"kind":"mirror"', '"kind":"regular"', '"kind":"subdiagram"'].sort(),
    );
    expect(Math.max(...models.map((m) => componentBlocks(m).length))).toBe(16);
  });
});
