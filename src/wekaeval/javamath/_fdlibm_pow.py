"""fdlibm's ``pow`` (``e_pow.c``, version 5.3): ``StrictMath.pow`` on every JVM and ``Math.pow`` on an aarch64
HotSpot, bit for bit, on scalars and numpy arrays.

The constants are fdlibm's, written as IEEE bit patterns; each step is fdlibm's operation, rounded on its own.

>>> fdlibm_pow(2.0, 0.5), fdlibm_pow(-8.0, 1 / 3), fdlibm_pow(10.0, -320.0)
(1.4142135623730951, nan, 1e-320)
"""

from __future__ import annotations

import math
from typing import overload

import numpy as np
from numpy.typing import ArrayLike

from wekaeval.javamath._bits import clear_low_word, double_of, signed_bits_of
from wekaeval.javamath._fdlibm import _INF, _INV_LN2, _P1, _P2, _P3, _P4, _P5, CHUNK

# fdlibm 5.3 e_pow.c, as in java.lang.FdLibm.Pow (JDK 9 to 26).
_TWO53 = double_of(0x4340000000000000)  # 2**53, scales a subnormal x up
_DP_H1 = double_of(0x3FE2B80340000000)  # log2(1.5), high part
_DP_L1 = double_of(0x3E4CFDEB43CFD006)  # ... low part


# Coefficients of (3/2)(log(x) - 2s - 2s**3/3) in s**2, s = (x - b) / (x + b).
_L1 = double_of(0x3FE3333333333303)
_L2 = double_of(0x3FDB6DB6DB6FABFF)
_L3 = double_of(0x3FD55555518F264D)
_L4 = double_of(0x3FD17460A91D4101)
_L5 = double_of(0x3FCD864A93C9DB65)
_L6 = double_of(0x3FCA7E284A454EEF)
_LG2 = double_of(0x3FE62E42FEFA39EF)  # log(2), and in a high part with trailing zeros plus the rest
_LG2_H = double_of(0x3FE62E4300000000)
_LG2_L = double_of(0xBE205C610CA86C39)
_OVT = double_of(0x3C971547652B82FE)  # -(1024 - log2(largest double + half an ulp))
_CP = double_of(0x3FEEC709DC3A03FD)  # 2 / (3 log(2)), and in a high part with trailing zeros plus the rest
_CP_H = double_of(0x3FEEC709E0000000)
_CP_L = double_of(0xBE3E2FE0145B01F5)
_IVLN2_H = double_of(0x3FF7154760000000)  # 1 / log(2) split in 24 high bits plus the rest
_IVLN2_L = double_of(0x3E54AE0BF85DDF44)
_THIRD = double_of(0x3FD5555555555555)  # 1/3, in the series of log(1 + t)
_MINUS_1075 = signed_bits_of(-1075.0)
_HUGE_Y = double_of(0x41E00000FFFFFFFF)  # |y| above it (about 2**31): only x within 2**-20 of 1 stays finite
_BELOW_ONE = double_of(0x3FEFFFFF00000000)  # the ends of that "within 2**-20 of 1"
_ABOVE_ONE = double_of(0x3FF00000FFFFFFFF)


# pow, one pair at a time
def _odd_even(y_abs: float) -> int:
    """What a negative x's sign does: 0 for a non-integer |y|, 1 for an odd integer, 2 for an even one."""
    if y_abs >= _TWO53:
        return 2  # every double from 2**53 on is even
    if y_abs >= 1.0:
        whole = int(y_abs)
        if float(whole) == y_abs:
            return 2 - (whole & 1)
    return 0


def _pow_special(x: float, y: float) -> float | None:
    """The result when y is 0, NaN, 2, 1/2, +-1 or +-inf, or x is NaN, else None."""
    if y == 0.0:
        return 1.0
    if math.isnan(x) or math.isnan(y):
        return x + y  # NaN, its payload kept
    if y == 2.0:
        return x * x
    if y == 0.5:
        if x >= -1.7976931348623157e308:  # -inf is left to the rules for x below
            return math.sqrt(x + 0.0) if x >= 0.0 else math.nan  # x + 0.0 turns -0.0 into +0.0
    elif y == 1.0:
        return x
    elif y == -1.0:
        return 1.0 / x if x != 0.0 else math.copysign(_INF, x)
    elif y == _INF or y == -_INF:
        x_abs = abs(x)
        if x_abs == 1.0:
            return math.nan  # (+-1) ** (+-inf)
        if x_abs > 1.0:
            return y if y > 0.0 else 0.0
        return -y if y < 0.0 else 0.0
    return None


