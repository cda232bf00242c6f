"""WEKA's own folds and splits as scikit-learn splitters, and an ARFF file as scikit-learn's ``(X, y)``.

:class:`WekaKFold` is a scikit-learn splitter that yields exactly the folds of WEKA's
``Evaluation.crossValidateModel(classifier, data, n_splits, new Random(seed))``: the data shuffled by
``Instances.randomize`` with ``java.util.Random``, stratified when the class is nominal, each fold's
test part as ``testCV`` cuts it and its training part in the order ``trainCV(folds, i, random)`` hands
it to the classifier (shuffled again with the same Random, which order-sensitive learners feel).
:class:`WekaSplit` is WEKA's percentage split.  Both work as ``cv=`` in ``cross_val_score`` and
``GridSearchCV``; neither imports scikit-learn.  :func:`to_xy` is an ARFF file's attributes encoded for
scikit-learn (the rule of :mod:`wekaeval.models`).

>>> y = ["yes", "no", "yes", "no", "yes", "no"]
>>> [(train.tolist(), test.tolist()) for train, test in WekaKFold(3, seed=1).split([[0]] * 6, y)]
[([3, 5, 0, 2], [4, 1]), ([0, 4, 1, 3], [2, 5]), ([2, 5, 1, 4], [0, 3])]
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterator, Sequence
from typing import Any, Literal

import numpy as np

from wekaeval.arff import Dataset
from wekaeval.evaluation._shared import cross_validation_folds, percentage_split, random_split
from wekaeval.javamath import JavaRandom
from wekaeval.models._data import ModelDataError, NominalEncoding, class_labels, is_nominal, model_data, nominal_codes

Stratify = bool | Literal["auto"]


class WekaKFold:
    """WEKA's cross-validation folds as a scikit-learn splitter (``crossValidateModel``'s, exactly).

    Parameters
    ----------
    n_splits : int, default 10
        The number of folds (WEKA's ``-x``), at least 2 and at most the number of samples (WEKA refuses fewer
        than 2 with a nominal class, and with a numeric one runs no fold at all for 0 or fewer: docs/quirks.md).
    seed : int, default 1
        The seed of WEKA's ``new Random(seed)`` (``-s``).  Every call of :meth:`split` starts from it.
    stratify : {"auto", True, False}, default "auto"
        Whether the class is nominal, which makes WEKA stratify.  ``"auto"``: ``y`` of integers, booleans,
        strings or categories is nominal, floats (or no ``y``) numeric.  ``True`` for a nominal class held
        as floats (such as a :class:`~wekaeval.arff.Dataset`'s ``class_values``, NaN where missing).

    Notes
    -----
    Samples with a missing class (None or NaN) stay in the folds, as in WEKA; stratification groups them
    together.  The training indices come in WEKA's order, not sorted.

    Examples
    --------
    >>> from sklearn.model_selection import cross_val_score          # doctest: +SKIP
    >>> cross_val_score(model, X, y, cv=WekaKFold(10, seed=1))      # doctest: +SKIP
    """

    def __init__(self, n_splits: int = 10, *, seed: int = 1, stratify: Stratify = "auto"):
        if isinstance(n_splits, bool) or not isinstance(n_splits, (int, np.integer)) or n_splits < 2:
            raise ModelDataError(
                f"n_splits must be a whole number of folds, at least 2, got {n_splits!r} (WEKA: Number of folds must "
                "be greater than 1, for a nominal class; with a numeric class WEKA runs no fold at all for 0 or fewer)"
            )
        _check_seed(seed)
        _check_stratify(stratify)
        self.n_splits = int(n_splits)
        self.seed = int(seed)
        self.stratify = stratify

    def get_n_splits(self, X: Any = None, y: Any = None, groups: Any = None) -> int:
        """The number of folds."""
        return self.n_splits

    def split(self, X: Any, y: Any = None, groups: Any = None) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """Yield ``(train, test)`` index arrays, fold by fold, in WEKA's order; ``groups`` is ignored.  ``X`` (or
        ``y``) may be a :class:`~wekaeval.arff.Dataset`, whose class then decides."""
        n, y, _ = _given(X, y)
        classes = _stratification(y, n, self.stratify)
        folds = cross_validation_folds(n, self.n_splits, JavaRandom(self.seed), classes=classes)
        yield from folds

    def __repr__(self) -> str:
        return f"WekaKFold(n_splits={self.n_splits}, seed={self.seed}, stratify={self.stratify!r})"


class WekaSplit:
    """WEKA's percentage split as a scikit-learn splitter: one ``(train, test)`` pair.

    Parameters
    ----------
    train_percent : float, default 66.0
        The percentage of samples that train (above 0, below 100).
    seed : int, default 1
        The seed of WEKA's ``new Random(seed)`` (the command line's ``-s``; the Experimenter's run number).
    randomize : bool, default True
        Shuffle first; False keeps the order (``-preserve-order``, the Experimenter's "randomize" off).
    experimenter : bool, default False
        False: the command line's and the Explorer's ``-split-percentage`` (shuffle, then the first
        ``Math.round(n * train_percent / 100)`` train).  True: the Experimenter's
        ``RandomSplitResultProducer``, which for a nominal class takes each class's share
        (``Utils.probRound``) and shuffles both parts again.
    stratify : {"auto", True, False}, default "auto"
        Whether the class is nominal (as :class:`WekaKFold`'s); only the Experimenter's split uses it.
    labels : sequence, optional
        The class labels in the order of WEKA's class attribute, which decides the Experimenter's draws
        (each class in turn, those without samples too).  By default the order is taken where it is known:
        from a :class:`~wekaeval.arff.Dataset` given as ``X`` or ``y`` (its class's declared labels) or a
        pandas categorical ``y`` (its categories).  Otherwise the sorted labels of ``y`` are drawn, which is
        WEKA's order only for a class declared in sorted order: for string labels a ``UserWarning`` says so,
        once per splitter.

    Examples
    --------
    >>> [part.tolist() for part in next(WekaSplit(60.0, seed=1).split([[0]] * 5))]
    [[2, 3, 1], [4, 0]]
    """

    def __init__(
        self,
        train_percent: float = 66.0,
        *,
        seed: int = 1,
        randomize: bool = True,
        experimenter: bool = False,
        stratify: Stratify = "auto",
        labels: Sequence[Any] | None = None,
    ):
        if isinstance(train_percent, bool) or not isinstance(train_percent, (int, float)):
            raise ModelDataError(f"train_percent must be a number, got {train_percent!r}")
        if not 0 < train_percent < 100:
            raise ModelDataError(f"train_percent must be above 0 and below 100, got {train_percent!r}")
        _check_seed(seed)
        _check_stratify(stratify)
        self.train_percent = float(train_percent)
        self.seed = int(seed)
        self.randomize = bool(randomize)
        self.experimenter = bool(experimenter)
        self.stratify = stratify
        self.labels = None if labels is None else list(labels)
        self._warned = False

    def get_n_splits(self, X: Any = None, y: Any = None, groups: Any = None) -> int:
        """One split."""
        return 1

    def split(self, X: Any, y: Any = None, groups: Any = None) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """Yield the one ``(train, test)`` pair of index arrays, in WEKA's order.  ``X`` (or ``y``) may be a
        :class:`~wekaeval.arff.Dataset`, whose class then decides."""
        n, y, declared = _given(X, y)
        random = JavaRandom(self.seed) if self.randomize else None
        if not self.experimenter:
            yield percentage_split(n, self.train_percent, random)
            return
        classes, count = None, None
        if y is not None and random is not None and _nominal(class_labels(y), self.stratify):
            classes, count = self._class_indices(class_labels(y), n, declared)
        yield random_split(n, self.train_percent, random, classes=classes, num_classes=count)

    def _class_indices(self, values: np.ndarray, n: int, declared: tuple[Any, ...] | None) -> tuple[np.ndarray, int]:
        if len(values) != n:
            raise ModelDataError(f"X has {n} samples and y {len(values)} values")
        codes = nominal_codes(values)
        present = {code: value for code, value in zip(codes.tolist(), values.tolist(), strict=True) if code >= 0}
        labels = self.labels if self.labels is not None else declared
        if labels is None:
            labels = sorted(set(present.values()))
            if values.dtype.kind in "OSU" and not self._warned:
                self._warned = True
                warnings.warn(
                    "WekaSplit(experimenter=True): the order of y's labels in WEKA's class attribute is unknown, so "
                    f"they are drawn in sorted order {labels!r}, which is WEKA's RandomSplitResultProducer's only for "
                    "a class declared in that order with no other label; pass labels= the class's labels as the "
                    "ARFF file declares them (a Dataset's class_names), or give y as a Dataset or pandas categorical",
                    UserWarning,
                    stacklevel=3,
                )
        index = {label: i for i, label in enumerate(labels)}
        unknown = [value for value in present.values() if value not in index]
        if unknown:
            raise ModelDataError(f"y holds {unknown[0]!r}, which is not one of labels {labels!r}")
        by_code = {code: index[value] for code, value in present.items()}
        return np.array([by_code.get(code, -1) for code in codes.tolist()], dtype=np.int64), len(labels)

    def __repr__(self) -> str:
        return (
            f"WekaSplit(train_percent={self.train_percent!r}, seed={self.seed}, randomize={self.randomize}, "
            f"experimenter={self.experimenter})"
        )


def to_xy(data: Any, *, nominal: NominalEncoding = "onehot", class_attribute: str | int | None = None) -> tuple:
    """An ARFF file's attributes and class, for scikit-learn: ``(X, y)``.

    ``data`` is a :class:`~wekaeval.arff.Dataset` from :func:`wekaeval.load_arff` (read from a path) or
    the path itself.  ``X`` follows the encoding rule of :mod:`wekaeval.models` (numeric attributes
    as they are, nominal ones one-hot or ordinal, NaN for missing); ``y`` holds a nominal class's labels
    (None where missing) or a numeric class's values (NaN where missing), so :class:`WekaKFold`
    stratifies by it.
    """
    prepared = model_data(data, nominal=nominal, class_attribute=class_attribute)
    return prepared.X, prepared.labels()


def _given(X: Any, y: Any) -> tuple[int, Any, tuple[Any, ...] | None]:
    """The number of samples, the class values (None: none), and the class's labels in WEKA's order where they
    are known: a Dataset's class (``X`` or ``y``), a pandas categorical's categories."""
    dataset = y if isinstance(y, Dataset) else X if isinstance(X, Dataset) and y is None else None
    if dataset is not None:
        n = dataset.num_instances
        if dataset is y and _num_samples(X) != n:
            raise ModelDataError(f"X has {_num_samples(X)} samples and the dataset's class {n} values")
        if not dataset.has_class:
            return n, None, None
        names = dataset.class_names
        if names is None:  # a numeric (or date) class
            return n, dataset.class_values, None
        labels = [None if math.isnan(code) else names[int(code)] for code in dataset.class_values.tolist()]
        return n, np.array(labels, dtype=object), names
    categories = getattr(getattr(y, "cat", y), "categories", None)  # a pandas Series of categories, or a Categorical
    declared = None if categories is None or y is None else tuple(categories.tolist())
    return _num_samples(X), y, declared


def _num_samples(X: Any) -> int:
    shape = getattr(X, "shape", None)
    if shape is not None and len(shape) > 0:
        return int(shape[0])
    try:
        return len(X)
    except TypeError:
        raise ModelDataError(f"X must be a sequence or an array of samples, not {type(X).__name__}") from None


def _stratification(y: Any, n: int, stratify: Stratify) -> np.ndarray | None:
    if y is None or stratify is False:
        return None
    values = class_labels(y)
    if len(values) != n:
        raise ModelDataError(f"X has {n} samples and y {len(values)} values")
    return nominal_codes(values) if _nominal(values, stratify) else None


def _nominal(values: np.ndarray, stratify: Stratify) -> bool:
    return stratify is True or (stratify == "auto" and is_nominal(values))


def _check_seed(seed: Any) -> None:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ModelDataError(f"seed must be a whole number (java.util.Random's seed), got {seed!r}")


def _check_stratify(stratify: Any) -> None:
    if stratify not in ("auto", True, False) or (stratify in (0, 1) and not isinstance(stratify, bool)):
        raise ModelDataError(f'stratify must be "auto", True or False, got {stratify!r}')
