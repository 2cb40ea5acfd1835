// Reliability, unreliability, probability density and failure rate against time, with their confidence
// bounds as a band; several series (a multi-plot) share the axes. Pure: `(series, options) => SVG`.
import * as Plot from "@observablehq/plot";
import type { CurveSet } from "../../../../kernels/life/types.ts";
import { SERIES_COLORS } from "./probabilityPlot.ts";

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

const defaultFormat = (v: number) =>
  Math.abs(v) >= 1e6 || (v !== 0 && Math.abs(v) < 1e-3) ? v.toExponential(3) : `${+v.toPrecision(5)}`;

export function lifeCurvePlot(series: CurveSeries[], options: CurvePlotOptions): SVGSVGElement {
  const fmt = options.format ?? defaultFormat;
  const [field, lowerField, upperField] = FIELDS[options.kind];
  const marks: Plot.Markish[] = [Plot.frame({ stroke: "#c0c4cc" })];
  series.forEach((s, k) => {
    const color = s.color ?? SERIES_COLORS[k % SERIES_COLORS.length];
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
  if (series.length > 1)
    series.forEach((s, k) => {
      const dy = 10 + k * 14;
      const color = s.color ?? SERIES_COLORS[k % SERIES_COLORS.length];
      marks.push(Plot.dot([0], { frameAnchor: "top-right", dx: -12, dy, r: 3, fill: color }));
      marks.push(
        Plot.text([s.name], { frameAnchor: "top-right", dx: -20, dy, textAnchor: "end", fill: "#1f2329" }),
      );
    });
  const probability = options.kind === "reliability" || options.kind === "unreliability";
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: 56,
    marginBottom: 38,
    marginRight: 18,
    marginTop: 14,
    style: { fontSize: "11px", fontFamily: "system-ui, sans-serif", background: "white" },
    x: { label: options.labels.time, labelAnchor: "center", labelArrow: "none", grid: true, nice: true },
    y: {
      label: options.labels.value,
      labelAnchor: "center",
      labelArrow: "none",
      grid: true,
      nice: true,
      ...(probability ? { domain: [0, 1] } : { zero: true }),
    },
    marks,
  }) as SVGSVGElement;
}
