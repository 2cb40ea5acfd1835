// Degradation benchmarks (issue 20): 10,000 units with 40 measurements each, every path fitted, solved for its
// pseudo failure time and the times fitted by Weibull MLE, through src/kernels/degradation.ts as the app calls
// it, against the same algorithms in plain TypeScript (bench/baselines/degradation-paths.ts).
import type { DegradationResult } from "../src/kernels/degradation.ts";
import { fitDegradation } from "../src/kernels/degradation.ts";
import { type DegradationTs, degradationTs } from "./baselines/degradation-paths.ts";
import { type BenchSize, defineBenchmark } from "./harness.ts";

function uniforms(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
}

/** Units measured every 25 h up to 1000 h; each unit's rate spread lognormally, multiplicative noise. */
export function degradationSample(units: number, model: "exponential" | "gompertz", seed: number) {
  const u = uniforms(seed);
  const normal = () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
  const per = 40;
  const unit: string[] = new Array(units * per);
  const time = new Float64Array(units * per);
  const value = new Float64Array(units * per);
  for (let k = 0; k < units; k++) {
    const spread = Math.exp(0.2 * normal());
    for (let j = 0; j < per; j++) {
      const i = k * per + j;
      const t = 25 * (j + 1);
      unit[i] = `U${k + 1}`;
      time[i] = t;
      value[i] =
        model === "exponential"
          ? 2 * Math.exp(0.0012 * spread * t) * Math.exp(0.01 * normal())
          : 100 * 0.05 ** ((1 - 0.005 * spread) ** t) * Math.exp(0.003 * normal());
    }
  }
  return { unit, time, value };
}

function same(label: string, a: number, b: number, rtol: number): void {
  if (!(Math.abs(a - b) <= rtol * Math.abs(b))) throw new Error(`${label}: kernel ${a} vs baseline ${b}`);
}

function check(tol: number) {
  return (k: unknown, b: unknown) => {
    const r = k as DegradationResult;
    const base = b as DegradationTs;
    r.units.forEach((unit, i) => {
      same(`unit ${unit.id}`, unit.pseudoFailureTime, base.pseudo[i], tol);
    });
    same("beta", r.fit.parameters.beta, base.weibull.beta, tol);
    same("eta", r.fit.parameters.eta, base.weibull.eta, tol);
  };
}

function benchmark(model: "exponential" | "gompertz", threshold: number, tol: number) {
  return defineBenchmark({
    id: `degradation-${model}-10k`,
    title: `Degradation, ${model} paths of 10,000 units x 40 measurements, pseudo failure times, Weibull MLE`,
    async setup(size: BenchSize) {
      const units = size === "quick" ? 2_000 : 10_000;
      const data = degradationSample(units, model, model === "exponential" ? 41 : 43);
      return {
        size: `${units.toLocaleString("en")} units x 40`,
        kernel: () =>
          fitDegradation(data, {
            model,
            threshold,
            life: { distribution: "weibull2p", curvePoints: 0, positions: false, confidence: 90 },
          }),
        baseline: () => degradationTs(data.unit, data.time, data.value, model, threshold),
        check: check(tol),
      };
    },
  });
}

// The wasm and Math exp/log differ in the last bits; the Gompertz iteration stops at a relative step of 1e-10.
export const degradationExponentialBenchmark = benchmark("exponential", 8, 1e-9);
export const degradationGompertzBenchmark = benchmark("gompertz", 80, 1e-7);
