"""Per-instance predictions from a file, matched against an ARFF dataset.

WEKA's own predictions -- what ``-classifications ...PlainText`` or
``...CSV`` prints (with or without ``-distribution``, ``-p``, the
``=== Predictions ... ===`` heading or the rest of the log) -- are read with
:func:`~wekaeval.report.read_weka_output`: one row per instance of the
dataset, in its order (``inst#`` 1, 2, ...), each printed actual class the
dataset's.  The class WEKA predicted (the starred one of a distribution) is
the prediction: a printed distribution is rounded, so its largest entry can
tie where WEKA's doubles did not.  Cross-validation prints each fold's test
instances in fold order, numbering each fold from 1: such rows cannot be
matched to the dataset, and are refused rather than guessed at
(:func:`~wekaeval.report.table_evaluation` computes what the table alone gives).

Otherwise the file is this project's CSV, with a header row and one row per
instance of the dataset, in order:

* a ``predicted`` column holding a class label (``?`` or empty: unclassified);
* or one column per class, headed by the class label, holding the predicted
  distribution: decimal numbers (``0.25``, ``1e-3``) in [0, 1].

An optional ``actual`` column is checked against the dataset's class (``?``
where it is missing).  Any other column, an unknown label, a non-number (what
Python's ``float()`` reads besides, such as ``0.2_5`` or ``nan``, too), a
probability outside [0, 1] or a row count that differs from the dataset's is
an error naming the line.

A file cut inside its last row still holds a row (``0.75`` cut to ``0.7``):
every row ends with a line end, so a CSV file whose last row has none is
refused, and so is WEKA's table that the reader marks cut short
(``Section.incomplete``), naming the line.
"""

from __future__ import annotations

import csv
import io
import math
import os
import re

import numpy as np

from wekaeval._textsource import quoted, read_text
from wekaeval.arff import Dataset
from wekaeval.arff._shared import as_dataset
from wekaeval.blocks._shared import Section
from wekaeval.errors import PredictionError, WekaOutputError
from wekaeval.evaluation import ConfusionMatrix
from wekaeval.report._prediction_text import is_header
from wekaeval.report._reader import read_weka_output

MISSING = ("?", "")


def read_predictions(path: str | os.PathLike, dataset: Dataset, *, encoding: str = "utf-8") -> ConfusionMatrix:
    """WEKA's confusion matrix of the predictions in a file (in ``encoding``) for ``dataset``.

    The file is WEKA's printed predictions (PlainText or CSV, a table or a
    whole log) or this project's CSV; see the module's docstring.
    ``encoding`` is a codec (``"cp1252"``, ...) or ``"auto"``: a byte-order
    mark, else UTF-8, else cp1252 with a
    :class:`~wekaeval.errors.LegacyEncodingWarning` (as
    :func:`read_weka_output`).  A UTF-8 byte-order mark is always skipped.

    Raises
    ------
    PredictionError
        For a malformed file or one that does not fit the dataset; the
        message names the file and line.
    """
    name = str(path)
    dataset = as_dataset(dataset)  # python-weka-wrapper3's Instances too
    if dataset.class_names is None:
        raise PredictionError(f"{name}: the dataset's class is numeric; kappa needs a nominal class")
    classes = dataset.class_names
    try:  # a bounded stream of lines: /dev/zero or a binary file is an error naming it, never all of memory
        _, text = read_text(path, WekaOutputError, encoding=encoding)
    except OSError as error:
        raise PredictionError(f"{name}: cannot read: {error.strerror}") from None
    except WekaOutputError as error:
        raise PredictionError(str(error)) from None
    text = text.removeprefix("\ufeff")
    if _printed_by_weka(text):
        return _weka_predictions(path, text, dataset)
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as error:
        raise PredictionError(f"{name}: not a readable CSV file: {error}") from None
    if not rows:
        raise PredictionError(f"{name}: empty file, expected a header row")
    if not text.endswith(("\n", "\r")):  # a cut inside the last row leaves a row still ("0.75" -> "0.7")
        raise PredictionError(
            f"{name}:{len(_lines(text))}: the last row has no line end (cut short?); a complete CSV file ends "
            "every row with one"
        )
    header, body = [cell.strip() for cell in rows[0]], rows[1:]
    if len(body) != dataset.num_instances:
        raise PredictionError(
            f"{name}: {len(body)} prediction rows for {dataset.num_instances} instances in the dataset"
        )
    unknown = [column for column in header if column not in ("predicted", "actual", *classes)]
    if unknown:
        raise PredictionError(
            f"{name}:1: unknown column {unknown[0]!r}; expected 'predicted' or the class labels {list(classes)}"
        )
    if len(set(header)) != len(header):
        raise PredictionError(f"{name}:1: a column appears twice in the header")
    for number, row in enumerate(body, start=2):
        if len(row) != len(header):
            raise PredictionError(f"{name}:{number}: {len(row)} fields, the header has {len(header)}")

    if "actual" in header:
        _check_actual(name, [row[header.index("actual")].strip() for row in body], dataset, classes)
    if "predicted" in header:
        if any(column in classes for column in header):
            raise PredictionError(f"{name}:1: give either a 'predicted' column or distribution columns, not both")
        predicted = _predicted_codes(name, [row[header.index("predicted")].strip() for row in body], classes)
        return ConfusionMatrix.from_predictions(
            dataset.class_values, predicted=predicted, weights=dataset.weights, class_names=classes
        )
    missing_columns = [label for label in classes if label not in header]
    if missing_columns:
        raise PredictionError(
            f"{name}:1: no 'predicted' column, and no distribution column for class {missing_columns[0]!r}"
        )
    columns = [header.index(label) for label in classes]
    distributions = np.empty((len(body), len(classes)), dtype=np.float64)
    for i, row in enumerate(body):
        for j, column in enumerate(columns):
            distributions[i, j] = _probability(name, i + 2, classes[j], row[column])
    try:
        return ConfusionMatrix.from_predictions(
            dataset.class_values, distributions, weights=dataset.weights, class_names=classes
        )
    except PredictionError as error:  # name the line of the rejected distribution
        line = f":{error.instance + 2}" if error.instance is not None else ""
        raise PredictionError(f"{name}{line}: {error}") from None


