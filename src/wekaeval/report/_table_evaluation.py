"""WEKA's Evaluation of a printed predictions table alone: :func:`table_evaluation`.

WEKA 3.8's command line with ``-classifications`` prints the predictions and no statistics; yet the
actual/predicted pairs fix the confusion matrix, and with it the counts, accuracy, kappa and every class
detail that comes from the matrix.  This module feeds the printed rows to :class:`wekaeval.Evaluation` in
their printed order -- the order WEKA evaluated them -- and says which statistics follow exactly and which do
not:

* **exact** (WEKA's own doubles): the confusion matrix, correct/incorrect/unclassified counts and
  percentages, kappa, total and missing-class counts, TP/FP rate, precision, recall, F-measure, MCC; and
  for a cross-validation the class priors of each training fold, so the order-0 class complexity.  All of
  it assuming each instance weighs 1: the table prints no weights.
* **from the printed numbers**: whatever needs the probabilities (errors, ROC and PRC areas, coverage,
  entropies) or a numeric class's values -- WEKA prints them rounded (``-decimals``, 3 by default).
* **not computed** (left out of the printed blocks, with the reason): without ``-distribution`` what needs
  the whole distribution; without training data what needs the priors (a test set's or split's priors come
  from data the table does not hold).

Cross-validation prints one table, each fold's test instances numbered from 1 (``crossValidateModel``
prints them fold by fold); a row numbered 1 starts a fold.  WEKA takes each fold's priors from its
training part, which is every other fold's rows.

>>> from wekaeval.report import read_weka_output
>>> import io
>>> text = ('=== Predictions under cross-validation ===\\n\\n'
...         '    inst#     actual  predicted error prediction\\n'
...         '        1      1:yes      1:yes       1 \\n'
...         '        1       2:no      1:yes   +   0.6 \\n')
>>> found = table_evaluation(read_weka_output(io.StringIO(text)).sections[0])
>>> found.folds, found.evaluation.confusion_matrix.tolist(), found.evaluation.kappa
(2, [[1.0, 0.0], [1.0, 0.0]], 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wekaeval.arff import Dataset
from wekaeval.blocks import PredictionRow
from wekaeval.blocks._shared import Section
from wekaeval.errors import PredictionError
from wekaeval.evaluation import Evaluation

__all__ = ["TableEvaluation", "table_evaluation", "printed_distribution"]

#: Statistics that need the whole distribution (WEKA's metric names, as ``-toggle`` takes them).
_DISTRIBUTION_METRICS = ("mae", "rmse", "rae", "rrse", "coverage", "region size", "roc area", "prc area")


@dataclass(frozen=True)
class TableEvaluation:
    """What :func:`table_evaluation` computed: the :class:`~wekaeval.Evaluation` (its text blocks print only
    what the table allows), how many folds the table holds (1: one test set), and what is exact, what comes
    from rounded printed numbers, and what was not computed and why."""

    evaluation: Evaluation
    rows: int
    folds: int
    priors: str | None
    exact: tuple[str, ...]
    from_printed: tuple[str, ...]
    not_computed: tuple[tuple[str, str], ...]

    def text(self) -> str:
        """WEKA's blocks of the evaluation (summary; class details and matrix of a nominal class)."""
        parts = [self.evaluation.summary("=== Summary ===\n")]
        if not self.evaluation.numeric:
            parts += [self.evaluation.class_details(), self.evaluation.matrix()]
        return "\n".join(parts) + "\n"

    def notes(self) -> list[str]:
        """What was computed from what, in sentences (for ``evaluate`` and the report page)."""
        what = f"{self.rows} printed predictions" + (
            f" of {self.folds} cross-validation folds" if self.folds > 1 else ""
        )
        notes = [f"computed from {what}, each instance with weight 1 (the table prints no instance weights)"]
        if self.priors is not None:
            notes.append(f"class priors: {self.priors}")
        notes.append("exactly WEKA's (given those weights): " + ", ".join(self.exact))
        if self.from_printed:
            notes.append(
                "from the printed, rounded numbers (WEKA's own doubles may differ in the last digits): "
                + ", ".join(self.from_printed)
            )
        notes += [f"not computed: {name}: {why}" for name, why in self.not_computed]
        return notes


