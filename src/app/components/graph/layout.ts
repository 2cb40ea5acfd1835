// Layered layout by @dagrejs/dagre, as a pure function of the graph and the options: the same input gives
// the same positions, in the browser's layout worker, on the main thread for small graphs and in Node tests.
import dagre from "@dagrejs/dagre";
import type { EdgePath, GraphInput, GraphLayout, LayoutOptions, NodeBox, Rankdir } from "./types.ts";

export const DEFAULT_LAYOUT: Required<LayoutOptions> = {
  rankdir: "TB",
  nodesep: 24,
  ranksep: 48,
  margin: 24,
  keepOrder: false,
  ranker: "network-simplex",
};

/**
 * A short hash of everything the layout depends on (FNV-1a over ids, sizes, edges and options), so
 * layouts can be cached and a stale answer from the worker recognised.
 */
export function layoutKey(input: GraphInput, options: LayoutOptions = {}): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const mix = (s: string) => {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    }
    h1 = Math.imul(h1 ^ 0x1f, 0x01000193);
  };
  const o = { ...DEFAULT_LAYOUT, ...options };
  mix(`${o.rankdir}|${o.nodesep}|${o.ranksep}|${o.margin}|${o.keepOrder}|${o.ranker}`);
  for (const n of input.nodes) mix(`${n.id}\u0001${n.width}\u0001${n.height}`);
  mix("\u0002");
  for (const e of input.edges) mix(`${e.from}\u0001${e.to}`);
  const hex = (h: number) => (h >>> 0).toString(16).padStart(8, "0");
  return `${input.nodes.length}-${hex(h1)}${hex(h2)}`;
}

/** Lays the graph out; edges naming unknown nodes are ignored, duplicate edges drawn once. */
export function layoutGraph(input: GraphInput, options: LayoutOptions = {}): GraphLayout {
  const o = { ...DEFAULT_LAYOUT, ...options };
  const started = performance.now();
  const g = new dagre.graphlib.Graph();
  g.setGraph({
    rankdir: o.rankdir,
    nodesep: o.nodesep,
    ranksep: o.ranksep,
    marginx: o.margin,
    marginy: o.margin,
    ranker: o.ranker,
  });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of input.nodes) g.setNode(n.id, { width: n.width, height: n.height });
  for (const e of input.edges) if (g.hasNode(e.from) && g.hasNode(e.to)) g.setEdge(e.from, e.to);
  if (input.nodes.length > 0) dagre.layout(g, { disableOptimalOrderHeuristic: o.keepOrder });

  const nodes = new Map<string, NodeBox>();
  for (const n of input.nodes) {
    const placed = g.node(n.id) as { x: number; y: number };
    const box: NodeBox = { id: n.id, x: placed.x, y: placed.y, width: n.width, height: n.height };
    if (n.kind !== undefined) box.kind = n.kind;
    nodes.set(n.id, box);
  }
  const edges: EdgePath[] = g.edges().map((e) => ({
    from: e.v,
    to: e.w,
    points: ((g.edge(e) as { points?: { x: number; y: number }[] }).points ?? []).map((p) => ({
      x: p.x,
      y: p.y,
    })),
  }));
  const graph = g.graph() as { width?: number; height?: number };
  return {
    nodes,
    edges,
    width: graph.width ?? 0,
    height: graph.height ?? 0,
    rankdir: o.rankdir,
    key: layoutKey(input, options),
    elapsedMs: performance.now() - started,
  };
}

/**
 * A stand-in while the real layout is computed: nodes that were laid out before keep their place, new
 * nodes go beside their parent (the source of their first edge) so an edit shows at once; edges are
 * straight. Marked `provisional`.
 */
export function provisionalLayout(
  input: GraphInput,
  previous: GraphLayout | null,
  options: LayoutOptions = {},
): GraphLayout {
  const o = { ...DEFAULT_LAYOUT, ...options };
  const horizontal = o.rankdir === "LR" || o.rankdir === "RL";
  const sign = o.rankdir === "BT" || o.rankdir === "RL" ? -1 : 1;
  const byId = new Map(input.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<string, string>();
  for (const e of input.edges) if (!parentOf.has(e.to)) parentOf.set(e.to, e.from);
  const nodes = new Map<string, NodeBox>();
  const childCount = new Map<string, number>();
  let width = 0;
  let height = 0;
  const place = (id: string, depth = 0): NodeBox | undefined => {
    const done = nodes.get(id);
    if (done) return done;
    const n = byId.get(id);
    if (!n) return undefined;
    const old = previous?.nodes.get(id);
    let box: NodeBox;
    if (old) box = { ...old, width: n.width, height: n.height };
    else {
      const parent = depth < 64 ? parentOf.get(id) : undefined;
      const p = parent ? place(parent, depth + 1) : undefined;
      const k = parent ? (childCount.get(parent) ?? 0) : 0;
      if (parent) childCount.set(parent, k + 1);
      const base = p ?? { x: o.margin + n.width / 2, y: o.margin + n.height / 2, width: 0, height: 0 };
      const step = (horizontal ? n.height : n.width) + o.nodesep;
      box = horizontal
        ? {
            id,
            x: base.x + sign * (p ? (p.width + n.width) / 2 + o.ranksep : 0),
            y: base.y + k * step,
            width: n.width,
            height: n.height,
          }
        : {
            id,
            x: base.x + k * step,
            y: base.y + sign * (p ? (p.height + n.height) / 2 + o.ranksep : 0),
            width: n.width,
            height: n.height,
          };
    }
    if (n.kind !== undefined) box.kind = n.kind;
    nodes.set(id, box);
    return box;
  };
  for (const n of input.nodes) place(n.id);
  // Input order, as layoutGraph gives it.
  const ordered = new Map<string, NodeBox>();
  for (const n of input.nodes) {
    const box = nodes.get(n.id) as NodeBox;
    ordered.set(n.id, box);
    width = Math.max(width, box.x + box.width / 2 + o.margin);
    height = Math.max(height, box.y + box.height / 2 + o.margin);
  }
  const edges: EdgePath[] = [];
  for (const e of input.edges) {
    const a = ordered.get(e.from);
    const b = ordered.get(e.to);
    if (a && b)
      edges.push({
        from: e.from,
        to: e.to,
        points: [
          { x: a.x, y: a.y },
          { x: b.x, y: b.y },
        ],
      });
  }
  return {
    nodes: ordered,
    edges,
    width,
    height,
    rankdir: o.rankdir as Rankdir,
    key: layoutKey(input, options),
    elapsedMs: 0,
    provisional: true,
  };
}
