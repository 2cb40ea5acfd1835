// Published and hand-checked examples (Box, Hunter & Hunter 2005 ch. 5; Shapiro & Wilk 1965; Modarres et al.,
// Reliability Engineering and Risk Analysis, ex. 5.11; Tukey 1959; Bhote & Bhote 2000), to the digits the
// sources print, and the kernels' answers to bad input.
import { describe, expect, it } from "vitest";
import {
  analyzeFactorial,
  bvcMinimumC,
  DoeInputError,
  factorialDesign,
  multiVari,
  pareto,
  swapSearch,
  tukeyEndCount,
} from "../../../src/kernels/doe.ts";
import {
  cumulativeTimes,
  laplaceTrend,
  mannKendall,
  milHdbk189Trend,
  multipleProportions,
  oneSampleT,
  pairedT,
  twoProportions,
  twoSampleT,
} from "../../../src/kernels/stats.ts";

const pilot = {
  // BHH 2nd ed. table 5.3: temperature T, concentration C, catalyst K, standard order (T fastest).
  T: [160, 180, 160, 180, 160, 180, 160, 180],
  C: [20, 20, 40, 40, 20, 20, 40, 40],
  K: ["A", "A", "A", "A", "B", "B", "B", "B"],
  y: [60, 72, 54, 68, 52, 83, 45, 80],
};

