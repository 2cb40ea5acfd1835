// Lazy listing of the minimal cut sets held in the exported ZBDD: any page of the canonical order in
// O(depth) per set (unranking by the counts below each node), the sets of one order, and the most
// probable sets first (best-first search bounded by the most probable completion of each node).
// Nothing here materialises more sets than the page asked for.

import type { FtaCutSetDiagram } from "./result.ts";

export interface CutSet {
  events: string[];
  order: number;
  probability: number;
}

const EMPTY = 0;
const BASE = 1;

function toCutSet(d: FtaCutSetDiagram, path: number[]): CutSet {
  let probability = 1;
  for (const e of path) probability *= d.eventProbability[e];
  return { events: path.map((e) => d.events[e]), order: path.length, probability };
}

/** The sets at positions [offset, offset + limit) of the canonical order (sets with an event before sets without it). */
export function cutSetPage(d: FtaCutSetDiagram, offset: number, limit: number): CutSet[] {
  const total = d.root === BASE ? 1 : d.root === EMPTY ? 0 : d.count[d.root];
  const out: CutSet[] = [];
  for (let rank = offset; rank < Math.min(total, offset + limit); rank++)
    out.push(toCutSet(d, unrank(d, rank)));
  return out;
}

function unrank(d: FtaCutSetDiagram, rank: number): number[] {
  const path: number[] = [];
  let node = d.root;
  let r = rank;
  while (node > BASE) {
    const high = d.high[node];
    const below = high === BASE ? 1 : high === EMPTY ? 0 : d.count[high];
    if (r < below) {
      path.push(d.event[node]);
      node = high;
    } else {
      r -= below;
      node = d.low[node];
    }
  }
  return path;
}

const orderCounts = new WeakMap<FtaCutSetDiagram, Map<number, Float64Array>>();

/** counts[node * (order + 1) + j] = number of sets of order j below node, for j <= order. */
function countsUpTo(d: FtaCutSetDiagram, order: number): Float64Array {
  let byOrder = orderCounts.get(d);
  if (!byOrder) {
    byOrder = new Map();
    orderCounts.set(d, byOrder);
  }
  const known = byOrder.get(order);
  if (known) return known;
  const width = order + 1;
  const n = d.event.length;
  const counts = new Float64Array(n * width);
  counts[BASE * width] = 1;
  for (let node = 2; node < n; node++) {
    const high = d.high[node];
    const low = d.low[node];
    for (let j = 0; j <= order; j++) {
      counts[node * width + j] = (j > 0 ? counts[high * width + j - 1] : 0) + counts[low * width + j];
    }
  }
  byOrder.set(order, counts);
  return counts;
}

/** The sets of exactly `order` events at positions [offset, offset + limit) of the canonical order. */
export function cutSetsOfOrder(d: FtaCutSetDiagram, order: number, offset: number, limit: number): CutSet[] {
  const width = order + 1;
  const counts = countsUpTo(d, order);
  const total = counts[d.root * width + order];
  const out: CutSet[] = [];
  for (let rank = offset; rank < Math.min(total, offset + limit); rank++) {
    const path: number[] = [];
    let node = d.root;
    let need = order;
    let r = rank;
    while (node > BASE) {
      const high = d.high[node];
      const below = need > 0 ? counts[high * width + need - 1] : 0;
      if (r < below) {
        path.push(d.event[node]);
        node = high;
        need--;
      } else {
        r -= below;
        node = d.low[node];
      }
    }
    out.push(toCutSet(d, path));
  }
  return out;
}

const bestCompletion = new WeakMap<FtaCutSetDiagram, Float64Array>();

/** The `limit` most probable sets, most probable first. */
export function mostProbableCutSets(d: FtaCutSetDiagram, limit: number): CutSet[] {
  let best = bestCompletion.get(d);
  if (!best) {
    best = new Float64Array(d.event.length);
    best[BASE] = 1;
    for (let node = 2; node < d.event.length; node++) {
      best[node] = Math.max(d.eventProbability[d.event[node]] * best[d.high[node]], best[d.low[node]]);
    }
    bestCompletion.set(d, best);
  }
  // Search states: node, probability so far, the event taken and the parent state (for the path).
  const nodes: number[] = [d.root];
  const prefix: number[] = [1];
  const taken: number[] = [-1];
  const parent: number[] = [-1];
  const heap: number[] = [0];
  const key = (s: number) => prefix[s] * (best as Float64Array)[nodes[s]];
  const push = (s: number) => {
    heap.push(s);
    let i = heap.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (key(heap[up]) >= key(heap[i])) break;
      [heap[up], heap[i]] = [heap[i], heap[up]];
      i = up;
    }
  };
  const pop = (): number => {
    const top = heap[0];
    const last = heap.pop() as number;
    if (heap.length) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && key(heap[l]) > key(heap[m])) m = l;
        if (r < heap.length && key(heap[r]) > key(heap[m])) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i], heap[m]];
        i = m;
      }
    }
    return top;
  };
  const state = (node: number, p: number, event: number, from: number) => {
    nodes.push(node);
    prefix.push(p);
    taken.push(event);
    parent.push(from);
    return nodes.length - 1;
  };
  const out: CutSet[] = [];
  if (d.root === EMPTY) return out;
  while (heap.length && out.length < limit) {
    const s = pop();
    const node = nodes[s];
    if (node === BASE) {
      const path: number[] = [];
      for (let at = s; at >= 0; at = parent[at]) if (taken[at] >= 0) path.push(taken[at]);
      path.reverse();
      out.push(toCutSet(d, path));
      continue;
    }
    if (node === EMPTY) continue;
    const e = d.event[node];
    push(state(d.high[node], prefix[s] * d.eventProbability[e], e, s));
    push(state(d.low[node], prefix[s], -1, s));
  }
  return out;
}

/** Every set, in canonical order (for small families: tests, exports). */
export function allCutSets(d: FtaCutSetDiagram): CutSet[] {
  const total = d.root === BASE ? 1 : d.root === EMPTY ? 0 : d.count[d.root];
  return cutSetPage(d, 0, total);
}

/** Calls `visit` with every set in canonical order, one at a time (depth first, nothing accumulated). */
export function forEachCutSet(d: FtaCutSetDiagram, visit: (events: string[]) => void): void {
  if (d.root === EMPTY) return;
  const path: string[] = [];
  // Explicit stack of (node, path length when entered, whether the high branch was taken).
  const nodes: number[] = [d.root];
  const depths: number[] = [0];
  const phase: number[] = [0];
  while (nodes.length) {
    const top = nodes.length - 1;
    const node = nodes[top];
    path.length = depths[top];
    if (node === BASE) {
      visit(path.slice());
      nodes.pop();
      depths.pop();
      phase.pop();
      continue;
    }
    if (node === EMPTY) {
      nodes.pop();
      depths.pop();
      phase.pop();
      continue;
    }
    if (phase[top] === 0) {
      phase[top] = 1;
      path.push(d.events[d.event[node]]);
      nodes.push(d.high[node]);
      depths.push(path.length);
      phase.push(0);
    } else {
      nodes.pop();
      depths.pop();
      phase.pop();
      nodes.push(d.low[node]);
      depths.push(path.length);
      phase.push(0);
    }
  }
}
