// Plot data: R(t), F(t), pdf and failure rate on a time grid with bounds, and time-at-unreliability bounds for
// the probability plot. Likelihood-ratio bands are the extremes of each quantity over the LR region's contour
// (for a 1-dof region these extremes are the LR bounds; their accuracy follows the contour's resolution).
import { evaluate, setModel, WHAT } from "./bounds.ts";
import type { LifeSession } from "./kernel.ts";
import type { CurveSet, LifeBoundsType, LifeModel } from "./types.ts";

const QUANTILE_PROBABILITIES = [
  0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.632, 0.7, 0.8, 0.9, 0.95,
  0.99, 0.999,
];

/** A time grid covering the data and the 0.1% to 99.9% range of the fitted model. */
export function timeGrid(session: LifeSession, model: LifeModel, points: number): Float64Array {
  setModel(session, model);
  const q = evaluate(session, WHAT.time, [0.999, 0.001], 0);
  const location = model.kind === "mixture" ? 0 : model.internal[2];
  const { minTime, maxTime } = session.rows;
  let lo = Math.min(q[0], minTime);
  const hi = Math.max(q[3], maxTime);
  const grid = new Float64Array(points);
  const positive = model.kind !== "locationScale" || model.logScale;
  if (positive) {
    lo = Math.max(lo, location + (hi - location) * 1e-6);
    const a = Math.log(lo - location);
    const b = Math.log(hi - location);
    for (let i = 0; i < points; i++) grid[i] = location + Math.exp(a + ((b - a) * i) / (points - 1));
  } else {
    for (let i = 0; i < points; i++) grid[i] = lo + ((hi - lo) * i) / (points - 1);
  }
  return grid;
}

function split(triples: Float64Array): [Float64Array, Float64Array, Float64Array] {
  const n = triples.length / 3;
  const v = new Float64Array(n);
  const lo = new Float64Array(n);
  const hi = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    v[i] = triples[3 * i];
    lo[i] = triples[3 * i + 1];
    hi[i] = triples[3 * i + 2];
  }
  return [v, lo, hi];
}

/** Replaces the bounds of each series by their extremes over the models at the contour points. */
function contourBands(
  session: LifeSession,
  model: LifeModel,
  contour: Float64Array,
  what: number,
  xs: ArrayLike<number>,
  lower: Float64Array,
  upper: Float64Array,
): void {
  // The estimate itself lies inside the region: the band always contains the fitted curve.
  setModel(session, { ...model, internalCovariance: new Array(model.internalCovariance.length).fill(0) });
  const centre = evaluate(session, what, xs, 0);
  for (let i = 0; i < xs.length; i++) {
    lower[i] = centre[3 * i];
    upper[i] = centre[3 * i];
  }
  const zeroCov = new Array(model.internalCovariance.length).fill(0);
  for (let c = 0; c < contour.length; c += 2) {
    const point: LifeModel = {
      ...model,
      internal: [contour[c], contour[c + 1], ...model.internal.slice(2)],
      internalCovariance: zeroCov,
    };
    setModel(session, point);
    const v = evaluate(session, what, xs, 0);
    for (let i = 0; i < xs.length; i++) {
      const x = v[3 * i];
      if (x < lower[i]) lower[i] = x;
      if (x > upper[i]) upper[i] = x;
    }
  }
  setModel(session, model);
}

export function curves(
  session: LifeSession,
  model: LifeModel,
  points: number,
  z: number,
  boundsType: LifeBoundsType,
  contour?: Float64Array,
): CurveSet {
  const time = timeGrid(session, model, points);
  setModel(session, model);
  const [reliability, reliabilityLower, reliabilityUpper] = split(
    evaluate(session, WHAT.reliability, time, z),
  );
  const [unreliability, unreliabilityLower, unreliabilityUpper] = split(
    evaluate(session, WHAT.unreliability, time, z),
  );
  const [pdf, pdfLower, pdfUpper] = split(evaluate(session, WHAT.pdf, time, z));
  const [failureRate, failureRateLower, failureRateUpper] = split(
    evaluate(session, WHAT.failureRate, time, z),
  );
  const quantileProbability = Float64Array.from(QUANTILE_PROBABILITIES);
  const reliabilities = QUANTILE_PROBABILITIES.map((p) => 1 - p);
  const [quantileTime, quantileTimeLower, quantileTimeUpper] = split(
    evaluate(session, WHAT.time, reliabilities, z),
  );
  if (boundsType === "lr" && contour) {
    contourBands(session, model, contour, WHAT.reliability, time, reliabilityLower, reliabilityUpper);
    contourBands(session, model, contour, WHAT.unreliability, time, unreliabilityLower, unreliabilityUpper);
    contourBands(session, model, contour, WHAT.pdf, time, pdfLower, pdfUpper);
    contourBands(session, model, contour, WHAT.failureRate, time, failureRateLower, failureRateUpper);
    contourBands(session, model, contour, WHAT.time, reliabilities, quantileTimeLower, quantileTimeUpper);
  }
  return {
    time,
    reliability,
    reliabilityLower,
    reliabilityUpper,
    unreliability,
    unreliabilityLower,
    unreliabilityUpper,
    pdf,
    pdfLower,
    pdfUpper,
    failureRate,
    failureRateLower,
    failureRateUpper,
    quantileProbability,
    quantileTime,
    quantileTimeLower,
    quantileTimeUpper,
    boundsType,
  };
}
