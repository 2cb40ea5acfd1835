// The growth kernels against R recomputations (tests/fixtures/growth/growth.R, to 1e-9) and the published
// examples (published.json, to the digits printed).
import { describe, expect, it } from "vitest";
import { poolIntervals } from "../../../src/kernels/growth/crow-amsaa.ts";
import { crowTimeTerminatedCoefficients } from "../../../src/kernels/growth/numeric.ts";
import {
  type CrowAmsaaFit,
  fitCrowAmsaa,
  fitCrowAmsaaCurve,
  fitDuaneModel,
  GrowthInputError,
  type GrowthSided,
  type Interval,
  idealizedAlpha,
  idealizedInitialMtbf,
  idealizedInitialTime,
  idealizedMtbf,
  idealizedSteps,
  idealizedTotalTime,
  type ModeFailure,
  pm2Mtbf,
  pm2Plan,
  pm2Steps,
  projectCrowExtended,
  trackGrowth,
} from "../../../src/kernels/growth.ts";
import { fixtureNumber, isClose, readFixture } from "../../helpers/accuracy.ts";

// biome-ignore lint/suspicious/noExplicitAny: fixture JSON
type Json = any;
const R: Json = readFixture("growth/growth.json");
const P: Json = readFixture("growth/published.json");
const TT: Json = readFixture("growth/crow-time-terminated.json");
const RTOL = { rtol: 1e-9 };

function close(label: string, actual: number, expected: unknown, tol = RTOL) {
  const e = fixtureNumber(expected);
  expect(isClose(actual, e, tol), `${label}: got ${actual}, expected ${e}`).toBe(true);
}
function closeInterval(label: string, actual: Interval, expected: Json, sided: GrowthSided) {
  if (sided !== "upper") close(`${label}.lower`, actual.lower, expected.lower);
  else expect(actual.lower).toBe(0);
  if (sided !== "lower") close(`${label}.upper`, actual.upper, expected.upper);
  else expect(actual.upper).toBe(Number.POSITIVE_INFINITY);
}

async function fitCase(c: Json, bounds: "crow" | "fisher"): Promise<CrowAmsaaFit> {
  return fitCrowAmsaa(
    { kind: "individual", times: c.times, termination: c.termination, ends: [c.end] },
    {
      confidence: c.confidence,
      sided: c.sided,
      bounds,
      target: c.target === "NaN" ? undefined : c.target,
    },
  );
}

describe("Crow's time-terminated instantaneous MTBF coefficients, against mpmath at 50 digits", () => {
  // crow-time-terminated.py sums the conditional count distribution against its Bessel-function total.
  for (const c of TT.cases as Json[]) {
    it(`n = ${c.n}, ${c.confidence}`, () => {
      const [lower, upper] = crowTimeTerminatedCoefficients(c.n, c.pLow, c.pHigh);
      close("lower", lower, Number(c.lower), { rtol: TT.rtol });
      if (c.upper === "Infinity") expect(upper).toBe(Number.POSITIVE_INFINITY);
      else close("upper", upper, Number(c.upper), { rtol: TT.rtol });
    });
  }
});

describe("Crow-AMSAA on individual times, against R", () => {
  for (const name of ["exampleA", "exampleA95lower", "exampleB", "exampleB80upper", "smallTT"]) {
    it(name, async () => {
      const c = R[name];
      for (const method of ["crow", "fisher"] as const) {
        const fit = await fitCase(c, method);
        for (const key of [
          "beta",
          "lambda",
          "betaUnbiased",
          "cumulativeMtbf",
          "instantaneousMtbf",
          "intensity",
        ])
          close(key, fit[key as keyof CrowAmsaaFit] as number, c[key]);
        expect(fit.bounds.method).toBe(method);
        for (const [key, interval] of Object.entries(c[method]))
          closeInterval(`${method}.${key}`, fit.bounds[key as "beta"], interval, c.sided);
        close("cvm", fit.goodnessOfFit?.statistic ?? Number.NaN, c.cvm);
        expect(fit.goodnessOfFit?.df).toBe(c.cvmM);
        close("trend", fit.trend?.statistic ?? Number.NaN, c.trend.statistic);
        close("trend p", fit.trend?.pValue ?? Number.NaN, c.trend.pValue);
        if (c.timeToTarget) {
          close("t cumulative", fit.timeToTarget?.cumulative ?? Number.NaN, c.timeToTarget.cumulative);
          close(
            "t instantaneous",
            fit.timeToTarget?.instantaneous ?? Number.NaN,
            c.timeToTarget.instantaneous,
          );
        }
      }
    });
  }

  it("the goodness of fit reads MIL-HDBK-189's table and the trend test says growth", async () => {
    const a = await fitCase(R.exampleA, "crow");
    // M = 21 takes the row for 20: 0.172 at significance 0.10.
    expect(a.goodnessOfFit).toMatchObject({ critical: 0.172, pass: true, test: "cramerVonMises" });
    expect(a.trend?.conclusion).toBe("growth");
    const b = await fitCrowAmsaa(
      { kind: "individual", times: R.exampleB.times, termination: "time", ends: [3000] },
      { confidence: 90, sided: "two", bounds: "crow", significance: 0.05 },
    );
    // M = 46 takes the row for 30: 0.218 at 0.05.
    expect(b.goodnessOfFit?.critical).toBe(0.218);
  });
});

