// The cost optimisation chart as a pure function `(data, options) => SVG` (Observable Plot): the cost per
// unit time against the replacement age (or inspection interval), the optimum marked, and the run-to-failure
// cost as a level line. The curve rises without bound towards 0 (Cp / t, Ci / τ), so the value axis stops at
// twice the larger of the optimum and the run-to-failure cost and the curve is clipped to the frame.
import * as Plot from "@observablehq/plot";
import {
  axis,
  CHART_COLORS,
  CHART_STYLE,
  formatNumber as fmt,
  frame,
  MARGIN,
  SERIES_COLORS,
} from "../shared/style.ts";

export interface CostCurveInput {
  curve: readonly { t: number; costPerUnitTime: number }[];
  /** The optimum (age or interval) and its cost, when there is one. */
  optimum: { t: number; cost: number } | null;
  /** Cu / MTTF (replacement only). */
  runToFailure?: number;
}

export function costCurveChart(
  input: CostCurveInput,
  options: {
    width: number;
    height: number;
    document?: Document;
    labels: { x: string; cost: string; optimum: string; runToFailure: string };
  },
): SVGSVGElement {
  const { labels } = options;
  const points = input.curve.filter((p) => Number.isFinite(p.costPerUnitTime) && p.t > 0);
  const reference = Math.max(input.optimum?.cost ?? 0, input.runToFailure ?? 0);
  const top = 2 * (reference > 0 ? reference : Math.min(...points.map((p) => p.costPerUnitTime)));
  const marks: Plot.Markish[] = [frame()];
  if (input.runToFailure !== undefined && Number.isFinite(input.runToFailure))
    marks.push(
      Plot.ruleY([input.runToFailure], { stroke: CHART_COLORS.rule, strokeDasharray: "4,3" }),
      Plot.text([input.runToFailure], {
        y: (d: number) => d,
        frameAnchor: "right",
        dy: -6,
        dx: -4,
        textAnchor: "end",
        text: () => labels.runToFailure,
        fill: CHART_COLORS.muted,
      }),
    );
  marks.push(
    Plot.line(points, {
      x: "t",
      y: "costPerUnitTime",
      stroke: SERIES_COLORS[0],
      strokeWidth: 1.8,
      clip: true,
    }),
  );
  if (input.optimum) {
    const o = input.optimum;
    marks.push(
      Plot.ruleX([o.t], { stroke: SERIES_COLORS[1], strokeDasharray: "2,3" }),
      Plot.dot([o], { x: "t", y: "cost", r: 4.5, fill: SERIES_COLORS[1] }),
      Plot.text([o], {
        x: "t",
        y: "cost",
        dy: 14,
        textAnchor: "middle",
        text: () => `${labels.optimum} ${fmt(o.t)}`,
        fill: CHART_COLORS.muted,
      }),
    );
  }
  marks.push(
    Plot.tip(
      points,
      Plot.pointerX({
        x: "t",
        y: "costPerUnitTime",
        title: (d: { t: number; costPerUnitTime: number }) =>
          `${labels.x} = ${fmt(d.t)}\n${labels.cost} = ${fmt(d.costPerUnitTime)}`,
      }),
    ),
  );
  return Plot.plot({
    document: options.document,
    width: options.width,
    height: options.height,
    marginLeft: MARGIN.left + 10,
    marginBottom: MARGIN.bottom,
    marginRight: MARGIN.right,
    marginTop: MARGIN.top + 4,
    style: CHART_STYLE,
    x: axis(labels.x, { domain: [0, points.length > 0 ? points[points.length - 1].t : 1] }),
    y: axis(labels.cost, { domain: [0, top] }),
    marks,
  }) as SVGSVGElement;
}
