// The drawing tool's paper (/lifeData/drawing): the plotted rank data and the RRX or RRY line through them on the
// chosen distribution's probability paper, and the MLE line of the same data set when the points are a stored
// set's plotting positions. The paper, its scales and ticks are the probability plot's (probabilityPlot.ts):
// this only says which series it draws. A pure function of its input, snapshot-tested.
import type { LifeDistribution } from "../../../../kernels/life/types.ts";
import { type FitForPlot, type ProbabilitySeries, probabilityPlot } from "./probabilityPlot.ts";

export interface DrawingLine {
  parameters: Record<string, number>;
  curves?: FitForPlot["curves"];
}

export interface DrawingPlotInput {
  distribution: LifeDistribution;
  /** The plotted points: time and unreliability F (0-1); row numbers them in the sheet (0-based). */
  points: { time: ArrayLike<number>; probability: ArrayLike<number>; row: ArrayLike<number> };
  /** The rank-regression line through the points, once fitted. */
  line?: DrawingLine | null;
  /** The MLE line of the data set the points came from. */
  mle?: DrawingLine | null;
}

export interface DrawingPlotOptions {
  width: number;
  height: number;
  document?: Document;
  labels: {
    time: string;
    unreliability: string;
    /** Names of the series: the points with their line, and the MLE line. */
    points: string;
    mle: string;
    fitted: string;
  };
  format?: (value: number) => string;
}

export function drawingPlot(input: DrawingPlotInput, options: DrawingPlotOptions): SVGSVGElement {
  const { points } = input;
  const series: ProbabilitySeries[] = [
    {
      name: options.labels.points,
      fit: {
        distribution: input.distribution,
        parameters: input.line?.parameters ?? {},
        positions: {
          time: Float64Array.from(points.time),
          probability: Float64Array.from(points.probability),
          row: Int32Array.from(points.row),
        },
        curves: input.line?.curves,
      },
    },
  ];
  if (input.mle)
    series.push({
      name: options.labels.mle,
      fit: { distribution: input.distribution, parameters: input.mle.parameters, curves: input.mle.curves },
    });
  return probabilityPlot(series, {
    width: options.width,
    height: options.height,
    document: options.document,
    bounds: "none",
    format: options.format,
    labels: {
      time: options.labels.time,
      unreliability: options.labels.unreliability,
      suspensions: "",
      fitted: options.labels.fitted,
      bounds: "",
    },
  });
}
