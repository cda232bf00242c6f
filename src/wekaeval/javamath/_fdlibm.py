"""Java's ``StrictMath.exp`` (fdlibm 5.3), bit for bit, in Python and numpy, and the helpers fdlibm's ``pow``
(:mod:`wekaeval.javamath._fdlibm_pow`) shares with it.

``StrictMath`` must return fdlibm's results, and so does ``Math`` on an **aarch64** HotSpot
(Apple silicon, Graviton): it has no pow or exp intrinsic there, and every tier (interpreter, C1,
C2) calls the VM's C++ copy of fdlibm (``SharedRuntime::dpow`` / ``dexp``, built without fused
multiply-add), which agrees with ``StrictMath`` on JDK 17, 21 and 25 (docs/which-weka.md).
x86_64 HotSpot's ``Math.pow`` / ``Math.exp`` are Intel's algorithms instead (:mod:`wekaeval.javamath`).

``fdlibm_exp`` and ``fdlibm_pow`` repeat fdlibm's double arithmetic operation by operation: every product and sum is
one IEEE double operation rounded on its own, as Python floats and numpy arrays compute them (neither
fuses a multiply and an add). The word manipulations of the C code (the high and low 32 bits of a
double) are integer operations on the bit patterns.

Examples
--------
>>> from wekaeval.javamath import fdlibm_exp, fdlibm_pow
>>> fdlibm_exp(1.0), fdlibm_pow(3.0, 2.4)    # x86_64 HotSpot's Math: 2.718281828459045, 13.966610165238235
(2.7182818284590455, 13.966610165238237)
>>> fdlibm_pow([2.0, -2.0, 0.0], [0.5, 3.0, -1.0])
array([ 1.41421356, -8.        ,         inf])
"""

from __future__ import annotations

import math
from typing import overload

import numpy as np
from numpy.typing import ArrayLike

from wekaeval.javamath._bits import double_of, signed_bits_of

_INF = math.inf


# The constants, as IEEE bit patterns (fdlibm 5.3 e_exp.c, as in java.lang.FdLibm.Exp).
_O_THRESHOLD = double_of(0x40862E42FEFA39EF)  # above it exp overflows (about 709.78)


_U_THRESHOLD = double_of(0xC0874910D52D3051)  # below it exp underflows to 0 (about -745.13)


_LN2_HI = double_of(0x3FE62E42FEE00000)  # log(2) in two parts: a high one whose small integer multiples are exact


_LN2_LO = double_of(0x3DEA39EF35793C76)  # ... and the rest


_INV_LN2 = double_of(0x3FF71547652B82FE)  # 1 / log(2)


_TWO_M1000 = double_of(0x0170000000000000)  # 2**-1000, the last scaling step into the subnormals


# Coefficients of the rational approximation of exp on [0, log(2)/2] (e_exp.c; e_pow.c uses them too).
_P1 = double_of(0x3FC555555555553E)


_P2 = double_of(0xBF66C16C16BEBD93)


_P3 = double_of(0x3F11566AAF25DE2C)


_P4 = double_of(0xBEBBBD41C5D26BF1)


_P5 = double_of(0x3E66376972BEA4D0)


# exp, one double at a time
def _exp_scalar(x: float) -> float:
    high = signed_bits_of(x) >> 32
    negative = high < 0
    high &= 0x7FFFFFFF
    if high >= 0x40862E42:  # |x| >= 709.78: not finite, or overflow / underflow possible
        if high >= 0x7FF00000:
            if math.isnan(x):
                return x + x  # NaN (quiet, payload kept)
            return 0.0 if negative else x  # exp(-inf) = 0, exp(inf) = inf
        if x > _O_THRESHOLD:
            return _INF
        if x < _U_THRESHOLD:
            return 0.0
    # Argument reduction: x = k log(2) + r, |r| <= log(2)/2, r held as hi - lo.
    k = 0
    if high > 0x3FD62E42:  # |x| > log(2)/2
        if high < 0x3FF0A2B2:  # and |x| < 3 log(2)/2: k is +1 or -1
            hi = x + _LN2_HI if negative else x - _LN2_HI
            lo = -_LN2_LO if negative else _LN2_LO
            k = -1 if negative else 1
        else:
            k = int(_INV_LN2 * x + (-0.5 if negative else 0.5))  # rounds |x| / log(2) half away from 0
            t = float(k)
            hi = x - t * _LN2_HI
            lo = t * _LN2_LO
        x = hi - lo
    elif high < 0x3E300000:  # |x| < 2**-28
        return 1.0 + x
    # exp(r) = 1 + r + r c / (2 - c) with c = r - r**2 P(r**2).
    t = x * x
    c = x - t * (_P1 + t * (_P2 + t * (_P3 + t * (_P4 + t * _P5))))
    if k == 0:
        return 1.0 - ((x * c) / (c - 2.0) - x)
    y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi)
    # Scale by 2**k through the exponent field; below 2**-1021 in two steps, the last one rounding.
    if k >= -1021:
        return double_of(signed_bits_of(y) + (k << 52))
    return double_of(signed_bits_of(y) + ((k + 1000) << 52)) * _TWO_M1000


