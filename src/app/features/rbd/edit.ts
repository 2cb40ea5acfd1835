// The structural edits of the eRBD editor as pure functions of the model: each answers the new model and the
// block to select, or the reason it cannot be done (a key of the `rbd:refused` messages). A structural edit
// never changes the numbers by itself where it can avoid it: a new KN node starts as k = 1 (the parallel
// it replaces), deleting one appearance of a shared component keeps the component in its other places.
import {
  RBD_END,
  RBD_START,
  type RbdBlock,
  type RbdDiagram,
  type RbdEdge,
  type RbdModel,
} from "../../../kernels/rbd/model.ts";
import {
  allBlocks,
  DEFAULT_DISTRIBUTION,
  type DiagramPath,
  diagramAt,
  findBlock,
  freshId,
  isTerminal,
  mirrorsOf,
  predecessors,
  successors,
  updateDiagram,
} from "./document.ts";

export type RefusalKey =
  | "noSelection"
  | "terminal"
  | "afterEnd"
  | "beforeStart"
  | "notComponent"
  | "self"
  | "intoStart"
  | "fromEnd"
  | "exists"
  | "cycle"
  | "noEdge"
  | "lastEdge";

export type EditResult = { ok: true; model: RbdModel; select: string } | { ok: false; reason: RefusalKey };

const refuse = (reason: RefusalKey): EditResult => ({ ok: false, reason });

const withEdges = (diagram: RbdDiagram, edges: RbdEdge[]): RbdDiagram => ({
  ...diagram,
  edges: dedupe(edges),
});

