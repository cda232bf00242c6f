"""Read WEKA's printed evaluation output back into Python.

:func:`read_weka_output` takes what WEKA 3.8/3.9 prints for a classifier's
evaluation -- the command line's output (``-t``, ``-T``, ``-x``,
``-split-percentage``, ``-no-cv``, ``-v``, ``-o``, ``-k``, ``-m``,
``-classifications ...``) or the Explorer's "Classifier output" buffer -- and
returns a :class:`WekaReport`: the run information, the model text, the
timings, and one :class:`Section` per evaluation (summary, detailed accuracy
by class, confusion matrix) or predictions table.

>>> report = read_weka_output('''
... === Stratified cross-validation ===
...
... Correctly Classified Instances         144               96      %
... Incorrectly Classified Instances         6                4      %
... Kappa statistic                          0.94
... Total Number of Instances              150
...
... === Confusion Matrix ===
...
...   a  b  c   <-- classified as
...  49  1  0 |  a = Iris-setosa
...   0 47  3 |  b = Iris-versicolor
...   0  2 48 |  c = Iris-virginica
... ''')
>>> section = report.sections[0]
>>> section.title, section.summary.kappa, section.summary.correct
('Stratified cross-validation', 0.94, 144.0)
>>> section.confusion_matrix.matrix[1]
array([ 0., 47.,  3.])
>>> report.check()
[]

Numbers are read exactly as printed (``0.94`` is the double nearest 0.94);
WEKA's ``?`` reads as None.  Each block renders back to the text WEKA
printed (:meth:`Summary.to_text`, :meth:`ClassDetails.to_text`,
:meth:`PrintedConfusionMatrix.to_text`), and :meth:`WekaReport.check`
recomputes kappa and the counts and percentages from every confusion matrix
with wekaeval's port of WEKA.  Text that is not WEKA's evaluation output, or
is cut short, raises :class:`~wekaeval.errors.WekaOutputError` naming the line.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import IO, Any

import numpy as np

from .consistency import Inconsistency, check_section
from .errors import WekaOutputError
from .textsource import read_text
from .wekatext import confusion_matrix_text, double_to_string, java_fixed

__all__ = [
    "read_weka_output",
    "WekaReport",
    "RunInfo",
    "Section",
    "Summary",
    "ClassDetails",
    "ClassDetailsRow",
    "PrintedConfusionMatrix",
    "Predictions",
    "PredictionRow",
    "Inconsistency",
]

_HEADING = re.compile(r"^=== (.+) ===$")
_TIME = re.compile(r"^Time taken to (.+): (-?\d+(?:\.\d+)?) seconds$")
_NUMBER = r"(?:-?\d+(?:\.\d+)?|NaN|-?Infinity)"
_NUMBER_RE = re.compile(_NUMBER)


# -- the summary block -------------------------------------------------------


@dataclass(frozen=True)
class _SummaryLine:
    """One line of ``Evaluation.toSummaryString``: its label and the fields it prints."""

    label: str
    names: tuple[str, ...]
    layout: str  # how the values follow the label: "value", "percent", "pair", "bits"


_SUMMARY_LINES = (
    _SummaryLine("Correctly Classified Instances     ", ("correct", "pct_correct"), "pair"),
    _SummaryLine("Incorrectly Classified Instances   ", ("incorrect", "pct_incorrect"), "pair"),
    _SummaryLine("Kappa statistic                    ", ("kappa",), "value"),
    _SummaryLine("Total Cost                         ", ("total_cost",), "value"),
    _SummaryLine("Average Cost                       ", ("average_cost",), "value"),
    _SummaryLine("K&B Relative Info Score            ", ("kb_relative_info",), "percent"),
    _SummaryLine("K&B Information Score              ", ("kb_information", "kb_mean_information"), "bits"),
    _SummaryLine("Correlation coefficient            ", ("correlation",), "value"),
    _SummaryLine(
        "Class complexity | order 0         ",
        ("class_complexity_order_0", "class_complexity_order_0_per_instance"),
        "bits",
    ),
    _SummaryLine(
        "Class complexity | scheme          ",
        ("class_complexity_scheme", "class_complexity_scheme_per_instance"),
        "bits",
    ),
    _SummaryLine(
        "Complexity improvement     (Sf)    ",
        ("complexity_improvement", "complexity_improvement_per_instance"),
        "bits",
    ),
    _SummaryLine("Mean absolute error                ", ("mean_absolute_error",), "value"),
    _SummaryLine("Root mean squared error            ", ("root_mean_squared_error",), "value"),
    _SummaryLine("Relative absolute error            ", ("relative_absolute_error",), "percent"),
    _SummaryLine("Root relative squared error        ", ("root_relative_squared_error",), "percent"),
    _SummaryLine("Coverage of cases ({level} level)     ", ("coverage",), "percent"),
    _SummaryLine("Mean rel. region size ({level} level) ", ("region_size",), "percent"),
    _SummaryLine("UnClassified Instances             ", ("unclassified", "pct_unclassified"), "pair"),
    _SummaryLine("Total Number of Instances          ", ("total_instances",), "value"),
    _SummaryLine("Ignored Class Unknown Instances            ", ("ignored_class_unknown",), "value"),
)
_LEVEL_LINE = re.compile(r"^(Coverage of cases|Mean rel\. region size) \((.{4}) level\)")
_VALUES = {
    "value": re.compile(rf"^ *({_NUMBER}) *$"),
    "percent": re.compile(rf"^ *({_NUMBER}) *%$"),
    "pair": re.compile(rf"^ *({_NUMBER}) +({_NUMBER}) *%$"),
    "bits": re.compile(rf"^ *({_NUMBER}) *bits *({_NUMBER}) *bits/instance$"),
}


@dataclass(frozen=True)
class Summary:
    """The statistics of one ``=== Summary ===`` block, named after WEKA's lines.

    A field WEKA did not print is None.  ``lines`` lists the printed fields'
    first names in printed order (it lets :meth:`to_text` reproduce the
    block); ``confidence_level`` is the level of the coverage lines.
    """

    correct: float | None = None
    pct_correct: float | None = None
    incorrect: float | None = None
    pct_incorrect: float | None = None
    kappa: float | None = None
    total_cost: float | None = None
    average_cost: float | None = None
    kb_relative_info: float | None = None
    kb_information: float | None = None
    kb_mean_information: float | None = None
    correlation: float | None = None
    class_complexity_order_0: float | None = None
    class_complexity_order_0_per_instance: float | None = None
    class_complexity_scheme: float | None = None
    class_complexity_scheme_per_instance: float | None = None
    complexity_improvement: float | None = None
    complexity_improvement_per_instance: float | None = None
    mean_absolute_error: float | None = None
    root_mean_squared_error: float | None = None
    relative_absolute_error: float | None = None
    root_relative_squared_error: float | None = None
    coverage: float | None = None
    region_size: float | None = None
    confidence_level: float | None = None
    unclassified: float | None = None
    pct_unclassified: float | None = None
    total_instances: float | None = None
    ignored_class_unknown: float | None = None
    lines: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The printed fields, in printed order."""
        result: dict[str, Any] = {}
        for spec in _printed_lines(self):
            for name in spec.names:
                result[name] = _json_number(getattr(self, name))
        if self.confidence_level is not None:
            result["confidence_level"] = self.confidence_level
        return result

    def to_text(self) -> str:
        """The block as WEKA printed it, after the title and its blank line."""
        out = []
        for spec in _printed_lines(self):
            label = spec.label
            if "{level}" in label:
                label = label.format(level=double_to_string(self.confidence_level, 4, 2))
            values = [double_to_string(getattr(self, name), 12, 4) for name in spec.names]
            if spec.layout == "value":
                out.append(f"{label}{values[0]}\n")
            elif spec.layout == "percent":
                out.append(f"{label}{values[0]} %\n")
            elif spec.layout == "pair":
                out.append(f"{label}{values[0]}     {values[1]} %\n")
            else:
                out.append(f"{label}{values[0]} bits{values[1]} bits/instance\n")
        return "".join(out)


