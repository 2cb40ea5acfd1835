// The ALT charts drawn in Node from a real fit of Meeker & Escobar's Device A (Arrhenius-lognormal, kelvin):
// SVG snapshots (tests/app/components/charts/output/alt-*.svg) and checks that hold whatever the bytes: one
// point per failure, the life line's band around the line, one probability series per level plus the use
// level, the use-level curve from the fit's use-level model.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  accelerationChart,
  altContourChart,
  altProbabilitySeries,
  curveSeriesAtUse,
  lifeStressChart,
  stressBand,
} from "../../../../../src/app/components/charts/alt/charts.ts";
import { lifeCurvePlot } from "../../../../../src/app/components/charts/life/lifeCurves.ts";
import { probabilityPlot } from "../../../../../src/app/components/charts/life/probabilityPlot.ts";
import { bandIndices, fitAltModel, LR_BAND_POINTS } from "../../../../../src/kernels/alt/fit.ts";
import type { AltOptions } from "../../../../../src/kernels/alt.ts";
import { chartDocument, expectSnapshot } from "../snapshot.ts";

async function deviceA(extra: Partial<AltOptions> = {}, internal: { reference?: boolean } = {}) {
  const text = readFileSync(join(import.meta.dirname, "../../../../fixtures/alt/device-a.csv"), "utf8");
  const rows = text
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => l.split(","));
  const fit = await fitAltModel(
    {
      quantity: Float64Array.from(rows, (r) => Number(r[0])),
      end: Float64Array.from(rows, (r) => Number(r[1])),
      state: Int32Array.from(rows, (r) => (r[2] === "F" ? 1 : 0)),
      stress: [Float64Array.from(rows, (r) => Number(r[3]))],
    },
    {
      relationship: "arrhenius",
      distribution: "lognormal",
      temperatureUnit: "k",
      use: [[283.15]],
      confidence: 90,
      plots: { points: 41, lifePercent: 10 },
      ...extra,
    },
    undefined,
    internal,
  );
  if (!fit.plots) throw new Error("no plot data");
  return { ...fit, plots: fit.plots };
}

type Fitted = Awaited<ReturnType<typeof deviceA>>;

/** Each level's failure times lie within a pixel (y) of a drawn point at the level's stress (x). */
function expectEveryFailureDrawn(svg: SVGSVGElement, fit: Pick<Fitted, "plots">): void {
  const plot = svg as SVGSVGElement & { scale(name: "x" | "y"): { apply(v: number): number } };
  const dots = Array.from(svg.querySelectorAll("g[aria-label=dot] circle"), (c) => {
    const [, x, y] = /translate\(([-\d.e]+),([-\d.e]+)\)/.exec(c.getAttribute("transform") ?? "") ?? [];
    return { x: Number(c.getAttribute("cx") ?? x), y: Number(c.getAttribute("cy") ?? y) };
  });
  for (const level of fit.plots.levels) {
    if (level.positions.time.length === 0) continue;
    const x = plot.scale("x").apply(level.stress[0]);
    const ys = dots
      .filter((d) => Math.abs(d.x - x) < 0.01)
      .map((d) => d.y)
      .sort((a, b) => a - b);
    expect(ys.length).toBeGreaterThan(0);
    for (const t of level.positions.time) {
      const y = plot.scale("y").apply(t);
      // the nearest drawn point: a binary search in the sorted pixel rows
      let lo = 0;
      let hi = ys.length - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (ys[mid] < y) lo = mid;
        else hi = mid;
      }
      const gap = Math.min(Math.abs(ys[lo] - y), Math.abs(ys[hi] - y));
      if (gap > 1) expect(gap, `t = ${t}`).toBeLessThanOrEqual(1);
    }
  }
}

