// Accelerated life models as log-linear location models (Nelson 1990, "Accelerated Testing", ch. 2 and 5;
// Meeker & Escobar 1998, "Statistical Methods for Reliability Data", ch. 18-19): the life distribution's
// location on ln t is mu = b0 + sum_j b_j x_j(S_j) (+ Eyring's offset -ln T), with one scale for every stress
// level. Each relationship fixes the transforms x_j; its parameters as ReliaSoft ALTA names them are
// functions of b (relationshipParameters).

import {
  ALT_BOUNDS,
  ALT_DISTRIBUTIONS,
  ALT_MAX_STRESSES,
  ALT_RELATIONSHIPS,
  STRESS_TRANSFORMS,
  TEMPERATURE_UNITS,
} from "../../shared/constants.ts";
import type { LifeColumns, LifeSided } from "../life/types.ts";

// The option names are one rule shared with stored analyses and the app (src/shared/constants.ts).
export { ALT_BOUNDS, ALT_DISTRIBUTIONS, ALT_RELATIONSHIPS, STRESS_TRANSFORMS, TEMPERATURE_UNITS };
export type AltBoundsType = (typeof ALT_BOUNDS)[number];
export type AltRelationship = (typeof ALT_RELATIONSHIPS)[number];
export type AltDistribution = (typeof ALT_DISTRIBUTIONS)[number];
export type StressTransform = (typeof STRESS_TRANSFORMS)[number];
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

/** Boltzmann's constant in eV/K (CODATA 2018, exact since the 2019 SI): Ea = B k for Arrhenius. */
export const BOLTZMANN_EV = 8.617333262e-5;
/** Kelvin = degrees Celsius + 273.15; Fahrenheit first to Celsius, (F - 32) 5/9. */
export const CELSIUS_TO_KELVIN = 273.15;

export const MAX_STRESSES = ALT_MAX_STRESSES;

interface RelationshipSpec {
  /** Transform of each stress column (general log-linear: chosen per column). */
  transforms: StressTransform[];
  /** Which stress columns are temperatures (converted to kelvin). */
  thermal: boolean[];
  /** Eyring's life = (1/T) e^(-(A - B/T)): ln L carries -ln T outside the linear part. */
  offsetLogT: boolean;
  /** The formula as shown in --help and on screen. */
  formula: string;
}

export const RELATIONSHIPS: Record<Exclude<AltRelationship, "general-log-linear">, RelationshipSpec> = {
  arrhenius: {
    transforms: ["reciprocal"],
    thermal: [true],
    offsetLogT: false,
    formula: "L(T) = C exp(B / T)",
  },
  eyring: {
    transforms: ["reciprocal"],
    thermal: [true],
    offsetLogT: true,
    formula: "L(T) = (1 / T) exp(-(A - B / T))",
  },
  ipl: { transforms: ["log"], thermal: [false], offsetLogT: false, formula: "L(V) = 1 / (K V^n)" },
  exponential: { transforms: ["none"], thermal: [false], offsetLogT: false, formula: "L(V) = C exp(b V)" },
  "temperature-humidity": {
    transforms: ["reciprocal", "reciprocal"],
    thermal: [true, false],
    offsetLogT: false,
    formula: "L(T, H) = A exp(phi / T + b / H)",
  },
  "temperature-nonthermal": {
    transforms: ["reciprocal", "log"],
    thermal: [true, false],
    offsetLogT: false,
    formula: "L(T, U) = C / (U^n exp(-B / T))",
  },
};

export const GLL_FORMULA = "L(X) = exp(a0 + a1 x1 + ... + am xm), x_j = S_j, ln S_j or 1 / S_j";

/** One ALT data set: the life-data columns plus one to four stress columns (same length as end). */
export interface AltColumns extends LifeColumns {
  stress: ArrayLike<number>[];
}

/** The life drawn over stress: a B-life (percent failing; 50 is the median) or the mean life. */
export type AltLifeLine = "percent" | "mean";

