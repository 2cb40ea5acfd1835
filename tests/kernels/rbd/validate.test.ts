import { describe, expect, it } from "vitest";
import type { RbdModel } from "../../../src/kernels/rbd/model.ts";
import { describeProblem, type RbdProblem, validateRbd } from "../../../src/kernels/rbd/validate.ts";

const ex = { type: "exponential", lambda: 0.001 };

function model(overrides: Partial<Record<keyof RbdModel, unknown>> = {}): Record<string, unknown> {
  return {
    name: "m",
    missionTime: 100,
    blocks: [
      { id: "A", kind: "regular", distribution: ex },
      { id: "B", kind: "regular", distribution: ex },
    ],
    edges: [
      ["start", "A"],
      ["A", "B"],
      ["B", "end"],
    ],
    ...overrides,
  };
}

const brief = (problems: RbdProblem[]) =>
  problems.map((p) => ({ code: p.code, blockId: p.blockId, field: p.field, path: p.path }));

describe("validateRbd", () => {
  it("accepts a valid model", () => {
    expect(validateRbd(model())).toEqual([]);
  });

  it("rejects what is not a model", () => {
    expect(brief(validateRbd(null))).toEqual([{ code: "model.type", path: [] }]);
    expect(validateRbd([])[0].message).toBe("The model must be a JSON object.");
    expect(brief(validateRbd({ missionTime: 1 }))).toEqual([{ code: "diagram.type", path: [] }]);
  });

  it("checks mission time, current age and warranty life", () => {
    const problems = validateRbd(model({ missionTime: 0, currentAge: -1, warrantyLife: "x" }));
    expect(problems.map((p) => [p.field, p.message])).toEqual([
      ["missionTime", "Value must be a number greater than 0."],
      ["currentAge", "Value must be a number greater than or equal to 0."],
      ["warrantyLife", "Value must be a number greater than 0."],
    ]);
  });

  it("needs at least one regular block (mirrors and KN nodes do not count)", () => {
    const problems = validateRbd(
      model({
        blocks: [{ id: "K", kind: "kofn", k: 1 }],
        edges: [
          ["start", "K"],
          ["K", "end"],
        ],
      }),
    );
    expect(problems.map((p) => p.message)).toEqual(["The diagram needs at least one regular block."]);
  });

  it("checks the failure model's ranges, with the block and field", () => {
    const blocks = [
      { id: "F", kind: "regular", distribution: { type: "fixed", probability: 1.2 } },
      { id: "W", kind: "host", distribution: { type: "weibull3p", beta: 0, eta: 10, gamma: -1 } },
      { id: "L", kind: "regular", distribution: { type: "lognormal", mu: "7", sigma: 0.5 } },
      { id: "N", kind: "regular", distribution: { type: "normal", mu: 10, sigma: -1 } },
      { id: "E", kind: "regular", distribution: { type: "exponential", lambda: Number.NaN } },
      { id: "G", kind: "regular", distribution: { type: "weibull9" } },
      { id: "H", kind: "regular" },
    ];
    const edges = blocks.flatMap((b) => [
      ["start", b.id],
      [b.id, "end"],
    ]);
    const problems = validateRbd(model({ blocks, edges }));
    expect(problems.map((p) => `${describeProblem(p)}`)).toEqual([
      // The failure model's ranges and messages, the same as eFTA's.
      "F distribution.probability: P must be greater than 0 and less than 1.",
      "W distribution.beta: Beta range must be between 0.0001-24.",
      "W distribution.gamma: γ must be between 0 and 1000000000000000.",
      "L distribution.mu: μ' must be greater than 0 and less than 30.",
      "N distribution.sigma: σ must be greater than 0 and at most 1000000000000000.",
      "E distribution.lambda: λ must be greater than 0 and less than 1.",
      "G distribution.type: The distribution must be fixed, exponential, weibull2p, weibull3p, normal, lognormal, gamma, loglogistic or gumbel.",
      "H distribution: The block needs a distribution.",
    ]);
    expect(
      validateRbd(
        model({
          blocks: [{ id: "F", kind: "regular", distribution: { type: "fixed", probability: 0 } }],
          edges: [
            ["start", "F"],
            ["F", "end"],
          ],
        }),
      ),
    ).toEqual([]);
  });

  it("checks ids: present, unique across sub-diagrams, not start or end", () => {
    const problems = validateRbd(
      model({
        blocks: [
          { id: "A", kind: "regular", distribution: ex },
          { id: "end", kind: "regular", distribution: ex },
          { kind: "regular", distribution: ex },
          {
            id: "S",
            kind: "subdiagram",
            diagram: { blocks: [{ id: "A", kind: "regular", distribution: ex }], edges: [["start", "end"]] },
          },
          { id: "Z", kind: "gate" },
        ],
        edges: [
          ["start", "A"],
          ["A", "S"],
          ["S", "end"],
          ["start", "Z"],
          ["Z", "end"],
        ],
      }),
    );
    expect(brief(problems)).toEqual([
      { code: "block.id", field: "blocks[1].id", path: [] },
      { code: "block.id", field: "blocks[2].id", path: [] },
      { code: "block.duplicateId", blockId: "A", path: ["S"] },
      { code: "block.kind", blockId: "Z", field: "kind", path: [] },
    ]);
  });

  it("checks k of a KN node against its incoming branches", () => {
    const blocks = [
      { id: "A", kind: "regular", distribution: ex },
      { id: "B", kind: "regular", distribution: ex },
      { id: "K", kind: "kofn", k: 3, of: 2 },
    ];
    const edges = [
      ["start", "A"],
      ["start", "B"],
      ["A", "K"],
      ["B", "K"],
      ["K", "end"],
    ];
    const problems = validateRbd(model({ blocks, edges }));
    expect(problems.map(describeProblem)).toEqual([
      "K k: k must be a whole number between 1 and 2, the number of incoming branches.",
    ]);
    expect(problems[0].params).toEqual({ n: 2 });
    for (const k of [0, 1.5, "2"]) {
      const p = validateRbd(model({ blocks: [blocks[0], blocks[1], { id: "K", kind: "kofn", k }], edges }));
      expect(p.map((x) => x.code)).toEqual(["kofn.k"]);
    }
    const wrongOf = validateRbd(
      model({ blocks: [blocks[0], blocks[1], { id: "K", kind: "kofn", k: 2, of: 3 }], edges }),
    );
    expect(wrongOf.map(describeProblem)).toEqual(["K of: of must equal 2, the number of incoming branches."]);
  });

  it("checks that a mirror refers to a regular or host block anywhere in the model", () => {
    const blocks = [
      { id: "A", kind: "regular", distribution: ex },
      { id: "M1", kind: "mirror", of: "X" },
      { id: "M2", kind: "mirror", of: "M1" },
      {
        id: "S",
        kind: "subdiagram",
        diagram: {
          blocks: [{ id: "M3", kind: "mirror", of: "A" }],
          edges: [
            ["start", "M3"],
            ["M3", "end"],
          ],
        },
      },
    ];
    const edges = blocks.flatMap((b) => [
      ["start", b.id],
      [b.id, "end"],
    ]);
    expect(brief(validateRbd(model({ blocks, edges })))).toEqual([
      { code: "mirror.of", blockId: "M1", field: "of", path: [] },
      { code: "mirror.of", blockId: "M2", field: "of", path: [] },
    ]);
  });

  it("lists connection problems with their index", () => {
    const edges = [
      ["start", "A"],
      ["A", "B"],
      ["B", "end"],
      ["A", "start"],
      ["end", "A"],
      ["A", "A"],
      ["A", "B"],
      ["A", "Q"],
      ["A"],
    ];
    expect(validateRbd(model({ edges })).map(describeProblem)).toEqual([
      "edges[3]: Nothing can connect into start.",
      "edges[4]: end cannot connect to anything.",
      "A edges[5]: A block cannot connect to itself.",
      "B edges[6]: This connection is listed more than once.",
      "edges[7]: The connection refers to Q, which is not a block of this diagram.",
      "edges[8]: A connection must be a pair [from, to].",
    ]);
  });

  it("finds blocks not reachable from start, not leading to end, disconnected, and a missing path", () => {
    const blocks = [
      { id: "A", kind: "regular", distribution: ex },
      { id: "B", kind: "regular", distribution: ex },
      { id: "C", kind: "regular", distribution: ex },
    ];
    const problems = validateRbd(
      model({
        blocks,
        edges: [
          ["start", "A"],
          ["B", "end"],
        ],
      }),
    );
    expect(brief(problems)).toEqual([
      { code: "graph.deadEnd", blockId: "A", path: [] },
      { code: "graph.unreachable", blockId: "B", path: [] },
      { code: "graph.disconnected", blockId: "C", path: [] },
      { code: "graph.noPath", path: [] },
    ]);
  });

  it("finds cycles, naming only the blocks on them, inside sub-diagrams too", () => {
    const inner = {
      blocks: [
        { id: "X", kind: "regular", distribution: ex },
        { id: "Y", kind: "regular", distribution: ex },
        { id: "Z", kind: "regular", distribution: ex },
      ],
      edges: [
        ["start", "X"],
        ["X", "Y"],
        ["Y", "X"],
        ["Y", "Z"],
        ["Z", "end"],
      ],
    };
    const problems = validateRbd(
      model({
        blocks: [
          { id: "A", kind: "regular", distribution: ex },
          { id: "S", kind: "subdiagram", diagram: inner },
        ],
        edges: [
          ["start", "A"],
          ["A", "S"],
          ["S", "end"],
        ],
      }),
    );
    expect(brief(problems)).toEqual([
      { code: "graph.cycle", blockId: "X", path: ["S"] },
      { code: "graph.cycle", blockId: "Y", path: ["S"] },
    ]);
    expect(describeProblem(problems[0])).toBe("S/X: The block is on a cycle.");
  });

  it("needs a diagram in a sub-diagram block, with at least one block", () => {
    const problems = validateRbd(
      model({
        blocks: [
          { id: "A", kind: "regular", distribution: ex },
          { id: "S", kind: "subdiagram" },
          { id: "T", kind: "subdiagram", diagram: { blocks: [], edges: [["start", "end"]] } },
        ],
        edges: [
          ["start", "A"],
          ["A", "S"],
          ["S", "T"],
          ["T", "end"],
        ],
      }),
    );
    expect(brief(problems)).toEqual([
      { code: "diagram.type", path: ["S"] },
      { code: "diagram.empty", path: ["T"] },
    ]);
  });
});