describe("ALT charts", () => {
  it("life against stress: failure times per level, the B10 line and its band, the use stress", async () => {
    const fit = await deviceA();
    const line = fit.plots.lifeLine;
    for (let i = 0; i < line.stress.length; i++) {
      expect(line.lower[i]).toBeLessThan(line.value[i]);
      expect(line.upper[i]).toBeGreaterThan(line.value[i]);
    }
    // The line at the use stress is the use level's B10.
    expect(line.stress[0]).toBe(283.15);
    expect(line.value[0]).toBeCloseTo(fit.useLevel[0].bLives[0].time, 6);
    const svg = lifeStressChart(fit, {
      width: 640,
      height: 360,
      document: chartDocument(),
      labels: {
        stress: "Temperature (K)",
        life: "Time (h)",
        failures: "Failures",
        line: "B10 life",
        bounds: "90% bounds",
        use: "Use",
      },
    });
    // Every failure time is drawn, within a pixel of a point of its level (points on one pixel row are
    // drawn once); plus the legend's point.
    expectEveryFailureDrawn(svg, fit);
    expect(svg.querySelectorAll("circle").length).toBeLessThanOrEqual(fit.counts.failures + 1);
    expectSnapshot("alt-life-stress", svg);
  });

  it("the life line as a setting: the median (B50) and the mean life, each at the use stress as the use level gives it", async () => {
    const median = await deviceA({ plots: { points: 41, lifePercent: 50 }, bLives: [50] });
    expect(median.plots.lifeLine).toMatchObject({ kind: "percent", percent: 50 });
    expect(median.plots.lifeLine.value[0] / median.useLevel[0].bLives[0].time - 1).toBeCloseTo(0, 12);
    expect(
      (median.plots.lifeLine.lower[0] as number) / (median.useLevel[0].bLives[0].lower as number) - 1,
    ).toBeCloseTo(0, 9);
    for (const distribution of ["lognormal", "weibull", "exponential"] as const) {
      const mean = await deviceA({ distribution, plots: { points: 41, lifeLine: "mean" } });
      const line = mean.plots.lifeLine;
      const use = mean.useLevel[0].meanLife;
      expect(line.kind).toBe("mean");
      expect(line.value[0] / use.value - 1, distribution).toBeCloseTo(0, 12);
      // The use level's mean life has Fisher bounds on ln(mean) from the life kernels (delta method), as the line.
      expect(line.lower[0] / (use.lower as number) - 1, distribution).toBeCloseTo(0, 9);
      expect(line.upper[0] / (use.upper as number) - 1, distribution).toBeCloseTo(0, 9);
      // The mean lies above the median for these right-skewed laws.
      const b50 = await deviceA({ distribution, plots: { points: 41, lifePercent: 50 } });
      expect(line.value[10]).toBeGreaterThan(b50.plots.lifeLine.value[10]);
    }
  });

  it("life against stress at 400,000 failures: every one within a pixel of a drawn point, a few hundred drawn", async () => {
    const fit = await deviceA();
    // 100,000 failure times per level, spread over the level's own range (a spread of these into Math.min
    // overflowed the stack).
    const levels = fit.plots.levels.map((level, j) => {
      const time = Float64Array.from(
        { length: 100_000 },
        (_, i) => 50 * (j + 1) * Math.exp(8 * (i / 100_000) ** 2),
      );
      return { ...level, positions: { ...level.positions, time } };
    });
    const big = { ...fit, plots: { ...fit.plots, levels } };
    const svg = lifeStressChart(big, {
      width: 640,
      height: 360,
      document: chartDocument(),
      labels: { stress: "T", life: "t", failures: "Failures", line: "B10", bounds: "90%", use: "Use" },
    });
    expectEveryFailureDrawn(svg, big);
    expect(svg.querySelectorAll("circle").length).toBeLessThan(4 * 360);
  });

  it("probability plot: one series per level with points and line, and the use level's line", async () => {
    const fit = await deviceA();
    const series = altProbabilitySeries(fit, { use: "Use" });
    expect(series.map((s) => s.name)).toEqual(["283.15", "313.15", "333.15", "353.15", "Use 283.15"]);
    expect(series[1].fit.positions?.time.length).toBe(10);
    const svg = probabilityPlot(series, {
      width: 640,
      height: 420,
      document: chartDocument(),
      labels: {
        time: "Time (h)",
        unreliability: "Unreliability",
        suspensions: "Suspensions",
        fitted: "Fitted",
        bounds: "Bounds",
      },
      bounds: "none",
    });
    expectSnapshot("alt-probability", svg);
  });

  it("use-level reliability with bounds", async () => {
    const fit = await deviceA();
    const [use] = curveSeriesAtUse(fit, { use: "Use" });
    const c = use.curves;
    for (let i = 0; i < c.time.length; i += 10) {
      expect(c.reliabilityLower[i]).toBeLessThanOrEqual(c.reliability[i]);
      expect(c.reliabilityUpper[i]).toBeGreaterThanOrEqual(c.reliability[i]);
    }
    const svg = lifeCurvePlot([use], {
      kind: "reliability",
      width: 640,
      height: 320,
      document: chartDocument(),
      labels: { time: "Time (h)", value: "Reliability" },
    });
    expectSnapshot("alt-use-reliability", svg);
  });

  it("acceleration factor against stress: 1 at the use stress, the band around the line, the levels' factors on it", async () => {
    const fit = await deviceA();
    const a = fit.plots.acceleration;
    expect(a.stress[0]).toBe(283.15);
    expect(a.value[0]).toBeCloseTo(1, 12);
    for (let i = 1; i < a.stress.length; i++) {
      expect(a.lower[i]).toBeLessThan(a.value[i]);
      expect(a.upper[i]).toBeGreaterThan(a.value[i]);
    }
    // One stress: the line passes through each level's factor (AF = exp(B (1/T_use - 1/T))).
    const B = fit.parameters.B;
    for (let i = 0; i < a.stress.length; i += 7)
      expect(a.value[i]).toBeCloseTo(Math.exp(B * (1 / 283.15 - 1 / a.stress[i])), 8);
    const svg = accelerationChart(fit, {
      width: 640,
      height: 340,
      document: chartDocument(),
      labels: {
        stress: "Temperature (K)",
        factor: "AF",
        line: "AF",
        bounds: "Bounds",
        levels: "Levels",
        use: "Use",
      },
    });
    // one point per test level, plus the legend's
    expect(svg.querySelectorAll("circle").length).toBe(fit.levels.length + 1);
    expectSnapshot("alt-acceleration", svg);
  });

  it("likelihood-ratio bounds: the series drawn as bands are the kernel's LR bounds at the band's points", async () => {
    // The kernel's reference searches (fitAltModel's `reference`), on which a band point and the result asked at
    // the same stress are one search to the last bit; the fast bands are held to them in
    // tests/kernels/alt/lr-bands.test.ts.
    const fit = await deviceA({ bounds: "lr" }, { reference: true });
    const line = fit.plots.lifeLine;
    const at = bandIndices(line.stress.length, LR_BAND_POINTS);
    const stresses = at.map((i) => [line.stress[i]]);
    const use = curveSeriesAtUse(fit, { use: "Use" })[0].curves;
    const times = bandIndices(use.time.length, LR_BAND_POINTS).map((i) => use.time[i]);
    // The kernel's own LR bounds of the same quantities, asked as results: B10 and AF at each band stress, R(t)
    // at each band time.
    const asked = await deviceA(
      {
        bounds: "lr",
        use: [[283.15], ...stresses],
        at: times,
        afBetween: stresses.map((to) => ({ from: [283.15], to })),
      },
      { reference: true },
    );
    const lifeBand = stressBand(line).band;
    expect(lifeBand.map((d) => d.stress)).toEqual(stresses.map(([v]) => v));
    lifeBand.forEach((d, k) => {
      expect(d.lower).toBe(asked.useLevel[k + 1].bLives[0].lower);
      expect(d.upper).toBe(asked.useLevel[k + 1].bLives[0].upper);
    });
    const afBand = stressBand(fit.plots.acceleration).band;
    expect(afBand).toHaveLength(LR_BAND_POINTS);
    afBand.forEach((d, k) => {
      expect(d.lower).toBe(asked.afBetween[k].lower);
      expect(d.upper).toBe(asked.afBetween[k].upper);
    });
    const drawn = Array.from(use.time)
      .map((time, i) => ({ time, lo: use.reliabilityLower[i], hi: use.reliabilityUpper[i] }))
      .filter((d) => Number.isFinite(d.lo) && Number.isFinite(d.hi));
    expect(drawn.map((d) => d.time)).toEqual(times);
    drawn.forEach((d, k) => {
      expect(d.lo).toBe(asked.useLevel[0].at[k].lower);
      expect(d.hi).toBe(asked.useLevel[0].at[k].upper);
    });
    // The density's band at the same times (its LR bounds against R: tests/kernels/alt/lr-bands.test.ts).
    const pdfBand = Array.from(use.time).filter(
      (_, i) => Number.isFinite(use.pdfLower[i]) && Number.isFinite(use.pdfUpper[i]),
    );
    expect(pdfBand).toEqual(times);
    // Not Fisher's: the Device A set is small, the two differ in the second digit.
    const fisher = await deviceA();
    expect(Math.abs(fisher.plots.lifeLine.lower[0] / line.lower[0] - 1)).toBeGreaterThan(1e-3);
    // Drawn: each band's edges through its points only (a dashed line of LR_BAND_POINTS vertices).
    const svg = lifeStressChart(fit, {
      width: 640,
      height: 360,
      document: chartDocument(),
      labels: { stress: "T", life: "t", failures: "Failures", line: "B10", bounds: "90% LR", use: "Use" },
    });
    const dashed = Array.from(
      svg.querySelectorAll('g[aria-label=line][stroke-dasharray="5,3"] path'),
      (p) => p.getAttribute("d") ?? "",
    );
    expect(dashed).toHaveLength(2);
    for (const d of dashed) expect(d.split("L")).toHaveLength(LR_BAND_POINTS);
    expectSnapshot("alt-life-stress-lr", svg);
    const reliability = lifeCurvePlot(curveSeriesAtUse(fit, { use: "Use" }), {
      kind: "reliability",
      width: 640,
      height: 320,
      document: chartDocument(),
      labels: { time: "Time (h)", value: "Reliability" },
    });
    expectSnapshot("alt-use-reliability-lr", reliability);
  });

  it("likelihood contour of B against sigma: its extremes are the likelihood-ratio bounds", async () => {
    const fit = await deviceA();
    const c = fit.plots.contour;
    if (!c) throw new Error("no contour");
    expect(c.parameters).toEqual(["B", "sigma"]);
    expect(c.x).toHaveLength(48);
    // The ring's extremes approach the profile bounds from inside (48 rays: within 0.5% of the width).
    const lr = await deviceA({ bounds: "lr" });
    for (const [values, name] of [
      [c.x, "B"],
      [c.y, "sigma"],
    ] as const) {
      const { lower, upper } = lr.bounds[name] as { lower: number; upper: number };
      const width = upper - lower;
      expect(Math.min(...values)).toBeGreaterThan(lower - 1e-9 * width);
      expect(Math.max(...values)).toBeLessThan(upper + 1e-9 * width);
      expect(Math.min(...values) - lower).toBeLessThan(0.005 * width);
      expect(upper - Math.max(...values)).toBeLessThan(0.005 * width);
    }
    const svg = altContourChart(fit, {
      width: 480,
      height: 360,
      document: chartDocument(),
      name: "Arrhenius",
    });
    expect(svg).not.toBeNull();
    expectSnapshot("alt-contour", svg as SVGSVGElement);
  });
});
