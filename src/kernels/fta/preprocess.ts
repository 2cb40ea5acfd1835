// Restructures the normalised graph so that more of it is modular, as SCRAM's preprocessor does
// (src/preprocessor.cc: DetectModules with GroupModularArgs, CoalesceGates). The function is unchanged;
// the BDD gets smaller because every module is built once as its own small BDD and seen by its parents
// as one variable. On edf9202 this takes the BDD from over a million nodes to a few thousand.
//
// - Module detection with argument grouping (Dutuit and Rauzy's visit times): arguments of an AND/OR
//   gate that share nothing with the rest of the tree (single-parent events, unshared modules) are
//   grouped into a new module gate; arguments whose subgraphs are shared only among themselves form
//   further module groups.
// - Coalescing: an AND (OR) input of an AND (OR) gate with no other parent, and not a module, is merged
//   into its parent, which exposes more arguments to grouping.
//
// Nodes are only added or have their children replaced by an equivalent gate, so every literal keeps
// its meaning (the gate probabilities of the tree view rely on that).

import { type AbsorbKernel, absorbSharedEvents } from "./absorb.ts";
import { type FtaGraph, isGateLiteral, literalIndex, reachableNodes } from "./graph.ts";

interface Timing {
  enter: Int32Array;
  exit: Int32Array;
  last: Int32Array;
  varEnter: Int32Array;
  varLast: Int32Array;
  minTime: Int32Array;
  maxTime: Int32Array;
}

function parentCounts(graph: FtaGraph, reachable: number[]): { gates: Int32Array; vars: Int32Array } {
  const gates = new Int32Array(graph.nodes.length);
  const vars = new Int32Array(graph.events.length);
  for (const g of reachable) {
    for (const c of new Set(graph.nodes[g].children.map((l) => l & ~1))) {
      if (isGateLiteral(c)) gates[literalIndex(c)]++;
      else vars[literalIndex(c)]++;
    }
  }
  return { gates, vars };
}

function assignTiming(graph: FtaGraph): Timing {
  const n = graph.nodes.length;
  const t: Timing = {
    enter: new Int32Array(n),
    exit: new Int32Array(n),
    last: new Int32Array(n),
    varEnter: new Int32Array(graph.events.length),
    varLast: new Int32Array(graph.events.length),
    minTime: new Int32Array(n),
    maxTime: new Int32Array(n),
  };
  let time = 0;
  const visit = (g: number) => {
    if (t.enter[g]) {
      t.last[g] = ++time;
      return;
    }
    t.enter[g] = ++time;
    const children = graph.nodes[g].children;
    for (const c of children) if (isGateLiteral(c)) visit(literalIndex(c));
    for (const c of children) {
      if (isGateLiteral(c)) continue;
      const v = literalIndex(c);
      ++time;
      if (!t.varEnter[v]) t.varEnter[v] = time;
      t.varLast[v] = time;
    }
    t.exit[g] = ++time;
  };
  if (isGateLiteral(graph.topLiteral)) visit(literalIndex(graph.topLiteral));
  return t;
}

