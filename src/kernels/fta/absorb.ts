// Boolean optimisation of shared events (after Rauzy; SCRAM's BooleanOptimization): in a coherent
// tree, if an event x failing makes a gate D fail whatever the other events do, then D = x ∨ D[x := 0].
// Rewriting D that way removes every other occurrence of x below D. Those occurrences are redundant for
// the function but they make unrelated branches share x, which hides modules (edf9202 has 47 events
// that vanish this way, and its BDD drops from a quarter million nodes to a few thousand). Shared gates
// are treated like shared events.
//
// D keeps its node (and so its meaning for every literal pointing at it); D[x := 0] is built from
// copies of the gates between D and x, so gates used elsewhere and the tree view's gates are untouched.
// The per-candidate marks are epoch stamps in arrays reused across candidates: a sweep over a few
// hundred candidates must not allocate and clear arrays the size of the graph for each.

import { combineLiterals, FALSE, type FtaGraph, isGateLiteral, literalIndex, TRUE } from "./graph.ts";

class Stamps {
  private marks = new Int32Array(1024);
  epoch = 0;
  next(size: number): void {
    if (size > this.marks.length) {
      const grown = new Int32Array(Math.max(size, this.marks.length * 2));
      grown.set(this.marks);
      this.marks = grown;
    }
    this.epoch++;
  }
  has(i: number): boolean {
    return i < this.marks.length && this.marks[i] === this.epoch;
  }
  set(i: number): void {
    this.marks[i] = this.epoch;
  }
}

/** Gates below the top, children before parents (iterative: trees can be deep). */
function postOrder(graph: FtaGraph, seen: Stamps): number[] {
  const order: number[] = [];
  if (!isGateLiteral(graph.topLiteral)) return order;
  seen.next(graph.nodes.length);
  const stack = [literalIndex(graph.topLiteral)];
  const next = [0];
  seen.set(stack[0]);
  while (stack.length) {
    const g = stack[stack.length - 1];
    const children = graph.nodes[g].children;
    let i = next[next.length - 1];
    while (i < children.length && !(isGateLiteral(children[i]) && !seen.has(literalIndex(children[i])))) i++;
    if (i < children.length) {
      next[next.length - 1] = i + 1;
      const h = literalIndex(children[i]);
      seen.set(h);
      stack.push(h);
      next.push(0);
    } else {
      order.push(g);
      stack.pop();
      next.pop();
    }
  }
  return order;
}

