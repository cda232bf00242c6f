"""Does a WEKA report agree with itself?  Recompute each summary from its confusion matrix.

(A numeric class's summary has no matrix: only its unclassified percentage can
be recomputed, from the unclassified and total counts.)

WEKA prints the counts, percentages and kappa of an evaluation, then its
confusion matrix.  The matrix fixes the others: the diagonal is the correct
weight, the rest the incorrect weight, and kappa follows from the row and
column sums -- and so do the lines of the wekaevalKappa package (its standard
error, interval, z and PABAK, :func:`wekaeval.kappa_stats`' definitions).
:func:`check_section` recomputes them with wekaeval's port and reports every
printed value that the matrix contradicts -- a hand-edited or damaged log
shows up here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from wekaeval.blocks._shared import PLUGIN_LINE
from wekaeval.evaluation import kappa, kappa_stats
from wekaeval.evaluation._shared import WEKA_PACKAGE_LINES
from wekaeval.javamath import decimal_format, normal_inverse, old_decimal_format

if TYPE_CHECKING:
    from wekaeval.blocks import Summary
    from wekaeval.blocks._shared import Section


#: Half a unit in the last place of WEKA's four-decimal summary values.
_SUMMARY_ROUNDING = 0.00005


@dataclass(frozen=True)
class Inconsistency:
    """A printed value that its section's confusion matrix (or other printed numbers, ``basis``) contradicts."""

    section: str
    line: int
    field: str
    printed: float | str | None
    expected: str
    basis: str = "the confusion matrix gives"

    def __str__(self) -> str:
        where = f"line {self.line} ({self.section})"
        return f"{where}: {self.field} is {self.printed}, {self.basis} {self.expected}"


#: ``Utils.doubleToString`` of each era: "new" since WEKA 3.7.13, "old" before.
_ROUNDINGS = {"new": decimal_format, "old": old_decimal_format}


def check_section(section: Section, roundings: tuple[str, ...] = ("new",)) -> list[Inconsistency]:
    """The printed values of ``section`` that its confusion matrix contradicts.

    A matrix of whole counts (whole entries, and whole correct, incorrect and
    total counts in the summary) is taken as exact: kappa, the counts and the
    percentages are recomputed with WEKA's arithmetic and must print as WEKA
    printed them, digit for digit, in one of ``roundings`` (``"new"``:
    WEKA 3.7.13+, ``"old"``: before).  Otherwise the entries are rounded
    weighted sums, known only to within their rounding (0.005 with two
    decimals, 0.5 as integers); then a printed value is reported only when no
    matrix within those bounds could give it.
    """
    summary, printed = section.summary, section.confusion_matrix
    if summary is None:
        return []
    if printed is None:  # a numeric class: only the unclassified percentage follows from other printed numbers
        return _unclassified_share(section, summary, roundings)
    found = _class_detail_names(section)
    matrix = printed.matrix
    unclassified = summary.unclassified or 0.0
    whole = [summary.correct, summary.incorrect, summary.num_instances, unclassified]
    exact = not printed.fractional and all(v is not None and float(v).is_integer() for v in whole)
    if exact and not _counts_agree(matrix, summary, unclassified):
        exact = False  # whole-looking cells of weighted sums: toMatrixString prints 1.5 as "2"
    shown_values = {name: getattr(summary, name) for name in _SUMMARY_FIELDS}
    shown_values.update((label, summary.plugin_metrics.get(label)) for label in WEKA_PACKAGE_LINES)
    if exact:
        expected = _exact_values(matrix, unclassified)
        for name, value in expected.items():
            shown = shown_values.get(name)
            if math.isnan(value) or (shown is not None and math.isnan(shown)):
                # A 0/0 (Kappa z of a one-row matrix): cells that print whole may hide weights (4.999999999999999
                # prints "5") that turn a NaN into a number or back; neither side contradicts the other.
                continue
            texts = [_ROUNDINGS[kind](value, 4) for kind in roundings]
            if shown is not None and not any(_same(shown, float(text)) for text in texts):
                found.append(_inconsistency(section, name, shown, " or ".join(dict.fromkeys(texts))))
    else:
        half_width = 0.005 if printed.fractional else 0.5
        for name, (low, high) in _bounded_values(summary, matrix, half_width, unclassified).items():
            shown = shown_values.get(name)
            if shown is None or low is None or high is None or math.isnan(shown):
                continue
            if not _within(shown, (low, high)):
                found.append(_inconsistency(section, name, shown, f"between {low:.4f} and {high:.4f}"))
    return sorted(found, key=lambda inconsistency: inconsistency.line)


