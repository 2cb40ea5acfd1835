// The growth charts drawn in Node from real kernel results (MIL-HDBK-189 Example 1, its idealized plan):
// SVG snapshots (tests/app/components/charts/output/growth-*.svg) and checks that hold whatever the bytes.
import { describe, expect, it } from "vitest";
import {
  growthPlot,
  mtbfChart,
  planChart,
  trackingChart,
} from "../../../../../src/app/components/charts/growth/charts.ts";
import { plannedCurve } from "../../../../../src/app/features/growth/document.ts";
import { fitCrowAmsaa, trackGrowth } from "../../../../../src/kernels/growth.ts";
import { readFixture } from "../../../../helpers/accuracy.ts";
import { chartDocument, expectSnapshot } from "../snapshot.ts";

const B = readFixture<{ exampleB: { times: number[] } }>("growth/growth.json").exampleB.times;
const size = { width: 640, height: 320 };

const plan = plannedCurve({
  kind: "growthPlan",
  status: "atWork",
  approval: null,
  objectNumber: "",
  objectName: "",
  projectName: "",
  indicatorName: "",
  description: "",
  plan: {
    confidence: 90,
    growthStartTime: 500,
    growthRate: 0.35,
    initialForm: "mtbf",
    initialLevel: 40,
    stageTarget: 80,
    finalTarget: 110,
    phaseCount: 3,
    prototypeCount: 1,
    draftId: null,
  },
  phases: [500, 1500, 3000].map((testTime) => ({
    name: "",
    stageRisk: null,
    growthRate: 0.35,
    testTime,
    startDate: null,
    endDate: null,
    target: null,
  })),
});

describe("growth charts", () => {
  it("the plan: idealized curve and one planned step per phase", () => {
    if (!plan) throw new Error("no plan");
    const svg = planChart(plan, {
      ...size,
      document: chartDocument(),
      labels: { time: "Test time", mtbf: "MTBF", idealized: "Idealized", planned: "Planned" },
    });
    expect(svg.querySelectorAll('g[aria-label="rule"] line').length).toBe(3);
    expectSnapshot("growth-plan", svg);
  });

  it("the growth plot: one point per failure and the fitted line, on log scales", async () => {
    const fit = await fitCrowAmsaa(
      { kind: "individual", times: B, termination: "time", ends: [3000] },
      { confidence: 90, sided: "two", bounds: "crow" },
    );
    const svg = growthPlot(
      { times: B, fit },
      {
        ...size,
        document: chartDocument(),
        labels: { time: "Time", failures: "Failures", observed: "Observed", fitted: "Crow-AMSAA" },
      },
    );
    // The 46 failures plus the legend's dot.
    expect(svg.querySelectorAll('g[aria-label="dot"] circle').length).toBe(47);
    expectSnapshot("growth-plot", svg);
    const mtbf = mtbfChart(
      { times: B, fit },
      {
        ...size,
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
    );
    expectSnapshot("growth-mtbf", mtbf);
  });

  it("tracking: demonstrated MTBF at phase ends, below plan marked", async () => {
    if (!plan) throw new Error("no plan");
    const tracked = await trackGrowth(
      B,
      plan.steps.map((s) => ({ end: s.end, mtbf: s.mtbf })),
    );
    const svg = trackingChart(
      { curve: plan.curve, steps: plan.steps, tracked },
      {
        ...size,
        document: chartDocument(),
        labels: {
          time: "Test time",
          mtbf: "MTBF",
          idealized: "Idealized",
          planned: "Planned",
          demonstrated: "Demonstrated",
          below: "Below plan",
        },
      },
    );
    // Three phases plus two legend dots.
    expect(svg.querySelectorAll('g[aria-label="dot"] circle').length).toBe(5);
    expectSnapshot("growth-tracking", svg);
  });
});
