"""What Java's ``Math.log`` computes, bit for bit, in numpy.

WEKA's K&B information and SF entropies use ``Utils.log2(x) = Math.log(x) / Math.log(2)``.
Java leaves the last bit of ``Math.log`` to the JVM, and the two JVMs WEKA runs on differ:

* **HotSpot on x86_64** (``variant="hotspot"``) replaces ``Math.log`` by an intrinsic, the same
  machine code in the interpreter, C1 and C2: Intel LIBM's algorithm (``fast_log`` in
  ``src/hotspot/cpu/x86/macroAssembler_x86_log.cpp``, JDK 9 to 20; ``stubGenerator_x86_64_log.cpp``
  since).  It is not correctly rounded and matches neither fdlibm nor the C library.
  :func:`java_log` repeats its arithmetic operation by operation in IEEE doubles (SSE2: every
  product and sum rounded on its own, no fused multiply-add -- numpy does not fuse either).
* **fdlibm** (``variant="fdlibm"``) is ``StrictMath.log`` everywhere, and ``Math.log`` on an
  aarch64 HotSpot, where the log intrinsic is switched off (JDK-8211105) and the VM calls its
  copy of fdlibm's ``e_log.c``.  :func:`fdlibm_log` ports that C function.

The one step of the intrinsic that is not IEEE arithmetic is the processor's approximate
reciprocal (``RCPPS``), from which it picks a table entry ``B ~ 1/m`` (``m`` the significand).
Its exact result is the vendor's: :mod:`wekaeval.javamath` measures it on the host, or takes
the table of a named processor (``cpu="amd"``, ``cpu="intel"``, ``WEKAEVAL_CPU``); ``cpu="aarch64"``
is fdlibm.  The choice hardly matters for ``Math.log``: picking B from the exactly rounded
reciprocal instead (another entry for 2.1 % of significands) changed none of 3 million results
drawn from exactly those significands.

Examples
--------
>>> import numpy as np
>>> from wekaeval.javamath import java_log, fdlibm_log, log2
>>> java_log(np.array([1.0, 2.0, 0.0, -1.0, np.inf]))
array([0.        , 0.69314718,       -inf,        nan,        inf])
>>> java_log(1.4, cpu="amd").hex(), fdlibm_log(1.4).hex()     # x86_64 HotSpot's last bit, and ARM's
('0x1.588c2d913348fp-2', '0x1.588c2d913348ep-2')
>>> log2(0.3), log2(0.3, variant="fdlibm")
(-1.7369655941662063, -1.7369655941662063)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from math import frexp
from typing import Literal, overload

import numpy as np
from numpy.typing import ArrayLike

from wekaeval.javamath._bits import bits_of, double_of
from wekaeval.javamath._hotspot_tables import LOG_TABLE
from wekaeval.javamath._platform import Cpu, JavaPlatform, java_platform

Variant = Literal["hotspot", "fdlibm"]


_INFINITY = float("inf")


_LOG_TABLE = np.array(LOG_TABLE, dtype=np.uint64).view(np.float64)
_T_HI = np.ascontiguousarray(_LOG_TABLE[:, 0])
_T_LO = np.ascontiguousarray(_LOG_TABLE[:, 1])
_B = (128 + np.arange(129)) / 256.0


# The intrinsic's other constants: log(2)/16 split in a high part (11 trailing zero bits, so that
# 16k times it is exact) and a low part, and the coefficients of log(1 + r) ~ r + sum c_n r**n.
_LN2_16_HI = double_of(0x3FA62E42FEFA3800)
_LN2_16_LO = double_of(0x3CEEF35793C76730)
_C2 = double_of(0xBFE0000000000000)  # -1/2
_C3 = double_of(0x3FD5555555555555)  # 1/3
_C4 = double_of(0xBFD0000000000000)  # -1/4
_C5 = double_of(0x3FC999999999999A)  # 1/5
_C6 = double_of(0xBFC5555E3D6FB175)  # about -1/6
_C7 = double_of(0x3FC2492492492492)  # 1/7
_EXPONENT = np.uint64(0x7FF0000000000000)
_SIGNIFICAND = np.uint64(0x000FFFFFFFFFFFFF)
_ONE_BITS = np.uint64(0x3FF0000000000000)
_TOP7 = np.uint64(0x000FE00000000000)  # the 7 leading bits of the significand
_QUIET = np.uint64(0x0008000000000000)
_DEFAULT_NAN = np.uint64(0xFFF8000000000000)  # what x86's SSE (and 0/0 in C) returns as "invalid"


def _as_array(x: ArrayLike, name: str = "x") -> np.ndarray:
    try:
        return np.asarray(x, dtype=np.float64)
    except (TypeError, ValueError) as error:
        raise TypeError(f"{name} must be real numbers: {error}") from None


def _special_cases(x: np.ndarray, out: np.ndarray) -> None:
    """Fill in what both algorithms return outside the positive finite numbers.

    NaN comes back quiet with its payload (``x + x``), +Infinity as itself, ±0 as -Infinity,
    and every other negative number, -Infinity included, as the processor's default NaN.
    """
    bits = x.view(np.uint64)
    out_bits = out.view(np.uint64)
    nan = np.isnan(x)
    negative = (bits >> np.uint64(63)).astype(bool) & ~nan
    zero = x == 0.0
    out_bits[nan] = bits[nan] | _QUIET
    out[x == np.inf] = np.inf
    out_bits[negative] = _DEFAULT_NAN
    out[zero] = -np.inf


def _hotspot_positive(x: np.ndarray, index_of_top13: np.ndarray) -> np.ndarray:
    """The intrinsic on positive finite x, subnormals included, with this CPU's table index."""
    bits = x.view(np.uint64)
    k16 = (bits >> np.uint64(52)).astype(np.int64)
    subnormal = k16 == 0
    if subnormal.any():
        # A subnormal is first scaled by 2**128 (exactly) and the 128 taken off the exponent.
        x = np.where(subnormal, x * 2.0**128, x)
        bits = x.view(np.uint64)
        k16 = (bits >> np.uint64(52)).astype(np.int64) - np.where(subnormal, 128, 0)
    k16 -= 1023
    k16 <<= 4
    k16 = k16.astype(np.float64)

    # B ~ 1/m for the significand m in [1, 2): the reciprocal of m cut to single precision,
    # rounded to 7 bits (B = (128 + j) / 256, table index j from 0 to 128).
    j = index_of_top13[(bits >> np.uint64(39)) & np.uint64(0x1FFF)]
    b = _B[j]

    # r = B*m - 1 with one rounding: m is split after its 7 leading bits so that both products
    # with B are exact and B*m_hi - 1 is exact too.
    significand = bits & _SIGNIFICAND
    m = (significand | _ONE_BITS).view(np.float64)
    significand &= _TOP7
    significand |= _ONE_BITS
    m_hi = significand.view(np.float64)
    m -= m_hi  # m_lo
    m *= b
    m_hi *= b
    m_hi -= 1.0
    r = m_hi
    r += m

    # log x = k*log(2) - log(B) + log(1 + r): the leading terms summed as high + low parts,
    # the polynomial in two halves, r**2*(c2 + c3 r + c4 r**2) and r**4*(c5 + c6 r + c7 r**2),
    # each step rounded as the intrinsic rounds it (the order of independent steps is free).
    high = _T_HI[j]
    high += k16 * _LN2_16_HI
    total = high + r
    lost = high
    lost -= total  # what the rounding of high + r dropped, minus r's part of it
    low = _T_LO[j]
    k16 *= _LN2_16_LO
    low += k16
    r2 = r * r
    odd = _C6 * r
    odd += _C5
    odd *= r
    odd_tail = _C7 * r
    odd_tail *= r2
    odd += odd_tail
    even = _C3 * r
    even += _C2
    even_tail = _C4 * r2
    even += even_tail
    even *= r2
    r2 *= r2  # r**4
    odd *= r2
    r += lost
    r += low
    r += odd
    r += even
    total += r
    return total


