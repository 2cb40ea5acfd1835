// Reliability, unreliability, probability density and failure rate against time, with their confidence
// bounds as a band; several series (a multi-plot) share the axes. Pure: `(series, options) => SVG`.
import * as Plot from "@observablehq/plot";
import type { CurveSet } from "../../../../kernels/life/types.ts";
import {
  axis,
  CHART_STYLE,
  formatNumber,
  frame,
  legendMarks,
  MARGIN,
  seriesColor,
  valueAxis,
} from "../shared/style.ts";

export type CurveKind = "reliability" | "unreliability" | "pdf" | "failureRate";

export interface CurveSeries {
  name: string;
  color?: string;
  curves: CurveSet;
}

export interface CurvePlotOptions {
  kind: CurveKind;
  width: number;
  height: number;
  document?: Document;
  labels: { time: string; value: string };
  showBounds?: boolean;
  format?: (value: number) => string;
}

const FIELDS: Record<CurveKind, [keyof CurveSet, keyof CurveSet, keyof CurveSet]> = {
  reliability: ["reliability", "reliabilityLower", "reliabilityUpper"],
  unreliability: ["unreliability", "unreliabilityLower", "unreliabilityUpper"],
  pdf: ["pdf", "pdfLower", "pdfUpper"],
  failureRate: ["failureRate", "failureRateLower", "failureRateUpper"],
};

/** The share of the time axis, from its left end, whose values do not set the height of the value axis. */
export const SINGULAR_SHARE = 0.02;

/**
 * The value axis's range for pdf and failure-rate curves: [0, the largest value], unless the largest value
 * sits in the first SINGULAR_SHARE of the time axis and is more than twice the largest value beyond it. A
 * Weibull with beta < 1 has f(t) and h(t) growing without bound as t -> 0 (gamma), so the grid's first point
 * would flatten the rest of the curve to the bottom edge; the axis then ends a tenth above the largest value
 * beyond that share, and the curve leaves the frame (clipped) only in the first pixels.
 */
export function valueDomain(
  series: ReadonlyArray<ReadonlyArray<{ time: number; values: number[] }>>,
): [number, number] {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const points of series)
    for (const p of points) {
      if (p.time < from) from = p.time;
      if (p.time > to) to = p.time;
    }
  const cut = from + SINGULAR_SHARE * (to - from);
  let all = 0;
  let beyond = 0;
  for (const points of series)
    for (const p of points)
      for (const v of p.values) {
        if (!Number.isFinite(v)) continue;
        if (v > all) all = v;
        if (p.time >= cut && v > beyond) beyond = v;
      }
  const top = beyond > 0 && all > 2 * beyond ? 1.1 * beyond : all;
  return [0, top > 0 ? top : 1];
}

export function lifeCurvePlot(series: CurveSeries[], options: CurvePlotOptions): SVGSVGElement {
  const fmt = options.format ?? formatNumber;
  const [field, lowerField, upperField] = FIELDS[options.kind];
  const marks: Plot.Markish[] = [frame()];
  const showBounds = options.showBounds !== false;
  const extent: Array<Array<{ time: number; values: number[] }>> = [];
  series.forEach((s, k) => {
    const color = s.color ?? seriesColor(k);
    const t = s.curves.time;
    const v = s.curves[field] as Float64Array;
    const lo = s.curves[lowerField] as Float64Array;
    const hi = s.curves[upperField] as Float64Array;
    const data = Array.from(t, (time, i) => ({ time, v: v[i], lo: lo[i], hi: hi[i] })).filter((d) =>
      Number.isFinite(d.v),
    );
    extent.push(data.map((d) => ({ time: d.time, values: showBounds ? [d.v, d.lo, d.hi] : [d.v] })));
    // Clipped to the frame: a pdf or failure rate that is unbounded at the left runs off the top there.
    if (showBounds) {
      const band = data.filter((d) => Number.isFinite(d.lo) && Number.isFinite(d.hi));
      marks.push(
        Plot.areaY(band, { x: "time", y1: "lo", y2: "hi", fill: color, fillOpacity: 0.12, clip: true }),
      );
      for (const y of ["lo", "hi"])
        marks.push(
          Plot.line(band, {
            x: "time",
            y,
            stroke: color,
            strokeDasharray: "4,3",
            strokeWidth: 1,
            clip: true,
          }),
        );
    }
    marks.push(Plot.line(data, { x: "time", y: "v", stroke: color, strokeWidth: 1.8, clip: true }));
    marks.push(
      Plot.tip(
        data,
        Plot.pointerX({
          x: "time",
          y: "v",
          title: (d: { time: number; v: number; lo: number; hi: number }) =>
            `${s.name}\nt = ${fmt(d.time)}\n${options.labels.value} = ${fmt(d.v)}` +
            (Number.isFinite(d.lo) ? `\n[${fmt(d.lo)}, ${fmt(d.hi)}]` : ""),
        }),
      ),
    );
  });
  // A legend only when there is more than one series to tell apart.
  const legend = legendMarks(
    series.length > 1
      ? series.map((s, k) => ({ label: s.name, color: s.color ?? seriesColor(k), symbol: "dot" as const }))
      : [],
    options.width,
    MARGIN,
  );
  marks.push(...legend.marks);
  const probability = options.kind === "reliability" || options.kind === "unreliability";
  const [lo, hi] = probability ? [0, 1] : valueDomain(extent);
  const y = valueAxis(lo, hi, options.height - legend.marginTop - MARGIN.bottom);
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft,
    marginBottom: MARGIN.bottom,
    // The last time tick ("50,000") is centred on the frame's right edge.
    marginRight: MARGIN.right + 6,
    marginTop: legend.marginTop,
    style: CHART_STYLE,
    x: axis(options.labels.time, { nice: true }),
    y: axis(options.labels.value, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    marks,
  }) as SVGSVGElement;
}
