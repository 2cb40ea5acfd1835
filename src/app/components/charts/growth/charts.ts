// Reliability growth charts as pure functions `(input, options) => SVG` (Observable Plot), drawn by
// PlotFigure and snapshot-tested in Node: the plan (idealized curve and planned steps), the growth plot
// (cumulative failures against time on log scales with the fitted Crow-AMSAA line), the MTBF over time
// (cumulative points, fitted cumulative and instantaneous curves with their confidence bounds), and the
// tracking chart (demonstrated MTBF at each phase end against the planned steps and the idealized curve).
import * as Plot from "@observablehq/plot";
import type {
  CrowAmsaaFit,
  DuaneFit,
  MtbfCurvePoint,
  PlannedPhase,
  TrackedPhase,
} from "../../../../kernels/growth.ts";
import {
  axis,
  CHART_STYLE,
  formatNumber as fmt,
  frame,
  legendMarks,
  MARGIN,
  marginRightFor,
  SERIES_COLORS,
} from "../shared/style.ts";
import { thinIndices } from "../shared/thin.ts";

export const GROWTH_COLORS = {
  curve: SERIES_COLORS[0],
  steps: SERIES_COLORS[3],
  data: SERIES_COLORS[2],
  instantaneous: SERIES_COLORS[4],
  bounds: SERIES_COLORS[6],
  /** A phase that ended below its plan. */
  below: SERIES_COLORS[1],
} as const;

export interface ChartOptions {
  width: number;
  height: number;
  document?: Document;
}

interface Step {
  start: number;
  end: number;
  mtbf: number;
}

function stepsOf(steps: readonly PlannedPhase[]): Step[] {
  return steps.map((s, i) => ({ start: i === 0 ? 0 : steps[i - 1].end, end: s.end, mtbf: s.mtbf }));
}

/** Horizontal segments, one per phase, with a tip each. */
function stepMarks(steps: Step[], label: string): Plot.Markish[] {
  return [
    Plot.ruleY(steps, { y: "mtbf", x1: "start", x2: "end", stroke: GROWTH_COLORS.steps, strokeWidth: 2.5 }),
    Plot.tip(
      steps,
      Plot.pointer({
        x: (d: Step) => (d.start + d.end) / 2,
        y: "mtbf",
        title: (d: Step) => `${label}\n${fmt(d.start)} – ${fmt(d.end)}\nMTBF ${fmt(d.mtbf)}`,
      }),
    ),
  ];
}

/**
 * The last tick label of a time axis whose data end at `end`: a linear axis from 0 is made nice and ends on
 * a tick (10,000); a log axis's last tick is the leading-digit value at or below its end (d x 10^k).
 */
function lastTimeTick(end: number, log: boolean): string {
  if (!(end > 0 && Number.isFinite(end))) return "";
  let tick: number;
  if (log) {
    const power = 10 ** Math.floor(Math.log10(end));
    tick = Math.floor(end / power) * power;
  } else {
    const domain = Plot.scale({ x: { type: "linear", domain: [0, end], nice: true } }).domain;
    tick = Number(domain ? [...domain][1] : end);
  }
  return tick.toLocaleString("en-US");
}

/** `timeEnd`: where the time axis's data end; the right margin fits its last tick label. */
function plot(
  options: ChartOptions,
  legend: { marks: Plot.Markish[]; marginTop: number },
  marks: Plot.Markish[],
  scales: { x: Record<string, unknown>; y: Record<string, unknown> },
  timeEnd: number,
): SVGSVGElement {
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: MARGIN.left,
    marginBottom: MARGIN.bottom,
    marginRight: marginRightFor(lastTimeTick(timeEnd, scales.x.type === "log")),
    marginTop: legend.marginTop,
    style: CHART_STYLE,
    x: scales.x,
    y: scales.y,
    marks: [frame(), ...marks, ...legend.marks],
  }) as SVGSVGElement;
}

