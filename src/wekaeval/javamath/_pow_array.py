"""The numpy path of :func:`wekaeval.javamath.java_pow`: HotSpot's ``Math.pow`` over whole arrays.

The same steps as the scalar path, in the same order (the floating-point ones are the very functions
of :mod:`wekaeval.javamath`, given arrays), every element at once: each of the stub's paths is taken
by the elements that take it, with boolean masks instead of branches, so that millions of pairs cost
one pass of numpy operations per path and no Python loop.  Bit patterns are ``uint64`` arrays;
exponents, indices and shift counts ``int64``.

>>> import numpy as np
>>> from wekaeval.javamath._pow_array import pow_array
>>> pow_array(np.array([8.0, -8.0, 0.0]), np.array([1 / 3, 3.0, -1.0]), None)
array([   2., -512.,   inf])
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial

import numpy as np

from wekaeval.javamath import _pow_steps as jp
from wekaeval.javamath._platform import Cpu, _index_of_top13, java_platform

_U = np.uint64


_I = np.int64


_F = np.float64


_LOG2_HI = np.array(jp.LOG2_HI)


_LOG2_LO = np.array(jp.LOG2_LO)


_EXP2_HI = np.array(jp.EXP2_HI, dtype=_U)


_EXP2_LO = np.array(jp.EXP2_LO, dtype=_U)


_BIT_LENGTH = np.array([i.bit_length() for i in range(2048)], dtype=_I)  # of |k| + 1 <= 1151


_LOW32 = _U(0xFFFFFFFF)


_CHUNK = 1 << 16


def _index_table(cpu: Cpu | None) -> np.ndarray:
    """:func:`wekaeval.javamath._pow._pow_index_of_top13` as an array."""
    return _index_array(java_platform(cpu).pow_breakpoints)


@cache
def _index_array(breakpoints: tuple[int, ...]) -> np.ndarray:
    return _index_of_top13(breakpoints, 512).astype(_I)


def _u(v: int) -> np.uint64:
    return _U(v)


def _top16(bits: np.ndarray, mask: int) -> np.ndarray:
    """The top 16 bits of each pattern, and-ed with ``mask``, as int64."""
    return ((bits >> _u(48)) & _u(mask)).astype(_I)


def _as_float(bits: np.ndarray) -> np.ndarray:
    return bits.astype(_U, copy=False).view(_F)


def _from_top(word: np.ndarray, width: int) -> np.ndarray:
    """The double whose top ``width`` bits are ``word`` (int64, taken modulo 2**width), the rest 0."""
    return ((word & ((1 << width) - 1)).astype(_U) << _u(64 - width)).view(_F)


def _low_int32(x: np.ndarray) -> np.ndarray:
    """The low 32 bits of each double's pattern, as a signed integer (int64)."""
    return (x.view(_U) & _LOW32).astype(np.uint32).view(np.int32).astype(_I)


def _fill(out: np.ndarray, mask: np.ndarray, path: Callable[..., np.ndarray], *arrays: np.ndarray) -> None:
    """``out[mask] = path(*(a[mask] for a in arrays))``, skipped when no element takes the path."""
    where = np.flatnonzero(mask)
    if where.size == out.size:
        out[:] = path(*arrays)
    elif where.size:
        out[where] = path(*(a[where] for a in arrays))


