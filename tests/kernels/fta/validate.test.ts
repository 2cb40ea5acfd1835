// The checks of spec section 5 for fault trees, each reported with the element it concerns.
import { describe, expect, it } from "vitest";
import {
  analyzeFaultTree,
  type FtaBasicEvent,
  type FtaGate,
  type FtaModel,
  FtaValidationError,
  validateFaultTree,
} from "../../../src/kernels/fta.ts";

function model(
  gates: FtaGate[],
  events: FtaBasicEvent[] = [{ code: "A", distribution: { type: "fixed", probability: 0.1 } }],
): FtaModel {
  return {
    format: "relbench-fta",
    version: 1,
    name: "t",
    missionTime: 8760,
    gates,
    basicEvents: events,
    houseEvents: [],
  };
}
const event = (code: string, distribution: FtaBasicEvent["distribution"]): FtaBasicEvent => ({
  code,
  distribution,
});
const ok = model(
  [{ code: "TOP", type: "or", inputs: ["A", "B"] }],
  [event("A", { type: "fixed", probability: 0.1 }), event("B", { type: "fixed", probability: 0.2 })],
);
const errors = (m: FtaModel) =>
  validateFaultTree(m)
    .filter((p) => p.severity === "error")
    .map((p) => [p.code, p.message, p.element?.code]);

