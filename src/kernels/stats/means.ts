// Tests of means: one-sample, two-sample (pooled and Welch-Satterthwaite) and paired t (Student 1908;
// Welch 1947), one-way analysis of variance (Fisher). Formulas as Montgomery & Runger, Applied Statistics
// and Probability for Engineers, ch. 9-10 and 13; R's t.test and aov compute the same quantities.
import {
  checkConfidence,
  checkSample,
  checkSided,
  fail,
  mathCore,
  mean,
  result,
  type Sided,
  type TestResult,
  tailP,
  variance,
} from "./common.ts";

export interface TOptions {
  /** The null difference (or mean, for one sample); default 0. */
  mu?: number;
  sided?: Sided;
  /** Percent, default 95. */
  confidence?: number;
}

async function tResult(
  test: string,
  estimate: number,
  stderr: number,
  df: number,
  mu: number,
  sided: Sided,
  confidence: number,
): Promise<TestResult> {
  const m = await mathCore();
  if (!(stderr > 0)) fail("doe.constant", { name: test });
  const t = (estimate - mu) / stderr;
  const c = confidence / 100;
  const pValue = tailP(sided, m.studentTCdf(t, df), m.studentTSf(t, df));
  let interval: [number, number];
  if (sided === "two") {
    const q = m.studentTQuantile(1 - (1 - c) / 2, df);
    interval = [mu + (t - q) * stderr, mu + (t + q) * stderr];
  } else if (sided === "less") interval = [-Infinity, mu + (t + m.studentTQuantile(c, df)) * stderr];
  else interval = [mu + (t - m.studentTQuantile(c, df)) * stderr, Infinity];
  return result({ test, statistic: t, df, pValue, interval, estimate, sided, confidence });
}

function settings(options: TOptions) {
  const mu = options.mu ?? 0;
  if (!Number.isFinite(mu)) fail("doe.notNumber", { name: "mu", row: 1 }, ["mu"]);
  return {
    mu,
    sided: checkSided(options.sided ?? "two"),
    confidence: checkConfidence(options.confidence ?? 95),
  };
}

export async function oneSampleT(values: ArrayLike<number>, options: TOptions = {}): Promise<TestResult> {
  const { mu, sided, confidence } = settings(options);
  const x = checkSample(values, "x");
  const mx = mean(x);
  return tResult(
    "oneSampleT",
    mx,
    Math.sqrt(variance(x, mx) / x.length),
    x.length - 1,
    mu,
    sided,
    confidence,
  );
}

export async function twoSampleT(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  options: TOptions & { pooled?: boolean } = {},
): Promise<TestResult> {
  const { mu, sided, confidence } = settings(options);
  const x = checkSample(xs, "x");
  const y = checkSample(ys, "y");
  const nx = x.length;
  const ny = y.length;
  const mx = mean(x);
  const my = mean(y);
  const vx = variance(x, mx);
  const vy = variance(y, my);
  if (options.pooled) {
    const df = nx + ny - 2;
    const v = ((nx - 1) * vx + (ny - 1) * vy) / df;
    return tResult("pooledT", mx - my, Math.sqrt(v * (1 / nx + 1 / ny)), df, mu, sided, confidence);
  }
  const sx = vx / nx;
  const sy = vy / ny;
  const se2 = sx + sy;
  const df = (se2 * se2) / ((sx * sx) / (nx - 1) + (sy * sy) / (ny - 1));
  return tResult("welchT", mx - my, Math.sqrt(se2), df, mu, sided, confidence);
}

export async function pairedT(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  options: TOptions = {},
): Promise<TestResult> {
  const x = checkSample(xs, "x");
  const y = checkSample(ys, "y");
  if (x.length !== y.length) fail("doe.pairedLength");
  const d = x.map((v, i) => v - y[i]);
  const r = await oneSampleT(d, options);
  return { ...r, test: "pairedT" };
}

export interface AnovaRow {
  source: string;
  df: number;
  ss: number;
  ms: number;
  f: number | null;
  p: number | null;
}

export interface OneWayAnova extends TestResult {
  anova: AnovaRow[];
  means: number[];
}

/** One-way ANOVA of k groups: F = MS between / MS within. */
export async function oneWayAnova(
  groups: ArrayLike<number>[],
  options: { confidence?: number } = {},
): Promise<OneWayAnova> {
  const confidence = checkConfidence(options.confidence ?? 95);
  if (groups.length < 2) fail("doe.groups");
  const samples = groups.map((g, i) => checkSample(g, `group ${i + 1}`, 1));
  const all = Float64Array.from(samples.flatMap((s) => Array.from(s)));
  const grand = mean(all);
  const means = samples.map((s) => mean(s));
  let between = 0;
  let within = 0;
  samples.forEach((s, i) => {
    between += s.length * (means[i] - grand) ** 2;
    for (const v of s) within += (v - means[i]) ** 2;
  });
  const dfB = samples.length - 1;
  const dfW = all.length - samples.length;
  if (dfW < 1) fail("doe.sampleSize", { name: "groups", min: samples.length + 1 });
  const msB = between / dfB;
  const msW = within / dfW;
  if (!(msW > 0)) fail("doe.constant", { name: "groups" });
  const m = await mathCore();
  const f = msB / msW;
  const p = m.fSf(f, dfB, dfW);
  return {
    ...result({ test: "oneWayAnova", statistic: f, df: [dfB, dfW], pValue: p, sided: "greater", confidence }),
    means,
    anova: [
      { source: "Factor", df: dfB, ss: between, ms: msB, f, p },
      { source: "Error", df: dfW, ss: within, ms: msW, f: null, p: null },
      {
        source: "Total",
        df: all.length - 1,
        ss: between + within,
        ms: (between + within) / (all.length - 1),
        f: null,
        p: null,
      },
    ],
  };
}
