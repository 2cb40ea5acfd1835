// Issue 15, "numbers at the edges" 1-4: the guide's ranking (parameter counts, boundary fits), Weibull 3P's
// location wherever the profile peaks (and when it has no peak), data that cannot be estimated, and Fisher
// bounds far in the lower tail. References: tests/fixtures/life/weibull3p-mpmath.json and
// tail-bounds-mpmath.json (mpmath at 40 digits; scripts beside them).
import { describe, expect, it } from "vitest";
import {
  calculateLife,
  distributionGuide,
  fitLife,
  type LifeFit,
  LifeInputError,
} from "../../../src/kernels/life.ts";
import tail from "../../fixtures/life/tail-bounds-mpmath.json";
import w3 from "../../fixtures/life/weibull3p-mpmath.json";

const F64 = (values: number[]) => Float64Array.from(values);
const U8 = (values: number[]) => Uint8Array.from(values);

async function issueKeys(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LifeInputError) return error.issues.map((i) => i.key);
    throw error;
  }
  return [];
}

function relClose(actual: number | null, expected: number, tol: number): void {
  expect(actual).not.toBeNull();
  const a = actual as number;
  if (expected === 0) expect(a).toBe(0);
  else expect(Math.abs(a - expected) / Math.abs(expected)).toBeLessThanOrEqual(tol);
}

const negative = w3.cases.filter((c) => c.id.startsWith("negative-gamma"));
const unbounded = w3.cases.find((c) => c.id === "unbounded-beta-below-1") as { end: number[] };

describe("1. AIC and BIC count every estimated parameter", () => {
  const end = F64([120, 190, 240, 310, 350, 420, 480, 555, 640, 800]);
  const n = end.length;
  it.each([
    ["exponential1p", 1],
    ["exponential2p", 2],
    ["weibull2p", 2],
    ["weibull3p", 3],
    ["gamma", 2],
  ] as const)("%s: %i parameters", async (distribution, k) => {
    const fit = await fitLife({ end }, { distribution, curvePoints: 0 });
    expect(fit.aic).toBeCloseTo(-2 * fit.logLikelihood + 2 * k, 10);
    expect(fit.bic).toBeCloseTo(-2 * fit.logLikelihood + k * Math.log(n), 10);
  });

  it("mixtures count 3 per subpopulation less one: 5 and 8", async () => {
    const times = [...Array(12)].map((_, i) => 10 + 3 * i ** 1.5);
    times.push(...[...Array(12)].map((_, i) => 400 + 40 * i));
    times.push(...[...Array(12)].map((_, i) => 2000 + 300 * i));
    for (const [distribution, k] of [
      ["weibull-mixed2", 5],
      ["weibull-mixed3", 8],
    ] as const) {
      const fit = await fitLife({ end: F64(times) }, { distribution, curvePoints: 0 });
      expect(fit.aic).toBeCloseTo(-2 * fit.logLikelihood + 2 * k, 8);
      expect(fit.bic).toBeCloseTo(-2 * fit.logLikelihood + k * Math.log(times.length), 8);
    }
  });

  it("a fit that stopped on its limit is listed as such and never ranked", async () => {
    // Weibull 3P on a profile rising towards the smallest extreme value limit (gamma -> -infinity): its
    // log-likelihood is the best of all, so the old ranking (AIC on 2 counted parameters) put it first.
    const u = lcg(5);
    const end = F64(
      [...Array(30)].map(() => Math.round((-2000 + 3200 * (-Math.log(u())) ** (1 / 12)) * 10) / 10),
    );
    const guide = await distributionGuide({ end });
    const w = guide.candidates.find((c) => c.distribution === "weibull3p");
    expect(w?.boundReached).toBe("gamma");
    expect(w?.status).toBe("bound");
    expect(w?.rank).toBeNull();
    expect(guide.best).not.toBe("weibull3p");
    const ranked = guide.candidates.filter((c) => c.rank !== null);
    expect(ranked.every((c) => c.status === "ok" && c.converged && c.boundReached === null)).toBe(true);
    expect(ranked.map((c) => c.rank)).toEqual(ranked.map((_, i) => i + 1));
  });

  it("a candidate that cannot be fitted carries its reason and no rank", async () => {
    // Three failures at 5 and a suspension before them: the two-parameter laws collapse onto t = 5.
    const guide = await distributionGuide(
      { end: F64([5, 5, 5, 4]), state: U8([1, 1, 1, 0]) },
      { candidates: ["weibull2p", "exponential1p"] },
    );
    expect(guide.best).toBe("exponential1p");
    const w = guide.candidates.find((c) => c.distribution === "weibull2p");
    expect(w?.status).toBe("error");
    expect(w?.rank).toBeNull();
    expect(w?.error?.key).toBe("life.oneFailureTime");
    expect(w?.error?.params?.distribution).toBe("Weibull 2P");
  });
});

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
}

