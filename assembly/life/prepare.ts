// Classification of raw columns into the kernel's rows, in one pass (the JavaScript loop over 400,000 rows cost
// more than the fit). A row is valid when end > 0, quantity > 0, state is 0 or 1 and an F row's start is absent
// (NaN), 0 (left-censored) or in (0, end] (interval; start = end is an exact failure). Any invalid row makes the
// call return -1: the TypeScript validator then lists every problem with its row number.
import { KIND_EXACT, KIND_INTERVAL, KIND_LEFT, KIND_RIGHT } from "./data";

@inline function inGroups(g: i32, groups: usize, count: i32): bool {
  for (let j = 0; j < count; j++) if (load<i32>(groups + (<usize>j << 2)) == g) return true;
  return false;
}

/**
 * Inputs (pointer 0 = column absent): end f64, start f64, state i32, quantity f64, group i32, and the selected
 * groups (i32 list; count < 0 = all rows). Writes the kept rows to outEnd, outStart, outWeight (f64), outKind and
 * outSource (i32, the input row index). Returns the number of rows kept, or -1 if any row is invalid.
 */
export function prepareRows(
  endIn: usize,
  startIn: usize,
  stateIn: usize,
  quantityIn: usize,
  groupIn: usize,
  groups: usize,
  groupCount: i32,
  n: i32,
  outEnd: usize,
  outStart: usize,
  outWeight: usize,
  outKind: usize,
  outSource: usize,
): i32 {
  let m = 0;
  let bad = false;
  for (let i = 0; i < n; i++) {
    const o = <usize>i;
    if (groupCount >= 0 && groupIn != 0 && !inGroups(load<i32>(groupIn + (o << 2)), groups, groupCount)) continue;
    const t = load<f64>(endIn + (o << 3));
    const q = quantityIn != 0 ? load<f64>(quantityIn + (o << 3)) : 1.0;
    const f = stateIn != 0 ? load<i32>(stateIn + (o << 2)) : 1;
    const s = startIn != 0 ? load<f64>(startIn + (o << 3)) : NaN;
    // Comparisons written so that NaN fails them.
    if (!(t > 0 && t < Infinity) || !(q > 0 && q < Infinity) || (f != 0 && f != 1)) {
      bad = true;
      continue;
    }
    let kind = f == 0 ? KIND_RIGHT : KIND_EXACT;
    if (f == 1 && !isNaN(s)) {
      if (!(s >= 0 && s <= t)) {
        bad = true;
        continue;
      }
      if (s == 0) kind = KIND_LEFT;
      else if (s < t) kind = KIND_INTERVAL;
    }
    const p = <usize>m;
    store<f64>(outEnd + (p << 3), t);
    store<f64>(outStart + (p << 3), kind == KIND_INTERVAL ? s : NaN);
    store<f64>(outWeight + (p << 3), q);
    store<i32>(outKind + (p << 2), kind);
    store<i32>(outSource + (p << 2), i);
    m++;
  }
  return bad ? -1 : m;
}
