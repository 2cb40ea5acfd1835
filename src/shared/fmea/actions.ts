// Spec 5's node actions, each turned into the operations of tree.ts. Which actions a node offers
// depends on its type and level (`nodeActions`); an action that is not offered, or does not fit (paste
// at a level that cannot hold the clipboard, upgrade out of a process step, ...) answers a Problem and
// no operations. Pure: the editor runs them, shows the result at once, and sends the operations.
import type { Problem } from "../problem.ts";
import {
  CHILD_KINDS,
  DESIGN_ELEMENT_TYPES,
  type ElementType,
  type FmeaNode,
  type LinkKind,
  type NodeKind,
  OPTIONAL_ELEMENTS,
  type OptionalElement,
} from "./model.ts";
import {
  canHold,
  childIndex,
  childrenOf,
  depthOf,
  type FmeaDoc,
  type FmeaOp,
  isAncestor,
  linkProblem,
  nextOrd,
  ownerStructure,
  structureTypesUnder,
  subtreeIds,
} from "./tree.ts";

/** Spec 5's structure node actions, and those of the other node types. */
export const NODE_ACTIONS = [
  "addStructure",
  "addProcessItem",
  "addProcessStep",
  "addOptionalElement",
  "addFunction",
  "addProductCharacteristic",
  "addProcessCharacteristic",
  "addInterface",
  "addRoot",
  "addChild",
  "copy",
  "cut",
  "paste",
  "delete",
  "deleteRoot",
  "showHide",
  "upgrade",
  "downgrade",
  "switchStructure",
  "merge",
  "moveUp",
  "moveDown",
  "rename",
  "attributes",
] as const;
export type NodeAction = (typeof NODE_ACTIONS)[number];

/** Copy and cut are held until paste (spec 4). */
export interface Clipboard {
  mode: "copy" | "cut";
  id: string;
}

export type ActionResult = { ok: true; ops: FmeaOp[]; select?: string } | { ok: false; problem: Problem };

export interface ActionContext {
  /** Makes ids for new nodes and links (the editor's are random; tests pass a counter). */
  newId: () => string;
}

const refuse = (key: Problem["key"], params?: Problem["params"]): ActionResult => ({
  ok: false,
  problem: { key, ...(params ? { params } : {}) },
});

const ROOT_STRUCTURE: readonly NodeAction[] = [
  "addStructure",
  "addProcessItem",
  "addProcessStep",
  "addOptionalElement",
  "addFunction",
  "addProductCharacteristic",
  "addRoot",
  "copy",
  "paste",
  "deleteRoot",
  "attributes",
];
const CHILD_STRUCTURE: readonly NodeAction[] = [
  ...ROOT_STRUCTURE.filter((a) => a !== "deleteRoot"),
  "addProcessCharacteristic",
  "addInterface",
  "cut",
  "showHide",
  "upgrade",
  "downgrade",
  "switchStructure",
  "delete",
  "merge",
  "moveUp",
  "moveDown",
];
const OTHER_NODE: readonly NodeAction[] = [
  "addChild",
  "copy",
  "cut",
  "paste",
  "delete",
  "moveUp",
  "moveDown",
  "rename",
  "attributes",
];

/**
 * The actions a node's type and level give it (spec 5): a root structure node, a child structure node,
 * or another node. Whether one fits this moment (an upgrade at the top, paste with an empty clipboard)
 * is answered by running it; `actionProblem` does that without keeping the result.
 */
export function nodeActions(doc: FmeaDoc, id: string): readonly NodeAction[] {
  const node = doc.nodes.get(id);
  if (!node) return ["addRoot"];
  if (node.kind !== "stru") return OTHER_NODE;
  const list = node.parentId === null ? ROOT_STRUCTURE : CHILD_STRUCTURE;
  return [...list, "rename"];
}

export interface ActionArgs {
  /** addOptionalElement: which of man, machine, material, method, environment. */
  elementType?: OptionalElement;
  /** addChild: the kind of child (a failure under a function, a measure under a failure, ...). */
  kind?: NodeKind;
  name?: string;
  clipboard?: Clipboard | null;
  /** merge: the sibling to merge into (default: the one above, else the one below). */
  targetId?: string;
}

