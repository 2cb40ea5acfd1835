// Synthetic life data for the life benchmarks and tests: Weibull lifetimes from a seeded LCG (not the RNG
// under test), right-censored or inspected at intervals.

function uniforms(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
}

/** n Weibull(1.7, 1000) lifetimes with random right censoring (about 35% suspended). */
export function rightCensored(n: number, seed: number) {
  const u = uniforms(seed);
  const end = new Float64Array(n);
  const state = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const t = 1000 * (-Math.log(u())) ** (1 / 1.7);
    const c = 3000 * u();
    end[i] = Math.min(t, c);
    state[i] = t <= c ? 1 : 0;
  }
  return { end, state };
}

/** n units inspected every 50 to 150 h (random per unit): failures in (start, end], survivors at 2500 h. */
export function intervalCensored(n: number, seed: number) {
  const u = uniforms(seed);
  const end = new Float64Array(n);
  const start = new Float64Array(n);
  const state = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const t = 1000 * (-Math.log(u())) ** (1 / 1.7);
    const width = 50 + 100 * u();
    const lo = Math.floor(t / width) * width;
    if (lo > 2500) {
      end[i] = 2500;
      start[i] = Number.NaN;
      state[i] = 0;
    } else {
      start[i] = lo;
      end[i] = lo + width;
      state[i] = 1;
    }
  }
  return { end, start, state };
}