export function planChart(
  input: { curve: readonly { time: number; mtbf: number }[]; steps: readonly PlannedPhase[] },
  options: ChartOptions & { labels: { time: string; mtbf: string; idealized: string; planned: string } },
): SVGSVGElement {
  const { labels } = options;
  const steps = stepsOf(input.steps);
  const marks: Plot.Markish[] = [
    Plot.line(input.curve, { x: "time", y: "mtbf", stroke: GROWTH_COLORS.curve, strokeWidth: 1.8 }),
    Plot.tip(
      input.curve,
      Plot.pointerX({
        x: "time",
        y: "mtbf",
        title: (d: { time: number; mtbf: number }) =>
          `${labels.idealized}\nt = ${fmt(d.time)}\nMTBF ${fmt(d.mtbf)}`,
      }),
    ),
    ...stepMarks(steps, labels.planned),
  ];
  const legend = legendMarks(
    [
      { label: labels.idealized, color: GROWTH_COLORS.curve, symbol: "line" },
      ...(steps.length
        ? [{ label: labels.planned, color: GROWTH_COLORS.steps, symbol: "line" as const }]
        : []),
    ],
    options.width,
    MARGIN,
  );
  return plot(
    options,
    legend,
    marks,
    {
      x: axis(labels.time, { zero: true, nice: true }),
      y: axis(labels.mtbf, { zero: true, nice: true }),
    },
    timeEnd(input.curve, steps),
  );
}

/** Where a plan's curve and steps end in time (and the tracked phases'). */
function timeEnd(
  curve: readonly { time: number }[],
  steps: readonly Step[],
  tracked: readonly TrackedPhase[] = [],
): number {
  let end = 0;
  for (const p of curve) end = Math.max(end, p.time);
  for (const s of steps) end = Math.max(end, s.end);
  for (const p of tracked) if (Number.isFinite(p.demonstrated)) end = Math.max(end, p.at);
  return end;
}

/**
 * The observed points: failure times sorted ascending, the cumulative count at each its rank; or, grouped
 * (`counts` given), the interval ends ascending with the running total of their counts (an interval without
 * failures before the first has no cumulative MTBF and is left out).
 */
function observed(input: { times: ArrayLike<number>; counts?: ArrayLike<number> | null }): {
  times: ArrayLike<number>;
  n: (i: number) => number;
} {
  if (!input.counts) {
    const times = sorted(input.times);
    return { times, n: (i) => i + 1 };
  }
  const ends: number[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < input.times.length; i++) {
    total += input.counts[i];
    if (total > 0) {
      ends.push(input.times[i]);
      cumulative.push(total);
    }
  }
  return { times: ends, n: (i) => cumulative[i] };
}

/** Failure times sorted ascending: as given when they are (the editor sorts them in a worker). */
function sorted(times: ArrayLike<number>): ArrayLike<number> {
  for (let i = 1; i < times.length; i++) if (times[i] < times[i - 1]) return Float64Array.from(times).sort();
  return times;
}

/**
 * The dots to draw of a series of many (a track may hold 200,000 failures): `thinIndices` keeps the first
 * dot of each cell of a 1.5 px grid (shared/thin.ts). The grid is laid over the dots' own extent in scale
 * space (the logarithm on a log axis) across the chart's whole width and height; the drawn domain contains
 * that extent and the plot area is smaller than the chart, so a cell is never wider or taller than 1.5 drawn
 * pixels, under a dot of radius 2.5: the picture of every dot. The fit and its numbers use every time.
 */
function dotsToDraw(
  xs: ArrayLike<number>,
  ys: (i: number) => number,
  log: { x: boolean; y: boolean },
  options: ChartOptions,
): Int32Array {
  const n = xs.length;
  // Scale space first (one logarithm per coordinate), then the grid over its extent.
  const px = new Float64Array(n);
  const py = new Float64Array(n);
  let x0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const x = log.x ? Math.log(xs[i]) : xs[i];
    const y = log.y ? Math.log(ys(i)) : ys(i);
    px[i] = x;
    py[i] = y;
    if (!(Number.isFinite(x) && Number.isFinite(y))) continue;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  const kx = x1 > x0 ? options.width / (x1 - x0) : 0;
  const ky = y1 > y0 ? options.height / (y1 - y0) : 0;
  for (let i = 0; i < n; i++) {
    px[i] = (px[i] - x0) * kx;
    py[i] = (y1 - py[i]) * ky;
  }
  return thinIndices(
    n,
    (i) => px[i],
    (i) => py[i],
    options.width,
    options.height,
  );
}

/** The power law N(t) = lambda t^beta a chart draws (a Crow-AMSAA fit is one). */
export type ChartFit = Pick<CrowAmsaaFit, "time" | "beta" | "lambda" | "instantaneousMtbf">;

/**
 * Duane's line as a power law: cumulative MTBF b t^alpha means N(t) = t / (b t^alpha) = (1 / b) t^(1 - alpha),
 * so beta = 1 - alpha and lambda = 1 / b draw the same growth plot and MTBF curves (no bounds).
 */
export function duaneChartFit(fit: DuaneFit): ChartFit {
  return {
    time: fit.time,
    beta: 1 - fit.alpha,
    lambda: 1 / fit.b,
    instantaneousMtbf: fit.instantaneousMtbf,
  };
}

