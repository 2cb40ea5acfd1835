// The math core's typed face: special functions, distributions, RNG, sorting (assembly/math/).
// Scalar functions are the wasm exports themselves (`(await loadMathKernel()).lnGamma(x)`); the functions
// here take whole columns so a call crosses into wasm once.
import { instantiate } from "../../build/math.js";
import { defineKernel } from "./load.ts";
import { allocF64, allocI32, copyInF64, withBuffers } from "./memory.ts";

export const loadMathKernel = defineKernel(new URL("../../build/math.wasm", import.meta.url), instantiate);

export type MathKernel = Awaited<ReturnType<typeof loadMathKernel>>;

export async function kernelVersion(): Promise<string> {
  return (await loadMathKernel()).kernelVersion();
}

/** Sorts keys ascending (NaN last); `index[i]` is the position in `keys` of the i-th smallest key. */
export async function sortWithIndex(
  keys: Float64Array,
): Promise<{ sorted: Float64Array; index: Int32Array }> {
  const k = await loadMathKernel();
  const keysIn = copyInF64(k, keys);
  const index = allocI32(k, keys.length);
  return withBuffers([keysIn, index], () => {
    k.sortF64WithIndex(keysIn.ptr, index.ptr, keys.length);
    return { sorted: keysIn.view().slice(), index: index.view().slice() };
  });
}

/** Keys sorted ascending (NaN last), without their indices: a third less memory traffic than sortWithIndex. */
export async function sortF64(keys: ArrayLike<number>): Promise<Float64Array> {
  const k = await loadMathKernel();
  const keysIn = copyInF64(k, keys);
  return withBuffers([keysIn], () => {
    k.sortF64(keysIn.ptr, keys.length);
    return keysIn.view().slice();
  });
}

type ColumnKernel = "lnGammaMany" | "normalCdfMany" | "normalQuantileMany";

async function mapColumn(name: ColumnKernel, values: ArrayLike<number>): Promise<Float64Array> {
  const k = await loadMathKernel();
  const column = copyInF64(k, values);
  return withBuffers([column], () => {
    k[name](column.ptr, column.ptr, values.length);
    return column.view().slice();
  });
}

/** log|Gamma(x)| of every value. */
export function lnGammaMany(values: ArrayLike<number>): Promise<Float64Array> {
  return mapColumn("lnGammaMany", values);
}

/** Standard normal cdf of every value. */
export function normalCdfMany(values: ArrayLike<number>): Promise<Float64Array> {
  return mapColumn("normalCdfMany", values);
}

/** Standard normal quantile of every probability (NaN outside [0, 1]). */
export function normalQuantileMany(probabilities: ArrayLike<number>): Promise<Float64Array> {
  return mapColumn("normalQuantileMany", probabilities);
}

/** Parameters of each distribution `sample` draws from. */
export interface SampleParams {
  uniform: { min: number; max: number };
  normal: { mean: number; sd: number };
  exponential: { rate: number };
  /** Two-parameter Weibull: shape beta, scale eta. */
  weibull: { shape: number; scale: number };
  /** log X ~ normal(meanLog, sdLog). */
  lognormal: { meanLog: number; sdLog: number };
}

export type SampleDistribution = keyof SampleParams;

const SAMPLE_KIND: Record<SampleDistribution, number> = {
  uniform: 0,
  normal: 1,
  exponential: 2,
  weibull: 3,
  lognormal: 4,
};

function positive(name: string, value: number): number {
  if (!(Number.isFinite(value) && value > 0)) throw new RangeError(`${name} must be a positive number`);
  return value;
}

