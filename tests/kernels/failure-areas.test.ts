// One distribution, one evaluator: a Weibull component typed in eFTA (the spec's P1 = eta, P2 = beta) and
// the same one typed in eRBD (p1 = beta, p2 = eta) become the same failure model distribution, and both
// kernels evaluate it through assembly/math/failure.ts: R(t) and F(t) agree to the last bit with each other
// and with the evaluator called directly, down to F ~ 1e-15.
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeFaultTree, basicEventProbabilities, type FtaModel } from "../../src/kernels/fta.ts";
import { loadMathKernel, type MathKernel } from "../../src/kernels/math.ts";
import { exactRbd, type RbdModel } from "../../src/kernels/rbd.ts";
import { type FailureDistribution, fromSpec } from "../../src/shared/failure-model.ts";

let k: MathKernel;
beforeAll(async () => {
  k = await loadMathKernel();
});

const ftaModel = (d: FailureDistribution, t: number): FtaModel => ({
  format: "relbench-fta",
  version: 1,
  name: "one event",
  missionTime: t,
  // P(TOP) = P(not X) = R(t) of X, as the BDD takes it from the event's q.
  gates: [{ code: "TOP", type: "not", inputs: ["X"] }],
  basicEvents: [{ code: "X", distribution: d }],
  houseEvents: [],
});

const rbdModel = (d: FailureDistribution, t: number): RbdModel => ({
  name: "one block",
  missionTime: t,
  blocks: [{ id: "X", kind: "regular", distribution: d }],
  edges: [
    ["start", "X"],
    ["X", "end"],
  ],
});

describe("a Weibull in eFTA and in eRBD", () => {
  it.each([
    [1.5, 10_000, 8760],
    [2.7, 4000, 1e-2], // F ~ 1e-15: only a directly computed F keeps it
    [0.6, 250, 3e5], // R tiny
    [24, 5000, 4900],
  ])("beta %s, eta %s at t = %s: the same R(t) and F(t), bit for bit", async (beta, eta, t) => {
    // As typed: eFTA's P1..P3 are eta, beta; eRBD's p1..p3 are beta, eta. Both read as one distribution.
    const fromFta = fromSpec("fta", "weibull2p", [eta, beta]) as FailureDistribution;
    const fromRbd = fromSpec("rbd", "weibull2p", [beta, eta]) as FailureDistribution;
    expect(fromFta).toEqual({ type: "weibull2p", beta, eta });
    expect(fromRbd).toEqual(fromFta);

    const direct = k.failureReliability(2, beta, eta, 0, t);
    const directF = k.failureLastUnreliability();
    const fta = await analyzeFaultTree(ftaModel(fromFta, t));
    const ftaF = (await basicEventProbabilities(ftaModel(fromFta, t))).X;
    const rbd = await exactRbd(rbdModel(fromRbd, t));
    expect([fta.probability.exact, ftaF]).toEqual([direct, directF]);
    expect([rbd.reliability, rbd.unreliability]).toEqual([direct, directF]);
    // And they are right: R = exp(-(t/eta)^beta), F = -expm1(-(t/eta)^beta) (to rounding).
    const x = (t / eta) ** beta;
    expect(Math.abs(directF + Math.expm1(-x)) / directF).toBeLessThan(1e-14);
  });
});
