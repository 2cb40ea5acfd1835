// Warranty (Nevada chart) charts as pure functions `(input, options) => SVG` (Observable Plot), drawn by
// PlotFigure and snapshot-tested in Node: the tracking chart (returns observed in each period seen against
// those expected from the fit, with the expected count's Poisson interval; periods above it flagged) and the
// forecast chart (expected returns per future period with their interval, shipped cohorts and future sales).
import * as Plot from "@observablehq/plot";
import type { ForecastPeriod, TrackedPeriod } from "../../../../kernels/warranty.ts";
import {
  axis,
  CHART_STYLE,
  formatNumber as fmt,
  frame,
  legendMarks,
  MARGIN,
  SERIES_COLORS,
} from "../shared/style.ts";

export const WARRANTY_COLORS = {
  expected: SERIES_COLORS[0],
  observed: SERIES_COLORS[2],
  band: SERIES_COLORS[0],
  flagged: SERIES_COLORS[1],
  future: SERIES_COLORS[3],
} as const;

export interface WarrantyChartOptions {
  width: number;
  height: number;
  document?: Document;
}

function plot(
  options: WarrantyChartOptions,
  legend: { marks: Plot.Markish[]; marginTop: number },
  marks: Plot.Markish[],
  x: Record<string, unknown>,
  y: Record<string, unknown>,
): SVGSVGElement {
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: MARGIN.left,
    marginBottom: MARGIN.bottom,
    marginRight: MARGIN.right,
    marginTop: legend.marginTop,
    style: CHART_STYLE,
    x,
    y,
    marks: [frame(), ...marks, ...legend.marks],
  }) as SVGSVGElement;
}

/** `periods[k]`: the label of period k + 1 (a month, a quarter, a number). */
const labelOf = (labels: readonly string[], period: number) => labels[period - 1] ?? String(period);

/** Periods 1..n, every k-th so that at most `most` are labelled. */
function wholeTicks(n: number, most: number): number[] {
  const k = Math.max(1, Math.ceil(n / most));
  return Array.from({ length: Math.ceil(n / k) }, (_, i) => 1 + i * k);
}

export function returnsTrackingChart(
  input: { tracking: readonly TrackedPeriod[]; labels: readonly string[] },
  options: WarrantyChartOptions & {
    labels: {
      period: string;
      returns: string;
      observed: string;
      expected: string;
      bound: string;
      flagged: string;
    };
  },
): SVGSVGElement {
  const { labels } = options;
  const rows = input.tracking.map((t) => ({ ...t, label: labelOf(input.labels, t.period) }));
  const marks: Plot.Markish[] = [
    Plot.areaY(rows, {
      x: "period",
      y1: "lower",
      y2: "upper",
      fill: WARRANTY_COLORS.band,
      fillOpacity: 0.12,
    }),
    Plot.line(rows, { x: "period", y: "upper", stroke: WARRANTY_COLORS.band, strokeDasharray: "4 3" }),
    Plot.line(rows, { x: "period", y: "expected", stroke: WARRANTY_COLORS.expected, strokeWidth: 1.5 }),
    Plot.dot(rows, {
      x: "period",
      y: "observed",
      r: 4,
      fill: (d: TrackedPeriod) => (d.flagged ? WARRANTY_COLORS.flagged : WARRANTY_COLORS.observed),
      stroke: "white",
      symbol: (d: TrackedPeriod) => (d.flagged ? "triangle" : "circle"),
    }),
    Plot.tip(
      rows,
      Plot.pointer({
        x: "period",
        y: "observed",
        title: (d: TrackedPeriod & { label: string }) =>
          `${d.label}\n${labels.observed} ${fmt(d.observed)}\n${labels.expected} ${fmt(d.expected)} [${fmt(d.lower)}, ${fmt(d.upper)}]${d.flagged ? `\n${labels.flagged}` : ""}`,
      }),
    ),
  ];
  const legend = legendMarks(
    [
      { label: labels.observed, color: WARRANTY_COLORS.observed, symbol: "dot" },
      { label: labels.expected, color: WARRANTY_COLORS.expected, symbol: "line" },
      { label: labels.bound, color: WARRANTY_COLORS.band, symbol: "dash" },
      { label: labels.flagged, color: WARRANTY_COLORS.flagged, symbol: "triangle" },
    ],
    options.width,
    MARGIN,
  );
  return plot(
    options,
    legend,
    marks,
    {
      ...axis(labels.period),
      // Whole periods only, as many as fit their labels; inset so the first and last labels stay inside.
      ticks: wholeTicks(rows.length, Math.max(2, Math.floor(options.width / 70))),
      tickFormat: (p: number) => labelOf(input.labels, p),
      inset: 24,
    },
    axis(labels.returns, { zero: true, nice: true }),
  );
}

export function returnsForecastChart(
  input: { forecast: readonly ForecastPeriod[]; labels: readonly string[] },
  options: WarrantyChartOptions & {
    labels: { period: string; returns: string; shipped: string; future: string; interval: string };
  },
): SVGSVGElement {
  const { labels } = options;
  const rows = input.forecast.map((f) => ({ ...f, label: labelOf(input.labels, f.period) }));
  const stacked = rows.flatMap((r) => [
    { period: r.period, part: labels.shipped, value: r.shipped },
    { period: r.period, part: labels.future, value: r.future },
  ]);
  const marks: Plot.Markish[] = [
    Plot.barY(stacked, {
      x: "period",
      y: "value",
      fill: (d: { part: string }) =>
        d.part === labels.future ? WARRANTY_COLORS.future : WARRANTY_COLORS.expected,
      fillOpacity: 0.75,
      inset: 2,
    }),
    Plot.ruleX(rows, { x: "period", y1: "lower", y2: "upper", stroke: "#333", strokeWidth: 1.2 }),
    Plot.tip(
      rows,
      Plot.pointer({
        x: "period",
        y: "expected",
        title: (d: ForecastPeriod & { label: string }) =>
          `${d.label}\n${fmt(d.expected)} [${fmt(d.lower)}, ${fmt(d.upper)}]\n${labels.shipped} ${fmt(d.shipped)}\n${labels.future} ${fmt(d.future)}`,
      }),
    ),
  ];
  const legend = legendMarks(
    [
      { label: labels.shipped, color: WARRANTY_COLORS.expected, symbol: "square" },
      { label: labels.future, color: WARRANTY_COLORS.future, symbol: "square" },
      { label: labels.interval, color: "#333", symbol: "line" },
    ],
    options.width,
    MARGIN,
  );
  return plot(
    options,
    legend,
    marks,
    {
      ...axis(labels.period),
      type: "band",
      tickFormat: (p: number) => labelOf(input.labels, p),
    },
    axis(labels.returns, { zero: true, nice: true }),
  );
}
