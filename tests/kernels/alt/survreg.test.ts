// Joint ALT MLE against R's survival::survreg with the transformed stresses as covariates
// (tests/fixtures/alt/survreg-alt.R): every relationship with Weibull, lognormal and exponential lives on
// complete, right-censored and interval (with left-censored) data. Coefficients, log(scale), log-likelihood
// use-level location and lives and the acceleration factor to 1e-7 relative; the covariance (relative to
// sqrt(V_ii V_jj)), Fisher bounds and the common-shape likelihood-ratio test to 1e-6; the use-level hazard h(t)
// and its bounds (delta method on ln h) to 1e-8.
import { describe, expect, it } from "vitest";
import {
  type AltDistribution,
  type AltRelationship,
  fitAlt,
  type StressTransform,
} from "../../../src/kernels/alt.ts";
import { Comparison, readFixture } from "../../helpers/accuracy.ts";

interface AltCase {
  id: string;
  relationship: AltRelationship;
  distribution: AltDistribution;
  transforms: StressTransform[] | null;
  use: number[];
  data: {
    end: number[];
    start: Array<number | null>;
    state: number[];
    quantity: number[];
    stress: number[][];
  };
  expected: {
    coefficients: number[];
    s: number;
    logLikelihood: number;
    covariance: number[];
    muUse: number;
    b10: { value: number; lower: number; upper: number };
    reliability: { time: number; value: number; lower: number; upper: number };
    hazard: { time: number; value: number; lower: number; upper: number };
    accelerationFactor: { value: number; lower: number; upper: number };
    commonShape: { statistic: number; df: number; pValue: number; logLikelihoodSeparate: number } | null;
  };
}

const fixture = readFixture<{ r: string; survival: string; cases: AltCase[] }>("alt/survreg-alt.json");

function altColumns(data: AltCase["data"]) {
  return {
    end: Float64Array.from(data.end),
    start: Float64Array.from(data.start, (v) => (v === null ? Number.NaN : v)),
    state: Int32Array.from(data.state),
    quantity: Float64Array.from(data.quantity),
    stress: data.stress.map((c) => Float64Array.from(c)),
  };
}

describe(`ALT joint MLE against survreg (${fixture.r}, survival ${fixture.survival})`, () => {
  const totals = new Comparison("coefficients, s, log-likelihood, use-level life (rtol 1e-7)");
  const totalBounds = new Comparison("covariance and Fisher bounds (rtol 1e-6)");
  const totalHazard = new Comparison("use-level hazard and its bounds (rtol 1e-8)");
  for (const c of fixture.cases) {
    it(c.id, async () => {
      const fit = await fitAlt(altColumns(c.data), {
        relationship: c.relationship,
        distribution: c.distribution,
        transforms: c.transforms ?? undefined,
        temperatureUnit: "c",
        use: [c.use],
        confidence: 90,
        at: [c.expected.reliability.time],
        bLives: [10],
      });
      const e = c.expected;
      const tight = new Comparison(c.id);
      for (const [i, v] of e.coefficients.entries())
        tight.close(`${c.id} b${i}`, fit.coefficients[i], v, 1e-7, 1e-3);
      tight.close(`${c.id} s`, fit.s, e.s, 1e-7, 1e-3);
      tight.close(`${c.id} logLikelihood`, fit.logLikelihood, e.logLikelihood, 1e-7, 1e-3);
      const use = fit.useLevel[0];
      tight.close(`${c.id} muUse`, use.mu, e.muUse, 1e-7, 1e-3);
      tight.close(`${c.id} B10`, use.bLives[0].time, e.b10.value, 1e-7, 1e-3);
      tight.close(`${c.id} R(t)`, use.at[0].reliability, e.reliability.value, 1e-7, 1e-3);
      const loose = new Comparison(`${c.id} bounds`);
      const n = fit.coefficientCovariance.length;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++)
          // Relative to sqrt(V_ii V_jj): with complete normal data b and s are orthogonal and both sides' V_bs is noise.
          loose.close(
            `${c.id} cov[${i},${j}]`,
            fit.coefficientCovariance[i][j],
            e.covariance[j * n + i],
            1e-6,
            Math.sqrt(e.covariance[i * n + i] * e.covariance[j * n + j]),
          );
      loose.close(`${c.id} B10 lower`, use.bLives[0].lower as number, e.b10.lower, 1e-6, 1e-12);
      loose.close(`${c.id} B10 upper`, use.bLives[0].upper as number, e.b10.upper, 1e-6, 1e-12);
      loose.close(`${c.id} R lower`, use.at[0].lower as number, e.reliability.lower, 1e-6, 1e-12);
      loose.close(`${c.id} R upper`, use.at[0].upper as number, e.reliability.upper, 1e-6, 1e-12);
      // F(t) = 1 - R(t): R's fixture with its bounds swapped (F's lower is 1 - R's upper).
      const F = use.at[0].unreliability;
      tight.close(`${c.id} F(t)`, F.value, 1 - e.reliability.value, 1e-7, 1e-3);
      loose.close(`${c.id} F lower`, F.lower as number, 1 - e.reliability.upper, 1e-6, 1e-12);
      loose.close(`${c.id} F upper`, F.upper as number, 1 - e.reliability.lower, 1e-6, 1e-12);
      // The hazard at the same time (the fixture's time is R's): survreg's f / S, bounds by the delta method on ln h.
      expect(e.hazard.time).toBe(use.at[0].time);
      const h = use.at[0].hazard;
      const hazard = new Comparison(`${c.id} hazard`);
      hazard.close(`${c.id} h(t)`, h.value, e.hazard.value, 1e-8, 1e-300);
      hazard.close(`${c.id} h lower`, h.lower as number, e.hazard.lower, 1e-8, 1e-300);
      hazard.close(`${c.id} h upper`, h.upper as number, e.hazard.upper, 1e-8, 1e-300);
      const af = fit.accelerationFactors[0];
      tight.close(`${c.id} AF`, af.value, e.accelerationFactor.value, 1e-7, 1e-3);
      loose.close(`${c.id} AF lower`, af.lower as number, e.accelerationFactor.lower, 1e-6, 1e-12);
      loose.close(`${c.id} AF upper`, af.upper as number, e.accelerationFactor.upper, 1e-6, 1e-12);
      if (e.commonShape) {
        const t = fit.commonShape;
        expect(t?.df).toBe(e.commonShape.df);
        tight.close(
          `${c.id} LL separate shapes`,
          t?.logLikelihoodSeparate,
          e.commonShape.logLikelihoodSeparate,
          1e-7,
          1e-3,
        );
        // A difference of log-likelihoods: relative to the likelihoods' own size it is good to 1e-12.
        loose.close(`${c.id} common-shape statistic`, t?.statistic, e.commonShape.statistic, 1e-6, 1e-3);
        loose.close(`${c.id} common-shape p`, t?.pValue, e.commonShape.pValue, 1e-6, 1e-12);
      } else expect(fit.commonShape).toBeNull();
      totals.add(tight);
      totalBounds.add(loose);
      totalHazard.add(hazard);
      hazard.check();
      expect(fit.converged).toBe(true);
      tight.check();
      loose.check();
    });
  }
  it("summary", () => {
    console.info(totals.summary());
    console.info(totalHazard.summary());
    console.info(totalBounds.summary());
  });
});
