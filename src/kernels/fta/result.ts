// The shapes an analysis returns: plain objects and typed arrays, so a result crosses the worker boundary
// by structured clone and the cut sets can be listed lazily on the main thread (cut-sets.ts).

import type { FtaProblem } from "./model.ts";

export type FtaAlgorithm = "bdd" | "zbdd" | "mocus";

export interface FtaAnalysisOptions {
  /** bdd (default): BDD, exact probability, cut sets from it; zbdd and mocus: cut sets only. */
  algorithm?: FtaAlgorithm;
  /** Hours; defaults to the model's (8760 unless set). */
  missionTime?: number;
  /** Largest cut set order kept (default 20, as SCRAM). */
  limitOrder?: number;
  /** Cut sets less probable than this are dropped (default 0: none). */
  cutOff?: number;
  importance?: boolean;
  /** Probability of every gate for the tree view (needs the BDD; default true). */
  gateProbabilities?: boolean;
  /** Number of points of the top probability curve from 0 to the mission time (0: none). */
  curvePoints?: number;
  /** The top gate when the model has several roots. */
  top?: string;
  /** Cap on BDD and ZBDD nodes (default 2^25); past it the analysis stops with FtaCapacityError. */
  maxNodes?: number;
}

export interface FtaImportance {
  /** Birnbaum: dP(top)/dp = P(top | x) - P(top | not x). */
  birnbaum: number;
  /** Criticality: p · Birnbaum / P(top), the share of the top probability that needs x. */
  criticality: number;
  /** Fussell-Vesely, cut-set form: Σ P(C) over the minimal cut sets containing x / Σ P(C) over all. */
  fussellVesely: number;
  /** Risk achievement worth: P(top | x) / P(top). */
  raw: number;
  /** Risk reduction worth: P(top) / P(top | not x). */
  rrw: number;
  /** P(x | top) = p · P(top | x) / P(top): what SCRAM reports as DIF. */
  diagnostic: number;
  /** Number of minimal cut sets containing the event. */
  occurrences: number;
}

export const IMPORTANCE_DEFINITIONS = {
  birnbaum: "Birnbaum: dP(top)/dp = P(top | event) - P(top | not event)",
  criticality: "Criticality: p * Birnbaum / P(top)",
  fussellVesely:
    "Fussell-Vesely (cut-set form): sum of P(C) over the minimal cut sets containing the event / sum of P(C) over all minimal cut sets (not SCRAM's DIF, which is P(event | top))",
  raw: "RAW, risk achievement worth: P(top | event) / P(top)",
  rrw: "RRW, risk reduction worth: P(top) / P(top | not event)",
} as const;

/** The minimal cut sets as a ZBDD: node i (from 2; 0 = no set, 1 = the empty set) has an event, a high child (sets with the event) and a low child. The root is the last node. */
export interface FtaCutSetDiagram {
  event: Int32Array;
  high: Int32Array;
  low: Int32Array;
  /** Number of sets below each node. */
  count: Float64Array;
  /** Probability of each event (to rank sets by probability). */
  eventProbability: Float64Array;
  /** Codes of the events (event[i] indexes this list). */
  events: string[];
  root: number;
}

export interface FtaAnalysisResult {
  top: string;
  algorithm: FtaAlgorithm;
  missionTime: number;
  limitOrder: number;
  cutOff: number;
  counts: { basicEvents: number; gates: number; houseEvents: number };
  probability: {
    /** From the BDD (algorithm bdd); null otherwise. */
    exact: number | null;
    /** Σ P(C) over the minimal cut sets found, clamped at 1 as SCRAM does (see rareEventSum). */
    rareEvent: number;
    rareEventSum: number;
    /** Min-cut upper bound 1 - Π(1 - P(C)). */
    mcub: number;
  };
  cutSets: {
    count: number;
    /** byOrder[k] = number of minimal cut sets of order k. */
    byOrder: number[];
    diagram: FtaCutSetDiagram;
  };
  /** Probability of each basic event at the mission time. */
  eventProbabilities: Record<string, number>;
  /** Probability of each gate for the tree view (exact, from the BDD), when requested. */
  gateProbabilities?: Record<string, number>;
  importance?: Record<string, FtaImportance>;
  curve?: { time: Float64Array; probability: Float64Array };
  /** Basic events whose probability does not change with time (spec 8: then no curve is drawn). */
  fixedProbabilityEvents: string[];
  problems: FtaProblem[];
  stats: { bddNodes: number; zbddNodes: number; modules: number };
  elapsedMs: number;
}