def _printed_lines(summary: Summary) -> Iterator[_SummaryLine]:
    by_name = {spec.names[0]: spec for spec in _SUMMARY_LINES}
    return (by_name[name] for name in summary.lines)


def _parse_summary(lines: _Lines) -> Summary:
    values: dict[str, Any] = {}
    printed: list[str] = []
    while lines.more() and lines.peek() != "":
        number, text = lines.take()
        spec, level = _summary_line_spec(text)
        if spec is None:
            raise lines.error(f"not a line of WEKA's summary: {text!r}", number)
        if spec.names[0] in values:
            raise lines.error(f"{spec.label.strip()!r} printed twice in one summary", number)
        label = spec.label if level is None else spec.label.replace("{level}", level)
        match = _VALUES[spec.layout].match(text[len(label) :])
        if match is None:
            raise lines.error(f"cannot read the numbers of {text!r}", number)
        for name, token in zip(spec.names, match.groups()):
            values[name] = float(token)
        if level is not None:
            values["confidence_level"] = _number(level.strip(), lines, number)
        printed.append(spec.names[0])
    if "total_instances" not in values:
        raise lines.error("summary ends before 'Total Number of Instances' (truncated?)")
    return Summary(**values, lines=tuple(printed))


def _summary_line_spec(text: str) -> tuple[_SummaryLine | None, str | None]:
    """The summary line ``text`` is, and the confidence level printed in its label."""
    level_match = _LEVEL_LINE.match(text)
    for spec in _SUMMARY_LINES:
        if "{level}" in spec.label:
            if level_match and spec.label.startswith(level_match.group(1)):
                return spec, level_match.group(2)
        elif text.startswith(spec.label):
            return spec, None
    return None, None


