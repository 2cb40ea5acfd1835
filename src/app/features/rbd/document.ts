// The eRBD editor's document: the kernel's own model (exported as is, the CLI's file format) plus what only
// the editor needs: manual moves on top of the automatic layout and the simulation settings. Every function
// here is pure; edits build new objects and share the untouched parts, so undo keeps whole documents.
import {
  RBD_END,
  RBD_START,
  type RbdBlock,
  type RbdDiagram,
  type RbdDistribution,
  type RbdModel,
} from "../../../kernels/rbd/model.ts";

export interface SimulationSettings {
  trials: number;
  seed: number;
  /** Of the MTTF interval and the error bars, percent (0–100, exclusive). */
  confidence: number;
}

export interface RbdDocument {
  model: RbdModel;
  /** Manual moves (pixels) added to the layout's position of a block, by block id. */
  offsets: Record<string, { dx: number; dy: number }>;
  simulation: SimulationSettings;
}

/** The ids of sub-diagram blocks from the top diagram down to the one shown; [] is the top diagram. */
export type DiagramPath = readonly string[];

export const TERMINALS = [RBD_START, RBD_END] as const;
export const isTerminal = (id: string) => id === RBD_START || id === RBD_END;

export const DEFAULT_SIMULATION: SimulationSettings = { trials: 100_000, seed: 1, confidence: 95 };

/** A new component's life: exponential with a mean life of 1,000 time units. */
export const DEFAULT_DISTRIBUTION: RbdDistribution = { type: "exponential", lambda: 0.001 };

/** A diagram ready to extend: start → B1 → end. */
export function newDocument(name: string): RbdDocument {
  return {
    model: {
      name,
      missionTime: 100,
      blocks: [{ id: "B1", kind: "regular", distribution: DEFAULT_DISTRIBUTION }],
      edges: [
        [RBD_START, "B1"],
        ["B1", RBD_END],
      ],
    },
    offsets: {},
    simulation: { ...DEFAULT_SIMULATION },
  };
}

export function diagramAt(model: RbdModel, path: DiagramPath): RbdDiagram {
  let diagram: RbdDiagram = model;
  for (const id of path) {
    const block = diagram.blocks.find((b) => b.id === id);
    if (block?.kind !== "subdiagram") throw new Error(`No sub-diagram ${id} on the path ${path.join("/")}`);
    diagram = block.diagram;
  }
  return diagram;
}

/** The model with the diagram at `path` replaced by `change(diagram)`. */
export function updateDiagram(
  model: RbdModel,
  path: DiagramPath,
  change: (diagram: RbdDiagram) => RbdDiagram,
): RbdModel {
  const rebuild = (diagram: RbdDiagram, depth: number): RbdDiagram => {
    if (depth === path.length) return change(diagram);
    return {
      ...diagram,
      blocks: diagram.blocks.map((b) =>
        b.id === path[depth] && b.kind === "subdiagram"
          ? { ...b, diagram: rebuild(b.diagram, depth + 1) }
          : b,
      ),
    };
  };
  return rebuild(model, 0) as RbdModel;
}

export interface Located {
  block: RbdBlock;
  /** The diagram holding the block. */
  path: string[];
}

/** Every block of the model, sub-diagrams included, outer blocks first. */
export function allBlocks(model: RbdModel): Located[] {
  const out: Located[] = [];
  const walk = (diagram: RbdDiagram, path: string[]) => {
    for (const block of diagram.blocks) {
      out.push({ block, path });
      if (block.kind === "subdiagram") walk(block.diagram, [...path, block.id]);
    }
  };
  walk(model, []);
  return out;
}

export function findBlock(model: RbdModel, id: string): Located | undefined {
  return allBlocks(model).find((l) => l.block.id === id);
}

/** The model with block `id` (wherever it is) replaced by `change(block)`. */
export function updateBlock(model: RbdModel, id: string, change: (block: RbdBlock) => RbdBlock): RbdModel {
  const found = findBlock(model, id);
  if (!found) return model;
  return updateDiagram(model, found.path, (d) => ({
    ...d,
    blocks: d.blocks.map((b) => (b.id === id ? change(b) : b)),
  }));
}

/** The mirrors of a regular or host block, wherever they are. */
export function mirrorsOf(model: RbdModel, id: string): Located[] {
  return allBlocks(model).filter((l) => l.block.kind === "mirror" && l.block.of === id);
}

/** The block whose component `id` shows: itself, or a mirror's original. */
export function originalOf(model: RbdModel, id: string): RbdBlock | undefined {
  const block = findBlock(model, id)?.block;
  if (block?.kind !== "mirror") return block;
  return findBlock(model, block.of)?.block;
}

/** What the user reads on a block: its name, else its id. */
export function blockLabel(block: RbdBlock): string {
  return block.name?.trim() ? block.name : block.id;
}

/** A fresh id, unused anywhere in the model: B7, K2, S1, M3. */
export function freshId(model: RbdModel, prefix: string): string {
  const used = new Set(allBlocks(model).map((l) => l.block.id));
  let n = 1;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

export function predecessors(diagram: RbdDiagram, id: string): string[] {
  return diagram.edges.filter(([, to]) => to === id).map(([from]) => from);
}

export function successors(diagram: RbdDiagram, id: string): string[] {
  return diagram.edges.filter(([from]) => from === id).map(([, to]) => to);
}
