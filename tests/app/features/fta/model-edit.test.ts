// The eFTA editor's model operations (spec 4 transitions, copy/cut/paste, delete) and the view tree they are
// drawn from: each checked on a small tree whose result is written out by hand.
import { describe, expect, it } from "vitest";
import {
  addEvent,
  addGate,
  addReference,
  codeProblem,
  copyFragment,
  deleteOccurrence,
  eventToGate,
  FtaEditError,
  gateToEvent,
  moveInput,
  moveOccurrence,
  pasteFragment,
  renameCode,
  setGateType,
  subtreeToTransfer,
  transferToSubtree,
  updateElement,
} from "../../../../src/app/features/fta/model-edit.ts";
import { buildViewTree } from "../../../../src/app/features/fta/view-tree.ts";
import { emptyModel, type FtaModel } from "../../../../src/kernels/fta/model.ts";
import { validateFaultTree } from "../../../../src/kernels/fta/validate.ts";

/** TOP = OR(G1, E3); G1 = AND(E1, E2); E2 also under G2 = AND(E2, E4), G2 under TOP. */
function sample(): FtaModel {
  return {
    ...emptyModel("Pump"),
    top: "TOP",
    gates: [
      { code: "TOP", type: "or", inputs: ["G1", "E3", "G2"] },
      { code: "G1", type: "and", inputs: ["E1", "E2"], name: "Both pumps fail" },
      { code: "G2", type: "and", inputs: ["E2", "E4"] },
    ],
    basicEvents: ["E1", "E2", "E3", "E4"].map((code) => ({
      code,
      distribution: { type: "fixed", probability: 0.01 },
    })),
    houseEvents: [],
  };
}

const codes = (m: FtaModel) => ({
  gates: m.gates.map((g) => g.code).sort(),
  basic: m.basicEvents.map((e) => e.code).sort(),
  house: m.houseEvents.map((h) => h.code).sort(),
});

const errorKey = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof FtaEditError) return e.key;
    throw e;
  }
  return undefined;
};

describe("building a tree", () => {
  it("starts with a top gate, then adds gates and events under the selection", () => {
    let m = emptyModel();
    const top = addGate(m, null, "and");
    expect(top.code).toBe("TOP");
    m = top.model;
    expect(m.top).toBe("TOP");
    const g = addGate(m, "TOP");
    m = g.model;
    expect(g.code).toBe("G1");
    m = addEvent(m, "G1", "basic").model;
    m = addEvent(m, "G1", "undeveloped").model;
    const h = addEvent(m, "TOP", "house");
    m = h.model;
    expect(m.gates.find((x) => x.code === "TOP")?.inputs).toEqual(["G1", "H1"]);
    expect(m.gates.find((x) => x.code === "G1")?.inputs).toEqual(["E1", "E2"]);
    expect(m.basicEvents.find((e) => e.code === "E2")?.undeveloped).toBe(true);
    expect(m.houseEvents).toEqual([{ code: "H1", state: true }]);
    expect(validateFaultTree(m).filter((p) => p.severity === "error")).toEqual([]);
    expect(errorKey(() => addGate(m, null))).toBe("selectGate");
    expect(errorKey(() => addEvent(m, "E1", "basic"))).toBe("notAGate");
  });

  it("changes a gate's type; voting gets k = 2 and keeps it", () => {
    let m = setGateType(sample(), "G1", "atleast");
    expect(m.gates[1]).toMatchObject({ type: "atleast", k: 2 });
    m = updateElement(m, "G1", { k: 3 });
    m = setGateType(m, "G1", "atleast");
    expect(m.gates[1].k).toBe(3);
    m = setGateType(m, "G1", "xor");
    expect(m.gates[1].k).toBeUndefined();
  });
});

describe("spec 4 transitions", () => {
  it("turns an intermediate event into a bottom event, deleting its subtree but not shared events", () => {
    const m = gateToEvent(sample(), "G1");
    expect(codes(m)).toEqual({ gates: ["G2", "TOP"], basic: ["E2", "E3", "E4", "G1"], house: [] });
    expect(m.basicEvents.find((e) => e.code === "G1")).toMatchObject({ name: "Both pumps fail" });
    expect(m.gates[0].inputs).toEqual(["G1", "E3", "G2"]);
  });

  it("turns an event into a gate (all its uses) and back into an undeveloped event", () => {
    let m = eventToGate(sample(), "E2", "and");
    expect(m.gates.find((g) => g.code === "E2")).toEqual({ code: "E2", type: "and", inputs: [] });
    expect(m.basicEvents.some((e) => e.code === "E2")).toBe(false);
    m = gateToEvent(m, "E2", "undeveloped");
    expect(m.basicEvents.find((e) => e.code === "E2")?.undeveloped).toBe(true);
    expect(errorKey(() => eventToGate(m, "G1"))).toBe("notAnEvent");
  });

  it("moves a subtree to a transfer and back, logic unchanged", () => {
    const m = subtreeToTransfer(sample(), "G1");
    expect(m.gates.find((g) => g.code === "G1")?.tree).toBe("G1");
    expect(m.gates.find((g) => g.code === "TOP")?.tree).toBeUndefined();
    const view = buildViewTree(m);
    expect(view.nodes.get("TOP>G1")?.kind).toBe("transferIn");
    expect(view.nodes.get(">G1")?.transferRoot).toBe(true);
    expect(view.nodes.get(">G1")?.children).toEqual(["G1>E1", "G1>E2"]);
    expect(errorKey(() => subtreeToTransfer(m, "G1"))).toBe("alreadyTransfer");
    expect(errorKey(() => subtreeToTransfer(m, "TOP"))).toBe("topCannotTransfer");
    const back = transferToSubtree(m, "G1");
    expect(back).toEqual(sample());
    expect(errorKey(() => transferToSubtree(back, "G1"))).toBe("notATransfer");
  });
});

