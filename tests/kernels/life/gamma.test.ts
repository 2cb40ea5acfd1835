// Gamma MLE against R (tests/fixtures/life/gamma.R: dgamma/pgamma likelihood, optim + Newton polish):
// k, theta and log-likelihood to 1e-7, covariance of (ln theta, ln k) to 1e-6.
import { describe, it } from "vitest";
import { fitLife } from "../../../src/kernels/life.ts";
import { Comparison, readFixture } from "../../helpers/accuracy.ts";
import { columnsOf } from "./compare.ts";

interface GammaCase {
  id: string;
  data: Parameters<typeof columnsOf>[0];
  expected: { k: number; theta: number; logLikelihood: number; varU: number; covUV: number; varV: number };
}

const fixture = readFixture<{ r: string; cases: GammaCase[] }>("life/gamma.json");

describe(`gamma MLE against R (${fixture.r})`, () => {
  it("every case", async () => {
    const params = new Comparison("gamma k, theta, log-likelihood (1e-7)");
    const cov = new Comparison("gamma covariance (1e-6)");
    for (const c of fixture.cases) {
      const fit = await fitLife(columnsOf(c.data), {
        distribution: "gamma",
        curvePoints: 0,
        positions: false,
      });
      const e = c.expected;
      params.close(`${c.id} k`, fit.parameters.k, e.k, 1e-7);
      params.close(`${c.id} theta`, fit.parameters.theta, e.theta, 1e-7);
      params.close(`${c.id} logLikelihood`, fit.logLikelihood, e.logLikelihood, 1e-7);
      const V = fit.model.internalCovariance;
      cov.close(`${c.id} var(ln theta)`, V[0], e.varU, 1e-6);
      cov.close(`${c.id} cov`, V[1], e.covUV, 1e-6);
      cov.close(`${c.id} var(ln k)`, V[4], e.varV, 1e-6);
    }
    console.log(params.summary());
    console.log(cov.summary());
    params.check();
    cov.check();
  });
});