# -- detailed accuracy by class --------------------------------------------------

#: The columns of ``toClassDetailsString``: field name, header, width.
_DETAIL_COLUMNS = (
    ("tp_rate", "TP Rate", 9),
    ("fp_rate", "FP Rate", 9),
    ("precision", "Precision", 11),
    ("recall", "Recall", 9),
    ("f_measure", "F-Measure", 11),
    ("mcc", "MCC", 9),
    ("roc_area", "ROC Area", 10),
    ("prc_area", "PRC Area", 10),
)
_ROW_INDENT = " " * 17
_WEIGHTED_AVG = "Weighted Avg.    "


@dataclass(frozen=True)
class ClassDetailsRow:
    """One row of "Detailed Accuracy By Class"; ``class_name`` is None for Weighted Avg.

    A column that was not printed, or printed as ``?``, is None.
    """

    class_name: str | None
    tp_rate: float | None = None
    fp_rate: float | None = None
    precision: float | None = None
    recall: float | None = None
    f_measure: float | None = None
    mcc: float | None = None
    roc_area: float | None = None
    prc_area: float | None = None

    def to_dict(self, columns: Sequence[str]) -> dict[str, Any]:
        return {"class_name": self.class_name, **{name: _json_number(getattr(self, name)) for name in columns}}


@dataclass(frozen=True)
class ClassDetails:
    """The "Detailed Accuracy By Class" table: one row per class, then Weighted Avg.

    ``columns`` names the printed columns in order (``-toggle`` can hide some).
    """

    columns: tuple[str, ...]
    rows: tuple[ClassDetailsRow, ...]
    weighted_avg: ClassDetailsRow

    @property
    def class_names(self) -> tuple[str, ...]:
        return tuple(row.class_name for row in self.rows if row.class_name is not None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "columns": list(self.columns),
            "rows": [row.to_dict(self.columns) for row in self.rows],
            "weighted_avg": self.weighted_avg.to_dict(self.columns),
        }

    def to_text(self) -> str:
        """The table as WEKA printed it, after the title and its blank line."""
        widths = {name: width for name, _, width in _DETAIL_COLUMNS}
        headers = {name: header for name, header, _ in _DETAIL_COLUMNS}
        out = [_ROW_INDENT + "".join(headers[c].ljust(widths[c]) for c in self.columns) + "Class\n"]
        for row in (*self.rows, self.weighted_avg):
            cells = []
            for name in self.columns:
                value = getattr(row, name)
                cells.append(("?" if value is None else java_fixed(value, 3)).ljust(widths[name]))
            prefix = _WEIGHTED_AVG if row.class_name is None else _ROW_INDENT
            out.append(prefix + "".join(cells) + (row.class_name or "") + "\n")
        return "".join(out)


