// The degradation paths chart as a pure function `(input, options) => SVG` (Observable Plot), drawn by
// PlotFigure and snapshot-tested in Node: each unit's measurements as points and its fitted path as a line
// from the first time to its pseudo failure time or its last measurement, the critical threshold as a rule,
// and each pseudo failure time on it (a suspension as an open mark at its suspension time).
import * as Plot from "@observablehq/plot";
import {
  type DegradationModel,
  type DegradationUnit,
  pathValue,
} from "../../../../kernels/degradation/model.ts";
import {
  axis,
  CHART_COLORS,
  CHART_STYLE,
  formatNumber as fmt,
  frame,
  legendMarks,
  MARGIN,
  seriesColor,
} from "../shared/style.ts";

export interface DegradationChartInput {
  model: DegradationModel;
  threshold: number;
  units: ReadonlyArray<Pick<DegradationUnit, "id" | "parameters" | "pseudoFailureTime" | "suspended">>;
  /** The measurements, unit by unit in the order of `units`. */
  measurements: ReadonlyArray<{ time: ArrayLike<number>; value: ArrayLike<number> }>;
}

export interface DegradationChartOptions {
  width: number;
  height: number;
  document?: Document;
  labels: { time: string; value: string; threshold: string; failure: string; suspension: string };
  /** Units drawn at most (the first ones); the chart says how many of how many. */
  maxUnits?: number;
}

const STEPS = 60;

export function degradationPathsChart(
  input: DegradationChartInput,
  options: DegradationChartOptions,
): SVGSVGElement {
  const shown = Math.min(input.units.length, options.maxUnits ?? 50);
  const points: Array<{ unit: string; k: number; t: number; y: number }> = [];
  const lines: Array<{ unit: string; k: number; t: number; y: number }> = [];
  const ends: Array<{ unit: string; k: number; t: number; suspended: boolean }> = [];
  let tMax = 0;
  let tMin = Number.POSITIVE_INFINITY;
  for (let k = 0; k < shown; k++) {
    const m = input.measurements[k];
    for (let i = 0; i < m.time.length; i++) {
      tMax = Math.max(tMax, m.time[i]);
      tMin = Math.min(tMin, m.time[i]);
    }
    tMax = Math.max(tMax, input.units[k].pseudoFailureTime);
  }
  if (!Number.isFinite(tMin)) tMin = 0;
  for (let k = 0; k < shown; k++) {
    const u = input.units[k];
    const m = input.measurements[k];
    for (let i = 0; i < m.time.length; i++) points.push({ unit: u.id, k, t: m.time[i], y: m.value[i] });
    // The path from its first measurement to where it ends (its pseudo time; paths needing t > 0 start above 0)
    const from = Math.max(m.time.length ? m.time[0] : tMin, tMin > 0 ? tMin : tMax * 1e-3);
    // ... or on to its last measurement when that lies beyond.
    const to = Math.max(u.pseudoFailureTime, m.time.length ? m.time[m.time.length - 1] : 0);
    for (let j = 0; j <= STEPS; j++) {
      const t = from + ((to - from) * j) / STEPS;
      const y = pathValue(input.model, u.parameters, t);
      if (Number.isFinite(y)) lines.push({ unit: u.id, k, t, y });
    }
    ends.push({ unit: u.id, k, t: u.pseudoFailureTime, suspended: u.suspended });
  }
  const L = options.labels;
  const legend = legendMarks(
    [
      { label: L.threshold, color: CHART_COLORS.frame, symbol: "dash" },
      { label: L.failure, color: CHART_COLORS.frame, symbol: "dot" },
      { label: L.suspension, color: CHART_COLORS.frame, symbol: "circle" },
    ],
    options.width,
    MARGIN,
  );
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: MARGIN.left,
    marginBottom: MARGIN.bottom,
    marginRight: MARGIN.right,
    marginTop: legend.marginTop,
    style: CHART_STYLE,
    x: { ...axis(L.time), domain: [Math.min(0, tMin), tMax * 1.02] },
    y: { ...axis(L.value), nice: true },
    marks: [
      frame(),
      Plot.ruleY([input.threshold], { stroke: CHART_COLORS.frame, strokeDasharray: "6,4" }),
      Plot.line(lines, {
        x: "t",
        y: "y",
        z: "unit",
        stroke: (d: { k: number }) => seriesColor(d.k),
        strokeWidth: 1.2,
      }),
      Plot.dot(points, { x: "t", y: "y", r: 2.2, fill: (d: { k: number }) => seriesColor(d.k) }),
      Plot.dot(ends, {
        x: "t",
        y: () => input.threshold,
        r: 4,
        stroke: (d: { k: number }) => seriesColor(d.k),
        fill: (d: { suspended: boolean; k: number }) => (d.suspended ? "white" : seriesColor(d.k)),
      }),
      Plot.tip(
        points,
        Plot.pointer({
          x: "t",
          y: "y",
          title: (d: { unit: string; t: number; y: number }) => `${d.unit}\n${fmt(d.t)}, ${fmt(d.y)}`,
        }),
      ),
      ...legend.marks,
    ],
  }) as SVGSVGElement;
}
