// MLE of Weibull (1P, 2P), exponential, lognormal, normal, loglogistic and Gumbel on complete, right-censored,
// interval, left-censored and grouped data against R's survival::survreg (tests/fixtures/life/survreg.R):
// parameters and log-likelihood to 1e-7 relative, covariance and Fisher bounds to 1e-6.
import { describe, expect, it } from "vitest";
import { calculateLife, fitLife, type LifeDistribution } from "../../../src/kernels/life.ts";
import { Comparison, readFixture } from "../../helpers/accuracy.ts";
import { columnsOf } from "./compare.ts";

interface SurvregCase {
  id: string;
  distribution: LifeDistribution;
  beta: number | null;
  data: { end: number[]; start: Array<number | null>; state: number[]; quantity: number[] };
  expected: {
    mu: number;
    s: number;
    parameters: Record<string, number>;
    logLikelihood: number;
    varMu: number;
    covMuS: number;
    varS: number;
    bounds90: Record<string, [number, number]>;
    reliability: { time: number; value: number; lower: number; upper: number };
    b10: { value: number; lower: number; upper: number };
  };
}

const fixture = readFixture<{ r: string; survival: string; cases: SurvregCase[] }>("life/survreg.json");

describe(`life MLE against survreg (${fixture.r}, survival ${fixture.survival})`, () => {
  // Every case fails on its own values; the totals only gather the worst errors for the summary line.
  const totalParams = new Comparison("parameters and log-likelihood (rtol 1e-7)");
  const totalFisher = new Comparison("covariance and Fisher bounds (rtol 1e-6)");
  for (const c of fixture.cases) {
    it(c.id, async () => {
      const params = new Comparison(`${c.id}: parameters and log-likelihood (rtol 1e-7)`);
      const fisher = new Comparison(`${c.id}: covariance and Fisher bounds (rtol 1e-6)`);
      const e = c.expected;
      const fit = await fitLife(columnsOf(c.data), {
        distribution: c.distribution,
        beta: c.beta ?? undefined,
        confidence: 90,
        at: [e.reliability.time],
        curvePoints: 0,
        positions: false,
      });
      expect(fit.converged).toBe(true);
      for (const [name, value] of Object.entries(e.parameters))
        params.close(`${c.id} ${name}`, fit.parameters[name], value, 1e-7);
      params.close(`${c.id} logLikelihood`, fit.logLikelihood, e.logLikelihood, 1e-7);
      const V = fit.model.internalCovariance;
      fisher.close(`${c.id} var(mu)`, V[0], e.varMu, 1e-6);
      if (e.varS > 0) {
        fisher.close(`${c.id} var(s)`, V[4], e.varS, 1e-6);
        // The covariance can be near 0; compare it relative to the product of standard errors.
        fisher.close(
          `${c.id} cov(mu,s)/se se`,
          V[1] / Math.sqrt(V[0] * V[4]),
          e.covMuS / Math.sqrt(e.varMu * e.varS),
          1e-6,
          1e-3,
        );
      }
      for (const [name, [lo, hi]] of Object.entries(e.bounds90)) {
        fisher.close(`${c.id} ${name} lower`, fit.bounds.parameters[name]?.lower, lo, 1e-6);
        fisher.close(`${c.id} ${name} upper`, fit.bounds.parameters[name]?.upper, hi, 1e-6);
      }
      const at = fit.at[0];
      fisher.close(`${c.id} R(t)`, at.reliability, e.reliability.value, 1e-7);
      fisher.close(`${c.id} R(t) lower`, at.lower, e.reliability.lower, 1e-6);
      fisher.close(`${c.id} R(t) upper`, at.upper, e.reliability.upper, 1e-6);
      const [b10] = await calculateLife(fit, [{ kind: "bLife", percent: 10 }], { confidence: 90 });
      fisher.close(`${c.id} B10`, b10.value, e.b10.value, 1e-7);
      fisher.close(`${c.id} B10 lower`, b10.lower, e.b10.lower, 1e-6);
      fisher.close(`${c.id} B10 upper`, b10.upper, e.b10.upper, 1e-6);
      totalParams.add(params);
      totalFisher.add(fisher);
      params.check();
      fisher.check();
      expect(params.count).toBe(Object.keys(e.parameters).length + 1);
    });
  }
  it("compared every case", () => {
    console.log(totalParams.summary());
    console.log(totalFisher.summary());
    expect(totalParams.count).toBe(
      fixture.cases.reduce((n, c) => n + Object.keys(c.expected.parameters).length + 1, 0),
    );
  });
});
