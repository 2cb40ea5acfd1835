// Encodes the normalised graph for the wasm kernels: module detection, the variable order, and the gate
// programs (the BDD program with module proxies, and the negation-normal-form program of the ZBDD and
// MOCUS algorithms). Record layout and flags: assembly/fta/build.ts.

import { FALSE, type FtaGraph, isGateLiteral, literalIndex, reachableNodes, TRUE } from "./graph.ts";

export const GATE_AND = 1;
export const GATE_OR = 2;
export const GATE_ATLEAST = 3;
export const GATE_XOR = 4;
export const FLAG_NEGATED = 16;
export const FLAG_MODULE = 32;

const OP_CODE = { and: GATE_AND, or: GATE_OR, atleast: GATE_ATLEAST, xor: GATE_XOR } as const;

export interface GateProgram {
  words: Int32Array;
  offsets: Int32Array;
  gates: number;
}

export interface BddPlan {
  /** Number of levels: basic events and module proxies, in BDD order. */
  levels: number;
  /** Basic event (index into graph.events) at each level, or -1 for a module proxy. */
  levelEvent: Int32Array;
  /** Level of each basic event. */
  eventLevel: Int32Array;
  /** Module proxy levels, innermost modules first (the order their cut sets must be computed in). */
  moduleLevels: number[];
  /** Proxy level of each normalised gate that is a module, -1 otherwise. */
  gateLevel: Int32Array;
  program: GateProgram;
  /** Program index of each normalised gate, -1 when not built. */
  programIndex: Int32Array;
  /** The top as a program child code (`ref << 2 | isGate << 1 | negated`), or TRUE/FALSE. */
  top: number;
  coherent: boolean;
}

function programFrom(records: number[][]): GateProgram {
  const offsets = new Int32Array(records.length);
  let size = 0;
  records.forEach((r, i) => {
    offsets[i] = size;
    size += r.length;
  });
  const words = new Int32Array(Math.max(size, 1));
  records.forEach((r, i) => {
    words.set(r, offsets[i]);
  });
  return { words, offsets, gates: records.length };
}

/**
 * Modules (Dutuit and Rauzy 1996, linear time): a gate whose descendants are all first and last met
 * during its own depth-first visit shares nothing with the rest of the tree.
 */
function findModules(graph: FtaGraph, reachable: number[]): Uint8Array {
  const nodes = graph.nodes;
  const enter = new Int32Array(nodes.length);
  const exit = new Int32Array(nodes.length);
  const lastGate = new Int32Array(nodes.length);
  const firstVar = new Int32Array(graph.events.length);
  const lastVar = new Int32Array(graph.events.length);
  let time = 0;
  const visit = (g: number) => {
    enter[g] = ++time;
    for (const c of nodes[g].children) {
      const i = literalIndex(c);
      if (isGateLiteral(c)) {
        if (enter[i] === 0) visit(i);
        else lastGate[i] = ++time;
      } else {
        ++time;
        if (firstVar[i] === 0) firstVar[i] = time;
        lastVar[i] = time;
      }
    }
    exit[g] = ++time;
    lastGate[g] = Math.max(lastGate[g], exit[g]);
  };
  if (isGateLiteral(graph.topLiteral)) visit(literalIndex(graph.topLiteral));
  const low = new Int32Array(nodes.length);
  const high = new Int32Array(nodes.length);
  const isModule = new Uint8Array(nodes.length);
  for (const g of reachable) {
    let lo = Number.MAX_SAFE_INTEGER;
    let hi = 0;
    for (const c of nodes[g].children) {
      const i = literalIndex(c);
      if (isGateLiteral(c)) {
        lo = Math.min(lo, enter[i], low[i]);
        hi = Math.max(hi, lastGate[i], high[i]);
      } else {
        lo = Math.min(lo, firstVar[i]);
        hi = Math.max(hi, lastVar[i]);
      }
    }
    low[g] = lo;
    high[g] = hi;
    isModule[g] = lo > enter[g] && hi < exit[g] ? 1 : 0;
  }
  return isModule;
}