describe("the MTBF curves with their bounds over time, against R", () => {
  // growth.R: 5 times evenly spaced in log time to T; Fisher by the delta method at each time with R's own
  // covariance (numerical Hessian), Crow's bounds at T carried at their ratio to the estimate.
  for (const name of ["exampleA", "exampleB"]) {
    for (const method of ["crow", "fisher"] as const) {
      it(`${name}, ${method}`, async () => {
        const c = R[name];
        const { fit, curve } = await fitCrowAmsaaCurve(
          { kind: "individual", times: c.times, termination: c.termination, ends: [c.end] },
          { confidence: c.confidence, sided: c.sided, bounds: method },
          5,
        );
        expect(curve).toHaveLength(5);
        const key = (what: string, side: string) => `${method}${what}${side}`;
        curve.forEach((p, i) => {
          close(`time ${i}`, p.time, c.curve.times[i]);
          close(`cumulative ${i}`, p.cumulativeMtbf, p.time ** (1 - c.beta) / c.lambda);
          for (const [what, bound] of [
            ["Cumulative", p.cumulative],
            ["Instantaneous", p.instantaneous],
          ] as const) {
            close(`${what} lower ${i}`, bound.lower, c.curve[key(what, "Lower")][i]);
            close(`${what} upper ${i}`, bound.upper, c.curve[key(what, "Upper")][i]);
          }
          expect(p.cumulative.lower).toBeLessThan(p.cumulativeMtbf);
          expect(p.instantaneous.upper).toBeGreaterThan(p.instantaneousMtbf);
        });
        // At the end of test the curve is the fit's own numbers, bit for bit.
        const last = curve[4];
        expect(last.time).toBe(fit.time);
        expect(last.cumulative).toEqual(fit.bounds.cumulativeMtbf);
        expect(last.instantaneous).toEqual(fit.bounds.instantaneousMtbf);
        expect(last.instantaneousMtbf).toBe(fit.instantaneousMtbf);
      });
    }
  }

  it("grouped data: Fisher bounds at each interval's scale, meeting the fit's at the last end", async () => {
    const c = R.helicopter;
    const { fit, curve } = await fitCrowAmsaaCurve(
      { kind: "grouped", ends: c.ends, counts: c.counts },
      { confidence: 90, sided: "two", bounds: "fisher" },
      7,
    );
    expect(curve[6].time).toBe(c.ends[c.ends.length - 1]);
    expect(curve[6].cumulative).toEqual(fit.bounds.cumulativeMtbf);
    expect(curve[0].time).toBe(c.ends[0]);
    for (const p of curve) expect(p.instantaneous.lower).toBeLessThan(p.instantaneousMtbf);
  });
});

