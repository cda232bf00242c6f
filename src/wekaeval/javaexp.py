"""What Java's ``Math.exp`` and ``Math.pow`` compute on x86_64 HotSpot, bit for bit.

HotSpot replaces both by intrinsics (the same machine code in the interpreter, C1 and C2), Intel
LIBM's algorithms as ``macroAssembler_x86_exp.cpp`` and ``macroAssembler_x86_pow.cpp`` emit them
(JDK 9 to 20; ``stubGenerator_x86_64_*.cpp`` since).  Neither is correctly rounded, and neither is
the C library's: Python's ``math.exp`` differs from HotSpot's ``Math.exp`` in the last bit for about
0.25 % of the arguments in (-40, 0), ``numpy.exp`` for 4.6 %; ``x ** -0.25`` from ``Math.pow(x, -0.25)``
for 0.1 %.  :func:`java_exp` and :func:`java_pow` repeat the intrinsics' arithmetic operation by
operation in IEEE doubles (SSE2: each product and sum rounded on its own), as
:func:`wekaeval.javamath.java_log` does for ``Math.log``.

Examples
--------
>>> import math
>>> from wekaeval.javaexp import java_exp, java_pow
>>> java_exp(-0.6).hex(), math.exp(-0.6).hex()     # HotSpot's last bit, and the C library's
('0x1.18fdd6b9604e4p-1', '0x1.18fdd6b9604e3p-1')
>>> java_pow(13.0, -0.25).hex(), (13.0 ** -0.25).hex()
('0x1.0da3cf151e840p-1', '0x1.0da3cf151e83fp-1')
"""

from __future__ import annotations

import math
import struct
from typing import overload

import numpy as np
from numpy.typing import ArrayLike

from ._hotspot_tables import EXP_TABLE, POW_EXP2_TABLE, POW_LOG2_TABLE
from .javaplatform import java_platform

__all__ = ["java_exp", "java_pow"]

_INFINITY = float("inf")
_DOUBLE = struct.Struct("<d")
_BITS = struct.Struct("<Q")
_MASK64 = 0xFFFFFFFFFFFFFFFF


def _bits(x: float) -> int:
    return _BITS.unpack(_DOUBLE.pack(x))[0]


def _float(bits: int) -> float:
    return _DOUBLE.unpack(_BITS.pack(bits & _MASK64))[0]


# ---------------------------------------------------------------------------------------------------
# Math.exp

_EXP_T_LO: list[float] = [_float(lo) for lo, _ in EXP_TABLE]
_EXP_T_HI: list[int] = [hi for _, hi in EXP_TABLE]

_L2E64 = _float(0x40571547652B82FE)  # 64/log(2)
_SHIFTER = _float(0x4338000000000000)  # 1.5 * 2**52: adding it rounds to an integer
_LN2_64_HI = _float(0x3F862E42FEFA0000)  # log(2)/64, high part (16 trailing zero bits) and low part
_LN2_64_LO = _float(0x3D1CF79ABC9E3B3A)
_E_HALF = _float(0x3FDFFFFFFFFFFFFE)  # the coefficients of exp(r) - 1 ~ r + sum c_n r**n, about 1/n!
_E720 = _float(0x3F56C15CE3289860)
_E24 = _float(0x3FA55555555B9E25)
_E120 = _float(0x3F811115C090CF0F)
_E6 = _float(0x3FC5555555548BA1)


def _exp_scalar(x: float) -> float:
    """The intrinsic on one double."""
    bits = _bits(x)
    top = (bits >> 48) & 0x7FFF
    if not 15504 <= top <= 16527:  # |x| < 2**-54, |x| >= 1024, Infinity, NaN
        high = (bits >> 32) & 0x7FFFFFFF
        if high < 0x40900000:
            return x + 1.0
        if high >= 0x7FF00000:
            return x + x if x != x else (x if x > 0 else 0.0)
        return _INFINITY if x > 0 else 0.0  # overflow, underflow
    # x = m*log(2)/64 + r, m = 64n + j: exp(x) = 2**n * 2**(j/64) * exp(r)
    shifted = x * _L2E64 + _SHIFTER
    m = _bits(shifted) & 0xFFFFFFFF
    m -= (m & 0x80000000) << 1
    md = shifted - _SHIFTER
    r = (x - md * _LN2_64_HI) - md * _LN2_64_LO
    j = m & 63
    n = m >> 6
    r2 = r * r
    r3 = r * r2
    p = (r3 * (_E6 + _E24 * r) + ((r + _EXP_T_LO[j]) + (r3 * r2) * (_E120 + _E720 * r))) + r2 * _E_HALF
    scale_bits = _EXP_T_HI[j] | ((((m & 0xFFFFFFC0) + 0xFFC0) << 46) & _MASK64)
    if -894 <= n <= 1022:
        scale = _float(scale_bits)
        return p * scale + scale
    return _exp_far(p, scale_bits, n)


