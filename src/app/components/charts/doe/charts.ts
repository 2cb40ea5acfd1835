// Design-of-experiments charts as pure functions `(data, options) => SVG`: the normal probability plot of a
// factorial's effects (Daniel 1959), main effects, the readings of two or more samples side by side (B vs C,
// Tukey, component search with its decision limits, hypothesis tests), the scatter with its least-squares
// line, the Pareto chart with its cumulative line and 80 % rule, the cumulative event count of a trend test, and
// a factorial's interaction plots and residuals against fitted values (Montgomery, Design and Analysis of
// Experiments, 6.2 and 3.4).
import * as Plot from "@observablehq/plot";
import {
  axis,
  CHART_COLORS,
  CHART_STYLE,
  formatNumber,
  frame,
  legendMarks,
  MARGIN,
  seriesColor,
  valueAxis,
} from "../shared/style.ts";

interface Size {
  width: number;
  height: number;
  document?: Document;
}

const plotHeight = (o: Size) => o.height - MARGIN.top - MARGIN.bottom;

export interface EffectPoint {
  term: string;
  effect: number;
  score: number;
  /** Judged significant (p below the level): labelled and coloured. */
  active: boolean;
}

/** Effects against their normal scores; the inactive ones fall on a line through 0, the active stand off it. */
export function effectsNormalPlot(
  points: EffectPoint[],
  options: Size & { labels: { effect: string; score: string } },
): SVGSVGElement {
  const y = valueAxis(
    Math.min(...points.map((p) => p.score)),
    Math.max(...points.map((p) => p.score)),
    plotHeight(options),
  );
  const inactive = points.filter((p) => !p.active).map((p) => Math.abs(p.effect));
  // A reference line through the origin with the slope of the small effects (their median |effect| at 0.6745).
  const scale = inactive.length ? [...inactive].sort((a, b) => a - b)[inactive.length >> 1] / 0.6745 : 0;
  const line = scale > 0 ? [y.domain[0], y.domain[1]].map((s) => ({ effect: s * scale, score: s })) : [];
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft,
    marginRight: MARGIN.right,
    marginTop: MARGIN.top,
    marginBottom: MARGIN.bottom,
    style: CHART_STYLE,
    x: axis(options.labels.effect, { nice: true }),
    y: axis(options.labels.score, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    marks: [
      frame(),
      Plot.ruleX([0], { stroke: CHART_COLORS.rule }),
      Plot.line(line, { x: "effect", y: "score", stroke: CHART_COLORS.rule, strokeDasharray: "4 3" }),
      Plot.dot(points, {
        x: "effect",
        y: "score",
        r: 4,
        fill: (p: EffectPoint) => (p.active ? seriesColor(1) : seriesColor(0)),
      }),
      Plot.text(points, {
        x: "effect",
        y: "score",
        text: "term",
        dx: 7,
        textAnchor: "start",
        fill: CHART_COLORS.text,
      }),
      Plot.tip(
        points,
        Plot.pointer({
          x: "effect",
          y: "score",
          title: (p: EffectPoint) => `${p.term}\n${options.labels.effect} = ${formatNumber(p.effect)}`,
        }),
      ),
    ],
  }) as SVGSVGElement;
}

export interface FactorMeans {
  factor: string;
  levels: string[];
  means: number[];
}

/** Mean response at each level, one panel per factor on a shared value axis. */
export function mainEffectsChart(
  factors: FactorMeans[],
  options: Size & { labels: { mean: string } },
): SVGSVGElement {
  const data = factors.flatMap((f) =>
    f.levels.map((level, i) => ({ factor: f.factor, level, mean: f.means[i], x: `${f.factor}: ${level}` })),
  );
  const all = data.map((d) => d.mean);
  const y = valueAxis(Math.min(...all), Math.max(...all), plotHeight(options));
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft,
    marginRight: MARGIN.right,
    marginTop: MARGIN.top,
    marginBottom: MARGIN.bottom,
    style: CHART_STYLE,
    x: { domain: data.map((d) => d.x), label: null },
    y: axis(options.labels.mean, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    marks: [
      frame(),
      ...factors.map((f, k) =>
        Plot.line(
          data.filter((d) => d.factor === f.factor),
          { x: "x", y: "mean", stroke: seriesColor(k), strokeWidth: 1.8 },
        ),
      ),
      Plot.dot(data, {
        x: "x",
        y: "mean",
        r: 3.5,
        fill: (d: { factor: string }) => seriesColor(factors.findIndex((f) => f.factor === d.factor)),
      }),
      Plot.tip(
        data,
        Plot.pointerX({
          x: "x",
          y: "mean",
          title: (d: { x: string; mean: number }) =>
            `${d.x}\n${options.labels.mean} = ${formatNumber(d.mean)}`,
        }),
      ),
    ],
  }) as SVGSVGElement;
}

