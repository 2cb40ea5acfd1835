// The warranty (Nevada chart) analysis's inputs and results. The option names are shared with the stored
// analysis and the app (src/shared/schemas/warranty.ts), written once there.
import {
  WARRANTY_CONVENTIONS,
  WARRANTY_INCLUSIVE,
  WARRANTY_ROUNDING,
  type WarrantyConvention,
  type WarrantyInclusive,
  type WarrantyRounding,
} from "../../shared/schemas/warranty.ts";
import type { FitOptions, LifeFit, LifeMethod } from "../life/types.ts";

export type { WarrantyConvention, WarrantyInclusive, WarrantyRounding };
export { WARRANTY_CONVENTIONS, WARRANTY_INCLUSIVE, WARRANTY_ROUNDING };

/**
 * A Nevada chart. Shipment period i (0-based) shipped `sales[i]` units; `returns[i][j]` units of that shipment
 * came back in return column j, the period after shipment period j (Jun, Jul, Aug shipments against Jul, Aug,
 * Sep returns), so cell (i, j) holds the returns at age j + 1 - i periods and cells j < i stay empty (null, NaN
 * or 0). The last return column is the last period observed. `futureSales[m]` units are shipped m + 1 periods
 * after the later of the last sales row and the last observed period, and enter only the forecast.
 */
export interface NevadaChart {
  sales: ArrayLike<number>;
  returns: ReadonlyArray<ArrayLike<number | null>>;
  futureSales?: ArrayLike<number>;
}

export interface WarrantyOptions {
  /** "return" (default): the shipped count includes the units later returned, survivors = sales - returns;
   * "non-return": returns are counted apart from the shipped count, survivors = sales. */
  inclusive?: WarrantyInclusive;
  /** "exact-age" (default, Weibull++): returns at age k are failures at time k; "interval" (Minitab, JMP):
   * failures in (k - 1, k]. Survivors are suspended at their current age in both. */
  convention?: WarrantyConvention;
  /** Life distribution; default weibull2p. */
  distribution?: FitOptions["distribution"];
  method?: LifeMethod;
  /** Confidence in percent for the fit's bounds and the forecast's intervals; default 95 (Minitab's). */
  confidence?: number;
  /** Time units per period (ages are periods times the increment); default 1. */
  increment?: number;
  /** Periods to forecast after the last observed one; default 1. */
  forecast?: number;
  /** How the rounded forecast counts are made; default "round". */
  rounding?: WarrantyRounding;
}

export interface WarrantyLifeRow {
  state: "F" | "S";
  /** Interval convention: the start of the failure interval (0: left-censored at `end`); absent otherwise. */
  start: number | null;
  end: number;
  quantity: number;
}

export interface CountInterval {
  expected: number;
  /** Exact Poisson interval of a count with that mean, two-sided at the confidence. */
  lower: number;
  upper: number;
  /** expected, lower and upper rounded by the rounding type. */
  rounded: { expected: number; lower: number; upper: number };
}

export interface ForecastPeriod extends CountInterval {
  /** 1 = the first period after the last observed one. */
  period: number;
  /** From the shipped cohorts' survivors, and from the future sales. */
  shipped: number;
  future: number;
}

export interface TrackedPeriod {
  /** The return column, 1 = the first. */
  period: number;
  observed: number;
  expected: number;
  lower: number;
  upper: number;
  /** Observed above the upper bound. */
  flagged: boolean;
}

export interface Cohort {
  /** Shipment period, 1 = the first sales row. */
  period: number;
  sales: number;
  returns: number;
  /** Units at risk at shipment: sales (return-inclusive) or sales + returns (non-return-inclusive). */
  population: number;
  survivors: number;
  /** Periods observed: the last observed period minus the shipment period. */
  age: number;
  /** Returns expected from this shipment in the first period forecast (set with the forecast). */
  nextPeriod?: number;
}

export interface WarrantyResult {
  inclusive: WarrantyInclusive;
  convention: WarrantyConvention;
  increment: number;
  confidence: number;
  rounding: WarrantyRounding;
  cohorts: Cohort[];
  lifeData: WarrantyLifeRow[];
  fit: LifeFit;
  forecast: ForecastPeriod[];
  forecastTotal: CountInterval;
  tracking: TrackedPeriod[];
}
