// Failure chains, S of the worst effect, AP and RPN per row, "(H)" and the form's cell edits, on documents
// built through the node actions.
import { describe, expect, it } from "vitest";
import { linkNodes } from "../../../src/shared/fmea/actions.ts";
import { cellOps, cellText, formColumns, formRows } from "../../../src/shared/fmea/form.ts";
import { apLabel, failureChains } from "../../../src/shared/fmea/risk.ts";
import { applyOps, attrsProblem, type FmeaDoc, type FmeaOp } from "../../../src/shared/fmea/tree.ts";
import { designTree, processTree } from "./build.ts";

function ok(result: { ok: true; ops: FmeaOp[] } | { ok: false; problem: unknown }): FmeaOp[] {
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  return result.ops;
}

function rated() {
  const t = designTree();
  const { b } = t;
  b.apply(ok(linkNodes(b.doc, b.ctx, "failure", t.fe, t.fm)));
  b.apply(ok(linkNodes(b.doc, b.ctx, "failure", t.fm, t.fc)));
  return t;
}

function edit(
  doc: FmeaDoc,
  rowIndex: number,
  key: string,
  input: unknown,
  ctx: { newId(): string },
): FmeaDoc {
  const row = formRows(doc)[rowIndex];
  const applied = applyOps(doc, ok(cellOps(doc, row, key, input, ctx)));
  if (!applied.ok) throw new Error(JSON.stringify(applied));
  return applied.doc;
}

