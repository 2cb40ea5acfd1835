// One ALT analysis: validation of rows, stresses and options; rows grouped by stress level (sorted so that each
// level is one slice of the kernel's data); the joint MLE in build/alt.wasm on centred and scaled covariates;
// then the parameters of the relationship, Fisher bounds by the delta method, and the use-level distribution,
// whose reliability, B-lives and mean life with bounds come from the life kernels' model evaluation
// (src/kernels/life/bounds.ts), as a life fit's do.
import { LIMITS, withinLimit } from "../../shared/constants.ts";
import { checkAborted, type KernelContext } from "../context.ts";
import { boundsZ, evaluate, setModel, sideOf, WHAT } from "../life/bounds.ts";
import { curves as lifeCurves } from "../life/curves.ts";
import { FAMILY_NORMAL, FAMILY_SEV } from "../life/distributions.ts";
import { plottingPositions } from "../life/estimate.ts";
import { LifeSession } from "../life/kernel.ts";
import { KIND_INTERVAL, KIND_LEFT, KIND_RIGHT, validateColumns } from "../life/prepare.ts";
import type {
  CurveSet,
  Interval,
  LifeCounts,
  LifeModel,
  LifeSided,
  PlottingPositions,
} from "../life/types.ts";
import { loadAltKernel } from "./kernel.ts";
import {
  AltProfile,
  BandTrace,
  type Constraint,
  type CurveConstraint,
  NO_SCALE_TERM,
  type ScaleTerm,
} from "./lr.ts";
import { AltInputError, type AltIssue, altIssue, fromLifeIssue } from "./messages.ts";
import {
  ALT_BOUNDS,
  ALT_DISTRIBUTIONS,
  ALT_RELATIONSHIPS,
  type AltBoundsType,
  type AltColumns,
  type AltDistribution,
  type AltLifeLine,
  type AltOptions,
  type AltRelationship,
  BOLTZMANN_EV,
  CELSIUS_TO_KELVIN,
  covariatesOf,
  designOf,
  MAX_STRESSES,
  NORMAL_FORMULA,
  PH_FORMULA,
  relationshipParameters,
  STRESS_TRANSFORMS,
  type StressTransform,
  TEMPERATURE_UNITS,
  type TemperatureUnit,
} from "./model.ts";

export interface AltLevel {
  /** The stress values as given (temperatures in the chosen unit). */
  stress: number[];
  /** Transformed covariates x_j and Eyring's offset. */
  x: number[];
  rows: number;
  units: number;
  failures: number;
  /** Fitted location on ln t at this level (the use-level formula at this stress). */
  mu: number;
}

export interface AltUseLevel {
  stress: number[];
  /** Location and scale on ln t at the use stress, as the life kernels name them. */
  mu: number;
  /**
   * The distribution at use stress: beta and eta (Weibull), mu and sigma (lognormal, of ln t; normal, of t),
   * lambda (exponential).
   */
  parameters: Record<string, number>;
  meanLife: { value: number } & Interval;
  /** R(t) with its bounds, and F(t) = 1 - R(t), whose lower bound is 1 - R's upper and upper 1 - R's lower. */
  at: Array<
    {
      time: number;
      reliability: number;
      unreliability: { value: number } & Interval;
      /**
       * The failure rate h(t) = f(t) / R(t) with bounds on ln h: Fisher (delta method) or likelihood ratio
       * (the profile on ln h = w).
       */
      hazard: { value: number } & Interval;
    } & Interval
  >;
  bLives: Array<{ percent: number; time: number } & Interval>;
}

export interface AltFit {
  relationship: AltRelationship;
  distribution: AltDistribution;
  /** Weibull reported as proportional hazards (parameters alpha0..alpham and beta). */
  proportionalHazards: boolean;
  formula: string;
  transforms: StressTransform[];
  temperatureUnit: TemperatureUnit;
  /** The constants used: T[K] = T[C] + 273.15, Ea = B k with k in eV/K. */
  constants: { kelvinOffset: number; boltzmann: number };
  confidence: number;
  sided: LifeSided;
  /** Fisher matrix (delta method) or likelihood-ratio (profile likelihood) bounds. */
  boundsType: AltBoundsType;
  /** The relationship's parameters and the shape (beta or sigma), plus Ea (Arrhenius) in eV. */
  parameters: Record<string, number>;
  /** Names of `parameters` in the order of `covariance`. */
  parameterNames: string[];
  covariance: number[][];
  bounds: Record<string, Interval>;
  /** ln L = b0 + sum b_j x_j (+ offset): the log-linear coefficients and s = ln sigma, with their covariance. */
  coefficients: number[];
  s: number;
  coefficientCovariance: number[][];
  logLikelihood: number;
  aic: number;
  bic: number;
  counts: LifeCounts;
  levels: AltLevel[];
  converged: boolean;
  status: number;
  iterations: number;
  /**
   * The pooled fit that starts the joint MLE (life kernels' fit of every row, no stresses): its Newton
   * iterations and status (0 converged). A diagnostic: the joint fit does not depend on it having converged.
   */
  start: { iterations: number; status: number };
  useLevel: AltUseLevel[];
  /**
   * Life at the use stress over life at each test level (the first use stress), with bounds; for the normal
   * distribution, whose quantiles do not scale together, the ratio of mean lives.
   */
  accelerationFactors: Array<{ use: number[]; level: number[]; value: number } & Interval>;
  /** AltOptions.afBetween: L(from) / L(to) with bounds of the fit's type (normal: the ratio of mean lives). */
  afBetween: Array<{ from: number[]; to: number[]; value: number } & Interval>;
  /** Likelihood-ratio test of one shape for every level against a shape per level. */
  commonShape: { statistic: number; df: number; pValue: number; logLikelihoodSeparate: number } | null;
  warnings: AltIssue[];
  plots?: AltPlots;
}

/** What the ALT charts draw (AltOptions.plots). */
export interface AltPlots {
  /** Each test level: its failures' plotting positions (exact median ranks, Johnson) and fitted curves. */
  levels: Array<{ stress: number[]; positions: PlottingPositions; curves: CurveSet }>;
  /** Each use stress: the fitted curves (a likelihood-ratio fit's: R(t), F(t) and density bands, see lrBands). */
  use: Array<{ stress: number[]; curves: CurveSet }>;
  /**
   * The life line over the first stress (the others at the first use stress), with bounds of the fit's type (a
   * likelihood-ratio fit's at some of the stresses, NaN at the others: lrBands): the B-life of `percent` percent
   * failing, or the mean life (`kind` "mean").
   */
  lifeLine: {
    kind: AltLifeLine;
    percent: number;
    stress: number[];
    value: number[];
    lower: number[];
    upper: number[];
  };
  /**
   * The acceleration factor L(first use stress) / L(stress) over the same stresses, with bounds as the life
   * line's (the normal distribution: the ratio of mean lives).
   */
  acceleration: { stress: number[]; value: number[]; lower: number[]; upper: number[] };
  /**
   * The likelihood-ratio region (2 (ln L max - profile) = z^2, the fit's confidence) of the first stress's
   * parameter against the shape (the exponential: against the other relationship parameter), on
   * `plots.contourPoints` rays (default 48; 0: none).
   */
  contour: {
    parameters: [string, string];
    x: number[];
    y: number[];
    estimate: [number, number];
    confidence: number;
    logLikelihoodLevel: number;
  } | null;
}

interface Prepared {
  order: Int32Array;
  end: Float64Array;
  start: Float64Array;
  weight: Float64Array;
  kind: Int32Array;
  levelStarts: Int32Array;
  levels: AltLevel[];
  counts: LifeCounts;
}

function checkOptions(options: AltOptions, p: number): AltIssue[] {
  const issues: AltIssue[] = [];
  const unknown = (option: string, value: unknown) =>
    issues.push(altIssue("life.unknownOption", { option, params: { value: String(value), option } }));
  if (!ALT_RELATIONSHIPS.includes(options.relationship)) unknown("relationship", options.relationship);
  if (!ALT_DISTRIBUTIONS.includes(options.distribution)) unknown("distribution", options.distribution);
  if (options.temperatureUnit !== undefined && !TEMPERATURE_UNITS.includes(options.temperatureUnit))
    unknown("temperatureUnit", options.temperatureUnit);
  if (options.sided !== undefined && !["two", "lower", "upper"].includes(options.sided))
    unknown("sided", options.sided);
  if (options.bounds !== undefined && !ALT_BOUNDS.includes(options.bounds)) unknown("bounds", options.bounds);
  // Eyring's -ln T belongs to ln t: no normal (time-scale) form, and none written as hazards here.
  if (options.distribution === "normal" && options.relationship === "eyring")
    issues.push(altIssue("alt.normalEyring", { option: "distribution" }));
  if (
    options.proportionalHazards &&
    (options.distribution !== "weibull" || options.relationship === "eyring")
  )
    issues.push(altIssue("alt.proportionalHazards", { option: "proportionalHazards" }));
  for (const t of options.transforms ?? []) if (!STRESS_TRANSFORMS.includes(t)) unknown("transforms", t);
  if (!withinLimit(options.confidence ?? 90, LIMITS.analysisConfidence))
    issues.push(altIssue("ciAnalysisRange", { option: "confidence" }));
  for (const t of options.at ?? [])
    if (!(Number.isFinite(t) && t > 0)) {
      issues.push(altIssue("valuePositive", { option: "at" }));
      break;
    }
  for (const b of options.bLives ?? [])
    if (!(b > 0 && b < 100)) {
      issues.push(altIssue("reliabilityRange", { option: "bLives" }));
      break;
    }
  if (issues.length === 0 && (p < 1 || p > MAX_STRESSES))
    issues.push(
      altIssue("alt.stressMissing", {
        option: "stress",
        params: { relationship: options.relationship, needed: Math.max(p, 1) },
      }),
    );
  return issues;
}