/** One sweep over the shared events and gates. Returns whether the graph changed. */
export function absorbSharedEvents(graph: FtaGraph): boolean {
  if (!isGateLiteral(graph.topLiteral) || graph.topLiteral & 1) return false;
  const top = literalIndex(graph.topLiteral);
  const seen = new Stamps();
  const initial = postOrder(graph, seen);
  for (const g of initial) {
    const n = graph.nodes[g];
    if (n.op === "xor" || n.children.some((c) => (c & 1) !== 0)) return false;
  }
  const shared = new Map<string, number>();
  // Shared events and shared gates (by literal), the most shared first.
  const counts = new Map<number, number>();
  for (const g of initial)
    for (const c of new Set(graph.nodes[g].children)) counts.set(c, (counts.get(c) ?? 0) + 1);
  const candidates = [...counts.keys()]
    .filter((c) => (counts.get(c) ?? 0) > 1)
    .sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));

  const above = new Stamps();
  const failed = new Stamps();
  const working = new Stamps();
  const inside = new Stamps();
  const parentOfX = new Stamps();
  const unique = new Stamps();
  let changed = false;
  // The reachable gates (children first), each one's position in that order, and the parents of each
  // literal as flat lists, rebuilt only after a rewrite. Only the literals that some reachable gate has
  // as a child get a slot (slotOf, valid where `slotted` has the literal's stamp); slot s's parents are
  // parentList[parentStart[s] .. parentStart[s + 1]). Slots, not literals, index the lists because the
  // copies made by rewrites leave many unreachable nodes (edf9202: about 5,000 nodes, a few hundred
  // reachable), and clearing a list per literal on each of the hundreds of rebuilds cost more than all the
  // rest. Typed arrays: a sweep rebuilds them hundreds of times.
  const slotted = new Stamps();
  let reachable: number[] = [];
  let position = new Int32Array(0);
  let slotOf = new Int32Array(0);
  let parentStart = new Int32Array(0);
  let fill = new Int32Array(0);
  let parentList = new Int32Array(0);
  let stale = true;
  const rebuild = () => {
    const nodes = graph.nodes;
    reachable = postOrder(graph, seen);
    if (position.length < nodes.length) position = new Int32Array(nodes.length * 2);
    const literals = Math.max(nodes.length, graph.events.length) * 4;
    if (slotOf.length < literals) slotOf = new Int32Array(literals * 2);
    slotted.next(literals);
    let slots = 0;
    let edges = 0;
    for (let i = 0; i < reachable.length; i++) {
      const g = reachable[i];
      position[g] = i;
      unique.next(literals);
      const children = nodes[g].children;
      for (let j = 0; j < children.length; j++) {
        const c = children[j];
        if (c < 0 || unique.has(c)) continue;
        unique.set(c);
        if (!slotted.has(c)) {
          slotted.set(c);
          slotOf[c] = slots++;
          if (parentStart.length < slots + 1) {
            const grown = new Int32Array(Math.max(1024, slots * 2));
            grown.set(parentStart.subarray(0, slots));
            parentStart = grown;
            fill = new Int32Array(grown.length);
          }
          parentStart[slots] = 0;
        }
        parentStart[slotOf[c] + 1]++;
        edges++;
      }
    }
    parentStart[0] = 0;
    for (let s = 0; s < slots; s++) parentStart[s + 1] += parentStart[s];
    if (parentList.length < edges) parentList = new Int32Array(edges * 2);
    fill.set(parentStart.subarray(0, slots));
    for (let i = 0; i < reachable.length; i++) {
      const g = reachable[i];
      unique.next(literals);
      const children = nodes[g].children;
      for (let j = 0; j < children.length; j++) {
        const c = children[j];
        if (c < 0 || unique.has(c)) continue;
        unique.set(c);
        parentList[fill[slotOf[c]]++] = g;
      }
    }
    stale = false;
  };
  /** Where literal l's parents start in parentList; parentsEnd(l) where they end (both 0 for none). */
  const parentsStart = (l: number) => (slotted.has(l) ? parentStart[slotOf[l]] : 0);
  const parentsEnd = (l: number) => (slotted.has(l) ? parentStart[slotOf[l] + 1] : 0);

  for (const x of candidates) {
    const nodes = graph.nodes;
    if (stale) rebuild();
    const directFrom = parentsStart(x);
    const directTo = parentsEnd(x);
    if (directTo - directFrom < 2) continue;
    // The gates above x: a walk up the parent lists, then put in the reachable order (children first).
    above.next(nodes.length);
    parentOfX.next(nodes.length);
    const ancestors: number[] = [];
    for (let i = directFrom; i < directTo; i++) {
      const g = parentList[i];
      parentOfX.set(g);
      above.set(g);
      ancestors.push(g);
    }
    for (let next = 0; next < ancestors.length; next++) {
      const l = (ancestors[next] << 2) | 2;
      for (let i = parentsStart(l), end = parentsEnd(l); i < end; i++) {
        const p = parentList[i];
        if (!above.has(p)) {
          above.set(p);
          ancestors.push(p);
        }
      }
    }
    ancestors.sort((a, b) => position[a] - position[b]);
    // Which gates fail when x fails (children first), then the destinations: failed gates with a
    // working parent, or the top. Parents of gates above x are above x too.
    failed.next(nodes.length);
    for (let i = 0; i < ancestors.length; i++) {
      const g = ancestors[i];
      const n = nodes[g];
      let ones = 0;
      for (let j = 0; j < n.children.length; j++) {
        const c = n.children[j];
        if (c === x || (isGateLiteral(c) && failed.has(literalIndex(c)))) ones++;
      }
      if (n.op === "or" ? ones > 0 : n.op === "and" ? ones === n.children.length : ones >= n.k) failed.set(g);
    }
    working.next(nodes.length);
    for (let i = 0; i < ancestors.length; i++) {
      const g = ancestors[i];
      if (failed.has(g)) continue;
      const children = nodes[g].children;
      for (let j = 0; j < children.length; j++)
        if (isGateLiteral(children[j])) working.set(literalIndex(children[j]));
    }
    const destinations = ancestors.filter((g) => failed.has(g) && (g === top || working.has(g)));
    // g[x := 0] does not depend on the destination; a rewritten D keeps that meaning (D = x ∨ D[x := 0]).
    const memo = new Map<number, number>();
    const restricted = (c: number): number =>
      c === x
        ? FALSE
        : isGateLiteral(c) && above.has(literalIndex(c))
          ? restrict(literalIndex(c)) ^ (c & 1)
          : c;
    const restrict = (g: number): number => {
      const known = memo.get(g);
      if (known !== undefined) return known;
      const n = nodes[g];
      const result = combineLiterals(nodes, shared, n.op, n.k, n.children.map(restricted));
      memo.set(g, result);
      return result;
    };
    let rewritten = false;
    for (const d of destinations) {
      // Worth it only if x appears below d other than as d's own input. Every gate above x reaches a
      // parent of x through gates above x, so until a rewrite changes the gates, that is whether d has
      // an input above x; afterwards the gates below d are walked.
      let occurrences = 0;
      let onlyDirect = true;
      if (!rewritten) {
        occurrences = parentOfX.has(d) ? 1 : 0;
        for (const c of nodes[d].children) {
          if (isGateLiteral(c) && above.has(literalIndex(c))) {
            occurrences++;
            onlyDirect = false;
            break;
          }
        }
      } else {
        inside.next(nodes.length);
        const stack = [d];
        inside.set(d);
        while (stack.length) {
          const g = stack.pop() as number;
          if (parentOfX.has(g)) {
            occurrences++;
            if (g !== d) onlyDirect = false;
          }
          for (const c of nodes[g].children) {
            const h = literalIndex(c);
            if (isGateLiteral(c) && above.has(h) && !inside.has(h)) {
              inside.set(h);
              stack.push(h);
            }
          }
        }
      }
      if (occurrences === 0 || (onlyDirect && nodes[d].op === "or")) continue;
      const node = nodes[d];
      let children: number[];
      if (node.op === "or") {
        // Keep D flat: its other inputs restricted, x added once (nesting would hide earlier rewrites).
        children = [x];
        let constant = false;
        for (const c of node.children) {
          const r = restricted(c);
          if (r === TRUE) constant = true;
          if (r !== FALSE && !children.includes(r)) children.push(r);
        }
        if (constant) continue; // D would not depend on x: cannot happen in a coherent tree.
      } else {
        const rest = restrict(d);
        if (rest === TRUE) continue;
        children = rest === FALSE ? [x] : [x, rest];
      }
      node.op = "or";
      node.k = 0;
      node.children = children;
      changed = true;
      rewritten = true;
      stale = true;
    }
  }
  return changed;
}