/** Value of each gate when every basic event is false. */
function valuesAtZero(graph: FtaGraph, reachable: number[]): Uint8Array {
  const value = new Uint8Array(graph.nodes.length);
  const lit = (l: number) => (isGateLiteral(l) ? value[literalIndex(l)] : 0) ^ (l & 1);
  for (const g of reachable) {
    const n = graph.nodes[g];
    const trues = n.children.reduce((s, c) => s + lit(c), 0);
    value[g] =
      n.op === "and"
        ? +(trues === n.children.length)
        : n.op === "or"
          ? +(trues > 0)
          : n.op === "xor"
            ? trues & 1
            : +(trues >= n.k);
  }
  return value;
}

/**
 * Module proxies, the variable order and the BDD program for the top. `alsoBuild` lists further gates
 * (not below the top after preprocessing) whose BDDs are wanted, for the tree view's gate probabilities.
 */
export function planBdd(graph: FtaGraph, alsoBuild: number[] = []): BddPlan {
  const nodes = graph.nodes;
  const reachable = reachableNodes(graph);
  const modules = findModules(graph, reachable);
  const zero = valuesAtZero(graph, reachable);
  const topGate = isGateLiteral(graph.topLiteral) ? literalIndex(graph.topLiteral) : -1;
  // A proxy's negation must have "true" as monotone hull (see assembly/fta/mincut.ts): M(0) = false.
  for (const g of reachable) if (g === topGate || zero[g]) modules[g] = 0;

  // SCRAM's topological order: depth first, gate inputs then event inputs, each by decreasing number
  // of parents, a gate after its inputs. Shared events come early, near the root of the BDD.
  const gateParents = new Int32Array(nodes.length);
  const varParents = new Int32Array(graph.events.length);
  for (const g of reachable) {
    for (const c of new Set(nodes[g].children.map((l) => l & ~1))) {
      if (isGateLiteral(c)) gateParents[literalIndex(c)]++;
      else varParents[literalIndex(c)]++;
    }
  }
  const eventLevel = new Int32Array(graph.events.length).fill(-1);
  const gateLevel = new Int32Array(nodes.length).fill(-1);
  const visited = new Uint8Array(nodes.length);
  const postOrder: number[] = [];
  const levelEvent: number[] = [];
  const moduleLevels: number[] = [];
  const order = (g: number) => {
    if (visited[g]) return;
    visited[g] = 1;
    const children = nodes[g].children;
    const gatesFirst = children.filter(isGateLiteral).map(literalIndex);
    gatesFirst.sort((a, b) => gateParents[b] - gateParents[a]);
    for (const h of gatesFirst) order(h);
    const vars = children.filter((l) => !isGateLiteral(l)).map(literalIndex);
    vars.sort((a, b) => varParents[b] - varParents[a]);
    for (const v of vars) {
      if (eventLevel[v] < 0) {
        eventLevel[v] = levelEvent.length;
        levelEvent.push(v);
      }
    }
    if (modules[g]) {
      gateLevel[g] = levelEvent.length;
      levelEvent.push(-1);
      moduleLevels.push(gateLevel[g]);
    }
    postOrder.push(g);
  };
  if (topGate >= 0) order(topGate);
  // Gates merged away by preprocessing: built after the rest, never modules (their events and
  // modules are all in the top's graph already).
  for (const g of alsoBuild) order(g);
  if (topGate < 0 && graph.topLiteral >= 0) {
    eventLevel[literalIndex(graph.topLiteral)] = 0;
    levelEvent.push(literalIndex(graph.topLiteral));
  }

  const programIndex = new Int32Array(nodes.length).fill(-1);
  postOrder.forEach((g, i) => {
    programIndex[g] = i;
  });
  const code = (l: number): number => {
    const i = literalIndex(l);
    if (!isGateLiteral(l)) return (eventLevel[i] << 2) | (l & 1);
    if (modules[i]) return (gateLevel[i] << 2) | (l & 1);
    return (programIndex[i] << 2) | 2 | (l & 1);
  };
  const records = postOrder.map((g) => {
    const n = nodes[g];
    const flags = modules[g] ? FLAG_MODULE : 0;
    return [
      OP_CODE[n.op] | flags,
      n.k,
      modules[g] ? gateLevel[g] : -1,
      n.children.length,
      ...n.children.map(code),
    ];
  });
  let top: number;
  if (graph.topLiteral === TRUE || graph.topLiteral === FALSE) top = graph.topLiteral;
  else if (topGate >= 0) top = (programIndex[topGate] << 2) | 2 | (graph.topLiteral & 1);
  else {
    // A top that is one basic event gets a one-input gate so it has a BDD edge like any other.
    records.push([GATE_OR, 0, -1, 1, code(graph.topLiteral)]);
    top = ((records.length - 1) << 2) | 2;
  }

  let coherent = !(graph.topLiteral >= 0 && graph.topLiteral & 1);
  for (const g of reachable) {
    if (nodes[g].op === "xor" || nodes[g].children.some((l) => l & 1)) coherent = false;
  }
  return {
    levels: levelEvent.length,
    levelEvent: Int32Array.from(levelEvent),
    eventLevel,
    moduleLevels,
    gateLevel,
    program: programFrom(records),
    programIndex,
    top,
    coherent,
  };
}

