// The probability plot: plotting positions and the fitted CDF on the distribution's own paper (Weibull,
// lognormal, normal, exponential, log-logistic, Gumbel), with confidence bounds, interval and left-censored
// rows as segments across their interval, and suspensions as marks along the bottom. Several series (a
// multi-plot) share one paper. A pure function of the results: `(series, options) => SVG`, snapshot-tested.
import * as Plot from "@observablehq/plot";
import type { CurveSet, LifeDistribution, PlottingPositions } from "../../../../kernels/life/types.ts";
import {
  axis,
  CHART_COLORS,
  CHART_STYLE,
  formatNumber,
  frame,
  type LegendItem,
  legendMarks,
  MARGIN,
  seriesColor,
} from "../shared/style.ts";
import { axisMap, thinIndices } from "../shared/thin.ts";
import { type Paper, PROBABILITY_TICKS, paperFor, probabilityDomain } from "./paper.ts";

export interface FitForPlot {
  distribution: LifeDistribution;
  parameters: Record<string, number>;
  positions?: Pick<PlottingPositions, "time" | "probability" | "row">;
  curves?: Pick<
    CurveSet,
    | "time"
    | "unreliability"
    | "unreliabilityLower"
    | "unreliabilityUpper"
    | "quantileProbability"
    | "quantileTime"
    | "quantileTimeLower"
    | "quantileTimeUpper"
  >;
}

/** The rows the fit came from (positions' `row` indexes them): interval starts and suspensions. */
export interface SeriesRows {
  start?: ArrayLike<number>;
  end: ArrayLike<number>;
  /** 1 = F, 0 = S. */
  state?: ArrayLike<number>;
}

export interface ProbabilitySeries {
  name: string;
  color?: string;
  fit: FitForPlot;
  rows?: SeriesRows;
}

export interface ProbabilityPlotOptions {
  width: number;
  height: number;
  document?: Document;
  labels: {
    time: string;
    unreliability: string;
    suspensions: string;
    fitted: string;
    bounds: string;
    /** Says that dense points were thinned: `shown` of `total` plotting positions are drawn. */
    thinned?: (shown: number, total: number) => string;
  };
  /** Bounds on F at each time ("probability", type 2), on time at each F ("time", type 1), or none. */
  bounds?: "probability" | "time" | "none";
  /** Pixel cell for thinning dense points (default 1.5). */
  thinCell?: number;
  /** Number formatting of read-outs. */
  format?: (value: number) => string;
}

/** Above this many drawn points they are drawn small and light, so the fitted line and bounds stay legible. */
const DENSE_POINTS = 400;

interface PointDatum {
  x: number;
  F: number;
  series: string;
  row: number;
  color: string;
}

function locationOf(fit: FitForPlot, paper: Paper): number {
  return paper.shifted ? (fit.parameters.gamma ?? 0) : 0;
}

function tickLabel(F: number): string {
  const p = F * 100;
  return p >= 1 ? `${+p.toPrecision(4)}` : `${+p.toPrecision(2)}`;
}

/** A log axis from a 1-2-5 step below the data to one above it (full decades waste the frame). */
function niceLog(lo: number, hi: number): [number, number] {
  const steps = [1, 2, 5, 10];
  const below = (v: number) => {
    const k = 10 ** Math.floor(Math.log10(v));
    return k * ([...steps].reverse().find((s) => s * k <= v * (1 + 1e-12)) ?? 1);
  };
  const above = (v: number) => {
    const k = 10 ** Math.floor(Math.log10(v));
    return k * (steps.find((s) => s * k >= v * (1 - 1e-12)) ?? 10);
  };
  return [below(lo), above(hi)];
}

function niceLinear(lo: number, hi: number): [number, number] {
  const scale = Plot.scale({ x: { type: "linear", domain: [lo, hi], nice: true } });
  return scale.domain as [number, number];
}