def _parse_class_details(lines: _Lines) -> ClassDetails:
    number, header = lines.take_required("the header of 'Detailed Accuracy By Class'")
    columns = []
    position = len(_ROW_INDENT)
    if not header.startswith(_ROW_INDENT):
        raise lines.error(f"not the header of 'Detailed Accuracy By Class': {header!r}", number)
    for name, title, width in _DETAIL_COLUMNS:
        if header.startswith(title.ljust(width), position):
            columns.append(name)
            position += width
    if header[position:] != "Class":
        raise lines.error(f"unknown column in 'Detailed Accuracy By Class': {header[position:]!r}", number)
    widths = {name: width for name, _, width in _DETAIL_COLUMNS}
    rows = []
    while True:
        number, text = lines.take_required("the 'Weighted Avg.' row of 'Detailed Accuracy By Class'")
        weighted = text.startswith(_WEIGHTED_AVG)
        if not weighted and not text.startswith(_ROW_INDENT):
            raise lines.error(f"not a row of 'Detailed Accuracy By Class': {text!r}", number)
        position = len(_ROW_INDENT)
        values: dict[str, float | None] = {}
        for name in columns:
            token = text[position:].split(" ", 1)[0]
            if token == "?":
                values[name] = None
            elif re.fullmatch(_NUMBER, token):
                values[name] = float(token)
            else:
                raise lines.error(f"column {name!r} holds {token!r}, not a number", number)
            position += max(widths[name], len(token))
        rest = text[position:]
        if weighted:
            if rest != "":
                raise lines.error(f"unexpected text after the Weighted Avg. row: {rest!r}", number)
            return ClassDetails(tuple(columns), tuple(rows), ClassDetailsRow(None, **values))
        if rest == "":
            raise lines.error("a row of 'Detailed Accuracy By Class' without its class name", number)
        rows.append(ClassDetailsRow(rest, **values))


# -- the confusion matrix ----------------------------------------------------------

_MATRIX_ROW = re.compile(r"^((?: +\S+)+) +\| +([a-z]+) = (.*)$")


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
        return {"class_names": list(self.class_names), "matrix": _json_rows(self.matrix)}

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


def _parse_confusion_matrix(lines: _Lines) -> PrintedConfusionMatrix:
    number, header = lines.take_required("the header of the confusion matrix")
    if not header.endswith("   <-- classified as"):
        raise lines.error(f"not the header of a confusion matrix: {header!r}", number)
    ids = header[: -len("   <-- classified as")].split()
    if not ids or not all(re.fullmatch("[a-z]+", i) for i in ids):
        raise lines.error(f"not the header of a confusion matrix: {header!r}", number)
    k = len(ids)
    id_width = (len(header) - len("   <-- classified as")) // k - 1
    # Each id takes id_width + 1 characters; a fractional matrix's ids end in three spaces.
    fractional = header[id_width] == " "
    names, rows = [], []
    for i in range(k):
        number, text = lines.take_required(f"row {i + 1} of the {k}-class confusion matrix")
        match = _MATRIX_ROW.match(text)
        if match is None:
            raise lines.error(f"not a row of the confusion matrix: {text!r}", number)
        cells, row_id, name = match.groups()
        tokens = cells.split()
        if len(tokens) != k:
            raise lines.error(f"row {i + 1} of the confusion matrix has {len(tokens)} entries, not {k}", number)
        if row_id != ids[i]:
            raise lines.error(f"row {i + 1} of the confusion matrix is labelled {row_id!r}, not {ids[i]!r}", number)
        rows.append([_number(token, lines, number) for token in tokens])
        names.append(name)
    return PrintedConfusionMatrix(tuple(names), np.array(rows, dtype=np.float64), id_width, fractional)


# -- predictions -------------------------------------------------------------------

_NOMINAL_HEADER = re.compile(r"^    inst#     actual  predicted error (prediction|distribution)(?: \((.*)\))?$")
_NUMERIC_HEADER = re.compile(r"^    inst#     actual  predicted      error(?: \((.*)\))?$")
_NOMINAL_ROW = re.compile(
    r"^ *(\d+) +(?:(\d+):(.*?)|(\?)) +(?:(\d+):(.*?)|(\?)) (  \+  |     ) (\S+) (.*)$"
)
_DISTRIBUTION = re.compile(rf"\*?{_NUMBER}(?:,\*?{_NUMBER})*")
_NUMERIC_ROW = re.compile(rf"^ *(\d+) +({_NUMBER}|\?) +({_NUMBER}|\?) +({_NUMBER}|\?) (.*)$")


