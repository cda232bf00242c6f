"""WEKA's number formatting and text blocks, character for character.

``weka.core.Utils.doubleToString``, Java's ``%.3f`` and the confusion matrix
of ``Evaluation.toMatrixString``.

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
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

from wekaeval.javamath._numbers import java_double_to_string


def decimal_format(value: float, max_fraction_digits: int) -> str:
    """``Utils.doubleToString(value, afterDecimalPoint)``: WEKA's DecimalFormat.

    Java formats the shortest decimal that reads back as ``value`` (Python's
    ``repr``) when it has few enough fraction digits; otherwise it rounds half
    up, deciding ties by the double's exact binary value.  A negative value
    that rounds to zero keeps its sign (``-0``), as in Java.
    """
    value = float(value)  # numpy's scalars repr as "np.float64(...)"
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    shortest = Decimal(repr(value))
    exponent = shortest.as_tuple().exponent
    assert isinstance(exponent, int), value  # a finite number's, never NaN's "n" or infinity's "F"
    digits = max(max_fraction_digits, 0)
    if -exponent <= digits:
        number = shortest
    else:
        number = Decimal(value).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    text = f"{abs(number):f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return ("-" if math.copysign(1.0, value) < 0 else "") + text


def old_decimal_format(value: float, max_fraction_digits: int) -> str:
    """``Utils.doubleToString(value, afterDecimalPoint)`` of WEKA 3.4 to 3.7.12.

    It rounded ``(long)(value * 10^d + 0.5)`` on the magnitude -- after the
    multiplication's own rounding, so some decimal halves round up where
    3.7.13+ (:func:`decimal_format`) rounds the exact binary value down --
    printed a value that rounds to zero as ``0`` (never ``-0``), and fell
    back to Java's ``Double.toString`` beyond the range of a long.

    >>> old_decimal_format(100 * 4539 / 400000, 4), decimal_format(100 * 4539 / 400000, 4)
    ('1.1348', '1.1347')
    >>> old_decimal_format(-0.00004, 4), old_decimal_format(150.0, 4)
    ('0', '150')
    """
    value = float(value)
    digits = max(max_fraction_digits, 0)
    scaled = value * 10.0**digits  # Math.pow(10, d) is exact for the digits WEKA uses
    if not abs(scaled) < 2.0**63 - 1:  # NaN too: Java's "" + value
        return java_double_to_string(value)
    rounded = int(scaled + 0.5) if scaled > 0 else -int(abs(scaled) + 0.5)
    text = str(abs(rounded)).rjust(digits + 1, "0") if digits else str(abs(rounded))
    if digits:
        text = f"{text[:-digits]}.{text[-digits:]}".rstrip("0").rstrip(".")
    return ("-" if rounded < 0 else "") + text


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


def java_fixed(value: float, decimals: int) -> str:
    """Java's ``String.format("%.Nf", value)``: the shortest decimal rounded half up.

    Java rounds the digits of ``Double.toString`` (the shortest decimal that
    reads back as the double), not the double's exact binary value as C and
    Python do:

    >>> java_fixed(0.1235, 3), f"{0.1235:.3f}"
    ('0.124', '0.123')
    >>> java_fixed(-0.0001, 3)
    '-0.000'
    """
    value = float(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    number = Decimal(repr(value)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    text = f"{abs(number):f}"
    return ("-" if math.copysign(1.0, value) < 0 else "") + text


_JAVA_WHITESPACE = "".join(map(chr, range(33)))  # what String.trim drops: every char up to ' '


def java_trim(text: str) -> str:
    """Java's ``String.trim``: ``text`` without its leading and trailing chars up to U+0020.

    Not Python's ``str.strip()``: Java drops every control char (U+0000 to U+001F) and keeps the
    Unicode spaces (U+00A0, U+2003, ...) Python also strips.

    >>> java_trim("\\x00 \\t 1.5 \\x1f\\n"), java_trim("\\u00a01.5\\u2003"), java_trim("  ")
    ('1.5', '\\xa01.5\\u2003', '')
    """
    return text.strip(_JAVA_WHITESPACE)


_BACKQUOTES = {
    "\\": "\\\\",
    "'": "\\'",
    "\t": "\\t",
    "\n": "\\n",
    "\r": "\\r",
    '"': '\\"',
    "%": "\\%",
    "\u001e": "\\u001E",
}


def back_quote_chars(text: str) -> str:
    """``Utils.backQuoteChars``: backslash escapes for ``\\ ' \\t \\n \\r " %`` and U+001E.

    >>> print(back_quote_chars("it's 50%"))
    it\\'s 50\\%
    """
    return "".join(_BACKQUOTES.get(char, char) for char in text)


def quote(text: str) -> str:
    """``Utils.quote``, as ARFF files and ``Instance.toString`` write a nominal or string value.

    >>> quote("iris"), quote(""), quote("a b"), quote("?"), quote("-C 0.25")
    ('iris', "''", "'a b'", "'?'", "'-C 0.25'")
    """
    escaped = back_quote_chars(text)
    if escaped != text or any(char in text for char in "{}, ") or text in ("?", ""):
        return f"'{escaped}'"
    return text


def join_options(options: Sequence[str]) -> str:
    """``Utils.joinOptions``: options joined by spaces, those with whitespace or quotes double-quoted.

    >>> print(join_options(["-S", "0.05", "-result-matrix", "weka.experiment.ResultMatrixPlainText -mean-prec 2"]))
    -S 0.05 -result-matrix "weka.experiment.ResultMatrixPlainText -mean-prec 2"
    """
    joined = []
    for option in options:
        if option == "":
            continue
        if any(char.isspace() or char in "\"'" for char in option):
            joined.append('"' + back_quote_chars(option) + '"')
        else:
            joined.append(option)
    return " ".join(joined).strip()