describe("validateFaultTree", () => {
  it("accepts a well-formed tree", () => {
    expect(validateFaultTree(ok)).toEqual([]);
  });

  it("one top event, at least one gate and one bottom event", () => {
    expect(errors(model([]))).toEqual([["gateRequired", "The tree needs at least one gate.", undefined]]);
    expect(
      errors({ ...ok, gates: [...ok.gates, { code: "OTHER", type: "and", inputs: ["A", "B"] }] }),
    ).toEqual([["topMultiple", "The tree has more than one top event: TOP, OTHER.", "OTHER"]]);
    const houseOnly: FtaModel = {
      ...model([{ code: "TOP", type: "or", inputs: ["H1", "H2"] }], []),
      houseEvents: [
        { code: "H1", state: true },
        { code: "H2", state: false },
      ],
    };
    expect(errors(houseOnly)).toEqual([
      ["bottomRequired", "The tree needs at least one bottom event.", "TOP"],
    ]);
    const cycle = model([
      { code: "TOP", type: "or", inputs: ["A", "G1"] },
      { code: "G1", type: "and", inputs: ["A", "G2"] },
      { code: "G2", type: "and", inputs: ["A", "G1"] },
    ]);
    expect(errors(cycle).map((e) => e[0])).toEqual(["cycle", "cycle"]);
    expect(errors({ ...ok, top: "NOPE" })).toEqual([
      ["topUndefined", "The top event 'NOPE' is not a gate of the tree.", "NOPE"],
    ]);
  });

  it("every gate needs more than one input; NOT one; XOR two", () => {
    expect(errors(model([{ code: "TOP", type: "or", inputs: ["A"] }]))).toEqual([
      ["gateInputs", "Gate 'TOP' needs more than one input.", "TOP"],
    ]);
    expect(errors(model([{ code: "TOP", type: "not", inputs: [] }]))[0][0]).toBe("singleInput");
    expect(errors(model([{ code: "TOP", type: "xor", inputs: ["A"] }]))[0][0]).toBe("xorInputs");
  });

  it.each([
    [1, true],
    [2, false],
    [3, false],
    [4, true],
    [2.5, true],
    [undefined, true],
  ])("voting gate with k = %s of 3 inputs: error %s", (k, isError) => {
    const m = model(
      [{ code: "TOP", type: "atleast", k, inputs: ["A", "B", "C"] }],
      ["A", "B", "C"].map((c) => event(c, { type: "fixed", probability: 0.1 })),
    );
    const found = errors(m);
    expect(found.length > 0).toBe(isError);
    if (isError)
      expect(found[0][1]).toBe(
        "The required path of voting gate 'TOP' must be an integer from 2 to the number of its inputs (3), at most 9,999.",
      );
  });

  it("codes are unique and every input is defined", () => {
    expect(
      errors({ ...ok, basicEvents: [...ok.basicEvents, event("A", { type: "fixed", probability: 0.3 })] })[0],
    ).toEqual(["codeDuplicate", "Code 'A' is used by more than one element.", "A"]);
    expect(errors(model([{ code: "TOP", type: "or", inputs: ["A", "ZZ"] }]))).toEqual([
      ["inputUndefined", "Gate 'TOP' uses 'ZZ', which is not defined.", "TOP"],
    ]);
  });

  const ranges: Array<[FtaBasicEvent["distribution"], string | null]> = [
    [{ type: "fixed", probability: 0.5 }, null],
    [{ type: "fixed", probability: 1.5 }, "P must be greater than 0 and less than 1."],
    [{ type: "exponential", lambda: 0 }, "λ must be greater than 0 and less than 1."],
    [{ type: "exponential", lambda: 1 }, "λ must be greater than 0 and less than 1."],
    [{ type: "exponential", lambda: 1e-4, gamma: -1 }, "γ must be between 0 and 1000000000000000."],
    [{ type: "weibull2p", beta: 1, eta: 0 }, "η must be greater than 0 and at most 1000000000000000."],
    [{ type: "weibull2p", beta: -1, eta: 10 }, "Beta range must be between 0.0001-24."],
    [{ type: "weibull2p", beta: 25, eta: 10 }, "Beta range must be between 0.0001-24."],
    [{ type: "weibull2p", beta: 1.5, eta: 1e308 }, "η must be greater than 0 and at most 1000000000000000."],
    [{ type: "weibull3p", beta: 1, eta: 10, gamma: -5 }, "γ must be between 0 and 1000000000000000."],
    [{ type: "normal", mu: -1, sigma: 1 }, "μ must be greater than 0 and at most 1000000000000000."],
    [{ type: "normal", mu: 1, sigma: 0 }, "σ must be greater than 0 and at most 1000000000000000."],
    [{ type: "lognormal", mu: 30, sigma: 1 }, "μ' must be greater than 0 and less than 30."],
    [{ type: "lognormal", mu: 9, sigma: 15 }, "σ' must be greater than 0 and less than 15."],
    [{ type: "gamma", k: 2, theta: -1 }, "θ must be greater than 0 and at most 1000000000000000."],
    [{ type: "loglogistic", mu: 9, sigma: 0.5 }, null],
    [{ type: "gumbel", mu: 100, sigma: 0 }, "σ must be greater than 0 and at most 1000000000000000."],
    [
      { type: "mef", expression: { op: "mul", args: [{ value: 2 }, { value: 0.8 }] } },
      "The probability of 'A' at the mission time is 1.6, outside 0 to 1.",
    ],
    [
      { type: "mef", expression: { parameter: "nope" } },
      "The probability of 'A' cannot be evaluated: parameter 'nope' is not defined.",
    ],
  ];
  it.each(ranges)("%j: %s", (distribution, message) => {
    const found = errors(
      model(
        [{ code: "TOP", type: "or", inputs: ["A", "B"] }],
        [event("A", distribution), event("B", { type: "fixed", probability: 0.1 })],
      ),
    );
    expect(found.map((e) => e[1])).toEqual(message ? [message] : []);
    if (message) expect(found[0][2]).toBe("A");
  });

  it("fixed probabilities 0 and 1 are warnings (the kernels handle them; the editor asks for (0, 1))", () => {
    const m = model(
      [{ code: "TOP", type: "or", inputs: ["A", "B"] }],
      [event("A", { type: "fixed", probability: 1 }), event("B", { type: "fixed", probability: 0 })],
    );
    expect(validateFaultTree(m).map((p) => [p.severity, p.element?.code])).toEqual([
      ["warning", "A"],
      ["warning", "B"],
    ]);
  });

  it("analyzeFaultTree refuses a tree with errors and lists them", async () => {
    const m = model([{ code: "TOP", type: "or", inputs: ["A"] }]);
    await expect(analyzeFaultTree(m)).rejects.toBeInstanceOf(FtaValidationError);
    await expect(analyzeFaultTree(m)).rejects.toMatchObject({ problems: [{ code: "gateInputs" }] });
  });
});
