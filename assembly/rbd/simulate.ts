// Monte Carlo of system life. Trials are cut into fixed-size blocks and block b draws from RNG stream b
// (forStream(seed, b)), one uniform per component per trial in component order, so a block's results do
// not depend on which worker ran it or on what it ran before. Per block: trial count, mean and M2 of the
// system life (merged in block order on the TS side, the one floating-point sum whose order matters),
// min and max. Per run: integer survival counts at the requested times and a histogram of lives in
// buckets of 1/1024 of an octave (the top 21 bits of the double), both merged exactly in any order.
import { failureDraw } from "../math/failure";
import { Xoshiro256, forStream } from "../math/rng";
import {
  componentCount,
  componentOf,
  distOf,
  endInput,
  extraOf,
  firstInput,
  inputAt,
  kOf,
  nodeCount,
  paramOf,
} from "./program";

export const BLOCK_STAT_FIELDS: i32 = 5; // trials, mean, M2, min, max

const HISTOGRAM_SHIFT: u64 = 42;
const HISTOGRAM_BUCKETS: i32 = 1 << 21;
let histogram: usize = 0; // u32 × HISTOGRAM_BUCKETS
let lowestBucket: i32 = HISTOGRAM_BUCKETS;
let highestBucket: i32 = -1;

let componentLife: usize = 0;
let nodeLife: usize = 0;
let scratch: usize = 0;
let survivalBins: usize = 0; // f64 × (times + 1): trials whose life exceeds exactly m of the times

let bufferComponents: i32 = -1;
let bufferNodes: i32 = -1;
let bufferTimes: i32 = -1;

function ensureBuffers(times: i32): void {
  if (histogram == 0) {
    histogram = heap.alloc(<usize>HISTOGRAM_BUCKETS << 2);
    memory.fill(histogram, 0, <usize>HISTOGRAM_BUCKETS << 2);
  }
  if (componentCount != bufferComponents || nodeCount != bufferNodes || times != bufferTimes) {
    if (componentLife != 0) {
      heap.free(componentLife);
      heap.free(nodeLife);
      heap.free(scratch);
      heap.free(survivalBins);
    }
    const components: i32 = componentCount > 0 ? componentCount : 1;
    componentLife = heap.alloc(<usize>components << 3);
    nodeLife = heap.alloc(<usize>nodeCount << 3);
    scratch = heap.alloc(<usize>nodeCount << 3);
    survivalBins = heap.alloc(<usize>(times + 1) << 3);
    bufferComponents = componentCount;
    bufferNodes = nodeCount;
    bufferTimes = times;
  }
  memory.fill(survivalBins, 0, <usize>(times + 1) << 3);
}

// The start of the stream of the block after the last one run, so a caller going block by block pays one
// jump per block instead of the `block` jumps of forStream.
let nextSeed: f64 = -1;
let nextBlock: i32 = -1;
let nextS0: u64 = 0;
let nextS1: u64 = 0;
let nextS2: u64 = 0;
let nextS3: u64 = 0;

function streamFor(seed: f64, block: i32): Xoshiro256 {
  if (seed == nextSeed && block == nextBlock) {
    const rng = new Xoshiro256(0);
    rng.s0 = nextS0;
    rng.s1 = nextS1;
    rng.s2 = nextS2;
    rng.s3 = nextS3;
    return rng;
  }
  return forStream(<u64>seed, block);
}

@inline function sampleComponents(rng: Xoshiro256): void {
  for (let c = 0; c < componentCount; c++) {
    let life = failureDraw(distOf(c), paramOf(c, 0), paramOf(c, 1), paramOf(c, 2), rng.uniform());
    // A life below 0 (normal, Gumbel) is a failure at 0, so the simulated MTTF estimates ∫0^∞ R like the
    // exact one.
    if (!(life > 0)) life = 0;
    store<f64>(componentLife + (<usize>c << 3), life);
  }
}

/** k-th largest of the lives of inputs [from, to), by partial selection (k is small in practice). */
function kthLargest(from: i32, to: i32, k: i32): f64 {
  const n = to - from;
  for (let j = 0; j < n; j++) store<f64>(scratch + (<usize>j << 3), load<f64>(nodeLife + (<usize>inputAt(from + j) << 3)));
  for (let m = 0; m < k; m++) {
    let best = m;
    let bestValue = load<f64>(scratch + (<usize>m << 3));
    for (let j = m + 1; j < n; j++) {
      const v = load<f64>(scratch + (<usize>j << 3));
      if (v > bestValue) {
        best = j;
        bestValue = v;
      }
    }
    store<f64>(scratch + (<usize>best << 3), load<f64>(scratch + (<usize>m << 3)));
    store<f64>(scratch + (<usize>m << 3), bestValue);
  }
  return load<f64>(scratch + (<usize>(k - 1) << 3));
}

/** System life of one trial from the component lives. */
@inline function systemLife(): f64 {
  for (let i = 0; i < nodeCount; i++) {
    const k = kOf(i);
    const from = firstInput(i);
    const to = endInput(i);
    let life: f64 = Infinity;
    if (k == 1) {
      life = load<f64>(nodeLife + (<usize>inputAt(from) << 3));
      for (let j = from + 1; j < to; j++) life = Math.max(life, load<f64>(nodeLife + (<usize>inputAt(j) << 3)));
    } else if (k == to - from) {
      for (let j = from; j < to; j++) life = Math.min(life, load<f64>(nodeLife + (<usize>inputAt(j) << 3)));
    } else if (k > 1) {
      life = kthLargest(from, to, k);
    }
    const c = componentOf(i);
    if (c >= 0) life = Math.min(life, load<f64>(componentLife + (<usize>c << 3)));
    const e = extraOf(i);
    if (e >= 0) life = Math.min(life, load<f64>(nodeLife + (<usize>e << 3)));
    store<f64>(nodeLife + (<usize>i << 3), life);
  }
  return load<f64>(nodeLife + (<usize>(nodeCount - 1) << 3));
}