describe("several prototypes, against R", () => {
  for (const name of ["prototypesDifferent", "prototypesEqual"]) {
    it(name, async () => {
      const c = R[name];
      const fit = await fitCrowAmsaa(
        { kind: "individual", times: c.times, prototype: c.prototype, termination: "time", ends: c.ends },
        { confidence: c.confidence, sided: "two", bounds: "fisher" },
      );
      close("beta", fit.beta, c.beta);
      close("lambda", fit.lambda, c.lambda);
      close("instantaneousMtbf", fit.instantaneousMtbf, c.instantaneousMtbf);
      closeInterval("beta", fit.bounds.beta, c.fisherBeta, "two");
      closeInterval("mtbf", fit.bounds.instantaneousMtbf, c.fisherInstantaneousMtbf, "two");
      expect(fit.prototypes).toBe(2);
    });
  }

  it("asking for Crow bounds on several prototypes answers Fisher bounds and says so", async () => {
    const c = R.prototypesDifferent;
    const fit = await fitCrowAmsaa(
      { kind: "individual", times: c.times, prototype: c.prototype, termination: "time", ends: c.ends },
      { confidence: 90, sided: "two", bounds: "crow" },
    );
    expect(fit.bounds.method).toBe("fisher");
  });
});

describe("grouped data, against R", () => {
  for (const name of ["helicopter", "milhdbkExample3", "helicopterEmptyInterval"]) {
    it(name, async () => {
      const c = R[name];
      const fit = await fitCrowAmsaa(
        { kind: "grouped", ends: c.ends, counts: c.counts },
        { confidence: c.confidence, sided: "two", bounds: "fisher" },
      );
      for (const key of ["beta", "lambda", "cumulativeMtbf", "instantaneousMtbf"])
        close(key, fit[key as "beta"], c[key]);
      closeInterval("beta", fit.bounds.beta, c.fisherBeta, "two");
      // The chi-squared statistic of the unpooled intervals is R's; the test pools to expected counts >= 5.
      const expected = c.expected as number[];
      const unpooled = c.counts.reduce(
        (s: number, n: number, i: number) => s + (n - expected[i]) ** 2 / expected[i],
        0,
      );
      close("chi-squared", unpooled, c.chiSquaredUnpooled);
      const pooled = poolIntervals(c.counts, expected);
      let stat = 0;
      for (let i = 0; i < pooled.observed.length; i++)
        stat += (pooled.observed[i] - pooled.expected[i]) ** 2 / pooled.expected[i];
      close("pooled", fit.goodnessOfFit?.statistic ?? Number.NaN, stat, { rtol: 1e-12 });
      expect(fit.goodnessOfFit?.df).toBe(pooled.observed.length - 2);
      expect(pooled.expected.every((e) => e >= 5)).toBe(true);
    });
  }

  it("an interval without failures is an interval of its own: merging it into the next changes the fit", async () => {
    const split = R.helicopterEmptyInterval;
    expect(split.counts).toContain(0);
    const options = { confidence: 90, sided: "two", bounds: "fisher" } as const;
    const fit = await fitCrowAmsaa({ kind: "grouped", ends: split.ends, counts: split.counts }, options);
    // The same test with (100, 150] joined to (150, 187]: the helicopter data, a coarser grouping.
    const merged = await fitCrowAmsaa(
      { kind: "grouped", ends: R.helicopter.ends, counts: R.helicopter.counts },
      options,
    );
    close("merged beta", merged.beta, R.helicopter.beta);
    expect(Math.abs(fit.beta - merged.beta)).toBeGreaterThan(0.03);
    expect(fit.failures).toBe(merged.failures);
    // The empty interval's expected count (7.3) is at least 5, so it is a chi-squared cell of its own:
    // observed 0 there, where the merged data have one cell of 15.
    const pooled = poolIntervals(split.counts, split.expected);
    expect(pooled.observed.slice(0, 4)).toEqual([12, 6, 0, 15]);
    expect(fit.goodnessOfFit?.df).toBe(pooled.observed.length - 2);
    expect(fit.goodnessOfFit?.df).toBeGreaterThan(merged.goodnessOfFit?.df ?? Number.NaN);
  });

  it("the helicopter's chi-squared matches the notes' recomputation (0.688, unpooled, df 4)", () => {
    expect(R.helicopter.chiSquaredUnpooled).toBeCloseTo(0.688, 3);
  });
});

