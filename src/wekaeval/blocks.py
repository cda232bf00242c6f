"""The blocks WEKA prints for an evaluation, as data: what :mod:`wekaeval.report` reads them into.

Each block renders back to the text WEKA printed (``to_text``) and to plain,
JSON-ready data (``to_dict``: NaN becomes ``"NaN"``):

>>> summary = Summary(correct=144.0, percent_correct=96.0, kappa=0.94, num_instances=150.0,
...                   lines=("correct", "kappa", "num_instances"))
>>> print(summary.to_text(), end="")
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
from dataclasses import dataclass, field, fields, replace
from typing import Any

import numpy as np

from .wekatext import confusion_matrix_text, double_to_string, java_fixed

__all__ = [
    "Summary",
    "SummaryLine",
    "SUMMARY_LINES",
    "ClassDetails",
    "ClassDetailsRow",
    "DetailLayout",
    "DETAIL_LAYOUTS",
    "PrintedConfusionMatrix",
    "Predictions",
    "PredictionRow",
    "RunInfo",
    "SuppliedTestSet",
    "Section",
]


def json_number(value: float | None) -> float | str | None:
    """``value`` for JSON: non-finite numbers become WEKA's words."""
    if value is None or math.isfinite(value):
        return value
    return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")


def json_rows(matrix: np.ndarray) -> list[list[float | str | None]]:
    return [[json_number(float(value)) for value in row] for row in matrix]


# -- the summary ----------------------------------------------------------------------


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


# -- detailed accuracy by class --------------------------------------------------------

#: The columns of the class-details table: field name (python-weka-wrapper3's ``Evaluation`` method
#: for the statistic) and WEKA's header for it.
DETAIL_COLUMNS = (
    ("true_positive_rate", "TP Rate"),
    ("false_positive_rate", "FP Rate"),
    ("precision", "Precision"),
    ("recall", "Recall"),
    ("f_measure", "F-Measure"),
    ("matthews_correlation_coefficient", "MCC"),
    ("area_under_roc", "ROC Area"),
    ("area_under_prc", "PRC Area"),
)


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
    name: str, before: str, indents: tuple[int, int], header: str, cells: str, weighted: bool,
    missing: dict[str, str] | None = None,
) -> DetailLayout:
    """A table of ``Utils.doubleToString(v, 7, 3)`` cells: ``cells`` is "column:spaces-after ..." in order."""
    pairs = [item.split(":") for item in cells.split()]
    return DetailLayout(
        name=name, since=None if name == "3.4" else name, before=before,
        header_indent=" " * indents[0], row_indent=" " * indents[1],
        weighted_label="Weighted Avg.  " if weighted else None,
        columns=tuple(column for column, _ in pairs), header_cells={}, plain_header=header,
        separators={column: " " * int(spaces) for column, spaces in pairs}, missing=missing or {},
    )


_FIXED_WIDTHS = {"true_positive_rate": 9, "false_positive_rate": 9, "precision": 11, "recall": 9, "f_measure": 11,
                 "matthews_correlation_coefficient": 9, "area_under_roc": 10, "area_under_prc": 10}
_FIXED_HEADERS = {name: title.ljust(_FIXED_WIDTHS[name]) for name, title in DETAIL_COLUMNS}
_OLD_MISSING = {"area_under_roc": "  ?    " + "    ", "area_under_prc": "  ?    " + "    "}

#: WEKA 3.8.2+ (and 3.9.2+): String.format cells, every missing value "?" padded to its column.
_FIXED_LAYOUT = DetailLayout("3.8.2", "3.8.2", None, " " * 17, " " * 17, "Weighted Avg.    ",
                             tuple(name for name, _ in DETAIL_COLUMNS), _FIXED_HEADERS, fixed=True,
                             widths=_FIXED_WIDTHS, question_marks=True)

#: Every layout of "Detailed Accuracy By Class", newest first; the name is the first release that prints it.
DETAIL_LAYOUTS = {
    "3.8.2": _FIXED_LAYOUT,
    # 3.7.8-3.8.1: NaN where 3.8.2 prints "?", but "?" for a missing MCC (one column short), ROC or PRC area
    "3.7.8": replace(_FIXED_LAYOUT, name="3.7.8", since="3.7.8", before="3.8.2", question_marks=False,
                     missing={"matthews_correlation_coefficient": "?       ", "area_under_roc": "?         ",
                              "area_under_prc": "?         "}),
    "3.7.7": _doubletostring_layout(
        "3.7.7", "3.7.8", (17, 15),
        "TP Rate  FP Rate  Precision  Recall  F-Measure  MCC    ROC Area  PRC Area  ",
        "true_positive_rate:2 false_positive_rate:2 precision:4 recall:1 f_measure:4 "
        "matthews_correlation_coefficient:0 area_under_roc:3 area_under_prc:5", True,
        {"matthews_correlation_coefficient": "  ?  " + "   ", "area_under_roc": " ?    " + "   ",
         "area_under_prc": "  ?    " + "     "}),
    "3.7.6": _doubletostring_layout(
        "3.7.6", "3.7.7", (15, 15),
        "TP Rate   FP Rate   Precision   Recall  F-Measure   ROC Area   PRC Area  ",
        "true_positive_rate:3 false_positive_rate:4 precision:3 recall:3 f_measure:4 area_under_roc:4 area_under_prc:4",
        True, _OLD_MISSING),
    "3.6": _doubletostring_layout(
        "3.6", "3.7.6", (15, 15),
        "TP Rate   FP Rate   Precision   Recall  F-Measure   ROC Area  ",
        "true_positive_rate:3 false_positive_rate:4 precision:3 recall:3 f_measure:4 area_under_roc:4", True,
        _OLD_MISSING),
    "3.5.1": _doubletostring_layout(
        "3.5.1", "3.6", (0, 0),
        "TP Rate   FP Rate   Precision   Recall  F-Measure   ROC Area  ",
        "true_positive_rate:3 false_positive_rate:4 precision:3 recall:3 f_measure:4 area_under_roc:4", False,
        _OLD_MISSING),
    "3.4": _doubletostring_layout(
        "3.4", "3.5.1", (0, 0),
        "TP Rate   FP Rate   Precision   Recall  F-Measure   ",
        "true_positive_rate:3 false_positive_rate:4 precision:3 recall:3 f_measure:4", False),
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


# -- the confusion matrix ----------------------------------------------------------------


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

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PrintedConfusionMatrix):
            return NotImplemented
        return (
            self.class_names == other.class_names
            and np.array_equal(self.matrix, other.matrix)
            and (self.id_width, self.fractional) == (other.id_width, other.fractional)
        )

    __hash__ = None  # type: ignore[assignment]


