"""``wekaeval evaluate``: WEKA's whole summary, class details and confusion matrix, recomputed from saved
predictions.

The predictions are WEKA's printed ones (``-classifications ...PlainText`` or ``...CSV``, with or without
``-distribution``, alone or in a whole log) or this project's CSV (a ``predicted`` column, or one probability
column per class), for the instances of ``--data`` in order; :func:`wekaeval.report.read_predictions` checks
every row against the dataset (and names the line of any that does not fit).  They are fed to
:class:`wekaeval.Evaluation` with the dataset's instance weights and the class priors of ``--train`` (WEKA takes
its priors from the training data; without ``--train``, from the evaluated instances themselves, which is
WEKA's own choice for a ``-no-cv`` run).

WEKA's printed table needs no ``--data``, and a cross-validation's table (each fold numbered from 1, so its rows
cannot be matched to the dataset's instances) is always read alone:
:func:`wekaeval.report.table_evaluation` computes what the printed columns allow, each instance with weight 1,
a cross-validation's priors from its folds; the blocks print only what was computed, and what is exact, what
comes from rounded numbers and what was left out (and what it needs) is said on stderr, one ``wekaeval: note:``
line each.

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
import sys
from typing import TYPE_CHECKING, Any

from wekaeval._textsource import read_text
from wekaeval.cli._common import UsageError, add_encoding, class_attribute
from wekaeval.errors import PredictionError, WekaOutputError

if TYPE_CHECKING:  # at run time each command imports what it uses, so that --help needs none of it
    import numpy as np

    from wekaeval.blocks._shared import Section


def add_parser(commands: Any) -> None:
    """The ``evaluate`` command's arguments."""
    parser = commands.add_parser(
        "evaluate",
        help="WEKA's summary, class details and confusion matrix recomputed from saved predictions",
        description="Recompute WEKA's whole evaluation output (summary, detailed accuracy by class, confusion "
        "matrix) from per-instance predictions: WEKA's printed ones (-classifications ... PlainText or CSV, a "
        "cross-validation's too) or a CSV of your own, for the instances of --data in order. WEKA's printed table "
        "needs no --data: what it cannot give is left out and said on stderr.",
    )
    parser.add_argument("predictions", metavar="PREDICTIONS", help="WEKA's printed predictions, or a CSV")
    parser.add_argument(
        "--data",
        metavar="DATA.arff",
        help="the ARFF file the predictions are for (classes, weights); needed for a CSV of your own",
    )
    parser.add_argument(
        "--train",
        metavar="TRAIN.arff",
        help="the training data, for WEKA's class priors (default: the evaluated instances themselves with "
        "--data; a cross-validation's come from its folds)",
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
    import numpy as np

    from wekaeval.arff import load_arff
    from wekaeval.evaluation import Evaluation
    from wekaeval.report import read_predictions

    section = _printed_table(args.predictions, args.encoding)
    if section is not None and (args.data is None or _cross_validation(section) or not _nominal(section)):
        return _evaluate_table(args, section)
    if args.data is None:
        raise UsageError(
            f"evaluate: {args.predictions} is not WEKA's printed predictions table: give --data DATA.arff, the "
            "instances a CSV of predictions is for"
        )
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


def _printed_table(path: str, encoding: str) -> Section | None:
    """The one predictions table of WEKA's output in ``path``; None when the file is not WEKA's output (a CSV of
    one's own); an error naming the file when it holds none, or several."""
    from wekaeval.report import read_weka_output

    try:
        report = read_weka_output(path, encoding=encoding)
    except WekaOutputError:
        return None
    except OSError as error:
        raise PredictionError(f"{path}: cannot read: {error.strerror or error}") from None
    tables = [section for section in report.sections if section.predictions is not None]
    if len(tables) == 1:
        return tables[0]
    if not tables:
        raise PredictionError(f"{path}: WEKA's output without predictions; save what -classifications prints")
    lines = ", ".join(str(section.line) for section in tables)
    raise PredictionError(f"{path}: {len(tables)} predictions tables (lines {lines}); save the one to score")


def _nominal(section: Section) -> bool:
    assert section.predictions is not None
    return section.predictions.nominal


def _cross_validation(section: Section) -> bool:
    """A cross-validation's table: its heading says so, or its rows are numbered from 1 again (a new fold)."""
    assert section.predictions is not None
    rows = section.predictions.rows
    return "cross-validation" in section.title or any(row.inst == 1 for row in rows[1:])


def _evaluate_table(args: argparse.Namespace, section: Section) -> int:
    """The Evaluation of a printed table alone: a cross-validation's, a numeric class's, or one without --data
    (its classes and size checked against --data's, when given; --data's priors for one test set, as above)."""
    import numpy as np

    from wekaeval.arff import load_arff
    from wekaeval.report import table_evaluation

    assert section.predictions is not None
    cross_validation = _cross_validation(section)
    if args.train is not None and cross_validation:
        raise UsageError(
            "evaluate: --train is for one test set's predictions; a cross-validation's priors come from its folds, "
            "which the table holds"
        )
    names = train = None
    if args.data is not None:
        dataset = load_arff(args.data, class_attribute=args.class_attribute, encoding=args.encoding)
        if (dataset.class_names is not None) != section.predictions.nominal:
            kind = "nominal" if section.predictions.nominal else "numeric"
            raise UsageError(f"evaluate: the table predicts a {kind} class; {args.data}'s class is not {kind}")
        rows = len(section.predictions.rows)
        if rows != dataset.num_instances:
            raise PredictionError(
                f"{args.predictions}: {rows} predictions for {dataset.num_instances} instances in {args.data}"
            )
        if not np.all(dataset.weights == 1.0):
            raise UsageError(
                f"evaluate: {args.data} has instance weights, and this table's statistics are computed with "
                "weight 1 each (a cross-validation's rows cannot be matched to the instances: each fold is "
                "numbered from 1); run WEKA with -T or -no-cv, and evaluate a nominal class's table with --data"
            )
        names = dataset.class_names
        train = None if cross_validation else dataset
    if args.train is not None:
        train = load_arff(args.train, class_attribute=args.class_attribute, encoding=args.encoding)
    found = table_evaluation(section, names, train=train, source=args.predictions)
    if train is not None and train.class_names != found.evaluation.class_names:
        raise UsageError(f"--train {args.train}: its class labels are not the table's {found.evaluation.class_names}")
    print(found.text(), end="")
    for note in found.notes():
        print(f"wekaeval: note: {note}", file=sys.stderr)
    return 0


def _distributions(path: str, dataset: Any, encoding: str) -> np.ndarray:
    """One distribution per instance, as the file gives it (see the module's docstring)."""
    import numpy as np

    from wekaeval.report import read_weka_output
    from wekaeval.report._shared import printed_distribution

    classes = list(dataset.class_names)
    k = len(classes)
    try:
        report = read_weka_output(path, encoding=encoding)
        tables = [section.predictions for section in report.sections if section.predictions is not None]
    except (PredictionError, ValueError):
        tables = []
    if tables:
        return np.array([printed_distribution(row, k) for row in tables[0].rows]).reshape(-1, k)
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