@dataclass(frozen=True)
class PredictionRow:
    """One printed prediction (``-classifications ...PlainText``).

    Nominal class: ``actual``/``predicted`` are labels and ``*_index`` their
    0-based indices, ``error`` is True where WEKA printed ``+``, and
    ``probability`` (or the whole ``distribution`` with ``-distribution``)
    is as printed.  Numeric class: ``actual``, ``predicted`` and ``error`` are
    numbers.  ``?`` is None; ``attributes`` is the ``(...)`` of ``-p``.
    """

    inst: int
    actual: str | float | None
    predicted: str | float | None
    error: bool | float | None
    actual_index: int | None = None
    predicted_index: int | None = None
    probability: float | None = None
    distribution: tuple[float, ...] | None = None
    attributes: str | None = None


@dataclass(frozen=True)
class Predictions:
    """A printed predictions table; ``attribute_names`` are the columns of ``-p``."""

    nominal: bool
    rows: tuple[PredictionRow, ...]
    attribute_names: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        rows = []
        for row in self.rows:
            entry = {f.name: getattr(row, f.name) for f in fields(row)}
            for key in ("actual", "predicted", "error", "probability"):
                if isinstance(entry[key], float):
                    entry[key] = _json_number(entry[key])
            if entry["distribution"] is not None:
                entry["distribution"] = [_json_number(p) for p in entry["distribution"]]
            rows.append(entry)
        names = None if self.attribute_names is None else list(self.attribute_names)
        return {"nominal": self.nominal, "attribute_names": names, "rows": rows}


def _parse_predictions(lines: _Lines) -> Predictions:
    number, header = lines.take_required("the header of the predictions table")
    nominal_header = _NOMINAL_HEADER.match(header)
    numeric_header = _NUMERIC_HEADER.match(header)
    if nominal_header is None and numeric_header is None:
        raise lines.error(f"not a header of WEKA's PlainText predictions: {header!r}", number)
    names_text = (nominal_header or numeric_header).groups()[-1]
    names = None if names_text is None else tuple(names_text.split(","))
    rows = []
    while lines.more() and lines.peek() != "":
        number, text = lines.take()
        if nominal_header is not None:
            rows.append(_nominal_prediction(text, nominal_header.group(1) == "distribution", lines, number))
        else:
            rows.append(_numeric_prediction(text, lines, number))
    return Predictions(nominal_header is not None, tuple(rows), names)


def _nominal_prediction(text: str, with_distribution: bool, lines: _Lines, number: int) -> PredictionRow:
    match = _NOMINAL_ROW.match(text)
    if match is None:
        raise lines.error(f"not a row of the predictions table: {text!r}", number)
    inst, actual_code, actual, _, predicted_code, predicted, _, error, printed, attributes = match.groups()
    probability = distribution = None
    if printed != "?":
        if with_distribution:
            if not _DISTRIBUTION.fullmatch(printed):
                raise lines.error(f"not a distribution as WEKA prints them: {printed!r}", number)
            distribution = tuple(map(float, printed.replace("*", "").split(",")))
            starred = printed[: printed.find("*")].count(",") if printed.count("*") == 1 else None
            if predicted_code is None or starred != int(predicted_code) - 1:
                raise lines.error("the distribution's * does not mark the predicted class", number)
        else:
            probability = _number(printed, lines, number)
    actual_index = None if actual_code is None or actual == "?" else int(actual_code) - 1
    return PredictionRow(
        inst=int(inst),
        actual=None if actual_index is None else actual,
        predicted=predicted,
        error=error == "  +  ",
        actual_index=actual_index,
        predicted_index=None if predicted_code is None else int(predicted_code) - 1,
        probability=probability,
        distribution=distribution,
        attributes=attributes or None,
    )


def _numeric_prediction(text: str, lines: _Lines, number: int) -> PredictionRow:
    match = _NUMERIC_ROW.match(text)
    if match is None:
        raise lines.error(f"not a row of the predictions table: {text!r}", number)
    inst, actual, predicted, error, attributes = match.groups()

    def value(token: str) -> float | None:
        return None if token == "?" else float(token)

    return PredictionRow(int(inst), value(actual), value(predicted), value(error), attributes=attributes or None)


# -- run information (the Explorer) ------------------------------------------------

_RUN_INFO_INDENT = " " * 14


