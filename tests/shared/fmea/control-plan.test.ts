// The control plan derived from a PFMEA: one line per characteristic in process order, fields read from the
// characteristic's tabs and children, the failures' current controls standing in for a missing control
// method, and edits written back to the same nodes.
import { describe, expect, it } from "vitest";
import { controlPlan, controlPlanOps } from "../../../src/shared/fmea/control-plan.ts";
import { applyOps, type FmeaDoc } from "../../../src/shared/fmea/tree.ts";
import { processTree } from "./build.ts";

function write(
  doc: FmeaDoc,
  line: number,
  field: Parameters<typeof controlPlanOps>[2],
  input: string,
  ctx: { newId(): string },
) {
  const result = controlPlanOps(doc, controlPlan(doc)[line], field, input, ctx);
  if (!result.ok) throw new Error(result.problem.key);
  const applied = applyOps(doc, result.ops);
  if (!applied.ok) throw new Error(JSON.stringify(applied));
  return applied.doc;
}

describe("control plan", () => {
  it("one line per product and process characteristic, in process order", () => {
    const t = processTree();
    const step3 = t.b.run(t.item, "addProcessStep", { name: "OP40 pack" });
    t.b.run(step3, "addProductCharacteristic", { name: "Label present" });
    const fail = t.b.run(t.prod, "addChild", { kind: "fail", name: "Bearing too shallow" });
    t.b.run(fail, "addChild", { kind: "findMeas", name: "Depth gauge 100%" });
    const lines = controlPlan(t.b.doc);
    expect(
      lines.map((l) => [
        l.processNo,
        l.processName,
        l.machine,
        l.charNo,
        l.product,
        l.process,
        l.controlMethod,
      ]),
    ).toEqual([
      ["10", "OP20 press bearing", "Press", 1, "Bearing depth", "", "Depth gauge 100%"],
      ["10", "OP20 press bearing", "Press", 2, "", "Press force", ""],
      ["30", "OP40 pack", "", 3, "Label present", "", ""],
    ]);
  });

  it("reads and writes the characteristic's tabs and its control method and reaction plan nodes", () => {
    const t = processTree();
    const fail = t.b.run(t.prod, "addChild", { kind: "fail", name: "Bearing too shallow" });
    t.b.run(fail, "addChild", { kind: "findMeas", name: "Depth gauge 100%" });
    let doc = t.b.doc;
    doc = write(doc, 0, "specification", "12.0 mm", t.b.ctx);
    doc = write(doc, 0, "tolerance", "±0.1", t.b.ctx);
    doc = write(doc, 0, "evaluation", "Depth gauge", t.b.ctx);
    doc = write(doc, 0, "sampleSize", "5", t.b.ctx);
    doc = write(doc, 0, "frequency", "per hour", t.b.ctx);
    doc = write(doc, 0, "specialClass", "CC", t.b.ctx);
    doc = write(doc, 0, "controlMethod", "SPC chart\nPoka-yoke", t.b.ctx);
    doc = write(doc, 0, "reactionPlan", "Quarantine and re-inspect", t.b.ctx);
    doc = write(doc, 0, "processNo", "20", t.b.ctx);
    const [line] = controlPlan(doc);
    expect(line).toMatchObject({
      processNo: "20",
      specification: "12.0 mm",
      tolerance: "±0.1",
      evaluation: "Depth gauge",
      sampleSize: "5",
      frequency: "per hour",
      specialClass: "CC",
      controlMethod: "SPC chart\nPoka-yoke",
      reactionPlan: "Quarantine and re-inspect",
    });
    const prod = doc.nodes.get(t.prod);
    expect(prod?.attrs.spec).toMatchObject({ featureValue: "12.0 mm", tolerance: "±0.1" });
    expect(
      [...doc.nodes.values()].filter((n) => n.parentId === t.prod && n.kind === "controlMethod"),
    ).toHaveLength(2);
    // One fewer line deletes the second control method.
    doc = write(doc, 0, "controlMethod", "SPC chart", t.b.ctx);
    expect(controlPlan(doc)[0].controlMethod).toBe("SPC chart");
    expect(controlPlanOps(doc, controlPlan(doc)[0], "machine", "x", t.b.ctx)).toMatchObject({ ok: false });
    expect(controlPlanOps(doc, controlPlan(doc)[0], "process", "x", t.b.ctx)).toMatchObject({ ok: false });
  });
});