def printed_distribution(row: PredictionRow, k: int) -> np.ndarray:
    """A printed nominal row's distribution for :class:`~wekaeval.Evaluation`: as printed when it is whole and
    its largest entry is the class WEKA predicted (the starred one); else (no ``-distribution``, or rounding
    that ties the largest entries) the predicted class with probability 1; all zeros when unclassified."""
    out = np.zeros(k)
    printed, predicted = row.distribution, row.predicted_index
    if printed is not None and len(printed) == k and all(p is not None for p in printed):
        values = np.array(printed, dtype=np.float64)
        if _predicted(values) == predicted:
            return values
    if predicted is not None and predicted < k:
        out[predicted] = 1.0
    return out


def _predicted(values: np.ndarray) -> int | None:
    """WEKA's predicted class of a distribution: the first strictly greatest positive entry; None if none."""
    best, index = 0.0, None
    for i, value in enumerate(values.tolist()):
        if not math.isnan(value) and value > best:
            best, index = value, i
    return index


def table_evaluation(
    section: Section,
    class_names: Sequence[str] | None = None,
    *,
    train: Dataset | None = None,
    source: str = "",
) -> TableEvaluation:
    """The Evaluation of ``section``'s printed predictions table alone (see the module's docstring).

    ``class_names`` are the class labels in order (an ARFF file's); by default the table's own, which must
    print every class at least once.  ``train`` is the training data of a table for one test set (its priors);
    a cross-validation's come from its folds, a table "on training data" is its own.  ``source`` names the
    file in errors.

    Raises
    ------
    PredictionError
        A section without a table, a table cut short, rows out of order, or a class whose label is unknown;
        the message names the line.
    """
    where = f"{source}:" if source else ""
    predictions = section.predictions
    if predictions is None:
        raise PredictionError(f"{where}{section.line}: no predictions table in this section")
    if section.incomplete is not None:
        raise PredictionError(f"{where}{section.line}: {section.incomplete}")
    rows = list(predictions.rows)
    if not rows:
        raise PredictionError(f"{where}{section.line}: a predictions table without rows")
    first_row = (predictions.line or section.line) + 1
    folds = _folds(rows, f"{where}", first_row)
    on_training_data = "training data" in section.title
    if predictions.nominal:
        names = _class_names(rows, class_names, where, first_row, cut=predictions.format == "Explorer")
        evaluation = Evaluation(list(names))
        k = len(names)
        values = np.array([math.nan if row.actual_index is None else row.actual_index for row in rows], dtype=float)
        inputs = np.array([printed_distribution(row, k) for row in rows]) if rows else np.zeros((0, k))
    else:
        evaluation = Evaluation(None)
        values = np.array([math.nan if row.actual is None else float(row.actual) for row in rows], dtype=float)
        inputs = np.array([math.nan if row.predicted is None else float(row.predicted) for row in rows], dtype=float)
    priors = _evaluate(evaluation, values, inputs, folds, on_training_data, train)
    return _described(evaluation, predictions.nominal, rows, folds, priors)


def _folds(rows: list[PredictionRow], where: str, first_row: int) -> list[slice]:
    """The folds of the table: a row numbered 1 starts one; within a fold the rows are numbered 1, 2, ..."""
    starts = [i for i, row in enumerate(rows) if row.inst == 1]
    if not starts or starts[0] != 0:
        raise PredictionError(f"{where}{first_row}: the first row is inst# {rows[0].inst}, not 1")
    folds = [slice(start, end) for start, end in zip(starts, [*starts[1:], len(rows)], strict=True)]
    for fold in folds:
        for offset, row in enumerate(rows[fold]):
            if row.inst != offset + 1:
                raise PredictionError(
                    f"{where}{first_row + fold.start + offset}: inst# {row.inst} where {offset + 1} was expected "
                    "(WEKA numbers the rows of each test set or fold 1, 2, ...)"
                )
    return folds


