// Comparing kernel results with reference fixtures: relative error with an absolute floor, every failing
// point listed with its inputs, result, expected value and tolerance.
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
}

/** The error measure the tolerance bounds; 0 when both are the same non-finite value. */
export function scaledError(actual: number, expected: number, floor = 2.2250738585072014e-308): number {
  if (Number.isNaN(expected)) return Number.isNaN(actual) ? 0 : Number.POSITIVE_INFINITY;
  if (!Number.isFinite(expected)) return actual === expected ? 0 : Number.POSITIVE_INFINITY;
  if (!Number.isFinite(actual)) return Number.POSITIVE_INFINITY;
  return Math.abs(actual - expected) / Math.max(Math.abs(expected), floor);
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
    if (!(error <= tolerance.rtol))
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
