import { describe, expect, it } from "vitest";
import {
  choleskyFactor,
  determinant,
  inverseMatrix,
  inverseSpd,
  loadMathKernel,
  solveLinear,
} from "../../../src/kernels/math.ts";
import { copyInF64, withBuffers } from "../../../src/kernels/memory.ts";
import { fixtureNumber, readFixture, scaledError } from "../../helpers/accuracy.ts";

type Entry = number | number[];
interface LinalgCase {
  n: number;
  spd: Entry;
  cholesky: Entry;
  spdInverse: Entry;
  spdSolve: Entry;
  spdLogDet: number;
  general: Entry;
  inverse: Entry;
  determinant: number;
  b: Entry;
  solve: Entry;
}
const { cases } = readFixture<{ cases: LinalgCase[] }>("math/linalg.json");
const list = (v: Entry): number[] => (Array.isArray(v) ? v : [v]).map(fixtureNumber);

/** Normwise: max |actual - expected| / max |expected| (the matrices are well conditioned, cond < 1e3). */
function normwiseError(actual: ArrayLike<number>, expected: number[]): number {
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < expected.length; i++) {
    diff = Math.max(diff, Math.abs(actual[i] - expected[i]));
    scale = Math.max(scale, Math.abs(expected[i]));
  }
  return diff / scale;
}

const tolerance = 1e-12;

describe("small dense linear algebra against R (tests/fixtures/math/optimize-linalg.R)", () => {
  it("has 50 matrices of sizes 1 to 10", () => {
    expect(cases.length).toBe(50);
  });

  it.each(cases.map((c, i) => ({ ...c, i })))("case $i (n = $n)", async (c) => {
    const { n } = c;
    const report = (what: string, actual: ArrayLike<number> | null, expected: number[]) => {
      expect(actual, `${what} failed`).not.toBeNull();
      const e = normwiseError(actual as ArrayLike<number>, expected);
      expect(
        e,
        `${what}: error ${e}, actual ${Array.from(actual as ArrayLike<number>)}, expected ${expected}`,
      ).toBeLessThan(tolerance);
    };
    report("cholesky", await choleskyFactor(list(c.spd), n), list(c.cholesky));
    report("spd inverse", await inverseSpd(list(c.spd), n), list(c.spdInverse));
    report("inverse", await inverseMatrix(list(c.general), n), list(c.inverse));
    report("solve", await solveLinear(list(c.general), n, list(c.b)), list(c.solve));
    const det = await determinant(list(c.general), n);
    expect(scaledError(det, c.determinant)).toBeLessThan(tolerance);

    // Cholesky solve and log-determinant, straight on the wasm exports.
    const k = await loadMathKernel();
    const a = copyInF64(k, list(c.spd));
    const b = copyInF64(k, list(c.b));
    withBuffers([a, b], () => {
      expect(k.choleskyFactor(a.ptr, n)).toBe(true);
      k.choleskySolve(a.ptr, n, b.ptr);
      report("cholesky solve", b.view(), list(c.spdSolve));
      expect(Math.abs(k.choleskyLogDeterminant(a.ptr, n) - c.spdLogDet)).toBeLessThan(
        tolerance * Math.max(1, Math.abs(c.spdLogDet)),
      );
    });
  });

  it("reports failure instead of returning garbage", async () => {
    expect(await choleskyFactor([1, 2, 2, 1], 2)).toBeNull(); // indefinite
    expect(await inverseSpd([0, 0, 0, 0], 2)).toBeNull();
    expect(await inverseMatrix([1, 2, 2, 4], 2)).toBeNull(); // singular
    expect(await solveLinear([0, 0, 0, 0], 2, [1, 1])).toBeNull();
    expect(await determinant([1, 2, 2, 4], 2)).toBe(0);
    await expect(inverseMatrix([1, 2, 3], 2)).rejects.toThrow("matrix must have n * n = 4 entries");
  });
});
