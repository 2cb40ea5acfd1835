// Expected returns from the fitted life distribution F (ages in time units: periods times the increment).
// - Forecast p periods after the last observed one (ReliaSoft "Warranty Data Analysis", conditional
//   probability): each cohort's N survivors at age a give N [F(a + p) - F(a + p - 1)] / R(a); a future
//   shipment of Q units at age b in that period gives Q [F(b) - F(b - 1)].
// - Tracking (observed against expected in each period already seen): the units of a cohort still at risk at
//   the start of age a (population minus its earlier returns) times [F(a) - F(a - 1)] / R(a - 1).
// - Interval of an expected count mu: the exact Poisson interval [G^-1(alpha/2; mu), G^-1(1 - alpha/2; mu + 1)]
//   with G the gamma(shape, 1) cdf, i.e. chi2(alpha/2; 2 mu)/2 and chi2(1 - alpha/2; 2 mu + 2)/2 (Garwood 1936;
//   Minitab's Warranty Prediction reports this interval around the expected number of failures).
import type { MathKernel } from "../math.ts";
import type { CountInterval, ForecastPeriod, TrackedPeriod, WarrantyRounding } from "./model.ts";

export type Cdf = (ages: number) => number;

export function roundCount(x: number, rounding: WarrantyRounding): number {
  if (rounding === "up") return Math.ceil(x - 1e-9 * Math.max(1, Math.abs(x)));
  if (rounding === "down") return Math.floor(x + 1e-9 * Math.max(1, Math.abs(x)));
  return Math.floor(x + 0.5);
}

/**
 * The x with P(a, x) = p (gamma(a, 1) quantile). Counts are often large (a in the thousands), where Newton from
 * the Wilson-Hilferty start converges in two or three steps; the math core's inversion, which works in log
 * space for any tail, takes several times as long there and answers whenever Newton does not settle.
 */
export function gammaQuantile(k: MathKernel, p: number, a: number): number {
  if (a >= 1) {
    const c = 1 / (9 * a);
    let x = a * (1 - c + k.normalQuantile(p) * Math.sqrt(c)) ** 3;
    const lnG = k.lnGamma(a);
    for (let i = 0; i < 8 && x > 0; i++) {
      const step = (k.gammaP(a, x) - p) / Math.exp((a - 1) * Math.log(x) - x - lnG);
      x -= step;
      if (Math.abs(step) <= 1e-13 * x) return x;
    }
  }
  return k.gammaPInv(a, p);
}

export function poissonInterval(k: MathKernel, mu: number, confidence: number): [number, number] {
  const alpha = 1 - confidence / 100;
  const lower = mu > 0 ? gammaQuantile(k, alpha / 2, mu) : 0;
  return [lower, gammaQuantile(k, 1 - alpha / 2, mu + 1)];
}

export function countInterval(
  k: MathKernel,
  expected: number,
  confidence: number,
  rounding: WarrantyRounding,
): CountInterval {
  const [lower, upper] = poissonInterval(k, expected, confidence);
  return {
    expected,
    lower,
    upper,
    rounded: {
      expected: roundCount(expected, rounding),
      lower: roundCount(lower, rounding),
      upper: roundCount(upper, rounding),
    },
  };
}

export interface ForecastInputs {
  /** Per cohort: survivors, current age (periods), population, returns by age. */
  survivors: ArrayLike<number>;
  ages: ArrayLike<number>;
  population: ArrayLike<number>;
  returnsAt: readonly Float64Array[];
  futureSales: ArrayLike<number>;
  /** Shipment periods S and return columns P. */
  shipments: number;
  observed: number;
  /** F at age a periods, a = 0 .. maxAge (index a). */
  cdf: Float64Array;
}

export function forecastReturns(
  k: MathKernel,
  x: ForecastInputs,
  horizon: number,
  confidence: number,
  rounding: WarrantyRounding,
): { periods: ForecastPeriod[]; total: CountInterval; nextByCohort: Float64Array } {
  const F = x.cdf;
  const nextByCohort = new Float64Array(x.survivors.length);
  const periods: ForecastPeriod[] = [];
  const firstFuture = Math.max(x.shipments, x.observed);
  let total = 0;
  for (let p = 1; p <= horizon; p++) {
    let shipped = 0;
    for (let i = 0; i < x.survivors.length; i++) {
      const a = Math.max(x.ages[i], 0);
      const n = x.survivors[i];
      if (!(n > 0)) continue;
      const e = (n * (F[a + p] - F[a + p - 1])) / (1 - F[a]);
      shipped += e;
      if (p === 1) nextByCohort[i] = e;
    }
    let future = 0;
    // Future shipment m (0-based) ships in period firstFuture + m + 1; in forecast period p (calendar
    // P + 1 + p) it is b = P + p - firstFuture - m periods old.
    for (let m = 0; m < x.futureSales.length; m++) {
      const b = x.observed + p - firstFuture - m;
      if (b >= 1) future += x.futureSales[m] * (F[b] - F[b - 1]);
    }
    const expected = shipped + future;
    total += expected;
    periods.push({ period: p, shipped, future, ...countInterval(k, expected, confidence, rounding) });
  }
  return { periods, total: countInterval(k, total, confidence, rounding), nextByCohort };
}

export function trackReturns(k: MathKernel, x: ForecastInputs, confidence: number): TrackedPeriod[] {
  const F = x.cdf;
  const expected = new Float64Array(x.observed + 1);
  const observed = new Float64Array(x.observed + 1);
  for (let i = 0; i < x.survivors.length; i++) {
    const byAge = x.returnsAt[i];
    let atRisk = x.population[i];
    // Cohort i (0-based) is age a in return column i + a.
    for (let a = 1; a <= x.ages[i]; a++) {
      if (atRisk > 0) expected[i + a] += (atRisk * (F[a] - F[a - 1])) / (1 - F[a - 1]);
      observed[i + a] += byAge[a - 1];
      atRisk -= byAge[a - 1];
    }
  }
  const out: TrackedPeriod[] = [];
  for (let j = 1; j <= x.observed; j++) {
    const [lower, upper] = poissonInterval(k, expected[j], confidence);
    out.push({
      period: j,
      observed: observed[j],
      expected: expected[j],
      lower,
      upper,
      flagged: observed[j] > upper,
    });
  }
  return out;
}