/** Validates rows and stresses and groups the rows by stress level, levels in order of first appearance. */
/** Length of altFit's out buffer (assembly/alt/fit.ts): theta, logLik, status, iterations, covariance, gradient, start. */
const altOutLength = (nTheta: number) => 2 * nTheta + 5 + nTheta * nTheta;

function prepare(columns: AltColumns, options: AltOptions, spec: ReturnType<typeof designOf>): Prepared {
  const p = spec.transforms.length;
  const unit = options.temperatureUnit ?? "c";
  const n = columns.end?.length ?? 0;
  if (columns.stress.length < p)
    throw new AltInputError([
      altIssue("alt.stressMissing", {
        option: "stress",
        params: { relationship: options.relationship, needed: p },
      }),
    ]);
  const { stress } = columns;
  const life = validateColumns(columns);
  const issues: AltIssue[] = life.issues.map(fromLifeIssue);
  for (let j = 0; j < p; j++)
    if (stress[j].length !== n)
      issues.push(altIssue("life.columnLength", { params: { column: `stress${j + 1}` } }));
  const rows = life.prepared;
  if (!rows || issues.length) throw new AltInputError(issues);
  const levelOf = new Int32Array(rows.n);
  const keys = new Map<string | number, number>();
  const levels: AltLevel[] = [];
  const values = new Array<number>(p);
  let previous = -1;
  for (let i = 0; i < rows.n && issues.length < 200; i++) {
    const src = rows.source[i];
    // Files list a level's rows together: the previous row's level is checked before any lookup.
    let same = previous >= 0;
    for (let j = 0; j < p; j++) {
      values[j] = stress[j][src];
      if (same && !Object.is(values[j], levels[previous].stress[j])) same = false;
    }
    if (same) {
      levelOf[i] = previous;
      const l = levels[previous];
      l.rows++;
      l.units += rows.weight[i];
      if (rows.kind[i] !== KIND_RIGHT) l.failures += rows.weight[i];
      continue;
    }
    const key: string | number = p > 1 ? values.join("|") : values[0];
    let level = keys.get(key);
    if (level === undefined) {
      const cov = covariatesOf(spec, values, unit);
      if (!cov) {
        for (let j = 0; j < p; j++) {
          const v = values[j];
          const where = { row: src + 1, column: `stress${j + 1}` };
          if (!Number.isFinite(v)) issues.push(altIssue("alt.stressNotNumber", where));
          else if (
            spec.thermal[j] &&
            !covariatesOf({ ...spec, transforms: ["none"], thermal: [true], offsetLogT: false }, [v], unit)
          )
            issues.push(altIssue("alt.temperatureBelowZero", where));
          else if (
            !covariatesOf(
              { ...spec, transforms: [spec.transforms[j]], thermal: [spec.thermal[j]] },
              [v],
              unit,
            )
          )
            issues.push(altIssue("alt.stressPositive", where));
        }
        continue;
      }
      level = levels.length;
      keys.set(key, level);
      levels.push({
        stress: values.slice(),
        x: [...cov.x, cov.offset],
        rows: 0,
        units: 0,
        failures: 0,
        mu: Number.NaN,
      });
    }
    levelOf[i] = level;
    previous = level;
    const l = levels[level];
    l.rows++;
    l.units += rows.weight[i];
    if (rows.kind[i] !== KIND_RIGHT) l.failures += rows.weight[i];
  }
  if (issues.length) throw new AltInputError(issues);
  // Counting sort of the rows by level.
  const g = levels.length;
  const levelStarts = new Int32Array(g + 1);
  for (let l = 0; l < g; l++) levelStarts[l + 1] = levelStarts[l] + levels[l].rows;
  const next = levelStarts.slice(0, g);
  const order = new Int32Array(rows.n);
  for (let i = 0; i < rows.n; i++) order[next[levelOf[i]]++] = i;
  const pick = <T extends Float64Array | Int32Array>(a: T, out: T) => {
    for (let i = 0; i < order.length; i++) out[i] = a[order[i]];
    return out;
  };
  return {
    order,
    end: pick(rows.end, new Float64Array(rows.n)),
    start: pick(rows.start, new Float64Array(rows.n)),
    weight: pick(rows.weight, new Float64Array(rows.n)),
    kind: pick(rows.kind, new Int32Array(rows.n)),
    levelStarts,
    levels,
    counts: rows.counts,
  };
}

/**
 * The rows the kernel sums over: within each level, rows equal in end, start and kind become one row with their
 * summed weight. The likelihood is a weighted sum of one term per row, so tied rows are sufficient statistics:
 * a test's survivors suspended at its end (about a quarter of the benchmark's 400,000 rows), grouped inspection
 * data. Every pass over the rows (the fit, each bound's profiles, the contour) is that much shorter.
 */
function tiesSummed(data: Prepared): Pick<Prepared, "end" | "start" | "weight" | "kind" | "levelStarts"> {
  const { end, start, weight, kind, levelStarts } = data;
  const n = end.length;
  const g = levelStarts.length - 1;
  // First the distinct rows, each taking the weight of the rows tied with it: found in an open-addressed table
  // over the end's bits (intervals, rare, by a Map of end and start), where sorting every row by a comparator had
  // cost a plain Fisher fit more than the fit itself.
  const distinct = {
    end: new Float64Array(n),
    start: new Float64Array(n),
    weight: new Float64Array(n),
    kind: new Int32Array(n),
  };
  let largest = 0;
  for (let l = 0; l < g; l++) largest = Math.max(largest, levelStarts[l + 1] - levelStarts[l]);
  let size = 16;
  while (size < 2 * largest) size *= 2;
  const mask = size - 1;
  const slots = new Int32Array(size);
  const bits = new Float64Array(1);
  const words = new Uint32Array(bits.buffer);
  const slotOf = (e: number, k: number): number => {
    bits[0] = e === 0 ? 0 : e; // -0 ties with 0
    let h = Math.imul(words[0] ^ Math.imul(words[1], 0x9e3779b1) ^ Math.imul(k + 1, 0x85ebca6b), 0x27d4eb2d);
    h = (h ^ (h >>> 15)) & mask;
    for (;;) {
      const i = slots[h];
      if (i < 0 || (distinct.end[i] === e && distinct.kind[i] === k)) return h;
      h = (h + 1) & mask;
    }
  };
  const intervals = new Map<string, number>();
  const out = {
    end: new Float64Array(n),
    start: new Float64Array(n),
    weight: new Float64Array(n),
    kind: new Int32Array(n),
    levelStarts: new Int32Array(g + 1),
  };
  let m = 0;
  for (let l = 0; l < g; l++) {
    slots.fill(-1);
    intervals.clear();
    const first = m;
    const interval: number[] = [];
    for (let r = levelStarts[l]; r < levelStarts[l + 1]; r++) {
      const k = kind[r];
      const key = k === KIND_INTERVAL ? `${end[r]} ${start[r]}` : "";
      const slot = k === KIND_INTERVAL ? -1 : slotOf(end[r], k);
      const at = k === KIND_INTERVAL ? (intervals.get(key) ?? -1) : slots[slot];
      if (at >= 0) {
        distinct.weight[at] += weight[r];
        continue;
      }
      if (k === KIND_INTERVAL) {
        intervals.set(key, m);
        interval.push(m);
      } else slots[slot] = m;
      distinct.end[m] = end[r];
      distinct.start[m] = start[r];
      distinct.weight[m] = weight[r];
      distinct.kind[m] = k;
      m++;
    }
    // Then in one order, whatever order the level's rows came in (by end, then kind; intervals last by end and
    // start): the first-come order of the distinct rows had made the screen's fit differ from `relbench alt fit`
    // in the last bit (tests/e2e/alt-400k.spec.ts compares them bit for bit).
    const ends = new Float64Array(m - first - interval.length);
    let e = 0;
    for (let i = first; i < m; i++) if (distinct.kind[i] !== KIND_INTERVAL) ends[e++] = distinct.end[i];
    ends.sort();
    let o = first;
    const put = (i: number) => {
      out.end[o] = distinct.end[i];
      out.start[o] = distinct.start[i];
      out.weight[o] = distinct.weight[i];
      out.kind[o] = distinct.kind[i];
      o++;
    };
    for (let i = 0; i < ends.length; i++) {
      if (i > 0 && ends[i] === ends[i - 1]) continue;
      for (let k = 0; k < KIND_INTERVAL; k++) {
        const at = slots[slotOf(ends[i], k)];
        if (at >= 0) put(at);
      }
    }
    interval.sort((a, b) => distinct.end[a] - distinct.end[b] || distinct.start[a] - distinct.start[b]);
    for (const i of interval) put(i);
    out.levelStarts[l + 1] = m;
  }
  // No ties: the rows as given, in their order.
  if (m === n) return { end, start, weight, kind, levelStarts };
  return {
    end: out.end.subarray(0, m),
    start: out.start.subarray(0, m),
    weight: out.weight.subarray(0, m),
    kind: out.kind.subarray(0, m),
    levelStarts: out.levelStarts,
  };
}