describe("published examples, to their printed digits", () => {
  it("ReliaWiki example (failure-terminated)", async () => {
    const fit = await fitCase(R.exampleA, "fisher");
    const values: Record<string, number> = {
      ...(fit as unknown as Record<string, number>),
      timeToTargetCumulative: fit.timeToTarget?.cumulative ?? Number.NaN,
    };
    for (const [key, value, atol] of P.exampleA.values)
      expect(isClose(values[key], value, { rtol: 0, atol }), `${key} ${values[key]}`).toBe(true);
  });

  it("MIL-HDBK-189 Example 1 (time-terminated)", async () => {
    const fit = await fitCase(R.exampleB, "crow");
    expect(isClose(fit.beta, P.exampleB.values[0][1], { rtol: 0, atol: P.exampleB.values[0][2] })).toBe(true);
  });

  it("helicopter grouped data", async () => {
    const fit = await fitCrowAmsaa(
      { kind: "grouped", ends: R.helicopter.ends, counts: R.helicopter.counts },
      { confidence: 90, sided: "two", bounds: "fisher" },
    );
    for (const [key, value, atol] of P.helicopter.values)
      expect(isClose(fit[key as "beta"], value, { rtol: 0, atol }), key).toBe(true);
  });

  it("Duane, reliability package Example 1", async () => {
    const fit = await fitDuaneModel(
      { kind: "individual", times: R.duaneA.times, termination: "failure" },
      { target: 35 },
    );
    const values: Record<string, number> = {
      ...(fit as unknown as Record<string, number>),
      A: 1 / fit.b,
      timeToTargetCumulative: fit.timeToTarget?.cumulative ?? Number.NaN,
    };
    for (const [key, value, atol] of P.duaneA.values)
      expect(isClose(values[key], value, { rtol: 0, atol }), `${key} ${values[key]}`).toBe(true);
    for (const key of ["alpha", "b", "cumulativeMtbf", "instantaneousMtbf", "rSquared"] as const)
      close(key, fit[key], R.duaneA[key]);
    close("timeToTarget", fit.timeToTarget?.cumulative ?? Number.NaN, R.duaneA.timeToTarget);
  });

  it("MIL-HDBK-189 idealized curve (RTK's vectors) and R", () => {
    const p = { initialMtbf: 50, initialTime: 1000, alpha: 0.23 };
    for (const [t, m] of P.idealized.mtbf)
      expect(isClose(idealizedMtbf(p, t), m, { rtol: 0, atol: P.idealized.mtbfAtol })).toBe(true);
    const steps = idealizedSteps(p, P.idealized.phaseEnds);
    steps.forEach((s, i) => {
      expect(
        isClose(s.failures, P.idealized.phaseFailures[i], { rtol: 0, atol: P.idealized.phaseFailuresAtol }),
      ).toBe(true);
      close("phase failures", s.failures, R.idealized.phaseFailures[i]);
      close("mtbf", s.idealizedEnd, R.idealized.mtbf[i]);
    });
    const check = (actual: number, [value, atol]: [number, number], r: number) => {
      expect(isClose(actual, value, { rtol: 0, atol })).toBe(true);
      close("inverse", actual, r);
    };
    check(
      idealizedInitialMtbf(110, 0.23, 10000, 1000),
      P.idealized.initialMtbfFor110,
      R.idealized.initialMtbfFor110,
    );
    check(idealizedTotalTime(p, 110), P.idealized.totalTimeFor110, R.idealized.totalTimeFor110);
    check(
      idealizedInitialTime(50, 110, 0.23, 10000),
      P.idealized.initialTimeFor110,
      R.idealized.initialTimeFor110,
    );
    check(idealizedAlpha(50, 110, 10000, 1000), P.idealized.alphaFor110, R.idealized.alphaFor110);
  });
});

describe("PM2 planning, against R", () => {
  const c = R.pm2;
  const inputs = {
    initialMtbf: c.initialMtbf,
    goalMtbf: c.goalMtbf,
    managementStrategy: c.managementStrategy,
    fixEffectiveness: c.fixEffectiveness,
    totalTime: c.totalTime,
  };
  it("beta solved from the goal, the curve, growth potential and expected modes", () => {
    const plan = pm2Plan(inputs);
    expect(plan.feasible).toBe(true);
    close("beta", plan.beta, c.beta);
    close("growthPotential", plan.growthPotential, c.growthPotential);
    close("expectedModes", plan.expectedModes, c.expectedModes);
    c.times.forEach((t: number, i: number) => {
      close(`M(${t})`, pm2Mtbf(inputs, plan.beta, t), c.mtbf[i]);
    });
  });
  it("a goal at or above the growth potential is infeasible", () => {
    const plan = pm2Plan({ ...inputs, goalMtbf: 150 });
    expect(plan.feasible).toBe(false);
    expect(plan.beta).toBeNaN();
  });
  it("the step curve holds M_I in phase 1 and M at the previous end less the lag after", () => {
    const plan = pm2Plan(inputs);
    const steps = pm2Steps(inputs, plan.beta, [2500, 5000, 10000], 500);
    expect(steps[0].mtbf).toBe(50);
    expect(steps[1].mtbf).toBe(pm2Mtbf(inputs, plan.beta, 2000));
    expect(steps[2].mtbf).toBe(pm2Mtbf(inputs, plan.beta, 4500));
  });
});

