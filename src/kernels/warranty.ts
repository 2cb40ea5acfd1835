// Warranty analysis of a Nevada chart (sales by shipment period against returns by period): the chart as life
// data in one of two variants and two conventions, the fit by the life kernels, the forecast of returns for
// the shipped cohorts and future sales with Poisson intervals, and observed against expected returns per
// period seen. The arithmetic around the fit is O(periods^2) scalar work, so it runs in TypeScript; the fit
// is build/life.wasm's, the chi-squared quantiles build/math.wasm's. Sources are cited in src/kernels/warranty/.
//
// Variants (spec 3's isNevada / isNonNevada):
// - return-inclusive ("return", isNevada): the shipped count includes the units later returned; the survivors
//   of a shipment are its sales minus its returns.
// - non-return-inclusive ("non-return", isNonNevada): returns are counted apart from the shipped count; the
//   survivors are the sales, the population at shipment sales plus returns.
// Conventions: "exact-age" (Weibull++): returns k periods after shipment are failures at age k; "interval"
// (Minitab, JMP): failures somewhere in (k - 1, k]. Survivors are suspended at their current age in both.
import type { Problem } from "../shared/problem.ts";
import type { KernelContext } from "./context.ts";
import { evaluate, setModel, WHAT } from "./life/bounds.ts";
import { LifeSession } from "./life/kernel.ts";
import { fitLife, LifeInputError } from "./life.ts";
import { loadMathKernel } from "./math.ts";
import { convertNevada } from "./warranty/convert.ts";
import { forecastReturns, trackReturns } from "./warranty/forecast.ts";
import type { NevadaChart, WarrantyOptions, WarrantyResult } from "./warranty/model.ts";
import { validateNevadaChart, validateWarrantyOptions } from "./warranty/validate.ts";

export { roundCount } from "./warranty/forecast.ts";
export type * from "./warranty/model.ts";
export { WARRANTY_CONVENTIONS, WARRANTY_INCLUSIVE, WARRANTY_ROUNDING } from "./warranty/model.ts";
export { validateNevadaChart, validateWarrantyOptions };

/** Thrown with every problem of the inputs (the CLI prints them, the screen shows them). */
export class WarrantyInputError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`warranty: ${problems.map((p) => p.key).join(", ")}`);
  }
}

export async function analyzeWarranty(
  chart: NevadaChart,
  options: WarrantyOptions = {},
  ctx?: KernelContext,
): Promise<WarrantyResult> {
  const inclusive = options.inclusive ?? "return";
  const convention = options.convention ?? "exact-age";
  const increment = options.increment ?? 1;
  const confidence = options.confidence ?? 95;
  const rounding = options.rounding ?? "round";
  const horizon = options.forecast ?? 1;
  const problems = [...validateWarrantyOptions(options), ...validateNevadaChart(chart, inclusive)];
  if (problems.length) throw new WarrantyInputError(problems);
  ctx?.signal?.throwIfAborted();
  const data = convertNevada(chart, inclusive, convention, increment);
  let fit: WarrantyResult["fit"];
  try {
    fit = await fitLife(
      data.columns,
      {
        distribution: options.distribution ?? "weibull2p",
        method: options.method,
        confidence,
        curvePoints: 0,
        positions: false,
      },
      ctx,
    );
  } catch (error) {
    if (error instanceof LifeInputError) throw new WarrantyInputError(error.issues);
    throw error;
  }
  ctx?.signal?.throwIfAborted();
  // F at every age in periods the forecast and tracking use: 0 .. P + horizon, in one kernel call.
  const top = data.observed + horizon;
  const cdf = new Float64Array(top + 1);
  const session = await LifeSession.empty();
  try {
    setModel(session, fit.model);
    const ages = Array.from({ length: top }, (_, a) => (a + 1) * increment);
    const values = evaluate(session, WHAT.unreliability, ages, 0);
    for (let a = 1; a <= top; a++) cdf[a] = values[3 * (a - 1)];
  } finally {
    session.free();
  }
  const k = await loadMathKernel();
  const inputs = {
    survivors: data.cohorts.map((c) => c.survivors),
    ages: data.cohorts.map((c) => c.age),
    population: data.cohorts.map((c) => c.population),
    returnsAt: data.returnsAt,
    futureSales: chart.futureSales ?? [],
    shipments: chart.sales.length,
    observed: data.observed,
    cdf,
  };
  const forecast = forecastReturns(k, inputs, horizon, confidence, rounding);
  return {
    inclusive,
    convention,
    increment,
    confidence,
    rounding,
    cohorts: data.cohorts.map((c, i) => ({ ...c, nextPeriod: forecast.nextByCohort[i] })),
    lifeData: data.lifeData,
    fit,
    forecast: forecast.periods,
    forecastTotal: forecast.total,
    tracking: trackReturns(k, inputs, confidence),
  };
}

/** Result-or-problems form for callers across a worker boundary, where a thrown error loses its problems. */
export async function tryAnalyzeWarranty(
  chart: NevadaChart,
  options: WarrantyOptions = {},
  ctx?: KernelContext,
): Promise<{ ok: true; value: WarrantyResult } | { ok: false; problems: Problem[] }> {
  try {
    return { ok: true, value: await analyzeWarranty(chart, options, ctx) };
  } catch (error) {
    if (error instanceof WarrantyInputError) return { ok: false, problems: error.problems };
    throw error;
  }
}
