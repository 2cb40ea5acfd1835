// exp, expm1 and log two lanes at a time with wasm SIMD, for loops over columns (the likelihood passes of
// the life-data fits spend most of their time here). Math.exp in AssemblyScript is a scalar software
// routine; this exp reduces x = k ln2 + r with
// |r| <= ln2/2 (k rounded by the 1.5*2^52 shifter trick, so no float-to-int conversion is needed), evaluates
// the degree-13 Taylor polynomial of e^r by Estrin's scheme (truncation error below 2e-16 relative) and adds
// k to the exponent bits. Arguments are clamped to [-708, 709]: below that the true value is under
// 2.3e-308, which no sum in this code can notice.

const INV_LN2: f64 = 1.4426950408889634;
const LN2_HI: f64 = 6.93147180369123816490e-1;
const LN2_LO: f64 = 1.90821492927058770002e-10;
const SHIFTER: f64 = 6755399441055744.0; // 1.5 * 2^52
const SHIFTER_BITS: i64 = 0x4338000000000000;
const X_MIN: f64 = -708.0;
const X_MAX: f64 = 709.0;

// 1/k! for k = 2..13
const C2: f64 = 0.5;
const C3: f64 = 1.6666666666666666e-1;
const C4: f64 = 4.1666666666666664e-2;
const C5: f64 = 8.3333333333333332e-3;
const C6: f64 = 1.3888888888888889e-3;
const C7: f64 = 1.9841269841269841e-4;
const C8: f64 = 2.4801587301587302e-5;
const C9: f64 = 2.7557319223985893e-6;
const C10: f64 = 2.7557319223985888e-7;
const C11: f64 = 2.5052108385441720e-8;
const C12: f64 = 2.0876756987868100e-9;
const C13: f64 = 1.6059043836821613e-10;

/** e^x for two lanes. */
@inline export function expV(x0: v128): v128 {
  const x = f64x2.min(f64x2.max(x0, f64x2.splat(X_MIN)), f64x2.splat(X_MAX));
  const kd = f64x2.add(f64x2.mul(x, f64x2.splat(INV_LN2)), f64x2.splat(SHIFTER));
  const ki = i64x2.sub(kd, i64x2.splat(SHIFTER_BITS));
  const k = f64x2.sub(kd, f64x2.splat(SHIFTER));
  const r = f64x2.sub(f64x2.sub(x, f64x2.mul(k, f64x2.splat(LN2_HI))), f64x2.mul(k, f64x2.splat(LN2_LO)));
  const r2 = f64x2.mul(r, r);
  const r4 = f64x2.mul(r2, r2);
  const r8 = f64x2.mul(r4, r4);
  // Estrin: pairs (1 + r), (C2 + C3 r), ... combined with r^2, r^4, r^8.
  const p01 = f64x2.add(f64x2.splat(1.0), r);
  const p23 = f64x2.add(f64x2.splat(C2), f64x2.mul(f64x2.splat(C3), r));
  const p45 = f64x2.add(f64x2.splat(C4), f64x2.mul(f64x2.splat(C5), r));
  const p67 = f64x2.add(f64x2.splat(C6), f64x2.mul(f64x2.splat(C7), r));
  const p89 = f64x2.add(f64x2.splat(C8), f64x2.mul(f64x2.splat(C9), r));
  const pAB = f64x2.add(f64x2.splat(C10), f64x2.mul(f64x2.splat(C11), r));
  const pCD = f64x2.add(f64x2.splat(C12), f64x2.mul(f64x2.splat(C13), r));
  const q0 = f64x2.add(p01, f64x2.mul(p23, r2));
  const q1 = f64x2.add(p45, f64x2.mul(p67, r2));
  const q2 = f64x2.add(p89, f64x2.mul(pAB, r2));
  const q3 = pCD;
  const lo = f64x2.add(q0, f64x2.mul(q1, r4));
  const hi = f64x2.add(q2, f64x2.mul(q3, r4));
  const p = f64x2.add(lo, f64x2.mul(hi, r8));
  return i64x2.add(p, i64x2.shl(ki, 52));
}

/** Scalar e^x with the same reduction and polynomial (used for the odd tail element). */
@inline export function expScalar(x: f64): f64 {
  return f64x2.extract_lane(expV(f64x2.splat(x)), 0);
}

// log for two lanes: x = 2^e m with m in [sqrt(1/2), sqrt(2)), log m = 2 atanh(s), s = (m - 1)/(m + 1),
// |s| <= 0.1716, by its series in z = s^2 through z^10 (truncation below 1e-18). Inputs must be positive
// normal numbers (lanes at or below 0 give -inf, for the dead rows below a location).
const SQRT2: f64 = 1.4142135623730951;
const MANTISSA: i64 = 0x000fffffffffffff;
const ONE_BITS: i64 = 0x3ff0000000000000;

