// Estimation: MLE or rank regression for each distribution, returning the model in internal parameters with
// its covariance (observed information; for rank regression evaluated at the regression estimates, as
// Weibull++ does for its Fisher bounds).
import { DISTRIBUTIONS } from "./distributions.ts";
import { fitGamma } from "./gamma.ts";
import type { LifeSession } from "./kernel.ts";
import { issue, LifeInputError, type LifeMessageKey } from "./messages.ts";
import { fitMixture } from "./mixture.ts";
import { KIND_EXACT, KIND_INTERVAL, KIND_LEFT, KIND_RIGHT } from "./prepare.ts";
import type { FitOptions, LifeDistribution, LifeModel, LifeRanks, PlottingPositions } from "./types.ts";

export interface Estimate {
  model: LifeModel;
  logLikelihood: number;
  iterations: number;
  converged: boolean;
  boundReached: string | null;
  warnings: LifeMessageKey[];
  rho?: number;
  /** Weibayes (zero failures): parameters without covariance. */
  weibayes?: boolean;
  /** MLE with a location: the same law with gamma = 0 (see LifeFit.locationTest). */
  nested?: { against: LifeDistribution; logLikelihood: number };
}

/** The maximum log-likelihood with gamma = 0 (Weibull 2P, exponential 1P), for the location's LR test. */
function nestedFit(session: LifeSession, distribution: LifeDistribution, gamma: number): Estimate["nested"] {
  const spec = DISTRIBUTIONS[distribution];
  const fixSigma = spec.fixedSigma === "one";
  const status = session.k.fitLocationScaleAt(spec.family, true, fixSigma, 0, 0, session.scratch.ptr);
  const ll = session.out(3)[2];
  session.k.transformTimes(gamma, true);
  if ((status !== 0 && status !== 3) || !Number.isFinite(ll)) return undefined;
  return { against: fixSigma ? "exponential1p" : "weibull2p", logLikelihood: ll };
}

const RANK_CODES: Record<LifeRanks, number> = { exact: 0, bernard: 1, km: 2 };

/** Plotting positions of the failure rows (Johnson-adjusted ranks). */
export function plottingPositions(session: LifeSession, ranks: LifeRanks): PlottingPositions {
  const n = session.rows.n;
  const t = session.f64(n);
  const f = session.f64(n);
  const r = session.f64(n);
  const row = session.i32(n);
  const m = session.k.plottingPositions(RANK_CODES[ranks], t.ptr, f.ptr, r.ptr, row.ptr);
  const source = session.source();
  const rowsOut = row.view().slice(0, m);
  for (let i = 0; i < m; i++) rowsOut[i] = source[rowsOut[i]];
  return {
    time: t.view().slice(0, m),
    probability: f.view().slice(0, m),
    rank: r.view().slice(0, m),
    row: rowsOut,
    ranks,
  };
}

function locationScaleModel(distribution: LifeDistribution, internal: number[], cov: number[]): LifeModel {
  const spec = DISTRIBUTIONS[distribution];
  return {
    kind: "locationScale",
    family: spec.family,
    logScale: spec.logScale,
    components: 1,
    internal,
    internalCovariance: cov,
    freeParameters: [],
  };
}

function cov3(vmm: number, vms: number, vss: number): number[] {
  return [vmm, vms, 0, vms, vss, 0, 0, 0, 0];
}

function sigmaFixedLog(distribution: LifeDistribution, options: FitOptions): number | undefined {
  const spec = DISTRIBUTIONS[distribution];
  if (spec.fixedSigma === "one") return 0;
  if (spec.fixedSigma === "beta") return -Math.log(options.beta as number);
  return undefined;
}

function statusWarnings(status: number): { converged: boolean; warnings: LifeMessageKey[] } {
  if (status === 3) return { converged: false, warnings: ["life.notConverged"] };
  return { converged: true, warnings: [] };
}

