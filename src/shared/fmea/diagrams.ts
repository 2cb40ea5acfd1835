// What the FMEA's two diagrams show, as pure functions of the document: the DFMEA boundary diagram
// (structure elements as blocks, an element with children drawn as the system boundary around them,
// interfaces between elements) and the PFMEA process flow chart (the process steps in order with their
// flow symbols, parallel branches, rework loops and characteristics). Both edit the same nodes as the
// structure tree; the editing operations come from actions.ts so every rule stays in one place.
//
// Interfaces are the `api` nodes the model already has: the node hangs under one element and names the
// other in its apiList tab (`counterpart`), with the interface type (AIAG & VDA FMEA Handbook 2019, 2.3.3:
// physical connection, material exchange, energy transfer, data exchange, human-machine).
// Flow symbols are spec 3's PFDicon tab (`symbol`); a step's `reworkTo` (an earlier step) draws a rework
// loop and `branch: true` puts the step beside the one before it (an alternative path that rejoins).
import type { Problem } from "../problem.ts";
import { type ActionContext, type ActionResult, runAction } from "./actions.ts";
import { type FmeaNode, PROCESS_STEP_TYPES, type ProcessElementType } from "./model.ts";
import { childIndex, type FmeaDoc, type FmeaOp, isAncestor } from "./tree.ts";

export const INTERFACE_TYPES = ["physical", "material", "energy", "information", "humanMachine"] as const;
export type InterfaceType = (typeof INTERFACE_TYPES)[number];

export interface BoundaryInterface {
  /** The api node. */
  id: string;
  from: string;
  to: string;
  type: InterfaceType;
  name: string;
}

