"""WEKA's kappa as a scikit-learn metric and scorer, and WEKA's ReplaceMissingValues filter as a transformer.

:func:`weka_kappa_score` takes what ``sklearn.metrics.cohen_kappa_score`` takes and returns the double
WEKA's ``Evaluation.kappa()`` gives for the same predictions: the confusion matrix accumulated in input
order with the sample weights (WEKA's ``+=``), then WEKA's sums and its rule that a chance agreement of 1
gives 1.0.  :data:`weka_kappa_scorer` is it for ``cross_val_score`` and ``GridSearchCV``.  Where the two
differ (``docs/kappa.md``): a table whose chance agreement is 1 (both raters use one class) is 1.0 here,
NaN with a warning in scikit-learn; and on weighted data scikit-learn's sums can round the last bit
differently.

>>> from wekaeval.sklearn import weka_kappa_score
>>> y_true = ["negative", "positive", "negative", "neutral", "positive"]
>>> y_pred = ["negative", "positive", "negative", "neutral", "negative"]
>>> weka_kappa_score(y_true, y_pred)                 # scikit-learn's cohen_kappa_score: 0.6875
0.6875000000000001
>>> weka_kappa_score(["a", "a"], ["a", "a"])         # scikit-learn: nan, with a warning
1.0

:class:`ReplaceMissingValues` replaces the NaN (WEKA's ``?``) of the features wekaeval gives scikit-learn
models (``docs/experiments.md``) as ``weka.filters.unsupervised.attribute.ReplaceMissingValues`` replaces
``?``: by the weighted mean (numeric columns) or mode (nominal attributes) learnt in ``fit``, to the last bit:

>>> import numpy as np
>>> from wekaeval.sklearn import ReplaceMissingValues
>>> X = np.array([[1.0, 1.0, 0.0], [np.nan, np.nan, np.nan], [4.0, 0.0, 1.0], [2.0, 0.0, 1.0]])
>>> ReplaceMissingValues(onehot=[(1, 2)]).fit(X).transform(X)[1].tolist()   # columns 1-2: one attribute
[2.3333333333333335, 0.0, 1.0]

Importing this module imports scikit-learn; ``import wekaeval`` does not.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.metrics import make_scorer
from sklearn.utils.multiclass import unique_labels

from wekaeval.errors import PredictionError
from wekaeval.evaluation import ConfusionMatrix
from wekaeval.models import ModelDataError

__all__ = ["ReplaceMissingValues", "weka_kappa_score", "weka_kappa_scorer"]


def weka_kappa_score(y_true: Any, y_pred: Any, *, labels: Any = None, sample_weight: Any = None) -> float:
    """WEKA's kappa of predicted labels, with scikit-learn's signature.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        The actual and the predicted labels.
    labels : array-like, optional
        The classes in the order of WEKA's class attribute (as the ARFF file declares them): WEKA sums
        class by class, so another order can change the last bit.  By default the sorted labels of both,
        as scikit-learn takes them.  A label outside ``labels`` is an error (scikit-learn drops such
        samples silently).
    sample_weight : array-like of shape (n_samples,), optional
        Instance weights, finite (WEKA's are); 1 each by default.

    Returns
    -------
    float
        The identical double to WEKA's ``Evaluation.kappa()`` over the same predictions in the same order.

    Raises
    ------
    PredictionError
        For inputs of different lengths, a label not in ``labels``, or a non-finite weight; the message
        names the argument.
    """
    actual, predicted = np.asarray(y_true), np.asarray(y_pred)
    if actual.ndim != 1 or predicted.ndim != 1 or len(actual) != len(predicted):
        raise PredictionError(
            f"y_true and y_pred must be 1-d and of one length, got shapes {actual.shape} and {predicted.shape}"
        )
    classes = list(unique_labels(actual, predicted) if labels is None else labels)
    if len(set(classes)) != len(classes) or not classes:
        raise PredictionError(f"labels must name each class once, got {classes!r}")
    index = {label: i for i, label in enumerate(classes)}
    codes = []
    for name, values in (("y_true", actual), ("y_pred", predicted)):
        unknown = [value for value in dict.fromkeys(values.tolist()) if value not in index]
        if unknown:
            raise PredictionError(f"{name} holds {unknown[0]!r}, which is not one of labels {classes!r}")
        codes.append(np.array([index[value] for value in values.tolist()], dtype=np.float64))
    matrix = ConfusionMatrix.from_predictions(
        codes[0], predicted=codes[1], weights=sample_weight, class_names=[str(c) for c in classes]
    )
    return matrix.kappa()


#: :func:`weka_kappa_score` as a scorer: ``cross_val_score(model, X, y, scoring=weka_kappa_scorer)``,
#: ``GridSearchCV(model, grid, scoring=weka_kappa_scorer)``.
weka_kappa_scorer = make_scorer(weka_kappa_score)


class ReplaceMissingValues(TransformerMixin, BaseEstimator):
    """WEKA's ``weka.filters.unsupervised.attribute.ReplaceMissingValues`` on scikit-learn's features.

    ``fit`` learns, from the training rows and their weights, what the filter's ``batchFinished`` computes:
    a numeric column's weighted mean (the sum of ``weight * value`` in row order over the total weight less
    each missing row's weight subtracted in turn; 0.0 when that is not above WEKA's 1e-6, every value
    missing) and a nominal attribute's mode (the weighted counts of its labels, the first label largest on
    a tie; the first label when every value is missing, unless the rounding of the counts makes the second
    the largest, as in WEKA).  ``transform`` puts them where a value is NaN (a one-hot attribute's columns
    become the mode's), leaving every other value as it is.  The class is not a feature: WEKA's filter
    leaves it alone too.

    With neither ``onehot`` nor ``ordinal`` given, an experiment of wekaeval (``wekaeval experiment``,
    ``experiment.run``, ``cross_validate``, ``Evaluation.crossvalidate_model``) tells each fresh copy the columns
    of the data it fits on, as WEKA's filter reads them from the header (put it first in a pipeline: the columns
    it is told are the data's); used alone, every column is numeric.

    Parameters
    ----------
    onehot : sequence of sequences of int, optional
        The columns of each nominal attribute encoded one-hot (its k labels' columns, in declaration order;
        a missing value is NaN in all k).
    ordinal : sequence of (int, int), optional
        ``(column, number of labels)`` of each nominal attribute encoded as its label's index.
    """

    def __init__(self, onehot: Any = None, ordinal: Any = None):
        self.onehot = onehot
        self.ordinal = ordinal

    def _wekaeval_take_encoding(self, onehot: Any, ordinal: Any) -> None:
        if self.onehot is None and self.ordinal is None:
            self.onehot, self.ordinal = onehot, ordinal

    def fit(self, X: Any, y: Any = None, sample_weight: Any = None) -> ReplaceMissingValues:
        """Learn the means and modes of ``X`` (NaN = missing), weighing each row by ``sample_weight``."""
        features = _features(X)
        n, width = features.shape
        weights = np.ones(n) if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
        if weights.shape != (n,) or not np.isfinite(weights).all():
            raise ModelDataError(f"sample_weight must be {n} finite numbers, got shape {weights.shape}")
        onehot, ordinal = _layout(self.onehot, self.ordinal, width)
        total = _sequential_sum(0.0, weights)  # Instances.sumOfWeights()
        nominal = {column for group in onehot for column in group} | {column for column, _ in ordinal}
        values = np.zeros(width)
        for column in range(width):
            if column in nominal:
                continue
            present = ~np.isnan(features[:, column])
            results = _sequential_sum(0.0, weights[present] * features[present, column])
            sums = _sequential_sum(total, -weights[~present])
            values[column] = results / sums if sums - 0.0 > 1e-6 else 0.0  # Utils.gr(sums, 0)
        modes: list[int | None] = []
        for group in onehot:
            block = features[:, list(group)]
            missing = np.isnan(block).any(axis=1)
            present = block[~missing]
            one_hot = np.all((present == 0.0) | (present == 1.0)) and np.all(present.sum(axis=1) == 1)
            if len(group) and not one_hot:
                raise ModelDataError(f"columns {list(group)} are not one nominal attribute's one-hot encoding")
            codes = np.full(n, -1, dtype=np.int64)
            codes[~missing] = np.argmax(present, axis=1) if len(group) else 0
            modes.append(_mode(codes, weights, len(group), total))
        for column, labels in ordinal:
            raw = features[:, column]
            known = raw[~np.isnan(raw)]
            if not np.all((known >= 0) & (known < labels) & (known == np.floor(known))):
                raise ModelDataError(f"column {column} holds values that are not label indices below {labels}")
            codes = np.where(np.isnan(raw), -1, np.nan_to_num(raw, nan=-1.0)).astype(np.int64)
            modes.append(_mode(codes, weights, labels, total))
        self.means_ = values
        self.modes_ = tuple(modes)
        self.onehot_, self.ordinal_ = onehot, ordinal
        self.n_features_in_ = width
        return self

    def transform(self, X: Any) -> np.ndarray:
        """``X`` with each NaN replaced by what ``fit`` learnt (a copy)."""
        from sklearn.utils.validation import check_is_fitted

        check_is_fitted(self, "means_")
        features = _features(X).copy()
        if features.shape[1] != self.n_features_in_:
            raise ModelDataError(f"X has {features.shape[1]} columns, fit saw {self.n_features_in_}")
        nominal = {column for group in self.onehot_ for column in group} | {column for column, _ in self.ordinal_}
        for column in range(features.shape[1]):
            if column not in nominal:
                where = np.isnan(features[:, column])
                features[where, column] = self.means_[column]
        modes = iter(self.modes_)
        for group in self.onehot_:
            mode = next(modes)
            if mode is None:
                continue
            block = features[:, list(group)]
            missing = np.isnan(block).any(axis=1)
            replacement = np.zeros(len(group))
            replacement[mode] = 1.0
            block[missing] = replacement
            features[:, list(group)] = block
        for column, _ in self.ordinal_:
            mode = next(modes)
            if mode is not None:
                features[np.isnan(features[:, column]), column] = float(mode)
        return features


def _features(X: Any) -> np.ndarray:
    try:
        features = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError) as error:
        raise ModelDataError(f"X must hold numbers (NaN where missing): {error}") from None
    if features.ndim != 2:
        raise ModelDataError(f"X must be 2-dimensional (samples x features), got shape {features.shape}")
    return features


def _layout(onehot: Any, ordinal: Any, width: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]:
    """``onehot`` and ``ordinal`` as tuples, checked: columns inside ``X``, none in two attributes."""
    try:
        groups = tuple(tuple(int(c) for c in group) for group in (onehot or ()))
        pairs = tuple((int(column), int(labels)) for column, labels in (ordinal or ()))
    except (TypeError, ValueError):
        raise ModelDataError(
            "onehot must be column groups ([(0, 1, 2), ...]) and ordinal (column, number of labels) pairs"
        ) from None
    columns = [c for group in groups for c in group] + [c for c, _ in pairs]
    if any(not 0 <= c < width for c in columns) or len(set(columns)) != len(columns):
        raise ModelDataError(f"onehot and ordinal must name columns of X (0 to {width - 1}), each once: {columns}")
    if any(labels < 0 for _, labels in pairs):
        raise ModelDataError(f"ordinal's numbers of labels must not be negative: {list(pairs)}")
    return groups, pairs


def _sequential_sum(start: float, terms: np.ndarray) -> float:
    """``start`` plus ``terms`` one at a time in order, as Java's loop adds (numpy's ``sum`` adds pairwise)."""
    if not len(terms):
        return float(start)
    return float(np.cumsum(np.concatenate(([start], terms)))[-1])


def _mode(codes: np.ndarray, weights: np.ndarray, labels: int, total: float) -> int | None:
    """The filter's mode of label indices ``codes`` (-1 missing): ``counts[0]`` starts at the total weight and
    each row subtracts its weight (after adding it to its label's count, label 0's included), then
    ``Utils.maxIndex``; None (the value stays missing) for an attribute without labels."""
    if labels == 0:
        return None
    counts = np.zeros(labels)
    for label in range(1, labels):
        counts[label] = _sequential_sum(0.0, weights[codes == label])
    zero = codes == 0
    steps = np.where(zero, 2, 1)
    deltas = np.repeat(-weights, steps)
    firsts = np.cumsum(steps) - steps
    deltas[firsts[zero]] = weights[zero]
    counts[0] = _sequential_sum(total, deltas)
    return int(np.argmax(counts))  # Utils.maxIndex: the first of the largest
