// The fault tree built from the failure net, analysed by the eFTA kernel (build/fta.wasm): its minimal
// cut sets are exactly the causes reachable from the effect, each alone (an OR tree), a cause shared by
// two failure modes is one repeated event, and the top probability is 1 - prod(1 - p) over those causes
// (independent events), with p from the occurrence table.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allCutSets, analyzeFaultTree } from "../../../src/kernels/fta.ts";
import { linkNodes } from "../../../src/shared/fmea/actions.ts";
import {
  DEFAULT_OCCURRENCE_PROBABILITIES,
  failureEffects,
  faultTreeOfEffect,
  occurrenceTableProblem,
  reachableCauses,
} from "../../../src/shared/fmea/fault-tree.ts";
import { Builder } from "./build.ts";

function chainTree() {
  const b = new Builder("design");
  const system = b.run(null, "addRoot", { name: "E-bike" });
  const drive = b.run(system, "addStructure", { name: "Drive" });
  const motor = b.run(drive, "addStructure", { name: "Motor" });
  const battery = b.run(drive, "addStructure", { name: "Battery" });
  const fSys = b.run(system, "addFunction", { name: "Move rider" });
  const fDrive = b.run(drive, "addFunction", { name: "Deliver torque" });
  const fMotor = b.run(motor, "addFunction", { name: "Convert power" });
  const fBattery = b.run(battery, "addFunction", { name: "Store energy" });
  const fe = b.run(fSys, "addChild", { kind: "fail", name: "Rider stranded" });
  const fe2 = b.run(fSys, "addChild", { kind: "fail", name: "Noise" });
  const fm1 = b.run(fDrive, "addChild", { kind: "fail", name: "No torque" });
  const fm2 = b.run(fDrive, "addChild", { kind: "fail", name: "Torque drops" });
  const fm3 = b.run(fDrive, "addChild", { kind: "fail", name: "Rattle" });
  const fc1 = b.run(fMotor, "addChild", { kind: "fail", name: "Winding open" });
  const fc2 = b.run(fMotor, "addChild", { kind: "fail", name: "Connector loose" });
  const fc3 = b.run(fBattery, "addChild", { kind: "fail", name: "Cell dead" });
  const fc4 = b.run(fBattery, "addChild", { kind: "fail", name: "Mount cracked" });
  const link = (from: string, to: string) => {
    const r = linkNodes(b.doc, b.ctx, "failure", from, to);
    if (!r.ok) throw new Error(r.problem.key);
    b.apply(r.ops);
  };
  link(fe, fm1);
  link(fe, fm2);
  link(fe2, fm3);
  link(fm1, fc1);
  link(fm1, fc2);
  link(fm2, fc2); // shared cause: a repeated event
  link(fm2, fc3);
  link(fm3, fc4); // reachable from the other effect only
  const rate = (id: string, occurrence: number) => {
    const node = b.doc.nodes.get(id);
    if (!node) throw new Error(id);
    b.apply([{ op: "update", id, base: node.version, set: { attrs: { assessments: { occurrence } } } }]);
  };
  rate(fc1, 4);
  rate(fc2, 6);
  rate(fc3, 3);
  rate(fc4, 9);
  return { b, fe, fe2, fm1, fm2, fm3, fc1, fc2, fc3, fc4 };
}

