// One snapshot per chart kind from fixed, hand-written inputs (closed-form Weibull curves, no kernel runs),
// so any change to a chart's spec or to the shared style (shared/style.ts) shows as a changed SVG, and a kernel
// change does not. The last test fails when a chart function exported from src/app/components/charts/<area>/
// has no entry here. Review a change by opening tests/app/components/charts/output/<name>-changed.svg.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as doe from "../../../../src/app/components/charts/doe/charts.ts";
import * as fta from "../../../../src/app/components/charts/fta/charts.ts";
import * as contour from "../../../../src/app/components/charts/life/contourPlot.ts";
import * as curves from "../../../../src/app/components/charts/life/lifeCurves.ts";
import * as probability from "../../../../src/app/components/charts/life/probabilityPlot.ts";
import * as rbd from "../../../../src/app/components/charts/rbd/charts.ts";
import type { CurveSet } from "../../../../src/kernels/life/types.ts";
import { chartDocument, expectSnapshot } from "./snapshot.ts";

const beta = 1.5;
const eta = 1000;
const F = (t: number, b = beta, e = eta) => -Math.expm1(-((t / e) ** b));
const grid = (n: number, from: number, to: number) =>
  Float64Array.from({ length: n }, (_, i) => from * (to / from) ** (i / (n - 1)));

/**
 * A Weibull CurveSet with bounds from a shape 20% lower and higher (a band, not a statistical one), on a log
 * grid from 50 to 5000 or, with `kernelGrid`, from the 0.1% to the 99.9% quantile as the kernel's timeGrid.
 */
function weibullCurves(b: number, e: number, kernelGrid = false): CurveSet {
  const tq0 = (p: number) => e * (-Math.log1p(-p)) ** (1 / b);
  const time = kernelGrid ? grid(100, tq0(0.001), tq0(0.999)) : grid(60, 50, 5000);
  const map = (f: (t: number) => number) => time.map(f);
  const pdf = (t: number, k: number) => (k / e) * (t / e) ** (k - 1) * Math.exp(-((t / e) ** k));
  const rate = (t: number, k: number) => (k / e) * (t / e) ** (k - 1);
  const q = Float64Array.from([0.01, 0.1, 0.5, 0.9, 0.99]);
  const tq = (p: number, k: number) => e * (-Math.log1p(-p)) ** (1 / k);
  return {
    time,
    reliability: map((t) => 1 - F(t, b, e)),
    reliabilityLower: map((t) => 1 - F(t, b, e * 0.8)),
    reliabilityUpper: map((t) => 1 - F(t, b, e * 1.2)),
    unreliability: map((t) => F(t, b, e)),
    unreliabilityLower: map((t) => F(t, b, e * 1.2)),
    unreliabilityUpper: map((t) => F(t, b, e * 0.8)),
    pdf: map((t) => pdf(t, b)),
    pdfLower: map((t) => pdf(t, b) * 0.8),
    pdfUpper: map((t) => pdf(t, b) * 1.2),
    failureRate: map((t) => rate(t, b)),
    failureRateLower: map((t) => rate(t, b) * 0.8),
    failureRateUpper: map((t) => rate(t, b) * 1.2),
    quantileProbability: q,
    quantileTime: q.map((p) => tq(p, b)),
    quantileTimeLower: q.map((p) => tq(p, b) * 0.8),
    quantileTimeUpper: q.map((p) => tq(p, b) * 1.2),
    boundsType: "fisher",
  };
}

// Eight failures and two suspensions; positions by Benard's approximation.
const end = [120, 250, 330, 480, 600, 700, 820, 1000, 1300, 1700];
const state = [1, 1, 0, 1, 1, 1, 0, 1, 1, 1];
const failures = end.map((t, row) => ({ t, row })).filter((_, i) => state[i] === 1);
const positions = {
  time: Float64Array.from(failures, (f) => f.t),
  probability: Float64Array.from(failures, (_, i) => (i + 1 - 0.3) / (failures.length + 0.4)),
  row: Int32Array.from(failures, (f) => f.row),
};
const probabilityLabels = {
  time: "Time (h)",
  unreliability: "Unreliability F(t) (%)",
  suspensions: "Suspensions",
  fitted: "Fitted",
  bounds: "90% bounds",
};

