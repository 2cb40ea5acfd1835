// Assembles a LifeFit: estimate, parameters with covariance and bounds, reliability at the asked times,
// goodness of fit, plotting positions, curves and the likelihood-ratio contour.
import {
  boundsZ,
  evaluate,
  fisherParameters,
  LikelihoodRatio,
  likelihoodRatioParameters,
  setModel,
  sideOf,
  supportsLikelihoodRatio,
  WHAT,
} from "./bounds.ts";
import { curves } from "./curves.ts";
import { contourParameters, DISTRIBUTIONS, FAMILY_NORMAL } from "./distributions.ts";
import { estimate, plottingPositions } from "./estimate.ts";
import type { LifeSession } from "./kernel.ts";
import { formatLifeMessage, issue, LifeInputError } from "./messages.ts";
import type { Contour, FitOptions, LifeFit, LifeModel, PlottingPositions, ReliabilityAt } from "./types.ts";

/** Anderson-Darling A^2 of complete data (exact failures only) against the fitted F. */
function andersonDarling(session: LifeSession, model: LifeModel, positions: PlottingPositions): number {
  const { time, row } = positions;
  const quantity = session.weight();
  // Rows with quantity q stand for q equal failures: expand the weights, not the arrays.
  const weights = new Float64Array(time.length);
  const source = session.source();
  const preparedOf = new Int32Array(source.length > 0 ? source[source.length - 1] + 1 : 0);
  for (let i = 0; i < source.length; i++) preparedOf[source[i]] = i;
  let n = 0;
  for (let i = 0; i < time.length; i++) {
    weights[i] = quantity[preparedOf[row[i]]];
    n += weights[i];
  }
  setModel(session, model);
  const F = evaluate(session, WHAT.unreliability, time, 0);
  // A^2 = -n - (1/n) sum_i (2i - 1) [ln F(x_i) + ln(1 - F(x_{n+1-i}))]; a point of weight w covers ranks
  // i0+1..i0+w, so its terms sum in closed form.
  let sum = 0;
  let i0 = 0;
  for (let p = 0; p < time.length; p++) {
    const w = weights[p];
    const f = F[3 * p];
    // sum over i in (i0, i0 + w] of (2i - 1) = w (2 i0 + w); the mirrored term uses rank n + 1 - i.
    const a = w * (2 * i0 + w);
    const b = w * (2 * (n - i0 - w) + w);
    sum += a * Math.log(f) + b * Math.log1p(-f);
    i0 += w;
  }
  return -n - sum / n;
}

function reliabilityAt(
  session: LifeSession,
  model: LifeModel,
  times: number[],
  z: number,
  options: FitOptions,
  lr?: LikelihoodRatio,
): ReliabilityAt[] {
  if (times.length === 0) return [];
  const sided = options.sided ?? "two";
  setModel(session, model);
  const v = evaluate(session, WHAT.reliability, times, z);
  const f = evaluate(session, WHAT.unreliability, times, z);
  return times.map((time, i) => {
    let lower = v[3 * i + 1];
    let upper = v[3 * i + 2];
    let fLower = f[3 * i + 1];
    let fUpper = f[3 * i + 2];
    if (lr) {
      const both = lr.reliabilityBoth(time);
      [lower, upper] = both.reliability;
      [fLower, fUpper] = both.unreliability;
    }
    const side = sideOf(sided, lower, upper);
    // A lower bound on R is an upper bound on F: the sides swap.
    const fSide = sideOf(sided === "lower" ? "upper" : sided === "upper" ? "lower" : "two", fLower, fUpper);
    return {
      time,
      reliability: v[3 * i],
      lower: side.lower,
      upper: side.upper,
      unreliability: { value: f[3 * i], lower: fSide.lower, upper: fSide.upper },
    };
  });
}