/** Number of the sorted times strictly below `life`. */
@inline function timesBelow(times: usize, n: i32, life: f64): i32 {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (load<f64>(times + (<usize>mid << 3)) < life) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Runs blocks [firstBlock, firstBlock + blockCount) of a run of `totalTrials` trials in blocks of
 * `blockSize`, with the loaded program. `times` (sorted ascending, nTimes) are where survival is counted.
 * Writes BLOCK_STAT_FIELDS f64 per block to `blockStats` and nTimes survival counts to `survivals`
 * (trials whose system life exceeds each time). The histogram accumulates until rbdTakeHistogram.
 * Returns the number of non-empty histogram buckets.
 */
export function rbdSimulateBlocks(
  seed: f64,
  firstBlock: i32,
  blockCount: i32,
  blockSize: i32,
  totalTrials: f64,
  times: usize,
  nTimes: i32,
  blockStats: usize,
  survivals: usize,
): i32 {
  ensureBuffers(nTimes);
  const rng = streamFor(seed, firstBlock);
  // The state at the start of the current block's stream: the next stream is one jump from there, not
  // from wherever the block's draws left the generator.
  let s0 = rng.s0;
  let s1 = rng.s1;
  let s2 = rng.s2;
  let s3 = rng.s3;
  for (let b = 0; b < blockCount; b++) {
    if (b > 0) {
      rng.s0 = s0;
      rng.s1 = s1;
      rng.s2 = s2;
      rng.s3 = s3;
      rng.jump();
      s0 = rng.s0;
      s1 = rng.s1;
      s2 = rng.s2;
      s3 = rng.s3;
    }
    const start = <f64>(firstBlock + b) * <f64>blockSize;
    const remaining = totalTrials - start;
    const trials: i32 = remaining < <f64>blockSize ? <i32>remaining : blockSize;
    let mean: f64 = 0;
    let m2: f64 = 0;
    let lowest: f64 = Infinity;
    let highest: f64 = 0;
    for (let t = 0; t < trials; t++) {
      sampleComponents(rng);
      const life = systemLife();
      // Welford's update keeps the variance accurate when lives are large and alike.
      const delta = life - mean;
      mean += delta / <f64>(t + 1);
      m2 += delta * (life - mean);
      if (life < lowest) lowest = life;
      if (life > highest) highest = life;
      const m = timesBelow(times, nTimes, life);
      const bin = survivalBins + (<usize>m << 3);
      store<f64>(bin, load<f64>(bin) + 1);
      const bucket = <i32>(reinterpret<u64>(life) >> HISTOGRAM_SHIFT);
      const at = histogram + (<usize>bucket << 2);
      store<u32>(at, load<u32>(at) + 1);
      if (bucket < lowestBucket) lowestBucket = bucket;
      if (bucket > highestBucket) highestBucket = bucket;
    }
    const out = blockStats + (<usize>(b * BLOCK_STAT_FIELDS) << 3);
    store<f64>(out, <f64>trials);
    store<f64>(out, mean, 8);
    store<f64>(out, m2, 16);
    store<f64>(out, lowest, 24);
    store<f64>(out, highest, 32);
  }
  rng.s0 = s0;
  rng.s1 = s1;
  rng.s2 = s2;
  rng.s3 = s3;
  rng.jump();
  nextSeed = seed;
  nextBlock = firstBlock + blockCount;
  nextS0 = rng.s0;
  nextS1 = rng.s1;
  nextS2 = rng.s2;
  nextS3 = rng.s3;
  // Lives above time j are those that exceeded more than j of the times.
  let above: f64 = 0;
  for (let j = nTimes - 1; j >= 0; j--) {
    above += load<f64>(survivalBins + (<usize>(j + 1) << 3));
    store<f64>(survivals + (<usize>j << 3), above);
  }
  let filled = 0;
  for (let i = lowestBucket; i <= highestBucket; i++) if (load<u32>(histogram + (<usize>i << 2)) != 0) filled++;
  return filled;
}

/** Empties the histogram (a chunk starts with this, so nothing left by an interrupted call leaks in). */
export function rbdClearHistogram(): void {
  if (histogram != 0 && highestBucket >= lowestBucket) {
    memory.fill(histogram + (<usize>lowestBucket << 2), 0, <usize>(highestBucket - lowestBucket + 1) << 2);
  }
  lowestBucket = HISTOGRAM_BUCKETS;
  highestBucket = -1;
}

/** Moves the histogram out (bucket index and count of each non-empty bucket, ascending) and clears it. */
export function rbdTakeHistogram(bucketsOut: usize, countsOut: usize): void {
  let n = 0;
  for (let i = lowestBucket; i <= highestBucket; i++) {
    const at = histogram + (<usize>i << 2);
    const count = load<u32>(at);
    if (count == 0) continue;
    store<i32>(bucketsOut + (<usize>n << 2), i);
    store<f64>(countsOut + (<usize>n << 3), <f64>count);
    store<u32>(at, 0);
    n++;
  }
  lowestBucket = HISTOGRAM_BUCKETS;
  highestBucket = -1;
}