export interface AltOptions {
  relationship: AltRelationship;
  distribution: AltDistribution;
  /** General log-linear: one transform per stress column (default "none"). */
  transforms?: StressTransform[];
  /** Unit of the temperature columns and of use temperatures (default "c"). */
  temperatureUnit?: TemperatureUnit;
  /** Use-stress levels, one value per stress column each. */
  use: number[][];
  /** Confidence in percent within LIMITS.analysisConfidence (default 90). */
  confidence?: number;
  /** Default "two". */
  sided?: LifeSided;
  /**
   * Bounds on the parameters and every use-level quantity: "fisher" (default; delta method) or "lr" (profile
   * likelihood, src/kernels/alt/lr.ts), the failure rate and the acceleration factors included. The life line and
   * the plotted curves keep Fisher bands.
   */
  bounds?: AltBoundsType;
  /**
   * Acceleration factors L(from) / L(to) between pairs of stress vectors (as typed, temperatures in
   * `temperatureUnit`), with bounds of the `bounds` type (AltFit.afBetween).
   */
  afBetween?: Array<{ from: number[]; to: number[] }>;
  /** Times at which to report use-level reliability. */
  at?: number[];
  /** Percent failing for B-lives (default [10]). */
  bLives?: number[];
  /**
   * Weibull only: report the model as proportional hazards, h(t | x) = beta t^(beta - 1) exp(alpha0 + sum
   * alpha_j x_j), the same fit as the log-linear (AFT) Weibull reparametrised: alpha_j = -beta b_j.
   */
  proportionalHazards?: boolean;
  /** The likelihood-ratio test of a common shape (default true; Weibull and lognormal). */
  shapeTest?: boolean;
  /**
   * Plot data (AltFit.plots): plotting positions and curves per level, curves at each use stress, and the life
   * line over the first stress: the B-life of `lifePercent` percent failing (default 10), or the mean life
   * when `lifeLine` is "mean". Absent: no plot data. With likelihood-ratio bounds the bands drawn (life line,
   * acceleration factor, R(t) and F(t) at use stress) are profile bounds at `bandPoints` points of each
   * (default 21, both ends included), each a root search as costly as a bound of the results.
   */
  plots?: {
    points?: number;
    lifePercent?: number;
    lifeLine?: AltLifeLine;
    contourPoints?: number;
    bandPoints?: number;
  };
}

/** The design of a relationship: per-column transform, thermal flag, and the offset. */
export function designOf(relationship: AltRelationship, transforms?: StressTransform[]): RelationshipSpec {
  if (relationship === "general-log-linear") {
    const t = transforms ?? [];
    return { transforms: t, thermal: t.map(() => false), offsetLogT: false, formula: GLL_FORMULA };
  }
  return RELATIONSHIPS[relationship];
}

/** A temperature in kelvin. */
export function toKelvin(value: number, unit: TemperatureUnit): number {
  if (unit === "k") return value;
  if (unit === "f") return ((value - 32) * 5) / 9 + CELSIUS_TO_KELVIN;
  return value + CELSIUS_TO_KELVIN;
}

/** x_j of one stress value (after the kelvin conversion of thermal columns); NaN where not defined. */
export function transformStress(value: number, transform: StressTransform): number {
  if (transform === "log") return value > 0 ? Math.log(value) : Number.NaN;
  if (transform === "reciprocal") return value > 0 ? 1 / value : Number.NaN;
  return value;
}

/**
 * The covariates and offset of one stress vector as the user typed it (thermal columns in `unit`), or null
 * when a value is outside its transform's domain.
 */
export function covariatesOf(
  spec: RelationshipSpec,
  stress: ArrayLike<number>,
  unit: TemperatureUnit,
): { x: number[]; offset: number } | null {
  const x: number[] = [];
  let offset = 0;
  for (let j = 0; j < spec.transforms.length; j++) {
    let v = stress[j];
    if (!Number.isFinite(v)) return null;
    if (spec.thermal[j]) {
      v = toKelvin(v, unit);
      if (!(v > 0)) return null;
    }
    const xj = transformStress(v, spec.transforms[j]);
    if (!Number.isFinite(xj)) return null;
    x.push(xj);
    if (j === 0 && spec.offsetLogT) offset = -Math.log(v);
  }
  return { x, offset };
}

