// The one way tests compare numbers with references: relative error with a floor below which it turns
// absolute (`scaledError`), a tolerance `{ rtol, floor?, atol? }` (`isClose`), and collectors that list every
// failing point with its inputs, result, expected value and tolerance (`checkCases`, `Comparison`).
import { readFileSync } from "node:fs";

/** A fixture number: JSON numbers, or the strings "Inf", "-Inf", "NaN" the R scripts write. */
export function fixtureNumber(v: unknown): number {
  if (typeof v === "number") return v;
  if (v === "Inf") return Number.POSITIVE_INFINITY;
  if (v === "-Inf") return Number.NEGATIVE_INFINITY;
  if (v === "NaN" || v === "NA") return Number.NaN;
  throw new Error(`not a fixture number: ${JSON.stringify(v)}`);
}

export function readFixture<T = Record<string, unknown>>(relativePath: string): T {
  return JSON.parse(readFileSync(new URL(`../fixtures/${relativePath}`, import.meta.url), "utf8")) as T;
}

export interface Tolerance {
  /** Allowed |actual - expected| / max(|expected|, floor). */
  rtol: number;
  /** Below this magnitude the tolerance is absolute (rtol * floor); default: the smallest normal double. */
  floor?: number;
  /** Added to the allowed difference, for references that carry an absolute rounding (default 0). */
  atol?: number;
}

/** The error measure the tolerance bounds; 0 when both are the same non-finite value. */
export function scaledError(actual: number, expected: number, floor = 2.2250738585072014e-308): number {
  if (Number.isNaN(expected)) return Number.isNaN(actual) ? 0 : Number.POSITIVE_INFINITY;
  if (!Number.isFinite(expected)) return actual === expected ? 0 : Number.POSITIVE_INFINITY;
  if (!Number.isFinite(actual)) return Number.POSITIVE_INFINITY;
  return Math.abs(actual - expected) / Math.max(Math.abs(expected), floor);
}

/**
 * |actual - expected| <= rtol * max(|expected|, floor) + atol; NaN matches NaN and an infinity itself, and
 * nothing else matches a non-finite reference.
 */
export function isClose(actual: number, expected: number, tolerance: Tolerance): boolean {
  if (!Number.isFinite(expected) || !Number.isFinite(actual))
    return scaledError(actual, expected, tolerance.floor) === 0;
  const allowed =
    tolerance.rtol * Math.max(Math.abs(expected), tolerance.floor ?? 2.2250738585072014e-308) +
    (tolerance.atol ?? 0);
  return Math.abs(actual - expected) <= allowed;
}

/** One line for a value out of tolerance. */
export function mismatch(label: string, actual: number, expected: number, tolerance: Tolerance): string {
  const error = scaledError(actual, expected, tolerance.floor);
  const allowed = `rtol ${tolerance.rtol}${tolerance.atol ? ` + atol ${tolerance.atol}` : ""}`;
  return `${label}: got ${actual}, expected ${expected}, relative error ${error.toExponential(2)} > ${allowed}`;
}

export interface Case {
  inputs: readonly number[];
  expected: number;
}

/**
 * Evaluates `fn` at every case and throws one error listing every point outside the tolerance.
 * Returns the worst scaled error, so a test can also assert it was measured.
 */
export function checkCases(
  label: string,
  cases: readonly Case[],
  fn: (...inputs: number[]) => number,
  tolerance: Tolerance,
): number {
  const failures: string[] = [];
  let worst = 0;
  for (const c of cases) {
    const actual = fn(...c.inputs);
    const error = scaledError(actual, c.expected, tolerance.floor);
    worst = Math.max(worst, error);
    if (!isClose(actual, c.expected, tolerance))
      failures.push(
        `${label}(${c.inputs.join(", ")}) = ${actual}, expected ${c.expected}, error ${error.toExponential(2)} > ${tolerance.rtol}`,
      );
  }
  if (failures.length > 0)
    throw new Error(`${failures.length} of ${cases.length} points out of tolerance:\n${failures.join("\n")}`);
  return worst;
}

/** Fixture rows [input..., expected] to cases; `column` picks the expected value's column. */
export function rowsToCases(rows: unknown[][], inputs: number, column = inputs): Case[] {
  return rows.map((row) => ({
    inputs: row.slice(0, inputs).map(fixtureNumber),
    expected: fixtureNumber(row[column]),
  }));
}

/**
 * Collects comparisons against reference values and fails once with every point out of tolerance, each with
 * the case, the quantity, the result, the expected value and the tolerance. Keeps the worst error seen, also
 * over the collectors merged into it (`add`), for a summary line.
 */
export class Comparison {
  private failures: string[] = [];
  worst = 0;
  worstLabel = "";
  count = 0;

  constructor(readonly title: string) {}

  /** Relative error |a - e| / max(|e|, floor) must not exceed rtol. */
  close(
    label: string,
    actual: number | null | undefined,
    expected: number,
    rtol: number,
    floor = 1e-300,
  ): void {
    this.count++;
    const a = actual ?? Number.NaN;
    const error = scaledError(a, expected, floor);
    if (error > this.worst) {
      this.worst = error;
      this.worstLabel = label;
    }
    if (!isClose(a, expected, { rtol, floor }))
      this.failures.push(mismatch(label, a, expected, { rtol, floor }));
  }

  /** Counts another collector's comparisons and worst error in this one's summary (not its failures). */
  add(other: Comparison): void {
    this.count += other.count;
    if (other.worst > this.worst) {
      this.worst = other.worst;
      this.worstLabel = other.worstLabel;
    }
  }

  check(): void {
    if (this.failures.length > 0)
      throw new Error(
        `${this.title}: ${this.failures.length} of ${this.count} values out of tolerance\n${this.failures.join("\n")}`,
      );
  }

  summary(): string {
    return `${this.title}: ${this.count} values, worst relative error ${this.worst.toExponential(2)} (${this.worstLabel})`;
  }
}