export interface InteractionPair {
  /** Factor on the x axis and its levels. */
  a: string;
  aLevels: string[];
  /** Factor whose levels are the lines. */
  b: string;
  bLevels: string[];
  /** Mean response at each level pair, [level of a][level of b]. */
  means: number[][];
}

/**
 * One panel per pair of factors: the mean response at each level of the first, one line per level of the
 * second, named at its right end. Lines that are not parallel show the interaction.
 */
export function interactionChart(
  pairs: InteractionPair[],
  options: Size & { labels: { mean: string } },
): SVGSVGElement {
  const data = pairs.flatMap((p) =>
    p.aLevels.flatMap((la, i) =>
      p.bLevels.map((lb, j) => ({
        pair: `${p.a} × ${p.b}`,
        x: `${p.a} = ${la}`,
        line: `${p.b} = ${lb}`,
        k: j,
        last: i === p.aLevels.length - 1,
        mean: p.means[i][j],
      })),
    ),
  );
  const all = data.map((d) => d.mean);
  const y = valueAxis(Math.min(...all), Math.max(...all), plotHeight(options) - 24);
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft,
    marginRight: 72,
    marginTop: MARGIN.top + 24,
    marginBottom: MARGIN.bottom,
    style: CHART_STYLE,
    fx: { label: null, padding: 0.25 },
    x: { label: null, padding: 0.3 },
    y: axis(options.labels.mean, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    facet: { data, x: "pair" },
    marks: [
      frame(),
      ...[0, 1, 2, 3, 4, 5].map((k) =>
        Plot.line(
          data.filter((d) => d.k === k),
          { fx: "pair", x: "x", y: "mean", z: "pair", stroke: seriesColor(k), strokeWidth: 1.8 },
        ),
      ),
      Plot.dot(data, { fx: "pair", x: "x", y: "mean", r: 3, fill: (d: { k: number }) => seriesColor(d.k) }),
      Plot.text(
        data.filter((d) => d.last),
        { fx: "pair", x: "x", y: "mean", text: "line", dx: 6, textAnchor: "start", fill: CHART_COLORS.text },
      ),
      Plot.tip(
        data,
        Plot.pointer({
          fx: "pair",
          x: "x",
          y: "mean",
          title: (d: { x: string; line: string; mean: number }) =>
            `${d.x}, ${d.line}\n${options.labels.mean} = ${formatNumber(d.mean)}`,
        }),
      ),
    ],
  }) as SVGSVGElement;
}

/** Residuals against fitted values with the zero line: a funnel or a curve says the model misses something. */
export function residualsChart(
  data: { fitted: ArrayLike<number>; residuals: ArrayLike<number> },
  options: Size & { labels: { fitted: string; residual: string } },
): SVGSVGElement {
  const points = Array.from(data.fitted, (f, i) => ({ fitted: f, residual: data.residuals[i] }));
  const extent = 1.1 * Math.max(...points.map((p) => Math.abs(p.residual)), Number.MIN_VALUE);
  const y = valueAxis(-extent, extent, plotHeight(options));
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft,
    marginRight: MARGIN.right,
    marginTop: MARGIN.top,
    marginBottom: MARGIN.bottom,
    style: CHART_STYLE,
    x: axis(options.labels.fitted, { nice: true }),
    y: axis(options.labels.residual, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    marks: [
      frame(),
      Plot.ruleY([0], { stroke: CHART_COLORS.rule, strokeDasharray: "4 3" }),
      Plot.dot(points, { x: "fitted", y: "residual", r: 3, fill: seriesColor(0) }),
      Plot.tip(
        points,
        Plot.pointer({
          x: "fitted",
          y: "residual",
          title: (p: { fitted: number; residual: number }) =>
            `${options.labels.fitted} = ${formatNumber(p.fitted)}\n${options.labels.residual} = ${formatNumber(p.residual)}`,
        }),
      ),
    ],
  }) as SVGSVGElement;
}

