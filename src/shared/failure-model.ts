// The failure model: the life distributions every area takes its components' lives from (eFTA basic events,
// eRBD blocks; next ALT use conditions, prediction rates, growth, warranty), by name with named parameters,
// their ranges and messages, and the zod schema of one distribution. The numbers are evaluated by one
// AssemblyScript evaluator (assembly/math/failure.ts, codes FAILURE_CODES), so a Weibull typed in eFTA and
// one typed in eRBD give the same bits.
//
// The spec stores and shows parameters as p1..p3 in an order of each area's (FTA: eta then beta; RBD: beta
// then eta). That order is a mapping at the storage and display boundary only: SPEC_ORDERS, fromSpec,
// toSpec. readDistribution also reads the older shapes of the JSON files and stored documents (FTA's
// `weibull2` with p1..p3, `fixedProb`), so old files keep opening; they are always written new. The zod
// schema is in failure-schema.ts: zod is three quarters of a megabyte of JavaScript that the kernels and
// the command line's fta and rbd commands, which import this file, need not load.
import { LIMITS } from "./constants.ts";
import type { MessageKey } from "./messages.ts";
import type { Problem } from "./problem.ts";

export type FailureDistribution =
  /** A static item: failed with `probability` whatever the time. */
  | { type: "fixed"; probability: number }
  /** Failure rate `lambda`; with `gamma`, the two-parameter form (no failure before the location gamma). */
  | { type: "exponential"; lambda: number; gamma?: number }
  | { type: "weibull2p"; beta: number; eta: number }
  | { type: "weibull3p"; beta: number; eta: number; gamma: number }
  | { type: "normal"; mu: number; sigma: number }
  /** `mu` and `sigma` are the mean and standard deviation of ln t (the spec's mu' and sigma'). */
  | { type: "lognormal"; mu: number; sigma: number }
  /** Shape `k`, scale `theta`. */
  | { type: "gamma"; k: number; theta: number }
  /** ln t is logistic with location `mu` and scale `sigma`. */
  | { type: "loglogistic"; mu: number; sigma: number }
  /** Smallest extreme value with location `mu` and scale `sigma` (ln T of a Weibull T). */
  | { type: "gumbel"; mu: number; sigma: number };

export type FailureDistributionType = FailureDistribution["type"];
export type FailureParameter =
  | "probability"
  | "lambda"
  | "gamma"
  | "beta"
  | "eta"
  | "mu"
  | "sigma"
  | "k"
  | "theta";

/** Every distribution with its parameters in the evaluator's order (a, b, c of assembly/math/failure.ts). */
export const FAILURE_PARAMETERS = {
  fixed: ["probability"],
  exponential: ["lambda", "gamma"],
  weibull2p: ["beta", "eta"],
  weibull3p: ["beta", "eta", "gamma"],
  normal: ["mu", "sigma"],
  lognormal: ["mu", "sigma"],
  gamma: ["k", "theta"],
  loglogistic: ["mu", "sigma"],
  gumbel: ["mu", "sigma"],
} as const satisfies Record<FailureDistributionType, readonly FailureParameter[]>;

export const FAILURE_DISTRIBUTIONS = Object.keys(FAILURE_PARAMETERS) as FailureDistributionType[];

/** Parameters that may be left out (the exponential's location: 1P without it, 2P with it). */
export const OPTIONAL_PARAMETERS: Partial<Record<FailureDistributionType, readonly FailureParameter[]>> = {
  exponential: ["gamma"],
};

/** The evaluator's distribution codes (FAILURE_* of assembly/math/failure.ts). */
export const FAILURE_CODES: Record<FailureDistributionType, number> = {
  fixed: 0,
  exponential: 1,
  weibull2p: 2,
  weibull3p: 2,
  lognormal: 3,
  normal: 4,
  gamma: 5,
  loglogistic: 6,
  gumbel: 7,
};