function throwForStatus(status: number): void {
  if (status === 1) throw new LifeInputError([issue("growthNoFailureRecords")]);
  if (status === 2) throw new LifeInputError([issue("life.betaUnbounded")]);
}

function weibayes(session: LifeSession, distribution: LifeDistribution, options: FitOptions): Estimate {
  // Zero failures: eta such that P(no failure | eta) = 1 - CL, i.e. eta^beta = sum t^beta / -ln(1 - CL).
  const sFixed = sigmaFixedLog(distribution, options) as number;
  const beta = Math.exp(-sFixed);
  const cl = (options.confidence ?? 90) / 100;
  const logSum = session.k.weibayesLogSum(beta);
  const mu = (logSum - Math.log(-Math.log(1 - cl))) / beta;
  return {
    model: locationScaleModel(distribution, [mu, sFixed, 0], cov3(0, 0, 0)),
    logLikelihood: Number.NaN,
    iterations: 0,
    converged: true,
    boundReached: null,
    warnings: ["life.zeroFailuresWeibayes"],
    weibayes: true,
  };
}

/** Exponential 2P MLE for exact failures and suspensions: gamma = first failure, lambda = r / sum (t - gamma)+. */
function exponential2pClosedForm(session: LifeSession): Estimate {
  const end = session.end();
  const weight = session.weight();
  const kind = session.kind();
  const n = session.rows.n;
  let gamma = Number.POSITIVE_INFINITY;
  let r = 0;
  for (let i = 0; i < n; i++) {
    if (kind[i] === KIND_EXACT) {
      r += weight[i];
      if (end[i] < gamma) gamma = end[i];
    }
  }
  if (r === 0) throw new LifeInputError([issue("growthNoFailureRecords")]);
  let exposure = 0;
  for (let i = 0; i < n; i++) if (end[i] > gamma) exposure += weight[i] * (end[i] - gamma);
  const lambda = r / exposure;
  const mu = -Math.log(lambda);
  return {
    model: locationScaleModel("exponential2p", [mu, 0, gamma], cov3(1 / r, 0, 0)),
    logLikelihood: r * Math.log(lambda) - lambda * exposure,
    iterations: 1,
    converged: true,
    boundReached: null,
    warnings: [],
  };
}

function onlyExactAndRight(session: LifeSession): boolean {
  const kind = session.kind();
  const n = session.rows.n;
  for (let i = 0; i < n; i++) if (kind[i] !== KIND_EXACT && kind[i] !== KIND_RIGHT) return false;
  return true;
}

function fitMle(session: LifeSession, distribution: LifeDistribution, options: FitOptions): Estimate {
  const spec = DISTRIBUTIONS[distribution];
  const k = session.k;
  if (spec.kind === "gamma") return fitGamma(session);
  if (spec.kind === "mixture") return fitMixture(session, spec.components as number);
  const sFixed = sigmaFixedLog(distribution, options);
  const fixSigma = sFixed !== undefined;
  if (session.rows.counts.failures === 0) {
    if (distribution === "weibull1p" || distribution === "exponential1p")
      return weibayes(session, distribution, options);
    throw new LifeInputError([issue("growthNoFailureRecords")]);
  }
  if (distribution === "exponential2p" && onlyExactAndRight(session)) {
    const est = exponential2pClosedForm(session);
    est.nested = nestedFit(session, distribution, est.model.internal[2]);
    return est;
  }
  if (spec.free.includes(2)) {
    k.fitLocationExport(spec.family, fixSigma, sFixed ?? 0, session.scratch.ptr);
    const o = session.out(15);
    const status = o[4];
    const [mu, s, gamma, ll] = o;
    if (status === 6)
      throw new LifeInputError([issue("life.likelihoodUnbounded", { params: { distribution: spec.label } })]);
    if (!Number.isFinite(ll))
      throw new LifeInputError([issue("life.notConverged", { params: { distribution: spec.label } })]);
    const cov = o.slice(6, 15);
    const warnings: LifeMessageKey[] = [];
    let boundReached: string | null = null;
    if (status === 4) {
      warnings.push("life.gammaAtUpperBound");
      boundReached = "gamma";
    } else if (status === 5) {
      warnings.push("life.gammaAtLowerBound");
      boundReached = "gamma";
    }
    return {
      model: locationScaleModel(distribution, [mu, s, gamma], cov),
      logLikelihood: ll,
      iterations: o[5],
      converged: true,
      boundReached,
      warnings,
      nested: nestedFit(session, distribution, gamma),
    };
  }
  const status = k.fitLocationScaleAt(
    spec.family,
    spec.logScale,
    fixSigma,
    sFixed ?? 0,
    0,
    session.scratch.ptr,
  );
  throwForStatus(status);
  const [mu, s, ll, vmm, vms, vss, iterations] = session.out(10);
  const { converged, warnings } = statusWarnings(status);
  return {
    model: locationScaleModel(distribution, [mu, s, 0], cov3(vmm, vms, vss)),
    logLikelihood: ll,
    iterations,
    converged,
    boundReached: null,
    warnings,
  };
}