describe("failure chains", () => {
  it("one chain per FE, FM, FC with its structure and function cells", () => {
    const t = rated();
    const chains = failureChains(t.b.doc);
    expect(chains).toHaveLength(1);
    const [c] = chains;
    expect([c.fe?.name, c.fm.name, c.fc?.name]).toEqual(["Rider stranded", "No torque", "Winding open"]);
    expect([c.feElement?.name, c.fmElement?.name, c.fcElement?.name]).toEqual(["E-bike", "Drive", "Motor"]);
    expect([c.feFunction?.name, c.fmFunction?.name, c.fcFunction?.name]).toEqual([
      "Move rider",
      "Deliver torque",
      "Convert power",
    ]);
    expect(c.prevention.map((m) => m.name)).toEqual(["Design rule"]);
    expect(c.ap).toBeNull();
  });

  it("an unlinked failure is a mode of its own; a complete chain's ends are not", () => {
    const t = rated();
    t.b.run(t.fComp, "addChild", { kind: "fail", name: "Bearing seized" });
    const modes = failureChains(t.b.doc).map((c) => c.fm.name);
    expect(modes).toEqual(["No torque", "Bearing seized"]);
  });

  it("a linked pair with no third failure is one line, the upper failure its mode; a third makes the chain", () => {
    const t = designTree();
    const { b } = t;
    b.apply(ok(linkNodes(b.doc, b.ctx, "failure", t.fe, t.fm)));
    const pair = failureChains(b.doc).map((c) => [c.fe?.name ?? null, c.fm.name, c.fc?.name ?? null]);
    // Not also ["Rider stranded", "No torque", null]: the summary counted the one unfinished chain twice.
    expect(pair).toEqual([
      [null, "Rider stranded", "No torque"],
      [null, "Winding open", null],
    ]);
    b.apply(ok(linkNodes(b.doc, b.ctx, "failure", t.fm, t.fc)));
    const chain = failureChains(b.doc).map((c) => [c.fe?.name ?? null, c.fm.name, c.fc?.name ?? null]);
    expect(chain).toEqual([["Rider stranded", "No torque", "Winding open"]]);
    // Two effects over one mode with no cause yet: each effect is a line of its own mode, the mode rated once.
    const two = designTree();
    const other = two.b.run(two.fSystem, "addChild", { kind: "fail", name: "Rider injured" });
    two.b.apply(ok(linkNodes(two.b.doc, two.b.ctx, "failure", two.fe, two.fm)));
    two.b.apply(ok(linkNodes(two.b.doc, two.b.ctx, "failure", other, two.fm)));
    const modes = failureChains(two.b.doc).map((c) => [c.fm.name, c.fc?.name ?? null]);
    expect(modes).toEqual([
      ["Rider stranded", "No torque"],
      ["Rider injured", "No torque"],
      ["Winding open", null],
    ]);
  });

  it("S of the worst effect drives AP and RPN; each row shows its own effect's S", () => {
    const t = rated();
    const { b } = t;
    const fe2 = b.run(t.fSystem, "addChild", { kind: "fail", name: "Rider injured" });
    b.apply(ok(linkNodes(b.doc, b.ctx, "failure", fe2, t.fm)));
    let doc = b.doc;
    const row = (name: string) => formRows(doc).findIndex((r) => r.chain.fe?.name === name);
    doc = edit(doc, row("Rider stranded"), "severity", "6", b.ctx);
    doc = edit(doc, row("Rider injured"), "severity", 9, b.ctx);
    doc = edit(doc, 0, "occurrence", "4", b.ctx);
    doc = edit(doc, 0, "detection", "2", b.ctx);
    const chains = failureChains(doc);
    expect(chains.map((c) => [c.fe?.name, c.s, c.sWorst, c.o, c.d, c.ap, c.rpn])).toEqual([
      ["Rider stranded", 6, 9, 4, 2, "H", 72],
      ["Rider injured", 9, 9, 4, 2, "H", 72],
    ]);
    // (9, 4, 1) is M in the table: a better detection lowers the priority of both rows.
    doc = edit(doc, 0, "detection", "1", b.ctx);
    expect(failureChains(doc).map((c) => c.ap)).toEqual(["M", "M"]);
  });

  it("refuses O and D outside 1 to 10 with spec 5's message", () => {
    const t = rated();
    const row = formRows(t.b.doc)[0];
    for (const bad of ["0", "11", "5.5", "x", -1])
      expect(cellOps(t.b.doc, row, "occurrence", bad, t.b.ctx)).toMatchObject({
        ok: false,
        problem: { key: "oAndDRange" },
      });
    expect(cellOps(t.b.doc, row, "ap", "H", t.b.ctx)).toMatchObject({
      ok: false,
      problem: { key: "fmea.cellComputed" },
    });
  });

  it("refuses S outside 1 to 10 with a message that names S, in the table and on the node", () => {
    const t = rated();
    let doc = edit(t.b.doc, 0, "preventionAction", "Add thermal fuse", t.b.ctx);
    const row = formRows(doc)[0];
    for (const key of ["severity", "newSeverity"])
      for (const bad of ["0", "11", "5.5", "x"])
        expect(cellOps(doc, row, key, bad, t.b.ctx)).toMatchObject({
          ok: false,
          problem: { key: "fmea.severityRange" },
        });
    // The re-rated O and D keep spec 5's O and D message.
    expect(cellOps(doc, row, "newDetection", "11", t.b.ctx)).toMatchObject({
      ok: false,
      problem: { key: "oAndDRange" },
    });
    doc = edit(doc, 0, "severity", "9", t.b.ctx);
    expect(cellText(formRows(doc)[0], "severity")).toBe("9");
    // The rule on the node (applyOps, the server, the attribute dialog): each field by its own message.
    for (const field of ["severity", "severityPlant", "severityShipTo", "severityEndUser"])
      expect(attrsProblem("fail", { assessments: { [field]: 11 } })).toEqual({
        key: "fmea.severityRange",
        where: ["assessments", field],
      });
    for (const field of ["occurrence", "detection"])
      expect(attrsProblem("fail", { assessments: { [field]: 0 } })).toEqual({
        key: "oAndDRange",
        where: ["assessments", field],
      });
  });

  it("the PFMEA's three severity columns refuse a rating outside 1 to 10 with the S message", () => {
    const { b, prod } = processTree();
    b.run(prod, "addChild", { kind: "fail", name: "Bearing too shallow" });
    const row = formRows(b.doc)[0];
    expect(row.chain.fm.name).toBe("Bearing too shallow");
    for (const key of ["severityPlant", "severityShipTo", "severityEndUser"])
      expect(cellOps(b.doc, row, key, "11", b.ctx)).toMatchObject({
        ok: false,
        problem: { key: "fmea.severityRange" },
      });
  });

  it("an action row: added by typing, re-rated, '(H)' until completed", () => {
    const t = rated();
    let doc = t.b.doc;
    doc = edit(doc, 0, "severity", "8", t.b.ctx);
    doc = edit(doc, 0, "occurrence", "6", t.b.ctx);
    doc = edit(doc, 0, "detection", "7", t.b.ctx);
    expect(apLabel(failureChains(doc)[0])).toBe("H");
    expect(cellOps(doc, formRows(doc)[0], "responsible", "Ann", t.b.ctx)).toMatchObject({
      ok: false,
      problem: { key: "fmea.noAction" },
    });
    doc = edit(doc, 0, "preventionAction", "Add thermal fuse", t.b.ctx);
    expect(apLabel(failureChains(doc)[0])).toBe("(H)");
    doc = edit(doc, 0, "responsible", "Ann", t.b.ctx);
    doc = edit(doc, 0, "targetDate", "2027-03-01", t.b.ctx);
    doc = edit(doc, 0, "newOccurrence", "2", t.b.ctx);
    const row = formRows(doc)[0];
    expect(cellText(row, "newAp")).toBe("M"); // (8, 2, 7) is M
    expect(cellText(row, "preventionAction")).toBe("Add thermal fuse");
    expect(cellText(row, "status")).toBe("open");
    expect(cellOps(doc, row, "targetDate", "1 March", t.b.ctx)).toMatchObject({
      ok: false,
      problem: { key: "fmea.dateInvalid" },
    });
    doc = edit(doc, 0, "status", "Completed", t.b.ctx);
    expect(apLabel(failureChains(doc)[0])).toBe("H");
    // A second action adds a second line of the same chain.
    doc = edit(doc, 0, "evidence", "Test report TR-12", t.b.ctx);
    expect(formRows(doc)).toHaveLength(1);
    expect(cellText(formRows(doc)[0], "evidence")).toBe("Test report TR-12");
    // Step 6's re-rated special characteristic and remarks, on the action's node (one model with the tree).
    const classes = [{ name: "Significant characteristic", markingName: "SC", icon: null }];
    const ctx = { newId: t.b.ctx.newId, specialClasses: classes };
    const applied = applyOps(doc, ok(cellOps(doc, formRows(doc)[0], "newSpecial", "sc", ctx)));
    if (!applied.ok) throw new Error("refused");
    doc = edit(applied.doc, 0, "remarks", "Supplier confirmed fuse rating", t.b.ctx);
    const action = formRows(doc)[0].action?.node;
    expect(action?.attrs.featureClassify?.specialClass).toBe("Significant characteristic");
    expect(action?.attrs.about?.remark).toBe("Supplier confirmed fuse rating");
    expect(cellText(formRows(doc)[0], "newSpecial")).toBe("Significant characteristic");
    expect(cellOps(doc, formRows(doc)[0], "newSpecial", "CC", ctx)).toMatchObject({
      ok: false,
      problem: { key: "fmea.specialUnknown" },
    });
    expect(attrsProblem("optMeas", action?.attrs ?? {})).toBeNull();
    // A chain without an action has no step-6 cells to write.
    expect(cellOps(t.b.doc, formRows(t.b.doc)[0], "remarks", "x", t.b.ctx)).toMatchObject({
      ok: false,
      problem: { key: "fmea.noAction" },
    });
  });

  it("the filter code is the mode's: on each of its lines, beside the tab's other fields, at most 150", () => {
    const t = rated();
    const fc2 = t.b.run(t.fComp, "addChild", { kind: "fail", name: "Magnet loose" });
    t.b.apply(ok(linkNodes(t.b.doc, t.b.ctx, "failure", t.fm, fc2)));
    let doc = t.b.doc;
    expect(formRows(doc)).toHaveLength(2);
    doc = edit(doc, 0, "filterCode", "  EB-12 ", t.b.ctx);
    expect(formRows(doc).map((r) => cellText(r, "filterCode"))).toEqual(["EB-12", "EB-12"]);
    const fm = doc.nodes.get(t.fm);
    expect(fm?.attrs.customAttr).toEqual({ filterCode: "EB-12" });
    expect(cellOps(doc, formRows(doc)[1], "filterCode", "x".repeat(151), t.b.ctx)).toMatchObject({
      ok: false,
      problem: { key: "tooLong" },
    });
    doc = edit(doc, 1, "filterCode", "", t.b.ctx);
    expect(formRows(doc).map((r) => cellText(r, "filterCode"))).toEqual(["", ""]);
  });

  it("controls cell renames, adds and deletes measures", () => {
    const t = rated();
    let doc = edit(t.b.doc, 0, "prevention", "Design rule v2\nFEA", t.b.ctx);
    expect(failureChains(doc)[0].prevention.map((m) => m.name)).toEqual(["Design rule v2", "FEA"]);
    doc = edit(doc, 0, "prevention", "FEA", t.b.ctx);
    expect(failureChains(doc)[0].prevention.map((m) => m.name)).toEqual(["FEA"]);
  });

  it("the form has the RPN column only on request and the 4M type in the process variant", () => {
    expect(formColumns("design").some((c) => c.key === "rpn")).toBe(false);
    expect(formColumns("design", { rpn: true }).some((c) => c.key === "rpn")).toBe(true);
    expect(
      formColumns("process")
        .map((c) => c.key)
        .slice(0, 4),
    ).toEqual(["higherElement", "focusElement", "lowerElement", "lowerType"]);
  });
});