/** Runs `action` on node `id` (for addRoot, id may be null). */
export function runAction(
  doc: FmeaDoc,
  id: string | null,
  action: NodeAction,
  ctx: ActionContext,
  args: ActionArgs = {},
): ActionResult {
  const node = id === null ? undefined : doc.nodes.get(id);
  if (action === "addRoot") return addRoot(doc, ctx, args.name ?? "");
  if (!node) return refuse("fmea.nodeGone");
  if (!nodeActions(doc, node.id).includes(action))
    return refuse("fmea.actionNotAllowed", { action, kind: node.elementType ?? node.kind });
  const name = args.name ?? "";
  switch (action) {
    case "addStructure": {
      const type = usualStructureChild(doc, node);
      if (!type) return refuse("fmea.actionNotAllowed", { action, kind: node.elementType ?? node.kind });
      return add(doc, ctx, node, "stru", type, name);
    }
    case "addProcessItem":
      return add(doc, ctx, node, "stru", "procItem", name, action);
    case "addProcessStep":
      return add(doc, ctx, node, "stru", "procStep", name, action);
    case "addOptionalElement":
      return add(doc, ctx, node, "stru", args.elementType ?? "man", name, action);
    case "addFunction":
      return add(doc, ctx, node, "func", null, name, action);
    case "addProductCharacteristic":
      return add(doc, ctx, node, "prod", null, name, action);
    case "addProcessCharacteristic":
      return add(doc, ctx, node, "procSpec", null, name, action);
    case "addInterface":
      return add(doc, ctx, node, "api", null, name, action);
    case "addChild": {
      const kind = args.kind ?? CHILD_KINDS[node.kind][0];
      if (!kind) return refuse("fmea.actionNotAllowed", { action, kind: node.kind });
      return add(doc, ctx, node, kind, null, name, action);
    }
    case "copy":
    case "attributes":
    case "rename":
      // The editor holds the clipboard, opens the dialog or the name field; no operation.
      return { ok: true, ops: [] };
    case "cut":
      return { ok: true, ops: [] };
    case "paste":
      return paste(doc, ctx, node, args.clipboard ?? null);
    case "delete":
    case "deleteRoot":
      return { ok: true, ops: [deleteOp(doc, node.id)], select: neighbourAfterDelete(doc, node) };
    case "showHide":
      return {
        ok: true,
        ops: [{ op: "update", id: node.id, base: node.version, set: { hidden: !node.hidden } }],
      };
    case "upgrade":
      return upgrade(doc, node);
    case "downgrade":
      return downgrade(doc, node);
    case "switchStructure":
      return switchStructure(doc, node);
    case "merge":
      return merge(doc, node, args.targetId);
    case "moveUp":
    case "moveDown":
      return moveBy(doc, node, action === "moveUp" ? -1 : 1);
  }
  return refuse("fmea.actionNotAllowed", { action, kind: node.kind });
}

/** The problem `action` would answer now, or null when it can run (for menus and `when` rules). */
export function actionProblem(
  doc: FmeaDoc,
  id: string | null,
  action: NodeAction,
  args: ActionArgs = {},
): Problem | null {
  let n = 0;
  const result = runAction(doc, id, action, { newId: () => `probe${n++}` }, args);
  return result.ok ? null : result.problem;
}

/** The structure child "add structure" makes: the next design level, a process item's step, a step's man. */
function usualStructureChild(doc: FmeaDoc, node: FmeaNode): ElementType | null {
  const allowed = structureTypesUnder(doc.variant, node);
  if (allowed.length === 0) return null;
  if (doc.variant === "design") {
    const depth = depthOf(doc, node.id) + 1;
    return DESIGN_ELEMENT_TYPES[Math.min(depth, DESIGN_ELEMENT_TYPES.length - 1)];
  }
  return allowed.includes("procStep") ? "procStep" : allowed[0];
}

function add(
  doc: FmeaDoc,
  ctx: ActionContext,
  parent: FmeaNode,
  kind: NodeKind,
  elementType: ElementType | null,
  name: string,
  action: NodeAction = "addChild",
): ActionResult {
  if (!canHold(doc.variant, parent, kind, elementType))
    return refuse("fmea.actionNotAllowed", { action, kind: parent.elementType ?? parent.kind });
  const id = ctx.newId();
  const node = {
    id,
    parentId: parent.id,
    kind,
    elementType,
    name,
    ord: nextOrd(doc, parent.id),
    hidden: false,
    attrs: {},
  };
  return { ok: true, ops: [{ op: "add", node }], select: id };
}

function addRoot(doc: FmeaDoc, ctx: ActionContext, name: string): ActionResult {
  const elementType: ElementType = doc.variant === "design" ? "system" : "procItem";
  const id = ctx.newId();
  const node = {
    id,
    parentId: null,
    kind: "stru" as const,
    elementType,
    name,
    ord: nextOrd(doc, null),
    hidden: false,
    attrs: {},
  };
  return { ok: true, ops: [{ op: "add", node }], select: id };
}

