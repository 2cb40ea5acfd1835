import { beforeAll, describe, expect, it } from "vitest";
import { loadMathKernel, type MathKernel } from "../../../src/kernels/math.ts";
import { allocF64, copyInF64, withBuffers } from "../../../src/kernels/memory.ts";
import { checkCases, readFixture, rowsToCases, scaledError } from "../../helpers/accuracy.ts";

interface WeibullCase {
  times: number[];
  beta: number;
  eta: number;
  loglik: number;
}
const fixture = readFixture<{ kepler: unknown[][]; inverseDigamma: unknown[][]; weibull: WeibullCase[] }>(
  "math/optimize.json",
);

let k: MathKernel;
beforeAll(async () => {
  k = await loadMathKernel();
});

// The optimisers run inside wasm on the reference problems of assembly/math/problems.ts, which pass their
// data through the ctx pointer (the no-closure pattern).
describe("optimisers against R (tests/fixtures/math/optimize-linalg.R)", () => {
  it("brentRoot solves Kepler's equation to 1e-14 (56 cases; uniroot at tol 1e-15)", () => {
    checkCases("solveKepler", rowsToCases(fixture.kepler, 2), (e, m) => k.solveKepler(e, m, 1e-15), {
      rtol: 1e-14,
      floor: 1,
    });
  });

  it("newtonSafe inverts digamma to 1e-13 (51 levels from -10 to 10)", () => {
    checkCases("inverseDigamma", rowsToCases(fixture.inverseDigamma, 1), k.inverseDigamma, { rtol: 1e-13 });
    expect(k.lastOptimizeConverged()).toBe(true);
  });

  it("brentMinimize finds argmin lnGamma(x) - c x to the square root of double precision", () => {
    // A minimiser is only determined to about sqrt(eps) relative: f is flat to second order there.
    checkCases("minimizeTiltedLnGamma", rowsToCases(fixture.inverseDigamma, 1), k.minimizeTiltedLnGamma, {
      rtol: 1e-7,
    });
  });

  it("brentRoot returns NaN without a sign change", () => {
    expect(k.solveKepler(0.5, 4, 1e-12)).toBeNaN(); // M > pi: no root in [0, pi]
  });

  it("Nelder-Mead reaches Rosenbrock's minimum (1, 1)", async () => {
    const xy = copyInF64(k, [-1.2, 1]);
    withBuffers([xy], () => {
      const min = k.minimizeRosenbrock(xy.ptr);
      const [x, y] = xy.view();
      expect(min).toBeLessThan(1e-16);
      expect(Math.abs(x - 1)).toBeLessThan(1e-7);
      expect(Math.abs(y - 1)).toBeLessThan(1e-7);
      expect(k.lastOptimizeConverged()).toBe(true);
    });
  });

  it.each(fixture.weibull.map((w, i) => ({ ...w, i, n: w.times.length })))(
    "Nelder-Mead Weibull MLE matches survreg: sample $i (n = $n)",
    (w) => {
      const times = copyInF64(k, w.times);
      const out = allocF64(k, 2);
      withBuffers([times, out], () => {
        const loglik = k.fitWeibullNelderMead(times.ptr, w.times.length, out.ptr);
        const [beta, eta] = out.view();
        // parameters to ~sqrt(eps) (flat maximum), the maximised log-likelihood itself much closer
        expect(scaledError(beta, w.beta), `beta ${beta} vs ${w.beta}`).toBeLessThan(1e-6);
        expect(scaledError(eta, w.eta), `eta ${eta} vs ${w.eta}`).toBeLessThan(1e-6);
        expect(scaledError(loglik, w.loglik), `loglik ${loglik} vs ${w.loglik}`).toBeLessThan(1e-12);
        expect(loglik).toBeGreaterThanOrEqual(w.loglik - 1e-12 * Math.abs(w.loglik));
      });
    },
  );
});