/** Whether any series has a bound the plot can draw, with the same tests as the marks below. */
function boundsDrawn(series: readonly ProbabilitySeries[], bounds: string, paper: Paper): boolean {
  return series.some((s) => {
    const c = s.fit.curves;
    if (!c) return false;
    const loc = locationOf(s.fit, paper);
    if (bounds === "probability") {
      const valid = (v: number | undefined) => v !== undefined && v > 0 && v < 1;
      for (let i = 0; i < c.time.length; i++) {
        const x = c.time[i] - loc;
        const F = c.unreliability[i];
        if (!(F > 0 && F < 1) || (paper.logTime && x <= 0)) continue;
        if (valid(c.unreliabilityLower[i]) && valid(c.unreliabilityUpper[i])) return true;
      }
    } else if (bounds === "time") {
      const ok = (v: number) => Number.isFinite(v) && (!paper.logTime || v > 0);
      for (let i = 0; i < c.quantileProbability.length; i++)
        if (ok(c.quantileTimeLower[i] - loc) && ok(c.quantileTimeUpper[i] - loc)) return true;
    }
    return false;
  });
}

/**
 * The confidence band: a light fill between the bounds, which stays visible however close they lie to the
 * line (at 400,000 rows they are within a pixel of it), and dashed edges.
 */
function boundMarks<T>(
  data: T[],
  channels: { x1: string; x2: string; y: string } | { x: string; y1: string; y2: string },
  color: string,
): Plot.Markish[] {
  const edges =
    "y1" in channels
      ? [
          { x: channels.x, y: channels.y1 },
          { x: channels.x, y: channels.y2 },
        ]
      : [
          { x: channels.x1, y: channels.y },
          { x: channels.x2, y: channels.y },
        ];
  return [
    "y1" in channels
      ? Plot.areaY(data, { ...channels, fill: color, fillOpacity: 0.16, clip: true })
      : Plot.areaX(data, { ...channels, fill: color, fillOpacity: 0.16, clip: true }),
    ...edges.map((edge) =>
      Plot.line(data, { ...edge, stroke: color, strokeDasharray: "5,3", strokeWidth: 1.1, clip: true }),
    ),
  ];
}