#: What :func:`check_section` recomputes in a section (:func:`checked_in`): its confusion matrix's counts, kappa
#: and percentages, or (a numeric class, or a summary printed without its matrix) only the unclassified percentage.
MATRIX, UNCLASSIFIED = "confusion matrix", "unclassified percentage"


def checked_in(section: Section) -> str | None:
    """What :func:`check_section` recomputes in ``section``: :data:`MATRIX`, :data:`UNCLASSIFIED`, or None (nothing:
    no summary, or a summary whose numbers no other printed number fixes -- a numeric class's errors).

    >>> from wekaeval.blocks import Summary
    >>> from wekaeval.blocks._shared import Section
    >>> numeric = Summary(mean_absolute_error=0.5, num_instances=9.0, lines=("mean_absolute_error", "num_instances"))
    >>> checked_in(Section("Cross-validation", "Cross-validation", 1, summary=numeric)) is None
    True
    """
    summary = section.summary
    if summary is None:
        return None
    if section.confusion_matrix is not None:
        return MATRIX
    return UNCLASSIFIED if _unclassified_counts(summary) is not None else None


def _counts_agree(matrix: np.ndarray, summary: Summary, unclassified: float) -> bool:
    """Whether the printed counts are the matrix's own sums (they are when its cells are whole counts).

    ``Evaluation.toMatrixString`` prints a matrix without decimals when no cell's ``x - Math.rint(x)`` reaches
    0.01 -- a negative difference never does, so 1.5 (``rint`` 2) prints as ``2``: printed cells are then not
    the weights, and their sums overshoot the correct and total counts WEKA prints to four decimals.
    """
    correct, total = summary.correct, summary.num_instances
    return (
        correct is not None
        and total is not None
        and float(np.trace(matrix)) == correct
        and float(matrix.sum()) + unclassified == total
    )


def _within(shown: float, bounds: tuple[float, float]) -> bool:
    """Whether ``shown`` (printed to four decimals) may lie between ``bounds``."""
    low, high = bounds
    return not (shown + _SUMMARY_ROUNDING < low or shown - _SUMMARY_ROUNDING > high)


_SUMMARY_FIELDS = (
    "correct",
    "percent_correct",
    "incorrect",
    "percent_incorrect",
    "kappa",
    "num_instances",
    "percent_unclassified",
)


def _same(shown: float, expected: float) -> bool:
    return shown == expected or (math.isnan(shown) and math.isnan(expected))


def _unclassified_counts(summary: Summary) -> tuple[float, float, float] | None:
    """The printed unclassified percentage, count and total, when the counts are whole and the total not 0."""
    shown, unclassified, total = summary.percent_unclassified, summary.unclassified, summary.num_instances
    if (
        shown is None
        or unclassified is None
        or not total
        or not (float(unclassified).is_integer() and float(total).is_integer())
    ):
        return None
    return shown, unclassified, total


def _unclassified_share(section: Section, summary: Summary, roundings: tuple[str, ...]) -> list[Inconsistency]:
    """Without a matrix: ``100 * unclassified / total`` when both are printed as whole counts."""
    counts = _unclassified_counts(summary)
    if counts is None:
        return []
    shown, unclassified, total = counts
    printed = [_ROUNDINGS[kind](100 * unclassified / total, 4) for kind in roundings]
    if all(shown != float(text) for text in printed):
        found = _inconsistency(section, "percent_unclassified", shown, " or ".join(dict.fromkeys(printed)))
        return [replace(found, basis="the unclassified and total counts give")]
    return []


