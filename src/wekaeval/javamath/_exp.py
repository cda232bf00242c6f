"""What Java's ``Math.exp`` and ``Math.pow`` compute on x86_64 HotSpot, bit for bit.

HotSpot replaces both by intrinsics (the same machine code in the interpreter, C1 and C2), Intel
LIBM's algorithms as ``macroAssembler_x86_exp.cpp`` and ``macroAssembler_x86_pow.cpp`` emit them
(JDK 9 to 20; ``stubGenerator_x86_64_*.cpp`` since).  Neither is correctly rounded, and neither is
the C library's: Python's ``math.exp`` differs from HotSpot's ``Math.exp`` in the last bit for about
0.25 % of the arguments in (-40, 0), ``numpy.exp`` for 4.6 %; ``x ** -0.25`` from ``Math.pow(x, -0.25)``
for 0.1 %.  :func:`java_exp` and :func:`java_pow` repeat the intrinsics' arithmetic operation by
operation in IEEE doubles (SSE2: each product and sum rounded on its own), as
:func:`wekaeval.javamath.java_log` does for ``Math.log``; :func:`java_pow` is
:func:`wekaeval.javamath.java_pow`, re-exported here.

Examples
--------
>>> import math
>>> from wekaeval.javamath import java_exp, java_pow
>>> java_exp(-0.6).hex(), math.exp(-0.6).hex()     # HotSpot's last bit, and the C library's
('0x1.18fdd6b9604e4p-1', '0x1.18fdd6b9604e3p-1')
>>> java_pow(13.0, -0.25).hex(), (13.0 ** -0.25).hex()
('0x1.0da3cf151e840p-1', '0x1.0da3cf151e83fp-1')
"""

from __future__ import annotations

from math import ldexp
from typing import overload

import numpy as np
from numpy.typing import ArrayLike

from wekaeval.javamath._bits import bits_of, double_of
from wekaeval.javamath._fdlibm import fdlibm_exp
from wekaeval.javamath._hotspot_tables import EXP_TABLE
from wekaeval.javamath._platform import Cpu, java_platform

_INFINITY = float("inf")


_MASK64 = 0xFFFFFFFFFFFFFFFF


_EXP_T_LO: list[float] = [double_of(lo) for lo, _ in EXP_TABLE]


_EXP_T_HI: list[int] = [hi for _, hi in EXP_TABLE]


_L2E64 = double_of(0x40571547652B82FE)  # 64/log(2)


_SHIFTER = double_of(0x4338000000000000)  # 1.5 * 2**52: adding it rounds to an integer


_LN2_64_HI = double_of(0x3F862E42FEFA0000)  # log(2)/64, high part (16 trailing zero bits) and low part


_LN2_64_LO = double_of(0x3D1CF79ABC9E3B3A)


_E_HALF = double_of(0x3FDFFFFFFFFFFFFE)  # the coefficients of exp(r) - 1 ~ r + sum c_n r**n, about 1/n!


_E720 = double_of(0x3F56C15CE3289860)


_E24 = double_of(0x3FA55555555B9E25)


_E120 = double_of(0x3F811115C090CF0F)


_E6 = double_of(0x3FC5555555548BA1)


#: 2**(j/64) for j in 0..63: the table's significand bits under the exponent of 1.0, so that
#: ``ldexp(_EXP_T[j], n)`` is the scale the intrinsic assembles bit by bit (exact while 2**n is normal).
_EXP_T: list[float] = [double_of(hi | 0x3FF0000000000000) for hi in _EXP_T_HI]


_TINY = double_of(0x3C90000000000000)  # 2**-54: below it, exp(x) is 1 + x


