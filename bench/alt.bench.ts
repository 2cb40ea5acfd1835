// ALT benchmarks (issue 19): the joint MLE with Fisher bounds on 400,000 right-censored rows at four stress
// levels through src/kernels/alt.ts as the app calls it, against the same algorithm in plain TypeScript
// (bench/baselines/alt-mle.ts); and the fit with likelihood-ratio bounds and the plots' LR bands against the
// same fit with the searches as they were before they were sped up (fitAltModel's `reference`), in the same
// process on the same kernel.

import { fitAltModel } from "../src/kernels/alt/fit.ts";
import { type AltFit, type AltOptions, fitAlt } from "../src/kernels/alt.ts";
import { type AltFitTs, altMleTs } from "./baselines/alt-mle.ts";
import { defineBenchmark } from "./harness.ts";

function uniforms(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
}

/**
 * n units over four stress levels (rows listed level by level), lives from the model, each level censored
 * at its 70% point and some units earlier at random (about 35% suspended in all).
 */
export function altSample(
  n: number,
  seed: number,
  levels: number[][],
  mus: number[],
  sigma: number,
  lognormal: boolean,
) {
  const u = uniforms(seed);
  const end = new Float64Array(n);
  const state = new Int32Array(n);
  const stress = levels[0].map(() => new Float64Array(n));
  const per = Math.ceil(n / levels.length);
  for (let i = 0; i < n; i++) {
    const l = Math.min(Math.floor(i / per), levels.length - 1);
    const e = lognormal
      ? Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u())
      : Math.log(-Math.log(u()));
    const t = Math.exp(mus[l] + sigma * e);
    const c = Math.exp(mus[l] + sigma * (lognormal ? 0.5244 : 0.1856)) * (u() < 0.1 ? u() : 1);
    end[i] = Math.min(t, c);
    state[i] = t <= c ? 1 : 0;
    for (let j = 0; j < levels[l].length; j++) stress[j][i] = levels[l][j];
  }
  return { end, state, stress };
}

function same(label: string, a: number, b: number, rtol: number): void {
  if (!(Math.abs(a - b) <= rtol * Math.abs(b))) throw new Error(`${label}: kernel ${a} vs baseline ${b}`);
}

function check(k: unknown, b: unknown): void {
  const fit = k as AltFit;
  const base = b as AltFitTs;
  same("logLik", fit.logLikelihood, base.logLik, 1e-9);
  base.coefficients.forEach((v, i) => {
    same(`b${i}`, fit.coefficients[i], v, 1e-6);
  });
  same("B10", fit.useLevel[0].bLives[0].time, base.b10[0], 1e-7);
  same("B10 lower", fit.useLevel[0].bLives[0].lower as number, base.b10[1], 1e-6);
}

const OPTIONS = { confidence: 90, bLives: [10], shapeTest: false };

export const arrheniusWeibullBenchmark = defineBenchmark({
  id: "alt-arrhenius-weibull-400k",
  title: "Arrhenius-Weibull joint MLE with Fisher bounds, 400,000 right-censored rows at four temperatures",
  async setup(size) {
    const n = size === "quick" ? 100_000 : 400_000;
    const temps = [[60], [80], [100], [120]];
    const mus = temps.map(([c]) => -8 + 6000 / (c + 273.15));
    const cols = altSample(n, 31, temps, mus, 0.6, false);
    return {
      size: `${n.toLocaleString("en")} rows`,
      kernel: () =>
        fitAlt(cols, { relationship: "arrhenius", distribution: "weibull", use: [[30]], ...OPTIONS }),
      baseline: () => altMleTs(cols, "arrhenius", false, [30]),
      check,
    };
  },
});

export const temperatureHumidityLognormalBenchmark = defineBenchmark({
  id: "alt-th-lognormal-400k",
  title:
    "Temperature-humidity-lognormal joint MLE with Fisher bounds, 400,000 right-censored rows at four levels",
  async setup(size) {
    const n = size === "quick" ? 100_000 : 400_000;
    const levels = [
      [85, 60],
      [85, 85],
      [110, 60],
      [110, 85],
    ];
    const mus = levels.map(([c, h]) => -5 + 4000 / (c + 273.15) + 80 / h);
    const cols = altSample(n, 37, levels, mus, 0.6, true);
    return {
      size: `${n.toLocaleString("en")} rows`,
      kernel: () =>
        fitAlt(cols, {
          relationship: "temperature-humidity",
          distribution: "lognormal",
          use: [[30, 40]],
          ...OPTIONS,
        }),
      baseline: () => altMleTs(cols, "temperature-humidity", true, [30, 40]),
      check,
    };
  },
});

/** Every likelihood-ratio number of a fit with plots: the results' bounds and the drawn bands' points. */
function lrNumbers(fit: AltFit): number[] {
  const plots = fit.plots;
  if (!plots) throw new Error("no plot data");
  const u = plots.use[0].curves;
  const pair = (b: { lower: number | null; upper: number | null }) => [
    b.lower ?? Number.NaN,
    b.upper ?? Number.NaN,
  ];
  return [
    ...Object.values(fit.bounds).flatMap(pair),
    ...fit.useLevel.flatMap((level) => level.bLives.flatMap(pair)),
    ...plots.lifeLine.lower,
    ...plots.lifeLine.upper,
    ...plots.acceleration.lower,
    ...plots.acceleration.upper,
    ...u.reliabilityLower,
    ...u.reliabilityUpper,
    ...u.pdfLower,
    ...u.pdfUpper,
  ];
}

export const lrBandsBenchmark = defineBenchmark({
  id: "alt-lr-bands-400k",
  title:
    "Arrhenius-Weibull fit with likelihood-ratio bounds and the plots' LR bands (21 points each: life line, AF, R(t), density), 400,000 right-censored rows; baseline: the searches before they were sped up",
  async setup(size) {
    const n = size === "quick" ? 25_000 : 400_000;
    const temps = [[60], [80], [100], [120]];
    const mus = temps.map(([c]) => -8 + 6000 / (c + 273.15));
    const cols = altSample(n, 31, temps, mus, 0.6, false);
    // The contour is left out: it is no likelihood-ratio bound and the same search on both sides.
    const options: AltOptions = {
      relationship: "arrhenius",
      distribution: "weibull",
      use: [[30]],
      ...OPTIONS,
      bounds: "lr",
      plots: { contourPoints: 0 },
    };
    return {
      size: `${n.toLocaleString("en")} rows`,
      kernel: () => fitAltModel(cols, options),
      baseline: () => fitAltModel(cols, options, undefined, { reference: true }),
      rounds: size === "quick" ? 3 : 5,
      check(k, b) {
        // Both sides end their searches within the root's tolerance, which on this many rows is set by the
        // rounding of ln L (about 1e-7 of z in the signed root).
        const fast = lrNumbers(k as AltFit);
        const reference = lrNumbers(b as AltFit);
        reference.forEach((v, i) => {
          if (Number.isNaN(v) && Number.isNaN(fast[i])) return;
          same(`LR value ${i}`, fast[i], v, 1e-6);
        });
      },
    };
  },
});
