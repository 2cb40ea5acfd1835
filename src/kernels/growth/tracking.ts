// Tracking against the plan (MIL-HDBK-189C section 5.3): at each phase end the demonstrated instantaneous
// MTBF, from the Crow-AMSAA fit of the data observed by then, beside the phase's planned MTBF; a phase that
// ends below its target is flagged. One rule for both kinds of data: the fit is evaluated at the last time
// by the phase end at which every failure before it is known. Individual times are observed continuously,
// so that is the phase end itself, or the end of test while the test has not reached it (the fit
// time-terminated there, Crow 1974's closed forms; several prototypes each to min(its end, that time), Crow
// 1974's several-systems MLE, per system as the fit gives it). Grouped counts are known only at interval ends, so it is
// the last interval end by the phase end: the failures of an interval the phase end cuts may fall on either
// side of it (the grouped MLE of MIL-HDBK-189 section 5.3 over the intervals up to there). A phase in which
// no such time falls (not reached, or no interval ends in it) has no demonstrated MTBF.
import { groupedMle, systemsFit } from "./crow-amsaa.ts";
import type { GrowthData } from "./model.ts";

export interface TrackedPhase {
  end: number;
  planned: number;
  /** The time the demonstrated MTBF is given at (see above); NaN when the phase holds none. */
  at: number;
  /** Failures observed by `at` (by the end of data when the phase holds no such time). */
  failures: number;
  /** NaN when the phase holds no time to give it at, or the data by then have no power-law fit. */
  demonstrated: number;
  /** The demonstrated MTBF is known and below the plan. */
  belowPlan: boolean;
}

/** The instantaneous MTBF 1 / (lambda beta t^(beta - 1)) of a power-law fit at its end t. */
function instantaneousMtbf(lambda: number, beta: number, t: number): number {
  return 1 / (lambda * beta * t ** (beta - 1));
}

/**
 * `data` valid (validateGrowthData), with one prototype's individual times sorted ascending (several
 * prototypes' in the order the fit takes them); `phases` with ascending ends. Several prototypes: at a
 * time t each prototype is known to min(T_q, t), and the demonstrated MTBF is the several-systems fit's per
 * system at the longest of those ends, as the fit reports it (ARCHITECTURE.md, tracking against the plan).
 */
export function trackAgainstPlan(
  data: GrowthData,
  phases: readonly { end: number; mtbf: number }[],
): TrackedPhase[] {
  let previous = 0;
  return phases.map(({ end, mtbf }) => {
    const tracked = demonstratedBy(data, end, previous);
    previous = end;
    return { end, planned: mtbf, ...tracked, belowPlan: tracked.demonstrated < mtbf };
  });
}

function demonstratedBy(
  data: GrowthData,
  end: number,
  previous: number,
): { at: number; failures: number; demonstrated: number } {
  if (data.kind === "grouped") {
    let kk = 0;
    while (kk < data.ends.length && data.ends[kk] <= end) kk++;
    const { beta, lambda, failures } = groupedMle(data.ends, data.counts, kk);
    const at = kk > 0 && data.ends[kk - 1] > previous ? data.ends[kk - 1] : Number.NaN;
    return { at, failures, demonstrated: at > 0 ? instantaneousMtbf(lambda, beta, at) : Number.NaN };
  }
  // Each prototype's failures by `by` and its end cut to min(T_q, by): the data known then is the same
  // several-systems model over the shorter ends (Crow 1974), so the fit's own code (systemsFit) gives it.
  const { times, prototype } = data;
  const timeTerminated = data.termination === "time";
  const given = timeTerminated ? (data.ends ?? []) : [];
  let testEnd = times[times.length - 1];
  for (const t of given) testEnd = Math.max(testEnd, t);
  const by = Math.min(end, testEnd);
  // Summed in the data's order, the fit's, so that at the end of test the sums are the fit's bit for bit.
  let n = 0;
  let sumLnX = 0;
  for (let i = 0; i < times.length; i++) {
    if (times[i] <= by) {
      n++;
      sumLnX += Math.log(times[i]);
    } else if (!prototype) break; // one prototype's times are sorted
  }
  if (!(by > previous)) return { at: Number.NaN, failures: n, demonstrated: Number.NaN };
  const ends = new Float64Array(Math.max(given.length, 1));
  let kept = 0;
  if (given.length > 1)
    for (const t of given) {
      const cut = Math.min(t, by);
      if (cut > 0) ends[kept++] = cut; // a prototype without test time by then adds nothing
    }
  else ends[kept++] = by;
  if (n < 2) return { at: by, failures: n, demonstrated: Number.NaN };
  const { beta, intensity } = systemsFit({ n, ends: ends.subarray(0, kept), sumLnX });
  const demonstrated = Number.isFinite(beta) && beta > 0 ? 1 / intensity : Number.NaN;
  return { at: by, failures: n, demonstrated };
}
