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
import { fitCrowAmsaa, fitCrowAmsaaCurve, trackGrowth } from "../../../../../src/kernels/growth.ts";
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
    model: "mil-hdbk-189",
    managementStrategy: null,
    fixEffectiveness: null,
    fixLag: null,
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
    const { curve } = await fitCrowAmsaaCurve(
      { kind: "individual", times: B, termination: "time", ends: [3000] },
      { confidence: 90, sided: "two", bounds: "crow" },
      40,
    );
    const mtbf = mtbfChart(
      { times: B, fit, curve },
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
    // The cumulative and instantaneous curves, and the two bounds of each dashed.
    expect(mtbf.querySelectorAll('g[aria-label="line"] path').length).toBe(6);
    expect(mtbf.querySelectorAll('g[aria-label="line"][stroke-dasharray="5 4"]').length).toBe(4);
    expectSnapshot("growth-mtbf", mtbf);
  });

  it("grouped data: one point per interval at its running total, the bounds over time", async () => {
    const ends = [62, 100, 187, 210, 350, 500];
    const counts = [12, 6, 15, 3, 18, 16];
    const { fit, curve } = await fitCrowAmsaaCurve(
      { kind: "grouped", ends, counts },
      { confidence: 90, sided: "two", bounds: "fisher" },
      20,
    );
    const labels = { time: "Time", failures: "Failures", observed: "Observed", fitted: "Crow-AMSAA" };
    const plot = growthPlot({ times: ends, counts, fit }, { ...size, document: chartDocument(), labels });
    // Six intervals plus the legend's dot; the last at the total of 70 failures.
    expect(plot.querySelectorAll('g[aria-label="dot"] circle').length).toBe(7);
    const mtbf = mtbfChart(
      { times: ends, counts, fit, curve },
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
    expect(mtbf.querySelectorAll('g[aria-label="line"][stroke-dasharray="5 4"]').length).toBe(4);
    expect(mtbf.querySelectorAll('g[aria-label="dot"] circle').length).toBe(7);
  });

  it("the last time tick label clear of the chart's right edge (a PM2 plan to 10,000)", () => {
    const steps = [1000, 2500, 5000, 7500, 10_000].map((end, i) => ({
      end,
      mtbf: 50 + 8 * i,
      failures: 0,
      idealizedEnd: 50 + 8 * i,
    }));
    const curve = Array.from({ length: 101 }, (_, i) => ({ time: i * 100, mtbf: 50 + i * 0.4 }));
    const svg = planChart(
      { curve, steps },
      {
        ...size,
        document: chartDocument(),
        labels: { time: "Test time", mtbf: "MTBF", idealized: "PM2", planned: "Planned" },
      },
    );
    const labels = [...svg.querySelectorAll('g[aria-label="x-axis tick label"] text')];
    const last = labels[labels.length - 1];
    expect(last.textContent).toBe("10,000");
    const x = Number(/translate\(([\d.]+),/.exec(last.getAttribute("transform") ?? "")?.[1]);
    // Centred on x, at 11 px about 6.2 px a character (the charts' estimate): 2 px or more to spare.
    expect(x + (6.2 * "10,000".length) / 2).toBeLessThanOrEqual(size.width - 2);
  });

  it("tracking: demonstrated MTBF at phase ends, below plan marked", async () => {
    if (!plan) throw new Error("no plan");
    const tracked = await trackGrowth(
      { kind: "individual", times: B, termination: "time", ends: [3000] },
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

  it("tracking grouped data: each phase's dot at the last interval end by its end", async () => {
    if (!plan) throw new Error("no plan");
    // MIL-HDBK-189's grouped Example 3 (intervals of 330 h to 3000) against phases to 700, 1500 and 3000:
    // given at 660, 1320 and 3000 (the plan's first phase, to 500, holds one interval: no estimate).
    const { ends, counts } = readFixture<{ milhdbkExample3: { ends: number[]; counts: number[] } }>(
      "growth/growth.json",
    ).milhdbkExample3;
    const tracked = await trackGrowth(
      { kind: "grouped", ends, counts },
      plan.steps.map((s, i) => ({ end: i === 0 ? 700 : s.end, mtbf: s.mtbf })),
    );
    expect(tracked.map((p) => p.at)).toEqual([660, 1320, 3000]);
    expect(tracked.every((p) => Number.isFinite(p.demonstrated))).toBe(true);
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
    // The three dots (the legend's two after them) at x in proportion 660 : 1320 : 3000 on the linear axis.
    const cx = [...svg.querySelectorAll('g[aria-label="dot"] circle')].map((c) =>
      Number(c.getAttribute("cx")),
    );
    expect(cx).toHaveLength(5);
    const x0 = 2 * cx[0] - cx[1];
    expect(cx[2] - x0).toBeCloseTo(((cx[1] - x0) * 3000) / 1320, 6);
    expectSnapshot("growth-tracking-grouped", svg);
  });

  it("a track of 20,000 failures: a dot within 1.5 px of every failure, a few thousand dots drawn", async () => {
    // A power law (beta 0.6, lambda 0.5) from unit Poisson arrivals, seeded.
    let seed = 7;
    const u = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return (seed + 0.5) / 4294967296;
    };
    let g = 0;
    const times = Array.from({ length: 20_000 }, () => {
      g -= Math.log(u());
      return (g / 0.5) ** (1 / 0.6);
    });
    const end = times[times.length - 1] * 1.01;
    const fit = await fitCrowAmsaa(
      { kind: "individual", times, termination: "time", ends: [end] },
      { confidence: 90, sided: "two", bounds: "crow" },
    );
    const options = { ...size, document: chartDocument() };
    const charts = [
      {
        svg: growthPlot(
          { times, fit },
          { ...options, labels: { time: "", failures: "", observed: "", fitted: "" } },
        ),
        y: (i: number) => i + 1,
      },
      {
        svg: mtbfChart(
          { times, fit },
          {
            ...options,
            labels: { time: "", mtbf: "", observed: "", cumulative: "", instantaneous: "", bounds: "" },
          },
        ),
        y: (i: number) => times[i] / (i + 1),
      },
    ];
    for (const { svg, y } of charts) {
      const dots = [...svg.querySelectorAll('g[aria-label="dot"] circle')]
        .map((c) => ({ x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")) }))
        .filter((d) => Number.isFinite(d.x) && Number.isFinite(d.y));
      expect(dots.length).toBeGreaterThan(100);
      expect(dots.length).toBeLessThan(3000);
      // Where Plot puts each failure's dot, against the dots drawn (found through a 1 px hash): at most
      // 1.5 px away in x and in y (plus Plot's rounding of coordinates to 0.01 px).
      const scales = svg as unknown as { scale(n: string): { apply(v: number): number } };
      const [sx, sy] = [scales.scale("x"), scales.scale("y")];
      const drawn = new Map<string, { x: number; y: number }[]>();
      for (const d of dots) {
        const key = `${Math.floor(d.x)},${Math.floor(d.y)}`;
        drawn.set(key, [...(drawn.get(key) ?? []), d]);
      }
      let far = 0;
      for (let i = 0; i < times.length; i++) {
        const px = sx.apply(times[i]);
        const py = sy.apply(y(i));
        let near = false;
        for (let dx = -2; dx <= 2 && !near; dx++)
          for (let dy = -2; dy <= 2 && !near; dy++)
            near = (drawn.get(`${Math.floor(px) + dx},${Math.floor(py) + dy}`) ?? []).some(
              (d) => Math.max(Math.abs(d.x - px), Math.abs(d.y - py)) <= 1.51,
            );
        if (!near) far++;
      }
      expect(far).toBe(0);
    }
  });
});