@inline export function logV(x: v128): v128 {
  const bits = x;
  // Exponent as i32 in lanes 0 and 2, moved to lanes 0 and 1 and converted.
  const eBits = i64x2.sub(i64x2.shr_u(bits, 52), i64x2.splat(1023));
  let m = v128.or(v128.and(bits, i64x2.splat(MANTISSA)), i64x2.splat(ONE_BITS));
  const big = f64x2.gt(m, f64x2.splat(SQRT2));
  m = v128.bitselect(f64x2.mul(m, f64x2.splat(0.5)), m, big);
  const eInt = i64x2.sub(eBits, big); // big lanes are -1: adds one
  const e = f64x2.convert_low_i32x4_s(i32x4.shuffle(eInt, eInt, 0, 2, 0, 2));
  const f = f64x2.sub(m, f64x2.splat(1.0));
  const s = f64x2.div(f, f64x2.add(f, f64x2.splat(2.0)));
  const z = f64x2.mul(s, s);
  let p = f64x2.splat(1.0 / 21.0);
  p = f64x2.add(f64x2.mul(p, z), f64x2.splat(1.0 / 19.0));
  p = f64x2.add(f64x2.mul(p, z), f64x2.splat(1.0 / 17.0));
  p = f64x2.add(f64x2.mul(p, z), f64x2.splat(1.0 / 15.0));
  p = f64x2.add(f64x2.mul(p, z), f64x2.splat(1.0 / 13.0));
  p = f64x2.add(f64x2.mul(p, z), f64x2.splat(1.0 / 11.0));
  p = f64x2.add(f64x2.mul(p, z), f64x2.splat(1.0 / 9.0));
  p = f64x2.add(f64x2.mul(p, z), f64x2.splat(1.0 / 7.0));
  p = f64x2.add(f64x2.mul(p, z), f64x2.splat(1.0 / 5.0));
  p = f64x2.add(f64x2.mul(p, z), f64x2.splat(1.0 / 3.0));
  // log m = 2s + 2s z p(z); the small part carries e ln2_lo.
  const twoS = f64x2.add(s, s);
  const small = f64x2.add(f64x2.mul(f64x2.mul(twoS, z), p), f64x2.mul(e, f64x2.splat(LN2_LO)));
  const result = f64x2.add(f64x2.mul(e, f64x2.splat(LN2_HI)), f64x2.add(twoS, small));
  return v128.bitselect(f64x2.splat(-Infinity), result, f64x2.le(x, f64x2.splat(0)));
}

// 1/k! for k = 14, 15 (the expm1 series continues the exp coefficients above).
const C14: f64 = 1.1470745597729725e-11;

/** e^x - 1 for two lanes: Taylor series through x^14 for |x| < 0.5 (relative error below 4e-17), else e^x - 1. */
@inline export function expm1V(x: v128): v128 {
  const x2 = f64x2.mul(x, x);
  const x4 = f64x2.mul(x2, x2);
  const x8 = f64x2.mul(x4, x4);
  // x (1 + x/2 + x^2/6 + ... + x^13/14!) by Estrin in x.
  const a01 = f64x2.add(f64x2.splat(1.0), f64x2.mul(f64x2.splat(C2), x));
  const a23 = f64x2.add(f64x2.splat(C3), f64x2.mul(f64x2.splat(C4), x));
  const a45 = f64x2.add(f64x2.splat(C5), f64x2.mul(f64x2.splat(C6), x));
  const a67 = f64x2.add(f64x2.splat(C7), f64x2.mul(f64x2.splat(C8), x));
  const a89 = f64x2.add(f64x2.splat(C9), f64x2.mul(f64x2.splat(C10), x));
  const aAB = f64x2.add(f64x2.splat(C11), f64x2.mul(f64x2.splat(C12), x));
  const aCD = f64x2.add(f64x2.splat(C13), f64x2.mul(f64x2.splat(C14), x));
  const b0 = f64x2.add(a01, f64x2.mul(a23, x2));
  const b1 = f64x2.add(a45, f64x2.mul(a67, x2));
  const b2 = f64x2.add(a89, f64x2.mul(aAB, x2));
  const series = f64x2.mul(x, f64x2.add(f64x2.add(b0, f64x2.mul(b1, x4)), f64x2.mul(f64x2.add(b2, f64x2.mul(aCD, x4)), x8)));
  const direct = f64x2.sub(expV(x), f64x2.splat(1.0));
  return v128.bitselect(series, direct, f64x2.lt(f64x2.abs(x), f64x2.splat(0.5)));
}

