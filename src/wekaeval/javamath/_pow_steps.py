"""The floating-point steps of HotSpot's ``Math.pow`` stub and its constants, shared by the scalar path
(:mod:`wekaeval.javamath._pow`) and the numpy path (:mod:`wekaeval.javamath._pow_array`).

Each step is written once, for Python floats and numpy arrays alike: every product and sum is one IEEE
operation rounded on its own, as SSE2 computes it, so the two paths give the same bits.  The constants are the
stub's (Intel LIBM's ``macroAssembler_x86_pow.cpp``), written as IEEE bit patterns.
"""

from __future__ import annotations

from typing import Any

from wekaeval.javamath._bits import double_of
from wekaeval.javamath._hotspot_tables import POW_EXP2_TABLE, POW_LOG2_TABLE

# Bit patterns and constants: the polynomials' coefficients, masks, shifters and NaNs are the stub's data
# (macroAssembler_x86_pow.cpp in JDK 17, the same values in JDK 25's stubGenerator_x86_64_pow.cpp).
SIGN = 0x8000000000000000


HIGH_SIGN = 0x80000000  # the sign bit in a double's high word: how the stub signs a result


ABS = 0x7FFFFFFFFFFFFFFF


INFINITY_BITS = 0x7FF0000000000000


MANTISSA = 0x000FFFFFFFFFFFFF


Y_TWO = 0x4000000000000000  # y == 2 and y == 0.5: the stub's first two shortcuts


Y_HALF = 0x3FE0000000000000


ONE_BITS = 0x3FF0000000000000


MINUS_ONE_BITS = 0xBFF0000000000000


QUIET_NAN = double_of(0x7FF8000000000000)  # the stub's own NaN (pow(1, ±inf), pow(-1, ±inf), pow(1, NaN))


INDEFINITE = double_of(0xFFF8000000000000)  # x86's NaN from 0 * inf (pow of a negative x, fractional y)


X_SCALE = 0x77F0000000000000  # x's significand is taken times 2**896, B comes out times 2**-896


SUBNORMAL_KEEP = 0xFFFFFC0000000000  # a subnormal x's high part: 22 significand bits


HIGHMASK_Y = 0xFFFFFFF800000000  # y's high part on the main path: 29 significand bits


HALFMASK = 0xFFFFFFFFF8000000  # high halves on the far path and of log2(x) near 1: 25 bits


Y_HIGH32 = 0xFFFFFFFF00000000  # y's high part near 1: 20 significand bits


INTEGER_SHIFTER = double_of(0x4338000000000000)  # 1.5 * 2**52: adding it rounds to an integer (|y| < 2**51)


TWO_128 = 2.0**128  # a subnormal x is scaled by this first


LH = double_of(0x3FF7200000000000)  # 1.4453125, a short log2(e): B ~ LH / m


SHIFTER_256 = double_of(0x42B8000000000000)  # 1.5 * 2**44: adding it rounds to a multiple of 1/256


LN2 = double_of(0x3FE62E42FEFA39EF)


# log2(1 + r/LH) - r, as a polynomial c7 r + c3 r**2 + c6 r**3 + c2 r**4 + c5 r**5 + c1 r**6 + c4 r**7 + c0 r**8
C0, C1, C2, C3, C4, C5, C6, C7 = (
    double_of(b)
    for b in (
        0xBF8365786DC96112,
        0xBF9B0301EE241472,
        0xBFB528DB9F95985A,
        0xBFD619B6B3841D2A,
        0x3F9004F2518775E3,
        0x3FA76C9BAC8349BB,
        0x3FC4635E486ECECC,
        0xBF5DABE1161BB241,
    )
)


# Near 1: c3 and c7 split into a short high part and the rest, and c6 one bit lower.
C3_HI, C7_HI = double_of(0xBFD61A0000000000), double_of(0xBF5DABE100000000)


C3_LO, C7_LO = double_of(0x3EF2531EF8B5787D), double_of(0xBDD61BB2412055CC)


C6_NEAR = double_of(0x3FC4635E486ECECB)


# 2**z - 1 ~ LN2 z + E3 z**2 + E2 z**3 + E1 z**4 + E0 z**5
E0, E1, E2, E3 = (
    double_of(b) for b in (0x3F55D87FE78A6731, 0x3FAC6B08D704A0C0, 0x3F83B2AB6FBA4E77, 0x3FCEBFBDFF82C58F)
)


LOG2_HI = [double_of(hi) for hi, _ in POW_LOG2_TABLE]


LOG2_LO = [double_of(lo) for _, lo in POW_LOG2_TABLE]


EXP2_HI = [hi for hi, _ in POW_EXP2_TABLE]


