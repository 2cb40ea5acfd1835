// dagre layout through layoutGraph: positions that respect ranks and input order, a stable key, and the
// provisional stand-in used while a big layout runs in the worker.
import { describe, expect, it } from "vitest";
import { layoutGraph, layoutKey, provisionalLayout } from "../../../../src/app/components/graph/layout.ts";
import type { GraphInput } from "../../../../src/app/components/graph/types.ts";

/** A complete tree: node i's children are b*i+1 .. b*i+b. */
function tree(n: number, b: number, width = 100, height = 60): GraphInput {
  const nodes = Array.from({ length: n }, (_, i) => ({ id: `n${i}`, width, height }));
  const edges = nodes.slice(1).map((_, j) => ({ from: `n${Math.floor(j / b)}`, to: `n${j + 1}` }));
  return { nodes, edges };
}

describe("layoutGraph", () => {
  it("puts children a rank below their parent (TB) and keeps siblings in input order with keepOrder", () => {
    const input = tree(13, 3);
    const layout = layoutGraph(input, { keepOrder: true, ranker: "longest-path" });
    expect(layout.nodes.size).toBe(13);
    for (const e of input.edges) {
      const a = layout.nodes.get(e.from);
      const b = layout.nodes.get(e.to);
      expect(b?.y, `${e.from} -> ${e.to}`).toBeGreaterThan((a?.y ?? 0) + 60);
    }
    for (const parent of [0, 1, 2, 3]) {
      const xs = [1, 2, 3].map((k) => layout.nodes.get(`n${3 * parent + k}`)?.x ?? Number.NaN);
      expect(xs, `children of n${parent}`).toEqual([...xs].sort((p, q) => p - q));
    }
    // No two nodes of one rank overlap.
    const byRank = new Map<number, number[]>();
    for (const n of layout.nodes.values()) byRank.set(n.y, [...(byRank.get(n.y) ?? []), n.x]);
    for (const xs of byRank.values()) {
      xs.sort((p, q) => p - q);
      for (let i = 1; i < xs.length; i++) expect(xs[i] - xs[i - 1]).toBeGreaterThanOrEqual(100);
    }
    expect(layout.width).toBeGreaterThan(9 * 100);
    expect(layout.edges).toHaveLength(12);
  });

  it("lays out left to right with rankdir LR", () => {
    const layout = layoutGraph(tree(4, 3), { rankdir: "LR" });
    const root = layout.nodes.get("n0");
    for (const id of ["n1", "n2", "n3"]) expect(layout.nodes.get(id)?.x).toBeGreaterThan(root?.x ?? 0);
    expect(layout.rankdir).toBe("LR");
  });

  it("ignores edges to unknown nodes and lays out an empty graph", () => {
    const layout = layoutGraph({
      nodes: [{ id: "a", width: 10, height: 10 }],
      edges: [{ from: "a", to: "zz" }],
    });
    expect(layout.edges).toHaveLength(0);
    expect(layoutGraph({ nodes: [], edges: [] }).nodes.size).toBe(0);
  });

  it("gives one key for the same content and another when anything changes", () => {
    const a = tree(10, 2);
    expect(layoutKey(a)).toBe(layoutKey(tree(10, 2)));
    expect(layoutKey(a)).not.toBe(layoutKey(tree(10, 2, 101)));
    expect(layoutKey(a)).not.toBe(layoutKey(tree(10, 3)));
    expect(layoutKey(a)).not.toBe(layoutKey(a, { rankdir: "LR" }));
    expect(layoutGraph(a).key).toBe(layoutKey(a));
  });
});

describe("provisionalLayout", () => {
  it("keeps laid-out nodes in place and puts a new node below its parent", () => {
    const before = layoutGraph(tree(4, 3));
    const input = tree(4, 3);
    const grown: GraphInput = {
      nodes: [...input.nodes, { id: "new", width: 100, height: 60 }],
      edges: [...input.edges, { from: "n2", to: "new" }],
    };
    const p = provisionalLayout(grown, before);
    expect(p.provisional).toBe(true);
    for (const id of ["n0", "n1", "n2", "n3"]) expect(p.nodes.get(id)).toEqual(before.nodes.get(id));
    const parent = before.nodes.get("n2");
    expect(p.nodes.get("new")?.x).toBe(parent?.x);
    expect(p.nodes.get("new")?.y).toBeGreaterThan(parent?.y ?? 0);
    expect([...p.nodes.keys()]).toEqual(grown.nodes.map((n) => n.id));
  });

  it("places a whole new graph without a previous layout", () => {
    const p = provisionalLayout(tree(7, 2), null);
    expect(p.nodes.size).toBe(7);
    for (const n of p.nodes.values()) expect(Number.isFinite(n.x) && Number.isFinite(n.y)).toBe(true);
  });
});
