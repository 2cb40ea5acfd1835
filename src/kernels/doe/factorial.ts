// Full factorial experiments with 2 to 4 factors (Box, Hunter & Hunter, Statistics for Experimenters, 2nd ed.
// 2005, ch. 5; Montgomery, Design and Analysis of Experiments, 8th ed., ch. 5-6). The ANOVA of a balanced
// full factorial with any number of levels: for a term S, SS_S = sum over T within S of (-1)^(|S|-|T|) Q(T),
// Q(T) = sum over the cells of T's margin of count * mean^2 (the usual decomposition into orthogonal
// parts); pure error from the replicates. Two-level designs also give each term's effect (mean at + less
// mean at -, twice the coded coefficient) and, without replicates, Lenth's (1989, Technometrics 31(4))
// pseudo standard error with t on m/3 degrees of freedom. Centre points of a two-level design add the
// curvature test and pure error.
import { rawStream } from "../math.ts";
import { fail, mathCore, mean } from "../stats/common.ts";

export const FACTOR_LETTERS = ["A", "B", "C", "D"] as const;

export interface FactorialInput {
  /** One column per factor (2 to 4), any numbers or labels; its distinct values are the levels. */
  factors: { name: string; values: ArrayLike<number | string> }[];
  response: ArrayLike<number>;
  /** Percent, default 95: Lenth's margin of error uses it. */
  confidence?: number;
}

export interface FactorialAnovaRow {
  source: string;
  df: number;
  ss: number;
  ms: number;
  f: number | null;
  p: number | null;
}

export interface FactorialTerm {
  /** Letters of the factors: "A", "AB", ... */
  term: string;
  /** Factor names joined by "*". */
  label: string;
  /** Two-level designs: mean at + less mean at - (low = the smaller value, or the first label). */
  effect: number | null;
  coefficient: number | null;
  /** t of the effect: against pure error with replicates, against Lenth's PSE without. */
  t: number | null;
  p: number | null;
}

export interface FactorialResult {
  factors: { name: string; letter: string; levels: (number | string)[] }[];
  replicates: number;
  runs: number;
  /** Runs at the centre of a two-level design (0 without). */
  centrePoints: number;
  twoLevel: boolean;
  mean: number;
  terms: FactorialTerm[];
  anova: FactorialAnovaRow[];
  /** Without replicates: Lenth's pseudo standard error of the effects and its margin of error. */
  lenth: { pse: number; df: number; marginOfError: number } | null;
  /** Per factor, the mean response at each level (main effects plot). */
  levelMeans: number[][];
  /** Per pair of factors i < j, the mean at each level pair, [li][lj] (interaction plot). */
  pairMeans: { i: number; j: number; means: number[][] }[];
  fitted: Float64Array;
  residuals: Float64Array;
  /** Two-level: normal scores of the effects in term order, for the normal probability plot. */
  normalScores: number[] | null;
  rSquared: number;
}

function levelsOf(values: ArrayLike<number | string>): (number | string)[] {
  const distinct = [...new Set(Array.from(values))];
  return distinct.every((v) => typeof v === "number")
    ? (distinct as number[]).sort((a, b) => a - b)
    : distinct.map(String).sort((a, b) => a.localeCompare(b));
}

/** Every non-empty subset of k factors, by size then position: A, B, C, AB, AC, BC, ABC (R's aov order). */
export function factorialTerms(k: number): number[][] {
  const out: number[][] = [];
  const grow = (start: number, cur: number[], size: number) => {
    if (cur.length === size) return void out.push([...cur]);
    for (let i = start; i < k; i++) grow(i + 1, [...cur, i], size);
  };
  for (let size = 1; size <= k; size++) grow(0, [], size);
  return out;
}

/**
 * Rows at the centre of a two-level design with numeric factors: every factor at the midpoint of its two
 * extreme levels, every other row at the extremes. Null when the design has none (or is not of that form).
 */
function centreRows(input: FactorialInput): boolean[] | null {
  const mids: number[] = [];
  for (const f of input.factors) {
    const levels = levelsOf(f.values);
    if (levels.length !== 3 || !levels.every((l) => typeof l === "number")) return null;
    const [lo, mid, hi] = levels as number[];
    if (Math.abs(mid - (lo + hi) / 2) > 1e-9 * Math.max(Math.abs(lo), Math.abs(hi), 1)) return null;
    mids.push(mid);
  }
  const centre = Array.from({ length: input.response.length }, (_, r) =>
    input.factors.every((f, i) => f.values[r] === mids[i]),
  );
  const mixed = Array.from(
    { length: input.response.length },
    (_, r) => input.factors.some((f, i) => f.values[r] === mids[i]) && !centre[r],
  );
  return mixed.some(Boolean) ? null : centre;
}

