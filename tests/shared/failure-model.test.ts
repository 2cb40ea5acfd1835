// The failure model's table: every distribution's ranges and messages (in four languages), its zod schema,
// and the p1..p3 mapping of each area, including the shapes older files and documents have.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../src/shared/constants.ts";
import {
  DEFAULT_DISTRIBUTIONS,
  distributionProblems,
  FAILURE_DISTRIBUTIONS,
  FAILURE_PARAMETERS,
  type FailureDistribution,
  fromSpec,
  PARAMETER_RANGES,
  parameterProblem,
  readDistribution,
  switchDistribution,
  TIME_PARAMETER_MAX,
  toSpec,
} from "../../src/shared/failure-model.ts";
import { failureDistributionSchema } from "../../src/shared/failure-schema.ts";
import { MESSAGES } from "../../src/shared/messages.ts";

const LANGUAGES = ["en", "zh", "es", "ja"];
const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/${ns}.json`, import.meta.url), "utf8"));

describe("failure model", () => {
  it("every rule's message and every distribution and parameter name exist in all four languages", () => {
    const keys = new Set<string>(["distributionUnknown"]);
    for (const type of FAILURE_DISTRIBUTIONS)
      for (const name of FAILURE_PARAMETERS[type]) keys.add(PARAMETER_RANGES[type][name].key);
    for (const lang of LANGUAGES) {
      const messages = locale(lang, "messages");
      const common = locale(lang, "common").failureModel;
      for (const key of keys) {
        expect(Object.hasOwn(MESSAGES, key), key).toBe(true);
        expect(messages[key], `${lang} ${key}`).toMatch(/\S/);
        // The translation fills the same placeholders as the English text.
        const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(placeholders(messages[key]), `${lang} ${key}`).toEqual(
          placeholders(MESSAGES[key as keyof typeof MESSAGES]),
        );
      }
      for (const type of FAILURE_DISTRIBUTIONS) {
        expect(common.distributions[type], `${lang} ${type}`).toMatch(/\S/);
        for (const name of FAILURE_PARAMETERS[type])
          expect(common.parameters[type][name], `${lang} ${type}.${name}`).toMatch(/\S/);
      }
    }
  });

  it("takes spec 5's beta 0.0001-24 from constants.ts; times up to TIME_PARAMETER_MAX", () => {
    const weibull = (beta: number, eta = 1000) => distributionProblems({ type: "weibull2p", beta, eta });
    expect(weibull(LIMITS.beta.min)).toEqual([]);
    expect(weibull(LIMITS.beta.max)).toEqual([]);
    expect(weibull(0.00009)).toEqual([
      { key: "betaRange", params: { parameter: "β", min: 0.0001, max: 24 }, where: ["beta"] },
    ]);
    expect(weibull(24.0001)[0].key).toBe("betaRange");
    expect(weibull(1.5, TIME_PARAMETER_MAX)).toEqual([]);
    expect(weibull(1.5, 2.3e11)).toEqual([]);
    expect(weibull(1.5, 1e308)[0]).toMatchObject({ key: "parameterAboveAtMost", where: ["eta"] });
    expect(weibull(1.5, 0)[0]).toMatchObject({ key: "parameterAboveAtMost", where: ["eta"] });
    expect(weibull(1.5, Number.NaN)[0]).toMatchObject({ where: ["eta"] });
  });

  it("spec 5's FTA ranges: probability and lambda in (0, 1), lognormal mu' < 30 and sigma' < 15", () => {
    expect(parameterProblem("fixed", "probability", 0.5)).toBeNull();
    expect(parameterProblem("fixed", "probability", 1.5)?.severity).toBeUndefined();
    // 0 and 1 are valid probabilities (Open-PSA files use them): a warning only.
    expect(parameterProblem("fixed", "probability", 0)?.severity).toBe("warning");
    expect(parameterProblem("exponential", "lambda", 1)?.key).toBe("parameterOpenRange");
    expect(parameterProblem("exponential", "gamma", undefined)).toBeNull();
    expect(parameterProblem("exponential", "gamma", -1)?.key).toBe("parameterClosedRange");
    expect(parameterProblem("lognormal", "mu", 30)?.params).toEqual({ parameter: "μ'", min: 0, max: 30 });
    expect(parameterProblem("lognormal", "sigma", 14.9)).toBeNull();
  });

  it("the zod schema accepts every default and refuses -1, 1e308 and unknown types with message keys", () => {
    for (const type of FAILURE_DISTRIBUTIONS) {
      expect(failureDistributionSchema.safeParse(DEFAULT_DISTRIBUTIONS[type]).success, type).toBe(true);
      expect(distributionProblems(DEFAULT_DISTRIBUTIONS[type]), type).toEqual([]);
    }
    const refused = (d: unknown) =>
      failureDistributionSchema.safeParse(d).error?.issues.map((i) => i.message);
    expect(refused({ type: "weibull2p", beta: -1, eta: 1000 })).toEqual(["betaRange"]);
    expect(refused({ type: "normal", mu: 1e308, sigma: 1 })).toEqual(["parameterAboveAtMost"]);
    expect(refused({ type: "weibull7", beta: 1 })).toEqual(["distributionUnknown"]);
    expect(refused({ type: "exponential", lambda: 0.001 })).toBeUndefined();
  });

  it("p1..p3: FTA's order is eta then beta, RBD's beta then eta; each round-trips every distribution", () => {
    const weibull: FailureDistribution = { type: "weibull3p", beta: 1.5, eta: 5000, gamma: 100 };
    expect(toSpec("fta", weibull)).toEqual({ distribution: "weibull3p", p1: 5000, p2: 1.5, p3: 100 });
    expect(toSpec("rbd", weibull)).toEqual({ distribution: "weibull3p", p1: 1.5, p2: 5000, p3: 100 });
    for (const area of ["fta", "rbd"] as const)
      for (const type of FAILURE_DISTRIBUTIONS) {
        const d = DEFAULT_DISTRIBUTIONS[type];
        const spec = toSpec(area, d);
        expect(fromSpec(area, spec.distribution, [spec.p1, spec.p2, spec.p3]), `${area} ${type}`).toEqual(d);
      }
    expect(fromSpec("fta", "nonsense", [1])).toBeNull();
  });

  it("reads the older shapes: FTA's weibull2/weibull3/fixed with p1..p3, eFTA's fixedProb; always as today's", () => {
    expect(readDistribution({ type: "weibull2", p1: 5000, p2: 1.5 }, "fta")).toEqual({
      type: "weibull2p",
      beta: 1.5,
      eta: 5000,
    });
    expect(readDistribution({ type: "weibull3", p1: 5000, p2: 1.5, p3: 10 }, "fta")).toEqual({
      type: "weibull3p",
      beta: 1.5,
      eta: 5000,
      gamma: 10,
    });
    expect(readDistribution({ type: "fixed", p1: 0.01 }, "fta")).toEqual({
      type: "fixed",
      probability: 0.01,
    });
    expect(readDistribution({ type: "fixedProb", p1: 0.01 }, "rbd")).toEqual({
      type: "fixed",
      probability: 0.01,
    });
    expect(readDistribution({ type: "exponential", p1: 1e-4, p2: 100 }, "fta")).toEqual({
      type: "exponential",
      lambda: 1e-4,
      gamma: 100,
    });
    expect(readDistribution({ type: "exponential", p1: 1e-4 }, "fta")).toEqual({
      type: "exponential",
      lambda: 1e-4,
    });
    // Today's shape is read as is, in either area.
    const today: FailureDistribution = { type: "gamma", k: 2, theta: 300 };
    expect(readDistribution(today, "fta")).toEqual(today);
    expect(readDistribution({ type: "weibull2p", beta: 2, eta: 9 }, "rbd")).toEqual({
      type: "weibull2p",
      beta: 2,
      eta: 9,
    });
    // A missing required value is NaN for the validator to report.
    expect(readDistribution({ type: "weibull2", p1: 5000 }, "fta")).toEqual({
      type: "weibull2p",
      beta: Number.NaN,
      eta: 5000,
    });
    expect(readDistribution({ type: "bogus" }, "fta")).toBeNull();
  });

  it("switching the type keeps the values that mean the same", () => {
    expect(switchDistribution({ type: "weibull2p", beta: 2, eta: 900 }, "weibull3p")).toEqual({
      type: "weibull3p",
      beta: 2,
      eta: 900,
      gamma: 0,
    });
    // mu of a normal (a time) is not mu' of a lognormal (of ln t).
    expect(switchDistribution({ type: "normal", mu: 20_000, sigma: 100 }, "lognormal")).toEqual(
      DEFAULT_DISTRIBUTIONS.lognormal,
    );
    expect(switchDistribution({ type: "lognormal", mu: 7, sigma: 0.4 }, "loglogistic")).toEqual({
      type: "loglogistic",
      mu: 7,
      sigma: 0.4,
    });
  });
});