describe("2. Weibull 3P: the profile's maximum wherever it is, against mpmath", () => {
  it.each(negative.map((c) => [c.id, c] as const))("%s", async (_, c) => {
    const fit = await fitLife({ end: F64(c.end) }, { distribution: "weibull3p", curvePoints: 0 });
    const tMin = Math.min(...c.end);
    const span = Math.max(...c.end) - tMin;
    // Below the old search limit tMin - (tMin + 2 span).
    expect(c.gamma as number).toBeLessThan(-2 * span);
    expect(fit.boundReached).toBeNull();
    relClose(fit.parameters.gamma, c.gamma as number, w3.tolerance.parameters);
    relClose(fit.parameters.beta, c.beta as number, w3.tolerance.parameters);
    relClose(fit.parameters.eta, c.eta as number, w3.tolerance.parameters);
    relClose(fit.logLikelihood, c.logLikelihood as number, w3.tolerance.logLikelihood);
    // Against 2P by the likelihood-ratio test, not a fixed message.
    const test = fit.locationTest;
    expect(test?.against).toBe("weibull2p");
    const two = c.weibull2p as { logLikelihood: number };
    relClose(test?.logLikelihood ?? null, two.logLikelihood, w3.tolerance.logLikelihood);
    relClose(test?.statistic ?? null, c.lrStatistic as number, 1e-8);
    relClose(test?.pValue ?? null, c.pValue as number, w3.tolerance.pValue);
    // p > 0.10 at 90% confidence: the warning says so with the numbers.
    const warning = fit.warnings.find((w) => w.key === "life.locationNotSignificant");
    expect(warning?.params?.p).toBe(Number((c.pValue as number).toPrecision(3)));
    expect(fit.warnings.map((w) => w.key)).not.toContain("life.gammaAtLowerBound");
  });

  it("a significant location is not flagged", async () => {
    const end = F64([
      94, 96, 99, 99, 104, 108, 112, 114, 117, 117, 118, 121, 121, 123, 129, 131, 133, 135, 136, 139, 139,
      140, 141, 141, 143, 144, 149, 149, 152, 153, 159, 159, 159, 159, 162, 168, 168, 169, 170, 170, 171, 172,
      173, 176, 177, 180, 180, 184, 187, 188, 189, 190, 196, 197, 203, 205, 211, 213, 224, 226, 227, 256, 257,
      269, 271, 274, 291,
    ]);
    const fit = await fitLife({ end }, { distribution: "weibull3p", curvePoints: 0 });
    expect(fit.locationTest?.pValue).toBeLessThan(0.01);
    expect(fit.warnings.map((w) => w.key)).not.toContain("life.locationNotSignificant");
  });

  it("beta < 1 with gamma approaching the first failure: unbounded, no number", async () => {
    // The fixture shows the profile rising with beta < 1 as gamma -> tMin.
    const profile = (
      w3.cases.find((c) => c.id === "unbounded-beta-below-1") as {
        profile: Array<{ beta: number; logLikelihood: number }>;
      }
    ).profile;
    for (let i = 1; i < profile.length; i++) {
      expect(profile[i].logLikelihood).toBeGreaterThan(profile[i - 1].logLikelihood);
      expect(profile[i].beta).toBeLessThan(1);
    }
    expect(await issueKeys(fitLife({ end: F64(unbounded.end) }, { distribution: "weibull3p" }))).toEqual([
      "life.likelihoodUnbounded",
    ]);
  });
});