/**
 * A two-level design with centre points (Montgomery, Design and Analysis of Experiments, 8th ed., section
 * 6.8): effects from the corner runs; curvature SS = nF nC (mean F - mean C)^2 / (nF + nC) on 1 df; pure
 * error pooled from the replicated corners and the centre runs about their mean.
 */
async function withCentrePoints(input: FactorialInput, centre: boolean[]): Promise<FactorialResult> {
  const keep = (r: number) => !centre[r];
  const corners = await analyzeCorners({
    ...input,
    factors: input.factors.map((f) => ({
      name: f.name,
      values: Array.from(f.values).filter((_, r) => keep(r)),
    })),
    response: Array.from(input.response).filter((_, r) => keep(r)),
  });
  const yc = Array.from(input.response).filter((_, r) => centre[r]);
  const nC = yc.length;
  const nF = corners.runs;
  const meanC = mean(yc);
  const curvature = (nF * nC * (corners.mean - meanC) ** 2) / (nF + nC);
  const error = corners.anova.find((a) => a.source === "Error");
  let ssE = error?.ss ?? 0;
  for (const v of yc) ssE += (v - meanC) ** 2;
  const dfE = (error?.df ?? 0) + nC - 1;
  const all = Float64Array.from(input.response);
  const grand = mean(all);
  let sst = 0;
  for (const v of all) sst += (v - grand) ** 2;
  const m = await mathCore();
  const msE = dfE > 0 ? ssE / dfE : Number.NaN;
  const test = (ms: number, df: number) =>
    dfE > 0 ? { f: ms / msE, p: m.fSf(ms / msE, df, dfE) } : { f: null, p: null };
  const anova: FactorialAnovaRow[] = corners.anova
    .filter((a) => a.source !== "Error" && a.source !== "Total")
    .map((a) => ({ ...a, ...test(a.ms, a.df) }));
  anova.push({ source: "Curvature", df: 1, ss: curvature, ms: curvature, ...test(curvature, 1) });
  if (dfE > 0) anova.push({ source: "Error", df: dfE, ss: ssE, ms: msE, f: null, p: null });
  anova.push({ source: "Total", df: all.length - 1, ss: sst, ms: sst / (all.length - 1), f: null, p: null });
  const terms = corners.terms.map((t) => {
    if (dfE <= 0 || t.effect === null) return t;
    const tt = t.effect / (2 * Math.sqrt(msE / nF));
    return { ...t, t: tt, p: 2 * m.studentTSf(Math.abs(tt), dfE) };
  });
  const fitted = new Float64Array(all.length);
  const residuals = new Float64Array(all.length);
  let f = 0;
  for (let r = 0; r < all.length; r++) {
    fitted[r] = centre[r] ? meanC : corners.fitted[f++];
    residuals[r] = all[r] - fitted[r];
  }
  return {
    ...corners,
    runs: all.length,
    centrePoints: nC,
    terms,
    anova,
    lenth: dfE > 0 ? null : corners.lenth,
    fitted,
    residuals,
    rSquared: sst > 0 ? 1 - ssE / sst : Number.NaN,
  };
}

export async function analyzeFactorial(input: FactorialInput): Promise<FactorialResult> {
  const centre = centreRows(input);
  return centre?.some(Boolean) ? withCentrePoints(input, centre) : analyzeCorners(input);
}

