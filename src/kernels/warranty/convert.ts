// The Nevada chart as life data. Cohort i (shipment period i, 1-based) is observed for P + 1 - i periods, P the
// last return column; its returns in column j are failures at age a = j + 1 - i periods.
// - Exact age (Weibull++, ReliaSoft "Warranty Data Analysis"): a failure at time a.
// - Interval (Minitab "Pre-Process Warranty Data", JMP "Reliability Forecast"): a failure in (a - 1, a]; for
//   a = 1 that is (0, 1], i.e. left-censored at 1.
// Survivors are right-censored at their current age in both. The variants differ in the population: the
// return-inclusive shipped count already holds the returned units (survivors = sales - returns), the
// non-return-inclusive one does not (population = sales + returns, survivors = sales).
// Failures at the same age and state are one row with a quantity, so the fit costs O(unique ages).
import type { LifeColumns } from "../life/types.ts";
import type { Cohort, NevadaChart, WarrantyConvention, WarrantyInclusive, WarrantyLifeRow } from "./model.ts";
import { isBlank } from "./validate.ts";

export interface Converted {
  cohorts: Cohort[];
  /** returnsAt[i][a - 1]: cohort i's returns at age a. */
  returnsAt: Float64Array[];
  lifeData: WarrantyLifeRow[];
  columns: LifeColumns;
  /** The number of return columns, P. */
  observed: number;
}

export function convertNevada(
  chart: NevadaChart,
  inclusive: WarrantyInclusive,
  convention: WarrantyConvention,
  increment: number,
): Converted {
  const S = chart.sales.length;
  const P = chart.returns.reduce((m, r) => Math.max(m, r.length), 0);
  const cohorts: Cohort[] = [];
  const returnsAt: Float64Array[] = [];
  const failuresByAge = new Float64Array(P + 1);
  const rows: WarrantyLifeRow[] = [];
  for (let i = 0; i < S; i++) {
    const age = P - i;
    const byAge = new Float64Array(Math.max(age, 0));
    const row = chart.returns[i] ?? [];
    let returned = 0;
    for (let j = i; j < row.length; j++) {
      const r = row[j];
      if (isBlank(r) || r === 0) continue;
      byAge[j - i] += r;
      failuresByAge[j + 1 - i] += r;
      returned += r;
    }
    const sales = chart.sales[i];
    const population = inclusive === "return" ? sales : sales + returned;
    cohorts.push({
      period: i + 1,
      sales,
      returns: returned,
      population,
      survivors: population - returned,
      age,
    });
    returnsAt.push(byAge);
  }
  for (let a = 1; a <= P; a++)
    if (failuresByAge[a] > 0)
      rows.push({
        state: "F",
        start: convention === "interval" ? (a - 1) * increment : null,
        end: a * increment,
        quantity: failuresByAge[a],
      });
  // Survivors of cohorts of equal age are one row; cohorts not yet observed (age 0) carry no data.
  const survivorsByAge = new Float64Array(P + 1);
  for (const c of cohorts) if (c.age >= 1) survivorsByAge[c.age] += c.survivors;
  for (let a = P; a >= 1; a--)
    if (survivorsByAge[a] > 0)
      rows.push({ state: "S", start: null, end: a * increment, quantity: survivorsByAge[a] });
  const columns: LifeColumns = {
    end: Float64Array.from(rows, (r) => r.end),
    state: Int32Array.from(rows, (r) => (r.state === "F" ? 1 : 0)),
    quantity: Float64Array.from(rows, (r) => r.quantity),
  };
  if (convention === "interval") columns.start = Float64Array.from(rows, (r) => r.start ?? Number.NaN);
  return { cohorts, returnsAt, lifeData: rows, columns, observed: P };
}
