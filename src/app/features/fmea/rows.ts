// The open FMEA's failure chains and form rows, derived once per document for every part of the risk table
// (the form, its filters, the action list, the summary, the commands): after an edit of names or ratings only
// the chains of the failure modes it touches are rated again (table.ts patchRows); any structural edit
// derives the whole form again. An edit made here (store.ts commit) notes which nodes it changed, so finding
// them costs the edit's own nodes, not a comparison of every node of the two documents.
import type { FormRow } from "../../../shared/fmea/form.ts";
import { formRows } from "../../../shared/fmea/form.ts";
import type { FmeaLink, FmeaNode } from "../../../shared/fmea/model.ts";
import { type Chain, failureChains } from "../../../shared/fmea/risk.ts";
import type { Changes, FmeaDoc } from "../../../shared/fmea/tree.ts";
import { attributeChanges, patchRows, samePlace, warmRowIndex } from "./table.ts";

export interface DerivedRows {
  doc: FmeaDoc;
  chains: Chain[];
  rows: FormRow[];
  /** Counts the derivations. */
  serial: number;
  /** The derivation these rows were patched from and the keys of the rows that may read otherwise; null: derived anew. */
  from: number | null;
  changed: ReadonlySet<string> | null;
}

/** What an edit of ours changed: its nodes, or null when it added, removed or linked anything. */
const edits = new WeakMap<FmeaDoc, { before: FmeaDoc; nodes: ReadonlySet<string> | null }>();

export function noteEdit(before: FmeaDoc, after: FmeaDoc, changes: Changes): void {
  const structural = changes.removedNodes.size > 0 || changes.links.size > 0 || changes.removedLinks.size > 0;
  edits.set(after, { before, nodes: structural ? null : changes.nodes });
}

/** The nodes renamed or re-rated from `before` to `after`, or null when the form's lines may differ. */
function changedNodes(before: FmeaDoc, after: FmeaDoc): ReadonlySet<string> | null {
  const edit = edits.get(after);
  if (!edit || edit.before !== before) return attributeChanges(before, after);
  if (!edit.nodes) return null;
  for (const id of edit.nodes) {
    const old = before.nodes.get(id);
    const node = after.nodes.get(id);
    if (!old || !node || !samePlace(old, node)) return null;
  }
  return edit.nodes;
}

/** Two JSON values alike (a node's attribute tabs). */
function alike(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka)
    if (!alike((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

/**
 * The same node. Not by version alone: an edit of ours the server refused has the version that another
 * person's edit of the node was stored with.
 */
function sameNode(a: FmeaNode, b: FmeaNode): boolean {
  return (
    a.version === b.version &&
    a.name === b.name &&
    a.parentId === b.parentId &&
    a.ord === b.ord &&
    a.kind === b.kind &&
    a.elementType === b.elementType &&
    a.hidden === b.hidden &&
    alike(a.attrs, b.attrs)
  );
}

const sameLink = (a: FmeaLink | undefined, b: FmeaLink) =>
  a !== undefined && a.kind === b.kind && a.from === b.from && a.to === b.to;

/**
 * `fresh` (the same FMEA read again from the server) with the nodes and links that did not change taken from
 * `current`, and `current` itself when nothing changed: the rows derived from it stay, and an edit of a few
 * nodes is found as that, not as a new document.
 */
export function keepUnchanged(current: FmeaDoc, fresh: FmeaDoc): FmeaDoc {
  if (current.variant !== fresh.variant) return fresh;
  let same = current.nodes.size === fresh.nodes.size && current.links.size === fresh.links.size;
  const nodes = new Map<string, FmeaNode>();
  for (const [id, node] of fresh.nodes) {
    const old = current.nodes.get(id);
    if (old && sameNode(old, node)) nodes.set(id, old);
    else {
      nodes.set(id, node);
      same = false;
    }
  }
  const links = new Map<string, FmeaLink>();
  for (const [id, link] of fresh.links) {
    const old = current.links.get(id);
    if (old && sameLink(old, link)) links.set(id, old);
    else {
      links.set(id, link);
      same = false;
    }
  }
  return same ? current : { variant: fresh.variant, nodes, links };
}

let last: DerivedRows | null = null;
let serial = 0;

/** The chains and rows of `doc` (the same object for the same document). */
export function derivedRows(doc: FmeaDoc): DerivedRows {
  if (last?.doc === doc) return last;
  const before = last;
  const changed = before ? changedNodes(before.doc, doc) : null;
  if (before && changed) {
    const patched = patchRows(before.rows, doc, changed);
    const chains: Chain[] = [];
    for (const row of patched.rows) if (row.chain !== chains[chains.length - 1]) chains.push(row.chain);
    last = { doc, chains, rows: patched.rows, serial: ++serial, from: before.serial, changed: patched.keys };
  } else {
    const chains = failureChains(doc);
    last = { doc, chains, rows: formRows(doc, chains), serial: ++serial, from: null, changed: null };
    warmRowIndex(last.rows);
  }
  return last;
}
