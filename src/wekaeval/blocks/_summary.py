"""The blocks WEKA prints for an evaluation, as data: what :mod:`wekaeval.report` reads them into.

Each block renders back to the text WEKA printed (``to_text``) and to plain,
JSON-ready data (``to_dict``: NaN becomes ``"NaN"``):

>>> summary = Summary(correct=144.0, percent_correct=96.0, kappa=0.94, num_instances=150.0,
...                   lines=("correct", "kappa", "num_instances"))
>>> print(summary.to_text(), end="")  # doctest: +NORMALIZE_WHITESPACE
Correctly Classified Instances         144               96      %
Kappa statistic                          0.94
Total Number of Instances              150

The layouts are WEKA's own: ``Evaluation.toSummaryString``,
``toClassDetailsString`` (the table of WEKA 3.7+ and the older one of 3.5 and
3.6, see :data:`DETAIL_LAYOUTS`), ``toMatrixString``, the Explorer's run
information and the predictions of ``-classifications``.  Nothing here
parses; :mod:`wekaeval.report` does.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np

from wekaeval.javamath import double_to_string


def json_number(value: float | None) -> float | str | None:
    """``value`` for JSON: non-finite numbers become WEKA's words."""
    if value is None or math.isfinite(value):
        return value
    return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")


def json_rows(matrix: np.ndarray) -> list[list[float | str | None]]:
    """A matrix as JSON rows, each number through :func:`json_number`."""
    return [[json_number(float(value)) for value in row] for row in matrix]


@dataclass(frozen=True)
class SummaryLine:
    """One line of ``Evaluation.toSummaryString``: its label and the fields it prints.

    ``layout`` says how the values follow the label: ``"value"``,
    ``"percent"`` (value and `` %``), ``"pair"`` (count and percentage) or
    ``"bits"`` (total and per-instance bits).
    """

    label: str
    names: tuple[str, ...]
    layout: str

    def render(self, values: Sequence[float], level: float | None = None) -> str:
        """The line as WEKA prints it (without its newline)."""
        label = self.label
        if "{level}" in label:
            if level is None:
                raise TypeError(f"{self.label!r} prints the confidence level: pass level=")
            label = label.format(level=double_to_string(level, 4, 2))
        shown = [double_to_string(value, 12, 4) for value in values]
        if self.layout == "value":
            return label + shown[0]
        if self.layout == "percent":
            return f"{label}{shown[0]} %"
        if self.layout == "pair":
            return f"{label}{shown[0]}     {shown[1]} %"
        return f"{label}{shown[0]} bits{shown[1]} bits/instance"


#: Every line WEKA's summary can print, in WEKA's order.
SUMMARY_LINES = (
    SummaryLine("Correctly Classified Instances     ", ("correct", "percent_correct"), "pair"),
    SummaryLine("Incorrectly Classified Instances   ", ("incorrect", "percent_incorrect"), "pair"),
    SummaryLine("Kappa statistic                    ", ("kappa",), "value"),
    SummaryLine("Total Cost                         ", ("total_cost",), "value"),
    SummaryLine("Average Cost                       ", ("avg_cost",), "value"),
    SummaryLine("K&B Relative Info Score            ", ("kb_relative_information",), "percent"),
    SummaryLine("K&B Information Score              ", ("kb_information", "kb_mean_information"), "bits"),
    SummaryLine("Correlation coefficient            ", ("correlation_coefficient",), "value"),
    SummaryLine(
        "Class complexity | order 0         ",
        ("sf_prior_entropy", "sf_mean_prior_entropy"),
        "bits",
    ),
    SummaryLine(
        "Class complexity | scheme          ",
        ("sf_scheme_entropy", "sf_mean_scheme_entropy"),
        "bits",
    ),
    SummaryLine(
        "Complexity improvement     (Sf)    ",
        ("sf_entropy_gain", "sf_mean_entropy_gain"),
        "bits",
    ),
    SummaryLine("Mean absolute error                ", ("mean_absolute_error",), "value"),
    SummaryLine("Root mean squared error            ", ("root_mean_squared_error",), "value"),
    SummaryLine("Relative absolute error            ", ("relative_absolute_error",), "percent"),
    SummaryLine("Root relative squared error        ", ("root_relative_squared_error",), "percent"),
    SummaryLine("Coverage of cases ({level} level)     ", ("coverage_of_test_cases_by_predicted_regions",), "percent"),
    SummaryLine("Mean rel. region size ({level} level) ", ("size_of_predicted_regions",), "percent"),
    SummaryLine("UnClassified Instances             ", ("unclassified", "percent_unclassified"), "pair"),
    SummaryLine("Total Number of Instances          ", ("num_instances",), "value"),
    SummaryLine("Ignored Class Unknown Instances            ", ("missing_class",), "value"),
)


