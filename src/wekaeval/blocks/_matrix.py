"""The confusion matrix block: its letters (``num2ShortID``), its column widths, its text.

>>> print(confusion_matrix_text([[50.0, 0.0], [1.0, 49.0]], ["a", "b"]), end="")
  a  b   <-- classified as
 50  0 |  a = a
  1 49 |  b = b
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from wekaeval.blocks._summary import json_rows
from wekaeval.errors import WekaThrowsError
from wekaeval.javamath import double_to_string, java_int, java_int32, java_log, java_log_scalar

#: A confusion matrix as rows of numbers: lists, or a 2-D array.
MatrixRows = Sequence[Sequence[float]] | np.ndarray


@dataclass(frozen=True, eq=False)
class PrintedConfusionMatrix:
    """The "Confusion Matrix" block: class names and the float64 k x k matrix as printed.

    Rows are actual classes, columns predicted ones.  Entries of weighted data
    print with two decimals (``fractional``), so they are WEKA's sums rounded.
    ``id_width`` is the width of each column.
    """

    class_names: tuple[str, ...]
    matrix: np.ndarray
    id_width: int
    fractional: bool

    def to_dict(self) -> dict[str, Any]:
        return {"class_names": list(self.class_names), "matrix": json_rows(self.matrix)}

    def to_text(self) -> str:
        """The matrix as WEKA printed it, after the title and its blank line."""
        return confusion_matrix_text(self.matrix, self.class_names, layout=(self.id_width, self.fractional))

    def __eq__(self, other: object) -> bool:  # and so no __hash__ (Python sets it to None): it holds an array
        if not isinstance(other, PrintedConfusionMatrix):
            return NotImplemented
        return (
            self.class_names == other.class_names
            and np.array_equal(self.matrix, other.matrix)
            and (self.id_width, self.fractional) == (other.id_width, other.fractional)
        )


def short_id(index: int, width: int) -> str:
    """The confusion matrix's letter id of class ``index``, right-aligned in ``width``.

    WEKA's ``num2ShortID``: ``a`` ... ``z``, then ``aa``, ``ab`` ...

    >>> short_id(0, 3), short_id(25, 1), short_id(26, 2), short_id(29, 3)
    ('  a', 'z', 'aa', ' ad')
    """
    if width < 0:
        raise WekaThrowsError(
            f"WEKA's num2ShortID cannot make a class id {width} characters wide (NegativeArraySizeException)",
            java_exception="NegativeArraySizeException",
        )
    if width == 0:
        return ""
    letters = []
    while True:
        letters.append(_ID_LETTERS[index % 26])
        index = index // 26 - 1
        if index < 0 or len(letters) == width:
            break
    return "".join(reversed(letters)).rjust(width)


_ID_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def matrix_layout(matrix: MatrixRows) -> tuple[int, bool]:
    """``(id_width, fractional)``: how WEKA's ``toMatrixString`` lays out ``matrix``.

    Entries print with two decimals when some entry's fractional part (its
    distance above the nearest integer) is at least 0.01; negative entries
    count ten times their size when finding the widest.  The width is Java's
    ``int``: an infinite entry makes it ``1 + Integer.MAX_VALUE``, which wraps
    to a negative number (and WEKA throws, see :func:`confusion_matrix_text`).

    >>> matrix_layout([[50, 0], [2, 48]])
    (2, False)
    >>> matrix_layout([[57.13, 0], [2, 40.92]])
    (5, True)
    >>> matrix_layout([[float("inf"), 0.0], [0.0, 1.0]])
    (-2147483648, False)
    """
    values = np.asarray(matrix, dtype=np.float64)
    with np.errstate(all="ignore"):  # Java's arithmetic: inf - rint(inf) is NaN, log(0) is -inf
        current = np.where(values < 0, values * -10, values)  # the sizes WEKA compares
        larger = current[current > 0]  # "current > maxval" from 0: NaN never is
        maxval = float(larger.max()) if larger.size else 0.0
        fraction = current - np.rint(current)
        fraction = fraction[fraction > 0]
        fractional = bool((java_log(fraction) / java_log_scalar(10.0) >= -2).any()) if fraction.size else False
    digits = java_int(java_log_scalar(maxval) / java_log_scalar(10.0) + (3 if fractional else 0))
    id_digits = java_int(java_log_scalar(len(values)) / java_log_scalar(26.0))
    return java_int32(1 + max(digits, id_digits)), fractional


def confusion_matrix_text(
    matrix: MatrixRows,
    class_names: Sequence[str],
    *,
    layout: tuple[int, bool] | None = None,
) -> str:
    """The body of WEKA's ``Evaluation.toMatrixString()``: header line and one row per class.

    ``layout`` is ``(id_width, fractional)``; by default :func:`matrix_layout`
    decides it as WEKA does.

    >>> print(confusion_matrix_text([[49, 1], [2, 48]], ["yes", "no"]), end="")
      a  b   <-- classified as
     49  1 |  a = yes
      2 48 |  b = no

    Where WEKA's ``toMatrixString`` throws, so does this, a
    :class:`~wekaeval.errors.WekaThrowsError` naming WEKA's exception: fractional
    entries all below 0.1 (its letters would be ``width - 3 = -1`` characters
    wide), an infinite entry (a negative width).

    >>> confusion_matrix_text([[0.05, 0.0], [0.0, 0.0]], ["a", "b"])
    Traceback (most recent call last):
    ...
    wekaeval.errors.WekaThrowsError: WEKA's toMatrixString throws NegativeArraySizeException for this matrix: \
its largest entry, 0.05, and two decimals make each class letter -1 characters wide
    """
    if layout is None:
        _check_printable(matrix)
    id_width, fractional = layout if layout is not None else matrix_layout(matrix)
    decimals = 2 if fractional else 0
    if fractional:
        header = "".join(f" {short_id(i, id_width - 3)}   " for i in range(len(class_names)))
    else:
        header = "".join(f" {short_id(i, id_width)}" for i in range(len(class_names)))
    lines = [header + "   <-- classified as\n"]
    texts: dict[float, str] = {}  # a cell's text by value (most cells share a few values); zeros by sign
    zeros = {
        1.0: " " + double_to_string(0.0, id_width, decimals),
        -1.0: " " + double_to_string(-0.0, id_width, decimals),
    }
    for i, (row, name) in enumerate(zip(np.asarray(matrix, dtype=np.float64).tolist(), class_names, strict=False)):
        cells = []
        for value in row:
            if value == 0:
                cells.append(zeros[math.copysign(1.0, value)])
                continue
            text = texts.get(value)
            if text is None:
                text = texts[value] = " " + double_to_string(value, id_width, decimals)
            cells.append(text)
        lines.append(f"{''.join(cells)} | {short_id(i, id_width)} = {name}\n")
    return "".join(lines)


def _check_printable(matrix: MatrixRows) -> None:
    """A WekaThrowsError where ``toMatrixString`` cannot lay ``matrix`` out (before any text is built)."""
    id_width, fractional = matrix_layout(matrix)
    letters = java_int32(id_width - 3) if fractional else id_width
    if id_width >= 0 and letters >= 0:
        return
    largest = max((-10 * v if v < 0 else v for row in matrix for v in map(float, row)), default=0.0)
    if id_width < 0:
        raise WekaThrowsError(
            f"WEKA's toMatrixString throws {'OutOfMemoryError' if letters >= 0 else 'NegativeArraySizeException'} "
            f"for this matrix: an entry of {largest} makes its columns 1 + Integer.MAX_VALUE characters wide",
            java_exception="OutOfMemoryError" if letters >= 0 else "NegativeArraySizeException",
        )
    raise WekaThrowsError(
        f"WEKA's toMatrixString throws NegativeArraySizeException for this matrix: its largest entry, "
        f"{largest}, and two decimals make each class letter {letters} characters wide",
        java_exception="NegativeArraySizeException",
    )
