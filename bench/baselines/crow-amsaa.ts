// Crow-AMSAA on one prototype's time-terminated failure times in plain TypeScript, the baseline of
// bench/growth.bench.ts: the same formulas as src/kernels/growth/crow-amsaa.ts (MLE, Fisher bounds on the
// instantaneous MTBF by the delta method on the log scale, the Cramer-von Mises statistic, the trend
// statistic) with the normal quantile from special-functions.ts instead of the math core.
import { normalQuantileTs } from "./special-functions.ts";

export interface CrowAmsaaTs {
  beta: number;
  lambda: number;
  instantaneousMtbf: [number, number, number];
  cvm: number;
  trend: number;
}

export function crowAmsaaTs(unsorted: Float64Array, end: number, confidence: number): CrowAmsaaTs {
  const x = Float64Array.from(unsorted).sort();
  const n = x.length;
  const lnT = Math.log(end);
  let s = 0;
  for (let i = 0; i < n; i++) s += lnT - Math.log(x[i]);
  const beta = n / s;
  const tb = end ** beta;
  const lambda = n / tb;
  // Observed information of (lambda, beta) and its inverse.
  const ill = n / (lambda * lambda);
  const ilb = tb * lnT;
  const ibb = n / (beta * beta) + lambda * tb * lnT * lnT;
  const det = ill * ibb - ilb * ilb;
  const [vll, vlb, vbb] = [ibb / det, -ilb / det, ill / det];
  const rho = lambda * beta * end ** (beta - 1);
  const hl = beta * end ** (beta - 1);
  const hb = lambda * end ** (beta - 1) * (1 + beta * lnT);
  const variance = hl * hl * vll + 2 * hl * hb * vlb + hb * hb * vbb;
  const w = Math.exp((normalQuantileTs((1 + confidence / 100) / 2) * Math.sqrt(variance)) / rho);
  // Cramer-von Mises (MIL-HDBK-189), M = N for a time-terminated test, with the unbiased beta.
  const betaBar = (n - 1) / s;
  let cvm = 1 / (12 * n);
  for (let i = 0; i < n; i++) {
    const d = (x[i] / end) ** betaBar - (2 * i + 1) / (2 * n);
    cvm += d * d;
  }
  return { beta, lambda, instantaneousMtbf: [1 / (rho * w), 1 / rho, w / rho], cvm, trend: 2 * s };
}
