// Reliability growth (issue 21): Crow-AMSAA with Fisher bounds, the Cramer-von Mises test and the trend test
// on 200,000 failure times (the import limit), through src/kernels/growth.ts as the app's worker calls it
// (validation, sort, the math core's quantiles), against the same formulas in plain TypeScript
// (bench/baselines/crow-amsaa.ts), the straightforward way: V8's typed-array sort, a log per failure for the
// MLE and a power per failure for Cramer-von Mises. The kernel is TypeScript too; it sorts with the math
// core's key-only radix sort, keeps the logs and takes an exp per failure for Cramer-von Mises (a power is a
// log and an exp), and pays for its validation, at the largest track the app accepts.
import { fitCrowAmsaa } from "../src/kernels/growth.ts";
import { type CrowAmsaaTs, crowAmsaaTs } from "./baselines/crow-amsaa.ts";
import { defineBenchmark } from "./harness.ts";

/** A power-law process (beta 0.6, lambda 0.5): X_i = (G_i / lambda)^(1 / beta) with G_i unit Poisson arrivals. */
export function growthSample(n: number, seed: number): { times: Float64Array; end: number } {
  let s = seed >>> 0;
  const u = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
  const times = new Float64Array(n);
  let g = 0;
  for (let i = 0; i < n; i++) {
    g -= Math.log(u());
    times[i] = (g / 0.5) ** (1 / 0.6);
  }
  const end = ((g - Math.log(u())) / 0.5) ** (1 / 0.6);
  // Shuffled, as records arrive from a sheet; both sides sort.
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(u() * (i + 1));
    [times[i], times[j]] = [times[j], times[i]];
  }
  return { times, end };
}

function same(label: string, a: number, b: number, rtol: number): void {
  if (!(Math.abs(a - b) <= rtol * Math.abs(b))) throw new Error(`${label}: kernel ${a} vs baseline ${b}`);
}

export const crowAmsaaBenchmark = defineBenchmark({
  id: "growth-crow-amsaa-200k",
  title: "Crow-AMSAA MLE, Fisher bounds, Cramer-von Mises and trend test, 200,000 failure times",
  async setup(size) {
    const n = size === "quick" ? 50_000 : 200_000;
    const { times, end } = growthSample(n, 21);
    const list = Array.from(times);
    return {
      size: `${n.toLocaleString("en")} failures`,
      kernel: () =>
        fitCrowAmsaa(
          { kind: "individual", times: list, termination: "time", ends: [end] },
          { confidence: 90, sided: "two", bounds: "fisher" },
        ),
      baseline: () => crowAmsaaTs(times, end, 90),
      check(k, b) {
        const fit = k as Awaited<ReturnType<typeof fitCrowAmsaa>>;
        const base = b as CrowAmsaaTs;
        same("beta", fit.beta, base.beta, 1e-12);
        same("lambda", fit.lambda, base.lambda, 1e-9);
        same("cvm", fit.goodnessOfFit?.statistic ?? Number.NaN, base.cvm, 1e-9);
        same("trend", fit.trend?.statistic ?? Number.NaN, base.trend, 1e-12);
        same("mtbf lower", fit.bounds.instantaneousMtbf.lower, base.instantaneousMtbf[0], 1e-9);
        same("mtbf upper", fit.bounds.instantaneousMtbf.upper, base.instantaneousMtbf[2], 1e-9);
      },
    };
  },
});
