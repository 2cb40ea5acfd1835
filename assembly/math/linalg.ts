// Small dense linear algebra on f64 buffers, row-major (a[i*n + j]), for the n <= ~10 systems of
// likelihood fits (Fisher information, covariance matrices). Cholesky for symmetric positive definite
// matrices, LU with partial pivoting for the general case. Functions that can fail return false and leave
// their output unspecified: not positive definite, or singular (a zero or non-finite pivot).

@inline function at(a: usize, n: i32, i: i32, j: i32): usize {
  return a + ((<usize>(i * n + j)) << 3);
}

/**
 * Cholesky factorisation A = L L^T in place: the lower triangle of `a` becomes L, the strict upper triangle
 * is zeroed. Only the lower triangle of A is read. False when A is not (numerically) positive definite.
 */
export function choleskyFactor(a: usize, n: i32): bool {
  for (let j = 0; j < n; j++) {
    let d = load<f64>(at(a, n, j, j));
    for (let k = 0; k < j; k++) {
      const l = load<f64>(at(a, n, j, k));
      d -= l * l;
    }
    if (!(d > 0)) return false;
    const ljj = Math.sqrt(d);
    store<f64>(at(a, n, j, j), ljj);
    for (let i = j + 1; i < n; i++) {
      let s = load<f64>(at(a, n, i, j));
      for (let k = 0; k < j; k++) s -= load<f64>(at(a, n, i, k)) * load<f64>(at(a, n, j, k));
      store<f64>(at(a, n, i, j), s / ljj);
    }
    for (let k = j + 1; k < n; k++) store<f64>(at(a, n, j, k), 0);
  }
  return true;
}

/** Solves L L^T x = b in place (b becomes x), with L from choleskyFactor. */
export function choleskySolve(l: usize, n: i32, b: usize): void {
  for (let i = 0; i < n; i++) {
    let s = load<f64>(b + (<usize>i << 3));
    for (let k = 0; k < i; k++) s -= load<f64>(at(l, n, i, k)) * load<f64>(b + (<usize>k << 3));
    store<f64>(b + (<usize>i << 3), s / load<f64>(at(l, n, i, i)));
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = load<f64>(b + (<usize>i << 3));
    for (let k = i + 1; k < n; k++) s -= load<f64>(at(l, n, k, i)) * load<f64>(b + (<usize>k << 3));
    store<f64>(b + (<usize>i << 3), s / load<f64>(at(l, n, i, i)));
  }
}

/** (L L^T)^-1 into `out` (n x n, full symmetric), with L from choleskyFactor. */
export function choleskyInverse(l: usize, n: i32, out: usize): void {
  // W = L^-1 (lower triangular), then out = W^T W.
  const w = heap.alloc((<usize>(n * n)) << 3);
  memory.fill(w, 0, (<usize>(n * n)) << 3);
  for (let j = 0; j < n; j++) {
    store<f64>(at(w, n, j, j), 1 / load<f64>(at(l, n, j, j)));
    for (let i = j + 1; i < n; i++) {
      let s: f64 = 0;
      for (let k = j; k < i; k++) s -= load<f64>(at(l, n, i, k)) * load<f64>(at(w, n, k, j));
      store<f64>(at(w, n, i, j), s / load<f64>(at(l, n, i, i)));
    }
  }
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let s: f64 = 0;
      for (let k = i; k < n; k++) s += load<f64>(at(w, n, k, i)) * load<f64>(at(w, n, k, j));
      store<f64>(at(out, n, i, j), s);
      store<f64>(at(out, n, j, i), s);
    }
  heap.free(w);
}

/** Inverse of a symmetric positive definite A (lower triangle read) into `out`; `a` is left unchanged. */
export function spdInverse(a: usize, n: i32, out: usize): bool {
  const bytes = (<usize>(n * n)) << 3;
  const l = heap.alloc(bytes);
  memory.copy(l, a, bytes);
  const ok = choleskyFactor(l, n);
  if (ok) choleskyInverse(l, n, out);
  heap.free(l);
  return ok;
}

/** log det A from its Cholesky factor: 2 sum log L_ii. */
export function choleskyLogDeterminant(l: usize, n: i32): f64 {
  let s: f64 = 0;
  for (let i = 0; i < n; i++) s += Math.log(load<f64>(at(l, n, i, i)));
  return 2 * s;
}

