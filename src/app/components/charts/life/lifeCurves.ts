// Reliability, unreliability, probability density and failure rate against time, with their confidence
// bounds as a band; several series (a multi-plot) share the axes. Pure: `(series, options) => SVG`.
import * as Plot from "@observablehq/plot";
import type { CurveSet } from "../../../../kernels/life/types.ts";
import { axis, CHART_STYLE, formatNumber, frame, legendMarks, MARGIN, seriesColor } from "../shared/style.ts";

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

export function lifeCurvePlot(series: CurveSeries[], options: CurvePlotOptions): SVGSVGElement {
  const fmt = options.format ?? formatNumber;
  const [field, lowerField, upperField] = FIELDS[options.kind];
  const marks: Plot.Markish[] = [frame()];
  series.forEach((s, k) => {
    const color = s.color ?? seriesColor(k);
    const t = s.curves.time;
    const v = s.curves[field] as Float64Array;
    const lo = s.curves[lowerField] as Float64Array;
    const hi = s.curves[upperField] as Float64Array;
    const data = Array.from(t, (time, i) => ({ time, v: v[i], lo: lo[i], hi: hi[i] })).filter((d) =>
      Number.isFinite(d.v),
    );
    if (options.showBounds !== false) {
      const band = data.filter((d) => Number.isFinite(d.lo) && Number.isFinite(d.hi));
      marks.push(Plot.areaY(band, { x: "time", y1: "lo", y2: "hi", fill: color, fillOpacity: 0.12 }));
      marks.push(
        Plot.line(band, { x: "time", y: "lo", stroke: color, strokeDasharray: "4,3", strokeWidth: 1 }),
      );
      marks.push(
        Plot.line(band, { x: "time", y: "hi", stroke: color, strokeDasharray: "4,3", strokeWidth: 1 }),
      );
    }
    marks.push(Plot.line(data, { x: "time", y: "v", stroke: color, strokeWidth: 1.8 }));
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
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: MARGIN.left,
    marginBottom: MARGIN.bottom,
    marginRight: MARGIN.right,
    marginTop: legend.marginTop,
    style: CHART_STYLE,
    x: axis(options.labels.time, { nice: true }),
    y: axis(options.labels.value, { nice: true, ...(probability ? { domain: [0, 1] } : { zero: true }) }),
    marks,
  }) as SVGSVGElement;
}
