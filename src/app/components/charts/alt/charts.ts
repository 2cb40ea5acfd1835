// The ALT charts as pure functions of a fit with plot data (src/kernels/alt AltFit.plots), drawn by PlotFigure
// and snapshot-tested in Node: life against stress (each level's failure times, the B-life line with its
// Fisher band, the use stress), and the series the life charts draw for ALT: one probability-plot series
// per stress level (its plotting positions and fitted line) plus the use level's line, and the use level's
// reliability curve (life charts' probabilityPlot and lifeCurvePlot, so the papers and bands are theirs).
import * as Plot from "@observablehq/plot";
import type { AltFit } from "../../../../kernels/alt/fit.ts";
import type { LifeDistribution } from "../../../../kernels/life/types.ts";
import type { CurveSeries } from "../life/lifeCurves.ts";
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
export function useLevelCurveSeries(fit: PlottedFit, labels: { use: string }): CurveSeries[] {
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
 * the stress range with its band, and the use stress as a rule. Life on a log axis.
 */
export function lifeStressChart(fit: PlottedFit, options: LifeStressOptions): SVGSVGElement {
  const { labels } = options;
  const points: Array<{ stress: number; time: number }> = [];
  for (const l of fit.plots.levels)
    for (let i = 0; i < l.positions.time.length; i++)
      points.push({ stress: l.stress[0], time: l.positions.time[i] });
  const line = fit.plots.lifeLine;
  const band = line.stress.map((stress, i) => ({
    stress,
    value: line.value[i],
    lower: line.lower[i],
    upper: line.upper[i],
  }));
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
  const times = [...points.map((p) => p.time), ...line.lower, ...line.upper].filter(
    (t) => t > 0 && Number.isFinite(t),
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
    y: axis(labels.life, {
      type: "log",
      domain: [Math.min(...times), Math.max(...times)],
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
      Plot.line(band, { x: "stress", y: "value", stroke: color, strokeWidth: 1.6 }),
      Plot.dot(points, { x: "stress", y: "time", r: 2.5, stroke: CHART_COLORS.text, strokeOpacity: 0.7 }),
      ...legend.marks,
    ],
  }) as SVGSVGElement;
}