async function analyzeCorners(input: FactorialInput): Promise<FactorialResult> {
  const k = input.factors.length;
  if (k < 2 || k > 4) fail("doe.factorCount", undefined, ["factors"]);
  const y = Float64Array.from(input.response);
  const n = y.length;
  const bad = y.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) fail("doe.notNumber", { name: "response", row: bad + 1 }, ["response", bad + 1]);
  const factors = input.factors.map((f, i) => {
    if (f.values.length !== n) fail("doe.columnLength", { name: f.name }, [f.name]);
    const levels = levelsOf(f.values);
    if (levels.length < 2) fail("doe.factorLevels", { name: f.name }, [f.name]);
    const index = new Map(levels.map((l, j) => [l, j]));
    const code = Int32Array.from(
      Array.from(f.values),
      (v) => index.get(typeof levels[0] === "number" ? v : String(v)) as number,
    );
    return { name: f.name, letter: FACTOR_LETTERS[i], levels, code };
  });
  const sizes = factors.map((f) => f.levels.length);
  const cells = sizes.reduce((a, b) => a * b, 1);
  const cellOf = (r: number) => factors.reduce((c, f, i) => c * sizes[i] + f.code[r], 0);
  const cellCount = new Int32Array(cells);
  const cellSum = new Float64Array(cells);
  for (let r = 0; r < n; r++) {
    const c = cellOf(r);
    cellCount[c]++;
    cellSum[c] += y[r];
  }
  const replicates = cellCount[0];
  if (replicates < 1 || cellCount.some((c) => c !== replicates)) fail("doe.unbalanced");
  const grand = mean(y);
  const cellMean = cellSum.map((s, c) => s / cellCount[c]);
  const fitted = new Float64Array(n);
  const residuals = new Float64Array(n);
  let sse = 0;
  let sst = 0;
  for (let r = 0; r < n; r++) {
    fitted[r] = cellMean[cellOf(r)];
    residuals[r] = y[r] - fitted[r];
    sse += residuals[r] ** 2;
    sst += (y[r] - grand) ** 2;
  }
  // Q(T) for every subset of factors (bit mask), from the residuals about the grand mean so that nothing
  // large is subtracted: the sum over T's margin cells of count * (margin mean - grand)^2, Q(empty) = 0.
  const q = new Float64Array(1 << k);
  for (let mask = 1; mask < 1 << k; mask++) {
    const members = factors.map((_, i) => i).filter((i) => mask & (1 << i));
    const marginSize = members.reduce((a, i) => a * sizes[i], 1);
    const sum = new Float64Array(marginSize);
    const count = new Float64Array(marginSize);
    for (let r = 0; r < n; r++) {
      const c = members.reduce((acc, i) => acc * sizes[i] + factors[i].code[r], 0);
      sum[c] += y[r] - grand;
      count[c]++;
    }
    let s = 0;
    for (let c = 0; c < marginSize; c++) s += (sum[c] * sum[c]) / count[c];
    q[mask] = s;
  }
  const subsets = factorialTerms(k);
  const twoLevel = sizes.every((s) => s === 2);
  const dfError = cells * (replicates - 1);
  const msError = dfError > 0 ? sse / dfError : Number.NaN;
  const m = await mathCore();
  const anova: FactorialAnovaRow[] = [];
  const terms: FactorialTerm[] = [];
  const effects: number[] = [];
  for (const members of subsets) {
    const mask = members.reduce((a, i) => a | (1 << i), 0);
    let ss = 0;
    for (let sub = mask; ; sub = (sub - 1) & mask) {
      const sign = (popcount(mask) - popcount(sub)) % 2 ? -1 : 1;
      ss += sign * q[sub];
      if (sub === 0) break;
    }
    ss = Math.max(ss, 0);
    const df = members.reduce((a, i) => a * (sizes[i] - 1), 1);
    const ms = ss / df;
    const f = dfError > 0 ? ms / msError : null;
    const p = f === null ? null : m.fSf(f, df, dfError);
    const term = members.map((i) => FACTOR_LETTERS[i]).join("");
    anova.push({ source: term, df, ss, ms, f, p });
    let effect: number | null = null;
    if (twoLevel) {
      let contrast = 0;
      for (let r = 0; r < n; r++) {
        let sign = 1;
        for (const i of members) sign *= factors[i].code[r] === 1 ? 1 : -1;
        contrast += sign * (y[r] - grand);
      }
      effect = contrast / (n / 2);
      effects.push(effect);
    }
    terms.push({
      term,
      label: members.map((i) => factors[i].name).join("*"),
      effect,
      coefficient: effect === null ? null : effect / 2,
      t: null,
      p: null,
    });
  }
  let lenth: FactorialResult["lenth"] = null;
  if (twoLevel) {
    // Standard error of an effect: 2 sqrt(MSE / N) with replicates; Lenth's PSE without.
    if (dfError > 0) {
      const se = 2 * Math.sqrt(msError / n);
      for (const t of terms) {
        t.t = (t.effect as number) / se;
        t.p = 2 * m.studentTSf(Math.abs(t.t), dfError);
      }
    } else {
      const abs = effects.map(Math.abs);
      const s0 = 1.5 * medianOf(abs);
      const pse = 1.5 * medianOf(abs.filter((a) => a < 2.5 * s0));
      const df = effects.length / 3;
      const confidence = input.confidence ?? 95;
      lenth = { pse, df, marginOfError: m.studentTQuantile(1 - (1 - confidence / 100) / 2, df) * pse };
      if (pse > 0)
        for (const t of terms) {
          t.t = (t.effect as number) / pse;
          t.p = 2 * m.studentTSf(Math.abs(t.t), df);
        }
    }
  }
  if (dfError > 0) anova.push({ source: "Error", df: dfError, ss: sse, ms: msError, f: null, p: null });
  anova.push({ source: "Total", df: n - 1, ss: sst, ms: sst / (n - 1), f: null, p: null });
  const meanWhere = (keep: (r: number) => boolean) => {
    let s = 0;
    let c = 0;
    for (let r = 0; r < n; r++)
      if (keep(r)) {
        s += y[r];
        c++;
      }
    return s / c;
  };
  const levelMeans = factors.map((f) => f.levels.map((_, l) => meanWhere((r) => f.code[r] === l)));
  const pairMeans: FactorialResult["pairMeans"] = [];
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++) {
      const means = factors[i].levels.map((_, li) =>
        factors[j].levels.map((_, lj) =>
          meanWhere((r) => factors[i].code[r] === li && factors[j].code[r] === lj),
        ),
      );
      pairMeans.push({ i, j, means });
    }
  let normalScores: number[] | null = null;
  if (twoLevel) {
    const order = effects.map((_, i) => i).sort((a, b) => effects[a] - effects[b]);
    normalScores = new Array(effects.length);
    order.forEach((t, rank) => {
      (normalScores as number[])[t] = m.normalQuantile((rank + 0.5) / effects.length);
    });
  }
  return {
    factors: factors.map(({ name, letter, levels }) => ({ name, letter, levels })),
    replicates,
    runs: n,
    centrePoints: 0,
    twoLevel,
    mean: grand,
    terms,
    anova,
    lenth,
    levelMeans,
    pairMeans,
    fitted,
    residuals,
    normalScores,
    rSquared: sst > 0 ? 1 - sse / sst : Number.NaN,
  };
}