def _log2_near_one(x_abs: float) -> tuple[float, float]:
    """log2(x_abs) as t1 + t2 (t1 with a zero low word), for |x_abs - 1| <= 2**-20: a short series."""
    t = x_abs - 1.0
    w = (t * t) * (0.5 - t * (_THIRD - t * 0.25))
    u = _IVLN2_H * t
    v = t * _IVLN2_L - w * _INV_LN2
    t1 = clear_low_word(u + v)
    return t1, v - (t1 - u)


def _log2(x_abs: float, high: int) -> tuple[float, float]:
    """log2(x_abs) as t1 + t2 (t1 with a zero low word) for finite positive x_abs, high its high word."""
    n = 0
    if high < 0x00100000:  # subnormal: scale up by 2**53
        x_abs *= _TWO53
        n = -53
        high = signed_bits_of(x_abs) >> 32
    n += (high >> 20) - 0x3FF
    j = high & 0x000FFFFF
    # The significand m in [1, 2) is taken against b = 1 (m < sqrt(3/2)) or b = 1.5 (m < sqrt(3)),
    # else halved (n + 1) and taken against 1.
    high = j | 0x3FF00000
    if j <= 0x3988E:
        k = 0
    elif j < 0xBB67A:
        k = 1
    else:
        k = 0
        n += 1
        high -= 0x00100000
    m = double_of((signed_bits_of(x_abs) & 0xFFFFFFFF) | (high << 32))
    b = 1.0 + 0.5 * k
    # s = (m - b) / (m + b) as s_h + s_l, s_h with a zero low word.
    u = m - b
    v = 1.0 / (m + b)
    s = u * v
    s_h = clear_low_word(s)
    t_h = double_of((((high >> 1) | 0x20000000) + 0x00080000 + (k << 18)) << 32)  # m + b, high part
    t_l = m - (t_h - b)
    s_l = v * ((u - s_h * t_h) - s_h * t_l)
    # log(m / b) = 2s + 2s**3/3 + ..., kept in two parts through the sums.
    s2 = s * s
    r = s2 * s2 * (_L1 + s2 * (_L2 + s2 * (_L3 + s2 * (_L4 + s2 * (_L5 + s2 * _L6)))))
    r += s_l * (s_h + s)
    s2 = s_h * s_h
    t_h = clear_low_word(3.0 + s2 + r)
    t_l = r - ((t_h - 3.0) - s2)
    u = s_h * t_h
    v = s_l * t_h + t_l * s
    p_h = clear_low_word(u + v)
    p_l = v - (p_h - u)
    # Times 2/(3 log(2)), plus log2(b) and n.
    z_h = _CP_H * p_h
    z_l = _CP_L * p_h + p_l * _CP + _DP_L1 * k
    t = float(n)
    t1 = clear_low_word(((z_h + z_l) + _DP_H1 * k) + t)
    return t1, z_l - (((t1 - t) - _DP_H1 * k) - z_h)


def _pow_scalar(x: float, y: float) -> float:
    special = _pow_special(x, y)
    if special is not None:
        return special
    x_bits = signed_bits_of(x)
    x_negative = x_bits < 0
    x_abs = abs(x)
    odd_even = _odd_even(abs(y)) if x_negative else 0
    if x_abs == 0.0 or x_abs == _INF or x_abs == 1.0:
        z = x_abs if y > 0.0 else (1.0 / x_abs if x_abs != 0.0 else _INF)
        if x_negative:
            if x_abs == 1.0 and odd_even == 0:
                return math.nan  # (-1) ** non-integer
            if odd_even == 1:
                return -z
        return z
    if x_negative and odd_even == 0:
        return math.nan  # negative ** non-integer
    sign = -1.0 if x_negative and odd_even == 1 else 1.0
    # log2(|x|) in two parts.
    if abs(y) > _HUGE_Y:
        if x_abs < _BELOW_ONE:
            return sign * _INF if y < 0.0 else sign * 0.0
        if x_abs > _ABOVE_ONE:
            return sign * _INF if y > 0.0 else sign * 0.0
        t1, t2 = _log2_near_one(x_abs)
    else:
        t1, t2 = _log2(x_abs, (x_bits >> 32) & 0x7FFFFFFF)
    # y log2(|x|) = p_h + p_l, y split in a high part (zero low word) and the rest.
    y1 = clear_low_word(y)
    p_l = (y - y1) * t1 + y * t2
    p_h = y1 * t1
    z = p_l + p_h
    z_bits = signed_bits_of(z)
    j = z_bits >> 32
    # Overflow: z > 1024, or z = 1024 that the low part rounds up; underflow: z < -1075, or -1075 not above.
    if j >= 0x40900000 and (z_bits != 0x4090000000000000 or p_l + _OVT > z - p_h):
        return sign * _INF
    if 0x4090CC00 <= j & 0x7FFFFFFF and j < 0x40900000 and (z_bits != _MINUS_1075 or p_l <= z - p_h):
        return sign * 0.0
    return sign * _exp2(p_h, p_l, j)


