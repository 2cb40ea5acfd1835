// Tracking against the plan (MIL-HDBK-189C section 5.3): at each phase end the demonstrated instantaneous
// MTBF, from the Crow-AMSAA fit of every failure up to that time (time-terminated there), beside the
// phase's planned MTBF; a phase that ends below its target is flagged.

export interface TrackedPhase {
  end: number;
  planned: number;
  failures: number;
  /** NaN when fewer than two failures fall before the phase end (no power-law fit). */
  demonstrated: number;
  /** The demonstrated MTBF is known and below the plan. */
  belowPlan: boolean;
}

/** `times` sorted ascending; `phases` with ascending ends. Closed forms of Crow (1974) for one system. */
export function trackAgainstPlan(
  times: readonly number[],
  phases: readonly { end: number; mtbf: number }[],
): TrackedPhase[] {
  return phases.map(({ end, mtbf }) => {
    let n = 0;
    let sum = 0;
    for (const x of times) {
      if (x > end) break;
      n++;
      sum += Math.log(end / x);
    }
    let demonstrated = Number.NaN;
    if (n >= 2 && sum > 0) {
      const beta = n / sum;
      const lambda = n / end ** beta;
      demonstrated = 1 / (lambda * beta * end ** (beta - 1));
    }
    return { end, planned: mtbf, failures: n, demonstrated, belowPlan: demonstrated < mtbf };
  });
}
