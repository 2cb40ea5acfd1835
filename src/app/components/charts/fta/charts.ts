// Fault tree charts as pure functions `(data, options) => SVG`: importance of the basic events as horizontal
// bars (largest first) and the top event probability over time.
import * as Plot from "@observablehq/plot";

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

const defaultFormat = (v: number) =>
  !Number.isFinite(v)
    ? v > 0
      ? "∞"
      : "−∞"
    : Math.abs(v) >= 1e5 || (v !== 0 && Math.abs(v) < 1e-3)
      ? v.toExponential(3)
      : `${+v.toPrecision(4)}`;

const STYLE = { fontSize: "11px", fontFamily: "system-ui, sans-serif", background: "white" };

/** Bars in the order given (the caller sorts and cuts to the top N); infinite values are drawn at the axis end. */
export function importanceChart(bars: ImportanceBar[], options: ImportanceChartOptions): SVGSVGElement {
  const fmt = options.format ?? defaultFormat;
  const finite = bars.filter((b) => Number.isFinite(b.value)).map((b) => b.value);
  const top = Math.max(0, ...finite);
  const data = bars.map((b) => ({ ...b, shown: Number.isFinite(b.value) ? b.value : top * 1.05 || 1 }));
  const longest = Math.max(4, ...bars.map((b) => b.event.length));
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: Math.min(180, 12 + longest * 6.5),
    marginRight: 64,
    marginTop: 12,
    marginBottom: 36,
    style: STYLE,
    x: {
      label: options.label,
      labelAnchor: "center",
      labelArrow: "none",
      grid: true,
      nice: true,
      zero: true,
    },
    y: { domain: data.map((d) => d.event), label: null },
    marks: [
      Plot.barX(data, { x: "shown", y: "event", fill: "#1890ff", fillOpacity: 0.85 }),
      Plot.ruleX([0], { stroke: "#86909c" }),
      Plot.text(data, {
        x: "shown",
        y: "event",
        text: (d: ImportanceBar) => fmt(d.value),
        dx: 4,
        textAnchor: "start",
        fill: "#1f2329",
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
  const fmt = options.format ?? defaultFormat;
  const data = Array.from({ length: curve.time.length }, (_, i) => ({
    time: curve.time[i],
    p: curve.probability[i],
  })).filter((d) => Number.isFinite(d.p));
  const last = data.at(-1);
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: 64,
    marginRight: 18,
    marginTop: 14,
    marginBottom: 38,
    style: STYLE,
    x: { label: options.labels.time, labelAnchor: "center", labelArrow: "none", grid: true, nice: true },
    y: {
      label: options.labels.probability,
      labelAnchor: "center",
      labelArrow: "none",
      grid: true,
      nice: true,
      zero: true,
      tickFormat: fmt,
    },
    marks: [
      Plot.frame({ stroke: "#c0c4cc" }),
      Plot.line(data, { x: "time", y: "p", stroke: "#1890ff", strokeWidth: 1.8 }),
      ...(last
        ? [
            Plot.dot([last], { x: "time", y: "p", r: 3.5, fill: "#1890ff" }),
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
