"""WEKA's cross-validation, rebuilt from its per-fold predictions: ``evaluate_folds``.

``Evaluation.crossValidateModel`` (WEKA 3.9.7) shuffles the data with
``Random(seed)``, stratifies it, and for each fold sets the priors from the
fold's training part -- ``trainCV(folds, i, random)``, the other folds in
order, *shuffled again with the same Random* -- before evaluating the fold's
test part.  The class priors are running sums of instance weights, so with
fractional weights their last bits follow that shuffle: it is ported here
(``java.util.Random`` and ``Instances.randomize``), which makes the statistics
that use priors (relative errors, K&B information, SF entropies) the same
doubles as WEKA's.

The test parts, concatenated in fold order, are the stratified data (WEKA's
``testCV`` takes contiguous blocks), so the fold predictions are all it needs.

>>> from wekaeval.folds import JavaRandom, java_shuffle
>>> JavaRandom(1).next_int(10), java_shuffle(5, JavaRandom(42))
(5, [1, 2, 3, 4, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import numpy as np

from wekaeval.arff import Dataset
from wekaeval.errors import PredictionError
from wekaeval.evaluation._evaluation import Evaluation
from wekaeval.evaluation._inputs import weight_array
from wekaeval.evaluation._numeric import numeric_values
from wekaeval.javamath import JavaRandom, java_shuffle


def fold_sizes(n: int, folds: int) -> list[int]:
    """The size of each fold's test part, as ``Instances.testCV`` cuts n instances."""
    return [n // folds + (1 if i < n % folds else 0) for i in range(folds)]


def evaluate_folds(
    data: Dataset | Sequence[str] | None,
    folds: Sequence[tuple[Any, Any] | tuple[Any, Any, Any]],
    *,
    seed: int = 1,
    cost_matrix: Any = None,
    intervals: Sequence[Any] | Literal[False] | None = None,
    log_densities: Sequence[Any] | Literal[False] | None = None,
) -> Evaluation:
    """The Evaluation of a WEKA cross-validation, from each fold's predictions.

    Parameters
    ----------
    data : Dataset, sequence of str, or None
        The dataset (or its class names; None: a numeric class): only the
        class is used.
    folds : sequence of (distributions, actual[, weights])
        Each fold's test predictions, in WEKA's order (as
        :func:`wekaeval.bridge.evaluate` returns them, split by ``fold``); for
        a numeric class the predicted values instead of distributions.
    seed : int
        The cross-validation's seed (``-s``): it decides the order of each
        training part, hence the last bits of the priors.
    cost_matrix : CostMatrix, optional
    intervals, log_densities : numeric class only
        Per fold, what :meth:`Evaluation.evaluate_batch` takes: False when the
        scheme is no interval (density) estimator, as WEKA then reports
        coverage and region size (the SF entropies) as missing.

    Returns
    -------
    Evaluation
        Its blocks are the command line's (:func:`cross_validation_text`).
    """
    evaluation = Evaluation(data, cost_matrix)
    parts = []
    for number, fold in enumerate(folds):
        if len(fold) not in (2, 3):
            raise PredictionError(
                f"folds[{number}] must be (distributions, actual) or (distributions, actual, weights)"
            )
        distributions, actual = fold[0], fold[1]
        if evaluation.numeric:
            values = numeric_values(actual, f"folds[{number}] actual")
        else:
            codes = evaluation._class_coder().codes(actual, f"folds[{number}] actual")
            values = np.where(codes >= 0, codes, np.nan)
        weights = weight_array(fold[2] if len(fold) == 3 else None, len(values))
        parts.append((distributions, values, weights))
    if len(parts) < 2:
        raise PredictionError(f"a cross-validation has at least 2 folds, got {len(parts)}")
    all_values = np.concatenate([values for _, values, _ in parts])
    all_weights = np.concatenate([weights for _, _, weights in parts])
    n = len(all_values)
    # integral weights of class indices sum exactly in any order: then the shuffles need not be redone
    exact = not evaluation.numeric and bool(
        np.all(all_weights == np.round(all_weights)) and np.all(np.abs(all_weights) < 2**40)
    )
    random = JavaRandom(seed)
    if not exact:
        java_shuffle(n, random)  # the data's shuffle: its order is already in the folds, its draws are not
    start = 0
    for number, (distributions, values, weights) in enumerate(parts):
        stop = start + len(values)
        train = np.concatenate([np.arange(start), np.arange(stop, n)]).astype(np.intp)
        if not exact:
            train = train[java_shuffle(len(train), random)]
        evaluation.set_priors(all_values[train], all_weights[train])
        extras = {
            name: given if given is None or given is False else given[number]
            for name, given in (("intervals", intervals), ("log_densities", log_densities))
        }
        if not evaluation.numeric:
            extras = {name: value for name, value in extras.items() if value is not None}
        evaluation.evaluate_batch(distributions, values, weights, **extras)
        start = stop
    return evaluation


def cross_validation_text(evaluation: Evaluation, *, complexity: bool = False, class_statistics: bool = True) -> str:
    """The command line's cross-validation block: summary, then class details and matrix for a nominal class.

    ``complexity`` is ``-k``; ``class_statistics=False`` is
    ``-do-not-output-per-class-statistics``.
    """
    if evaluation.numeric:
        return evaluation.summary("=== Cross-validation ===\n", complexity)
    text = evaluation.summary("=== Stratified cross-validation ===\n", complexity)
    if class_statistics:
        text += "\n\n" + evaluation.class_details()
    return text + "\n\n" + evaluation.matrix()
