// The wasm face of the fault tree kernels: one analysis at a time lives in this module's memory.
// The TypeScript side (src/kernels/fta/engine.ts) drives the phases and reads the results.
import {
  bddFree,
  bddNodeCount,
  bddOverflowed,
  bddReset,
  bddSteps,
  setBddNodeLimit,
  setBddStepLimit,
} from "./bdd";
import { absorbedChildCount, absorbedExport, absorbSharedEvents } from "./absorb";
import { buildGates } from "./build";
import { eventProbabilities } from "./distributions";
import {
  applyCutOff,
  bestSetProbability,
  collectFamily,
  countByOrder,
  eventContributions,
  exportFamily,
  familyCount,
  familyFree,
  minCutUpperBound,
  rareEventSum,
} from "./family";
import { gateFamilies } from "./gates-zbdd";
import { cacheFree, cacheReset } from "./hash";
import { computeHeights, expandModules, minimalCutSets, mincutFree, mincutReset, moduleCutSets, setModuleFamily } from "./mincut";
import { mocusFamily, mocusFree, mocusProgress, mocusRun, mocusStart } from "./mocus";
import { allocateLevels, freeLevels, levelP, levelQ } from "./model";
import { edgeP, edgeProbabilities, forwardPass, freeProbabilityArrays, importancePass, markLive } from "./probability";
import { setZbddNodeLimit, zFree, zMaxOrder, zMinimal, zNodeCount, zOverflowed, zProjectPositive, zReset } from "./zbdd";

export function ftaReset(levels: i32): void {
  ftaRelease();
  allocateLevels(levels);
  bddReset(1 << 14);
  zReset(1 << 14);
  // One cache slot per two nodes of the first tables (cacheFitTo keeps that ratio as they grow): a larger
  // first cache is memory a small tree never uses, and filling fresh pages is paid in page faults (a
  // 4 MB cache took about 1.5 ms of a 30 ms cold `relbench fta` on das9208).
  cacheReset(13);
  mincutReset(levels);
}

/** Frees every diagram and table (the memory stays with the module for the next analysis). */
export function ftaRelease(): void {
  mocusFree();
  familyFree();
  freeProbabilityArrays();
  mincutFree();
  zFree();
  bddFree();
  freeLevels();
  cacheFree();
}

export function ftaLevelP(): usize {
  return levelP;
}

export function ftaLevelQ(): usize {
  return levelQ;
}

export function ftaEventProbabilities(kinds: usize, params: usize, n: i32, t: f64, outP: usize, outQ: usize): void {
  eventProbabilities(kinds, params, n, t, outP, outQ);
}

export function ftaBuildGates(program: usize, offsets: usize, gateEdges: usize, from: i32, to: i32): void {
  buildGates(program, offsets, gateEdges, from, to);
}

export function ftaBddNodeCount(): i32 {
  return bddNodeCount();
}

export function ftaZbddNodeCount(): i32 {
  return zNodeCount();
}

export function ftaMarkLive(roots: usize, n: i32): i32 {
  return markLive(roots, n);
}

export function ftaForward(): void {
  forwardPass(0);
}

export function ftaEdgeProbability(edge: i32): f64 {
  return edgeP(edge);
}

export function ftaEdgeProbabilities(edges: usize, n: i32, out: usize): void {
  edgeProbabilities(edges, n, out);
}

export function ftaImportance(topEdge: i32, mif: usize, pTrue: usize, pFalse: usize): void {
  importancePass(topEdge, mif, pTrue, pFalse);
}

export function ftaModuleCutSets(level: i32, limit: i32): i32 {
  return moduleCutSets(level, limit);
}

export function ftaMinimalCutSets(edge: i32, limit: i32): i32 {
  return minimalCutSets(edge, limit);
}