const FAMILY: Record<AltDistribution, number> = {
  weibull: FAMILY_SEV,
  lognormal: FAMILY_NORMAL,
  exponential: FAMILY_SEV,
  normal: FAMILY_NORMAL,
};

/** Every distribution but the normal is a location-scale law of ln t. */
const logScaleOf = (distribution: AltDistribution) => distribution !== "normal";

/**
 * Joint MLE of an ALT model with Fisher bounds and use-level results. `internal.reference` runs the
 * likelihood-ratio searches as they were before they were sped up (every band point from the estimate, the
 * acceleration band by its own searches, secant steps on the signed root, every ln L a pass over the rows; see
 * AltProfile): the benchmark's baseline and the reference the tests hold the fast searches to.
 */
export async function fitAltModel(
  columns: AltColumns,
  options: AltOptions,
  ctx?: KernelContext,
  internal: { reference?: boolean } = {},
): Promise<AltFit> {
  const spec = designOf(
    options.relationship,
    options.relationship === "general-log-linear"
      ? (options.transforms ?? columns.stress.map(() => "none" as StressTransform))
      : undefined,
  );
  const p = spec.transforms.length;
  const optionIssues = checkOptions(options, p);
  if (optionIssues.length) throw new AltInputError(optionIssues);
  const unit = options.temperatureUnit ?? "c";
  const uses = options.use.map((u) => (u.length === p ? covariatesOf(spec, u, unit) : null));
  if (uses.length === 0 || uses.some((u) => u === null))
    throw new AltInputError([altIssue("alt.useStress", { option: "use", params: { needed: p } })]);
  const pairs = (options.afBetween ?? []).map(({ from, to }) =>
    from.length === p && to.length === p
      ? [covariatesOf(spec, from, unit), covariatesOf(spec, to, unit)]
      : [],
  );
  if (pairs.some(([a, c]) => !a || !c))
    throw new AltInputError([altIssue("alt.useStress", { option: "af", params: { needed: p } })]);
  const between = pairs as Array<[UseCovariates, UseCovariates]>;
  checkAborted(ctx);
  ctx?.onProgress?.(0, 3);
  const data = prepare(columns, options, spec);
  const { levels } = data;
  const g = levels.length;
  if (levels.filter((l) => l.failures > 0).length < 2)
    throw new AltInputError([altIssue("alt.twoLevels", { option: "stress" })]);
  if (g < p + 1)
    throw new AltInputError([
      altIssue("alt.levelsForCovariates", { option: "stress", params: { needed: p + 1, levels: g } }),
    ]);
  // Centre and scale each covariate (row-weighted over levels) so the kernel works near orthogonal columns.
  const mean = new Array<number>(p).fill(0);
  const scale = new Array<number>(p).fill(0);
  const units = data.counts.units;
  for (const l of levels) for (let j = 0; j < p; j++) mean[j] += (l.units * l.x[j]) / units;
  for (const l of levels) for (let j = 0; j < p; j++) scale[j] += (l.units * (l.x[j] - mean[j]) ** 2) / units;
  for (let j = 0; j < p; j++) scale[j] = Math.sqrt(scale[j]) || 1;

  const k = await loadAltKernel();
  const family = FAMILY[options.distribution];
  const fixSigma = options.distribution === "exponential";
  const logScale = logScaleOf(options.distribution);
  const nTheta = p + 1 + (fixSigma ? 0 : 1);
  const buffers: Array<{ free(): void }> = [];
  const freeBuffers = () => {
    for (const b of buffers) b.free();
    buffers.length = 0;
  };
  const f64 = (values: ArrayLike<number> | number) => {
    const length = typeof values === "number" ? values : values.length;
    const ptr = k.allocF64(Math.max(length, 1));
    buffers.push({ free: () => k.freeBuffer(ptr) });
    const view = new Float64Array(k.memory.buffer, ptr, length);
    if (typeof values === "number") view.fill(0);
    else view.set(values);
    return ptr;
  };
  const i32 = (values: ArrayLike<number>) => {
    const ptr = k.allocI32(Math.max(values.length, 1));
    buffers.push({ free: () => k.freeBuffer(ptr) });
    new Int32Array(k.memory.buffer, ptr, values.length).set(values);
    return ptr;
  };
  let thetaC: number[];
  let covC: number[];
  let logLikelihood: number;
  let status: number;
  let iterations: number;
  let start: AltFit["start"];
  let commonShape: AltFit["commonShape"] = null;
  let lr: LrRaw | undefined;
  let lrq: LrQuantities | undefined;
  // The plots' likelihood-ratio bands profile the same likelihood after the fit: the data and the level
  // design stay registered (the common-shape test registers its own design; this puts the fit's back).
  let registerLevels = () => {};
  let contourRaw: number[][] | null = null;
  try {
    const summed = internal.reference ? data : tiesSummed(data);
    const n = summed.end.length;
    k.setLifeData(f64(summed.end), f64(summed.start), f64(summed.weight), i32(summed.kind), n);
    const starts = i32(summed.levelStarts);
    const design = new Float64Array(g * p);
    levels.forEach((l, i) => {
      for (let j = 0; j < p; j++) design[i * p + j] = (l.x[j] - mean[j]) / scale[j];
    });
    const offsets = f64(levels.map((l) => l.x[p]));
    const designPtr = f64(design);
    registerLevels = () => k.altSetLevels(starts, designPtr, offsets, g, p);
    registerLevels();
    const out = f64(altOutLength(nTheta));
    status = k.altFit(family, logScale, fixSigma, 0, out);
    const o = new Float64Array(k.memory.buffer, out, altOutLength(nTheta));
    thetaC = Array.from(o.subarray(0, nTheta));
    logLikelihood = o[nTheta];
    iterations = o[nTheta + 2];
    start = { iterations: o[2 * nTheta + 3 + nTheta * nTheta], status: o[2 * nTheta + 4 + nTheta * nTheta] };
    covC = Array.from(o.subarray(nTheta + 3, nTheta + 3 + nTheta * nTheta));
    ctx?.onProgress?.(1, 3);
    checkAborted(ctx);
    if (options.bounds === "lr") {
      lrq = lrQuantities(k, f64, options, {
        family,
        logScale,
        fixSigma,
        p,
        thetaC,
        covC,
        mean,
        scale,
        ctx,
        reference: internal.reference === true,
      });
      lr = likelihoodRatioRaw(lrq, options, levels, uses as UseCovariates[], between, p);
    }
    const contourPoints = options.plots ? (options.plots.contourPoints ?? 48) : 0;
    if (contourPoints > 0) {
      const cl = (options.confidence ?? 90) / 100;
      const zc = k.normalQuantile((options.sided ?? "two") === "two" ? (1 + cl) / 2 : cl);
      const profile = new AltProfile(k, family, fixSigma, p, thetaC, (length) => f64(length));
      const i = 1;
      const j = fixSigma ? 0 : p + 1;
      contourRaw = profile.contour(
        i,
        j,
        [covC[i * nTheta + i], covC[i * nTheta + j], covC[j * nTheta + j]],
        zc,
        contourPoints,
      );
    }
    if (options.shapeTest !== false && !fixSigma && levels.every((l) => l.failures > 0) && g <= 64)
      commonShape = shapeTest(k, f64, starts, family, logScale, g);
  } catch (error) {
    freeBuffers();
    throw error;
  }
  ctx?.onProgress?.(2, 3);
  // Back to uncentred coefficients: b_j = c_j / scale_j, b0 = c0 - sum c_j mean_j / scale_j; s unchanged.
  const A: number[][] = Array.from({ length: nTheta }, () => new Array<number>(nTheta).fill(0));
  A[0][0] = 1;
  for (let j = 0; j < p; j++) {
    A[0][j + 1] = -mean[j] / scale[j];
    A[j + 1][j + 1] = 1 / scale[j];
  }
  if (!fixSigma) A[p + 1][p + 1] = 1;
  const theta = A.map((row) => row.reduce((sum, a, j) => sum + a * thetaC[j], 0));
  const V = sandwich(A, covC, nTheta);
  const b = theta.slice(0, p + 1);
  const s = fixSigma ? 0 : theta[p + 1];
  for (const l of levels) l.mu = muAt(b, l.x, p);

  const confidence = options.confidence ?? 90;
  const sided = options.sided ?? "two";
  const ph = options.proportionalHazards === true;
  const named = relationshipParameters(options.relationship, options.distribution, b, s, ph);
  const parameters: Record<string, number> = {};
  const bounds: Record<string, Interval> = {};
  let session: LifeSession;
  try {
    session = await LifeSession.empty();
  } catch (error) {
    freeBuffers();
    throw error;
  }
  try {
    const z = boundsZ(session.k, confidence, sided);
    const variance = (ga: number[], gb: number[]) => quad(ga, V, gb, nTheta);
    for (const q of named) {
      parameters[q.name] = q.value;
      const se = Math.sqrt(Math.max(variance(q.gradient, q.gradient), 0));
      if (q.positive) {
        const f = Math.exp((z * se) / q.value);
        bounds[q.name] = sideOf(sided, q.value / f, q.value * f);
      } else bounds[q.name] = sideOf(sided, q.value - z * se, q.value + z * se);
    }
    const covariance = named.map((a) => named.map((c) => variance(a.gradient, c.gradient)));
    if (lr) {
      // Each named parameter is a monotone function of one coefficient (or of s): its bounds are that
      // function at the coefficient's profile bounds.
      for (const q of named) {
        const alpha = ph && q.name.startsWith("alpha") ? lr.alpha[Number(q.name.slice(5))] : undefined;
        if (alpha) {
          bounds[q.name] = sideOf(sided, alpha[0], alpha[1]);
          continue;
        }
        const i = q.gradient.findIndex((d) => d !== 0);
        const [lo, hi] = lr.theta[i];
        const at = (w: number) => {
          const t = [...b, s];
          t[i] = w;
          return (
            relationshipParameters(
              options.relationship,
              options.distribution,
              t.slice(0, p + 1),
              t[p + 1],
              ph,
            ).find((r) => r.name === q.name)?.value ?? Number.NaN
          );
        };
        const [x, y] = [at(lo), at(hi)];
        bounds[q.name] = sideOf(sided, Math.min(x, y), Math.max(x, y));
      }
    }
    if (options.relationship === "arrhenius" && logScale && !ph) {
      // Activation energy in eV: Ea = B k.
      parameters.Ea = parameters.B * BOLTZMANN_EV;
      const Bb = bounds.B;
      bounds.Ea = {
        lower: Bb.lower === null ? null : Bb.lower * BOLTZMANN_EV,
        upper: Bb.upper === null ? null : Bb.upper * BOLTZMANN_EV,
      };
    }
    const useLevel = options.use.map((u, i) =>
      useLevelResult(
        session,
        options,
        u,
        uses[i] as { x: number[]; offset: number },
        b,
        s,
        V,
        nTheta,
        z,
        sided,
        lr?.use[i],
      ),
    );
    const first = uses[0] as { x: number[]; offset: number };
    const accelerationFactors = levels.map((l, i) => {
      const fisher = afFisher(
        logScale,
        b,
        V,
        nTheta,
        first,
        { x: l.x.slice(0, p), offset: l.x[p] },
        z,
        sided,
      );
      const raw = lr?.accelerationFactors[i];
      const bounds = raw ? sideOf(sided, Math.exp(raw[0]), Math.exp(raw[1])) : fisher;
      return {
        use: options.use[0],
        level: l.stress,
        value: fisher.value,
        lower: bounds.lower,
        upper: bounds.upper,
      };
    });
    const afBetween = (options.afBetween ?? []).map(({ from, to }, i) => {
      const fisher = afFisher(logScale, b, V, nTheta, between[i][0], between[i][1], z, sided);
      const raw = lr?.afBetween[i];
      const bounds = raw ? sideOf(sided, Math.exp(raw[0]), Math.exp(raw[1])) : fisher;
      return { from, to, value: fisher.value, lower: bounds.lower, upper: bounds.upper };
    });
    const np = nTheta;
    const warnings = status === 0 ? [] : [altIssue("alt.notConverged", { severity: "warning" })];
    const plots = options.plots
      ? await plotData(
          session,
          data,
          options,
          b,
          s,
          V,
          nTheta,
          z,
          uses as Array<{ x: number[]; offset: number }>,
          k,
        )
      : undefined;
    if (plots && lrq) {
      registerLevels();
      lrBands(
        plots,
        lrq,
        options,
        spec,
        uses as UseCovariates[],
        session.k,
        logScale ? lr?.theta[1] : undefined,
        internal.reference === true,
        ctx,
      );
    }
    if (plots && contourRaw) {
      // The pair: the parameter of the first stress's coefficient (b1) and the shape's (the exponential's:
      // b0's); each contour point's full theta, uncentred, named as the fit names them.
      const shape = fixSigma ? undefined : named[named.length - 1].name;
      const xName = named.find((q) => q.gradient[1] !== 0 && q.name !== shape)?.name;
      const yName = shape ?? named.find((q) => q.gradient[0] !== 0 && q.name !== xName)?.name;
      if (xName && yName && xName !== yName) {
        const x: number[] = [];
        const y: number[] = [];
        for (const c of contourRaw) {
          const t = A.map((row) => row.reduce((sum, a, j) => sum + a * c[j], 0));
          const values = relationshipParameters(
            options.relationship,
            options.distribution,
            t.slice(0, p + 1),
            fixSigma ? 0 : t[p + 1],
            ph,
          );
          x.push(values.find((q) => q.name === xName)?.value ?? Number.NaN);
          y.push(values.find((q) => q.name === yName)?.value ?? Number.NaN);
        }
        plots.contour = {
          parameters: [xName, yName],
          x,
          y,
          estimate: [parameters[xName], parameters[yName]],
          confidence,
          logLikelihoodLevel: logLikelihood - (z * z) / 2,
        };
      }
    }
    ctx?.onProgress?.(3, 3);
    return {
      relationship: options.relationship,
      distribution: options.distribution,
      proportionalHazards: ph,
      formula: ph ? PH_FORMULA : logScale ? spec.formula : NORMAL_FORMULA,
      transforms: spec.transforms,
      temperatureUnit: unit,
      constants: { kelvinOffset: CELSIUS_TO_KELVIN, boltzmann: BOLTZMANN_EV },
      confidence,
      sided,
      boundsType: options.bounds ?? "fisher",
      parameters,
      parameterNames: named.map((q) => q.name),
      covariance,
      bounds,
      coefficients: b,
      s,
      coefficientCovariance: Array.from({ length: nTheta }, (_, i) => V.slice(i * nTheta, (i + 1) * nTheta)),
      logLikelihood,
      aic: -2 * logLikelihood + 2 * np,
      bic: -2 * logLikelihood + np * Math.log(data.counts.units),
      counts: data.counts,
      levels,
      converged: status === 0,
      status,
      iterations,
      start,
      useLevel,
      accelerationFactors,
      afBetween,
      commonShape,
      warnings,
      plots,
    };
  } finally {
    session.free();
    freeBuffers();
  }
}

