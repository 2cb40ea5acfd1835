// relbench's reliability block diagram model: plain JSON-ready objects, the same in the editor, the
// REST service, the CLI file format and the kernels. `start` and `end` are implicit terminals.
import {
  type FailureDistribution,
  type FailureDistributionType,
  readDistribution,
} from "../../shared/failure-model.ts";

/** A block's life distribution: the failure model's (src/shared/failure-model.ts), named parameters. */
export type RbdDistribution = FailureDistribution;
export type RbdDistributionType = FailureDistributionType;

interface BlockBase {
  /** Unique in the whole model, sub-diagrams included; never "start" or "end". */
  id: string;
  name?: string;
}

/** A component with a life distribution. */
export interface RbdRegularBlock extends BlockBase {
  kind: "regular";
  distribution: RbdDistribution;
}

/** A regular block whose component is shown again elsewhere by mirror blocks. */
export interface RbdHostBlock extends BlockBase {
  kind: "host";
  distribution: RbdDistribution;
}

/** Works when at least `k` of its incoming branches work (k = 1: parallel). `of`, when given, must equal
 * the number of incoming branches. */
export interface RbdKofNBlock extends BlockBase {
  kind: "kofn";
  k: number;
  of?: number;
}

/** The component of block `of` (a regular or host block anywhere in the model) shown again: it shares that
 * component's state. A distribution on a mirror is ignored. */
export interface RbdMirrorBlock extends BlockBase {
  kind: "mirror";
  of: string;
}

/** Works when its own diagram works and at least one incoming branch works. */
export interface RbdSubdiagramBlock extends BlockBase {
  kind: "subdiagram";
  diagram: RbdDiagram;
}

export type RbdBlock = RbdRegularBlock | RbdHostBlock | RbdKofNBlock | RbdMirrorBlock | RbdSubdiagramBlock;
export type RbdBlockKind = RbdBlock["kind"];

export type RbdEdge = [from: string, to: string];

export interface RbdDiagram {
  name?: string;
  blocks: RbdBlock[];
  edges: RbdEdge[];
}

export interface RbdModel extends RbdDiagram {
  name: string;
  /** The time the reliability and importance are reported at. */
  missionTime: number;
  /** Age already survived: conditional reliability is R(age + missionTime) / R(age). */
  currentAge?: number;
  /** Reliability is also reported at this time. */
  warrantyLife?: number;
}

export const RBD_START = "start";
export const RBD_END = "end";

/**
 * A parsed JSON model with every block's distribution in today's shape: older files (or one written with
 * FTA's names, `weibull2` with p1..p3) are read through the failure model's readDistribution, in the RBD
 * order of p1..p3. Anything else is left as found for validateRbd to report.
 */
export function readRbdDistributions(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const diagram = (d: unknown): unknown => {
    if (typeof d !== "object" || d === null || !Array.isArray((d as { blocks?: unknown }).blocks)) return d;
    const blocks = (d as { blocks: unknown[] }).blocks.map((b) => {
      if (typeof b !== "object" || b === null) return b;
      const block = { ...(b as Record<string, unknown>) };
      if (block.distribution !== undefined)
        block.distribution = readDistribution(block.distribution, "rbd") ?? block.distribution;
      if (block.diagram !== undefined) block.diagram = diagram(block.diagram);
      return block;
    });
    return { ...(d as object), blocks };
  };
  return diagram(value);
}
