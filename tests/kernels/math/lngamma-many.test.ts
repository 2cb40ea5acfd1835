// lnGammaMany (assembly/math/vector.ts) reduces values in blocks and takes its series and logs two lanes at a
// time with its own log (vmath.ts logV); these tests hold it to the same references as the scalar lnGamma,
// to the truth at full precision, and to the scalar lnGamma value by value, special values exactly.
import { beforeAll, describe, expect, it } from "vitest";
import { lnGammaMany, loadMathKernel, type MathKernel } from "../../../src/kernels/math.ts";
import { type Case, checkCases, readFixture, rowsToCases, scaledError } from "../../helpers/accuracy.ts";

const rFixture = readFixture<Record<string, unknown[][]>>("math/special.json");
const mpmathFixture = readFixture<{ lnGamma: unknown[][] }>("math/lngamma-mpmath.json");
let k: MathKernel;
beforeAll(async () => {
  k = await loadMathKernel();
});

/** checkCases on a column: lnGammaMany over all inputs at once, looked up per case. */
async function checkColumn(label: string, cases: Case[], rtol: number): Promise<number> {
  const x = cases.map((c) => c.inputs[0]);
  const y = await lnGammaMany(x);
  const byInput = new Map(x.map((v, i) => [v, y[i]]));
  return checkCases(label, cases, (v) => byInput.get(v) ?? Number.NaN, { rtol, floor: 1 });
}

/** Deterministic uniforms in (0, 1). */
function uniforms(n: number, seed: number): number[] {
  const u: number[] = [];
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    u.push((s + 0.5) / 4294967296);
  }
  return u;
}

describe("lnGammaMany against references", () => {
  it("matches R to 1e-13 (tests/fixtures/math/special.R, the scalar lnGamma's fixture)", async () => {
    const worst = await checkColumn("lnGammaMany", rowsToCases(rFixture.lnGamma, 1), 1e-13);
    expect(worst).toBeLessThan(1e-13);
  });

  // tests/fixtures/math/lngamma-mpmath.py: 1,912 points over every branch, the zeros, negatives. Relative
  // error, absolute below |value| 1. Measured worst, positive x: 4.1e-16 for both the column and the scalar
  // lnGamma (2 ulps at 29.39); negative x (the column runs the scalar reflection): 6.7e-16 for both.
  const mpmathCases = rowsToCases(mpmathFixture.lnGamma, 1);
  it("is within 4.5e-16 of 60-digit mpmath for positive x, as the scalar lnGamma", async () => {
    const cases = mpmathCases.filter((c) => c.inputs[0] > 0);
    expect(await checkColumn("lnGammaMany", cases, 4.5e-16)).toBeGreaterThan(0);
    expect(checkCases("lnGamma", cases, k.lnGamma, { rtol: 4.5e-16, floor: 1 })).toBeGreaterThan(0);
  });
  it("is within 7e-16 of 60-digit mpmath for negative x, as the scalar lnGamma", async () => {
    const cases = mpmathCases.filter((c) => c.inputs[0] < 0);
    expect(await checkColumn("lnGammaMany", cases, 7e-16)).toBeGreaterThan(0);
    expect(checkCases("lnGamma", cases, k.lnGamma, { rtol: 7e-16, floor: 1 })).toBeGreaterThan(0);
  });
});

describe("lnGammaMany against the scalar lnGamma", () => {
  /** Worst difference: relative where |lnGamma| >= 1, absolute below; Infinity if a special value differs. */
  async function worstDifference(x: number[]): Promise<{ worst: number; at: number }> {
    const y = await lnGammaMany(x);
    let worst = 0;
    let at = Number.NaN;
    for (let i = 0; i < x.length; i++) {
      const expected = k.lnGamma(x[i]);
      const d = scaledError(y[i], expected, 1);
      if (!(d <= worst)) {
        worst = d;
        at = x[i];
      }
    }
    return { worst, at };
  }

  // Both sides are within 4e-16 of the truth (above); they differ by the sum of their roundings, mostly
  // logV against the scalar Math.log times x - 1/2 in Stirling's term just above 10. Measured worst:
  // 5.6e-16 relative (just above 10; 3.5e-16 over (1e-300, 1e300)), 2.2e-16 absolute where |lnGamma| < 1.
  const BOUND = 6e-16;

  it("agrees over 10^5 log-uniform points in (1e-300, 1e300)", async () => {
    const { worst, at } = await worstDifference(uniforms(100_000, 5).map((u) => 10 ** (600 * u - 300)));
    expect(worst, `worst at ${at}`).toBeLessThanOrEqual(BOUND);
  });

  it("agrees over the benchmark's range (1e-3, 1e3) and just above 10", async () => {
    const x = uniforms(100_000, 6).map((u) => 10 ** (6 * u - 3));
    x.push(...uniforms(20_000, 7).map((u) => 10 + 5 * u));
    const { worst, at } = await worstDifference(x);
    expect(worst, `worst at ${at}`).toBeLessThanOrEqual(BOUND);
  });

  it("is identical for negative values (reflection, scalar)", async () => {
    const x = uniforms(20_000, 8).map((u) => -(10 ** (6 * u - 3)));
    x.push(...uniforms(2_000, 9).map((u, i) => -(i % 170) - 1 + (u - 0.5) * 1e-9));
    expect(await worstDifference(x)).toEqual({ worst: 0, at: Number.NaN });
  });

  it("agrees near the zeros at 1 and 2 and at the branch boundaries", async () => {
    const x: number[] = [];
    for (const centre of [1, 2])
      for (const [i, u] of uniforms(10_000, 10 + centre).entries())
        x.push(centre + (u - 0.5) * 10 ** -(i % 15));
    for (const b of [0.5, 1.5, 2.5, 10]) {
      let down = b;
      let up = b;
      for (let i = 0; i < 40; i++) {
        x.push(down, up);
        down -= Number.EPSILON * b;
        up += Number.EPSILON * b;
      }
    }
    const { worst, at } = await worstDifference(x);
    expect(worst, `worst at ${at}`).toBeLessThanOrEqual(BOUND);
  });

  it("gives the scalar's special values exactly, at any position and column length", async () => {
    const specials = [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      0,
      -0,
      -1,
      -2,
      -170,
      -1e20,
      1,
      2,
      5e-324,
      1e-310,
      2.2250738585072014e-308,
      3e305,
      1.7976931348623157e308,
    ];
    for (const n of [0, 1, 2, 3, 511, 512, 513, 1025]) {
      const x = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? specials[i % specials.length] : 0.1 + i));
      const y = await lnGammaMany(x);
      expect(y.length).toBe(n);
      for (let i = 0; i < n; i++) {
        const expected = k.lnGamma(x[i]);
        const where = `x = ${x[i]}, n = ${n}`;
        if (i % 3 === 0) expect(Object.is(y[i], expected), where).toBe(true);
        else expect(scaledError(y[i], expected), where).toBeLessThanOrEqual(BOUND);
      }
    }
    for (const s of specials)
      expect(Object.is((await lnGammaMany([s]))[0], k.lnGamma(s)), `x = ${s}`).toBe(true);
  });
});