/** The range a parameter must lie in; an open end excludes its bound. */
export interface ParameterRange {
  min: number;
  max: number;
  minOpen: boolean;
  maxOpen: boolean;
  /** The message when the value is outside; {{parameter}}, {{min}}, {{max}} are filled from here. */
  key: MessageKey;
  /** Values in the closed range but not the open one are a warning, not an error (a fixed probability of 0
   * or 1 is valid for the kernels and in Open-PSA files; the spec asks the editor for (0, 1)). */
  endsWarn?: boolean;
}

const open = (min: number, max: number): ParameterRange => ({
  min,
  max,
  minOpen: true,
  maxOpen: true,
  key: "parameterOpenRange",
});
const aboveAtMost = (min: number, max: number): ParameterRange => ({
  min,
  max,
  minOpen: true,
  maxOpen: false,
  key: "parameterAboveAtMost",
});
const closed = (min: number, max: number, key: MessageKey = "parameterClosedRange"): ParameterRange => ({
  min,
  max,
  minOpen: false,
  maxOpen: false,
  key,
});

// Spec 5 (FTA events): fixed probability in (0, 1); exponential lambda in (0, 1), location >= 0; Weibull eta
// > 0, beta > 0 (spec 5's life limit LIMITS.beta, with the message the spec gives); normal mu, sigma > 0;
// lognormal mu' in (0, 30), sigma' in (0, 15). Beyond the spec (ours): times (eta, locations, normal mu and
// sigma, theta, Gumbel mu and sigma) at most TIME_PARAMETER_MAX; loglogistic as lognormal (both describe
// ln t); gamma shape LIMITS.gammaShape.
/**
 * The largest time a parameter may hold. Not spec 5's LIMITS.testTime (test times and MTTF): a rare event is
 * typed as a Weibull with a scale far beyond its mission time (the generated SCRAM fixtures have eta up to
 * 2.3e11), while 1e308 and its overflowing powers are refused.
 */
export const TIME_PARAMETER_MAX = 1e15;
const PROBABILITY: ParameterRange = { ...open(0, 1), endsWarn: true };
const TIME = aboveAtMost(0, TIME_PARAMETER_MAX);
const LOCATION = closed(0, TIME_PARAMETER_MAX);
const LOG_MU = open(LIMITS.lognormalMu.min, LIMITS.lognormalMu.max);
const LOG_SIGMA = open(LIMITS.lognormalSigma.min, LIMITS.lognormalSigma.max);
const BETA = closed(LIMITS.beta.min, LIMITS.beta.max, "betaRange");

export const PARAMETER_RANGES: { [T in FailureDistributionType]: Record<string, ParameterRange> } = {
  fixed: { probability: PROBABILITY },
  exponential: { lambda: open(0, 1), gamma: LOCATION },
  weibull2p: { beta: BETA, eta: TIME },
  weibull3p: { beta: BETA, eta: TIME, gamma: LOCATION },
  normal: { mu: TIME, sigma: TIME },
  lognormal: { mu: LOG_MU, sigma: LOG_SIGMA },
  gamma: { k: closed(LIMITS.gammaShape.min, LIMITS.gammaShape.max), theta: TIME },
  loglogistic: { mu: LOG_MU, sigma: LOG_SIGMA },
  gumbel: { mu: TIME, sigma: TIME },
};

/** How each parameter is written in messages and labels (the symbols are the same in every language). */
export const PARAMETER_SYMBOLS: Record<FailureParameter, string> = {
  probability: "P",
  lambda: "λ",
  gamma: "γ",
  beta: "β",
  eta: "η",
  mu: "μ",
  sigma: "σ",
  k: "k",
  theta: "θ",
};

/** The symbol of a parameter of a distribution: lognormal and loglogistic show mu' and sigma' (of ln t). */
export function parameterSymbol(type: FailureDistributionType, name: FailureParameter): string {
  const symbol = PARAMETER_SYMBOLS[name];
  return (type === "lognormal" || type === "loglogistic") && (name === "mu" || name === "sigma")
    ? `${symbol}'`
    : symbol;
}

export function parametersOf(type: FailureDistributionType): readonly FailureParameter[] {
  return FAILURE_PARAMETERS[type];
}

export function isFailureDistributionType(value: unknown): value is FailureDistributionType {
  return typeof value === "string" && Object.hasOwn(FAILURE_PARAMETERS, value);
}

