// The life-data set every life kernel works on: one row per (quantity, start, end, kind), held in buffers the
// JavaScript side allocated and fills (src/kernels/life.ts validates and classifies rows before this point).
// Kernels see it through module globals because AssemblyScript has no closures; one call uses one data set.
import { logShiftedColumn } from "./simd-columns";

/** Row kinds. Exact: failure at end. Right: suspension at end. Left: failure in (0, end]. Interval: (start, end]. */
export const KIND_EXACT: i32 = 0;
export const KIND_RIGHT: i32 = 1;
export const KIND_LEFT: i32 = 2;
export const KIND_INTERVAL: i32 = 3;

export let rowCount: i32 = 0;
/** end times (f64), start times (f64, used by interval rows only), weights = quantities (f64), kinds (i32). */
export let endPtr: usize = 0;
export let startPtr: usize = 0;
export let weightPtr: usize = 0;
export let kindPtr: usize = 0;

/** Transformed times y = g(end - gamma) and y = g(start - gamma), and ln(end - gamma) for exact-row Jacobians. */
export let yHiPtr: usize = 0;
export let yLoPtr: usize = 0;
let yCapacity: i32 = 0;

/** Weighted counts of each row kind, and sum of ln t over exact failures (the Jacobian of log-scale families). */
export let countExact: f64 = 0;
export let countRight: f64 = 0;
export let countLeft: f64 = 0;
export let countInterval: f64 = 0;
export let rowsExact: i32 = 0;
export let rowsRight: i32 = 0;
export let rowsLeft: i32 = 0;
export let rowsInterval: i32 = 0;
/** Smallest positive time in the set (end of any row, start of interval rows): the upper limit of a location. */
export let minTime: f64 = 0;
export let maxTime: f64 = 0;
/** Smallest end time of a failure row (exact, left, interval): the upper limit of a location parameter. */
export let minFailureEnd: f64 = 0;
/** Suspensions at or below the current location: they carry no information (R = 1) and loops skip them. */
export let deadRows: i32 = 0;
/** Set by transformTimes: the location subtracted and whether y = ln(t - gamma). */
export let currentGamma: f64 = 0;
export let currentLogScale: bool = true;
/** Sum over exact rows of w * ln(t - gamma): the Jacobian term of log-scale densities. */
export let jacobianSum: f64 = 0;

@inline export function rowEnd(i: i32): f64 {
  return load<f64>(endPtr + (<usize>i << 3));
}
@inline export function rowStart(i: i32): f64 {
  return load<f64>(startPtr + (<usize>i << 3));
}
@inline export function rowWeight(i: i32): f64 {
  return load<f64>(weightPtr + (<usize>i << 3));
}
@inline export function rowKind(i: i32): i32 {
  return load<i32>(kindPtr + (<usize>i << 2));
}
@inline export function yHi(i: i32): f64 {
  return load<f64>(yHiPtr + (<usize>i << 3));
}
@inline export function yLo(i: i32): f64 {
  return load<f64>(yLoPtr + (<usize>i << 3));
}

/** Registers the data set (buffers stay owned by the caller) and computes its counts and time range. */
export function setLifeData(end: usize, start: usize, weight: usize, kind: usize, n: i32): void {
  endPtr = end;
  startPtr = start;
  weightPtr = weight;
  kindPtr = kind;
  rowCount = n;
  countExact = 0;
  countRight = 0;
  countLeft = 0;
  countInterval = 0;
  rowsExact = 0;
  rowsRight = 0;
  rowsLeft = 0;
  rowsInterval = 0;
  let lo = Infinity;
  let hi = -Infinity;
  let firstFailure = Infinity;
  for (let i = 0; i < n; i++) {
    const k = rowKind(i);
    const w = rowWeight(i);
    const e = rowEnd(i);
    if (e < lo) lo = e;
    if (e > hi) hi = e;
    if (k != KIND_RIGHT && e < firstFailure) firstFailure = e;
    if (k == KIND_EXACT) {
      countExact += w;
      rowsExact++;
    } else if (k == KIND_RIGHT) {
      countRight += w;
      rowsRight++;
    } else if (k == KIND_LEFT) {
      countLeft += w;
      rowsLeft++;
    } else {
      countInterval += w;
      rowsInterval++;
      const s = rowStart(i);
      if (s < lo) lo = s;
    }
  }
  minTime = lo;
  maxTime = hi;
  minFailureEnd = firstFailure;
  if (n > yCapacity) {
    if (yCapacity > 0) {
      heap.free(yHiPtr);
      heap.free(yLoPtr);
    }
    // Two spare slots: the SIMD passes read rows in pairs.
    yCapacity = n;
    yHiPtr = heap.alloc(<usize>(n + 2) << 3);
    yLoPtr = heap.alloc(<usize>(n + 2) << 3);
  }
  transformTimes(0, true);
}

