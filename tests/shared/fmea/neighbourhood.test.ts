// The server checks a batch against only the rows it reads (src/shared/fmea/neighbourhood.ts). On random
// batches from the node actions, fresh and stale (made on an older tree, so conflicts and refusals come up),
// applyOps on those rows answers exactly as on the whole tree: the same verdict, the same changes, the same
// nodes and links after.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linkPicked, NODE_ACTIONS, runAction } from "../../../src/shared/fmea/actions.ts";
import { CHILD_KINDS, type FmeaNode, NODE_KINDS, OPTIONAL_ELEMENTS } from "../../../src/shared/fmea/model.ts";
import { neighbourhood, type TreeReader } from "../../../src/shared/fmea/neighbourhood.ts";
import { applyOps, childIndex, docOf, type FmeaDoc, type FmeaOp } from "../../../src/shared/fmea/tree.ts";
import { counter, designTree, processTree } from "./build.ts";

function memoryReader(doc: FmeaDoc): TreeReader {
  const kids = childIndex(doc);
  return {
    nodes: async (ids, chainOf) => {
      const chain = new Set<string>();
      for (const id of chainOf) {
        let node = doc.nodes.get(id);
        while (node && !chain.has(node.id)) {
          chain.add(node.id);
          node = node.parentId === null ? undefined : doc.nodes.get(node.parentId);
        }
      }
      return [...new Set([...ids, ...chain])].flatMap((id) =>
        doc.nodes.has(id) ? [doc.nodes.get(id) as never] : [],
      );
    },
    descendants: async (ids) => {
      const out = new Set<string>();
      const stack = ids.filter((id) => doc.nodes.has(id));
      while (stack.length > 0) {
        const id = stack.pop() as string;
        if (out.has(id)) continue;
        out.add(id);
        for (const child of kids.get(id) ?? []) stack.push(child.id);
      }
      return [...out];
    },
    linksTouching: async (ids) => {
      const set = new Set(ids);
      return [...doc.links.values()].filter((l) => set.has(l.from) || set.has(l.to));
    },
    links: async (ids) => ids.flatMap((id) => (doc.links.has(id) ? [doc.links.get(id) as never] : [])),
  };
}

const verdict = (doc: FmeaDoc, ops: FmeaOp[]) => {
  const r = applyOps(doc, ops);
  if (!r.ok) return { ok: false, conflicts: r.conflicts, problems: r.problems };
  const pick = <T>(ids: Set<string>, map: ReadonlyMap<string, T>) =>
    [...ids].sort().map((id) => [id, map.get(id)]);
  return {
    ok: true,
    nodes: pick(r.changes.nodes, r.doc.nodes),
    removedNodes: [...r.changes.removedNodes].sort(),
    links: pick(r.changes.links, r.doc.links),
    removedLinks: [...r.changes.removedLinks].sort(),
  };
};

const step = fc.record({
  action: fc.constantFrom(...NODE_ACTIONS, "link" as const),
  node: fc.nat(),
  other: fc.nat(),
  kind: fc.constantFrom(...NODE_KINDS),
  element: fc.constantFrom(...OPTIONAL_ELEMENTS),
  cut: fc.boolean(),
  stale: fc.nat({ max: 6 }),
});

describe("a batch checked on its neighbourhood", () => {
  for (const [variant, start] of [
    ["design", designTree],
    ["process", processTree],
  ] as const)
    it(`${variant}: answers as on the whole tree`, async () => {
      let compared = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
          const history: FmeaDoc[] = [start().b.doc];
          const ctx = counter("q");
          for (const s of steps) {
            const doc = history[history.length - 1];
            // Made on an older tree (another editor's view) and sent to the current one.
            const seen = history[Math.max(0, history.length - 1 - s.stale)];
            const ids = [...seen.nodes.keys()].sort();
            if (ids.length === 0) break;
            const id = ids[s.node % ids.length];
            const other = ids[s.other % ids.length];
            const result =
              s.action === "link"
                ? linkPicked(seen, ctx, id, other)
                : runAction(seen, id, s.action, ctx, {
                    kind: CHILD_KINDS[seen.nodes.get(id)?.kind ?? "stru"].includes(s.kind)
                      ? s.kind
                      : undefined,
                    elementType: s.element,
                    clipboard: { mode: s.cut ? "cut" : "copy", id: other },
                  });
            if (!result.ok || result.ops.length === 0) continue;
            const part = await neighbourhood(result.ops, memoryReader(doc));
            const partial = docOf({ variant: doc.variant, ...part });
            const whole = verdict(doc, result.ops);
            expect(verdict(partial, result.ops)).toEqual(whole);
            compared++;
            if (!whole.ok) refused++;
            const applied = applyOps(doc, result.ops);
            if (applied.ok) history.push(applied.doc);
          }
        }),
        { numRuns: 300, seed: 29 },
      );
      expect(compared).toBeGreaterThan(350);
      expect(refused, `${refused} of ${compared} refused`).toBeGreaterThan(10);
    });
});

describe("every action on every node of a tree with both nets", () => {
  it("answers as on the whole tree, links dropped by moves and deletes included", async () => {
    const t = designTree();
    const ctx = counter("x");
    for (const [from, to] of [
      [t.fSystem, t.fSub],
      [t.fSub, t.fComp],
      [t.fSub, t.charComp],
      [t.fe, t.fm],
      [t.fm, t.fc],
    ]) {
      const linked = linkPicked(t.b.doc, ctx, from, to);
      if (!linked.ok) throw new Error(linked.problem.key);
      t.b.apply(linked.ops);
    }
    const doc = t.b.doc;
    const reader = memoryReader(doc);
    let compared = 0;
    let droppedLinks = 0;
    for (const id of [...doc.nodes.keys()])
      for (const action of NODE_ACTIONS)
        for (const clip of [...doc.nodes.keys()]) {
          const result = runAction(doc, id, action, ctx, {
            clipboard: { mode: "cut", id: clip },
            elementType: "machine",
          });
          if (!result.ok || result.ops.length === 0) continue;
          const part = await neighbourhood(result.ops, reader);
          const whole = verdict(doc, result.ops);
          expect(verdict(docOf({ variant: doc.variant, ...part }), result.ops)).toEqual(whole);
          compared++;
          if (whole.ok && (whole.removedLinks as string[]).length > 0) droppedLinks++;
        }
    // Batches no action makes but a client may send: a second link between the same ends, links and nodes
    // that exist already or not at all.
    const someLink = [...doc.links.values()][0];
    const manual: FmeaOp[][] = [
      [{ op: "link", link: { ...someLink, id: "again" } }],
      [{ op: "link", link: { ...someLink } }],
      [{ op: "link", link: { id: "ghost", kind: "failure", from: t.fe, to: "nowhere" } }],
      [{ op: "unlink", id: someLink.id }],
      [{ op: "unlink", id: "nowhere" }],
      [{ op: "add", node: { ...(doc.nodes.get(t.fc) as FmeaNode), id: t.fm } }],
      [{ op: "add", node: { ...(doc.nodes.get(t.fc) as FmeaNode), id: "new1", parentId: "nowhere" } }],
      [{ op: "update", id: t.component, base: 1, set: { elementType: "system" } }],
    ];
    for (const ops of manual) {
      const part = await neighbourhood(ops, reader);
      expect(verdict(docOf({ variant: doc.variant, ...part }), ops)).toEqual(verdict(doc, ops));
    }
    expect(verdict(doc, manual[0]).ok).toBe(false);
    expect(compared).toBeGreaterThan(100);
    expect(droppedLinks).toBeGreaterThan(5);
  });
});
