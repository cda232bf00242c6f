"""``wekaeval evaluate``: WEKA's whole summary, class details and confusion matrix, recomputed from saved
predictions.

The predictions are WEKA's printed ones (``-classifications ...PlainText`` or ``...CSV``, with or without
``-distribution``, alone or in a whole log) or this project's CSV (a ``predicted`` column, or one probability
column per class), for the instances of ``--data`` in order; :func:`wekaeval.report.read_predictions` checks
every row against the dataset (and names the line of any that does not fit).  They are fed to
:class:`wekaeval.Evaluation` with the dataset's instance weights and the class priors of ``--train`` (WEKA takes
its priors from the training data; without ``--train``, from the evaluated instances themselves, which is
WEKA's own choice for a ``-no-cv`` run).

What is exact and what is not: counts, kappa, accuracy and every figure of the class details that comes from
the confusion matrix are WEKA's for the run.  The error measures, areas and entropies come from the
probabilities as printed: WEKA prints them rounded (``-decimals``, 3 by default), and without ``-distribution``
only the predicted class is known (read as probability 1).  A printed distribution whose rounding ties makes
the class WEKA predicted (the starred one) the prediction, read as probability 1.
"""

from __future__ import annotations

import argparse
import csv
import io
import math
from typing import Any

import numpy as np

from wekaeval._textsource import read_text
from wekaeval.arff import load_arff
from wekaeval.cli._common import UsageError, add_encoding, class_attribute
from wekaeval.errors import PredictionError, WekaOutputError
from wekaeval.evaluation import Evaluation
from wekaeval.report import read_predictions, read_weka_output


def add_parser(commands: Any) -> None:
    """The ``evaluate`` command's arguments."""
    parser = commands.add_parser(
        "evaluate",
        help="WEKA's summary, class details and confusion matrix recomputed from saved predictions",
        description="Recompute WEKA's whole evaluation output (summary, detailed accuracy by class, confusion "
        "matrix) from per-instance predictions: WEKA's printed ones (-classifications ... PlainText or CSV) or a "
        "CSV of your own, for the instances of --data in order.",
    )
    parser.add_argument("predictions", metavar="PREDICTIONS", help="WEKA's printed predictions, or a CSV")
    parser.add_argument(
        "--data", metavar="DATA.arff", required=True, help="the ARFF file the predictions are for (classes, weights)"
    )
    parser.add_argument(
        "--train",
        metavar="TRAIN.arff",
        help="the training data, for WEKA's class priors (default: the evaluated instances themselves)",
    )
    parser.add_argument(
        "-c",
        "--class",
        dest="class_attribute",
        type=class_attribute,
        metavar="INDEX|NAME",
        help="the class attribute as in WEKA's -c (1-based, first, last) or by name; default last",
    )
    add_encoding(parser)
    parser.set_defaults(run=_evaluate_command)


def _evaluate_command(args: argparse.Namespace) -> int:
    dataset = load_arff(args.data, class_attribute=args.class_attribute, encoding=args.encoding)
    if dataset.class_names is None:
        raise UsageError(f"evaluate: {args.data}'s class is numeric; evaluate reads a nominal class's predictions")
    matrix = read_predictions(args.predictions, dataset, encoding=args.encoding)  # every row checked, or an error
    distributions = _distributions(args.predictions, dataset, args.encoding)
    evaluation = Evaluation(list(dataset.class_names))
    if args.train is not None:
        train = load_arff(args.train, class_attribute=args.class_attribute, encoding=args.encoding)
        if train.class_names != dataset.class_names:
            raise UsageError(f"--train {args.train}: its class labels are not --data's {list(dataset.class_names)}")
        evaluation.set_priors(train)
    else:
        evaluation.set_priors(dataset)
    evaluation.evaluate_batch(distributions, dataset.class_values, dataset.weights)
    if not np.array_equal(evaluation.confusion_matrix, np.asarray(matrix.matrix)):  # the same predictions, read twice
        raise PredictionError(f"{args.predictions}: the predictions give two different confusion matrices")
    print(evaluation.summary("=== Summary ===\n"))
    print(evaluation.class_details())
    print(evaluation.matrix())
    return 0


def _distributions(path: str, dataset: Any, encoding: str) -> np.ndarray:
    """One distribution per instance, as the file gives it (see the module's docstring)."""
    classes = list(dataset.class_names)
    k = len(classes)
    try:
        report = read_weka_output(path, encoding=encoding)
        tables = [section.predictions for section in report.sections if section.predictions is not None]
    except (PredictionError, ValueError):
        tables = []
    if tables:
        rows = tables[0].rows
        out = np.zeros((len(rows), k))
        for i, row in enumerate(rows):
            printed = row.distribution
            predicted = row.predicted_index
            if printed is not None and len(printed) == k and all(p is not None for p in printed):
                values = np.array(printed, dtype=np.float64)
                if _predicted(values) == predicted:
                    out[i] = values
                    continue
            if predicted is not None:
                out[i, predicted] = 1.0
        return out
    _, text = read_text(path, WekaOutputError, encoding=encoding)  # read_predictions has read it already
    table = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline="")))
    header, body = [cell.strip() for cell in table[0]], table[1:]
    out = np.zeros((len(body), k))
    if "predicted" in header:
        column = header.index("predicted")
        for i, cells in enumerate(body):
            label = cells[column].strip()
            if label not in ("", "?"):
                out[i, classes.index(label)] = 1.0
        return out
    columns = [header.index(label) for label in classes]
    for i, cells in enumerate(body):
        out[i] = [float(cells[column]) for column in columns]
    return out


def _predicted(values: np.ndarray) -> int | None:
    """WEKA's predicted class of a distribution: the first strictly greatest positive entry; None if none."""
    best, index = 0.0, None
    for i, value in enumerate(values.tolist()):
        if not math.isnan(value) and value > best:
            best, index = value, i
    return index
