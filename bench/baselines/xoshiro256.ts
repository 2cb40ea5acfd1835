// xoshiro256** in plain TypeScript, the same generator as assembly/math/rng.ts (SplitMix64 seeding,
// 2^128 jumps for streams, uniform (k + 1/2) 2^-52), written with 32-bit halves because BigInt
// arithmetic would make the baseline needlessly slow. BigInt only seeds.

const JUMP = [0x180ec6d33cfd0aban, 0xd5a61266f0c9392cn, 0xa9582618e03fc9aan, 0x39abdc4529b1661cn];
const MASK = (1n << 64n) - 1n;

function splitMix64(x: bigint): bigint {
  let z = x;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return z ^ (z >> 31n);
}

export class Xoshiro256Ts {
  h0 = 0;
  l0 = 0;
  h1 = 0;
  l1 = 0;
  h2 = 0;
  l2 = 0;
  h3 = 0;
  l3 = 0;

  constructor(seed: number) {
    let x = BigInt(seed);
    const words: bigint[] = [];
    for (let i = 0; i < 4; i++) {
      x = (x + 0x9e3779b97f4a7c15n) & MASK;
      words.push(splitMix64(x));
    }
    [this.h0, this.l0] = [Number(words[0] >> 32n), Number(words[0] & 0xffffffffn)];
    [this.h1, this.l1] = [Number(words[1] >> 32n), Number(words[1] & 0xffffffffn)];
    [this.h2, this.l2] = [Number(words[2] >> 32n), Number(words[2] & 0xffffffffn)];
    [this.h3, this.l3] = [Number(words[3] >> 32n), Number(words[3] & 0xffffffffn)];
  }

  /** Advances the state; returns the top 52 bits of the output as a number (all the uniform needs). */
  private next52(): number {
    // result = rotl(s1 * 5, 7) * 9
    const l5 = this.l1 * 5;
    const lo5 = l5 >>> 0;
    const hi5 = (this.h1 * 5 + Math.floor(l5 / 4294967296)) >>> 0;
    const rh = ((hi5 << 7) | (lo5 >>> 25)) >>> 0;
    const rl = ((lo5 << 7) | (hi5 >>> 25)) >>> 0;
    const l9 = rl * 9;
    const outLo = l9 >>> 0;
    const outHi = (rh * 9 + Math.floor(l9 / 4294967296)) >>> 0;
    // State words are kept unsigned: the multiplications above read them as numbers.
    // t = s1 << 17
    const th = ((this.h1 << 17) | (this.l1 >>> 15)) >>> 0;
    const tl = (this.l1 << 17) >>> 0;
    this.h2 = (this.h2 ^ this.h0) >>> 0;
    this.l2 = (this.l2 ^ this.l0) >>> 0;
    this.h3 = (this.h3 ^ this.h1) >>> 0;
    this.l3 = (this.l3 ^ this.l1) >>> 0;
    this.h1 = (this.h1 ^ this.h2) >>> 0;
    this.l1 = (this.l1 ^ this.l2) >>> 0;
    this.h0 = (this.h0 ^ this.h3) >>> 0;
    this.l0 = (this.l0 ^ this.l3) >>> 0;
    this.h2 = (this.h2 ^ th) >>> 0;
    this.l2 = (this.l2 ^ tl) >>> 0;
    // s3 = rotl(s3, 45): swap the halves, then rotate by 13.
    const h3 = this.h3;
    const l3 = this.l3;
    this.h3 = ((l3 << 13) | (h3 >>> 19)) >>> 0;
    this.l3 = ((h3 << 13) | (l3 >>> 19)) >>> 0;
    return (outHi >>> 0) * 1048576 + (outLo >>> 12);
  }

  uniform(): number {
    return (this.next52() + 0.5) * 2.220446049250313e-16;
  }

  jump(): void {
    let t = [0, 0, 0, 0, 0, 0, 0, 0];
    for (const word of JUMP) {
      for (let b = 0n; b < 64n; b++) {
        if ((word >> b) & 1n) {
          t = [
            t[0] ^ this.h0,
            t[1] ^ this.l0,
            t[2] ^ this.h1,
            t[3] ^ this.l1,
            t[4] ^ this.h2,
            t[5] ^ this.l2,
            t[6] ^ this.h3,
            t[7] ^ this.l3,
          ];
        }
        this.next52();
      }
    }
    [this.h0, this.l0, this.h1, this.l1, this.h2, this.l2, this.h3, this.l3] = t.map((x) => x >>> 0);
  }

  getState(): number[] {
    return [this.h0, this.l0, this.h1, this.l1, this.h2, this.l2, this.h3, this.l3];
  }

  setState(s: number[]): void {
    [this.h0, this.l0, this.h1, this.l1, this.h2, this.l2, this.h3, this.l3] = s;
  }
}

export function forStreamTs(seed: number, stream: number): Xoshiro256Ts {
  const rng = new Xoshiro256Ts(seed);
  for (let k = 0; k < stream; k++) rng.jump();
  return rng;
}