/**
 * LU factorisation with partial pivoting in place: P A = L U, unit-lower L below the diagonal, U on and
 * above. `pivots` (i32 buffer of n) records the row swapped into each position. False when singular.
 */
export function luFactor(a: usize, n: i32, pivots: usize): bool {
  for (let k = 0; k < n; k++) {
    let p = k;
    let largest = Math.abs(load<f64>(at(a, n, k, k)));
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(load<f64>(at(a, n, i, k)));
      if (v > largest) {
        largest = v;
        p = i;
      }
    }
    store<i32>(pivots + (<usize>k << 2), p);
    if (!(largest > 0) || !isFinite<f64>(largest)) return false;
    if (p != k)
      for (let j = 0; j < n; j++) {
        const t = load<f64>(at(a, n, k, j));
        store<f64>(at(a, n, k, j), load<f64>(at(a, n, p, j)));
        store<f64>(at(a, n, p, j), t);
      }
    const pivot = load<f64>(at(a, n, k, k));
    for (let i = k + 1; i < n; i++) {
      const factor = load<f64>(at(a, n, i, k)) / pivot;
      store<f64>(at(a, n, i, k), factor);
      if (factor != 0)
        for (let j = k + 1; j < n; j++)
          store<f64>(at(a, n, i, j), load<f64>(at(a, n, i, j)) - factor * load<f64>(at(a, n, k, j)));
    }
  }
  return true;
}

/** Solves A x = b in place with the factors from luFactor. */
export function luSolve(lu: usize, n: i32, pivots: usize, b: usize): void {
  for (let k = 0; k < n; k++) {
    const p = load<i32>(pivots + (<usize>k << 2));
    if (p != k) {
      const t = load<f64>(b + (<usize>k << 3));
      store<f64>(b + (<usize>k << 3), load<f64>(b + (<usize>p << 3)));
      store<f64>(b + (<usize>p << 3), t);
    }
  }
  for (let i = 0; i < n; i++) {
    let s = load<f64>(b + (<usize>i << 3));
    for (let k = 0; k < i; k++) s -= load<f64>(at(lu, n, i, k)) * load<f64>(b + (<usize>k << 3));
    store<f64>(b + (<usize>i << 3), s);
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = load<f64>(b + (<usize>i << 3));
    for (let k = i + 1; k < n; k++) s -= load<f64>(at(lu, n, i, k)) * load<f64>(b + (<usize>k << 3));
    store<f64>(b + (<usize>i << 3), s / load<f64>(at(lu, n, i, i)));
  }
}

/** det A from the LU factors. */
export function luDeterminant(lu: usize, n: i32, pivots: usize): f64 {
  let d: f64 = 1;
  for (let k = 0; k < n; k++) {
    d *= load<f64>(at(lu, n, k, k));
    if (load<i32>(pivots + (<usize>k << 2)) != k) d = -d;
  }
  return d;
}

/** Inverse of a general square A into `out` (LU with partial pivoting); `a` is left unchanged. */
export function inverse(a: usize, n: i32, out: usize): bool {
  const bytes = (<usize>(n * n)) << 3;
  const lu = heap.alloc(bytes);
  const pivots = heap.alloc(<usize>n << 2);
  const column = heap.alloc(<usize>n << 3);
  memory.copy(lu, a, bytes);
  const ok = luFactor(lu, n, pivots);
  if (ok)
    for (let j = 0; j < n; j++) {
      memory.fill(column, 0, <usize>n << 3);
      store<f64>(column + (<usize>j << 3), 1);
      luSolve(lu, n, pivots, column);
      for (let i = 0; i < n; i++) store<f64>(at(out, n, i, j), load<f64>(column + (<usize>i << 3)));
    }
  heap.free(lu);
  heap.free(pivots);
  heap.free(column);
  return ok;
}

/** Solves A x = b for a general square A (copied, not changed); b becomes x. False when singular. */
export function solve(a: usize, n: i32, b: usize): bool {
  const bytes = (<usize>(n * n)) << 3;
  const lu = heap.alloc(bytes);
  const pivots = heap.alloc(<usize>n << 2);
  memory.copy(lu, a, bytes);
  const ok = luFactor(lu, n, pivots);
  if (ok) luSolve(lu, n, pivots, b);
  heap.free(lu);
  heap.free(pivots);
  return ok;
}
