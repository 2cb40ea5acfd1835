// Chart spec functions drawn in Node from real kernel fits: snapshots, plus checks that do not depend on the
// picture's exact bytes (the fitted Weibull line crosses 63.2% at eta; one segment per interval row; dense
// points are thinned without leaving any occupied pixel cell empty).
import { describe, expect, it } from "vitest";
import { contourPlot } from "../../../../../src/app/components/charts/life/contourPlot.ts";
import {
  lifeCurvePlot,
  SINGULAR_SHARE,
  valueDomain,
} from "../../../../../src/app/components/charts/life/lifeCurves.ts";
import { normalQuantile, paperFor } from "../../../../../src/app/components/charts/life/paper.ts";
import { probabilityPlot } from "../../../../../src/app/components/charts/life/probabilityPlot.ts";
import { valueAxis } from "../../../../../src/app/components/charts/shared/style.ts";
import { axisMap, thinIndices } from "../../../../../src/app/components/charts/shared/thin.ts";
import { fitLife, type LifeColumns } from "../../../../../src/kernels/life.ts";
import { chartDocument, expectSnapshot } from "../snapshot.ts";

const labels = {
  time: "Time (hours)",
  unreliability: "Unreliability F(t) (%)",
  suspensions: "Suspensions",
  fitted: "Fitted",
  bounds: "90% bounds",
};

// Ten failures and five suspensions (hours).
const rightCensored: LifeColumns = {
  end: Float64Array.from([16, 34, 53, 70, 75, 93, 110, 120, 150, 180, 191, 240, 300, 339, 400]),
  state: Uint8Array.from([1, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 0]),
};

// Inspection data: failures found between inspections, two left-censored, three survivors.
const intervalData: LifeColumns = {
  start: Float64Array.from([0, 0, 50, 50, 100, 100, 100, 150, 150, 200, Number.NaN, Number.NaN, Number.NaN]),
  end: Float64Array.from([50, 50, 100, 100, 150, 150, 150, 200, 200, 250, 250, 250, 250]),
  state: Uint8Array.from([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0]),
};

describe("probability plot", () => {
  it("draws Weibull 2P with suspensions; the fitted line crosses 63.2% at eta", async () => {
    const fit = await fitLife(rightCensored, { distribution: "weibull2p", confidence: 90 });
    const document = chartDocument();
    const svg = probabilityPlot(
      [{ name: "Bearings", fit, rows: { end: rightCensored.end, state: rightCensored.state } }],
      { width: 640, height: 420, document, labels },
    );
    expectSnapshot("probability-weibull", svg);
    // Ten plotting positions, five suspension marks.
    const circles = svg.querySelectorAll("circle");
    expect(circles.length).toBeGreaterThanOrEqual(10);
    const paper = paperFor("weibull2p");
    expect(paper.y(0.632)).toBeCloseTo(Math.log(-Math.log(1 - 0.632)), 12);
    // The fit's own curve through F(eta) = 1 - 1/e, on the paper.
    const eta = fit.parameters.eta;
    const c = fit.curves;
    if (!c) throw new Error("no curves");
    const i = c.time.findIndex((t) => t > eta);
    const t0 = c.time[i - 1];
    const t1 = c.time[i];
    const y = (F: number) => paper.y(F);
    const yAtEta =
      y(c.unreliability[i - 1]) +
      ((y(c.unreliability[i]) - y(c.unreliability[i - 1])) * (Math.log(eta) - Math.log(t0))) /
        (Math.log(t1) - Math.log(t0));
    expect(yAtEta, "Weibull paper is linear in ln t").toBeCloseTo(paper.y(1 - Math.exp(-1)), 3);
  });

  it("draws lognormal interval data as segments over each interval", async () => {
    const fit = await fitLife(intervalData, { distribution: "lognormal", confidence: 90 });
    const svg = probabilityPlot(
      [
        {
          name: "Inspections",
          fit,
          rows: { start: intervalData.start, end: intervalData.end, state: intervalData.state },
        },
      ],
      { width: 640, height: 420, document: chartDocument(), labels },
    );
    expectSnapshot("probability-lognormal-interval", svg);
    // Plot.link draws one path per segment: one per failure row (left-censored and interval alike).
    const links = svg.querySelector("g[aria-label='link']");
    expect(links?.querySelectorAll("path").length).toBe(10);
  });

  it("puts normal and exponential fits on their own papers", async () => {
    for (const distribution of ["normal", "exponential1p"] as const) {
      const fit = await fitLife(rightCensored, { distribution });
      const svg = probabilityPlot([{ name: distribution, fit }], {
        width: 560,
        height: 380,
        document: chartDocument(),
        labels,
        bounds: "time",
      });
      expectSnapshot(`probability-${distribution}`, svg);
    }
  });

  it("names the bounds in the legend only when it draws them (issue 15)", async () => {
    const withBounds = await fitLife(rightCensored, { distribution: "weibull2p" });
    const drawn = probabilityPlot([{ name: "with", fit: withBounds }], {
      width: 560,
      height: 380,
      document: chartDocument(),
      labels,
    });
    expect(drawn.textContent).toContain(labels.bounds);
    // Weibayes (no failures): a line without a covariance, so no bounds to draw and none to name.
    const weibayes = await fitLife(
      { end: Float64Array.from([100, 200, 300]), state: Uint8Array.from([0, 0, 0]) },
      { distribution: "weibull1p", beta: 2 },
    );
    const none = probabilityPlot([{ name: "weibayes", fit: weibayes }], {
      width: 560,
      height: 380,
      document: chartDocument(),
      labels,
    });
    expect(none.textContent).not.toContain(labels.bounds);
  });

  it("overlays several data sets on one paper (multi-plot)", async () => {
    const a = await fitLife(rightCensored, { distribution: "weibull2p" });
    const b = await fitLife(
      { end: Float64Array.from([45, 80, 95, 130, 160, 170, 210, 260]) },
      { distribution: "weibull2p" },
    );
    const svg = probabilityPlot(
      [
        { name: "Supplier A", fit: a, rows: { end: rightCensored.end, state: rightCensored.state } },
        { name: "Supplier B", fit: b },
      ],
      { width: 640, height: 420, document: chartDocument(), labels, bounds: "none" },
    );
    expectSnapshot("probability-multi", svg);
    expect(svg.textContent).toContain("Supplier A");
    expect(svg.textContent).toContain("Supplier B");
  });
});