/** One pass of module detection that also creates modules from groups of arguments (added to `modules`). */
export function detectModules(graph: FtaGraph, modules: Set<number>): void {
  if (!isGateLiteral(graph.topLiteral)) return;
  const reachable = reachableNodes(graph);
  const parents = parentCounts(graph, reachable);
  const t = assignTiming(graph);
  const lastVisit = (g: number) => (t.last[g] ? t.last[g] : t.exit[g]);
  const argMin = (l: number) => (isGateLiteral(l) ? t.minTime[literalIndex(l)] : t.varEnter[literalIndex(l)]);
  const argMax = (l: number) => (isGateLiteral(l) ? t.maxTime[literalIndex(l)] : t.varLast[literalIndex(l)]);
  const done = new Uint8Array(graph.nodes.length);

  const newModule = (gate: number, args: number[]): number | undefined => {
    const node = graph.nodes[gate];
    if (args.length < 2 || args.length >= node.children.length) return undefined;
    const index = graph.nodes.length;
    graph.nodes.push({ op: node.op, k: 0, children: [...args] });
    modules.add(index);
    const moved = new Set(args);
    node.children = [...node.children.filter((c) => !moved.has(c)), (index << 2) | 2];
    return index;
  };

  const find = (g: number) => {
    if (done[g]) return;
    done[g] = 1;
    const enter = t.enter[g];
    const exit = t.exit[g];
    let minTime = enter;
    let maxTime = exit;
    const nonShared: number[] = [];
    let modular: number[] = [];
    const nonModular: number[] = [];
    const children = graph.nodes[g].children;
    for (const c of children) {
      if (!isGateLiteral(c)) continue;
      const h = literalIndex(c);
      find(h);
      if (modules.has(h) && !t.last[h]) nonShared.push(c);
      else if (t.minTime[h] > enter && t.maxTime[h] < exit) modular.push(c);
      else {
        nonModular.push(c);
        minTime = Math.min(minTime, t.minTime[h]);
        maxTime = Math.max(maxTime, t.maxTime[h]);
      }
    }
    for (const c of children) {
      if (isGateLiteral(c)) continue;
      const v = literalIndex(c);
      if (parents.vars[v] === 1) nonShared.push(c);
      else if (t.varEnter[v] > enter && t.varLast[v] < exit) modular.push(c);
      else {
        nonModular.push(c);
        minTime = Math.min(minTime, t.varEnter[v]);
        maxTime = Math.max(maxTime, t.varLast[v]);
      }
    }
    if (minTime === enter && maxTime === exit) modules.add(g);
    t.minTime[g] = minTime;
    t.maxTime[g] = Math.max(maxTime, lastVisit(g));
    const op = graph.nodes[g].op;
    if (op !== "and" && op !== "or") return;
    newModule(g, nonShared);
    // Modular arguments whose visits overlap a non-modular argument's are not modular after all.
    for (let changed = true; changed && modular.length && nonModular.length; ) {
      changed = false;
      const keep: number[] = [];
      for (const m of modular) {
        if (nonModular.some((x) => argMin(m) <= argMax(x) && argMin(x) <= argMax(m))) {
          nonModular.push(m);
          changed = true;
        } else keep.push(m);
      }
      modular = keep;
    }
    if (modular.length < 2) return;
    // Group the rest by overlapping visit ranges; each group with more than one argument is a module.
    modular.sort((a, b) => argMax(a) - argMax(b) || argMin(b) - argMin(a));
    const groups: number[][] = [];
    for (let i = modular.length - 1; i >= 0; ) {
      let low = argMin(modular[i]);
      let j = i - 1;
      while (j >= 0 && low <= argMax(modular[j])) {
        low = Math.min(low, argMin(modular[j]));
        j--;
      }
      groups.push(modular.slice(j + 1, i + 1));
      i = j;
    }
    if (modular.length === graph.nodes[g].children.length && groups.length === 1) return;
    const main = modular.length === graph.nodes[g].children.length ? g : newModule(g, modular);
    if (main === undefined) return;
    for (const group of groups) newModule(main, group);
  };
  find(literalIndex(graph.topLiteral));
}

/** Merges single-parent, non-module AND (OR) inputs into AND (OR) parents. Returns whether anything changed. */
export function coalesceGates(graph: FtaGraph, modules: Set<number>): boolean {
  const reachable = reachableNodes(graph);
  const parents = parentCounts(graph, reachable);
  let changed = false;
  for (const g of reachable) {
    const node = graph.nodes[g];
    if (node.op !== "and" && node.op !== "or") continue;
    const children: number[] = [];
    let merged = false;
    for (const c of node.children) {
      const h = literalIndex(c);
      if (
        isGateLiteral(c) &&
        (c & 1) === 0 &&
        graph.nodes[h].op === node.op &&
        !modules.has(h) &&
        parents.gates[h] === 1
      ) {
        children.push(...graph.nodes[h].children);
        merged = true;
      } else children.push(c);
    }
    if (merged) {
      node.children = [...new Set(children)];
      changed = true;
    }
  }
  return changed;
}

/**
 * The preprocessing sequence (a subset of SCRAM's phase II). Absorption of shared events runs in the fta
 * wasm module, so it needs that module (`absorb`); without it the graph gets modules and coalescing only.
 */
export function preprocess(graph: FtaGraph, absorb?: AbsorbKernel): void {
  const modules = new Set<number>();
  if (absorb) absorbSharedEvents(absorb, graph, 8);
  detectModules(graph, modules);
  for (let i = 0; i < 16 && coalesceGates(graph, modules); i++);
  detectModules(graph, modules);
  for (let i = 0; i < 16 && coalesceGates(graph, modules); i++);
  detectModules(graph, modules);
}