function logGrid(lo: number, hi: number, n: number): number[] {
  const a = Math.log(lo);
  const b = Math.log(hi);
  return Array.from({ length: n }, (_, i) => Math.exp(a + ((b - a) * i) / (n - 1)));
}

export function growthPlot(
  input: { times: ArrayLike<number>; counts?: ArrayLike<number> | null; fit: ChartFit },
  options: ChartOptions & { labels: { time: string; failures: string; observed: string; fitted: string } },
): SVGSVGElement {
  const { labels, width } = options;
  const { fit } = input;
  const { times, n } = observed(input);
  const keep = dotsToDraw(times, n, { x: true, y: true }, options);
  const points = Array.from(keep, (i) => ({ time: times[i], n: n(i) }));
  const lo = Math.min(times[0] ?? 1, fit.time) / 1.5;
  const line = logGrid(lo, fit.time, 60).map((time) => ({ time, n: fit.lambda * time ** fit.beta }));
  const marks: Plot.Markish[] = [
    Plot.line(line, { x: "time", y: "n", stroke: GROWTH_COLORS.curve, strokeWidth: 1.8 }),
    Plot.dot(points, { x: "time", y: "n", r: 2.5, fill: GROWTH_COLORS.data }),
    Plot.tip(
      points,
      Plot.pointer({
        x: "time",
        y: "n",
        title: (d: { time: number; n: number }) => `${labels.observed}\nt = ${fmt(d.time)}\nN = ${d.n}`,
      }),
    ),
  ];
  const legend = legendMarks(
    [
      { label: labels.observed, color: GROWTH_COLORS.data, symbol: "dot" },
      { label: labels.fitted, color: GROWTH_COLORS.curve, symbol: "line" },
    ],
    width,
    MARGIN,
  );
  return plot(
    options,
    legend,
    marks,
    {
      x: axis(labels.time, { type: "log" }),
      y: axis(labels.failures, { type: "log" }),
    },
    fit.time,
  );
}

/**
 * The MTBF over time: the observed cumulative MTBF (t_i / i), the fitted cumulative and instantaneous curves
 * and, with a Crow-AMSAA fit's `curve` (the kernel's fitCrowAmsaaCurve), each curve's confidence bounds as
 * dashed lines in its colour (a one-sided bound draws its one side). Without a curve (Duane) the fitted
 * lines are drawn from the power law and there are no bounds.
 */
export function mtbfChart(
  input: {
    times: ArrayLike<number>;
    counts?: ArrayLike<number> | null;
    fit: ChartFit;
    curve?: readonly MtbfCurvePoint[] | null;
  },
  options: ChartOptions & {
    labels: {
      time: string;
      mtbf: string;
      observed: string;
      cumulative: string;
      instantaneous: string;
      bounds: string;
    };
  },
): SVGSVGElement {
  const { labels, width } = options;
  const { fit } = input;
  const { times, n } = observed(input);
  const keep = dotsToDraw(times, (i) => times[i] / n(i), { x: true, y: false }, options);
  const points = Array.from(keep, (i) => ({ time: times[i], mtbf: times[i] / n(i) }));
  const grid = input.curve?.length
    ? input.curve.map((p) => p.time)
    : logGrid(Math.max(times[0] ?? 1, fit.time / 1000), fit.time, 80);
  const cum = grid.map((time) => ({ time, mtbf: time ** (1 - fit.beta) / fit.lambda }));
  const inst = grid.map((time) => ({ time, mtbf: 1 / (fit.lambda * fit.beta * time ** (fit.beta - 1)) }));
  const bound = (pick: (p: MtbfCurvePoint) => number) =>
    (input.curve ?? []).map((p) => ({ time: p.time, mtbf: pick(p) })).filter((d) => isDrawn(d.mtbf));
  const bounds = [
    { line: bound((p) => p.cumulative.lower), color: GROWTH_COLORS.curve },
    { line: bound((p) => p.cumulative.upper), color: GROWTH_COLORS.curve },
    { line: bound((p) => p.instantaneous.lower), color: GROWTH_COLORS.instantaneous },
    { line: bound((p) => p.instantaneous.upper), color: GROWTH_COLORS.instantaneous },
  ].filter((b) => b.line.length > 1);
  const boundTip = (input.curve ?? []).map((p) => ({
    time: p.time,
    mtbf: p.instantaneousMtbf,
    text: `${labels.bounds}\nt = ${fmt(p.time)}\n${labels.cumulative} ${fmt(p.cumulativeMtbf)} [${fmt(p.cumulative.lower)}, ${fmt(p.cumulative.upper)}]\n${labels.instantaneous} ${fmt(p.instantaneousMtbf)} [${fmt(p.instantaneous.lower)}, ${fmt(p.instantaneous.upper)}]`,
  }));
  const marks: Plot.Markish[] = [
    ...bounds.map((b) =>
      Plot.line(b.line, {
        x: "time",
        y: "mtbf",
        stroke: b.color,
        strokeWidth: 1.2,
        strokeDasharray: "5 4",
        strokeOpacity: 0.85,
      }),
    ),
    Plot.line(cum, { x: "time", y: "mtbf", stroke: GROWTH_COLORS.curve, strokeWidth: 1.8 }),
    Plot.line(inst, { x: "time", y: "mtbf", stroke: GROWTH_COLORS.instantaneous, strokeWidth: 1.8 }),
    Plot.dot(points, { x: "time", y: "mtbf", r: 2.5, fill: GROWTH_COLORS.data }),
    boundTip.length
      ? Plot.tip(boundTip, Plot.pointerX({ x: "time", y: "mtbf", title: (d: { text: string }) => d.text }))
      : Plot.tip(
          inst,
          Plot.pointerX({
            x: "time",
            y: "mtbf",
            title: (d: { time: number; mtbf: number }) =>
              `${labels.instantaneous}\nt = ${fmt(d.time)}\nMTBF ${fmt(d.mtbf)}`,
          }),
        ),
  ];
  const legend = legendMarks(
    [
      { label: labels.observed, color: GROWTH_COLORS.data, symbol: "dot" },
      { label: labels.cumulative, color: GROWTH_COLORS.curve, symbol: "line" },
      { label: labels.instantaneous, color: GROWTH_COLORS.instantaneous, symbol: "line" },
      ...(bounds.length
        ? [{ label: labels.bounds, color: GROWTH_COLORS.bounds, symbol: "dash" as const }]
        : []),
    ],
    width,
    MARGIN,
  );
  return plot(
    options,
    legend,
    marks,
    {
      x: axis(labels.time, { type: "log" }),
      y: axis(labels.mtbf, { zero: true, nice: true }),
    },
    Math.max(fit.time, grid[grid.length - 1] ?? 0),
  );
}