/** True when every row is an exact failure or a suspension (the sufficient-statistics fast paths apply). */
export function onlyExactAndRight(): bool {
  return rowsLeft == 0 && rowsInterval == 0;
}

export function failureWeight(): f64 {
  return countExact + countLeft + countInterval;
}

/**
 * Fills yHi = g(end - gamma) and yLo = g(start - gamma) (interval rows; -inf for left rows) with g = ln for
 * log-scale families and the identity otherwise. A start at or below gamma makes an interval row left-censored
 * in effect (its lower bound maps to -inf).
 */
export function transformTimes(gamma: f64, logScale: bool): void {
  currentGamma = gamma;
  currentLogScale = logScale;
  let jac: f64 = 0;
  let dead = 0;
  const n = rowCount;
  if (logScale) {
    // Vectorised logs of every end and start (NaN starts give NaN, replaced below).
    logShiftedColumn(endPtr, gamma, n, yHiPtr);
    if (rowsInterval > 0) logShiftedColumn(startPtr, gamma, n, yLoPtr);
  }
  for (let i = 0; i < n; i++) {
    const k = rowKind(i);
    let y: f64;
    if (logScale) {
      y = yHi(i);
      if (k == KIND_RIGHT && !(y > -Infinity)) dead++;
    } else {
      y = rowEnd(i) - gamma;
      store<f64>(yHiPtr + (<usize>i << 3), y);
    }
    let lo: f64 = -Infinity;
    if (k == KIND_INTERVAL) {
      lo = logScale ? yLo(i) : rowStart(i) - gamma;
    } else if (k == KIND_EXACT && logScale) {
      jac += rowWeight(i) * y;
    }
    store<f64>(yLoPtr + (<usize>i << 3), lo);
  }
  jacobianSum = jac;
  deadRows = dead;
}

// The registered set's own columns, so that selectRows can point the row accessors at a slice and back.
let fullEnd: usize = 0;
let fullStart: usize = 0;
let fullWeight: usize = 0;
let fullKind: usize = 0;
let fullYHi: usize = 0;
let fullYLo: usize = 0;
let fullCount: i32 = 0;

/**
 * Points every row accessor (and so the likelihood passes of locscale.ts) at rows [first, first + count) of
 * the registered set, with its transform kept: accelerated life tests evaluate one stress level at a time
 * with that level's location. selectAllRows() goes back to the whole set.
 */
export function selectRows(first: i32, count: i32): void {
  if (fullCount == 0) {
    fullEnd = endPtr;
    fullStart = startPtr;
    fullWeight = weightPtr;
    fullKind = kindPtr;
    fullYHi = yHiPtr;
    fullYLo = yLoPtr;
    fullCount = rowCount;
  }
  const o8 = <usize>first << 3;
  endPtr = fullEnd + o8;
  startPtr = fullStart + o8;
  weightPtr = fullWeight + o8;
  kindPtr = fullKind + (<usize>first << 2);
  yHiPtr = fullYHi + o8;
  yLoPtr = fullYLo + o8;
  rowCount = count;
}

export function selectAllRows(): void {
  if (fullCount == 0) return;
  endPtr = fullEnd;
  startPtr = fullStart;
  weightPtr = fullWeight;
  kindPtr = fullKind;
  yHiPtr = fullYHi;
  yLoPtr = fullYLo;
  rowCount = fullCount;
  fullCount = 0;
}

/** Points the weight column at `ptr` (per-component weights in mixture EM) and returns the previous one. */
export function swapWeights(ptr: usize): usize {
  const old = weightPtr;
  weightPtr = ptr;
  return old;
}

/** Counts and time range of the registered set: exact, right, left, interval (weighted), rows, min, max time. */
export function lifeDataSummary(out: usize): void {
  store<f64>(out, countExact);
  store<f64>(out, countRight, 8);
  store<f64>(out, countLeft, 16);
  store<f64>(out, countInterval, 24);
  store<f64>(out, <f64>rowCount, 32);
  store<f64>(out, minTime, 40);
  store<f64>(out, maxTime, 48);
}