def _predicted_codes(name: str, labels: list[str], classes: tuple[str, ...]) -> np.ndarray:
    index = {label: i for i, label in enumerate(classes)}
    codes = np.empty(len(labels), dtype=np.float64)
    for i, label in enumerate(labels):
        if label in MISSING:
            codes[i] = math.nan
        elif label in index:
            codes[i] = index[label]
        else:
            raise PredictionError(f"{name}:{i + 2}: predicted label {label!r} is not one of {list(classes)}")
    return codes


def _check_actual(name: str, labels: list[str], dataset: Dataset, classes: tuple[str, ...]) -> None:
    """``labels`` are the ``dataset``'s actual classes, of its nominal class's labels ``classes``."""
    for i, (label, value) in enumerate(zip(labels, dataset.class_values, strict=False)):
        expected = "?" if math.isnan(value) else classes[int(value)]
        if (label in MISSING and expected == "?") or label == expected:
            continue
        raise PredictionError(
            f"{name}:{i + 2}: actual class {label!r} differs from the dataset's {expected!r} for instance {i + 1}"
        )


#: A probability as this project's CSV holds it: ASCII digits, a point, an exponent (what ``float()`` reads
#: besides -- ``0.2_5``, ``nan``, ``inf``, other scripts' digits -- is refused, as are Java's ``NaN``, hex and ``d``).
_DECIMAL = re.compile(r"\s*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\s*", re.ASCII)


def _probability(name: str, line: int, label: str, text: str) -> float:
    """A probability of a distribution column: a decimal number in [0, 1], else an error naming the line."""
    where = f"{name}:{line}: probability of {label!r}"
    if not _DECIMAL.fullmatch(text):
        try:
            special = not math.isfinite(float(text))
        except ValueError:
            special = False
        if special:  # nan, inf: no probability (WEKA's Evaluation throws on most; NaN never wins)
            raise PredictionError(f"{where} is {text.strip()!r}, not a probability (a number in [0, 1])")
        raise PredictionError(
            f"{where} is not a number as a CSV file of predictions writes one (digits, a point, an exponent): "
            f"{quoted(text)}"
        )
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise PredictionError(f"{where} is {text.strip()}, outside [0, 1]")
    return value


def _printed_by_weka(text: str) -> bool:
    """WEKA's output: a predictions table's header somewhere, or a ``=== ... ===`` heading first."""
    lines = _lines(text)
    first = next((line for line in lines if line.strip()), "")
    return first.lstrip().startswith("===") or any(is_header(line) for line in lines)