export interface SampleSeries {
  name: string;
  values: number[];
  /** Decision limits drawn across the sample (component search). */
  limits?: [number, number];
}

/** Every reading of each sample as a dot in its own column, the median marked; limits as dashed ticks. */
export function samplesChart(
  samples: SampleSeries[],
  options: Size & { labels: { value: string } },
): SVGSVGElement {
  const data = samples.flatMap((s, k) => s.values.map((v, i) => ({ sample: s.name, value: v, k, i })));
  const all = [...data.map((d) => d.value), ...samples.flatMap((s) => s.limits ?? [])];
  const y = valueAxis(Math.min(...all), Math.max(...all), plotHeight(options));
  const medians = samples.map((s) => {
    const v = [...s.values].sort((a, b) => a - b);
    const h = v.length >> 1;
    return { sample: s.name, value: v.length % 2 ? v[h] : (v[h - 1] + v[h]) / 2 };
  });
  const limits = samples.flatMap((s) =>
    s.limits ? s.limits.map((value) => ({ sample: s.name, value })) : [],
  );
  // Many columns (a multi-vari study's pieces): slanted names, so they do not run into each other.
  const crowded = samples.length > 6;
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft,
    marginRight: MARGIN.right,
    marginTop: MARGIN.top,
    marginBottom: crowded ? MARGIN.bottom + 28 : MARGIN.bottom,
    style: CHART_STYLE,
    x: {
      domain: samples.map((s) => s.name),
      label: null,
      padding: 0.3,
      ...(crowded ? { tickRotate: -30 } : {}),
    },
    y: axis(options.labels.value, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    marks: [
      frame(),
      Plot.tickY(limits, { x: "sample", y: "value", stroke: CHART_COLORS.rule, strokeDasharray: "4 3" }),
      Plot.tickY(medians, { x: "sample", y: "value", stroke: CHART_COLORS.text, strokeWidth: 2 }),
      // Ties overlap: the columns stay readable for the small samples these tools take.
      Plot.dot(data, { x: "sample", y: "value", r: 3.5, fill: (d: { k: number }) => seriesColor(d.k) }),
      Plot.tip(
        data,
        Plot.pointer({
          x: "sample",
          y: "value",
          title: (d: { sample: string; value: number; i: number }) =>
            `${d.sample} #${d.i + 1}\n${formatNumber(d.value)}`,
        }),
      ),
    ],
  }) as SVGSVGElement;
}

/** The points and the least-squares line y = a + b x over their x range. */
export function scatterChart(
  data: { x: number[]; y: number[]; intercept: number; slope: number },
  options: Size & { labels: { x: string; y: string; fit: string } },
): SVGSVGElement {
  const points = data.x.map((x, i) => ({ x, y: data.y[i] }));
  const lo = Math.min(...data.x);
  const hi = Math.max(...data.x);
  const line = [lo, hi].map((x) => ({ x, y: data.intercept + data.slope * x }));
  const y = valueAxis(
    Math.min(...data.y, ...line.map((p) => p.y)),
    Math.max(...data.y, ...line.map((p) => p.y)),
    plotHeight(options),
  );
  const legend = legendMarks(
    [{ label: options.labels.fit, color: seriesColor(1), symbol: "line" }],
    options.width,
    { left: y.marginLeft, right: MARGIN.right },
  );
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft,
    marginRight: MARGIN.right,
    marginTop: legend.marginTop,
    marginBottom: MARGIN.bottom,
    style: CHART_STYLE,
    x: axis(options.labels.x, { nice: true }),
    y: axis(options.labels.y, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    marks: [
      frame(),
      Plot.dot(points, { x: "x", y: "y", r: 3, fill: seriesColor(0) }),
      Plot.line(line, { x: "x", y: "y", stroke: seriesColor(1), strokeWidth: 1.8 }),
      ...legend.marks,
      Plot.tip(
        points,
        Plot.pointer({
          x: "x",
          y: "y",
          title: (p: { x: number; y: number }) => `${formatNumber(p.x)}, ${formatNumber(p.y)}`,
        }),
      ),
    ],
  }) as SVGSVGElement;
}