/** The interfaces whose two ends exist (an interface to a deleted element is not drawn). */
export function interfacesOf(doc: FmeaDoc): BoundaryInterface[] {
  const out: BoundaryInterface[] = [];
  for (const node of doc.nodes.values()) {
    if (node.kind !== "api" || node.parentId === null) continue;
    const to = node.attrs.apiList?.counterpart;
    const type = node.attrs.apiList?.interfaceType;
    if (typeof to !== "string" || doc.nodes.get(to)?.kind !== "stru" || to === node.parentId) continue;
    out.push({
      id: node.id,
      from: node.parentId,
      to,
      type: (INTERFACE_TYPES as readonly unknown[]).includes(type) ? (type as InterfaceType) : "physical",
      name: node.name,
    });
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Adds an interface of `type` from structure element `from` to `to` (spec 5's add interface on `from`). */
export function addInterface(
  doc: FmeaDoc,
  ctx: ActionContext,
  from: string,
  to: string,
  type: InterfaceType,
  name = "",
): ActionResult {
  const a = doc.nodes.get(from);
  const b = doc.nodes.get(to);
  if (!a || !b || a.kind !== "stru" || b.kind !== "stru" || from === to)
    return { ok: false, problem: { key: "fmea.interfaceEnds" } };
  if (isAncestor(doc, from, to) || isAncestor(doc, to, from))
    return { ok: false, problem: { key: "fmea.interfaceNested" } };
  for (const existing of interfacesOf(doc))
    if (
      existing.type === type &&
      ((existing.from === from && existing.to === to) || (existing.from === to && existing.to === from))
    )
      return { ok: false, problem: { key: "fmea.linkExists" } };
  const result = runAction(doc, from, "addInterface", ctx, { name });
  if (!result.ok) return result;
  const ops = result.ops.map(
    (op): FmeaOp =>
      op.op === "add"
        ? { ...op, node: { ...op.node, attrs: { apiList: { interfaceType: type, counterpart: to } } } }
        : op,
  );
  return { ...result, ops };
}

export type BoundaryKind = "boundary" | "block" | "hidden" | "interface";

export interface BoundaryItem {
  id: string;
  kind: BoundaryKind;
  /** The boundary drawn around it (null: outside every boundary). */
  parent: string | null;
  node: FmeaNode;
}

export interface BoundaryGraph {
  /** Outer boundaries before what they hold (the order they are drawn in: inner ones on top). */
  items: BoundaryItem[];
  /** Interface items joined to their two elements: from -> interface -> to. */
  edges: { from: string; to: string }[];
  interfaces: BoundaryInterface[];
}

/**
 * The boundary diagram of a DFMEA: an element with visible structure children is a boundary around
 * them; one without is a block; a hidden element (spec 3 hideStru) is a small block whose children are
 * not drawn; an interface is a small item between its elements, inside the innermost boundary holding
 * both. Interfaces to an element inside a hidden one are left out (the element is not shown).
 */
export function boundaryGraph(doc: FmeaDoc): BoundaryGraph {
  const index = childIndex(doc);
  const items: BoundaryItem[] = [];
  const shown = new Set<string>();
  const parentOf = new Map<string, string | null>();
  const visit = (node: FmeaNode, parent: string | null) => {
    const kids = (index.get(node.id) ?? []).filter((c) => c.kind === "stru");
    const kind: BoundaryKind = node.hidden ? "hidden" : kids.length > 0 ? "boundary" : "block";
    items.push({ id: node.id, kind, parent, node });
    shown.add(node.id);
    parentOf.set(node.id, parent);
    if (kind === "boundary") for (const kid of kids) visit(kid, node.id);
  };
  for (const root of (index.get(null) ?? []).filter((n) => n.kind === "stru")) visit(root, null);
  const chain = (id: string): string[] => {
    const out: string[] = [];
    for (let at: string | null = id; at !== null; at = parentOf.get(at) ?? null) out.push(at);
    return out;
  };
  const interfaces = interfacesOf(doc).filter((i) => shown.has(i.from) && shown.has(i.to));
  const edges: BoundaryGraph["edges"] = [];
  for (const i of interfaces) {
    const above = new Set(chain(i.from).slice(1));
    const common =
      chain(i.to)
        .slice(1)
        .find((id) => above.has(id)) ?? null;
    items.push({ id: i.id, kind: "interface", parent: common, node: doc.nodes.get(i.id) as FmeaNode });
    edges.push({ from: i.from, to: i.id }, { from: i.id, to: i.to });
  }
  return { items, edges, interfaces };
}

/** The structure elements of the boundary diagram in reading order (the keys' up and down walk it). */
export function boundaryOrder(graph: BoundaryGraph): string[] {
  return graph.items.filter((i) => i.kind !== "interface").map((i) => i.id);
}

// ---------------------------------------------------------------------------------------------------
// Process flow chart

/** Spec 3's PFDicon symbols (ASME process chart symbols; "combined" is an operation with an inspection). */
export const PFD_SYMBOLS = ["operation", "transport", "inspection", "storage", "delay", "combined"] as const;
export type PfdSymbol = (typeof PFD_SYMBOLS)[number];

export interface FlowStep {
  node: FmeaNode;
  symbol: PfdSymbol;
  /** Drawn beside the step before it: an alternative path from the previous main step to the next. */
  branch: boolean;
  /** The earlier step a rework loop goes back to. */
  reworkTo: string | null;
  product: FmeaNode[];
  process: FmeaNode[];
}

export const isProcessStep = (node: FmeaNode | undefined): boolean =>
  node?.kind === "stru" && PROCESS_STEP_TYPES.includes(node.elementType as ProcessElementType);

/** A step's symbol: its PFDicon, or inspection for an inspection station and operation otherwise. */
export function stepSymbol(node: FmeaNode): PfdSymbol {
  const symbol = node.attrs.PFDicon?.symbol;
  if ((PFD_SYMBOLS as readonly unknown[]).includes(symbol)) return symbol as PfdSymbol;
  return node.elementType === "check" ? "inspection" : "operation";
}

/**
 * The process steps of process item `itemId` in order (nested process items in place), each with its
 * symbol, its product characteristics and the process characteristics of its work elements.
 */
export function flowSteps(doc: FmeaDoc, itemId: string): FlowStep[] {
  const index = childIndex(doc);
  const out: FlowStep[] = [];
  const visit = (id: string) => {
    for (const child of index.get(id) ?? []) {
      if (child.kind !== "stru") continue;
      if (child.elementType === "procItem") visit(child.id);
      else if (isProcessStep(child)) {
        const kids = index.get(child.id) ?? [];
        const process = kids
          .filter((k) => k.kind === "stru")
          .flatMap((w) => (index.get(w.id) ?? []).filter((c) => c.kind === "procSpec"));
        const rework = child.attrs.PFDicon?.reworkTo;
        out.push({
          node: child,
          symbol: stepSymbol(child),
          branch: child.attrs.PFDicon?.branch === true || child.attrs.PFDicon?.branch === "true",
          reworkTo: typeof rework === "string" && rework !== "" ? rework : null,
          product: kids.filter((k) => k.kind === "prod"),
          process,
        });
      }
    }
  };
  visit(itemId);
  // The first step has no step before it to branch from; a rework loop goes back to an earlier step.
  const position = new Map(out.map((s, i) => [s.node.id, i]));
  out.forEach((s, i) => {
    if (i === 0) s.branch = false;
    if (s.reworkTo !== null && !((position.get(s.reworkTo) ?? i) < i)) s.reworkTo = null;
  });
  return out;
}

/** The arrows of the flow chart: the main line, branches out and back in, and rework loops (`rework`). */
export function flowEdges(steps: readonly FlowStep[]): { from: string; to: string; rework: boolean }[] {
  const edges: { from: string; to: string; rework: boolean }[] = [];
  /** The steps that lead into the current main step (a branch beside it starts from the same ones). */
  let before: string[] = [];
  /** The steps that end at the next main step: the current main step and the branches beside it. */
  let ends: string[] = [];
  for (const step of steps) {
    const id = step.node.id;
    if (step.branch && ends.length > 0) {
      for (const from of before) edges.push({ from, to: id, rework: false });
      ends.push(id);
    } else {
      for (const end of ends) edges.push({ from: end, to: id, rework: false });
      before = ends;
      ends = [id];
    }
    if (step.reworkTo) edges.push({ from: id, to: step.reworkTo, rework: true });
  }
  return edges;
}

/** Sets a step's PFDicon fields (symbol, branch, reworkTo), keeping the tab's other fields. */
export function setFlowAttrs(
  doc: FmeaDoc,
  id: string,
  set: { symbol?: PfdSymbol; branch?: boolean; reworkTo?: string | null },
): ActionResult {
  const node = doc.nodes.get(id);
  if (!node || !isProcessStep(node)) return { ok: false, problem: { key: "fmea.notProcessStep" } };
  if (set.reworkTo !== undefined && set.reworkTo !== null) {
    const target = doc.nodes.get(set.reworkTo);
    if (!isProcessStep(target) || set.reworkTo === id)
      return { ok: false, problem: { key: "fmea.reworkTarget" } satisfies Problem };
  }
  const tab = { ...(node.attrs.PFDicon ?? {}) };
  if (set.symbol !== undefined) tab.symbol = set.symbol;
  if (set.branch !== undefined) tab.branch = set.branch;
  if (set.reworkTo !== undefined) tab.reworkTo = set.reworkTo ?? "";
  return {
    ok: true,
    ops: [{ op: "update", id, base: node.version, set: { attrs: { PFDicon: tab } } }],
    select: id,
  };
}

/** A new process step (or inspection station) at the end of process item `itemId`. */
export function addFlowStep(
  doc: FmeaDoc,
  ctx: ActionContext,
  itemId: string,
  inspection: boolean,
  name = "",
): ActionResult {
  const result = runAction(doc, itemId, "addProcessStep", ctx, { name });
  if (!result.ok || !inspection) return result;
  const ops = result.ops.map(
    (op): FmeaOp => (op.op === "add" ? { ...op, node: { ...op.node, elementType: "check" } } : op),
  );
  return { ...result, ops };
}
