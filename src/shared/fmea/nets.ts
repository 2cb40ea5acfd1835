// The function net, the failure net and the function matrix as views of one FMEA document (AIAG & VDA FMEA
// Handbook, 2019, steps 3 and 4): pure functions of the document's links, so a net can never disagree with
// the links the tree shows and `applyOps` keeps (a move or delete drops the links it breaks; the views follow).
// A matrix cell's edit is a link or unlink operation, sent and undone like any other edit.
import type { ActionContext, ActionResult } from "./actions.ts";
import { linkNodes } from "./actions.ts";
import type { FmeaNode, LinkKind, NodeKind } from "./model.ts";
import { childIndex, type FmeaDoc, type FmeaOp, ownerStructure } from "./tree.ts";

/** The node kinds each net joins. */
export const NET_KINDS: Readonly<Record<LinkKind, readonly NodeKind[]>> = {
  function: ["func", "prod", "procSpec"],
  failure: ["fail"],
};

export interface NetEdge {
  linkId: string;
  from: string;
  to: string;
}

export interface Net {
  kind: LinkKind;
  /** The nodes the net was drawn around (they are in `nodes` too). */
  focus: string[];
  /** Upper levels first (the order a walk meets them), each once. */
  nodes: string[];
  edges: NetEdge[];
  /** More nodes were linked than `limit`: the net is cut there. */
  truncated: boolean;
}

/**
 * What a net is drawn around: the selected node of the right tree when it belongs to the net (for the
 * function net a function or characteristic, or a failure's function; for the failure net a failure, or the
 * failures of a selected function), otherwise every node of the net's kinds on the selected structure element.
 */
export function netFocus(
  doc: FmeaDoc,
  kind: LinkKind,
  structureId: string | null,
  selectedId: string | null,
): string[] {
  const kinds = NET_KINDS[kind];
  const selected = selectedId ? doc.nodes.get(selectedId) : undefined;
  if (selected) {
    if (kinds.includes(selected.kind)) return [selected.id];
    if (kind === "function" && selected.kind === "fail" && selected.parentId) {
      const owner = doc.nodes.get(selected.parentId);
      if (owner && kinds.includes(owner.kind)) return [owner.id];
    }
  }
  const index = childIndex(doc);
  const out: string[] = [];
  if (kind === "failure" && selected && NET_KINDS.function.includes(selected.kind)) {
    for (const child of index.get(selected.id) ?? []) if (child.kind === "fail") out.push(child.id);
    return out;
  }
  if (structureId === null) return out;
  for (const child of index.get(structureId) ?? []) {
    if (kind === "function" && kinds.includes(child.kind)) out.push(child.id);
    if (kind === "failure" && NET_KINDS.function.includes(child.kind))
      for (const f of index.get(child.id) ?? []) if (f.kind === "fail") out.push(f.id);
  }
  return out;
}

/**
 * The net around `focus`: every node reached upwards (the links into a node, to the higher levels it
 * contributes to or is caused by) and downwards (the links out of it), followed to the end of each chain
 * but never sideways (a sibling cause of an effect above is not drawn). At most `limit` nodes.
 */
export function netAround(doc: FmeaDoc, kind: LinkKind, focus: readonly string[], limit = 400): Net {
  const down = new Map<string, NetEdge[]>();
  const up = new Map<string, NetEdge[]>();
  for (const link of doc.links.values()) {
    if (link.kind !== kind || !doc.nodes.has(link.from) || !doc.nodes.has(link.to)) continue;
    const edge = { linkId: link.id, from: link.from, to: link.to };
    const d = down.get(link.from);
    if (d) d.push(edge);
    else down.set(link.from, [edge]);
    const u = up.get(link.to);
    if (u) u.push(edge);
    else up.set(link.to, [edge]);
  }
  const seen = new Set<string>();
  const edges = new Map<string, NetEdge>();
  let truncated = false;
  const start = focus.filter((id) => doc.nodes.has(id));
  for (const id of start) seen.add(id);
  const walk = (next: Map<string, NetEdge[]>, far: (e: NetEdge) => string) => {
    const queue = [...start];
    const visited = new Set(start);
    while (queue.length > 0) {
      const id = queue.shift() as string;
      for (const edge of next.get(id) ?? []) {
        const other = far(edge);
        if (!seen.has(other)) {
          if (seen.size >= limit) {
            truncated = true;
            continue;
          }
          seen.add(other);
        }
        edges.set(edge.linkId, edge);
        if (!visited.has(other)) {
          visited.add(other);
          queue.push(other);
        }
      }
    }
  };
  walk(up, (e) => e.from);
  walk(down, (e) => e.to);
  // Upper levels first: by the depth of each node's structure element, then as found.
  const depth = new Map<string, number>();
  const depthOfStructure = (id: string) => {
    let d = 0;
    let node: FmeaNode | undefined = ownerStructure(doc, id);
    while (node && node.parentId !== null && d <= doc.nodes.size) {
      d++;
      node = doc.nodes.get(node.parentId);
    }
    return d;
  };
  const order = [...seen];
  for (const id of order) depth.set(id, depthOfStructure(id));
  const position = new Map(order.map((id, i) => [id, i]));
  order.sort(
    (a, b) =>
      (depth.get(a) as number) - (depth.get(b) as number) ||
      (position.get(a) as number) - (position.get(b) as number),
  );
  return {
    kind,
    focus: start,
    nodes: order,
    edges: [...edges.values()].filter((e) => seen.has(e.from) && seen.has(e.to)),
    truncated,
  };
}

export interface MatrixColumn {
  node: FmeaNode;
  /** The structure element one level below the matrix's element that the column's node belongs to. */
  structure: FmeaNode;
}

export interface FunctionMatrix {
  structureId: string;
  /** The element's functions: the higher level. */
  rows: FmeaNode[];
  /** The functions and characteristics of its structure children, child by child: the lower level. */
  columns: MatrixColumn[];
  /** Linked cells as `row id` + "\u0001" + `column id`, each with its link's id. */
  linked: Map<string, string>;
}

export const cellKey = (row: string, column: string) => `${row}\u0001${column}`;

/** The function matrix of a structure element and the level directly below it. */
export function functionMatrix(doc: FmeaDoc, structureId: string): FunctionMatrix {
  const index = childIndex(doc);
  const rows = (index.get(structureId) ?? []).filter((n) => n.kind === "func");
  const columns: MatrixColumn[] = [];
  for (const child of index.get(structureId) ?? []) {
    if (child.kind !== "stru") continue;
    for (const node of index.get(child.id) ?? [])
      if (NET_KINDS.function.includes(node.kind)) columns.push({ node, structure: child });
  }
  const rowIds = new Set(rows.map((r) => r.id));
  const columnIds = new Set(columns.map((c) => c.node.id));
  const linked = new Map<string, string>();
  for (const link of doc.links.values())
    if (link.kind === "function" && rowIds.has(link.from) && columnIds.has(link.to))
      linked.set(cellKey(link.from, link.to), link.id);
  return { structureId, rows, columns, linked };
}

/** The edit a matrix cell's toggle makes: unlink a linked cell, else link it (refused by the net's rules). */
export function toggleCell(doc: FmeaDoc, ctx: ActionContext, row: string, column: string): ActionResult {
  for (const link of doc.links.values())
    if (link.kind === "function" && link.from === row && link.to === column) {
      const ops: FmeaOp[] = [{ op: "unlink", id: link.id }];
      return { ok: true, ops };
    }
  return linkNodes(doc, ctx, "function", row, column);
}
