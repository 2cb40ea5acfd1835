import { describe, expect, it } from "vitest";
import { compileRbd } from "../../../src/kernels/rbd/compile.ts";
import { exactRbd } from "../../../src/kernels/rbd/exact.ts";
import type { RbdModel } from "../../../src/kernels/rbd/model.ts";
import { validateRbd } from "../../../src/kernels/rbd/validate.ts";
import fixture from "../../fixtures/rbd/textbook.json" with { type: "json" };
import { expectClose } from "./close.ts";

interface Expected {
  time: number;
  reliability: number;
  unreliability: number;
  mttf: number | null;
  conditional?: number;
  warranty?: number;
  independentCopies?: number;
  importance?: Record<string, { birnbaum: number; criticality: number }>;
}

const cases = fixture.cases as unknown as Array<{ name: string; model: RbdModel; expected: Expected }>;

describe("exact method on textbook diagrams (closed forms in tests/fixtures/rbd/textbook.md)", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (name, { model, expected }) => {
    expect(validateRbd(model)).toEqual([]);
    const result = await exactRbd(model);
    const at = (what: string) => `${name} ${what}`;
    expectClose(result.reliability, expected.reliability, 1e-13, at("R"));
    expectClose(result.unreliability, expected.unreliability, 1e-12, at("Q"));
    if (expected.mttf === null) expect(result.mttf, at("MTTF")).toBeNull();
    else expectClose(result.mttf as number, expected.mttf, 1e-10, at("MTTF"));
    if (expected.conditional !== undefined)
      expectClose(result.conditional?.reliability as number, expected.conditional, 1e-12, at("conditional"));
    if (expected.warranty !== undefined)
      expectClose(result.warranty?.reliability as number, expected.warranty, 1e-13, at("warranty"));
    if (expected.independentCopies !== undefined)
      expect(Math.abs(result.reliability - expected.independentCopies)).toBeGreaterThan(1e-3);
    for (const [id, value] of Object.entries(expected.importance ?? {})) {
      const got = result.importance.find((c) => c.blockId === id);
      expectClose(got?.birnbaum as number, value.birnbaum, 1e-12, at(`Birnbaum ${id}`));
      expectClose(got?.criticality as number, value.criticality, 1e-11, at(`criticality ${id}`));
    }
  });

  it("reports a mirror with its original and numbers the components once", () => {
    const bridge = cases.find((c) => c.name === "bridge")?.model as RbdModel;
    const program = compileRbd(bridge);
    expect(program.componentCount).toBe(5);
    expect(program.mirrors[program.components.indexOf("E")]).toEqual(["E2"]);
  });
});