_T_HI_LIST: list[float] = _T_HI.tolist()


_T_LO_LIST: list[float] = _T_LO.tolist()


_B_LIST: list[float] = _B.tolist()


def _hotspot_scalar(index_of_top13: list[int], x: float) -> float:
    """:func:`_hotspot_positive` on one Python float, in the same steps (CPython's float
    arithmetic is IEEE double, each operation rounded on its own), 20x faster than numpy on one.
    The index comes first, so that ``partial(_hotspot_scalar, index)`` is one platform's ``Math.log``.

    The significand ``m`` in [1, 2) and the exponent come from ``frexp``, exactly (a subnormal is
    normalized as the intrinsic's scaling by 2**128 does); its 13 and 7 leading fraction bits are
    ``m * 2**13`` and ``m * 2**7`` cut to integers, which are exact too."""
    if not 0.0 < x < _INFINITY:
        return _hotspot_special(x)
    m, exponent = frexp(x)
    m += m  # [0.5, 1) -> [1, 2)
    k16 = float((exponent - 1) * 16)
    j = index_of_top13[int(m * 8192.0) - 8192]
    b = _B_LIST[j]
    m_hi = int(m * 128.0) * 0.0078125
    r = (b * m_hi - 1.0) + b * (m - m_hi)
    high = _T_HI_LIST[j] + k16 * _LN2_16_HI
    total = high + r
    low = _T_LO_LIST[j] + k16 * _LN2_16_LO
    r2 = r * r
    odd = ((_C6 * r + _C5) * r + _C7 * r * r2) * (r2 * r2)
    even = ((_C3 * r + _C2) + _C4 * r2) * r2
    return total + ((((r + (high - total)) + low) + odd) + even)


