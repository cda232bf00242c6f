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
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from wekaeval.evaluation._quiet import java_arithmetic
from wekaeval.javamath import ranked_values, sorted_ranks, weka_sort, weka_sort_rows

_MAX_VALUE = np.finfo(np.float64).max
_SORTED_TOGETHER = 1 << 20  # scores per joint quicksort of several classes' curves (memory: 1M scores)
_EXACT_INTEGERS = 2.0**53  # sums of whole weights below this are exact in any order


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
        with np.errstate(all="ignore"):  # Java's arithmetic: overflow and inf - inf are values
            return self._roc_area()

    def _roc_area(self) -> float:
        tp, fp = self.tp, self.fp
        cip = np.append(tp[:-1] - tp[1:], tp[-1])
        cin = np.append(fp[:-1] - fp[1:], fp[-1])
        cum_neg = np.append(0.0, np.add.accumulate(cin)[:-1])
        terms = cip * (cum_neg + 0.5 * cin)
        area = float(np.add.accumulate(terms)[-1])
        return float(_ieee_divide(np.float64(area), fp[0] * tp[0]))

    def prc_area(self) -> float:
        """``ThresholdCurve.getPRCArea``: precision x recall step, from the last point back.

        An area of exactly 0 is NaN (WEKA prints ``?``).
        """
        if self.tp.size < 2:
            return float("nan")
        with np.errstate(all="ignore"):
            recall, precision = self.recall, self.precision
            terms = precision[:-1] * (recall[:-1] - recall[1:])
            area = float(np.add.accumulate(terms[::-1])[-1])
        return float("nan") if area == 0 else area


def _order_matters(
    scores: np.ndarray,
    key: np.ndarray,
    order: np.ndarray,
    counts: np.ndarray,
    positive: np.ndarray,
    negative: np.ndarray,
    weights: np.ndarray,
) -> bool:
    """Whether the order inside a tie of ``key`` can change a sum of the curve.

    Sums are order-free when every tie holds one nonzero weight value among
    its positives and one among its negatives, or when all weights are
    integers whose total is exact.  (A NaN score, sorted as MAX_VALUE, never
    starts a point: the NaNs join the last point before them, whose sum then
    runs over its own tie and the NaNs one after the other, still order-free
    when each is.)  ``counts`` are the sizes of the ties, in ``order``
    (:func:`~wekaeval.javamath.ranked_values`' counts of ``key``).
    """
    if (key == _MAX_VALUE).any() and np.isnan(scores).any():
        return True  # NaN ties with MAX_VALUE, and which of them comes first decides the steps
    used = np.compress(positive | negative, weights)
    if np.all(used == np.floor(used)) and np.add.accumulate(np.abs(used))[-1:].sum() < _EXACT_INTEGERS:
        return False
    if counts.size == key.size:
        return False
    starts = np.append(0, np.add.accumulate(counts)[:-1])  # where each tie begins in ``order``
    w = weights[order]
    for member in (positive[order], negative[order]):
        live = member & (w != 0)
        high = np.maximum.reduceat(np.where(live, w, -np.inf), starts)
        low = np.minimum.reduceat(np.where(live, w, np.inf), starts)
        if np.any(np.isfinite(high) & (high != low)):
            return True
    return False


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
    with np.errstate(all="ignore"):
        key = np.where(np.isnan(scores), _MAX_VALUE, scores)
        ranked = ranked_values(key)
        order = np.argsort(ranked[0], kind="stable")
        matters = exact_sort is None and _order_matters(scores, key, order, ranked[1], positive, negative, weights)
        if exact_sort or matters:
            order = weka_sort(key, ranked=ranked)
        return _curve_points(scores, positive, negative, weights, order)


