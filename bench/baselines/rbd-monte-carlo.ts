// The block-diagram Monte Carlo of assembly/rbd/simulate.ts in plain TypeScript, for the benchmark: the
// same program layout, the same RNG streams per block, the same inversion samplers, the same node
// evaluation and the same accumulators (Welford moments per block, survival counts, life histogram).
// Exponential and Weibull components only (the benchmark diagram's).
import type { CompiledRbd } from "../../src/kernels/rbd/compile.ts";
import { Xoshiro256Ts } from "./xoshiro256.ts";

export interface MonteCarloTsResult {
  trials: number;
  mean: number;
  m2: number;
  survivals: Float64Array;
}

export function monteCarloRbdTs(
  program: CompiledRbd,
  seed: number,
  trials: number,
  blockSize: number,
  times: Float64Array,
): MonteCarloTsResult {
  const { ints, floats } = program;
  const nc = ints[0];
  const nn = ints[1];
  const dist = ints.subarray(3, 3 + nc);
  const comp = ints.subarray(3 + nc, 3 + nc + nn);
  const extra = ints.subarray(3 + nc + nn, 3 + nc + 2 * nn);
  const kOf = ints.subarray(3 + nc + 2 * nn, 3 + nc + 3 * nn);
  const start = ints.subarray(3 + nc + 3 * nn, 4 + nc + 4 * nn);
  const inputs = ints.subarray(4 + nc + 4 * nn);
  for (let c = 0; c < nc; c++)
    if (dist[c] !== 1 && dist[c] !== 2) throw new Error("baseline: exponential and Weibull only");
  const componentLife = new Float64Array(nc);
  const nodeLife = new Float64Array(nn);
  const scratch = new Float64Array(nn);
  const bins = new Float64Array(times.length + 1);
  const histogram = new Uint32Array(1 << 21);
  const bitsView = new Uint32Array(new Float64Array(1).buffer);
  const lifeView = new Float64Array(bitsView.buffer);

  const blocks = Math.ceil(trials / blockSize);
  const rng = new Xoshiro256Ts(seed);
  let state = rng.getState();
  let n = 0;
  let mean = 0;
  let m2 = 0;
  for (let b = 0; b < blocks; b++) {
    if (b > 0) {
      rng.setState(state);
      rng.jump();
      state = rng.getState();
    }
    const count = Math.min(blockSize, trials - b * blockSize);
    let bMean = 0;
    let bM2 = 0;
    for (let t = 0; t < count; t++) {
      for (let c = 0; c < nc; c++) {
        const u = rng.uniform();
        componentLife[c] =
          dist[c] === 1
            ? floats[3 * c + 1] + -Math.log(u) / floats[3 * c]
            : floats[3 * c + 2] + floats[3 * c + 1] * (-Math.log(u)) ** (1 / floats[3 * c]);
      }
      for (let i = 0; i < nn; i++) {
        const k = kOf[i];
        const from = start[i];
        const to = start[i + 1];
        let life = Number.POSITIVE_INFINITY;
        if (k === 1) {
          life = nodeLife[inputs[from]];
          for (let j = from + 1; j < to; j++) life = Math.max(life, nodeLife[inputs[j]]);
        } else if (k === to - from) {
          for (let j = from; j < to; j++) life = Math.min(life, nodeLife[inputs[j]]);
        } else if (k > 1) {
          const m = to - from;
          for (let j = 0; j < m; j++) scratch[j] = nodeLife[inputs[from + j]];
          for (let r = 0; r < k; r++) {
            let best = r;
            for (let j = r + 1; j < m; j++) if (scratch[j] > scratch[best]) best = j;
            const v = scratch[best];
            scratch[best] = scratch[r];
            scratch[r] = v;
          }
          life = scratch[k - 1];
        }
        if (comp[i] >= 0) life = Math.min(life, componentLife[comp[i]]);
        if (extra[i] >= 0) life = Math.min(life, nodeLife[extra[i]]);
        nodeLife[i] = life;
      }
      const life = nodeLife[nn - 1];
      const delta = life - bMean;
      bMean += delta / (t + 1);
      bM2 += delta * (life - bMean);
      let lo = 0;
      let hi = times.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (times[mid] < life) lo = mid + 1;
        else hi = mid;
      }
      bins[lo]++;
      lifeView[0] = life;
      histogram[bitsView[1] >>> 10]++;
    }
    const total = n + count;
    const delta = bMean - mean;
    mean += (delta * count) / total;
    m2 += bM2 + (delta * delta * n * count) / total;
    n = total;
  }
  const survivals = new Float64Array(times.length);
  let above = 0;
  for (let j = times.length - 1; j >= 0; j--) {
    above += bins[j + 1];
    survivals[j] = above;
  }
  return { trials: n, mean, m2, survivals };
}