function muAt(b: number[], xWithOffset: number[], p: number): number {
  let mu = b[0] + xWithOffset[p];
  for (let j = 0; j < p; j++) mu += b[j + 1] * xWithOffset[j];
  return mu;
}

function quad(a: number[], V: number[], c: number[], n: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    if (a[i] === 0) continue;
    for (let j = 0; j < n; j++) sum += a[i] * V[i * n + j] * c[j];
  }
  return sum;
}

function sandwich(A: number[][], C: number[], n: number): number[] {
  const out = new Array<number>(n * n).fill(0);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      let sum = 0;
      for (let a = 0; a < n; a++) {
        if (A[i][a] === 0) continue;
        for (let c = 0; c < n; c++) sum += A[i][a] * C[a * n + c] * A[j][c];
      }
      out[i * n + j] = sum;
    }
  return out;
}

/** The use-level location-scale model with its 2 x 2 covariance, evaluated by the life kernels. */
function useLevelResult(
  session: LifeSession,
  options: AltOptions,
  stress: number[],
  use: { x: number[]; offset: number },
  b: number[],
  s: number,
  V: number[],
  n: number,
  z: number,
  sided: LifeSided,
  lr?: LrUse,
): AltUseLevel {
  const p = use.x.length;
  const xu = [1, ...use.x];
  const gMu = options.distribution === "exponential" ? xu : [...xu, 0];
  const gS = new Array<number>(n).fill(0);
  if (options.distribution !== "exponential") gS[p + 1] = 1;
  const mu = muAt(b, [...use.x, use.offset], p);
  const varMu = quad(gMu, V, gMu, n);
  const covMuS = quad(gMu, V, gS, n);
  const varS = quad(gS, V, gS, n);
  const model: LifeModel = {
    kind: "locationScale",
    family: FAMILY[options.distribution],
    logScale: logScaleOf(options.distribution),
    components: 1,
    // (mu, s, gamma = 0): the life kernels' location-scale layout; gamma is fixed, so its row is zero.
    internal: [mu, s, 0],
    internalCovariance: [varMu, covMuS, 0, covMuS, varS, 0, 0, 0, 0],
    freeParameters: [],
  };
  setModel(session, model);
  const parameters: Record<string, number> =
    options.distribution === "weibull"
      ? { beta: Math.exp(-s), eta: Math.exp(mu) }
      : options.distribution === "lognormal" || options.distribution === "normal"
        ? { mu, sigma: Math.exp(s) }
        : { lambda: Math.exp(-mu) };
  const triple = (what: number, xs: number[]) => {
    const r = evaluate(session, what, xs, z);
    return xs.map((_, i) => ({ value: r[3 * i], ...sideOf(sided, r[3 * i + 1], r[3 * i + 2]) }));
  };
  const logScale = logScaleOf(options.distribution);
  const sigma = Math.exp(s);
  const sev = FAMILY[options.distribution] === FAMILY_SEV;
  /**
   * h(t) = h0(z) / (sigma t) on the log scale (h0(z) / sigma for the normal of t), z = (ln t - mu) / sigma, h0 = g / S0
   * of the standard law: e^z for the smallest extreme value, phi(z) / (1 - Phi(z)) for the normal. Bounds on ln h
   * (Meeker & Escobar 1998, sec. 8.4.3): d ln h / d mu = -r / sigma, d ln h / d s = -z r - 1, r = d ln h0 / dz
   * (1 for the SEV, h0 - z for the normal); the exponential's s is fixed, its variance and covariance zero.
   */
  const hazardAt = (t: number): { value: number } & Interval => {
    const zt = ((logScale ? Math.log(t) : t) - mu) / sigma;
    const h0 = sev
      ? Math.exp(zt)
      : Math.exp(-0.5 * zt * zt) / Math.sqrt(2 * Math.PI) / session.k.familySurvival(FAMILY_NORMAL, zt);
    const value = h0 / (sigma * (logScale ? t : 1));
    const r = sev ? 1 : h0 - zt;
    const dMu = -r / sigma;
    const dS = -zt * r - 1;
    const se = Math.sqrt(Math.max(dMu * dMu * varMu + 2 * dMu * dS * covMuS + dS * dS * varS, 0));
    const f = Math.exp(z * se);
    return { value, ...sideOf(sided, value / f, value * f) };
  };
  const at = options.at ?? [];
  const percents = options.bLives ?? [10];
  const [mean] = triple(WHAT.mean, [0]);
  const result: AltUseLevel = {
    stress,
    mu,
    parameters,
    meanLife: mean,
    at: triple(WHAT.reliability, at).map((r, i) => ({
      time: at[i],
      reliability: r.value,
      lower: r.lower,
      upper: r.upper,
      // Filled in below, once the bounds (Fisher or likelihood ratio) are final.
      unreliability: { value: Number.NaN, lower: null, upper: null },
      hazard: hazardAt(at[i]),
    })),
    bLives: triple(
      WHAT.time,
      percents.map((q) => 1 - q / 100),
    ).map((r, i) => ({ percent: percents[i], time: r.value, lower: r.lower, upper: r.upper })),
  };
  if (lr) {
    // R(t) = S(z) falls as the standardised z rises; lives are exp of the bounds on their logarithm.
    const k = session.k;
    const family = FAMILY[options.distribution];
    result.at.forEach((r, i) => {
      const [zLo, zHi] = lr.at[i];
      Object.assign(r, sideOf(sided, k.familySurvival(family, zHi), k.familySurvival(family, zLo)));
    });
    const life = logScaleOf(options.distribution) ? Math.exp : (w: number) => w;
    result.bLives.forEach((r, i) => {
      Object.assign(r, sideOf(sided, life(lr.bLives[i][0]), life(lr.bLives[i][1])));
    });
    Object.assign(result.meanLife, sideOf(sided, life(lr.meanLife[0]), life(lr.meanLife[1])));
    result.at.forEach((r, i) => {
      Object.assign(r.hazard, sideOf(sided, Math.exp(lr.hazard[i][0]), Math.exp(lr.hazard[i][1])));
    });
  }
  for (const r of result.at)
    r.unreliability = {
      value: 1 - r.reliability,
      lower: r.upper === null ? null : 1 - r.upper,
      upper: r.lower === null ? null : 1 - r.lower,
    };
  return result;
}

