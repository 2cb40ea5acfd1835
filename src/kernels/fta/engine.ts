// Drives one analysis through build/fta.wasm: the BDD gate by gate, exact probabilities and importance,
// the minimal cut sets by the chosen algorithm, their counts and probability bounds, the curve. Work runs
// in slices so progress is reported and an abort signal is honoured between them.

import type { KernelContext } from "../context.ts";
import { buildSmallestBdd, loadLevels, makeVariant, type Variant } from "./build-bdd.ts";
import { buildGraph, type FtaGraph, isGateLiteral, literalIndex } from "./graph.ts";
import type { FtaModel } from "./model.ts";
import { eventProbabilitiesAt, type FtaKernelExports } from "./probabilities.ts";
import { type BddPlan, type GateProgram, planNnf } from "./program.ts";
import type { FtaAnalysisOptions, FtaAnalysisResult, FtaCutSetDiagram, FtaImportance } from "./result.ts";
import { FtaValidationError, isTimeDependent, resolveTop, validateFaultTree } from "./validate.ts";

export interface FtaKernel extends FtaKernelExports {
  ftaReset(levels: number): void;
  ftaSetNodeLimits(bdd: number, zbdd: number): void;
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

const TRUE_EDGE = 0;
const FALSE_EDGE = 1;
const SLICE_MS = 40;

class Buffers {
  private pointers: number[] = [];
  constructor(private readonly k: FtaKernel) {}
  i32(values: ArrayLike<number> | number): number {
    const n = typeof values === "number" ? values : values.length;
    const ptr = this.k.allocI32(Math.max(n, 1));
    if (typeof values !== "number") new Int32Array(this.k.memory.buffer, ptr, n).set(values);
    this.pointers.push(ptr);
    return ptr;
  }
  f64(n: number): number {
    const ptr = this.k.allocF64(Math.max(n, 1));
    this.pointers.push(ptr);
    return ptr;
  }
  readI32(ptr: number, n: number): Int32Array {
    return new Int32Array(this.k.memory.buffer, ptr, n).slice();
  }
  readF64(ptr: number, n: number): Float64Array {
    return new Float64Array(this.k.memory.buffer, ptr, n).slice();
  }
  free(): void {
    for (const p of this.pointers) this.k.freeBuffer(p);
    this.pointers = [];
  }
}

/** Runs `step(from, to)` over [0, total) in slices sized to about SLICE_MS, reporting progress. */
async function inSlices(
  total: number,
  step: (from: number, to: number) => void,
  progress: (done: number) => void,
  ctx?: KernelContext,
): Promise<void> {
  let size = 8;
  for (let from = 0; from < total; ) {
    const to = Math.min(total, from + size);
    const started = performance.now();
    step(from, to);
    const took = performance.now() - started;
    from = to;
    size = took < SLICE_MS / 2 ? size * 2 : took > SLICE_MS * 2 ? Math.max(1, size >> 1) : size;
    progress(from);
    await pause(ctx);
  }
}

/** Lets an abort signal fire in Node (the browser cancels by terminating the worker). */
async function pause(ctx?: KernelContext): Promise<void> {
  if (!ctx?.signal) return;
  await new Promise((resolve) => setTimeout(resolve, 0));
  ctx.signal.throwIfAborted();
}

export async function analyzeWithKernel(
  k: FtaKernel,
  input: FtaModel,
  options: FtaAnalysisOptions = {},
  ctx?: KernelContext,
): Promise<FtaAnalysisResult> {
  const started = performance.now();
  const algorithm = options.algorithm ?? "bdd";
  const missionTime = options.missionTime ?? input.missionTime;
  const model: FtaModel = { ...input, missionTime };
  const limitOrder = options.limitOrder ?? 20;
  const cutOff = options.cutOff ?? 0;
  if (!Number.isInteger(limitOrder) || limitOrder < 1)
    throw new RangeError("The order limit must be an integer of at least 1.");
  if (!(cutOff >= 0 && cutOff <= 1)) throw new RangeError("The cut-off must be a probability from 0 to 1.");
  const problems = validateFaultTree(model, { top: options.top });
  if (problems.some((p) => p.severity === "error")) throw new FtaValidationError(problems);
  const top = resolveTop(model, options.top) as string;
  ctx?.signal?.throwIfAborted();

  const probe = buildGraph(model, top);
  const eventsByCode = new Map(model.basicEvents.map((e) => [e.code, e]));
  const events = probe.events.map(
    (c) => eventsByCode.get(c) as NonNullable<ReturnType<typeof eventsByCode.get>>,
  );
  const [{ p, q }] = eventProbabilitiesAt(k, model, events, [missionTime]);
  const wantGates = options.gateProbabilities !== false;
  const wantBdd = algorithm === "bdd" || wantGates || (options.curvePoints ?? 0) > 0;
  const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES;
  const variants = (["full", "none"] as const).map(
    (preprocessing) => () => makeVariant(model, top, preprocessing, wantGates),
  );
  let done = 0;
  let totalWork = 1;
  const report = (units: number) => ctx?.onProgress?.(Math.min(units, totalWork), totalWork);

  const buffers = new Buffers(k);
  const checkCapacity = () => {
    const overflow = k.ftaOverflow();
    if (overflow) throw new FtaCapacityError(overflow === 1 ? "BDD" : "ZBDD", maxNodes);
  };
  try {
    let variant: Variant;
    let gateEdges: Int32Array = new Int32Array(0);
    if (wantBdd) {
      const built = await buildSmallestBdd(
        k,
        variants,
        p,
        q,
        maxNodes,
        (n, total) => ctx?.onProgress?.(n, total * 2),
        ctx,
      );
      if (!built) throw new FtaCapacityError("BDD", maxNodes);
      variant = built;
      gateEdges = built.gateEdges;
    } else {
      // Without a BDD: absorption helps the gate-by-gate ZBDD search but its copies of shared gates
      // slow MOCUS's top-down substitution (baobab1: 24 ms without, 588 ms with), so MOCUS gets the
      // modules alone.
      variant = makeVariant(model, top, algorithm === "mocus" ? "modules" : "full", false);
      k.ftaReset(Math.max(variant.plan.levels, 1));
      k.ftaSetNodeLimits(maxNodes, maxNodes);
      loadLevels(k, variant.plan, p, q);
    }
    const { graph, plan } = variant;
    // Progress units: the BDD's gates count twice (the budgeted attempts report the first half), the
    // ZBDD and MOCUS searches 1000 units, then one per module, cut set pass and curve point.
    const searchUnits = algorithm === "bdd" ? plan.moduleLevels.length : 1000;
    totalWork = (wantBdd ? 2 * plan.program.gates : 0) + searchUnits + 2 + (options.curvePoints ?? 0);
    const setLevelProbabilities = (pe: Float64Array, qe: Float64Array) => loadLevels(k, plan, pe, qe);

    let topEdge = plan.top === -1 ? TRUE_EDGE : plan.top === -2 ? FALSE_EDGE : -1;
    let exact: number | null = null;
    let gateProbabilities: Record<string, number> | undefined;
    let mif: Float64Array | undefined;
    let pTrue: Float64Array | undefined;
    let pFalse: Float64Array | undefined;

    if (wantBdd) {
      done += 2 * plan.program.gates;
      report(done);
      if (topEdge < 0) topEdge = gateEdges[plan.top >>> 2] ^ (plan.top & 1);
      const roots = buffers.i32([topEdge, ...gateEdges]);
      k.ftaMarkLive(roots, gateEdges.length + 1);
      k.ftaForward();
      if (algorithm === "bdd") exact = k.ftaEdgeProbability(topEdge);
      if (wantGates) gateProbabilities = gateProbabilitiesOf(k, graph, plan, gateEdges, p, q);
      if (options.importance && algorithm === "bdd") {
        const mifPtr = buffers.f64(plan.levels);
        const p1Ptr = buffers.f64(plan.levels);
        const p0Ptr = buffers.f64(plan.levels);
        k.ftaImportance(topEdge, mifPtr, p1Ptr, p0Ptr);
        mif = buffers.readF64(mifPtr, plan.levels);
        pTrue = buffers.readF64(p1Ptr, plan.levels);
        pFalse = buffers.readF64(p0Ptr, plan.levels);
      }
    }

    // Minimal cut sets.
    let family: number;
    if (plan.top === -1 || plan.top === -2) {
      family = plan.top === -1 ? 1 : 0;
    } else if (algorithm === "bdd") {
      k.ftaPrepareCutSets();
      await inSlices(
        plan.moduleLevels.length,
        (from, to) => {
          for (let i = from; i < to; i++) k.ftaModuleCutSets(plan.moduleLevels[i], limitOrder);
        },
        (n) => report(done + n),
        ctx,
      );
      done += plan.moduleLevels.length;
      family = k.ftaMinimalCutSets(topEdge, limitOrder);
    } else if (algorithm === "zbdd") {
      const nnf = planNnf(graph, plan, true);
      const program = loadProgram(buffers, nnf.program);
      const familiesPtr = buffers.i32(nnf.program.gates);
      await inSlices(
        nnf.program.gates,
        (from, to) => k.ftaGateFamilies(program.words, program.offsets, familiesPtr, from, to, limitOrder),
        (n) => report(done + Math.floor((1000 * n) / nnf.program.gates)),
        ctx,
      );
      const families = new Int32Array(k.memory.buffer, familiesPtr, nnf.program.gates);
      family = families[nnf.top];
      if (nnf.modules.length) {
        for (const m of nnf.modules) k.ftaSetModuleFamily(m.level, families[m.gate]);
        family = k.ftaExpandModules(family, limitOrder);
      }
      if (!plan.coherent) family = k.ftaProjectMinimal(family);
    } else {
      const nnf = planNnf(graph, plan, true);
      const program = loadProgram(buffers, nnf.program);
      // Each module is searched on its own (innermost first), then the top with modules as elements.
      const searches = [...nnf.modules, { level: -1, gate: nnf.top }];
      for (let s = 0; s < searches.length; s++) {
        k.ftaMocusStart(program.words, program.offsets, nnf.program.gates, searches[s].gate, limitOrder);
        let budget = 4;
        for (;;) {
          const t0 = performance.now();
          if (k.ftaMocusRun(budget)) break;
          const took = performance.now() - t0;
          if (took < SLICE_MS / 2) budget *= 2;
          else if (took > SLICE_MS * 2) budget = Math.max(1, budget >> 1);
          report(done + Math.floor((1000 * (s + k.ftaMocusProgress())) / searches.length));
          await pause(ctx);
        }
        if (searches[s].level >= 0) k.ftaSetModuleFamily(searches[s].level, k.ftaMocusFamily());
      }
      family = k.ftaMocusFamily();
      if (nnf.modules.length) family = k.ftaExpandModules(family, limitOrder);
      if (!plan.coherent) family = k.ftaProjectMinimal(family);
    }
    if (algorithm !== "bdd") done += 1000;
    checkCapacity();
    report(++done);
    if (cutOff > 0 && family > 1) {
      k.ftaCollectFamily(family);
      family = k.ftaApplyCutOff(family, cutOff);
    }

    // Quantities of the family.
    const nodes = k.ftaCollectFamily(family);
    const count = k.ftaFamilyCount(family);
    const maxOrder = k.ftaFamilyMaxOrder(family);
    const byOrderPtr = buffers.f64(maxOrder + 1);
    k.ftaCountByOrder(family, maxOrder, byOrderPtr);
    const byOrder = Array.from(buffers.readF64(byOrderPtr, maxOrder + 1));
    const rareEventSum = k.ftaRareEvent(family);
    const mcub = k.ftaMinCutUpperBound(family);
    const occurrencesPtr = buffers.f64(plan.levels);
    const carriedPtr = buffers.f64(plan.levels);
    const birnbaumPtr = buffers.f64(plan.levels);
    k.ftaEventContributions(family, occurrencesPtr, carriedPtr, birnbaumPtr);
    const occurrences = buffers.readF64(occurrencesPtr, plan.levels);
    const carried = buffers.readF64(carriedPtr, plan.levels);
    const rareBirnbaum = buffers.readF64(birnbaumPtr, plan.levels);
    const diagram = exportDiagram(k, buffers, family, nodes, plan, graph, p);
    report(++done);

    let importance: Record<string, FtaImportance> | undefined;
    if (options.importance) {
      importance = {};
      const total = exact ?? rareEventSum;
      graph.events.forEach((code, e) => {
        const level = plan.eventLevel[e];
        const pe = p[e];
        const m = mif ? mif[level] : rareBirnbaum[level];
        const p1 = pTrue ? pTrue[level] : total + q[e] * m;
        const p0 = pFalse ? pFalse[level] : total - carried[level];
        (importance as Record<string, FtaImportance>)[code] = {
          birnbaum: m,
          criticality: total > 0 ? (pe * m) / total : 0,
          fussellVesely: rareEventSum > 0 ? carried[level] / rareEventSum : 0,
          raw: total > 0 ? p1 / total : 0,
          rrw: p0 > 0 ? total / p0 : Number.POSITIVE_INFINITY,
          diagnostic: total > 0 ? (pe * p1) / total : 0,
          occurrences: occurrences[level],
        };
      });
    }

    let curve: FtaAnalysisResult["curve"];
    const points = options.curvePoints ?? 0;
    if (points > 0 && topEdge >= 0) {
      const time = new Float64Array(points);
      for (let i = 0; i < points; i++)
        time[i] = points === 1 ? missionTime : (missionTime * i) / (points - 1);
      const probability = new Float64Array(points);
      const atTimes = eventProbabilitiesAt(k, model, events, time);
      for (let i = 0; i < points; i++) {
        setLevelProbabilities(atTimes[i].p, atTimes[i].q);
        k.ftaForward();
        probability[i] = k.ftaEdgeProbability(topEdge);
        report(++done);
      }
      curve = { time, probability };
    }

    const eventProbabilities: Record<string, number> = {};
    graph.events.forEach((code, e) => {
      eventProbabilities[code] = p[e];
    });
    const gatesBelow = [...graph.gateLiterals.keys()];
    const houseCodes = new Set(model.houseEvents.map((h) => h.code));
    return {
      top,
      algorithm,
      missionTime,
      limitOrder,
      cutOff,
      counts: {
        basicEvents: graph.events.length,
        gates: gatesBelow.length,
        houseEvents: countUsed(model, gatesBelow, houseCodes),
      },
      probability: { exact, rareEvent: Math.min(1, rareEventSum), rareEventSum, mcub },
      cutSets: { count, byOrder, diagram },
      eventProbabilities,
      gateProbabilities,
      importance,
      curve,
      fixedProbabilityEvents: events.filter((e) => !isTimeDependent(e, model)).map((e) => e.code),
      problems,
      stats: {
        bddNodes: k.ftaBddNodeCount(),
        zbddNodes: k.ftaZbddNodeCount(),
        modules: plan.moduleLevels.length,
      },
      elapsedMs: performance.now() - started,
    };
  } finally {
    buffers.free();
    k.ftaRelease();
  }
}

function countUsed(model: FtaModel, gates: string[], houses: Set<string>): number {
  const used = new Set<string>();
  const byCode = new Map(model.gates.map((g) => [g.code, g]));
  for (const g of gates)
    for (const input of byCode.get(g)?.inputs ?? []) if (houses.has(input)) used.add(input);
  return used.size;
}

function loadProgram(buffers: Buffers, program: GateProgram): { words: number; offsets: number } {
  return { words: buffers.i32(program.words), offsets: buffers.i32(program.offsets) };
}

function gateProbabilitiesOf(
  k: FtaKernel,
  graph: FtaGraph,
  plan: BddPlan,
  gateEdges: Int32Array,
  p: Float64Array,
  q: Float64Array,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [code, literal] of graph.gateLiterals) {
    if (literal === -1) out[code] = 1;
    else if (literal === -2) out[code] = 0;
    else if (isGateLiteral(literal)) {
      const index = plan.programIndex[literalIndex(literal)];
      out[code] = k.ftaEdgeProbability(gateEdges[index] ^ (literal & 1));
    } else {
      const e = literalIndex(literal);
      out[code] = literal & 1 ? q[e] : p[e];
    }
  }
  return out;
}

