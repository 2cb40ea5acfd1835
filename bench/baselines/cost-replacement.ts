// Plain TypeScript baseline for the age-replacement optimum (bench/cost.bench.ts): the algorithm of
// assembly/cost/ (quantile scan, adaptive Gauss-Kronrod 7-15 of R, Brent's root of the first-order
// condition, the accumulated curve) for a Weibull 2P, with Math.exp/Math.pow in place of the evaluator.

const XK = [
  0.9914553711208126, 0.9491079123427585, 0.8648644233597691, 0.7415311855993945, 0.5860872354676911,
  0.4058451513773972, 0.2077849550078985,
];
const WK = [
  0.02293532201052922, 0.06309209262997854, 0.1047900103222502, 0.1406532597155259, 0.1690047266392679,
  0.1903505780647854, 0.2044329400752989,
];
const WKC = 0.20948214108472782;
const WG = [0, 0.1294849661688697, 0, 0.2797053914892767, 0, 0.381830050505119, 0];
const WGC = 0.4179591836734694;

export function replacementOptimumTs(beta: number, eta: number, cp: number, cu: number, points: number) {
  const rel = (t: number) => (t > 0 ? Math.exp(-((t / eta) ** beta)) : 1);
  const unrel = (t: number) => (t > 0 ? -Math.expm1(-((t / eta) ** beta)) : 0);
  const hazard = (t: number) => (t > 0 ? (beta / eta) * (t / eta) ** (beta - 1) : 0);
  let lastError = 0;
  const gk15 = (lo: number, hi: number) => {
    const half = 0.5 * (hi - lo);
    const mid = 0.5 * (hi + lo);
    const fc = rel(mid);
    let k = WKC * fc;
    let g = WGC * fc;
    for (let i = 0; i < 7; i++) {
      const s = rel(mid - half * XK[i]) + rel(mid + half * XK[i]);
      k += WK[i] * s;
      g += WG[i] * s;
    }
    lastError = Math.abs((k - g) * half);
    return k * half;
  };
  let rules = 0;
  const adapt = (lo: number, hi: number, whole: number, tol: number, depth: number): number => {
    const mid = 0.5 * (lo + hi);
    const left = gk15(lo, mid);
    const le = lastError;
    const right = gk15(mid, hi);
    const re = lastError;
    rules += 2;
    const sum = left + right;
    const err = le + re;
    if (err <= tol || err <= 64 * 2.220446049250313e-16 * Math.abs(sum) || depth >= 60 || rules >= 20000)
      return sum;
    if (mid <= lo || mid >= hi || sum === whole) return sum;
    const l = le <= 0.5 * tol ? left : adapt(lo, mid, left, 0.5 * tol, depth + 1);
    const r = re <= 0.5 * tol ? right : adapt(mid, hi, right, 0.5 * tol, depth + 1);
    return l + r;
  };
  const integrate = (lo: number, hi: number, base: number) => {
    if (!(hi > lo)) return 0;
    const whole = gk15(lo, hi);
    const tol = Math.max(1e-14 * Math.abs(whole), 1e-16 * base, 1e-300);
    if (lastError <= tol) return whole;
    rules = 1;
    return adapt(lo, hi, whole, tol, 0);
  };
  const rate = (t: number, integral: number) => (cp * rel(t) + cu * unrel(t)) / integral;
  const quantile = (x: number) =>
    x <= 0
      ? eta * (-Math.log1p(-1 / (1 + Math.exp(-x)))) ** (1 / beta)
      : eta * (-Math.log(1 / (1 + Math.exp(x)))) ** (1 / beta);
  const SCAN = 400;
  const END = 34.538776394910684;
  const times = new Float64Array(SCAN + 1);
  const integrals = new Float64Array(SCAN + 1);
  let best = -1;
  let bestRate = Number.POSITIVE_INFINITY;
  let previous = 0;
  let integral = 0;
  for (let i = 0; i <= SCAN; i++) {
    let t = quantile(-END + (2 * END * i) / SCAN);
    if (t <= previous) t = previous;
    integral =
      i === 0 ? integrate(0, t, 0) : integral + (t > previous ? integrate(previous, t, integral) : 0);
    times[i] = t;
    integrals[i] = integral;
    const c = t > 0 ? rate(t, integral) : Number.POSITIVE_INFINITY;
    if (c < bestRate) {
      bestRate = c;
      best = i;
    }
    previous = t;
  }
  const mttf = eta * gammaFn(1 + 1 / beta);
  let optimum = Number.NaN;
  let optimumRate = Number.NaN;
  if (best > 0 && best < SCAN && bestRate < (cu / mttf) * (1 - 1e-10)) {
    const from = times[best - 1];
    const base = integrals[best - 1];
    const k = cp / (cu - cp);
    const g = (t: number) => hazard(t) * (base + integrate(from, t, base)) - unrel(t) - k;
    optimum = brentRoot(g, from, times[best + 1]);
    optimumRate = rate(optimum, base + integrate(from, optimum, base));
  }
  const end = Math.max(Number.isFinite(optimum) ? 2 * optimum : 0, eta * (-Math.log(0.01)) ** (1 / beta));
  const curve = new Float64Array(points);
  let acc = 0;
  let last = 0;
  for (let i = 0; i < points; i++) {
    const t = (end * (i + 1)) / points;
    acc += integrate(last, t, acc);
    last = t;
    curve[i] = rate(t, acc);
  }
  return { optimum, optimumRate, curve };
}

/** Brent's zeroin (1973) to full precision. */
function brentRoot(f: (x: number) => number, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  let fa = f(a);
  let fb = f(b);
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iter = 0; iter < 200; iter++) {
    if (fb * fc > 0) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol = 2 * 2.220446049250313e-16 * Math.abs(b);
    const m = 0.5 * (c - b);
    if (Math.abs(m) <= tol || fb === 0) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qq = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qq * (qq - r) - (b - a) * (r - 1));
        q = (qq - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * m * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : m > 0 ? tol : -tol;
    fb = f(b);
  }
  return b;
}

/** Gamma function by Lanczos (g = 7, n = 9), ample for the MTTF's use here (a threshold test). */
function gammaFn(x: number): number {
  const c = [
    0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406,
    12.507343278686905, -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.PI / (Math.sin(Math.PI * x) * gammaFn(1 - x));
  const z = x - 1;
  let a = c[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (z + i);
  return Math.sqrt(2 * Math.PI) * t ** (z + 0.5) * Math.exp(-t) * a;
}
