// Warranty benchmark (issue 20): a 120 x 120 Nevada chart converted, fitted (Weibull 2P MLE) and forecast
// through src/kernels/warranty.ts as the app does, against the same steps in plain TypeScript
// (bench/baselines/warranty.ts). The chart is made from a Weibull with a fixed-seed generator.
import { analyzeWarranty, type WarrantyResult } from "../src/kernels/warranty.ts";
import { type WarrantyTs, warrantyTs } from "./baselines/warranty.ts";
import { defineBenchmark } from "./harness.ts";

/** Sales of 2,000 to 6,000 units a period; returns near their Weibull(1.8, 60) expectation. */
export function nevadaChart(periods: number, seed: number) {
  let s = seed >>> 0;
  const random = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const cdf = (a: number) => 1 - Math.exp(-((a / 60) ** 1.8));
  const sales: number[] = [];
  const returns: (number | null)[][] = [];
  for (let i = 0; i < periods; i++) {
    const n = 2000 + Math.floor(4000 * random());
    sales.push(n);
    const row: (number | null)[] = new Array(periods).fill(null);
    for (let j = i; j < periods; j++) {
      const a = j + 1 - i;
      row[j] = Math.floor(n * (cdf(a) - cdf(a - 1)) * (0.7 + 0.6 * random()));
    }
    returns.push(row);
  }
  return { sales, returns, futureSales: new Array(12).fill(4000) };
}

function same(label: string, a: number, b: number, rtol: number): void {
  if (!(Math.abs(a - b) <= rtol * Math.abs(b))) throw new Error(`${label}: kernel ${a} vs baseline ${b}`);
}

export const warrantyBenchmark = defineBenchmark({
  id: "warranty-nevada-120",
  title:
    "Nevada chart 120 x 120: converted, Weibull 2P MLE, 24-period forecast with Poisson intervals, tracking",
  async setup() {
    const chart = nevadaChart(120, 20);
    const horizon = 24;
    return {
      size: "120 x 120 periods",
      kernel: () => analyzeWarranty(chart, { forecast: horizon, confidence: 95 }),
      baseline: () => warrantyTs(chart.sales, chart.returns, chart.futureSales, horizon, 95),
      check(k, b) {
        const r = k as WarrantyResult;
        const base = b as WarrantyTs;
        same("beta", r.fit.parameters.beta, base.beta, 1e-8);
        same("eta", r.fit.parameters.eta, base.eta, 1e-8);
        same("total", r.forecastTotal.expected, base.total.expected, 1e-7);
        same("total upper", r.forecastTotal.upper, base.total.upper, 1e-7);
        same("period 24 lower", r.forecast[23].lower, base.forecast[23].lower, 1e-7);
        same("tracking 120", r.tracking[119].expected, base.tracking[119].expected, 1e-7);
        if (r.tracking.filter((t) => t.flagged).length !== base.tracking.filter((t) => t.flagged).length)
          throw new Error("flagged periods differ");
      },
    };
  },
});
