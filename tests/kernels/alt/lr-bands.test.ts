// The plots' likelihood-ratio bands of ALT fits (AltOptions.bounds "lr" with plots): the B10 line over the first
// stress, the acceleration factor of the use stress over each stress, and R(t) and the density f(t) at the use
// stress, against R's survival::survreg profile likelihoods at five of each band's points
// (tests/fixtures/alt/lr-alt.R, the cases with `bands`: Weibull, exponential, two stresses, the normal of t); and
// with the searches as they were before they were sped up (fitAltModel's `reference`: each band point on its own
// from the estimate, secant steps, every ln L a pass over the rows), each band point of the life line, the factor
// and R(t) is the fit's own LR bound of that quantity (the results' code path, asked at the band's stress or time;
// the results have no density), the points between NaN; the fast bands as drawn (each point's search started from
// its neighbours' ends, Newton steps on the signed root, the factor's from b_1's bound) are the reference's to
// far below the fixture's tolerance.
import { describe, expect, it } from "vitest";
import { bandIndices, fitAltModel, LR_BAND_POINTS } from "../../../src/kernels/alt/fit.ts";
import {
  type AltDistribution,
  type AltFit,
  type AltOptions,
  type AltRelationship,
  fitAlt,
} from "../../../src/kernels/alt.ts";
import { Comparison, readFixture } from "../../helpers/accuracy.ts";

interface BandPoint {
  index: number;
  stress?: number;
  time?: number;
  lower: number;
  upper: number;
}
interface BandCase {
  id: string;
  relationship: AltRelationship;
  distribution: AltDistribution | "gaussian";
  confidence: number;
  use: number[];
  data: { end: number[]; start: Array<number | null>; state: number[]; stress: number[][] };
  expected: {
    bands: {
      lifeLine: BandPoint[];
      acceleration: BandPoint[];
      reliability: BandPoint[];
      density: BandPoint[];
    } | null;
  };
}

const fixture = readFixture<{ r: string; survival: string; cases: BandCase[] }>("alt/lr-alt.json");
const cases = fixture.cases.filter((c) => c.expected.bands);

function setUp(c: BandCase) {
  const distribution: AltDistribution = c.distribution === "gaussian" ? "normal" : c.distribution;
  const options: AltOptions = {
    relationship: c.relationship,
    distribution,
    temperatureUnit: "c",
    use: [c.use],
    confidence: c.confidence,
    bLives: [10],
    shapeTest: false,
    bounds: "lr",
    // The screen's defaults: 101 times, the B10 line, bands at 21 points; no contour (not a band).
    plots: { contourPoints: 0 },
  };
  const columns = {
    end: Float64Array.from(c.data.end),
    start: Float64Array.from(c.data.start, (v) => (v === null ? Number.NaN : v)),
    state: Int32Array.from(c.data.state),
    stress: c.data.stress.map((s) => Float64Array.from(s)),
  };
  return { options, columns };
}

const plotsOf = (fit: AltFit) => {
  if (!fit.plots) throw new Error("no plot data");
  return fit.plots;
};

