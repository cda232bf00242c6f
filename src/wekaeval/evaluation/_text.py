"""The text blocks of WEKA's Evaluation, printed through the report reader's block classes.

``summary_text``, ``class_details_text`` and ``matrix_text`` are WEKA 3.9.7's
``toSummaryString``, ``toClassDetailsString`` and ``toMatrixString`` (the
summary for a numeric class too): the same lines in the same order under the same conditions
(the metrics shown, the cost matrix, priors, unclassified and missing-class
weights).  They fill :class:`~wekaeval.blocks.Summary`,
:class:`~wekaeval.blocks.ClassDetails` and the confusion-matrix layout of
:mod:`wekaeval.javamath`, which also render what :func:`wekaeval.read_weka_output`
reads, so a printed block and a computed one are one thing.
"""

from __future__ import annotations

import math
import warnings
from typing import Any

from wekaeval.blocks import DETAIL_STATISTICS, ClassDetails, ClassDetailsRow, Summary
from wekaeval.blocks._shared import confusion_matrix_text
from wekaeval.evaluation._state import CONFIDENCE_LEVEL, MARGIN_RESOLUTION, EvaluationState
from wekaeval.javamath import double_to_string, java_divide

#: (metric as WEKA names it in -toggle, first field of the summary line), in WEKA's order, by condition.
_NOMINAL_LINES = (("correct", "correct"), ("incorrect", "incorrect"), ("kappa", "kappa"))


_NUMERIC_LINES = (("correlation", "correlation_coefficient"),)


_COST_LINES = (("total cost", "total_cost"), ("average cost", "avg_cost"))


_KB_LINES = (("kb relative", "kb_relative_information"), ("kb information", "kb_information"))


_SF_LINES = (
    ("complexity 0", "sf_prior_entropy"),
    ("complexity scheme", "sf_scheme_entropy"),
    ("complexity improvement", "sf_entropy_gain"),
)


_ERROR_LINES = (("mae", "mean_absolute_error"), ("rmse", "root_mean_squared_error"))


_PRIOR_ERROR_LINES = (("rae", "relative_absolute_error"), ("rrse", "root_relative_squared_error"))


#: The columns of the class details: WEKA's metric name and the Evaluation method of each (from the one table).
_DETAIL_METRICS = tuple((s.toggle or s.name, s.name) for s in DETAIL_STATISTICS)


#: Each column's weighted average, the Weighted Avg. row.
_WEIGHTED = {s.name: s.weighted or s.name for s in DETAIL_STATISTICS}


def summary_text(evaluation: Any, title: str, complexity: bool) -> str:
    """``toSummaryString(title, printComplexityStatistics)``."""
    if complexity and evaluation.no_priors:
        warnings.warn("Priors disabled, cannot print complexity statistics!", stacklevel=3)
        complexity = False
    shown = set(evaluation.metrics_to_display)
    state: EvaluationState = evaluation.state
    lines: list[str] = []

    def add(pairs: tuple[tuple[str, str], ...]) -> None:
        lines.extend(name for metric, name in pairs if metric in shown)

    if state.with_class > 0:
        if evaluation.numeric:
            add(_NUMERIC_LINES)
        else:
            add(_NOMINAL_LINES)
            if evaluation.cost_matrix is not None:
                add(_COST_LINES)
            if complexity:
                add(_KB_LINES)
        if complexity and state.complexity_available:
            add(_SF_LINES)
        add(_ERROR_LINES)
        if not evaluation.no_priors:
            add(_PRIOR_ERROR_LINES)
        if state.coverage_available:
            if "coverage" in shown:
                lines.append("coverage_of_test_cases_by_predicted_regions")
            if not evaluation.no_priors and "region size" in shown:
                lines.append("size_of_predicted_regions")
    if state.unclassified - 0 > 1e-6:  # Utils.gr(unclassified(), 0)
        lines.append("unclassified")
    lines.append("num_instances")
    if state.missing_class > 0:
        lines.append("missing_class")
    summary = Summary(
        lines=tuple(lines),
        confidence_level=CONFIDENCE_LEVEL,
        **{
            name: getattr(evaluation, name)
            for spec in Summary(lines=tuple(lines)).printed_lines()
            for name in spec.names
        },
    )
    return title + "\n" + summary.to_text()


def class_details_text(evaluation: Any, title: str) -> str:
    """``toClassDetailsString(title)``: WEKA 3.8.2+'s table, ``?`` for NaN."""
    shown = set(evaluation.metrics_to_display)
    columns = tuple(method for metric, method in _DETAIL_METRICS if metric in shown)

    def printed(value: float) -> float | None:
        return None if math.isnan(value) else value

    rows = tuple(
        ClassDetailsRow(name, **{c: printed(getattr(evaluation, c)(i)) for c in columns})
        for i, name in enumerate(evaluation.class_names)
    )
    weighted = ClassDetailsRow(None, **{c: printed(getattr(evaluation, _WEIGHTED[c])) for c in columns})
    table = ClassDetails(columns=columns, rows=rows, weighted_avg=weighted, layout="3.8.2")
    return title + "\n" + table.to_text()


def matrix_text(evaluation: Any, title: str) -> str:
    """``toMatrixString(title)``."""
    return title + "\n" + confusion_matrix_text(evaluation.confusion_matrix.tolist(), evaluation.class_names)


def margin_text(state: EvaluationState) -> str:
    """``toCumulativeMarginDistributionString()``: one line per non-empty margin bin, the first bin always."""
    lines = []
    cumulative = 0.0
    assert state.margin_counts is not None  # EvaluationState.__post_init__ made it
    for i, count in enumerate(state.margin_counts.tolist()):
        if count != 0:
            cumulative += count
            margin = i * 2.0 / MARGIN_RESOLUTION - 1.0
            percent = java_divide(cumulative * 100, state.with_class)
            lines.append(f"{double_to_string(margin, 7, 3)} {double_to_string(percent, 7, 3)}\n")
        elif i == 0:
            lines.append(f"{double_to_string(-1.0, 7, 3)} {double_to_string(0.0, 7, 3)}\n")
    return "".join(lines)
