"""Java's arithmetic where Python's differs: division, casts, rounding, sums, square roots, ``Double.toString``.

Each function is one Java expression, so that a port reads like its Java source:

>>> java_divide(1.0, 0.0), java_int(-2.7), java_round(-2.5), java_sum([0.1] * 10)
(inf, -2, -2, 0.9999999999999999)
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from wekaeval.javamath._digits import floating_decimal, shortest_digits
from wekaeval.javamath._jdk import jdk_version


def java_divide(numerator: float, denominator: float) -> float:
    """Java's ``/`` on doubles: x/0 is an infinity or NaN, never an exception.

    >>> java_divide(1.0, 0.0), java_divide(-1.0, 0.0), java_divide(0.0, 0.0)
    (inf, -inf, nan)
    >>> java_divide(1.0, -0.0)
    -inf
    """
    if denominator != 0:
        return numerator / denominator
    if numerator == 0 or math.isnan(numerator):
        return math.nan
    return math.copysign(math.inf, numerator) * math.copysign(1.0, denominator)


def java_sum(values: Iterable[float]) -> float:
    """Java's ``double s = 0; for (double x : values) s += x;``: one rounding per addition, in order.

    Python's ``sum`` of floats adds the same way up to 3.11; from 3.12 it compensates the rounding
    (Neumaier), which changes last bits that Java keeps.

    >>> java_sum([0.1] * 10), java_sum([]), java_sum([1e16, 1.0, -1e16])
    (0.9999999999999999, 0.0, 0.0)
    """
    total = 0.0
    for value in values:
        total += value
    return total


def java_double_to_string(value: float, *, jdk: int | str | None = None) -> str:
    """Java's ``Double.toString(value)`` (``"" + value``) in the JDK ``jdk`` (:func:`~wekaeval.javamath.jdk_version`).

    From JDK 19 its digits are the shortest that read back; up to JDK 18 they are ``FloatingDecimal``'s,
    a digit or two more for some doubles (JDK-4511638).

    >>> java_double_to_string(0.05), java_double_to_string(1e-4), java_double_to_string(1e7)
    ('0.05', '1.0E-4', '1.0E7')
    >>> java_double_to_string(-0.0), java_double_to_string(float("nan")), java_double_to_string(100.0)
    ('-0.0', 'NaN', '100.0')
    >>> java_double_to_string(2.0**60, jdk=17), java_double_to_string(2.0**60, jdk=19)
    ('1.15292150460684698E18', '1.152921504606847E18')
    >>> java_double_to_string(1e23, jdk=17), java_double_to_string(1e23, jdk=19)
    ('9.999999999999999E22', '1.0E23')
    """
    if not math.isfinite(value):
        return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if value == 0:
        return sign + "0.0"
    magnitude = abs(value)
    number = shortest_digits(magnitude) if jdk_version(jdk).double_to_string_shortest else floating_decimal(magnitude)
    digits, exponent = number.digits, number.exponent
    if 0 < exponent < 8:  # 1 <= |value| < 10**7: plain, with at least one fraction digit
        whole = digits[:exponent].ljust(exponent, "0")
        return f"{sign}{whole}.{digits[exponent:] or '0'}"
    if -3 < exponent <= 0:  # 10**-3 <= |value| < 1
        return f"{sign}0.{'0' * -exponent}{digits}"
    return f"{sign}{digits[0]}.{digits[1:] or '0'}E{exponent - 1}"


def java_sqrt(x: float) -> float:
    """Java's ``Math.sqrt``: correctly rounded, NaN (not an exception) below zero.

    >>> java_sqrt(2.0), java_sqrt(-1.0), java_sqrt(-0.0)
    (1.4142135623730951, nan, -0.0)
    """
    return math.sqrt(x) if x >= 0 or x != x else math.nan


def java_int32(value: int) -> int:
    """An ``int`` result as Java's int arithmetic wraps it (two's complement, 32 bits).

    >>> java_int32(2**31), java_int32(1 + 2147483647), java_int32(-(2**31) - 3)
    (-2147483648, -2147483648, 2147483645)
    """
    return ((value + 0x80000000) & 0xFFFFFFFF) - 0x80000000


def java_rint(value: float) -> float:
    """``Math.rint``: the nearest integer, ties to even (Python's ``round``).

    >>> java_rint(2.5), java_rint(-0.5), java_rint(float("inf"))
    (2.0, -0.0, inf)
    """
    return math.copysign(float(round(value)), value) if math.isfinite(value) else value  # -0.3 gives -0.0


def java_int(value: float) -> int:
    """Java's ``(int)`` cast of a double: toward zero, NaN to 0, saturating at the int range.

    >>> java_int(-2.7), java_int(float("nan")), java_int(1e10)
    (-2, 0, 2147483647)
    """
    if math.isnan(value):
        return 0
    if value >= 2**31 - 1:
        return 2**31 - 1
    if value <= -(2**31):
        return -(2**31)
    return int(value)


def java_round(value: float) -> int:
    """Java's ``Math.round(double)``: the nearest integer, halves up, without ``floor(x + 0.5)``'s double rounding.

    >>> java_round(2.5), java_round(-2.5), java_round(0.49999999999999994)
    (3, -2, 0)
    """
    low = math.floor(value)
    return low + 1 if value - low >= 0.5 else low


#: ``weka.core.Utils.SMALL``: the tolerance of WEKA's ``Utils.eq``.
WEKA_SMALL = 1e-6


def weka_eq(a: float, b: float) -> bool:
    """``weka.core.Utils.eq``: equal within :data:`WEKA_SMALL`.

    >>> weka_eq(1.0, 1.0000005), weka_eq(1.0, 1.00001)
    (True, False)
    """
    return a == b or (a - b < WEKA_SMALL and b - a < WEKA_SMALL)