type UseCovariates = { x: number[]; offset: number };
type Pair = [number, number];
interface LrUse {
  /** Standardised z = (ln t - mu) / sigma at each time. */
  at: Pair[];
  /** ln of each B-life (normal: the B-life). */
  bLives: Pair[];
  /** ln of the mean life (normal: the mean life). */
  meanLife: Pair;
  /** ln h(t), the failure rate, at each time. */
  hazard: Pair[];
}
interface LrRaw {
  /** Uncentred b0..bp, then s (when estimated). */
  theta: Pair[];
  use: LrUse[];
  /** ln AF of the first use stress over each level. */
  accelerationFactors: Pair[];
  /** Proportional hazards: alpha_j = -b_j e^-s. */
  alpha: Pair[];
  /** ln AF of each AltOptions.afBetween pair. */
  afBetween: Pair[];
}

/** What a likelihood-ratio fit needs of the centred fit. */
interface LrFit {
  family: number;
  logScale: boolean;
  fixSigma: boolean;
  p: number;
  thetaC: number[];
  covC: number[];
  mean: number[];
  scale: number[];
  ctx?: KernelContext;
  /** The searches as before they were sped up (fitAltModel's `internal.reference`). */
  reference?: boolean;
}

type LrQuantities = ReturnType<typeof lrQuantities>;

/** A band traced point by point (BandTrace per side); `at` is the next point's position along the band. */
interface BandChain {
  at: number;
  lower: BandTrace;
  upper: BandTrace;
}

/**
 * Profile-likelihood bounds (src/kernels/alt/lr.ts) of the fit's quantities, each a pair for one constraint:
 * the coefficients and s, and at any stress vector the standardised time of R(t), ln f(t), ln B-life, ln mean
 * life, ln h(t) and ln AF between two stresses. Runs on the data and levels the fit registered; the constraints are
 * mapped to the centred coefficients the kernel works in. The results table and the plots' bands both come
 * from here.
 */