export function ftaGateFamilies(
  program: usize,
  offsets: usize,
  families: usize,
  from: i32,
  to: i32,
  limit: i32,
  coherent: bool,
): void {
  gateFamilies(program, offsets, families, from, to, limit, coherent);
}

/** Minimal sets of the positive parts of a family with negated literals. */
export function ftaProjectMinimal(family: i32): i32 {
  return zMinimal(zProjectPositive(family));
}

export function ftaMocusStart(program: usize, offsets: usize, gates: i32, top: i32, limit: i32): void {
  mocusStart(program, offsets, gates, top, limit);
}

export function ftaMocusRun(budget: i32): bool {
  return mocusRun(budget);
}

export function ftaMocusFamily(): i32 {
  return mocusFamily();
}

export function ftaMocusProgress(): f64 {
  return mocusProgress();
}

export function ftaApplyCutOff(root: i32, cutOff: f64): i32 {
  return applyCutOff(root, cutOff);
}

export function ftaCollectFamily(root: i32): i32 {
  return collectFamily(root);
}

export function ftaFamilyMaxOrder(root: i32): i32 {
  return root <= 1 ? 0 : zMaxOrder(root);
}

export function ftaFamilyCount(root: i32): f64 {
  return familyCount(root);
}

export function ftaRareEvent(root: i32): f64 {
  return rareEventSum(root);
}

export function ftaBestSetProbability(root: i32): f64 {
  return bestSetProbability(root);
}

export function ftaMinCutUpperBound(root: i32): f64 {
  return minCutUpperBound(root);
}

export function ftaCountByOrder(root: i32, maxOrder: i32, out: usize): void {
  countByOrder(root, maxOrder, out);
}

export function ftaEventContributions(root: i32, occurrences: usize, carried: usize, birnbaum: usize): void {
  eventContributions(root, occurrences, carried, birnbaum);
}

export function ftaExportFamily(levels: usize, highs: usize, lows: usize, counts: usize): void {
  exportFamily(levels, highs, lows, counts);
}

/** Caps on the diagrams' sizes (nodes); past them the analysis stops and ftaOverflow() says which. */
export function ftaSetNodeLimits(bdd: i32, zbdd: i32): void {
  setBddNodeLimit(bdd);
  setZbddNodeLimit(zbdd);
}

/** A budget of BDD steps (operation-cache misses) for the gates built next; Infinity for none. */
export function ftaSetStepLimit(limit: f64): void {
  setBddStepLimit(limit);
}

/** BDD steps since the last reset. */
export function ftaSteps(): f64 {
  return bddSteps();
}

/** 1: the BDD outgrew its limit, 2: the ZBDD did, 0: neither. */
export function ftaOverflow(): i32 {
  return bddOverflowed ? 1 : zOverflowed ? 2 : 0;
}

/** Prepares the order bounds of the BDD nodes; call once after the gates are built, before cut sets. */
export function ftaPrepareCutSets(): void {
  computeHeights();
}

export function ftaSetModuleFamily(level: i32, family: i32): void {
  setModuleFamily(level, family);
}

/** Expands the module proxies of a family found by the ZBDD or MOCUS search. */
export function ftaExpandModules(family: i32, limit: i32): i32 {
  return expandModules(family, limit);
}

/** Absorption of shared events on the normalised graph (./absorb.ts); the graph is read back by ftaAbsorbedExport. */
export function ftaAbsorb(
  nodes: i32,
  events: i32,
  top: i32,
  ops: usize,
  ks: usize,
  childStart: usize,
  childList: usize,
  maxSweeps: i32,
): i32 {
  return absorbSharedEvents(nodes, events, top, ops, ks, childStart, childList, maxSweeps);
}

export function ftaAbsorbedChildCount(): i32 {
  return absorbedChildCount();
}

export function ftaAbsorbedExport(
  ops: usize,
  ks: usize,
  touched: usize,
  childStart: usize,
  childList: usize,
): void {
  absorbedExport(ops, ks, touched, childStart, childList);
}