def _lines(text: str) -> list[str]:
    """Lines as :func:`~wekaeval.report.read_weka_output` numbers them."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _weka_predictions(path: str | os.PathLike, text: str, dataset: Dataset) -> ConfusionMatrix:
    """The confusion matrix of WEKA's printed predictions in ``text``, each row checked against its instance."""
    name = str(path)
    stream = io.StringIO(text)
    stream.name = name  # the reader's errors name the file, as when it reads the path itself
    try:
        report = read_weka_output(stream)
    except WekaOutputError as error:
        raise PredictionError(str(error)) from None
    tables = [section for section in report.sections if section.predictions is not None]
    if len(tables) != 1:
        if not tables:
            raise PredictionError(f"{name}: WEKA's output without predictions; save what -classifications prints")
        lines = ", ".join(str(section.line) for section in tables)
        raise PredictionError(f"{name}: {len(tables)} predictions tables (lines {lines}); save the one to score")
    section = tables[0]
    predictions = section.predictions
    assert predictions is not None
    first = _first_row_line(text, section)
    if section.incomplete is not None:  # a cut table is never scored: its last row may have lost digits
        raise PredictionError(f"{name}:{first + max(len(predictions.rows), 1) - 1}: {section.incomplete}")
    if not predictions.nominal:
        raise PredictionError(f"{name}:{first - 1}: predictions of a numeric class; kappa needs a nominal class")
    rows = predictions.rows
    for i, row in enumerate(rows):
        if row.inst != i + 1:
            raise PredictionError(f"{name}:{first + i}: {_out_of_order(row.inst, i, section)}")
    if "cross-validation" in section.title:
        raise PredictionError(f"{name}:{section.line}: {_out_of_order(None, 0, section)}")
    if len(rows) != dataset.num_instances:
        raise PredictionError(f"{name}: {len(rows)} predictions for {dataset.num_instances} instances in the dataset")
    classes = dataset.class_names
    assert classes is not None
    predicted = np.empty(len(rows), dtype=np.float64)
    for i, (row, value) in enumerate(zip(rows, dataset.class_values, strict=False)):
        expected = None if math.isnan(value) else int(value)
        if row.actual_index != expected or not _same_label(row.actual, expected, classes, predictions.format):
            shown = "?" if row.actual_index is None else f"{row.actual_index + 1}:{row.actual}"
            wanted = "?" if expected is None else f"{expected + 1}:{classes[expected]}"
            raise PredictionError(
                f"{name}:{first + i}: actual class {shown!r} differs from the dataset's {wanted!r} for instance {i + 1}"
            )
        index = row.predicted_index
        if index is not None and (
            index >= len(classes) or not _same_label(row.predicted, index, classes, predictions.format)
        ):
            raise PredictionError(
                f"{name}:{first + i}: predicted class '{index + 1}:{row.predicted}' is not one of the dataset's "
                f"classes {[f'{j + 1}:{label}' for j, label in enumerate(classes)]}"
            )
        predicted[i] = math.nan if index is None else index
    return ConfusionMatrix.from_predictions(
        dataset.class_values, predicted=predicted, weights=dataset.weights, class_names=classes
    )


def _out_of_order(inst: int | None, i: int, section: Section) -> str:
    found = "" if inst is None else f"inst# {inst} where {i + 1} was expected: "
    if inst == 1 or "cross-validation" in section.title:
        return (
            f"{found}cross-validation prints each fold's test instances in fold order, numbering each fold "
            "from 1, so its rows cannot be matched to the dataset's instances; score the predictions of a "
            "-T or -no-cv run, or compute the statistics from the table alone: wekaeval evaluate TABLE"
        )
    return f"{found}the rows must be the dataset's instances, in order"


def _same_label(printed: str | float | None, index: int | None, classes: tuple[str, ...], form: str) -> bool:
    """Whether the printed label is class ``index``'s; the Explorer's old table cut labels to ten characters."""
    if index is None:
        return True
    label = classes[index]
    return printed == label or (form == "Explorer" and isinstance(printed, str) and label.startswith(printed))


def _first_row_line(text: str, section: Section) -> int:
    """The 1-based line of the table's first row: the line after its header, at or below the section's line."""
    lines = _lines(text)
    for number in range(section.line - 1, len(lines)):
        if is_header(lines[number]):
            return number + 2
    return section.line + 1  # not reached: read_weka_output found the header
