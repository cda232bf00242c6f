"""WEKA's weighted confusion matrix and its kappa statistic, to the last bit.

A port of ``weka.classifiers.evaluation.Evaluation`` (WEKA 3.9): ``kappa()``,
and the part of ``updateStatsForClassifier`` that fills the confusion matrix,
the unclassified weight and the missing-class weight.  Rows are actual
classes, columns predicted ones.

Floating-point sums are taken in WEKA's order (sequentially, in its loop
order), because a different order changes the last bit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from wekaeval.errors import PredictionError
from wekaeval.evaluation._inputs import (
    MARGIN_PROBLEM,
    ClassCoder,
    Codes,
    check_finite_weights,
    distribution_array,
    distribution_row,
    finite_weight,
    margin_in_histogram,
    row_margin,
    weight_array,
)
from wekaeval.evaluation._kappa import _kappa
from wekaeval.evaluation._quiet import java_arithmetic, python_floats

if TYPE_CHECKING:
    from wekaeval.evaluation._kappastats import KappaStats


@java_arithmetic
class ConfusionMatrix:
    """WEKA's weighted confusion matrix, with its unclassified and missing-class weights.

    Instances are accumulated as ``Evaluation.evaluateModelOnce(dist, instance)``
    does:

    * a missing actual class (None or NaN) adds the weight to
      :attr:`missing_class`;
    * otherwise the predicted class is the first index whose probability is
      strictly greater than 0 and than every earlier one (ties go to the
      lowest index, NaN never wins); a distribution with no positive entry is
      *unclassified* and adds the weight to :attr:`unclassified`;
    * otherwise the weight is added to ``matrix[actual, predicted]``.

    Weights may be any finite double, zero and negative included, as WEKA
    accepts them.  WEKA's Evaluation throws on a distribution whose margin
    (the actual class's probability minus the best other one) falls outside
    its margin histogram, which takes probabilities well outside [0, 1] or an
    infinite one; those raise :class:`PredictionError` here.

    Parameters
    ----------
    class_names : sequence of str
        The class labels, in the order of the class attribute's values.

    Examples
    --------
    >>> cm = ConfusionMatrix(["cat", "dog"])
    >>> cm.add("cat", [0.9, 0.1])
    >>> cm.add("dog", [0.6, 0.4], weight=2.0)
    >>> cm.add(None, [0.5, 0.5])
    >>> cm.add("dog", [0.0, 0.0])
    >>> cm.matrix
    array([[1., 0.],
           [2., 0.]])
    >>> cm.missing_class, cm.unclassified
    (1.0, 1.0)
    >>> cm.kappa()
    0.0
    """

    def __init__(self, class_names: Sequence[str]):
        self._coder = ClassCoder(class_names)
        self._class_names = self._coder.class_names
        k = len(self._class_names)
        self._matrix = np.zeros((k, k), dtype=np.float64)
        self._unclassified = 0.0
        self._missing_class = 0.0

    # -- accumulation ---------------------------------------------------------

    @python_floats
    def add(self, actual: int | str | float | None, distribution: Sequence[float], weight: float = 1.0) -> None:
        """Add one instance: its actual class, predicted distribution and weight.

        ``actual`` is a class index, a class name, or None/NaN for a missing
        class.
        """
        # Python floats throughout (the cell read with .item()), so no numpy warning can arise: see python_floats.
        k = len(self._class_names)
        probabilities = distribution_row(distribution, k)
        weight = finite_weight(weight)
        actual_index = self._coder.code(actual, "actual")
        if actual_index is None:
            self._missing_class += weight
            return
        if not margin_in_histogram(row_margin(probabilities, actual_index)):
            raise PredictionError(
                f"distribution {list(probabilities)} for actual class {actual_index}: {MARGIN_PROBLEM}"
            )
        predicted, best = -1, 0.0
        for i, p in enumerate(probabilities):
            if p > best:
                predicted, best = i, p
        if predicted < 0:
            self._unclassified += weight
        else:
            self._matrix[actual_index, predicted] = self._matrix.item(actual_index, predicted) + weight

    @classmethod
    def from_predictions(
        cls,
        actual: Any,
        distributions: Any = None,
        *,
        predicted: Any = None,
        weights: Any = None,
        class_names: Sequence[str] | None = None,
    ) -> ConfusionMatrix:
        """Accumulate many instances at once, bit-identical to :meth:`add` in order.

        Parameters
        ----------
        actual : array-like of shape (n,)
            Class indices (ints, or floats with NaN for a missing class), or
            class names (with None for a missing class) when ``class_names``
            is given.
        distributions : array-like of shape (n, k), optional
            Predicted class probabilities, one row per instance.
        predicted : array-like of shape (n,), optional
            Predicted classes instead of distributions, coded like ``actual``;
            NaN or None marks an unclassified instance.  Exactly one of
            ``distributions`` and ``predicted`` is given.
        weights : array-like of shape (n,), optional
            Finite instance weights; 1.0 each when omitted.
        class_names : sequence of str, optional
            The class labels.  Required with ``predicted``; with
            ``distributions`` they default to "0", "1", ... .

        Examples
        --------
        >>> cm = ConfusionMatrix.from_predictions(
        ...     ["a", "a", "b", "b"], predicted=["a", "b", "b", None],
        ...     weights=[1.0, 0.5, 2.0, 1.0], class_names=["a", "b"])
        >>> cm.matrix
        array([[1. , 0.5],
               [0. , 2. ]])
        >>> cm.unclassified
        1.0
        """
        if (distributions is None) == (predicted is None):
            raise PredictionError("give exactly one of distributions and predicted")
        if distributions is not None:
            probabilities = distribution_array(distributions)
            if class_names is None:
                class_names = [str(i) for i in range(probabilities.shape[1])]
        elif class_names is None:
            raise PredictionError("class_names is required with predicted= (labels do not tell the number of classes)")
        result = cls(class_names)
        k = len(result._class_names)
        actual_codes = result._coder.coded(actual, "actual")
        n = len(actual_codes)
        weight_values = weight_array(weights, n)
        if distributions is not None:
            if probabilities.shape != (n, k):
                raise PredictionError(
                    f"distributions must have shape ({n}, {k}) for {n} instances of {k} classes, "
                    f"got {probabilities.shape}"
                )
            predicted_codes: Codes | _PredictedFromDistributions = _PredictedFromDistributions(
                probabilities, actual_codes
            )
        else:
            predicted_codes = result._coder.coded(predicted, "predicted")
            if len(predicted_codes) != n:
                raise PredictionError(f"predicted has {len(predicted_codes)} entries, actual has {n}")
        result._accumulate(actual_codes, predicted_codes, weight_values)
        return result

    def _accumulate(self, actual: Codes, predicted: Codes | _PredictedFromDistributions, weights: np.ndarray) -> None:
        """Add coded instances, validating and summing them chunk by chunk.

        Cell ``a*k + p`` of a weighted bincount is the matrix; bin k*k collects
        the unclassified and bin k*k+1 the missing-class weight.  ``np.bincount``
        adds in input order, like WEKA's ``+=``; to carry those sequential sums
        from one chunk to the next, each chunk's bincount starts with one entry
        per bin holding its running total (``0.0 + total`` is exact, as a sum
        started at 0.0 is never -0.0).  Chunks keep the work in cache.  A NaN
        or infinite weight leaves its bin non-finite for good, so the weights
        are checked one by one only in chunks after which some total is.
        """
        k = len(self._class_names)
        bins = k * k + 2
        n = len(weights)
        if n == 0:
            return
        chunk = min(CHUNK_ROWS, n)
        cells = np.empty(bins + chunk, dtype=np.intp)
        cells[:bins] = np.arange(bins)
        summands = np.zeros(bins + chunk, dtype=np.float64)
        for start in range(0, n, chunk):
            stop = min(start + chunk, n)
            a, p, w = actual.chunk(start, stop, k), predicted.chunk(start, stop, k), weights[start:stop]
            chunk_cells = cells[bins : bins + stop - start]
            np.multiply(a, k, out=chunk_cells)
            np.add(chunk_cells, p, out=chunk_cells)
            if predicted.missing_allowed:
                chunk_cells[p < 0] = k * k
            if actual.missing_allowed:
                chunk_cells[a < 0] = k * k + 1
            summands[bins : bins + stop - start] = w
            summands[:bins] = np.bincount(
                cells[: bins + stop - start], weights=summands[: bins + stop - start], minlength=bins
            )
            if not np.isfinite(summands[:bins]).all():  # a bad weight, or only a sum that overflowed
                check_finite_weights(w, start)
        totals = summands[:bins]
        self._matrix += totals[: k * k].reshape(k, k)
        self._unclassified += float(totals[k * k])
        self._missing_class += float(totals[k * k + 1])

    # -- results --------------------------------------------------------------

    @property
    def class_names(self) -> tuple[str, ...]:
        """The class labels, in class-index order."""
        return self._class_names

    @property
    def matrix(self) -> np.ndarray:
        """The k x k float64 matrix (a read-only view); rows actual, columns predicted."""
        view = self._matrix.view()
        view.flags.writeable = False
        return view

    @property
    def unclassified(self) -> float:
        """Total weight of instances with a class but no positive probability."""
        return self._unclassified

    @property
    def missing_class(self) -> float:
        """Total weight of instances whose actual class is missing."""
        return self._missing_class

    def kappa(self) -> float:
        """WEKA's kappa of this matrix (see :func:`kappa`)."""
        return _kappa(self._matrix.tolist())

    def to_frame(self) -> Any:
        """The matrix as a pandas DataFrame, rows the actual classes, columns the predicted ones, by name."""
        from wekaeval._frames import pandas_module

        names = list(self._class_names)
        frame = pandas_module().DataFrame(self._matrix.copy(), index=names, columns=names)
        frame.index.name, frame.columns.name = "actual", "predicted"
        return frame

    def kappa_stats(self, *, weights: Any = None, alpha: float = 0.05) -> KappaStats:
        """:func:`wekaeval.kappa_stats` of this matrix, per class by its class names.

        >>> matrix = ConfusionMatrix.from_predictions(["a", "b", "a", "b"], predicted=["a", "b", "b", "b"],
        ...                                           class_names=["a", "b"])
        >>> stats = matrix.kappa_stats()
        >>> stats.kappa == matrix.kappa(), stats.per_class["a"], stats.landis_koch
        (True, 0.5, 'Moderate')
        """
        from wekaeval.evaluation._kappastats import evaluation_kappa_stats

        return evaluation_kappa_stats(self._matrix, weights=weights, alpha=alpha, class_names=self._class_names)

    def __add__(self, other: ConfusionMatrix) -> ConfusionMatrix:
        """Merge two matrices over the same classes, as WEKA's AggregateableEvaluation."""
        if not isinstance(other, ConfusionMatrix):
            return NotImplemented
        if other._class_names != self._class_names:
            raise PredictionError(
                f"cannot merge confusion matrices over different classes: "
                f"{list(self._class_names)} and {list(other._class_names)}"
            )
        merged = ConfusionMatrix(self._class_names)
        with np.errstate(all="ignore"):  # a sum that overflows is Java's infinity
            merged._matrix = self._matrix + other._matrix
        merged._unclassified = self._unclassified + other._unclassified
        merged._missing_class = self._missing_class + other._missing_class
        return merged

    def __eq__(self, other: object) -> bool:  # and so no __hash__ (Python sets it to None): it is mutable
        if not isinstance(other, ConfusionMatrix):
            return NotImplemented
        return (
            self._class_names == other._class_names
            and np.array_equal(self._matrix, other._matrix)
            and self._unclassified == other._unclassified
            and self._missing_class == other._missing_class
        )

    def __repr__(self) -> str:
        return (
            f"ConfusionMatrix(class_names={list(self._class_names)!r}, "
            f"matrix={self._matrix.tolist()!r}, unclassified={self._unclassified!r}, "
            f"missing_class={self._missing_class!r})"
        )


#: Instances per pass of the accumulation: small enough to stay in cache.
CHUNK_ROWS = 1 << 17


class _PredictedFromDistributions:
    """WEKA's predicted class of each row of ``distributions`` (-1: unclassified), made chunk by chunk.

    Each chunk's margins are checked first (a row WEKA's Evaluation throws on raises PredictionError naming
    it), so memory stays a chunk's, whatever the number of rows.
    """

    name = "predicted"
    missing_allowed = True

    def __init__(self, probabilities: np.ndarray, actual: Codes):
        self._probabilities = probabilities
        self._actual = actual

    def __len__(self) -> int:
        return len(self._probabilities)

    def chunk(self, start: int, stop: int, k: int) -> np.ndarray:
        probabilities = self._probabilities[start:stop]
        actual = self._actual.chunk(start, stop, k)  # the margins index by the actual class: checked first
        with np.errstate(all="ignore"):  # inf - inf is a NaN margin, as in Java
            return _predicted_from_distributions(probabilities, actual, start)


def _predicted_from_distributions(probabilities: np.ndarray, actual: np.ndarray, offset: int) -> np.ndarray:
    """WEKA's predicted class per row (-1: unclassified), after checking its margins."""
    n, k = probabilities.shape
    columns = probabilities.T
    known = actual >= 0
    a = np.where(known, actual, 0)
    p_actual = probabilities[np.arange(n), a]
    p_next = np.zeros(n)  # the best other class's probability, from 0 (NaN never wins)
    predicted = np.full(n, -1, dtype=np.int64)
    best = np.zeros(n)  # the first probability above 0 and every earlier one
    for i in range(k):
        column = columns[i]
        np.copyto(p_next, column, where=(column > p_next) & (a != i))
        better = column > best
        predicted[better] = i
        np.copyto(best, column, where=better)
    fits = margin_in_histogram(p_actual - p_next) | ~known
    if not fits.all():
        bad = int(np.flatnonzero(~fits)[0])
        raise PredictionError(
            f"distributions[{offset + bad}] = {probabilities[bad].tolist()} for actual class {actual[bad]}: "
            f"{MARGIN_PROBLEM}",
            instance=offset + bad,
        )
    return predicted