/** A delete names the version of every node of the subtree it saw. */
export function deleteOp(doc: FmeaDoc, id: string): FmeaOp {
  const versions: Record<string, number> = {};
  for (const sub of subtreeIds(doc, id)) versions[sub] = (doc.nodes.get(sub) as FmeaNode).version;
  return { op: "delete", id, versions };
}

function neighbourAfterDelete(doc: FmeaDoc, node: FmeaNode): string | undefined {
  const siblings = childrenOf(doc, node.parentId, node.kind);
  const i = siblings.findIndex((s) => s.id === node.id);
  return (siblings[i + 1] ?? siblings[i - 1])?.id ?? node.parentId ?? undefined;
}

function paste(
  doc: FmeaDoc,
  ctx: ActionContext,
  target: FmeaNode,
  clipboard: Clipboard | null,
): ActionResult {
  if (!clipboard) return refuse("fmea.clipboardEmpty");
  const source = doc.nodes.get(clipboard.id);
  if (!source) return refuse("fmea.clipboardGone");
  if (!canHold(doc.variant, target, source.kind, source.elementType))
    return refuse("fmea.pasteLevel", {
      kind: source.elementType ?? source.kind,
      target: target.elementType ?? target.kind,
    });
  const ord = nextOrd(doc, target.id);
  if (clipboard.mode === "cut") {
    if (isAncestor(doc, source.id, target.id)) return refuse("fmea.pasteIntoItself");
    return {
      ok: true,
      ops: [{ op: "move", id: source.id, base: source.version, parentId: target.id, ord }],
      select: source.id,
    };
  }
  // A copy: the subtree with new ids, and the links between its own nodes (a link to a node outside the
  // copy would join the copy to the original's neighbours, which the user did not ask for).
  const ids = new Map<string, string>();
  const index = childIndex(doc);
  const ops: FmeaOp[] = [];
  const visit = (node: FmeaNode, parentId: string, nodeOrd: number) => {
    const id = ctx.newId();
    ids.set(node.id, id);
    const { version: _version, ...fields } = node;
    ops.push({ op: "add", node: { ...fields, id, parentId, ord: nodeOrd } });
    for (const child of index.get(node.id) ?? []) visit(child, id, child.ord);
  };
  visit(source, target.id, ord);
  for (const link of doc.links.values()) {
    const from = ids.get(link.from);
    const to = ids.get(link.to);
    if (from && to) ops.push({ op: "link", link: { id: ctx.newId(), kind: link.kind, from, to } });
  }
  return { ok: true, ops, select: ids.get(source.id) };
}

/** Upgrade: the node becomes a sibling of its parent, right after it. */
function upgrade(doc: FmeaDoc, node: FmeaNode): ActionResult {
  const parent = node.parentId === null ? undefined : doc.nodes.get(node.parentId);
  if (!parent) return refuse("fmea.upgradeTop");
  const grandparent = parent.parentId === null ? null : (doc.nodes.get(parent.parentId) ?? null);
  if (!canHold(doc.variant, grandparent, node.kind, node.elementType))
    return refuse("fmea.pasteLevel", {
      kind: node.elementType ?? node.kind,
      target: grandparent ? (grandparent.elementType ?? grandparent.kind) : "root",
    });
  const siblings = childrenOf(doc, parent.parentId);
  const i = siblings.findIndex((s) => s.id === parent.id);
  const after = siblings[i + 1];
  const ord = after ? (parent.ord + after.ord) / 2 : parent.ord + 1;
  return {
    ok: true,
    ops: [{ op: "move", id: node.id, base: node.version, parentId: parent.parentId, ord }],
    select: node.id,
  };
}

/** Downgrade: the node becomes the last child of the structure element above it. */
function downgrade(doc: FmeaDoc, node: FmeaNode): ActionResult {
  const siblings = childrenOf(doc, node.parentId, node.kind);
  const i = siblings.findIndex((s) => s.id === node.id);
  const above = siblings[i - 1];
  if (!above) return refuse("fmea.downgradeFirst");
  if (!canHold(doc.variant, above, node.kind, node.elementType))
    return refuse("fmea.pasteLevel", {
      kind: node.elementType ?? node.kind,
      target: above.elementType ?? above.kind,
    });
  return {
    ok: true,
    ops: [{ op: "move", id: node.id, base: node.version, parentId: above.id, ord: nextOrd(doc, above.id) }],
    select: node.id,
  };
}