describe("3. data that cannot be estimated: a clear error, never numbers", () => {
  const end = F64([10, 20, 30, 40]);
  const twoParameter = [
    "weibull2p",
    "weibull3p",
    "exponential2p",
    "normal",
    "lognormal",
    "gamma",
    "loglogistic",
    "gumbel",
  ] as const;
  it.each(twoParameter)("%s: all left-censored, one distinct time", async (distribution) => {
    expect(await issueKeys(fitLife({ end, start: F64([0, 0, 0, 0]) }, { distribution }))).toEqual([
      "life.allLeftCensored",
    ]);
    expect(await issueKeys(fitLife({ end: F64([5, 5, 5]) }, { distribution }))).toEqual([
      "life.oneFailureTime",
    ]);
    // Suspensions at or before the one time do not help; a later one does.
    expect(
      await issueKeys(fitLife({ end: F64([3, 5, 5, 5]), state: U8([0, 1, 1, 1]) }, { distribution })),
    ).toEqual(["life.oneFailureTime"]);
    expect(await issueKeys(fitLife({ end, state: U8([0, 0, 0, 0]) }, { distribution }))).toEqual([
      "growthNoFailureRecords",
    ]);
  });

  it("left-censored units with later suspensions, or overlapping intervals, are estimable", async () => {
    const fit = await fitLife(
      {
        end: F64([10, 20, 30, 15, 25, 35, 50, 5]),
        start: F64([0, 0, 0, NaN, NaN, NaN, 0, NaN]),
        state: U8([1, 1, 1, 0, 0, 0, 1, 0]),
      },
      { distribution: "weibull2p", curvePoints: 0 },
    );
    expect(fit.converged).toBe(true);
    expect(Number.isFinite(fit.parameters.beta)).toBe(true);
    // Current-status data whose likelihood is best as beta -> 0 (F(t) -> 1/2 at every t): the iterations
    // do not converge, and that is an error with the distribution named, not numbers.
    const keys = await issueKeys(
      fitLife(
        {
          end: F64([10, 20, 30, 15, 25, 35]),
          start: F64([0, 0, 0, NaN, NaN, NaN]),
          state: U8([1, 1, 1, 0, 0, 0]),
        },
        { distribution: "weibull2p" },
      ),
    );
    expect(keys).toEqual(["life.notConverged"]);
    // Intervals that share no common instant.
    const intervals = await fitLife(
      { end: F64([10, 20, 30]), start: F64([5, 12, 22]) },
      { distribution: "weibull2p", curvePoints: 0 },
    );
    expect(intervals.converged).toBe(true);
    // Intervals that all contain 9 collapse onto it.
    expect(
      await issueKeys(
        fitLife({ end: F64([10, 12, 9]), start: F64([5, 8, 7]) }, { distribution: "weibull2p" }),
      ),
    ).toEqual(["life.oneFailureTime"]);
  });

  it("one-parameter laws: all left-censored is refused, all suspended is Weibayes", async () => {
    expect(
      await issueKeys(fitLife({ end, start: F64([0, 0, 0, 0]) }, { distribution: "exponential1p" })),
    ).toEqual(["life.allLeftCensored"]);
    const weibayes = await fitLife({ end, state: U8([0, 0, 0, 0]) }, { distribution: "exponential1p" });
    expect(weibayes.warnings.map((w) => w.key)).toEqual(["life.zeroFailuresWeibayes"]);
  });

  it("exponential 2P with ties at the first time and intervals: gamma on that time, lambda with bounds (mpmath)", async () => {
    // Before: gamma stopped just short of 5 "on its limit" with a beta < 1 message and no bounds at all.
    const c = w3.cases.find((x) => x.id === "exponential2p-interval-ties") as {
      end: number[];
      start: Array<number | null>;
      gamma: number;
      lambda: number;
      logLikelihood: number;
      lambdaLower: number;
      lambdaUpper: number;
    };
    const fit = await fitLife(
      { end: F64(c.end), start: F64(c.start.map((v) => v ?? Number.NaN)) },
      { distribution: "exponential2p", curvePoints: 0 },
    );
    expect(fit.boundReached).toBeNull();
    expect(fit.warnings).toEqual([]);
    expect(fit.parameters.gamma).toBe(c.gamma);
    relClose(fit.parameters.lambda, c.lambda, 1e-10);
    relClose(fit.logLikelihood, c.logLikelihood, w3.tolerance.logLikelihood);
    relClose(fit.bounds.parameters.lambda.lower, c.lambdaLower, 1e-7);
    relClose(fit.bounds.parameters.lambda.upper, c.lambdaUpper, 1e-7);
  });

  it("exponential 2P with ties at the first time returns parameters and bounds", async () => {
    // Closed form: gamma = 5, lambda = r / sum(t - gamma) = 6 / (3 + 7 + 15 + 25) = 0.12 (the suspension at 30
    // adds its 25); 90% bounds lambda exp(-+1.6449 / sqrt(r)) (Fisher, se(lambda) = lambda / sqrt(r)).
    const fit = await fitLife(
      { end: F64([5, 5, 5, 8, 12, 20, 30]), state: U8([1, 1, 1, 1, 1, 1, 0]) },
      { distribution: "exponential2p", at: [10] },
    );
    expect(fit.parameters.gamma).toBe(5);
    relClose(fit.parameters.lambda, 0.12, 1e-14);
    const z = 1.6448536269514722;
    relClose(fit.bounds.parameters.lambda.lower, 0.12 * Math.exp(-z / Math.sqrt(6)), 1e-12);
    relClose(fit.bounds.parameters.lambda.upper, 0.12 * Math.exp(z / Math.sqrt(6)), 1e-12);
    relClose(fit.at[0].reliability, Math.exp(-0.12 * 5), 1e-14);
    expect(fit.at[0].lower).not.toBeNull();
    expect(fit.locationTest?.against).toBe("exponential1p");
  });
});

