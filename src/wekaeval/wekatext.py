"""WEKA's number formatting, character for character: ``weka.core.Utils.doubleToString``.

WEKA prints its statistics with a ``java.text.DecimalFormat`` (no grouping,
at most N fraction digits, trailing zeros dropped, HALF_UP rounding) and then
decimal-aligns the result in a fixed width, padding with spaces:

>>> double_to_string(0.94, 6, 4)
'0.94  '
>>> double_to_string(96.0, 12, 4)
'     96     '
>>> double_to_string(-0.0001, 3)
'-0'

Magnitudes of 2**53 and more may print differently: there Java 17's
``Double.toString``, whose digits DecimalFormat rounds, is not always the
shortest decimal (JDK-4511638), and this port uses the shortest.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

__all__ = ["double_to_string", "decimal_format"]


def decimal_format(value: float, max_fraction_digits: int) -> str:
    """``Utils.doubleToString(value, afterDecimalPoint)``: WEKA's DecimalFormat.

    Java formats the shortest decimal that reads back as ``value`` (Python's
    ``repr``) when it has few enough fraction digits; otherwise it rounds half
    up, deciding ties by the double's exact binary value.  A negative value
    that rounds to zero keeps its sign (``-0``), as in Java.
    """
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    shortest = Decimal(repr(value))
    digits = max(max_fraction_digits, 0)
    if -shortest.as_tuple().exponent <= digits:
        number = shortest
    else:
        number = Decimal(value).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    text = f"{abs(number):f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return ("-" if math.copysign(1.0, value) < 0 else "") + text


def double_to_string(value: float, width: int, after_decimal_point: int | None = None) -> str:
    """``Utils.doubleToString``: with one int, :func:`decimal_format`; with two, decimal-aligned in ``width``.

    Called as ``double_to_string(value, after_decimal_point)`` or
    ``double_to_string(value, width, after_decimal_point)``, like WEKA's two
    overloads.  Trailing fraction zeros become spaces; a number that does not
    fit comes back unaligned, as WEKA returns it.
    """
    if after_decimal_point is None:
        return decimal_format(value, width)
    text = decimal_format(value, after_decimal_point)
    if after_decimal_point >= width:
        return text
    result = [" "] * width
    dot = text.find(".")
    if after_decimal_point > 0 and dot != -1:
        result[width - after_decimal_point - 1] = "."
    if after_decimal_point <= 0 or dot == -1:
        dot = len(text)
    offset = width - after_decimal_point - dot - (1 if after_decimal_point > 0 else 0)
    if offset < 0:
        return text
    for i in range(dot):
        result[offset + i] = text[i]
    for i in range(dot + 1, len(text)):
        result[offset + i] = text[i]
    return "".join(result)
