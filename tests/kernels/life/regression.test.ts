// Rank regression (RRX, RRY) with exact, Benard and Kaplan-Meier positions on Johnson-adjusted ranks, plain and
// grouped data, against R (tests/fixtures/life/regression.R: qbeta + lm): parameters and rho to 1e-9.
import { describe, it } from "vitest";
import {
  fitLife,
  type LifeDistribution,
  type LifeMethod,
  type LifeRanks,
} from "../../../src/kernels/life.ts";
import { Comparison, readFixture } from "../../helpers/accuracy.ts";
import { columnsOf } from "./compare.ts";

interface RegressionCase {
  distribution: LifeDistribution;
  beta?: number;
  method: LifeMethod;
  ranks: LifeRanks;
  seed: number;
  grouped: boolean;
  data: Parameters<typeof columnsOf>[0];
  expected: { mu?: number; sigma?: number; lambda?: number; gamma?: number; rho: number };
}

const fixture = readFixture<{ r: string; cases: RegressionCase[] }>("life/regression.json");

describe(`rank regression against R (${fixture.r})`, () => {
  it(`${fixture.cases.length} fits`, async () => {
    const cmp = new Comparison("rank regression (1e-9)");
    for (const c of fixture.cases) {
      const label = `${c.distribution} ${c.method} ${c.ranks} seed ${c.seed}${c.grouped ? " grouped" : ""}`;
      const fit = await fitLife(columnsOf(c.data), {
        distribution: c.distribution,
        beta: c.beta,
        method: c.method,
        ranks: c.ranks,
        curvePoints: 0,
        positions: false,
      });
      const e = c.expected;
      if (e.lambda !== undefined) {
        cmp.close(`${label} lambda`, fit.parameters.lambda, e.lambda, 1e-9);
        cmp.close(`${label} gamma`, fit.parameters.gamma, e.gamma as number, 1e-9, 1);
      } else {
        cmp.close(`${label} mu`, fit.model.internal[0], e.mu as number, 1e-9);
        cmp.close(`${label} sigma`, Math.exp(fit.model.internal[1]), e.sigma as number, 1e-9);
      }
      cmp.close(`${label} rho`, fit.goodnessOfFit.rho, e.rho, 1e-9);
    }
    console.log(cmp.summary());
    cmp.check();
  });
});
