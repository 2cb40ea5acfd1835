// The likelihood-ratio contour of a two-parameter fit: the region where 2 (LL max - LL) <= chi2(CL; 1),
// with the estimate at its centre. Its extremes are the likelihood-ratio bounds of each parameter.
// Several fits (a multi-plot) share the axes. Pure: `(series, options) => SVG`.
import * as Plot from "@observablehq/plot";
import type { Contour } from "../../../../kernels/life/types.ts";
import { SERIES_COLORS } from "./probabilityPlot.ts";

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

const defaultFormat = (v: number) => `${+v.toPrecision(5)}`;

export function contourPlot(series: ContourSeries[], options: ContourPlotOptions): SVGSVGElement {
  const fmt = options.format ?? defaultFormat;
  const marks: Plot.Markish[] = [Plot.frame({ stroke: "#c0c4cc" })];
  const [px, py] = series[0]?.contour.parameters ?? ["x", "y"];
  series.forEach((s, k) => {
    const color = s.color ?? SERIES_COLORS[k % SERIES_COLORS.length];
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
    const dy = 10 + k * 14;
    marks.push(Plot.dot([0], { frameAnchor: "top-right", dx: -12, dy, r: 3, fill: color }));
    marks.push(
      Plot.text([`${s.name} · ${s.contour.confidence}%`], {
        frameAnchor: "top-right",
        dx: -20,
        dy,
        textAnchor: "end",
        fill: "#1f2329",
      }),
    );
  });
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: 60,
    marginBottom: 38,
    marginRight: 18,
    marginTop: 14,
    inset: 12,
    style: { fontSize: "11px", fontFamily: "system-ui, sans-serif", background: "white" },
    x: { label: options.labels?.x ?? px, labelAnchor: "center", labelArrow: "none", grid: true, nice: true },
    y: { label: options.labels?.y ?? py, labelAnchor: "center", labelArrow: "none", grid: true, nice: true },
    marks,
  }) as SVGSVGElement;
}
