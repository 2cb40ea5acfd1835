// The eRBD charts as pure functions `(results, options) => SVG` (Observable Plot), drawn in the page by
// PlotFigure and snapshot-tested in Node: the system reliability over time, exact curve and simulated
// points with their error bars (± z standard errors), and the importance of each component at the mission
// time (Birnbaum and criticality side by side).
import * as Plot from "@observablehq/plot";
import type { RbdComponentImportance } from "../../../../kernels/rbd/exact.ts";
import type { RbdEstimate } from "../../../../kernels/rbd/simulate.ts";
import {
  axis,
  CHART_COLORS,
  CHART_STYLE,
  formatNumber as fmt,
  frame,
  LEGEND_ROW,
  legendMarks,
  MARGIN,
  SERIES_COLORS,
} from "../shared/style.ts";

export const EXACT_COLOR = SERIES_COLORS[0];
export const SIMULATED_COLOR = SERIES_COLORS[1];
export const IMPORTANCE_COLORS = { birnbaum: SERIES_COLORS[0], criticality: SERIES_COLORS[4] } as const;

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
  const marks: Plot.Markish[] = [frame()];
  marks.push(
    Plot.ruleX([input.missionTime], { stroke: CHART_COLORS.rule, strokeDasharray: "4,3" }),
    Plot.text([input.missionTime], {
      x: (d: number) => d,
      frameAnchor: "top",
      dy: 4,
      dx: 4,
      textAnchor: "start",
      text: () => labels.mission,
      fill: CHART_COLORS.muted,
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
  // The legend above the frame (Plot's own legends are HTML, which the snapshot tests cannot draw).
  const legend = legendMarks(
    [
      ...(exact.length > 0 ? [{ label: labels.exact, color: EXACT_COLOR, symbol: "line" as const }] : []),
      ...(sim && sim.points.length > 0
        ? [{ label: labels.simulated, color: SIMULATED_COLOR, symbol: "dot" as const }]
        : []),
    ],
    options.width,
    MARGIN,
  );
  marks.push(...legend.marks);
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: MARGIN.left,
    marginBottom: MARGIN.bottom,
    marginRight: MARGIN.right,
    marginTop: legend.marginTop,
    style: CHART_STYLE,
    // The curve's own span (already a round number), not one widened by the error bars' caps.
    x: axis(
      labels.time,
      exact.length > 0 ? { domain: [0, exact[exact.length - 1].time] } : { nice: true, zero: true },
    ),
    y: axis(labels.reliability, { domain: [0, 1] }),
    marks,
  }) as SVGSVGElement;
}

export interface ImportanceRow extends RbdComponentImportance {
  label: string;
}

/** Rows of this height per component (two bars each). */
export const IMPORTANCE_ROW_HEIGHT = 30;
/** The margins with a one-row legend. */
export const IMPORTANCE_MARGINS = MARGIN.top + LEGEND_ROW + MARGIN.bottom;

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
  const legend = legendMarks(
    [
      { label: birnbaum, color: IMPORTANCE_COLORS.birnbaum, symbol: "square" },
      { label: criticality, color: IMPORTANCE_COLORS.criticality, symbol: "square" },
    ],
    options.width,
    { left: labelWidth, right: MARGIN.right },
  );
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: labelWidth,
    marginRight: MARGIN.right,
    marginTop: legend.marginTop,
    marginBottom: MARGIN.bottom,
    style: CHART_STYLE,
    x: axis(options.labels.value, { domain: [0, 1] }),
    y: { axis: null, domain: [birnbaum, criticality] },
    fy: { label: null, domain: order.map((r) => r.label), padding: 0.15 },
    color: {
      domain: [birnbaum, criticality],
      range: [IMPORTANCE_COLORS.birnbaum, IMPORTANCE_COLORS.criticality],
    },
    marks: [
      Plot.barX(data, { x: "value", y: "measure", fy: "label", fill: "measure" }),
      Plot.ruleX([0], { stroke: CHART_COLORS.rule }),
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
      ...legend.marks,
    ],
  }) as SVGSVGElement;
}