describe("delete, copy, cut, paste", () => {
  it("deletes one occurrence and what only it used", () => {
    const m = deleteOccurrence(sample(), "TOP", 0, "G1");
    expect(codes(m)).toEqual({ gates: ["G2", "TOP"], basic: ["E2", "E3", "E4"], house: [] });
    const whole = deleteOccurrence(sample(), null, 0, "TOP");
    expect(codes(whole)).toEqual({ gates: [], basic: [], house: [] });
    expect(whole.top).toBeUndefined();
    expect(errorKey(() => deleteOccurrence(sample(), "TOP", 1, "G1"))).toBe("stale");
  });

  it("pastes a copy with new codes, independent of the original", () => {
    const fragment = copyFragment(sample(), "G1");
    const { model, code } = pasteFragment(sample(), "G2", fragment);
    expect(code).toBe("G1_1");
    expect(model.gates.find((g) => g.code === "G1_1")?.inputs).toEqual(["E1_1", "E2_1"]);
    expect(model.gates.find((g) => g.code === "G2")?.inputs).toEqual(["E2", "E4", "G1_1"]);
    expect(model.basicEvents.map((e) => e.code)).toEqual(["E1", "E2", "E3", "E4", "E1_1", "E2_1"]);
    const again = pasteFragment(model, "G2", fragment);
    expect(again.code).toBe("G1_2");
  });

  it("pastes a reference (a repeated event) and refuses cycles and duplicates", () => {
    const m = addReference(sample(), "G1", "E3");
    expect(m.gates[1].inputs).toEqual(["E1", "E2", "E3"]);
    expect(errorKey(() => addReference(m, "G1", "TOP"))).toBe("cycle");
    expect(errorKey(() => addReference(m, "G1", "E1"))).toBe("alreadyInput");
  });

  it("moves a cut occurrence to another gate", () => {
    const m = moveOccurrence(sample(), "TOP", 1, "E3", "G1");
    expect(m.gates[0].inputs).toEqual(["G1", "G2"]);
    expect(m.gates[1].inputs).toEqual(["E1", "E2", "E3"]);
    expect(errorKey(() => moveOccurrence(sample(), "TOP", 0, "G1", "G1"))).toBe("cycle");
  });

  it("reorders inputs", () => {
    expect(moveInput(sample(), "TOP", 0, 1).gates[0].inputs).toEqual(["E3", "G1", "G2"]);
    expect(moveInput(sample(), "TOP", 0, -1)).toEqual(sample());
  });
});

describe("attributes", () => {
  it("renames a code everywhere and checks new codes", () => {
    const m = renameCode(sample(), "E2", "PUMP_B");
    expect(m.gates[1].inputs).toEqual(["E1", "PUMP_B"]);
    expect(m.gates[2].inputs).toEqual(["PUMP_B", "E4"]);
    expect(renameCode(sample(), "TOP", "SYS").top).toBe("SYS");
    expect(codeProblem(m, "")).toBe("codeRequired");
    expect(codeProblem(m, "A B")).toBe("codeCharacters");
    expect(codeProblem(m, "E1")).toBe("codeTaken");
    expect(codeProblem(m, "E1", "E1")).toBeUndefined();
    expect(codeProblem(m, "x".repeat(101))).toBe("codeTooLong");
  });

  it("sets name, remark, distribution and the undeveloped flag", () => {
    let m = updateElement(sample(), "E1", {
      name: "Pump A",
      remark: "",
      distribution: { type: "weibull2p", beta: 1.5, eta: 1000 },
      undeveloped: true,
    });
    expect(m.basicEvents[0]).toEqual({
      code: "E1",
      name: "Pump A",
      undeveloped: true,
      distribution: { type: "weibull2p", beta: 1.5, eta: 1000 },
    });
    m = updateElement(m, "E1", { name: "", undeveloped: false });
    expect(m.basicEvents[0]).toEqual({
      code: "E1",
      distribution: { type: "weibull2p", beta: 1.5, eta: 1000 },
    });
  });
});

describe("buildViewTree", () => {
  it("expands each gate once and shows repeated events under every user", () => {
    const m = addReference(sample(), "G2", "G1");
    const view = buildViewTree(m);
    expect(view.order).toEqual([
      ">TOP",
      "TOP>G1",
      "G1>E1",
      "G1>E2",
      "TOP>E3",
      "TOP>G2",
      "G2>E2",
      "G2>E4",
      "G2>G1",
    ]);
    expect(view.nodes.get("G2>G1")?.kind).toBe("reference");
    expect(view.byCode.get("E2")).toEqual(["G1>E2", "G2>E2"]);
    expect(view.nodes.get("TOP>G2")).toMatchObject({ parent: ">TOP", parentCode: "TOP", index: 2, depth: 1 });
    expect(view.top).toBe("TOP");
  });

  it("survives a cycle and a 5,000-deep chain", () => {
    const cyc: FtaModel = {
      ...sample(),
      gates: [...sample().gates, { code: "C", type: "or", inputs: ["C", "E1"] }],
    };
    expect(buildViewTree(cyc).nodes.get("C>C")?.kind).toBe("reference");
    const chain = emptyModel();
    for (let i = 0; i < 5000; i++)
      chain.gates.push({ code: `G${i}`, type: "or", inputs: i < 4999 ? [`G${i + 1}`, "E"] : ["E"] });
    chain.basicEvents.push({ code: "E", distribution: { type: "fixed", probability: 0.5 } });
    const view = buildViewTree(chain);
    expect(view.nodes.size).toBe(10_000);
    expect(view.nodes.get("G4999>E")?.depth).toBe(5000);
  });
});
