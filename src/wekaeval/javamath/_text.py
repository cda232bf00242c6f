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

DecimalFormat rounds the digits of Java's ``FloatingDecimal``, which are not
always the shortest that read back (:mod:`wekaeval.javamath._digits`): an
integer of 2**53 and more prints every digit of the double, as WEKA prints it.

>>> double_to_string(29942121520052992.0, 4), double_to_string(1e23, 0)
('29942121520052992', '99999999999999990000000')
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from wekaeval.javamath._digits import Digits, floating_decimal, shortest_digits
from wekaeval.javamath._jdk import jdk_version
from wekaeval.javamath._numbers import java_double_to_string

#: ``DecimalFormat.DOUBLE_FRACTION_DIGITS``: the most fraction digits DecimalFormat prints of a double.
_DOUBLE_FRACTION_DIGITS = 340


def decimal_format(value: float, max_fraction_digits: int) -> str:
    """``Utils.doubleToString(value, afterDecimalPoint)``: WEKA's DecimalFormat.

    ``java.text.DigitList`` rounds ``FloatingDecimal``'s digits half up at the
    last fraction digit shown; a final 5 that FloatingDecimal produced by
    rounding up is not rounded up again, one it reached by truncation is,
    and an exact one is.  Trailing zeros are dropped; a negative value that
    rounds to zero keeps its sign (``-0``), as in Java.

    >>> decimal_format(0.125, 2), decimal_format(0.15, 1), decimal_format(2.5, 0), decimal_format(1e-7, 4)
    ('0.13', '0.1', '3', '0')
    """
    value = float(value)  # numpy's scalars repr as "np.float64(...)"
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if value == 0:
        return sign + "0"
    digits = min(max(max_fraction_digits, 0), _DOUBLE_FRACTION_DIGITS)
    rounded = _rounded_far_from_a_tie(abs(value), digits)
    if rounded is not None:
        return sign + (rounded.rstrip("0").rstrip(".") if "." in rounded else rounded)
    return sign + _digit_list_text(floating_decimal(abs(value)), digits)


#: 10**d, exact, for the fast path of :func:`_rounded_far_from_a_tie`.
_POWERS_OF_TEN = tuple(10.0**d for d in range(23))


def _rounded_far_from_a_tie(magnitude: float, decimals: int) -> str | None:
    """``magnitude`` rounded to ``decimals`` fraction digits, when no decimal digits Java may print can round otherwise.

    Java's digits (``FloatingDecimal``'s, or the shortest) lie within half a unit in the last place of the
    double.  Below 10**8 once scaled by 10**decimals, that is under 3e-8 of the scaled value's unit, so where the
    double lies more than 1e-6 from the midway between two printable results, every such decimal rounds like the
    double itself, which C's ``%.Nf`` rounds exactly.  None where the fast path cannot tell.
    """
    if decimals >= len(_POWERS_OF_TEN):
        return None
    scaled = magnitude * _POWERS_OF_TEN[decimals]
    if not scaled < 1e8 or abs(scaled - math.floor(scaled) - 0.5) <= 1e-6:
        return None
    return f"{magnitude:.{decimals}f}"


def _digit_list_text(number: Digits, max_fraction_digits: int) -> str:
    """``DigitList.set(..., maximumDigits, fixedPoint=true)`` then ``DecimalFormat.subformat``'s plain text."""
    digits = [ord(c) - 48 for c in number.digits.rstrip("0")] or [0]
    decimal_at = number.exponent
    count = len(digits)

    def should_round_up(position: int) -> bool:  # HALF_UP, with FloatingDecimal's flags for a final 5
        if position >= count:
            return False
        if digits[position] != 5:
            return digits[position] > 5
        if position == count - 1:
            return number.exact or not number.rounded_up
        return any(digits[position + 1 : count])

    if -decimal_at > max_fraction_digits:
        return "0"
    if -decimal_at == max_fraction_digits:
        if not should_round_up(0):
            return "0"
        digits, count, decimal_at = [1], 1, decimal_at + 1
    else:
        keep = max_fraction_digits + decimal_at
        if keep < count:
            if should_round_up(keep):
                while True:  # DigitList.roundUp
                    keep -= 1
                    if keep < 0:
                        digits[0] = 1
                        decimal_at += 1
                        keep = 0
                        break
                    digits[keep] += 1
                    if digits[keep] <= 9:
                        break
                keep += 1
            count = keep
            while count > 1 and digits[count - 1] == 0:
                count -= 1
    shown = "".join(map(str, digits[:count]))
    if not any(digits[:count]):
        return "0"
    if decimal_at <= 0:
        return "0." + "0" * -decimal_at + shown
    if decimal_at >= count:
        return shown + "0" * (decimal_at - count)
    return shown[:decimal_at] + "." + shown[decimal_at:]


