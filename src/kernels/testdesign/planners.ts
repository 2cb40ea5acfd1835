// The planners' arithmetic on the math core (build/math.wasm: binomial and chi-squared distributions, the
// incomplete beta and gamma inverses). Every planner is one relation between its quantities, solved for
// whichever one is unknown:
//   binomial (non-parametric and parametric): 1 - C = P(X <= f), X ~ binomial(n, 1 - R_test)
//     (Kececioglu, Reliability & Life Testing Handbook vol. 2, 1994, ch. 12; the success-run n for f = 0);
//     parametric: R_test = R^((t_test / t_demo)^beta) for a Weibull of known beta (Kececioglu, ch. 12;
//     Abernethy, The New Weibull Handbook 5th ed., 2006, ch. 6 "Weibayes" zero-failure tests);
//   chi-squared (exponential, Weibull, Poisson, fix effectiveness): theta_L = 2 T / chi2_{C'}(2r + p)
//     with p = 2 for a time-terminated and 0 for a failure-terminated test, T the exposure in t^beta units
//     (Epstein & Sobel, JASA 48, 1953; MIL-HDBK-781A, 1996, for the fixed-length test and its risks;
//     Crow, AMSAA TR-138, 1974, for the power-law process).
// The solved quantity's inverse is exact (incomplete beta and chi-squared quantiles); integer sample sizes
// and failure counts are searched by doubling and bisection on the monotone probability.

import { LIMITS } from "../../shared/constants.ts";
import type { Problem } from "../../shared/problem.ts";
import type { MathKernel } from "../math.ts";
import { clopperPearson } from "./bounds.ts";
import type { DesignInput, OcCurve, Quantity, TestPlan } from "./model.ts";
import type { Resolved } from "./validate.ts";

export class NoPlanError extends Error {
  override name = "NoPlanError";
  constructor(readonly problem: Problem) {
    super(problem.key);
  }
}

const noPlan = (quantity: Quantity): never => {
  throw new NoPlanError({ key: "testDesign.noPlan", params: { quantity }, where: [quantity] });
};

/** ln R for R in percent, accurate when R is near 100. */
export const lnReliability = (percent: number): number => Math.log1p(-(100 - percent) / 100);

