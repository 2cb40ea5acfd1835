// Small trees whose answers are worked out by hand (the arithmetic is written next to each expected
// value), to 1e-12. Lognormal and normal events against R (tests/fixtures/fta/textbook/make-distributions.R).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  allCutSets,
  analyzeFaultTree,
  basicEventProbabilities,
  type FtaAlgorithm,
  type FtaBasicEvent,
  type FtaGate,
  type FtaModel,
} from "../../../src/kernels/fta.ts";
import { isClose, mismatch } from "../../helpers/accuracy.ts";
import { FIXTURES } from "./fixtures.ts";

const TOL = 1e-12;

function tree(
  gates: FtaGate[],
  events: Record<string, number | FtaBasicEvent["distribution"]>,
  extra: Partial<FtaModel> = {},
): FtaModel {
  return {
    format: "relbench-fta",
    version: 1,
    name: "textbook",
    missionTime: 8760,
    gates,
    basicEvents: Object.entries(events).map(([code, d]) => ({
      code,
      distribution: typeof d === "number" ? { type: "fixed" as const, probability: d } : d,
    })),
    houseEvents: [],
    ...extra,
  };
}

function expectClose(
  actual: number | null | undefined,
  expected: number,
  what: string,
  tolerance = TOL,
): void {
  const a = actual ?? Number.NaN;
  const within = { rtol: tolerance, atol: 1e-300 };
  expect(isClose(a, expected, within), mismatch(what, a, expected, within)).toBe(true);
}

const sets = (r: Awaited<ReturnType<typeof analyzeFaultTree>>) =>
  allCutSets(r.cutSets.diagram)
    .map((s) => [...s.events].sort().join(""))
    .sort();

describe("A or (B and C), pA = 0.1, pB = 0.2, pC = 0.3", () => {
  const model = tree(
    [
      { code: "TOP", type: "or", inputs: ["A", "G1"] },
      { code: "G1", type: "and", inputs: ["B", "C"] },
    ],
    { A: 0.1, B: 0.2, C: 0.3 },
  );
  // P = 1 - (1 - 0.1)(1 - 0.2 * 0.3) = 1 - 0.9 * 0.94 = 0.154
  const P = 0.154;

  it.each<FtaAlgorithm>(["bdd", "zbdd", "mocus"])(
    "%s: cut sets {A} {B,C}, rare-event 0.16, MCUB 0.154",
    async (algorithm) => {
      const r = await analyzeFaultTree(model, { algorithm });
      expect(sets(r)).toEqual(["A", "BC"]);
      expect(r.cutSets.byOrder).toEqual([0, 1, 1]);
      expectClose(r.probability.rareEvent, 0.1 + 0.06, "rare event");
      // The two cut sets share no event: 1 - (1 - 0.1)(1 - 0.06)
      expectClose(r.probability.mcub, 1 - 0.9 * 0.94, "MCUB");
      if (algorithm === "bdd") expectClose(r.probability.exact, P, "exact");
      else expect(r.probability.exact).toBeNull();
    },
  );

  it("gate probabilities and importance", async () => {
    const r = await analyzeFaultTree(model, { importance: true });
    expectClose(r.gateProbabilities?.TOP, P, "P(TOP)");
    expectClose(r.gateProbabilities?.G1, 0.06, "P(G1)");
    const imp = r.importance ?? {};
    // P(top | A) = 1, P(top | not A) = 0.06; P(top | B) = 1 - 0.9 * 0.7 = 0.37, P(top | not B) = 0.1;
    // P(top | C) = 1 - 0.9 * 0.8 = 0.28, P(top | not C) = 0.1.
    const cases: Array<[string, number, number, number, number]> = [
      ["A", 0.1, 1, 0.06, 0.1 / 0.16],
      ["B", 0.2, 0.37, 0.1, 0.06 / 0.16],
      ["C", 0.3, 0.28, 0.1, 0.06 / 0.16],
    ];
    for (const [e, p, p1, p0, fv] of cases) {
      expectClose(imp[e].birnbaum, p1 - p0, `${e} Birnbaum`);
      expectClose(imp[e].criticality, (p * (p1 - p0)) / P, `${e} criticality`);
      expectClose(imp[e].raw, p1 / P, `${e} RAW`);
      expectClose(imp[e].rrw, P / p0, `${e} RRW`);
      expectClose(imp[e].diagnostic, (p * p1) / P, `${e} diagnostic`);
      expectClose(imp[e].fussellVesely, fv, `${e} Fussell-Vesely`);
      expect(imp[e].occurrences).toBe(1);
    }
  });

  it("the same function written with a repeated event: (A or B) and (A or C)", async () => {
    const repeated = tree(
      [
        { code: "TOP", type: "and", inputs: ["G1", "G2"] },
        { code: "G1", type: "or", inputs: ["A", "B"] },
        { code: "G2", type: "or", inputs: ["A", "C"] },
      ],
      { A: 0.1, B: 0.2, C: 0.3 },
    );
    for (const algorithm of ["bdd", "zbdd", "mocus"] as const) {
      const r = await analyzeFaultTree(repeated, { algorithm });
      expect(sets(r), algorithm).toEqual(["A", "BC"]);
    }
    const r = await analyzeFaultTree(repeated);
    expectClose(r.probability.exact, P, "exact");
    expectClose(r.gateProbabilities?.G1, 1 - 0.9 * 0.8, "P(G1)");
  });
});

