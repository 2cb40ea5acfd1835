// The test-design charts as pure functions `(data, options) => SVG` (Observable Plot), drawn by PlotFigure on
// the seven test pages and snapshot-tested in Node: the operating characteristic of a plan (probability of
// passing against the true reliability or MTTF, with the goal marked), the sample size against test time
// trade-off, and the stress and strength densities on one axis with their interference shaded.
import * as Plot from "@observablehq/plot";
import {
  axis,
  CHART_COLORS,
  CHART_STYLE,
  formatNumber as fmt,
  frame,
  legendMarks,
  MARGIN,
  SERIES_COLORS,
  valueAxis,
} from "../shared/style.ts";

export interface ChartOptions {
  width: number;
  height: number;
  document?: Document;
}

export interface OcInput {
  x: readonly number[];
  pAccept: readonly number[];
  /** The plan's goal on the x axis (the reliability or MTTF it demonstrates). */
  goal?: number;
  /** A log x axis (MTTF spans decades). */
  logX?: boolean;
}

export function ocChart(
  input: OcInput,
  options: ChartOptions & { labels: { x: string; pAccept: string; goal: string } },
): SVGSVGElement {
  const { labels } = options;
  const points = input.x
    .map((x, i) => ({ x, p: input.pAccept[i] }))
    .filter((d) => Number.isFinite(d.x) && d.x > 0);
  const marks: Plot.Markish[] = [frame()];
  if (input.goal !== undefined && Number.isFinite(input.goal))
    marks.push(
      Plot.ruleX([input.goal], { stroke: CHART_COLORS.rule, strokeDasharray: "4,3" }),
      Plot.text([input.goal], {
        x: (d: number) => d,
        frameAnchor: "top",
        dy: 4,
        dx: 4,
        textAnchor: "start",
        text: () => labels.goal,
        fill: CHART_COLORS.muted,
      }),
    );
  marks.push(
    Plot.line(points, { x: "x", y: "p", stroke: SERIES_COLORS[0], strokeWidth: 1.8 }),
    Plot.tip(
      points,
      Plot.pointerX({
        x: "x",
        y: "p",
        title: (d: { x: number; p: number }) => `${labels.x} = ${fmt(d.x)}\n${labels.pAccept} = ${fmt(d.p)}`,
      }),
    ),
  );
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: MARGIN.left,
    marginBottom: MARGIN.bottom,
    marginRight: MARGIN.right,
    marginTop: MARGIN.top + 4,
    style: CHART_STYLE,
    x: axis(labels.x, input.logX ? { type: "log" } : {}),
    y: axis(labels.pAccept, { domain: [0, 1] }),
    marks,
  }) as SVGSVGElement;
}

export function tradeoffChart(
  input: {
    testTime: readonly number[];
    samples: readonly number[];
    plan?: { testTime: number; samples: number };
  },
  options: ChartOptions & { labels: { testTime: string; samples: string; plan: string } },
): SVGSVGElement {
  const { labels } = options;
  const points = input.testTime.map((t, i) => ({ t, n: input.samples[i] }));
  const y = valueAxis(0, Math.max(1, ...points.map((d) => d.n)), options.height - MARGIN.top - MARGIN.bottom);
  const marks: Plot.Markish[] = [
    frame(),
    Plot.line(points, { x: "t", y: "n", stroke: SERIES_COLORS[1], strokeWidth: 1.5, curve: "step-after" }),
    Plot.tip(
      points,
      Plot.pointerX({
        x: "t",
        y: "n",
        title: (d: { t: number; n: number }) =>
          `${labels.testTime} = ${fmt(d.t)}\n${labels.samples} = ${d.n}`,
      }),
    ),
  ];
  if (input.plan)
    marks.push(
      Plot.dot([input.plan], { x: "testTime", y: "samples", r: 4, fill: SERIES_COLORS[0] }),
      Plot.text([input.plan], {
        x: "testTime",
        y: "samples",
        text: () => labels.plan,
        // Above the step it sits on, with a white halo: the curve runs through the point to the right.
        dx: 6,
        dy: -10,
        textAnchor: "start",
        fill: CHART_COLORS.muted,
        stroke: "white",
        strokeWidth: 3,
        paintOrder: "stroke",
      }),
    );
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft,
    marginBottom: MARGIN.bottom,
    marginRight: MARGIN.right,
    marginTop: MARGIN.top + 4,
    style: CHART_STYLE,
    x: axis(labels.testTime, { zero: true }),
    y: axis(labels.samples, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    marks,
  }) as SVGSVGElement;
}

