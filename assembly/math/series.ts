// Evaluation of the tables in coefficients.ts. Chebyshev series are summed with Clenshaw's recurrence,
// which stays accurate to a few ulps for the well-decaying series used here; power series with Horner.

/** sum_k c[k] T_k(u) for u in [-1, 1], with c[0] stored already halved. */
@inline export function chebyshev(c: StaticArray<f64>, u: f64): f64 {
  const u2 = u + u;
  let b1: f64 = 0;
  let b2: f64 = 0;
  for (let k = c.length - 1; k >= 1; k--) {
    const t = unchecked(c[k]) + u2 * b1 - b2;
    b2 = b1;
    b1 = t;
  }
  return unchecked(c[0]) + u * b1 - b2;
}

/** sum_k c[k] t^k by Horner's rule. */
@inline export function polynomial(c: StaticArray<f64>, t: f64): f64 {
  let s = unchecked(c[c.length - 1]);
  for (let k = c.length - 2; k >= 0; k--) s = s * t + unchecked(c[k]);
  return s;
}
