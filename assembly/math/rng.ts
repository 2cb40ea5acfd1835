// Seedable random numbers: xoshiro256** (Blackman & Vigna 2018) seeded through SplitMix64, the same
// stream in Node and in the browser for the same seed.
//
// Reproducible parallel streams: `forStream(seed, k)` is the generator seeded with `seed` and then
// jumped k times by 2^128 steps, so stream k never overlaps stream j for any realistic run length.
// A Monte Carlo run split into blocks gives the same numbers whatever the number of workers when block b
// always draws from `forStream(seed, b)`. Jumping costs 256 steps, so stream k costs O(k) to reach;
// stepping from stream k to k+1 with `jump()` costs one jump.
//
// Samplers use inversion (one uniform per draw; normal through normalQuantile), so a given uniform maps
// to the same variate everywhere and sampled quantities are monotone in the stream. The life distributions
// are drawn by the failure model's own failureDraw, the one inversion eRBD's simulation uses too.
import { FAILURE_EXPONENTIAL, FAILURE_WEIBULL, failureDraw } from "./failure";
import { normalQuantile, normalQuantilePair } from "./normal";

const JUMP_0: u64 = 0x180ec6d33cfd0aba;
const JUMP_1: u64 = 0xd5a61266f0c9392c;
const JUMP_2: u64 = 0xa9582618e03fc9aa;
const JUMP_3: u64 = 0x39abdc4529b1661c;
const LONG_JUMP_0: u64 = 0x76e15d3efefdcbbf;
const LONG_JUMP_1: u64 = 0xc5004e441c522fb3;
const LONG_JUMP_2: u64 = 0x77710069854ee241;
const LONG_JUMP_3: u64 = 0x39109bb02acbe635;

