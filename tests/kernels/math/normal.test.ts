import { beforeAll, describe, expect, it } from "vitest";
import {
  loadMathKernel,
  type MathKernel,
  normalCdfMany,
  normalQuantileMany,
} from "../../../src/kernels/math.ts";
import { checkCases, readFixture, rowsToCases } from "../../helpers/accuracy.ts";

const fixture = readFixture<Record<string, unknown[][]>>("math/special.json");
let k: MathKernel;
beforeAll(async () => {
  k = await loadMathKernel();
});

describe("normal distribution: edge cases", () => {
  it("handles NaN, infinities and out-of-range probabilities", () => {
    for (const f of [k.normalPdf, k.normalCdf, k.normalSf, k.normalLogCdf, k.normalQuantile])
      expect(f(Number.NaN)).toBeNaN();
    expect(k.normalCdf(-Infinity)).toBe(0);
    expect(k.normalCdf(Infinity)).toBe(1);
    expect(k.normalSf(Infinity)).toBe(0);
    expect(k.normalPdf(Infinity)).toBe(0);
    expect(k.normalLogCdf(-Infinity)).toBe(-Infinity);
    expect(k.normalLogCdf(Infinity)).toBe(0);
    expect(k.normalQuantile(0)).toBe(-Infinity);
    expect(k.normalQuantile(1)).toBe(Infinity);
    expect(k.normalQuantile(0.5)).toBe(0);
    expect(k.normalQuantile(-0.1)).toBeNaN();
    expect(k.normalQuantile(1.1)).toBeNaN();
    expect(k.normalCdf(0)).toBe(0.5);
  });

  it("keeps the quantile finite for the smallest subnormal probability", () => {
    const z = k.normalQuantile(5e-324);
    expect(z).toBeLessThan(-38.4);
    expect(z).toBeGreaterThan(-38.5);
    expect(k.normalQuantileUpper(1e-300)).toBeCloseTo(-k.normalQuantile(1e-300), 14);
  });

  it("inverts its own cdf to the last few ulps (through the smaller tail)", () => {
    for (let z = -37; z <= 37; z += 0.37) {
      const back = z <= 0 ? k.normalQuantile(k.normalCdf(z)) : k.normalQuantileUpper(k.normalSf(z));
      expect(Math.abs(back - z), `z=${z}`).toBeLessThan(4e-15 * Math.max(1, Math.abs(z)));
    }
  });
});

// Tolerances: issue 2 item 4 (relative 1e-13 for the cdf, 1e-10 for the quantile).
describe("normal distribution against R (tests/fixtures/math/special.R)", () => {
  const rows = fixture.normal;
  it("cdf, relative down to 1e-322", () => {
    checkCases("normalCdf", rowsToCases(rows, 1, 1), k.normalCdf, { rtol: 1e-13 });
  });
  it("upper tail", () => {
    checkCases("normalSf", rowsToCases(rows, 1, 2), k.normalSf, { rtol: 1e-13 });
  });
  it("pdf", () => {
    checkCases("normalPdf", rowsToCases(rows, 1, 3), k.normalPdf, { rtol: 1e-13 });
  });
  it("log cdf, also far below where the cdf underflows", () => {
    checkCases("normalLogCdf", rowsToCases(rows, 1, 4), k.normalLogCdf, { rtol: 1e-13 });
    checkCases("normalLogCdf", rowsToCases(fixture.normalLogCdf, 1), k.normalLogCdf, { rtol: 1e-13 });
  });
  it("quantile from 1e-300 to 1 - 1e-15", () => {
    checkCases("normalQuantile", rowsToCases(fixture.normalQuantile, 1), k.normalQuantile, { rtol: 1e-10 });
  });
  it("column versions agree with the scalar functions", async () => {
    const p = rowsToCases(fixture.normalQuantile, 1).map((c) => c.inputs[0]);
    const q = await normalQuantileMany(p);
    expect(Array.from(q)).toEqual(p.map((pi) => k.normalQuantile(pi)));
    const c = await normalCdfMany(q);
    expect(Array.from(c)).toEqual(Array.from(q, (qi) => k.normalCdf(qi)));
  });
});