def _exp2_table(n: np.ndarray, add: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """2**((n & 255)/256) as (high, low), ``add`` added to both high words modulo 2**32."""
    j = n & 255
    add = add.astype(_U)

    def added(bits: np.ndarray) -> np.ndarray:
        return ((((bits >> _u(32)) + add) & _LOW32) << _u(32)) | (bits & _LOW32)

    return added(_EXP2_HI[j]).view(_F), added(_EXP2_LO[j]).view(_F)


def _split_product(
    path: str, y: np.ndarray, hy: np.ndarray, mask: int, log_hi: np.ndarray, log_lo: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`wekaeval.javamath._pow._split_product` element by element: (n, z, the top bits of n/256)."""
    y_hi = (hy & _u(mask)).view(_F)
    t = y_hi * log_hi
    shifted = jp.SHIFTER_256 + t
    rounded = shifted - jp.SHIFTER_256
    z = jp.product_rest(path, y, y_hi, log_hi, log_lo, t - rounded)
    return _low_int32(shifted), z, _top16(rounded.view(_U), 0x7FFF)


def _subnormal_end(result: np.ndarray, t_hi: np.ndarray, rest: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """:func:`wekaeval.javamath._pow._subnormal_end` where the result's exponent field is 0."""
    zero_field = (result.view(_U) >> _u(52)) & _u(0x7FF) == 0
    if not zero_field.any():
        return result
    top = (_top16(t_hi.view(_U), 0x7FF0) - 16368 + _top16(scale.view(_U), 0x7FF0)) >> 4
    shift = -31 - top
    keep = ((_LOW32 << np.clip(shift, 0, 31).astype(_U)) & _LOW32) << _u(32)
    summed = jp.tiny_result(_as_float(t_hi.view(_U) & keep), t_hi, rest, scale)
    return np.where(zero_field & (shift <= 20), summed, result)


def _out_of_range(overflow: np.ndarray, sign: np.ndarray) -> np.ndarray:
    """Infinity where ``overflow``, else 0, with the sign bit ``sign`` (0 or 2**31) moved to the top."""
    return (np.where(overflow, np.inf, 0.0).view(_U) | (sign.astype(_U) << _u(32))).view(_F)


def _y_not_finite(hx: np.ndarray, y: np.ndarray, hy: np.ndarray) -> np.ndarray:
    """:func:`wekaeval.javamath._pow._y_not_finite` element by element."""
    ends = np.where(((hx >> _u(52)) < _u(1023)) == ((hy >> _u(63)) == 1), np.inf, 0.0)
    ends = np.where(hy & _u(jp.MANTISSA) != 0, y + y, ends)
    return np.where(hx == _u(jp.ONE_BITS), jp.QUIET_NAN, ends)


def _beyond(hx: np.ndarray, y: np.ndarray, hy: np.ndarray, sign: np.ndarray) -> np.ndarray:
    """:func:`wekaeval.javamath._pow._beyond` element by element."""
    below_one = ((hx >> _u(52)) & _u(0x7FF)) < _u(1023)
    ends = _out_of_range(below_one == ((hy >> _u(63)) == 1), sign)
    return np.where(hy & _u(jp.INFINITY_BITS) == _u(jp.INFINITY_BITS), _y_not_finite(hx, y, hy), ends)


def _near_one(
    hx: np.ndarray,
    x_hi: np.ndarray,
    x_lo: np.ndarray,
    b: np.ndarray,
    index: np.ndarray,
    y: np.ndarray,
    hy: np.ndarray,
    sign: np.ndarray,
) -> np.ndarray:
    """:func:`wekaeval.javamath._pow._near_one` element by element."""
    k = (hx >> _u(52)).astype(_I) - 1023
    log_all, log_lo = jp.near_one_log(x_hi * b - jp.LH, x_lo * b, k.astype(_F) + _LOG2_HI[index], _LOG2_LO[index])
    l_bits = log_all.view(_U) & _u(jp.HALFMASK)
    l_hi = l_bits.view(_F)
    n, z, rounded_top = _split_product("near", y, hy, jp.Y_HIGH32, l_hi, (log_all - l_hi) + log_lo)
    whole = n >> 8
    half = whole >> 1
    t_hi, t_lo = _exp2_table(n, (half << 20) & 0xFFFFFFFF)
    scale = _from_top(((whole - half + 1023) << 20) | sign, 32)
    rest = jp.exp2_rest(z, t_hi, t_lo)
    result = _subnormal_end((rest + t_hi) * scale, t_hi, rest, scale)
    result = np.where(rounded_top > jp.ROUNDED_TOP_LIMIT, _beyond(hx, y, hy, sign), result)
    y_top = _top16(hy, 0x7FF0)
    huge = y_top + _top16(l_bits, 0x7FF0) - 16368 >= 16576
    result = np.where(huge, _out_of_range((l_bits ^ hy) >> _u(63) == 0, sign), result)
    return np.where(y_top == 0x7FF0, _y_not_finite(hx, y, hy), result)


def _far(
    hx: np.ndarray, y: np.ndarray, hy: np.ndarray, sign: np.ndarray, log_hi: np.ndarray, log_lo: np.ndarray
) -> np.ndarray:
    """:func:`wekaeval.javamath._pow._far` element by element."""
    log_all, log_lo = jp.far_log(log_hi, log_lo)
    log_h = (log_all.view(_U) & _u(jp.HALFMASK)).view(_F)
    n, z, rounded_top = _split_product("far", y, hy, jp.HALFMASK, log_h, log_lo + (log_all - log_h))
    whole = n >> 8
    half = whole >> 1
    t_hi, t_lo = _exp2_table(n, ((half << 20) ^ sign) & 0xFFFFFFFF)
    scale = _from_top(((whole - half) << 4) + 16368, 16)
    rest = jp.exp2_rest(z, t_hi, t_lo)
    result = _subnormal_end((rest + t_hi) * scale, t_hi, rest, scale)
    return np.where(rounded_top > jp.ROUNDED_TOP_LIMIT, _beyond(hx, y, hy, sign), result)


def _main(y: np.ndarray, hy: np.ndarray, sign: np.ndarray, log_hi: np.ndarray, log_lo: np.ndarray) -> np.ndarray:
    """The main path's end: |y * log2(x)| < 512."""
    n, z, _ = _split_product("main", y, hy, jp.HIGHMASK_Y, log_hi, log_lo)
    t_hi, t_lo = _exp2_table(n, (((n >> 8) << 20) ^ sign) & 0xFFFFFFFF)
    return jp.exp2_rest(z, t_hi, t_lo) + t_hi


def _tiny_y(
    y: np.ndarray, sign: np.ndarray, size: np.ndarray, log_hi: np.ndarray, even: np.ndarray, odd: np.ndarray
) -> np.ndarray:
    """A tiny y: 1, or 1 + y * log2(x) * log(2), signed."""
    negative = sign != 0
    near = jp.tiny_y(y, log_hi, even, odd, np.where(negative, -1.0, 1.0), np.where(negative, -jp.LN2, jp.LN2))
    return np.where(size < jp.SIZE_ONE, 1.0, near)


def _magnitude(
    hx: np.ndarray, y: np.ndarray, hy: np.ndarray, sign: np.ndarray, negative: np.ndarray, table: np.ndarray
) -> np.ndarray:
    """:func:`wekaeval.javamath._pow._pow_magnitude` element by element (``hx`` positive, finite, not 0)."""
    y_top = _top16(hy, 0x7FF0)
    top = (hx >> _u(48)).astype(_I)
    near_one = (top == 0x3FEF) | (top == 0x3FF0)
    subnormal = top < 16
    scaled = np.where(subnormal, (hx.view(_F) * jp.TWO_128).view(_U), hx) if subnormal.any() else hx
    k = np.where(subnormal, (scaled >> _u(52)).astype(_I) - 1151, (top >> 4) - 1023)
    bsr = _BIT_LENGTH[np.abs(k) + 1] - 1
    x_bits = (scaled & _u(jp.MANTISSA)) | _u(jp.X_SCALE)
    cut = _BIT_LENGTH[np.abs(k - negative) + 1] - 1
    keep = np.where(subnormal, _u(jp.SUBNORMAL_KEEP), ((_LOW32 << cut.astype(_U)) & _LOW32) << _u(32))
    x_hi = (np.where(near_one, x_bits + _u(0x80000000), x_bits) & keep).view(_F)
    index = table[((scaled >> _u(39)) & _u(0x1FFF)).astype(np.intp)]
    b = _as_float((index + (126 * 512 + 228)) << 43)
    x_lo = x_bits.view(_F) - x_hi

    hi_b = x_hi * b - jp.LH
    lo_b = x_lo * b
    log_hi = (hi_b + _LOG2_HI[index]) + k.astype(_F)
    even, odd = jp.log_polynomial(lo_b + hi_b, lo_b, _LOG2_LO[index])
    log_lo = odd + even
    size = (bsr << 4) - 15872 + y_top
    accurate = near_one & (y_top >= jp.Y_TOP_ACCURATE)
    plain = ~accurate
    out = np.empty_like(log_hi)
    _fill(out, plain & (size >= 0) & (size < jp.SIZE_MAIN), _main, y, hy, sign, log_hi, log_lo)
    _fill(out, plain & (size < 0), _tiny_y, y, sign, size, log_hi, even, odd)
    _fill(out, plain & (size >= jp.SIZE_MAIN) & (size < jp.SIZE_FAR), _far, hx, y, hy, sign, log_hi, log_lo)
    _fill(out, plain & (size >= jp.SIZE_FAR), _beyond, hx, y, hy, sign)
    _fill(out, accurate, _near_one, hx, x_hi, x_lo, b, index, y, hy, sign)
    return out


def _y_odd_by_rounding(y: np.ndarray, hy: np.ndarray) -> np.ndarray:
    """:func:`wekaeval.javamath._pow._y_odd_by_rounding` element by element."""
    exponent = ((hy >> _u(52)) & _u(0x7FF)).astype(_I)
    rounded = jp.INTEGER_SHIFTER + y
    by_rounding = (y + (jp.INTEGER_SHIFTER - rounded) == 0) & ((rounded.view(_U) & _u(1)) == 1)
    odd = np.where(exponent == 1075, (hy & _u(1)) == 1, by_rounding)
    return odd & (exponent >= 1023) & (exponent <= 1075)


def _unusual(x: np.ndarray, y: np.ndarray, hx: np.ndarray, hy: np.ndarray, table: np.ndarray) -> np.ndarray:
    """:func:`wekaeval.javamath._pow._pow_unusual` element by element."""
    magnitude = hx & _u(jp.ABS)
    x_negative = (hx >> _u(63)) == 1
    y_negative = (hy >> _u(63)) == 1
    y_abs = hy & _u(jp.ABS)
    y_zero, y_nan, y_inf = y_abs == 0, y_abs > _u(jp.INFINITY_BITS), y_abs == _u(jp.INFINITY_BITS)
    x_nan, x_inf, x_zero = magnitude > _u(jp.INFINITY_BITS), magnitude == _u(jp.INFINITY_BITS), magnitude == 0
    finite = ~x_nan & ~x_inf & ~x_zero
    integer = (np.floor(y) == y) & ~y_inf & ~y_nan & ~y_zero
    odd = integer & (np.abs(y) < 2.0**53) & (np.fmod(y, 2.0) != 0)
    logarithm = finite & (~x_negative | integer)
    sign = np.where(x_negative & odd, jp.HIGH_SIGN, 0).astype(_I)
    odd_rounding = _y_odd_by_rounding(y, hy)
    out = np.select(
        [
            x_nan & y_zero,
            x_nan,
            y_zero,
            y_nan,
            x_zero & odd_rounding,
            x_zero,
            x_inf & x_negative & odd_rounding,
            x_inf,
            y_inf & (hx == _u(jp.MINUS_ONE_BITS)),
            y_inf,
        ],
        [
            1.0,
            x + x,
            1.0,
            y + y,
            np.where(y_negative, np.copysign(np.inf, x), x),
            np.where(y_negative, np.inf, 0.0),
            np.where(y_negative, -0.0, x),
            np.where(y_negative, 0.0, np.inf),
            jp.QUIET_NAN,
            np.where(((magnitude >> _u(52)) < _u(1023)) == y_negative, np.inf, 0.0),
        ],
        jp.INDEFINITE,
    )
    _fill(out, logarithm, partial(_magnitude, table=table), magnitude, y, hy, sign, x_negative)
    return out


def pow_array(x: np.ndarray, y: np.ndarray, cpu: Cpu | None) -> np.ndarray:
    """``Math.pow(x[i], y[i])`` for two flat float64 arrays of one length, as a new array."""
    table = _index_table(cpu)
    out = np.empty_like(x)
    with np.errstate(all="ignore"):
        for start in range(0, x.size, _CHUNK):  # blocks that stay in the CPU's cache: about twice as fast
            block = slice(start, start + _CHUNK)
            out[block] = _pow_block(x[block], y[block], table)
    return out


def _pow_block(x: np.ndarray, y: np.ndarray, table: np.ndarray) -> np.ndarray:
    hx, hy = x.view(_U), y.view(_U)
    top = hx >> _u(48)
    positive_normal = (top >= _u(16)) & (top < _u(0x7FF0))
    out = np.empty_like(x)
    zeros = np.zeros(x.size, dtype=_I)
    _fill(out, positive_normal, partial(_magnitude, table=table), hx, y, hy, zeros, zeros)
    _fill(out, ~positive_normal, partial(_unusual, table=table), x, y, hx, hy)
    np.copyto(out, x * x, where=hy == _u(jp.Y_TWO))
    np.copyto(out, np.sqrt(x), where=(hy == _u(jp.Y_HALF)) & (hx < _u(jp.SIGN)))
    return out
