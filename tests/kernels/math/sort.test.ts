import { describe, expect, it } from "vitest";
import { sortF64, sortWithIndex } from "../../../src/kernels/math.ts";

describe("sortWithIndex", () => {
  it("sorts special values: -Infinity first, -0 before 0, NaN last", async () => {
    const keys = new Float64Array([3, Number.NaN, -0, 0, -Infinity, Infinity, -2.5, 1e-300, -1e-300]);
    const { sorted, index } = await sortWithIndex(keys);
    expect(Array.from(sorted.subarray(0, 8))).toEqual([-Infinity, -2.5, -1e-300, -0, 0, 1e-300, 3, Infinity]);
    expect(Object.is(sorted[3], -0)).toBe(true);
    expect(Number.isNaN(sorted[8])).toBe(true);
    for (let i = 0; i < keys.length; i++) expect(Object.is(keys[index[i]], sorted[i])).toBe(true);
  });

  it("is stable and agrees with a comparison sort on 400,000 keys with ties", async () => {
    const n = 400_000;
    const keys = new Float64Array(n);
    let s = 12345;
    for (let i = 0; i < n; i++) {
      s = (s * 1103515245 + 12345) >>> 0;
      keys[i] = (s % 5000) * 0.37 - 100; // many ties
    }
    const { sorted, index } = await sortWithIndex(keys);
    const reference = Array.from(keys.keys()).sort((a, b) => keys[a] - keys[b] || a - b);
    for (let i = 0; i < n; i++) {
      if (index[i] !== reference[i]) throw new Error(`index differs at ${i}: ${index[i]} vs ${reference[i]}`);
      if (sorted[i] !== keys[reference[i]]) throw new Error(`key differs at ${i}`);
    }
  });

  it("handles empty and single-element input", async () => {
    expect((await sortWithIndex(new Float64Array(0))).sorted.length).toBe(0);
    const one = await sortWithIndex(new Float64Array([7]));
    expect(Array.from(one.sorted)).toEqual([7]);
    expect(Array.from(one.index)).toEqual([0]);
  });
});

describe("sortF64 (keys only)", () => {
  it("gives sortWithIndex's keys, bit for bit, on special values and on 200,000 keys with ties", async () => {
    const special = [3, Number.NaN, -0, 0, -Infinity, Infinity, -2.5, 1e-300, -1e-300];
    const keys = Float64Array.from({ length: 200_000 }, (_, i) => ((i * 7919) % 5000) * 0.37 - 100);
    for (const input of [Float64Array.from(special), keys]) {
      const sorted = await sortF64(Array.from(input));
      const { sorted: reference } = await sortWithIndex(input);
      expect(sorted.length).toBe(input.length);
      for (let i = 0; i < input.length; i++)
        if (!Object.is(sorted[i], reference[i])) throw new Error(`key differs at ${i}: ${sorted[i]}`);
    }
    expect((await sortF64([])).length).toBe(0);
    expect(Array.from(await sortF64([7]))).toEqual([7]);
  });
});
