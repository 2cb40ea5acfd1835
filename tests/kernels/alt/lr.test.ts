// Likelihood-ratio bounds of ALT fits against R's survival::survreg profile likelihoods
// (tests/fixtures/alt/lr-alt.R: every profile a survreg fit with the constraint substituted, roots by uniroot):
// the relationship's parameters and the shape, and at the use stress B10, the mean life, R(t), the failure rate
// h(t) and the acceleration factor over the first level (normal: the ratio of mean lives), and the acceleration
// factor between two stresses that are neither (AltOptions.afBetween), at 90, 95 and 99 % two-sided;
// the normal distribution's coefficients and covariance (survreg dist = "gaussian") too. Bounds to 1e-8 relative (worst seen
// 3e-11; the reference's profiles carry optimize's and survreg's tolerances); the point estimates to 1e-7.
import { describe, expect, it } from "vitest";
import {
  type AltDistribution,
  type AltRelationship,
  fitAlt,
  relationshipParameters,
} from "../../../src/kernels/alt.ts";
import { Comparison, readFixture } from "../../helpers/accuracy.ts";

type Pair = [number, number];
interface LrCase {
  id: string;
  relationship: AltRelationship;
  /** survreg's name: "gaussian" is our "normal" (of t itself). */
  distribution: AltDistribution | "gaussian";
  confidence: number;
  use: number[];
  data: { end: number[]; start: Array<number | null>; state: number[]; stress: number[][] };
  expected: {
    coefficients: number[];
    s: number;
    logLikelihood: number;
    covariance: number[];
    coefficientBounds: Pair[];
    sBounds: Pair | null;
    b10: number;
    b10Bounds: Pair;
    meanLife: number;
    meanLifeBounds: Pair;
    reliabilityTime: number;
    reliabilityBounds: Pair;
    accelerationFactor: number;
    accelerationFactorBounds: Pair;
    hazard: number;
    hazardBounds: Pair;
    afBetween: { from: number[]; to: number[]; value: number; bounds: Pair };
  };
}

const fixture = readFixture<{ r: string; survival: string; cases: LrCase[] }>("alt/lr-alt.json");