/** A bound that can be drawn: finite and above 0 (a one-sided bound's other side is 0 or infinite). */
const isDrawn = (x: number) => Number.isFinite(x) && x > 0;

export function trackingChart(
  input: {
    curve: readonly { time: number; mtbf: number }[];
    steps: readonly PlannedPhase[];
    tracked: readonly TrackedPhase[];
  },
  options: ChartOptions & {
    labels: {
      time: string;
      mtbf: string;
      idealized: string;
      planned: string;
      demonstrated: string;
      below: string;
    };
  },
): SVGSVGElement {
  const { labels, width } = options;
  const steps = stepsOf(input.steps);
  const shown = input.tracked.filter((p) => Number.isFinite(p.demonstrated));
  const marks: Plot.Markish[] = [
    Plot.line(input.curve, { x: "time", y: "mtbf", stroke: GROWTH_COLORS.curve, strokeWidth: 1.5 }),
    ...stepMarks(steps, labels.planned),
    // At the time it is given at: the phase end, or before it while the data do not reach it.
    Plot.dot(shown, {
      x: "at",
      y: "demonstrated",
      r: 4.5,
      fill: (d: TrackedPhase) => (d.belowPlan ? GROWTH_COLORS.below : GROWTH_COLORS.data),
      stroke: "white",
    }),
    Plot.tip(
      shown,
      Plot.pointer({
        x: "at",
        y: "demonstrated",
        title: (d: TrackedPhase) =>
          `${labels.demonstrated}\nt = ${fmt(d.at)}\nMTBF ${fmt(d.demonstrated)} / ${fmt(d.planned)}${d.belowPlan ? `\n${labels.below}` : ""}`,
      }),
    ),
  ];
  const legend = legendMarks(
    [
      { label: labels.idealized, color: GROWTH_COLORS.curve, symbol: "line" },
      { label: labels.planned, color: GROWTH_COLORS.steps, symbol: "line" },
      { label: labels.demonstrated, color: GROWTH_COLORS.data, symbol: "dot" },
      { label: labels.below, color: GROWTH_COLORS.below, symbol: "dot" },
    ],
    width,
    MARGIN,
  );
  return plot(
    options,
    legend,
    marks,
    {
      x: axis(labels.time, { zero: true, nice: true }),
      y: axis(labels.mtbf, { zero: true, nice: true }),
    },
    timeEnd(input.curve, steps, input.tracked),
  );
}
