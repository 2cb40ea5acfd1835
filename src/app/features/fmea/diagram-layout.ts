// Layouts of the FMEA diagrams with @dagrejs/dagre, in the shared graph component's GraphLayout shape.
// The boundary diagram is a compound graph (an element's children are laid out inside it); dagre keeps a
// boundary's members together, and each boundary's rectangle is then taken as the box around its members
// plus a margin and a title line, from the inside out, so nested boundaries never cut each other.
import dagre from "@dagrejs/dagre";
import { useEffect, useState } from "react";
import type { BoundaryGraph, FlowStep } from "../../../shared/fmea/diagrams.ts";
import { flowEdges } from "../../../shared/fmea/diagrams.ts";
import { layoutKey } from "../../components/graph/layout.ts";
import type { GraphLayout, GraphNode, NodeBox } from "../../components/graph/types.ts";
import { BOUNDARY_SIZES, BOUNDARY_TITLE, FLOW_STEP_SIZE, REWORK_SIZE } from "./diagram-draw.ts";

const PAD = 14;
const MARGIN = 24;

/** Where the straight line from `box`'s centre towards `other`'s centre leaves `box`. */
export function borderPoint(box: NodeBox, other: NodeBox): { x: number; y: number } {
  const dx = other.x - box.x;
  const dy = other.y - box.y;
  if (dx === 0 && dy === 0) return { x: box.x, y: box.y };
  const scale = Math.min(
    dx === 0 ? Number.POSITIVE_INFINITY : box.width / 2 / Math.abs(dx),
    dy === 0 ? Number.POSITIVE_INFINITY : box.height / 2 / Math.abs(dy),
  );
  return { x: box.x + dx * Math.min(1, scale), y: box.y + dy * Math.min(1, scale) };
}

/** What the boundary layout depends on (not the names, which are drawn inside fixed-size items). */
export function boundaryLayoutKey(graph: BoundaryGraph): string {
  const input = {
    nodes: graph.items.map((i) => ({ id: `${i.id}:${i.parent ?? ""}:${i.kind}`, width: 0, height: 0 })),
    edges: graph.edges,
  };
  return layoutKey(input, { rankdir: "LR" });
}

let last: GraphLayout | null = null;

/**
 * The boundary diagram's layout, the last one again when only names or attributes changed (an edit of a
 * function or a failure, someone else's rename), so those edits never lay the diagram out again.
 */
export function boundaryLayoutCached(graph: BoundaryGraph): GraphLayout {
  const key = boundaryLayoutKey(graph);
  if (last?.key !== key) last = boundaryLayout(graph);
  return last;
}

/** From this many items on, the boundary diagram is laid out in a worker (dagre's compound layout of 150
 * items takes about 0.2 s, of 700 about 1 s). */
export const BOUNDARY_WORKER_THRESHOLD = 80;

/**
 * The boundary diagram's layout for the screen: small ones at once, big ones in a worker while the last
 * layout stays on screen (marked provisional, new items appear when the worker answers); a newer
 * structure terminates the running worker.
 */
export function useBoundaryLayout(graph: BoundaryGraph): GraphLayout {
  const key = boundaryLayoutKey(graph);
  const small = graph.items.length < BOUNDARY_WORKER_THRESHOLD;
  const [, setDone] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the graph's layout input
  useEffect(() => {
    if (small || last?.key === key) return;
    const worker = new Worker(new URL("./boundary-layout.worker.ts", import.meta.url), {
      type: "module",
      name: "relbench-boundary-layout",
    });
    worker.onmessage = (event: MessageEvent<{ layout?: GraphLayout; error?: string }>) => {
      worker.terminate();
      if (event.data.layout) last = event.data.layout;
      setDone((n) => n + 1);
    };
    // Only what the layout reads travels (not the nodes' attributes).
    worker.postMessage({
      graph: {
        items: graph.items.map((i) => ({ id: i.id, kind: i.kind, parent: i.parent })),
        edges: graph.edges,
        interfaces: [],
      },
    });
    return () => worker.terminate();
  }, [key, small]);
  if (small) return boundaryLayoutCached(graph);
  if (last?.key === key) return last;
  return { ...(last ?? emptyLayout()), provisional: true };
}