export function interferenceChart(
  input: { x: readonly number[]; stress: readonly number[]; strength: readonly number[] },
  options: ChartOptions & {
    labels: { x: string; density: string; stress: string; strength: string; interference: string };
  },
): SVGSVGElement {
  const { labels } = options;
  const rows = input.x.map((x, i) => ({
    x,
    s: input.stress[i],
    g: input.strength[i],
    both: Math.min(input.stress[i], input.strength[i]),
  }));
  const top = Math.max(...rows.map((r) => Math.max(r.s, r.g)));
  const y = valueAxis(0, top, options.height - MARGIN.top - MARGIN.bottom - 20);
  const legend = legendMarks(
    [
      { label: labels.stress, color: SERIES_COLORS[3], symbol: "line" },
      { label: labels.strength, color: SERIES_COLORS[0], symbol: "line" },
      { label: labels.interference, color: SERIES_COLORS[3], symbol: "square" },
    ],
    options.width,
    { left: y.marginLeft, right: MARGIN.right },
  );
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft,
    marginBottom: MARGIN.bottom,
    marginRight: MARGIN.right,
    marginTop: legend.marginTop,
    style: CHART_STYLE,
    x: axis(labels.x),
    y: axis(labels.density, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    marks: [
      frame(),
      // The overlap of the two densities: where a weak part meets a high stress.
      Plot.areaY(rows, { x: "x", y: "both", fill: SERIES_COLORS[3], fillOpacity: 0.3 }),
      Plot.line(rows, { x: "x", y: "s", stroke: SERIES_COLORS[3], strokeWidth: 1.6 }),
      Plot.line(rows, { x: "x", y: "g", stroke: SERIES_COLORS[0], strokeWidth: 1.6 }),
      Plot.tip(
        rows,
        Plot.pointerX({
          x: "x",
          y: "g",
          title: (d: { x: number; s: number; g: number }) =>
            `${labels.x} = ${fmt(d.x)}\n${labels.stress}: ${fmt(d.s)}\n${labels.strength}: ${fmt(d.g)}`,
        }),
      ),
      ...legend.marks,
    ],
  }) as SVGSVGElement;
}

/** Wald's sequential chart: failures against units tested, the accept line below and the reject line above. */
export function sequentialChart(
  input: { samples: readonly number[]; accept: readonly (number | null)[]; reject: readonly number[] },
  options: ChartOptions & { labels: { samples: string; failures: string; accept: string; reject: string } },
): SVGSVGElement {
  const { labels } = options;
  const accept = input.samples.flatMap((n, i) =>
    input.accept[i] === null ? [] : [{ n, f: input.accept[i] as number }],
  );
  const reject = input.samples.map((n, i) => ({ n, f: input.reject[i] }));
  const y = valueAxis(
    0,
    Math.max(1, ...reject.map((d) => d.f)),
    options.height - MARGIN.top - MARGIN.bottom - 20,
  );
  const legend = legendMarks(
    [
      { label: labels.accept, color: SERIES_COLORS[2], symbol: "line" },
      { label: labels.reject, color: SERIES_COLORS[3], symbol: "line" },
    ],
    options.width,
    { left: y.marginLeft, right: MARGIN.right },
  );
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft,
    marginBottom: MARGIN.bottom,
    marginRight: MARGIN.right,
    marginTop: legend.marginTop,
    style: CHART_STYLE,
    x: axis(labels.samples, { zero: true }),
    y: axis(labels.failures, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    marks: [
      frame(),
      Plot.line(accept, { x: "n", y: "f", stroke: SERIES_COLORS[2], strokeWidth: 1.6, curve: "step-after" }),
      Plot.line(reject, { x: "n", y: "f", stroke: SERIES_COLORS[3], strokeWidth: 1.6, curve: "step-after" }),
      Plot.tip(
        reject,
        Plot.pointerX({
          x: "n",
          y: "f",
          title: (d: { n: number; f: number }) =>
            `${labels.samples} = ${d.n}\n${labels.reject}: ${d.f}\n${labels.accept}: ${input.accept[d.n - 1] ?? "-"}`,
        }),
      ),
      ...legend.marks,
    ],
  }) as SVGSVGElement;
}