describe("Crow-Extended projection, against R", () => {
  const c = R.projection;
  const failures: ModeFailure[] = c.times.map((time: number, i: number) => ({
    time,
    mode: c.modes[i],
    classification: c.classes[i],
  }));
  it("with BC modes: the demonstrated intensity is Crow-AMSAA's", async () => {
    const fit = await fitCrowAmsaa(
      { kind: "individual", times: c.times, termination: "time", ends: [c.end] },
      { confidence: 90, sided: "two", bounds: "fisher" },
    );
    close("demonstrated", fit.intensity, c.demonstratedIntensity);
    const p = await projectCrowExtended({
      end: c.end,
      failures,
      effectiveness: c.effectiveness,
      demonstratedIntensity: fit.intensity,
    });
    expect(p.modesBD).toBe(c.modesBD);
    close("betaBD", p.betaBD, c.betaBD);
    close("mean d", p.meanEffectiveness, c.meanEffectiveness);
    close("projected", p.projectedMtbf, c.projectedMtbf);
    close("growth potential", p.growthPotentialMtbf, c.growthPotentialMtbf);
  });
  it("without BC modes: N_A / T + N_BD / T", async () => {
    const p = await projectCrowExtended({
      end: c.end,
      failures: failures.filter((f) => f.classification !== "BC"),
      effectiveness: c.effectiveness,
    });
    close("projected", p.projectedMtbf, c.withoutBC.projectedMtbf);
    close("growth potential", p.growthPotentialMtbf, c.withoutBC.growthPotentialMtbf);
    close("demonstrated", p.demonstratedMtbf, c.withoutBC.demonstratedMtbf);
  });
  it("refuses an effectiveness outside 0-1", async () => {
    await expect(
      projectCrowExtended({ end: 10, failures: failures.slice(0, 2), effectiveness: { m1: 1.2 } }),
    ).rejects.toThrow(GrowthInputError);
  });
});

