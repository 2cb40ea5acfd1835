// Fault tree charts as pure functions `(data, options) => SVG`: importance of the basic events as horizontal
// bars (largest first) and the top event probability over time.
import * as Plot from "@observablehq/plot";
import {
  axis,
  CHART_COLORS,
  CHART_STYLE,
  formatNumber,
  frame,
  MARGIN,
  seriesColor,
  valueAxis,
} from "../shared/style.ts";

export interface ImportanceBar {
  event: string;
  value: number;
}

export interface ImportanceChartOptions {
  width: number;
  height: number;
  document?: Document;
  /** The measure's name (the x axis). */
  label: string;
  format?: (value: number) => string;
}

/** Bars in the order given (the caller sorts and cuts to the top N); infinite values are drawn at the axis end. */
export function importanceChart(bars: ImportanceBar[], options: ImportanceChartOptions): SVGSVGElement {
  const fmt = options.format ?? formatNumber;
  const finite = bars.filter((b) => Number.isFinite(b.value)).map((b) => b.value);
  const top = Math.max(0, ...finite);
  const data = bars.map((b) => ({ ...b, shown: Number.isFinite(b.value) ? b.value : top * 1.05 || 1 }));
  const longest = Math.max(4, ...bars.map((b) => b.event.length));
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: Math.min(180, 12 + longest * 6.5),
    // Room for the value printed after the longest bar.
    marginRight: 72,
    marginTop: MARGIN.top,
    marginBottom: MARGIN.bottom,
    style: CHART_STYLE,
    x: axis(options.label, { nice: true, zero: true }),
    y: { domain: data.map((d) => d.event), label: null },
    marks: [
      Plot.barX(data, { x: "shown", y: "event", fill: seriesColor(0), fillOpacity: 0.85 }),
      Plot.ruleX([0], { stroke: CHART_COLORS.rule }),
      Plot.text(data, {
        x: "shown",
        y: "event",
        text: (d: ImportanceBar) => fmt(d.value),
        dx: 4,
        textAnchor: "start",
        fill: CHART_COLORS.text,
      }),
      Plot.tip(
        data,
        Plot.pointerY({
          x: "shown",
          y: "event",
          title: (d: ImportanceBar) => `${d.event}\n${options.label} = ${fmt(d.value)}`,
        }),
      ),
    ],
  }) as SVGSVGElement;
}

export interface ProbabilityCurveOptions {
  width: number;
  height: number;
  document?: Document;
  labels: { time: string; probability: string };
  format?: (value: number) => string;
}

/** P(top) against time from 0 to the mission time; the last point (the mission time) is marked. */
export function probabilityCurveChart(
  curve: { time: ArrayLike<number>; probability: ArrayLike<number> },
  options: ProbabilityCurveOptions,
): SVGSVGElement {
  const fmt = options.format ?? formatNumber;
  const data = Array.from({ length: curve.time.length }, (_, i) => ({
    time: curve.time[i],
    p: curve.probability[i],
  })).filter((d) => Number.isFinite(d.p));
  const last = data.at(-1);
  const y = valueAxis(0, Math.max(0, ...data.map((d) => d.p)), options.height - MARGIN.top - MARGIN.bottom);
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft,
    marginRight: MARGIN.right,
    marginTop: MARGIN.top,
    marginBottom: MARGIN.bottom,
    style: CHART_STYLE,
    x: axis(options.labels.time, { nice: true }),
    y: axis(options.labels.probability, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    marks: [
      frame(),
      Plot.line(data, { x: "time", y: "p", stroke: seriesColor(0), strokeWidth: 1.8 }),
      ...(last
        ? [
            Plot.dot([last], { x: "time", y: "p", r: 3.5, fill: seriesColor(0) }),
            // Below the end of a rising curve, clear of the figure's own buttons in the corner.
            Plot.text([last], {
              x: "time",
              y: "p",
              text: (d: { p: number }) => fmt(d.p),
              dx: -8,
              dy: 14,
              textAnchor: "end",
            }),
          ]
        : []),
      Plot.tip(
        data,
        Plot.pointerX({
          x: "time",
          y: "p",
          title: (d: { time: number; p: number }) =>
            `t = ${fmt(d.time)}\n${options.labels.probability} = ${fmt(d.p)}`,
        }),
      ),
    ],
  }) as SVGSVGElement;
}
