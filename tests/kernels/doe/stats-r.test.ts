// The statistics and DOE kernels against R 4 (tests/fixtures/doe/stats.R → stats.json: t.test, var.test,
// shapiro.test, aov, wilcox.test, prop.test, fisher.test, chisq.test, lm over seeded random data). Issue 23:
// statistics and p-values to relative 1e-9, Shapiro-Wilk's approximation to 1e-6 (its p rests on
// single-precision polynomial fits, which both sides evaluate alike).
import { describe, expect, it } from "vitest";
import {
  analyzeFactorial,
  bVersusC,
  endCountDistribution,
  multiVari,
  solveTTestPower,
} from "../../../src/kernels/doe.ts";
import { loadMathKernel } from "../../../src/kernels/math.ts";
import {
  andersonDarling,
  chiSquaredVariance,
  fTest,
  linearRegression,
  mannWhitney,
  multipleProportions,
  noncentralTCdf,
  oneSampleT,
  oneWayAnova,
  type PowerType,
  pairedT,
  type Sided,
  shapiroWilk,
  tTestPower,
  tTestSampleSize,
  twoProportions,
  twoSampleT,
  wilcoxonSignedRank,
} from "../../../src/kernels/stats.ts";
import { Comparison, fixtureNumber, readFixture } from "../../helpers/accuracy.ts";

type Row = Record<string, unknown>;
const R = readFixture<Record<string, Row[]>>("doe/stats.json");
const TOL = 1e-9;
const nums = (v: unknown) => (v as unknown[]).map(fixtureNumber);
const num = (v: unknown) => fixtureNumber(Array.isArray(v) ? v[0] : v);

function compareTest(
  c: Comparison,
  label: string,
  got: { statistic: number; pValue: number; df?: number | [number, number]; interval?: [number, number] },
  row: Row,
  rtol = TOL,
) {
  c.close(`${label} statistic`, got.statistic, num(row.statistic), rtol);
  c.close(`${label} p`, got.pValue, num(row.pValue), rtol);
  if (row.df !== undefined && row.df !== null) {
    const df = Array.isArray(row.df) ? nums(row.df) : [num(row.df)];
    const mine = Array.isArray(got.df) ? got.df : [got.df as number];
    for (const [i, d] of df.entries()) c.close(`${label} df${i}`, mine[i], d, rtol);
  }
  if (row.interval) {
    const [lo, hi] = nums(row.interval);
    c.close(`${label} lower`, got.interval?.[0], lo, rtol, 1e-12);
    c.close(`${label} upper`, got.interval?.[1], hi, rtol, 1e-12);
  }
}

