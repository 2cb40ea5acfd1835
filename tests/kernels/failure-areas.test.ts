// One distribution, one evaluator: a Weibull component typed in eFTA (the spec's P1 = eta, P2 = beta) and
// the same one typed in eRBD (p1 = beta, p2 = eta) become the same failure model distribution, and both
// kernels evaluate it through assembly/math/failure.ts: R(t) and F(t) agree to the last bit with each other
// and with the evaluator called directly, down to F ~ 1e-15. The life calculator reads a fitted Weibull's
// values through the same evaluator, so its R(t) at the fit's beta and eta is those bits too.
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeFaultTree, basicEventProbabilities, type FtaModel } from "../../src/kernels/fta.ts";
import { calculateLife, fitLife } from "../../src/kernels/life.ts";
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

describe("a fitted Weibull in the life calculator, eFTA and eRBD", () => {
  // Times to failure with two suspensions (state 0); any data would do: what matters is that the calculator
  // reads R(t) at the beta and eta the fit reports, through the one evaluator.
  const columns = {
    end: Float64Array.from([212, 431, 590, 710, 838, 990, 1105, 1300, 1500, 1500]),
    state: Uint8Array.from([1, 1, 1, 1, 1, 1, 1, 1, 0, 0]),
  };

  it.each([
    ["mle", 1000],
    ["rry", 5],
    ["mle", 4000],
  ] as const)(
    "%s fit, t = %s: the calculator's R(t) and F(t) are eFTA's and eRBD's bits",
    async (method, t) => {
      const fit = await fitLife(columns, { distribution: "weibull2p", method });
      const { beta, eta } = fit.parameters;
      const [calc] = await calculateLife(fit, [{ kind: "reliability", time: t }], { confidence: 90 });
      const typed = fromSpec("fta", "weibull2p", [eta, beta]) as FailureDistribution;
      const fta = await analyzeFaultTree(ftaModel(typed, t));
      const ftaF = (await basicEventProbabilities(ftaModel(typed, t))).X;
      const rbd = await exactRbd(
        rbdModel(fromSpec("rbd", "weibull2p", [beta, eta]) as FailureDistribution, t),
      );
      expect([calc.value, calc.unreliability?.value]).toEqual([fta.probability.exact, ftaF]);
      expect([calc.value, calc.unreliability?.value]).toEqual([rbd.reliability, rbd.unreliability]);
      // The bounds still come from the life kernel's delta method, around that value.
      expect(calc.lower).toBeLessThan(calc.value);
      expect(calc.upper).toBeGreaterThan(calc.value);
    },
  );
});
