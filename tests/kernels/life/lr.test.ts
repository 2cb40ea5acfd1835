// Likelihood-ratio bounds against independent profiles in R (tests/fixtures/life/lr.R: the likelihood written
// out, optimize() and uniroot()): lognormal right-censored and Weibull readout data, on the parameters,
// on reliability at a time and on the time at reliability 0.9, to 1e-6.
import { describe, it } from "vitest";
import { calculateLife, fitLife } from "../../../src/kernels/life.ts";
import { Comparison, readFixture } from "../../helpers/accuracy.ts";
import { columnsOf } from "./compare.ts";

interface LrCase {
  id: string;
  family: "sev" | "normal";
  confidence: number;
  data: Parameters<typeof columnsOf>[0];
  expected: {
    muBounds: [number, number];
    sigmaBounds: [number, number];
    time: number;
    reliability: number;
    reliabilityBounds: [number, number];
    tR: number;
    timeAtR: number;
    timeBounds: [number, number];
  };
}

const fixture = readFixture<{ r: string; cases: LrCase[] }>("life/lr.json");

describe(`likelihood-ratio bounds against R profiles (${fixture.r})`, () => {
  it("lognormal and Weibull", async () => {
    const cmp = new Comparison("LR bounds (1e-6)");
    for (const c of fixture.cases) {
      const e = c.expected;
      const columns = columnsOf(c.data);
      const distribution = c.family === "sev" ? "weibull2p" : "lognormal";
      const fit = await fitLife(columns, {
        distribution,
        bounds: "lr",
        confidence: c.confidence,
        at: [e.time],
        curvePoints: 0,
      });
      const b = fit.bounds.parameters;
      if (distribution === "weibull2p") {
        cmp.close(`${c.id} eta lower`, b.eta.lower, Math.exp(e.muBounds[0]), 1e-6);
        cmp.close(`${c.id} eta upper`, b.eta.upper, Math.exp(e.muBounds[1]), 1e-6);
        cmp.close(`${c.id} beta lower`, b.beta.lower, 1 / e.sigmaBounds[1], 1e-6);
        cmp.close(`${c.id} beta upper`, b.beta.upper, 1 / e.sigmaBounds[0], 1e-6);
      } else {
        cmp.close(`${c.id} mu lower`, b.mu.lower, e.muBounds[0], 1e-6);
        cmp.close(`${c.id} mu upper`, b.mu.upper, e.muBounds[1], 1e-6);
        cmp.close(`${c.id} sigma lower`, b.sigma.lower, e.sigmaBounds[0], 1e-6);
        cmp.close(`${c.id} sigma upper`, b.sigma.upper, e.sigmaBounds[1], 1e-6);
      }
      cmp.close(`${c.id} R(t)`, fit.at[0].reliability, e.reliability, 1e-7);
      cmp.close(`${c.id} R(t) lower`, fit.at[0].lower, e.reliabilityBounds[0], 1e-6);
      cmp.close(`${c.id} R(t) upper`, fit.at[0].upper, e.reliabilityBounds[1], 1e-6);
      const [t] = await calculateLife(fit, [{ kind: "timeAtReliability", reliability: e.tR }], {
        bounds: "lr",
        confidence: c.confidence,
        columns,
      });
      cmp.close(`${c.id} time at R`, t.value, e.timeAtR, 1e-7);
      cmp.close(`${c.id} time lower`, t.lower, e.timeBounds[0], 1e-6);
      cmp.close(`${c.id} time upper`, t.upper, e.timeBounds[1], 1e-6);
    }
    console.log(cmp.summary());
    cmp.check();
  });
});
