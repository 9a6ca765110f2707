#!/usr/bin/env python3
"""Writes include/prism/json/detail/pow10_table.hpp: the 128-bit powers of ten of json/detail/dtoa.hpp.

Entry e - pow10_min_exponent is g = ceil(10^e * 2^(127 - floor(log2(10^e)))): 10^e scaled into [2^127, 2^128) and
rounded up, so exact where 10^e fits (0 <= e <= 55) and a slight overestimate elsewhere.

Before writing, the script checks every fact dtoa.hpp relies on, with exact integers:
  * the fixed-point logarithms flog10_pow2, flog10_three_quarters_pow2 and flog2_pow10 over the exponents used;
  * the shift h stays within the bounds the products need;
  * rounding up never moves a floor: for every binary exponent and every significand, g * cp / 2^128 has the same
    integer part as the exact c * 2^q / 10^k (a continued-fraction minimum over all significands at once), and
    the fraction is either exactly zero (exact entries), a stray below 2^-64 on a true integer (1 <= k <= 27, where
    dtoa.hpp masks the low word) or a real fraction;
  * the same for float with the upper 64 bits (rounded up) of each entry.
Usage: python3 tools/generate_pow10_table.py [--check-only]
"""
import fractions
import math
import pathlib
import random
import sys

E_MIN, E_MAX = -293, 324  # 10^e for e = -k over all finite doubles, and -(k + 1) for the fast path of dtoa.hpp


def flog10_pow2(q):
    return (q * 315653) >> 20


def flog10_three_quarters_pow2(q):
    return (q * 315653 - 131237) >> 20


def flog2_pow10(e):
    return (e * 1741647) >> 19


def floor_log2_frac(x):
    """floor(log2(x)) of a positive Fraction."""
    n = x.numerator.bit_length() - x.denominator.bit_length()
    if fractions.Fraction(2) ** n > x:
        n -= 1
    if fractions.Fraction(2) ** (n + 1) <= x:
        n += 1
    return n


def floor_log10_frac(x):
    n = 0
    while fractions.Fraction(10) ** n > x:
        n -= 1
    while fractions.Fraction(10) ** (n + 1) <= x:
        n += 1
    return n


def check_logs():
    for q in range(-1200, 1200):
        two_q = fractions.Fraction(2) ** q
        assert flog10_pow2(q) == floor_log10_frac(two_q), q
        assert flog10_three_quarters_pow2(q) == floor_log10_frac(two_q * 3 / 4), q
    for e in range(-400, 400):
        assert flog2_pow10(e) == floor_log2_frac(fractions.Fraction(10) ** e), e


def beta(e):
    """10^e scaled into [2^127, 2^128), exact."""
    return fractions.Fraction(10) ** e * fractions.Fraction(2) ** (127 - flog2_pow10(e))