export function buildFit(
  session: LifeSession,
  options: FitOptions,
  cachedPositions?: () => PlottingPositions,
): LifeFit {
  const { distribution } = options;
  const method = options.method ?? "mle";
  const ranks = options.ranks ?? "exact";
  const boundsType = options.bounds ?? "fisher";
  const sided = options.sided ?? "two";
  const confidence = options.confidence ?? 90;
  const spec = DISTRIBUTIONS[distribution];
  if (boundsType === "lr") {
    if (!supportsLikelihoodRatio(distribution))
      throw new LifeInputError([issue("life.lrNeedsTwoParameters")]);
    if (method !== "mle") throw new LifeInputError([issue("life.lrNeedsMle")]);
  }
  let positions: PlottingPositions | undefined;
  const getPositions = () => {
    positions ??=
      cachedPositions && ranks === "exact" ? cachedPositions() : plottingPositions(session, ranks);
    return positions;
  };
  const est = estimate(session, distribution, options, getPositions);
  const model = est.model;
  const z = boundsZ(session.k, confidence, sided);
  const summary = fisherParameters(distribution, model, z, sided);
  let parameterBounds = summary.bounds;
  const wantContour =
    contourParameters(distribution) && !est.weibayes && (boundsType === "lr" || options.contour);
  let lr: LikelihoodRatio | undefined;
  if ((boundsType === "lr" || wantContour) && supportsLikelihoodRatio(distribution) && !est.weibayes) {
    lr = new LikelihoodRatio(session, model, z * z);
    if (boundsType === "lr")
      parameterBounds = { ...parameterBounds, ...likelihoodRatioParameters(distribution, lr, sided) };
  }
  let contour: Contour | undefined;
  let contourInternal: Float64Array | undefined;
  if (wantContour && lr) {
    const names = contourParameters(distribution) as [string, string];
    contourInternal = lr.contour(options.contourPoints ?? 120);
    const n = contourInternal.length / 2;
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    const weibull = distribution.startsWith("weibull");
    for (let i = 0; i < n; i++) {
      const mu = contourInternal[2 * i];
      const s = contourInternal[2 * i + 1];
      x[i] = weibull ? Math.exp(-s) : mu;
      y[i] = weibull ? Math.exp(mu) : Math.exp(s);
    }
    contour = { parameters: names, x, y, confidence, logLikelihoodLevel: est.logLikelihood - (z * z) / 2 };
  }
  const at = reliabilityAt(
    session,
    model,
    options.at ?? [],
    z,
    options,
    boundsType === "lr" ? lr : undefined,
  );
  const k = estimatedParameterCount(distribution);
  const units = session.rows.counts.units;
  const gof: LifeFit["goodnessOfFit"] = {};
  if (method !== "mle" && est.rho !== undefined) {
    gof.rho = est.rho;
    gof.rSquared = est.rho * est.rho;
  }
  const { suspensions, intervals, leftCensored } = session.rows.counts;
  if (method === "mle" && !est.weibayes)
    gof.andersonDarling =
      suspensions + intervals + leftCensored === 0 ? andersonDarling(session, model, getPositions()) : null;
  const points = options.curvePoints ?? 101;
  const fit: LifeFit = {
    distribution,
    method,
    ranks,
    parameters: summary.values,
    logLikelihood: est.logLikelihood,
    aic: -2 * est.logLikelihood + 2 * k,
    bic: -2 * est.logLikelihood + k * Math.log(units),
    covariance: { parameters: summary.names, matrix: summary.covariance },
    bounds: { type: boundsType, sided, confidence, parameters: parameterBounds },
    counts: { ...session.rows.counts },
    goodnessOfFit: gof,
    iterations: est.iterations,
    converged: est.converged,
    boundReached: est.boundReached,
    warnings: est.warnings.map((key) => ({ key, message: formatLifeMessage(key) })),
    at,
    model: { ...model, freeParameters: contourParameters(distribution) ?? summary.names },
  };
  if (est.nested) {
    const statistic = Math.max(2 * (est.logLikelihood - est.nested.logLikelihood), 0);
    // P(chi2_1 > s) = 2 P(Z > sqrt(s)).
    const pValue = 2 * session.k.familySurvival(FAMILY_NORMAL, Math.sqrt(statistic));
    fit.locationTest = {
      against: est.nested.against,
      logLikelihood: est.nested.logLikelihood,
      statistic,
      pValue,
    };
    if (est.boundReached === null && pValue > 1 - confidence / 100) {
      const params = {
        distribution: DISTRIBUTIONS[est.nested.against].label,
        statistic: Number(statistic.toPrecision(4)),
        p: Number(pValue.toPrecision(3)),
      };
      fit.warnings.push({
        key: "life.locationNotSignificant",
        message: formatLifeMessage("life.locationNotSignificant", params),
        params,
      });
    }
  }
  if (spec.kind === "mixture") fit.subpopulations = mixtureSubpopulations(model);
  if (session.rows.counts.failures === 1 && !est.weibayes)
    fit.warnings.push({ key: "life.singleFailure", message: formatLifeMessage("life.singleFailure") });
  if (options.positions !== false) fit.positions = getPositions();
  if (points > 0 && !est.weibayes)
    fit.curves = curves(session, model, points, z, boundsType, contourInternal);
  if (contour) fit.contour = contour;
  return fit;
}

/**
 * The number of estimated parameters AIC and BIC charge for: every parameter the fit chose, whether or not it
 * has a variance (a location on the first failure, a boundary estimate) - Weibull 1P and exponential 1P: 1,
 * exponential 2P: 2, Weibull 3P: 3, a mixture of m Weibulls: 3m - 1 (m - 1 fractions, m betas, m etas).
 */
export function estimatedParameterCount(distribution: LifeFit["distribution"]): number {
  const spec = DISTRIBUTIONS[distribution];
  if (spec.kind === "mixture") return 3 * (spec.components as number) - 1;
  if (spec.kind === "gamma") return 2;
  return spec.free.length;
}

/** Fractions, beta and eta of each subpopulation from the mixture's internal parameters. */
export function mixtureSubpopulations(
  model: LifeModel,
): Array<{ fraction: number; beta: number; eta: number }> {
  const m = model.components;
  const a = model.internal.slice(0, m - 1);
  const total = 1 + a.reduce((s, x) => s + Math.exp(x), 0);
  return Array.from({ length: m }, (_, j) => ({
    fraction: (j < m - 1 ? Math.exp(a[j]) : 1) / total,
    beta: Math.exp(-model.internal[m - 1 + 2 * j + 1]),
    eta: Math.exp(model.internal[m - 1 + 2 * j]),
  }));
}
