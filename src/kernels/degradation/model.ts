// Degradation analysis: inputs, options and results (src/kernels/degradation.ts). Spec 3's degradation unit is
// (id, measure value, test time); a data set is its measurements column-wise.

import {
  DEGRADATION_DIRECTIONS,
  DEGRADATION_MAX_MEASUREMENTS,
  DEGRADATION_MODELS,
} from "../../shared/schemas/degradation.ts";
import type { FitOptions, LifeFit } from "../life/types.ts";

// The option names are one rule shared with stored analyses and the app (src/shared/schemas/degradation.ts).
export { DEGRADATION_DIRECTIONS, DEGRADATION_MAX_MEASUREMENTS, DEGRADATION_MODELS };
export type DegradationModel = (typeof DEGRADATION_MODELS)[number];

/** Each model's parameter names in output order, its formula, and what its columns must satisfy. */
export const MODEL_INFO: Record<
  DegradationModel,
  { parameters: string[]; formula: string; positiveTime: boolean; positiveValue: boolean; minTimes: number }
> = {
  linear: {
    parameters: ["a", "b"],
    formula: "y = a t + b",
    positiveTime: false,
    positiveValue: false,
    minTimes: 2,
  },
  exponential: {
    parameters: ["a", "b"],
    formula: "y = b e^(a t)",
    positiveTime: false,
    positiveValue: true,
    minTimes: 2,
  },
  power: {
    parameters: ["a", "b"],
    formula: "y = b t^a",
    positiveTime: true,
    positiveValue: true,
    minTimes: 2,
  },
  logarithmic: {
    parameters: ["a", "b"],
    formula: "y = a ln(t) + b",
    positiveTime: true,
    positiveValue: false,
    minTimes: 2,
  },
  gompertz: {
    parameters: ["a", "b", "c"],
    formula: "y = a b^(c^t)",
    positiveTime: false,
    positiveValue: true,
    minTimes: 3,
  },
  "lloyd-lipow": {
    parameters: ["a", "b"],
    formula: "y = a - b / t",
    positiveTime: true,
    positiveValue: false,
    minTimes: 2,
  },
  quadratic: {
    parameters: ["a", "b", "c"],
    formula: "y = a t^2 + b t + c",
    positiveTime: false,
    positiveValue: false,
    minTimes: 3,
  },
};

export type DegradationDirection = (typeof DEGRADATION_DIRECTIONS)[number];

/** Measurements column-wise: row i is unit `unit[i]` measured `value[i]` at test time `time[i]`. */
export interface DegradationData {
  unit: readonly string[];
  time: Float64Array;
  value: Float64Array;
}

export interface DegradationOptions {
  model: DegradationModel;
  /** The critical value of the measure. */
  threshold: number;
  /** "up": a unit fails when its measure rises to the threshold; "down": when it falls to it. Default "up". */
  direction?: DegradationDirection;
  /** Units whose path reaches the threshold after this time, or never, are suspended at it. */
  limit?: number;
  /** The life fit of the pseudo failure times (every option of fitLife). */
  life: FitOptions;
}

export interface DegradationUnit {
  id: string;
  /** The model's parameters by name (MODEL_INFO[model].parameters). */
  parameters: Record<string, number>;
  /** R squared of the least-squares problem solved (on the linearised scale for exponential, power, Lloyd-Lipow). */
  rSquared: number;
  /** The pseudo failure time, or for a suspended unit its suspension time (the limit, else its last measurement). */
  pseudoFailureTime: number;
  suspended: boolean;
  /** Where the fitted path reaches the threshold in the failure direction; null when it never does. */
  crossingTime: number | null;
  measurements: number;
  /** Residual sum of squares on the fitted scale. */
  residualSumOfSquares: number;
}

export interface DegradationResult {
  model: DegradationModel;
  threshold: number;
  direction: DegradationDirection;
  limit: number | null;
  units: DegradationUnit[];
  failures: number;
  suspensions: number;
  fit: LifeFit;
}

/** A fitted path's value at time t (the plots draw the paths from the units' parameters). */
export function pathValue(model: DegradationModel, p: Record<string, number>, t: number): number {
  switch (model) {
    case "linear":
      return p.a * t + p.b;
    case "exponential":
      return p.b * Math.exp(p.a * t);
    case "power":
      return p.b * t ** p.a;
    case "logarithmic":
      return p.a * Math.log(t) + p.b;
    case "gompertz":
      return p.a * p.b ** (p.c ** t);
    case "lloyd-lipow":
      return p.a - p.b / t;
    case "quadratic":
      return (p.a * t + p.b) * t + p.c;
  }
}