def old_decimal_format(value: float, max_fraction_digits: int, *, jdk: int | str | None = None) -> str:
    """``Utils.doubleToString(value, afterDecimalPoint)`` of WEKA 3.4 to 3.7.12.

    It rounded ``(long)(value * 10^d + 0.5)`` on the magnitude -- after the
    multiplication's own rounding, so some decimal halves round up where
    3.7.13+ (:func:`decimal_format`) rounds the exact binary value down --
    printed a value that rounds to zero as ``0`` (never ``-0``), and fell
    back to Java's ``Double.toString`` beyond the range of a long (of the JDK
    ``jdk``, see :func:`jdk_version`).

    >>> old_decimal_format(100 * 4539 / 400000, 4), decimal_format(100 * 4539 / 400000, 4)
    ('1.1348', '1.1347')
    >>> old_decimal_format(-0.00004, 4), old_decimal_format(150.0, 4)
    ('0', '150')
    """
    value = float(value)
    digits = max(max_fraction_digits, 0)
    scaled = value * 10.0**digits  # Math.pow(10, d) is exact for the digits WEKA uses
    if not abs(scaled) < 2.0**63 - 1:  # NaN too: Java's "" + value
        return java_double_to_string(value, jdk=jdk)
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
    # WEKA copies the text into ``width`` spaces so that its decimal point (or its end, with no point) falls
    # ``after_decimal_point`` + 1 from the right; the fraction keeps its digits after the point
    dot = text.find(".") if after_decimal_point > 0 else -1
    if dot == -1:
        dot = len(text)
    offset = width - after_decimal_point - dot - (1 if after_decimal_point > 0 else 0)
    if offset < 0:
        return text
    return (" " * offset + text).ljust(width)


def java_fixed(value: float, decimals: int, *, jdk: int | str | None = None) -> str:
    """Java's ``String.format("%.Nf", value)``: Java's decimal digits rounded half up.

    Java rounds the digits it would print the double with, not the double's
    exact binary value as C and Python do; up to JDK 20 those are
    ``FloatingDecimal``'s (at least two of them), from JDK 21 the shortest that
    read back (JDK-8300869).  ``jdk`` names the JDK (see :func:`jdk_version`):

    >>> java_fixed(0.1235, 3), f"{0.1235:.3f}"
    ('0.124', '0.123')
    >>> java_fixed(-0.0001, 3)
    '-0.000'
    >>> java_fixed(83333333333333330.0, 3, jdk=17), java_fixed(83333333333333330.0, 3, jdk=21)
    ('83333333333333328.000', '83333333333333330.000')
    """
    value = float(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    sign = "-" if math.copysign(1.0, value) < 0 else ""  # Double.compare(value, 0.0) == -1: -0.0 too
    magnitude = abs(value)
    rounded = _rounded_far_from_a_tie(magnitude, decimals)
    if rounded is not None:
        return sign + rounded
    if jdk_version(jdk).formatter_shortest:
        number = shortest_digits(magnitude)
    else:
        number = floating_decimal(magnitude, compatible=False)
    digits, exponent = _apply_precision([ord(c) - 48 for c in number.digits], number.exponent, decimals)
    text = _fill_decimal(digits, exponent, decimals)
    if decimals > 0:
        whole, _, fraction = text.partition(".")
        text = f"{whole}.{fraction.ljust(decimals, '0')}"  # Formatter.addZeros
    return sign + text


def _apply_precision(digits: list[int], exponent: int, decimals: int) -> tuple[list[int], int]:
    """``FormattedFloatingDecimal.applyPrecision(decExp, digits, nDigits, decExp + decimals)``: half up."""
    keep = exponent + decimals
    if keep >= len(digits) or keep < 0:
        return digits, exponent
    if keep == 0:
        if digits[0] >= 5:
            return [1] + [0] * (len(digits) - 1), exponent + 1
        return [0] * len(digits), exponent
    if digits[keep] < 5:
        return digits[:keep] + [0] * (len(digits) - keep), exponent
    i = keep - 1
    while digits[i] == 9 and i > 0:
        i -= 1
    if digits[i] == 9:  # carried out of the first digit
        return [1] + [0] * (len(digits) - 1), exponent + 1
    return digits[:i] + [digits[i] + 1] + [0] * (len(digits) - i - 1), exponent


def _fill_decimal(digits: list[int], exponent: int, decimals: int) -> str:
    """``FormattedFloatingDecimal.fillDecimal``: the plain digits, cut at ``decimals`` fraction digits."""
    text = "".join(map(str, digits))
    n = len(digits)
    if exponent > 0:
        if n < exponent:
            return text + "0" * (exponent - n)
        shown = min(n - exponent, decimals)
        return text[:exponent] + ("." + text[exponent : exponent + shown] if shown > 0 else "")
    zeros = max(0, min(-exponent, decimals))
    shown = max(0, min(n, decimals + exponent))
    if zeros > 0 or shown > 0:
        return "0." + "0" * zeros + text[:shown]
    return "0"


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