function lrQuantities(
  k: AltKernel,
  f64: (values: ArrayLike<number> | number) => number,
  options: AltOptions,
  fit: LrFit,
) {
  const { family, logScale, fixSigma, p, thetaC, covC, mean, scale } = fit;
  const n = p + 1 + (fixSigma ? 0 : 1);
  const cl = (options.confidence ?? 90) / 100;
  const z = k.normalQuantile((options.sided ?? "two") === "two" ? (1 + cl) / 2 : cl);
  const profile = new AltProfile(k, family, fixSigma, p, thetaC, (length) => f64(length), fit.reference);
  const s = fixSigma ? 0 : thetaC[p + 1];
  const sigma = Math.exp(s);
  // u . b (uncentred) = (A' u) . c (centred): b0 = c0 - sum c_j mean_j / scale_j, b_j = c_j / scale_j.
  const centred = (u: number[]) => [u[0], ...mean.map((m, j) => (-u[0] * m + u[j + 1]) / scale[j])];
  const dot = (a: number[], c: number[]) => a.reduce((sum, x, i) => sum + x * c[i], 0);
  // Fisher standard error of a . b + h' ds (centred covariance), the secant's first step.
  const seOf = (a: number[], hs: number) => {
    const g = fixSigma ? a : [...a, hs];
    return Math.sqrt(Math.max(quad(g, covC, g, n), 0));
  };
  const both = (
    of: (w: number) => Constraint | CurveConstraint | Constraint[],
    wHat: number,
    se: number,
    band?: BandChain,
  ): Pair => {
    checkAborted(fit.ctx);
    const lower = profile.bound(of, wHat, se, -1, z, band?.lower.startAt(band.at));
    band?.lower.record(band.at, profile.ended);
    const upper = profile.bound(of, wHat, se, 1, z, band?.upper.startAt(band.at));
    band?.upper.record(band.at, profile.ended);
    return [lower, upper];
  };
  const linear = (u: number[], offset: number, h: ScaleTerm = NO_SCALE_TERM, band?: BandChain) => {
    const a = centred(u);
    const [h0, h1] = h(s);
    return both((w) => ({ a, h, v: w - offset }), dot(a, thetaC) + h0 + offset, seOf(a, h1), band);
  };
  const coefficients = (): Pair[] => {
    const theta: Pair[] = [];
    for (let i = 0; i <= p; i++)
      theta.push(
        linear(
          Array.from({ length: p + 1 }, (_, j) => (j === i ? 1 : 0)),
          0,
        ),
      );
    if (!fixSigma)
      theta.push(
        both(
          (w) => ({ a: [], h: NO_SCALE_TERM, v: w, fixesS: true }),
          s,
          Math.sqrt(Math.max(covC[(p + 1) * n + p + 1], 0)),
        ),
      );
    return theta;
  };
  const timesSigma =
    (q: number): ScaleTerm =>
    (x) => {
      const e = q * Math.exp(x);
      return [e, e, e];
    };
  const meanTerm: ScaleTerm =
    options.distribution === "weibull"
      ? (x) => {
          const e = Math.exp(x);
          const d = k.digamma(1 + e);
          return [k.lnGamma(1 + e), e * d, e * d + e * e * k.trigamma(1 + e)];
        }
      : options.distribution === "lognormal"
        ? (x) => {
            const e = Math.exp(2 * x);
            return [e / 2, e, 2 * e];
          }
        : NO_SCALE_TERM;
  const zOf = (r: number) => (family === FAMILY_NORMAL ? -k.normalQuantile(r) : Math.log(-Math.log(r)));
  // H(q) = ln h0(q) of the standard law with H' and H'': q (smallest extreme value); ln phi(q) - ln(1 - Phi(q))
  // for the normal, H' = h0 - q, H'' = h0 (h0 - q) - 1 (minus the variance of the normal truncated below at q).
  const lnHazard = (q: number): [number, number, number] => {
    if (family !== FAMILY_NORMAL) return [q, 1, 0];
    const H = -0.5 * q * q - 0.5 * Math.log(2 * Math.PI) - k.normalLogCdf(-q);
    const h0 = Math.exp(H);
    return [H, h0 - q, h0 * (h0 - q) - 1];
  };
  // H^-1(v): H is increasing and concave, so Newton's iterates from the left of the root rise to it
  // monotonically (one step from the right lands left of it).
  const inverseLnHazard = (v: number): number => {
    if (family !== FAMILY_NORMAL) return v;
    let q = v;
    for (let it = 0; it < 200; it++) {
      const [H, d] = lnHazard(q);
      const step = (H - v) / d;
      q -= step;
      if (!(Math.abs(step) > 1e-15 * (1 + Math.abs(q)))) break;
    }
    return q;
  };
  // h(s) = e^s q(s), q = H^-1(c + s): q' = 1 / H'(q), q'' = -H''(q) q'^3.
  const hazardTerm =
    (c: number): ScaleTerm =>
    (x) => {
      const e = Math.exp(x);
      const q = inverseLnHazard(c + x);
      const [, d1, d2] = lnHazard(q);
      const q1 = 1 / d1;
      const q2 = -d2 * q1 * q1 * q1;
      return [e * q, e * (q + q1), e * (q + 2 * q1 + q2)];
    };
  const reliability = (u: UseCovariates, t: number, band?: BandChain): Pair => {
    const a = centred([1, ...u.x]);
    const mu = dot(a, thetaC) + u.offset;
    const y = logScale ? Math.log(t) : t;
    const qHat = (y - mu) / sigma;
    return both(
      (q) => ({ a, h: timesSigma(q), v: y - u.offset }),
      qHat,
      seOf(
        a.map((x) => -x / sigma),
        -qHat,
      ),
      band,
    );
  };
  // ln f(t) = w: ln g(q) - s - ln t = w, q = (y - mu) / sigma, G = ln g of the standard law (q - e^q for the
  // smallest extreme value, -q^2 / 2 - ln(2 pi) / 2 for the normal) rising to its top at q = 0 and falling: no
  // coordinate is a function of the others on this set, but it is one curve in q, s = G(q) - w - ln t and
  // a . b = y - offset - e^s q (CurveConstraint). With sigma fixed (the exponential) it is the two roots q of
  // G(q) = w + ln t, each a linear constraint. Fisher's guess: d ln f / d mu = -G'(q) / sigma,
  // d ln f / d s = -q G'(q) - 1.
  const lnDensity = (q: number): [number, number, number] => {
    if (family === FAMILY_NORMAL) return [-0.5 * q * q - 0.5 * Math.log(2 * Math.PI), -q, -1];
    const e = Math.exp(q);
    return [q - e, 1 - e, -e];
  };
  // The roots of q - e^q = c (c <= -1, the top): Newton from the left of the left root and from the right of the
  // right one (the function is concave, so each run is monotone).
  const sevRoots = (c: number): number[] => {
    if (!(c <= -1)) return [];
    const newton = (q0: number) => {
      let q = q0;
      for (let it = 0; it < 200; it++) {
        const [G, d] = lnDensity(q);
        const step = (G - c) / d;
        if (!Number.isFinite(step)) break;
        q -= step;
        if (!(Math.abs(step) > 1e-15 * (1 + Math.abs(q)))) break;
      }
      return q;
    };
    return c === -1 ? [0] : [newton(c), newton(1 + Math.log(1 - c))];
  };
  const density = (u: UseCovariates, t: number, band?: BandChain): Pair => {
    const a = centred([1, ...u.x]);
    const mu = dot(a, thetaC) + u.offset;
    const y = logScale ? Math.log(t) : t;
    const lnT = logScale ? y : 0;
    const v = y - u.offset;
    const qHat = (y - mu) / sigma;
    const [G0, G1] = lnDensity(qHat);
    const of = fixSigma
      ? (w: number): Constraint[] => sevRoots(w + lnT).map((q) => ({ a, h: timesSigma(q), v }))
      : (w: number): CurveConstraint => ({
          a,
          v,
          sAt: (q) => {
            const [G, d1, d2] = lnDensity(q);
            return [G - w - lnT, d1, d2];
          },
          mirror: (q) => {
            if (family === FAMILY_NORMAL) return -q;
            const roots = sevRoots(lnDensity(q)[0]);
            return roots.length === 2 ? (q < 0 ? roots[1] : roots[0]) : -q;
          },
        });
    return both(
      of,
      G0 - s - lnT,
      seOf(
        a.map((x) => (-G1 * x) / sigma),
        -G1 * qHat - 1,
      ),
      band,
    );
  };
  const bLife = (u: UseCovariates, percent: number, band?: BandChain): Pair =>
    linear([1, ...u.x], u.offset, timesSigma(zOf(1 - percent / 100)), band);
  const meanLife = (u: UseCovariates, band?: BandChain): Pair =>
    linear([1, ...u.x], u.offset, meanTerm, band);
  // ln h(t) = w: the standardised time q = (y - mu) / sigma has ln h0(q) = w + s (+ ln t on the log scale),
  // so mu + e^s H^-1(w + s + ln t) = y, h(s) = e^s H^-1(w + ln t + s). Fisher's guess: d ln h / d mu = -r / sigma,
  // d ln h / d s = -q r - 1, r = H'(q).
  const hazard = (u: UseCovariates, t: number): Pair => {
    const a = centred([1, ...u.x]);
    const mu = dot(a, thetaC) + u.offset;
    const y = logScale ? Math.log(t) : t;
    const lnT = logScale ? y : 0;
    const qHat = (y - mu) / sigma;
    const [H0, r] = lnHazard(qHat);
    return both(
      (w) => ({ a, h: hazardTerm(w + lnT), v: y - u.offset }),
      H0 - s - lnT,
      seOf(
        a.map((x) => (-r * x) / sigma),
        -qHat * r - 1,
      ),
    );
  };
  // ln L(from) / L(to) = (x_from - x_to) . b + offset difference; the normal: ln(mu_from / mu_to) = w, i.e.
  // (a_from - e^w a_to) . b = 0 (no offsets: not Eyring).
  const afBounds = (from: UseCovariates, to: UseCovariates): Pair => {
    // The same stress (the acceleration chart's band at the use stress): AF = 1 whatever the parameters.
    if (from.offset === to.offset && from.x.every((x, j) => x === to.x[j])) return [0, 0];
    if (logScale) return linear([0, ...from.x.map((x, j) => x - to.x[j])], from.offset - to.offset);
    const aFrom = centred([1, ...from.x]);
    const aTo = centred([1, ...to.x]);
    const muFrom = dot(aFrom, thetaC);
    const muTo = dot(aTo, thetaC);
    return both(
      (w) => ({ a: aFrom.map((x, i) => x - Math.exp(w) * aTo[i]), h: NO_SCALE_TERM, v: 0 }),
      Math.log(muFrom / muTo),
      seOf(
        aFrom.map((x, i) => x / muFrom - aTo[i] / muTo),
        0,
      ),
    );
  };
  // alpha_j = w  <=>  b_j + w e^s = 0.
  const alpha = (): Pair[] =>
    Array.from({ length: p + 1 }, (_, j) => {
      const a = centred(Array.from({ length: p + 1 }, (_, i) => (i === j ? 1 : 0)));
      const bj = dot(a, thetaC);
      return both(
        (w) => ({ a, h: timesSigma(w), v: 0 }),
        -bj / sigma,
        seOf(
          a.map((x) => -x / sigma),
          bj / sigma,
        ),
      );
    });
  return { coefficients, reliability, density, bLife, meanLife, hazard, af: afBounds, alpha };
}

