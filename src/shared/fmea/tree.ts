// The FMEA tree and its edits. An edit is a list of small operations (add, update, move, delete subtree,
// link, unlink), each naming the version of the node it was based on. `applyOps` checks every rule
// (which node holds which, the net's level rule, versions) and is run by the editor before it sends a
// batch and by the server before it stores one, so both refuse the same edits. The nets are kept
// consistent here: a move drops the links that no longer join adjacent levels, a delete drops the links
// of every deleted node, and the ops report what they dropped.
import { z } from "zod";
import type { Problem } from "../problem.ts";
import { lineText } from "../schemas/common.ts";
import { LayeredMap } from "./layered-map.ts";
import {
  ALLOWED_TABS,
  type AttributeTab,
  type Attrs,
  attrsSchema,
  CHILD_KINDS,
  DESIGN_ELEMENT_TYPES,
  ELEMENT_TYPES,
  type ElementType,
  type FmeaLink,
  type FmeaNode,
  type FmeaTreeData,
  type FmeaVariant,
  fmeaLinkSchema,
  fmeaNodeSchema,
  type LinkKind,
  NODE_NAME_MAX,
  type NodeKind,
  nodeIdSchema,
  OPTIONAL_ELEMENTS,
  PROCESS_STEP_TYPES,
  type ProcessElementType,
  RATING_FIELDS,
  SEVERITY_COLUMNS,
} from "./model.ts";

export interface FmeaDoc {
  readonly variant: FmeaVariant;
  readonly nodes: ReadonlyMap<string, FmeaNode>;
  readonly links: ReadonlyMap<string, FmeaLink>;
}

export function docOf(data: FmeaTreeData): FmeaDoc {
  return {
    variant: data.variant,
    nodes: new Map(data.nodes.map((n) => [n.id, n])),
    links: new Map(data.links.map((l) => [l.id, l])),
  };
}

export function dataOf(doc: FmeaDoc): FmeaTreeData {
  return { variant: doc.variant, nodes: [...doc.nodes.values()], links: [...doc.links.values()] };
}

const versionSchema = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

export const opSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("add"), node: fmeaNodeSchema.omit({ version: true }) }),
  z.object({
    op: z.literal("update"),
    id: nodeIdSchema,
    base: versionSchema,
    set: z
      .object({
        name: lineText().max(NODE_NAME_MAX, { error: "tooLong" }).optional(),
        hidden: z.boolean().optional(),
        elementType: z.enum(ELEMENT_TYPES as [ElementType, ...ElementType[]]).optional(),
        /** Replaces the tabs named; other tabs stay. */
        attrs: attrsSchema.optional(),
      })
      .strict(),
  }),
  z.object({
    op: z.literal("move"),
    id: nodeIdSchema,
    base: versionSchema,
    parentId: nodeIdSchema.nullable(),
    ord: z.number().finite(),
  }),
  z.object({
    op: z.literal("delete"),
    id: nodeIdSchema,
    /** The version of every node of the subtree as the editor saw it: a node added or changed since refuses. */
    versions: z.record(nodeIdSchema, versionSchema),
  }),
  z.object({ op: z.literal("link"), link: fmeaLinkSchema }),
  z.object({ op: z.literal("unlink"), id: nodeIdSchema }),
]);
export type FmeaOp = z.infer<typeof opSchema>;

export const opsSchema = z.array(opSchema).min(1).max(5000);

/** An edit refused because the node changed since: the node as it is now (null: deleted). */
export interface Conflict {
  id: string;
  current: FmeaNode | null;
}

export interface Changes {
  /** Nodes added or changed, as they are after the batch. */
  nodes: Set<string>;
  removedNodes: Set<string>;
  links: Set<string>;
  removedLinks: Set<string>;
}

/** A batch applied to the document `from`: what `applyOps(from, ops)` answered. */
export interface Applied {
  from: FmeaDoc;
  doc: FmeaDoc;
  changes: Changes;
}

