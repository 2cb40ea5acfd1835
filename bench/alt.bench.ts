// ALT benchmarks (issue 19): the joint MLE with Fisher bounds on 400,000 right-censored rows at four stress
// levels through src/kernels/alt.ts as the app calls it, against the same algorithm in plain TypeScript
// (bench/baselines/alt-mle.ts).
import { type AltFit, fitAlt } from "../src/kernels/alt.ts";
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