def _exp_far(p: float, scale_bits: int, n: int) -> float:
    """The intrinsic's end when 2**n is no normal double: the power split in two, for overflow and
    subnormal results."""
    count = (-1022 - n) & 0xFFFFFFFF
    keep = (_MASK64 << count) & _MASK64 if count < 64 else 0
    half = ((n >> 1) & 0xFFF) << 20  # the high word of 2**(n >> 1)'s exponent field
    scale_bits = ((((scale_bits >> 32) - half) & 0xFFFFFFFF) << 32) | (scale_bits & 0xFFFFFFFF)
    scale = _float(scale_bits)
    two = _float((((half + 0x3FF00000) & 0xFFFFFFFF) << 32))
    y = p * scale
    if -1022 - n > 52:
        return (y + scale) * two
    high = _float(scale_bits & keep)
    y += scale - high
    if n >= 1023 or (n == -1022 and not _bits(y) >> 63):
        return (y + high) * two
    z = (y + high) * two
    if (_bits(z) >> 52) & 0x7FF:
        return z
    # a subnormal result: the two parts scaled and added as integers, with one rounding
    a = _bits(y * two)
    b = _bits(high * two)
    magnitude = a & 0x7FFFFFFFFFFFFFFF
    if (a ^ b) >> 63:
        magnitude = -magnitude
    return _float(magnitude + b)


_EXP_LO_ARRAY = np.array(_EXP_T_LO)
_EXP_HI_ARRAY = np.array(_EXP_T_HI, dtype=np.uint64)


def _exp_vector(x: np.ndarray) -> np.ndarray:
    """:func:`_exp_scalar` over a flat array, every path in numpy."""
    bits = x.view(np.uint64)
    top = (bits >> np.uint64(48)).astype(np.int64) & 0x7FFF
    with np.errstate(all="ignore"):
        shifted = x * _L2E64 + _SHIFTER
        m = (shifted.view(np.uint64) & np.uint64(0xFFFFFFFF)).astype(np.uint32).view(np.int32).astype(np.int64)
        md = shifted - _SHIFTER
        r = (x - md * _LN2_64_HI) - md * _LN2_64_LO
        j = m & 63
        n = m >> 6
        r2 = r * r
        r3 = r * r2
        p = (r3 * (_E6 + _E24 * r) + ((r + _EXP_LO_ARRAY[j]) + (r3 * r2) * (_E120 + _E720 * r))) + r2 * _E_HALF
        scale_bits = _EXP_HI_ARRAY[j] | (((m & 0xFFFFFFC0) + 0xFFC0).astype(np.uint64) << np.uint64(46))
        scale = scale_bits.view(np.float64)
        out = p * scale + scale
        far = (n < -894) | (n > 1022)
        if far.any():
            out = np.where(far, _exp_far_vector(p, scale_bits, n), out)
        outside = (top < 15504) | (top > 16527)
        if outside.any():
            high = (bits >> np.uint64(32)).astype(np.int64) & 0x7FFFFFFF
            ends = np.where(x > 0, np.inf, 0.0)  # overflow, underflow, and the infinities
            ends = np.where(np.isnan(x), x + x, ends)
            out = np.where(outside, np.where(high < 0x40900000, x + 1.0, ends), out)
    return out


def _exp_far_vector(p: np.ndarray, scale_bits: np.ndarray, n: np.ndarray) -> np.ndarray:
    """:func:`_exp_far` element by element (meaningful where 2**n is no normal double)."""
    u64 = np.uint64
    count = (-1022 - n) & 0xFFFFFFFF
    keep = np.where(count < 64, u64(_MASK64) << np.minimum(count, 63).astype(u64), u64(0))
    half = ((n >> 1) & 0xFFF) << 20
    high_word = ((scale_bits >> u64(32)).astype(np.int64) - half) & 0xFFFFFFFF
    scale_bits = (high_word.astype(u64) << u64(32)) | (scale_bits & u64(0xFFFFFFFF))
    scale = scale_bits.view(np.float64)
    two = (((half + 0x3FF00000) & 0xFFFFFFFF).astype(u64) << u64(32)).view(np.float64)
    y = p * scale
    deep = (-1022 - n) > 52
    high = (scale_bits & keep).view(np.float64)
    y = y + (scale - high)
    z = (y + high) * two
    direct = (n >= 1023) | ((n == -1022) & ((y.view(u64) >> u64(63)) == 0))
    subnormal = ~direct & (((z.view(u64) >> u64(52)) & u64(0x7FF)) == 0)
    a = (y * two).view(u64)
    b = (high * two).view(u64)
    magnitude = a & u64(0x7FFFFFFFFFFFFFFF)
    summed = np.where(((a ^ b) >> u64(63)) == 1, b - magnitude, b + magnitude).view(np.float64)
    return np.where(deep, (p * scale + scale) * two, np.where(subnormal, summed, z))


