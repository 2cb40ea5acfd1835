// The ALT charts as pure functions of a fit with plot data (src/kernels/alt AltFit.plots), drawn by PlotFigure
// and snapshot-tested in Node: life against stress (each level's failure times, the B-life line with its
// band, Fisher or likelihood ratio as the fit's bounds, the use stress), and the series the life charts draw for ALT: one probability-plot series
// per stress level (its plotting positions and fitted line) plus the use level's line, and the use level's
// reliability curve (life charts' probabilityPlot and lifeCurvePlot, so the papers and bands are theirs);
// reliability and density at the use stress, the acceleration factor against stress, and the likelihood
// contour of the first stress's parameter against the shape (life's contourPlot).
import * as Plot from "@observablehq/plot";
import type { AltFit } from "../../../../kernels/alt/fit.ts";
import type { LifeDistribution } from "../../../../kernels/life/types.ts";
import { contourPlot } from "../life/contourPlot.ts";
import { type CurveSeries, lifeCurvePlot } from "../life/lifeCurves.ts";
import type { ProbabilitySeries } from "../life/probabilityPlot.ts";
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
import { axisMap, thinIndices } from "../shared/thin.ts";

type PlottedFit = Pick<AltFit, "distribution" | "s" | "levels" | "useLevel"> & {
  plots: NonNullable<AltFit["plots"]>;
};

/** The life charts' name of the distribution at one stress. */
export function lifeDistributionOf(fit: Pick<AltFit, "distribution">): LifeDistribution {
  return fit.distribution === "weibull"
    ? "weibull2p"
    : fit.distribution === "lognormal"
      ? "lognormal"
      : "exponential1p";
}

function parametersAt(fit: Pick<AltFit, "distribution" | "s">, mu: number): Record<string, number> {
  if (fit.distribution === "weibull") return { beta: Math.exp(-fit.s), eta: Math.exp(mu), gamma: 0 };
  if (fit.distribution === "lognormal") return { mu, sigma: Math.exp(fit.s) };
  return { lambda: Math.exp(-mu), gamma: 0 };
}

const stressLabel = (stress: readonly number[]) => stress.map((v) => fmt(v)).join(", ");

/**
 * A line over stress and its band: the line at every point, the band where both bounds are numbers (a
 * likelihood-ratio fit's bands are profile bounds at some of the line's points, NaN between them).
 */
export function stressBand(series: { stress: number[]; value: number[]; lower: number[]; upper: number[] }): {
  line: Array<{ stress: number; value: number }>;
  band: Array<{ stress: number; lower: number; upper: number }>;
} {
  const line = series.stress.map((stress, i) => ({ stress, value: series.value[i] }));
  const band: Array<{ stress: number; lower: number; upper: number }> = [];
  series.stress.forEach((stress, i) => {
    const lower = series.lower[i];
    const upper = series.upper[i];
    if (Number.isFinite(lower) && Number.isFinite(upper)) band.push({ stress, lower, upper });
  });
  return { line, band };
}

/** One series per test level (points and line) and one per use level (line only), for probabilityPlot. */
export function altProbabilitySeries(fit: PlottedFit, labels: { use: string }): ProbabilitySeries[] {
  const distribution = lifeDistributionOf(fit);
  const levels = fit.plots.levels.map((l, i) => ({
    name: stressLabel(l.stress),
    color: seriesColor(i),
    fit: {
      distribution,
      parameters: parametersAt(fit, fit.levels[i].mu),
      positions: l.positions,
      curves: l.curves,
    },
  }));
  const use = fit.plots.use.map((u, i) => ({
    name: `${labels.use} ${stressLabel(u.stress)}`,
    color: seriesColor(levels.length + i),
    fit: { distribution, parameters: parametersAt(fit, fit.useLevel[i].mu), curves: u.curves },
  }));
  return [...levels, ...use];
}

/** The use levels' curves, for lifeCurvePlot (reliability, pdf, failure rate at use stress). */
export function curveSeriesAtUse(fit: PlottedFit, labels: { use: string }): CurveSeries[] {
  return fit.plots.use.map((u, i) => ({
    name: `${labels.use} ${stressLabel(u.stress)}`,
    color: seriesColor(i),
    curves: u.curves,
  }));
}