describe("thinning", () => {
  it("keeps one point per occupied pixel cell and drops none of the cells", () => {
    const n = 400_000;
    const xs = new Float64Array(n);
    const ys = new Float64Array(n);
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < n; i++) {
      xs[i] = 100 * (-Math.log(1 - random())) ** 0.5;
      ys[i] = (i + 0.7) / (n + 0.4);
    }
    const px = axisMap([0.1, 1000], [0, 600], true);
    const py = axisMap([normalQuantile(1e-6), normalQuantile(1 - 1e-6)], [400, 0], false);
    const keep = thinIndices(
      n,
      (i) => px(xs[i]),
      (i) => py(normalQuantile(ys[i])),
      600,
      400,
      1.5,
    );
    expect(keep.length).toBeLessThan(n / 10);
    const cell = (i: number) =>
      `${Math.floor(py(normalQuantile(ys[i])) / 1.5)},${Math.floor(px(xs[i]) / 1.5)}`;
    const kept = new Set(Array.from(keep, cell));
    for (let i = 0; i < n; i += 997) expect(kept.has(cell(i))).toBe(true);
  });
});

describe("curves and contour", () => {
  it("draws reliability with bounds and the failure rate", async () => {
    const fit = await fitLife(rightCensored, { distribution: "weibull2p" });
    if (!fit.curves) throw new Error("no curves");
    for (const kind of ["reliability", "failureRate"] as const) {
      const svg = lifeCurvePlot([{ name: "Bearings", curves: fit.curves }], {
        kind,
        width: 520,
        height: 320,
        document: chartDocument(),
        labels: { time: "Time (hours)", value: kind },
      });
      expectSnapshot(`curve-${kind}`, svg);
      expect(svg.querySelector("g[aria-label='area']")).not.toBeNull();
    }
  });

  it("draws the likelihood-ratio contour around the estimate", async () => {
    const fit = await fitLife(rightCensored, { distribution: "weibull2p", bounds: "lr", contour: true });
    if (!fit.contour) throw new Error("no contour");
    const svg = contourPlot(
      [{ name: "Bearings", contour: fit.contour, estimate: [fit.parameters.beta, fit.parameters.eta] }],
      { width: 480, height: 360, document: chartDocument() },
    );
    expectSnapshot("contour-weibull", svg);
    expect(svg.textContent).toContain("beta");
  });
});