describe("2-out-of-3 voting, p = 0.1", () => {
  const model = tree([{ code: "TOP", type: "atleast", k: 2, inputs: ["A", "B", "C"] }], {
    A: 0.1,
    B: 0.1,
    C: 0.1,
  });
  it.each<FtaAlgorithm>(["bdd", "zbdd", "mocus"])("%s", async (algorithm) => {
    const r = await analyzeFaultTree(model, { algorithm, importance: true });
    expect(sets(r)).toEqual(["AB", "AC", "BC"]);
    expectClose(r.probability.rareEvent, 3 * 0.01, "rare event");
    expectClose(r.probability.mcub, 1 - 0.99 ** 3, "MCUB");
    if (algorithm === "bdd") {
      // 3 p^2 (1 - p) + p^3 = 0.027 + 0.001
      expectClose(r.probability.exact, 0.028, "exact");
      // P(top | A) = 1 - 0.9^2 = 0.19, P(top | not A) = 0.1^2 = 0.01
      expectClose(r.importance?.A.birnbaum, 0.18, "Birnbaum");
    }
  });
});

describe("negation", () => {
  it("A and not B: P = 0.3 * 0.6, cut set {A}, Birnbaum of B negative", async () => {
    const model = tree(
      [
        { code: "TOP", type: "and", inputs: ["A", "NB"] },
        { code: "NB", type: "not", inputs: ["B"] },
      ],
      { A: 0.3, B: 0.4 },
    );
    for (const algorithm of ["bdd", "zbdd", "mocus"] as const) {
      const r = await analyzeFaultTree(model, { algorithm, importance: true });
      expect(sets(r), algorithm).toEqual(["A"]);
    }
    const r = await analyzeFaultTree(model, { importance: true });
    expectClose(r.probability.exact, 0.18, "exact");
    expectClose(r.gateProbabilities?.NB, 0.6, "P(NB)");
    expectClose(r.importance?.B.birnbaum, 0 - 0.3, "Birnbaum B");
    expectClose(r.importance?.A.birnbaum, 0.6, "Birnbaum A");
  });

  it("A xor B: P = 0.3 * 0.6 + 0.7 * 0.4, cut sets {A} {B}", async () => {
    const model = tree([{ code: "TOP", type: "xor", inputs: ["A", "B"] }], { A: 0.3, B: 0.4 });
    for (const algorithm of ["bdd", "zbdd", "mocus"] as const) {
      const r = await analyzeFaultTree(model, { algorithm });
      expect(sets(r), algorithm).toEqual(["A", "B"]);
    }
    const r = await analyzeFaultTree(model, { importance: true });
    expectClose(r.probability.exact, 0.46, "exact");
    // P(top | A) = 0.6, P(top | not A) = 0.4
    expectClose(r.importance?.A.birnbaum, 0.2, "Birnbaum A");
  });

  it("NAND and NOR", async () => {
    const model = tree(
      [
        { code: "TOP", type: "or", inputs: ["G1", "G2"] },
        { code: "G1", type: "nand", inputs: ["A", "B"] },
        { code: "G2", type: "nor", inputs: ["C", "D"] },
      ],
      { A: 0.5, B: 0.6, C: 0.7, D: 0.8 },
    );
    const r = await analyzeFaultTree(model);
    // 1 - P(not G1) P(not G2) = 1 - (0.5 * 0.6) * (1 - 0.3 * 0.2)
    expectClose(r.probability.exact, 1 - 0.3 * 0.94, "exact");
    expectClose(r.gateProbabilities?.G1, 0.7, "P(G1)");
    expectClose(r.gateProbabilities?.G2, 0.06, "P(G2)");
    // Monotone hull of not(AB) or not(C or D) is "true": the empty set is the only cut set.
    expect(r.cutSets.count).toBe(1);
    expect(r.cutSets.byOrder).toEqual([1]);
  });
});

describe("house events", () => {
  const model = (state: boolean) =>
    tree(
      [
        { code: "TOP", type: "and", inputs: ["H", "G1"] },
        { code: "G1", type: "or", inputs: ["A", "B"] },
      ],
      { A: 0.1, B: 0.2 },
      {
        houseEvents: [{ code: "H", state }],
      },
    );
  it("true: the house event drops out", async () => {
    const r = await analyzeFaultTree(model(true));
    expectClose(r.probability.exact, 1 - 0.9 * 0.8, "exact");
    expect(sets(r)).toEqual(["A", "B"]);
    expect(r.counts.houseEvents).toBe(1);
  });
  it("false: the top cannot occur", async () => {
    const r = await analyzeFaultTree(model(false), { importance: true });
    expect(r.probability.exact).toBe(0);
    expect(r.cutSets.count).toBe(0);
    expect(r.gateProbabilities?.TOP).toBe(0);
    expectClose(r.gateProbabilities?.G1, 0.28, "P(G1)");
  });
});

