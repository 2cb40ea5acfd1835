// @vitest-environment jsdom
// Issue 18: a table edit is applied once. The sheet checks a paste cell by cell and hands the store the batch
// it applied; the store takes that document as it is (no second application), but only when it was applied
// to the document the store holds now, and undo and redo work on it as on any edit.
import { describe, expect, it } from "vitest";
import {
  commit,
  doc,
  openFmea,
  redo,
  refusal,
  steps,
  undo,
} from "../../../../src/app/features/fmea/store.ts";
import { noSteps } from "../../../../src/app/state/history.ts";
import { applyOps, dataOf, type FmeaDoc, type FmeaOp } from "../../../../src/shared/fmea/tree.ts";
import { designTree } from "../../../shared/fmea/build.ts";

function fresh() {
  const t = designTree();
  openFmea.value = null;
  doc.value = t.b.doc;
  steps.value = noSteps();
  return t;
}

const rename = (d: FmeaDoc, id: string, name: string): FmeaOp => ({
  op: "update",
  id,
  base: d.nodes.get(id)?.version ?? 1,
  set: { name },
});

function applied(from: FmeaDoc, ops: FmeaOp[]) {
  const result = applyOps(from, ops);
  if (!result.ok) throw new Error(JSON.stringify(result));
  return { from, doc: result.doc, changes: result.changes };
}

describe("the store's commit of a batch applied already", () => {
  it("takes the handed document itself, and undo and redo go back and forth over it", () => {
    const t = fresh();
    const start = doc.value;
    const names = dataOf(start);
    const ops = [rename(start, t.fm, "No torque at all"), rename(start, t.fc, "Winding shorted")];
    const handed = applied(start, ops);
    expect(commit(ops, true, handed)).toBe(true);
    expect(doc.value).toBe(handed.doc); // not applied a second time
    undo();
    expect(doc.value.nodes.get(t.fm)?.name).toBe("No torque");
    expect(doc.value.nodes.get(t.fc)?.name).toBe("Winding open");
    redo();
    expect(doc.value.nodes.get(t.fm)?.name).toBe("No torque at all");
    expect(dataOf(start)).toEqual(names); // the document before the edit is as it was
  });

  it("applies the operations again when they were applied to another document, and refuses them there", () => {
    const t = fresh();
    const start = doc.value;
    const stale = applied(start, [rename(start, t.fm, "Renamed first")]);
    // Someone's edit came in between: the store holds a newer document than the one the batch was applied to.
    expect(commit([rename(start, t.fc, "Winding hot")])).toBe(true);
    const now = doc.value;
    const ops = [rename(now, t.fm, "Renamed first")];
    expect(commit(ops, true, { ...stale, from: start })).toBe(true);
    expect(doc.value).not.toBe(stale.doc);
    expect(doc.value.nodes.get(t.fc)?.name).toBe("Winding hot"); // kept: applied to the document held now
    expect(doc.value.nodes.get(t.fm)?.name).toBe("Renamed first");
    // A batch based on versions the held document no longer has is refused and changes nothing.
    const held = doc.value;
    expect(
      commit([rename(start, t.fm, "Too late")], true, applied(start, [rename(start, t.fm, "Too late")])),
    ).toBe(false);
    expect(doc.value).toBe(held);
  });
});

describe("a refused batch's message", () => {
  it("keeps the names typed here when someone else's change won; other refusals say only their rule", () => {
    const ops: FmeaOp[] = [
      { op: "update", id: "a", base: 1, set: { name: "Hub motor" } },
      { op: "update", id: "b", base: 1, set: { hidden: true } },
    ];
    expect(refusal("fmea.editConflict", ops)).toEqual({
      key: "fmea.editConflictYours",
      params: { mine: "Hub motor" },
    });
    expect(refusal("fmea.editConflict", [ops[1]])).toEqual({ key: "fmea.editConflict" });
    expect(refusal("fmea.notEditor", ops)).toEqual({ key: "fmea.notEditor" });
  });
});