/**
 * The likelihood-ratio bounds of the results: every coefficient, s, and at each use stress R(t), the B-lives, the
 * mean life and h(t), ln AF of the first use stress over each level, and each AltOptions.afBetween pair.
 */
function likelihoodRatioRaw(
  q: LrQuantities,
  options: AltOptions,
  levels: AltLevel[],
  uses: UseCovariates[],
  between: Array<[UseCovariates, UseCovariates]>,
  p: number,
): LrRaw {
  return {
    theta: q.coefficients(),
    use: uses.map((u) => ({
      at: (options.at ?? []).map((t) => q.reliability(u, t)),
      bLives: (options.bLives ?? [10]).map((percent) => q.bLife(u, percent)),
      meanLife: q.meanLife(u),
      hazard: (options.at ?? []).map((t) => q.hazard(u, t)),
    })),
    accelerationFactors: levels.map((l) => q.af(uses[0], { x: l.x.slice(0, p), offset: l.x[p] })),
    alpha: options.proportionalHazards ? q.alpha() : [],
    afBetween: between.map(([from, to]) => q.af(from, to)),
  };
}

/** The level's location-scale model (mu at the level, the common s) with its 2 x 2 covariance. */
function levelModel(
  distribution: AltDistribution,
  x: number[],
  offset: number,
  b: number[],
  s: number,
  V: number[],
  n: number,
): LifeModel {
  const p = x.length;
  const xu = [1, ...x];
  const gMu = distribution === "exponential" ? xu : [...xu, 0];
  const gS = new Array<number>(n).fill(0);
  if (distribution !== "exponential") gS[p + 1] = 1;
  const varMu = quad(gMu, V, gMu, n);
  const covMuS = quad(gMu, V, gS, n);
  return {
    kind: "locationScale",
    family: FAMILY[distribution],
    logScale: logScaleOf(distribution),
    components: 1,
    internal: [muAt(b, [...x, offset], p), s, 0],
    internalCovariance: [varMu, covMuS, 0, covMuS, quad(gS, V, gS, n), 0, 0, 0, 0],
    freeParameters: [],
  };
}

async function plotData(
  empty: LifeSession,
  data: Prepared,
  options: AltOptions,
  b: number[],
  s: number,
  V: number[],
  n: number,
  z: number,
  uses: Array<{ x: number[]; offset: number }>,
  k: AltKernel,
): Promise<AltPlots> {
  const points = options.plots?.points ?? 101;
  const levels: AltPlots["levels"] = [];
  for (let l = 0; l < data.levels.length; l++) {
    const level = data.levels[l];
    const a = data.levelStarts[l];
    const e = data.levelStarts[l + 1];
    const kind = data.kind.subarray(a, e);
    const start = new Float64Array(e - a);
    const state = new Int32Array(e - a);
    for (let i = 0; i < e - a; i++) {
      state[i] = kind[i] === KIND_RIGHT ? 0 : 1;
      start[i] = kind[i] === KIND_INTERVAL ? data.start[a + i] : kind[i] === KIND_LEFT ? 0 : Number.NaN;
    }
    const session = await LifeSession.open({
      end: data.end.slice(a, e),
      start,
      state,
      quantity: data.weight.slice(a, e),
    });
    try {
      const model = levelModel(
        options.distribution,
        level.x.slice(0, -1),
        level.x[level.x.length - 1],
        b,
        s,
        V,
        n,
      );
      levels.push({
        stress: level.stress,
        positions: plottingPositions(session, "exact"),
        curves: lifeCurves(session, model, points, z, "fisher"),
      });
    } finally {
      session.free();
    }
  }
  const use: AltPlots["use"] = [];
  for (let i = 0; i < uses.length; i++) {
    const model = levelModel(options.distribution, uses[i].x, uses[i].offset, b, s, V, n);
    // No data at a use stress: the grid spans the model's own 0.1% to 99.9% points (timeGrid covers the
    // session's times and those), so the session holds just those two times.
    setModel(empty, model);
    const q = evaluate(empty, WHAT.time, [0.999, 0.001], 0);
    const span = await LifeSession.open({ end: Float64Array.from([q[0], q[3]]) });
    try {
      use.push({ stress: options.use[i], curves: lifeCurves(span, model, points, z, "fisher") });
    } finally {
      span.free();
    }
  }
  // The life line: first stress from the first use level to the farthest test level, on 60 points.
  const percent = options.plots?.lifePercent ?? 10;
  const spec = designOf(options.relationship, options.transforms ?? data.levels[0].stress.map(() => "none"));
  const first = options.use[0];
  const test = data.levels.map((l) => l.stress[0]);
  const lo = Math.min(first[0], ...test);
  const hi = Math.max(first[0], ...test);
  const kind = options.plots?.lifeLine ?? "percent";
  const zp =
    FAMILY[options.distribution] === FAMILY_NORMAL
      ? empty.k.normalQuantile(percent / 100)
      : Math.log(-Math.log1p(-percent / 100));
  const sigma = Math.exp(s);
  // The line's ln life is mu + h(s) with h' = dh/ds: the B-life's z_p sigma, or the mean's ln Gamma(1 + sigma)
  // (Weibull), sigma^2 / 2 (lognormal), 0 (exponential; the normal's mean is mu itself).
  const [h, hs] =
    kind === "percent"
      ? [sigma * zp, sigma * zp]
      : options.distribution === "weibull"
        ? [k.lnGamma(1 + sigma), sigma * k.digamma(1 + sigma)]
        : options.distribution === "lognormal"
          ? [(sigma * sigma) / 2, sigma * sigma]
          : [0, 0];
  const line: AltPlots["lifeLine"] = { kind, percent, stress: [], value: [], lower: [], upper: [] };
  const acceleration: AltPlots["acceleration"] = { stress: [], value: [], lower: [], upper: [] };
  const logScale = logScaleOf(options.distribution);
  const useX = [1, ...uses[0].x];
  const muUse = muAt(b, [...uses[0].x, uses[0].offset], uses[0].x.length);
  for (let step = 0; step < 60; step++) {
    const v = lo + ((hi - lo) * step) / 59;
    const cov = covariatesOf(spec, [v, ...first.slice(1)], options.temperatureUnit ?? "c");
    if (!cov) continue;
    const x = [1, ...cov.x];
    const gradient = options.distribution === "exponential" ? x : [...x, hs];
    const lnT = muAt(b, [...cov.x, cov.offset], cov.x.length) + h;
    const se = Math.sqrt(Math.max(quad(gradient, V, gradient, n), 0));
    const life = logScaleOf(options.distribution) ? Math.exp : (w: number) => w;
    line.stress.push(v);
    line.value.push(life(lnT));
    line.lower.push(life(lnT - z * se));
    line.upper.push(life(lnT + z * se));
    // AF = L(use) / L(v): exp(mu_use - mu(v)), or mu_use / mu(v) for the normal (delta method on its log).
    const muV = muAt(b, [...cov.x, cov.offset], cov.x.length);
    const d = logScale ? useX.map((u, j) => u - x[j]) : useX.map((u, j) => u / muUse - x[j] / muV);
    const g = options.distribution === "exponential" ? d : [...d, 0];
    const lnAf = logScale ? muUse - muV : Math.log(muUse / muV);
    const seAf = Math.sqrt(Math.max(quad(g, V, g, n), 0));
    acceleration.stress.push(v);
    acceleration.value.push(Math.exp(lnAf));
    acceleration.lower.push(Math.exp(lnAf - z * seAf));
    acceleration.upper.push(Math.exp(lnAf + z * seAf));
  }
  return { levels, use, lifeLine: line, acceleration, contour: null };
}

/** The points of a band at which likelihood-ratio bounds are computed, by default (AltOptions.plots.bandPoints). */
export const LR_BAND_POINTS = 21;

/** `target` indices spread evenly over 0..count-1, both ends included (every index when count <= target). */
export function bandIndices(count: number, target: number): number[] {
  if (count <= target || target < 2) return Array.from({ length: count }, (_, i) => i);
  return Array.from({ length: target }, (_, i) => Math.floor((i * (count - 1)) / (target - 1) + 0.5));
}

/**
 * The plots' bands for a likelihood-ratio fit: the life line's, the acceleration factor's, and R(t)'s, F(t)'s and
 * the density's at each use stress become profile bounds, each the same root search as a bound of the results
 * (lrQuantities), at `bandPoints` points of the band (bandIndices) and NaN between them, which the charts skip; the
 * bands the ALT charts do not draw (failure rate, the probability plot's) become NaN rather than stay Fisher's.
 * Both sides at the fit's z, as the Fisher bands are drawn. The test levels' curves keep their Fisher bands
 * (boundsType "fisher"; the probability plot draws none).
 */