function fitRankRegression(
  session: LifeSession,
  distribution: LifeDistribution,
  options: FitOptions,
  positions: PlottingPositions,
): Estimate {
  const spec = DISTRIBUTIONS[distribution];
  const k = session.k;
  const direction = options.method === "rry" ? 1 : 0;
  const m = positions.time.length;
  const sFixed = sigmaFixedLog(distribution, options);
  const fixSigma = sFixed !== undefined;
  if (m < (spec.free.length > 1 ? 2 : 1))
    throw new LifeInputError([issue("life.rankRegressionNeedsTwoFailures")]);
  const t = session.f64(m);
  const f = session.f64(m);
  t.view().set(positions.time);
  f.view().set(positions.probability);
  const out = session.scratch;
  let mu: number;
  let s: number;
  let gamma = 0;
  let rho: number;
  let boundReached: string | null = null;
  const warnings: LifeMessageKey[] = [];
  if (distribution.startsWith("exponential")) {
    k.regressExponentialExport(direction, distribution === "exponential2p", t.ptr, f.ptr, m, out.ptr);
    const [lambda, g, r, ok] = session.out(4);
    if (!ok) throw new LifeInputError([issue("life.rankRegressionNeedsTwoFailures")]);
    mu = -Math.log(lambda);
    s = 0;
    gamma = g;
    rho = r;
  } else if (spec.free.includes(2)) {
    k.regressWithLocationExport(spec.family, direction, t.ptr, f.ptr, m, out.ptr);
    const o = session.out(5);
    [mu, s, rho, gamma] = o;
    if (o[4] !== 0) {
      boundReached = "gamma";
      warnings.push(o[4] === 4 ? "life.gammaAtUpperBound" : "life.gammaAtLowerBound");
    }
  } else {
    k.regressLocationScaleExport(
      spec.family,
      spec.logScale,
      direction,
      fixSigma ? Math.exp(sFixed) : 0,
      0,
      t.ptr,
      f.ptr,
      m,
      out.ptr,
    );
    const o = session.out(4);
    if (!o[3]) throw new LifeInputError([issue("life.rankRegressionNeedsTwoFailures")]);
    [mu, s, rho] = o;
  }
  let cov: number[];
  let ll: number;
  if (spec.free.includes(2) && !fixSigma) {
    k.locationInformationAt(spec.family, false, mu, s, gamma, out.ptr);
    const o = session.out(10);
    cov = o.slice(0, 9);
    ll = o[9];
  } else {
    k.informationAt(spec.family, spec.logScale, fixSigma, mu, s, gamma, out.ptr);
    const [l, , , vmm, vms, vss] = session.out(6);
    ll = l;
    cov = cov3(vmm, vms, vss);
  }
  return {
    model: locationScaleModel(distribution, [mu, s, gamma], cov),
    logLikelihood: ll,
    iterations: 1,
    converged: true,
    boundReached,
    warnings,
    rho,
  };
}

