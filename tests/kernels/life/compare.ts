// Collects comparisons against reference values and fails once with every point out of tolerance, each with
// the case, the quantity, the result, the expected value and the tolerance. Also keeps the worst error seen.
import { scaledError } from "../../helpers/accuracy.ts";

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
    if (!(error <= rtol))
      this.failures.push(
        `${label}: got ${a}, expected ${expected}, error ${error.toExponential(2)} > ${rtol}`,
      );
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

/** Columns from a fixture's data object (null start = none). */
export function columnsOf(data: {
  end: number[] | number;
  start?: Array<number | null> | number | null;
  state?: number[] | number;
  quantity?: number[] | number;
}) {
  const list = <T>(v: T[] | T | undefined): T[] | undefined =>
    v === undefined ? undefined : Array.isArray(v) ? v : [v];
  const end = list(data.end) as number[];
  const start = list(data.start as Array<number | null> | undefined);
  const state = list(data.state);
  const quantity = list(data.quantity);
  return {
    end: Float64Array.from(end),
    start: start ? Float64Array.from(start, (v) => (v === null ? Number.NaN : v)) : undefined,
    state: state ? Int32Array.from(state) : undefined,
    quantity: quantity ? Float64Array.from(quantity) : undefined,
  };
}
