// Drives one analysis through build/fta.wasm: the BDD gate by gate, exact probabilities and importance,
// the minimal cut sets by the chosen algorithm, their counts and probability bounds, the curve. Work runs
// in slices so progress is reported and an abort signal is honoured between them.

import type { KernelContext } from "../context.ts";
import { buildSmallestBdd, loadLevels, makeVariant, type Variant } from "./build-bdd.ts";
import { buildGraph, type FtaGraph, isGateLiteral, literalIndex } from "./graph.ts";
import { DEFAULT_MAX_NODES, FtaCapacityError, type FtaKernel } from "./kernel.ts";
import type { FtaModel } from "./model.ts";
import { eventProbabilitiesAt } from "./probabilities.ts";
import type { BddPlan } from "./program.ts";
import type { FtaAnalysisOptions, FtaAnalysisResult, FtaCutSetDiagram, FtaImportance } from "./result.ts";
import { findMinimalCutSets } from "./search.ts";
import { Buffers } from "./slices.ts";
import { FtaValidationError, isTimeDependent, resolveTop, validateFaultTree } from "./validate.ts";

const TRUE_EDGE = 0;
const FALSE_EDGE = 1;

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
    // The plain variant leaves its graph as built, so it takes the probe's instead of building another.
    (preprocessing) => () =>
      makeVariant(k, model, top, preprocessing, wantGates, preprocessing === "none" ? probe : undefined),
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
      variant = makeVariant(k, model, top, algorithm === "mocus" ? "modules" : "full", false);
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
    if (plan.top === -1 || plan.top === -2) family = plan.top === -1 ? 1 : 0;
    else {
      if (algorithm === "bdd") k.ftaPrepareCutSets();
      family = await findMinimalCutSets(
        k,
        buffers,
        { algorithm, graph, plan, topEdge, limitOrder },
        (units) => report(done + units),
        ctx,
      );
    }
    done += searchUnits;
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
