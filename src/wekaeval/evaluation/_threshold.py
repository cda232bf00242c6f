"""WEKA's ThresholdCurve ROC and PRC areas, bit for bit.

A port of what ``weka.classifiers.evaluation.Evaluation`` (WEKA 3.9.7) computes
for ``areaUnderROC(i)``, ``areaUnderPRC(i)``, ``weightedAreaUnderROC()`` and
``weightedAreaUnderPRC()`` from its list of recorded predictions, through
``ThresholdCurve.getCurve``, ``getROCArea`` and ``getPRCArea``:

* the scores of class ``i`` are sorted with ``weka.core.Utils.sort`` (an
  unstable quicksort, NaN sorted as ``Double.MAX_VALUE``), ported as
  :func:`weka_sort`;
* a curve point is emitted at the first sorted prediction and wherever the
  score strictly exceeds the threshold of the current point, so tied scores
  form one step whose weights are summed in quicksort order;
* the counts are TwoClassStats updated point by point (``tp -= pos``,
  ``fn += pos``, ``fp -= neg``, ``tn += neg``); a final zero point is added
  when the last counts differ from the totals;
* predictions with a negative weight are skipped.  A prediction whose actual
  class is missing is *not* skipped: ThresholdCurve tests ``actual ==
  Prediction.MISSING_VALUE``, which is NaN and never equal, so it counts as a
  negative for every class (measured against WEKA 3.9.7);
* Evaluation records every prediction it is given through
  ``evaluateModelOnceAndRecordPrediction`` (as ``evaluateModel`` and
  cross-validation do) -- unclassified and missing-class ones included.  The
  plain ``evaluateModelOnce(double[], Instance)`` records none, and then every
  area is NaN, as it is when predictions are discarded.

The curve of a class is computed once and serves both areas
(:class:`ThresholdCurves`); WEKA builds and sorts it anew for each.  The
points are made chunk by chunk from the sorted order
(:mod:`~wekaeval.evaluation._curvestream`), and with ``keep_points=False``
(Evaluation's) only the two areas are kept, never the curve's columns.  The
weighted averages are Evaluation's: ``sum(area(i) * trueClassCounts[i])`` in
class order over the classes whose count is above 0, divided by
``numClassified()``.  A ROC area is NaN without positives or negatives; a PRC
area of exactly 0 is NaN (WEKA prints ``?``).

>>> actual = [0, 1, 0, 1]
>>> probabilities = [[0.8, 0.2], [0.4, 0.6], [0.4, 0.6], [0.1, 0.9]]
>>> roc_area(actual, probabilities, class_index=0)
0.875
>>> prc_area(actual, probabilities, class_index=0)
0.8333333333333333
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

import numpy as np

from wekaeval.evaluation import _curvestream as stream
from wekaeval.evaluation._quiet import java_arithmetic
from wekaeval.javamath import weka_sort_ranked

_SORTED_TOGETHER = 1 << 20  # scores per joint quicksort of several classes' curves (memory: 1M scores)
_T = TypeVar("_T")


def _ieee_divide(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return numerator / denominator


@dataclass(frozen=True)
class CurvePoints:
    """The TwoClassStats of every point of one class's ThresholdCurve, in WEKA's order.

    Attributes
    ----------
    tp, fn, fp, tn : numpy.ndarray
        True/false positive/negative weights at each point (the curve's
        first four attributes), the zero point included when WEKA adds it.
    """

    tp: np.ndarray
    fn: np.ndarray
    fp: np.ndarray
    tn: np.ndarray

    @property
    def recall(self) -> np.ndarray:
        """TwoClassStats.getRecall(): tp / (tp + fn), NaN where tp + fn is 0."""
        with np.errstate(all="ignore"):
            total = self.tp + self.fn
        return np.where(total == 0, np.nan, _ieee_divide(self.tp, total))

    @property
    def precision(self) -> np.ndarray:
        """TwoClassStats.getPrecision(): tp / (tp + fp), NaN where tp + fp is 0."""
        with np.errstate(all="ignore"):
            total = self.tp + self.fp
        return np.where(total == 0, np.nan, _ieee_divide(self.tp, total))

    def roc_area(self) -> float:
        """``ThresholdCurve.getROCArea``: the Mann-Whitney sum over the points, in WEKA's order.

        NaN when the class has no positive or no negative weight (0/0).
        """
        return stream.areas(iter([(self.tp, self.fn, self.fp, self.tn)]))[0]

    def prc_area(self) -> float:
        """``ThresholdCurve.getPRCArea``: precision x recall step, from the last point back.

        An area of exactly 0 is NaN (WEKA prints ``?``).
        """
        return stream.areas(iter([(self.tp, self.fn, self.fp, self.tn)]))[1]


def curve_points(
    scores: np.ndarray,
    positive: np.ndarray,
    negative: np.ndarray,
    weights: np.ndarray,
    *,
    exact_sort: bool | None = None,
) -> CurvePoints:
    """``ThresholdCurve.getCurve``'s TwoClassStats for one class.

    ``scores`` are the class's probabilities, ``positive``/``negative`` mark
    the predictions counted as such (negative weights are in neither),
    ``weights`` the instance weights.  ``exact_sort=None`` runs WEKA's
    quicksort only when the order inside a tie can change a sum; True always
    runs it, False never (a stable sort instead).  Scores may be any doubles
    (infinities sort as themselves, NaN as ``Double.MAX_VALUE``); sums that
    overflow are Java's infinities, without warnings.
    """
    scores = np.asarray(scores, dtype=np.float64)
    members = stream.mask_members(np.asarray(positive), np.asarray(negative), np.asarray(weights, dtype=np.float64))
    with np.errstate(all="ignore"):
        sums = stream.totals(members, scores.size)
        whole = exact_sort is None and stream.whole_weights(members, scores.size)
        done, ranked = _unsorted(scores, members, sums, exact_sort, whole, stream.collect)
        if done is None:
            assert ranked is not None
            rows = [ranked]
            del ranked  # the list is the one reference: the sort lets the counts go
            order = weka_sort_ranked(rows)[0]
            done = stream.collect(stream.points(scores, members, order, sums))
    return CurvePoints(*done)


def _unsorted(
    scores: np.ndarray,
    members: stream.Members,
    sums: tuple[float, float],
    exact_sort: bool | None,
    whole: bool,
    consume: Callable[[Iterator[stream.Points]], _T],
) -> tuple[_T | None, tuple[np.ndarray, np.ndarray] | None]:
    """``(consume(points), None)`` when the order inside ties cannot change a sum (or ``exact_sort`` is False:
    a stable sort), else ``(None, ranked)``: the keys' ranks and counts, for WEKA's quicksort.

    The points are made in numpy's quicksort order while every tie's nonzero positive (and negative) weights
    are checked to be one value each (or every weight whole, ``whole``): then a tie adds the same doubles in
    any order.  The first tie that breaks this stops the points, and the keys are ranked instead.
    """
    key = stream.sort_key(scores)
    if exact_sort is False:
        return consume(stream.points(scores, members, np.argsort(key, kind="stable"), sums)), None
    order = np.argsort(key)  # numpy's quicksort: the fastest, its order inside ties any
    if not exact_sort and not stream.nan_ties_max(scores):
        try:
            return consume(stream.points(scores, members, order, sums, check_ties=not whole)), None
        except stream.TieOrderMatters:
            pass
    return None, stream.ranked_by_order(key, order)


def _validated(actual: Any, probabilities: Any, weights: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    probs = np.asarray(probabilities, dtype=np.float64)
    if probs.ndim != 2:
        raise ValueError(f"probabilities must be 2-D (n, classes), got shape {probs.shape}")
    acts = np.asarray(
        [np.nan if a is None else a for a in actual] if not isinstance(actual, np.ndarray) else actual, dtype=np.float64
    ).ravel()
    if acts.size != probs.shape[0]:
        raise ValueError(f"actual has {acts.size} entries, probabilities {probs.shape[0]} rows")
    if weights is None:
        w = np.ones(acts.size)
    else:
        w = np.asarray(weights, dtype=np.float64).ravel()
        if w.size != acts.size:
            raise ValueError(f"weights has {w.size} entries, actual {acts.size}")
    known = acts[~np.isnan(acts)]
    if known.size and (np.any(known != np.floor(known)) or known.min() < 0 or known.max() >= probs.shape[1]):
        raise ValueError(f"actual: class indices must be integers in [0, {probs.shape[1]}) or NaN")
    return acts, probs, w


@java_arithmetic
class ThresholdCurves:
    """The ThresholdCurve of every class over one list of predictions, each built once.

    Parameters
    ----------
    actual : array-like of shape (n,)
        Actual class indices, NaN (or None) for a missing class.
    probabilities : array-like of shape (n, k)
        The predicted distributions, in the order Evaluation recorded them.
    weights : array-like of shape (n,), optional
        Instance weights; 1.0 each when omitted.
    exact_sort : bool or None, keyword-only
        None (default): WEKA's quicksort order only where a tie's order can
        change a sum; True: always WEKA's order.

    Examples
    --------
    >>> curves = ThresholdCurves([0, 1, 1, None], [[0.9, 0.1], [0.5, 0.5], [0.5, 0.5], [0.2, 0.8]],
    ...                          weights=[1.0, 0.5, 0.25, 1.0])
    >>> curves.area_under_roc(0), curves.area_under_prc(0)
    (1.0, 1.0)
    >>> curves.weighted_area_under_roc
    0.7857142857142857
    """

    def __init__(
        self,
        actual: Any,
        probabilities: Any,
        weights: Any = None,
        *,
        exact_sort: bool | None = None,
        keep_points: bool = True,
    ):
        self._actual, self._probabilities, self._weights = _validated(actual, probabilities, weights)
        self._exact_sort = exact_sort
        self._keep_points = keep_points  # False: each class keeps its two areas, not its points (memory)
        self._curves: dict[int, CurvePoints] = {}
        self._areas: dict[int, tuple[float, float]] = {}
        self._sums: dict[int, tuple[float, float]] = {}

    @property
    def num_classes(self) -> int:
        return int(self._probabilities.shape[1])

    def curve(self, class_index: int) -> CurvePoints | None:
        """The curve's points for ``class_index``; None when there are no predictions."""
        if not 0 <= class_index < self.num_classes:
            raise IndexError(f"class_index {class_index} outside [0, {self.num_classes})")
        if self._actual.size == 0:
            return None
        if class_index not in self._curves:
            self._build([class_index], stream.collect, self._keep_curve)
            if not self._keep_points:
                return self._curves.pop(class_index)
        return self._curves[class_index]

    def _keep_curve(self, class_index: int, points: stream.Points) -> None:
        self._curves[class_index] = CurvePoints(*points)

    def _keep_areas(self, class_index: int, areas: tuple[float, float]) -> None:
        self._areas[class_index] = areas

    def _members(self, class_index: int) -> stream.Members:
        """The predictions the class's curve counts as positives and as negatives (negative weights in neither)."""
        return stream.class_members(self._actual, self._weights, class_index)

    @cached_property
    def _whole_weights(self) -> bool:
        """Whether the weights are whole numbers with an exact total: then no tie's order changes a sum."""
        counted = stream.class_members(self._actual, self._weights, -1)  # no class -1: every counted one a negative
        return self._exact_sort is None and stream.whole_weights(counted, self._actual.size)

    def prepare(self, classes: Any = None) -> None:
        """Build the curves of ``classes`` (all by default) at once: one quicksort for all whose ties need it.

        The same points as :meth:`curve` gives one class at a time; WEKA's quicksort runs over the scores of
        all the classes that need its order together (:func:`~wekaeval.javamath.weka_sort_ranked`), so a
        thousand classes cost about what one does in numpy calls.  With ``keep_points=False`` only each
        class's two areas are made and kept, never its curve's columns.
        """
        wanted = range(self.num_classes) if classes is None else classes
        todo = [i for i in wanted if i not in self._curves and i not in self._areas]
        if self._actual.size and todo:
            if self._keep_points:
                self._build(todo, stream.collect, self._keep_curve)
            else:
                self._build(todo, stream.areas, self._keep_areas)

    def _build(
        self, classes: list[int], consume: Callable[[Iterator[stream.Points]], _T], keep: Callable[[int, _T], None]
    ) -> None:
        """``keep(i, consume(points of class i))`` for each class; the quicksorts of up to 2**20 scores at once."""
        n = self._actual.size
        per_batch = max(1, _SORTED_TOGETHER // n)
        exact: list[tuple[int, tuple[np.ndarray, np.ndarray]]] = []  # at most per_batch at a time
        with np.errstate(all="ignore"):
            for last, i in enumerate(classes, start=1 - len(classes)):
                scores, members = self._probabilities[:, i], self._members(i)
                done, ranked = _unsorted(
                    scores, members, self._totals(i), self._exact_sort, self._whole_weights, consume
                )
                if ranked is None:
                    keep(i, done)  # type: ignore[arg-type]
                else:
                    exact.append((i, ranked))
                del ranked
                if exact and (len(exact) == per_batch or last == 0):
                    rows, batch = [r for _, r in exact], [i for i, _ in exact]
                    exact = []  # rows is the one reference: a single row's counts go as soon as the sort can
                    orders = weka_sort_ranked(rows)
                    for row, j in enumerate(batch):
                        order = orders[row]
                        keep(
                            j,
                            consume(stream.points(self._probabilities[:, j], self._members(j), order, self._totals(j))),
                        )
                    del orders, order

    def _totals(self, class_index: int) -> tuple[float, float]:
        """getCurve's totals of the class's positives and negatives (made once: the quicksort's classes ask twice)."""
        if class_index not in self._sums:
            self._sums[class_index] = stream.totals(self._members(class_index), self._actual.size)
        return self._sums[class_index]

    def area_under_roc(self, class_index: int) -> float:
        """``Evaluation.areaUnderROC(classIndex)``; NaN without predictions."""
        return self._areas_of(class_index)[0]

    def area_under_prc(self, class_index: int) -> float:
        """``Evaluation.areaUnderPRC(classIndex)``; NaN without predictions or for an area of 0."""
        return self._areas_of(class_index)[1]

    def _areas_of(self, class_index: int) -> tuple[float, float]:
        if not 0 <= class_index < self.num_classes:
            raise IndexError(f"class_index {class_index} outside [0, {self.num_classes})")
        if self._actual.size == 0:
            return math.nan, math.nan
        if class_index not in self._areas:
            if class_index not in self._curves:
                self.prepare([class_index])
            if class_index not in self._areas:
                points = self._curves[class_index]
                self._areas[class_index] = stream.areas(iter([(points.tp, points.fn, points.fp, points.tn)]))
        return self._areas[class_index]

    @cached_property
    def _class_counts(self) -> tuple[np.ndarray, float]:
        """Evaluation's ``trueClassCounts()`` and ``numClassified()`` over the same predictions."""
        from wekaeval.evaluation._confusion import ConfusionMatrix

        k = self.num_classes
        cm = ConfusionMatrix.from_predictions(
            self._actual, self._probabilities, weights=self._weights, class_names=[str(i) for i in range(k)]
        )
        matrix = np.asarray(cm.matrix, dtype=np.float64)
        with np.errstate(all="ignore"):
            counts = np.add.accumulate(np.hstack([np.zeros((k, 1)), matrix]), axis=1)[:, -1]
            with_class = float(np.add.accumulate(np.append(0.0, self._weights[~np.isnan(self._actual)]))[-1])
        return counts, with_class - cm.unclassified

    def _weighted(self, area: Any) -> float:
        self.prepare()
        counts, classified = self._class_counts
        total = 0.0
        for i in range(self.num_classes):
            if counts[i] > 0:
                total += area(i) * float(counts[i])
        return float(_ieee_divide(np.float64(total), np.float64(classified)))

    @property
    def weighted_area_under_roc(self) -> float:
        """``Evaluation.weightedAreaUnderROC()``: sum of area x class count (count > 0), / classified."""
        return self._weighted(self.area_under_roc)

    @property
    def weighted_area_under_prc(self) -> float:
        """``Evaluation.weightedAreaUnderPRC()``, as :attr:`weighted_area_under_roc`."""
        return self._weighted(self.area_under_prc)


def roc_area(actual: Any, probabilities: Any, weights: Any = None, class_index: int = 0) -> float:
    """WEKA's ``Evaluation.areaUnderROC(class_index)`` over these recorded predictions.

    >>> roc_area([1, 0, 1], [[0.2, 0.8], [0.6, 0.4], [0.6, 0.4]], class_index=1)
    0.75
    """
    return ThresholdCurves(actual, probabilities, weights).area_under_roc(class_index)


def prc_area(actual: Any, probabilities: Any, weights: Any = None, class_index: int = 0) -> float:
    """WEKA's ``Evaluation.areaUnderPRC(class_index)`` over these recorded predictions.

    >>> prc_area([1, 0, 1], [[0.2, 0.8], [0.6, 0.4], [0.6, 0.4]], class_index=1)
    0.8333333333333333
    """
    return ThresholdCurves(actual, probabilities, weights).area_under_prc(class_index)


def weighted_area_under_roc(actual: Any, probabilities: Any, weights: Any = None) -> float:
    """WEKA's ``Evaluation.weightedAreaUnderROC()`` over these recorded predictions."""
    return ThresholdCurves(actual, probabilities, weights).weighted_area_under_roc


def weighted_area_under_prc(actual: Any, probabilities: Any, weights: Any = None) -> float:
    """WEKA's ``Evaluation.weightedAreaUnderPRC()`` over these recorded predictions."""
    return ThresholdCurves(actual, probabilities, weights).weighted_area_under_prc
