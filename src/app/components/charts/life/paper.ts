// biome-ignore-all lint/correctness/noPrecisionLoss: the coefficients of AS 241 are kept as published
// Probability papers: the scales on which a distribution's CDF is a straight line. Each paper maps the
// unreliability F to its y coordinate (and back) and says whether time is on a log axis. Plot draws every
// channel in F space and the y scale's transform does the rest (see frontend research: the domain and the
// ticks are then given in transformed space, observablehq/plot#1565).
import type { LifeDistribution } from "../../../../kernels/life/types.ts";

export type PaperId = "weibull" | "lognormal" | "normal" | "exponential" | "loglogistic" | "gumbel";

export interface Paper {
  id: PaperId;
  /** Time axis on a log scale. */
  logTime: boolean;
  /** Time minus the location parameter (3-parameter Weibull, 2-parameter exponential). */
  shifted: boolean;
  y(F: number): number;
  F(y: number): number;
}

/** Inverse standard normal CDF, Wichura's AS 241 (PPND16), relative error about 1e-16. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1))
    return p === 0 ? Number.NEGATIVE_INFINITY : p === 1 ? Number.POSITIVE_INFINITY : Number.NaN;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (
      (q *
        (((((((r * 2509.0809287301226727 + 33430.575583588128105) * r + 67265.770927008700853) * r +
          45921.953931549871457) *
          r +
          13731.693765509461125) *
          r +
          1971.5909503065514427) *
          r +
          133.14166789178437745) *
          r +
          3.387132872796366608)) /
      (((((((r * 5226.495278852545925 + 28729.085735721942674) * r + 39307.89580009271061) * r +
        21213.794301586595867) *
        r +
        5394.1960214247511077) *
        r +
        687.1870074920579083) *
        r +
        42.313330701600911252) *
        r +
        1)
    );
  }
  let r = q < 0 ? p : 1 - p;
  r = Math.sqrt(-Math.log(r));
  let value: number;
  if (r <= 5) {
    r -= 1.6;
    value =
      (((((((r * 7.7454501427834140764e-4 + 0.0227238449892691845833) * r + 0.24178072517745061177) * r +
        1.27045825245236838258) *
        r +
        3.64784832476320460504) *
        r +
        5.7694972214606914055) *
        r +
        4.6303378461565452959) *
        r +
        1.42343711074968357734) /
      (((((((r * 1.05075007164441684324e-9 + 5.475938084995344946e-4) * r + 0.0151986665636164571966) * r +
        0.14810397642748007459) *
        r +
        0.68976733498510000455) *
        r +
        1.6763848301838038494) *
        r +
        2.05319162663775882187) *
        r +
        1);
  } else {
    r -= 5;
    value =
      (((((((r * 2.01033439929228813265e-7 + 2.71155556874348757815e-5) * r + 0.0012426609473880784386) * r +
        0.026532189526576123093) *
        r +
        0.29656057182850489123) *
        r +
        1.7848265399172913358) *
        r +
        5.4637849111641143699) *
        r +
        6.6579046435011037772) /
      (((((((r * 2.04426310338993978564e-15 + 1.4215117583164458887e-7) * r + 1.8463183175100546818e-5) * r +
        7.868691311456132591e-4) *
        r +
        0.0148753612908506148525) *
        r +
        0.13692988092273580531) *
        r +
        0.59983220655588793769) *
        r +
        1);
  }
  return q < 0 ? -value : value;
}

/** Standard normal CDF by bisection on the quantile: read-outs only (ticks sit at exact F values). */
export function normalCdf(z: number): number {
  let lo = 1e-300;
  let hi = 1 - 1e-16;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (normalQuantile(mid) < z) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const weibullY = (F: number) => Math.log(-Math.log1p(-F));
const weibullF = (y: number) => -Math.expm1(-Math.exp(y));

const PAPERS: Record<PaperId, Omit<Paper, "shifted">> = {
  weibull: { id: "weibull", logTime: true, y: weibullY, F: weibullF },
  gumbel: { id: "gumbel", logTime: false, y: weibullY, F: weibullF },
  lognormal: { id: "lognormal", logTime: true, y: normalQuantile, F: normalCdf },
  normal: { id: "normal", logTime: false, y: normalQuantile, F: normalCdf },
  exponential: { id: "exponential", logTime: false, y: (F) => -Math.log1p(-F), F: (y) => -Math.expm1(-y) },
  loglogistic: {
    id: "loglogistic",
    logTime: true,
    y: (F) => Math.log(F / (1 - F)),
    F: (y) => 1 / (1 + Math.exp(-y)),
  },
};

/** The paper a distribution is plotted on; gamma and the mixtures (no straight-line paper) use Weibull's. */
export function paperFor(distribution: LifeDistribution): Paper {
  switch (distribution) {
    case "normal":
      return { ...PAPERS.normal, shifted: false };
    case "lognormal":
      return { ...PAPERS.lognormal, shifted: false };
    case "exponential1p":
      return { ...PAPERS.exponential, shifted: false };
    case "exponential2p":
      return { ...PAPERS.exponential, shifted: true };
    case "loglogistic":
      return { ...PAPERS.loglogistic, shifted: false };
    case "gumbel":
      return { ...PAPERS.gumbel, shifted: false };
    case "weibull3p":
      return { ...PAPERS.weibull, shifted: true };
    default:
      return { ...PAPERS.weibull, shifted: false };
  }
}

/** Unreliability ticks of probability papers, in percent. */
export const PROBABILITY_TICKS = [
  0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 20, 30, 40, 50, 63.2, 70, 80, 90, 95, 99, 99.9, 99.99,
];

/** The F range a plot shows: the data and 1% to 99% at least, widened to the nearest ticks. */
export function probabilityDomain(values: Iterable<number>): [number, number] {
  let lo = 0.01;
  let hi = 0.99;
  for (const F of values) {
    if (!(F > 0 && F < 1)) continue;
    if (F < lo) lo = F;
    if (F > hi) hi = F;
  }
  const ticks = PROBABILITY_TICKS.map((p) => p / 100);
  const below = [...ticks].reverse().find((t) => t <= lo) ?? lo;
  const above = ticks.find((t) => t >= hi) ?? hi;
  return [below, above];
}