/** Every chart kind, drawn at a fixed size from fixed data. */
const CHARTS: Record<string, { draw: () => SVGSVGElement; covers: string }> = {
  "fixed-probability": {
    covers: "probabilityPlot",
    draw: () =>
      probability.probabilityPlot(
        [
          {
            name: "Pumps",
            fit: {
              distribution: "weibull2p",
              parameters: { beta, eta },
              positions,
              curves: weibullCurves(beta, eta),
            },
            rows: { end: Float64Array.from(end), state: Uint8Array.from(state) },
          },
          {
            name: "Pumps, new seal",
            fit: {
              distribution: "weibull2p",
              parameters: { beta: 2, eta: 1800 },
              curves: weibullCurves(2, 1800),
            },
          },
        ],
        { width: 640, height: 420, document: chartDocument(), labels: probabilityLabels },
      ),
  },
  "fixed-life-curve": {
    covers: "lifeCurvePlot",
    draw: () =>
      curves.lifeCurvePlot(
        [
          { name: "Pumps", curves: weibullCurves(beta, eta) },
          { name: "Pumps, new seal", curves: weibullCurves(2, 1800) },
        ],
        {
          kind: "reliability",
          width: 640,
          height: 320,
          document: chartDocument(),
          labels: { time: "Time (h)", value: "Reliability R(t)" },
        },
      ),
  },
  // Shape 0.5: f(t) and h(t) are unbounded at t -> 0; the value axis follows the rest of the curve.
  ...Object.fromEntries(
    (["pdf", "failureRate"] as const).map((kind) => [
      `fixed-life-curve-${kind}-beta05`,
      {
        covers: "lifeCurvePlot",
        draw: () =>
          curves.lifeCurvePlot([{ name: "Early failures", curves: weibullCurves(0.5, eta, true) }], {
            kind,
            width: 640,
            height: 320,
            document: chartDocument(),
            labels: { time: "Time (h)", value: kind === "pdf" ? "Density f(t)" : "Failure rate h(t)" },
          }),
      },
    ]),
  ),
  "fixed-life-curve-pdf-beta05-and-35": {
    covers: "lifeCurvePlot",
    draw: () =>
      curves.lifeCurvePlot(
        [
          { name: "Early failures", curves: weibullCurves(0.5, eta, true) },
          { name: "Wear-out", curves: weibullCurves(3.5, eta, true) },
        ],
        {
          kind: "pdf",
          width: 640,
          height: 320,
          document: chartDocument(),
          labels: { time: "Time (h)", value: "Density f(t)" },
          showBounds: false,
        },
      ),
  },
  "fixed-contour": {
    covers: "contourPlot",
    draw: () => {
      const n = 48;
      const ring = (k: number) => Array.from({ length: n }, (_, i) => k * Math.cos((2 * Math.PI * i) / n));
      return contour.contourPlot(
        [
          {
            name: "Pumps",
            estimate: [beta, eta],
            contour: {
              parameters: ["beta", "eta"],
              x: Float64Array.from(ring(0.4), (v) => beta + v),
              y: Float64Array.from({ length: n }, (_, i) => eta + 250 * Math.sin((2 * Math.PI * i) / n)),
              confidence: 90,
              logLikelihoodLevel: -60,
            },
          },
        ],
        { width: 480, height: 360, document: chartDocument() },
      );
    },
  },
  "fixed-fta-importance": {
    covers: "importanceChart (fta)",
    draw: () =>
      fta.importanceChart(
        [
          { event: "PUMP-A-FAILS", value: 0.41 },
          { event: "VALVE-V2", value: 0.125 },
          { event: "POWER", value: 3.2e-4 },
          { event: "SENSOR", value: Number.POSITIVE_INFINITY },
        ],
        { width: 560, height: 160, document: chartDocument(), label: "Risk achievement worth" },
      ),
  },
  "fixed-fta-curve": {
    covers: "probabilityCurveChart (fta)",
    draw: () => {
      const time = Array.from({ length: 21 }, (_, i) => i * 500);
      return fta.probabilityCurveChart(
        { time, probability: time.map((t) => F(t, 1.2, 40_000) ** 2) },
        {
          width: 560,
          height: 240,
          document: chartDocument(),
          labels: { time: "Time (h)", probability: "P(top)" },
        },
      );
    },
  },
  "fixed-rbd-reliability": {
    covers: "reliabilityChart (rbd)",
    draw: () => {
      const time = Array.from({ length: 41 }, (_, i) => i * 50);
      const reliability = (t: number) => 1 - F(t);
      return rbd.reliabilityChart(
        {
          exact: { time, reliability: time.map(reliability) },
          simulated: {
            z: 1.96,
            points: [200, 600, 1000, 1400, 2000].map((t, i) => ({
              time: t,
              reliability: reliability(t) + (i % 2 ? 0.01 : -0.01),
              standardError: 0.01,
            })),
          },
          missionTime: 400,
        },
        {
          width: 640,
          height: 320,
          document: chartDocument(),
          labels: {
            time: "Time (h)",
            reliability: "Reliability R(t)",
            exact: "Exact",
            simulated: "Simulated (95% bars)",
            mission: "Mission time",
          },
        },
      );
    },
  },
  "fixed-rbd-importance": {
    covers: "importanceChart (rbd)",
    draw: () =>
      rbd.importanceChart(
        [
          { label: "Pump", blockId: "B1", mirrors: [], reliability: 0.9, birnbaum: 0.6, criticality: 0.7 },
          { label: "Valve", blockId: "B2", mirrors: [], reliability: 0.95, birnbaum: 0.8, criticality: 0.45 },
          {
            label: "Controller",
            blockId: "B3",
            mirrors: ["B4"],
            reliability: 0.99,
            birnbaum: 0.2,
            criticality: 0.02,
          },
        ],
        {
          width: 480,
          height: rbd.IMPORTANCE_MARGINS + rbd.IMPORTANCE_ROW_HEIGHT * 3,
          document: chartDocument(),
          labels: { birnbaum: "Birnbaum", criticality: "Criticality", value: "Importance at 400 h" },
        },
      ),
  },
  "fixed-doe-effects": {
    covers: "effectsNormalPlot",
    draw: () =>
      doe.effectsNormalPlot(
        [
          { term: "A", effect: 23, score: 1.465, active: true },
          { term: "B", effect: -5, score: -1.465, active: false },
          { term: "C", effect: 1.5, score: 0.18, active: false },
          { term: "AB", effect: 1.5, score: 0.366, active: false },
          { term: "AC", effect: 10, score: 0.792, active: true },
          { term: "BC", effect: 0, score: -0.792, active: false },
          { term: "ABC", effect: 0.5, score: -0.18, active: false },
        ],
        {
          width: 480,
          height: 300,
          document: chartDocument(),
          labels: { effect: "Effect", score: "Normal score" },
        },
      ),
  },
  "fixed-doe-main-effects": {
    covers: "mainEffectsChart",
    draw: () =>
      doe.mainEffectsChart(
        [
          { factor: "T", levels: ["160", "180"], means: [52.75, 75.75] },
          { factor: "C", levels: ["20", "40"], means: [66.75, 61.75] },
        ],
        { width: 480, height: 260, document: chartDocument(), labels: { mean: "Mean of yield" } },
      ),
  },
  "fixed-doe-samples": {
    covers: "samplesChart",
    draw: () =>
      doe.samplesChart(
        [
          { name: "BOB", values: [10, 11, 10.5], limits: [8.97, 12.03] },
          { name: "WOW", values: [2, 3, 2.5], limits: [0.97, 4.03] },
        ],
        { width: 360, height: 260, document: chartDocument(), labels: { value: "Reading" } },
      ),
  },
  "fixed-doe-scatter": {
    covers: "scatterChart",
    draw: () =>
      doe.scatterChart(
        { x: [1, 2, 3, 4, 5, 6], y: [2.1, 3.9, 6.2, 7.8, 10.1, 12.2], intercept: 0.05, slope: 2.01 },
        {
          width: 480,
          height: 280,
          document: chartDocument(),
          labels: { x: "Torque", y: "Leak rate", fit: "Least squares" },
        },
      ),
  },
  "fixed-doe-pareto": {
    covers: "paretoChart",
    draw: () =>
      doe.paretoChart(
        [
          { category: "dent", count: 60, cumulative: 57.14 },
          { category: "burr", count: 30, cumulative: 85.71 },
          { category: "scratch", count: 10, cumulative: 95.24 },
          { category: "stain", count: 5, cumulative: 100 },
        ],
        {
          width: 480,
          height: 280,
          document: chartDocument(),
          labels: { count: "Count", cumulative: "Cumulative" },
        },
      ),
  },
  "fixed-doe-trend": {
    covers: "trendChart",
    draw: () =>
      doe.trendChart(
        { times: [104, 235, 1832, 1891, 1895, 2398, 2555, 2561], end: 3000 },
        {
          width: 480,
          height: 280,
          document: chartDocument(),
          labels: { time: "Time (h)", events: "Events", constant: "Constant rate" },
        },
      ),
  },
};

describe("chart snapshots from fixed inputs", () => {
  for (const [name, chart] of Object.entries(CHARTS))
    it(`${name} (${chart.covers})`, () => {
      const svg = chart.draw();
      expect(svg.querySelectorAll("g[aria-label]").length).toBeGreaterThan(0);
      expectSnapshot(name, svg);
    });

  it("has an entry for every chart function of every area", async () => {
    const root = fileURLToPath(new URL("../../../../src/app/components/charts/", import.meta.url));
    const charts: string[] = [];
    for (const area of readdirSync(root).filter(
      (d) => d !== "shared" && statSync(join(root, d)).isDirectory(),
    ))
      for (const file of readdirSync(join(root, area)).filter((f) => /\.tsx?$/.test(f))) {
        const exports: Record<string, unknown> = await import(join(root, area, file));
        for (const [key, value] of Object.entries(exports))
          if (typeof value === "function" && /(Chart|Plot)$/.test(key))
            charts.push(area === "fta" || area === "rbd" ? `${key} (${area})` : key);
      }
    expect(charts.length).toBeGreaterThanOrEqual(7);
    expect([...new Set(Object.values(CHARTS).map((c) => c.covers))].sort()).toEqual(charts.sort());
  });
});