function popcount(x: number): number {
  let c = 0;
  for (let v = x; v; v &= v - 1) c++;
  return c;
}

function medianOf(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}

export interface FactorialDesignOptions {
  factors: { name: string; levels: (number | string)[] }[];
  replicates?: number;
  /** Seed of the run order; the same seed gives the same order. */
  seed?: number;
  /** Runs at the centre of a two-level numeric design (every factor at its midpoint), shuffled with the rest. */
  centrePoints?: number;
}

export interface DesignRow {
  standardOrder: number;
  runOrder: number;
  levels: (number | string)[];
}

/**
 * The worksheet of a full factorial: standard order (first factor fastest), then the centre points, the run
 * order of all of them shuffled by the seed.
 */
export async function factorialDesign(options: FactorialDesignOptions): Promise<DesignRow[]> {
  const k = options.factors.length;
  if (k < 2 || k > 4) fail("doe.factorCount", undefined, ["factors"]);
  const replicates = options.replicates ?? 1;
  if (!(Number.isInteger(replicates) && replicates >= 1 && replicates <= 100))
    fail("doe.replicates", undefined, ["replicates"]);
  for (const f of options.factors)
    if (new Set(f.levels).size < 2 || f.levels.length !== new Set(f.levels).size)
      fail("doe.factorLevels", { name: f.name }, [f.name]);
  const rows: DesignRow[] = [];
  const cells = options.factors.reduce((a, f) => a * f.levels.length, 1);
  for (let rep = 0; rep < replicates; rep++)
    for (let c = 0; c < cells; c++) {
      let rest = c;
      const levels = options.factors.map((f) => {
        const l = f.levels[rest % f.levels.length];
        rest = Math.floor(rest / f.levels.length);
        return l;
      });
      rows.push({ standardOrder: rows.length + 1, runOrder: 0, levels });
    }
  const centrePoints = options.centrePoints ?? 0;
  if (!(Number.isInteger(centrePoints) && centrePoints >= 0 && centrePoints <= 100))
    fail("doe.centrePoints", undefined, ["centrePoints"]);
  if (centrePoints > 0) {
    // A centre exists only where every factor is numeric with two levels (analyzeFactorial's centreRows).
    if (options.factors.some((f) => f.levels.length !== 2 || f.levels.some((l) => typeof l !== "number")))
      fail("doe.centreTwoLevel", undefined, ["centrePoints"]);
    const mid = options.factors.map((f) => ((f.levels[0] as number) + (f.levels[1] as number)) / 2);
    for (let c = 0; c < centrePoints; c++)
      rows.push({ standardOrder: rows.length + 1, runOrder: 0, levels: [...mid] });
  }
  // Fisher-Yates with the math core's xoshiro256** stream: reproducible on every machine.
  const draws = await rawStream(options.seed ?? 1, rows.length);
  const order = rows.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Number(draws[i] % BigInt(i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  order.forEach((r, position) => {
    rows[r].runOrder = position + 1;
  });
  return rows;
}
