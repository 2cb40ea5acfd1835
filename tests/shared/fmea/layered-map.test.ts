// Issue 18: applyOps no longer copies the whole node and link maps per edit but layers its changes over them.
// A layered map answers as a plain map given the same changes, and never changes the maps it was made from
// (the undo history keeps them), also across the flattening into a fresh base.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { flattenAt, LayeredMap } from "../../../src/shared/fmea/layered-map.ts";
import type { FmeaNode } from "../../../src/shared/fmea/model.ts";
import { applyOps, dataOf, type FmeaOp } from "../../../src/shared/fmea/tree.ts";
import { designTree } from "./build.ts";

type Change = { key: number; value: number | null };
const byKey = (a: [number, number], b: [number, number]) => a[0] - b[0];

describe("LayeredMap", () => {
  it("answers as a plain map on every layer, each layer unchanged by the later ones", () => {
    const change = fc.record({ key: fc.integer({ min: 0, max: 199 }), value: fc.option(fc.integer()) });
    fc.assert(
      fc.property(fc.array(fc.array(change, { maxLength: 40 }), { maxLength: 30 }), (layers: Change[][]) => {
        const first = new Map(Array.from({ length: 50 }, (_, i) => [i, -i] as [number, number]));
        const plain: Map<number, number>[] = [new Map(first)];
        const layered: ReadonlyMap<number, number>[] = [first];
        for (const changes of layers) {
          const p = new Map(plain[plain.length - 1]);
          const l = LayeredMap.over(layered[layered.length - 1]);
          for (const c of changes) {
            if (c.value === null) expect(l.delete(c.key)).toBe(p.delete(c.key));
            else {
              p.set(c.key, c.value);
              l.set(c.key, c.value);
            }
          }
          plain.push(p);
          layered.push(l);
        }
        layered.forEach((l, i) => {
          const p = plain[i];
          expect(l.size).toBe(p.size);
          expect([...l].sort(byKey)).toEqual([...p].sort(byKey));
          for (let key = 0; key < 200; key++) {
            expect(l.has(key)).toBe(p.has(key));
            expect(l.get(key)).toBe(p.get(key));
          }
        });
      }),
      { numRuns: 50 },
    );
  });

  it("keeps the order of the map it was made from and lists added keys after it, in the order added", () => {
    const base = new Map([
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ]);
    const l = LayeredMap.over(base);
    l.set("z", 26).set("b", 20).set("y", 25);
    l.delete("a");
    l.delete("z");
    l.set("z", 0);
    expect([...l.entries()]).toEqual([
      ["b", 20],
      ["c", 3],
      ["y", 25],
      ["z", 0],
    ]);
    expect([...l.keys()]).toEqual(["b", "c", "y", "z"]);
    expect([...l.values()]).toEqual([20, 3, 25, 0]);
    const seen: string[] = [];
    l.forEach((v, k, map) => {
      seen.push(`${k}${v}${map === l}`);
    });
    expect(seen).toEqual(["b20true", "c3true", "y25true", "z0true"]);
    expect([...base]).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ]);
  });

  it("copies the whole map only after a share of it changed, and still answers as before", () => {
    const base = new Map(Array.from({ length: 2000 }, (_, i) => [i, i] as [number, number]));
    let l = LayeredMap.over(base);
    // One change per layer, as one cell edited at a time; past the limit the next layer starts flat.
    for (let i = 0; i <= flattenAt(base.size) + 1; i++) l = LayeredMap.over(l).set(i, -i);
    expect(l.size).toBe(2000);
    expect(l.get(0)).toBe(-0);
    expect(l.get(1999)).toBe(1999);
    expect(base.get(0)).toBe(0);
  });
});

describe("applyOps over layered maps", () => {
  /** Three edits, each made on the document the one before left: one batch when applied to the first. */
  function edits() {
    const t = designTree();
    const start = t.b.doc;
    const ops: FmeaOp[][] = [];
    const step = (batch: FmeaOp[]) => {
      ops.push(batch);
      t.b.apply(batch);
    };
    step([
      { op: "update", id: t.fm, base: t.b.doc.nodes.get(t.fm)?.version ?? 0, set: { name: "No torque out" } },
    ]);
    const { version: _, ...control } = t.b.doc.nodes.get(t.pc) as FmeaNode;
    step([{ op: "add", node: { ...control, id: "added", name: "Review" } }]);
    const pc = t.b.doc.nodes.get(t.pc);
    step([{ op: "delete", id: t.pc, versions: { [t.pc]: pc?.version ?? 0 } }]);
    return { t, start, ops };
  }

  it("a batch applied in parts answers as the batch applied at once, and leaves the document as it was", () => {
    const { start, ops } = edits();
    const before = dataOf(start);
    const whole = applyOps(start, ops.flat());
    expect(whole.ok).toBe(true);
    for (let cut = 1; cut < ops.length; cut++) {
      const first = applyOps(start, ops.slice(0, cut).flat());
      if (!first.ok) throw new Error("first part refused");
      const rest = applyOps(start, ops.slice(cut).flat(), first);
      if (!rest.ok || !whole.ok) throw new Error("refused");
      expect(dataOf(rest.doc)).toEqual(dataOf(whole.doc));
      expect(rest.changes).toEqual(whole.changes);
      expect(first.doc.nodes.has("added")).toBe(cut >= 2); // the first part's answer is untouched
    }
    expect(dataOf(start)).toEqual(before);
  });

  it("a refused part leaves the batch so far as it was, answering the conflict with the stored value", () => {
    const { t, start, ops } = edits();
    const first = applyOps(start, ops[0]);
    if (!first.ok) throw new Error("refused");
    const kept = dataOf(first.doc);
    const fm = start.nodes.get(t.fm);
    // The same rename again, on the version before it: refused as the whole batch would be.
    const again = applyOps(start, ops[0], first);
    const whole = applyOps(start, [...ops[0], ...ops[0]]);
    expect(again).toEqual(whole);
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.conflicts).toEqual([{ id: t.fm, current: fm }]);
    expect(dataOf(first.doc)).toEqual(kept);
  });
});