describe("tracking against the plan, against R", () => {
  it("demonstrated MTBF at each phase end and the phases below plan", async () => {
    const c = R.tracking;
    const phases = c.ends.map((end: number, i: number) => ({ end, mtbf: c.planned[i] }));
    const tracked = await trackGrowth(
      { kind: "individual", times: R.exampleB.times, termination: "time", ends: [3000] },
      phases,
    );
    tracked.forEach((t, i) => {
      close("demonstrated", t.demonstrated, c.demonstrated[i]);
      expect(t.at).toBe(c.ends[i]);
      expect(t.belowPlan).toBe(c.demonstrated[i] < c.planned[i]);
    });
    expect(tracked.some((t) => t.belowPlan)).toBe(true);
    expect(tracked.some((t) => !t.belowPlan)).toBe(true);
  });

  // Each case: the time each phase's MTBF is given at, the MTBF (NaN: none) and the failures seen by then.
  function checkTracked(
    tracked: { at: number; demonstrated: number; failures: number; belowPlan: boolean }[],
    c: Json,
  ) {
    expect(tracked).toHaveLength(c.phaseEnds.length);
    tracked.forEach((t, i) => {
      close(`phase ${i + 1} at`, t.at, c.at[i]);
      close(`phase ${i + 1} demonstrated`, t.demonstrated, c.demonstrated[i]);
      expect(t.failures, `phase ${i + 1} failures`).toBe(c.failures[i]);
      expect(t.belowPlan).toBe(fixtureNumber(c.demonstrated[i]) < c.planned[i]);
    });
  }
  const phasesOf = (c: Json) => c.phaseEnds.map((end: number, i: number) => ({ end, mtbf: c.planned[i] }));

  it("a test that has not reached every phase end: given at the end of test, a phase after it not reached", async () => {
    const c = R.trackingCapped;
    const times = R.exampleB.times.filter((x: number) => x <= c.end);
    const tracked = await trackGrowth(
      { kind: "individual", times, termination: "time", ends: [c.end] },
      phasesOf(c),
    );
    checkTracked(tracked, c);
    // [500, 1500, 2000 (the end of test, phase to 3000), none (phase to 4000 starts after it)]
    expect(tracked.map((t) => t.at)).toEqual([500, 1500, 2000, Number.NaN]);
  });

  it("grouped data: the grouped fit of the intervals ended by each phase end, at the last of them", async () => {
    const c = R.trackingGrouped;
    const tracked = await trackGrowth({ kind: "grouped", ends: c.ends, counts: c.counts }, phasesOf(c));
    checkTracked(tracked, c);
    // Phase to 50: no interval ends in it; to 300: given at 210 (the interval (210, 350] is cut), below its
    // plan; to 800: no interval ends after 500.
    expect(tracked.map((t) => t.belowPlan)).toEqual([false, false, true, false, false]);
    // At the last interval end the tracked MTBF is the fit's own, bit for bit (one code path).
    const fit = await fitCrowAmsaa(
      { kind: "grouped", ends: c.ends, counts: c.counts },
      { confidence: 90, sided: "two", bounds: "fisher" },
    );
    expect(tracked[3].demonstrated).toBe(fit.instantaneousMtbf);
    close("against the helicopter fit", tracked[3].demonstrated, R.helicopter.instantaneousMtbf);
  });

  it("grouped data with an interval without failures: its own interval in each fit", async () => {
    const c = R.trackingGroupedEmptyInterval;
    const tracked = await trackGrowth({ kind: "grouped", ends: c.ends, counts: c.counts }, phasesOf(c));
    checkTracked(tracked, c);
    close("at the end, the fit's", tracked[2].demonstrated, R.helicopterEmptyInterval.instantaneousMtbf);
  });

  it("grouped data without an estimate by a phase end (every failure in the first interval): none there", async () => {
    const c = R.trackingGroupedNoEstimate;
    checkTracked(await trackGrowth({ kind: "grouped", ends: c.ends, counts: c.counts }, phasesOf(c)), c);
  });

  it("several prototypes: each known to min(its end, the phase end), the several-systems fit per system", async () => {
    const c = R.trackingPrototypes;
    const data = {
      kind: "individual",
      times: c.times,
      prototype: c.prototype,
      termination: "time",
      ends: c.ends,
    } as const;
    const tracked = await trackGrowth(data, phasesOf(c));
    checkTracked(tracked, c);
    // [1000 and 2000 (both prototypes running), 2700 (the second ended at 2400), 3000 (the end of test)]
    expect(tracked.map((t) => t.at)).toEqual([1000, 2000, 2700, 3000]);
    expect(tracked.map((t) => t.belowPlan)).toEqual([false, true, false, false]);
    // At the end of test, the fit's own instantaneous MTBF, bit for bit (one code path, systemsFit).
    const fit = await fitCrowAmsaa(data, { confidence: 90, sided: "two", bounds: "fisher" });
    expect(tracked[3].demonstrated).toBe(fit.instantaneousMtbf);
    close("against the fit's reference", tracked[3].demonstrated, R.prototypesDifferent.instantaneousMtbf);
  });

  it("several prototypes ending together: per system, the fit's value at the end, not one system's", async () => {
    const c = R.prototypesEqual;
    const data = {
      kind: "individual",
      times: c.times,
      prototype: c.prototype,
      termination: "time",
      ends: c.ends,
    } as const;
    const [early, last] = await trackGrowth(data, [
      { end: 1000, mtbf: 1 },
      { end: 3000, mtbf: 1 },
    ]);
    const fit = await fitCrowAmsaa(data, { confidence: 95, sided: "two", bounds: "fisher" });
    expect(last.demonstrated).toBe(fit.instantaneousMtbf);
    close("against R", last.demonstrated, c.instantaneousMtbf);
    // By 1000 both prototypes ran 1000: the fit of the failures by then with two ends at 1000.
    const seen = c.times.map((x: number) => x <= 1000);
    const partial = await fitCrowAmsaa(
      {
        kind: "individual",
        times: c.times.filter((_: number, i: number) => seen[i]),
        prototype: c.prototype.filter((_: number, i: number) => seen[i]),
        termination: "time",
        ends: [1000, 1000],
      },
      { confidence: 95, sided: "two", bounds: "fisher" },
    );
    expect(early.demonstrated).toBe(partial.instantaneousMtbf);
  });

  it("individual times at the end of test: the fit's instantaneous MTBF, bit for bit", async () => {
    const data = { kind: "individual", times: R.exampleB.times, termination: "time", ends: [3000] } as const;
    const [tracked] = await trackGrowth(data, [{ end: 3000, mtbf: 100 }]);
    const fit = await fitCrowAmsaa(data, { confidence: 90, sided: "two", bounds: "crow" });
    expect(tracked.demonstrated).toBe(fit.instantaneousMtbf);
  });
});