def _curve_points(
    scores: np.ndarray, positive: np.ndarray, negative: np.ndarray, weights: np.ndarray, order: np.ndarray
) -> CurvePoints:
    """The curve's points from the scores sorted in WEKA's ``order``."""
    n = scores.size
    wpos = np.where(positive, weights, 0.0)
    wneg = np.where(negative, weights, 0.0)
    tot_pos = float(np.add.accumulate(np.append(0.0, wpos))[-1])
    tot_neg = float(np.add.accumulate(np.append(0.0, wneg))[-1])
    values = scores[order]
    # a point starts at i == 0 and where the score exceeds the current threshold
    nan = np.isnan(values)
    if nan[0]:
        start = np.zeros(n, dtype=bool)
    elif not nan.any():  # ascending without a gap: the threshold so far is the value before
        start = np.empty(n, dtype=bool)
        np.greater(values[1:], values[:-1], out=start[1:])
    else:
        previous = values.copy()
        previous[nan] = -np.inf
        previous = np.maximum.accumulate(previous)  # ascending: the last non-NaN value so far
        start = np.zeros(n, dtype=bool)
        start[1:] = values[1:] > previous[:-1]
    start[0] = True
    group = np.add.accumulate(start) - 1
    groups = int(group[-1]) + 1
    # each point's sums, sequential in sorted order (bincount adds bin by bin in input order)
    cum_pos = np.bincount(group, weights=wpos[order], minlength=groups)
    cum_neg = np.bincount(group, weights=wneg[order], minlength=groups)
    applied_pos = np.append(0.0, cum_pos[:-1])  # the previous point's sums, applied at each start
    applied_neg = np.append(0.0, cum_neg[:-1])
    tp = np.subtract.accumulate(np.append(tot_pos, applied_pos))[1:]
    fn = np.add.accumulate(np.append(0.0, applied_pos))[1:]
    fp = np.subtract.accumulate(np.append(tot_neg, applied_neg))[1:]
    tn = np.add.accumulate(np.append(0.0, applied_neg))[1:]
    if fn[-1] != tot_pos or tn[-1] != tot_neg:  # "make sure a zero point gets into the curve"
        tp, fn = np.append(tp, 0.0), np.append(fn, tot_pos)
        fp, tn = np.append(fp, 0.0), np.append(tn, tot_neg)
    return CurvePoints(tp=tp, fn=fn, fp=fp, tn=tn)


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

    @property
    def num_classes(self) -> int:
        return int(self._probabilities.shape[1])

    def curve(self, class_index: int) -> CurvePoints | None:
        """The curve's points for ``class_index``; None when there are no predictions."""
        if not 0 <= class_index < self.num_classes:
            raise IndexError(f"class_index {class_index} outside [0, {self.num_classes})")
        if self._actual.size == 0:
            return None
        if class_index in self._curves:
            return self._curves[class_index]
        positive, negative = self._members(class_index)
        points = curve_points(
            self._probabilities[:, class_index], positive, negative, self._weights, exact_sort=self._exact_sort
        )
        self._keep(class_index, points)
        return points

    def _keep(self, class_index: int, points: CurvePoints) -> None:
        """Cache a class's points, or only its two areas when the points are not kept."""
        if self._keep_points:
            self._curves[class_index] = points
        else:
            self._areas[class_index] = (points.roc_area(), points.prc_area())

    def _members(self, class_index: int) -> tuple[np.ndarray, np.ndarray]:
        """The predictions the class's curve counts as positives and as negatives (negative weights in neither)."""
        counted = ~(self._weights < 0)
        positive = counted & (self._actual == class_index)
        return positive, counted & ~positive

    def prepare(self, classes: Any = None) -> None:
        """Build the curves of ``classes`` (all by default) at once: one quicksort for all whose ties need it.

        The same points as :meth:`curve` gives one class at a time; WEKA's quicksort runs over the scores of
        all the classes that need its order together (:func:`~wekaeval.javamath.weka_sort_rows`), so a
        thousand classes cost about what one does in numpy calls.
        """
        n = self._actual.size
        wanted = range(self.num_classes) if classes is None else classes
        todo = [i for i in wanted if i not in self._curves and i not in self._areas]
        if n == 0 or not todo:
            return
        per_batch = max(1, _SORTED_TOGETHER // n)
        exact: list[tuple[int, np.ndarray, tuple[np.ndarray, np.ndarray]]] = []  # at most per_batch at a time
        with np.errstate(all="ignore"):
            for last, i in enumerate(todo, start=1 - len(todo)):
                scores = self._probabilities[:, i]
                positive, negative = self._members(i)
                key = np.where(np.isnan(scores), _MAX_VALUE, scores)
                order, ranks, counts = sorted_ranks(key)
                if self._exact_sort or (
                    self._exact_sort is None
                    and _order_matters(scores, key, order, counts, positive, negative, self._weights)
                ):
                    exact.append((i, key, (ranks, counts)))
                else:
                    self._keep(i, _curve_points(scores, positive, negative, self._weights, order))
                del order, ranks, counts, key
                if exact and (len(exact) == per_batch or last == 0):
                    self._sorted_together(exact)
                    exact = []

    def _sorted_together(self, batch: list[tuple[int, np.ndarray, tuple[np.ndarray, np.ndarray]]]) -> None:
        """The curves of classes whose ties need WEKA's quicksort, their scores sorted in one run."""
        orders = weka_sort_rows(np.stack([key for _, key, _ in batch]), ranked=[r for _, _, r in batch])
        for (i, _, _), order in zip(batch, orders, strict=True):
            positive, negative = self._members(i)
            self._keep(i, _curve_points(self._probabilities[:, i], positive, negative, self._weights, order))

    def area_under_roc(self, class_index: int) -> float:
        """``Evaluation.areaUnderROC(classIndex)``; NaN without predictions."""
        return self._areas_of(class_index)[0]

    def area_under_prc(self, class_index: int) -> float:
        """``Evaluation.areaUnderPRC(classIndex)``; NaN without predictions or for an area of 0."""
        return self._areas_of(class_index)[1]

    def _areas_of(self, class_index: int) -> tuple[float, float]:
        if class_index not in self._areas:
            points = self.curve(class_index)
            if points is None:
                return math.nan, math.nan
            if class_index not in self._areas:
                self._areas[class_index] = (points.roc_area(), points.prc_area())
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
