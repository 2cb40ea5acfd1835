// The parts of a fit the screens draw: plotting positions, curves with bounds for every distribution, the
// likelihood-ratio contour (whose extremes are the LR parameter bounds) and the bands it gives.
import { describe, expect, it } from "vitest";
import { rightCensored } from "../../../bench/life-samples.ts";
import { fitLife, LIFE_DISTRIBUTIONS, type LifeColumns } from "../../../src/kernels/life.ts";

function sample(): LifeColumns {
  let s = 99;
  const u = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
  const n = 80;
  const end = new Float64Array(n);
  const state = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i % 3 === 0 ? 20 * (-Math.log(u())) ** (1 / 3) : 60 * (-Math.log(u())) ** (1 / 2.5);
    end[i] = Math.min(t, 90);
    state[i] = t < 90 ? 1 : 0;
  }
  return { end, state };
}

describe("fit results for the plots", () => {
  const columns = sample();
  for (const distribution of LIFE_DISTRIBUTIONS) {
    it(`${distribution}: curves ordered and in range, positions sorted`, async () => {
      const fit = await fitLife(columns, { distribution, beta: 2, curvePoints: 51 });
      const c = fit.curves;
      if (!c) throw new Error("no curves");
      expect(c.time.length).toBe(51);
      for (let i = 0; i < c.time.length; i++) {
        expect(c.reliability[i] + c.unreliability[i]).toBeCloseTo(1, 12);
        expect(c.reliabilityLower[i]).toBeLessThanOrEqual(c.reliability[i] + 1e-12);
        expect(c.reliabilityUpper[i]).toBeGreaterThanOrEqual(c.reliability[i] - 1e-12);
        expect(c.reliabilityLower[i]).toBeGreaterThanOrEqual(0);
        expect(c.reliabilityUpper[i]).toBeLessThanOrEqual(1);
        expect(c.pdf[i]).toBeGreaterThanOrEqual(0);
        expect(c.failureRate[i]).toBeGreaterThanOrEqual(0);
        if (i > 0) {
          expect(c.time[i]).toBeGreaterThan(c.time[i - 1]);
          expect(c.reliability[i]).toBeLessThanOrEqual(c.reliability[i - 1] + 1e-15);
        }
      }
      for (let i = 0; i < c.quantileProbability.length; i++) {
        expect(c.quantileTimeLower[i]).toBeLessThanOrEqual(c.quantileTime[i]);
        expect(c.quantileTimeUpper[i]).toBeGreaterThanOrEqual(c.quantileTime[i]);
      }
      const p = fit.positions;
      if (!p) throw new Error("no positions");
      expect(p.time.length).toBe(fit.counts.failures);
      for (let i = 1; i < p.time.length; i++) {
        expect(p.time[i]).toBeGreaterThanOrEqual(p.time[i - 1]);
        expect(p.probability[i]).toBeGreaterThan(p.probability[i - 1]);
      }
      expect(Number.isFinite(fit.aic)).toBe(true);
    });
  }

  it("the LR contour's extremes equal the LR parameter bounds, and the LR bands contain the fitted curve", async () => {
    const fit = await fitLife(columns, {
      distribution: "weibull2p",
      bounds: "lr",
      contourPoints: 720,
      curvePoints: 21,
    });
    const contour = fit.contour;
    if (!contour) throw new Error("no contour");
    expect(contour.parameters).toEqual(["beta", "eta"]);
    const { beta, eta } = fit.bounds.parameters;
    // The contour is traced on 720 rays: its extremes match the profile bounds to the ray spacing.
    expect(Math.min(...contour.x) / (beta.lower as number)).toBeCloseTo(1, 3);
    expect(Math.max(...contour.x) / (beta.upper as number)).toBeCloseTo(1, 3);
    expect(Math.min(...contour.y) / (eta.lower as number)).toBeCloseTo(1, 3);
    expect(Math.max(...contour.y) / (eta.upper as number)).toBeCloseTo(1, 3);
    const c = fit.curves;
    if (!c) throw new Error("no curves");
    expect(c.boundsType).toBe("lr");
    for (let i = 0; i < c.time.length; i++) {
      expect(c.reliabilityLower[i]).toBeLessThanOrEqual(c.reliability[i]);
      expect(c.reliabilityUpper[i]).toBeGreaterThanOrEqual(c.reliability[i]);
    }
  });

  /** Weibull log-likelihood on the time scale, written out here: sum of log f at failures and log R at suspensions. */
  function weibullLogLikelihood(cols: LifeColumns, beta: number, eta: number): number {
    const state = cols.state as Int32Array;
    let ll = 0;
    for (let i = 0; i < cols.end.length; i++) {
      const z = cols.end[i] / eta;
      const h = z ** beta;
      ll += state[i] === 1 ? Math.log(beta / eta) + (beta - 1) * Math.log(z) - h : -h;
    }
    return ll;
  }

  /** Weibull profile log-likelihood over eta at a fixed beta, closed form: eta^beta = sum t^beta / failures. */
  function weibullProfileOverEta(cols: LifeColumns, beta: number): number {
    const state = cols.state as Int32Array;
    let failures = 0;
    let sumPow = 0;
    let sumLog = 0;
    for (let i = 0; i < cols.end.length; i++) {
      sumPow += cols.end[i] ** beta;
      if (state[i] === 1) {
        failures++;
        sumLog += Math.log(cols.end[i]);
      }
    }
    const lnEta = Math.log(sumPow / failures) / beta;
    return failures * Math.log(beta) - failures * beta * lnEta + (beta - 1) * sumLog - failures;
  }

  for (const [label, cols] of [
    ["80 rows", columns],
    ["50,000 rows", rightCensored(50_000, 5)],
  ] as const) {
    it(`LR bounds on beta: the profile log-likelihood there is on the level, ${label}`, async () => {
      const fit = await fitLife(cols, {
        distribution: "weibull2p",
        bounds: "lr",
        confidence: 90,
        curvePoints: 0,
      });
      const level = fit.logLikelihood - 1.6448536269514722 ** 2 / 2;
      const { lower, upper } = fit.bounds.parameters.beta;
      for (const beta of [lower as number, upper as number]) {
        const gap = Math.abs(weibullProfileOverEta(cols, beta) - level);
        expect(gap, `beta ${beta}`).toBeLessThan(1e-13 * Math.abs(level));
      }
    });
  }

  for (const [label, cols] of [
    ["80 rows", columns],
    ["50,000 rows", rightCensored(50_000, 5)],
  ] as const) {
    it(`every LR contour point lies on the level, ${label} (the root on each ray is found to the rounding of the sum)`, async () => {
      const fit = await fitLife(cols, {
        distribution: "weibull2p",
        contour: true,
        confidence: 90,
        curvePoints: 0,
      });
      const contour = fit.contour;
      if (!contour) throw new Error("no contour");
      expect(contour.x.length).toBe(120);
      let worst = 0;
      for (let i = 0; i < contour.x.length; i++) {
        const ll = weibullLogLikelihood(cols, contour.x[i], contour.y[i]);
        worst = Math.max(worst, Math.abs(ll - contour.logLikelihoodLevel));
      }
      // chi2(0.9; 1)/2 = 1.35 below the maximum; reached to within 1e-13 of |LL| (the sums' own rounding)
      expect(worst).toBeLessThan(1e-13 * Math.abs(contour.logLikelihoodLevel));
    });
  }
});