EXP2_LO = [lo for _, lo in POW_EXP2_TABLE]


# The thresholds on the stub's size estimate 16 * (floor(log2(|k| + 1)) + floor(log2 |y|) + 31).
SIZE_MAIN = 624  # below: |y * log2(x)| < 512, the plain end


SIZE_FAR = 752  # below: the end that scales twice; at or above, overflow or underflow


SIZE_ONE = -384  # below: |y * log2(x)| < 2**-53, the result 1


Y_TOP_ACCURATE = 16560  # |y| >= 4096 with x in [1 - 1/32, 1 + 1/16): the accurate logarithm


ROUNDED_TOP_LIMIT = 16529  # |y * log2(x)| about 1088 and more: overflow or underflow


def log_polynomial(r: Any, lo_b: Any, t_lo: Any) -> tuple[Any, Any]:
    """log2(1 + r/LH) past its first term, in two partial sums (even, odd), the low parts added in."""
    r2 = r * r
    r3 = r * r2
    r4 = r2 * r2
    even = r4 * ((C4 + C0 * r) * r3) + ((C6 + C2 * r) * r3 + (lo_b + t_lo))
    odd = r4 * ((C5 + C1 * r) * r) + (C7 + C3 * r) * r
    return even, odd


def near_one_log(hi_b: Any, lo_b: Any, k_t_hi: Any, t_lo: Any) -> tuple[Any, Any]:
    """log2(x) for x near 1, (sum, low part): the terms summed one by one, each rounding error kept."""
    # log2(x) = k + T_hi + (hi_b + c7 hi_b) + c3 hi_b**2 + lo_b + c7 lo_b + T_lo + c3 (r**2 - hi_b**2)
    # + the rest of the polynomial; a1..a5 are the running sums, e1..e5 their rounding errors.
    r = lo_b + hi_b
    u = hi_b + C7_HI * hi_b
    square = (C3_HI * hi_b) * hi_b
    cross = (C3_HI * lo_b) * (hi_b + r)
    a1 = k_t_hi + u
    e1 = (k_t_hi - a1) + u
    a2 = a1 + square
    e2 = square + (a1 - a2)
    a3 = a2 + lo_b
    e3 = (a2 - a3) + lo_b
    q = C7_HI * lo_b
    a4 = a3 + q
    e4 = (a3 - a4) + q
    a5 = a4 + t_lo
    e5 = (a4 - a5) + t_lo
    errors = (((cross + (e2 + e1)) + e3) + e4) + e5
    r2 = r * r  # the polynomial's other terms, c3 and c7 the parts their high parts left
    r3 = r * r2
    r4 = r2 * r2
    even = ((C6_NEAR + C2 * r) * r3 + errors) + ((C4 + C0 * r) * r3) * r4
    odd = (C7_LO + C3_LO * r) * r + ((C5 + C1 * r) * r) * r4
    return a5, even + odd


def far_log(log_hi: Any, log_lo: Any) -> tuple[Any, Any]:
    """log2(x) summed once more, (the sum, its rounding error plus log_lo), to be split in halves."""
    log_all = log_hi + log_lo
    return log_all, log_lo + (log_hi - log_all)


def product_rest(path: str, y: Any, y_hi: Any, log_hi: Any, log_lo: Any, t_rest: Any) -> Any:
    """z, what y * log2(x) has past n/256 (``t_rest`` = y_hi * log_hi - n/256), summed in the path's order."""
    if path == "main":
        return y * log_lo + (t_rest + (y - y_hi) * log_hi)
    if path == "far":
        return (y * log_lo + (y - y_hi) * log_hi) + t_rest
    return t_rest + ((y - y_hi) * log_hi + y * log_lo)


def exp2_rest(z: Any, t_hi: Any, t_lo: Any) -> Any:
    """T * 2**z less T, for T = 2**(j/256) as (t_hi, t_lo): t_lo and t_hi * (2**z - 1), summed."""
    z2 = z * z
    part = (LN2 * z) * t_hi + t_lo
    even = ((z2 * z2) * (E2 + E0 * z)) * t_hi
    odd = (z2 * (E3 + E1 * z)) * t_hi
    return (even + part) + odd


def tiny_y(y: Any, log_hi: Any, even: Any, odd: Any, one: Any, ln2: Any) -> Any:
    """pow for a tiny y: 1 + y * log2(x) * log(2), signed by one and ln2."""
    return one + (y * log_hi + y * (even + odd)) * ln2


def tiny_result(t_top: Any, t_hi: Any, rest: Any, scale: Any) -> Any:
    """A subnormal result: the table value's top bits scaled exactly, the rest scaled and added."""
    return t_top * scale + ((t_hi - t_top) + rest) * scale