/** One SplitMix64 step: returns the output for state `x + golden`; callers advance x themselves. */
@inline function splitMix64(x: u64): u64 {
  let z = x;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

const GOLDEN: u64 = 0x9e3779b97f4a7c15;

export class Xoshiro256 {
  s0: u64 = 0;
  s1: u64 = 0;
  s2: u64 = 0;
  s3: u64 = 0;

  /** Seeds the 256-bit state with four SplitMix64 outputs of `seed` (never all zero). */
  constructor(seed: u64) {
    let x = seed;
    x += GOLDEN;
    this.s0 = splitMix64(x);
    x += GOLDEN;
    this.s1 = splitMix64(x);
    x += GOLDEN;
    this.s2 = splitMix64(x);
    x += GOLDEN;
    this.s3 = splitMix64(x);
  }

  // The state is read and written through the object's address: `this.s0` on a managed object makes the
  // incremental runtime spill `this` to its shadow stack at every access (4x slower per draw).
  @inline nextU64(): u64 {
    const p = changetype<usize>(this);
    const s0 = load<u64>(p, offsetof<Xoshiro256>("s0"));
    let s1 = load<u64>(p, offsetof<Xoshiro256>("s1"));
    let s2 = load<u64>(p, offsetof<Xoshiro256>("s2"));
    let s3 = load<u64>(p, offsetof<Xoshiro256>("s3"));
    const result = rotl<u64>(s1 * 5, 7) * 9;
    const t = s1 << 17;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    store<u64>(p, s0 ^ s3, offsetof<Xoshiro256>("s0"));
    store<u64>(p, s1, offsetof<Xoshiro256>("s1"));
    store<u64>(p, s2 ^ t, offsetof<Xoshiro256>("s2"));
    store<u64>(p, rotl<u64>(s3, 45), offsetof<Xoshiro256>("s3"));
    return result;
  }

  /** Uniform on (0, 1): (k + 1/2) 2^-52 for the top 52 bits k, so never 0 or 1 and every value exact. */
  @inline uniform(): f64 {
    return (<f64>(this.nextU64() >> 12) + 0.5) * 2.220446049250313e-16;
  }

  /** Advances 2^128 steps (2^128 non-overlapping subsequences of length 2^128). */
  jump(): void {
    this.applyJump(JUMP_0, JUMP_1, JUMP_2, JUMP_3);
  }

  /** Advances 2^192 steps. */
  longJump(): void {
    this.applyJump(LONG_JUMP_0, LONG_JUMP_1, LONG_JUMP_2, LONG_JUMP_3);
  }

  private applyJump(j0: u64, j1: u64, j2: u64, j3: u64): void {
    let t0: u64 = 0;
    let t1: u64 = 0;
    let t2: u64 = 0;
    let t3: u64 = 0;
    for (let w = 0; w < 4; w++) {
      const word = w == 0 ? j0 : w == 1 ? j1 : w == 2 ? j2 : j3;
      for (let b: u64 = 0; b < 64; b++) {
        if (word & (<u64>1 << b)) {
          t0 ^= this.s0;
          t1 ^= this.s1;
          t2 ^= this.s2;
          t3 ^= this.s3;
        }
        this.nextU64();
      }
    }
    this.s0 = t0;
    this.s1 = t1;
    this.s2 = t2;
    this.s3 = t3;
  }
}

/** The generator for stream `streamIndex` of `seed`: seeded, then jumped streamIndex times. */
export function forStream(seed: u64, streamIndex: i32): Xoshiro256 {
  const rng = new Xoshiro256(seed);
  for (let k = 0; k < streamIndex; k++) rng.jump();
  return rng;
}

export const SAMPLE_UNIFORM: i32 = 0;
export const SAMPLE_NORMAL: i32 = 1;
export const SAMPLE_EXPONENTIAL: i32 = 2;
export const SAMPLE_WEIBULL: i32 = 3;
export const SAMPLE_LOGNORMAL: i32 = 4;

/**
 * Fills `n` f64 at `out` with draws of one distribution from stream `stream` of `seed`.
 * uniform(a, b); normal(mean a, sd b); exponential(rate a); weibull(shape a, scale b); lognormal(mu a,
 * sigma b). Parameters are validated by the caller.
 */
export function sampleInto(kind: i32, a: f64, b: f64, seed: u64, stream: i32, out: usize, n: i32): void {
  const rng = forStream(seed, stream);
  if (kind == SAMPLE_NORMAL || kind == SAMPLE_LOGNORMAL) {
    // One uniform per draw, two normal quantiles per f64x2 evaluation: lane by lane the same value as
    // failureDraw(FAILURE_NORMAL or FAILURE_LOGNORMAL, a, b, 0, u), a + b z or exp(a + b z) with
    // z = normalQuantile(u), without giving up the pair.
    for (let i = 0; i < n; i += 2) {
      const u1 = rng.uniform();
      const z = i + 1 < n ? normalQuantilePair(u1, rng.uniform()) : f64x2.splat(normalQuantile(u1));
      for (let lane = 0; lane < 2 && i + lane < n; lane++) {
        const x = a + b * (lane == 0 ? f64x2.extract_lane(z, 0) : f64x2.extract_lane(z, 1));
        store<f64>(out + ((<usize>(i + lane)) << 3), kind == SAMPLE_NORMAL ? x : Math.exp(x));
      }
    }
    return;
  }
  for (let i = 0; i < n; i++) {
    const u = rng.uniform();
    let v: f64;
    if (kind == SAMPLE_UNIFORM) v = a + (b - a) * u;
    else if (kind == SAMPLE_EXPONENTIAL) v = failureDraw(FAILURE_EXPONENTIAL, a, 0, 0, u);
    else if (kind == SAMPLE_WEIBULL) v = failureDraw(FAILURE_WEIBULL, a, b, 0, u);
    else v = NaN;
    store<f64>(out + ((<usize>i) << 3), v);
  }
}

/** Writes the first `n` raw 64-bit outputs of stream `stream` of `seed` to `out` (for stream tests). */
export function rngFillU64(seed: u64, stream: i32, longJumps: i32, out: usize, n: i32): void {
  const rng = forStream(seed, stream);
  for (let k = 0; k < longJumps; k++) rng.longJump();
  for (let i = 0; i < n; i++) store<u64>(out + ((<usize>i) << 3), rng.nextU64());
}
