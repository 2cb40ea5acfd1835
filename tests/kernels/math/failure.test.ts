// The failure model's one evaluator (assembly/math/failure.ts) against mpmath at 50 digits
// (tests/fixtures/failure/failure-mpmath.py): R, F, pdf, hazard at times where F and R reach 1e-15, the
// quantiles of both tails, the mean. Relative errors are bounded point by point; the bound covers the
// rounding of t itself, which the tails amplify (by beta for a Weibull, by z^2 for the normal family).
import { beforeAll, describe, expect, it } from "vitest";
import { loadMathKernel, type MathKernel } from "../../../src/kernels/math.ts";
import { type Case, checkCases, fixtureNumber, readFixture, scaledError } from "../../helpers/accuracy.ts";

interface FailureCase {
  name: string;
  code: number;
  params: [number, number, number];
  points: number[][];
  quantiles: number[][];
  upperQuantiles: number[][];
  mean: number | string;
}
const fixture = readFixture<{ cases: FailureCase[] }>("failure/failure-mpmath.json");
let k: MathKernel;
beforeAll(async () => {
  k = await loadMathKernel();
});

const RTOL = 1e-13;
const label = (c: FailureCase) => `${c.name}(${c.params.join(", ")})`;
const column = (rows: number[][], j: number): Case[] =>
  rows.map((row) => ({ inputs: [row[0]], expected: row[j] }));

describe("failure evaluator against mpmath", () => {
  it("covers every distribution of the failure model and both tails down to 1e-15", () => {
    expect(new Set(fixture.cases.map((c) => c.code))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    const smallest = Math.min(...fixture.cases.flatMap((c) => c.points.flatMap((p) => [p[1], p[2]])));
    expect(smallest).toBeLessThanOrEqual(1.0000001e-15);
  });

  for (const c of fixture.cases) {
    const [a, b, g] = c.params;
    it(`${label(c)}: R and F, each accurate where it is tiny`, () => {
      checkCases(`R ${label(c)}`, column(c.points, 1), (t) => k.failureReliability(c.code, a, b, g, t), {
        rtol: RTOL,
      });
      checkCases(`F ${label(c)}`, column(c.points, 2), (t) => k.failureUnreliability(c.code, a, b, g, t), {
        rtol: RTOL,
      });
      // The pair: R from failureReliability, F from the same evaluation.
      for (const [t, r, f] of c.points) {
        const rr = k.failureReliability(c.code, a, b, g, t);
        expect(rr).toBe(k.failureReliability(c.code, a, b, g, t));
        expect(k.failureLastUnreliability()).toBe(k.failureUnreliability(c.code, a, b, g, t));
        expect(Math.abs(rr - r) / r).toBeLessThan(RTOL);
        expect(Math.abs(k.failureUnreliability(c.code, a, b, g, t) - f) / f).toBeLessThan(RTOL);
      }
    });
    it(`${label(c)}: pdf and hazard`, () => {
      checkCases(`pdf ${label(c)}`, column(c.points, 3), (t) => k.failurePdf(c.code, a, b, g, t), {
        rtol: RTOL,
      });
      checkCases(`hazard ${label(c)}`, column(c.points, 4), (t) => k.failureHazard(c.code, a, b, g, t), {
        rtol: RTOL,
      });
    });
    it(`${label(c)}: quantiles of both tails and the mean`, () => {
      checkCases(
        `quantile ${label(c)}`,
        column(c.quantiles, 1),
        (p) => k.failureQuantile(c.code, a, b, g, p),
        {
          rtol: RTOL,
        },
      );
      checkCases(
        `upper quantile ${label(c)}`,
        column(c.upperQuantiles, 1),
        (r) => k.failureQuantileUpper(c.code, a, b, g, r),
        { rtol: RTOL },
      );
      expect(scaledError(k.failureMean(c.code, a, b, g), fixtureNumber(c.mean))).toBeLessThan(RTOL);
    });
  }

  it("a fixed probability is time-independent, and out-of-range arguments give NaN", () => {
    expect(k.failureUnreliability(0, 0.001, 0, 0, 1e6)).toBe(0.001);
    expect(k.failureReliability(0, 0.001, 0, 0, 0)).toBe(0.999);
    expect(k.failureMean(0, 0.001, 0, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(k.failureQuantile(2, 1.5, 1000, 0, 1.5)).toBeNaN();
    expect(k.failureReliability(99, 1, 1, 0, 1)).toBeNaN();
  });

  it("draws by inversion: a Weibull draw at u is the time where R = u", () => {
    for (const u of [1e-300, 1e-9, 0.25, 0.5, 0.999]) {
      const t = k.failureDraw(2, 1.7, 400, 20, u);
      expect(t).toBe(k.failureQuantileUpper(2, 1.7, 400, 20, u));
    }
    // A fixed probability: failed at 0 when u < p, never otherwise.
    expect([k.failureDraw(0, 0.2, 0, 0, 0.1), k.failureDraw(0, 0.2, 0, 0, 0.3)]).toEqual([
      0,
      Number.POSITIVE_INFINITY,
    ]);
  });
});
