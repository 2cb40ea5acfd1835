// What the two trees of the structure screen show, and how the arrow keys walk them (a file explorer's
// rules: right opens a closed node or steps into it, left closes an open node or steps out to its parent).
// Pure functions of the document, tested without a browser.
import type { FmeaNode } from "../../../shared/fmea/model.ts";
import { childIndex, type FmeaDoc } from "../../../shared/fmea/tree.ts";

export type Pane = "left" | "right";

export interface Row {
  node: FmeaNode;
  depth: number;
  hasChildren: boolean;
  open: boolean;
}

// A document is never changed in place (every edit makes a new one), so what is derived from one is kept
// with it: at 25,000 nodes the index alone is several milliseconds, and a key press in a tree asks for the
// rows three times (the arrow's step, the selection, the render).
const indexes = new WeakMap<FmeaDoc, Map<string | null, FmeaNode[]>>();
const lastRows = new Map<
  Pane,
  { doc: FmeaDoc; structureId: string | null; closed: ReadonlySet<string>; rows: Row[] }
>();

/** `childIndex` of the document, made once per document. */
export function childIndexOf(doc: FmeaDoc): Map<string | null, FmeaNode[]> {
  let index = indexes.get(doc);
  if (!index) {
    index = childIndex(doc);
    indexes.set(doc, index);
  }
  return index;
}

/** Left: the structure tree (structure elements only). Right: the functions, characteristics, failures,
 * measures and interfaces of one structure element, as a tree. Closed nodes hide their children. The last
 * answer per pane is kept while the document, element and closed set are the same objects. */
export function paneRows(
  doc: FmeaDoc,
  pane: Pane,
  structureId: string | null,
  closed: ReadonlySet<string>,
): Row[] {
  const last = lastRows.get(pane);
  if (last && last.doc === doc && last.structureId === structureId && last.closed === closed)
    return last.rows;
  const rows = buildRows(doc, pane, structureId, closed);
  lastRows.set(pane, { doc, structureId, closed, rows });
  return rows;
}

function buildRows(doc: FmeaDoc, pane: Pane, structureId: string | null, closed: ReadonlySet<string>): Row[] {
  const index = childIndexOf(doc);
  const rows: Row[] = [];
  const inPane = (n: FmeaNode) => (pane === "left" ? n.kind === "stru" : n.kind !== "stru");
  const visit = (node: FmeaNode, depth: number) => {
    const kids = (index.get(node.id) ?? []).filter(inPane);
    const open = !closed.has(node.id);
    rows.push({ node, depth, hasChildren: kids.length > 0, open });
    if (open) for (const kid of kids) visit(kid, depth + 1);
  };
  if (pane === "left") for (const root of index.get(null) ?? []) visit(root, 0);
  else if (structureId !== null)
    for (const top of (index.get(structureId) ?? []).filter(inPane)) visit(top, 0);
  return rows;
}

export type Step = { select?: string; open?: string; close?: string };

/** Where an arrow key goes from `selected` in `rows`. */
export function arrowStep(
  rows: readonly Row[],
  selected: string | null,
  key: "up" | "down" | "left" | "right",
): Step {
  if (rows.length === 0) return {};
  const i = rows.findIndex((r) => r.node.id === selected);
  if (i < 0) return { select: rows[0].node.id };
  const row = rows[i];
  switch (key) {
    case "up":
      return { select: rows[Math.max(0, i - 1)].node.id };
    case "down":
      return { select: rows[Math.min(rows.length - 1, i + 1)].node.id };
    case "right":
      if (!row.hasChildren) return {};
      return row.open ? { select: rows[i + 1].node.id } : { open: row.node.id };
    case "left": {
      if (row.hasChildren && row.open) return { close: row.node.id };
      for (let j = i - 1; j >= 0; j--) if (rows[j].depth < row.depth) return { select: rows[j].node.id };
      return {};
    }
  }
}
