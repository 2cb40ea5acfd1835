// Each planner's solve-for-X inverts its solve-for-Y: a continuous quantity solved from the others and fed
// back gives them again (to 1e-8 relative: chi-squared and beta quantiles are good to 1e-10, powers of up to
// 1/beta amplify), and an integer one is the smallest (or largest) that meets the goal. Bounded runs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DesignInput, designTest, tryDesignTest } from "../../../src/kernels/testdesign.ts";
import { LIMITS, withinLimit } from "../../../src/shared/constants.ts";
import { isClose } from "../../helpers/accuracy.ts";

const RUNS = { numRuns: 60, seed: 20261125 };
const reliability = fc.double({ min: 50, max: 99.99, noNaN: true });
const confidence = fc.double({ min: 10, max: 99.9, noNaN: true });
const beta = fc.double({ min: 0.3, max: 6, noNaN: true });
const close = (a: number, b: number, label: string) =>
  expect(isClose(a, b, { rtol: 1e-8 }), `${label}: ${a} vs ${b}`).toBe(true);

describe("solve-for-X inverts solve-for-Y", () => {
  it("non-parametric binomial: confidence <-> reliability, and n is the smallest that passes", async () => {
    await fc.assert(
      fc.asyncProperty(
        reliability,
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 20 }),
        async (R, n, f) => {
          fc.pre(f < n);
          const base = { planner: "nonparametric-binomial", samples: n, failures: f } as const;
          const C = (await designTest({ ...base, reliability: R, solve: "confidence" })).values
            .confidence as number;
          fc.pre(C > 1e-6 && C < 100 - 1e-6);
          const back = await designTest({ ...base, confidence: C, solve: "reliability" });
          close(back.values.reliability as number, R, "reliability");
        },
      ),
      RUNS,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: 50, max: 99.9, noNaN: true }),
        confidence,
        fc.integer({ min: 0, max: 10 }),
        async (R, C, f) => {
          const n = (
            await designTest({
              planner: "nonparametric-binomial",
              reliability: R,
              confidence: C,
              failures: f,
            })
          ).values.samples as number;
          const shown = await designTest({
            planner: "nonparametric-binomial",
            samples: n,
            failures: f,
            confidence: C,
            solve: "reliability",
          });
          expect(shown.values.reliability).toBeGreaterThanOrEqual(R * (1 - 1e-12));
          if (n > f + 1) {
            const fewer = await designTest({
              planner: "nonparametric-binomial",
              samples: n - 1,
              failures: f,
              confidence: C,
              solve: "reliability",
            });
            expect(fewer.values.reliability).toBeLessThan(R);
          }
        },
      ),
      RUNS,
    );
  });

  it("parametric binomial: test time -> confidence, reliability and demonstration time", async () => {
    await fc.assert(
      fc.asyncProperty(
        reliability,
        confidence,
        beta,
        fc.integer({ min: 2, max: 500 }),
        fc.integer({ min: 0, max: 3 }),
        async (R, C, b, n, f) => {
          fc.pre(f < n);
          const base = {
            planner: "parametric-binomial",
            beta: b,
            samples: n,
            failures: f,
            demoTime: 100,
          } as const;
          const t = (await designTest({ ...base, reliability: R, confidence: C, solve: "testTime" })).values
            .testTime as number;
          fc.pre(t > 1e-3 && t < 1e8);
          close(
            (await designTest({ ...base, reliability: R, testTime: t, solve: "confidence" })).values
              .confidence as number,
            C,
            "confidence",
          );
          close(
            (await designTest({ ...base, confidence: C, testTime: t, solve: "reliability" })).values
              .reliability as number,
            R,
            "reliability",
          );
          const { demoTime: _, ...noDemo } = base;
          close(
            (await designTest({ ...noDemo, reliability: R, confidence: C, testTime: t, solve: "demoTime" }))
              .values.demoTime as number,
            100,
            "demoTime",
          );
        },
      ),
      RUNS,
    );
  });

  const chiPlanners: {
    planner: DesignInput["planner"];
    extra: Partial<DesignInput>;
    solveBack: "mttf" | "reliability" | "effectiveness";
  }[] = [
    { planner: "exponential-chi-squared", extra: { mttf: 1000 }, solveBack: "mttf" },
    { planner: "weibull-chi-squared", extra: { reliability: 90, demoTime: 100 }, solveBack: "reliability" },
    { planner: "poisson", extra: { mttf: 500 }, solveBack: "mttf" },
    { planner: "fix-effectiveness", extra: { mttf: 500, effectiveness: 60 }, solveBack: "effectiveness" },
  ];
  for (const { planner, extra, solveBack } of chiPlanners) {
    it(`${planner}: test time -> confidence and ${solveBack}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          confidence,
          fc.integer({ min: 0, max: 30 }),
          beta,
          fc.integer({ min: 1, max: 50 }),
          async (C, r, b, n) => {
            fc.pre(planner !== "weibull-chi-squared" || r <= n);
            const base = {
              planner,
              failures: r,
              samples: n,
              ...(planner === "exponential-chi-squared" ? {} : { beta: b }),
              ...extra,
            } as DesignInput;
            const t = (await designTest({ ...base, confidence: C, solve: "testTime" })).values
              .testTime as number;
            fc.pre(withinLimit(t, LIMITS.testTime));
            close(
              (await designTest({ ...base, testTime: t, solve: "confidence" })).values.confidence as number,
              C,
              "confidence",
            );
            const { [solveBack]: goal, ...rest } = base as unknown as Record<string, number>;
            const back = await designTest({
              ...(rest as unknown as DesignInput),
              confidence: C,
              testTime: t,
              solve: solveBack,
            });
            close(back.values[solveBack] as number, goal, solveBack);
          },
        ),
        RUNS,
      );
    });
  }

  it("Weibull chi-squared with no failures is the parametric binomial (chi2_C(2) / 2 = -ln(1 - C))", async () => {
    await fc.assert(
      fc.asyncProperty(
        reliability,
        confidence,
        beta,
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        async (R, C, b, m) => {
          const common = {
            reliability: R,
            confidence: C,
            beta: b,
            failures: 0,
            demoTime: 100,
            testTime: 100 * m,
            solve: "samples",
          } as const;
          const bin = await tryDesignTest({ planner: "parametric-binomial", ...common });
          fc.pre(bin.ok);
          const chi = await designTest({ planner: "weibull-chi-squared", ...common });
          if (!bin.ok) return;
          expect(isClose(chi.details.samplesExact, bin.value.details.samplesExact, { rtol: 1e-9 })).toBe(
            true,
          );
        },
      ),
      RUNS,
    );
  });
});