def _hotspot_special(x: float) -> float:
    """The intrinsic outside the positive finite numbers: NaN quiet with its payload, ``log(0) = -inf``,
    ``log(inf) = inf``, the processor's default NaN for a negative number."""
    if x != x:
        return double_of(bits_of(x) | 0x0008000000000000)
    if x == 0.0:
        return -_INFINITY
    return _INFINITY if x > 0 else double_of(0xFFF8000000000000)


# fdlibm's constants (e_log.c).
_LN2_HI = double_of(0x3FE62E42FEE00000)
_LN2_LO = double_of(0x3DEA39EF35793C76)
_TWO54 = double_of(0x4350000000000000)
_LG1 = double_of(0x3FE5555555555593)
_LG2 = double_of(0x3FD999999997FA04)
_LG3 = double_of(0x3FD2492494229359)
_LG4 = double_of(0x3FCC71C51D8E78AF)
_LG5 = double_of(0x3FC7466496CB03DE)
_LG6 = double_of(0x3FC39A09D078C69F)
_LG7 = double_of(0x3FC2F112DF3E5244)
_THIRD = double_of(0x3FD5555555555555)


def _fdlibm_positive(x: np.ndarray) -> np.ndarray:
    """fdlibm's ``__ieee754_log`` on positive finite x, subnormals included."""
    bits = x.view(np.uint64)
    subnormal = (bits & _EXPONENT) == 0
    y = np.where(subnormal, x * _TWO54, x)
    y_bits = y.view(np.uint64)
    hx = (y_bits >> np.uint64(32)).astype(np.int64)
    k = (hx >> 20) - 1023 - np.where(subnormal, 54, 0)
    hx &= 0x000FFFFF
    # Normalize to f = m - 1 with m in [sqrt(2)/2, sqrt(2)): halve m (and add 1 to k) from ~1.4142.
    i = (hx + 0x95F64) & 0x100000
    k += i >> 20
    m_high = (hx | (i ^ 0x3FF00000)).astype(np.uint64) << np.uint64(32)
    m = (m_high | (y_bits & np.uint64(0xFFFFFFFF))).view(np.float64)
    f = m - 1.0
    dk = k.astype(np.float64)
    k0 = k == 0

    # |f| < 2**-20: a short series.
    tiny = (0x000FFFFF & (2 + hx)) < 3
    big_r = f * f * (0.5 - _THIRD * f)
    tiny_result = np.where(
        f == 0.0,
        np.where(k0, 0.0, dk * _LN2_HI + dk * _LN2_LO),
        np.where(k0, f - big_r, dk * _LN2_HI - ((big_r - dk * _LN2_LO) - f)),
    )

    # Otherwise log(1 + f) = 2s + s*R(s*s), s = f / (2 + f).
    s = f / (2.0 + f)
    z = s * s
    w = z * z
    t1 = w * (_LG2 + w * (_LG4 + w * _LG6))
    t2 = z * (_LG1 + w * (_LG3 + w * (_LG5 + w * _LG7)))
    big_r = t2 + t1
    # fdlibm sums the pieces in one of two orders, by the leading significand bits: with f**2/2
    # split off where they lie in 0x6147a..0x6b851 (significand about 1.38 to 1.42), else not.
    middle = ((hx - 0x6147A) | (0x6B851 - hx)) > 0
    hfsq = 0.5 * f * f
    middle_result = np.where(
        k0,
        f - (hfsq - s * (hfsq + big_r)),
        dk * _LN2_HI - ((hfsq - (s * (hfsq + big_r) + dk * _LN2_LO)) - f),
    )
    other_result = np.where(
        k0,
        f - s * (f - big_r),
        dk * _LN2_HI - ((s * (f - big_r) - dk * _LN2_LO) - f),
    )
    return np.where(tiny, tiny_result, np.where(middle, middle_result, other_result))


# Work in blocks that stay in cache, as confusion.from_predictions does.
CHUNK = 1 << 15


_POSITIVE_FINITE_SPAN = np.uint64(0x7FEFFFFFFFFFFFFF)


def _log(x: ArrayLike, positive_part: Callable[[np.ndarray], np.ndarray]) -> np.ndarray | float:
    values = _as_array(x)
    flat = np.ascontiguousarray(values).reshape(-1)
    out = np.empty_like(flat)
    with np.errstate(all="ignore"):
        for start in range(0, flat.size, CHUNK):
            block = flat[start : start + CHUNK]
            target = out[start : start + CHUNK]
            # Positive finite numbers are the bit patterns 1 .. 0x7fefffffffffffff.
            ordinary = (block.view(np.uint64) - np.uint64(1)) < _POSITIVE_FINITE_SPAN
            if ordinary.all():
                target[:] = positive_part(block)
                continue
            _special_cases(block, target)
            if ordinary.any():
                target[ordinary] = positive_part(block[ordinary])
    if values.ndim == 0:
        return float(out[0])
    return out.reshape(values.shape)