_LINES_BY_NAME = {line.names[0]: line for line in SUMMARY_LINES}


#: Evaluation metric plugins print their lines after the kappa, cost and K&B lines (nominal class) or the
#: correlation line (numeric class): before this line and every later one.
PLUGIN_LINES_BEFORE = "sf_prior_entropy"


#: In :attr:`Summary.lines`, a plugin metric's line is this prefix and its label.
PLUGIN_LINE = "plugin:"


@dataclass(frozen=True)
class Summary:
    """The statistics of one summary block, under python-weka-wrapper3's ``Evaluation`` names.

    Each field is named after the property of python-weka-wrapper3's
    ``Evaluation`` whose value WEKA printed on the line: ``percent_correct``
    ("Correctly Classified Instances ... %"), ``sf_prior_entropy`` ("Class
    complexity | order 0"), ``num_instances`` ("Total Number of Instances"),
    ... -- so a report and an evaluation share one vocabulary.
    ``missing_class`` ("Ignored Class Unknown Instances") is WEKA's
    ``missingClass()``, which python-weka-wrapper3 does not wrap.

    A field WEKA did not print is None.  ``lines`` lists the printed fields'
    first names in printed order (it lets :meth:`to_text` reproduce the
    block); ``confidence_level`` is the level of the coverage lines.

    ``plugin_metrics`` maps the label of each line an evaluation metric plugin
    printed (WEKA's ``StandardEvaluationMetric.toSummaryString``, such as the
    ``wekaevalKappa`` package's ``Kappa standard error``) to its value;
    ``plugin_text`` keeps those lines as printed.
    """

    correct: float | None = None
    percent_correct: float | None = None
    incorrect: float | None = None
    percent_incorrect: float | None = None
    kappa: float | None = None
    total_cost: float | None = None
    avg_cost: float | None = None
    kb_relative_information: float | None = None
    kb_information: float | None = None
    kb_mean_information: float | None = None
    correlation_coefficient: float | None = None
    sf_prior_entropy: float | None = None
    sf_mean_prior_entropy: float | None = None
    sf_scheme_entropy: float | None = None
    sf_mean_scheme_entropy: float | None = None
    sf_entropy_gain: float | None = None
    sf_mean_entropy_gain: float | None = None
    mean_absolute_error: float | None = None
    root_mean_squared_error: float | None = None
    relative_absolute_error: float | None = None
    root_relative_squared_error: float | None = None
    coverage_of_test_cases_by_predicted_regions: float | None = None
    size_of_predicted_regions: float | None = None
    confidence_level: float | None = None
    unclassified: float | None = None
    percent_unclassified: float | None = None
    num_instances: float | None = None
    missing_class: float | None = None
    lines: tuple[str, ...] = ()
    plugin_metrics: dict[str, float] = field(default_factory=dict)
    plugin_text: dict[str, str] = field(default_factory=dict)

    def printed_lines(self) -> Iterator[SummaryLine]:
        """The :class:`SummaryLine` of each printed line of WEKA's own, in printed order."""
        return (_LINES_BY_NAME[name] for name in self.lines if not name.startswith(PLUGIN_LINE))

    def to_dict(self) -> dict[str, Any]:
        """The printed fields, in printed order (plugin metrics as ``plugin_metrics``, label -> value)."""
        result: dict[str, Any] = {}
        for spec in self.printed_lines():
            for name in spec.names:
                result[name] = json_number(getattr(self, name))
        if self.confidence_level is not None:
            result["confidence_level"] = self.confidence_level
        if self.plugin_metrics:
            result["plugin_metrics"] = {label: json_number(v) for label, v in self.plugin_metrics.items()}
        return result

    def to_text(self) -> str:
        """The block as WEKA printed it, after the title and its blank line."""
        text = []
        for name in self.lines:
            if name.startswith(PLUGIN_LINE):
                text.append(self.plugin_text[name.removeprefix(PLUGIN_LINE)] + "\n")
            else:
                spec = _LINES_BY_NAME[name]
                text.append(spec.render([getattr(self, n) for n in spec.names], self.confidence_level) + "\n")
        return "".join(text)


#: Every statistic of a summary block WEKA itself prints, in :class:`~wekaeval.blocks.Summary`'s order.
SUMMARY_FIELDS = tuple(f.name for f in fields(Summary) if f.name not in ("lines", "plugin_metrics", "plugin_text"))