describe("bad input answers problems", () => {
  const options = { confidence: 90, sided: "two", bounds: "crow" } as const;
  const problems = async (data: Parameters<typeof fitCrowAmsaa>[0], o: Json = options) => {
    try {
      await fitCrowAmsaa(data, o);
    } catch (e) {
      if (e instanceof GrowthInputError) return e.problems.map((p) => p.key);
      throw e;
    }
    return [];
  };
  it("each rule", async () => {
    expect(await problems({ kind: "individual", times: [], termination: "failure" })).toEqual([
      "growthNoFailureRecords",
    ]);
    expect(await problems({ kind: "individual", times: [1, 2], termination: "failure" })).toEqual([
      "growth.tooFewFailures",
    ]);
    expect(await problems({ kind: "individual", times: [1, -2, 3], termination: "failure" })).toEqual([
      "growth.timeInvalid",
    ]);
    expect(await problems({ kind: "individual", times: [1, 2, 3], termination: "time" })).toEqual([
      "growth.endRequired",
    ]);
    expect(
      await problems({ kind: "individual", times: [1, 2, 30], termination: "time", ends: [20] }),
    ).toEqual(["growth.timeAfterEnd"]);
    expect(await problems({ kind: "individual", times: [5, 5], termination: "time", ends: [5] })).toEqual([
      "growth.timesAllAtEnd",
    ]);
    expect(
      await problems({
        kind: "individual",
        times: [1, 2, 3],
        prototype: [0, 1, 2],
        termination: "time",
        ends: [5, 5],
      }),
    ).toEqual(["growth.prototypeInvalid"]);
    expect(await problems({ kind: "grouped", ends: [10, 5], counts: [1, 1] })).toEqual([
      "growth.intervalOrder",
    ]);
    expect(await problems({ kind: "grouped", ends: [10, 20], counts: [0, 0] })).toEqual([
      "growthNoFailureRecords",
    ]);
    expect(await problems({ kind: "grouped", ends: [10, 20], counts: [1.5, 0] })).toEqual([
      "growth.countInvalid",
    ]);
    // Every failure in the first interval or every one in the last: the likelihood has no maximum.
    for (const counts of [
      [5, 0],
      [3, 0, 0],
      [0, 5],
      [0, 0, 4],
    ])
      expect(await problems({ kind: "grouped", ends: [10, 20, 30].slice(0, counts.length), counts })).toEqual(
        ["growth.groupedNoEstimate"],
      );
    expect(
      await problems(
        { kind: "individual", times: [1, 2, 3], termination: "failure" },
        { ...options, confidence: 100 },
      ),
    ).toEqual(["ciAnalysisRange"]);
    expect(
      await problems(
        { kind: "individual", times: [1, 2, 3], termination: "failure" },
        { ...options, significance: 0.3 },
      ),
    ).toEqual(["growth.significanceInvalid"]);
    const many = { kind: "individual", times: new Array(200_001).fill(1), termination: "failure" } as const;
    expect(await problems(many)).toEqual(["growth.tooManyFailures"]);
  });

  it("200,000 failures (the import limit), failure-terminated and all at one time, are checked without overflow", async () => {
    const same = { kind: "individual", times: new Array(200_000).fill(7), termination: "failure" } as const;
    expect(await problems(same)).toEqual(["growth.timesAllAtEnd"]);
  });
});
