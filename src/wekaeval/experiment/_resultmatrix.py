"""The state of WEKA's Experimenter result matrices (``weka.experiment.ResultMatrix``) and their cells.

A result matrix holds what the Experimenter's tester (``PairedTTester``) computed -- rows are datasets,
columns result sets (schemes): names, counts, means, std devs, significances, what is hidden, the
order, the layout options, a header, a summary and a ranking.  :mod:`wekaeval.experiment`
prints it as WEKA does: plain text (the Experimenter's default), LaTeX, CSV, HTML, significance only
and GnuPlot.

>>> from wekaeval.experiment import ResultMatrixPlainText
>>> m = ResultMatrixPlainText(2, 2)
>>> m.set_col_name(0, "trees.J48"); m.set_col_name(1, "bayes.NaiveBayes")
>>> m.set_row_name(0, "iris"); m.set_row_name(1, "labor")
>>> for row, (a, b) in enumerate([(94.73, 95.53), (78.6, 93.57)]):
...     m.set_count(row, 100); m.set_mean(0, row, a); m.set_mean(1, row, b)
>>> m.set_significance(1, 1, SIGNIFICANCE_WIN)
>>> print(m.to_string_matrix(), end="")  # doctest: +NORMALIZE_WHITESPACE
Dataset                   (1) trees.J4 | (2) bayes
--------------------------------------------------
iris                     (100)   94.73 |   95.53
labor                    (100)   78.60 |   93.57 v
--------------------------------------------------
                               (v/ /*) |   (1/1/0)

Every ``to_string_*`` method returns what WEKA's ``toString*`` returns, quirks included (the column
names above are cut by the line's width; the count column truncates ``(1000)`` to ``(1000``).  The
setters behave as WEKA's: a negative width or precision is ignored, and ``print_col_names = False``
turns ``enumerate_col_names`` on.  Where WEKA throws while rendering (every column hidden, no header
entry), :class:`ResultMatrixError` is raised.  Names are measured in characters, as Java measures
them for text without characters outside the Basic Multilingual Plane.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import NamedTuple, TypeVar

from wekaeval.experiment._matrixoptions import (
    FLAG_OPTIONS,
    INT_OPTIONS,
    NonNegative,
    ResultMatrixError,
    get_option,
    parse_int,
    permutation,
)
from wekaeval.javamath import decimal_format, java_divide, java_trim

_Matrix = TypeVar("_Matrix", bound="ResultMatrix")


SIGNIFICANCE_TIE = 0


SIGNIFICANCE_WIN = 1


SIGNIFICANCE_LOSS = 2


_JAVA_DOT = re.compile("[^\n\r\u0085\u2028\u2029]")  # a regex "." in Java: anything but a line terminator


_FILTER_SUFFIXES = [
    re.compile(rf"-{prefix}\.{_JAVA_DOT.pattern}*") for prefix in (r"weka\.filters", "unsupervised", "supervised")
]


def _trim(text: str, length: int) -> str:
    """``ResultMatrix.trimString``: cut to ``length`` when that is positive."""
    return text[:length] if 0 < length < len(text) else text


class _Summary(NamedTuple):
    """``setSummary``'s counts per pair of result sets ``[i][j]``: datasets where ``j`` beats ``i``."""

    non_sig_wins: list[list[int]]  # every win
    wins: list[list[int]]  # the significant ones


class _Ranking(NamedTuple):
    """``setRanking``'s counts per result set."""

    wins: list[int]
    losses: list[int]
    diff: list[int]  # wins minus losses


