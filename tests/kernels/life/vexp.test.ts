// The life kernels' own SIMD exp and log (assembly/life/vexp.ts) against the platform's Math.exp / Math.log:
// within 2 ulp over the ranges the likelihood loops use.
import { describe, expect, it } from "vitest";
import { loadLifeKernel } from "../../../src/kernels/life/kernel.ts";
import { allocF64, copyInF64 } from "../../../src/kernels/memory.ts";
import { scaledError } from "../../helpers/accuracy.ts";

const ULP = 2.220446049250313e-16;

describe("SIMD exp and log of the life kernels", () => {
  it("exp and expm1 within 2 ulp on [-700, 700] and near 0", async () => {
    const k = await loadLifeKernel();
    const n = 200_001;
    const x = Float64Array.from({ length: n }, (_, i) =>
      i < 100_000 ? -700 + (1400 * i) / 100_000 : (i - 150_000) * 1e-9,
    );
    const input = copyInF64(k, x);
    const out = allocF64(k, n);
    k.expColumn(input.ptr, n, out.ptr, false);
    const y = out.view();
    let worst = 0;
    for (let i = 0; i < n; i++) worst = Math.max(worst, scaledError(y[i], Math.exp(x[i])));
    k.expColumn(input.ptr, n, out.ptr, true);
    const m = out.view();
    let worstM1 = 0;
    for (let i = 0; i < n; i++) {
      const ref = Math.expm1(x[i]);
      worstM1 = Math.max(worstM1, scaledError(m[i], ref));
    }
    input.free();
    out.free();
    expect(worst).toBeLessThan(2 * ULP);
    expect(worstM1).toBeLessThan(2 * ULP);
  });

  it("log within 2 ulp from 1e-300 to 1e300, at 1, and -inf at or below the shift", async () => {
    const k = await loadLifeKernel();
    const n = 200_003;
    const x = Float64Array.from({ length: n }, (_, i) => 10 ** (-300 + (600 * i) / (n - 4)));
    x[n - 3] = 1;
    x[n - 2] = 1 + 2 ** -30;
    x[n - 1] = 0.5;
    const input = copyInF64(k, x);
    const out = allocF64(k, n);
    k.logShiftedColumn(input.ptr, 0, n, out.ptr);
    const y = out.view();
    let worst = 0;
    for (let i = 0; i < n; i++) {
      const ref = Math.log(x[i]);
      worst = Math.max(worst, scaledError(y[i], ref));
    }
    expect(worst).toBeLessThan(2 * ULP);
    k.logShiftedColumn(input.ptr, 2, 3, out.ptr);
    expect(Array.from(out.view().subarray(0, 3))).toEqual([
      Number.NEGATIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ]);
    input.free();
    out.free();
  });
});