def _exp2(p_h: float, p_l: float, j: int) -> float:
    """2 ** (p_h + p_l), j the high word of p_h + p_l, a finite result: an integer n split off first."""
    i = j & 0x7FFFFFFF
    n = 0
    if i > 0x3FE00000:  # |z| > 1/2: n = z rounded to an integer (halves away from 0), taken off p_h
        k = (i >> 20) - 0x3FF
        n = j + (0x00100000 >> (k + 1))
        k = ((n & 0x7FFFFFFF) >> 20) - 0x3FF
        t = double_of((n & ~(0x000FFFFF >> k)) << 32)
        n = ((n & 0x000FFFFF) | 0x00100000) >> (20 - k)
        if j < 0:
            n = -n
        p_h -= t
    # 2**f = exp(f log(2)) for the fraction f = p_h + p_l, with f log(2) as z + w.
    t = clear_low_word(p_l + p_h)
    u = t * _LG2_H
    v = (p_l - (t - p_h)) * _LG2 + t * _LG2_L
    z = u + v
    w = v - (z - u)
    t = z * z
    t1 = z - t * (_P1 + t * (_P2 + t * (_P3 + t * (_P4 + t * _P5))))
    r = (z * t1) / (t1 - 2.0) - (w + z * w)
    z = 1.0 - (r - z)
    # Times 2**n: through the exponent field, or rounded once (ldexp) where the result is subnormal.
    z_bits = signed_bits_of(z)
    if ((z_bits >> 32) + (n << 20)) >> 20 <= 0:
        return math.ldexp(z, n)
    return double_of(z_bits + (n << 52))


_LOW_CLEARED = np.int64(-(1 << 32))  # as a mask: keeps the high word, zeroes the low one


def _clear_low_block(a: np.ndarray) -> np.ndarray:
    return (a.view(np.int64) & _LOW_CLEARED).view(np.float64)


def _from_high(high: np.ndarray) -> np.ndarray:
    """Doubles whose high words are ``high`` and low words zero."""
    return (high.astype(np.int64) << 32).view(np.float64)