function lrBands(
  plots: AltPlots,
  q: LrQuantities,
  options: AltOptions,
  spec: ReturnType<typeof designOf>,
  uses: UseCovariates[],
  lk: LifeSession["k"],
  b1: Pair | undefined,
  independent: boolean,
  ctx?: KernelContext,
): void {
  const target = options.plots?.bandPoints ?? LR_BAND_POINTS;
  const unit = options.temperatureUnit ?? "c";
  const first = options.use[0];
  const family = FAMILY[options.distribution];
  const life = logScaleOf(options.distribution) ? Math.exp : (w: number) => w;
  const line = plots.lifeLine;
  const acc = plots.acceleration;
  const lineAt = bandIndices(line.stress.length, target);
  const useAt = plots.use.map((u) => bandIndices(u.curves.time.length, target));
  const total = 2 * lineAt.length + 2 * useAt.reduce((sum, a) => sum + a.length, 0);
  let done = 0;
  const tick = () => {
    done++;
    ctx?.onProgress?.(2 + done / total, 3);
  };
  const nan = (n: number) => new Array<number>(n).fill(Number.NaN);
  const lineLower = nan(line.stress.length);
  const lineUpper = nan(line.stress.length);
  const accLower = nan(acc.stress.length);
  const accUpper = nan(acc.stress.length);
  // Each band's points in order, each bound search starting where the neighbouring point's ended (the quantity
  // moves little from point to point); `independent` (the reference) starts every one from the estimate.
  const chain = (): BandChain | undefined =>
    independent ? undefined : { at: 0, lower: new BandTrace(), upper: new BandTrace() };
  const lineChain = chain();
  for (const i of lineAt) {
    const at = covariatesOf(spec, [line.stress[i], ...first.slice(1)], unit) as UseCovariates;
    if (lineChain) lineChain.at = i;
    const [lo, hi] = line.kind === "mean" ? q.meanLife(at, lineChain) : q.bLife(at, line.percent, lineChain);
    lineLower[i] = life(lo);
    lineUpper[i] = life(hi);
    tick();
    // The acceleration factor's stresses are the life line's (plotData fills both in one loop).
    const [a, b] = (!independent && afAlongFirst(uses[0], at, b1)) || q.af(uses[0], at);
    accLower[i] = Math.exp(a);
    accUpper[i] = Math.exp(b);
    tick();
  }
  line.lower = lineLower;
  line.upper = lineUpper;
  acc.lower = accLower;
  acc.upper = accUpper;
  plots.use.forEach((u, j) => {
    const c = u.curves;
    const n = c.time.length;
    const empty = () => new Float64Array(n).fill(Number.NaN);
    const rLower = empty();
    const rUpper = empty();
    const fLower = empty();
    const fUpper = empty();
    const pdfLower = empty();
    const pdfUpper = empty();
    const rChain = chain();
    const pdfChain = chain();
    for (const i of useAt[j]) {
      // R(t) = S(q) falls as the standardised time q rises.
      for (const band of [rChain, pdfChain]) if (band) band.at = i;
      const [qLo, qHi] = q.reliability(uses[j], c.time[i], rChain);
      rLower[i] = lk.familySurvival(family, qHi);
      rUpper[i] = lk.familySurvival(family, qLo);
      fLower[i] = 1 - rUpper[i];
      fUpper[i] = 1 - rLower[i];
      tick();
      const [lo, hi] = q.density(uses[j], c.time[i], pdfChain);
      pdfLower[i] = Math.exp(lo);
      pdfUpper[i] = Math.exp(hi);
      tick();
    }
    const quantiles = () => new Float64Array(c.quantileProbability.length).fill(Number.NaN);
    Object.assign(c, {
      reliabilityLower: rLower,
      reliabilityUpper: rUpper,
      unreliabilityLower: fLower,
      unreliabilityUpper: fUpper,
      pdfLower,
      pdfUpper,
      failureRateLower: empty(),
      failureRateUpper: empty(),
      quantileTimeLower: quantiles(),
      quantileTimeUpper: quantiles(),
      boundsType: "lr",
    });
  });
}

/**
 * ln AF of `from` over `to` when they differ in the first covariate alone (the acceleration band's stresses: the
 * first stress moves, the others stay at use) on the log scale: (x_from,1 - x_to,1) b_1 plus the offsets'
 * difference, a multiple of b_1 alone, so its profile is b_1's and its bounds are b_1's (`b1`, the results'
 * own) scaled, with no search of their own. Null where that does not hold.
 */
function afAlongFirst(from: UseCovariates, to: UseCovariates, b1: Pair | undefined): Pair | null {
  if (!b1 || from.x.length === 0 || from.x.some((x, j) => j > 0 && x !== to.x[j])) return null;
  const dx = from.x[0] - to.x[0];
  const offset = from.offset - to.offset;
  if (dx === 0) return offset === 0 ? [0, 0] : null;
  const [lo, hi] = dx > 0 ? b1 : [b1[1], b1[0]];
  return [offset + dx * lo, offset + dx * hi];
}

type AltKernel = Awaited<ReturnType<typeof loadAltKernel>>;

/**
 * Nelson (1990, ch. 5 sec. 3) and Meeker & Escobar (1998, sec. 19.3): twice the log-likelihood gained by a
 * shape per level over one shape with a free location per level, chi-squared with (levels - 1) degrees of
 * freedom. The common-shape model with a location per level is the kernel's joint fit on level indicators.
 */
function shapeTest(
  k: AltKernel,
  f64: (values: ArrayLike<number> | number) => number,
  starts: number,
  family: number,
  logScale: boolean,
  g: number,
): AltFit["commonShape"] {
  const out = f64(5);
  let separate = 0;
  for (let l = 0; l < g; l++) {
    k.altFitLevel(l, family, logScale, false, 0, out);
    const ll = new Float64Array(k.memory.buffer, out, 5)[2];
    if (!Number.isFinite(ll)) return null;
    separate += ll;
  }
  // One location per level: indicators of levels 1..g-1, level 0 the baseline.
  const q = g - 1;
  const design = new Float64Array(g * q);
  for (let l = 1; l < g; l++) design[l * q + (l - 1)] = 1;
  const nTheta = q + 2;
  const fitOut = f64(altOutLength(nTheta));
  k.altSetLevels(starts, f64(design), f64(g), g, q);
  k.altFit(family, logScale, false, 0, fitOut);
  const common = new Float64Array(k.memory.buffer, fitOut, nTheta + 1)[nTheta];
  const statistic = Math.max(2 * (separate - common), 0);
  return { statistic, df: g - 1, pValue: k.chiSquaredSf(statistic, g - 1), logLikelihoodSeparate: separate };
}

/**
 * The acceleration factor L(from) / L(to) between any two stress vectors of a fit (as typed, in the fit's
 * temperature unit) with Fisher bounds at the fit's confidence: exp(b . (x_from - x_to) + offset difference).
 */
export async function accelerationFactorOf(
  fit: Pick<
    AltFit,
    | "relationship"
    | "distribution"
    | "transforms"
    | "temperatureUnit"
    | "coefficients"
    | "coefficientCovariance"
    | "confidence"
    | "sided"
  >,
  from: number[],
  to: number[],
): Promise<{ value: number } & Interval> {
  const spec = designOf(fit.relationship, fit.transforms);
  const a = covariatesOf(spec, from, fit.temperatureUnit);
  const c = covariatesOf(spec, to, fit.temperatureUnit);
  if (!a || !c || from.length !== spec.transforms.length || to.length !== spec.transforms.length)
    throw new AltInputError([
      altIssue("alt.useStress", { option: "use", params: { needed: spec.transforms.length } }),
    ]);
  const k = await loadAltKernel();
  const cl = fit.confidence / 100;
  const z = k.normalQuantile(fit.sided === "two" ? (1 + cl) / 2 : cl);
  const V = fit.coefficientCovariance.flat();
  const n = fit.coefficientCovariance.length;
  return afFisher(logScaleOf(fit.distribution), fit.coefficients, V, n, a, c, z, fit.sided);
}

/**
 * AF = L(from) / L(to) = exp(mu_from - mu_to) for every quantile, the shape being common; for the normal the
 * ratio of mean lives mu_from / mu_to. Fisher bounds by the delta method on ln AF.
 */
function afFisher(
  logScale: boolean,
  b: number[],
  V: number[],
  n: number,
  from: UseCovariates,
  to: UseCovariates,
  z: number,
  sided: LifeSided,
): { value: number } & Interval {
  const p = from.x.length;
  const muA = muAt(b, [...from.x, from.offset], p);
  const muC = muAt(b, [...to.x, to.offset], p);
  const d = logScale
    ? [0, ...from.x.map((x, j) => x - to.x[j])]
    : [1 / muA - 1 / muC, ...from.x.map((x, j) => x / muA - to.x[j] / muC)];
  const gradient = [...d, ...new Array<number>(n - d.length).fill(0)];
  const value = logScale ? Math.exp(muA - muC) : muA / muC;
  const se = Math.sqrt(Math.max(quad(gradient, V, gradient, n), 0));
  const f = Math.exp(z * se);
  return { value, ...sideOf(sided, value / f, value * f) };
}
