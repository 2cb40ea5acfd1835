// From the model to the normalised graph the kernels work on: house events propagated as constants,
// NOT/NULL/NAND/NOR folded into negated edges, trivial gates (one input, k = 1 or k = n) simplified and
// identical gates shared. A literal is a number: -1 true, -2 false, `var << 2 | negated` for a basic
// event, `gate << 2 | 2 | negated` for a normalised gate.

import type { FtaModel } from "./model.ts";

export const TRUE = -1;
export const FALSE = -2;

export type Op = "and" | "or" | "atleast" | "xor";

export interface GraphNode {
  op: Op;
  k: number;
  children: number[];
}

export interface FtaGraph {
  top: string;
  /** Basic events below the top, in first-use order; a literal's var index points here. */
  events: string[];
  nodes: GraphNode[];
  topLiteral: number;
  /** Every gate below the top (and the top itself) → its literal in the normalised graph. */
  gateLiterals: Map<string, number>;
  /** Basic events of the model that the top does not use. */
  unusedEvents: string[];
}

export const isGateLiteral = (l: number) => l >= 0 && (l & 2) !== 0;
export const isVarLiteral = (l: number) => l >= 0 && (l & 2) === 0;
export const literalIndex = (l: number) => l >>> 2;
export const negate = (l: number) => (l === TRUE ? FALSE : l === FALSE ? TRUE : l ^ 1);

/** The literal of a new gate, or of the same gate made before (`shared`: op, k and sorted inputs). */
function makeNode(
  nodes: GraphNode[],
  shared: Map<string, number> | null,
  op: Op,
  k: number,
  children: number[],
): number {
  if (!shared) {
    nodes.push({ op, k, children });
    return ((nodes.length - 1) << 2) | 2;
  }
  // A typed array sorts numbers without a comparator: the key is the same, built faster in cold code.
  const key = `${op}${k}:${new Int32Array(children).sort().join(",")}`;
  let index = shared.get(key);
  if (index === undefined) {
    index = nodes.length;
    nodes.push({ op, k, children });
    shared.set(key, index);
  }
  return (index << 2) | 2;
}

/**
 * The literal of op(inputs), simplified: constants absorbed, k-of-n with k = 1 or n turned into OR or
 * AND, one input passed through, repeated inputs removed, x with not x decided. New gates go to `nodes`;
 * `shared`, when given, returns the same node for the same gate (keyed by op, k and sorted inputs).
 */
export function combineLiterals(
  nodes: GraphNode[],
  shared: Map<string, number> | null,
  op: Op,
  k: number,
  inputs: number[],
): number {
  if (op === "xor") {
    const [a, b] = inputs;
    if (a === TRUE || a === FALSE) return a === TRUE ? negate(b) : b;
    if (b === TRUE || b === FALSE) return b === TRUE ? negate(a) : a;
    if (a === b) return FALSE;
    if (a === negate(b)) return TRUE;
    return makeNode(nodes, shared, "xor", 0, [a, b]);
  }
  if (op === "atleast") {
    const rest = inputs.filter((l) => l !== FALSE);
    const trues = rest.filter((l) => l === TRUE).length;
    const children = rest.filter((l) => l !== TRUE);
    const need = k - trues;
    if (need <= 0) return TRUE;
    if (need > children.length) return FALSE;
    if (need === 1) return combineLiterals(nodes, shared, "or", 0, children);
    if (need === children.length) return combineLiterals(nodes, shared, "and", 0, children);
    return makeNode(nodes, shared, "atleast", need, children);
  }
  const absorbing = op === "and" ? FALSE : TRUE;
  const neutral = op === "and" ? TRUE : FALSE;
  const children: number[] = [];
  const seen = new Set<number>();
  for (const l of inputs) {
    if (l === absorbing) return absorbing;
    if (l === neutral || seen.has(l)) continue;
    if (seen.has(negate(l))) return absorbing;
    seen.add(l);
    children.push(l);
  }
  if (children.length === 0) return neutral;
  if (children.length === 1) return children[0];
  return makeNode(nodes, shared, op, 0, children);
}

/** Builds the normalised graph below `top` (a gate code). The model must have passed validation. */
export function buildGraph(model: FtaModel, top: string): FtaGraph {
  const gates = new Map(model.gates.map((g) => [g.code, g]));
  const houses = new Map(model.houseEvents.map((h) => [h.code, h.state]));
  const eventIndex = new Map<string, number>();
  const events: string[] = [];
  const nodes: GraphNode[] = [];
  const shared = new Map<string, number>();
  const gateLiterals = new Map<string, number>();

  const combine = (op: Op, k: number, inputs: number[]) => combineLiterals(nodes, shared, op, k, inputs);

  const literalOf = (code: string): number => {
    const known = gateLiterals.get(code);
    if (known !== undefined) return known;
    const house = houses.get(code);
    if (house !== undefined) return house ? TRUE : FALSE;
    if (!gates.has(code)) {
      let index = eventIndex.get(code);
      if (index === undefined) {
        index = events.length;
        events.push(code);
        eventIndex.set(code, index);
      }
      return index << 2;
    }
    const gate = gates.get(code);
    if (!gate) throw new Error(`unknown element ${code}`);
    const inputs = gate.inputs.map(literalOf);
    let literal: number;
    switch (gate.type) {
      case "null":
        literal = inputs[0];
        break;
      case "not":
        literal = negate(inputs[0]);
        break;
      case "and":
      case "or":
        literal = combine(gate.type, 0, inputs);
        break;
      case "nand":
        literal = negate(combine("and", 0, inputs));
        break;
      case "nor":
        literal = negate(combine("or", 0, inputs));
        break;
      case "atleast":
        literal = combine("atleast", gate.k ?? 0, inputs);
        break;
      case "xor":
        literal = combine("xor", 0, inputs);
        break;
    }
    gateLiterals.set(code, literal);
    return literal;
  };

  const topLiteral = literalOf(top);
  const unusedEvents = model.basicEvents.map((e) => e.code).filter((c) => !eventIndex.has(c));
  return { top, events, nodes, topLiteral, gateLiterals, unusedEvents };
}

/** Whether the graph below the top uses negation (NOT, NAND, NOR or XOR that survived simplification). */
export function isCoherent(graph: FtaGraph): boolean {
  if (graph.topLiteral >= 0 && (graph.topLiteral & 1) !== 0) return false;
  for (const node of reachableNodes(graph)) {
    const n = graph.nodes[node];
    if (n.op === "xor") return false;
    if (n.children.some((l) => (l & 1) !== 0)) return false;
  }
  return true;
}

/** Indices of the normalised gates below the top, children before parents. */
export function reachableNodes(graph: FtaGraph): number[] {
  const order: number[] = [];
  const state = new Uint8Array(graph.nodes.length);
  const visit = (literal: number) => {
    if (!isGateLiteral(literal)) return;
    const g = literalIndex(literal);
    if (state[g]) return;
    state[g] = 1;
    for (const c of graph.nodes[g].children) visit(c);
    order.push(g);
  };
  visit(graph.topLiteral);
  return order;
}