@dataclass(frozen=True)
class RunInfo:
    """The Explorer's "Run information": scheme, relation, instances, attributes, test mode.

    ``attributes`` is None when the Explorer omitted the list (100 or more).
    """

    scheme: str
    relation: str
    instances: int
    num_attributes: int
    attributes: tuple[str, ...] | None
    test_mode: str
    cost_matrix: np.ndarray | None = None

    def to_dict(self) -> dict[str, Any]:
        result = {
            "scheme": self.scheme,
            "relation": self.relation,
            "instances": self.instances,
            "num_attributes": self.num_attributes,
            "attributes": None if self.attributes is None else list(self.attributes),
            "test_mode": self.test_mode,
        }
        if self.cost_matrix is not None:
            result["cost_matrix"] = _json_rows(self.cost_matrix)
        return result


def _parse_run_info(lines: _Lines) -> RunInfo:
    lines.skip_blank()
    found: dict[str, str] = {}
    attributes: list[str] = []
    cost_matrix = None
    while lines.more() and lines.peek() != "":
        number, text = lines.take()
        key = text[:14].rstrip()
        if key in ("Scheme:", "Relation:", "Instances:", "Attributes:", "Test mode:") and key not in found:
            found[key] = text[14:]
        elif text.startswith(_RUN_INFO_INDENT) and "Attributes:" in found and "Test mode:" not in found:
            attributes.append(text[14:])
        elif text == "Evaluation cost matrix:":
            cost_matrix = _parse_cost_rows(lines)
        else:
            raise lines.error(f"not a line of 'Run information': {text!r}", number)
    missing = [key for key in ("Scheme:", "Relation:", "Instances:", "Attributes:", "Test mode:") if key not in found]
    if missing:
        raise lines.error(f"'Run information' lacks {missing[0]!r} (truncated?)")
    omitted = attributes == ["[list of attributes omitted]"]
    try:
        instances, num_attributes = int(found["Instances:"]), int(found["Attributes:"])
    except ValueError:
        raise lines.error("'Run information' has a non-integer count of instances or attributes") from None
    return RunInfo(
        scheme=found["Scheme:"],
        relation=found["Relation:"],
        instances=instances,
        num_attributes=num_attributes,
        attributes=None if omitted else tuple(attributes),
        test_mode=found["Test mode:"],
        cost_matrix=cost_matrix,
    )


def _parse_cost_rows(lines: _Lines) -> np.ndarray:
    rows = []
    while lines.more() and lines.peek() != "":
        number, text = lines.take()
        tokens = text.split()
        if not all(_NUMBER_RE.fullmatch(t) for t in tokens):
            raise lines.error(f"not a row of numbers (cost expressions are not read): {text!r}", number)
        rows.append([float(t) for t in tokens])
        if len(rows[-1]) != len(rows[0]):
            raise lines.error("the cost matrix's rows differ in length", number)
    if not rows or len(rows) != len(rows[0]):
        raise lines.error("the cost matrix is not square")
    return np.array(rows, dtype=np.float64)


# -- sections and the report ---------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Section:
    """One evaluation WEKA printed, or one predictions table.

    ``title`` is the block's heading without the ``===`` ("Error on training
    data", "Stratified cross-validation", "Error on test data", "Summary",
    "Predictions under cross-validation", ...).  In the Explorer the heading
    above "Summary" says what was evaluated; ``evaluation`` holds it (on the
    command line it is the title).  ``line`` is the heading's line number.
    """

    title: str
    evaluation: str
    line: int
    summary: Summary | None = None
    class_details: ClassDetails | None = None
    confusion_matrix: PrintedConfusionMatrix | None = None
    predictions: Predictions | None = None

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {"title": self.title, "evaluation": self.evaluation, "line": self.line}
        for name in ("summary", "class_details", "confusion_matrix", "predictions"):
            block = getattr(self, name)
            result[name] = None if block is None else block.to_dict()
        return result


