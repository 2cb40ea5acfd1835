#!/usr/bin/env python3
# Derives the constant tables of the math core (assembly/math/coefficients.ts) with mpmath at 50 digits:
# Chebyshev series of smooth pieces of lnGamma, digamma, erfcx and the normal quantile, and exact series
# constants (Bernoulli numbers). Needs python3-mpmath; run only when an approximation changes, never at
# build or test time:
#   python3 scripts/math/coefficients.py > assembly/math/coefficients.ts
#   python3 scripts/math/coefficients.py --typescript > bench/baselines/math-coefficients.ts
# (the second is the same tables as plain TypeScript for the benchmark baselines).
# Chebyshev coefficients are computed at Chebyshev nodes and truncated where the remaining terms fall
# below 2e-18 of the smallest value of the function on the interval, so each piece is good to ~1 ulp.
# Each truncated series is then written as a polynomial in the same variable u in [-1, 1] (converted at
# 50 digits), because assembly/math/series.ts evaluates polynomials as four interleaved Horner chains,
# about four times faster than Clenshaw's serial recurrence; for these rapidly decaying series the
# monomial form is well conditioned (sum |a_j u^j| is at most 5 times |p(u)| on [-1, 1], checked below).
# Every table is padded with zeros to a multiple of 4 terms for that evaluation.
import sys

import mpmath as mp

TYPESCRIPT = "--typescript" in sys.argv

mp.mp.dps = 50
N = 96


def cheb(f, a, b, scale):
    a, b = mp.mpf(a), mp.mpf(b)
    mid, half = (a + b) / 2, (b - a) / 2
    th = [mp.pi * (j + mp.mpf(1) / 2) / N for j in range(N)]
    fx = [f(mid + half * mp.cos(t)) for t in th]
    c = [2 * mp.fsum(fx[j] * mp.cos(k * th[j]) for j in range(N)) / N for k in range(N)]
    last = max(k for k in range(N) if abs(c[k]) > mp.mpf("2e-18") * scale)
    assert last < N - 20, "series does not converge fast enough"
    c = c[: last + 1]
    c[0] /= 2  # p(u) = sum c_k T_k(u)
    return to_monomial(c)


def to_monomial(c):
    """Coefficients a_j of sum_k c_k T_k(u) = sum_j a_j u^j."""
    t = [[mp.mpf(1)], [mp.mpf(0), mp.mpf(1)]]
    for k in range(2, len(c)):
        shifted = [mp.mpf(0)] + [2 * v for v in t[k - 1]]
        previous = t[k - 2] + [mp.mpf(0)] * (len(shifted) - len(t[k - 2]))
        t.append([x - y for x, y in zip(shifted, previous)])
    a = [mp.mpf(0)] * len(c)
    for k, ck in enumerate(c):
        for j, v in enumerate(t[k]):
            a[j] += ck * v
    for u in [mp.mpf(j) / 8 for j in range(-8, 9)]:
        value = abs(mp.fsum(aj * u**j for j, aj in enumerate(a)))
        assert mp.fsum(abs(aj * u**j) for j, aj in enumerate(a)) <= 5 * value, "ill-conditioned monomial form"
    return a


def fmt(x):
    return repr(float(x))


out = []


def table(name, comment, values):
    values = list(values) + [0] * (-len(values) % 4)
    out.append(f"/** {comment} */")
    body = ",\n".join("  " + fmt(v) for v in values)
    kind = "readonly number[]" if TYPESCRIPT else "StaticArray<f64>"
    out.append(f"export const {name}: {kind} = [\n{body},\n];\n")


def scalar(name, comment, value):
    out.append(f"/** {comment} */")
    out.append(f"export const {name}{'' if TYPESCRIPT else ': f64'} = {fmt(value)};\n")


# lnGamma(2+z)/z on z in [-0.5, 0.5]; singularity at z = -2 keeps the series short.
def lg2(z):
    return mp.loggamma(2 + z) / z if z != 0 else 1 - mp.euler


table("LNGAMMA_2", "Polynomial in u (from the Chebyshev series) of lnGamma(2+z)/z, z in [-0.5, 0.5].", cheb(lg2, -0.5, 0.5, 0.3))

# digamma(x)/(x - x0) on [1, 2], x0 the positive root, so digamma keeps its relative accuracy there.
X0 = mp.findroot(mp.digamma, 1.46)
x0hi = mp.mpf(float(X0))
scalar("DIGAMMA_ROOT_HI", "The positive root of digamma, high part.", x0hi)
scalar("DIGAMMA_ROOT_LO", "The positive root of digamma, low part (root - hi).", X0 - x0hi)


def dg(x):
    return mp.digamma(x) / (x - X0) if abs(x - X0) > mp.mpf("1e-30") else mp.psi(1, X0)


