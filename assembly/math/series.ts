// Evaluation of the power series in coefficients.ts (lengths are multiples of 4).
//
// Horner's rule is one serial chain of multiply-adds, so a 20-term series waits on 20 dependent
// multiply-add latencies. Splitting it into four chains in t^4, p(t) = P0(t^4) + t P1(t^4) +
// t^2 (P2(t^4) + t P3(t^4)), keeps four independent chains in flight (4x faster than Clenshaw or Horner
// here). The four chains run as two f64x2 lanes pairs; `polynomialPair` evaluates one series at two
// points, one per lane, with the same operations per lane as `polynomial`, so results are bit-identical.
// (SIMD measurement: ARCHITECTURE.md, decisions.)

/** sum_k c[k] t^k; c.length must be a multiple of 4. */
@inline export function polynomial(c: StaticArray<f64>, t: f64): f64 {
  const t2 = t * t;
  const t4 = t2 * t2;
  const base = changetype<usize>(c);
  let i = <usize>(c.length - 4) << 3;
  let low = v128.load(base + i); // chains 0 and 1
  let high = v128.load(base + i, 16); // chains 2 and 3
  const m = f64x2.splat(t4);
  while (i > 0) {
    i -= 32;
    low = f64x2.add(f64x2.mul(low, m), v128.load(base + i));
    high = f64x2.add(f64x2.mul(high, m), v128.load(base + i, 16));
  }
  const p0 = f64x2.extract_lane(low, 0);
  const p1 = f64x2.extract_lane(low, 1);
  const p2 = f64x2.extract_lane(high, 0);
  const p3 = f64x2.extract_lane(high, 1);
  return p0 + t * p1 + t2 * (p2 + t * p3);
}

/** The series at two points, t's lanes; lane by lane the same operations as `polynomial`. */
@inline export function polynomialPair(c: StaticArray<f64>, t: v128): v128 {
  const t2 = f64x2.mul(t, t);
  const t4 = f64x2.mul(t2, t2);
  const base = changetype<usize>(c);
  let i = <usize>(c.length - 4) << 3;
  let p0 = v128.load64_splat(base + i);
  let p1 = v128.load64_splat(base + i, 8);
  let p2 = v128.load64_splat(base + i, 16);
  let p3 = v128.load64_splat(base + i, 24);
  while (i > 0) {
    i -= 32;
    p0 = f64x2.add(f64x2.mul(p0, t4), v128.load64_splat(base + i));
    p1 = f64x2.add(f64x2.mul(p1, t4), v128.load64_splat(base + i, 8));
    p2 = f64x2.add(f64x2.mul(p2, t4), v128.load64_splat(base + i, 16));
    p3 = f64x2.add(f64x2.mul(p3, t4), v128.load64_splat(base + i, 24));
  }
  // p0 + t p1 + t2 (p2 + t p3)
  return f64x2.add(f64x2.add(p0, f64x2.mul(t, p1)), f64x2.mul(t2, f64x2.add(p2, f64x2.mul(t, p3))));
}
