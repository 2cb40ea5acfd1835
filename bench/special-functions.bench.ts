import { lnGammaMany, normalQuantileMany } from "../src/kernels/math.ts";
import { lnGammaManyTs, normalQuantileManyTs } from "./baselines/special-functions.ts";
import { defineBenchmark } from "./harness.ts";

const POINTS = 1_000_000;

/** Deterministic uniforms in (0, 1) (an LCG: the benchmark must not depend on the RNG under test). */
function uniforms(n: number, seed: number): Float64Array {
  const u = new Float64Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    u[i] = (s + 0.5) / 4294967296;
  }
  return u;
}

/** Largest relative difference; the two sides share the algorithm, so only libm ulps may differ. */
function checkClose(a: unknown, b: unknown, what: string): void {
  const x = a as Float64Array;
  const y = b as Float64Array;
  for (let i = 0; i < x.length; i++) {
    const d = Math.abs(x[i] - y[i]) / Math.max(Math.abs(y[i]), 1e-300);
    if (!(d <= 1e-13) && !(x[i] === y[i])) throw new Error(`${what} differs at ${i}: ${x[i]} vs ${y[i]}`);
  }
}

export const lnGammaBenchmark = defineBenchmark({
  id: "lngamma-1m",
  title: "lnGamma over 10^6 points in (0, 1000), log-uniform (Chebyshev near 1-2, recurrence, Stirling)",
  async setup() {
    const u = uniforms(POINTS, 7);
    // log-uniform over (1e-3, 1e3): every branch of the algorithm is exercised
    const x = u.map((v) => 10 ** (6 * v - 3));
    return {
      size: "1,000,000 points",
      kernel: () => lnGammaMany(x),
      baseline: () => lnGammaManyTs(x),
      check: (k, b) => checkClose(k, b, "lnGamma"),
    };
  },
});

export const normalQuantileBenchmark = defineBenchmark({
  id: "normal-quantile-1m",
  title: "Normal quantile over 10^6 uniform probabilities (Chebyshev centre and tails)",
  async setup() {
    const p = uniforms(POINTS, 11);
    return {
      size: "1,000,000 points",
      kernel: () => normalQuantileMany(p),
      baseline: () => normalQuantileManyTs(p),
      check: (k, b) => checkClose(k, b, "normalQuantile"),
    };
  },
});
