// One entry for the screen: a tool's request in, its result or its problems out. Problems travel as data
// (a thrown DoeInputError would lose them crossing the worker boundary).

import type { KernelContext } from "../context.ts";
import { DoeInputError, type DoeProblem, fail } from "../stats/common.ts";
import {
  andersonDarling,
  chiSquaredVariance,
  fTest,
  laplaceTrend,
  linearRegression,
  mannKendall,
  mannWhitney,
  milHdbk189Trend,
  multipleProportions,
  oneSampleT,
  oneWayAnova,
  type PowerType,
  type ProportionCount,
  pairedT,
  type Sided,
  shapiroWilk,
  type TestResult,
  tTestPower,
  tTestSampleSize,
  twoSampleT,
  wilcoxonSignedRank,
} from "../stats.ts";
import { bVersusC } from "./bvc.ts";
import { multiVari, pareto } from "./explore.ts";
import { analyzeFactorial, type FactorialInput } from "./factorial.ts";
import { type SearchInput, swapSearch } from "./search.ts";
import { tukeyEndCount } from "./tukey.ts";

export type HypothesisTest =
  | "ttest"
  | "welch"
  | "paired"
  | "ftest"
  | "chisq-variance"
  | "normality"
  | "anova"
  | "mann-whitney"
  | "wilcoxon";

export type DoeRequest =
  | { tool: "factorial"; input: FactorialInput }
  | {
      tool: "hypothesis";
      test: HypothesisTest;
      samples: number[][];
      mu: number;
      sided: Sided;
      confidence: number;
      sigma?: number | null;
      ratio?: number | null;
    }
  | { tool: "proportions"; groups: ProportionCount[]; confidence: number }
  | { tool: "tukey"; x: number[]; y: number[] }
  | { tool: "bvc"; b: number[]; c: number[]; better: "higher" | "lower"; alpha: number }
  | { tool: "componentSearch" | "variableSearch"; input: SearchInput }
  | { tool: "multiVari"; time: (number | string)[]; piece: (number | string)[]; value: number[] }
  | { tool: "scatter"; x: number[]; y: number[]; confidence: number }
  | { tool: "pareto"; categories: string[]; counts: number[] }
  | {
      tool: "trend";
      times: number[];
      end: number | null;
      method: "laplace" | "mil" | "mann-kendall";
      sided: Sided;
    };

/** The tests of the hypothesis tool: the first result, and for normality the Anderson-Darling beside it. */
export interface HypothesisOutcome {
  test: TestResult;
  extra?: TestResult;
}

async function hypothesis(r: Extract<DoeRequest, { tool: "hypothesis" }>): Promise<HypothesisOutcome> {
  const s = r.samples;
  const need = (n: number) => {
    if (s.length < n) fail("doe.groups");
  };
  const t = { mu: r.mu, sided: r.sided, confidence: r.confidence };
  switch (r.test) {
    case "ttest":
      return {
        test:
          s.length >= 2
            ? await twoSampleT(s[0], s[1], { ...t, pooled: true })
            : await oneSampleT(s[0] ?? [], t),
      };
    case "welch":
      need(2);
      return { test: await twoSampleT(s[0], s[1], t) };
    case "paired":
      need(2);
      return { test: await pairedT(s[0], s[1], t) };
    case "ftest":
      need(2);
      return {
        test: await fTest(s[0], s[1], { ratio: r.ratio ?? 1, sided: r.sided, confidence: r.confidence }),
      };
    case "chisq-variance":
      return {
        test: await chiSquaredVariance(s[0] ?? [], {
          sigma: r.sigma ?? Number.NaN,
          sided: r.sided,
          confidence: r.confidence,
        }),
      };
    case "normality":
      return { test: await shapiroWilk(s[0] ?? []), extra: await andersonDarling(s[0] ?? []) };
    case "anova":
      return { test: await oneWayAnova(s, { confidence: r.confidence }) };
    case "mann-whitney":
      need(2);
      return { test: await mannWhitney(s[0], s[1], { sided: r.sided }) };
    case "wilcoxon": {
      if (s.length >= 2) {
        if (s[0].length !== s[1].length) fail("doe.pairedLength");
        return {
          test: await wilcoxonSignedRank(
            s[0].map((v, i) => v - s[1][i]),
            { mu: r.mu, sided: r.sided },
          ),
        };
      }
      return { test: await wilcoxonSignedRank(s[0] ?? [], { mu: r.mu, sided: r.sided }) };
    }
  }
}

async function dispatch(r: DoeRequest) {
  switch (r.tool) {
    case "factorial":
      return analyzeFactorial(r.input);
    case "hypothesis":
      return hypothesis(r);
    case "proportions":
      return multipleProportions(r.groups, { confidence: r.confidence });
    case "tukey":
      return tukeyEndCount(r.x, r.y);
    case "bvc":
      return bVersusC(r.b, r.c, { better: r.better, alpha: r.alpha });
    case "componentSearch":
    case "variableSearch":
      return swapSearch(r.input);
    case "multiVari":
      return multiVari({ time: r.time, piece: r.piece, value: r.value });
    case "scatter":
      return linearRegression(r.x, r.y, { confidence: r.confidence });
    case "pareto":
      return pareto(r.categories, r.counts);
    case "trend": {
      const input = { times: r.times, end: r.end ?? undefined };
      if (r.method === "mil") return milHdbk189Trend(input, { sided: r.sided });
      if (r.method === "mann-kendall") return mannKendall(r.times, { sided: r.sided });
      return laplaceTrend(input, { sided: r.sided });
    }
  }
}

export type DoeOutcome =
  | { ok: true; result: Awaited<ReturnType<typeof dispatch>> }
  | { ok: false; problems: DoeProblem[] };

export async function runDoeTool(request: DoeRequest, _ctx?: KernelContext): Promise<DoeOutcome> {
  try {
    return { ok: true, result: await dispatch(request) };
  } catch (error) {
    if (error instanceof DoeInputError) return { ok: false, problems: error.problems };
    throw error;
  }
}

/** The power tool of the hypothesis-tests page: given n, the power; given a power, the n that reaches it. */
export interface PowerRequest {
  type: PowerType;
  delta: number;
  sd: number;
  /** Significance level as a fraction (0.05). */
  alpha: number;
  sided: Sided;
  n: number | null;
  power: number | null;
}

export type PowerOutcome =
  | { ok: true; result: { n: number; power: number; solved: "n" | "power" } }
  | { ok: false; problems: DoeProblem[] };

export async function solveTTestPower(r: PowerRequest, _ctx?: KernelContext): Promise<PowerOutcome> {
  const input = { type: r.type, delta: r.delta, sd: r.sd, confidence: 100 * (1 - r.alpha), sided: r.sided };
  try {
    if (r.power !== null) {
      const n = await tTestSampleSize({ ...input, power: r.power });
      return { ok: true, result: { n, power: r.power, solved: "n" } };
    }
    const n = r.n ?? Number.NaN;
    return { ok: true, result: { n, power: await tTestPower({ ...input, n }), solved: "power" } };
  } catch (error) {
    if (error instanceof DoeInputError) return { ok: false, problems: error.problems };
    throw error;
  }
}
