// One snapshot per chart kind from fixed, hand-written inputs (closed-form Weibull curves, no kernel runs),
// so any change to a chart's spec or to the shared style (shared/style.ts) shows as a changed SVG, and a kernel
// change does not. The last test fails when a chart function exported from src/app/components/charts/<area>/
// has no entry here. Review a change by opening tests/app/components/charts/output/<name>-changed.svg.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as alt from "../../../../src/app/components/charts/alt/charts.ts";
import * as cost from "../../../../src/app/components/charts/cost/charts.ts";
import * as degradation from "../../../../src/app/components/charts/degradation/charts.ts";
import * as doe from "../../../../src/app/components/charts/doe/charts.ts";
import * as fta from "../../../../src/app/components/charts/fta/charts.ts";
import * as growth from "../../../../src/app/components/charts/growth/charts.ts";
import * as contour from "../../../../src/app/components/charts/life/contourPlot.ts";
import * as drawing from "../../../../src/app/components/charts/life/drawingPlot.ts";
import * as curves from "../../../../src/app/components/charts/life/lifeCurves.ts";
import * as probability from "../../../../src/app/components/charts/life/probabilityPlot.ts";
import * as prediction from "../../../../src/app/components/charts/prediction/charts.ts";
import * as rbd from "../../../../src/app/components/charts/rbd/charts.ts";
import * as testdesign from "../../../../src/app/components/charts/testdesign/charts.ts";
import * as warranty from "../../../../src/app/components/charts/warranty/charts.ts";
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
/** Reliability growth: a hand-written power law (beta 0.6, lambda 0.4, to T = 1000) and a three-phase plan. */
const growthFit = (() => {
  const beta = 0.6;
  const lambda = 0.4;
  const T = 1000;
  const rho = lambda * beta * T ** (beta - 1);
  const band = (v: number) => ({ lower: v * 0.8, upper: v * 1.25 });
  return {
    model: "crow-amsaa",
    data: "individual",
    termination: "time",
    failures: 25,
    prototypes: 1,
    time: T,
    beta,
    lambda,
    betaUnbiased: beta * 0.96,
    growthRate: 1 - beta,
    cumulativeMtbf: T ** (1 - beta) / lambda,
    instantaneousMtbf: 1 / rho,
    intensity: rho,
    bounds: {
      method: "fisher",
      beta: band(beta),
      growthRate: band(1 - beta),
      lambda: band(lambda),
      cumulativeMtbf: band(T ** (1 - beta) / lambda),
      instantaneousMtbf: band(1 / rho),
      intensity: band(rho),
    },
    goodnessOfFit: null,
    trend: null,
    timeToTarget: null,
  } as const;
})();
// The MTBF curves with bounds at 0.8 and 1.25 times the estimate, 12 times evenly spaced in log time to T.
const growthMtbfCurve = Array.from({ length: 12 }, (_, i) => {
  const time = 1000 ** (i / 11) * 1.5 ** (1 - i / 11);
  const cumulativeMtbf = time ** 0.4 / 0.4;
  const instantaneousMtbf = cumulativeMtbf / 0.6;
  const band = (v: number) => ({ lower: v * 0.8, upper: v * 1.25 });
  return {
    time,
    cumulativeMtbf,
    cumulative: band(cumulativeMtbf),
    instantaneousMtbf,
    instantaneous: band(instantaneousMtbf),
  };
});
// Failure k of 25 at the time the power law expects it: (k / lambda)^(1 / beta).
const growthTimes = Array.from({ length: 25 }, (_, k) => ((k + 1) / 0.4) ** (1 / 0.6));
const growthCurve = Array.from({ length: 40 }, (_, i) => {
  const time = (3000 * (i + 1)) / 40;
  return { time, mtbf: time <= 500 ? 40 : (40 * (time / 500) ** 0.35) / 0.65 };
});
const growthSteps = [
  { end: 1000, failures: 20, mtbf: 50, idealizedEnd: 78 },
  { end: 2000, failures: 11, mtbf: 90, idealizedEnd: 99 },
  { end: 3000, failures: 9, mtbf: 108, idealizedEnd: 115 },
];
const growthLabels = { time: "Test time", mtbf: "MTBF", idealized: "Idealized", planned: "Planned" };