export interface LifeStressOptions {
  width: number;
  height: number;
  document?: Document;
  labels: { stress: string; life: string; failures: string; line: string; bounds: string; use: string };
}

/**
 * Life against the first stress: each level's failure times (plotting times) as points, the B-life line over
 * the stress range with its band, and the use stress as a rule. Life on a log axis. A level's points share one
 * stress, so of those that fall on the same pixel row only one is drawn (thinIndices; the picture is the same):
 * 400,000 rows become a few hundred dots per level.
 */
export function lifeStressChart(fit: PlottedFit, options: LifeStressOptions): SVGSVGElement {
  const { labels } = options;
  const line = fit.plots.lifeLine;
  // The time axis spans the failures and the band: min and max by loop (a spread of 400,000 arguments
  // overflows the stack).
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  const widen = (t: number) => {
    if (t > 0 && Number.isFinite(t)) {
      if (t < lo) lo = t;
      if (t > hi) hi = t;
    }
  };
  for (const l of fit.plots.levels) for (const t of l.positions.time) widen(t);
  for (const t of line.lower) widen(t);
  for (const t of line.upper) widen(t);
  const { line: curve, band } = stressBand(line);
  const use = fit.plots.use.map((u) => u.stress[0]);
  const color = seriesColor(0);
  const legend = legendMarks(
    [
      { label: labels.failures, color: CHART_COLORS.text, symbol: "circle" },
      { label: labels.line, color, symbol: "line" },
      { label: labels.bounds, color, symbol: "dash" },
    ],
    options.width,
    MARGIN,
  );
  const top = legend.marginTop;
  const plotHeight = Math.max(1, options.height - top - MARGIN.bottom);
  const y = lo <= hi ? axisMap([lo, hi], [plotHeight, 0], true) : () => Number.NaN;
  const points: Array<{ stress: number; time: number }> = [];
  for (const l of fit.plots.levels) {
    const time = l.positions.time;
    for (const i of thinIndices(
      time.length,
      () => 0,
      (i) => y(time[i]),
      1,
      plotHeight,
      1,
    ))
      points.push({ stress: l.stress[0], time: time[i] });
  }
  return Plot.plot({
    width: options.width,
    height: options.height,
    document: options.document,
    style: CHART_STYLE,
    marginTop: top,
    marginRight: MARGIN.right,
    marginBottom: MARGIN.bottom,
    marginLeft: MARGIN.left + 8,
    x: axis(labels.stress, { nice: true }),
    y: axis(labels.life, {
      type: "log",
      domain: [lo, hi],
      nice: true,
      tickFormat: fmt,
    }),
    marks: [
      frame(),
      Plot.ruleX(use, { stroke: CHART_COLORS.rule, strokeDasharray: "4,3" }),
      Plot.text(use, {
        x: (d: number) => d,
        frameAnchor: "top",
        dy: 4,
        dx: 4,
        textAnchor: "start",
        text: () => labels.use,
        fill: CHART_COLORS.muted,
      }),
      Plot.areaY(band, { x: "stress", y1: "lower", y2: "upper", fill: color, fillOpacity: 0.14 }),
      Plot.line(band, { x: "stress", y: "lower", stroke: color, strokeDasharray: "5,3", strokeWidth: 1.1 }),
      Plot.line(band, { x: "stress", y: "upper", stroke: color, strokeDasharray: "5,3", strokeWidth: 1.1 }),
      Plot.line(curve, { x: "stress", y: "value", stroke: color, strokeWidth: 1.6 }),
      Plot.dot(points, { x: "stress", y: "time", r: 2.5, stroke: CHART_COLORS.text, strokeOpacity: 0.7 }),
      ...legend.marks,
    ],
  }) as SVGSVGElement;
}

export interface UseCurveOptions {
  width: number;
  height: number;
  document?: Document;
  labels: { time: string; value: string; use: string };
}