function finite(name: string, value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number`);
  return value;
}

function sampleParameters<D extends SampleDistribution>(
  distribution: D,
  params: SampleParams[D],
): [number, number] {
  const p = params as SampleParams[SampleDistribution] & Record<string, number>;
  switch (distribution) {
    case "uniform":
      if (!(finite("min", p.min) < finite("max", p.max))) throw new RangeError("min must be less than max");
      return [p.min, p.max];
    case "normal":
      return [finite("mean", p.mean), positive("sd", p.sd)];
    case "exponential":
      return [positive("rate", p.rate), 0];
    case "weibull":
      return [positive("shape", p.shape), positive("scale", p.scale)];
    case "lognormal":
      return [finite("meanLog", p.meanLog), positive("sdLog", p.sdLog)];
    default:
      throw new RangeError(`unknown distribution ${String(distribution)}`);
  }
}

/** A seed for the generator: a non-negative safe integer or any bigint (taken modulo 2^64). */
export type Seed = number | bigint;

function toSeed(seed: Seed): bigint {
  if (typeof seed === "bigint") return BigInt.asUintN(64, seed);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError("seed must be a non-negative integer");
  return BigInt(seed);
}

function toStream(stream: number): number {
  if (!Number.isInteger(stream) || stream < 0 || stream > 0x7fffffff)
    throw new RangeError("stream must be an integer from 0 to 2147483647");
  return stream;
}

/**
 * `n` draws from a distribution with xoshiro256** seeded by `seed` (same numbers in Node and the browser).
 * `stream` selects an independent stream (2^128 steps apart): split a long simulation into blocks and
 * give block b stream b to get the same numbers whatever the number of workers.
 */
export async function sample<D extends SampleDistribution>(
  distribution: D,
  params: SampleParams[D],
  n: number,
  seed: Seed,
  stream = 0,
): Promise<Float64Array> {
  if (!Number.isInteger(n) || n < 0 || n > 0x7fffffff)
    throw new RangeError("n must be a non-negative integer");
  const [a, b] = sampleParameters(distribution, params);
  const seed64 = toSeed(seed);
  const s = toStream(stream);
  const k = await loadMathKernel();
  const out = allocF64(k, n);
  return withBuffers([out], () => {
    k.sampleInto(SAMPLE_KIND[distribution], a, b, seed64, s, out.ptr, n);
    return out.view().slice();
  });
}

/** The first `n` raw 64-bit outputs of a stream (after `longJumps` jumps of 2^192), for stream checks. */
export async function rawStream(seed: Seed, n: number, stream = 0, longJumps = 0): Promise<BigUint64Array> {
  const k = await loadMathKernel();
  const out = allocF64(k, n);
  return withBuffers([out], () => {
    k.rngFillU64(toSeed(seed), toStream(stream), longJumps, out.ptr, n);
    return new BigUint64Array(k.memory.buffer, out.ptr, n).slice();
  });
}

/** Lower-triangular L with A = L L^T (row-major n x n), or null when A is not positive definite. */
export async function choleskyFactor(matrix: ArrayLike<number>, n: number): Promise<Float64Array | null> {
  const k = await loadMathKernel();
  const a = copyInF64(k, checkSquare(matrix, n));
  return withBuffers([a], () => (k.choleskyFactor(a.ptr, n) ? a.view().slice() : null));
}

/** Inverse of a symmetric positive definite matrix (row-major), or null when it is not positive definite. */
export async function inverseSpd(matrix: ArrayLike<number>, n: number): Promise<Float64Array | null> {
  const k = await loadMathKernel();
  const a = copyInF64(k, checkSquare(matrix, n));
  const out = allocF64(k, n * n);
  return withBuffers([a, out], () => (k.spdInverse(a.ptr, n, out.ptr) ? out.view().slice() : null));
}

/** Inverse of a general square matrix (row-major, LU with partial pivoting), or null when singular. */
export async function inverseMatrix(matrix: ArrayLike<number>, n: number): Promise<Float64Array | null> {
  const k = await loadMathKernel();
  const a = copyInF64(k, checkSquare(matrix, n));
  const out = allocF64(k, n * n);
  return withBuffers([a, out], () => (k.inverse(a.ptr, n, out.ptr) ? out.view().slice() : null));
}

/** x with A x = b (row-major A), or null when A is singular. */
export async function solveLinear(
  matrix: ArrayLike<number>,
  n: number,
  rhs: ArrayLike<number>,
): Promise<Float64Array | null> {
  if (rhs.length !== n) throw new RangeError(`right-hand side must have ${n} entries`);
  const k = await loadMathKernel();
  const a = copyInF64(k, checkSquare(matrix, n));
  const b = copyInF64(k, rhs);
  return withBuffers([a, b], () => (k.solve(a.ptr, n, b.ptr) ? b.view().slice() : null));
}

/** Determinant of a square matrix (row-major); 0 when singular. */
export async function determinant(matrix: ArrayLike<number>, n: number): Promise<number> {
  const k = await loadMathKernel();
  const a = copyInF64(k, checkSquare(matrix, n));
  const pivots = allocI32(k, n);
  return withBuffers([a, pivots], () =>
    k.luFactor(a.ptr, n, pivots.ptr) ? k.luDeterminant(a.ptr, n, pivots.ptr) : 0,
  );
}

function checkSquare(matrix: ArrayLike<number>, n: number): ArrayLike<number> {
  if (!Number.isInteger(n) || n < 1 || matrix.length !== n * n)
    throw new RangeError(`matrix must have n * n = ${n * n} entries`);
  return matrix;
}