function emptyLayout(): GraphLayout {
  return { nodes: new Map(), edges: [], width: 0, height: 0, rankdir: "LR", key: "", elapsedMs: 0 };
}

export function boundaryLayout(graph: BoundaryGraph): GraphLayout {
  const started = performance.now();
  const g = new dagre.graphlib.Graph({ compound: true });
  g.setGraph({ rankdir: "LR", nodesep: 36, ranksep: 56, marginx: MARGIN, marginy: MARGIN });
  g.setDefaultEdgeLabel(() => ({}));
  for (const item of graph.items) {
    if (item.kind === "boundary") g.setNode(item.id, {});
    else {
      const [width, height] = BOUNDARY_SIZES[item.kind];
      g.setNode(item.id, { width, height });
    }
  }
  for (const item of graph.items) if (item.parent !== null) g.setParent(item.id, item.parent);
  // dagre places a compound graph's edges between leaves only: an interface to a boundary pulls towards
  // the boundary's first block, so it sits beside the boundary it joins.
  const firstLeaf = new Map<string, string>();
  for (let i = graph.items.length - 1; i >= 0; i--) {
    const item = graph.items[i];
    if (item.kind !== "boundary") firstLeaf.set(item.id, item.id);
    if (item.parent !== null && firstLeaf.has(item.id) && item.kind !== "interface")
      firstLeaf.set(item.parent, firstLeaf.get(item.id) as string);
  }
  for (const e of graph.edges) {
    const from = firstLeaf.get(e.from);
    const to = firstLeaf.get(e.to);
    if (from && to && from !== to) g.setEdge(from, to);
  }
  if (graph.items.length > 0) dagre.layout(g);

  const nodes = new Map<string, NodeBox>();
  const boxes = new Map<string, { x0: number; y0: number; x1: number; y1: number }>();
  for (const item of graph.items)
    if (item.kind !== "boundary") {
      const placed = g.node(item.id) as { x: number; y: number; width: number; height: number };
      boxes.set(item.id, {
        x0: placed.x - placed.width / 2,
        y0: placed.y - placed.height / 2,
        x1: placed.x + placed.width / 2,
        y1: placed.y + placed.height / 2,
      });
    }
  // Inside out: the items are listed outer first, so walking them backwards meets every member first.
  const members = new Map<string, string[]>();
  for (const item of graph.items)
    if (item.parent !== null) members.set(item.parent, [...(members.get(item.parent) ?? []), item.id]);
  for (let i = graph.items.length - 1; i >= 0; i--) {
    const item = graph.items[i];
    if (item.kind !== "boundary") continue;
    const inner = (members.get(item.id) ?? []).map((id) => boxes.get(id)).filter((b) => b !== undefined);
    if (inner.length === 0) continue;
    boxes.set(item.id, {
      x0: Math.min(...inner.map((b) => b.x0)) - PAD,
      y0: Math.min(...inner.map((b) => b.y0)) - PAD - BOUNDARY_TITLE,
      x1: Math.max(...inner.map((b) => b.x1)) + PAD,
      y1: Math.max(...inner.map((b) => b.y1)) + PAD,
    });
  }
  // Shift everything so the drawing starts at the margin (boundaries grew up and left).
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = 0;
  let maxY = 0;
  for (const b of boxes.values()) {
    minX = Math.min(minX, b.x0);
    minY = Math.min(minY, b.y0);
    maxX = Math.max(maxX, b.x1);
    maxY = Math.max(maxY, b.y1);
  }
  const dx = boxes.size > 0 ? MARGIN - minX : 0;
  const dy = boxes.size > 0 ? MARGIN - minY : 0;
  for (const item of graph.items) {
    const b = boxes.get(item.id);
    if (!b) continue;
    nodes.set(item.id, {
      id: item.id,
      x: (b.x0 + b.x1) / 2 + dx,
      y: (b.y0 + b.y1) / 2 + dy,
      width: b.x1 - b.x0,
      height: b.y1 - b.y0,
      kind: item.kind,
    });
  }
  // Interfaces are drawn straight, from border to border (a boundary's border, not its centre).
  const edges = graph.edges
    .filter((e) => nodes.has(e.from) && nodes.has(e.to))
    .map((e) => {
      const a = nodes.get(e.from) as NodeBox;
      const b = nodes.get(e.to) as NodeBox;
      return { from: e.from, to: e.to, points: [borderPoint(a, b), borderPoint(b, a)] };
    });
  return {
    nodes,
    edges,
    width: boxes.size > 0 ? maxX - minX + 2 * MARGIN : 0,
    height: boxes.size > 0 ? maxY - minY + 2 * MARGIN : 0,
    rankdir: "LR",
    key: boundaryLayoutKey(graph),
    elapsedMs: performance.now() - started,
  };
}