/** Reliability or density against time at each use stress, with the fit's bands (the life charts' plot). */
export function curvesAtUseChart(
  fit: PlottedFit,
  kind: "reliability" | "pdf",
  options: UseCurveOptions,
): SVGSVGElement {
  return lifeCurvePlot(curveSeriesAtUse(fit, { use: options.labels.use }), {
    kind,
    width: options.width,
    height: options.height,
    document: options.document,
    labels: { time: options.labels.time, value: options.labels.value },
  });
}

export interface AccelerationOptions {
  width: number;
  height: number;
  document?: Document;
  labels: { stress: string; factor: string; line: string; bounds: string; levels: string; use: string };
}

/**
 * The acceleration factor L(use) / L(stress) against the first stress (the others at the use stress), with
 * its band, the test levels' factors as points and the use stress as a rule (where the factor is 1). Log axis.
 */
export function accelerationChart(
  fit: PlottedFit & Pick<AltFit, "accelerationFactors">,
  options: AccelerationOptions,
): SVGSVGElement {
  const { labels } = options;
  const a = fit.plots.acceleration;
  const { line: curve, band } = stressBand(a);
  const points = fit.accelerationFactors.map((f) => ({ stress: f.level[0], value: f.value }));
  const use = fit.plots.use.map((u) => u.stress[0]);
  const color = seriesColor(1);
  const legend = legendMarks(
    [
      { label: labels.line, color, symbol: "line" },
      { label: labels.bounds, color, symbol: "dash" },
      { label: labels.levels, color: CHART_COLORS.text, symbol: "circle" },
    ],
    options.width,
    MARGIN,
  );
  const values = [...a.value, ...a.lower, ...a.upper, ...points.map((p) => p.value)].filter(
    (v) => v > 0 && Number.isFinite(v),
  );
  return Plot.plot({
    width: options.width,
    height: options.height,
    document: options.document,
    style: CHART_STYLE,
    marginTop: legend.marginTop,
    marginRight: MARGIN.right,
    marginBottom: MARGIN.bottom,
    marginLeft: MARGIN.left + 8,
    x: axis(labels.stress, { nice: true }),
    y: axis(labels.factor, {
      type: "log",
      domain: [Math.min(...values), Math.max(...values)],
      nice: true,
      tickFormat: fmt,
    }),
    marks: [
      frame(),
      Plot.ruleX(use, { stroke: CHART_COLORS.rule, strokeDasharray: "4,3" }),
      Plot.text(use, {
        x: (d: number) => d,
        frameAnchor: "top",
        dy: 4,
        dx: 4,
        textAnchor: "start",
        text: () => labels.use,
        fill: CHART_COLORS.muted,
      }),
      Plot.areaY(band, { x: "stress", y1: "lower", y2: "upper", fill: color, fillOpacity: 0.14 }),
      Plot.line(band, { x: "stress", y: "lower", stroke: color, strokeDasharray: "5,3", strokeWidth: 1.1 }),
      Plot.line(band, { x: "stress", y: "upper", stroke: color, strokeDasharray: "5,3", strokeWidth: 1.1 }),
      Plot.line(curve, { x: "stress", y: "value", stroke: color, strokeWidth: 1.6 }),
      Plot.dot(points, { x: "stress", y: "value", r: 3, stroke: CHART_COLORS.text, strokeWidth: 1.5 }),
      ...legend.marks,
    ],
  }) as SVGSVGElement;
}

export interface AltContourOptions {
  width: number;
  height: number;
  document?: Document;
  /** The series' name in the legend. */
  name: string;
}

/** The likelihood-ratio region of the first stress's parameter against the shape (the life charts' plot). */
export function altContourChart(fit: PlottedFit, options: AltContourOptions): SVGSVGElement | null {
  const c = fit.plots.contour;
  if (!c) return null;
  return contourPlot(
    [
      {
        name: options.name,
        contour: {
          parameters: c.parameters,
          x: Float64Array.from(c.x),
          y: Float64Array.from(c.y),
          confidence: c.confidence,
          logLikelihoodLevel: c.logLikelihoodLevel,
        },
        estimate: c.estimate,
      },
    ],
    { width: options.width, height: options.height, document: options.document },
  );
}
