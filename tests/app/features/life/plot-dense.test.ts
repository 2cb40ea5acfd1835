// Issue 16 point 7: at many thousand rows the probability plot stays readable: the fitted line and its
// bounds are drawn above the (thinned) points, and the plot says how many of how many points it shows.
import { describe, expect, it } from "vitest";
import { probabilityPlot } from "../../../../src/app/components/charts/life/probabilityPlot.ts";
import { fitLife } from "../../../../src/kernels/life.ts";
import { chartDocument } from "../../components/charts/snapshot.ts";

const labels = {
  time: "Time",
  unreliability: "F",
  suspensions: "Suspensions",
  fitted: "Fitted",
  bounds: "90% bounds",
  thinned: (shown: number, total: number) => `${shown} of ${total} shown`,
};

describe("probability plot of a large set", () => {
  it("draws the line and bounds over the thinned points and says how many are shown", async () => {
    const n = 20_000;
    let seed = 7;
    const end = new Float64Array(n);
    const state = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      // Math.imul keeps the product exact (a plain product passes 2^53 and the sequence degenerates).
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      const t = 1000 * (-Math.log((seed + 0.5) / 2147483648)) ** (1 / 1.8);
      state[i] = i % 10 < 3 ? 0 : 1;
      end[i] = state[i] ? t : 0.6 * t;
    }
    const fit = await fitLife({ end, state }, { distribution: "weibull2p" });
    const svg = probabilityPlot([{ name: "Large", fit, rows: { end, state } }], {
      width: 640,
      height: 420,
      document: chartDocument(),
      labels,
    });
    const children = Array.from(svg.children);
    // The plotting positions are the largest group of dots (the legend and suspensions are others).
    const circles = children.map((g) =>
      g.getAttribute("aria-label") === "dot" ? g.querySelectorAll("circle").length : -1,
    );
    const shown = Math.max(...circles);
    const dots = circles.indexOf(shown);
    const over = children.flatMap((g, i) =>
      g.getAttribute("aria-label") === "line" || g.getAttribute("aria-label") === "area" ? [i] : [],
    );
    // the confidence band and its two edges, the fitted line on its white halo
    expect(over.map((i) => children[i].getAttribute("aria-label"))).toEqual([
      "area",
      "line",
      "line",
      "line",
      "line",
    ]);
    expect(Math.min(...over)).toBeGreaterThan(dots);
    expect(shown).toBeLessThan(n * 0.7);
    const note = Array.from(svg.querySelectorAll("text")).find((t) => t.textContent?.includes("shown"));
    expect(note?.textContent).toBe(`${shown} of ${n - n * 0.3} shown`);
  });

  it("says nothing about thinning when every point is drawn", async () => {
    const end = Float64Array.from([16, 34, 53, 75, 93, 120]);
    const fit = await fitLife({ end }, { distribution: "weibull2p" });
    const svg = probabilityPlot([{ name: "Small", fit }], {
      width: 640,
      height: 420,
      document: chartDocument(),
      labels,
    });
    expect(svg.textContent).not.toContain("shown");
  });
});
