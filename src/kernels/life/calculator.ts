// The quick calculation pad: quantities read from a fitted model, each with bounds. Fisher bounds need only the
// model; likelihood-ratio bounds need the data again (columns) and are exact profiles for reliability and
// time (B-life), extremes over a 360-point contour of the LR region for the other quantities.

import { LIMITS, withinLimit } from "../../shared/constants.ts";
import {
  boundsZ,
  evaluate,
  LikelihoodRatio,
  setModel,
  sideOf,
  supportsLikelihoodRatio,
  WHAT,
} from "./bounds.ts";
import { LifeSession } from "./kernel.ts";
import { issue, LifeInputError, type LifeIssue } from "./messages.ts";
import type { LifeBoundsType, LifeColumns, LifeFit, LifeModel, LifeSided } from "./types.ts";

export type CalculatorQuery =
  | { kind: "reliability"; time: number }
  | { kind: "unreliability"; time: number }
  | { kind: "conditionalReliability"; time: number; age: number }
  | { kind: "timeAtReliability"; reliability: number }
  | { kind: "bLife"; percent: number }
  | { kind: "meanLife" }
  | { kind: "failureRate"; time: number }
  | { kind: "pdf"; time: number };

export interface CalculatorOptions {
  /** Percent, within LIMITS.analysisConfidence; default 90. */
  confidence?: number;
  sided?: LifeSided;
  bounds?: LifeBoundsType;
  /** The data the fit came from; needed for likelihood-ratio bounds. */
  columns?: LifeColumns;
  groups?: number[];
}

export interface CalculatorResult {
  query: CalculatorQuery;
  value: number;
  lower: number | null;
  upper: number | null;
  /** Reliability queries: F = 1 - R computed on its own scale, with its bounds (a lower bound on R is an
   * upper bound on F, so one-sided bounds swap sides). */
  unreliability?: { value: number; lower: number | null; upper: number | null };
}

function checkQueries(queries: CalculatorQuery[], confidence: number): void {
  const issues: LifeIssue[] = [];
  if (!withinLimit(confidence, LIMITS.analysisConfidence))
    issues.push(issue("ciAnalysisRange", { option: "confidence" }));
  for (const q of queries) {
    if ("time" in q && !(Number.isFinite(q.time) && q.time > 0))
      issues.push(issue("valuePositive", { option: "time" }));
    if ("age" in q && !(Number.isFinite(q.age) && q.age >= 0))
      issues.push(issue("valuePositive", { option: "age" }));
    if ("reliability" in q && !(q.reliability > 0 && q.reliability < 1))
      issues.push(issue("reliabilityRange", { option: "reliability" }));
    if ("percent" in q && !(q.percent > 0 && q.percent < 100))
      issues.push(issue("reliabilityRange", { option: "percent" }));
  }
  if (issues.length) throw new LifeInputError(issues);
}

function whatOf(q: CalculatorQuery): { what: number; x: number; x2: number } {
  switch (q.kind) {
    case "reliability":
      return { what: WHAT.reliability, x: q.time, x2: 0 };
    case "unreliability":
      return { what: WHAT.unreliability, x: q.time, x2: 0 };
    case "conditionalReliability":
      return { what: WHAT.conditional, x: q.time, x2: q.age };
    case "timeAtReliability":
      return { what: WHAT.time, x: q.reliability, x2: 0 };
    case "bLife":
      return { what: WHAT.time, x: 1 - q.percent / 100, x2: 0 };
    case "meanLife":
      return { what: WHAT.mean, x: 0, x2: 0 };
    case "failureRate":
      return { what: WHAT.failureRate, x: q.time, x2: 0 };
    case "pdf":
      return { what: WHAT.pdf, x: q.time, x2: 0 };
  }
}

export async function calculate(
  fit: Pick<LifeFit, "distribution" | "model" | "method">,
  queries: CalculatorQuery[],
  options: CalculatorOptions,
): Promise<CalculatorResult[]> {
  const confidence = options.confidence ?? 90;
  const sided = options.sided ?? "two";
  const boundsType = options.bounds ?? "fisher";
  checkQueries(queries, confidence);
  const useLr = boundsType === "lr";
  if (useLr && (!supportsLikelihoodRatio(fit.distribution) || fit.method !== "mle"))
    throw new LifeInputError([issue(fit.method !== "mle" ? "life.lrNeedsMle" : "life.lrNeedsTwoParameters")]);
  if (useLr && !options.columns) throw new LifeInputError([issue("addDataPoint")]);
  const session =
    useLr && options.columns
      ? await LifeSession.open(options.columns, options.groups)
      : await LifeSession.empty();
  const k = session.k;
  try {
    const z = boundsZ(k, confidence, sided);
    const model: LifeModel = fit.model;
    const lr = useLr ? new LikelihoodRatio(session, model, z * z) : undefined;
    const contour = lr?.contour(360);
    return queries.map((query) => {
      const { what, x, x2 } = whatOf(query);
      setModel(session, model);
      const [value, fLower, fUpper] = evaluate(session, what, [x], z, x2);
      let lower = fLower;
      let upper = fUpper;
      if (lr && contour) {
        if (what === WHAT.reliability || what === WHAT.unreliability) {
          const both = lr.reliabilityBoth(x);
          [lower, upper] = what === WHAT.reliability ? both.reliability : both.unreliability;
        } else if (what === WHAT.time) {
          [lower, upper] = lr.time(x);
        } else {
          lower = value;
          upper = value;
          const zeroCov = new Array(model.internalCovariance.length).fill(0);
          for (let c = 0; c < contour.length; c += 2) {
            setModel(session, {
              ...model,
              internal: [contour[c], contour[c + 1], ...model.internal.slice(2)],
              internalCovariance: zeroCov,
            });
            const v = evaluate(session, what, [x], 0, x2)[0];
            if (v < lower) lower = v;
            if (v > upper) upper = v;
          }
        }
      }
      const side = sideOf(sided, lower, upper);
      const result: CalculatorResult = { query, value, lower: side.lower, upper: side.upper };
      if (what === WHAT.reliability) {
        // F beside R, each on its own scale (1 - R has no digits left where R rounds to 1).
        setModel(session, model);
        let [f, fl, fu] = evaluate(session, WHAT.unreliability, [x], z);
        if (lr) [fl, fu] = lr.reliabilityBoth(x).unreliability;
        const fSide = sideOf(sided === "lower" ? "upper" : sided === "upper" ? "lower" : "two", fl, fu);
        result.unreliability = { value: f, lower: fSide.lower, upper: fSide.upper };
      }
      return result;
    });
  } finally {
    session.free();
  }
}