# -- predictions ------------------------------------------------------------------------


@dataclass(frozen=True)
class PredictionRow:
    """One printed prediction (``-classifications ...PlainText`` or ``...CSV``).

    Nominal class: ``actual``/``predicted`` are class labels and ``*_index``
    their 0-based indices, ``error`` is True where WEKA printed ``+``, and
    ``probability`` (or the whole ``distribution`` with ``-distribution``)
    is as printed.  Numeric class: ``actual``, ``predicted`` and ``error``
    are numbers.  ``?`` is None; ``attributes`` is the ``(...)`` of ``-p``
    in PlainText, the attribute columns in CSV.
    """

    inst: int
    actual: str | float | None
    predicted: str | float | None
    error: bool | float | None
    actual_index: int | None = None
    predicted_index: int | None = None
    probability: float | None = None
    distribution: tuple[float, ...] | None = None
    attributes: str | tuple[str, ...] | None = None


@dataclass(frozen=True)
class Predictions:
    """A printed predictions table.

    ``format`` is ``"PlainText"``, ``"CSV"`` or ``"Explorer"`` (the Explorer's
    own table before WEKA 3.7, whose labels are cut to ten characters);
    ``attribute_names`` are the attribute columns of ``-p``.
    """

    nominal: bool
    rows: tuple[PredictionRow, ...]
    attribute_names: tuple[str, ...] | None = None
    format: str = "PlainText"

    def to_dict(self) -> dict[str, Any]:
        rows = []
        for row in self.rows:
            entry = {f.name: getattr(row, f.name) for f in fields(row)}
            for key in ("actual", "predicted", "error", "probability"):
                if isinstance(entry[key], float):
                    entry[key] = json_number(entry[key])
            if entry["distribution"] is not None:
                entry["distribution"] = [json_number(p) for p in entry["distribution"]]
            if isinstance(entry["attributes"], tuple):
                entry["attributes"] = list(entry["attributes"])
            rows.append(entry)
        names = None if self.attribute_names is None else list(self.attribute_names)
        return {"format": self.format, "nominal": self.nominal, "attribute_names": names, "rows": rows}


# -- run information (the Explorer) ------------------------------------------------------


@dataclass(frozen=True)
class RunInfo:
    """The Explorer's "Run information": scheme, relation, instances, attributes, test mode.

    ``attributes`` is None when the Explorer omitted the list (100 or more).
    For a model loaded from a file ("=== Model information ===")
    ``filename`` is its name, and ``instances`` and ``test_mode`` are None.
    """

    scheme: str
    relation: str
    instances: int | None
    num_attributes: int
    attributes: tuple[str, ...] | None
    test_mode: str | None
    cost_matrix: np.ndarray | None = None
    filename: str | None = None

    def to_dict(self) -> dict[str, Any]:
        result = {
            "filename": self.filename,
            "scheme": self.scheme,
            "relation": self.relation,
            "instances": self.instances,
            "num_attributes": self.num_attributes,
            "attributes": None if self.attributes is None else list(self.attributes),
            "test_mode": self.test_mode,
        }
        if self.cost_matrix is not None:
            result["cost_matrix"] = json_rows(self.cost_matrix)
        return result


@dataclass(frozen=True)
class SuppliedTestSet:
    """What "=== Re-evaluation on test set ===" says of the test set a saved model was evaluated on.

    ``source`` is WEKA's phrase ("User supplied test set"); ``instances`` is
    None where WEKA printed "unknown (yet). Reading incrementally".
    """

    source: str
    relation: str | None = None
    instances: int | None = None
    num_attributes: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "relation": self.relation, "instances": self.instances,
                "num_attributes": self.num_attributes}


# -- sections ------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Section:
    """One evaluation WEKA printed, or one predictions table.

    ``title`` is the block's heading without the ``===`` ("Error on training
    data", "Stratified cross-validation", "Summary", "Predictions under
    cross-validation", ...), or the free title a program printed above a
    summary ("Results"; "" when there is none).  In the Explorer the heading
    above "Summary" says what was evaluated; ``evaluation`` holds it (on the
    command line it is the title).  ``line`` is the line the section starts on.
    """

    title: str
    evaluation: str
    line: int
    summary: Summary | None = None
    class_details: ClassDetails | None = None
    confusion_matrix: PrintedConfusionMatrix | None = None
    predictions: Predictions | None = None
    test_set: SuppliedTestSet | None = None

    def with_block(self, name: str, block: Any) -> Section:
        """This section with one more block (``"class_details"``, ``"confusion_matrix"``, ...)."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values[name] = block
        return Section(**values)

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {"title": self.title, "evaluation": self.evaluation, "line": self.line}
        for name in ("test_set", "summary", "class_details", "confusion_matrix", "predictions"):
            block = getattr(self, name)
            result[name] = None if block is None else block.to_dict()
        return result
