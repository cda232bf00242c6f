"""What Java's ``Math.pow`` computes on x86_64 HotSpot (JDK 17), bit for bit, on every path.

HotSpot replaces ``Math.pow`` by a stub (Intel LIBM's algorithm, ``MacroAssembler::fast_pow`` in
``macroAssembler_x86_pow.cpp``; ``stubGenerator_x86_64_pow.cpp`` since JDK 21) that the interpreter, C1
and C2 all call; C2's own shortcuts for a constant ``y`` (``x * x`` for 2, ``sqrt(x)`` for 0.5 and
``x > 0``) give what the stub gives.  The stub computes ``log2(x)`` in two parts from a 513-entry table
indexed by ``RCPPS`` (so by CPU), then ``2**(y*log2(x))`` from a 256-entry table, with a slower, more
accurate logarithm for ``x`` near 1 and a large ``y``, a linear formula for a tiny ``y``, a second
scaling for results near the ends of the double range, and its own sign, zero, infinity and NaN
rules.  :func:`java_pow` repeats all of it operation by operation in IEEE doubles; the floating-point
steps are shared by the scalar path here and the numpy path (:mod:`wekaeval.javamath._pow_array`), the bit
manipulations written once for Python ints and once for ``uint64`` arrays.

Examples
--------
>>> from wekaeval.javamath import java_pow
>>> java_pow(13.0, -0.25).hex(), (13.0 ** -0.25).hex()
('0x1.0da3cf151e840p-1', '0x1.0da3cf151e83fp-1')
>>> java_pow(-2.0, 3.0), java_pow(-8.0, 1 / 3), java_pow(0.0, -1.0), java_pow(1.0, float("inf"))
(-8.0, nan, inf, nan)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import overload

import numpy as np
from numpy.typing import ArrayLike

from wekaeval.javamath._bits import bits_of, double_of
from wekaeval.javamath._fdlibm_pow import fdlibm_pow
from wekaeval.javamath._platform import Cpu, java_platform
from wekaeval.javamath._pow_array import pow_array
from wekaeval.javamath._pow_steps import (
    ABS,
    EXP2_HI,
    EXP2_LO,
    HALFMASK,
    HIGH_SIGN,
    HIGHMASK_Y,
    INDEFINITE,
    INFINITY_BITS,
    INTEGER_SHIFTER,
    LH,
    LN2,
    LOG2_HI,
    LOG2_LO,
    MANTISSA,
    MINUS_ONE_BITS,
    ONE_BITS,
    QUIET_NAN,
    ROUNDED_TOP_LIMIT,
    SHIFTER_256,
    SIGN,
    SIZE_FAR,
    SIZE_MAIN,
    SIZE_ONE,
    SUBNORMAL_KEEP,
    TWO_128,
    X_SCALE,
    Y_HALF,
    Y_HIGH32,
    Y_TOP_ACCURATE,
    Y_TWO,
    exp2_rest,
    far_log,
    log_polynomial,
    near_one_log,
    product_rest,
    tiny_result,
    tiny_y,
)


def _pow_index_of_top13(cpu: Cpu | None = None) -> list[int]:
    """The log2 table's index (0..512) for each value of the significand's leading 13 bits.

    It comes from ``RCPPS``, whose approximation differs between CPU makers: the processor
    :func:`wekaeval.javamath.java_platform` names (the host's, ``cpu=...`` or ``WEKAEVAL_CPU``).

    >>> index = _pow_index_of_top13("intel")
    >>> len(index), index[0], index[-1]
    (8192, 512, 0)
    """
    return java_platform(cpu)._pow_indexes


def _signed32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - ((v & 0x80000000) << 1)


def _add_to_high_word(bits: int, add: int) -> int:
    """``paddd``: ``add`` added to the high 32 bits of a double's pattern, modulo 2**32."""
    return ((((bits >> 32) + add) & 0xFFFFFFFF) << 32) | (bits & 0xFFFFFFFF)


def _exp2_table(n: int, add: int) -> tuple[float, float]:
    """2**((n & 255)/256) as (high, low), ``add`` added to both exponents' words (a power of 2, a sign)."""
    return double_of(_add_to_high_word(EXP2_HI[n & 255], add)), double_of(_add_to_high_word(EXP2_LO[n & 255], add))


def _split_product(path: str, y: float, hy: int, mask: int, log_hi: float, log_lo: float) -> tuple[int, float, float]:
    """y * log2(x) = n/256 + z: y's high part times log_hi rounded to 1/256 (n), the rest (z), and n/256."""
    y_hi = double_of(hy & mask)
    t = y_hi * log_hi
    shifted = SHIFTER_256 + t
    rounded = shifted - SHIFTER_256
    z = product_rest(path, y, y_hi, log_hi, log_lo, t - rounded)
    return _signed32(bits_of(shifted)), z, rounded


def _too_large(rounded: float) -> bool:
    """|n/256| about 1088 or more: overflow or underflow for sure."""
    return (bits_of(rounded) >> 48) & 0x7FFF > ROUNDED_TOP_LIMIT


def _subnormal_end(result: float, t_hi: float, rest: float, scale: float) -> float:
    """A result whose exponent field came out 0, summed again so that it rounds once."""
    top = (((bits_of(t_hi) >> 48) & 0x7FF0) - 16368 + ((bits_of(scale) >> 48) & 0x7FF0)) >> 4
    shift = -31 - top
    if shift > 20:
        return result
    keep = ((0xFFFFFFFF << max(shift, 0)) & 0xFFFFFFFF) << 32
    return tiny_result(double_of(bits_of(t_hi) & keep), t_hi, rest, scale)


def _out_of_range(overflow: bool, sign: int) -> float:
    """The stub's overflow (a huge double squared) or underflow (a tiny one squared), signed."""
    if overflow:
        return -math.inf if sign else math.inf
    return -0.0 if sign else 0.0


def _y_not_finite(hx: int, y: float, hy: int) -> float:
    """pow(x, ±Infinity or NaN) for x > 0: NaN for x 1, y + y for a NaN, else 0 or Infinity."""
    if hx == ONE_BITS:
        return QUIET_NAN
    if hy & MANTISSA:
        return y + y
    return math.inf if (hx >> 52 < 1023) == bool(hy >> 63) else 0.0


def _beyond(hx: int, y: float, hy: int, sign: int) -> float:
    """|y * log2(x)| too large for the paths that compute: y not finite, or overflow or underflow by
    whether x < 1 and y < 0 agree."""
    if hy & INFINITY_BITS == INFINITY_BITS:
        return _y_not_finite(hx, y, hy)
    return _out_of_range(((hx >> 52) & 0x7FF < 1023) == bool(hy >> 63), sign)


def _near_one(hx: int, x_hi: float, x_lo: float, b: float, index: int, y: float, hy: int, sign: int) -> float:
    """x in [1 - 1/32, 1 + 1/16) and |y| >= 4096: the accurate logarithm."""
    k = (hx >> 52) - 1023
    log_all, log_lo = near_one_log(x_hi * b - LH, x_lo * b, float(k) + LOG2_HI[index], LOG2_LO[index])
    l_hi = double_of(bits_of(log_all) & HALFMASK)
    y_top = (hy >> 48) & 0x7FF0
    if y_top == 0x7FF0:
        return _y_not_finite(hx, y, hy)
    if y_top + ((bits_of(l_hi) >> 48) & 0x7FF0) - 16368 >= 16576:  # |y * log2(x)| >= 8192
        return _out_of_range((bits_of(l_hi) ^ hy) >> 63 == 0, sign)
    n, z, rounded = _split_product("near", y, hy, Y_HIGH32, l_hi, (log_all - l_hi) + log_lo)
    if _too_large(rounded):
        return _beyond(hx, y, hy, sign)
    whole = n >> 8
    half = whole >> 1
    t_hi, t_lo = _exp2_table(n, (half << 20) & 0xFFFFFFFF)
    scale = double_of(((((whole - half + 1023) << 20) | sign) & 0xFFFFFFFF) << 32)
    rest = exp2_rest(z, t_hi, t_lo)
    result = (rest + t_hi) * scale
    if (bits_of(result) >> 52) & 0x7FF == 0:
        return _subnormal_end(result, t_hi, rest, scale)
    return result


def _far(hx: int, y: float, hy: int, sign: int, log_hi: float, log_lo: float) -> float:
    """|y * log2(x)| from about 512 to 2**17: 2**(n >> 8) applied in two factors."""
    log_all, log_lo = far_log(log_hi, log_lo)
    log_h = double_of(bits_of(log_all) & HALFMASK)
    n, z, rounded = _split_product("far", y, hy, HALFMASK, log_h, log_lo + (log_all - log_h))
    if _too_large(rounded):
        return _beyond(hx, y, hy, sign)
    whole = n >> 8
    half = whole >> 1
    t_hi, t_lo = _exp2_table(n, ((half << 20) ^ sign) & 0xFFFFFFFF)
    scale = double_of((((whole - half) << 4) + 16368 & 0xFFFF) << 48)
    rest = exp2_rest(z, t_hi, t_lo)
    result = (rest + t_hi) * scale
    if (bits_of(result) >> 52) & 0x7FF == 0:
        return _subnormal_end(result, t_hi, rest, scale)
    return result


def _pow_magnitude(hx: int, y: float, hy: int, sign: int, table: Sequence[int], negative: bool = False) -> float:
    """pow(|x|, y) for x finite, not 0 (``hx`` the bits of ``|x|``), negated when ``sign`` (0 or 2**31,
    the sign bit of a double's high word) is set; ``negative``: x < 0 (y an integer)."""
    y_top = (hy >> 48) & 0x7FF0
    top = hx >> 48
    near_one = top in (0x3FEF, 0x3FF0)  # x in [1 - 1/32, 1 + 1/16)
    if top < 16:  # subnormal: scaled by 2**128 first, its high part cut to 22 bits
        scaled = bits_of(double_of(hx) * TWO_128)
        k = (scaled >> 52) - 1151
        x_bits = (scaled & MANTISSA) | X_SCALE
        x_hi = double_of(x_bits & SUBNORMAL_KEEP)
    else:
        scaled = hx
        k = (top >> 4) - 1023
        # x's high part keeps 20 - floor(log2(|k| + 1)) significand bits, for x < 0 the stub's k one less
        keep = ((0xFFFFFFFF << ((abs(k - negative) + 1).bit_length() - 1)) & 0xFFFFFFFF) << 32
        x_bits = (hx & MANTISSA) | X_SCALE
        x_hi = double_of(((x_bits + 0x80000000) if near_one else x_bits) & keep)  # near 1 rounded, not cut
    index = table[(scaled >> 39) & 0x1FFF]
    b = double_of((126 * 512 + 228 + index) << 43)
    x_lo = double_of(x_bits) - x_hi
    if near_one and y_top >= Y_TOP_ACCURATE:
        return _near_one(hx, x_hi, x_lo, b, index, y, hy, sign)

    # log2(x) = k + log2(LH/B) + log2(1 + r/LH), r = B*m - LH, as a high part and a polynomial in r.
    hi_b = x_hi * b - LH
    lo_b = x_lo * b
    log_hi = (hi_b + LOG2_HI[index]) + float(k)
    even, odd = log_polynomial(lo_b + hi_b, lo_b, LOG2_LO[index])
    size = ((abs(k) + 1).bit_length() - 1 << 4) - 15872 + y_top
    if size < 0:
        if size < SIZE_ONE:
            return 1.0
        return tiny_y(y, log_hi, even, odd, -1.0 if sign else 1.0, -LN2 if sign else LN2)
    if size >= SIZE_FAR:
        return _beyond(hx, y, hy, sign)
    log_lo = odd + even
    if size >= SIZE_MAIN:
        return _far(hx, y, hy, sign, log_hi, log_lo)
    n, z, _ = _split_product("main", y, hy, HIGHMASK_Y, log_hi, log_lo)
    t_hi, t_lo = _exp2_table(n, ((n >> 8 << 20) ^ sign) & 0xFFFFFFFF)
    return exp2_rest(z, t_hi, t_lo) + t_hi


def _y_parity(y: float) -> int:
    """For y finite and not 0: 1 when y is an odd integer, 2 when an even one, 0 when not an integer."""
    if math.floor(y) != y:
        return 0
    return 2 if abs(y) >= 2.0**53 or not int(y) & 1 else 1


def _y_odd_by_rounding(y: float, hy: int) -> bool:
    """The stub's odd-integer test for x ±0 and -Infinity: y rounded by adding 1.5 * 2**52, which for
    |y| in [2**51, 2**52) is inexact (y > 0: odd y count as not integers) or keeps a half bit (y < 0:
    the half bit read as the units bit)."""
    exponent = (hy >> 52) & 0x7FF
    if exponent > 1075 or exponent < 1023:
        return False
    if exponent == 1075:
        return bool(hy & 1)
    rounded = INTEGER_SHIFTER + y
    return y + (INTEGER_SHIFTER - rounded) == 0 and bool(bits_of(rounded) & 1)


def _pow_unusual(x: float, y: float, hx: int, hy: int, table: Sequence[int]) -> float:
    """x NaN, ±Infinity, ±0, subnormal or negative."""
    magnitude = hx & ABS
    if magnitude > INFINITY_BITS:  # NaN
        return 1.0 if hy & ABS == 0 else x + x
    if not hx >> 63 and 0 < magnitude < INFINITY_BITS:  # positive subnormal
        return _pow_magnitude(hx, y, hy, 0, table)
    if hy & ABS == 0:
        return 1.0
    if hy & ABS > INFINITY_BITS:
        return y + y
    y_negative = bool(hy >> 63)
    if magnitude == 0:
        if _y_odd_by_rounding(y, hy):
            return math.copysign(math.inf, x) if y_negative else x
        return math.inf if y_negative else 0.0
    if magnitude == INFINITY_BITS:
        if hx >> 63 and _y_odd_by_rounding(y, hy):
            return -0.0 if y_negative else x
        return 0.0 if y_negative else math.inf
    # x negative, finite, not 0
    if hy & ABS == INFINITY_BITS:
        if hx == MINUS_ONE_BITS:
            return QUIET_NAN
        return math.inf if (magnitude >> 52 < 1023) == y_negative else 0.0
    parity = _y_parity(y)
    if parity == 0:
        return INDEFINITE
    return _pow_magnitude(magnitude, y, hy, HIGH_SIGN if parity == 1 else 0, table, negative=True)


def _pow_scalar(table: Sequence[int], x: float, y: float) -> float:
    """The stub on one pair (the table first: ``partial(_pow_scalar, table)`` is one processor's ``Math.pow``)."""
    hx, hy = bits_of(x), bits_of(y)
    if hy == Y_TWO:
        return x * x
    if hy == Y_HALF and hx < SIGN:  # x >= +0, +Infinity or a NaN with the sign bit clear
        return math.sqrt(x)
    if 16 <= hx >> 48 < 0x7FF0:  # x positive and normal
        return _pow_magnitude(hx, y, hy, 0, table)
    return _pow_unusual(x, y, hx, hy, table)


@overload
def java_pow(x: float, y: float, *, cpu: Cpu | None = None) -> float: ...


@overload
def java_pow(x: ArrayLike, y: ArrayLike, *, cpu: Cpu | None = None) -> np.ndarray: ...


def java_pow(x, y, *, cpu=None):
    """Java's ``Math.pow(x, y)``, element by element, bit for bit: HotSpot's x86_64 stub (JDK 17 to 25).

    Every input: negative ``x`` (an integer ``y`` gives the signed power, any other NaN), zeros,
    infinities, NaNs, subnormals, overflow and underflow, as Java specifies and as the intrinsic
    rounds.  ``x`` and ``y`` broadcast; two scalars give a ``float``, anything else an array.  ``cpu``
    names the JVM (:func:`wekaeval.javamath.java_platform`): an x86_64 processor, whose ``RCPPS`` picks
    the log2 table entry, or ``"aarch64"``, whose HotSpot computes fdlibm's ``pow``
    (:func:`~wekaeval.javamath.fdlibm_pow`).

    >>> java_pow(13.0, -0.25), java_pow(float("inf"), -0.25), java_pow(5e-324, -0.25)
    (0.5266403878479267, 0.0, 6.707394273891462e+80)
    >>> java_pow([2.0, -2.0, 0.0], [0.5, 3.0, -3.0])
    array([ 1.41421356, -8.        ,         inf])
    >>> java_pow(10.0, -320.0), java_pow(-10.0, 309.0)
    (1e-320, -inf)
    """
    platform = java_platform(cpu)
    if platform.math == "fdlibm":
        return fdlibm_pow(x, y)
    table = platform._pow_indexes
    if type(x) is float and type(y) is float:
        return _pow_scalar(table, x, y)
    xs = np.asarray(x, dtype=np.float64)
    ys = np.asarray(y, dtype=np.float64)
    if xs.ndim == 0 and ys.ndim == 0:
        return _pow_scalar(table, float(xs), float(ys))
    xs, ys = np.broadcast_arrays(xs, ys)
    out = pow_array(np.ascontiguousarray(xs).reshape(-1), np.ascontiguousarray(ys).reshape(-1), cpu)
    return out.reshape(xs.shape)
