// Builds the BDD of the top from the better of two graphs. The preprocessed graph (absorption, modules
// from argument groups, coalescing) makes some trees tiny (edf9202: 1,222 nodes instead of 1.37
// million) and others larger (das9207: 258,086 instead of 32,259), because it moves the variable order;
// and absorption itself costs tens of milliseconds on mid-sized trees. Which graph wins is not visible
// beforehand, so both are tried with a node budget that grows fourfold each round (64 Ki, 256 Ki,
// 1 Mi, ...) and the first to fit wins: in the first round the plain graph first (a small tree needs
// no preprocessing), in later rounds the preprocessed one first (it is the better bet for large trees:
// edfpa14p's cut sets take half the time). An attempt that gives up stops at its budget, so the losers
// cost at most about the winner's own build; the winner's BDD is the one left in the kernel.

import type { KernelContext } from "../context.ts";
import type { AbsorbKernel } from "./absorb.ts";
import { buildGraph, type FtaGraph, isGateLiteral, literalIndex } from "./graph.ts";
import type { FtaModel } from "./model.ts";
import { preprocess } from "./preprocess.ts";
import { type BddPlan, planBdd } from "./program.ts";

export interface BddKernel {
  memory: WebAssembly.Memory;
  allocI32(n: number): number;
  freeBuffer(ptr: number): void;
  ftaReset(levels: number): void;
  ftaSetNodeLimits(bdd: number, zbdd: number): void;
  ftaSetStepLimit(limit: number): void;
  ftaSteps(): number;
  ftaOverflow(): number;
  ftaLevelP(): number;
  ftaLevelQ(): number;
  ftaBuildGates(program: number, offsets: number, gateEdges: number, from: number, to: number): void;
}

export interface Variant {
  graph: FtaGraph;
  plan: BddPlan;
}

/** Normalised gates standing for the model's gates (built too when the tree view wants their probabilities). */
export function gateNodes(graph: FtaGraph): number[] {
  return [...new Set([...graph.gateLiterals.values()].filter(isGateLiteral).map(literalIndex))];
}

/** full: absorption, modules from argument groups, coalescing; modules: the last two; none. */
export type Preprocessing = "full" | "modules" | "none";

export function makeVariant(
  k: AbsorbKernel,
  model: FtaModel,
  top: string,
  preprocessing: Preprocessing,
  withGates: boolean,
  graph: FtaGraph = buildGraph(model, top),
): Variant {
  if (preprocessing !== "none") preprocess(graph, preprocessing === "full" ? k : undefined);
  return { graph, plan: planBdd(graph, withGates ? gateNodes(graph) : []) };
}

/** Loads a variant's level probabilities into the kernel (after ftaReset). */
export function loadLevels(k: BddKernel, plan: BddPlan, p: Float64Array, q: Float64Array): void {
  const lp = new Float64Array(k.memory.buffer, k.ftaLevelP(), plan.levels);
  const lq = new Float64Array(k.memory.buffer, k.ftaLevelQ(), plan.levels);
  for (let level = 0; level < plan.levels; level++) {
    const e = plan.levelEvent[level];
    if (e >= 0) {
      lp[level] = p[e];
      lq[level] = q[e];
    }
  }
}

const FIRST_BUDGET = 1 << 16;
/**
 * The plain graph's first try is also cut short in work: a few gates of an ill-ordered tree can spend long in
 * the apply cache before reaching the node budget (200_event). Counted in BDD steps (operation-cache misses),
 * never in time, so the graph a tree is built from, and every bit of its results, is the same on any machine
 * under any load (a 10 ms cut made the eFTA screen, on a busy machine, build another variant than the CLI
 * and differ from it in the 15th digit). Every first try of the fixture models ends, fitting or at the node
 * budget, within 90,000 steps; the limit is ten times that.
 */
const FIRST_TRY_STEPS = 1_000_000;
const SLICE_MS = 40;

/**
 * Builds the first variant whose BDD fits the budget (variants: preprocessed first, then plain; the
 * first round tries them in reverse). Returns it with
 * its gate edges; throws when none fits in `maxNodes` (the caller reads ftaOverflow). Events keep their
 * indices across variants (same graph.events), so p and q apply to all.
 */
export async function buildSmallestBdd(
  k: BddKernel,
  variants: Array<() => Variant>,
  p: Float64Array,
  q: Float64Array,
  maxNodes: number,
  onGates: (done: number, total: number) => void,
  ctx?: KernelContext,
): Promise<(Variant & { gateEdges: Int32Array }) | undefined> {
  const made: Variant[] = [];
  for (
    let budget = Math.min(FIRST_BUDGET, maxNodes), round = 0;
    ;
    budget = Math.min(budget * 4, maxNodes), round++
  ) {
    const order = variants.map((_, i) => i);
    if (round === 0) order.reverse();
    for (const i of order) {
      // Round 0 ends with the preprocessed graph and round 1 starts with it at four times the budget:
      // node ids and the budget check do not depend on the budget until it is reached, so a round-0
      // attempt that fails only builds the first nodes of round 1's again (das9601: 64 Ki of 139 Ki nodes,
      // about 15 ms). That attempt takes round 1's budget at once, and round 1 does not repeat it; the
      // graph chosen and every bit of the results stay those of the round-by-round schedule.
      const firstOfNext = round === 0 && i === order[order.length - 1] && i === 0;
      if (round === 1 && i === 0) continue;
      const attemptBudget = firstOfNext ? Math.min(budget * 4, maxNodes) : budget;
      made[i] ??= variants[i]();
      const { plan } = made[i];
      k.ftaReset(Math.max(plan.levels, 1));
      k.ftaSetNodeLimits(attemptBudget, maxNodes);
      loadLevels(k, plan, p, q);
      const quickTry = round === 0 && i === variants.length - 1 && variants.length > 1;
      k.ftaSetStepLimit(quickTry ? FIRST_TRY_STEPS : Number.POSITIVE_INFINITY);
      const edges = await buildGates(k, plan, onGates, ctx);
      k.ftaSetStepLimit(Number.POSITIVE_INFINITY);
      if (edges) return { ...made[i], gateEdges: edges };
    }
    if (budget >= maxNodes) return undefined;
  }
}

async function buildGates(
  k: BddKernel,
  plan: BddPlan,
  onGates: (done: number, total: number) => void,
  ctx: KernelContext | undefined,
): Promise<Int32Array | undefined> {
  const { words, offsets, gates } = plan.program;
  const pointers = [words, offsets, new Int32Array(gates)].map((values) => {
    const ptr = k.allocI32(Math.max(values.length, 1));
    new Int32Array(k.memory.buffer, ptr, values.length).set(values);
    return ptr;
  });
  try {
    let size = 8;
    for (let from = 0; from < gates; ) {
      const to = Math.min(gates, from + size);
      const started = performance.now();
      k.ftaBuildGates(pointers[0], pointers[1], pointers[2], from, to);
      if (k.ftaOverflow()) return undefined;
      const took = performance.now() - started;
      from = to;
      size = took < SLICE_MS / 2 ? size * 2 : took > SLICE_MS * 2 ? Math.max(1, size >> 1) : size;
      onGates(from, gates);
      if (ctx?.signal) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        ctx.signal.throwIfAborted();
      }
    }
    return new Int32Array(k.memory.buffer, pointers[2], gates).slice();
  } finally {
    for (const ptr of pointers) k.freeBuffer(ptr);
  }
}