describe("failure models at the mission time", () => {
  it("exponential (with a location), Weibull 2P and 3P, and the curve", async () => {
    const model = tree([{ code: "TOP", type: "or", inputs: ["E", "W", "L", "V"] }], {
      E: { type: "exponential", lambda: 1e-4 },
      W: { type: "weibull2p", beta: 2, eta: 10000 },
      L: { type: "exponential", lambda: 2e-4, gamma: 1000 },
      V: { type: "weibull3p", beta: 1.5, eta: 5000, gamma: 500 },
    });
    const at = (t: number) => ({
      E: -Math.expm1(-1e-4 * t),
      W: -Math.expm1(-((t / 10000) ** 2)),
      L: t > 1000 ? -Math.expm1(-2e-4 * (t - 1000)) : 0,
      V: t > 500 ? -Math.expm1(-(((t - 500) / 5000) ** 1.5)) : 0,
    });
    const top = (t: number) => {
      const p = at(t);
      return 1 - (1 - p.E) * (1 - p.W) * (1 - p.L) * (1 - p.V);
    };
    const r = await analyzeFaultTree(model, { curvePoints: 5 });
    for (const [e, p] of Object.entries(at(8760))) expectClose(r.eventProbabilities[e], p, `P(${e})`);
    expectClose(r.probability.exact, top(8760), "exact");
    expect(Array.from(r.curve?.time ?? [])).toEqual([0, 2190, 4380, 6570, 8760]);
    r.curve?.time.forEach((t, i) => {
      expectClose(r.curve?.probability[i], top(t), `P(top, ${t} h)`);
    });
    expect(r.fixedProbabilityEvents).toEqual([]);
    const half = await analyzeFaultTree(model, { missionTime: 4380 });
    expectClose(half.probability.exact, top(4380), "exact at 4380 h");
  });

  const reference = JSON.parse(readFileSync(join(FIXTURES, "textbook/distributions.json"), "utf8")) as {
    cases: Array<{ type: "lognormal" | "normal"; p1: number; p2: number; t: number; p: number; q: number }>;
  };
  it.each(reference.cases)("$type($p1, $p2) at $t h against R", async (c) => {
    const model = tree(
      [{ code: "TOP", type: "not", inputs: ["X"] }],
      { X: { type: c.type, mu: c.p1, sigma: c.p2 } },
      { missionTime: c.t },
    );
    const p = await basicEventProbabilities(model);
    expectClose(p.X, c.p, "P(X)", 1e-13);
    // The complement is computed as the upper tail, not 1 - p: P(TOP) = P(not X) keeps its digits.
    const r = await analyzeFaultTree(model);
    expectClose(r.probability.exact, c.q, "P(not X)", 1e-13);
  });
});

describe("min-cut upper bound where cut sets are likely", () => {
  it("independent likely sets: 1 - (1 - 0.9)(1 - 0.8)(1 - 0.5)", async () => {
    const r = await analyzeFaultTree(
      tree([{ code: "TOP", type: "or", inputs: ["A", "B", "C"] }], { A: 0.9, B: 0.8, C: 0.5 }),
    );
    expectClose(r.probability.mcub, 1 - 0.1 * 0.2 * 0.5, "MCUB");
    expectClose(r.probability.exact, 0.99, "exact");
    expect(r.probability.rareEvent).toBe(1);
    expectClose(r.probability.rareEventSum, 2.2, "rare-event sum");
  });
  it("sets sharing events: (A and B) or (A and C) or (B and C) with p = 0.6", async () => {
    const r = await analyzeFaultTree(
      tree([{ code: "TOP", type: "atleast", k: 2, inputs: ["A", "B", "C"] }], { A: 0.6, B: 0.6, C: 0.6 }),
    );
    expectClose(r.probability.mcub, 1 - (1 - 0.36) ** 3, "MCUB");
  });
});

describe("probability curve rules of spec 8", () => {
  it("no result, fixed-probability events, no curve computed", async () => {
    const { probabilityCurveProblem } = await import("../../../src/kernels/fta.ts");
    expect(probabilityCurveProblem(undefined)).toBe("Please Analyze the fault tree first");
    const fixed = await analyzeFaultTree(
      tree([{ code: "TOP", type: "or", inputs: ["A", "B"] }], {
        A: 0.1,
        B: { type: "exponential", lambda: 1e-4 },
      }),
      {
        curvePoints: 3,
      },
    );
    expect(fixed.fixedProbabilityEvents).toEqual(["A"]);
    expect(probabilityCurveProblem(fixed)).toBe(
      "The tree contains base events with fixed failure probability and cannot be plotted",
    );
    const timed = tree([{ code: "TOP", type: "or", inputs: ["A", "B"] }], {
      A: { type: "weibull2p", beta: 2, eta: 5000 },
      B: { type: "exponential", lambda: 1e-4 },
    });
    expect(probabilityCurveProblem(await analyzeFaultTree(timed))).toBe(
      "Cannot draw without calculation result",
    );
    expect(probabilityCurveProblem(await analyzeFaultTree(timed, { curvePoints: 3 }))).toBeUndefined();
  });
});