/**
 * Refuses data whose likelihood has no maximum, before any iteration runs (an optimiser would otherwise stop
 * somewhere on the way to infinity and report numbers). With a free scale (every distribution but the
 * one-parameter ones) the supremum is reached by a distribution collapsing onto one instant c when such a c
 * is consistent with every row: exact failures all at c, left-censored ends at or after c, intervals
 * (start, end] containing c and suspensions at or before c (ties count failures first). A one-parameter
 * law has no such limit, but grows without bound when every row is left-censored (F -> 1).
 * All suspended is handled by each path (Weibayes for the one-parameter laws, an error otherwise).
 */
function checkEstimable(session: LifeSession, distribution: LifeDistribution): void {
  const spec = DISTRIBUTIONS[distribution];
  const kind = session.kind();
  const end = session.end();
  const start = session.start();
  const n = session.rows.n;
  const { failures, leftCensored, intervals } = session.rows.counts;
  if (failures === 0) return;
  const label = spec.label;
  if (spec.kind === "locationScale" && spec.free.length === 1) {
    if (leftCensored === session.rows.counts.units)
      throw new LifeInputError([issue("life.allLeftCensored", { params: { distribution: label } })]);
    return;
  }
  // The instants c consistent with every row: lo <= c <= hi, with c > lo when lo comes from an interval start.
  let lo = Number.NEGATIVE_INFINITY;
  let loStrict = false;
  let hi = Number.POSITIVE_INFINITY;
  const above = (x: number, strict: boolean) => {
    if (x > lo || (x === lo && strict)) {
      lo = x;
      loStrict = strict;
    }
  };
  for (let i = 0; i < n; i++) {
    const k = kind[i];
    const t = end[i];
    if (k === KIND_EXACT) {
      above(t, false);
      if (t < hi) hi = t;
    } else if (k === KIND_RIGHT) above(t, false);
    else if (k === KIND_LEFT) {
      if (t < hi) hi = t;
    } else if (k === KIND_INTERVAL) {
      above(start[i], true);
      if (t < hi) hi = t;
    }
    if (lo > hi) return;
  }
  if (lo < hi || (lo === hi && !loStrict)) {
    if (failures === leftCensored)
      throw new LifeInputError([issue("life.allLeftCensored", { params: { distribution: label } })]);
    const time = failures - leftCensored - intervals > 0 ? hi : lo;
    throw new LifeInputError([
      issue("life.oneFailureTime", { params: { distribution: label, time: Number(time.toPrecision(7)) } }),
    ]);
  }
}

export function estimate(
  session: LifeSession,
  distribution: LifeDistribution,
  options: FitOptions,
  positions: () => PlottingPositions,
): Estimate {
  const method = options.method ?? "mle";
  const spec = DISTRIBUTIONS[distribution];
  if (method === "mle") {
    checkEstimable(session, distribution);
    const est = fitMle(session, distribution, options);
    // An optimiser that stopped on its way somewhere (a shape running to 0 or infinity on data that do not pin
    // it down) has no estimate to report: an error, not numbers marked converged: false.
    if (!est.converged)
      throw new LifeInputError([issue("life.notConverged", { params: { distribution: spec.label } })]);
    return est;
  }
  if (spec.kind !== "locationScale")
    throw new LifeInputError([
      issue("life.rankRegressionUnavailable", { params: { distribution: spec.label } }),
    ]);
  const { intervals, leftCensored } = session.rows.counts;
  if (intervals > 0 || leftCensored > 0) throw new LifeInputError([issue("life.rankRegressionNeedsExact")]);
  checkEstimable(session, distribution);
  return fitRankRegression(session, distribution, options, positions());
}