def _exp_scalar(x: float) -> float:
    """The intrinsic on one double, in float arithmetic only where the arguments are ordinary.

    Its bit fiddling has float equivalents there: ``2**-54 <= |x| < 1024`` is the test of the exponent
    field; the shifted sum's low word is ``m = int(md)`` (``md`` an integer below 2**17 in magnitude);
    and the assembled scale ``2**n * 2**(j/64)`` is ``ldexp`` of the table entry, exactly."""
    if not _TINY <= abs(x) < 1024.0:  # |x| < 2**-54, |x| >= 1024, Infinity, NaN
        return _exp_outside(x)
    # x = m*log(2)/64 + r, m = 64n + j: exp(x) = 2**n * 2**(j/64) * exp(r)
    md = (x * _L2E64 + _SHIFTER) - _SHIFTER
    r = (x - md * _LN2_64_HI) - md * _LN2_64_LO
    m = int(md)
    j = m & 63
    n = m >> 6
    r2 = r * r
    r3 = r * r2
    p = (r3 * (_E6 + _E24 * r) + ((r + _EXP_T_LO[j]) + (r3 * r2) * (_E120 + _E720 * r))) + r2 * _E_HALF
    if -894 <= n <= 1022:
        scale = ldexp(_EXP_T[j], n)
        return p * scale + scale
    scale_bits = _EXP_T_HI[j] | ((((m & 0xFFFFFFC0) + 0xFFC0) << 46) & _MASK64)
    return _exp_far(p, scale_bits, n)


def _exp_outside(x: float) -> float:
    """The intrinsic where ``|x| < 2**-54``, ``|x| >= 1024``, or x is NaN."""
    high = (bits_of(x) >> 32) & 0x7FFFFFFF
    if high < 0x40900000:
        return x + 1.0
    if high >= 0x7FF00000:
        return x + x if x != x else (x if x > 0 else 0.0)
    return _INFINITY if x > 0 else 0.0  # overflow, underflow


def _exp_far(p: float, scale_bits: int, n: int) -> float:
    """The intrinsic's end when 2**n is no normal double: the power split in two, for overflow and
    subnormal results."""
    count = (-1022 - n) & 0xFFFFFFFF
    keep = (_MASK64 << count) & _MASK64 if count < 64 else 0
    half = ((n >> 1) & 0xFFF) << 20  # the high word of 2**(n >> 1)'s exponent field
    scale_bits = ((((scale_bits >> 32) - half) & 0xFFFFFFFF) << 32) | (scale_bits & 0xFFFFFFFF)
    scale = double_of(scale_bits)
    two = double_of(((half + 0x3FF00000) & 0xFFFFFFFF) << 32)
    y = p * scale
    if -1022 - n > 52:
        return (y + scale) * two
    high = double_of(scale_bits & keep)
    y += scale - high
    if n >= 1023 or (n == -1022 and not bits_of(y) >> 63):
        return (y + high) * two
    z = (y + high) * two
    if (bits_of(z) >> 52) & 0x7FF:
        return z
    # a subnormal result: the two parts scaled and added as integers, with one rounding
    a = bits_of(y * two)
    b = bits_of(high * two)
    magnitude = a & 0x7FFFFFFFFFFFFFFF
    if (a ^ b) >> 63:
        magnitude = -magnitude
    return double_of(magnitude + b)


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
def java_exp(x: float, *, cpu: Cpu | None = None) -> float: ...


@overload
def java_exp(x: ArrayLike, *, cpu: Cpu | None = None) -> np.ndarray: ...


def java_exp(x, *, cpu=None):
    """Java's ``Math.exp``, element by element, bit for bit.

    HotSpot's x86_64 intrinsic, or fdlibm's ``exp`` (:func:`~wekaeval.javamath.fdlibm_exp`) where the JVM
    :func:`wekaeval.javamath.java_platform` names (``cpu``, ``WEKAEVAL_CPU``, the host) is an
    aarch64 HotSpot.

    >>> java_exp(1.0), java_exp([0.0, -1e-300, float("-inf")])
    (2.718281828459045, array([1., 1., 0.]))
    >>> x = -23.066942041096972
    >>> java_exp(x, cpu="amd").hex(), java_exp(x, cpu="aarch64").hex()    # x86_64's last bit, and ARM's
    ('0x1.a6194e9fb72d9p-34', '0x1.a6194e9fb72dap-34')
    """
    if java_platform(cpu).math == "fdlibm":
        return fdlibm_exp(x)
    if type(x) is float:
        return _exp_scalar(x)
    values = np.asarray(x, dtype=np.float64)
    out = _exp_vector(np.ascontiguousarray(values).reshape(-1))
    if values.ndim == 0:
        return float(out[0])
    return out.reshape(values.shape)
