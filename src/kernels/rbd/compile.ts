// Flattens a valid model into the program both kernels run on (layout in assembly/rbd/program.ts): one
// gate per block and per `end`, sub-diagrams inlined, every `start` the constant node 0, nodes in
// topological order. Components are numbered in that order too (a mirror's component where it first
// appears); the BDD takes them in reverse as its variable order. The topological order of a depth-first
// walk back from `end` finishes one subsystem before the next, so each subsystem's components are
// contiguous and the BDD of a chain of subsystems grows linearly (numbering on first visit instead, as
// for fault trees, splits every subsystem of a chain in two and the BDD grows as 2^subsystems); reversed,
// a gate's own component lies above everything upstream of it, so building the chain is linear too.
import { evaluatorParameters } from "../../shared/failure-model.ts";
import {
  RBD_END,
  RBD_START,
  type RbdBlock,
  type RbdDiagram,
  type RbdDistribution,
  type RbdModel,
} from "./model.ts";

export interface CompiledRbd {
  /** [nComponents, nNodes, nInputs, distType…, component…, extra…, k…, inputStart…, inputs…] */
  ints: Int32Array;
  /** Three parameters per component. */
  floats: Float64Array;
  componentCount: number;
  nodeCount: number;
  /** Block id of each component's original (regular or host) block. */
  components: string[];
  /** Ids of the mirror blocks of each component. */
  mirrors: string[][];
  /** Some component has a fixed probability: R(t) does not fall to 0 and MTTF is undefined. */
  hasFixed: boolean;
}

interface GraphNode {
  block?: RbdBlock;
  /** Keys of the gate's inputs, in edge order. */
  predecessors: string[];
  /** Key of the inlined sub-diagram's end. */
  extra?: string;
}

const START_KEY = "\u0000start";

/** Compiles a model that validateRbd accepted. */
export function compileRbd(model: RbdModel): CompiledRbd {
  const graph = new Map<string, GraphNode>();
  const originals = new Map<string, RbdBlock>();
  const endKey = (path: string) => `\u0000end${path}`;

  const addDiagram = (diagram: RbdDiagram, path: string) => {
    const key = (id: string) => (id === RBD_START ? START_KEY : id === RBD_END ? endKey(path) : id);
    graph.set(endKey(path), { predecessors: [] });
    for (const block of diagram.blocks) {
      const node: GraphNode = { block, predecessors: [] };
      graph.set(block.id, node);
      if (block.kind === "regular" || block.kind === "host") originals.set(block.id, block);
      if (block.kind === "subdiagram") {
        const inner = `${path}/${block.id}`;
        node.extra = endKey(inner);
        addDiagram(block.diagram, inner);
      }
    }
    for (const [from, to] of diagram.edges) graph.get(key(to))?.predecessors.push(key(from));
  };
  addDiagram(model, "");

  const componentIndex = new Map<string, number>();
  const components: string[] = [];
  const mirrors: string[][] = [];
  const originalOf = (block: RbdBlock | undefined): string | undefined =>
    block?.kind === "regular" || block?.kind === "host"
      ? block.id
      : block?.kind === "mirror"
        ? block.of
        : undefined;

  // Iterative depth-first walk from the top end; gates are numbered after their inputs (post-order).
  const nodeIndex = new Map<string, number>([[START_KEY, 0]]);
  const order: string[] = [START_KEY];
  const stack: Array<{ key: string; next: number; children: string[] }> = [];
  const enter = (key: string) => {
    const node = graph.get(key) as GraphNode;
    const children = node.extra ? [node.extra, ...node.predecessors] : node.predecessors;
    stack.push({ key, next: 0, children });
    nodeIndex.set(key, -1);
  };
  enter(endKey(""));
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next < top.children.length) {
      const child = top.children[top.next++];
      if (!nodeIndex.has(child)) enter(child);
    } else {
      stack.pop();
      nodeIndex.set(top.key, order.length);
      order.push(top.key);
    }
  }

  for (const key of order) {
    const original = key === START_KEY ? undefined : originalOf((graph.get(key) as GraphNode).block);
    if (original !== undefined && !componentIndex.has(original)) {
      componentIndex.set(original, components.length);
      components.push(original);
      mirrors.push([]);
    }
  }
  for (const [id, node] of graph)
    if (node.block?.kind === "mirror" && nodeIndex.has(id))
      mirrors[componentIndex.get(node.block.of) as number].push(id);

  const nc = components.length;
  const nn = order.length;
  let ni = 0;
  for (const key of order) ni += key === START_KEY ? 0 : (graph.get(key) as GraphNode).predecessors.length;
  const ints = new Int32Array(3 + nc + 4 * nn + 1 + ni);
  const floats = new Float64Array(3 * nc);
  ints[0] = nc;
  ints[1] = nn;
  ints[2] = ni;
  const dist = 3;
  const comp = dist + nc;
  const extra = comp + nn;
  const kAt = extra + nn;
  const start = kAt + nn;
  const inputs = start + nn + 1;
  let hasFixed = false;
  components.forEach((id, c) => {
    const d = (originals.get(id) as { distribution: RbdDistribution }).distribution;
    const { code, params } = evaluatorParameters(d);
    ints[dist + c] = code;
    floats.set(params, 3 * c);
    if (d.type === "fixed") hasFixed = true;
  });
  let at = 0;
  order.forEach((key, i) => {
    ints[start + i] = at;
    if (key === START_KEY) {
      ints[comp + i] = -1;
      ints[extra + i] = -1;
      ints[kAt + i] = 0;
      return;
    }
    const node = graph.get(key) as GraphNode;
    const original = originalOf(node.block);
    ints[comp + i] = original === undefined ? -1 : (componentIndex.get(original) as number);
    ints[extra + i] = node.extra ? (nodeIndex.get(node.extra) as number) : -1;
    ints[kAt + i] = node.block?.kind === "kofn" ? node.block.k : 1;
    for (const p of node.predecessors) ints[inputs + at++] = nodeIndex.get(p) as number;
  });
  ints[start + nn] = at;
  return { ints, floats, componentCount: nc, nodeCount: nn, components, mirrors, hasFixed };
}