def _exact_values(matrix: np.ndarray, unclassified: float) -> dict[str, float]:
    """WEKA's summary values of a matrix of whole counts (exact in any summation order)."""
    total = float(matrix.sum()) + unclassified
    correct = float(np.trace(matrix))
    incorrect = float(matrix.sum()) - correct
    values = {
        "correct": correct,
        "incorrect": incorrect,
        "kappa": kappa(matrix),
        "num_instances": total,
    }
    if not (matrix < 0).any():  # kappa_stats takes counts; WEKA's negative weights have no standard error
        stats = kappa_stats(matrix)
        values.update((label, getattr(stats, field)) for label, field in WEKA_PACKAGE_LINES.items())
    if total > 0:
        values["percent_correct"] = 100 * correct / total
        values["percent_incorrect"] = 100 * incorrect / total
        if unclassified:
            values["percent_unclassified"] = 100 * unclassified / total
    return values


_Interval = tuple[float, float]


def _bounded_values(
    summary: Summary, matrix: np.ndarray, half_width: float, unclassified: float
) -> dict[str, tuple[float | None, float | None]]:
    """Lowest and highest value of each statistic over every matrix within ``half_width`` of the printed one."""
    k = len(matrix)
    total_matrix = _widen(float(matrix.sum()), k * k * half_width)
    correct = _widen(float(np.trace(matrix)), k * half_width)
    incorrect = _sub(total_matrix, correct)
    total = (total_matrix[0] + unclassified, total_matrix[1] + unclassified)
    values: dict[str, tuple[float | None, float | None]] = {
        "correct": correct,
        "incorrect": incorrect,
        "num_instances": total,
        "kappa": _kappa_bounds(matrix, half_width),
        **_kappa_package_bounds(matrix, half_width),
    }
    printed_total = summary.num_instances
    if printed_total is not None and printed_total - _SUMMARY_ROUNDING > 0:
        shown_total = _widen(printed_total, _SUMMARY_ROUNDING)
        for name, count in (("percent_correct", "correct"), ("percent_incorrect", "incorrect")):
            shown = getattr(summary, count)
            if shown is not None:
                values[name] = _scale(_div(_widen(shown, _SUMMARY_ROUNDING), shown_total), 100)
    return values


def _kappa_bounds(matrix: np.ndarray, half_width: float) -> tuple[float | None, float | None]:
    """Bounds of kappa = (N*D - S) / (N*N - S) by interval arithmetic; None when unbounded."""
    k = len(matrix)
    rows = [_widen(float(v), k * half_width) for v in matrix.sum(axis=1)]
    columns = [_widen(float(v), k * half_width) for v in matrix.sum(axis=0)]
    n = _widen(float(matrix.sum()), k * k * half_width)
    d = _widen(float(np.trace(matrix)), k * half_width)
    s = (0.0, 0.0)
    for row, column in zip(rows, columns, strict=False):
        s = _add(s, _mul(row, column))
    denominator = _sub(_mul(n, n), s)
    if denominator[0] <= 0:  # chance agreement may reach 1, where WEKA's kappa is 1 by rule
        return None, None
    return _div(_sub(_mul(n, d), s), denominator)