/**
 * A hand-written ALT fit with plot data: three temperatures with their failure times, an Arrhenius B10 line
 * ln t = -8 + 6000 / (C + 273.15) + ln 0.4 from the use level at 30 C and its acceleration factor over the
 * same range, bands 20% either side, the use level's Weibull curves and an elliptical B-beta contour.
 */
function fixedAltFit() {
  const level = (c: number, times: number[]) => ({
    stress: [c],
    positions: {
      time: Float64Array.from(times),
      probability: Float64Array.from(times, (_, i) => (i + 0.7) / (times.length + 0.4)),
      rank: Float64Array.from(times, (_, i) => i + 1),
      row: Int32Array.from(times, (_, i) => i),
      ranks: "exact" as const,
    },
    curves: weibullCurves(beta, eta),
  });
  const stress = Array.from({ length: 31 }, (_, i) => 30 + 3 * i);
  const value = stress.map((c) => 0.4 * Math.exp(-8 + 6000 / (c + 273.15)));
  const af = stress.map((c) => Math.exp(6000 * (1 / 303.15 - 1 / (c + 273.15))));
  const n = 48;
  const angle = (i: number) => (2 * Math.PI * i) / n;
  const afAt = (c: number) => Math.exp(6000 * (1 / 303.15 - 1 / (c + 273.15)));
  return {
    distribution: "weibull" as const,
    s: -0.5,
    levels: [],
    useLevel: [],
    accelerationFactors: [80, 100, 120].map((c) => ({
      use: [30],
      level: [c],
      value: afAt(c),
      lower: null,
      upper: null,
    })),
    plots: {
      levels: [
        level(80, [900, 1500, 2100, 2600]),
        level(100, [400, 600, 800, 1100]),
        level(120, [150, 260, 330, 480]),
      ],
      use: [{ stress: [30], curves: weibullCurves(beta, eta) }],
      lifeLine: {
        kind: "percent" as const,
        percent: 10,
        stress,
        value,
        lower: value.map((v) => v * 0.8),
        upper: value.map((v) => v * 1.2),
      },
      acceleration: { stress, value: af, lower: af.map((v) => v * 0.8), upper: af.map((v) => v * 1.2) },
      contour: {
        parameters: ["B", "beta"] as [string, string],
        x: Array.from({ length: n }, (_, i) => 6000 + 500 * Math.cos(angle(i))),
        y: Array.from({ length: n }, (_, i) => 1.6 + 0.25 * Math.sin(angle(i)) + 0.05 * Math.cos(angle(i))),
        estimate: [6000, 1.6] as [number, number],
        confidence: 90,
        logLikelihoodLevel: -100 - 1.3527,
      },
    },
  };
}

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
  // The drawing tool: six rank pairs typed on Weibull paper, the RRX line through them and the data set's MLE.
  "fixed-drawing-paper": {
    covers: "drawingPlot",
    draw: () =>
      drawing.drawingPlot(
        {
          distribution: "weibull2p",
          points: {
            time: [160, 340, 530, 750, 930, 1200],
            probability: [0.1091, 0.2644, 0.4214, 0.5786, 0.7356, 0.8909],
            row: [0, 1, 2, 3, 4, 5],
          },
          line: { parameters: { beta, eta: 760 }, curves: weibullCurves(beta, 760, true) },
          mle: { parameters: { beta: 1.7, eta: 740 }, curves: weibullCurves(1.7, 740, true) },
        },
        {
          width: 640,
          height: 420,
          document: chartDocument(),
          labels: {
            time: "X-Time",
            unreliability: "Y-Value (%)",
            points: "Plotted points, RRX",
            mle: "MLE of the data set",
            fitted: "Line",
          },
        },
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
  "fixed-growth-plan": {
    covers: "planChart",
    draw: () =>
      growth.planChart(
        { curve: growthCurve, steps: growthSteps },
        { width: 640, height: 320, document: chartDocument(), labels: growthLabels },
      ),
  },
  "fixed-growth-plot": {
    covers: "growthPlot",
    draw: () =>
      growth.growthPlot(
        { times: growthTimes, fit: growthFit },
        {
          width: 640,
          height: 320,
          document: chartDocument(),
          labels: {
            time: "Time",
            failures: "Cumulative failures",
            observed: "Observed",
            fitted: "Crow-AMSAA",
          },
        },
      ),
  },
  "fixed-growth-mtbf": {
    covers: "mtbfChart",
    draw: () =>
      growth.mtbfChart(
        { times: growthTimes, fit: growthFit, curve: growthMtbfCurve },
        {
          width: 640,
          height: 320,
          document: chartDocument(),
          labels: {
            time: "Time",
            mtbf: "MTBF",
            observed: "Cumulative (observed)",
            cumulative: "Cumulative",
            instantaneous: "Instantaneous",
            bounds: "90% bounds",
          },
        },
      ),
  },
  "fixed-growth-tracking": {
    covers: "trackingChart",
    draw: () =>
      growth.trackingChart(
        {
          curve: growthCurve,
          steps: growthSteps,
          tracked: [
            { end: 1000, at: 1000, planned: 50, failures: 20, demonstrated: 58, belowPlan: false },
            { end: 2000, at: 2000, planned: 90, failures: 31, demonstrated: 84, belowPlan: true },
            { end: 3000, at: 3000, planned: 108, failures: 40, demonstrated: Number.NaN, belowPlan: false },
          ],
        },
        {
          width: 640,
          height: 320,
          document: chartDocument(),
          labels: { ...growthLabels, demonstrated: "Demonstrated", below: "Below plan" },
        },
      ),
  },
  "fixed-warranty-tracking": {
    covers: "returnsTrackingChart",
    // Six periods of a Nevada chart, the fifth above its bound (hand-written expectations and bounds).
    draw: () =>
      warranty.returnsTrackingChart(
        {
          tracking: [
            [2, 1.1, 0.02, 5.6],
            [6, 5.3, 1.9, 11.9],
            [12, 11.5, 6.2, 19.8],
            [18, 17.2, 10.6, 26.6],
            [41, 23.9, 16.1, 34.2],
            [27, 29.7, 21.0, 40.6],
          ].map(([observed, expected, lower, upper], i) => ({
            period: i + 1,
            observed,
            expected,
            lower,
            upper,
            flagged: observed > upper,
          })),
          labels: ["Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        },
        {
          width: 640,
          height: 300,
          document: chartDocument(),
          labels: {
            period: "Period",
            returns: "Returns",
            observed: "Observed",
            expected: "Expected",
            bound: "95% interval",
            flagged: "Above the bound",
          },
        },
      ),
  },
  "fixed-warranty-forecast": {
    covers: "returnsForecastChart",
    draw: () =>
      warranty.returnsForecastChart(
        {
          forecast: [
            [28.6, 0, 19.1, 41.2],
            [42.2, 5.8, 35.4, 63.7],
            [52.1, 14.5, 51.6, 84.7],
          ].map(([shipped, future, lower, upper], i) => ({
            period: i + 1,
            shipped,
            future,
            expected: shipped + future,
            lower,
            upper,
            rounded: {
              expected: Math.round(shipped + future),
              lower: Math.round(lower),
              upper: Math.round(upper),
            },
          })),
          labels: ["2010-10", "2010-11", "2010-12"],
        },
        {
          width: 480,
          height: 260,
          document: chartDocument(),
          labels: {
            period: "Period",
            returns: "Returns",
            shipped: "From shipped units",
            future: "From future sales",
            interval: "95% interval",
          },
        },
      ),
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
  "fixed-cost-replacement": {
    covers: "costCurveChart",
    // C(t) = (Cp + (Cu - Cp) F(t)) / t with a linear F up to 1000 (a hand-made curve, not a model's).
    draw: () =>
      cost.costCurveChart(
        {
          curve: Array.from({ length: 50 }, (_, i) => {
            const t = 20 * (i + 1);
            return { t, costPerUnitTime: (1 + 4 * (t / 1000) ** 2) / t };
          }),
          optimum: { t: 500, cost: 0.004 },
          runToFailure: 0.0056,
        },
        {
          width: 480,
          height: 260,
          document: chartDocument(),
          labels: {
            x: "Replacement age",
            cost: "Cost per unit time",
            optimum: "Optimum",
            runToFailure: "Run to failure",
          },
        },
      ),
  },
  "fixed-testdesign-oc": {
    covers: "ocChart",
    // P(no failure in 22 units) against the true reliability, closed form.
    draw: () => {
      const x = Array.from({ length: 41 }, (_, i) => 80 + i * 0.5);
      return testdesign.ocChart(
        { x, pAccept: x.map((r) => (r / 100) ** 22), goal: 90 },
        {
          width: 480,
          height: 260,
          document: chartDocument(),
          labels: { x: "True reliability (%)", pAccept: "Probability of passing", goal: "Goal" },
        },
      );
    },
  },
  "fixed-testdesign-tradeoff": {
    covers: "tradeoffChart",
    draw: () => {
      const testTime = Array.from({ length: 20 }, (_, i) => 10 * (i + 1));
      return testdesign.tradeoffChart(
        {
          testTime,
          samples: testTime.map((t) => Math.ceil(2302.6 / t)),
          plan: { testTime: 50, samples: 47 },
        },
        {
          width: 480,
          height: 260,
          document: chartDocument(),
          labels: { testTime: "Test time per unit (h)", samples: "Samples", plan: "This plan" },
        },
      );
    },
  },
  "fixed-testdesign-interference": {
    covers: "interferenceChart",
    draw: () => {
      const x = Array.from({ length: 81 }, (_, i) => i);
      const normal = (t: number, m: number, s: number) =>
        Math.exp(-0.5 * ((t - m) / s) ** 2) / (s * Math.sqrt(2 * Math.PI));
      return testdesign.interferenceChart(
        { x, stress: x.map((t) => normal(t, 20, 6)), strength: x.map((t) => normal(t, 40, 7)) },
        {
          width: 480,
          height: 260,
          document: chartDocument(),
          labels: {
            x: "Stress, strength",
            density: "Density",
            stress: "Stress",
            strength: "Strength",
            interference: "Interference",
          },
        },
      );
    },
  },
  "fixed-testdesign-sequential": {
    covers: "sequentialChart",
    // Wald's lines for p1 1 %, p2 10 %, alpha 5 %, beta 10 % (slope 0.0397, intercepts -0.939 and 1.205).
    draw: () => {
      const samples = Array.from({ length: 60 }, (_, i) => i + 1);
      const accept = samples.map((n) => {
        const a = Math.floor(-0.938862 + 0.0397468 * n);
        return a >= 0 ? a : null;
      });
      return testdesign.sequentialChart(
        { samples, accept, reject: samples.map((n) => Math.ceil(1.205379 + 0.0397468 * n)) },
        {
          width: 480,
          height: 260,
          document: chartDocument(),
          labels: {
            samples: "Units tested",
            failures: "Failures",
            accept: "Accept at or below",
            reject: "Reject at or above",
          },
        },
      );
    },
  },
  "fixed-alt-life-stress": {
    covers: "lifeStressChart",
    draw: () =>
      alt.lifeStressChart(fixedAltFit(), {
        width: 640,
        height: 360,
        document: chartDocument(),
        labels: {
          stress: "Temperature (C)",
          life: "Time (h)",
          failures: "Failures",
          line: "B10 life",
          bounds: "Bounds",
          use: "Use",
        },
      }),
  },
  ...Object.fromEntries(
    (["reliability", "pdf"] as const).map((kind) => [
      `fixed-alt-use-${kind}`,
      {
        covers: "curvesAtUseChart",
        draw: () =>
          alt.curvesAtUseChart(fixedAltFit(), kind, {
            width: 640,
            height: 320,
            document: chartDocument(),
            labels: {
              time: "Time (h)",
              value: kind === "pdf" ? "Density f(t)" : "Reliability R(t)",
              use: "Use",
            },
          }),
      },
    ]),
  ),
  "fixed-alt-acceleration": {
    covers: "accelerationChart",
    draw: () =>
      alt.accelerationChart(fixedAltFit(), {
        width: 640,
        height: 340,
        document: chartDocument(),
        labels: {
          stress: "Temperature (C)",
          factor: "Acceleration factor",
          line: "AF",
          bounds: "Bounds",
          levels: "Test levels",
          use: "Use",
        },
      }),
  },
  "fixed-alt-contour": {
    covers: "altContourChart",
    draw: () =>
      alt.altContourChart(fixedAltFit(), {
        width: 480,
        height: 360,
        document: chartDocument(),
        name: "Arrhenius-Weibull",
      }) as SVGSVGElement,
  },
  "fixed-prediction-pareto": {
    covers: "contributorsChart",
    draw: () =>
      prediction.contributorsChart(
        [
          { label: "U1", rate: 0.41, cumulative: 0.5 },
          { label: "C1-C20", rate: 0.25, cumulative: 0.805 },
          { label: "R1-R10", rate: 0.1, cumulative: 0.927 },
          { label: "K1", rate: 0.06, cumulative: 1 },
        ],
        {
          width: 560,
          height: 160,
          document: chartDocument(),
          labels: { rate: "Failures per 10^6 h", cumulative: "Cumulative share" },
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
  "fixed-doe-interactions": {
    covers: "interactionChart",
    // Two pairs of a 2^3 design's cell means: a strong interaction (T x K) beside none (T x C).
    draw: () =>
      doe.interactionChart(
        [
          {
            a: "T",
            aLevels: ["160", "180"],
            b: "K",
            bLevels: ["A", "B"],
            means: [
              [57, 48.5],
              [69.5, 82],
            ],
          },
          {
            a: "T",
            aLevels: ["160", "180"],
            b: "C",
            bLevels: ["20", "40"],
            means: [
              [55.5, 50],
              [78, 73.5],
            ],
          },
        ],
        { width: 560, height: 260, document: chartDocument(), labels: { mean: "Mean of yield" } },
      ),
  },
  "fixed-doe-residuals": {
    covers: "residualsChart",
    draw: () =>
      doe.residualsChart(
        { fitted: [52, 52, 75, 75, 61, 61, 84, 84], residuals: [-1.5, 1.5, 0.5, -0.5, 2, -2, -1, 1] },
        {
          width: 480,
          height: 240,
          document: chartDocument(),
          labels: { fitted: "Fitted value", residual: "Residual" },
        },
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
  "fixed-degradation-paths": {
    covers: "degradationPathsChart",
    // Three linear paths y = a t + 5 measured at 10..50 h, threshold 12: two reach it at 70 and 140 h, the third
    // (slope 0.02) would at 350 h and is suspended at the limit 200 h.
    draw: () => {
      const slopes = [0.1, 0.05, 0.02];
      const time = Float64Array.from([10, 20, 30, 40, 50]);
      return degradation.degradationPathsChart(
        {
          model: "linear",
          threshold: 12,
          units: slopes.map((a, k) => ({
            id: `U${k + 1}`,
            parameters: { a, b: 5 },
            pseudoFailureTime: Math.min(7 / a, 200),
            suspended: 7 / a > 200,
          })),
          measurements: slopes.map((a) => ({ time, value: time.map((t) => a * t + 5) })),
        },
        {
          width: 560,
          height: 300,
          document: chartDocument(),
          labels: {
            time: "Test time (h)",
            value: "Crack length (mm)",
            threshold: "Threshold",
            failure: "Pseudo failure time",
            suspension: "Suspension",
          },
        },
      );
    },
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