describe("value axis of pdf and failure rate", () => {
  // Thirty Weibull failures at the median ranks of shape `beta`, scale 1000 h: a fit near that shape.
  const sample = (beta: number) =>
    Float64Array.from({ length: 30 }, (_, i) => 1000 * (-Math.log1p(-(i + 0.7) / 30.4)) ** (1 / beta));
  const points = (time: Float64Array, ...columns: Float64Array[]) =>
    Array.from(time, (t, i) => ({ time: t, values: columns.map((c) => c[i]) }));

  for (const beta of [0.5, 1, 3.5])
    it(`is finite and covers the curve and its bounds at beta ${beta}`, async () => {
      const fit = await fitLife({ end: sample(beta) }, { distribution: "weibull2p" });
      const c = fit.curves;
      if (!c) throw new Error("no curves");
      expect(fit.parameters.beta).toBeCloseTo(beta, 0);
      for (const kind of ["pdf", "failureRate"] as const) {
        const [v, lo, hi] = [c[kind], c[`${kind}Lower`], c[`${kind}Upper`]];
        const [bottom, top] = valueDomain([points(c.time, v, lo, hi)]);
        expect(bottom).toBe(0);
        expect(Number.isFinite(top) && top > 0, `${kind} top ${top}`).toBe(true);
        const cut = c.time[0] + SINGULAR_SHARE * (c.time[c.time.length - 1] - c.time[0]);
        const all = Math.max(...v, ...hi);
        const beyond = Math.max(...[...v, ...hi].filter((_, i) => c.time[i % c.time.length] >= cut));
        // Everything right of the first 2% of the time axis is inside the frame...
        expect(top, kind).toBeGreaterThanOrEqual(beyond);
        if (beta < 1) {
          // ...and at beta < 1 the singular left end (f, h -> infinity as t -> 0) does not set the axis.
          expect(all, kind).toBeGreaterThan(10 * beyond);
          expect(top, kind).toBeLessThanOrEqual(1.1 * beyond * (1 + 1e-12));
        } else {
          // At beta >= 1 the fitted curve is whole; only a band that widens without bound at the left (the
          // shape's uncertainty, as t -> 0) may leave the frame there.
          expect(top, `${kind}: the curve is whole`).toBeGreaterThanOrEqual(Math.max(...v));
          if (top < all) expect(top, kind).toBeLessThanOrEqual(1.1 * beyond * (1 + 1e-12));
        }
        // The drawn curve is clipped to the frame rather than running over the axis labels.
        const svg = lifeCurvePlot([{ name: "Set", curves: c }], {
          kind,
          width: 520,
          height: 320,
          document: chartDocument(),
          labels: { time: "Time (hours)", value: kind },
        });
        expect(svg.querySelector("g[aria-label='line'][clip-path]")).not.toBeNull();
      }
    });

  it("falls back to [0, 1] when there is nothing finite to show", () => {
    expect(valueDomain([])).toEqual([0, 1]);
    expect(valueDomain([[{ time: 1, values: [Number.POSITIVE_INFINITY, Number.NaN] }]])).toEqual([0, 1]);
  });
});

describe("value axis ticks and margin", () => {
  it("covers the range with distinct labels and a left margin wider than the widest label", () => {
    for (const [lo, hi] of [
      [0, 2.2e-4],
      [0, 7e-4],
      [0, 0.03],
      [0, 1],
      [150, 400],
      [750, 1250],
      [0, 12_500_000],
      [0, 3.3e-9],
      [5, 5],
    ] as const) {
      const axis = valueAxis(lo, hi, 260);
      expect(axis.domain[0]).toBeLessThanOrEqual(lo);
      expect(axis.domain[1]).toBeGreaterThanOrEqual(hi);
      expect(axis.ticks.length, `${lo}..${hi}`).toBeGreaterThanOrEqual(3);
      const labels = axis.ticks.map(axis.tickFormat);
      expect(new Set(labels).size, labels.join(" ")).toBe(labels.length);
      // 6.2 px a character at 11 px (legendMarks' estimate), 9 px of tick and padding, the rotated label.
      const widest = Math.max(...labels.map((l) => 6.2 * l.length));
      expect(axis.marginLeft, labels.join(" ")).toBeGreaterThanOrEqual(widest + 9 + 14);
    }
  });
});