describe("management summary", () => {
  it("counts by AP, lists high-severity chains and open actions by owner", async () => {
    const { fmeaSummary } = await import("../../../src/shared/fmea/summary.ts");
    const t = rated();
    let doc = t.b.doc;
    doc = edit(doc, 0, "severity", "9", t.b.ctx);
    doc = edit(doc, 0, "occurrence", "4", t.b.ctx);
    doc = edit(doc, 0, "detection", "5", t.b.ctx);
    doc = edit(doc, 0, "preventionAction", "Redundant sensor", t.b.ctx);
    doc = edit(doc, 0, "responsible", "Ann", t.b.ctx);
    doc = edit(doc, 0, "targetDate", "2026-01-10", t.b.ctx);
    const s = fmeaSummary(doc, "2026-02-01");
    expect(s.byAp).toEqual({ H: 1, M: 0, L: 0, none: 0 });
    expect(s.highSeverity.map((c) => c.fm.name)).toEqual(["No torque"]);
    expect(s.highOpen).toBe(1);
    expect(s.openByOwner).toEqual([{ owner: "Ann", open: 1, overdue: 1 }]);
    doc = edit(doc, 0, "newOccurrence", "1", t.b.ctx);
    doc = edit(doc, 0, "status", "completed", t.b.ctx);
    const after = fmeaSummary(doc, "2026-02-01");
    expect(after.byApAfter).toEqual({ H: 0, M: 0, L: 1, none: 0 });
    expect(after.actions).toEqual({ total: 1, open: 0, completed: 1, notImplemented: 0 });
    expect(after.openByOwner).toEqual([]);
  });
});
