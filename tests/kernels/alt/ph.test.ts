// Weibull proportional hazards against an independent maximisation of the proportional-hazards likelihood in R
// (tests/fixtures/alt/ph-alt.R: analytic gradient, optim then Newton on optimHess). The kernel fits the
// log-linear Weibull and reports alpha_j = -beta b_j: the estimates and the log-likelihood to 1e-8, Fisher
// bounds to 1e-7 (the reference's Hessian is a central difference of its gradient), likelihood-ratio bounds on
// alpha_1 (profiled in R with alpha_1 fixed) to 1e-8.
import { describe, expect, it } from "vitest";
import { type AltRelationship, fitAlt } from "../../../src/kernels/alt.ts";
import { Comparison, readFixture } from "../../helpers/accuracy.ts";

interface PhCase {
  id: string;
  relationship: AltRelationship;
  use: number[];
  data: { end: number[]; start: Array<number | null>; state: number[]; stress: number[][] };
  expected: {
    alpha: number[];
    beta: number;
    logLikelihood: number;
    alphaLower: number[];
    alphaUpper: number[];
    betaBounds: [number, number];
    alpha1LrBounds: [number, number];
  };
}

const fixture = readFixture<{ r: string; cases: PhCase[] }>("alt/ph-alt.json");

describe(`ALT Weibull proportional hazards against the PH likelihood maximised in R (${fixture.r})`, () => {
  const totals = new Comparison("proportional hazards");
  for (const c of fixture.cases)
    it(c.id, async () => {
      const e = c.expected;
      const columns = {
        end: Float64Array.from(c.data.end),
        start: Float64Array.from(c.data.start, (v) => (v === null ? Number.NaN : v)),
        state: Int32Array.from(c.data.state),
        stress: c.data.stress.map((s) => Float64Array.from(s)),
      };
      const options = {
        relationship: c.relationship,
        distribution: "weibull" as const,
        use: [c.use],
        proportionalHazards: true,
        shapeTest: false,
      };
      const fit = await fitAlt(columns, options);
      expect(fit.proportionalHazards).toBe(true);
      expect(fit.formula).toContain("h(t | X)");
      expect(Object.keys(fit.parameters)).toEqual([...e.alpha.map((_, j) => `alpha${j}`), "beta"]);
      const cmp = new Comparison(c.id);
      cmp.close(`${c.id} logLikelihood`, fit.logLikelihood, e.logLikelihood, 1e-8);
      cmp.close(`${c.id} beta`, fit.parameters.beta, e.beta, 1e-8);
      e.alpha.forEach((a, j) => {
        cmp.close(`${c.id} alpha${j}`, fit.parameters[`alpha${j}`], a, 1e-8);
        cmp.close(`${c.id} alpha${j} lower`, fit.bounds[`alpha${j}`].lower, e.alphaLower[j], 1e-7);
        cmp.close(`${c.id} alpha${j} upper`, fit.bounds[`alpha${j}`].upper, e.alphaUpper[j], 1e-7);
      });
      cmp.close(`${c.id} beta lower`, fit.bounds.beta.lower, e.betaBounds[0], 1e-7);
      cmp.close(`${c.id} beta upper`, fit.bounds.beta.upper, e.betaBounds[1], 1e-7);
      const lr = await fitAlt(columns, { ...options, bounds: "lr" });
      cmp.close(`${c.id} alpha1 LR lower`, lr.bounds.alpha1.lower, e.alpha1LrBounds[0], 1e-8);
      cmp.close(`${c.id} alpha1 LR upper`, lr.bounds.alpha1.upper, e.alpha1LrBounds[1], 1e-8);
      // The same fit as the log-linear Weibull: use-level life and likelihood do not depend on the form.
      const aft = await fitAlt(columns, { ...options, proportionalHazards: false });
      expect(aft.logLikelihood).toBe(fit.logLikelihood);
      expect(aft.useLevel[0].meanLife.value).toBe(fit.useLevel[0].meanLife.value);
      totals.add(cmp);
      cmp.check();
    });

  it("asks for the Weibull distribution and a relationship other than Eyring", async () => {
    const columns = { end: Float64Array.of(10, 20, 30, 40), stress: [Float64Array.of(60, 60, 80, 80)] };
    for (const [relationship, distribution] of [
      ["arrhenius", "lognormal"],
      ["eyring", "weibull"],
    ] as const)
      await expect(
        fitAlt(columns, { relationship, distribution, use: [[30]], proportionalHazards: true }),
      ).rejects.toMatchObject({
        issues: [{ key: "alt.proportionalHazards", option: "proportionalHazards" }],
      });
  });

  it("summary", () => {
    console.info(totals.summary());
  });
});