# exp over arrays
def _exp_block(x: np.ndarray) -> np.ndarray:
    """fdlibm's exp on a 1-d float64 block, every branch as a mask."""
    high = x.view(np.int64) >> 32
    negative = high < 0
    high &= 0x7FFFFFFF
    sign = np.where(negative, -1.0, 1.0)
    # Argument reduction, as both branches (k = +-1 near log(2), k rounded further out).
    near = high < 0x3FF0A2B2
    k_far = (_INV_LN2 * x + 0.5 * sign).astype(np.int64)  # truncation, as Java's (int)
    k = np.where(near, np.where(negative, -1, 1), k_far)
    t = k.astype(np.float64)
    hi = np.where(near, x - sign * _LN2_HI, x - t * _LN2_HI)
    lo = np.where(near, sign * _LN2_LO, t * _LN2_LO)
    reduce = high > 0x3FD62E42
    k = np.where(reduce, k, 0)
    r = np.where(reduce, hi - lo, x)
    t = r * r
    c = r - t * (_P1 + t * (_P2 + t * (_P3 + t * (_P4 + t * _P5))))
    unscaled = 1.0 - ((r * c) / (c - 2.0) - r)
    y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi)
    bits = y.view(np.int64)
    normal = k >= -1021
    scaled = (bits + (np.where(normal, k, k + 1000) << 52)).view(np.float64)
    scaled = np.where(normal, scaled, scaled * _TWO_M1000)
    out = np.where(k == 0, unscaled, scaled)
    # The ends: tiny |x|, NaN, the infinities, overflow and underflow.
    out = np.where(high < 0x3E300000, 1.0 + x, out)
    out = np.where(x > _O_THRESHOLD, _INF, out)
    out = np.where(x < _U_THRESHOLD, 0.0, out)
    return np.where(np.isnan(x), x + x, out)


CHUNK = 1 << 14  # elements per block: the block's temporaries stay in cache


@overload
def fdlibm_exp(x: float) -> float: ...


@overload
def fdlibm_exp(x: ArrayLike) -> np.ndarray: ...


def fdlibm_exp(x):
    """``StrictMath.exp`` (fdlibm 5.3 ``e_exp.c``), element by element, bit for bit.

    Also ``Math.exp`` on aarch64 HotSpot (JDK 17 to 25), which calls the VM's copy of the same code.

    Parameters
    ----------
    x : float or array_like of float
        Converted to float64.

    Returns
    -------
    float or ndarray
        A float for a scalar, else an array of x's shape. NaN for NaN, +Infinity above about
        709.78 and for +Infinity, +0.0 below about -745.13 and for -Infinity, subnormals between.

    Examples
    --------
    >>> fdlibm_exp(-1.0).hex()
    '0x1.78b56362cef38p-2'
    >>> fdlibm_exp([[0.0, -740.0], [710.0, float("-inf")]])
    array([[1.0e+000, 4.2e-322],
           [     inf, 0.0e+000]])
    """
    if isinstance(x, (float, int)):
        return _exp_scalar(float(x))
    values = np.asarray(x, dtype=np.float64)
    flat = np.ascontiguousarray(values).reshape(-1)
    out = np.empty_like(flat)
    with np.errstate(all="ignore"):
        for start in range(0, flat.size, CHUNK):
            out[start : start + CHUNK] = _exp_block(flat[start : start + CHUNK])
    if values.ndim == 0:
        return float(out[0])
    return out.reshape(values.shape)