export interface NnfPlan {
  program: GateProgram;
  /** Program index of the top gate (the program always ends with it). */
  top: number;
  /**
   * With modules: each module's proxy level and the program index of its own gate, innermost first.
   * Elsewhere in the program a module is the literal of its proxy level, expanded after the search.
   */
  modules: Array<{ level: number; gate: number }>;
}

/**
 * The negation normal form for the ZBDD and MOCUS algorithms: negations pushed down to the basic
 * events (De Morgan; the negation of "k of n" is "n-k+1 of the negated inputs"; XOR as two products).
 * Literals are levels of the BDD plan, so both algorithms name events alike.
 */
export function planNnf(graph: FtaGraph, plan: BddPlan, withModules = false): NnfPlan {
  // Modules of a coherent tree are always used positively, so each is a single element of its parents'
  // products (as SCRAM's ZBDD and MOCUS treat them), which keeps the intermediate families small.
  const proxies = withModules && plan.coherent;
  const records: number[][] = [];
  const memo = new Map<number, number>();
  const gateCode = (index: number) => (index << 2) | 2;
  const add = (op: number, k: number, children: number[]) => {
    records.push([op, k, -1, children.length, ...children]);
    return records.length - 1;
  };
  const literal = (l: number, negated: boolean): number => {
    const neg = ((l & 1) !== 0) !== negated;
    const i = literalIndex(l);
    if (!isGateLiteral(l)) return (plan.eventLevel[i] << 2) | (neg ? 1 : 0);
    if (proxies && plan.gateLevel[i] >= 0 && !neg) return plan.gateLevel[i] << 2;
    return gateCode(gate(i, neg));
  };
  const gate = (g: number, negated: boolean): number => {
    const key = g * 2 + (negated ? 1 : 0);
    const known = memo.get(key);
    if (known !== undefined) return known;
    const n = graph.nodes[g];
    let result: number;
    if (n.op === "xor") {
      const [a, b] = n.children;
      const first = add(GATE_AND, 0, [literal(a, false), literal(b, !negated)]);
      const second = add(GATE_AND, 0, [literal(a, true), literal(b, negated)]);
      result = add(GATE_OR, 0, [gateCode(first), gateCode(second)]);
    } else {
      const children = n.children.map((c) => literal(c, negated));
      if (n.op === "atleast") {
        const k = negated ? children.length - n.k + 1 : n.k;
        result = add(GATE_ATLEAST, k, children);
      } else {
        const isAnd = (n.op === "and") !== negated;
        result = add(isAnd ? GATE_AND : GATE_OR, 0, children);
      }
    }
    memo.set(key, result);
    return result;
  };
  const modules: NnfPlan["modules"] = [];
  if (proxies) {
    for (let g = 0; g < graph.nodes.length; g++) {
      if (plan.gateLevel[g] >= 0) modules.push({ level: plan.gateLevel[g], gate: gate(g, false) });
    }
    const rank = new Map(plan.moduleLevels.map((level, i) => [level, i]));
    modules.sort((a, b) => (rank.get(a.level) ?? 0) - (rank.get(b.level) ?? 0));
  }
  let top: number;
  const t = graph.topLiteral;
  if (isGateLiteral(t)) top = gate(literalIndex(t), (t & 1) !== 0);
  else top = add(GATE_AND, 0, t >= 0 ? [literal(t, false)] : []);
  return { program: programFrom(records), top, modules };
}
