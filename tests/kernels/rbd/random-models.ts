// Random valid block diagrams for the brute-force and simulation tests, and an enumeration over all
// component states written straight from the semantics in issue 8 (independent of compile.ts and the BDD).
import type { RbdBlock, RbdDiagram, RbdDistribution, RbdModel } from "../../../src/kernels/rbd/model.ts";

/** mulberry32: a small seeded generator for test inputs. */
export function testRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Builder {
  random: () => number;
  budget: number;
  nextId: number;
  originals: Array<{ distribution: RbdDistribution; id: string; kind: string }>;
  missionTime: number;
}

function randomDistribution(b: Builder): RbdDistribution {
  // Component reliabilities at the mission time spread over [0.05, 0.97] so no state dominates.
  const r = 0.05 + 0.92 * b.random();
  const scale = -Math.log(r);
  if (b.random() < 0.5) return { type: "exponential", lambda: scale / b.missionTime };
  const beta = 0.5 + 2.5 * b.random();
  return { type: "weibull2p", beta, eta: b.missionTime / scale ** (1 / beta) };
}

function pick<T>(random: () => number, items: T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0)
    out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return out;
}

function randomDiagram(b: Builder, depth: number, size: number): RbdDiagram {
  const blocks: RbdBlock[] = [];
  const edges: Array<[string, string]> = [];
  const nodes = ["start"];
  const hasSuccessor = new Set<string>();
  for (let i = 0; i < size && b.budget > 0; i++) {
    const id = `b${b.nextId++}`;
    const roll = b.random();
    const preds = pick(b.random, nodes, 1 + Math.floor(b.random() * Math.min(3, nodes.length)));
    let block: RbdBlock;
    if (roll < 0.15 && b.originals.length > 0) {
      const original = b.originals[Math.floor(b.random() * b.originals.length)];
      original.kind = "host";
      block = { id, kind: "mirror", of: original.id };
    } else if (roll < 0.3 && nodes.length >= 2) {
      const inputs = pick(b.random, nodes, 2 + Math.floor(b.random() * Math.min(3, nodes.length - 1)));
      preds.splice(0, preds.length, ...inputs);
      block = { id, kind: "kofn", k: 1 + Math.floor(b.random() * inputs.length) };
    } else if (roll < 0.38 && depth < 2 && b.budget >= 2) {
      block = {
        id,
        kind: "subdiagram",
        diagram: randomDiagram(b, depth + 1, 1 + Math.floor(b.random() * 5)),
      };
    } else {
      b.budget--;
      const regular = { id, kind: "regular" as const, distribution: randomDistribution(b) };
      b.originals.push(regular);
      block = regular;
    }
    blocks.push(block);
    for (const p of preds) {
      edges.push([p, id]);
      hasSuccessor.add(p);
    }
    nodes.push(id);
  }
  for (const n of nodes)
    if (!hasSuccessor.has(n) || (n !== "start" && b.random() < 0.15)) edges.push([n, "end"]);
  return { blocks, edges };
}

/** A valid random model with at most `maxComponents` components (regular and host blocks). */
export function randomModel(seed: number, maxComponents: number): RbdModel {
  const b: Builder = {
    random: testRandom(seed),
    budget: maxComponents,
    nextId: 0,
    originals: [],
    missionTime: 100,
  };
  // The top level goes on until the component budget is spent.
  let diagram = randomDiagram(b, 0, 4 * maxComponents);
  while (b.originals.length === 0) diagram = randomDiagram(b, 0, 4 * maxComponents);
  // `originals` holds the very block objects, so marking a host above changed them in place.
  return { name: `random ${seed}`, missionTime: b.missionTime, ...diagram };
}

/** Every regular and host block of a model, sub-diagrams included. */
export function componentBlocks(diagram: RbdDiagram): Array<{ id: string; distribution: RbdDistribution }> {
  return diagram.blocks.flatMap((block) =>
    block.kind === "regular" || block.kind === "host"
      ? [block]
      : block.kind === "subdiagram"
        ? componentBlocks(block.diagram)
        : [],
  );
}

