// How each distribution maps onto the kernels: location-scale family on ln t or t, which internal parameters
// are free, and the conversion from internal (mu, ln sigma, gamma) to the parameters users read, with the
// Jacobian that carries the covariance across.
import type { LifeDistribution } from "./types.ts";

export const FAMILY_SEV = 0;
export const FAMILY_NORMAL = 1;
export const FAMILY_LOGISTIC = 2;

export interface DistributionSpec {
  kind: "locationScale" | "gamma" | "mixture";
  family: number;
  logScale: boolean;
  /** Internal indices (0 mu, 1 s, 2 gamma) that are estimated. */
  free: number[];
  /** sigma held fixed: "beta" (from the option) or "one" (exponential). */
  fixedSigma?: "beta" | "one";
  components?: number;
  /** Label for messages. */
  label: string;
}

export const DISTRIBUTIONS: Record<LifeDistribution, DistributionSpec> = {
  weibull1p: {
    kind: "locationScale",
    family: FAMILY_SEV,
    logScale: true,
    free: [0],
    fixedSigma: "beta",
    label: "Weibull 1P",
  },
  weibull2p: { kind: "locationScale", family: FAMILY_SEV, logScale: true, free: [0, 1], label: "Weibull 2P" },
  weibull3p: {
    kind: "locationScale",
    family: FAMILY_SEV,
    logScale: true,
    free: [0, 1, 2],
    label: "Weibull 3P",
  },
  exponential1p: {
    kind: "locationScale",
    family: FAMILY_SEV,
    logScale: true,
    free: [0],
    fixedSigma: "one",
    label: "Exponential 1P",
  },
  exponential2p: {
    kind: "locationScale",
    family: FAMILY_SEV,
    logScale: true,
    free: [0, 2],
    fixedSigma: "one",
    label: "Exponential 2P",
  },
  normal: { kind: "locationScale", family: FAMILY_NORMAL, logScale: false, free: [0, 1], label: "Normal" },
  lognormal: {
    kind: "locationScale",
    family: FAMILY_NORMAL,
    logScale: true,
    free: [0, 1],
    label: "Lognormal",
  },
  loglogistic: {
    kind: "locationScale",
    family: FAMILY_LOGISTIC,
    logScale: true,
    free: [0, 1],
    label: "Loglogistic",
  },
  gumbel: { kind: "locationScale", family: FAMILY_SEV, logScale: false, free: [0, 1], label: "Gumbel" },
  gamma: { kind: "gamma", family: FAMILY_SEV, logScale: true, free: [0, 1], label: "Gamma" },
  "weibull-mixed2": {
    kind: "mixture",
    family: FAMILY_SEV,
    logScale: true,
    free: [],
    components: 2,
    label: "Mixed Weibull (2 subpopulations)",
  },
  "weibull-mixed3": {
    kind: "mixture",
    family: FAMILY_SEV,
    logScale: true,
    free: [],
    components: 3,
    label: "Mixed Weibull (3 subpopulations)",
  },
};

/** A user-facing parameter: value and its derivative with respect to each internal parameter. */
export interface NaturalParameter {
  name: string;
  value: number;
  /** d value / d internal[j] for every internal index. */
  gradient: number[];
  /** Positive parameters get bounds on the log scale (p exp(+-z se/p)), the others symmetric ones. */
  positive: boolean;
  /** Estimated (appears in the covariance) or held fixed / derived. */
  estimated: boolean;
}

/** User-facing parameters of a location-scale or gamma model from internal (mu, s, gamma) or (ln theta, ln k, gamma). */
export function naturalParameters(distribution: LifeDistribution, internal: number[]): NaturalParameter[] {
  const spec = DISTRIBUTIONS[distribution];
  if (spec.kind === "mixture") return mixtureParameters(spec.components as number, internal);
  const [mu, s, gamma] = internal;
  const est = (j: number) => spec.free.includes(j);
  const grad = (j: number, d: number) => internal.map((_, i) => (i === j ? d : 0));
  if (spec.kind === "gamma") {
    const theta = Math.exp(mu);
    const k = Math.exp(s);
    return [
      { name: "k", value: k, gradient: grad(1, k), positive: true, estimated: true },
      { name: "theta", value: theta, gradient: grad(0, theta), positive: true, estimated: true },
    ];
  }
  if (distribution.startsWith("weibull")) {
    const beta = Math.exp(-s);
    const eta = Math.exp(mu);
    return [
      { name: "beta", value: beta, gradient: grad(1, -beta), positive: true, estimated: est(1) },
      { name: "eta", value: eta, gradient: grad(0, eta), positive: true, estimated: est(0) },
      { name: "gamma", value: gamma, gradient: grad(2, 1), positive: false, estimated: est(2) },
    ];
  }
  if (distribution.startsWith("exponential")) {
    const lambda = Math.exp(-mu);
    return [
      { name: "lambda", value: lambda, gradient: grad(0, -lambda), positive: true, estimated: true },
      { name: "gamma", value: gamma, gradient: grad(2, 1), positive: false, estimated: est(2) },
    ];
  }
  const sigma = Math.exp(s);
  return [
    { name: "mu", value: mu, gradient: grad(0, 1), positive: false, estimated: true },
    { name: "sigma", value: sigma, gradient: grad(1, sigma), positive: true, estimated: true },
  ];
}

/** Fractions (softmax of the logits, last logit 0), beta_j = exp(-s_j) and eta_j = exp(mu_j) of a mixture. */
function mixtureParameters(m: number, internal: number[]): NaturalParameter[] {
  const np = internal.length;
  const logits = [...internal.slice(0, m - 1), 0];
  const total = logits.reduce((sum, a) => sum + Math.exp(a), 0);
  const p = logits.map((a) => Math.exp(a) / total);
  const out: NaturalParameter[] = [];
  for (let j = 0; j < m; j++) {
    const gradient = new Array<number>(np).fill(0);
    for (let l = 0; l < m - 1; l++) gradient[l] = p[j] * ((j === l ? 1 : 0) - p[l]);
    out.push({ name: `fraction${j + 1}`, value: p[j], gradient, positive: true, estimated: true });
  }
  for (let j = 0; j < m; j++) {
    const mu = internal[m - 1 + 2 * j];
    const s = internal[m + 2 * j];
    const gb = new Array<number>(np).fill(0);
    gb[m + 2 * j] = -Math.exp(-s);
    const ge = new Array<number>(np).fill(0);
    ge[m - 1 + 2 * j] = Math.exp(mu);
    out.push({ name: `beta${j + 1}`, value: Math.exp(-s), gradient: gb, positive: true, estimated: true });
    out.push({ name: `eta${j + 1}`, value: Math.exp(mu), gradient: ge, positive: true, estimated: true });
  }
  return out;
}

/** The contour's two parameters (the first two estimated natural parameters). */
export function contourParameters(distribution: LifeDistribution): [string, string] | null {
  switch (distribution) {
    case "weibull2p":
      return ["beta", "eta"];
    case "normal":
    case "lognormal":
    case "loglogistic":
    case "gumbel":
      return ["mu", "sigma"];
    default:
      return null;
  }
}