def _kappa_package_bounds(matrix: np.ndarray, half_width: float) -> dict[str, tuple[float, float]]:
    """Bounds of the wekaevalKappa package's statistics over every matrix within ``half_width`` of ``matrix``.

    kappa_stats' formulas (Fleiss-Cohen-Everitt, simple kappa) in interval arithmetic: each cell, margin and
    the total widened by its rounding; wide where the same cell enters twice, but never too narrow.
    """
    k = len(matrix)
    n = _widen(float(matrix.sum()), k * k * half_width)
    if n[0] <= 0:
        return {}
    inverse_n = (1 / n[1], 1 / n[0])
    po = _mul(_widen(float(np.trace(matrix)), k * half_width), inverse_n)
    bounds: dict[str, tuple[float, float]] = {}
    if k > 1:
        bounds["PABAK"] = _scale(_add(_scale(po, k), (-1.0, -1.0)), 1 / (k - 1))
    kappa_low, kappa_high = _kappa_bounds(matrix, half_width)
    if kappa_low is None or kappa_high is None:
        return bounds
    kappa_bounds = (kappa_low, kappa_high)
    p = [[_mul(_widen(float(cell), half_width), inverse_n) for cell in row] for row in matrix]
    r = [_mul(_widen(float(v), k * half_width), inverse_n) for v in matrix.sum(axis=1)]
    c = [_mul(_widen(float(v), k * half_width), inverse_n) for v in matrix.sum(axis=0)]
    pe = (0.0, 0.0)
    for row_share, column_share in zip(r, c, strict=False):
        pe = _add(pe, _mul(row_share, column_share))
    one_minus_pe = _sub((1.0, 1.0), pe)
    if one_minus_pe[0] <= 0:
        return bounds
    one_minus = _sub((1.0, 1.0), kappa_bounds)
    denominator = _mul(_square(one_minus_pe), n)
    term, term_h0 = (0.0, 0.0), (0.0, 0.0)
    for i in range(k):
        for j in range(k):
            weight = (1.0, 1.0) if i == j else (0.0, 0.0)
            # For the identity weights, kappa_stats' w_row[i] is c[i] and w_col[j] is r[j].
            margins = _add(c[i], r[j])
            term = _add(term, _mul(p[i][j], _square(_sub(weight, _mul(margins, one_minus)))))
            term_h0 = _add(term_h0, _mul(_mul(r[i], c[j]), _square(_sub(weight, margins))))
    variance = _div(_sub(term, _square(_sub(kappa_bounds, _mul(pe, one_minus)))), denominator)
    variance_h0 = _div(_sub(term_h0, _square(pe)), denominator)
    se, se_h0 = _sqrt(variance), _sqrt(variance_h0)
    spread = _scale(se, normal_inverse(0.975))
    bounds["Kappa standard error"] = se
    bounds["Kappa 95% CI lower"] = _sub(kappa_bounds, spread)
    bounds["Kappa 95% CI upper"] = _add(kappa_bounds, spread)
    bounds["Kappa z"] = _div(kappa_bounds, se_h0)
    return bounds


def _square(a: _Interval) -> _Interval:
    low, high = a[0] * a[0], a[1] * a[1]
    if a[0] <= 0 <= a[1]:
        return 0.0, max(low, high)
    return min(low, high), max(low, high)


def _sqrt(a: _Interval) -> _Interval:
    return math.sqrt(max(a[0], 0.0)), math.sqrt(max(a[1], 0.0))


def _widen(value: float, half_width: float) -> _Interval:
    return value - half_width, value + half_width


def _add(a: _Interval, b: _Interval) -> _Interval:
    return a[0] + b[0], a[1] + b[1]


def _sub(a: _Interval, b: _Interval) -> _Interval:
    return a[0] - b[1], a[1] - b[0]


def _mul(a: _Interval, b: _Interval) -> _Interval:
    products = (a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1])
    return min(products), max(products)


def _div(a: _Interval, b: _Interval) -> _Interval:
    if b[0] <= 0 <= b[1]:
        return -np.inf, np.inf
    return _mul(a, (1 / b[1], 1 / b[0]))


def _scale(a: _Interval, factor: float) -> _Interval:
    return a[0] * factor, a[1] * factor


def _class_detail_names(section: Section) -> list[Inconsistency]:
    details, printed = section.class_details, section.confusion_matrix
    if details is None or printed is None or details.class_names == printed.class_names:
        return []
    return [
        Inconsistency(
            section.title,
            section.line,
            "class_details",
            ", ".join(details.class_names),
            "the classes " + ", ".join(printed.class_names),
        )
    ]


def _inconsistency(section: Section, name: str, shown: float, expected: str) -> Inconsistency:
    summary = section.summary
    first_names = {  # the line that prints a field is named after its first field
        "percent_correct": "correct",
        "percent_incorrect": "incorrect",
        "percent_unclassified": "unclassified",
    }
    line_name = first_names.get(name, name)
    if summary and line_name not in summary.lines and PLUGIN_LINE + name in summary.lines:
        line_name = PLUGIN_LINE + name
    offset = summary.lines.index(line_name) if summary and line_name in summary.lines else 0
    return Inconsistency(section.title, section.line + 2 + offset, name, shown, expected)