@dataclass(frozen=True, eq=False)
class WekaReport:
    """Everything read from one WEKA output: see :func:`read_weka_output`.

    ``times`` maps WEKA's "Time taken to ..." phrases to seconds; ``model``
    is the text of the full-training-set model (None with ``-o``);
    ``options`` the ``Options:`` line; ``other`` keeps, with their line
    numbers, any lines outside WEKA's blocks (such as Java log messages in a
    log that also captured stderr).
    """

    source: str
    sections: tuple[Section, ...]
    run_info: RunInfo | None = None
    model: str | None = None
    options: str | None = None
    cost_matrix: np.ndarray | None = None
    times: dict[str, float] = field(default_factory=dict)
    other: tuple[tuple[int, str], ...] = ()

    def check(self) -> list[Inconsistency]:
        """Recompute kappa, counts and percentages from each confusion matrix; return the contradictions.

        Matrices of whole counts are recomputed exactly with wekaeval's port
        and compared with the printed text digit for digit.  A matrix of
        rounded weighted sums bounds each entry by its rounding, and a
        printed value is wrong only if it lies outside every value those
        bounds allow.  An empty list means the report is consistent.
        """
        found: list[Inconsistency] = []
        for section in self.sections:
            found.extend(check_section(section))
        return found

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: non-finite numbers become WEKA's words ("NaN", "Infinity")."""
        return {
            "source": self.source,
            "run_info": None if self.run_info is None else self.run_info.to_dict(),
            "options": self.options,
            "model": self.model,
            "cost_matrix": None if self.cost_matrix is None else _json_rows(self.cost_matrix),
            "times": dict(self.times),
            "sections": [section.to_dict() for section in self.sections],
            "other": [list(entry) for entry in self.other],
        }


def read_weka_output(source: str | os.PathLike | IO, *, encoding: str = "utf-8") -> WekaReport:
    """Read WEKA's printed evaluation output: a command-line log or an Explorer buffer.

    Parameters
    ----------
    source : path, file object or str
        A path (``str`` without a newline, or ``os.PathLike``), an open file
        (text or binary), or the output itself (``str`` with a newline).
    encoding : str, default "utf-8"
        The encoding of a file or binary stream (``"cp1252"``, ``"big5"``, ...).

    Returns
    -------
    WekaReport

    Raises
    ------
    WekaOutputError
        If the text is not WEKA's evaluation output, is cut short, or a block
        holds something WEKA does not print; the message names the line.
    OSError
        If the file cannot be read.
    """
    name, text = _read_source(source, encoding)
    return _ReportParser(_Lines(text, name)).parse()


def _read_source(source: Any, encoding: str) -> tuple[str, str]:
    if isinstance(source, str) and (source == "" or "\n" in source or "\r" in source):
        return "<text>", source
    return read_text(source, WekaOutputError, encoding=encoding)


class _Lines:
    """The text's lines with their 1-based numbers, consumed front to back."""

    def __init__(self, text: str, source: str):
        self.source = source
        self.lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        if self.lines and self.lines[-1] == "":
            self.lines.pop()
        self.position = 0

    def more(self) -> bool:
        return self.position < len(self.lines)

    def peek(self) -> str:
        return self.lines[self.position]

    def take(self) -> tuple[int, str]:
        self.position += 1
        return self.position, self.lines[self.position - 1]

    def take_required(self, what: str) -> tuple[int, str]:
        if not self.more() or self.peek() == "":
            raise self.error(f"expected {what} (truncated?)")
        return self.take()

    def skip_blank(self) -> None:
        while self.more() and self.peek() == "":
            self.position += 1

    def error(self, message: str, line: int | None = None) -> WekaOutputError:
        where = line if line is not None else self.position + 1  # past the end when the text stops short
        return WekaOutputError(message, source=self.source, line=where)


