// The minimal cut sets by the chosen algorithm, as a ZBDD family in the kernel: from the BDD (modules
// first, innermost first, then the top), gate by gate (ZBDD) or by top-down substitution (MOCUS). Progress
// is reported in phase units: one per module for the BDD, 1000 for the ZBDD and MOCUS searches.

import type { KernelContext } from "../context.ts";
import type { FtaGraph } from "./graph.ts";
import type { FtaKernel } from "./kernel.ts";
import { type BddPlan, type GateProgram, planNnf } from "./program.ts";
import type { FtaAlgorithm } from "./result.ts";
import { type Buffers, inSlices, pause, SLICE_MS } from "./slices.ts";

export interface SearchInput {
  algorithm: FtaAlgorithm;
  graph: FtaGraph;
  plan: BddPlan;
  /** The top's BDD edge (algorithm bdd), after ftaPrepareCutSets. */
  topEdge: number;
  limitOrder: number;
}

function loadProgram(buffers: Buffers, program: GateProgram): { words: number; offsets: number } {
  return { words: buffers.i32(program.words), offsets: buffers.i32(program.offsets) };
}

export async function findMinimalCutSets(
  k: FtaKernel,
  buffers: Buffers,
  { algorithm, graph, plan, topEdge, limitOrder }: SearchInput,
  progress: (units: number) => void,
  ctx?: KernelContext,
): Promise<number> {
  if (algorithm === "bdd") {
    await inSlices(
      plan.moduleLevels.length,
      (from, to) => {
        for (let i = from; i < to; i++) k.ftaModuleCutSets(plan.moduleLevels[i], limitOrder);
      },
      progress,
      ctx,
    );
    return k.ftaMinimalCutSets(topEdge, limitOrder);
  }
  const nnf = planNnf(graph, plan, true);
  const program = loadProgram(buffers, nnf.program);
  let family: number;
  if (algorithm === "zbdd") {
    const familiesPtr = buffers.i32(nnf.program.gates);
    await inSlices(
      nnf.program.gates,
      (from, to) =>
        k.ftaGateFamilies(program.words, program.offsets, familiesPtr, from, to, limitOrder, plan.coherent),
      (n) => progress(Math.floor((1000 * n) / nnf.program.gates)),
      ctx,
    );
    const families = new Int32Array(k.memory.buffer, familiesPtr, nnf.program.gates);
    family = families[nnf.top];
    for (const m of nnf.modules) k.ftaSetModuleFamily(m.level, families[m.gate]);
  } else {
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
        progress(Math.floor((1000 * (s + k.ftaMocusProgress())) / searches.length));
        await pause(ctx);
      }
      if (searches[s].level >= 0) k.ftaSetModuleFamily(searches[s].level, k.ftaMocusFamily());
    }
    family = k.ftaMocusFamily();
  }
  if (nnf.modules.length) family = k.ftaExpandModules(family, limitOrder);
  if (!plan.coherent) family = k.ftaProjectMinimal(family);
  return family;
}
