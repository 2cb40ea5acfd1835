// Random sequences of node actions (fast-check, bounded): whatever is allowed keeps the tree valid (every
// node where its parent may hold it, every net link between adjacent levels), and undoing each step with
// diffOps gives back the tree before it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linkPicked, NODE_ACTIONS, runAction } from "../../../src/shared/fmea/actions.ts";
import { CHILD_KINDS, NODE_KINDS, OPTIONAL_ELEMENTS } from "../../../src/shared/fmea/model.ts";
import { applyOps, diffOps, type FmeaDoc, treeProblems } from "../../../src/shared/fmea/tree.ts";
import { counter, designTree, processTree } from "./build.ts";

const strip = (doc: FmeaDoc) => ({
  nodes: [...doc.nodes.values()].map(({ version: _v, ...n }) => n).sort((a, b) => a.id.localeCompare(b.id)),
  links: [...doc.links.values()].sort((a, b) => a.id.localeCompare(b.id)),
});

const step = fc.record({
  action: fc.constantFrom(...NODE_ACTIONS, "link" as const),
  node: fc.nat(),
  other: fc.nat(),
  kind: fc.constantFrom(...NODE_KINDS),
  element: fc.constantFrom(...OPTIONAL_ELEMENTS),
  cut: fc.boolean(),
});

describe("random node actions", () => {
  /** A PFMEA with nested process items too, so upgrade and downgrade have somewhere to go. */
  const nestedProcess = () => {
    const t = processTree();
    const sub1 = t.b.run(t.item, "addProcessItem", { name: "Sub-line 1" });
    t.b.run(t.item, "addProcessItem", { name: "Sub-line 2" });
    t.b.run(sub1, "addProcessStep", { name: "OP40" });
    return t;
  };
  for (const [variant, start] of [
    ["design", designTree],
    ["process", nestedProcess],
  ] as const)
    it(`${variant}: keep the tree valid and are undone exactly`, () => {
      const done = new Set<string>();
      fc.assert(
        fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
          let doc = start().b.doc;
          const ctx = counter("r");
          for (const s of steps) {
            const ids = [...doc.nodes.keys()].sort();
            if (ids.length === 0) break;
            const id = ids[s.node % ids.length];
            const other = ids[s.other % ids.length];
            const result =
              s.action === "link"
                ? linkPicked(doc, ctx, id, other)
                : runAction(doc, id, s.action, ctx, {
                    kind: CHILD_KINDS[doc.nodes.get(id)?.kind ?? "stru"].includes(s.kind)
                      ? s.kind
                      : undefined,
                    elementType: s.element,
                    clipboard: { mode: s.cut ? "cut" : "copy", id: other },
                  });
            if (!result.ok) continue;
            if (result.ops.length > 0) done.add(s.action);
            const applied = applyOps(doc, result.ops);
            expect(applied.ok, `${s.action} refused by applyOps after the action allowed it`).toBe(true);
            if (!applied.ok) return;
            expect(treeProblems(applied.doc)).toEqual([]);
            const undone = applyOps(applied.doc, diffOps(applied.doc, doc));
            expect(undone.ok).toBe(true);
            if (undone.ok) expect(strip(undone.doc)).toEqual(strip(doc));
            doc = applied.doc;
          }
        }),
        { numRuns: 150, seed: 17 },
      );
      // The runs reached the structural actions, not only refusals.
      for (const action of [
        "paste",
        "delete",
        "upgrade",
        "downgrade",
        "merge",
        "moveUp",
        "switchStructure",
        "link",
      ])
        expect(done, action).toContain(action);
    });
});