class _ReportParser:
    """Walks the text heading by heading (``=== ... ===``)."""

    def __init__(self, lines: _Lines):
        self.lines = lines
        self.sections: list[Section] = []
        self.run_info: RunInfo | None = None
        self.model: str | None = None
        self.options: str | None = None
        self.cost_matrix: np.ndarray | None = None
        self.times: dict[str, float] = {}
        self.other: list[tuple[int, str]] = []
        self.pending_evaluation: tuple[str, int] | None = None

    def parse(self) -> WekaReport:
        lines = self.lines
        while lines.more():
            number, text = lines.take()
            heading = _HEADING.match(text)
            if heading is None:
                self.loose_line(number, text)
                continue
            self.block(heading.group(1), number)
        if self.pending_evaluation is not None:
            title, number = self.pending_evaluation
            raise lines.error(f"'=== {title} ===' is followed by no summary (truncated?)", number)
        if not self.sections:
            raise lines.error("no WEKA evaluation output here: no summary, no predictions", 1)
        return WekaReport(
            source=lines.source,
            sections=tuple(self.sections),
            run_info=self.run_info,
            model=self.model,
            options=self.options,
            cost_matrix=self.cost_matrix,
            times=self.times,
            other=tuple(self.other),
        )

    def loose_line(self, number: int, text: str) -> None:
        time = _TIME.match(text)
        if time is not None:
            self.times[time.group(1)] = float(time.group(2))
        elif text.startswith("Options: ") and self.options is None and not self.sections:
            self.options = text[len("Options: ") :]
        elif text.strip():
            self.other.append((number, text))

    def block(self, title: str, number: int) -> None:
        lines = self.lines
        if self.pending_evaluation is not None and title != "Summary":
            pending, line = self.pending_evaluation
            raise lines.error(f"'=== {pending} ===' is followed by no summary", line)
        if title == "Run information":
            self.run_info = _parse_run_info(lines)
        elif title.startswith("Classifier model"):
            self.read_model(title)
        elif title == "Evaluation Cost Matrix":
            lines.skip_blank()
            self.cost_matrix = _parse_cost_rows(lines)
        elif title.startswith("Predictions "):
            self.expect_blank(title)
            predictions = _parse_predictions(lines)
            self.sections.append(Section(title, title, number, predictions=predictions))
        elif title == "Detailed Accuracy By Class":
            self.expect_blank(title)
            self.attach(title, number, class_details=_parse_class_details(lines))
        elif title == "Confusion Matrix":
            self.expect_blank(title)
            self.attach(title, number, confusion_matrix=_parse_confusion_matrix(lines))
        elif self.only_times_before_summary():
            # The Explorer: "=== Stratified cross-validation ===" (perhaps a "Time taken" line) above "=== Summary ===".
            self.pending_evaluation = (title, number)
        else:
            self.expect_blank(title)
            if not lines.more() or _summary_line_spec(lines.peek())[0] is None:
                self.skip_unknown_block(title, number)
                return
            evaluation = title
            if title == "Summary" and self.pending_evaluation is not None:
                evaluation = self.pending_evaluation[0]
            self.pending_evaluation = None
            self.sections.append(Section(title, evaluation, number, summary=_parse_summary(lines)))

    def only_times_before_summary(self) -> bool:
        """Whether only blank and "Time taken" lines lie between here and a "=== Summary ===" (consumed if so)."""
        lines = self.lines
        ahead = lines.position
        while ahead < len(lines.lines) and (lines.lines[ahead] == "" or _TIME.match(lines.lines[ahead])):
            ahead += 1
        if ahead == len(lines.lines) or lines.lines[ahead] != "=== Summary ===":
            return False
        while lines.position < ahead:
            self.loose_line(*lines.take())
        return True

    def expect_blank(self, title: str) -> None:
        if not self.lines.more() or self.lines.peek() != "":
            raise self.lines.error(f"'=== {title} ===' is not followed by its blank line (truncated?)")
        self.lines.take()

    def attach(self, title: str, number: int, **block: Any) -> None:
        if not self.sections or self.sections[-1].summary is None:
            raise self.lines.error(f"'=== {title} ===' follows no summary", number)
        last = self.sections[-1]
        name = next(iter(block))
        if getattr(last, name) is not None:
            raise self.lines.error(f"a second '=== {title} ===' for one summary", number)
        self.sections[-1] = Section(**{**{f.name: getattr(last, f.name) for f in fields(last)}, **block})

    def read_model(self, title: str) -> None:
        lines = self.lines
        start = lines.position
        while lines.more() and not lines.peek().startswith("Time taken to build model:"):
            if _HEADING.match(lines.peek()) and lines.peek() != f"=== {title} ===":
                break
            lines.take()
        text = "\n".join(lines.lines[start:lines.position]).strip("\n")
        if title == "Classifier model (full training set)" or self.model is None:
            self.model = text

    def skip_unknown_block(self, title: str, number: int) -> None:
        """A block wekaeval does not read (e.g. "Source code"): keep its lines in ``other``."""
        self.other.append((number, f"=== {title} ==="))
        while self.lines.more() and not _HEADING.match(self.lines.peek()):
            line_number, text = self.lines.take()
            if text.strip():
                self.other.append((line_number, text))


def _number(token: str, lines: _Lines, number: int) -> float:
    if not _NUMBER_RE.fullmatch(token):
        raise lines.error(f"{token!r} is not a number as WEKA prints them", number)
    return float(token)


def _json_number(value: float | None) -> float | str | None:
    if value is None or math.isfinite(value):
        return value
    return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")


def _json_rows(matrix: np.ndarray) -> list[list[float | str | None]]:
    return [[_json_number(float(value)) for value in row] for row in matrix]
