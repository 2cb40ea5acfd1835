import { expect } from "vitest";

/** |got - expected| <= relTol·|expected|, printing both values, the difference and the tolerance. */
export function expectClose(got: number, expected: number, relTol: number, what: string): void {
  const diff = Math.abs(got - expected);
  const tol = relTol * Math.abs(expected);
  if (!(diff <= tol))
    expect.fail(
      `${what}: got ${got}, expected ${expected}, |diff| ${diff.toExponential(3)} > tol ${tol.toExponential(3)} (rel ${relTol})`,
    );
}
