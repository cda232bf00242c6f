"""Rows of WEKA's printed decimals parsed as whole arrays: the grammar checked and the doubles made with numpy.

WEKA prints a probability or a numeric value as ``-?\\d+(\\.\\d+)?`` (``Utils.doubleToString``), a
distribution as such numbers joined by commas with a ``*`` before the predicted class's.  For a chunk of such
rows, :func:`decimal_rows` checks every byte's neighbours (which is that grammar, but for the one-dot rule,
checked on its own), then reads each number's digits as an integer ``M`` and its fraction digits ``k``: with at
most 15 digits ``M`` is exact in a double, ``10**k`` is exact for ``k <= 22``, and IEEE division rounds
``M / 10**k`` correctly -- the very double Python's correctly rounded ``float()`` gives for the text (Clinger's
fast path, which ``strtod`` itself takes).  A minus sign negates it after (``-0`` is ``-0.0``, as ``float``).

Anything else -- ``NaN``, ``Infinity``, more than 15 digits, a non-ASCII byte, a row of another width, a
misplaced star -- makes it return None: the caller reads those rows by the row-by-row rules.

>>> values, stars = decimal_rows(["0.25,*0.75", "*-0,1"], starred=True)
>>> values.tolist(), stars.tolist()
([[0.25, 0.75], [-0.0, 1.0]], [1, 0])
>>> decimal_rows(["1.5", "2"], starred=False)[0].ravel().tolist()
[1.5, 2.0]
>>> decimal_rows(["1e-5"], starred=False) is None, decimal_rows(["1..5"], starred=False) is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: The most digits a number may have here: below 2**53, so the integer of its digits is exact in a double.
MAX_DIGITS = 15

_DIGIT, _DOT, _MINUS, _STAR, _END, _OTHER = range(6)

_CLASSES = bytearray([_OTHER] * 256)
_CLASSES[ord("0") : ord("9") + 1] = bytes([_DIGIT]) * 10
_CLASSES[ord(".")] = _DOT
_CLASSES[ord("-")] = _MINUS
_CLASSES[ord("*")] = _STAR
_CLASSES[ord(",")] = _END
_CLASSES[ord("\n")] = _END
#: Each byte's class (``bytes.translate`` runs at memory speed).
_CLASS = bytes(_CLASSES)

#: Which class may follow which (a pair coded ``6 * before + after``): a number is ``\*?-?\d+(\.\d+)*`` between
#: two ends (one dot at most: checked apart).  Disallowed pairs translate to 0.
_FOLLOWING = bytearray(256)
for _before, _afters in (
    (_END, (_STAR, _MINUS, _DIGIT)),
    (_STAR, (_MINUS, _DIGIT)),
    (_MINUS, (_DIGIT,)),
    (_DIGIT, (_DIGIT, _DOT, _END)),
    (_DOT, (_DIGIT,)),
):
    for _after in _afters:
        _FOLLOWING[_before * 6 + _after] = 1
_FOLLOWS = bytes(_FOLLOWING)

#: Exact powers of ten (every one up to 1e22 is a double).
_POWERS = 10.0 ** np.arange(MAX_DIGITS + 1)


def decimal_rows(rows: Sequence[str] | bytes, *, starred: bool) -> tuple[np.ndarray, np.ndarray] | None:
    """The numbers of ``rows`` (each WEKA's decimals joined by commas) as a matrix of doubles, one row each.

    ``rows`` may be given as bytes too: the rows' ASCII texts, each ended by ``\\n``.

    With ``starred`` each row holds exactly one ``*`` (at the start of a number) and its position in the row
    comes back too (an empty array without, when no row may hold one).  None when any row is not of that
    form, or the rows differ in width, or a number is one this fast path does not read (see the module's
    docstring).
    """
    if isinstance(rows, bytes):
        raw, n = rows, rows.count(b"\n")
        if n == 0:
            return None
    else:
        n = len(rows)
        if n == 0:
            return None
        text = "\n".join(rows) + "\n"
        if not text.isascii():
            return None
        raw = text.encode("ascii")
    classes = raw.translate(_CLASS)
    if bytes([_OTHER]) in classes:
        return None
    data = np.frombuffer(raw, dtype=np.uint8)
    kind = np.frombuffer(classes, dtype=np.uint8)
    pairs = np.empty_like(kind)
    pairs[0] = _END * 6 + kind[0]
    np.multiply(kind[:-1], 6, out=pairs[1:])
    pairs[1:] += kind[1:]
    if b"\x00" in pairs.tobytes().translate(_FOLLOWS):
        return None
    ends = np.flatnonzero(kind == _END)
    count = len(ends)  # the numbers (each ends at a comma or a line end)
    if count % n:
        return None
    width = count // n
    row_ends = np.flatnonzero(data[ends] == ord("\n"))
    if len(row_ends) != n or not np.array_equal(row_ends, np.arange(width - 1, count, width)):
        return None
    marks = np.flatnonzero((kind != _DIGIT) & (kind != _END))  # each number's star, minus and dot
    mark_kinds = kind[marks]
    numbers_of_marks = np.searchsorted(ends, marks)  # the numbers ended before each mark
    dots = marks[mark_kinds == _DOT]
    dot_numbers = numbers_of_marks[mark_kinds == _DOT]
    if len(dots) > 1 and not (np.diff(dot_numbers) > 0).all():
        return None  # two dots in one number
    star_numbers = numbers_of_marks[mark_kinds == _STAR]
    star_index = np.empty(0, dtype=np.intp)
    if starred:
        if len(star_numbers) != n or not np.array_equal(star_numbers // width, np.arange(n)):
            return None
        star_index = star_numbers % width
    elif len(star_numbers):
        return None
    digits_in = np.diff(ends, prepend=-1) - 1 - np.bincount(numbers_of_marks, minlength=count)
    if digits_in.max() > MAX_DIGITS:
        return None
    fraction = ends[dot_numbers] - dots - 1  # a dotted number's fraction digits: only digits follow a dot
    # each number's k-th digit from the right lies k bytes before its end, one more once past its dot
    dot_after = np.full(count, MAX_DIGITS + 1)
    dot_after[dot_numbers] = fraction
    values = (data[ends - 1] - np.uint8(ord("0"))).astype(np.float64)  # a number ends in a digit
    longer = np.flatnonzero(digits_in > 1)
    if len(longer):
        last, dot, digits = ends[longer] - 1, dot_after[longer], digits_in[longer]
        integers = values[longer]
        for k in range(1, int(digits.max())):  # each term and each sum below 1e15: exact
            digit = data[last - k - (k >= dot)] - np.uint8(ord("0"))  # (before the number past its digits: unused)
            integers += np.where(digits > k, digit * _POWERS[k], 0.0)
        values[longer] = integers
    values[dot_numbers] /= _POWERS[fraction]  # one rounding, the correctly rounded decimal
    minus = numbers_of_marks[mark_kinds == _MINUS]
    values[minus] = -values[minus]
    return values.reshape(n, width), star_index