function exportDiagram(
  k: FtaKernel,
  buffers: Buffers,
  family: number,
  nodes: number,
  plan: BddPlan,
  graph: FtaGraph,
  p: Float64Array,
): FtaCutSetDiagram {
  const levelsPtr = buffers.i32(nodes);
  const highPtr = buffers.i32(nodes);
  const lowPtr = buffers.i32(nodes);
  const countPtr = buffers.f64(nodes);
  k.ftaExportFamily(levelsPtr, highPtr, lowPtr, countPtr);
  const pad = <T extends Int32Array | Float64Array>(
    make: (n: number) => T,
    values: T,
    first: number,
    second: number,
  ): T => {
    const out = make(nodes + 2);
    out[0] = first;
    out[1] = second;
    out.set(values, 2);
    return out;
  };
  const levels = buffers.readI32(levelsPtr, nodes);
  const event = new Int32Array(nodes + 2).fill(-1);
  for (let i = 0; i < nodes; i++) event[i + 2] = plan.levelEvent[levels[i]];
  return {
    event,
    high: pad((n) => new Int32Array(n), buffers.readI32(highPtr, nodes), 0, 0),
    low: pad((n) => new Int32Array(n), buffers.readI32(lowPtr, nodes), 0, 0),
    count: pad((n) => new Float64Array(n), buffers.readF64(countPtr, nodes), 0, 1),
    eventProbability: Float64Array.from(p),
    events: [...graph.events],
    root: family <= 1 ? family : nodes + 1,
  };
}
