import { sortWithIndex } from "../src/kernels/math.ts";
import { radixSortWithIndexTs } from "./baselines/radix-sort.ts";
import { defineBenchmark } from "./harness.ts";

export const sortBenchmark = defineBenchmark({
  id: "sort-400k",
  title: "Sort float64 keys with their indices (LSD radix, 16-bit digits)",
  async setup() {
    const n = 400_000;
    const keys = new Float64Array(n);
    let s = 42;
    for (let i = 0; i < n; i++) {
      s = (s * 1664525 + 1013904223) >>> 0;
      keys[i] = -Math.log((s + 1) / 4294967297) * 1000; // exponential lifetimes
    }
    return {
      size: "400,000 keys",
      kernel: () => sortWithIndex(keys),
      baseline: () => radixSortWithIndexTs(keys),
      check(k, b) {
        const a = (k as { index: Int32Array }).index;
        const c = (b as { index: Int32Array }).index;
        for (let i = 0; i < n; i++) if (a[i] !== c[i]) throw new Error(`sort results differ at ${i}`);
      },
    };
  },
});
