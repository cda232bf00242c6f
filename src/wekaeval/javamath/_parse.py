"""Java's number parsers where Python's read other texts: ``Double.parseDouble`` and ``Integer.parseInt``.

Python's ``float`` reads ``inf``, ``nan``, ``1_000`` and digits of every script, which Java refuses; Java
reads ``NaN``, ``Infinity``, ``1d``, ``2.5f`` and hexadecimal ``0x1.8p1``, which Python refuses. Both
round a decimal text correctly (to the nearest double, ties to even), so where the texts agree so do the
doubles.

>>> java_parse_double(" -1.5e3d "), java_parse_double("0x1.8p1"), java_parse_double("Infinity")
(-1500.0, 3.0, inf)
>>> java_parse_int("+007"), java_parse_int("\\u0663")  # Character.digit reads every script's digits
(7, 3)
"""

from __future__ import annotations

import re

from wekaeval.javamath._text import java_trim

# FloatingDecimal.readJavaFormatString, after String.trim(): a sign, then NaN, Infinity, a hexadecimal
# significand with its binary exponent (mandatory), or decimal digits with an optional exponent; then an
# optional f/F/d/D.  Digits are ASCII only.
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[fFdD]?", re.ASCII)
_HEX = re.compile(r"([+-]?)0[xX]((?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)[pP][+-]?[0-9]+)[fFdD]?", re.ASCII)
_SYMBOL = re.compile(r"([+-]?)(NaN|Infinity)")
# Character.digit(c, 10) reads every Unicode decimal digit of one char, as \d does: those beyond U+FFFF are two
# chars (a surrogate pair) in Java, and no digit
_INT = re.compile(r"[+-]?[^\W\D\U00010000-\U0010FFFF]+")
_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1


def java_parse_double(text: str) -> float:
    """Java's ``Double.parseDouble(text)`` (also ``Double.valueOf``).

    Raises
    ------
    ValueError
        Where Java throws ``NumberFormatException``, naming the text.

    Examples
    --------
    >>> java_parse_double("1."), java_parse_double(".5"), java_parse_double("-0")
    (1.0, 0.5, -0.0)
    >>> java_parse_double("inf")
    Traceback (most recent call last):
      ...
    ValueError: not a Java number: 'inf'
    """
    trimmed = java_trim(text)
    if _DECIMAL.fullmatch(trimmed):
        return float(trimmed.rstrip("fFdD"))
    symbol = _SYMBOL.fullmatch(trimmed)
    if symbol:
        if symbol.group(2) == "NaN":
            return float("nan")
        return float("-inf") if symbol.group(1) == "-" else float("inf")
    hexadecimal = _HEX.fullmatch(trimmed)
    if hexadecimal:
        return float.fromhex(hexadecimal.group(1) + "0x" + hexadecimal.group(2))
    raise ValueError(f"not a Java number: {text!r}")


def java_parse_int(text: str) -> int:
    """Java's ``Integer.parseInt(text)`` (also ``Integer.valueOf``): a sign, decimal digits, 32 bits.

    Raises
    ------
    ValueError
        Where Java throws ``NumberFormatException``, naming the text.

    Examples
    --------
    >>> java_parse_int("-0"), java_parse_int("2147483647")
    (0, 2147483647)
    >>> java_parse_int("\\U0001d7cf")  # a digit, but beyond U+FFFF: two chars in Java, neither a digit
    Traceback (most recent call last):
      ...
    ValueError: not a Java int: '𝟏'
    >>> java_parse_int(" 1")
    Traceback (most recent call last):
      ...
    ValueError: not a Java int: ' 1'
    """
    if _INT.fullmatch(text):
        value = int(text)
        if _INT_MIN <= value <= _INT_MAX:
            return value
    raise ValueError(f"not a Java int: {text!r}")
