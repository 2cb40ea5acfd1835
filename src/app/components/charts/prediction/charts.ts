// Prediction charts as pure functions `(data, options) => SVG`: the Pareto of a prediction's contributors,
// horizontal bars of each line's rate (largest first) with the cumulative share of the system rate after each.
import * as Plot from "@observablehq/plot";
import { axis, CHART_COLORS, CHART_STYLE, formatNumber, MARGIN, seriesColor } from "../shared/style.ts";

export interface ParetoBar {
  label: string;
  rate: number;
  /** Share of the system rate up to and including this bar, 0-1. */
  cumulative: number;
}

export interface ParetoChartOptions {
  width: number;
  height: number;
  document?: Document;
  labels: { rate: string; cumulative: string };
  format?: (value: number) => string;
}

/** Bars in the order given (the caller sorts and cuts to the top N). */
export function contributorsChart(bars: ParetoBar[], options: ParetoChartOptions): SVGSVGElement {
  const fmt = options.format ?? formatNumber;
  const longest = Math.max(4, ...bars.map((b) => b.label.length));
  const text = (d: ParetoBar) => `${fmt(d.rate)}  (${(d.cumulative * 100).toFixed(1)}%)`;
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: Math.min(180, 12 + longest * 6.5),
    marginRight: 110,
    marginTop: MARGIN.top,
    marginBottom: MARGIN.bottom,
    style: CHART_STYLE,
    x: axis(options.labels.rate, { nice: true, zero: true }),
    y: { domain: bars.map((d) => d.label), label: null },
    marks: [
      Plot.barX(bars, { x: "rate", y: "label", fill: seriesColor(0), fillOpacity: 0.85 }),
      Plot.ruleX([0], { stroke: CHART_COLORS.rule }),
      Plot.text(bars, { x: "rate", y: "label", text, dx: 4, textAnchor: "start", fill: CHART_COLORS.text }),
      Plot.tip(
        bars,
        Plot.pointerY({
          x: "rate",
          y: "label",
          title: (d: ParetoBar) =>
            `${d.label}\n${options.labels.rate} = ${fmt(d.rate)}\n${options.labels.cumulative} = ${(d.cumulative * 100).toFixed(2)}%`,
        }),
      ),
    ],
  }) as SVGSVGElement;
}