def ceil_frac(x):
    return -((-x.numerator) // x.denominator)


def table():
    out = []
    for e in range(E_MIN, E_MAX + 1):
        b = beta(e)
        assert 2**127 <= b < 2**128
        g = ceil_frac(b)
        assert g < 2**128
        out.append(g)
    return out


# min / max over 1 <= m <= M of (a * m) mod b, with gcd(a, b) = 1: Euclid on the sawtooth's wrap points.
def min_mod(a, b, M):
    a %= b
    if M >= b:  # a whole period
        return 0
    if a == 1:
        return 1
    J = a * M // b  # wraps within 1..M; J < a, so b*j mod a is never 0 below
    if J == 0:
        return a
    # Just after wrap j the value is a - (b*j mod a).
    return min(a, a - max_mod(b % a, a, J))


def max_mod(a, b, M):
    a %= b
    if M >= b:
        return b - 1
    if a == 1:
        return M
    last = a * M % b
    J = (a * (M + 1) - 1) // b  # wraps strictly before M + 1
    if J == 0:
        return last
    # Just before wrap j the value is b - (b*j mod a).
    return max(last, b - min_mod(b % a, a, J))


def check_min_max():
    rnd = random.Random(7)
    for _ in range(3000):
        b = rnd.randrange(2, 300)
        a = rnd.randrange(1, b)
        if math.gcd(a, b) != 1:
            continue
        M = rnd.randrange(1, 700)
        vals = [(a * m) % b for m in range(1, M + 1)]
        assert min_mod(a, b, M) == min(vals), (a, b, M)
        assert max_mod(a, b, M) == max(vals), (a, b, M)


def check_products(gs, bits, mant_bits, q_min, q_max, exact_range, masked_range, mask_bits, entry):
    """For every binary exponent q, the products dtoa.hpp forms are exact enough, for all significands at once.

    bits: width of the power used (128 for double, 64 for float); entry(g) derives it from a table entry;
    exact_range: the k whose power is exact; masked_range: the inexact k where products can still be integers, there
    dtoa.hpp counts a fraction only from 2^-mask_bits up.
    """
    one = fractions.Fraction(1)
    for q in range(q_min, q_max + 1):
        c_lo = 1 if q == q_min else 2**mant_bits  # the lowest exponent holds the subnormals too
        c_hi = 2 ** (mant_bits + 1) - 1
        # (k, multipliers): every even n in [4 c_lo - 2, 4 c_hi + 2] covers 4c and 4c +- 2 (the regular interval);
        # above the subnormals a power of two also has the irregular lower end 4c - 1.
        cases = [(flog10_pow2(q), None)]
        if q > q_min:
            cases.append((flog10_three_quarters_pow2(q), 4 * 2**mant_bits - 1))
        for k, odd_n in cases:
            n_hi = 4 * c_hi + 2 if odd_n is None else odd_n
            g = entry(gs[-k - E_MIN])
            h = q + flog2_pow10(-k) + 1
            assert 1 <= h <= 7 and (n_hi << h) < 2**64, (q, h)
            power = beta(-k) / 2 ** (128 - bits)  # the exact value g stands for
            assert g >= power, k  # rounded up, so products only ever err upwards
            exact = g == power
            masked = masked_range[0] <= k <= masked_range[1]
            assert exact == (exact_range[0] <= k <= exact_range[1]), (q, k)
            threshold = one / 2**mask_bits
            # Exactly x(n) = n 2^q / 10^k; dtoa.hpp computes x'(n) = n 2^h g / 2^bits = x(n) + delta(n), delta >= 0.
            delta_max = n_hi * 2**h * (g - power) / fractions.Fraction(2) ** bits
            if odd_n is not None:  # one multiplier: check it directly
                x = odd_n * fractions.Fraction(2) ** q / fractions.Fraction(10) ** k
                xp = fractions.Fraction(odd_n * 2**h * g, 2**bits)
                frac = xp - int(xp)
                assert int(xp) == int(x), q
                if x.denominator == 1:
                    assert frac == 0 or (masked and frac < threshold), q
                else:
                    assert frac != 0 and (not masked or frac >= threshold), q
                continue
            if exact:
                continue
            # n = 2m, m <= M: x = m A / B in lowest terms.
            alpha = 2 * fractions.Fraction(2) ** q / fractions.Fraction(10) ** k
            A, B, M = alpha.numerator, alpha.denominator, n_hi // 2
            if masked:
                # A real fraction is at least 1/B on either side, the stray delta of a true integer below threshold.
                assert one / B >= threshold > delta_max, q
                continue
            assert B > M, q  # no true integers, so no fraction to tell apart: only the floor must hold
            gap_below_next_integer = fractions.Fraction(min_mod((-A) % B, B, M), B)
            assert gap_below_next_integer > delta_max, (q, k)


def main():
    check_logs()
    check_min_max()
    gs = table()
    check_products(gs, 128, 52, -1074, 971, (-55, 0), (1, 27), 64, lambda g: g)

    def upper(g):  # float uses the upper 64 bits rounded up: a ceiling of the ceiling is that of the exact value
        u = -((-g) // 2**64)
        assert u < 2**64
        return u

    check_products(gs, 64, 23, -149, 104, (-27, 0), (1, 11), 28, upper)
    if "--check-only" in sys.argv:
        print("all checks passed")
        return
    lines = [
        "// prism: 10^e for e in [%d, %d], each scaled into [2^127, 2^128) and rounded up, as {high, low} halves."
        % (E_MIN, E_MAX),
        "// Generated by tools/generate_pow10_table.py, which also proves it fit for dtoa.hpp; do not edit by hand.",
        "#pragma once",
        "",
        "#include <cstdint>",
        "",
        "namespace prism::json::detail {",
        "",
        "inline constexpr int pow10_min_exponent = %d;" % E_MIN,
        "inline constexpr int pow10_max_exponent = %d;" % E_MAX,
        "",
        "inline constexpr std::uint64_t pow10_significands[%d][2] = {" % (E_MAX - E_MIN + 1),
    ]
    for e, g in zip(range(E_MIN, E_MAX + 1), gs):
        lines.append("    {0x%016x, 0x%016x},  // 1e%d" % (g >> 64, g & (2**64 - 1), e))
    lines += ["};", "", "}  // namespace prism::json::detail", ""]
    path = pathlib.Path(__file__).resolve().parent.parent / "include/prism/json/detail/pow10_table.hpp"
    path.write_text("\n".join(lines))
    print("wrote", path)


if __name__ == "__main__":
    main()