/** Smallest n >= f + 1 with P(X <= f; n, p) <= 1 - c (the sample size that demonstrates 1 - p). */
export function smallestSamples(m: MathKernel, f: number, p: number, c: number): number {
  const max = LIMITS.samples.max;
  const passes = (n: number) => m.binomialCdf(f, n, p) <= 1 - c;
  if (!(p > 0) || !passes(max)) return noPlan("samples");
  let lo = f; // fails: with n = f every unit may fail
  let hi = f + 1;
  while (!passes(hi)) {
    lo = hi;
    hi = Math.min(hi * 2, max);
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (passes(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Largest f < n with P(X <= f; n, p) <= 1 - c. */
export function largestFailures(m: MathKernel, n: number, p: number, c: number): number {
  const passes = (f: number) => m.binomialCdf(f, n, p) <= 1 - c;
  if (!passes(0)) return noPlan("failures");
  let lo = 0;
  let hi = Math.min(n - 1, LIMITS.failures.max);
  if (passes(hi)) return hi;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (passes(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The failure probability n units with f failures demonstrate at confidence c: the one-sided upper
 * Clopper-Pearson bound, I^-1_c(f + 1, n - f). Returns [p, 1 - p], each computed directly. */
export function demonstratedFailureProbability(
  m: MathKernel,
  n: number,
  f: number,
  c: number,
): [number, number] {
  if (f >= n) return [1, 0];
  const p = m.betaIInv(f + 1, n - f, c);
  return [p, m.lastBetaInverseComplement()];
}

function binomialOc(m: MathKernel, n: number, f: number, toReliability: (p: number) => number): OcCurve {
  // From a plan that always passes to one that passes once in a thousand.
  const top = f >= n ? 1 : m.betaIInv(f + 1, n - f, 0.999);
  const x: number[] = [];
  const pAccept: number[] = [];
  for (let i = 0; i <= 100; i++) {
    const p = (top * i) / 100;
    x.push(toReliability(p));
    pAccept.push(m.binomialCdf(f, n, p));
  }
  return { axis: "reliability", x, pAccept };
}

/** Non-parametric and parametric binomial: `ratio` = (t_test / t_demo)^beta (1 without a time). */
function binomial(m: MathKernel, r: Resolved, timed: boolean): TestPlan {
  const v = { ...r.values };
  const c = (v.confidence ?? 0) / 100;
  const beta = v.beta ?? 1;
  const ratio = () => (timed ? ((v.testTime as number) / (v.demoTime as number)) ** beta : 1);
  const details: Record<string, number> = {};
  const testFailure = () => {
    const lnR = lnReliability(v.reliability as number);
    return -Math.expm1(ratio() * lnR);
  };
  switch (r.solve) {
    case "samples":
      v.samples = smallestSamples(m, v.failures as number, testFailure(), c);
      break;
    case "failures":
      v.failures = largestFailures(m, v.samples as number, testFailure(), c);
      break;
    case "confidence":
      v.confidence = 100 * m.binomialSf(v.failures as number, v.samples as number, testFailure());
      break;
    default: {
      // reliability, testTime or demoTime: the test's own demonstrated reliability, then its time scaling.
      const [p, q] = demonstratedFailureProbability(m, v.samples as number, v.failures as number, c);
      const lnRtest = Math.log1p(-p);
      if (r.solve === "reliability") v.reliability = timed ? 100 * Math.exp(lnRtest / ratio()) : 100 * q;
      else {
        const k = (lnRtest / lnReliability(v.reliability as number)) ** (1 / beta);
        if (!(k > 0 && Number.isFinite(k))) noPlan(r.solve);
        if (r.solve === "testTime") v.testTime = (v.demoTime as number) * k;
        else v.demoTime = (v.testTime as number) / k;
      }
    }
  }
  const pTest = testFailure();
  const n = v.samples as number;
  const f = v.failures as number;
  const lnR = lnReliability(v.reliability as number);
  if (f === 0 && r.solve === "samples") details.samplesExact = Math.log1p(-c) / (ratio() * lnR);
  if (!timed && f < n) {
    // The finished test's two-sided Clopper-Pearson interval on the reliability (successes n - f of n).
    const cp = clopperPearson(m, n, n - f, 100 * c, 2);
    details.reliabilityLowerTwoSided = 100 * cp.lower;
    details.reliabilityUpperTwoSided = 100 * cp.upper;
  }
  if (timed) {
    details.testReliability = 100 * Math.exp(ratio() * lnR);
    details.eta = (v.demoTime as number) / (-lnR) ** (1 / beta);
  }
  // True reliability at the demonstration time whose test-time failure probability is p.
  const toReliability = (p: number) => 100 * Math.exp(Math.log1p(-p) / ratio());
  const oc = binomialOc(m, n, f, toReliability);
  details.pAcceptAtGoal = m.binomialCdf(f, n, pTest);
  let tradeoff: TestPlan["tradeoff"] = null;
  if (timed) {
    const t0 = v.testTime as number;
    const testTime: number[] = [];
    const samples: number[] = [];
    for (let i = 1; i <= 40; i++) {
      const t = (t0 * i) / 16;
      const p = -Math.expm1((t / (v.demoTime as number)) ** beta * lnR);
      try {
        samples.push(smallestSamples(m, f, p, c));
        testTime.push(t);
      } catch {
        // beyond a million units at this time: left off the curve
      }
    }
    tradeoff = { testTime, samples };
  }
  return {
    planner: timed ? "parametric-binomial" : "nonparametric-binomial",
    solved: r.solve,
    values: v,
    details,
    oc,
    tradeoff,
    densities: null,
  };
}

/** chi2_{C'}(df) / 2 with C' from confidence c and sidedness. */
function halfChi(m: MathKernel, c: number, df: number, sides: 1 | 2): number {
  return m.chiSquaredQuantile(sides === 2 ? 1 - (1 - c) / 2 : c, df) / 2;
}

/** Largest r whose chi2_{C'}(2r + p) / 2 is at most `units` (= T / theta). */
function largestChiFailures(m: MathKernel, units: number, c: number, p: number, sides: 1 | 2): number {
  const passes = (r: number) => halfChi(m, c, 2 * r + p, sides) <= units;
  const first = p === 0 ? 1 : 0;
  if (!passes(first)) return noPlan("failures");
  let lo = first;
  let hi: number = LIMITS.failures.max;
  if (passes(hi)) return hi;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (passes(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

function poissonOc(
  m: MathKernel,
  exposure: number,
  r: number,
  toX: (theta: number) => number,
  axis: OcCurve["axis"],
): OcCurve {
  // Expected failures lambda from a plan passing 99.9 % of the time to 0.1 %, log-spaced.
  const lo = m.gammaQInv(r + 1, 0.999);
  const hi = m.gammaQInv(r + 1, 0.001);
  const x: number[] = [];
  const pAccept: number[] = [];
  for (let i = 100; i >= 0; i--) {
    const lambda = lo * (hi / lo) ** (i / 100);
    x.push(toX(exposure / lambda));
    pAccept.push(m.poissonCdf(r, lambda));
  }
  return { axis, x, pAccept };
}

/**
 * The chi-squared planners. Exposure T = samples * testTime^beta; theta is the MTTF in t^beta units:
 * exponential mttf (or demoTime / -ln R); Weibull demoTime^beta / -ln R; Poisson 1 / rate; fix effectiveness
 * mttf^beta / (1 - d) (the pre-fix rate scaled by what the fix must remove).
 */
function chiSquared(m: MathKernel, r: Resolved, input: DesignInput): TestPlan {
  const planner = input.planner;
  const v = { ...r.values };
  const sides = planner === "exponential-chi-squared" ? (input.sides ?? 1) : 1;
  const p = planner === "exponential-chi-squared" && input.termination === "failure" ? 0 : 2;
  const beta = planner === "exponential-chi-squared" ? 1 : (v.beta ?? 1);
  const c = () => (v.confidence as number) / 100;
  const details: Record<string, number> = {};
  if (planner === "poisson" && v.rate !== undefined && v.mttf === undefined) v.mttf = 1 / v.rate;
  if (
    planner === "exponential-chi-squared" &&
    v.mttf === undefined &&
    r.solve !== "mttf" &&
    r.solve !== "reliability"
  )
    v.mttf = (v.demoTime as number) / -lnReliability(v.reliability as number);
  const theta = (): number => {
    switch (planner) {
      case "weibull-chi-squared":
        return (v.demoTime as number) ** beta / -lnReliability(v.reliability as number);
      case "fix-effectiveness":
        return (v.mttf as number) ** beta / (1 - (v.effectiveness as number) / 100);
      default:
        return v.mttf as number;
    }
  };
  const exposure = () => (v.samples as number) * (v.testTime as number) ** beta;
  if (planner === "exponential-chi-squared" && v.designMttf !== undefined) return riskPlan(m, v, details);
  const df = () => 2 * (v.failures as number) + p;
  switch (r.solve) {
    case "testTime":
    case "samples": {
      const need = theta() * halfChi(m, c(), df(), sides);
      details.exposure = need;
      if (r.solve === "testTime") v.testTime = (need / (v.samples as number)) ** (1 / beta);
      else {
        details.samplesExact = need / (v.testTime as number) ** beta;
        v.samples = Math.ceil(details.samplesExact);
        if (v.samples > LIMITS.samples.max) noPlan("samples");
      }
      break;
    }
    case "confidence": {
      const q = m.chiSquaredCdf((2 * exposure()) / theta(), df());
      v.confidence = 100 * (sides === 2 ? 1 - 2 * (1 - q) : q);
      break;
    }
    case "failures":
      v.failures = largestChiFailures(m, exposure() / theta(), c(), p, sides);
      break;
    default: {
      // The demonstrated theta, then what it means in each planner's terms.
      const t = exposure() / halfChi(m, c(), df(), sides);
      if (planner === "weibull-chi-squared") {
        if (r.solve === "reliability") v.reliability = 100 * Math.exp(-((v.demoTime as number) ** beta) / t);
        else v.demoTime = (-lnReliability(v.reliability as number) * t) ** (1 / beta);
      } else if (planner === "fix-effectiveness") {
        if (r.solve === "effectiveness") v.effectiveness = 100 * (1 - (v.mttf as number) ** beta / t);
        else v.mttf = (t * (1 - (v.effectiveness as number) / 100)) ** (1 / beta);
        if (r.solve === "effectiveness" && !((v.effectiveness as number) > 0)) noPlan("effectiveness");
      } else {
        v.mttf = t;
        if (planner === "poisson") v.rate = 1 / t;
        if (planner === "exponential-chi-squared" && v.demoTime !== undefined)
          v.reliability = 100 * Math.exp(-(v.demoTime as number) / t);
      }
    }
  }
  if (planner === "poisson") v.rate = 1 / (v.mttf as number);
  if (planner === "exponential-chi-squared" && v.demoTime !== undefined && r.solve !== "reliability")
    v.reliability ??= 100 * Math.exp(-(v.demoTime as number) / (v.mttf as number));
  const T = exposure();
  details.exposure = T;
  details.pAcceptAtGoal = m.poissonCdf(v.failures as number, T / theta());
  const oc =
    planner === "weibull-chi-squared"
      ? poissonOc(
          m,
          T,
          v.failures as number,
          (th) => 100 * Math.exp(-((v.demoTime as number) ** beta) / th),
          "reliability",
        )
      : poissonOc(m, T, v.failures as number, (th) => th ** (1 / beta), "mttf");
  let tradeoff: TestPlan["tradeoff"] = null;
  if (planner !== "exponential-chi-squared" || v.samples !== 1) {
    const need = theta() * halfChi(m, c(), df(), sides);
    const testTime: number[] = [];
    const samples: number[] = [];
    for (let i = 1; i <= 40; i++) {
      const t = ((v.testTime as number) * i) / 16;
      testTime.push(t);
      samples.push(Math.ceil(need / t ** beta));
    }
    tradeoff = { testTime, samples };
  }
  return { planner, solved: r.solve, values: v, details, oc, tradeoff, densities: null };
}

/**
 * Fixed-length test with both risks (MIL-HDBK-781A's test plans; the algorithm of the `reliability`
 * library's reliability_test_duration): for F = 0, 1, ... the time T_F that shows mttf with the consumer's
 * risk 1 - C, and the producer's risk of failing a design at designMttf, P(X > F; T_F / designMttf); the
 * plan is the last F before that risk falls below the limit.
 */
function riskPlan(
  m: MathKernel,
  v: Partial<Record<Quantity, number>>,
  details: Record<string, number>,
): TestPlan {
  const mttf = v.mttf as number;
  const design = v.designMttf as number;
  const c = (v.confidence as number) / 100;
  const limit = (v.producerRisk as number) / 100;
  if (!(design > mttf)) noPlan("testTime");
  let previous = Number.NaN;
  let previousRisk = Number.NaN;
  for (let f = 0; f <= LIMITS.failures.max; f++) {
    const t = (mttf * m.chiSquaredQuantile(c, 2 * f + 2)) / 2;
    const risk = m.poissonSf(f, t / design);
    if (risk < limit) {
      if (f === 0) noPlan("testTime");
      v.testTime = previous;
      v.failures = f - 1;
      details.producerRisk = 100 * previousRisk;
      break;
    }
    previous = t;
    previousRisk = risk;
  }
  if (v.testTime === undefined) noPlan("testTime");
  const T = v.testTime as number;
  details.exposure = T;
  details.pAcceptAtGoal = m.poissonCdf(v.failures as number, T / mttf);
  const oc = poissonOc(m, T, v.failures as number, (th) => th, "mttf");
  return {
    planner: "exponential-chi-squared",
    solved: "testTime",
    values: v,
    details,
    oc,
    tradeoff: null,
    densities: null,
  };
}

export function plan(m: MathKernel, r: Resolved, input: DesignInput): TestPlan {
  switch (input.planner) {
    case "nonparametric-binomial":
      return binomial(m, r, false);
    case "parametric-binomial":
      return binomial(m, r, true);
    default:
      return chiSquared(m, r, input);
  }
}