/** Bars by count (largest first), the cumulative percentage on the same frame scaled to the total, the 80 % line. */
export function paretoChart(
  rows: { category: string; count: number; cumulative: number }[],
  options: Size & { labels: { count: string; cumulative: string } },
): SVGSVGElement {
  const total = rows.reduce((s, r) => s + r.count, 0);
  const y = valueAxis(0, total, plotHeight(options));
  const cumulative = rows.map((r) => ({
    category: r.category,
    value: (r.cumulative / 100) * total,
    percent: r.cumulative,
  }));
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft,
    marginRight: 44,
    marginTop: MARGIN.top,
    marginBottom: MARGIN.bottom,
    style: CHART_STYLE,
    x: { domain: rows.map((r) => r.category), label: null, padding: 0.15 },
    y: axis(options.labels.count, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    marks: [
      frame(),
      Plot.barY(rows, { x: "category", y: "count", fill: seriesColor(0), fillOpacity: 0.85 }),
      Plot.ruleY([0.8 * total], { stroke: CHART_COLORS.rule, strokeDasharray: "4 3" }),
      Plot.text([{ v: 0.8 * total }], {
        x: rows.at(-1)?.category,
        y: "v",
        text: () => "80%",
        dx: 20,
        fill: CHART_COLORS.text,
      }),
      Plot.line(cumulative, { x: "category", y: "value", stroke: seriesColor(1), strokeWidth: 1.8 }),
      Plot.dot(cumulative, { x: "category", y: "value", r: 3, fill: seriesColor(1) }),
      Plot.tip(
        cumulative,
        Plot.pointerX({
          x: "category",
          y: "value",
          title: (d: { category: string; percent: number }) =>
            `${d.category}\n${options.labels.cumulative} = ${formatNumber(d.percent)}%`,
        }),
      ),
    ],
  }) as SVGSVGElement;
}

/** Cumulative number of events against time, with the straight line a constant rate would give. */
export function trendChart(
  data: { times: number[]; end: number },
  options: Size & { labels: { time: string; events: string; constant: string } },
): SVGSVGElement {
  const steps = data.times.map((t, i) => ({ t, n: i + 1 }));
  const y = valueAxis(0, data.times.length, plotHeight(options));
  const legend = legendMarks(
    [{ label: options.labels.constant, color: CHART_COLORS.rule, symbol: "dash" }],
    options.width,
    { left: y.marginLeft, right: MARGIN.right },
  );
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: y.marginLeft,
    marginRight: MARGIN.right,
    marginTop: legend.marginTop,
    marginBottom: MARGIN.bottom,
    style: CHART_STYLE,
    x: axis(options.labels.time, { nice: true, zero: true }),
    y: axis(options.labels.events, { domain: y.domain, ticks: y.ticks, tickFormat: y.tickFormat }),
    marks: [
      frame(),
      Plot.line(
        [
          { t: 0, n: 0 },
          { t: data.end, n: data.times.length },
        ],
        { x: "t", y: "n", stroke: CHART_COLORS.rule, strokeDasharray: "4 3" },
      ),
      Plot.line([{ t: 0, n: 0 }, ...steps], {
        x: "t",
        y: "n",
        curve: "step-after",
        stroke: seriesColor(0),
        strokeWidth: 1.8,
      }),
      Plot.dot(steps, { x: "t", y: "n", r: 2.5, fill: seriesColor(0) }),
      ...legend.marks,
      Plot.tip(
        steps,
        Plot.pointerX({
          x: "t",
          y: "n",
          title: (d: { t: number; n: number }) => `${formatNumber(d.t)}\n${d.n}`,
        }),
      ),
    ],
  }) as SVGSVGElement;
}
