// Fault tree analysis on Open-PSA fixture models: BDD of the preprocessed tree, exact top probability,
// minimal cut sets with order limit 20, their counts by order and the rare-event sum, in wasm
// (assembly/fta/) and in the plain TypeScript baseline of the same algorithm. Both start from the same
// plan (model reading and preprocessing are shared TypeScript and not timed).
import { readFileSync } from "node:fs";
import { buildGraph } from "../src/kernels/fta/graph.ts";
import type { FtaKernel } from "../src/kernels/fta/kernel.ts";
import { preprocess } from "../src/kernels/fta/preprocess.ts";
import { eventProbabilitiesAt } from "../src/kernels/fta/probabilities.ts";
import { type BddPlan, planBdd } from "../src/kernels/fta/program.ts";
import { resolveTop } from "../src/kernels/fta/validate.ts";
import { loadFtaKernel, readMef } from "../src/kernels/fta.ts";
import { analyzeBddBaseline, type BaselineResult } from "./baselines/fta-bdd.ts";
import { type Benchmark, type BenchSize, defineBenchmark } from "./harness.ts";

const LIMIT = 20;

function wasmRun(k: FtaKernel, plan: BddPlan, p: Float64Array, q: Float64Array): BaselineResult {
  const pointers: number[] = [];
  const i32 = (values: ArrayLike<number>) => {
    const ptr = k.allocI32(Math.max(values.length, 1));
    new Int32Array(k.memory.buffer, ptr, values.length).set(values);
    pointers.push(ptr);
    return ptr;
  };
  k.ftaReset(plan.levels);
  try {
    const lp = new Float64Array(k.memory.buffer, k.ftaLevelP(), plan.levels);
    const lq = new Float64Array(k.memory.buffer, k.ftaLevelQ(), plan.levels);
    plan.levelEvent.forEach((e, l) => {
      if (e >= 0) {
        lp[l] = p[e];
        lq[l] = q[e];
      }
    });
    const words = i32(plan.program.words);
    const offsets = i32(plan.program.offsets);
    const edges = i32(new Int32Array(plan.program.gates));
    k.ftaBuildGates(words, offsets, edges, 0, plan.program.gates);
    const g = plan.top >>> 2;
    const top = new Int32Array(k.memory.buffer, edges, plan.program.gates)[g] ^ (plan.top & 1);
    k.ftaMarkLive(i32([top]), 1);
    k.ftaForward();
    const exact = k.ftaEdgeProbability(top);
    k.ftaPrepareCutSets();
    for (const level of plan.moduleLevels) k.ftaModuleCutSets(level, LIMIT);
    const family = k.ftaMinimalCutSets(top, LIMIT);
    k.ftaCollectFamily(family);
    const out = k.allocF64(LIMIT + 1);
    pointers.push(out);
    k.ftaCountByOrder(family, LIMIT, out);
    const byOrder = Array.from(new Float64Array(k.memory.buffer, out, LIMIT + 1));
    return { exact, count: k.ftaFamilyCount(family), byOrder, rareEvent: k.ftaRareEvent(family) };
  } finally {
    for (const ptr of pointers) k.freeBuffer(ptr);
    k.ftaRelease();
  }
}

function ftaBenchmark(id: string, file: string, note: string, sizes?: BenchSize[]): Benchmark {
  return defineBenchmark({
    id,
    sizes,
    title: `Fault tree ${note}: BDD, exact P, minimal cut sets (order <= ${LIMIT}) counted by order`,
    async setup() {
      const model = readMef({
        name: file,
        text: readFileSync(new URL(`../tests/fixtures/fta/openpsa/${file}`, import.meta.url), "utf8"),
      });
      const graph = buildGraph(model, resolveTop(model) as string);
      const k = (await loadFtaKernel()) as unknown as FtaKernel;
      preprocess(graph, k);
      const plan = planBdd(graph);
      const events = graph.events.map(
        (code) => model.basicEvents.find((e) => e.code === code) as (typeof model.basicEvents)[number],
      );
      const [{ p, q }] = eventProbabilitiesAt(k, model, events, [model.missionTime]);
      const reference = wasmRun(k, plan, p, q);
      return {
        size: `${graph.events.length} events, ${reference.count.toLocaleString("en")} cut sets`,
        rounds: 5,
        kernel: () => wasmRun(k, plan, p, q),
        baseline: () => analyzeBddBaseline(plan, p, q, LIMIT),
        check(kernel, baseline) {
          const a = kernel as BaselineResult;
          const b = baseline as BaselineResult;
          if (a.count !== b.count || a.byOrder.join() !== b.byOrder.slice(0, a.byOrder.length).join())
            throw new Error(`${id}: cut set counts differ: ${a.byOrder} vs ${b.byOrder}`);
          for (const [what, x, y] of [
            ["exact", a.exact, b.exact],
            ["rare event", a.rareEvent, b.rareEvent],
          ] as const) {
            if (Math.abs(x - y) > 1e-12 * Math.abs(y)) throw new Error(`${id}: ${what} ${x} vs ${y}`);
          }
        },
      };
    },
  });
}

export const ftaBenchmarks: Benchmark[] = [
  ftaBenchmark("fta-baobab1", "aralia/baobab1.xml", "baobab1 (61 events)"),
  ftaBenchmark("fta-das9601", "aralia/das9601.xml", "das9601 (NOT, XOR)"),
  ftaBenchmark("fta-edfpa15b", "aralia/edfpa15b.xml", "edfpa15b (2.9e6 cut sets)"),
  ftaBenchmark("fta-gft-b5000", "generated/gft-b5000-s1.xml", "generated, 5000 events"),
  // 130,281,976 cut sets; seconds per round on each side, so not in --quick.
  ftaBenchmark("fta-cea9601", "aralia/cea9601.xml", "cea9601 (1.3e8 cut sets)", ["full"]),
];
