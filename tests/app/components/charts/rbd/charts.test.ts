// The eRBD charts drawn in Node from real kernel results for the e2e diagram (2-of-3 with a mirror): SVG
// snapshots (tests/app/components/charts/output/rbd-*.svg), and checks that hold whatever the bytes: one dot and one
// error bar per simulated point, the bars inside [0, 1], two bars per component in the importance chart.
import { describe, expect, it } from "vitest";
import { importanceChart, reliabilityChart } from "../../../../../src/app/components/charts/rbd/charts.ts";
import { curveTimes, simulatedTimes } from "../../../../../src/app/features/rbd/timeline.ts";
import { exactRbd, exactRbdCurve } from "../../../../../src/kernels/rbd/exact.ts";
import type { RbdModel } from "../../../../../src/kernels/rbd/model.ts";
import { simulateRbd } from "../../../../../src/kernels/rbd/simulate.ts";
import { chartDocument, expectSnapshot } from "../snapshot.ts";

const model: RbdModel = {
  name: "2-of-3 with a mirror",
  missionTime: 200,
  blocks: [
    { id: "B1", kind: "host", distribution: { type: "exponential", lambda: 0.001 } },
    { id: "B2", kind: "regular", distribution: { type: "weibull2p", beta: 1.5, eta: 800 } },
    { id: "B3", kind: "regular", distribution: { type: "exponential", lambda: 0.0015 } },
    { id: "K1", kind: "kofn", k: 2 },
    { id: "B4", kind: "regular", distribution: { type: "exponential", lambda: 0.0005 } },
    { id: "M1", kind: "mirror", of: "B1" },
  ],
  edges: [
    ["start", "B1"],
    ["start", "B2"],
    ["start", "B3"],
    ["B1", "K1"],
    ["B2", "K1"],
    ["B3", "K1"],
    ["K1", "B4"],
    ["K1", "M1"],
    ["B4", "end"],
    ["M1", "end"],
  ],
};

const labels = {
  time: "Time",
  reliability: "Reliability R(t)",
  exact: "Exact",
  simulated: "Simulated (95% bars)",
  mission: "Mission time",
};

describe("eRBD charts", () => {
  it("reliability over time: the exact curve, simulated points with 95% error bars, the mission time", async () => {
    const exact = await exactRbd(model);
    const times = curveTimes(model, exact.mttf);
    const curve = await exactRbdCurve(model, times);
    const sim = await simulateRbd(model, { trials: 20_000, seed: 3, times: simulatedTimes(model, times) });
    const points = sim.curve;
    const svg = reliabilityChart(
      {
        exact: { time: Array.from(curve.time), reliability: Array.from(curve.reliability) },
        simulated: { points, z: 1.959963984540054 },
        missionTime: model.missionTime,
      },
      { width: 640, height: 320, document: chartDocument(), labels },
    );
    // dots: the simulated points plus the legend's (the exact curve's entry is a line)
    expect(svg.querySelectorAll("circle").length).toBe(points.length + 1);
    const texts = [...svg.querySelectorAll("text")].map((t) => t.textContent);
    expect(texts).toContain("Mission time");
    expect(texts).toContain("Simulated (95% bars)");
    // x ticks are times, a handful of them (a band scale would label every point)
    const ticks = svg.querySelectorAll("[aria-label='x-axis tick label'] text");
    expect(ticks.length).toBeGreaterThan(3);
    expect(ticks.length).toBeLessThan(15);
    expectSnapshot("rbd-reliability", svg);
  });

  it("importance: Birnbaum and criticality of each component, sorted by Birnbaum", async () => {
    const exact = await exactRbd(model);
    const rows = exact.importance.map((c) => ({ ...c, label: c.blockId }));
    const svg = importanceChart(rows, {
      width: 480,
      height: 58 + 30 * rows.length,
      document: chartDocument(),
      labels: { birnbaum: "Birnbaum", criticality: "Criticality", value: "Importance at 200" },
    });
    expect(rows.map((r) => r.blockId).sort()).toEqual(["B1", "B2", "B3", "B4"]);
    expect(svg.querySelectorAll("[aria-label='bar'] rect").length).toBe(2 * rows.length);
    const order = [...svg.querySelectorAll("[aria-label='fy-axis tick label'] text")].map(
      (t) => t.textContent,
    );
    const byBirnbaum = [...rows].sort((a, b) => b.birnbaum - a.birnbaum).map((r) => r.blockId);
    expect(order).toEqual(byBirnbaum);
    expectSnapshot("rbd-importance", svg);
  });
});