function dedupe(edges: RbdEdge[]): RbdEdge[] {
  const seen = new Set<string>();
  return edges.filter(([from, to]) => {
    const key = `${from}\u0000${to}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Hosts are exactly the regular blocks that have mirrors: kept true after every edit. */
export function syncHosts(model: RbdModel): RbdModel {
  const mirrored = new Set(allBlocks(model).flatMap((l) => (l.block.kind === "mirror" ? [l.block.of] : [])));
  const needs = allBlocks(model).some(
    ({ block: b }) =>
      (b.kind === "regular" && mirrored.has(b.id)) || (b.kind === "host" && !mirrored.has(b.id)),
  );
  if (!needs) return model;
  const fix = (diagram: RbdDiagram): RbdDiagram => ({
    ...diagram,
    blocks: diagram.blocks.map((b): RbdBlock => {
      if (b.kind === "regular" && mirrored.has(b.id)) return { ...b, kind: "host" };
      if (b.kind === "host" && !mirrored.has(b.id)) return { ...b, kind: "regular" };
      if (b.kind === "subdiagram") return { ...b, diagram: fix(b.diagram) };
      return b;
    }),
  });
  return fix(model) as RbdModel;
}

export function newRegularBlock(model: RbdModel): RbdBlock {
  return { id: freshId(model, "B"), kind: "regular", distribution: DEFAULT_DISTRIBUTION };
}

/** `block` in series right after `id`: id → block → (what followed id). */
export function addAfter(model: RbdModel, path: DiagramPath, id: string, block: RbdBlock): EditResult {
  if (id === RBD_END) return refuse("afterEnd");
  const diagram = diagramAt(model, path);
  const next = successors(diagram, id);
  const edges: RbdEdge[] = [
    ...diagram.edges.filter(([from]) => from !== id),
    [id, block.id],
    ...next.map((to): RbdEdge => [block.id, to]),
  ];
  // A block added after one that led nowhere still has to reach end.
  if (next.length === 0) edges.push([block.id, RBD_END]);
  return done(model, path, { ...withEdges(diagram, edges), blocks: [...diagram.blocks, block] }, block.id);
}

/** `block` beside `id`: the same inputs and the same outputs. */
export function addParallel(model: RbdModel, path: DiagramPath, id: string, block: RbdBlock): EditResult {
  if (isTerminal(id)) return refuse("terminal");
  const diagram = diagramAt(model, path);
  const before = predecessors(diagram, id);
  const after = successors(diagram, id);
  const edges: RbdEdge[] = [
    ...diagram.edges,
    ...before.map((from): RbdEdge => [from, block.id]),
    ...after.map((to): RbdEdge => [block.id, to]),
  ];
  return done(model, path, { ...withEdges(diagram, edges), blocks: [...diagram.blocks, block] }, block.id);
}

/**
 * A KN node gathering the branch of `id` and every branch parallel to it (the blocks leading to exactly
 * the same places): they feed the node, the node feeds those places. k starts at 1, the parallel it was.
 */
export function addKofN(model: RbdModel, path: DiagramPath, id: string): EditResult {
  if (id === RBD_END) return refuse("afterEnd");
  const diagram = diagramAt(model, path);
  const key = (n: string) => successors(diagram, n).sort().join("\u0000");
  const targets = successors(diagram, id);
  const group =
    id === RBD_START || targets.length === 0
      ? [id]
      : [RBD_START, ...diagram.blocks.map((b) => b.id)].filter((n) => key(n) === key(id));
  const node: RbdBlock = { id: freshId(model, "K"), kind: "kofn", k: 1 };
  const inGroup = new Set(group);
  const edges: RbdEdge[] = [
    ...diagram.edges.filter(([from]) => !inGroup.has(from)),
    ...group.map((from): RbdEdge => [from, node.id]),
    ...(targets.length > 0 ? targets : [RBD_END]).map((to): RbdEdge => [node.id, to]),
  ];
  return done(model, path, { ...withEdges(diagram, edges), blocks: [...diagram.blocks, node] }, node.id);
}

/** A sub-diagram block after `id`, holding one regular block of its own. */
export function addSubdiagram(model: RbdModel, path: DiagramPath, id: string): EditResult {
  // Different prefixes, so the two fresh ids cannot collide.
  const inner = newRegularBlock(model);
  const block: RbdBlock = {
    id: freshId(model, "S"),
    kind: "subdiagram",
    diagram: {
      blocks: [inner],
      edges: [
        [RBD_START, inner.id],
        [inner.id, RBD_END],
      ],
    },
  };
  return addAfter(model, path, id, block);
}

/** A mirror of `originalId` (or of the original a mirror shows) placed after or beside `targetId`. */
export function addMirror(
  model: RbdModel,
  path: DiagramPath,
  targetId: string,
  originalId: string,
  where: "after" | "parallel",
): EditResult {
  const original = findBlock(model, originalId)?.block;
  const of = original?.kind === "mirror" ? original.of : original?.id;
  const source = of ? findBlock(model, of)?.block : undefined;
  if (!of || !source || (source.kind !== "regular" && source.kind !== "host")) return refuse("notComponent");
  const mirror: RbdBlock = { id: freshId(model, "M"), kind: "mirror", of, name: source.name };
  return where === "after"
    ? addAfter(model, path, targetId, mirror)
    : addParallel(model, path, targetId, mirror);
}

/** Whether `to` can already reach `from` (a new edge from → to would close a cycle). */
function reaches(diagram: RbdDiagram, from: string, to: string): boolean {
  const seen = new Set<string>([from]);
  const stack = [from];
  while (stack.length > 0) {
    const n = stack.pop() as string;
    if (n === to) return true;
    for (const m of successors(diagram, n))
      if (!seen.has(m)) {
        seen.add(m);
        stack.push(m);
      }
  }
  return false;
}

export function connect(model: RbdModel, path: DiagramPath, from: string, to: string): EditResult {
  if (from === to) return refuse("self");
  if (to === RBD_START) return refuse("intoStart");
  if (from === RBD_END) return refuse("fromEnd");
  const diagram = diagramAt(model, path);
  if (diagram.edges.some(([a, b]) => a === from && b === to)) return refuse("exists");
  if (reaches(diagram, to, from)) return refuse("cycle");
  return done(model, path, withEdges(diagram, [...diagram.edges, [from, to]]), from);
}

/** Removes the connection between `a` and `b`, whichever way it runs. */
export function disconnect(model: RbdModel, path: DiagramPath, a: string, b: string): EditResult {
  const diagram = diagramAt(model, path);
  const edges = diagram.edges.filter(([from, to]) => !((from === a && to === b) || (from === b && to === a)));
  if (edges.length === diagram.edges.length) return refuse("noEdge");
  return done(model, path, { ...diagram, edges }, a);
}

/**
 * Deletes a block (a sub-diagram with everything in it). Where the deletion would cut a path, the blocks
 * before are joined to the blocks after (deleting B from A → B → C gives A → C); a parallel branch just goes.
 * A deleted original whose component also appears elsewhere hands it to its first remaining mirror.
 */
export function deleteBlock(model: RbdModel, path: DiagramPath, id: string): EditResult {
  if (isTerminal(id)) return refuse("terminal");
  const diagram = diagramAt(model, path);
  const block = diagram.blocks.find((b) => b.id === id);
  if (!block) return refuse("noSelection");
  const gone = new Set<string>();
  const collect = (b: RbdBlock) => {
    gone.add(b.id);
    if (b.kind === "subdiagram") for (const inner of b.diagram.blocks) collect(inner);
  };
  collect(block);

  let next = handOverComponents(model, gone);
  const current = diagramAt(next, path);
  const before = predecessors(current, id);
  const after = successors(current, id);
  const edges = current.edges.filter(([from, to]) => from !== id && to !== id);
  const remaining = { ...current, edges };
  for (const p of before)
    if (successors(remaining, p).length === 0) for (const s of after) edges.push([p, s]);
  for (const s of after)
    if (predecessors(remaining, s).length === 0) for (const p of before) edges.push([p, s]);
  next = updateDiagram(next, path, (d) => ({
    ...withEdges(d, edges),
    blocks: d.blocks.filter((b) => b.id !== id),
  }));
  const select =
    before.find((p) => !isTerminal(p)) ?? after.find((s) => !isTerminal(s)) ?? before[0] ?? RBD_START;
  return { ok: true, model: syncHosts(next), select };
}

/** For every original about to go whose mirrors stay, the first staying mirror becomes the original. */
function handOverComponents(model: RbdModel, gone: Set<string>): RbdModel {
  let next = model;
  for (const { block } of allBlocks(model)) {
    if (!gone.has(block.id) || (block.kind !== "regular" && block.kind !== "host")) continue;
    const staying = mirrorsOf(next, block.id).filter((m) => !gone.has(m.block.id));
    if (staying.length === 0) continue;
    const heir = staying[0].block.id;
    const replace = (diagram: RbdDiagram): RbdDiagram => ({
      ...diagram,
      blocks: diagram.blocks.map((b): RbdBlock => {
        if (b.id === heir)
          return { id: heir, kind: "host", distribution: block.distribution, ...nameOf(b, block) };
        if (b.kind === "mirror" && b.of === block.id) return { ...b, of: heir };
        if (b.kind === "subdiagram") return { ...b, diagram: replace(b.diagram) };
        return b;
      }),
    });
    next = replace(next) as RbdModel;
  }
  return next;
}

const nameOf = (mirror: RbdBlock, original: RbdBlock) => {
  const name = mirror.name ?? original.name;
  return name === undefined ? {} : { name };
};

function done(model: RbdModel, path: DiagramPath, diagram: RbdDiagram, select: string): EditResult {
  return { ok: true, model: syncHosts(updateDiagram(model, path, () => diagram)), select };
}