/** The id of the rework item of a step (its loop back is drawn through it, labelled). */
export const reworkId = (stepId: string) => `${stepId}~rework`;

/**
 * The flow chart top to bottom. dagre ranks the steps (a rework loop is a cycle it breaks); then the main
 * steps are set in one column, each branch beside the step it runs with, and each rework label to the
 * left of its inspection, so no arrow runs under a step. Arrows are straight, border to border.
 */
export function flowLayout(steps: readonly FlowStep[]): GraphLayout {
  const started = performance.now();
  const [w, h] = FLOW_STEP_SIZE;
  const [rw, rh] = REWORK_SIZE;
  const gap = 48;
  const nodes: GraphNode[] = steps.map((s) => ({ id: s.node.id, width: w, height: h, kind: "step" }));
  const drawn: { from: string; to: string }[] = [];
  for (const e of flowEdges(steps)) {
    if (!e.rework) drawn.push(e);
    else {
      nodes.push({ id: reworkId(e.from), width: rw, height: rh, kind: "rework" });
      drawn.push({ from: e.from, to: reworkId(e.from) }, { from: reworkId(e.from), to: e.to });
    }
  }
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "TB", nodesep: 40, ranksep: 36, marginx: MARGIN, marginy: MARGIN });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: n.width, height: n.height });
  for (const e of drawn) g.setEdge(e.from, e.to);
  if (nodes.length > 0) dagre.layout(g, { disableOptimalOrderHeuristic: true });

  // Columns: the rework labels, then the main line, then branches beside their step.
  const column = new Map<string, number>();
  let besideCount = 0;
  let widest = 0;
  for (const s of steps) {
    besideCount = s.branch ? besideCount + 1 : 0;
    column.set(s.node.id, besideCount);
    widest = Math.max(widest, besideCount);
  }
  const hasRework = nodes.some((n) => n.kind === "rework");
  const mainX = MARGIN + (hasRework ? rw + gap : 0) + w / 2;
  // A branch takes the row of the main step it runs with.
  const rowOf = new Map<string, number>();
  let lastMainY = 0;
  for (const s of steps) {
    const y = (g.node(s.node.id) as { y: number }).y;
    if (!s.branch) lastMainY = y;
    rowOf.set(s.node.id, s.branch ? lastMainY : y);
  }
  const boxes = new Map<string, NodeBox>();
  let height = 0;
  for (const n of nodes) {
    const placed = g.node(n.id) as { y: number };
    const box: NodeBox =
      n.kind === "rework"
        ? { id: n.id, x: MARGIN + rw / 2, y: placed.y, width: rw, height: rh, kind: "rework" }
        : {
            id: n.id,
            x: mainX + (column.get(n.id) ?? 0) * (w + gap),
            y: rowOf.get(n.id) ?? placed.y,
            width: w,
            height: h,
            kind: "step",
          };
    boxes.set(n.id, box);
    height = Math.max(height, box.y + box.height / 2 + MARGIN);
  }
  // A rework label sits level with the step it leaves from.
  for (const s of steps)
    if (s.reworkTo) {
      const label = boxes.get(reworkId(s.node.id));
      const from = boxes.get(s.node.id);
      if (label && from) label.y = from.y;
    }
  const edges = drawn.map((e) => {
    const a = boxes.get(e.from) as NodeBox;
    const b = boxes.get(e.to) as NodeBox;
    return { from: e.from, to: e.to, points: [borderPoint(a, b), borderPoint(b, a)] };
  });
  return {
    nodes: boxes,
    edges,
    width: mainX + w / 2 + widest * (w + gap) + MARGIN,
    height,
    rankdir: "TB",
    key: layoutKey({ nodes, edges: drawn }, { rankdir: "TB" }),
    elapsedMs: performance.now() - started,
  };
}