export function componentReliability(d: RbdDistribution, t: number): number {
  switch (d.type) {
    case "exponential":
      return t > (d.gamma ?? 0) ? Math.exp(-d.lambda * (t - (d.gamma ?? 0))) : 1;
    case "weibull2p":
      return Math.exp(-((t / d.eta) ** d.beta));
    case "weibull3p":
      return t > d.gamma ? Math.exp(-(((t - d.gamma) / d.eta) ** d.beta)) : 1;
    case "fixed":
      return 1 - d.probability;
    default:
      throw new Error(`no closed form here for ${d.type}`);
  }
}

/** The structure function from the rules of issue 8: whether the system works in component state `state`
 * (bit i set: the component `ids[i]` works). Built once per model, evaluated for every state. */
export function structureFunction(model: RbdDiagram, ids: string[]): (state: number) => boolean {
  interface Node {
    slot: number;
    evaluate: () => boolean;
  }
  let state = 0;
  let generation = 0;
  const seenAt: number[] = [];
  const value: boolean[] = [];
  const memoised = (evaluate: () => boolean): Node => {
    const slot = seenAt.length;
    seenAt.push(-1);
    value.push(false);
    return {
      slot,
      evaluate: () => {
        if (seenAt[slot] !== generation) {
          value[slot] = evaluate();
          seenAt[slot] = generation;
        }
        return value[slot];
      },
    };
  };
  const bit = (id: string) => {
    const i = ids.indexOf(id);
    return () => (state & (1 << i)) !== 0;
  };
  const diagramEnd = (diagram: RbdDiagram): Node => {
    const nodes = new Map<string, Node>([["start", memoised(() => true)]]);
    const inputsOf = (id: string) => diagram.edges.filter(([, to]) => to === id).map(([from]) => from);
    const node = (id: string): Node => nodes.get(id) as Node;
    for (const block of diagram.blocks) {
      let cached: Node[] | undefined;
      const inputs = () => (cached ??= inputsOf(block.id).map(node));
      let evaluate: () => boolean;
      switch (block.kind) {
        case "regular":
        case "host":
        case "mirror": {
          const works = bit(block.kind === "mirror" ? block.of : block.id);
          evaluate = () => works() && inputs().some((n) => n.evaluate());
          break;
        }
        case "kofn":
          evaluate = () => inputs().filter((n) => n.evaluate()).length >= block.k;
          break;
        case "subdiagram": {
          const end = diagramEnd(block.diagram);
          evaluate = () => end.evaluate() && inputs().some((n) => n.evaluate());
          break;
        }
      }
      nodes.set(block.id, memoised(evaluate));
    }
    const endInputs = inputsOf("end");
    return memoised(() => endInputs.some((id) => node(id).evaluate()));
  };
  const end = diagramEnd(model);
  return (s) => {
    state = s;
    generation++;
    return end.evaluate();
  };
}

/** R, Q and Birnbaum importance by summing over all 2^n component states. */
export function enumerate(
  model: RbdModel,
  reliability: Map<string, number>,
): { reliability: number; unreliability: number; birnbaum: Map<string, number> } {
  const ids = [...reliability.keys()];
  const n = ids.length;
  let r = 0;
  let q = 0;
  const given1 = new Float64Array(n);
  const given0 = new Float64Array(n);
  const works = structureFunction(model, ids);
  for (let state = 0; state < 2 ** n; state++) {
    let p = 1;
    for (let i = 0; i < n; i++) {
      const ri = reliability.get(ids[i]) as number;
      p *= state & (1 << i) ? ri : 1 - ri;
    }
    const up = works(state);
    if (up) r += p;
    else q += p;
    if (!up) continue;
    for (let i = 0; i < n; i++) {
      const ri = reliability.get(ids[i]) as number;
      if (state & (1 << i)) given1[i] += p / ri;
      else given0[i] += p / (1 - ri);
    }
  }
  return {
    reliability: r,
    unreliability: q,
    birnbaum: new Map(ids.map((id, i) => [id, given1[i] - given0[i]])),
  };
}
