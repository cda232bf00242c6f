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

The folds themselves, as index arrays into the data, for code that runs its
own models on them: :func:`cross_validation_folds` (``randomize``,
``stratify``, ``testCV``, ``trainCV`` in ``crossValidateModel``'s order of
draws), :func:`percentage_split` (the command line's ``-split-percentage``)
and :func:`random_split` (the Experimenter's ``RandomSplitResultProducer``).

>>> from wekaeval.folds import JavaRandom, java_shuffle
>>> JavaRandom(1).next_int(10), java_shuffle(5, JavaRandom(42))
(5, [1, 2, 3, 4, 0])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np

from wekaeval.arff import Dataset
from wekaeval.errors import ArgumentError, EvaluationError, PredictionError
from wekaeval.evaluation._evaluation import Evaluation
from wekaeval.evaluation._inputs import weight_array
from wekaeval.evaluation._numeric import numeric_values
from wekaeval.javamath import JavaRandom, RandomInts, RandomSource, java_round, java_shuffle


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


# -- the folds themselves ---------------------------------------------------------------------------------------


def stratified_order(order: Sequence[int] | np.ndarray, classes: np.ndarray, folds: int) -> np.ndarray:
    """``Instances.stratify(folds)`` of instances in ``order``: the order it leaves them in.

    ``classes`` holds each instance's class as an integer (indexed by the values of ``order``), any negative
    number for a missing class.  WEKA first groups equal classes by swaps (its loop, which reorders the
    instances of the other classes as it goes, is reproduced here in linear time per class), missing classes
    together, then deals the grouped instances out: every ``folds``-th one, from each start in turn
    (``stratStep``).

    >>> stratified_order([0, 1, 2, 3, 4, 5], np.array([0, 1, 0, 1, 0, 1]), 2).tolist()
    [0, 4, 1, 2, 3, 5]
    """
    if folds < 2:
        raise ArgumentError(f"folds must be at least 2, got {folds} (WEKA: {_STRATIFY_MESSAGE})")
    rest = np.asarray(order, dtype=np.int64)
    keys = np.where(np.asarray(classes) < 0, -1, np.asarray(classes)).astype(np.int64)
    grouped = []
    while len(rest):
        # instance(index - 1) is rest[0]; the scan runs over rest[1:], swapping each of its class to the front
        reference, scanned = rest[0], rest[1:]
        same = keys[scanned] == keys[reference]
        grouped.append(rest[:1])
        grouped.append(scanned[same])
        first_other = int(np.argmin(same)) if len(same) and not same.all() else len(same)
        tail, tail_same = scanned[first_other:], same[first_other:]
        if not len(tail):
            break
        # The others form a queue: one of another class joins at the back; each one of the class moves the
        # front one to the back (swap(index, j)).  As an append-only list with a head, position t holds
        # tail[t] (another class) or the element the head was at, position h(t): resolved by pointer jumping.
        before = np.cumsum(tail_same) - tail_same
        source = np.where(tail_same, before, np.arange(len(tail)))
        while True:
            jumped = source[source]
            if np.array_equal(jumped, source):
                break
            source = jumped
        rest = tail[source][int(tail_same.sum()) :]
    stratified = np.concatenate(grouped) if grouped else np.empty(0, dtype=np.int64)
    return np.concatenate([stratified[start::folds] for start in range(folds)])


def _test_block(n: int, folds: int, fold: int) -> tuple[int, int]:
    """``testCV(folds, fold)``'s first index and size: the first ``n % folds`` folds get one more."""
    size = n // folds + (1 if fold < n % folds else 0)
    offset = fold if fold < n % folds else n % folds
    return fold * (n // folds) + offset, size


def cross_validation_folds(
    n: int, folds: int, random: RandomInts, *, classes: np.ndarray | None = None
) -> list[tuple[np.ndarray, np.ndarray]]:
    """The folds of ``Evaluation.crossValidateModel(classifier, data, folds, random)``, as index arrays.

    Parameters
    ----------
    n : int
        The number of instances (those with a missing class stay in, as in WEKA).
    folds : int
        ``numFolds``, 2 .. n.  Fewer is an :class:`~wekaeval.errors.ArgumentError` quoting WEKA's message;
        with a numeric class WEKA itself runs no fold at all for 0 or fewer (``check_folds``), which this
        function refuses, as a cross-validation of nothing (docs/quirks.md).
    random : JavaRandom (or anything with ``next_int``)
        The ``java.util.Random``; it is advanced exactly as WEKA advances it: the data's ``randomize``, then
        each fold's ``trainCV(folds, i, random)`` (only the first when it refuses the folds).
    classes : array of int, optional
        Each instance's class index (negative: missing) for a nominal class, which makes the folds
        stratified (``stratify(folds)``); None for a numeric class.

    Returns
    -------
    list of (train, test)
        Per fold, the indices of the training instances in the order WEKA hands them to ``buildClassifier``
        (the other folds in order, then shuffled with the same Random) and of the test instances in the order
        it evaluates them (``testCV``, a contiguous block of the stratified data).

    >>> [(train.tolist(), test.tolist()) for train, test in cross_validation_folds(5, 2, JavaRandom(1))]
    [([0, 4], [2, 3, 1]), ([1, 2, 3], [4, 0])]
    """
    result = weka_folds(n, folds, random, classes=classes)
    if folds < 2:  # weka_folds refused every other case below 2
        raise no_folds_error("folds", folds)
    return result


def weka_folds(
    n: int, folds: int, random: RandomInts, *, classes: np.ndarray | None = None
) -> list[tuple[np.ndarray, np.ndarray]]:
    """:func:`cross_validation_folds` as ``crossValidateModel`` runs them to the letter: for a numeric class and
    0 or fewer folds none at all (what the model-running methods of python-weka-wrapper3's ``Evaluation`` copy).
    As in WEKA, the data's ``randomize`` advances ``random`` before any check, so a refusal leaves it where
    WEKA's does.

    >>> random = JavaRandom(1)
    >>> weka_folds(5, 0, random), random.next_int(100) == JavaRandom(1).next_int(100)
    ([], False)
    """
    order = np.asarray(java_shuffle(n, random), dtype=np.int64)  # data.randomize(random)
    if check_folds(n, folds, nominal=classes is not None):
        return []  # a loop of no folds
    if classes is not None:
        codes = np.asarray(classes)
        if codes.shape != (n,):
            raise EvaluationError(f"classes must hold one class per instance ({n}), got shape {codes.shape}")
        order = stratified_order(order, codes, folds)
    result = []
    for fold in range(folds):
        first, size = _test_block(n, folds, fold)
        train = np.concatenate([order[:first], order[first + size :]])
        result.append((train[java_shuffle(len(train), random)], order[first : first + size].copy()))
    return result


def check_folds(n: int, folds: int, *, nominal: bool, name: str = "folds") -> bool:
    """``crossValidateModel``'s checks of ``numFolds`` on ``n`` instances, in WEKA's order, with WEKA's messages.

    A nominal class and fewer than 2 folds: ``stratify`` refuses (``Number of folds must be greater than 1``).
    A numeric class and 1 fold: ``trainCV`` refuses (``Number of folds must be at least 2!``); 0 or fewer:
    WEKA runs no fold at all, evaluates nothing and prints ``Total Number of Instances 0`` -- True is
    returned for that case, for the caller to decide.  More folds than instances: ``trainCV`` refuses.

    >>> check_folds(10, 0, nominal=False), check_folds(10, 10, nominal=True)
    (True, False)
    """
    if nominal and folds < 2:
        raise ArgumentError(f"{name} must be at least 2, got {folds} (WEKA: {_STRATIFY_MESSAGE})")
    if folds <= 0:
        return True
    if folds == 1:
        raise ArgumentError(f"{name} must be at least 2, got 1 (WEKA: Number of folds must be at least 2!)")
    if folds > n:
        raise EvaluationError(f"{folds} folds for {n} instances (WEKA: Can't have more folds than instances!)")
    return False


def no_folds_error(name: str, folds: int) -> ArgumentError:
    """The refusal of 0 or fewer folds for a numeric class, where WEKA evaluates nothing (docs/quirks.md)."""
    return ArgumentError(
        f"{name} must be at least 2, got {folds}: with a numeric class WEKA's crossValidateModel runs no fold "
        "at all then and reports an evaluation of nothing (Total Number of Instances 0); only "
        "Evaluation.crossvalidate_model copies that, with a warning"
    )


#: ``Instances.stratify``'s message for fewer than 2 folds (a nominal class).
_STRATIFY_MESSAGE = "Number of folds must be greater than 1"


def percentage_split(n: int, train_percent: float, random: RandomInts | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The command line's (and the Explorer's) ``-split-percentage``: shuffle with ``random`` (None:
    ``-preserve-order``), train on the first ``Math.round(n * train_percent / 100)``, test on the rest.

    >>> [part.tolist() for part in percentage_split(5, 60.0, JavaRandom(1))]
    [[2, 3, 1], [4, 0]]
    """
    _check_percent(train_percent)
    order = np.arange(n, dtype=np.int64) if random is None else np.asarray(java_shuffle(n, random), dtype=np.int64)
    size = java_round(n * train_percent / 100)
    return order[:size], order[size:]


def random_split(
    n: int,
    train_percent: float,
    random: RandomSource | None = None,
    *,
    classes: np.ndarray | None = None,
    num_classes: int | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The Experimenter's ``RandomSplitResultProducer`` split (``random`` is its ``new Random(run)``).

    Without ``random`` (``randomize`` off) the first ``Utils.round(n * train_percent / 100)`` instances
    train.  Otherwise the data is shuffled; for a nominal class (``classes``: each instance's class index,
    negative when missing, of ``num_classes`` classes) each class, then the missing ones, gives its first
    ``Utils.probRound(count * train_percent / 100, random)`` instances to training (a draw even for a
    class without instances), and both parts are shuffled again; for a numeric class the first
    ``probRound(n * train_percent / 100)`` train.

    >>> [part.tolist() for part in random_split(6, 50.0, JavaRandom(1), classes=np.array([0, 0, 0, 1, 1, 1]),
    ...                                          num_classes=2)]
    [[2, 4, 0], [3, 5, 1]]
    """
    _check_percent(train_percent)
    if random is None:
        size = _utils_round(n * train_percent / 100)
        return np.arange(size, dtype=np.int64), np.arange(size, n, dtype=np.int64)
    order = np.asarray(java_shuffle(n, random), dtype=np.int64)
    if classes is None:
        size = _prob_round(n * train_percent / 100, random)
        return order[:size], order[size:]
    codes = np.asarray(classes)
    if num_classes is None or codes.shape != (n,) or (len(codes) and codes.max() >= num_classes):
        raise EvaluationError(f"classes must hold one class index below num_classes={num_classes} per instance")
    train_parts, test_parts = [], []
    for value in [*range(num_classes), -1]:
        subset = order[codes[order] == value] if value >= 0 else order[codes[order] < 0]
        size = _prob_round(len(subset) * train_percent / 100, random)
        train_parts.append(subset[:size])
        test_parts.append(subset[size:])
    train, test = np.concatenate(train_parts), np.concatenate(test_parts)
    train = train[java_shuffle(len(train), random)]
    return train, test[java_shuffle(len(test), random)]


def _check_percent(train_percent: float) -> None:
    if isinstance(train_percent, bool) or not isinstance(train_percent, (int, float)) or not 0 < train_percent < 100:
        raise EvaluationError(f"train_percent must be a percentage above 0 and below 100, got {train_percent!r}")


def _utils_round(value: float) -> int:
    """``weka.core.Utils.round``: ``(int) (value + 0.5)``, mirrored for a negative value."""
    return int(value + 0.5) if value > 0 else -int(abs(value) + 0.5)


def _prob_round(value: float, random: RandomSource) -> int:
    """``weka.core.Utils.probRound``: down or up at random, up with the probability of the fraction."""
    lower = math.floor(abs(value))
    rounded = lower + 1 if random.next_double() < abs(value) - lower else lower
    return rounded if value >= 0 else -rounded
