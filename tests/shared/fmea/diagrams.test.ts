// The boundary diagram and the process flow chart as pure functions of the FMEA: which elements are
// blocks and which are boundaries, interfaces stored as api nodes, and the flow chart's order, symbols,
// branches and rework loops.
import { describe, expect, it } from "vitest";
import {
  addInterface,
  boundaryGraph,
  flowEdges,
  flowSteps,
  interfacesOf,
  setFlowAttrs,
} from "../../../src/shared/fmea/diagrams.ts";
import { applyOps, diffOps } from "../../../src/shared/fmea/tree.ts";
import { designTree, processTree } from "./build.ts";

describe("the boundary diagram", () => {
  it("an element with structure children is a boundary, a leaf a block, a hidden one a closed block", () => {
    const { b, system, subsystem, component, component2 } = designTree();
    const kinds = () => Object.fromEntries(boundaryGraph(b.doc).items.map((i) => [i.id, i.kind]));
    expect(kinds()).toEqual({
      [system]: "boundary",
      [subsystem]: "boundary",
      [component]: "block",
      [component2]: "block",
    });
    b.run(subsystem, "showHide");
    expect(kinds()).toEqual({ [system]: "boundary", [subsystem]: "hidden" });
    const parents = Object.fromEntries(boundaryGraph(b.doc).items.map((i) => [i.id, i.parent]));
    expect(parents).toEqual({ [system]: null, [subsystem]: system });
  });

  it("an interface is an api node on one element naming the other, drawn inside the boundary of both", () => {
    const { b, subsystem, component, component2 } = designTree();
    const result = addInterface(b.doc, b.ctx, component, component2, "energy", "48 V supply");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    b.apply(result.ops);
    const api = b.doc.nodes.get(result.select as string);
    expect(api).toMatchObject({
      kind: "api",
      parentId: component,
      name: "48 V supply",
      attrs: { apiList: { interfaceType: "energy", counterpart: component2 } },
    });
    const graph = boundaryGraph(b.doc);
    expect(graph.interfaces).toEqual([
      { id: api?.id, from: component, to: component2, type: "energy", name: "48 V supply" },
    ]);
    expect(graph.items.find((i) => i.id === api?.id)).toMatchObject({ kind: "interface", parent: subsystem });
    expect(graph.edges).toEqual([
      { from: component, to: api?.id },
      { from: api?.id, to: component2 },
    ]);
  });

  it("refuses an interface to itself, to an element inside its own boundary, and the same one twice", () => {
    const { b, subsystem, component, component2 } = designTree();
    expect(addInterface(b.doc, b.ctx, component, component, "physical")).toMatchObject({
      ok: false,
      problem: { key: "fmea.interfaceEnds" },
    });
    expect(addInterface(b.doc, b.ctx, subsystem, component, "physical")).toMatchObject({
      ok: false,
      problem: { key: "fmea.interfaceNested" },
    });
    const first = addInterface(b.doc, b.ctx, component, component2, "information");
    if (!first.ok) throw new Error("first interface refused");
    b.apply(first.ops);
    expect(addInterface(b.doc, b.ctx, component2, component, "information")).toMatchObject({
      ok: false,
      problem: { key: "fmea.linkExists" },
    });
    expect(addInterface(b.doc, b.ctx, component2, component, "material").ok).toBe(true);
  });

  it("deleting an element drops its interfaces from the diagram; undo brings them back", () => {
    const { b, component, component2 } = designTree();
    const result = addInterface(b.doc, b.ctx, component, component2, "physical");
    if (!result.ok) throw new Error("refused");
    b.apply(result.ops);
    const before = b.doc;
    b.run(component2, "delete");
    expect(interfacesOf(b.doc)).toEqual([]);
    const undo = applyOps(b.doc, diffOps(b.doc, before));
    expect(undo.ok && interfacesOf(undo.doc).length).toBe(1);
  });
});

describe("the process flow chart", () => {
  function fiveSteps() {
    const t = processTree();
    const { b, item } = t;
    const step3 = b.run(item, "addProcessStep", { name: "OP40 leak test" });
    const step4 = b.run(item, "addProcessStep", { name: "OP45 manual leak test" });
    const step5 = b.run(item, "addProcessStep", { name: "OP50 pack" });
    return { ...t, step3, step4, step5 };
  }

  it("one operation per step in order, an inspection station drawn as an inspection, characteristics beside", () => {
    const { b, item, step, step2, step3, prod, procSpec } = fiveSteps();
    b.run(step2, "switchStructure");
    const steps = flowSteps(b.doc, item);
    expect(steps.map((s) => s.node.name)).toEqual([
      "OP20 press bearing",
      "OP30 inspect",
      "OP40 leak test",
      "OP45 manual leak test",
      "OP50 pack",
    ]);
    expect(steps.map((s) => s.symbol)).toEqual([
      "operation",
      "inspection",
      "operation",
      "operation",
      "operation",
    ]);
    expect(steps[0].product.map((n) => n.id)).toEqual([prod]);
    expect(steps[0].process.map((n) => n.id)).toEqual([procSpec]);
    expect(flowEdges(steps)).toEqual([
      { from: step, to: step2, rework: false },
      { from: step2, to: step3, rework: false },
      { from: step3, to: steps[3].node.id, rework: false },
      { from: steps[3].node.id, to: steps[4].node.id, rework: false },
    ]);
  });

  it("symbols, a branch beside the step before it and a rework loop back to an earlier step", () => {
    const { b, item, step, step2, step3, step4, step5 } = fiveSteps();
    const set = (id: string, attrs: Parameters<typeof setFlowAttrs>[2]) => {
      const r = setFlowAttrs(b.doc, id, attrs);
      if (!r.ok) throw new Error(r.problem.key);
      b.apply(r.ops);
    };
    set(step2, { symbol: "inspection", reworkTo: step });
    set(step4, { branch: true });
    set(step5, { symbol: "storage" });
    const steps = flowSteps(b.doc, item);
    expect(steps.map((s) => s.symbol)).toEqual([
      "operation",
      "inspection",
      "operation",
      "operation",
      "storage",
    ]);
    expect(flowEdges(steps)).toEqual([
      { from: step, to: step2, rework: false },
      { from: step2, to: step, rework: true },
      { from: step2, to: step3, rework: false },
      { from: step2, to: step4, rework: false },
      { from: step3, to: step5, rework: false },
      { from: step4, to: step5, rework: false },
    ]);
    // A rework "loop" forward is no loop: it is not drawn.
    set(step3, { reworkTo: step5 });
    expect(flowSteps(b.doc, item)[2].reworkTo).toBeNull();
    // The tab's other fields stay.
    expect(b.doc.nodes.get(step2)?.attrs.PFDicon).toMatchObject({ symbol: "inspection", reworkTo: step });
  });

  it("refuses flow attributes on what is not a step, and a rework loop to what is not a step", () => {
    const { b, item, step, man } = fiveSteps();
    expect(setFlowAttrs(b.doc, item, { symbol: "delay" })).toMatchObject({
      ok: false,
      problem: { key: "fmea.notProcessStep" },
    });
    expect(setFlowAttrs(b.doc, step, { reworkTo: man })).toMatchObject({
      ok: false,
      problem: { key: "fmea.reworkTarget" },
    });
  });
});
