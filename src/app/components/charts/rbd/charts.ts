// The eRBD charts as pure functions `(results, options) => SVG` (Observable Plot), drawn in the page by
// PlotFigure and snapshot-tested in Node: the system reliability over time, exact curve and simulated
// points with their error bars (± z standard errors), and the importance of each component at the mission
// time (Birnbaum and criticality side by side).
import * as Plot from "@observablehq/plot";
import type { RbdComponentImportance } from "../../../../kernels/rbd/exact.ts";
import type { RbdEstimate } from "../../../../kernels/rbd/simulate.ts";

export const EXACT_COLOR = "#1f77b4";
export const SIMULATED_COLOR = "#d62728";
export const IMPORTANCE_COLORS = { birnbaum: "#1f77b4", criticality: "#ff7f0e" } as const;

const STYLE = { fontSize: "11px", fontFamily: "system-ui, sans-serif", background: "white" };

const fmt = (v: number) =>
  Math.abs(v) >= 1e6 || (v !== 0 && Math.abs(v) < 1e-3) ? v.toExponential(3) : `${+v.toPrecision(6)}`;

export interface ReliabilityChartInput {
  /** The exact curve (absent when the diagram is too large for the exact method). */
  exact?: { time: readonly number[]; reliability: readonly number[] };
  simulated?: { points: readonly RbdEstimate[]; z: number };
  missionTime: number;
}

export interface ChartOptions {
  width: number;
  height: number;
  document?: Document;
}

export function reliabilityChart(
  input: ReliabilityChartInput,
  options: ChartOptions & {
    labels: { time: string; reliability: string; exact: string; simulated: string; mission: string };
  },
): SVGSVGElement {
  const { labels } = options;
  const marks: Plot.Markish[] = [Plot.frame({ stroke: "#c0c4cc" })];
  marks.push(
    Plot.ruleX([input.missionTime], { stroke: "#909399", strokeDasharray: "4,3" }),
    Plot.text([input.missionTime], {
      x: (d: number) => d,
      frameAnchor: "top",
      dy: 4,
      dx: 4,
      textAnchor: "start",
      text: () => labels.mission,
      fill: "#606266",
    }),
  );
  const exact = input.exact
    ? input.exact.time.map((time, i) => ({ time, reliability: input.exact?.reliability[i] ?? Number.NaN }))
    : [];
  if (exact.length > 0) {
    marks.push(Plot.line(exact, { x: "time", y: "reliability", stroke: EXACT_COLOR, strokeWidth: 1.8 }));
    marks.push(
      Plot.tip(
        exact,
        Plot.pointerX({
          x: "time",
          y: "reliability",
          title: (d: { time: number; reliability: number }) =>
            `${labels.exact}\nt = ${fmt(d.time)}\nR = ${fmt(d.reliability)}`,
        }),
      ),
    );
  }
  const sim = input.simulated;
  if (sim && sim.points.length > 0) {
    const bars = sim.points.map((p) => ({
      ...p,
      lower: Math.max(0, p.reliability - sim.z * p.standardError),
      upper: Math.min(1, p.reliability + sim.z * p.standardError),
    }));
    // Caps a fixed fraction of the time span wide (tick marks would turn x into a band scale).
    const span = Math.max(...bars.map((b) => b.time), ...(input.exact?.time ?? [0]));
    const cap = span / 160;
    marks.push(
      Plot.ruleX(bars, { x: "time", y1: "lower", y2: "upper", stroke: SIMULATED_COLOR, strokeWidth: 1.5 }),
      ...(["lower", "upper"] as const).map((end) =>
        Plot.ruleY(bars, {
          y: end,
          x1: (d: { time: number }) => d.time - cap,
          x2: (d: { time: number }) => d.time + cap,
          stroke: SIMULATED_COLOR,
          strokeWidth: 1.5,
        }),
      ),
      Plot.dot(bars, { x: "time", y: "reliability", r: 3, fill: SIMULATED_COLOR }),
      Plot.tip(
        bars,
        Plot.pointer({
          x: "time",
          y: "reliability",
          title: (d: { time: number; reliability: number; lower: number; upper: number }) =>
            `${labels.simulated}\nt = ${fmt(d.time)}\nR = ${fmt(d.reliability)}\n[${fmt(d.lower)}, ${fmt(d.upper)}]`,
        }),
      ),
    );
  }
  // A legend inside the frame (Plot's own legends are HTML, which the snapshot tests cannot draw).
  const legend = [
    ...(exact.length > 0 ? [{ name: labels.exact, color: EXACT_COLOR }] : []),
    ...(sim && sim.points.length > 0 ? [{ name: labels.simulated, color: SIMULATED_COLOR }] : []),
  ];
  legend.forEach((entry, k) => {
    const dy = 12 + k * 14;
    marks.push(Plot.dot([0], { frameAnchor: "top-right", dx: -12, dy, r: 3.5, fill: entry.color }));
    marks.push(
      Plot.text([entry.name], { frameAnchor: "top-right", dx: -20, dy, textAnchor: "end", fill: "#1f2329" }),
    );
  });
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: 52,
    marginBottom: 38,
    marginRight: 18,
    marginTop: 14,
    style: STYLE,
    // The curve's own span (already a round number), not one widened by the error bars' caps.
    x: {
      label: labels.time,
      labelAnchor: "center",
      labelArrow: "none",
      grid: true,
      ...(exact.length > 0 ? { domain: [0, exact[exact.length - 1].time] } : { nice: true, zero: true }),
    },
    y: { label: labels.reliability, labelAnchor: "center", labelArrow: "none", grid: true, domain: [0, 1] },
    marks,
  }) as SVGSVGElement;
}

