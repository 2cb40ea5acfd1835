// The fault tree as the editor draws it: a tree of occurrences derived from the model (a DAG). Each gate is
// expanded once, at its first occurrence in depth-first order; a later occurrence of the same gate is a
// reference node (drawn with the transfer triangle), and a gate of another fault tree (a transfer, spec 4)
// is a transfer-in node under its user and is expanded as a root of its own. Basic and house events appear
// under every gate that uses them (a repeated event is marked as such).
//
// Occurrence ids: a root is ">CODE"; a child is "PARENT>CODE", with "#2", "#3"... when a gate lists the same
// input twice. A gate is expanded once, so its code names its occurrence unambiguously.
import type { FtaGate, FtaModel } from "../../../kernels/fta/model.ts";

export type FtaNodeKind = "gate" | "basic" | "house" | "transferIn" | "reference" | "missing";

export interface TreeNode {
  id: string;
  code: string;
  kind: FtaNodeKind;
  /** Occurrence id of the parent; null for roots. */
  parent: string | null;
  /** Code of the parent gate (null for roots). */
  parentCode: string | null;
  /** Position among the parent gate's inputs. */
  index: number;
  children: string[];
  depth: number;
  /** A root that is a transferred subtree (its gates belong to another fault tree than their user). */
  transferRoot?: boolean;
}

export interface ViewTree {
  nodes: Map<string, TreeNode>;
  roots: string[];
  /** Occurrence ids in depth-first order (the drawing's order). */
  order: string[];
  /** The occurrences of each code. */
  byCode: Map<string, string[]>;
  /** The top gate, when there is one. */
  top: string | undefined;
}

export const rootId = (code: string) => `>${code}`;

export function childId(parentCode: string, code: string, nth = 1): string {
  return nth > 1 ? `${parentCode}>${code}#${nth}` : `${parentCode}>${code}`;
}

export function treeOf(gate: FtaGate | undefined, model: FtaModel): string {
  return gate?.tree ?? model.name;
}

/** Gates no gate uses, in model order; with `model.top` first when set. */
export function rootGateCodes(model: FtaModel): string[] {
  const used = new Set<string>();
  for (const g of model.gates) for (const input of g.inputs) used.add(input);
  const roots = model.gates.filter((g) => !used.has(g.code)).map((g) => g.code);
  if (model.top && roots.includes(model.top)) return [model.top, ...roots.filter((r) => r !== model.top)];
  return roots;
}

export function buildViewTree(model: FtaModel): ViewTree {
  const gates = new Map(model.gates.map((g) => [g.code, g]));
  const basics = new Set(model.basicEvents.map((e) => e.code));
  const houses = new Set(model.houseEvents.map((h) => h.code));
  const nodes = new Map<string, TreeNode>();
  const order: string[] = [];
  const byCode = new Map<string, string[]>();
  const expanded = new Set<string>();
  const roots: string[] = [];
  const pendingTransfers: string[] = [];

  const add = (node: TreeNode) => {
    nodes.set(node.id, node);
    order.push(node.id);
    const list = byCode.get(node.code);
    if (list) list.push(node.id);
    else byCode.set(node.code, [node.id]);
    if (node.parent) nodes.get(node.parent)?.children.push(node.id);
  };

  // Depth first with an explicit stack: real trees are deep enough to matter for recursion only rarely,
  // but a 2,000-node chain must not overflow.
  const expand = (rootCode: string, transferRoot: boolean) => {
    const root: TreeNode = {
      id: rootId(rootCode),
      code: rootCode,
      kind: gates.has(rootCode)
        ? "gate"
        : basics.has(rootCode)
          ? "basic"
          : houses.has(rootCode)
            ? "house"
            : "missing",
      parent: null,
      parentCode: null,
      index: 0,
      children: [],
      depth: 0,
    };
    if (transferRoot) root.transferRoot = true;
    add(root);
    roots.push(root.id);
    if (root.kind !== "gate") return;
    expanded.add(rootCode);
    const stack: { node: TreeNode; next: number; seen: Map<string, number> }[] = [
      { node: root, next: 0, seen: new Map() },
    ];
    while (stack.length) {
      const frame = stack[stack.length - 1];
      const gate = gates.get(frame.node.code) as FtaGate;
      if (frame.next >= gate.inputs.length) {
        stack.pop();
        continue;
      }
      const index = frame.next++;
      const code = gate.inputs[index];
      const nth = (frame.seen.get(code) ?? 0) + 1;
      frame.seen.set(code, nth);
      const child = gates.get(code);
      let kind: FtaNodeKind;
      if (child) {
        if (treeOf(child, model) !== treeOf(gate, model)) {
          kind = "transferIn";
          if (!expanded.has(code)) pendingTransfers.push(code);
        } else kind = expanded.has(code) ? "reference" : "gate";
      } else kind = basics.has(code) ? "basic" : houses.has(code) ? "house" : "missing";
      const node: TreeNode = {
        id: childId(gate.code, code, nth),
        code,
        kind,
        parent: frame.node.id,
        parentCode: gate.code,
        index,
        children: [],
        depth: frame.node.depth + 1,
      };
      add(node);
      if (kind === "gate") {
        expanded.add(code);
        stack.push({ node, next: 0, seen: new Map() });
      }
    }
  };

  const rootCodes = rootGateCodes(model);
  for (const code of rootCodes) expand(code, false);
  // Transferred subtrees, then anything a cycle or a dangling definition left unreached.
  for (let i = 0; i < pendingTransfers.length; i++) {
    const code = pendingTransfers[i];
    if (!expanded.has(code)) expand(code, true);
  }
  for (const g of model.gates) if (!expanded.has(g.code)) expand(g.code, false);
  const used = new Set<string>();
  for (const g of model.gates) for (const input of g.inputs) used.add(input);
  for (const e of model.basicEvents) if (!used.has(e.code)) expand(e.code, false);
  for (const h of model.houseEvents) if (!used.has(h.code)) expand(h.code, false);

  const top =
    model.top && gates.has(model.top) ? model.top : rootCodes.length === 1 ? rootCodes[0] : undefined;
  return { nodes, roots, order, byCode, top };
}

/** The occurrence where a gate's inputs are drawn (its expansion), or the first occurrence of an event. */
export function mainOccurrence(view: ViewTree, code: string): string | undefined {
  const list = view.byCode.get(code);
  if (!list) return undefined;
  return list.find((id) => view.nodes.get(id)?.kind === "gate") ?? list[0];
}

/** The gate whose inputs an action on this occurrence edits: the gate itself, or the one a reference names. */
export function gateCodeOf(view: ViewTree, id: string | null): string | undefined {
  const node = id ? view.nodes.get(id) : undefined;
  if (!node) return undefined;
  return node.kind === "gate" || node.kind === "reference" || node.kind === "transferIn"
    ? node.code
    : undefined;
}

/** Codes of the gate's subtree (the gate included), through every kind of input. */
export function subtreeCodes(model: FtaModel, code: string): Set<string> {
  const gates = new Map(model.gates.map((g) => [g.code, g]));
  const seen = new Set<string>();
  const stack = [code];
  while (stack.length) {
    const c = stack.pop() as string;
    if (seen.has(c)) continue;
    seen.add(c);
    for (const input of gates.get(c)?.inputs ?? []) stack.push(input);
  }
  return seen;
}
