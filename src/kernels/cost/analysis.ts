// Runs the cost models in build/cost.wasm for a checked input: the optimum, the curve around it and the
// best-interval table. Problems of the input are checked before (validate.ts); what is left are warnings.
import { evaluatorParameters } from "../../shared/failure-model.ts";
import type { Problem } from "../../shared/problem.ts";
import { allocF64, copyInF64, withBuffers } from "../memory.ts";
import type { CostKernel } from "./kernel.ts";
import type { CostInput, CurvePoint, InspectionResult, IntervalRow, ReplacementResult } from "./model.ts";

const DEFAULT_POINTS = 200;

/** Sets the distribution in the kernel; returns the mean life. */
function setDistribution(k: CostKernel, input: CostInput): number {
  const { code, params } = evaluatorParameters(input.distribution);
  return k.costSetDistribution(code, params[0], params[1], params[2]);
}

/** `n` evenly spaced positive points up to `end`. */
function grid(end: number, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = (end * (i + 1)) / n;
  return out;
}

function evaluate(k: CostKernel, xs: Float64Array, fill: (xPtr: number, outPtr: number, n: number) => void) {
  const input = copyInF64(k, xs);
  const output = allocF64(k, xs.length);
  return withBuffers([input, output], () => {
    fill(input.ptr, output.ptr, xs.length);
    return output.view().slice();
  });
}

function curveOf(xs: Float64Array, ys: Float64Array): CurvePoint[] {
  return Array.from(xs, (t, i) => ({ t, costPerUnitTime: ys[i] }));
}

function bestRows(
  xs: readonly number[],
  ys: Float64Array,
  optimum: number | null,
  reference: number,
): IntervalRow[] {
  let best = -1;
  ys.forEach((y, i) => {
    if (best < 0 || y < ys[best]) best = i;
  });
  return xs.map((interval, i) => ({
    interval,
    costPerUnitTime: ys[i],
    ratioToOptimum: optimum === null ? null : ys[i] / optimum,
    savingPerUnitTime: reference - ys[i],
    best: i === best,
  }));
}

export function runReplacement(k: CostKernel, input: CostInput): ReplacementResult {
  const cp = input.planned as number;
  const cu = input.unplanned;
  const mttf = setDistribution(k, input);
  const runToFailure = k.costRunToFailureRate(cu);
  const t = k.costReplacementOptimum(cp, cu);
  const found = Number.isFinite(t);
  const warnings: Problem[] = found ? [] : [{ key: "cost.noFiniteOptimum", severity: "warning" }];
  const optimum = found ? k.costOptimumRate() : null;
  const { code, params } = evaluatorParameters(input.distribution);
  // The curve reaches twice the optimum, and at least the 99th percentile of life.
  const q99 = k.failureQuantile(code, params[0], params[1], params[2], 0.99);
  const end = Math.max(found ? 2 * t : 0, q99);
  const xs = grid(end, input.curvePoints ?? DEFAULT_POINTS);
  const ys = evaluate(k, xs, (x, o, n) => k.costReplacementCurve(x, o, n, cp, cu));
  const candidates = input.candidates ?? [];
  const cs = candidateRates(k, candidates, (x, o, n) => k.costReplacementCurve(x, o, n, cp, cu));
  return {
    view: "replacement",
    mttf,
    optimalAge: found ? t : null,
    costPerUnitTime: optimum,
    runToFailureCostPerUnitTime: runToFailure,
    savingPerUnitTime: optimum === null ? 0 : runToFailure - optimum,
    savingFraction: optimum === null ? 0 : 1 - optimum / runToFailure,
    curve: curveOf(xs, ys),
    best: bestRows(candidates, cs, optimum, runToFailure),
    warnings,
  };
}

/** Rates at the candidates in their own order: costReplacementCurve accumulates along ascending ages. */
function candidateRates(
  k: CostKernel,
  candidates: readonly number[],
  fill: (xPtr: number, outPtr: number, n: number) => void,
): Float64Array {
  const order = candidates.map((_, i) => i).sort((a, b) => candidates[a] - candidates[b]);
  const sorted = evaluate(
    k,
    Float64Array.from(order, (i) => candidates[i]),
    fill,
  );
  const out = new Float64Array(candidates.length);
  order.forEach((i, j) => {
    out[i] = sorted[j];
  });
  return out;
}

export function runInspection(k: CostKernel, input: CostInput): InspectionResult {
  const ci = input.inspection as number;
  const cr = input.unplanned;
  const cd = input.downtime as number;
  const p = input.detection as number;
  const mttf = setDistribution(k, input);
  const tau = k.costInspectionOptimum(ci, cr, cd, p);
  const found = Number.isFinite(tau);
  const warnings: Problem[] = found
    ? []
    : [
        {
          key: k.costInspectionAtLowerEnd() ? "cost.intervalBelowRange" : "cost.noFiniteInterval",
          severity: "warning",
        },
      ];
  const optimum = found ? k.costInspectionOptimumRate() : null;
  const { code, params } = evaluatorParameters(input.distribution);
  const end = found ? 3 * tau : k.failureQuantile(code, params[0], params[1], params[2], 0.99);
  const xs = grid(end, input.curvePoints ?? DEFAULT_POINTS);
  const ys = evaluate(k, xs, (x, o, n) => k.costInspectionCurve(x, o, n, ci, cr, cd, p));
  const candidates = input.candidates ?? [];
  const cs = evaluate(k, Float64Array.from(candidates), (x, o, n) =>
    k.costInspectionCurve(x, o, n, ci, cr, cd, p),
  );
  return {
    view: "inspection",
    mttf,
    optimalInterval: found ? tau : null,
    costPerUnitTime: optimum,
    curve: curveOf(xs, ys),
    best: bestRows(candidates, cs, optimum, optimum ?? Number.NaN),
    warnings,
  };
}