/** Structure switch: the next element type that fits the node's place and children. */
function switchStructure(doc: FmeaDoc, node: FmeaNode): ActionResult {
  const cycle: readonly ElementType[] =
    doc.variant === "design"
      ? DESIGN_ELEMENT_TYPES
      : node.elementType === "procStep" || node.elementType === "check"
        ? ["procStep", "check"]
        : (OPTIONAL_ELEMENTS as readonly ElementType[]).includes(node.elementType as ElementType)
          ? OPTIONAL_ELEMENTS
          : [];
  const i = cycle.indexOf(node.elementType as ElementType);
  if (cycle.length < 2 || i < 0) return refuse("fmea.switchNotAllowed");
  const elementType = cycle[(i + 1) % cycle.length];
  return {
    ok: true,
    ops: [{ op: "update", id: node.id, base: node.version, set: { elementType } }],
    select: node.id,
  };
}

/**
 * Merge: the node's children move to a sibling of the same type (the one above, else below), in their
 * order after the sibling's own, and the node goes. Links stay: the children keep their level.
 */
function merge(doc: FmeaDoc, node: FmeaNode, targetId?: string): ActionResult {
  const siblings = childrenOf(doc, node.parentId, node.kind);
  const i = siblings.findIndex((s) => s.id === node.id);
  const target = targetId !== undefined ? doc.nodes.get(targetId) : (siblings[i - 1] ?? siblings[i + 1]);
  if (!target || target.id === node.id || target.parentId !== node.parentId || target.kind !== node.kind)
    return refuse("fmea.mergeTarget");
  if (target.elementType !== node.elementType) return refuse("fmea.mergeType");
  const ops: FmeaOp[] = [];
  let ord = nextOrd(doc, target.id);
  for (const child of childrenOf(doc, node.id))
    ops.push({ op: "move", id: child.id, base: child.version, parentId: target.id, ord: ord++ });
  ops.push({ op: "delete", id: node.id, versions: { [node.id]: node.version } });
  return { ok: true, ops, select: target.id };
}

/** Move up or down among the siblings of the same kind. */
function moveBy(doc: FmeaDoc, node: FmeaNode, step: -1 | 1): ActionResult {
  const siblings = childrenOf(doc, node.parentId, node.kind);
  const i = siblings.findIndex((s) => s.id === node.id);
  const j = i + step;
  if (j < 0 || j >= siblings.length) return refuse(step < 0 ? "fmea.moveFirst" : "fmea.moveLast");
  const near = siblings[j];
  const far = siblings[j + step];
  let ord = far ? (near.ord + far.ord) / 2 : near.ord + step;
  if (ord === near.ord || (far && ord === far.ord)) {
    // The gap is used up: number the siblings again, in the new order.
    const order = siblings.filter((s) => s.id !== node.id);
    order.splice(j, 0, node);
    const ops: FmeaOp[] = order
      .map((s, k): FmeaOp => ({ op: "move", id: s.id, base: s.version, parentId: s.parentId, ord: k }))
      .filter((op, k) => op.op !== "move" || order[k].ord !== k);
    return { ok: true, ops, select: node.id };
  }
  ord = Object.is(ord, -0) ? 0 : ord;
  return {
    ok: true,
    ops: [{ op: "move", id: node.id, base: node.version, parentId: node.parentId, ord }],
    select: node.id,
  };
}

/** Links a function to a lower one (function net) or a failure to its cause one level below (failure net). */
export function linkNodes(
  doc: FmeaDoc,
  ctx: ActionContext,
  kind: LinkKind,
  from: string,
  to: string,
): ActionResult {
  const problem = linkProblem(doc, { kind, from, to });
  if (problem) return { ok: false, problem };
  for (const link of doc.links.values())
    if (link.kind === kind && link.from === from && link.to === to) return refuse("fmea.linkExists");
  return { ok: true, ops: [{ op: "link", link: { id: ctx.newId(), kind, from, to } }] };
}

/**
 * Links two nodes picked in either order (the editor marks one, then links the selected one to it): the
 * one on the higher structure level is `from`; two failures make a failure-net link, otherwise a
 * function-net link. Refused with the net's rules otherwise.
 */
export function linkPicked(doc: FmeaDoc, ctx: ActionContext, a: string, b: string): ActionResult {
  const first = doc.nodes.get(a);
  const second = doc.nodes.get(b);
  if (!first || !second) return refuse("fmea.linkEnd");
  const kind: LinkKind = first.kind === "fail" && second.kind === "fail" ? "failure" : "function";
  const upperA = ownerStructure(doc, a);
  const upperB = ownerStructure(doc, b);
  const aAbove = upperA !== undefined && upperB?.parentId === upperA.id;
  return aAbove ? linkNodes(doc, ctx, kind, a, b) : linkNodes(doc, ctx, kind, b, a);
}
