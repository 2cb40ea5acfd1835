// Cost benchmark (issue 20): optimum age replacement with its 200-point cost curve for a sweep of Weibull
// components (shapes 1.3 to 12, cost ratios 0.01 to 0.9) through src/kernels/cost.ts as the app calls it,
// against the same algorithm in plain TypeScript (bench/baselines/cost-replacement.ts).
import { optimizeReplacement, type ReplacementResult } from "../src/kernels/cost.ts";
import { replacementOptimumTs } from "./baselines/cost-replacement.ts";
import { defineBenchmark } from "./harness.ts";

function sweep(n: number) {
  const out: { beta: number; eta: number; cp: number; cu: number }[] = [];
  for (let i = 0; i < n; i++) {
    const beta = 1.3 + (10.7 * ((i * 7919) % n)) / n;
    const ratio = 0.01 + (0.89 * ((i * 104729) % n)) / n;
    out.push({ beta, eta: 500 + 10 * i, cp: 100 * ratio, cu: 100 });
  }
  return out;
}

export const costReplacementBenchmark = defineBenchmark({
  id: "cost-replacement-sweep",
  title: "Optimum age replacement with a 200-point cost curve, a sweep of Weibull components",
  async setup(size) {
    const cases = sweep(size === "quick" ? 100 : 500);
    return {
      size: `${cases.length} components`,
      kernel: async () => {
        const out: ReplacementResult[] = [];
        for (const c of cases)
          out.push(
            await optimizeReplacement({
              distribution: { type: "weibull2p", beta: c.beta, eta: c.eta },
              planned: c.cp,
              unplanned: c.cu,
            }),
          );
        return out;
      },
      baseline: () => cases.map((c) => replacementOptimumTs(c.beta, c.eta, c.cp, c.cu, 200)),
      check(k, b) {
        const kernel = k as ReplacementResult[];
        const base = b as ReturnType<typeof replacementOptimumTs>[];
        kernel.forEach((r, i) => {
          const t = r.optimalAge ?? Number.NaN;
          const same = Number.isNaN(t)
            ? Number.isNaN(base[i].optimum)
            : Math.abs(t / base[i].optimum - 1) < 1e-9;
          if (!same) throw new Error(`component ${i}: kernel t* ${t} vs baseline ${base[i].optimum}`);
          const c = r.curve[100].costPerUnitTime;
          if (!(Math.abs(c / base[i].curve[100] - 1) < 1e-9))
            throw new Error(`component ${i}: curve ${c} vs baseline ${base[i].curve[100]}`);
        });
      },
    };
  },
});