/** Whether x lies in the range: "error" outside the closed range (or not a finite number), "warning" on an
 * excluded end that only warns, null inside. */
export function rangeVerdict(range: ParameterRange, x: unknown): "error" | "warning" | null {
  if (typeof x !== "number" || !Number.isFinite(x) || x < range.min || x > range.max) return "error";
  const onOpenEnd = (range.minOpen && x === range.min) || (range.maxOpen && x === range.max);
  if (!onOpenEnd) return null;
  return range.endsWarn ? "warning" : "error";
}

function rangeProblem(
  type: FailureDistributionType,
  name: FailureParameter,
  severity: "error" | "warning",
  where: readonly (string | number)[],
): Problem {
  const range = PARAMETER_RANGES[type][name];
  return {
    key: range.key,
    params: { parameter: parameterSymbol(type, name), min: range.min, max: range.max },
    where: [...where, name],
    ...(severity === "warning" ? { severity } : {}),
  };
}

/**
 * The problems of one distribution: an unknown type, and every parameter outside its range, each naming
 * `where` + the parameter. An optional parameter may be absent.
 */
export function distributionProblems(value: unknown, where: readonly (string | number)[] = []): Problem[] {
  const d = value as Record<string, unknown> | null;
  if (typeof d !== "object" || d === null || !isFailureDistributionType(d.type))
    return [
      {
        key: "distributionUnknown",
        params: { names: FAILURE_DISTRIBUTIONS.join(", ") },
        where: [...where, "type"],
      },
    ];
  const type = d.type;
  const out: Problem[] = [];
  for (const name of FAILURE_PARAMETERS[type]) {
    if (d[name] === undefined && OPTIONAL_PARAMETERS[type]?.includes(name)) continue;
    const verdict = rangeVerdict(PARAMETER_RANGES[type][name], d[name]);
    if (verdict) out.push(rangeProblem(type, name, verdict, where));
  }
  return out;
}

/** The problem with one parameter's value, or null: what an editor field shows while it is typed. */
export function parameterProblem(
  type: FailureDistributionType,
  name: FailureParameter,
  value: unknown,
): Problem | null {
  if (value === undefined && OPTIONAL_PARAMETERS[type]?.includes(name)) return null;
  const verdict = rangeVerdict(PARAMETER_RANGES[type][name], value);
  return verdict ? rangeProblem(type, name, verdict, []) : null;
}

/** Typical starting values inside the ranges, for an editor switching a block or event to a distribution. */
export const DEFAULT_DISTRIBUTIONS: Record<FailureDistributionType, FailureDistribution> = {
  fixed: { type: "fixed", probability: 0.001 },
  exponential: { type: "exponential", lambda: 0.0001 },
  weibull2p: { type: "weibull2p", beta: 1.5, eta: 10_000 },
  weibull3p: { type: "weibull3p", beta: 1.5, eta: 10_000, gamma: 0 },
  normal: { type: "normal", mu: 20_000, sigma: 5_000 },
  lognormal: { type: "lognormal", mu: 9, sigma: 1 },
  gamma: { type: "gamma", k: 2, theta: 5_000 },
  loglogistic: { type: "loglogistic", mu: 9, sigma: 0.5 },
  gumbel: { type: "gumbel", mu: 20_000, sigma: 2_000 },
};

/** A distribution switched to another type, keeping the values of the parameters that mean the same in
 * both (same name and same range: a Weibull's beta and eta, a location; not mu from normal to lognormal). */
export function switchDistribution(
  from: FailureDistribution | undefined,
  type: FailureDistributionType,
): FailureDistribution {
  if (from?.type === type) return from;
  const next: Record<string, unknown> = { ...DEFAULT_DISTRIBUTIONS[type] };
  const old = (from ?? {}) as Record<string, unknown>;
  if (from)
    for (const name of FAILURE_PARAMETERS[type])
      if (typeof old[name] === "number" && PARAMETER_RANGES[from.type][name] === PARAMETER_RANGES[type][name])
        next[name] = old[name];
  return next as FailureDistribution;
}