describe("hypothesis tests against R", () => {
  it("t tests: one sample, pooled, Welch, paired (t.test)", async () => {
    const c = new Comparison("t.test");
    for (const [i, row] of R.t.entries()) {
      const options = { mu: num(row.mu), sided: row.sided as Sided, confidence: 100 * num(row.confidence) };
      const x = nums(row.x);
      const got =
        row.kind === "one"
          ? await oneSampleT(x, options)
          : row.kind === "paired"
            ? await pairedT(x, nums(row.y), options)
            : await twoSampleT(x, nums(row.y), { ...options, pooled: row.kind === "pooled" });
      compareTest(c, `${i} ${row.kind} ${row.sided}`, got, row);
    }
    c.check();
    expect(c.count).toBeGreaterThan(100);
  });

  it("F test of two variances (var.test) and chi-squared of one variance", async () => {
    const c = new Comparison("variances");
    for (const [i, row] of R.f.entries())
      compareTest(
        c,
        `F ${i}`,
        await fTest(nums(row.x), nums(row.y), {
          sided: row.sided as Sided,
          confidence: 100 * num(row.confidence),
        }),
        row,
      );
    for (const [i, row] of R.chisqVariance.entries())
      compareTest(
        c,
        `chi2 ${i}`,
        await chiSquaredVariance(nums(row.x), {
          sigma: num(row.sigma),
          sided: row.sided as Sided,
          confidence: 100 * num(row.confidence),
        }),
        row,
      );
    c.check();
  });

  it("Shapiro-Wilk (shapiro.test) and Anderson-Darling (nortest's formulas)", async () => {
    const c = new Comparison("normality");
    for (const row of R.shapiro) {
      const x = nums(row.x);
      compareTest(c, `SW n=${x.length}`, await shapiroWilk(x), row, 1e-6);
    }
    for (const [i, row] of R.anderson.entries()) {
      const got = await andersonDarling(nums(row.x));
      c.close(`AD ${i} A2`, got.statistic, num(row.statistic), TOL);
      c.close(`AD ${i} A*2`, got.adjusted, num(row.adjusted), TOL);
      c.close(`AD ${i} p`, got.pValue, num(row.pValue), TOL);
    }
    c.check();
  });

  it("one-way ANOVA (aov)", async () => {
    const c = new Comparison("anova");
    for (const [i, row] of R.anova.entries()) {
      const groups = Object.values(row.groups as Record<string, unknown>).map(nums);
      const got = await oneWayAnova(groups);
      compareTest(c, `anova ${i}`, got, row);
      const ss = nums(row.ss);
      c.close(`anova ${i} ss factor`, got.anova[0].ss, ss[0], TOL);
      c.close(`anova ${i} ss error`, got.anova[1].ss, ss[1], TOL);
    }
    c.check();
  });

  it("Mann-Whitney and Wilcoxon signed rank, exact and with ties (wilcox.test)", async () => {
    const c = new Comparison("rank tests");
    for (const [i, row] of R.mannWhitney.entries())
      compareTest(
        c,
        `MW ${i}`,
        await mannWhitney(nums(row.x), nums(row.y), { sided: row.sided as Sided }),
        row,
      );
    for (const [i, row] of R.wilcoxon.entries())
      compareTest(c, `SR ${i}`, await wilcoxonSignedRank(nums(row.x), { sided: row.sided as Sided }), row);
    c.check();
  });

  it("two proportions (prop.test, fisher.test) and k proportions (chisq.test)", async () => {
    const c = new Comparison("proportions");
    for (const [i, row] of R.twoProportions.entries()) {
      const got = await twoProportions(
        { x: num(row.x1), n: num(row.n1) },
        { x: num(row.x2), n: num(row.n2) },
      );
      c.close(`2p ${i} chi2`, got.chiSquared, num(row.chiSquared), TOL);
      c.close(`2p ${i} p`, got.pValue, num(row.pValue), TOL);
      c.close(`2p ${i} fisher`, got.fisherP, num(row.fisherP), TOL);
      const [lo, hi] = nums(row.interval);
      c.close(`2p ${i} lower`, got.interval?.[0], lo, TOL, 1e-12);
      c.close(`2p ${i} upper`, got.interval?.[1], hi, TOL, 1e-12);
    }
    for (const [i, row] of R.proportions.entries()) {
      const n = nums(row.n);
      const got = await multipleProportions(nums(row.x).map((x, j) => ({ x, n: n[j] })));
      compareTest(c, `kp ${i}`, got, row);
    }
    c.check();
  });

  it("power and sample size of the t tests (power.t.test, strict) and the noncentral t cdf (pt with ncp)", async () => {
    const c = new Comparison("power");
    const k = await loadMathKernel();
    for (const row of R.noncentralT)
      c.close(
        `pt(${num(row.t)}, ${num(row.df)}, ${num(row.ncp)})`,
        noncentralTCdf(k, num(row.t), num(row.df), num(row.ncp)),
        num(row.cdf),
        TOL,
      );
    for (const row of R.power) {
      const input = { type: row.type as PowerType, delta: num(row.delta), sd: num(row.sd) };
      c.close(
        `${row.type} power n=${num(row.n)}`,
        await tTestPower({ ...input, n: num(row.n) }),
        num(row.power),
        TOL,
      );
      // R's n is uniroot's at tol 1e-10 (absolute).
      c.close(
        `${row.type} n for 90%`,
        await tTestSampleSize({ ...input, power: 0.9 }),
        num(row.nFor90),
        1e-8,
      );
    }
    c.check();
  });

  it("the screen's power tool at other alphas and one-sided (power.R: power.t.test, strict)", async () => {
    const c = new Comparison("power tool");
    const P = readFixture<{ cases: Row[] }>("doe/power.json");
    for (const row of P.cases) {
      const request = {
        type: row.type as PowerType,
        delta: num(row.delta),
        sd: num(row.sd),
        alpha: num(row.alpha),
        sided: (row.alternative === "one.sided" ? "less" : "two") as Sided,
      };
      const atN = await solveTTestPower({ ...request, n: num(row.n), power: null });
      const atPower = await solveTTestPower({ ...request, n: null, power: 0.8 });
      if (!atN.ok || !atPower.ok) throw new Error(`${row.type}: ${JSON.stringify([atN, atPower])}`);
      expect(atN.result.solved).toBe("power");
      expect(atPower.result.solved).toBe("n");
      c.close(`${row.type} ${row.alternative} power`, atN.result.power, num(row.power), TOL);
      c.close(`${row.type} ${row.alternative} n for 80%`, atPower.result.n, num(row.nFor80), 1e-8);
    }
    c.check();
    const bad = await solveTTestPower({
      type: "paired",
      delta: 1,
      sd: -1,
      alpha: 0.05,
      sided: "two",
      n: 5,
      power: null,
    });
    expect(bad).toEqual({
      ok: false,
      problems: [expect.objectContaining({ key: "doe.positive", where: ["sd"] })],
    });
  });

  it("simple regression (lm, cor)", async () => {
    const c = new Comparison("regression");
    for (const [i, row] of R.regression.entries()) {
      const got = await linearRegression(nums(row.x), nums(row.y));
      c.close(`${i} intercept`, got.intercept, num(row.intercept), TOL);
      c.close(`${i} slope`, got.slope, num(row.slope), TOL);
      c.close(`${i} se`, got.slopeSe, num(row.slopeSe), TOL);
      c.close(`${i} t`, got.statistic, num(row.t), TOL);
      c.close(`${i} p`, got.pValue, num(row.pValue), TOL);
      c.close(`${i} r`, got.r, num(row.r), TOL);
      c.close(`${i} r2`, got.rSquared, num(row.rSquared), TOL);
    }
    c.check();
  });
});

