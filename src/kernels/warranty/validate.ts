// Input checks of the warranty analysis: every problem as the shared Problem with a `warranty.*` key, where
// = [row, column] of the Nevada sheet (1-based) or the option's name.
import { LIMITS, withinLimit } from "../../shared/constants.ts";
import type { Problem } from "../../shared/problem.ts";
import { WARRANTY_MAX_PERIODS } from "../../shared/schemas/warranty.ts";
import {
  type NevadaChart,
  WARRANTY_CONVENTIONS,
  WARRANTY_INCLUSIVE,
  WARRANTY_ROUNDING,
  type WarrantyOptions,
} from "./model.ts";

const isCount = (x: number) => Number.isInteger(x) && x >= 0;
/** An empty cell: null, undefined or NaN (a cleared cell of the sheet). */
export const isBlank = (x: number | null | undefined): x is null | undefined =>
  x === null || x === undefined || Number.isNaN(x);

export function validateWarrantyOptions(options: WarrantyOptions): Problem[] {
  const problems: Problem[] = [];
  const oneOf = (value: string | undefined, allowed: readonly string[], option: string) => {
    if (value !== undefined && !allowed.includes(value))
      problems.push({
        key: "warranty.unknownOption",
        params: { option, value, values: allowed.join(", ") },
        where: [option],
      });
  };
  oneOf(options.inclusive, WARRANTY_INCLUSIVE, "inclusive");
  oneOf(options.convention, WARRANTY_CONVENTIONS, "convention");
  oneOf(options.rounding, WARRANTY_ROUNDING, "rounding");
  if (options.confidence !== undefined && !withinLimit(options.confidence, LIMITS.analysisConfidence))
    problems.push({ key: "ciAnalysisRange", where: ["confidence"] });
  if (options.increment !== undefined && !(Number.isFinite(options.increment) && options.increment > 0))
    problems.push({ key: "warranty.incrementInvalid", where: ["increment"] });
  const f = options.forecast;
  if (f !== undefined && !(Number.isInteger(f) && f >= 1 && f <= WARRANTY_MAX_PERIODS))
    problems.push({
      key: "warranty.forecastRange",
      params: { max: WARRANTY_MAX_PERIODS },
      where: ["forecast"],
    });
  return problems;
}

/** Problems of the chart; `inclusive` decides whether returns may exceed sales. */
export function validateNevadaChart(chart: NevadaChart, inclusive: WarrantyOptions["inclusive"]): Problem[] {
  const problems: Problem[] = [];
  const S = chart.sales.length;
  const P = chart.returns.reduce((m, r) => Math.max(m, r.length), 0);
  if (S === 0) return [{ key: "warranty.noSales" }];
  if (S > WARRANTY_MAX_PERIODS || P > WARRANTY_MAX_PERIODS)
    return [{ key: "warranty.tooLarge", params: { max: WARRANTY_MAX_PERIODS } }];
  if (chart.returns.length > S) problems.push({ key: "warranty.returnsWithoutSales", where: [S + 1] });
  if (S > P + 1)
    problems.push({ key: "warranty.periodUnobserved", params: { period: P + 2 }, where: [P + 2] });
  let total = 0;
  for (let i = 0; i < S; i++) {
    const sales = chart.sales[i];
    if (!isCount(sales)) problems.push({ key: "warranty.salesInvalid", where: [i + 1, "sales"] });
    const row = chart.returns[i] ?? [];
    let returned = 0;
    for (let j = 0; j < row.length; j++) {
      const r = row[j];
      if (isBlank(r) || r === 0) continue;
      if (!isCount(r)) problems.push({ key: "warranty.returnInvalid", where: [i + 1, j + 1] });
      else if (j < i) problems.push({ key: "warranty.returnBeforeShipment", where: [i + 1, j + 1] });
      else returned += r;
    }
    total += returned;
    if (inclusive !== "non-return" && isCount(sales) && returned > sales)
      problems.push({
        key: "warranty.returnsExceedSales",
        params: { returns: returned, sales },
        where: [i + 1, "sales"],
      });
  }
  const future = chart.futureSales ?? [];
  for (let m = 0; m < future.length; m++)
    if (!isCount(future[m])) problems.push({ key: "warranty.futureSalesInvalid", where: ["future", m + 1] });
  if (!problems.length && total === 0) problems.push({ key: "warranty.noReturns" });
  return problems;
}
