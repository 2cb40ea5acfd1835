// Boolean optimisation of shared events (after Rauzy; SCRAM's BooleanOptimization): in a coherent tree,
// if an event x failing makes a gate D fail whatever the other events do, then D = x ∨ D[x := 0]. The
// algorithm runs in build/fta.wasm (assembly/fta/absorb.ts, where it is described); this is its face: the
// graph goes in as flat typed arrays and the nodes the sweeps made or rewrote come back. In wasm rather than
// TypeScript because a command-line run is a cold process, where V8 ran this TypeScript in its interpreter:
// 100 to 120 ms of CPU of a 300 ms `relbench fta edf9202.xml`, against about 20 ms in wasm.

import type { FtaGraph, Op } from "./graph.ts";

export interface AbsorbKernel {
  memory: WebAssembly.Memory;
  allocI32(n: number): number;
  freeBuffer(ptr: number): void;
  ftaAbsorb(
    nodes: number,
    events: number,
    top: number,
    ops: number,
    ks: number,
    childStart: number,
    childList: number,
    maxSweeps: number,
  ): number;
  ftaAbsorbedChildCount(): number;
  ftaAbsorbedExport(ops: number, ks: number, touched: number, childStart: number, childList: number): void;
}

/** The operation codes of assembly/fta/absorb.ts. */
const OPS: Op[] = ["and", "or", "atleast", "xor"];

/** Up to `maxSweeps` sweeps over the shared events and gates, while they change the graph. */
export function absorbSharedEvents(k: AbsorbKernel, graph: FtaGraph, maxSweeps: number): void {
  const { nodes } = graph;
  let edges = 0;
  for (let i = 0; i < nodes.length; i++) edges += nodes[i].children.length;
  const buffers: number[] = [];
  const alloc = (n: number) => {
    const ptr = k.allocI32(Math.max(n, 1));
    buffers.push(ptr);
    return ptr;
  };
  try {
    const opIn = alloc(nodes.length);
    const kIn = alloc(nodes.length);
    const startIn = alloc(nodes.length + 1);
    const listIn = alloc(edges);
    // Views made after every allocation: one that grows the memory detaches the older ones.
    const ops = new Int32Array(k.memory.buffer, opIn, nodes.length);
    const ks = new Int32Array(k.memory.buffer, kIn, nodes.length);
    const starts = new Int32Array(k.memory.buffer, startIn, nodes.length + 1);
    const list = new Int32Array(k.memory.buffer, listIn, edges);
    let at = 0;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i];
      ops[i] = OPS.indexOf(node.op);
      ks[i] = node.k;
      starts[i] = at;
      list.set(node.children, at);
      at += node.children.length;
    }
    starts[nodes.length] = at;
    const count = k.ftaAbsorb(
      nodes.length,
      graph.events.length,
      graph.topLiteral,
      opIn,
      kIn,
      startIn,
      listIn,
      maxSweeps,
    );
    const opOut = alloc(count);
    const kOut = alloc(count);
    const touchedOut = alloc(count);
    const startOut = alloc(count + 1);
    const listOut = alloc(k.ftaAbsorbedChildCount());
    k.ftaAbsorbedExport(opOut, kOut, touchedOut, startOut, listOut);
    const buffer = k.memory.buffer;
    const op = new Int32Array(buffer, opOut, count);
    const kk = new Int32Array(buffer, kOut, count);
    const touched = new Int32Array(buffer, touchedOut, count);
    const start = new Int32Array(buffer, startOut, count + 1);
    const childList = new Int32Array(buffer, listOut, start[count]);
    for (let i = 0; i < count; i++) {
      if (!touched[i]) continue;
      const children = Array.from(childList.subarray(start[i], start[i + 1]));
      if (i < nodes.length) {
        // Rewritten in place: every literal pointing at the node keeps its meaning (D = x ∨ D[x := 0]).
        nodes[i].op = OPS[op[i]];
        nodes[i].k = kk[i];
        nodes[i].children = children;
      } else nodes.push({ op: OPS[op[i]], k: kk[i], children });
    }
  } finally {
    for (const ptr of buffers) k.freeBuffer(ptr);
  }
}