export function probabilityPlot(series: ProbabilitySeries[], options: ProbabilityPlotOptions): SVGSVGElement {
  const fmt = options.format ?? formatNumber;
  const paper = paperFor(series[0]?.fit.distribution ?? "weibull2p");
  const bounds = options.bounds ?? "probability";
  const { width, height } = options;

  // The F range: data and curves, at least 1% to 99%.
  const fs: number[] = [];
  for (const s of series) {
    const p = s.fit.positions?.probability;
    if (p && p.length > 0) {
      let lo = 1;
      let hi = 0;
      for (let i = 0; i < p.length; i++) {
        if (p[i] < lo) lo = p[i];
        if (p[i] > hi) hi = p[i];
      }
      fs.push(lo, hi);
    }
  }
  const [Flo, Fhi] = probabilityDomain(fs);
  const inF = (F: number) => F >= Flo && F <= Fhi;

  // The time range: positions, intervals, suspensions and the fitted curve inside the F range.
  let tMin = Number.POSITIVE_INFINITY;
  let tMax = Number.NEGATIVE_INFINITY;
  const see = (t: number) => {
    if (!Number.isFinite(t) || (paper.logTime && t <= 0)) return;
    if (t < tMin) tMin = t;
    if (t > tMax) tMax = t;
  };
  for (const s of series) {
    const loc = locationOf(s.fit, paper);
    const pos = s.fit.positions;
    if (pos) for (let i = 0; i < pos.time.length; i++) see(pos.time[i] - loc);
    const c = s.fit.curves;
    if (c) for (let i = 0; i < c.time.length; i++) if (inF(c.unreliability[i])) see(c.time[i] - loc);
    const rows = s.rows;
    if (rows?.state)
      for (let i = 0; i < rows.end.length; i++) if (rows.state[i] === 0) see(rows.end[i] - loc);
  }
  if (!(tMin <= tMax)) {
    tMin = paper.logTime ? 1 : 0;
    tMax = paper.logTime ? 10 : 1;
  }
  // Legend above the frame: one entry per series, then the marks' meaning.
  const legendItems: LegendItem[] = series.map((s, k) => ({
    label: s.name,
    color: s.color ?? seriesColor(k),
    symbol: "circle",
  }));
  if (series.some((s) => s.rows?.state && Array.prototype.some.call(s.rows.state, (v: number) => v === 0)))
    legendItems.push({ label: options.labels.suspensions, color: CHART_COLORS.neutral, symbol: "triangle" });
  // The legend names the bounds only when some are drawn (a fit on a search limit has none).
  if (boundsDrawn(series, bounds, paper))
    legendItems.push({ label: options.labels.bounds, color: CHART_COLORS.neutral, symbol: "dash" });
  const legend = legendMarks(legendItems, width, MARGIN);
  const margin = { ...MARGIN, top: legend.marginTop };

  const xDomain = paper.logTime ? niceLog(tMin, tMax) : niceLinear(tMin, tMax);
  const yDomain: [number, number] = [paper.y(Flo), paper.y(Fhi)];
  const xPixel = axisMap(xDomain, [margin.left, width - margin.right], paper.logTime);
  const yPixel = axisMap(yDomain, [height - margin.bottom, margin.top], false);

  const marks: Plot.Markish[] = [frame()];
  // The fitted lines and their bounds go above the points (thousands of points would hide them), each on a
  // white halo so it reads over the cloud; the bounds dashed and thinner than the line.
  const curves: Plot.Markish[] = [];
  const points: PointDatum[] = [];
  let positionsTotal = 0;
  series.forEach((s, k) => {
    const color = s.color ?? seriesColor(k);
    const loc = locationOf(s.fit, paper);
    const c = s.fit.curves;
    if (c) {
      const line: Array<{ x: number; F: number; lo?: number; hi?: number }> = [];
      for (let i = 0; i < c.time.length; i++) {
        const x = c.time[i] - loc;
        const F = c.unreliability[i];
        if (!(F > 0 && F < 1) || (paper.logTime && x <= 0)) continue;
        line.push({ x, F, lo: c.unreliabilityLower[i], hi: c.unreliabilityUpper[i] });
      }
      if (bounds === "probability") {
        const valid = (v: number | undefined) => v !== undefined && v > 0 && v < 1;
        curves.push(
          ...boundMarks(
            line.filter((d) => valid(d.lo) && valid(d.hi)),
            { x: "x", y1: "lo", y2: "hi" },
            color,
          ),
        );
      } else if (bounds === "time") {
        const q: Array<{ F: number; lo: number; hi: number }> = [];
        for (let i = 0; i < c.quantileProbability.length; i++)
          q.push({
            F: c.quantileProbability[i],
            lo: c.quantileTimeLower[i] - loc,
            hi: c.quantileTimeUpper[i] - loc,
          });
        const ok = (v: number) => Number.isFinite(v) && (!paper.logTime || v > 0);
        curves.push(
          ...boundMarks(
            q.filter((d) => ok(d.lo) && ok(d.hi)),
            { x1: "lo", x2: "hi", y: "F" },
            color,
          ),
        );
      }
      curves.push(
        Plot.line(line, {
          x: "x",
          y: "F",
          stroke: "white",
          strokeWidth: 4.5,
          strokeOpacity: 0.9,
          clip: true,
        }),
        Plot.line(line, { x: "x", y: "F", stroke: color, strokeWidth: 1.8, clip: true }),
        Plot.tip(
          line,
          Plot.pointer({
            x: "x",
            y: "F",
            maxRadius: 12,
            title: (d: { x: number; F: number }) =>
              `${s.name}\n${options.labels.fitted}\nt = ${fmt(d.x + loc)}\nF = ${fmt(d.F * 100)}%`,
          }),
        ),
      );
    }

    // Interval and left-censored rows: a segment over their interval at their plotting position.
    const pos = s.fit.positions;
    const rows = s.rows;
    if (pos && rows?.start) {
      const segments: Array<{ x1: number; x2: number; F: number }> = [];
      const start = rows.start;
      const keep = thinIndices(
        pos.time.length,
        (i) => {
          const r = pos.row[i];
          return Number.isFinite(start[r]) ? xPixel(Math.max(pos.time[i] - loc, xDomain[0])) : Number.NaN;
        },
        (i) => yPixel(paper.y(pos.probability[i])),
        width,
        height,
        options.thinCell ?? 1.5,
      );
      for (const i of keep) {
        const r = pos.row[i];
        const a = start[r] - loc;
        const b = rows.end[r] - loc;
        segments.push({ x1: paper.logTime && a <= 0 ? xDomain[0] : a, x2: b, F: pos.probability[i] });
      }
      if (segments.length > 0)
        marks.push(
          Plot.link(segments, {
            x1: "x1",
            x2: "x2",
            y1: "F",
            y2: "F",
            stroke: color,
            strokeOpacity: 0.55,
            clip: true,
          }),
        );
    }

    // Plotting positions, thinned where points would overlap.
    if (pos) {
      positionsTotal += pos.time.length;
      const keep = thinIndices(
        pos.time.length,
        (i) => xPixel(pos.time[i] - loc),
        (i) => yPixel(paper.y(pos.probability[i])),
        width,
        height,
        options.thinCell ?? 1.5,
      );
      for (const i of keep)
        points.push({ x: pos.time[i] - loc, F: pos.probability[i], series: s.name, row: pos.row[i], color });
    }

    // Suspensions along the bottom edge, one mark per pixel column.
    if (rows?.state) {
      const n = rows.end.length;
      const keep = thinIndices(
        n,
        (i) => (rows.state?.[i] === 0 ? xPixel(rows.end[i] - loc) : Number.NaN),
        () => height - margin.bottom,
        width,
        height,
        1,
      );
      const susp = Array.from(keep, (i) => ({ x: rows.end[i] - loc, F: Flo }));
      if (susp.length > 0)
        marks.push(
          Plot.dot(susp, {
            x: "x",
            y: "F",
            symbol: "triangle",
            r: 3,
            dy: -4,
            fill: color,
            fillOpacity: 0.5,
            stroke: "none",
            clip: true,
          }),
        );
    }
  });

  const dense = points.length > DENSE_POINTS;
  marks.push(
    Plot.dot(points, {
      x: "x",
      y: "F",
      r: dense ? 1.8 : 2.6,
      stroke: (d: PointDatum) => d.color,
      strokeWidth: dense ? 0.9 : 1.2,
      strokeOpacity: dense ? 0.45 : 1,
      fill: "white",
      clip: true,
    }),
    ...curves,
    Plot.tip(
      points,
      Plot.pointer({
        x: "x",
        y: "F",
        maxRadius: 16,
        title: (d: PointDatum) => {
          const loc = locationOf(series.find((s) => s.name === d.series)?.fit ?? series[0].fit, paper);
          return `${d.series}\n#${d.row + 1}\nt = ${fmt(d.x + loc)}\nF = ${fmt(d.F * 100)}%`;
        },
      }),
    ),
  );

  marks.push(...legend.marks);

  // Thinned points are said so, with how many of how many are drawn: under the legend, where the paper is
  // empty (early times, high unreliability).
  if (points.length < positionsTotal)
    marks.push(
      Plot.text(
        [
          options.labels.thinned?.(points.length, positionsTotal) ??
            `${points.length} of ${positionsTotal} points shown`,
        ],
        {
          frameAnchor: "top-left",
          dx: 6,
          dy: 10,
          textAnchor: "start",
          fill: "#4e5969",
          stroke: "white",
          strokeWidth: 3,
          paintOrder: "stroke",
        },
      ),
    );

  // Ticks crowd towards the ends of a probability paper: keep the more telling ones first, none closer than
  // 12 px to another.
  const inDomain = PROBABILITY_TICKS.map((p) => p / 100).filter((F) => F >= Flo - 1e-12 && F <= Fhi + 1e-12);
  const priority = [50, 10, 90, 1, 99, 63.2, 20, 30, 5, 95, 2, 99.9, 0.1, 40, 70, 80, 0.5, 0.05, 99.99, 0.01];
  const kept: number[] = [];
  for (const p of priority) {
    const F = p / 100;
    if (!inDomain.some((x) => Math.abs(x - F) < 1e-12)) continue;
    const y = yPixel(paper.y(F));
    if (kept.every((k) => Math.abs(yPixel(paper.y(k)) - y) >= 12)) kept.push(F);
  }
  const ticks = inDomain.filter((F) => kept.some((k) => Math.abs(k - F) < 1e-12));
  const labelOf = new Map(ticks.map((F) => [paper.y(F).toFixed(9), tickLabel(F)]));
  return Plot.plot({
    document: options.document,
    width,
    height,
    marginTop: margin.top,
    marginRight: margin.right,
    marginBottom: margin.bottom,
    marginLeft: margin.left,
    style: CHART_STYLE,
    x: axis(options.labels.time, {
      type: paper.logTime ? ("log" as const) : ("linear" as const),
      domain: xDomain,
      tickFormat: paper.logTime ? "~g" : undefined,
    }),
    y: axis(options.labels.unreliability, {
      type: "linear" as const,
      transform: paper.y,
      domain: yDomain,
      ticks: ticks.map(paper.y),
      tickFormat: (y: number) => labelOf.get(y.toFixed(9)) ?? "",
    }),
    marks,
  }) as SVGSVGElement;
}
