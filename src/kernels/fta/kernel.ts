// The fta wasm module's exports as the TypeScript side uses them, and its capacity limits.
import type { AbsorbKernel } from "./absorb.ts";
import type { FtaKernelExports } from "./probabilities.ts";

export interface FtaKernel extends FtaKernelExports, AbsorbKernel {
  ftaReset(levels: number): void;
  ftaSetNodeLimits(bdd: number, zbdd: number): void;
  ftaSetStepLimit(limit: number): void;
  ftaSteps(): number;
  ftaOverflow(): number;
  ftaRelease(): void;
  ftaLevelP(): number;
  ftaLevelQ(): number;
  ftaBuildGates(program: number, offsets: number, gateEdges: number, from: number, to: number): void;
  ftaBddNodeCount(): number;
  ftaZbddNodeCount(): number;
  ftaMarkLive(roots: number, n: number): number;
  ftaForward(): void;
  ftaEdgeProbability(edge: number): number;
  ftaImportance(topEdge: number, mif: number, pTrue: number, pFalse: number): void;
  ftaPrepareCutSets(): void;
  ftaSetModuleFamily(level: number, family: number): void;
  ftaExpandModules(family: number, limit: number): number;
  ftaModuleCutSets(level: number, limit: number): number;
  ftaMinimalCutSets(edge: number, limit: number): number;
  ftaGateFamilies(
    program: number,
    offsets: number,
    families: number,
    from: number,
    to: number,
    limit: number,
    coherent: boolean,
  ): void;
  ftaProjectMinimal(family: number): number;
  ftaMocusStart(program: number, offsets: number, gates: number, top: number, limit: number): void;
  ftaMocusRun(budget: number): boolean;
  ftaMocusFamily(): number;
  ftaMocusProgress(): number;
  ftaApplyCutOff(root: number, cutOff: number): number;
  ftaCollectFamily(root: number): number;
  ftaFamilyMaxOrder(root: number): number;
  ftaFamilyCount(root: number): number;
  ftaRareEvent(root: number): number;
  ftaMinCutUpperBound(root: number): number;
  ftaCountByOrder(root: number, maxOrder: number, out: number): void;
  ftaEventContributions(root: number, occurrences: number, carried: number, birnbaum: number): void;
  ftaExportFamily(levels: number, highs: number, lows: number, counts: number): void;
}

/** Default cap on BDD and ZBDD nodes (2^25: about 1 GB of wasm memory at most). */
export const DEFAULT_MAX_NODES = 1 << 25;

/** The diagrams outgrew their cap: the tree is too large for this analysis with this order limit. */
export class FtaCapacityError extends Error {
  override name = "FtaCapacityError";
  constructor(
    readonly diagram: "BDD" | "ZBDD",
    readonly maxNodes: number,
    message?: string,
  ) {
    super(
      (message ?? diagram === "BDD")
        ? `The fault tree's BDD needs more than ${maxNodes} nodes; try the zbdd or mocus algorithm with a lower order limit.`
        : `The minimal cut sets need more than ${maxNodes} ZBDD nodes; lower the order limit or set a cut-off.`,
    );
  }
}
