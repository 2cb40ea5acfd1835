// The fault tree chart specs drawn in Node from a real analysis: importance bars largest first (Birnbaum of
// a 2-out-of-3 tree, hand-checked) and the top probability curve ending at the mission time, as snapshots.
import { describe, expect, it } from "vitest";
import {
  importanceChart,
  probabilityCurveChart,
} from "../../../../../src/app/components/charts/fta/charts.ts";
import { emptyModel, type FtaModel } from "../../../../../src/kernels/fta/model.ts";
import { analyzeFaultTree } from "../../../../../src/kernels/fta.ts";
import { isClose } from "../../../../helpers/accuracy.ts";
import { chartDocument, expectSnapshot } from "../snapshot.ts";

/** TOP = 2 out of {A, B, C}, exponential events with rates 1e-4, 2e-4, 3e-4 per hour, 1,000 h. */
function twoOfThree(): FtaModel {
  return {
    ...emptyModel("2oo3"),
    missionTime: 1000,
    gates: [{ code: "TOP", type: "atleast", k: 2, inputs: ["A", "B", "C"] }],
    basicEvents: [
      { code: "A", distribution: { type: "exponential", lambda: 1e-4 } },
      { code: "B", distribution: { type: "exponential", lambda: 2e-4 } },
      { code: "C", distribution: { type: "exponential", lambda: 3e-4 } },
    ],
    houseEvents: [],
  };
}

describe("fault tree charts", () => {
  it("draws importance as bars, largest first, with each value beside its bar", async () => {
    const result = await analyzeFaultTree(twoOfThree(), { importance: true, curvePoints: 0 });
    const p = (rate: number) => 1 - Math.exp(-rate * 1000);
    const [a, b, c] = [p(1e-4), p(2e-4), p(3e-4)];
    // Birnbaum of A in 2oo3: P(top | A) - P(top | not A) = (b + c - bc) - bc
    const birnbaumA = b + c - 2 * b * c;
    // and by symmetry for B and C.
    const hand = { A: birnbaumA, B: a + c - 2 * a * c, C: a + b - 2 * a * b };
    for (const [event, value] of Object.entries(hand))
      expect(isClose(result.importance?.[event].birnbaum ?? Number.NaN, value, { rtol: 1e-14 }), event).toBe(
        true,
      );
    const bars = Object.entries(result.importance ?? {})
      .map(([event, imp]) => ({ event, value: imp.birnbaum }))
      .sort((x, y) => y.value - x.value);
    expect(bars.map((x) => x.event)).toEqual(["A", "B", "C"]);
    const svg = importanceChart(bars, {
      width: 560,
      height: 140,
      document: chartDocument(),
      label: "Birnbaum",
    });
    expectSnapshot("fta-importance-birnbaum", svg);
    // One bar per event, top to bottom in the given order, each as long as its value on a scale from 0.
    const rects = [...svg.querySelectorAll("g[aria-label='bar'] rect")];
    expect(rects.length).toBe(3);
    const ys = rects.map((r) => Number(r.getAttribute("y")));
    expect([...ys].sort((p, q) => p - q)).toEqual(ys);
    const perUnit = rects.map((r, i) => Number(r.getAttribute("width")) / bars[i].value);
    for (const k of perUnit) expect(isClose(k, perUnit[0], { rtol: 1e-9 })).toBe(true);
    expect(svg.textContent).toContain(birnbaumA.toPrecision(5).replace(/0+$/, ""));
  });

  it("draws the top probability from 0 to the mission time, marking its value there", async () => {
    const result = await analyzeFaultTree(twoOfThree(), { curvePoints: 21 });
    const curve = result.curve;
    if (!curve) throw new Error("no curve");
    expect(curve.time[0]).toBe(0);
    expect(curve.time[20]).toBe(1000);
    expect(curve.probability[20]).toBeCloseTo(result.probability.exact ?? Number.NaN, 15);
    const svg = probabilityCurveChart(curve, {
      width: 560,
      height: 240,
      document: chartDocument(),
      labels: { time: "Time (h)", probability: "P(top)" },
    });
    expectSnapshot("fta-probability-curve", svg);
    expect(svg.querySelectorAll("path").length).toBeGreaterThan(0);
  });
});