export interface NamedParameter {
  name: string;
  value: number;
  /** d value / d (b0..bp, s). */
  gradient: number[];
  positive: boolean;
}

/**
 * The relationship's parameters from the log-linear coefficients b (b0..bp) and s = ln sigma, with their
 * gradients for the delta method. Names as ALTA's: Arrhenius B, C (and Ea = B k in eV, derived); Eyring A, B;
 * IPL K, n; exponential C, b; T-H A, phi, b; T-NT B, C, n; general log-linear a0..am. Then the shape: beta
 * (Weibull, 1/sigma) or sigma (lognormal); none for the exponential.
 */
export function relationshipParameters(
  relationship: AltRelationship,
  distribution: AltDistribution,
  b: number[],
  s: number,
  proportionalHazards = false,
): NamedParameter[] {
  const n = b.length + (distribution === "exponential" ? 0 : 1);
  if (proportionalHazards) {
    // alpha_j = -beta b_j with beta = e^-s: d/db_j = -beta, d/ds = beta b_j.
    const beta = Math.exp(-s);
    return [
      ...b.map((bj, j) => {
        const gradient = new Array<number>(n).fill(0);
        gradient[j] = -beta;
        gradient[b.length] = beta * bj;
        return { name: `alpha${j}`, value: -beta * bj, gradient, positive: false };
      }),
      { name: "beta", value: beta, gradient: unitVector(n, b.length, -beta), positive: true },
    ];
  }
  const unit = (i: number, d: number) => Array.from({ length: n }, (_, k) => (k === i ? d : 0));
  const linear = (name: string, i: number, sign = 1): NamedParameter => ({
    name,
    value: sign * b[i],
    gradient: unit(i, sign),
    positive: false,
  });
  const expOf = (name: string, i: number, sign = 1): NamedParameter => {
    const value = Math.exp(sign * b[i]);
    return { name, value, gradient: unit(i, sign * value), positive: true };
  };
  let out: NamedParameter[];
  // The normal distribution is of t itself: its location is a0 + sum a_j x_j, no relationship's life form.
  switch (distribution === "normal" ? "general-log-linear" : relationship) {
    case "arrhenius":
      out = [linear("B", 1), expOf("C", 0)];
      break;
    case "eyring":
      out = [linear("A", 0, -1), linear("B", 1)];
      break;
    case "ipl":
      out = [expOf("K", 0, -1), linear("n", 1, -1)];
      break;
    case "exponential":
      out = [expOf("C", 0), linear("b", 1)];
      break;
    case "temperature-humidity":
      out = [expOf("A", 0), linear("phi", 1), linear("b", 2)];
      break;
    case "temperature-nonthermal":
      out = [linear("B", 1), expOf("C", 0), linear("n", 2, -1)];
      break;
    default:
      out = b.map((_, i) => linear(`a${i}`, i));
  }
  if (distribution === "weibull") {
    const beta = Math.exp(-s);
    out.push({ name: "beta", value: beta, gradient: unit(b.length, -beta), positive: true });
  } else if (distribution === "lognormal" || distribution === "normal") {
    const sigma = Math.exp(s);
    out.push({ name: "sigma", value: sigma, gradient: unit(b.length, sigma), positive: true });
  }
  return out;
}

function unitVector(n: number, i: number, d: number): number[] {
  return Array.from({ length: n }, (_, k) => (k === i ? d : 0));
}

/** The normal distribution's location on the time scale and the proportional-hazards form of the Weibull. */
export const NORMAL_FORMULA =
  "mu(X) = a0 + a1 x1 + ... + am xm (normal t), x_j the relationship's transformed stresses";
export const PH_FORMULA = "h(t | X) = beta t^(beta - 1) exp(alpha0 + alpha1 x1 + ... + alpham xm)";
