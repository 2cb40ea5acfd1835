// Random small trees (seeded) against brute force over all 2^n states of the basic events: the exact
// probability, P(top | x) - P(top | not x) for every event, and the minimal cut sets as SCRAM defines
// them for non-coherent trees (minimal sets of the monotone hull: S is a cut set when some subset of S,
// with every other event working, fails the top). Gates mix AND, OR, k-of-n, NOT, XOR, NAND, NOR with
// repeated events and shared gates, so the preprocessing (absorption, modules, coalescing) is exercised.
import { describe, expect, it } from "vitest";
import {
  allCutSets,
  analyzeFaultTree,
  type FtaGate,
  type FtaGateType,
  type FtaModel,
} from "../../../src/kernels/fta.ts";

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function randomTree(seed: number, coherent: boolean): FtaModel {
  const random = rng(seed);
  const events = 6 + Math.floor(random() * 6);
  const codes = Array.from({ length: events }, (_, i) => `E${i}`);
  const gates: FtaGate[] = [];
  const types: FtaGateType[] = coherent
    ? ["and", "or", "or", "atleast"]
    : ["and", "or", "atleast", "xor", "not", "nand", "nor"];
  const gateCount = 4 + Math.floor(random() * 6);
  for (let g = gateCount - 1; g >= 0; g--) {
    const type = types[Math.floor(random() * types.length)];
    const n = type === "not" ? 1 : type === "xor" ? 2 : 2 + Math.floor(random() * 3);
    const pool = [...codes, ...gates.map((x) => x.code)];
    const inputs: string[] = [];
    while (inputs.length < n) {
      // Later gates lean on earlier gates so the tree is deep and shares subtrees.
      const pick =
        random() < 0.5 && gates.length
          ? gates[Math.floor(random() * gates.length)].code
          : pool[Math.floor(random() * pool.length)];
      if (!inputs.includes(pick)) inputs.push(pick);
    }
    gates.push({
      code: `G${g}`,
      type,
      inputs,
      ...(type === "atleast" ? { k: 2 + Math.floor(random() * (n - 1)) } : {}),
    });
  }
  // The last gate made is the top; gates nothing uses hang under it so there is one root.
  const top = gates[gates.length - 1];
  const used = new Set(gates.flatMap((g) => g.inputs));
  const orphans = gates.filter((g) => g !== top && !used.has(g.code)).map((g) => g.code);
  const root: FtaGate = { code: "TOP", type: orphans.length ? "or" : "null", inputs: [top.code, ...orphans] };
  return {
    format: "relbench-fta",
    version: 1,
    name: `random ${seed}`,
    missionTime: 8760,
    gates: [...gates, root],
    basicEvents: codes.map((code) => ({
      code,
      distribution: { type: "fixed", probability: 0.05 + 0.9 * random() },
    })),
    houseEvents: [],
  };
}

function evaluate(model: FtaModel, state: Map<string, boolean>): boolean {
  const gates = new Map(model.gates.map((g) => [g.code, g]));
  const memo = new Map<string, boolean>();
  const value = (code: string): boolean => {
    if (state.has(code)) return state.get(code) as boolean;
    const known = memo.get(code);
    if (known !== undefined) return known;
    const g = gates.get(code) as FtaGate;
    const v = g.inputs.map(value);
    const trues = v.filter(Boolean).length;
    const result = {
      and: trues === v.length,
      or: trues > 0,
      atleast: trues >= (g.k ?? 0),
      xor: trues % 2 === 1,
      not: !v[0],
      nand: trues !== v.length,
      nor: trues === 0,
      null: v[0],
    }[g.type];
    memo.set(code, result);
    return result;
  };
  return value("TOP");
}

function bruteForce(model: FtaModel) {
  const codes = model.basicEvents.map((e) => e.code);
  const p = model.basicEvents.map((e) => (e.distribution as { probability: number }).probability);
  const n = codes.length;
  const truth = new Uint8Array(1 << n);
  let probability = 0;
  const conditional = codes.map(() => [0, 0]);
  for (let s = 0; s < 1 << n; s++) {
    const state = new Map(codes.map((c, i) => [c, ((s >> i) & 1) === 1]));
    truth[s] = evaluate(model, state) ? 1 : 0;
    if (!truth[s]) continue;
    let w = 1;
    for (let i = 0; i < n; i++) w *= (s >> i) & 1 ? p[i] : 1 - p[i];
    probability += w;
    // P(top | x) sums the states with x true, weighted without x's own factor.
    for (let i = 0; i < n; i++) conditional[i][(s >> i) & 1] += w / ((s >> i) & 1 ? p[i] : 1 - p[i]);
  }
  // Monotone hull: h(S) = some subset of S is a failing state (sum over subsets, bit by bit).
  const hull = truth.slice();
  for (let i = 0; i < n; i++)
    for (let s = 0; s < 1 << n; s++) if ((s >> i) & 1 && hull[s ^ (1 << i)]) hull[s] = 1;
  const minimal: string[] = [];
  for (let s = 0; s < 1 << n; s++) {
    if (!hull[s]) continue;
    let isMinimal = true;
    for (let i = 0; i < n && isMinimal; i++) if ((s >> i) & 1 && hull[s ^ (1 << i)]) isMinimal = false;
    if (isMinimal) minimal.push(codes.filter((_, i) => (s >> i) & 1).join(" "));
  }
  return { probability, birnbaum: conditional.map(([f, t]) => t - f), minimal: minimal.sort() };
}

const seeds = Array.from({ length: 40 }, (_, i) => i + 1);

describe.each([true, false])("random trees, coherent %s", (coherent) => {
  it.each(seeds)("seed %i", async (seed) => {
    const model = randomTree(seed * 7919 + (coherent ? 0 : 1), coherent);
    const expected = bruteForce(model);
    const r = await analyzeFaultTree(model, { importance: true, limitOrder: 20 });
    const exact = r.probability.exact as number;
    expect(
      Math.abs(exact - expected.probability),
      `P(top) ${exact} vs ${expected.probability}`,
    ).toBeLessThanOrEqual(1e-12);
    model.basicEvents.forEach((e, i) => {
      const b = r.importance?.[e.code]?.birnbaum ?? 0;
      expect(
        Math.abs(b - expected.birnbaum[i]),
        `Birnbaum ${e.code}: ${b} vs ${expected.birnbaum[i]}`,
      ).toBeLessThanOrEqual(1e-12);
    });
    for (const algorithm of ["bdd", "zbdd", "mocus"] as const) {
      const result =
        algorithm === "bdd" ? r : await analyzeFaultTree(model, { algorithm, gateProbabilities: false });
      const found = allCutSets(result.cutSets.diagram)
        .map((s) => s.events.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))).join(" "))
        .sort();
      expect(found, `${algorithm} minimal cut sets`).toEqual(expected.minimal);
    }
  });
});