describe(`ALT likelihood-ratio bands against survreg profiles (${fixture.r}, survival ${fixture.survival})`, () => {
  const totals = new Comparison("LR bands (rtol 1e-8)");
  it("the fixture has band cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(4);
  });
  for (const c of cases) {
    it(c.id, async () => {
      const { options, columns } = setUp(c);
      const plots = plotsOf(await fitAlt(columns, options));
      const bands = c.expected.bands as NonNullable<BandCase["expected"]["bands"]>;
      const cmp = new Comparison(c.id);
      for (const p of bands.lifeLine) {
        cmp.close(
          `${c.id} line stress ${p.index}`,
          plots.lifeLine.stress[p.index],
          p.stress as number,
          1e-14,
        );
        cmp.close(`${c.id} B10 line lower at ${p.stress}`, plots.lifeLine.lower[p.index], p.lower, 1e-8);
        cmp.close(`${c.id} B10 line upper at ${p.stress}`, plots.lifeLine.upper[p.index], p.upper, 1e-8);
      }
      for (const p of bands.acceleration) {
        const a = plots.acceleration;
        cmp.close(`${c.id} AF lower at ${p.stress}`, a.lower[p.index], p.lower, 1e-8);
        cmp.close(`${c.id} AF upper at ${p.stress}`, a.upper[p.index], p.upper, 1e-8);
      }
      const curves = plots.use[0].curves;
      expect(curves.boundsType).toBe("lr");
      for (const p of bands.reliability) {
        // The grid runs from the use level's 0.1% to its 99.9% point of R's and of our estimates (equal to ~1e-10).
        cmp.close(`${c.id} time ${p.index}`, curves.time[p.index], p.time as number, 1e-8);
        cmp.close(`${c.id} R lower at ${p.time}`, curves.reliabilityLower[p.index], p.lower, 1e-8);
        cmp.close(`${c.id} R upper at ${p.time}`, curves.reliabilityUpper[p.index], p.upper, 1e-8);
        cmp.close(`${c.id} F lower at ${p.time}`, curves.unreliabilityLower[p.index], 1 - p.upper, 1e-8);
        cmp.close(`${c.id} F upper at ${p.time}`, curves.unreliabilityUpper[p.index], 1 - p.lower, 1e-8);
      }
      for (const p of bands.density) {
        cmp.close(`${c.id} f lower at ${p.time}`, curves.pdfLower[p.index], p.lower, 1e-8);
        cmp.close(`${c.id} f upper at ${p.time}`, curves.pdfUpper[p.index], p.upper, 1e-8);
      }
      totals.add(cmp);
      cmp.check();
    });
  }

  it("each band point is the fit's LR bound of its quantity; no Fisher band is left in the use curves", async () => {
    for (const c of cases) {
      const { options, columns } = setUp(c);
      const fit = await fitAltModel(columns, options, undefined, { reference: true });
      const plots = plotsOf(fit);
      const line = plots.lifeLine;
      const lineAt = bandIndices(line.stress.length, LR_BAND_POINTS);
      expect(lineAt).toHaveLength(LR_BAND_POINTS);
      // The fit asked at the band's stresses (use stresses: their B10 and AF pairs) and times (R(t)).
      const stresses = lineAt.map((i) => [line.stress[i], ...c.use.slice(1)]);
      const curves = plots.use[0].curves;
      const timeAt = bandIndices(curves.time.length, LR_BAND_POINTS);
      const asked = await fitAltModel(
        columns,
        {
          ...options,
          use: [c.use, ...stresses],
          at: timeAt.map((i) => curves.time[i]),
          afBetween: stresses.map((to) => ({ from: c.use, to })),
          plots: undefined,
        },
        undefined,
        { reference: true },
      );
      lineAt.forEach((i, k) => {
        const b10 = asked.useLevel[k + 1].bLives[0];
        expect(line.lower[i], `${c.id} line ${i}`).toBe(b10.lower);
        expect(line.upper[i], `${c.id} line ${i}`).toBe(b10.upper);
        const af = asked.afBetween[k];
        expect(plots.acceleration.lower[i], `${c.id} AF ${i}`).toBe(af.lower);
        expect(plots.acceleration.upper[i], `${c.id} AF ${i}`).toBe(af.upper);
      });
      timeAt.forEach((i, k) => {
        const r = asked.useLevel[0].at[k];
        expect(curves.reliabilityLower[i], `${c.id} R ${i}`).toBe(r.lower);
        expect(curves.reliabilityUpper[i], `${c.id} R ${i}`).toBe(r.upper);
        expect(curves.unreliabilityLower[i]).toBe(r.unreliability.lower);
        expect(curves.unreliabilityUpper[i]).toBe(r.unreliability.upper);
      });
      // Between the band's points nothing (the charts draw the band through its points), and the bands the
      // charts do not draw are no Fisher leftovers.
      for (let i = 0; i < line.stress.length; i++)
        if (!lineAt.includes(i)) expect(Number.isNaN(line.lower[i])).toBe(true);
      for (const key of ["failureRateLower", "failureRateUpper", "quantileTimeLower"] as const)
        expect(Array.from(curves[key]).every(Number.isNaN), key).toBe(true);
      // The density's band at the same points as R(t)'s, around the density.
      timeAt.forEach((i) => {
        expect(curves.pdfLower[i]).toBeLessThan(curves.pdf[i]);
        expect(curves.pdfUpper[i]).toBeGreaterThan(curves.pdf[i]);
      });
      expect(Array.from(curves.pdfLower).filter(Number.isFinite)).toHaveLength(timeAt.length);
      // A Fisher fit's bands differ from these (the check cannot pass by accident).
      const fisher = plotsOf(await fitAlt(columns, { ...options, bounds: "fisher" }));
      expect(Math.abs(fisher.lifeLine.lower[0] / line.lower[0] - 1)).toBeGreaterThan(1e-4);
      expect(fisher.use[0].curves.boundsType).toBe("fisher");
    }
  });

  // The fast searches end within the root's tolerance (1e-11 of z in the signed root) of the reference's,
  // which far in a tail moves the value more (R(t) = 8e-20 by 6e-10 of itself: d ln R / dq = -e^q, e^q = 44):
  // 1e-9 relative, a tenth of the fixture's tolerance to R above.
  it("the fast bands equal the reference's", async () => {
    const chained = new Comparison("fast vs reference bands (rtol 1e-9)");
    for (const c of cases) {
      const { options, columns } = setUp(c);
      const a = plotsOf(await fitAlt(columns, options));
      const b = plotsOf(await fitAltModel(columns, options, undefined, { reference: true }));
      const same = (label: string, x: ArrayLike<number>, y: ArrayLike<number>) => {
        let drawn = 0;
        for (let i = 0; i < y.length; i++) {
          if (Number.isNaN(y[i])) {
            expect(Number.isNaN(x[i]), `${c.id} ${label} ${i}`).toBe(true);
            continue;
          }
          drawn++;
          chained.close(`${c.id} ${label} ${i}`, x[i], y[i], 1e-9);
        }
        expect(drawn, `${c.id} ${label}`).toBeGreaterThanOrEqual(LR_BAND_POINTS - 1);
      };
      same("line lower", a.lifeLine.lower, b.lifeLine.lower);
      same("line upper", a.lifeLine.upper, b.lifeLine.upper);
      same("AF lower", a.acceleration.lower, b.acceleration.lower);
      same("AF upper", a.acceleration.upper, b.acceleration.upper);
      const ca = a.use[0].curves;
      const cb = b.use[0].curves;
      for (const key of [
        "reliabilityLower",
        "reliabilityUpper",
        "unreliabilityLower",
        "unreliabilityUpper",
        "pdfLower",
        "pdfUpper",
      ] as const)
        same(key, ca[key], cb[key]);
    }
    console.info(chained.summary());
    chained.check();
  });

  it("summary", () => {
    console.info(totals.summary());
  });
});
