// Column versions of the scalar functions, for the UI and the benchmarks: one call per column instead of
// one JS-to-wasm crossing per value. `input` and `output` are f64 buffers of length n (may be the same).
import { normalCdf, normalQuantile, normalQuantilePair } from "./normal";
import { lnGamma } from "./special";

export function lnGammaMany(input: usize, output: usize, n: i32): void {
  for (let i: usize = 0; i < <usize>n; i++) store<f64>(output + (i << 3), lnGamma(load<f64>(input + (i << 3))));
}

export function normalCdfMany(input: usize, output: usize, n: i32): void {
  for (let i: usize = 0; i < <usize>n; i++) store<f64>(output + (i << 3), normalCdf(load<f64>(input + (i << 3))));
}

export function normalQuantileMany(input: usize, output: usize, n: i32): void {
  const pairs = <usize>n & ~1;
  for (let i: usize = 0; i < pairs; i += 2) {
    const at = i << 3;
    v128.store(output + at, normalQuantilePair(load<f64>(input + at), load<f64>(input + at, 8)));
  }
  if (pairs < <usize>n) store<f64>(output + (pairs << 3), normalQuantile(load<f64>(input + (pairs << 3))));
}