export type ApplyResult =
  | { ok: true; doc: FmeaDoc; changes: Changes }
  | { ok: false; conflicts: Conflict[]; problems: Problem[] };

// ---------------------------------------------------------------------------------------------------
// Queries

export function childrenOf(doc: FmeaDoc, parentId: string | null, kind?: NodeKind): FmeaNode[] {
  const out: FmeaNode[] = [];
  for (const node of doc.nodes.values())
    if (node.parentId === parentId && (kind === undefined || node.kind === kind)) out.push(node);
  return out.sort((a, b) => a.ord - b.ord || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Children by parent, in order: one pass for views that walk the whole tree. */
export function childIndex(doc: FmeaDoc): Map<string | null, FmeaNode[]> {
  const index = new Map<string | null, FmeaNode[]>();
  for (const node of doc.nodes.values()) {
    const list = index.get(node.parentId);
    if (list) list.push(node);
    else index.set(node.parentId, [node]);
  }
  for (const list of index.values()) list.sort((a, b) => a.ord - b.ord || (a.id < b.id ? -1 : 1));
  return index;
}

export function subtreeIds(doc: FmeaDoc, id: string): string[] {
  const index = childIndex(doc);
  const out: string[] = [];
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    out.push(current);
    for (const child of index.get(current) ?? []) stack.push(child.id);
  }
  return out;
}

export function isAncestor(doc: FmeaDoc, ancestorId: string, id: string | null): boolean {
  let current = id;
  for (let guard = 0; current !== null && guard <= doc.nodes.size; guard++) {
    if (current === ancestorId) return true;
    current = doc.nodes.get(current)?.parentId ?? null;
  }
  return false;
}

/** The structure element a node belongs to (itself for a structure node). */
export function ownerStructure(doc: FmeaDoc, id: string): FmeaNode | undefined {
  let node = doc.nodes.get(id);
  for (let guard = 0; node && guard <= doc.nodes.size; guard++) {
    if (node.kind === "stru") return node;
    node = node.parentId === null ? undefined : doc.nodes.get(node.parentId);
  }
  return undefined;
}

export function depthOf(doc: FmeaDoc, id: string): number {
  let depth = 0;
  let node = doc.nodes.get(id);
  while (node && node.parentId !== null && depth <= doc.nodes.size) {
    depth++;
    node = doc.nodes.get(node.parentId);
  }
  return depth;
}

/** The ord that places a node after every current child of `parentId`. */
export function nextOrd(doc: FmeaDoc, parentId: string | null): number {
  let max = -1;
  for (const node of doc.nodes.values()) if (node.parentId === parentId && node.ord > max) max = node.ord;
  return Math.floor(max) + 1;
}

// ---------------------------------------------------------------------------------------------------
// Rules

const isWorkElement = (type: ElementType | null) =>
  (OPTIONAL_ELEMENTS as readonly string[]).includes(type ?? "");
const isStep = (type: ElementType | null) => PROCESS_STEP_TYPES.includes(type as ProcessElementType);

/** The structure element types a structure node may have under `parent` (null: a root). */
export function structureTypesUnder(variant: FmeaVariant, parent: FmeaNode | null): readonly ElementType[] {
  if (variant === "design") return parent === null || parent.kind === "stru" ? DESIGN_ELEMENT_TYPES : [];
  if (parent === null) return ["procItem"];
  if (parent.kind !== "stru") return [];
  if (parent.elementType === "procItem") return ["procItem", "procStep", "check"];
  if (isStep(parent.elementType)) return OPTIONAL_ELEMENTS;
  return [];
}

/** Whether a node of `kind` (and element type) may sit under `parent` (null: as a root). */
export function canHold(
  variant: FmeaVariant,
  parent: FmeaNode | null,
  kind: NodeKind,
  elementType: ElementType | null,
): boolean {
  if (kind === "stru")
    return elementType !== null && structureTypesUnder(variant, parent).includes(elementType);
  if (parent === null) return false;
  if (elementType !== null) return false;
  if (!CHILD_KINDS[parent.kind].includes(kind)) return false;
  if (parent.kind !== "stru") return true;
  const type = parent.elementType;
  switch (kind) {
    case "func":
      return true;
    case "prod":
      return variant === "design" || type === "procItem" || isStep(type);
    case "procSpec":
      return variant === "process" && isWorkElement(type);
    case "api":
      return variant === "design";
    default:
      return false;
  }
}

/** The kinds a function-net link joins: a function to a lower function or characteristic. */
const FUNCTION_TARGETS: readonly NodeKind[] = ["func", "prod", "procSpec"];

/** The net's level rule: `to` belongs to a structure element directly below the one `from` belongs to. */
export function linkProblem(doc: FmeaDoc, link: Pick<FmeaLink, "kind" | "from" | "to">): Problem | null {
  const from = doc.nodes.get(link.from);
  const to = doc.nodes.get(link.to);
  if (!from || !to) return { key: "fmea.linkEnd", where: [link.from, link.to] };
  const kindsFit =
    link.kind === "function"
      ? from.kind === "func" && FUNCTION_TARGETS.includes(to.kind)
      : from.kind === "fail" && to.kind === "fail";
  if (!kindsFit)
    return { key: link.kind === "function" ? "fmea.functionLinkKinds" : "fmea.failureLinkKinds" };
  const upper = ownerStructure(doc, from.id);
  const lower = ownerStructure(doc, to.id);
  if (!upper || !lower || lower.parentId !== upper.id)
    return { key: "fmea.linkLevel", params: { from: from.name, to: to.name } };
  return null;
}

function findLink(doc: FmeaDoc, kind: LinkKind, from: string, to: string): FmeaLink | undefined {
  for (const link of doc.links.values())
    if (link.kind === kind && link.from === from && link.to === to) return link;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Applying operations

/**
 * Applies `ops` in order to `doc`, or refuses the whole batch: conflicts (a node changed or deleted
 * since the version the edit was based on, answered with its current value) and rule problems.
 * `after`, the answer of an earlier call on the same `doc`, goes on with that batch: applying a batch in
 * parts this way answers exactly as applying all its operations at once (the sheet checks a paste cell by
 * cell and hands the result to the store, which then needs not apply it again).
 */
export function applyOps(
  doc: FmeaDoc,
  ops: readonly FmeaOp[],
  after?: { doc: FmeaDoc; changes: Changes },
): ApplyResult {
  // The maps share what did not change with `doc` (and `after`), which stay as they are (layered-map.ts).
  const nodes = LayeredMap.over((after?.doc ?? doc).nodes);
  const links = LayeredMap.over((after?.doc ?? doc).links);
  const work: FmeaDoc = { variant: doc.variant, nodes, links };
  const changes: Changes = {
    nodes: new Set(after?.changes.nodes),
    removedNodes: new Set(after?.changes.removedNodes),
    links: new Set(after?.changes.links),
    removedLinks: new Set(after?.changes.removedLinks),
  };
  const conflicts: Conflict[] = [];
  const problems: Problem[] = [];
  /** The nodes' values before this batch: a conflict answers what the other editor stored. */
  const stored = (id: string) => doc.nodes.get(id) ?? null;

  const removeLink = (id: string) => {
    links.delete(id);
    if (changes.links.has(id)) changes.links.delete(id);
    else changes.removedLinks.add(id);
  };
  const dropBrokenLinks = (moved: Set<string>) => {
    for (const link of [...links.values()])
      if ((moved.has(link.from) || moved.has(link.to)) && linkProblem(work, link)) removeLink(link.id);
  };
  const parentOf = (id: string | null) => (id === null ? null : (nodes.get(id) ?? undefined));

  ops.forEach((op, index) => {
    if (conflicts.length > 0 || problems.length > 0) return;
    const at = (p: Problem): Problem => ({ ...p, where: [index, ...(p.where ?? [])] });
    switch (op.op) {
      case "add": {
        const node: FmeaNode = { ...op.node, attrs: severityFromColumns(op.node.attrs), version: 1 };
        if (nodes.has(node.id) || doc.nodes.has(node.id)) {
          problems.push(at({ key: "fmea.nodeExists", where: [node.id] }));
          return;
        }
        const parent = parentOf(node.parentId);
        if (parent === undefined) {
          conflicts.push({ id: node.parentId as string, current: stored(node.parentId as string) });
          return;
        }
        if (!canHold(doc.variant, parent, node.kind, node.elementType)) {
          problems.push(at(placeProblem(node, parent)));
          return;
        }
        // A new node's attributes meet the rules an update's do: its type's tabs, ratings 1 to 10.
        const attrs = attrsProblem(node.kind, op.node.attrs);
        if (attrs) {
          problems.push(at({ ...attrs, where: [node.id, ...(attrs.where ?? [])] }));
          return;
        }
        nodes.set(node.id, node);
        changes.nodes.add(node.id);
        return;
      }
      case "update": {
        const node = nodes.get(op.id);
        if (!node || node.version !== op.base) {
          conflicts.push({ id: op.id, current: stored(op.id) });
          return;
        }
        const next: FmeaNode = { ...node, version: node.version + 1 };
        if (op.set.name !== undefined) next.name = op.set.name;
        if (op.set.hidden !== undefined) next.hidden = op.set.hidden;
        if (op.set.attrs !== undefined) {
          const problem = attrsProblem(node.kind, op.set.attrs);
          if (problem) {
            problems.push(at({ ...problem, where: [op.id, ...(problem.where ?? [])] }));
            return;
          }
          next.attrs = severityFromColumns({ ...node.attrs, ...op.set.attrs });
        }
        if (op.set.elementType !== undefined) {
          next.elementType = op.set.elementType;
          const parent = parentOf(node.parentId) ?? null;
          const fits =
            node.kind === "stru" &&
            canHold(doc.variant, parent, "stru", next.elementType) &&
            [...nodes.values()]
              .filter((c) => c.parentId === node.id)
              .every((c) => canHold(doc.variant, next, c.kind, c.elementType));
          if (!fits) {
            problems.push(at({ key: "fmea.switchNotAllowed", where: [op.id] }));
            return;
          }
        }
        nodes.set(op.id, next);
        changes.nodes.add(op.id);
        return;
      }
      case "move": {
        const node = nodes.get(op.id);
        if (!node || node.version !== op.base) {
          conflicts.push({ id: op.id, current: stored(op.id) });
          return;
        }
        const parent = parentOf(op.parentId);
        if (parent === undefined) {
          conflicts.push({ id: op.parentId as string, current: stored(op.parentId as string) });
          return;
        }
        if (op.parentId !== null && isAncestor(work, op.id, op.parentId)) {
          problems.push(at({ key: "fmea.pasteIntoItself", where: [op.id] }));
          return;
        }
        if (!canHold(doc.variant, parent, node.kind, node.elementType)) {
          problems.push(at(placeProblem(node, parent)));
          return;
        }
        nodes.set(op.id, { ...node, parentId: op.parentId, ord: op.ord, version: node.version + 1 });
        changes.nodes.add(op.id);
        if (node.parentId !== op.parentId) dropBrokenLinks(new Set(subtreeIds(work, op.id)));
        return;
      }
      case "delete": {
        const node = nodes.get(op.id);
        if (!node) {
          conflicts.push({ id: op.id, current: stored(op.id) });
          return;
        }
        const ids = subtreeIds(work, op.id);
        for (const id of ids) {
          const current = nodes.get(id) as FmeaNode;
          if (op.versions[id] !== current.version) conflicts.push({ id, current: stored(id) });
        }
        if (conflicts.length > 0) return;
        const gone = new Set(ids);
        for (const id of ids) {
          nodes.delete(id);
          if (changes.nodes.has(id) && !doc.nodes.has(id)) changes.nodes.delete(id);
          else {
            changes.nodes.delete(id);
            changes.removedNodes.add(id);
          }
        }
        for (const link of [...links.values()])
          if (gone.has(link.from) || gone.has(link.to)) removeLink(link.id);
        return;
      }
      case "link": {
        const link = op.link;
        if (links.has(link.id) || doc.links.has(link.id)) {
          problems.push(at({ key: "fmea.nodeExists", where: [link.id] }));
          return;
        }
        for (const end of [link.from, link.to])
          if (!nodes.has(end)) {
            conflicts.push({ id: end, current: stored(end) });
            return;
          }
        const problem = linkProblem(work, link);
        if (problem) {
          problems.push(at(problem));
          return;
        }
        if (findLink(work, link.kind, link.from, link.to)) {
          problems.push(at({ key: "fmea.linkExists" }));
          return;
        }
        links.set(link.id, link);
        changes.links.add(link.id);
        return;
      }
      case "unlink": {
        if (!links.has(op.id)) {
          problems.push(at({ key: "fmea.linkGone", where: [op.id] }));
          return;
        }
        removeLink(op.id);
        return;
      }
    }
  });
  if (conflicts.length > 0 || problems.length > 0) return { ok: false, conflicts, problems };
  return { ok: true, doc: work, changes };
}

/** A node keeps only its type's tabs (ALLOWED_TABS); S, O, D ratings are whole numbers 1 to 10 or empty. */
/**
 * The PFMEA's S where its three severity columns are rated (AIAG & VDA FMEA Handbook 2019, table P1: plant,
 * ship-to plant, end user): the highest of them, kept in `severity`, which every reader of S reads. Applied
 * to every stored node by `applyOps`, so the editor and the server keep the one rule. A node rated on
 * none of the three keeps the S it was given.
 */
export function severityFromColumns(attrs: Attrs): Attrs {
  // An add built in code without its (default) attrs has none.
  const tab = attrs?.assessments;
  if (!tab) return attrs;
  let max: number | null = null;
  for (const field of SEVERITY_COLUMNS) {
    const value = tab[field];
    const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if (typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 10 && (max === null || n > max))
      max = n;
  }
  if (max === null || tab.severity === max) return attrs;
  return { ...attrs, assessments: { ...tab, severity: max } };
}

export function attrsProblem(kind: NodeKind, attrs: Attrs): Problem | null {
  for (const [tab, values] of Object.entries(attrs)) {
    if (!ALLOWED_TABS[kind].includes(tab as AttributeTab))
      return { key: "fmea.tabNotAllowed", params: { tab, kind }, where: [tab] };
    if (tab !== "assessments" || !values) continue;
    for (const field of RATING_FIELDS) {
      const value = values[field];
      if (value === undefined || value === null || value === "") continue;
      const rating = typeof value === "number" ? value : Number(value);
      if (!Number.isInteger(rating) || rating < 1 || rating > 10)
        return {
          key: field === "occurrence" || field === "detection" ? "oAndDRange" : "fmea.severityRange",
          where: [tab, field],
        };
    }
  }
  return null;
}

function placeProblem(node: Pick<FmeaNode, "kind" | "elementType">, parent: FmeaNode | null): Problem {
  return {
    key: "fmea.pasteLevel",
    params: {
      kind: node.elementType ?? node.kind,
      target: parent ? (parent.elementType ?? parent.kind) : "root",
    },
  };
}

/** Every rule of a whole document (a stored tree read back, an import): node placement and links. */
export function treeProblems(doc: FmeaDoc): Problem[] {
  const problems: Problem[] = [];
  for (const node of doc.nodes.values()) {
    const parent = node.parentId === null ? null : doc.nodes.get(node.parentId);
    if (parent === undefined) problems.push({ key: "fmea.linkEnd", where: [node.id] });
    else if (!canHold(doc.variant, parent, node.kind, node.elementType))
      problems.push({ ...placeProblem(node, parent), where: [node.id] });
    else if (isAncestor(doc, node.id, node.parentId))
      problems.push({ key: "fmea.pasteIntoItself", where: [node.id] });
  }
  for (const link of doc.links.values()) {
    const problem = linkProblem(doc, link);
    if (problem) problems.push({ ...problem, where: [link.id] });
  }
  return problems;
}

/**
 * The operations that turn `from` into `to` (undo and redo of the editor: `to` is an earlier or later
 * snapshot), based on `from`'s versions: nodes only in `to` are added parents first, nodes only in `from`
 * are deleted (only the top of each deleted subtree), changed nodes are moved and updated, links follow.
 */
export function diffOps(from: FmeaDoc, to: FmeaDoc): FmeaOp[] {
  const ops: FmeaOp[] = [];
  const deleted = [...from.nodes.values()].filter((n) => !to.nodes.has(n.id));
  const deletedIds = new Set(deleted.map((n) => n.id));
  for (const link of from.links.values())
    if (!to.links.has(link.id) && !deletedIds.has(link.from) && !deletedIds.has(link.to))
      ops.push({ op: "unlink", id: link.id });
  // Moves first (a node may leave a subtree that is then deleted), then deletes, then adds.
  const version = new Map<string, number>();
  for (const node of from.nodes.values()) {
    const target = to.nodes.get(node.id);
    if (!target) continue;
    let base = node.version;
    if (target.parentId !== node.parentId || target.ord !== node.ord) {
      ops.push({ op: "move", id: node.id, base, parentId: target.parentId, ord: target.ord });
      base++;
    }
    const set: Extract<FmeaOp, { op: "update" }>["set"] = {};
    if (target.name !== node.name) set.name = target.name;
    if (target.hidden !== node.hidden) set.hidden = target.hidden;
    if (target.elementType !== node.elementType && target.elementType !== null)
      set.elementType = target.elementType;
    if (JSON.stringify(target.attrs) !== JSON.stringify(node.attrs)) set.attrs = target.attrs;
    if (Object.keys(set).length > 0) {
      ops.push({ op: "update", id: node.id, base, set });
      base++;
    }
    version.set(node.id, base);
  }
  // Moves to a parent that is added later must wait for it: moves into new parents go after the adds.
  const added = [...to.nodes.values()].filter((n) => !from.nodes.has(n.id));
  const addedIds = new Set(added.map((n) => n.id));
  const late = ops.filter((op) => op.op === "move" && op.parentId !== null && addedIds.has(op.parentId));
  const early = ops.filter((op) => !late.includes(op));
  ops.length = 0;
  ops.push(...early);
  for (const node of deleted) {
    if (node.parentId !== null && deletedIds.has(node.parentId)) continue;
    const versions: Record<string, number> = {};
    const stack = [node.id];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      versions[id] = version.get(id) ?? (from.nodes.get(id) as FmeaNode).version;
      for (const child of from.nodes.values())
        if (child.parentId === id && deletedIds.has(child.id)) stack.push(child.id);
    }
    // Nodes moved into the deleted subtree by `to`'s history cannot be: they were moved above.
    ops.push({ op: "delete", id: node.id, versions });
  }
  const placed = new Set<string>();
  const addNode = (node: FmeaNode) => {
    if (placed.has(node.id)) return;
    if (node.parentId !== null && addedIds.has(node.parentId))
      addNode(to.nodes.get(node.parentId) as FmeaNode);
    placed.add(node.id);
    const { version: _version, ...fields } = node;
    ops.push({ op: "add", node: fields });
  };
  for (const node of added) addNode(node);
  ops.push(...late);
  for (const link of to.links.values()) if (!from.links.has(link.id)) ops.push({ op: "link", link });
  return ops;
}
