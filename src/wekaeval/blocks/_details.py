"""The detailed accuracy by class, in the layout of every WEKA release that printed one.

:class:`ClassDetails` holds its rows (:class:`ClassDetailsRow`), :data:`DETAIL_LAYOUTS` the column sets,
widths and number formats of each era (``Utils.doubleToString`` before 3.8.2, ``String.format("%.3f")``
since), so one object prints what any release printed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from wekaeval.blocks._statistics import DETAIL_STATISTICS
from wekaeval.blocks._summary import json_number
from wekaeval.javamath import double_to_string, java_fixed

#: The columns of the class-details table: field name (python-weka-wrapper3's ``Evaluation`` method
#: for the statistic) and WEKA's header for it, read from :data:`~wekaeval.blocks.STATISTICS`.
DETAIL_COLUMNS: tuple[tuple[str, str], ...] = tuple((s.name, s.header or s.name) for s in DETAIL_STATISTICS)


@dataclass(frozen=True)
class DetailLayout:
    """How one range of WEKA releases prints "Detailed Accuracy By Class".

    Before 3.7.8 each cell is ``Utils.doubleToString(value, 7, 3)`` and a
    separator (``separators``), a fixed set of ``columns``, and a missing
    value prints as ``missing`` says (or as ``NaN``).  From 3.7.8 on
    (``fixed``) each cell is Java's ``String.format("%-N.3f")`` in the JVM's
    locale, left-aligned in ``widths``, any column may be hidden with
    ``-toggle``, and a missing value prints as ``?`` (3.8.2+) or, in the
    columns of ``missing``, as that text and otherwise ``NaN`` (3.7.8-3.8.1).
    ``since``/``before`` bound the releases that print the layout.
    """

    name: str
    since: str | None
    before: str | None
    header_indent: str
    row_indent: str
    weighted_label: str | None
    columns: tuple[str, ...]
    header_cells: dict[str, str]
    fixed: bool = False
    plain_header: str = ""
    widths: dict[str, int] = field(default_factory=dict)
    separators: dict[str, str] = field(default_factory=dict)
    missing: dict[str, str] = field(default_factory=dict)
    question_marks: bool = False

    def header(self, columns: Sequence[str]) -> str:
        cells = "".join(self.header_cells[c] for c in columns) if self.fixed else self.plain_header
        return self.header_indent + cells + "Class"

    def cell(self, value: float | None, column: str, *, weighted: bool = False, separator: str = ".") -> str:
        """One printed cell, with its padding and the separator after it."""
        if self.fixed:
            width = self.widths[column]
            if value is not None:
                return java_fixed(value, 3).replace(".", separator).ljust(width)
            if self.question_marks:
                return "?".ljust(width)
            return self.missing[column] if column in self.missing and not weighted else "NaN".ljust(width)
        if value is None and not weighted and column in self.missing:
            return self.missing[column]
        return double_to_string(math.nan if value is None else value, 7, 3) + self.separators[column]

    def row(self, row: ClassDetailsRow, columns: Sequence[str], separator: str = ".") -> str:
        weighted = row.class_name is None
        cells = "".join(self.cell(getattr(row, c), c, weighted=weighted, separator=separator) for c in columns)
        if weighted:
            return f"{self.weighted_label}{cells}"
        return f"{self.row_indent}{cells}{row.class_name}"


def _doubletostring_layout(
    name: str,
    before: str,
    indents: tuple[int, int],
    header: str,
    cells: str,
    weighted: bool,
    missing: dict[str, str] | None = None,
) -> DetailLayout:
    """A table of ``Utils.doubleToString(v, 7, 3)`` cells: ``cells`` is "column:spaces-after ..." in order."""
    pairs = [item.split(":") for item in cells.split()]
    return DetailLayout(
        name=name,
        since=None if name == "3.4" else name,
        before=before,
        header_indent=" " * indents[0],
        row_indent=" " * indents[1],
        weighted_label="Weighted Avg.  " if weighted else None,
        columns=tuple(column for column, _ in pairs),
        header_cells={},
        plain_header=header,
        separators={column: " " * int(spaces) for column, spaces in pairs},
        missing=missing or {},
    )


_FIXED_WIDTHS = {s.name: s.width or 0 for s in DETAIL_STATISTICS}


_FIXED_HEADERS = {name: title.ljust(_FIXED_WIDTHS[name]) for name, title in DETAIL_COLUMNS}


_OLD_MISSING = {"area_under_roc": "  ?    " + "    ", "area_under_prc": "  ?    " + "    "}


#: WEKA 3.8.2+ (and 3.9.2+): String.format cells, every missing value "?" padded to its column.
_FIXED_LAYOUT = DetailLayout(
    "3.8.2",
    "3.8.2",
    None,
    " " * 17,
    " " * 17,
    "Weighted Avg.    ",
    tuple(name for name, _ in DETAIL_COLUMNS),
    _FIXED_HEADERS,
    fixed=True,
    widths=_FIXED_WIDTHS,
    question_marks=True,
)


#: Every layout of "Detailed Accuracy By Class", newest first; the name is the first release that prints it.
DETAIL_LAYOUTS = {
    "3.8.2": _FIXED_LAYOUT,
    # 3.7.8-3.8.1: NaN where 3.8.2 prints "?", but "?" for a missing MCC (one column short), ROC or PRC area
    "3.7.8": replace(
        _FIXED_LAYOUT,
        name="3.7.8",
        since="3.7.8",
        before="3.8.2",
        question_marks=False,
        missing={
            "matthews_correlation_coefficient": "?       ",
            "area_under_roc": "?         ",
            "area_under_prc": "?         ",
        },
    ),
    "3.7.7": _doubletostring_layout(
        "3.7.7",
        "3.7.8",
        (17, 15),
        "TP Rate  FP Rate  Precision  Recall  F-Measure  MCC    ROC Area  PRC Area  ",
        "true_positive_rate:2 false_positive_rate:2 precision:4 recall:1 f_measure:4 "
        "matthews_correlation_coefficient:0 area_under_roc:3 area_under_prc:5",
        True,
        {
            "matthews_correlation_coefficient": "  ?  " + "   ",
            "area_under_roc": " ?    " + "   ",
            "area_under_prc": "  ?    " + "     ",
        },
    ),
    "3.7.6": _doubletostring_layout(
        "3.7.6",
        "3.7.7",
        (15, 15),
        "TP Rate   FP Rate   Precision   Recall  F-Measure   ROC Area   PRC Area  ",
        "true_positive_rate:3 false_positive_rate:4 precision:3 recall:3 f_measure:4 area_under_roc:4 area_under_prc:4",
        True,
        _OLD_MISSING,
    ),
    "3.6": _doubletostring_layout(
        "3.6",
        "3.7.6",
        (15, 15),
        "TP Rate   FP Rate   Precision   Recall  F-Measure   ROC Area  ",
        "true_positive_rate:3 false_positive_rate:4 precision:3 recall:3 f_measure:4 area_under_roc:4",
        True,
        _OLD_MISSING,
    ),
    "3.5.1": _doubletostring_layout(
        "3.5.1",
        "3.6",
        (0, 0),
        "TP Rate   FP Rate   Precision   Recall  F-Measure   ROC Area  ",
        "true_positive_rate:3 false_positive_rate:4 precision:3 recall:3 f_measure:4 area_under_roc:4",
        False,
        _OLD_MISSING,
    ),
    "3.4": _doubletostring_layout(
        "3.4",
        "3.5.1",
        (0, 0),
        "TP Rate   FP Rate   Precision   Recall  F-Measure   ",
        "true_positive_rate:3 false_positive_rate:4 precision:3 recall:3 f_measure:4",
        False,
    ),
}


@dataclass(frozen=True)
class ClassDetailsRow:
    """One row of "Detailed Accuracy By Class"; ``class_name`` is None for Weighted Avg.

    The fields are named after python-weka-wrapper3's per-class ``Evaluation``
    methods (``area_under_roc`` holds what ``evaluation.area_under_roc(i)``
    gives); the Weighted Avg. row holds the ``weighted_...`` values under the
    same names.  A column that was not printed, or printed as ``?``, is None.
    """

    class_name: str | None
    true_positive_rate: float | None = None
    false_positive_rate: float | None = None
    precision: float | None = None
    recall: float | None = None
    f_measure: float | None = None
    matthews_correlation_coefficient: float | None = None
    area_under_roc: float | None = None
    area_under_prc: float | None = None

    def to_dict(self, columns: Sequence[str]) -> dict[str, Any]:
        return {"class_name": self.class_name, **{name: json_number(getattr(self, name)) for name in columns}}


@dataclass(frozen=True)
class ClassDetails:
    """The "Detailed Accuracy By Class" table: one row per class, then Weighted Avg.

    ``columns`` names the printed columns in order (``-toggle`` can hide
    some).  ``weighted_avg`` is None in WEKA 3.5's table, which has no such
    row.  ``layout`` names the version's layout (:data:`DETAIL_LAYOUTS`) and
    ``decimal_separator`` is the one the JVM's locale printed (``,`` in de,
    fr, pt_BR, tr, ...); the numbers themselves are plain floats.
    """

    columns: tuple[str, ...]
    rows: tuple[ClassDetailsRow, ...]
    weighted_avg: ClassDetailsRow | None
    layout: str = "3.8.2"
    decimal_separator: str = "."

    @property
    def class_names(self) -> tuple[str, ...]:
        return tuple(row.class_name for row in self.rows if row.class_name is not None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "columns": list(self.columns),
            "rows": [row.to_dict(self.columns) for row in self.rows],
            "weighted_avg": None if self.weighted_avg is None else self.weighted_avg.to_dict(self.columns),
            "layout": self.layout,
        }

    def to_text(self) -> str:
        """The table as WEKA printed it, after the title and its blank line."""
        layout = DETAIL_LAYOUTS[self.layout]
        rows = [*self.rows] + ([self.weighted_avg] if self.weighted_avg is not None else [])
        lines = [layout.header(self.columns)]
        lines += [layout.row(row, self.columns, self.decimal_separator) for row in rows]
        return "".join(line + "\n" for line in lines)
