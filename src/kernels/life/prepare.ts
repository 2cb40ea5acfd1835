// Validation and classification of life-data columns (spec 5 and 8): every bad row is reported with its row
// number and a message key, nothing is dropped silently. Good rows become the kernel's four columns
// (end, start, weight, kind); rows outside the selected groups are left out, as asked.

import { LIMITS, withinLimit } from "../../shared/constants.ts";
import { issue, LifeInputError, type LifeIssue } from "./messages.ts";
import type { FitOptions, LifeColumns, LifeCounts } from "./types.ts";

export const KIND_EXACT = 0;
export const KIND_RIGHT = 1;
export const KIND_LEFT = 2;
export const KIND_INTERVAL = 3;

/** At most this many row issues are listed; the count says how many there were. */
const MAX_LISTED_ISSUES = 200;

export interface PreparedRows {
  n: number;
  end: Float64Array;
  start: Float64Array;
  weight: Float64Array;
  kind: Int32Array;
  /** Index in the caller's columns of each prepared row. */
  source: Int32Array;
  counts: LifeCounts;
  /** Smallest and largest time of any row (interval starts included, start 0 excluded). */
  minTime: number;
  maxTime: number;
}

export interface ValidationResult {
  issues: LifeIssue[];
  /** Number of row issues found (may exceed issues.length). */
  issueCount: number;
  prepared?: PreparedRows;
}

/** Checks every row and, when all are valid, returns the kernel columns. */
export function validateColumns(columns: LifeColumns, groups?: number[]): ValidationResult {
  const issues: LifeIssue[] = [];
  let issueCount = 0;
  const add = (i: LifeIssue) => {
    issueCount++;
    if (issues.length < MAX_LISTED_ISSUES) issues.push(i);
  };
  const { end, start, state, quantity, group } = columns;
  const n = end?.length ?? 0;
  for (const [name, col] of [
    ["start", start],
    ["state", state],
    ["quantity", quantity],
    ["group", group],
  ] as const) {
    if (col && col.length !== n) add(issue("life.columnLength", { column: name }));
  }
  if (issueCount > 0) return { issues, issueCount };
  const selected = groups && group ? new Set(groups) : undefined;
  const out = {
    end: new Float64Array(n),
    start: new Float64Array(n),
    weight: new Float64Array(n),
    kind: new Int32Array(n),
    source: new Int32Array(n),
  };
  const counts: LifeCounts = {
    failures: 0,
    suspensions: 0,
    intervals: 0,
    leftCensored: 0,
    rows: 0,
    units: 0,
  };
  let m = 0;
  let minTime = Number.POSITIVE_INFINITY;
  let maxTime = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    if (selected && group && !selected.has(group[i])) continue;
    const row = i + 1;
    const t = end[i];
    const q = quantity ? quantity[i] : 1;
    const f = state ? state[i] : 1;
    const s = start ? start[i] : Number.NaN;
    let bad = false;
    if (!(Number.isFinite(t) && t > 0)) {
      add(issue("valuePositive", { row, column: "end" }));
      bad = true;
    }
    if (!(Number.isFinite(q) && q > 0)) {
      add(issue("life.quantityInvalid", { row, column: "quantity" }));
      bad = true;
    }
    if (f !== 0 && f !== 1) {
      add(issue("life.stateInvalid", { row, column: "state" }));
      bad = true;
    }
    let kind = f === 0 ? KIND_RIGHT : KIND_EXACT;
    if (f === 1 && !Number.isNaN(s)) {
      if (!(Number.isFinite(s) && s >= 0)) {
        add(issue("life.startNotNumber", { row, column: "start" }));
        bad = true;
      } else if (s > t) {
        add(issue("life.startAfterEnd", { row, column: "start" }));
        bad = true;
      } else if (s === 0) kind = KIND_LEFT;
      else if (s < t) kind = KIND_INTERVAL;
    }
    if (bad) continue;
    out.end[m] = t;
    out.start[m] = kind === KIND_INTERVAL ? s : Number.NaN;
    out.weight[m] = q;
    out.kind[m] = kind;
    out.source[m] = i;
    m++;
    counts.rows++;
    counts.units += q;
    if (kind === KIND_RIGHT) counts.suspensions += q;
    else counts.failures += q;
    if (kind === KIND_INTERVAL) counts.intervals += q;
    if (kind === KIND_LEFT) counts.leftCensored += q;
    const lo = kind === KIND_INTERVAL ? s : t;
    if (lo < minTime) minTime = lo;
    if (t > maxTime) maxTime = t;
  }
  if (issueCount > 0) return { issues, issueCount };
  if (m === 0) {
    add(issue("addDataPoint"));
    return { issues, issueCount };
  }
  return {
    issues,
    issueCount,
    prepared: {
      n: m,
      end: out.end.subarray(0, m),
      start: out.start.subarray(0, m),
      weight: out.weight.subarray(0, m),
      kind: out.kind.subarray(0, m),
      source: out.source.subarray(0, m),
      counts,
      minTime,
      maxTime,
    },
  };
}

export interface NormalisedOptions {
  confidence: number;
  z: number;
  level: number;
}

/** Spec 5: the analysis CI and the fixed beta within their LIMITS; `at` times above 0. */
export function checkOptions(options: FitOptions): void {
  const issues: LifeIssue[] = [];
  const ci = options.confidence ?? 90;
  if (!withinLimit(ci, LIMITS.analysisConfidence))
    issues.push(issue("ciAnalysisRange", { option: "confidence" }));
  if (options.distribution === "weibull1p") {
    const b = options.beta;
    if (b === undefined || !withinLimit(b, LIMITS.beta)) issues.push(issue("betaRange", { option: "beta" }));
  }
  for (const t of options.at ?? []) {
    if (!(Number.isFinite(t) && t > 0)) {
      issues.push(issue("valuePositive", { option: "at" }));
      break;
    }
  }
  if (issues.length) throw new LifeInputError(issues);
}