@overload
def java_exp(x: float) -> float: ...
@overload
def java_exp(x: ArrayLike) -> np.ndarray: ...
def java_exp(x):
    """Java's ``Math.exp`` on x86_64 HotSpot, element by element, bit for bit.

    >>> java_exp(1.0), java_exp([0.0, -1e-300, float("-inf")])
    (2.718281828459045, array([1., 1., 0.]))
    """
    if type(x) is float:
        return _exp_scalar(x)
    values = np.asarray(x, dtype=np.float64)
    out = _exp_vector(np.ascontiguousarray(values).reshape(-1))
    if values.ndim == 0:
        return float(out[0])
    return out.reshape(values.shape)


# ---------------------------------------------------------------------------------------------------
# Math.pow

_LH = _float(0x3FF7200000000000)  # 1.4453125, a short log2(e): B ~ LH / m
_X_SCALE = 0x77F0000000000000  # x's significand is taken times 2**896, B comes out times 2**-896
_P = [_float(b) for b in (0xBF8365786DC96112, 0xBF9B0301EE241472, 0xBFB528DB9F95985A, 0xBFD619B6B3841D2A,
                          0x3F9004F2518775E3, 0x3FA76C9BAC8349BB, 0x3FC4635E486ECECC, 0xBF5DABE1161BB241)]
_E = [_float(b) for b in (0x3F55D87FE78A6731, 0x3FAC6B08D704A0C0, 0x3F83B2AB6FBA4E77, 0x3FCEBFBDFF82C58F)]
_LN2 = _float(0x3FE62E42FEFA39EF)
_SHIFTER_256 = _float(0x42B8000000000000)  # 1.5 * 2**44: adding it rounds to a multiple of 1/256
_HIGHMASK_Y = 0xFFFFFFF800000000
_HALFMASK = 0xFFFFFFFFF8000000
_LOG2_T = [(_float(hi), _float(lo)) for hi, lo in POW_LOG2_TABLE]
_EXP2_T = POW_EXP2_TABLE
# The log2 table's index by the significand's leading 13 bits.
_INDEX_OF_TOP13: list[int] = java_platform("amd").pow_index.tolist()


def _signed32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - ((v & 0x80000000) << 1)


def _add_to_high_word(bits: int, add: int) -> int:
    """``paddd``: ``add`` added to the high 32 bits of a double's pattern, modulo 2**32."""
    return ((((bits >> 32) + add) & 0xFFFFFFFF) << 32) | (bits & 0xFFFFFFFF)


def _exp2_tail(z: float, high: int, low: int, add: int) -> tuple[float, float]:
    """2**(j/256) * 2**(z/log(2)) as the intrinsic sums it: (everything but the table's high part, it)."""
    t_hi = _float(_add_to_high_word(high, add))
    t_lo = _float(_add_to_high_word(low, add))
    z2 = z * z
    part = (_LN2 * z) * t_hi + t_lo
    even = ((z2 * z2) * (_E[2] + _E[0] * z)) * t_hi
    odd = (z2 * (_E[3] + _E[1] * z)) * t_hi
    return (even + part) + odd, t_hi


def _unported(x: float, y: float) -> NotImplementedError:
    return NotImplementedError(f"HotSpot's Math.pow({x!r}, {y!r}) takes a path of the intrinsic not ported here")