table("DIGAMMA_1_2", "Polynomial in u (from the Chebyshev series) of digamma(x)/(x - root), x in [1, 2].", cheb(dg, 1, 2, 0.5))

# Stirling series: B_2k / (2k (2k-1)) for lnGamma and B_2k / (2k) for digamma, B_2k for trigamma.
table("STIRLING_LNGAMMA", "B_2k/(2k(2k-1)), k = 1..8: the Stirling series of lnGamma.",
      [mp.bernoulli(2 * k) / (2 * k * (2 * k - 1)) for k in range(1, 9)])
table("STIRLING_DIGAMMA", "B_2k/(2k), k = 1..9: the asymptotic series of digamma.",
      [mp.bernoulli(2 * k) / (2 * k) for k in range(1, 10)])
table("STIRLING_TRIGAMMA", "B_2k, k = 1..10: the asymptotic series of trigamma.",
      [mp.bernoulli(2 * k) for k in range(1, 11)])


# Taylor series: erf(x)/x in x^2 (|x| < 0.5), (Phi(z) - 1/2)/(z phi(0)) in z^2 (|z| < 0.75).
table("ERF_TAYLOR", "2/sqrt(pi) (-1)^n / (n! (2n+1)), n = 0..12: erf(x) = x sum c_n x^2n.",
      [2 / mp.sqrt(mp.pi) * (-1) ** n / (mp.factorial(n) * (2 * n + 1)) for n in range(13)])
table("NORMAL_CDF_TAYLOR", "(-1)^n / (2^n n! (2n+1)), n = 0..13: Phi(z) - 1/2 = phi(0) z sum c_n z^2n.",
      [mp.mpf(-1) ** n / (2 ** n * mp.factorial(n) * (2 * n + 1)) for n in range(14)])

# erfcx(x) = exp(x^2) erfc(x) in three pieces, then x sqrt(pi) erfcx(x) as a series in t = 1/x^2.
def erfcx(x):
    return mp.exp(x * x) * mp.erfc(x)


for name, a, b in [("ERFCX_A", 0.5, 1.5), ("ERFCX_B", 1.5, 2.5), ("ERFCX_C", 2.5, 4)]:
    table(name, f"Polynomial in u (from the Chebyshev series) of erfcx(x), x in [{a}, {b}].", cheb(erfcx, a, b, erfcx(mp.mpf(b))))


def erfcx_tail(t):
    if t == 0:
        return mp.mpf(1)
    x = 1 / mp.sqrt(t)
    return x * mp.sqrt(mp.pi) * erfcx(x)


table("ERFCX_TAIL", "Polynomial in u (from the Chebyshev series) of x sqrt(pi) erfcx(x) in t = 1/x^2, t in [0, 1/16] (x >= 4).",
      cheb(erfcx_tail, 0, mp.mpf(1) / 16, 0.9))


# Normal quantile: x/q as a series in q^2 for |q| = |p - 1/2| <= 0.425; in the tails x as a series in
# r = sqrt(-log p), r in [1.6, 5], [5, 10], [10, 27.3] (27.3 covers the smallest subnormal p).
def centre(s):
    q = mp.sqrt(s)
    return mp.sqrt(2 * mp.pi) if q == 0 else mp.sqrt(2) * mp.erfinv(2 * q) / q


table("NORMAL_QUANTILE_CENTRE", "Polynomial in u (from the Chebyshev series) of x/q in s = q^2, s in [0, 0.425^2].",
      cheb(centre, 0, mp.mpf("0.425") ** 2, 2.5))


def lower_tail(r):
    lp = -r * r
    return mp.findroot(lambda x: mp.log(mp.ncdf(x)) - lp, -mp.sqrt(-2 * lp), tol=mp.mpf(10) ** -60)


for name, a, b in [("NORMAL_QUANTILE_TAIL_A", 1.6, 5), ("NORMAL_QUANTILE_TAIL_B", 5, 10),
                   ("NORMAL_QUANTILE_TAIL_C", 10, 27.3)]:
    table(name, f"Polynomial in u (from the Chebyshev series) of the lower-tail quantile x in r = sqrt(-log p), r in [{a}, {b}].",
          cheb(lower_tail, a, b, 1.4))

print("// Generated by scripts/math/coefficients.py (mpmath, 50 digits). Do not edit by hand.")
print("// Tables from Chebyshev series are polynomials in u, where u maps the stated interval linearly onto [-1, 1];")
print("// the others are the power series stated. All are padded with zeros to a multiple of 4 terms")
print("// (series.ts evaluates four interleaved Horner chains).\n")
if TYPESCRIPT:
    print("// biome-ignore-all format: generated, one coefficient per line")
    print("// Plain TypeScript copy of assembly/math/coefficients.ts for the benchmark baselines.\n")
print("\n".join(out))
