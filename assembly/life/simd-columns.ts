// Column kernels of the life-data fits built on the two-lane exp and log of the math core.
import { expm1V, expScalar, expV, logV } from "../math/vmath";

export let vexpS0: f64 = 0;
export let vexpS1: f64 = 0;
export let vexpS2: f64 = 0;

/**
 * With x = y - c: S0 = sum w e^{beta x}, S1 = sum w e^{beta x} x, S2 = sum w e^{beta x} x^2 over n rows of the
 * f64 columns y and w. Two interleaved accumulator pairs keep the adds off the critical path.
 */
export function sumsExpScaled(yPtr: usize, wPtr: usize, n: i32, beta: f64, c: f64): void {
  const vb = f64x2.splat(beta);
  const vc = f64x2.splat(c);
  let a0 = f64x2.splat(0);
  let a1 = f64x2.splat(0);
  let a2 = f64x2.splat(0);
  let b0 = f64x2.splat(0);
  let b1 = f64x2.splat(0);
  let b2 = f64x2.splat(0);
  const un = <usize>n;
  let i: usize = 0;
  for (; i + 4 <= un; i += 4) {
    const xa = f64x2.sub(v128.load(yPtr + (i << 3)), vc);
    const xb = f64x2.sub(v128.load(yPtr + (i << 3), 16), vc);
    const ea = f64x2.mul(expV(f64x2.mul(xa, vb)), v128.load(wPtr + (i << 3)));
    const eb = f64x2.mul(expV(f64x2.mul(xb, vb)), v128.load(wPtr + (i << 3), 16));
    const exa = f64x2.mul(ea, xa);
    const exb = f64x2.mul(eb, xb);
    a0 = f64x2.add(a0, ea);
    b0 = f64x2.add(b0, eb);
    a1 = f64x2.add(a1, exa);
    b1 = f64x2.add(b1, exb);
    a2 = f64x2.add(a2, f64x2.mul(exa, xa));
    b2 = f64x2.add(b2, f64x2.mul(exb, xb));
  }
  a0 = f64x2.add(a0, b0);
  a1 = f64x2.add(a1, b1);
  a2 = f64x2.add(a2, b2);
  let s0 = f64x2.extract_lane(a0, 0) + f64x2.extract_lane(a0, 1);
  let s1 = f64x2.extract_lane(a1, 0) + f64x2.extract_lane(a1, 1);
  let s2 = f64x2.extract_lane(a2, 0) + f64x2.extract_lane(a2, 1);
  for (; i < un; i++) {
    const x = load<f64>(yPtr + (i << 3)) - c;
    const e = expScalar(beta * x) * load<f64>(wPtr + (i << 3));
    s0 += e;
    s1 += e * x;
    s2 += e * x * x;
  }
  vexpS0 = s0;
  vexpS1 = s1;
  vexpS2 = s2;
}

/** out[i] = ln(in[i] - shift) for n values (f64 columns); -inf where in[i] - shift <= 0. */
export function logShiftedColumn(input: usize, shift: f64, n: i32, out: usize): void {
  const vs = f64x2.splat(shift);
  const un = <usize>n;
  let i: usize = 0;
  for (; i + 2 <= un; i += 2) v128.store(out + (i << 3), logV(f64x2.sub(v128.load(input + (i << 3)), vs)));
  if (i < un) {
    const v = load<f64>(input + (i << 3)) - shift;
    store<f64>(out + (i << 3), v > 0 ? f64x2.extract_lane(logV(f64x2.splat(v)), 0) : -Infinity);
  }
}

/** out[i] = e^in[i] with expV, or e^in[i] - 1 with expm1V (for accuracy tests). */
export function expColumn(input: usize, n: i32, out: usize, minusOne: bool): void {
  for (let i = 0; i < n; i++) {
    const v = f64x2.splat(load<f64>(input + (<usize>i << 3)));
    store<f64>(out + (<usize>i << 3), f64x2.extract_lane(minusOne ? expm1V(v) : expV(v), 0));
  }
}

