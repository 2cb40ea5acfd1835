// Boolean optimisation of shared events (after Rauzy; SCRAM's BooleanOptimization): in a coherent
// tree, if an event x failing makes a gate D fail whatever the other events do, then D = x ∨ D[x := 0].
// Rewriting D that way removes every other occurrence of x below D. Those occurrences are redundant for
// the function but they make unrelated branches share x, which hides modules (edf9202 has 47 events
// that vanish this way, and its BDD drops from a quarter million nodes to a few thousand).
//
// D keeps its node (and so its meaning for every literal pointing at it); D[x := 0] is built from
// copies of the gates between D and x, so gates used elsewhere and the tree view's gates are untouched.

import {
  combineLiterals,
  FALSE,
  type FtaGraph,
  isGateLiteral,
  literalIndex,
  reachableNodes,
  TRUE,
} from "./graph.ts";

function isCoherentBelow(graph: FtaGraph, reachable: number[]): boolean {
  if (graph.topLiteral >= 0 && graph.topLiteral & 1) return false;
  return reachable.every(
    (g) => graph.nodes[g].op !== "xor" && graph.nodes[g].children.every((c) => (c & 1) === 0),
  );
}

/** One sweep over the shared events and gates. Returns whether the graph changed. */
export function absorbSharedEvents(graph: FtaGraph): boolean {
  if (!isGateLiteral(graph.topLiteral)) return false;
  const top = literalIndex(graph.topLiteral);
  const initial = reachableNodes(graph);
  if (!isCoherentBelow(graph, initial)) return false;
  const shared = new Map<string, number>();

  // Shared events and shared gates (by literal), the most shared first.
  const counts = new Map<number, number>();
  for (const g of initial)
    for (const c of new Set(graph.nodes[g].children))
      if ((c & 1) === 0) counts.set(c, (counts.get(c) ?? 0) + 1);
  const candidates = [...counts.keys()]
    .filter((c) => (counts.get(c) ?? 0) > 1)
    .sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
  let changed = false;

  for (const xLiteral of candidates) {
    const reachable = reachableNodes(graph);
    const nodes = graph.nodes;
    // Gates with x below them, and x's parents.
    const above = new Uint8Array(nodes.length);
    const parentsOfX: number[] = [];
    for (const g of reachable) {
      let hit = false;
      for (const c of nodes[g].children) {
        if (c === xLiteral) {
          hit = true;
          if (!parentsOfX.includes(g)) parentsOfX.push(g);
        } else if (isGateLiteral(c) && above[literalIndex(c)]) hit = true;
      }
      if (hit) above[g] = 1;
    }
    if (parentsOfX.length < 2) continue;
    // Which gates fail when x fails (post-order: children first).
    const failed = new Uint8Array(nodes.length);
    for (const g of reachable) {
      if (!above[g]) continue;
      const n = nodes[g];
      let ones = 0;
      for (const c of n.children) if (c === xLiteral || (isGateLiteral(c) && failed[literalIndex(c)])) ones++;
      failed[g] =
        n.op === "or" ? +(ones > 0) : n.op === "and" ? +(ones === n.children.length) : +(ones >= n.k);
    }
    // Destinations: failed gates some parent of which does not fail (or the top).
    const hasWorkingParent = new Uint8Array(nodes.length);
    for (const g of reachable) {
      for (const c of nodes[g].children)
        if (isGateLiteral(c) && !failed[g]) hasWorkingParent[literalIndex(c)] = 1;
    }
    const destinations = reachable.filter((g) => failed[g] && (g === top || hasWorkingParent[g]));
    for (const d of destinations) {
      // Worth it only if x appears below d other than as d's own input.
      const inside = new Uint8Array(nodes.length);
      const mark = (g: number) => {
        if (inside[g] || !above[g]) return;
        inside[g] = 1;
        for (const c of nodes[g].children) if (isGateLiteral(c)) mark(literalIndex(c));
      };
      mark(d);
      const occurrences = parentsOfX.filter((p) => inside[p]);
      if (
        occurrences.length === 0 ||
        (occurrences.length === 1 && occurrences[0] === d && nodes[d].op === "or")
      )
        continue;
      const memo = new Map<number, number>();
      const restrict = (g: number): number => {
        const known = memo.get(g);
        if (known !== undefined) return known;
        const n = nodes[g];
        const children = n.children.map((c) =>
          c === xLiteral
            ? FALSE
            : isGateLiteral(c) && above[literalIndex(c)]
              ? restrict(literalIndex(c)) ^ (c & 1)
              : c,
        );
        const result = combineLiterals(nodes, shared, n.op, n.k, children);
        memo.set(g, result);
        return result;
      };
      const node = nodes[d];
      let children: number[];
      if (node.op === "or") {
        // Keep D flat: its other inputs restricted, x added once (nesting would hide earlier rewrites).
        children = [xLiteral];
        for (const c of node.children) {
          const r =
            c === xLiteral
              ? FALSE
              : isGateLiteral(c) && above[literalIndex(c)]
                ? restrict(literalIndex(c)) ^ (c & 1)
                : c;
          if (r === TRUE) children = [TRUE];
          if (r !== FALSE && !children.includes(r)) children.push(r);
        }
        if (children.includes(TRUE)) continue; // D would not depend on x: cannot happen in a coherent tree.
      } else {
        const rest = restrict(d);
        if (rest === TRUE) continue;
        children = rest === FALSE ? [xLiteral] : [xLiteral, rest];
      }
      node.op = "or";
      node.k = 0;
      node.children = children;
      changed = true;
    }
  }
  return changed;
}
