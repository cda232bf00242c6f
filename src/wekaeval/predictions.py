"""Per-instance predictions from a CSV file, matched against an ARFF dataset.

The file has a header row and one row per instance of the dataset, in order:

* a ``predicted`` column holding a class label (``?`` or empty: unclassified);
* or one column per class, headed by the class label, holding the predicted
  distribution.

An optional ``actual`` column is checked against the dataset's class (``?``
where it is missing).  Any other column, an unknown label, a non-number or a
row count that differs from the dataset's is an error naming the line.
"""

from __future__ import annotations

import codecs
import csv
import math
import os
from pathlib import Path

import numpy as np

from .arff import Dataset
from .confusion import ConfusionMatrix
from .errors import PredictionError

__all__ = ["read_predictions"]

MISSING = ("?", "")


def read_predictions(path: str | os.PathLike, dataset: Dataset, *, encoding: str = "utf-8") -> ConfusionMatrix:
    """WEKA's confusion matrix of the predictions in a CSV file (in ``encoding``) for ``dataset``.

    Raises
    ------
    PredictionError
        For a malformed file or one that does not fit the dataset; the
        message names the file and line.
    """
    name = str(path)
    if dataset.class_names is None:
        raise PredictionError(f"{name}: the dataset's class is numeric; kappa needs a nominal class")
    classes = dataset.class_names
    try:
        codec = "utf-8-sig" if codecs.lookup(encoding).name == "utf-8" else encoding
        with Path(path).open(newline="", encoding=codec) as handle:
            rows = list(csv.reader(handle))
    except OSError as error:
        raise PredictionError(f"{name}: cannot read: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise PredictionError(f"{name}: not {encoding} text ({error.reason}); pass its encoding") from None
    except csv.Error as error:
        raise PredictionError(f"{name}: not a readable CSV file: {error}") from None
    if not rows:
        raise PredictionError(f"{name}: empty file, expected a header row")
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
        _check_actual(name, [row[header.index("actual")].strip() for row in body], dataset)
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


def _check_actual(name: str, labels: list[str], dataset: Dataset) -> None:
    classes = dataset.class_names
    for i, (label, value) in enumerate(zip(labels, dataset.class_values)):
        expected = "?" if math.isnan(value) else classes[int(value)]
        if (label in MISSING and expected == "?") or label == expected:
            continue
        raise PredictionError(
            f"{name}:{i + 2}: actual class {label!r} differs from the dataset's {expected!r} for instance {i + 1}"
        )


def _probability(name: str, line: int, label: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise PredictionError(f"{name}:{line}: probability of {label!r} is not a number: {text!r}") from None
    if math.isinf(value):
        raise PredictionError(f"{name}:{line}: probability of {label!r} is infinite (WEKA's Evaluation throws on it)")
    return value
