// The ALT charts drawn in Node from a real fit of Meeker & Escobar's Device A (Arrhenius-lognormal, kelvin):
// SVG snapshots (tests/app/components/charts/output/alt-*.svg) and checks that hold whatever the bytes: one
// point per failure, the life line's band around the line, one probability series per level plus the use
// level, the use-level curve from the fit's use-level model.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  altProbabilitySeries,
  lifeStressChart,
  useLevelCurveSeries,
} from "../../../../../src/app/components/charts/alt/charts.ts";
import { lifeCurvePlot } from "../../../../../src/app/components/charts/life/lifeCurves.ts";
import { probabilityPlot } from "../../../../../src/app/components/charts/life/probabilityPlot.ts";
import { fitAlt } from "../../../../../src/kernels/alt.ts";
import { chartDocument, expectSnapshot } from "../snapshot.ts";

async function deviceA() {
  const text = readFileSync(join(import.meta.dirname, "../../../../fixtures/alt/device-a.csv"), "utf8");
  const rows = text
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => l.split(","));
  const fit = await fitAlt(
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
    },
  );
  if (!fit.plots) throw new Error("no plot data");
  return { ...fit, plots: fit.plots };
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
    // one open point per failure, plus the legend's
    expect(svg.querySelectorAll("circle").length).toBe(fit.counts.failures + 1);
    expectSnapshot("alt-life-stress", svg);
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
    const [use] = useLevelCurveSeries(fit, { use: "Use" });
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
});