describe("design of experiments against R", () => {
  it("2^2, 2^3, 2^4 factorials with two replicates: effects = 2 lm coefficients, aov table", async () => {
    const c = new Comparison("factorial");
    for (const row of R.factorial) {
      const columns = row.columns as Record<string, unknown>;
      const got = await analyzeFactorial({
        factors: Object.entries(columns).map(([name, v]) => ({ name, values: nums(v) })),
        response: nums(row.y),
      });
      const k = num(row.factors);
      const terms = row.terms as string[];
      const effects = nums(row.effects);
      const df = Array.isArray(row.df) ? nums(row.df) : [num(row.df)];
      const ss = nums(row.ss);
      const f = nums(row.f);
      const p = nums(row.p);
      c.close(`2^${k} mean`, got.mean, num(row.intercept), TOL);
      terms.forEach((term, i) => {
        const a = got.anova.find((r) => r.source === (term === "Residuals" ? "Error" : term));
        c.close(`2^${k} ${term} df`, a?.df, df[i], TOL);
        c.close(`2^${k} ${term} ss`, a?.ss, ss[i], TOL, 1e-9);
        if (term !== "Residuals") {
          c.close(`2^${k} ${term} F`, a?.f, f[i], TOL);
          c.close(`2^${k} ${term} p`, a?.p, p[i], TOL, 1e-300);
          c.close(
            `2^${k} ${term} effect`,
            got.terms.find((t) => t.term === term)?.effect,
            effects[i],
            TOL,
            1e-9,
          );
        }
      });
    }
    c.check();
    expect(c.count).toBeGreaterThan(100);
  });

  it("general full factorials (3 x 2, 3 x 3 x 2) with replicates: aov's table", async () => {
    const c = new Comparison("general factorial");
    for (const row of R.generalFactorial) {
      const columns = row.columns as Record<string, unknown>;
      const got = await analyzeFactorial({
        factors: Object.entries(columns).map(([name, v]) => ({ name, values: nums(v) })),
        response: nums(row.y),
      });
      expect(got.twoLevel).toBe(false);
      const label = nums(row.levels).join("x");
      const [df, ss, f, p] = [nums(row.df), nums(row.ss), nums(row.f), nums(row.p)];
      for (const [i, term] of (row.terms as string[]).entries()) {
        const a = got.anova.find((r) => r.source === (term === "Residuals" ? "Error" : term));
        c.close(`${label} ${term} df`, a?.df, df[i], TOL);
        c.close(`${label} ${term} ss`, a?.ss, ss[i], TOL, 1e-9);
        if (term !== "Residuals") {
          c.close(`${label} ${term} F`, a?.f, f[i], TOL);
          c.close(`${label} ${term} p`, a?.p, p[i], TOL);
        }
      }
    }
    c.check();
  });

  it("two-level designs with centre points: effects, curvature and pure error as lm/aov with a centre indicator", async () => {
    const c = new Comparison("centre points");
    for (const [n, row] of R.centrePoints.entries()) {
      const columns = row.columns as Record<string, unknown>;
      const got = await analyzeFactorial({
        factors: Object.entries(columns).map(([name, v]) => ({ name, values: nums(v) })),
        response: nums(row.y),
      });
      expect(got.centrePoints).toBeGreaterThan(0);
      const [df, ss, f, p, effects] = [
        nums(row.df),
        nums(row.ss),
        nums(row.f),
        nums(row.p),
        nums(row.effects),
      ];
      for (const [i, term] of (row.terms as string[]).entries()) {
        const source = term === "Residuals" ? "Error" : term === "curv" ? "Curvature" : term;
        const a = got.anova.find((r) => r.source === source);
        c.close(`${n} ${term} df`, a?.df, df[i], TOL);
        c.close(`${n} ${term} ss`, a?.ss, ss[i], TOL, 1e-9);
        if (term !== "Residuals") {
          c.close(`${n} ${term} F`, a?.f, f[i], TOL);
          c.close(`${n} ${term} p`, a?.p, p[i], TOL);
        }
      }
      for (const [i, term] of (row.effectTerms as string[]).entries())
        c.close(`${n} effect ${term}`, got.terms.find((t) => t.term === term)?.effect, effects[i], TOL, 1e-9);
    }
    c.check();
  });

  it("multi-vari: the nested ANOVA of aov(y ~ time/piece)", async () => {
    const c = new Comparison("multi-vari");
    for (const [i, row] of R.multiVari.entries()) {
      const got = await multiVari({ time: nums(row.time), piece: nums(row.piece), value: nums(row.value) });
      const ss = nums(row.ss);
      const df = Array.isArray(row.df) ? nums(row.df) : [num(row.df)];
      got.components?.anova.forEach((a, j) => {
        c.close(`${i} ${a.source} ss`, a.ss, ss[j], TOL);
        c.close(`${i} ${a.source} df`, a.df, df[j], TOL);
      });
      expect(got.components).not.toBeNull();
    }
    c.check();
  });

  it("Tukey end count: the exact tail equals R's enumeration of every arrangement (combn)", async () => {
    const k = await loadMathKernel();
    const lnChoose = (a: number, b: number) => k.lnGamma(a + 1) - k.lnGamma(b + 1) - k.lnGamma(a - b + 1);
    for (const row of R.tukey) {
      const n = num(row.n);
      const m = num(row.m);
      const dist = endCountDistribution(n, m, lnChoose);
      const total = dist.reduce((s, v) => s + v, 0);
      expect(total).toBe(num(row.total));
      const tail = nums(row.tail);
      let above = 0;
      for (let h = dist.length - 1; h >= 0; h--) {
        above += dist[h];
        expect(above / total).toBeCloseTo(tail[h], 14);
      }
    }
  });

  it("B vs C: risk 1/C(nB+nC, nB) and the exact Mann-Whitney tail with overlap (pwilcox)", async () => {
    for (const row of R.bvc) {
      const nB = num(row.nB);
      const nC = num(row.nC);
      const overlap = num(row.overlap);
      // B readings 10, 11, ...; C readings below them but one, which sits above the `overlap` lowest B's.
      const b = Array.from({ length: nB }, (_, i) => 10 + i);
      const c = Array.from({ length: nC }, (_, i) => i - nC);
      if (overlap > 0) c[0] = 10 + overlap - 0.5;
      const got = await bVersusC(b, c);
      expect(got.overlap).toBe(overlap);
      expect(got.noOverlapRisk).toBeCloseTo(num(row.risk), 15);
      expect(Math.abs(got.pValue - num(row.pValue)) / num(row.pValue)).toBeLessThan(1e-12);
    }
  });
});
