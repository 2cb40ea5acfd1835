// Normality: Shapiro-Wilk W with Royston's approximation of the coefficients and of the p-value (Royston
// 1995, Applied Statistics 44(4), algorithm AS R94; the algorithm R's shapiro.test runs, 3 <= n <= 5000), and
// Anderson-Darling A^2 with mean and sd estimated, Stephens' A*^2 = A^2 (1 + 0.75/n + 2.25/n^2) and the
// p-value of D'Agostino & Stephens, Goodness-of-Fit Techniques (1986), table 4.9.
import { checkSample, fail, mathCore, mean, result, type TestResult, variance } from "./common.ts";

const poly = (c: readonly number[], x: number) => c.reduceRight((acc, ci) => acc * x + ci, 0);

// AS R94's polynomial coefficients.
const C1 = [0, 0.221157, -0.147981, -2.07119, 4.434685, -2.706056];
const C2 = [0, 0.042981, -0.293762, -1.752461, 5.682633, -3.582633];
const C3 = [0.544, -0.39978, 0.025054, -6.714e-4];
const C4 = [1.3822, -0.77857, 0.062767, -0.0020322];
const C5 = [-1.5861, -0.31082, -0.083751, 0.0038915];
const C6 = [-0.4803, -0.082676, 0.0030302];
const G = [-2.273, 0.459];

export async function shapiroWilk(values: ArrayLike<number>): Promise<TestResult> {
  const x = checkSample(values, "x", 3).sort();
  const n = x.length;
  if (n > 5000) fail("doe.sampleMax", { name: "x", max: 5000 }, ["x"]);
  if (!(x[n - 1] - x[0] > 0)) fail("doe.constant", { name: "x" });
  const m = await mathCore();
  const half = n >> 1;
  const a = new Float64Array(half);
  if (n === 3) a[0] = Math.SQRT1_2;
  else {
    const q = new Float64Array(half);
    let summ2 = 0;
    for (let i = 0; i < half; i++) {
      q[i] = m.normalQuantile((i + 1 - 0.375) / (n + 0.25));
      summ2 += q[i] * q[i];
    }
    summ2 *= 2;
    const rsn = 1 / Math.sqrt(n);
    const a1 = poly(C1, rsn) - q[0] / Math.sqrt(summ2);
    let first: number;
    let fac: number;
    if (n > 5) {
      first = 2;
      const a2 = -q[1] / Math.sqrt(summ2) + poly(C2, rsn);
      fac = Math.sqrt((summ2 - 2 * q[0] ** 2 - 2 * q[1] ** 2) / (1 - 2 * a1 ** 2 - 2 * a2 ** 2));
      a[1] = a2;
    } else {
      first = 1;
      fac = Math.sqrt((summ2 - 2 * q[0] ** 2) / (1 - 2 * a1 ** 2));
    }
    a[0] = a1;
    for (let i = first; i < half; i++) a[i] = -q[i] / fac;
  }
  // W as the squared correlation of the data with the coefficients (antisymmetric, so centred).
  const mx = mean(x);
  let sax = 0;
  let ssa = 0;
  let ssx = 0;
  for (let i = 0; i < n; i++) {
    const ai = i < half ? -a[i] : n - 1 - i < half ? a[n - 1 - i] : 0;
    sax += ai * (x[i] - mx);
    ssa += ai * ai;
    ssx += (x[i] - mx) ** 2;
  }
  const w = (sax * sax) / (ssa * ssx);
  const w1 = 1 - w;
  let p: number;
  if (n === 3) {
    p = Math.max(0, (6 / Math.PI) * (Math.asin(Math.sqrt(w)) - Math.PI / 3));
  } else {
    let y = Math.log(w1);
    let mu: number;
    let s: number;
    if (n <= 11) {
      const gamma = poly(G, n);
      if (y >= gamma) p = 1e-99;
      y = -Math.log(gamma - y);
      mu = poly(C3, n);
      s = Math.exp(poly(C4, n));
    } else {
      const ln = Math.log(n);
      mu = poly(C5, ln);
      s = Math.exp(poly(C6, ln));
    }
    p = m.normalSf((y - mu) / s);
  }
  return result({ test: "shapiroWilk", statistic: w, pValue: p, sided: "greater", confidence: 95 });
}

export interface AndersonDarling extends TestResult {
  /** Stephens' A*^2, which the p-value and the critical values refer to. */
  adjusted: number;
}

export async function andersonDarling(values: ArrayLike<number>): Promise<AndersonDarling> {
  const x = checkSample(values, "x", 8).sort();
  const n = x.length;
  const mx = mean(x);
  const sd = Math.sqrt(variance(x, mx));
  if (!(sd > 0)) fail("doe.constant", { name: "x" });
  const m = await mathCore();
  let h = 0;
  for (let i = 0; i < n; i++) {
    const lower = m.normalLogCdf((x[i] - mx) / sd);
    // log(1 - F) of the mirrored point, as the lower tail of its negation: no 1 - F cancellation.
    const upper = m.normalLogCdf(-(x[n - 1 - i] - mx) / sd);
    h += (2 * i + 1) * (lower + upper);
  }
  const a2 = -n - h / n;
  const aa = a2 * (1 + 0.75 / n + 2.25 / (n * n));
  const p =
    aa < 0.2
      ? 1 - Math.exp(-13.436 + 101.14 * aa - 223.73 * aa * aa)
      : aa < 0.34
        ? 1 - Math.exp(-8.318 + 42.796 * aa - 59.938 * aa * aa)
        : aa < 0.6
          ? Math.exp(0.9177 - 4.279 * aa - 1.38 * aa * aa)
          : Math.exp(1.2937 - 5.709 * aa + 0.0186 * aa * aa);
  return {
    ...result({ test: "andersonDarling", statistic: a2, pValue: p, sided: "greater", confidence: 95 }),
    adjusted: aa,
  };
}