def _class_names(
    rows: list[PredictionRow], class_names: Sequence[str] | None, where: str, first_row: int, cut: bool
) -> tuple[str, ...]:
    """The class labels: ``class_names``, each printed label checked against it (``cut``: the old Explorer's
    labels, cut at ten characters); else the table's own."""
    printed: dict[int, str] = {}
    k = max((len(row.distribution) for row in rows if row.distribution is not None), default=0)
    for number, row in enumerate(rows, start=first_row):
        for index, label in ((row.actual_index, row.actual), (row.predicted_index, row.predicted)):
            if index is None or label is None:
                continue
            label = str(label)
            known = printed.setdefault(index, label)
            if known != label:
                raise PredictionError(f"{where}{number}: class {index + 1} printed as {label!r} and as {known!r}")
            k = max(k, index + 1)
    if class_names is not None:
        names = tuple(class_names)
        for index, label in sorted(printed.items()):
            if index >= len(names) or not (names[index] == label or (cut and names[index].startswith(label))):
                expected = names[index] if index < len(names) else "no class"
                raise PredictionError(
                    f"{where} the table's class {index + 1}:{label} is the data's {expected!r}; the data's classes "
                    f"are {list(names)}"
                )
        return names
    unknown = [index + 1 for index in range(k) if index not in printed]
    if unknown:
        raise PredictionError(
            f"{where} class {unknown[0]}'s label is never printed (no row has it as actual or predicted class): "
            "give the ARFF file (evaluate --data) for the class labels"
        )
    return tuple(printed[index] for index in range(k))


def _evaluate(
    evaluation: Evaluation,
    values: np.ndarray,
    inputs: np.ndarray,
    folds: list[slice],
    on_training_data: bool,
    train: Dataset | None,
) -> str | None:
    """Feed the rows fold by fold with WEKA's priors where the table gives them; what the priors are, or None."""
    if len(folds) > 1:
        for fold in folds:
            evaluation.set_priors(np.concatenate([values[: fold.start], values[fold.stop :]]))
            evaluation.evaluate_batch(inputs[fold], values[fold])
        return "each fold's training part, the other folds' rows (as WEKA's cross-validation sets them)"
    if on_training_data:
        evaluation.set_priors(values)
        priors = "the evaluated rows themselves (predictions on the training data)"
    elif train is not None:
        evaluation.set_priors(train)
        priors = f"the training data given ({train.num_instances} instances)"
    else:
        evaluation.use_no_priors()
        priors = None
    evaluation.evaluate_batch(inputs, values)
    return priors


_EXACT_NOMINAL = (
    "the confusion matrix",
    "correctly and incorrectly classified instances and their percentages",
    "kappa",
    "unclassified instances",
    "total number of instances",
    "TP rate, FP rate, precision, recall, F-measure and MCC",
)


def _described(
    evaluation: Evaluation, nominal: bool, rows: list[PredictionRow], folds: list[slice], priors: str | None
) -> TableEvaluation:
    not_computed: list[tuple[str, str]] = []
    hidden: list[str] = []
    from_printed: list[str] = []
    exact = list(_EXACT_NOMINAL) if nominal else ["unclassified instances", "total number of instances"]
    if priors is not None and nominal:
        exact.append("the class priors and the order-0 class complexity")
    with_distribution = nominal and all(row.distribution is not None for row in rows if row.predicted is not None)
    if nominal and not with_distribution:
        hidden += list(_DISTRIBUTION_METRICS)
        not_computed.append(
            (
                "mean absolute and root mean squared error, relative errors, coverage, ROC and PRC areas, entropies",
                'they need each row\'s whole distribution: print it with -classifications "... -distribution"',
            )
        )
    elif nominal:
        from_printed.append("mean absolute and root mean squared error, ROC and PRC areas, coverage and region size")
        if priors is not None:
            from_printed.append("relative absolute and root relative squared error, scheme entropies, K&B information")
    else:
        from_printed.append("correlation coefficient, mean absolute and root mean squared error")
        if priors is not None:
            from_printed.append("relative absolute and root relative squared error")
        not_computed.append(
            ("coverage, region size and entropies", "they need the scheme's intervals and densities, not printed")
        )
    if priors is None:
        not_computed.append(
            (
                "relative absolute and root relative squared error, entropies, K&B information",
                "they need the class priors, which come from the training data: give it (evaluate --train)",
            )
        )
    if hidden:
        evaluation.metrics_to_display = [m for m in evaluation.metrics_to_display if m not in hidden]
    return TableEvaluation(
        evaluation, len(rows), len(folds), priors, tuple(exact), tuple(from_printed), tuple(not_computed)
    )