describe("4. Fisher bounds far in the lower tail, on the complement scale (mpmath)", () => {
  const tol = tail.tolerance.relative;
  for (const m of tail.models) {
    it(`${m.distribution}: fitLife --at reports F with bounds to 1e-9 down to F = 1e-15`, async () => {
      const times = m.points.map((p) => p.time);
      const fit = await fitLife(
        { end: F64(tail.end) },
        { distribution: m.distribution as "weibull2p", at: times },
      );
      relClose(fit.model.internal[0], m.internal[0], tail.tolerance.parametersRelative);
      relClose(fit.model.internal[1], m.internal[1], tail.tolerance.parametersRelative);
      m.points.forEach((p, i) => {
        const a = fit.at[i];
        relClose(a.reliability, p.reliability, 1e-15);
        relClose(a.unreliability.value, p.unreliability, tol);
        relClose(a.unreliability.lower, p.unreliabilityLower, tol);
        relClose(a.unreliability.upper, p.unreliabilityUpper, tol);
        // R's bounds are no longer null where R rounds to 1.
        relClose(a.lower, p.reliabilityLower, 1e-15);
        relClose(a.upper, p.reliabilityUpper, 1e-15);
      });
    });

    it(`${m.distribution}: the calculator reports F beside R from the stored model`, async () => {
      const fit: Pick<LifeFit, "distribution" | "model" | "method"> = {
        distribution: m.distribution as "weibull2p",
        method: "mle",
        model: {
          kind: "locationScale",
          family: m.distribution === "weibull2p" ? 0 : 1,
          logScale: true,
          components: 1,
          internal: [m.internal[0], m.internal[1], 0],
          internalCovariance: [
            m.covariance[0][0],
            m.covariance[0][1],
            0,
            m.covariance[1][0],
            m.covariance[1][1],
            0,
            0,
            0,
            0,
          ],
          freeParameters: [],
        },
      };
      const results = await calculateLife(
        fit,
        m.points.map((p) => ({ kind: "reliability" as const, time: p.time })),
        { confidence: 90 },
      );
      const unrel = await calculateLife(
        fit,
        m.points.map((p) => ({ kind: "unreliability" as const, time: p.time })),
        { confidence: 90 },
      );
      m.points.forEach((p, i) => {
        const f = results[i].unreliability;
        relClose(f?.value ?? null, p.unreliability, tol);
        relClose(f?.lower ?? null, p.unreliabilityLower, tol);
        relClose(f?.upper ?? null, p.unreliabilityUpper, tol);
        relClose(unrel[i].value, p.unreliability, tol);
        relClose(unrel[i].lower, p.unreliabilityLower, tol);
        relClose(unrel[i].upper, p.unreliabilityUpper, tol);
      });
    });
  }

  it("gamma (cloglog scale): F with bounds to 1e-9 down to F = 1e-15", async () => {
    const g = tail.gamma;
    const fit: Pick<LifeFit, "distribution" | "model" | "method"> = {
      distribution: "gamma",
      method: "mle",
      model: {
        kind: "gamma",
        family: 0,
        logScale: true,
        components: 1,
        internal: [g.internal[0], g.internal[1], 0],
        internalCovariance: [
          g.covariance[0][0],
          g.covariance[0][1],
          0,
          g.covariance[1][0],
          g.covariance[1][1],
          0,
          0,
          0,
          0,
        ],
        freeParameters: [],
      },
    };
    const results = await calculateLife(
      fit,
      g.points.map((p) => ({ kind: "reliability" as const, time: p.time })),
      { confidence: 90 },
    );
    g.points.forEach((p, i) => {
      const f = results[i].unreliability;
      relClose(f?.value ?? null, p.unreliability, tol);
      relClose(f?.lower ?? null, p.unreliabilityLower, tol);
      relClose(f?.upper ?? null, p.unreliabilityUpper, tol);
    });
  });

  it("one-sided: a lower bound on R is the upper bound on F", async () => {
    const m = tail.models[0];
    const fit = await fitLife(
      { end: F64(tail.end) },
      { distribution: "weibull2p", at: [m.points[4].time], sided: "lower", curvePoints: 0 },
    );
    expect(fit.at[0].upper).toBeNull();
    expect(fit.at[0].unreliability.lower).toBeNull();
    expect(fit.at[0].unreliability.upper).toBeGreaterThan(fit.at[0].unreliability.value);
  });
});
