// Plotting positions: rows sorted by time (failures before suspensions at equal times), Johnson's adjusted
// ranks for suspensions (increment (N + 1 - previous) / (1 + units at or after the row)), then median ranks:
// exact Beta^-1(0.5; O, N - O + 1) (works for non-integer O), Benard (O - 0.3) / (N + 0.4), or Kaplan-Meier.
// Grouped rows (quantity q) give one point at the cumulative adjusted rank after their q units, as Weibull++
// plots grouped data. Interval rows are placed at their midpoint and left-censored rows at their end time.
import { sortF64WithIndex } from "../math/sort";
import { medianRank } from "./medianrank";
import { KIND_INTERVAL, KIND_RIGHT, rowCount, rowEnd, rowKind, rowStart, rowWeight } from "./data";

export const RANKS_EXACT: i32 = 0;
export const RANKS_BENARD: i32 = 1;
export const RANKS_KAPLAN_MEIER: i32 = 2;

@inline function plotTime(i: i32, k: i32): f64 {
  if (k == KIND_INTERVAL) return 0.5 * (rowStart(i) + rowEnd(i));
  return rowEnd(i);
}

/**
 * Writes, for each failure row in time order, its plotting time, unreliability F and adjusted rank (NaN for
 * Kaplan-Meier) to outTime, outF, outRank, and its row index to outRow. Returns the number of points.
 */
export function plottingPositions(method: i32, outTime: usize, outF: usize, outRank: usize, outRow: usize): i32 {
  const n = rowCount;
  if (n == 0) return 0;
  const un = <usize>n;
  const keys = heap.alloc(un << 3);
  const order = heap.alloc(un << 2);
  const index = heap.alloc(un << 2);
  // Failures first so that the stable sort keeps them ahead of suspensions at the same time.
  let m = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < n; i++) {
      const suspended = rowKind(i) == KIND_RIGHT;
      if (suspended != (pass == 1)) continue;
      store<f64>(keys + (<usize>m << 3), plotTime(i, rowKind(i)));
      store<i32>(order + (<usize>m << 2), i);
      m++;
    }
  }
  sortF64WithIndex(keys, index, n);
  let total: f64 = 0;
  for (let i = 0; i < n; i++) total += rowWeight(i);
  let lastIsFailure = false;
  if (n > 0) {
    const lastRow = load<i32>(order + (<usize>load<i32>(index + ((un - 1) << 2)) << 2));
    lastIsFailure = rowKind(lastRow) != KIND_RIGHT;
  }
  let before: f64 = 0;
  let previous: f64 = 0;
  let km: f64 = 1;
  let points = 0;
  for (let s = 0; s < n; s++) {
    const row = load<i32>(order + (<usize>load<i32>(index + (<usize>s << 2)) << 2));
    const k = rowKind(row);
    const w = rowWeight(row);
    if (k != KIND_RIGHT) {
      const atRisk = total - before;
      const increment = (total + 1 - previous) / (1 + atRisk);
      const rank = previous + w * increment;
      previous = rank;
      let f: f64;
      if (method == RANKS_KAPLAN_MEIER) {
        // When the largest time is a failure the plain estimate reaches F = 1 (an infinite plotting position);
        // then the modified estimator of the NIST/SEMATECH e-Handbook 8.2.1.5 is used throughout.
        if (lastIsFailure) km *= (atRisk + 0.7 - w) / (atRisk + 0.7);
        else km *= 1 - w / atRisk;
        f = lastIsFailure ? 1 - ((total + 0.7) / (total + 0.4)) * km : 1 - km;
      } else if (method == RANKS_BENARD) {
        f = (rank - 0.3) / (total + 0.4);
      } else {
        f = medianRank(rank, total);
      }
      store<f64>(outTime + (<usize>points << 3), plotTime(row, k));
      store<f64>(outF + (<usize>points << 3), f);
      store<f64>(outRank + (<usize>points << 3), method == RANKS_KAPLAN_MEIER ? NaN : rank);
      store<i32>(outRow + (<usize>points << 2), row);
      points++;
    }
    before += w;
  }
  heap.free(keys);
  heap.free(order);
  heap.free(index);
  return points;
}