def _log2_near_one_block(x_abs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    t = x_abs - 1.0
    w = (t * t) * (0.5 - t * (_THIRD - t * 0.25))
    u = _IVLN2_H * t
    v = t * _IVLN2_L - w * _INV_LN2
    t1 = _clear_low_block(u + v)
    return t1, v - (t1 - u)


def _log2_block(x_abs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    subnormal = x_abs < 2.2250738585072014e-308
    x_abs = np.where(subnormal, x_abs * _TWO53, x_abs)
    bits = x_abs.view(np.int64)
    high = bits >> 32
    n = (high >> 20) - 0x3FF - np.where(subnormal, 53, 0)
    j = high & 0x000FFFFF
    k = ((j > 0x3988E) & (j < 0xBB67A)).astype(np.int64)  # against b = 1.5
    halve = (j >= 0xBB67A).astype(np.int64)
    n += halve
    high = (j | 0x3FF00000) - (halve << 20)
    m = ((bits & 0xFFFFFFFF) | (high << 32)).view(np.float64)
    b = 1.0 + 0.5 * k
    u = m - b
    v = 1.0 / (m + b)
    s = u * v
    s_h = _clear_low_block(s)
    t_h = _from_high(((high >> 1) | 0x20000000) + 0x00080000 + (k << 18))
    t_l = m - (t_h - b)
    s_l = v * ((u - s_h * t_h) - s_h * t_l)
    s2 = s * s
    r = s2 * s2 * (_L1 + s2 * (_L2 + s2 * (_L3 + s2 * (_L4 + s2 * (_L5 + s2 * _L6)))))
    r += s_l * (s_h + s)
    s2 = s_h * s_h
    t_h = _clear_low_block(3.0 + s2 + r)
    t_l = r - ((t_h - 3.0) - s2)
    u = s_h * t_h
    v = s_l * t_h + t_l * s
    p_h = _clear_low_block(u + v)
    p_l = v - (p_h - u)
    z_h = _CP_H * p_h
    dp_h = _DP_H1 * k
    z_l = _CP_L * p_h + p_l * _CP + _DP_L1 * k
    t = n.astype(np.float64)
    t1 = _clear_low_block(((z_h + z_l) + dp_h) + t)
    return t1, z_l - (((t1 - t) - dp_h) - z_h)


def _exp2_block(p_h: np.ndarray, p_l: np.ndarray, j: np.ndarray) -> np.ndarray:
    i = j & 0x7FFFFFFF
    split = i > 0x3FE00000
    k = np.where(split, (i >> 20) - 0x3FF, 0)
    n = j + (0x00100000 >> (k + 1))
    k = np.where(split, ((n & 0x7FFFFFFF) >> 20) - 0x3FF, 0)
    t = _from_high(n & ~(0x000FFFFF >> k))
    n = ((n & 0x000FFFFF) | 0x00100000) >> (20 - k)
    n = np.where(split, np.where(j < 0, -n, n), 0)
    p_h = np.where(split, p_h - t, p_h)
    t = _clear_low_block(p_l + p_h)
    u = t * _LG2_H
    v = (p_l - (t - p_h)) * _LG2 + t * _LG2_L
    z = u + v
    w = v - (z - u)
    t = z * z
    t1 = z - t * (_P1 + t * (_P2 + t * (_P3 + t * (_P4 + t * _P5))))
    r = (z * t1) / (t1 - 2.0) - (w + z * w)
    z = 1.0 - (r - z)
    bits = z.view(np.int64)
    subnormal = (((bits >> 32) + (n << 20)) >> 20) <= 0
    out = (bits + (n << 52)).view(np.float64)
    if subnormal.any():
        out[subnormal] = np.ldexp(z[subnormal], n[subnormal].astype(np.int32))
    return out


def _pow_general(x: np.ndarray, y: np.ndarray, sign: np.ndarray) -> np.ndarray:
    """fdlibm's main path, for finite x not 0 or +-1 and finite y not 0, +-1, 2 or 1/2; sign +-1."""
    x_abs = np.abs(x)
    y_abs = np.abs(y)
    t1, t2 = _log2_block(x_abs)
    huge = y_abs > _HUGE_Y
    if huge.any():
        near_t1, near_t2 = _log2_near_one_block(x_abs[huge])
        t1[huge] = near_t1
        t2[huge] = near_t2
    y1 = _clear_low_block(y)
    p_l = (y - y1) * t1 + y * t2
    p_h = y1 * t1
    z = p_l + p_h
    z_bits = z.view(np.int64)
    j = z_bits >> 32
    # Overflow: z > 1024, or z = 1024 that the low part rounds up; underflow: z < -1075, or -1075 not above.
    over = (j >= 0x40900000) & ((z_bits != 0x4090000000000000) | (p_l + _OVT > z - p_h))
    low = (j < 0x40900000) & ((j & 0x7FFFFFFF) >= 0x4090CC00)
    under = low & ((z_bits != _MINUS_1075) | (p_l <= z - p_h))
    out = np.where(over, sign * _INF, sign * 0.0)
    finite = ~(over | under)
    if finite.all():
        out = sign * _exp2_block(p_h, p_l, j)
    elif finite.any():
        out[finite] = sign[finite] * _exp2_block(p_h[finite], p_l[finite], j[finite])
    # |y| > 2**31 with x not within 2**-20 of 1: over- or underflow at once.
    far_low = huge & (x_abs < _BELOW_ONE)
    far_high = huge & (x_abs > _ABOVE_ONE)
    grows = (far_low & (y < 0.0)) | (far_high & (y > 0.0))
    out = np.where(far_low | far_high, np.where(grows, sign * _INF, sign * 0.0), out)
    return out


def _pow_block(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """fdlibm's pow on 1-d float64 blocks of one length."""
    x_abs = np.abs(x)
    y_abs = np.abs(y)
    x_negative = x.view(np.int64) < 0
    # What a negative x's sign does: 0 for a non-integer |y|, 1 for an odd integer, 2 for an even one.
    mid = (y_abs >= 1.0) & (y_abs < _TWO53)
    whole = np.where(mid, y_abs, 0.0).astype(np.int64)
    odd_even = np.where(y_abs >= _TWO53, 2, np.where(mid & (whole == y_abs), 2 - (whole & 1), 0))
    odd_even = np.where(x_negative, odd_even, 0)
    sign = np.where(x_negative & (odd_even == 1), -1.0, 1.0)
    x_special = (x_abs == 0.0) | (x_abs == _INF) | (x_abs == 1.0)
    y_special = (y == 0.0) | (y == 2.0) | (y == 0.5) | (y_abs == 1.0) | (y_abs == _INF)
    nan = np.isnan(x) | np.isnan(y)
    general = ~(x_special | y_special | nan | (x_negative & (odd_even == 0)))
    if general.all():
        return _pow_general(x, y, sign)
    out = np.full_like(x, np.nan)  # negative ** non-integer, unless a rule below applies
    if general.any():
        out[general] = _pow_general(x[general], y[general], sign[general])
    # x is +-0, +-inf or +-1 (y not special): |x| ** y, negated for an odd y, NaN for (-1) ** non-integer.
    z = np.where(y < 0.0, 1.0 / x_abs, x_abs)
    z = np.where(x_negative & (odd_even == 1), -z, z)
    z = np.where(x_negative & (x_abs == 1.0) & (odd_even == 0), np.nan, z)
    out = np.where(x_special, z, out)
    # The rules for y, in the order Java tries them.
    grows = np.where(x_abs > 1.0, y, -y)  # (|x| > 1) ** +inf, (|x| < 1) ** -inf: +inf; else +0
    inf_y = np.where(x_abs == 1.0, np.nan, np.where(grows > 0.0, _INF, 0.0))
    out = np.where(y_abs == _INF, inf_y, out)
    out = np.where(y == -1.0, 1.0 / x, out)
    out = np.where(y == 1.0, x, out)
    out = np.where((y == 0.5) & (x >= -1.7976931348623157e308), np.sqrt(x + 0.0), out)
    out = np.where(y == 2.0, x * x, out)
    out = np.where(nan, x + y, out)
    return np.where(y == 0.0, 1.0, out)


@overload
def fdlibm_pow(x: float, y: float) -> float: ...


@overload
def fdlibm_pow(x: ArrayLike, y: ArrayLike) -> np.ndarray: ...


def fdlibm_pow(x, y):
    """``StrictMath.pow(x, y)`` (fdlibm 5.3 ``e_pow.c``, as ``java.lang.FdLibm.Pow``), bit for bit.

    Also ``Math.pow`` on aarch64 HotSpot (JDK 17 to 25): its ``SharedRuntime::dpow`` is the same code,
    and C2's own shortcuts (``x * x`` for a constant y = 2, ``sqrt(x)`` for a constant y = 0.5 and
    x > 0) are the ones fdlibm's Java port takes too.

    Parameters
    ----------
    x, y : float or array_like of float
        Converted to float64 and broadcast against each other.

    Returns
    -------
    float or ndarray
        A float for two scalars, else an array of the broadcast shape. Java's special cases:
        1 for y = +-0 (x NaN included), NaN for a NaN x or y otherwise, for (+-1) ** (+-inf) and for
        a finite negative x to a non-integer power; the sign of x kept for odd integer y.

    Examples
    --------
    >>> fdlibm_pow(10.0, -2.0), fdlibm_pow(-8.0, 1.0 / 3.0), fdlibm_pow(-2.0, 3.0)
    (0.01, nan, -8.0)
    >>> fdlibm_pow([[0.5], [3.0]], [2.0, 1e-3, -700.0])
    array([[2.50000000e-001, 9.99307093e-001, 5.26013590e+210],
           [9.00000000e+000, 1.00109922e+000, 0.00000000e+000]])
    """
    if isinstance(x, (float, int)) and isinstance(y, (float, int)):
        return _pow_scalar(float(x), float(y))
    xs, ys = np.broadcast_arrays(np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64))
    flat_x = np.ascontiguousarray(xs).reshape(-1)
    flat_y = np.ascontiguousarray(ys).reshape(-1)
    out = np.empty_like(flat_x)
    with np.errstate(all="ignore"):
        for start in range(0, flat_x.size, CHUNK):
            block = slice(start, start + CHUNK)
            out[block] = _pow_block(flat_x[block], flat_y[block])
    if xs.ndim == 0:
        return float(out[0])
    return out.reshape(xs.shape)