def _pow_scalar(x: float, y: float) -> float:
    hx, hy = _bits(x), _bits(y)
    if hy == 0x4000000000000000:  # y == 2: HotSpot's special case (JDK 17)
        return x * x
    if hy == 0x3FE0000000000000 and hx < 0x8000000000000000:  # y == 0.5, x >= +0: sqrt (JDK 17.0.15)
        return math.sqrt(x) if x == x else x  # correctly rounded; the C library's x ** 0.5 is not always
    top = hx >> 48
    y_top = (hy >> 48) & 0x7FF0
    if y_top == 0x7FF0 or hy << 1 == 0:
        raise _unported(x, y)
    if top == 0x7FF0 and hx & 0xFFFFFFFFFFFFF == 0:  # +Infinity
        return 0.0 if hy >> 63 else x
    if 16 <= top < 0x7FF0:  # a positive normal number
        k = (top >> 4) - 1023
        keep = ((0xFFFFFFFF << ((abs(k) + 1).bit_length() - 1)) & 0xFFFFFFFF) << 32
        x_bits = (hx & 0xFFFFFFFFFFFFF) | _X_SCALE
        if top in (0x3FEF, 0x3FF0):  # x in [1 - 1/32, 1 + 1/16): the high part rounded, not cut
            if y_top >= 16560:
                raise _unported(x, y)
            x_hi = _float((x_bits + 0x80000000) & keep)
        else:
            x_hi = _float(x_bits & keep)
    elif 0 < top < 16 or (top == 0 and hx):  # a positive subnormal number: scaled by 2**128 first
        hx = _bits(x * 2.0**128)
        k = (hx >> 52) - 1151
        x_bits = (hx & 0xFFFFFFFFFFFFF) | _X_SCALE
        x_hi = _float(x_bits & 0xFFFFFC0000000000)
    else:
        raise _unported(x, y)
    index = _INDEX_OF_TOP13[(hx >> 39) & 0x1FFF]
    b = _float((126 * 512 + 228 + index) << 43)
    x_lo = _float(x_bits) - x_hi

    # log2(x) = k + log2(LH/B) + log2(1 + r/LH), r = B*m - LH, as a high part and a polynomial in r.
    hi_b = x_hi * b - _LH
    lo_b = x_lo * b
    r = lo_b + hi_b
    t_hi, t_lo = _LOG2_T[index]
    log_hi = (hi_b + t_hi) + float(k)
    r2 = r * r
    r3 = r * r2
    r4 = r2 * r2
    s_even = r4 * ((_P[4] + _P[0] * r) * r3) + ((_P[6] + _P[2] * r) * r3 + (lo_b + t_lo))
    s_odd = r4 * ((_P[5] + _P[1] * r) * r) + (_P[7] + _P[3] * r) * r
    log_lo = s_odd + s_even
    size = ((abs(k) + 1).bit_length() - 1 << 4) - 15872 + y_top
    if 0 <= size < 624:
        # y*log2(x) = n/256 + z: y's high part times log_hi rounded to 1/256, the rest summed into z
        y_hi = _float(hy & _HIGHMASK_Y)
        t = y_hi * log_hi
        shifted = _SHIFTER_256 + t
        n = _signed32(_bits(shifted))
        z = y * log_lo + ((t - (shifted - _SHIFTER_256)) + (y - y_hi) * log_hi)
        high, low = _EXP2_T[n & 255]
        rest, t_hi = _exp2_tail(z, high, low, ((n >> 8) << 20) & 0xFFFFFFFF)
        return rest + t_hi
    if not 0 <= size < 752:
        raise _unported(x, y)
    # Near the ends of the double range: log2(x) summed once more and split in halves, y too, and
    # 2**(n >> 8) applied in two factors.
    log_all = log_hi + log_lo
    log_lo = (log_lo + (log_hi - log_all))
    log_h = _float(_bits(log_all) & _HALFMASK)
    log_lo += log_all - log_h
    y_h = _float(hy & _HALFMASK)
    t = y_h * log_h
    shifted = _SHIFTER_256 + t
    n = _signed32(_bits(shifted))
    rounded = shifted - _SHIFTER_256
    if (_bits(rounded) >> 48) & 0x7FFF > 16529:
        raise _unported(x, y)
    z = (y * log_lo + (y - y_h) * log_h) + (t - rounded)
    half = (n >> 8) >> 1
    high, low = _EXP2_T[n & 255]
    rest, t_hi = _exp2_tail(z, high, low, (half << 20) & 0xFFFFFFFF)
    scale = _float(((((n >> 8) - half) << 4) + 16368 & 0xFFFF) << 48)
    result = (rest + t_hi) * scale
    if (_bits(result) >> 52) & 0x7FF == 0:
        raise _unported(x, y)
    return result


def java_pow(x: float, y: float) -> float:
    """Java's ``Math.pow(x, y)`` on x86_64 HotSpot (JDK 17), bit for bit, for positive ``x``.

    Ported: ``x`` positive (subnormals included) or +Infinity with ``y`` finite and not 0 -- all of
    ``Math.pow(x, -0.25)`` -- except where the intrinsic takes a path not ported here, which raises
    :class:`NotImplementedError`: a result near or past the ends of the double range (beyond about
    2**±1000, or subnormal), ``|y|`` below about 2**-31, or ``|y| >= 4096`` for ``x`` in
    [1 - 1/32, 1 + 1/16).  ``y`` 2 and 0.5 are HotSpot's special cases, ``x*x`` and ``sqrt(x)``.

    >>> java_pow(13.0, -0.25), java_pow(float("inf"), -0.25), java_pow(5e-324, -0.25)
    (0.5266403878479267, 0.0, 6.707394273891462e+80)
    """
    return _pow_scalar(float(x), float(y))
