// relbench's reliability block diagram model: plain JSON-ready objects, the same in the editor, the
// REST service, the CLI file format and the kernels. `start` and `end` are implicit terminals.

export type RbdDistribution =
  /** A static block: `probability` of failure, whatever the time. */
  | { type: "fixed"; probability: number }
  /** Failure rate `lambda`; optional location `gamma` (no failure before it). */
  | { type: "exponential"; lambda: number; gamma?: number }
  | { type: "weibull2p"; beta: number; eta: number }
  | { type: "weibull3p"; beta: number; eta: number; gamma: number }
  /** `mu` and `sigma` are the mean and standard deviation of ln t. */
  | { type: "lognormal"; mu: number; sigma: number }
  | { type: "normal"; mu: number; sigma: number };

export type RbdDistributionType = RbdDistribution["type"];

export const RBD_DISTRIBUTION_TYPES: readonly RbdDistributionType[] = [
  "fixed",
  "exponential",
  "weibull2p",
  "weibull3p",
  "lognormal",
  "normal",
];

/** Parameter names of each distribution, in the order the spec calls p1, p2, p3. */
export const RBD_DISTRIBUTION_PARAMETERS: Record<RbdDistributionType, readonly string[]> = {
  fixed: ["probability"],
  exponential: ["lambda", "gamma"],
  weibull2p: ["beta", "eta"],
  weibull3p: ["beta", "eta", "gamma"],
  lognormal: ["mu", "sigma"],
  normal: ["mu", "sigma"],
};

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