describe("full factorial: Box, Hunter & Hunter's pilot plant 2^3", () => {
  it("effects T 23, C -5, K 1.5, TC 1.5, TK 10, CK 0, TCK 0.5; Lenth's PSE 2.25", async () => {
    const r = await analyzeFactorial({
      factors: [
        { name: "T", values: pilot.T },
        { name: "C", values: pilot.C },
        { name: "K", values: pilot.K },
      ],
      response: pilot.y,
    });
    const effects = Object.fromEntries(r.terms.map((t) => [t.label, t.effect]));
    expect(effects).toEqual({ T: 23, C: -5, K: 1.5, "T*C": 1.5, "T*K": 10, "C*K": 0, "T*C*K": 0.5 });
    expect(r.terms.map((t) => t.term)).toEqual(["A", "B", "C", "AB", "AC", "BC", "ABC"]);
    expect(r.mean).toBe(64.25);
    // |effects| 23, 5, 1.5, 1.5, 10, 0, 0.5: s0 = 1.5 * 1.5; those below 2.5 s0: 5, 1.5, 1.5, 0, 0.5.
    expect(r.lenth?.pse).toBeCloseTo(2.25, 14);
    expect(r.lenth?.df).toBeCloseTo(7 / 3, 14);
    expect(r.anova.at(-1)).toMatchObject({ source: "Total", df: 7 });
    // SS of an effect = N effect^2 / 4.
    expect(r.anova.find((a) => a.source === "A")?.ss).toBeCloseTo((8 * 23 ** 2) / 4, 10);
    expect(r.levelMeans[0]).toEqual([52.75, 75.75]);
  });

  it("a seeded worksheet: standard order with the first factor fastest, the run order a permutation", async () => {
    const rows = await factorialDesign({
      factors: [
        { name: "T", levels: [160, 180] },
        { name: "C", levels: [20, 40] },
      ],
      replicates: 2,
      seed: 7,
    });
    expect(rows.map((r) => r.levels)).toEqual([
      [160, 20],
      [180, 20],
      [160, 40],
      [180, 40],
      [160, 20],
      [180, 20],
      [160, 40],
      [180, 40],
    ]);
    expect(rows.map((r) => r.runOrder).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const again = await factorialDesign({
      factors: [
        { name: "T", levels: [160, 180] },
        { name: "C", levels: [20, 40] },
      ],
      replicates: 2,
      seed: 7,
    });
    expect(again).toEqual(rows);
  });

  it("centre points: runs at every factor's midpoint after the corners, shuffled with them, seen by the analysis", async () => {
    const options = {
      factors: [
        { name: "T", levels: [160, 180] },
        { name: "C", levels: [20, 40] },
      ],
      replicates: 2,
      seed: 7,
      centrePoints: 3,
    };
    const rows = await factorialDesign(options);
    expect(rows).toHaveLength(11);
    expect(rows.slice(8).map((r) => [r.standardOrder, r.levels])).toEqual([
      [9, [170, 30]],
      [10, [170, 30]],
      [11, [170, 30]],
    ]);
    expect(rows.map((r) => r.runOrder).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // Randomised with the rest: not all three centre runs at the end of the run order.
    expect(rows.slice(8).some((r) => r.runOrder <= 8)).toBe(true);
    expect(await factorialDesign(options)).toEqual(rows);
    // The corners alone are the design without centre points, in the same standard order.
    const plain = await factorialDesign({ ...options, centrePoints: 0 });
    expect(rows.slice(0, 8).map((r) => r.levels)).toEqual(plain.map((r) => r.levels));
    // The analysis takes the generated worksheet's centre runs as centre points (curvature on 1 df).
    const response = rows.map((r, i) =>
      r.levels[0] === 170 ? 50 + (i % 3) : 40 + (r.levels[0] as number) / 10 + i * 0.1,
    );
    const result = await analyzeFactorial({
      factors: options.factors.map((f, i) => ({ name: f.name, values: rows.map((r) => r.levels[i]) })),
      response,
    });
    expect(result.centrePoints).toBe(3);
    expect(result.anova.find((a) => a.source === "Curvature")?.df).toBe(1);
  });

  it("centre points: a whole number 0 to 100, only for two-level numeric factors", async () => {
    const key = (options: Parameters<typeof factorialDesign>[0]) =>
      factorialDesign(options).then(
        () => null,
        (e) => (e as DoeInputError).problems[0].key,
      );
    const two = [
      { name: "T", levels: [160, 180] },
      { name: "C", levels: [20, 40] },
    ];
    expect(await key({ factors: two, centrePoints: 1.5 })).toBe("doe.centrePoints");
    expect(await key({ factors: two, centrePoints: 101 })).toBe("doe.centrePoints");
    expect(await key({ factors: [two[0], { name: "C", levels: ["low", "high"] }], centrePoints: 2 })).toBe(
      "doe.centreTwoLevel",
    );
    expect(await key({ factors: [two[0], { name: "C", levels: [1, 2, 3] }], centrePoints: 2 })).toBe(
      "doe.centreTwoLevel",
    );
    expect(await key({ factors: [two[0], { name: "C", levels: [1, 2, 3] }], centrePoints: 0 })).toBeNull();
  });
});

describe("tests of means and proportions: domain examples", () => {
  const A = [32, 27, 26, 26, 25, 29, 31, 27];
  const B = [28, 22, 27, 24, 24, 25, 28, 27];
  it("paired t = 3.000 (df 7, p 0.0199); unpaired pooled t = 1.897 (p 0.0786)", async () => {
    const paired = await pairedT(A, B);
    expect(paired.statistic).toBeCloseTo(3, 12);
    expect(paired.pValue).toBeCloseTo(0.0199, 4);
    const pooled = await twoSampleT(A, B, { pooled: true });
    expect(pooled.statistic).toBeCloseTo(1.897, 3);
    expect(pooled.pValue).toBeCloseTo(0.0786, 4);
  });

  it("two proportions 490/500 vs 770/800: z 1.7776, chi-squared 3.1597, interval [-0.000497, 0.035497]", async () => {
    const r = await twoProportions({ x: 490, n: 500 }, { x: 770, n: 800 });
    expect(r.z).toBeCloseTo(1.7776, 4);
    expect(r.chiSquared).toBeCloseTo(3.1597, 4);
    expect(r.pValue).toBeCloseTo(0.0755, 4);
    expect(r.interval?.[0]).toBeCloseTo(-0.000497, 6);
    expect(r.interval?.[1]).toBeCloseTo(0.035497, 6);
    expect(r.reject).toBe(false);
  });

  it("k proportions 12/200, 25/200, 8/200: chi-squared 11.387, p 0.00337; Marascuilo: 25 differs from 8", async () => {
    const r = await multipleProportions([
      { x: 12, n: 200 },
      { x: 25, n: 200 },
      { x: 8, n: 200 },
    ]);
    expect(r.statistic).toBeCloseTo(11.387, 3);
    expect(r.pValue).toBeCloseTo(0.00337, 5);
    expect(r.pairs.filter((p) => p.significant).map((p) => [p.i, p.j])).toEqual([[1, 2]]);
  });
});

describe("trend tests: Modarres et al. ex. 5.11 (reliability's ROCOF example)", () => {
  const gaps = [
    104, 131, 1597, 59, 4, 503, 157, 6, 118, 173, 114, 62, 101, 216, 106, 140, 1, 102, 3, 393, 96, 232, 89,
    61, 37, 293, 7, 165, 87, 99,
  ];
  const times = cumulativeTimes(gaps);
  it("Laplace U = 2.409, failure truncated", async () => {
    const r = await laplaceTrend({ times });
    expect(r.statistic).toBeCloseTo(2.409, 3);
    expect(r.reject).toBe(true);
  });
  it("MIL-HDBK-189 chi-squared 37.78 on 58 df, one-sided p 0.0183", async () => {
    const r = await milHdbk189Trend({ times }, { sided: "greater" });
    expect(r.statistic).toBeCloseTo(37.78, 2);
    expect(r.df).toBe(58);
    expect(r.pValue).toBeCloseTo(0.0183, 4);
  });
  it("Mann-Kendall on the gaps: S -53, Var 3141.67, Z -0.928, p 0.354", async () => {
    const r = await mannKendall(gaps);
    expect(r.s).toBe(-53);
    expect(r.varianceS).toBeCloseTo(3141.67, 2);
    expect(r.statistic).toBeCloseTo(-0.928, 3);
    expect(r.pValue).toBeCloseTo(0.354, 3);
  });
});

describe("Shainin tools", () => {
  it("Tukey: the exact tails of domain.md's table (6v6, 8v8)", async () => {
    // 6 vs 6 fully separated except the middle: end count from arrangements built to order.
    const sep = await tukeyEndCount([7, 8, 9, 10, 11, 12], [1, 2, 3, 4, 5, 6]);
    expect(sep.endCount).toBe(12);
    expect(sep.pValue).toBeCloseTo(0.0021645, 7);
    const six = await tukeyEndCount([4, 8, 9, 10, 11, 12], [1, 2, 3, 5, 6, 7]); // top 5 + bottom 3 = 8
    expect(six.endCount).toBe(8);
    expect(six.pValue).toBeCloseTo(0.01732, 5);
    const eight = await tukeyEndCount([7, 10, 11, 12, 13, 14, 15, 16], [1, 2, 3, 4, 5, 6, 8, 9]); // 7 + 6
    expect(eight.topCount).toBe(7);
    expect(eight.bottomCount).toBe(6);
    expect(eight.pValue).toBeCloseTo(0.00062, 5);
    expect(eight.tukeyLevel).toBe(99.9);
  });

  it("Tukey: a tie at the boundary counts a half; same sample at both ends is not applicable", async () => {
    const tied = await tukeyEndCount([5, 6, 7, 8], [1, 2, 3, 5]);
    expect(tied.topCount).toBe(3.5);
    expect(tied.bottomCount).toBe(3.5);
    expect(tied.endCount).toBe(7);
    const none = await tukeyEndCount([1, 5, 9], [2, 3, 4]);
    expect(none.applicable).toBe(false);
    expect(none.pValue).toBe(1);
  });

  it("B vs C minimum sample table (domain.md 4.2)", () => {
    const table = [1, 2, 3, 4, 5, 6].map((nB) => [0.1, 0.05, 0.01, 0.001].map((a) => bvcMinimumC(nB, a)));
    expect(table).toEqual([
      [9, 19, 99, 999],
      [3, 5, 13, 44],
      [2, 3, 7, 17],
      [2, 3, 5, 10],
      [2, 2, 4, 8],
      [2, 2, 4, 7],
    ]);
  });

  it("component search: stage 1, limits median +- 2.776 d/1.81, Red X, Pink X, capping", async () => {
    const r = await swapSearch({
      bob: [10, 11, 10.5],
      wow: [2, 3, 2.5],
      swaps: [
        { name: "X", bob: 10.2, wow: 2.9 },
        { name: "Y", bob: 3, wow: 10 },
        { name: "Z", bob: 7, wow: 3 },
      ],
      capping: { bob: 2.4, wow: 10.9 },
    });
    expect(r.d).toBe(8);
    expect(r.dBar).toBe(1);
    expect(r.proceed).toBe(true);
    expect(r.tValue).toBeCloseTo(2.776, 3);
    expect(r.bobLimits[0]).toBeCloseTo(10.5 - r.tValue / 1.81, 14);
    expect(r.swaps.map((s) => s.verdict)).toEqual(["unimportant", "redX", "pinkX"]);
    expect(r.suspects).toEqual(["Y", "Z"]);
    expect(r.capping?.confirmed).toBe(true);
    const weak = await swapSearch({ bob: [10, 13, 11], wow: [8, 9, 7], ratio: 5 });
    expect(weak.separated).toBe(true);
    expect(weak.proceed).toBe(false);
  });

  it("Pareto: sorted, cumulative, the vital few to 80 %", () => {
    const rows = pareto(["scratch", "dent", "burr", "dent", "stain"], [10, 40, 30, 20, 5]);
    expect(rows.map((r) => r.category)).toEqual(["dent", "burr", "scratch", "stain"]);
    expect(rows.map((r) => r.count)).toEqual([60, 30, 10, 5]);
    expect(rows.map((r) => r.cumulative)).toEqual([
      (100 * 60) / 105,
      (100 * 90) / 105,
      (100 * 100) / 105,
      100,
    ]);
    expect(rows.map((r) => r.vital)).toEqual([true, true, false, false]);
  });

  it("multi-vari: the family with the largest range is the Red X", async () => {
    const r = await multiVari({
      time: [1, 1, 1, 1, 2, 2, 2, 2],
      piece: [1, 1, 2, 2, 1, 1, 2, 2],
      value: [10, 10.2, 10.1, 10.3, 15, 15.1, 15.2, 15.1],
    });
    expect(r.redX).toBe("timeToTime");
    expect(r.withinPiece).toBeCloseTo(0.2, 12);
  });
});

describe("bad input answers problems, never a crash", () => {
  const problemKey = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      expect(e).toBeInstanceOf(DoeInputError);
      return (e as DoeInputError).problems[0].key;
    }
    return "none";
  };
  it("names the rule broken", async () => {
    expect(await problemKey(oneSampleT([1]))).toBe("doe.sampleSize");
    expect(await problemKey(oneSampleT([1, Number.NaN, 3]))).toBe("doe.notNumber");
    expect(await problemKey(oneSampleT([2, 2, 2]))).toBe("doe.constant");
    expect(await problemKey(oneSampleT([1, 2, 3], { confidence: 20 }))).toBe("doe.confidence");
    expect(await problemKey(oneSampleT([1, 2, 3], { sided: "up" as "two" }))).toBe("doe.sided");
    expect(await problemKey(pairedT([1, 2, 3], [1, 2]))).toBe("doe.pairedLength");
    expect(await problemKey(twoProportions({ x: 5, n: 4 }, { x: 1, n: 3 }))).toBe("doe.counts");
    expect(await problemKey(laplaceTrend({ times: [3, 2, 5] }))).toBe("doe.trendTimes");
    expect(
      await problemKey(analyzeFactorial({ factors: [{ name: "A", values: [1, 2] }], response: [1, 2] })),
    ).toBe("doe.factorCount");
    expect(
      await problemKey(
        analyzeFactorial({
          factors: [
            { name: "A", values: [1, 2, 1] },
            { name: "B", values: [1, 1, 2] },
          ],
          response: [1, 2, 3],
        }),
      ),
    ).toBe("doe.unbalanced");
    expect(await problemKey(swapSearch({ bob: [1, 2], wow: [3, 4, 5] }))).toBe("doe.sampleSize");
  });
});
