// The editor document in the stored form of /api/rbd (spec 3: node kinds regular, host, KN, mirror,
// parameters p1–p3, requiredPath, mission time, current age, warranty life), and back. Nodes and edges of
// sub-diagrams sit in the same flat lists with `parent`, the id of their sub-diagram block; start and end
// are implicit in every diagram. p1–p3 follow the failure model's RBD order (SPEC_ORDERS.rbd: Weibull beta,
// eta, gamma; exponential lambda, gamma; lognormal and normal mu, sigma; fixed probability). A value that is not a
// number yet (a field being typed) is stored as null and comes back as NaN, for validation to point at.
import type { RbdBlock, RbdDiagram, RbdDistribution, RbdEdge } from "../../../kernels/rbd/model.ts";
import { LIMITS } from "../../../shared/constants.ts";
import { fromSpec, toSpec } from "../../../shared/failure-model.ts";
import { DEFAULT_SIMULATION, type RbdDocument } from "./document.ts";

export interface StoredRbdNode {
  id: string;
  kind: "regular" | "host" | "KN" | "mirror" | "subdiagram";
  name: string;
  distribution?: string;
  p1?: number | null;
  p2?: number | null;
  p3?: number | null;
  requiredPath?: number;
  /** A mirror's original. */
  of?: string;
  /** The sub-diagram block holding this node; absent at the top. */
  parent?: string;
  /** Manual move on top of the automatic layout. */
  dx?: number;
  dy?: number;
}

export interface StoredRbdBody {
  description: string;
  settings: {
    missionTime: number | null;
    currentAge?: number | null;
    warrantyLife?: number | null;
    simulations: number;
    seed: number;
    confidence: number;
  };
  nodes: StoredRbdNode[];
  edges: Array<{ from: string; to: string; parent?: string }>;
  results?: Record<string, unknown> | null;
}

const KIND_TO_STORED = {
  regular: "regular",
  host: "host",
  kofn: "KN",
  mirror: "mirror",
  subdiagram: "subdiagram",
} as const;

const stored = (x: number | undefined): number | null | undefined =>
  x === undefined ? undefined : Number.isFinite(x) ? x : null;
const loaded = (x: unknown): number => (typeof x === "number" && Number.isFinite(x) ? x : Number.NaN);

export function toStoredBody(
  doc: RbdDocument,
  description = "",
  results?: Record<string, unknown> | null,
): StoredRbdBody {
  const nodes: StoredRbdNode[] = [];
  const edges: StoredRbdBody["edges"] = [];
  const walk = (diagram: RbdDiagram, parent?: string) => {
    for (const block of diagram.blocks) {
      const node: StoredRbdNode = { id: block.id, kind: KIND_TO_STORED[block.kind], name: block.name ?? "" };
      if (parent !== undefined) node.parent = parent;
      if (block.kind === "regular" || block.kind === "host") {
        // p1..p3 in the spec's RBD order; a value being typed (NaN) is stored as null.
        const spec = toSpec("rbd", block.distribution);
        node.distribution = spec.distribution;
        for (const key of ["p1", "p2", "p3"] as const) {
          const v = stored(spec[key]);
          if (v !== undefined) node[key] = v;
        }
      } else if (block.kind === "kofn") {
        // The store takes whole numbers up to LIMITS.votingK.max only; a k being typed is not kept (it reloads as 1).
        if (Number.isInteger(block.k) && block.k >= 1 && block.k <= LIMITS.votingK.max)
          node.requiredPath = block.k;
      } else if (block.kind === "mirror") node.of = block.of;
      const offset = doc.offsets[block.id];
      if (offset) Object.assign(node, offset);
      nodes.push(node);
      if (block.kind === "subdiagram") walk(block.diagram, block.id);
    }
    for (const [from, to] of diagram.edges)
      edges.push(parent === undefined ? { from, to } : { from, to, parent });
  };
  walk(doc.model);
  const m = doc.model;
  return {
    description,
    settings: {
      missionTime: stored(m.missionTime) ?? null,
      ...(m.currentAge !== undefined ? { currentAge: stored(m.currentAge) } : {}),
      ...(m.warrantyLife !== undefined ? { warrantyLife: stored(m.warrantyLife) } : {}),
      simulations: doc.simulation.trials,
      seed: doc.simulation.seed,
      confidence: doc.simulation.confidence,
    },
    nodes,
    edges,
    ...(results !== undefined ? { results } : {}),
  };
}

/** A node's distribution from its name and p1..p3 (an unknown name reads as an exponential, as it always
 * did); a value that is not a finite number loads as NaN, which the editor shows with its message. */
function distributionOf(node: StoredRbdNode): RbdDistribution {
  const p = [node.p1, node.p2, node.p3].map((x) => (x === undefined ? undefined : loaded(x)));
  return (fromSpec("rbd", node.distribution, p) ?? fromSpec("rbd", "exponential", p)) as RbdDistribution;
}

/** The document a stored body describes (names and settings the body lacks get defaults). */
export function fromStoredBody(name: string, body: StoredRbdBody): RbdDocument {
  const offsets: RbdDocument["offsets"] = {};
  const children = new Map<string | undefined, RbdBlock[]>();
  const edgesOf = new Map<string | undefined, RbdEdge[]>();
  for (const node of body.nodes) {
    if ((node.kind as string) === "start" || (node.kind as string) === "end") continue;
    const id = String(node.id);
    const base = node.name ? { id, name: node.name } : { id };
    let block: RbdBlock;
    switch (node.kind) {
      case "KN":
        block = { ...base, kind: "kofn", k: node.requiredPath ?? 1 };
        break;
      case "mirror":
        block = { ...base, kind: "mirror", of: String(node.of ?? "") };
        break;
      case "subdiagram":
        block = { ...base, kind: "subdiagram", diagram: { blocks: [], edges: [] } };
        break;
      default:
        block = {
          ...base,
          kind: node.kind === "host" ? "host" : "regular",
          distribution: distributionOf(node),
        };
    }
    if (typeof node.dx === "number" || typeof node.dy === "number")
      offsets[id] = { dx: node.dx ?? 0, dy: node.dy ?? 0 };
    const parent = node.parent === undefined ? undefined : String(node.parent);
    children.set(parent, [...(children.get(parent) ?? []), block]);
  }
  for (const edge of body.edges) {
    const parent = edge.parent === undefined ? undefined : String(edge.parent);
    edgesOf.set(parent, [...(edgesOf.get(parent) ?? []), [String(edge.from), String(edge.to)]]);
  }
  const build = (parent: string | undefined, seen: Set<string>): RbdDiagram => ({
    blocks: (children.get(parent) ?? []).map((b) => {
      // A sub-diagram cannot hold itself; a body that says so gets an empty one (validation reports it).
      if (b.kind !== "subdiagram" || seen.has(b.id)) return b;
      return { ...b, diagram: build(b.id, new Set([...seen, b.id])) };
    }),
    edges: edgesOf.get(parent) ?? [],
  });
  const top = build(undefined, new Set());
  const s = body.settings;
  return {
    model: {
      name,
      missionTime: loaded(s.missionTime),
      ...(s.currentAge !== undefined ? { currentAge: loaded(s.currentAge) } : {}),
      ...(s.warrantyLife !== undefined ? { warrantyLife: loaded(s.warrantyLife) } : {}),
      ...top,
    },
    offsets,
    simulation: {
      trials: s.simulations ?? DEFAULT_SIMULATION.trials,
      seed: s.seed ?? DEFAULT_SIMULATION.seed,
      confidence: s.confidence ?? DEFAULT_SIMULATION.confidence,
    },
  };
}