describe("the fault tree of a failure effect", () => {
  it("effect on top, modes as OR gates, causes as basic events, a shared cause used twice", () => {
    const { b, fe, fm1, fm2, fc1, fc2, fc3 } = chainTree();
    const built = faultTreeOfEffect(b.doc, fe);
    if (!built.ok) throw new Error(built.problem.key);
    const { model, nodeOf } = built.tree;
    expect(model.top).toBe("FE");
    expect(model.gates).toEqual([
      { code: "FE", name: "Rider stranded", type: "or", inputs: ["FM1", "FM2"] },
      { code: "FM1", name: "No torque", type: "or", inputs: ["FC1", "FC2"] },
      { code: "FM2", name: "Torque drops", type: "or", inputs: ["FC2", "FC3"] },
    ]);
    expect(model.basicEvents.map((e) => [e.code, e.name, e.distribution])).toEqual([
      ["FC1", "Winding open", { type: "fixed", probability: 1e-4 }],
      ["FC2", "Connector loose", { type: "fixed", probability: 2e-3 }],
      ["FC3", "Cell dead", { type: "fixed", probability: 1e-5 }],
    ]);
    expect(nodeOf).toMatchObject({ FE: fe, FM1: fm1, FM2: fm2, FC1: fc1, FC2: fc2, FC3: fc3 });
  });

  it("its minimal cut sets (eFTA kernel) are the causes reachable from the effect; P(top) = 1 - prod(1 - p)", async () => {
    const { b, fe, fc1, fc2, fc3 } = chainTree();
    const built = faultTreeOfEffect(b.doc, fe);
    if (!built.ok) throw new Error(built.problem.key);
    const result = await analyzeFaultTree(built.tree.model);
    const cutSets = allCutSets(result.cutSets.diagram)
      .map((s) => s.events.map((code) => built.tree.nodeOf[code]))
      .sort();
    expect(cutSets).toEqual(reachableCauses(b.doc, fe).map((id) => [id]));
    expect(reachableCauses(b.doc, fe)).toEqual([fc1, fc2, fc3].sort());
    // Independent causes 1e-4, 2e-3, 1e-5 (O 4, 6, 3) under one OR: 1 - (1-1e-4)(1-2e-3)(1-1e-5).
    const expected = 1 - (1 - 1e-4) * (1 - 2e-3) * (1 - 1e-5);
    expect(Math.abs((result.probability.exact as number) - expected) / expected).toBeLessThan(1e-12);
  });

  it("an effect with one mode and a mode with one cause pass through (null gates); refusals", () => {
    const { b, fe2, fm3, fe } = chainTree();
    const built = faultTreeOfEffect(b.doc, fe2);
    if (!built.ok) throw new Error(built.problem.key);
    expect(built.tree.model.gates.map((g) => [g.code, g.type, g.inputs])).toEqual([
      ["FE", "null", ["FM1"]],
      ["FM1", "null", ["FC1"]],
    ]);
    expect(faultTreeOfEffect(b.doc, fm3).ok).toBe(true);
    const leaf = reachableCauses(b.doc, fe)[0];
    expect(faultTreeOfEffect(b.doc, leaf)).toMatchObject({
      ok: false,
      problem: { key: "fmea.effectWithoutModes" },
    });
    expect(faultTreeOfEffect(b.doc, "nope")).toMatchObject({
      ok: false,
      problem: { key: "fmea.notFailure" },
    });
    expect(failureEffects(b.doc).map((n) => n.name)).toEqual([
      "Rider stranded",
      "Noise",
      "No torque",
      "Torque drops",
      "Rattle",
    ]);
  });

  it("an unrated cause is an undeveloped event at the rating-10 probability, and is listed", () => {
    const { b, fe, fc3 } = chainTree();
    const node = b.doc.nodes.get(fc3);
    if (!node) throw new Error("fc3");
    b.apply([
      { op: "update", id: fc3, base: node.version, set: { attrs: { assessments: { occurrence: null } } } },
    ]);
    const built = faultTreeOfEffect(b.doc, fe);
    if (!built.ok) throw new Error(built.problem.key);
    expect(built.tree.unrated).toEqual([fc3]);
    expect(built.tree.model.basicEvents[2]).toMatchObject({
      undeveloped: true,
      distribution: { type: "fixed", probability: 0.1 },
    });
  });

  it("the occurrence table: ten probabilities in (0, 1], not falling as the rating rises", () => {
    expect(occurrenceTableProblem(DEFAULT_OCCURRENCE_PROBABILITIES)).toBeNull();
    expect(occurrenceTableProblem([0.1])?.key).toBe("fmea.occurrenceTable");
    const zero = [...DEFAULT_OCCURRENCE_PROBABILITIES];
    zero[0] = 0;
    expect(occurrenceTableProblem(zero)).toMatchObject({ key: "fmea.occurrenceTable", where: [1] });
    const falling = [...DEFAULT_OCCURRENCE_PROBABILITIES];
    falling[5] = 1e-6;
    expect(occurrenceTableProblem(falling)).toMatchObject({ key: "fmea.occurrenceOrder", where: [6] });
    const { b, fe } = chainTree();
    expect(faultTreeOfEffect(b.doc, fe, falling)).toMatchObject({ ok: false });
  });

  it("on random failure nets of three levels: cut sets = reachable causes (50 nets)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(2), fc.nat(5)), { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(5), fc.nat(7)), { minLength: 1, maxLength: 14 }),
        async (upper, lower) => {
          const b = new Builder("design");
          const sys = b.run(null, "addRoot", { name: "S" });
          const sub = b.run(sys, "addStructure", { name: "Sub" });
          const comps = [
            b.run(sub, "addStructure", { name: "C1" }),
            b.run(sub, "addStructure", { name: "C2" }),
          ];
          const fs = b.run(sys, "addFunction", { name: "f" });
          const fm = b.run(sub, "addFunction", { name: "g" });
          const fcs = comps.map((c) => b.run(c, "addFunction", { name: "h" }));
          const effects = [0, 1, 2].map((i) => b.run(fs, "addChild", { kind: "fail", name: `FE${i}` }));
          const modes = [0, 1, 2, 3, 4, 5].map((i) =>
            b.run(fm, "addChild", { kind: "fail", name: `FM${i}` }),
          );
          const causes = [0, 1, 2, 3, 4, 5, 6, 7].map((i) =>
            b.run(fcs[i % 2], "addChild", { kind: "fail", name: `FC${i}` }),
          );
          const link = (from: string, to: string) => {
            const r = linkNodes(b.doc, b.ctx, "failure", from, to);
            if (r.ok) b.apply(r.ops);
          };
          for (const [e, m] of upper) link(effects[e], modes[m]);
          for (const [m, c] of lower) link(modes[m], causes[c]);
          const effect = effects[upper[0][0]];
          const built = faultTreeOfEffect(b.doc, effect);
          if (!built.ok) throw new Error(built.problem.key);
          const result = await analyzeFaultTree(built.tree.model);
          const got = allCutSets(result.cutSets.diagram)
            .map((s) => s.events.map((code) => built.tree.nodeOf[code]).join())
            .sort();
          expect(got).toEqual(reachableCauses(b.doc, effect));
        },
      ),
      { numRuns: 50, seed: 20261125 },
    );
  });
});
