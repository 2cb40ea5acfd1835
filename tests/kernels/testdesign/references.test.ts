// The planners against base R (tests/fixtures/testdesign/references.R: pbinom, qbeta, qchisq, pchisq, ppois,
// integrate). Counts must match exactly; continuous answers to 1e-9 relative (the math core's quantiles are
// within 1e-10, and a power 1/beta = 2 doubles that; R's integrate is asked for 1e-12).
import { describe, expect, it } from "vitest";
import { clopperPearson, designTest } from "../../../src/kernels/testdesign.ts";
import { fixtureNumber, isClose, readFixture } from "../../helpers/accuracy.ts";
import { toInput } from "./input.ts";

interface Fixture {
  cases: { name: string; input: Record<string, unknown>; expected: Record<string, number> }[];
  clopperPearson: { samples: number; successes: number; confidence: number; lower: number; upper: number }[];
  oc: Record<string, number | string>[];
}
const fixture = readFixture<Fixture>("testdesign/references.json");

const COUNTS = new Set(["samples", "failures"]);

describe("test design planners against R", () => {
  it("has the cases", () => expect(fixture.cases.length).toBeGreaterThan(250));
  for (const c of fixture.cases) {
    it(c.name, async () => {
      const plan = await designTest(toInput(c.input));
      for (const [name, value] of Object.entries(c.expected)) {
        const actual = plan.values[name as keyof typeof plan.values] as number;
        const expected = fixtureNumber(value);
        if (COUNTS.has(name)) expect(actual, name).toBe(expected);
        else
          expect(isClose(actual, expected, { rtol: 1e-9 }), `${name}: ${actual} vs ${expected}`).toBe(true);
      }
    });
  }
});

describe("Clopper-Pearson against R's qbeta", () => {
  it.each(fixture.clopperPearson)("$successes of $samples at $confidence %", async (c) => {
    const b = await clopperPearson(c.samples, c.successes, c.confidence);
    expect(isClose(b.lower, c.lower, { rtol: 1e-10, floor: 1e-300 })).toBe(true);
    expect(isClose(b.upper, c.upper, { rtol: 1e-10 })).toBe(true);
  });
});

describe("operating characteristic against R's pbinom and ppois", () => {
  it("binomial plans", async () => {
    for (const p of fixture.oc.filter((o) => o.kind === "binomial")) {
      const plan = await designTest({
        planner: "nonparametric-binomial",
        samples: p.samples as number,
        failures: p.failures as number,
        reliability: p.reliability as number,
        solve: "confidence",
      });
      // The curve's points are P(pass | true R); the one at the plan's own R is pAcceptAtGoal.
      expect(isClose(plan.details.pAcceptAtGoal, p.pAccept as number, { rtol: 1e-12 })).toBe(true);
      expect(plan.oc?.pAccept[0]).toBe(1);
      expect(plan.oc?.pAccept.at(-1)).toBeCloseTo(0.001, 10);
    }
  });
  it("Poisson plans", async () => {
    for (const p of fixture.oc.filter((o) => o.kind === "poisson")) {
      const plan = await designTest({
        planner: "exponential-chi-squared",
        testTime: p.exposure as number,
        failures: p.failures as number,
        mttf: p.mttf as number,
        solve: "confidence",
      });
      expect(isClose(plan.details.pAcceptAtGoal, p.pAccept as number, { rtol: 1e-12 })).toBe(true);
    }
  });
});
