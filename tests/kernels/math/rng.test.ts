import { beforeAll, describe, expect, it } from "vitest";
import { loadMathKernel, type MathKernel, rawStream, sample } from "../../../src/kernels/math.ts";
import { readFixture, scaledError } from "../../helpers/accuracy.ts";

interface StreamCase {
  seed: string;
  stream: number;
  longJumps: number;
  values: string[];
}
const reference = readFixture<{ source: string; cases: StreamCase[] }>("math/xoshiro256ss.json");

let k: MathKernel;
beforeAll(async () => {
  k = await loadMathKernel();
});

describe("xoshiro256** stream", () => {
  it.each(reference.cases)(
    "matches the C reference for seed $seed, stream $stream, $longJumps long jumps",
    async (c) => {
      const got = await rawStream(BigInt(c.seed), c.values.length, c.stream, c.longJumps);
      expect(Array.from(got, String)).toEqual(c.values);
    },
  );

  it("maps the top 52 bits to (k + 1/2) 2^-52, never 0 or 1", async () => {
    const n = 1000;
    const raw = await rawStream(7, n);
    const u = await sample("uniform", { min: 0, max: 1 }, n, 7);
    for (let i = 0; i < n; i++) expect(u[i]).toBe((Number(raw[i] >> 12n) + 0.5) * 2 ** -52);
    const many = await sample("uniform", { min: 0, max: 1 }, 100_000, 99);
    expect(Math.min(...many)).toBeGreaterThan(0);
    expect(Math.max(...many)).toBeLessThan(1);
  });

  it("draws normals by inversion of the same uniforms (odd n exercises the unpaired last draw)", async () => {
    const u = await sample("uniform", { min: 0, max: 1 }, 1001, 3);
    const z = await sample("normal", { mean: 0, sd: 1 }, 1001, 3);
    const l = await sample("lognormal", { meanLog: 1, sdLog: 2 }, 1001, 3);
    for (let i = 0; i < u.length; i++) {
      expect(z[i]).toBe(k.normalQuantile(u[i]));
      // exp in wasm and in V8 may differ by an ulp
      expect(scaledError(l[i], Math.exp(1 + 2 * z[i]))).toBeLessThan(1e-15);
    }
  });

  it("gives the same numbers for the same seed and different ones for another seed or stream", async () => {
    const a = await sample("normal", { mean: 0, sd: 1 }, 100, 123);
    const b = await sample("normal", { mean: 0, sd: 1 }, 100, 123);
    const c = await sample("normal", { mean: 0, sd: 1 }, 100, 124);
    const d = await sample("normal", { mean: 0, sd: 1 }, 100, 123, 1);
    expect(Array.from(b)).toEqual(Array.from(a));
    expect(Array.from(c)).not.toEqual(Array.from(a));
    expect(Array.from(d)).not.toEqual(Array.from(a));
  });

  it("accepts seeds as bigint modulo 2^64 and rejects bad arguments with a message", async () => {
    const a = await rawStream(2n ** 64n + 5n, 3);
    const b = await rawStream(5, 3);
    expect(Array.from(a)).toEqual(Array.from(b));
    await expect(sample("normal", { mean: 0, sd: 1 }, 10, -1)).rejects.toThrow(
      "seed must be a non-negative integer",
    );
    await expect(sample("normal", { mean: 0, sd: 0 }, 10, 1)).rejects.toThrow("sd must be a positive number");
    await expect(sample("weibull", { shape: 1, scale: Number.NaN }, 10, 1)).rejects.toThrow(
      "scale must be a positive number",
    );
    await expect(sample("uniform", { min: 2, max: 1 }, 10, 1)).rejects.toThrow("min must be less than max");
    await expect(sample("exponential", { rate: 1 }, 1.5, 1)).rejects.toThrow(
      "n must be a non-negative integer",
    );
    await expect(sample("exponential", { rate: 1 }, 1, 1, -2)).rejects.toThrow("stream must be an integer");
    expect((await sample("exponential", { rate: 1 }, 0, 1)).length).toBe(0);
  });
});

/** Kolmogorov-Smirnov statistic sup |F_n(x) - F(x)| of a sample against a continuous cdf. */
function ksStatistic(values: Float64Array, cdf: (x: number) => number): number {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  let d = 0;
  for (let i = 0; i < n; i++) {
    const f = cdf(sorted[i]);
    d = Math.max(d, (i + 1) / n - f, f - i / n);
  }
  return d;
}

// 10^5 draws, fixed seed: the 0.1% critical value of the KS statistic is 1.949/sqrt(n) = 0.00616.
// A sampler with the wrong scale, shape or transform is off by far more (0.01 shift in a normal mean
// already gives D = 0.004 ... 0.02 shifts exceed it).
describe("samplers: Kolmogorov-Smirnov against their cdf on 10^5 draws", () => {
  const n = 100_000;
  const critical = 1.949 / Math.sqrt(n);
  const cases = [
    { distribution: "uniform", params: { min: -2, max: 3 }, cdf: (x: number) => (x + 2) / 5 },
    {
      distribution: "normal",
      params: { mean: 10, sd: 2.5 },
      cdf: (x: number) => k.normalCdf((x - 10) / 2.5),
    },
    { distribution: "exponential", params: { rate: 0.004 }, cdf: (x: number) => -Math.expm1(-0.004 * x) },
    {
      distribution: "weibull",
      params: { shape: 1.7, scale: 1200 },
      cdf: (x: number) => -Math.expm1(-((x / 1200) ** 1.7)),
    },
    {
      distribution: "lognormal",
      params: { meanLog: 3, sdLog: 0.8 },
      cdf: (x: number) => k.normalCdf((Math.log(x) - 3) / 0.8),
    },
  ] as const;

  it.each(cases)("$distribution", async ({ distribution, params, cdf }) => {
    const values = await sample(distribution, params, n, 20240601);
    const d = ksStatistic(values, cdf);
    expect(d, `D = ${d}, critical ${critical}`).toBeLessThan(critical);
  });

  it("detects a wrong distribution (the test can fail)", async () => {
    const values = await sample("weibull", { shape: 1.75, scale: 1200 }, n, 20240601);
    expect(ksStatistic(values, (x) => -Math.expm1(-((x / 1200) ** 1.7)))).toBeGreaterThan(critical);
  });

  it("streams are independent: KS of stream 3 and a two-sample check against stream 4", async () => {
    const a = await sample("normal", { mean: 0, sd: 1 }, n, 5, 3);
    const b = await sample("normal", { mean: 0, sd: 1 }, n, 5, 4);
    expect(ksStatistic(a, k.normalCdf)).toBeLessThan(critical);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += a[i] * b[i];
    // correlation of independent streams: sd 1/sqrt(n) = 0.0032
    expect(Math.abs(sum / n)).toBeLessThan(0.013);
  });
});