def _log_platform(variant: Variant | None, cpu: Cpu | None) -> JavaPlatform:
    """The platform whose ``Math.log`` is asked for; ``variant`` names the algorithm outright."""
    if variant is None:
        return java_platform(cpu)
    if variant == "fdlibm":
        return java_platform("aarch64")
    if variant != "hotspot":
        raise ValueError(f"variant must be 'hotspot' or 'fdlibm', not {variant!r}")
    chosen = java_platform(cpu)
    if chosen.math != "hotspot-x86_64":
        raise ValueError("variant='hotspot' needs an x86_64 processor's RCPPS table: say cpu='amd' or cpu='intel'")
    return chosen


@overload
def java_log(x: float, *, variant: Variant | None = None, cpu: Cpu | None = None) -> float: ...


@overload
def java_log(x: ArrayLike, *, variant: Variant | None = None, cpu: Cpu | None = None) -> np.ndarray: ...


def java_log(x, *, variant=None, cpu=None):
    """Java's ``Math.log`` (natural logarithm), element by element, bit for bit.

    Parameters
    ----------
    x : float or array_like of float
        Converted to float64.
    variant : {"hotspot", "fdlibm"}, optional, keyword-only
        The algorithm, when not the platform's: ``"hotspot"``, HotSpot's x86_64 intrinsic (what
        WEKA computes on a PC or an x86 server); ``"fdlibm"``, ``StrictMath.log``, which is also
        ``Math.log`` on an aarch64 (ARM) HotSpot.  The two differ in the last bit for 7.8 % of the
        numbers uniform in (0, 2), 0.2 % of random bit patterns.
    cpu : {"auto", "amd", "intel", "aarch64"}, optional, keyword-only
        Whose JVM to reproduce (:func:`wekaeval.javamath.java_platform`): by default
        ``WEKAEVAL_CPU``, else the host's own.

    Returns
    -------
    float or ndarray
        A float for a scalar, else an array of x's shape.  As Java: NaN for NaN (quiet, payload
        kept) and for every negative number, -Infinity for ±0, Infinity for Infinity.

    Examples
    --------
    >>> java_log(3.0, cpu="amd").hex(), java_log(3.0, variant="fdlibm").hex()
    ('0x1.193ea7aad030bp+0', '0x1.193ea7aad030ap+0')
    >>> java_log([[1.0, 5e-324]], cpu="intel")
    array([[   0.        , -744.44007192]])
    """
    platform = _log_platform(variant, cpu)
    if platform.math == "fdlibm":
        return _log(x, _fdlibm_positive)
    if type(x) is float:
        return _hotspot_scalar(platform._log_indexes, x)
    return _log(x, partial(_hotspot_positive, index_of_top13=platform.log_index))


def java_log_scalar(x: float, *, cpu: Cpu | None = None) -> float:
    """``Math.log(x)`` on one double as a Python float, in plain Python: about 3 us, over 1 of them finding the
    platform, which every call does (``WEKAEVAL_CPU`` may change); docs/performance.md has the figures.

    >>> java_log_scalar(2.0) == java_log(2.0)
    True
    """
    platform = java_platform(cpu)
    if platform.math == "fdlibm":
        return _log(float(x), _fdlibm_positive)  # type: ignore[return-value]
    return _hotspot_scalar(platform._log_indexes, float(x))


@overload
def fdlibm_log(x: float) -> float: ...


@overload
def fdlibm_log(x: ArrayLike) -> np.ndarray: ...


def fdlibm_log(x):
    """``StrictMath.log`` (fdlibm's ``e_log.c``), element by element, bit for bit.

    >>> fdlibm_log(3.0).hex()
    '0x1.193ea7aad030ap+0'
    """
    return _log(x, _fdlibm_positive)


@overload
def log2(x: float, *, variant: Variant | None = None, cpu: Cpu | None = None) -> float: ...


@overload
def log2(x: ArrayLike, *, variant: Variant | None = None, cpu: Cpu | None = None) -> np.ndarray: ...


def log2(x, *, variant=None, cpu=None):
    """WEKA's ``Utils.log2``: ``Math.log(x) / Math.log(2)``, one division, not ``numpy.log2``.

    >>> log2(8.0), log2([0.5, 3.0])
    (3.0, array([-1.       ,  1.5849625]))
    """
    return java_log(x, variant=variant, cpu=cpu) / java_log(2.0, variant=variant, cpu=cpu)