class ResultMatrix:
    """The state of WEKA's ``ResultMatrix`` -- contents, layout options, header, summary, ranking.

    ``ResultMatrixX(cols, rows)`` is WEKA's ``new ResultMatrixX(cols, rows)``: names ``col0``...,
    ``row0``..., every mean NaN (no value), the format's defaults (the ``default_*`` class attributes).
    A subclass renders it; :meth:`from_matrix` is WEKA's copy constructor.

    >>> m = ResultMatrix(3, 2)
    >>> m.col_count, m.row_count, m.get_col_name(2), m.mean_prec, m.row_name_width
    (3, 2, '(3) col2', 2, 0)
    >>> m.mean_prec = -1; m.mean_prec  # ignored, as in WEKA
    2
    """

    display_name = "Result matrix"
    default_mean_prec = default_std_dev_prec = 2
    default_col_name_width = default_row_name_width = default_count_width = 0
    default_mean_width = default_std_dev_width = default_significance_width = 0
    default_show_std_dev = default_show_average = default_remove_filter_name = False
    default_print_col_names = default_print_row_names = default_enumerate_col_names = True
    default_enumerate_row_names = False
    #: The strings ``clear()`` sets after WEKA's defaults (the formats' own ``clear()`` overrides).
    clear_strings: dict[str, str] = {}

    # The options: the fields behind the properties and NonNegative setters, and the plain ones; clear() sets
    # each from its default_* class attribute.
    _mean_prec: int
    _std_dev_prec: int
    _col_name_width: int
    _row_name_width: int
    _mean_width: int
    _std_dev_width: int
    _significance_width: int
    _count_width: int
    _show_std_dev: bool
    _print_col_names: bool
    _print_row_names: bool
    show_average: bool
    remove_filter_name: bool
    enumerate_col_names: bool
    enumerate_row_names: bool
    # The contents, set by set_size(), and header, summary and ranking.
    _col_names: list[str]
    _row_names: list[str]
    _counts: list[float]
    _col_hidden: list[bool]
    _row_hidden: list[bool]
    _mean: list[list[float]]
    _std_dev: list[list[float]]
    _significance: list[list[int]]
    _col_order: list[int] | None
    _row_order: list[int] | None
    _header: dict[str, str]
    _summary: _Summary | None
    _ranking: _Ranking | None

    mean_prec = NonNegative()
    std_dev_prec = NonNegative()
    col_name_width = NonNegative()
    row_name_width = NonNegative()
    mean_width = NonNegative()
    std_dev_width = NonNegative()
    significance_width = NonNegative()
    count_width = NonNegative()

    def __init__(self, cols: int = 1, rows: int = 1) -> None:
        self.tie_string, self.win_string, self.loss_string = " ", "v", "*"
        self.left_parentheses, self.right_parentheses = "(", ")"
        self.set_size(cols, rows)
        self.clear()

    @classmethod
    def from_matrix(cls: type[_Matrix], matrix: ResultMatrix) -> _Matrix:
        """WEKA's copy constructor ``new ResultMatrixX(matrix)``: :meth:`assign`, and a column name width of 0."""
        copy = cls(matrix.col_count, matrix.row_count)
        copy.assign(matrix)
        copy._col_name_width = 0  # assign() does not copy it and the copy constructor leaves Java's 0
        return copy

    def assign(self, matrix: ResultMatrix) -> None:
        """``assign``: take ``matrix``'s size, strings, options (all but the column name width) and contents."""
        self.set_size(matrix.col_count, matrix.row_count)
        for name in (
            "tie_string",
            "win_string",
            "loss_string",
            "left_parentheses",
            "right_parentheses",
            "_mean_prec",
            "_std_dev_prec",
            "_show_std_dev",
            "show_average",
            "_print_col_names",
            "_print_row_names",
            "enumerate_col_names",
            "enumerate_row_names",
            "_row_name_width",
            "_mean_width",
            "_std_dev_width",
            "_significance_width",
            "_count_width",
            "remove_filter_name",
            "_header",
            "_col_names",
            "_row_names",
            "_col_hidden",
            "_row_hidden",
            "_counts",
        ):
            value = getattr(matrix, name)
            setattr(self, name, value.copy() if isinstance(value, (list, dict)) else value)
        self._mean = [row.copy() for row in matrix._mean]
        self._std_dev = [row.copy() for row in matrix._std_dev]
        self._significance = [row.copy() for row in matrix._significance]
        if matrix._summary is not None:
            self.set_summary(matrix._summary.non_sig_wins, matrix._summary.wins)
        if matrix._ranking is not None:
            self._ranking = _Ranking(
                matrix._ranking.wins.copy(), matrix._ranking.losses.copy(), matrix._ranking.diff.copy()
            )

    def clear(self) -> None:
        """``clear``: every option back to the format's default, the contents emptied (size kept)."""
        for name in (
            "mean_prec",
            "std_dev_prec",
            "show_std_dev",
            "print_col_names",
            "print_row_names",
            "row_name_width",
            "col_name_width",
            "mean_width",
            "std_dev_width",
            "significance_width",
            "count_width",
        ):
            setattr(self, "_" + name, getattr(self, "default_" + name))  # the fields, not the setters
        self.show_average = self.default_show_average
        self.remove_filter_name = self.default_remove_filter_name
        self.enumerate_col_names = self.default_enumerate_col_names
        self.enumerate_row_names = self.default_enumerate_row_names
        self.set_size(self.col_count, self.row_count)
        for name, value in self.clear_strings.items():
            setattr(self, name, value)

    def set_size(self, cols: int, rows: int) -> None:
        """``setSize``: a fresh ``cols`` x ``rows`` matrix; clears header, summary, ranking and orders."""
        self._col_names = [f"col{i}" for i in range(cols)]
        self._row_names = [f"row{i}" for i in range(rows)]
        self._counts = [0.0] * rows
        self._col_hidden = [False] * cols
        self._row_hidden = [False] * rows
        self._mean = [[math.nan] * cols for _ in range(rows)]  # NaN: no value
        self._std_dev = [[0.0] * cols for _ in range(rows)]
        self._significance = [[SIGNIFICANCE_TIE] * cols for _ in range(rows)]
        self._col_order = None
        self._row_order = None
        self.clear_header()
        self.clear_summary()
        self.clear_ranking()

    # -- options with side effects --------------------------------------------------------------

    @property
    def show_std_dev(self) -> bool:
        """Whether the standard deviations are printed."""
        return self._show_std_dev

    @show_std_dev.setter
    def show_std_dev(self, show: bool) -> None:
        self._show_std_dev = bool(show)

    @property
    def print_col_names(self) -> bool:
        """Whether columns are printed with their names; ``False`` also turns ``enumerate_col_names`` on."""
        return self._print_col_names

    @print_col_names.setter
    def print_col_names(self, show: bool) -> None:
        self._print_col_names = bool(show)
        if not show:
            self.enumerate_col_names = True

    @property
    def print_row_names(self) -> bool:
        """Whether rows are printed with their names; ``False`` also turns ``enumerate_row_names`` on."""
        return self._print_row_names

    @print_row_names.setter
    def print_row_names(self, show: bool) -> None:
        self._print_row_names = bool(show)
        if not show:
            self.enumerate_row_names = True

    def get_options(self) -> list[str]:
        """``getOptions``: the options as WEKA's command line writes them (``-mean-prec 2 ...``)."""
        options = [item for flag, name in INT_OPTIONS for item in ("-" + flag, str(getattr(self, name)))]
        return options + ["-" + flag for flag, name in FLAG_OPTIONS if getattr(self, name)]

    def set_options(self, options: Sequence[str]) -> None:
        """``setOptions``, with its slip: ``-count-width`` (or its default) sets the std dev precision.

        >>> m = ResultMatrix()
        >>> m.set_options(["-mean-prec", "3", "-count-width", "7", "-show-stddev"])
        >>> m.mean_prec, m.std_dev_prec, m.count_width, m.show_std_dev, m.print_col_names, m.enumerate_row_names
        (3, 7, 0, True, False, True)
        """
        options = list(options)
        for flag, name in INT_OPTIONS:
            value = get_option(flag, options)
            target = "std_dev_prec" if name == "count_width" else name  # WEKA's setOptions does this
            setattr(self, target, parse_int(value) if value else getattr(self, "default_" + name))
        for flag, name in FLAG_OPTIONS[:3] + FLAG_OPTIONS[5:] + FLAG_OPTIONS[3:5]:  # WEKA's order
            setattr(self, name, get_option(flag, options, flag_only=True))

    # -- the contents -------------------------------------------------------------------------

    @property
    def col_count(self) -> int:
        """The number of columns (result sets), hidden ones included."""
        return len(self._col_names)

    @property
    def row_count(self) -> int:
        """The number of rows (datasets), hidden ones included."""
        return len(self._row_names)

    @property
    def visible_col_count(self) -> int:
        """The number of columns not hidden."""
        return self._col_hidden.count(False)

    @property
    def visible_row_count(self) -> int:
        """The number of rows not hidden."""
        return self._row_hidden.count(False)

    def _col_ok(self, index: int) -> bool:
        return 0 <= index < self.col_count

    def _row_ok(self, index: int) -> bool:
        return 0 <= index < self.row_count

    def set_col_name(self, index: int, name: str) -> None:
        """The name of column ``index`` (ignored out of range, as in WEKA)."""
        if self._col_ok(index):
            self._col_names[index] = name

    def get_col_name(self, index: int) -> str | None:
        """``getColName``: the name as printed, ``(2) name`` when enumerating; None out of range."""
        if not self._col_ok(index):
            return None
        return self._display_name(index, self._col_names, self.print_col_names, self.enumerate_col_names)

    def set_row_name(self, index: int, name: str) -> None:
        """The name of row ``index`` (ignored out of range)."""
        if self._row_ok(index):
            self._row_names[index] = name

    def get_row_name(self, index: int) -> str | None:
        """``getRowName``: the name as printed, ``(2) name`` when enumerating; None out of range."""
        if not self._row_ok(index):
            return None
        return self._display_name(index, self._row_names, self.print_row_names, self.enumerate_row_names)

    def _display_name(self, index: int, names: list[str], show: bool, enumerate_names: bool) -> str:
        name = names[index] if show else ""
        if enumerate_names:
            name = java_trim(f"{self.left_parentheses}{index + 1}{self.right_parentheses} {name}")
        return name

    def set_col_hidden(self, index: int, hidden: bool) -> None:
        """Hide (or show) column ``index``."""
        if self._col_ok(index):
            self._col_hidden[index] = bool(hidden)

    def get_col_hidden(self, index: int) -> bool:
        """Whether column ``index`` is hidden (False out of range)."""
        return self._col_ok(index) and self._col_hidden[index]

    def set_row_hidden(self, index: int, hidden: bool) -> None:
        """Hide (or show) row ``index``."""
        if self._row_ok(index):
            self._row_hidden[index] = bool(hidden)

    def get_row_hidden(self, index: int) -> bool:
        """Whether row ``index`` is hidden (False out of range)."""
        return self._row_ok(index) and self._row_hidden[index]

    def set_count(self, index: int, count: float) -> None:
        """The number of results behind row ``index`` (PlainText prints it as ``(10)``)."""
        if self._row_ok(index):
            self._counts[index] = float(count)

    def get_count(self, index: int) -> float:
        """The count of row ``index`` (0 out of range)."""
        return self._counts[index] if self._row_ok(index) else 0.0

    def set_mean(self, col: int, row: int, value: float) -> None:
        """The mean of column ``col`` on row ``row``; NaN means no value (an empty cell)."""
        if self._col_ok(col) and self._row_ok(row):
            self._mean[row][col] = float(value)

    def get_mean(self, col: int, row: int) -> float:
        """The mean at ``(col, row)`` (0 out of range)."""
        return self._mean[row][col] if self._col_ok(col) and self._row_ok(row) else 0.0

    def get_average(self, col: int) -> float:
        """``getAverage``: the mean of column ``col``'s values over every row, hidden ones too."""
        if not self._col_ok(col):
            return 0.0
        values = [self._mean[row][col] for row in range(self.row_count) if not math.isnan(self._mean[row][col])]
        total = 0.0
        for value in values:  # in order, as Java adds
            total += value
        return java_divide(total, float(len(values)))

    def set_std_dev(self, col: int, row: int, value: float) -> None:
        """The standard deviation at ``(col, row)``."""
        if self._col_ok(col) and self._row_ok(row):
            self._std_dev[row][col] = float(value)

    def get_std_dev(self, col: int, row: int) -> float:
        """The standard deviation at ``(col, row)`` (0 out of range)."""
        return self._std_dev[row][col] if self._col_ok(col) and self._row_ok(row) else 0.0

    def set_significance(self, col: int, row: int, value: int) -> None:
        """``SIGNIFICANCE_TIE``, ``_WIN`` (printed ``v``) or ``_LOSS`` (``*``) at ``(col, row)``."""
        if value not in (SIGNIFICANCE_TIE, SIGNIFICANCE_WIN, SIGNIFICANCE_LOSS):
            raise ResultMatrixError(f"significance must be 0 (tie), 1 (win) or 2 (loss), not {value!r}")
        if self._col_ok(col) and self._row_ok(row):
            self._significance[row][col] = value

    def get_significance(self, col: int, row: int) -> int:
        """The significance at ``(col, row)`` (a tie out of range)."""
        return self._significance[row][col] if self._col_ok(col) and self._row_ok(row) else SIGNIFICANCE_TIE

    def get_significance_count(self, col: int, kind: int) -> int:
        """How many visible rows with a value have significance ``kind`` in column ``col``."""
        if not self._col_ok(col):
            return 0
        return sum(
            1
            for row in range(self.row_count)
            if not self._row_hidden[row]
            and not math.isnan(self._mean[row][col])
            and self._significance[row][col] == kind
        )

    @property
    def row_order(self) -> tuple[int, ...] | None:
        """The order rows are printed in (a permutation of the row indexes), or None: as they are."""
        return None if self._row_order is None else tuple(self._row_order)

    @row_order.setter
    def row_order(self, order: Sequence[int] | None) -> None:
        self._row_order = permutation(order, self.row_count, "row_order")

    @property
    def col_order(self) -> tuple[int, ...] | None:
        """The order columns are printed in (a permutation of the column indexes), or None."""
        return None if self._col_order is None else tuple(self._col_order)

    @col_order.setter
    def col_order(self, order: Sequence[int] | None) -> None:
        self._col_order = permutation(order, self.col_count, "col_order")

    def get_display_row(self, index: int) -> int:
        """The row printed at position ``index`` (-1 out of range)."""
        if not self._row_ok(index):
            return -1
        return index if self._row_order is None else self._row_order[index]

    def get_display_col(self, index: int) -> int:
        """The column printed at position ``index`` (-1 out of range)."""
        if not self._col_ok(index):
            return -1
        return index if self._col_order is None else self._col_order[index]

    # -- header, summary, ranking -----------------------------------------------------------------

    def clear_header(self) -> None:
        """Remove every header entry."""
        self._header = {}

    def add_header(self, key: str, value: str) -> None:
        """Add a header line ``key: value``; an existing key keeps its place and takes the new value."""
        self._header[key] = value

    @property
    def headers(self) -> dict[str, str]:
        """A copy of the header entries, in order (WEKA's ``getHeader`` returns the key, not the value)."""
        return dict(self._header)

    def clear_summary(self) -> None:
        """Forget the summary (:meth:`to_string_summary` then says so)."""
        self._summary = None

    def set_summary(self, non_sig_wins: Sequence[Sequence[int]], wins: Sequence[Sequence[int]]) -> None:
        """``setSummary``: per pair of result sets ``[i][j]``, the datasets where ``j`` beats ``i``.

        ``non_sig_wins`` counts every win, ``wins`` the significant ones; the shape is ``non_sig_wins``'s.
        """
        shape = range(len(non_sig_wins)), range(len(non_sig_wins[0]))
        self._summary = _Summary(
            [[int(non_sig_wins[i][j]) for j in shape[1]] for i in shape[0]],
            [[int(wins[i][j]) for j in shape[1]] for i in shape[0]],
        )

    def clear_ranking(self) -> None:
        """Forget the ranking (:meth:`to_string_ranking` then says so)."""
        self._ranking = None

    def set_ranking(self, wins: Sequence[Sequence[int]]) -> None:
        """``setRanking``: from the significant wins ``[i][j]`` (``j`` beats ``i``), wins and losses per set."""
        size = len(wins)
        ranking = self._ranking = _Ranking([0] * size, [0] * size, [0] * size)
        for i in range(size):
            for j, won in enumerate(wins[i]):
                ranking.wins[j] += int(won)
                ranking.diff[j] += int(won)
                ranking.losses[i] += int(won)
                ranking.diff[i] -= int(won)

    def _remove_filter_name(self, name: str) -> str:
        """``removeFilterName``: with ``remove_filter_name``, drop ``-weka.filters.`` and what follows."""
        if self.remove_filter_name:
            for pattern in _FILTER_SUFFIXES:
                name = pattern.sub("", name)
        return name

    def _visible_cols(self) -> list[int]:
        return [i for i in range(self.col_count) if not self._col_hidden[i]]

    # -- the cells ----------------------------------------------------------------------------

    def _number(self, value: float, prec: int) -> str:
        """``ResultMatrix.doubleToString``: ``Utils.doubleToString`` with the fraction padded with zeros."""
        text = decimal_format(value, prec)
        if prec <= 0 or math.isinf(value) or math.isnan(value):
            return text
        if "." not in text:
            text += "."
        return text + "0" * (prec - (len(text) - text.index(".") - 1))

    def to_array(self) -> list[list[str]]:
        """``toArray``: the cells -- a header row, a row per visible dataset, the average, ``(v/ /*)``.

        Each visible column gives a mean, a std dev (if shown) and a significance cell; the base
        (first printed) column has no significance cell.
        """
        if self.visible_col_count == 0:
            raise ResultMatrixError("every column is hidden: WEKA's toArray throws ArrayIndexOutOfBoundsException")
        per_col = 3 if self.show_std_dev else 2
        cols = [self.get_display_col(i) for i in range(self.col_count)]
        cols = [i for i in cols if not self.get_col_hidden(i)]
        rows = [self.get_display_row(i) for i in range(self.row_count)]
        rows = [i for i in rows if not self.get_row_hidden(i)]
        blank = [""] * (per_col - 1)
        header = [_trim("Dataset", self.row_name_width)]
        for i in cols:
            col_name = self.get_col_name(i)
            assert col_name is not None  # None only out of range
            header += [_trim(self._remove_filter_name(col_name), self.col_name_width)] + blank
        result = [header]
        symbols = {
            SIGNIFICANCE_TIE: self.tie_string,
            SIGNIFICANCE_WIN: self.win_string,
            SIGNIFICANCE_LOSS: self.loss_string,
        }
        for row in rows:
            row_name = self.get_row_name(row)
            assert row_name is not None  # None only out of range
            line = [_trim(self._remove_filter_name(row_name), self.row_name_width)]
            for col in cols:
                mean = self.get_mean(col, row)
                if math.isnan(mean):
                    line += [""] * per_col
                    continue
                line.append(self._number(mean, self.mean_prec))
                if self.show_std_dev:
                    std_dev = self.get_std_dev(col, row)
                    line.append("Inf" if math.isinf(std_dev) else self._number(std_dev, self.std_dev_prec))
                line.append(symbols[self.get_significance(col, row)])
            result.append(line)
        if self.show_average:
            result.append(
                ["Average"]
                + [cell for i in cols for cell in [self._number(self.get_average(i), self.mean_prec)] + blank]
            )
        left, right = self.left_parentheses, self.right_parentheses
        footer = [f"{left}{self.win_string}/{self.tie_string}/{self.loss_string}{right}"]
        for i in cols:
            counts = [
                self.get_significance_count(i, kind) for kind in (SIGNIFICANCE_WIN, SIGNIFICANCE_TIE, SIGNIFICANCE_LOSS)
            ]
            footer += [""] * (per_col - 1) + [left + "/".join(map(str, counts)) + right]
        result.append(footer)
        base_significance = per_col  # the first column's significance cell goes
        return [line[:base_significance] + line[base_significance + 1 :] for line in result]