describe(`ALT likelihood-ratio bounds against survreg profiles (${fixture.r}, survival ${fixture.survival})`, () => {
  const totals = new Comparison("LR bounds (rtol 1e-8)");
  for (const c of fixture.cases) {
    const distribution: AltDistribution = c.distribution === "gaussian" ? "normal" : c.distribution;
    it(c.id, async () => {
      const e = c.expected;
      const options = {
        relationship: c.relationship,
        distribution,
        temperatureUnit: "c" as const,
        use: [c.use],
        confidence: c.confidence,
        at: [e.reliabilityTime],
        bLives: [10],
        shapeTest: false,
        afBetween: [{ from: c.expected.afBetween.from, to: c.expected.afBetween.to }],
      };
      const columns = {
        end: Float64Array.from(c.data.end),
        start: Float64Array.from(c.data.start, (v) => (v === null ? Number.NaN : v)),
        state: Int32Array.from(c.data.state),
        stress: c.data.stress.map((s) => Float64Array.from(s)),
      };
      const fit = await fitAlt(columns, { ...options, bounds: "lr" });
      expect(fit.boundsType).toBe("lr");
      expect(fit.converged).toBe(true);
      const cmp = new Comparison(c.id);
      cmp.close(`${c.id} logLikelihood`, fit.logLikelihood, e.logLikelihood, 1e-7, 1e-3);
      for (const [i, v] of e.coefficients.entries())
        cmp.close(`${c.id} b${i}`, fit.coefficients[i], v, 1e-7, 1e-3);
      const n = fit.coefficientCovariance.length;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++)
          cmp.close(
            `${c.id} cov[${i},${j}]`,
            fit.coefficientCovariance[i][j],
            e.covariance[j * n + i],
            1e-6,
            Math.sqrt(e.covariance[i * n + i] * e.covariance[j * n + j]),
          );
      // Each named parameter is a monotone function of one coefficient (or of s): R's coefficient bounds
      // mapped through the same naming.
      const mapped = (i: number, w: number, name: string) => {
        const t = [...e.coefficients, e.s];
        t[i] = w;
        const n = e.coefficients.length;
        return relationshipParameters(c.relationship, distribution, t.slice(0, n), t[n]).find(
          (q) => q.name === name,
        )?.value as number;
      };
      const named = relationshipParameters(c.relationship, distribution, e.coefficients, e.s);
      for (const q of named) {
        const i = q.gradient.findIndex((d) => d !== 0);
        const pair = i < e.coefficients.length ? e.coefficientBounds[i] : (e.sBounds as Pair);
        const [x, y] = [mapped(i, pair[0], q.name), mapped(i, pair[1], q.name)];
        cmp.close(`${c.id} ${q.name} lower`, fit.bounds[q.name].lower, Math.min(x, y), 1e-8);
        cmp.close(`${c.id} ${q.name} upper`, fit.bounds[q.name].upper, Math.max(x, y), 1e-8);
      }
      const use = fit.useLevel[0];
      const pair = (label: string, got: { lower: number | null; upper: number | null }, want: Pair) => {
        cmp.close(`${c.id} ${label} lower`, got.lower, want[0], 1e-8);
        cmp.close(`${c.id} ${label} upper`, got.upper, want[1], 1e-8);
      };
      cmp.close(`${c.id} B10`, use.bLives[0].time, e.b10, 1e-7);
      pair("B10", use.bLives[0], e.b10Bounds);
      cmp.close(`${c.id} mean life`, use.meanLife.value, e.meanLife, 1e-7);
      pair("mean life", use.meanLife, e.meanLifeBounds);
      pair("R(t)", use.at[0], e.reliabilityBounds);
      cmp.close(`${c.id} AF`, fit.accelerationFactors[0].value, e.accelerationFactor, 1e-7);
      pair("AF", fit.accelerationFactors[0], e.accelerationFactorBounds);
      cmp.close(`${c.id} h(t)`, use.at[0].hazard.value, e.hazard, 1e-7);
      pair("h(t)", use.at[0].hazard, e.hazardBounds);
      cmp.close(`${c.id} AF between`, fit.afBetween[0].value, e.afBetween.value, 1e-7);
      pair("AF between", fit.afBetween[0], e.afBetween.bounds);
      totals.add(cmp);
      cmp.check();
      // LR intervals are not Fisher's: the two differ on these small sets (the check cannot pass by accident).
      const fisher = await fitAlt(columns, options);
      expect(fisher.boundsType).toBe("fisher");
      expect(Math.abs((fisher.useLevel[0].bLives[0].lower as number) / e.b10Bounds[0] - 1)).toBeGreaterThan(
        1e-4,
      );
      expect(
        Math.abs((fisher.useLevel[0].at[0].hazard.upper as number) / e.hazardBounds[1] - 1),
      ).toBeGreaterThan(1e-4);
      // The normal's ratio of means is nearly linear in b: its Fisher and LR bounds differ by ~1e-5, still 1000
      // times the tolerance above.
      expect(Math.abs((fisher.afBetween[0].upper as number) / e.afBetween.bounds[1] - 1)).toBeGreaterThan(
        1e-6,
      );
    });
  }
  it("one-sided bounds are the two-sided ones at twice the tail", async () => {
    const c = fixture.cases[0];
    const columns = {
      end: Float64Array.from(c.data.end),
      state: Int32Array.from(c.data.state),
      stress: c.data.stress.map((s) => Float64Array.from(s)),
    };
    const base = {
      relationship: c.relationship,
      distribution: c.distribution as AltDistribution,
      use: [c.use],
      bounds: "lr" as const,
    };
    const two = await fitAlt(columns, { ...base, confidence: 80, shapeTest: false });
    const lower = await fitAlt(columns, { ...base, confidence: 90, sided: "lower", shapeTest: false });
    const upper = await fitAlt(columns, { ...base, confidence: 90, sided: "upper", shapeTest: false });
    const b10 = (f: typeof two) => f.useLevel[0].bLives[0];
    expect(b10(lower).upper).toBeNull();
    expect(b10(upper).lower).toBeNull();
    expect(Math.abs((b10(lower).lower as number) / (b10(two).lower as number) - 1)).toBeLessThan(1e-9);
    expect(Math.abs((b10(upper).upper as number) / (b10(two).upper as number) - 1)).toBeLessThan(1e-9);
  });
  it("summary", () => {
    console.info(totals.summary());
  });
});