export interface ImportanceRow extends RbdComponentImportance {
  label: string;
}

/** Rows of this height per component (two bars each). */
export const IMPORTANCE_ROW_HEIGHT = 30;
export const IMPORTANCE_MARGINS = 24 + 34;

/** Components sorted by Birnbaum importance, largest first; each has a bar for both measures. */
export function importanceChart(
  rows: readonly ImportanceRow[],
  options: ChartOptions & { labels: { birnbaum: string; criticality: string; value: string } },
): SVGSVGElement {
  const { birnbaum, criticality } = options.labels;
  const order = [...rows].sort((a, b) => b.birnbaum - a.birnbaum || a.label.localeCompare(b.label));
  const data = order.flatMap((r) => [
    { label: r.label, measure: birnbaum, value: r.birnbaum },
    { label: r.label, measure: criticality, value: r.criticality },
  ]);
  const labelWidth = Math.min(160, 16 + 7 * Math.max(4, ...order.map((r) => r.label.length)));
  const legend = [birnbaum, criticality].flatMap((name, k) => [
    Plot.dot([name], {
      frameAnchor: "top-left",
      dx: 6 + k * 120,
      dy: -14,
      r: 4,
      symbol: "square",
      fill: k === 0 ? IMPORTANCE_COLORS.birnbaum : IMPORTANCE_COLORS.criticality,
      facet: "super",
    }),
    Plot.text([name], {
      frameAnchor: "top-left",
      dx: 14 + k * 120,
      dy: -14,
      textAnchor: "start",
      fill: "#1f2329",
      facet: "super",
    }),
  ]);
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: labelWidth,
    marginRight: 18,
    marginTop: 24,
    marginBottom: 34,
    style: STYLE,
    x: { label: options.labels.value, labelAnchor: "center", labelArrow: "none", grid: true, domain: [0, 1] },
    y: { axis: null, domain: [birnbaum, criticality] },
    fy: { label: null, domain: order.map((r) => r.label), padding: 0.15 },
    color: {
      domain: [birnbaum, criticality],
      range: [IMPORTANCE_COLORS.birnbaum, IMPORTANCE_COLORS.criticality],
    },
    marks: [
      Plot.barX(data, { x: "value", y: "measure", fy: "label", fill: "measure" }),
      Plot.ruleX([0], { stroke: "#909399" }),
      Plot.tip(
        data,
        Plot.pointerY({
          x: "value",
          y: "measure",
          fy: "label",
          title: (d: { label: string; measure: string; value: number }) =>
            `${d.label}\n${d.measure} = ${fmt(d.value)}`,
        }),
      ),
      ...legend,
    ],
  }) as SVGSVGElement;
}
