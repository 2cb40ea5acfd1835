// The likelihood-ratio contour of a two-parameter fit: the region where 2 (LL max - LL) <= chi2(CL; 1),
// with the estimate at its centre. Its extremes are the likelihood-ratio bounds of each parameter.
// Several fits (a multi-plot) share the axes. Pure: `(series, options) => SVG`.
import * as Plot from "@observablehq/plot";
import type { Contour } from "../../../../kernels/life/types.ts";
import {
  axis,
  CHART_STYLE,
  formatNumber,
  frame,
  type LegendItem,
  legendMarks,
  MARGIN,
  seriesColor,
  valueAxis,
} from "../shared/style.ts";

export interface ContourSeries {
  name: string;
  color?: string;
  contour: Contour;
  /** The estimate (x, y) in the contour's parameters. */
  estimate: [number, number];
}

export interface ContourPlotOptions {
  width: number;
  height: number;
  document?: Document;
  /** Axis labels; default the parameter names. */
  labels?: { x?: string; y?: string };
  format?: (value: number) => string;
}

export function contourPlot(series: ContourSeries[], options: ContourPlotOptions): SVGSVGElement {
  const fmt = options.format ?? formatNumber;
  const marks: Plot.Markish[] = [frame()];
  const legendItems: LegendItem[] = [];
  const [px, py] = series[0]?.contour.parameters ?? ["x", "y"];
  series.forEach((s, k) => {
    const color = s.color ?? seriesColor(k);
    const ring = Array.from(s.contour.x, (x, i) => ({ x, y: s.contour.y[i] }));
    if (ring.length > 0) ring.push(ring[0]);
    marks.push(Plot.line(ring, { x: "x", y: "y", stroke: color, strokeWidth: 1.6 }));
    marks.push(
      Plot.dot([{ x: s.estimate[0], y: s.estimate[1] }], {
        x: "x",
        y: "y",
        fill: color,
        r: 3.5,
        symbol: "plus",
        stroke: color,
      }),
    );
    marks.push(
      Plot.tip(
        ring,
        Plot.pointer({
          x: "x",
          y: "y",
          title: (d: { x: number; y: number }) =>
            `${s.name} (${s.contour.confidence}%)\n${px} = ${fmt(d.x)}\n${py} = ${fmt(d.y)}`,
        }),
      ),
    );
    legendItems.push({ label: `${s.name} · ${s.contour.confidence}%`, color, symbol: "dot" });
  });
  const legend = legendMarks(legendItems, options.width, MARGIN);
  marks.push(...legend.marks);
  const ys = series.flatMap((s) => [...Array.from(s.contour.y), s.estimate[1]]);
  const y = valueAxis(Math.min(...ys), Math.max(...ys), options.height - legend.marginTop - MARGIN.bottom);
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft + 4,
    marginBottom: MARGIN.bottom,
    marginRight: MARGIN.right,
    marginTop: legend.marginTop,
    inset: 12,
    style: CHART_STYLE,
    x: axis(options.labels?.x ?? px, { nice: true }),
    y: axis(options.labels?.y ?? py, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    marks,
  }) as SVGSVGElement;
}