/** The evaluator's code and (a, b, c) for a distribution; an absent location is 0. */
export function evaluatorParameters(d: FailureDistribution): {
  code: number;
  params: [number, number, number];
} {
  const values = d as unknown as Record<string, number | undefined>;
  const params: [number, number, number] = [0, 0, 0];
  FAILURE_PARAMETERS[d.type].forEach((name, i) => {
    params[i] = values[name] ?? 0;
  });
  return { code: FAILURE_CODES[d.type], params };
}

// ---- the spec's p1..p3, per area (storage and display boundary) ----

export type SpecArea = "fta" | "rbd";

/** The parameter each of p1..p3 holds, per area. FTA: the spec's eta then beta (then gamma); RBD: the
 * failure model's own order. */
export const SPEC_ORDERS: Record<SpecArea, Record<FailureDistributionType, readonly FailureParameter[]>> = {
  fta: { ...FAILURE_PARAMETERS, weibull2p: ["eta", "beta"], weibull3p: ["eta", "beta", "gamma"] },
  rbd: FAILURE_PARAMETERS,
};

/** Names of older files and documents, read as today's: FTA's JSON `weibull2`/`weibull3`, eFTA's stored
 * `fixedProb`. */
export const LEGACY_NAMES: Record<string, FailureDistributionType> = {
  fixedProb: "fixed",
  weibull2: "weibull2p",
  weibull3: "weibull3p",
};

/** Every distribution name a reader accepts: today's and the legacy ones. */
export const READABLE_NAMES = [...FAILURE_DISTRIBUTIONS, ...Object.keys(LEGACY_NAMES)];

export function typeOfName(name: unknown): FailureDistributionType | null {
  if (isFailureDistributionType(name)) return name;
  if (typeof name === "string" && Object.hasOwn(LEGACY_NAMES, name)) return LEGACY_NAMES[name];
  return null;
}

/** p1..p3 of a distribution in an area's order (absent optional parameters are left out). */
export function toSpec(
  area: SpecArea,
  d: FailureDistribution,
): { distribution: FailureDistributionType; p1?: number; p2?: number; p3?: number } {
  const values = d as unknown as Record<string, number | undefined>;
  const out: { distribution: FailureDistributionType; p1?: number; p2?: number; p3?: number } = {
    distribution: d.type,
  };
  SPEC_ORDERS[area][d.type].forEach((name, i) => {
    const v = values[name];
    if (v !== undefined) out[`p${i + 1}` as "p1" | "p2" | "p3"] = v;
  });
  return out;
}

/**
 * A distribution from a name (today's or legacy) and p1..p3 in an area's order; null for an unknown name.
 * A missing or null value becomes NaN (the editor shows its message) except an optional one, left out.
 */
export function fromSpec(
  area: SpecArea,
  name: unknown,
  p: readonly (number | null | undefined)[],
): FailureDistribution | null {
  const type = typeOfName(name);
  if (!type) return null;
  const out: Record<string, unknown> = { type };
  SPEC_ORDERS[area][type].forEach((parameter, i) => {
    const v = p[i];
    if (v === undefined || v === null) {
      if (!OPTIONAL_PARAMETERS[type]?.includes(parameter)) out[parameter] = Number.NaN;
    } else out[parameter] = v;
  });
  return out as FailureDistribution;
}

/**
 * A distribution as a JSON file or an older document has it: today's shape (named parameters), or a
 * legacy name and/or p1..p3 in the area's order. Null when the type is unknown; parameters are copied as
 * found (the validator reports bad ones).
 */
export function readDistribution(value: unknown, area: SpecArea): FailureDistribution | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const type = typeOfName(v.type);
  if (!type) return null;
  const out: Record<string, unknown> = { type };
  const order = SPEC_ORDERS[area][type];
  for (const name of FAILURE_PARAMETERS[type]) {
    const positional = v[`p${order.indexOf(name) + 1}`];
    const x = v[name] !== undefined ? v[name] : positional;
    if (x !== undefined && x !== null) out[name] = x;
    else if (!OPTIONAL_PARAMETERS[type]?.includes(name)) out[name] = Number.NaN;
  }
  return out as FailureDistribution;
}
