// Fingerprints of the preprocessed graph (absorption, modules, coalescing) of every fixture model and of 400
// random coherent trees with many shared events and gates, where absorption rewrites most. The fixture
// tests/fixtures/fta/preprocessed-graphs.json holds those of the TypeScript absorption this repository had
// before it moved into wasm (commit 51b2286, src/kernels/fta/absorb.ts); preprocessed-graphs.test.ts checks
// that today's graphs are the same node for node, so the variable order, the BDD and every digit of the
// results are too. Regenerate only for an intended change of the preprocessing:
//   npx tsx tests/kernels/fta/graph-hashes.ts > tests/fixtures/fta/preprocessed-graphs.json
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildGraph } from "../../../src/kernels/fta/graph.ts";
import type { FtaKernel } from "../../../src/kernels/fta/kernel.ts";
import { preprocess } from "../../../src/kernels/fta/preprocess.ts";
import { type FtaModel, loadFtaKernel, resolveTop } from "../../../src/kernels/fta.ts";
import { OPENPSA, readOpenPsa } from "./fixtures.ts";

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** A coherent tree whose gates often take earlier gates as inputs, so events and gates are widely shared. */
function randomCoherentTree(seed: number): FtaModel {
  const random = rng(seed);
  const events = Array.from({ length: 4 + Math.floor(random() * 20) }, (_, i) => `e${i}`);
  const gates: FtaModel["gates"] = [];
  const count = 3 + Math.floor(random() * 30);
  for (let g = 0; g < count; g++) {
    const pool = [...events, ...gates.map((x) => x.code)];
    const n = 2 + Math.floor(random() * 4);
    const inputs = new Set<string>();
    while (inputs.size < n)
      inputs.add(
        random() < 0.45 && gates.length
          ? gates[Math.floor(random() * gates.length)].code
          : pool[Math.floor(random() * pool.length)],
      );
    const r = random();
    const type = r < 0.4 ? "and" : r < 0.85 ? "or" : "atleast";
    gates.push({ code: `g${g}`, type, inputs: [...inputs], ...(type === "atleast" ? { k: 2 } : {}) });
  }
  return {
    gates,
    basicEvents: events.map((code) => ({ code, probability: 0.1 })),
    houseEvents: [],
    parameters: [],
  } as unknown as FtaModel;
}

/** "<first 16 hex digits of the SHA-256 of [top literal, nodes, events]> <node count>" per model and variant. */
export async function graphHashes(): Promise<Record<string, string>> {
  const k = (await loadFtaKernel()) as unknown as FtaKernel;
  const rows = JSON.parse(readFileSync(join(OPENPSA, "reference/scram-0.16.2-results.json"), "utf8"))
    .results as Array<{ model: string; file: string }>;
  const models: Array<[string, () => FtaModel]> = [...new Map(rows.map((r) => [r.model, r.file]))].map(
    ([name, file]) => {
      const [first, ...rest] = file.split(" + ");
      return [name, () => readOpenPsa(first, ...rest.map((f) => first.replace(/[^/]*$/, f)))];
    },
  );
  for (let seed = 1; seed <= 400; seed++) models.push([`random${seed}`, () => randomCoherentTree(seed)]);
  const out: Record<string, string> = {};
  for (const [name, read] of models) {
    const model = read();
    // A random tree's top is its last gate (earlier gates may be roots too).
    const top = name.startsWith("random")
      ? model.gates[model.gates.length - 1].code
      : (resolveTop(model) as string);
    for (const absorb of [true, false]) {
      const graph = buildGraph(model, top);
      preprocess(graph, absorb ? k : undefined);
      const hash = createHash("sha256")
        .update(JSON.stringify([graph.topLiteral, graph.nodes, graph.events]))
        .digest("hex");
      out[`${name}/${absorb ? "full" : "modules"}`] = `${hash.slice(0, 16)} ${graph.nodes.length}`;
    }
  }
  return out;
}

if (process.argv[1]?.endsWith("graph-hashes.ts")) console.log(JSON.stringify(await graphHashes(), null, 1));
