"""wekaeval.evaluation against WEKA 3.9.7 itself: Utils.sort's order and Evaluation's ROC/PRC areas, with ==.

WEKA's Evaluation is fed the same predictions through
``evaluateModelOnceAndRecordPrediction(dist, instance)`` -- the call ``evaluateModel`` and cross-validation
use.  The plain ``evaluateModelOnce(dist, instance)`` records no predictions, so all its areas are NaN
(checked below).
"""

from __future__ import annotations

import math
from typing import TypedDict

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.blobs import picks
from wekaeval.evaluation import _threshold as threshold
from wekaeval.javamath import _sort as weka_sort_module

pytestmark = pytest.mark.jvm

_GRID = [0.0, 0.1, 0.2, 0.25, 1 / 3, 0.5, 0.6, 2 / 3, 0.75, 0.9, 1.0]
_WEIGHTS = [1.0, 0.5, 0.1, 0.3, 1 / 3, 2.7, 0.0, 1e-3, 7.25]


def _same(a: float, b: float) -> bool:
    """Bit-identical doubles (NaN equal to NaN)."""
    return float(a).hex() == float(b).hex() or (math.isnan(a) and math.isnan(b))


class _Areas(TypedDict):
    """WEKA's areas: per class, and weighted by class."""

    roc: list[float]
    prc: list[float]
    weighted_roc: float
    weighted_prc: float


class _Weka:
    def __init__(self, oracle):
        import jpype

        self._jpype = jpype
        self._oracle = oracle
        self._JD = jpype.JArray(jpype.JDouble)
        self._Utils = jpype.JClass("weka.core.Utils")

    def sort(self, values: np.ndarray) -> np.ndarray:
        return np.array(self._Utils.sort(self._JD(values.tolist())), dtype=np.int64)

    def evaluation(self, actual, probabilities, weights, record=True):
        k = probabilities.shape[1]
        header = self._oracle.header([f"c{i}" for i in range(k)])
        evaluation = self._oracle._Evaluation(header)
        feed = evaluation.evaluateModelOnceAndRecordPrediction if record else evaluation.evaluateModelOnce
        for a, dist, w in zip(actual.tolist(), probabilities.tolist(), weights.tolist(), strict=False):
            instance = self._oracle._DenseInstance(float(w), self._JD([float(a)]))
            instance.setDataset(header)
            feed(self._JD(dist), instance)
        return evaluation

    def areas(self, actual, probabilities, weights) -> _Areas:
        evaluation = self.evaluation(actual, probabilities, weights)
        k = probabilities.shape[1]
        return {
            "roc": [float(evaluation.areaUnderROC(i)) for i in range(k)],
            "prc": [float(evaluation.areaUnderPRC(i)) for i in range(k)],
            "weighted_roc": float(evaluation.weightedAreaUnderROC()),
            "weighted_prc": float(evaluation.weightedAreaUnderPRC()),
        }


@pytest.fixture(scope="module")
def java(weka):
    return _Weka(weka)


def _mismatches(java: _Weka, actual, probabilities, weights, **options) -> list[str]:
    expected = java.areas(actual, probabilities, weights)
    curves = threshold.ThresholdCurves(actual, probabilities, weights, **options)
    found = []
    for i in range(probabilities.shape[1]):
        if not _same(expected["roc"][i], curves.area_under_roc(i)):
            found.append(f"roc[{i}] {expected['roc'][i]!r} != {curves.area_under_roc(i)!r}")
        if not _same(expected["prc"][i], curves.area_under_prc(i)):
            found.append(f"prc[{i}] {expected['prc'][i]!r} != {curves.area_under_prc(i)!r}")
    if not _same(expected["weighted_roc"], curves.weighted_area_under_roc):
        found.append(f"weighted roc {expected['weighted_roc']!r} != {curves.weighted_area_under_roc!r}")
    if not _same(expected["weighted_prc"], curves.weighted_area_under_prc):
        found.append(f"weighted prc {expected['weighted_prc']!r} != {curves.weighted_area_under_prc!r}")
    return found


# -- Utils.sort ------------------------------------------------------------------------------


@given(
    st.lists(
        st.sampled_from([0.0, -0.0, 0.1, 0.5, 1.0, 2.0, math.nan, 1.7976931348623157e308]), min_size=0, max_size=200
    )
)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_sort_order_is_wekas_on_ties_and_nan(java, values):
    values = np.array(values, dtype=np.float64)
    assert np.array_equal(weka_sort_module.weka_sort(values), java.sort(values))


def test_sort_of_many_small_rows_is_wekas_row_by_row(java):
    """weka_sort_ranked sorts fewer than 1024 values in all by WEKA's loop, row by row; more level by level."""
    rng = np.random.default_rng(12)
    for k, n, distinct in ((1, 2, 1), (1, 300, 4), (4, 60, 5), (6, 80, 11), (3, 341, 3), (2, 700, 9)):
        rows = rng.integers(0, distinct, (k, n)) / distinct
        rows[rng.random((k, n)) < 0.05] = np.nan
        ranked = [weka_sort_module.ranked_values(np.where(np.isnan(row), np.finfo(float).max, row)) for row in rows]
        found = weka_sort_module.weka_sort_ranked(ranked)
        assert [list(row) for row in found] == [java.sort(row).tolist() for row in rows], (k, n, distinct)


def test_sort_order_is_wekas_on_large_random_arrays(java):
    rng = np.random.default_rng(10)
    for n, distinct in ((100_000, 21), (10_000, 7), (10_000, 1000), (5_000, 2), (3_000, 3_000), (2_000, 10**9)):
        values = rng.integers(0, distinct, n) / distinct
        values[rng.random(n) < 0.01] = np.nan
        assert np.array_equal(weka_sort_module.weka_sort(values), java.sort(values)), (n, distinct)


# -- the areas --------------------------------------------------------------------------------


@st.composite
def _predictions(draw):
    k = draw(st.integers(2, 6))
    n = draw(st.integers(1, 80))
    probabilities = np.array(picks(draw, _GRID, n * k), dtype=np.float64).reshape(n, k)
    if draw(st.booleans()):  # normalised rows, as classifiers give them (still on a grid: many ties)
        totals = probabilities.sum(axis=1, keepdims=True)
        probabilities = np.divide(probabilities, totals, out=probabilities.copy(), where=totals > 0)
    one_class = draw(st.one_of(st.none(), st.integers(0, k - 1)))
    classes = [float(one_class)] if one_class is not None else [float(c) for c in range(k)]
    actual = np.array(picks(draw, classes + [math.nan] if draw(st.booleans()) else classes, n), dtype=np.float64)
    weights = np.array(picks(draw, _WEIGHTS, n), dtype=np.float64)  # each array one draw: tests/blobs.py
    return actual, probabilities, weights


@given(_predictions())
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_areas_are_wekas(java, predictions):
    assert _mismatches(java, *predictions) == []


@given(_predictions())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_areas_are_wekas_with_wekas_sort_always(java, predictions):
    assert _mismatches(java, *predictions, exact_sort=True) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_areas_are_wekas_on_10000_predictions(java, seed):
    rng = np.random.default_rng(seed)
    n, k = 10_000, 4 + seed
    grid = rng.integers(0, 6, size=(n, k)).astype(np.float64)
    probabilities = grid / np.maximum(grid.sum(axis=1, keepdims=True), 1.0)
    actual = rng.integers(0, k, n).astype(np.float64)
    actual[rng.random(n) < 0.02] = np.nan
    weights = rng.choice(np.array(_WEIGHTS), n)
    weights[rng.random(n) < 0.01] = -0.5  # ThresholdCurve skips negative weights
    assert _mismatches(java, actual, probabilities, weights) == []


def test_areas_are_wekas_on_10000_continuous_predictions(java):
    rng = np.random.default_rng(3)
    n, k = 10_000, 3
    probabilities = rng.dirichlet(np.ones(k), n)
    actual = rng.integers(0, k, n).astype(np.float64)
    weights = rng.random(n)
    assert _mismatches(java, actual, probabilities, weights) == []


def test_the_order_inside_ties_changes_the_last_bits(java):
    """Why the quicksort is ported: a stable sort gives other doubles on tied, weighted predictions."""
    rng = np.random.default_rng(4)
    n, k = 2_000, 3
    probabilities = rng.integers(0, 3, size=(n, k)) / 2.0
    actual = rng.integers(0, k, n).astype(np.float64)
    weights = rng.random(n)
    assert _mismatches(java, actual, probabilities, weights) == []
    assert _mismatches(java, actual, probabilities, weights, exact_sort=False) != []


def test_unrecorded_or_missing_predictions_are_nan(java):
    actual = np.array([0.0, 1.0])
    probabilities = np.array([[0.7, 0.3], [0.4, 0.6]])
    evaluation = java.evaluation(actual, probabilities, np.ones(2), record=False)
    assert math.isnan(evaluation.areaUnderROC(0)) and math.isnan(evaluation.areaUnderPRC(0))
    empty = threshold.ThresholdCurves(np.zeros(0), np.zeros((0, 2)))
    assert math.isnan(empty.area_under_roc(0)) and math.isnan(empty.area_under_prc(1))


def test_missing_class_counts_as_negative_for_every_class(java):
    actual = np.array([0.0, 1.0, 0.0, math.nan])
    probabilities = np.array([[0.7, 0.3], [0.4, 0.6], [0.2, 0.8], [0.9, 0.1]])
    weights = np.array([1.0, 1.0, 0.5, 1.0])
    assert threshold.roc_area(actual, probabilities, weights, class_index=0) == 1 / 3
    assert _mismatches(java, actual, probabilities, weights) == []


def test_inputs_are_checked():
    with pytest.raises(ValueError, match="probabilities"):
        threshold.ThresholdCurves([0, 1], [0.5, 0.5])
    with pytest.raises(ValueError, match="weights"):
        threshold.ThresholdCurves([0, 1], [[0.5, 0.5], [0.1, 0.9]], weights=[1.0])
    with pytest.raises(ValueError, match="actual"):
        threshold.ThresholdCurves([0, 2], [[0.5, 0.5], [0.1, 0.9]])
    with pytest.raises(IndexError):
        threshold.ThresholdCurves([0, 1], [[0.5, 0.5], [0.1, 0.9]]).area_under_roc(2)


def test_the_level_by_level_quicksort_is_the_transliterated_one():
    """No JVM: the numpy quicksort (n >= 1024) gives the loop's permutation, ties, NaN and distinct values mixed."""
    rng = np.random.default_rng(5)
    for trial in range(60):
        n = int(rng.integers(4, 3_000))
        values = rng.integers(0, int(rng.integers(1, 2 * n)), n) / 7.0
        values[rng.random(n) < 0.03] = np.nan
        values[rng.random(n) < 0.01] = np.finfo(np.float64).max
        with_max = np.where(np.isnan(values), np.finfo(np.float64).max, values)
        assert np.array_equal(
            weka_sort_module._quicksort_levels(with_max.copy()), weka_sort_module._quicksort_loop(with_max.copy())
        ), trial


def test_equal_values_take_their_sizes_permutation():
    for size in [*range(0, 300), 1_000, 4_097]:
        assert np.array_equal(
            weka_sort_module._equal_permutation(size), weka_sort_module._quicksort_loop(np.zeros(size))
        ), size


def test_the_stable_sort_shortcut_gives_the_quicksorts_doubles():
    """No JVM: where the shortcut skips WEKA's quicksort (order-free ties), the areas are the quicksort's."""
    rng = np.random.default_rng(6)
    for trial in range(200):
        n, k = int(rng.integers(1, 400)), int(rng.integers(2, 5))
        probabilities = rng.integers(0, 4, size=(n, k)) / 3.0
        probabilities[rng.random((n, k)) < 0.05] = np.nan
        if trial % 4 == 0:
            probabilities[rng.random((n, k)) < 0.05] = np.finfo(np.float64).max
        actual = rng.integers(0, k, n).astype(np.float64)
        weights = rng.choice(
            [np.ones(n), rng.choice([0.0, 0.1, 2.0], n), rng.integers(0, 5, n) * 1.0, rng.choice([0.0, 0.3], n)]
        )
        fast = threshold.ThresholdCurves(actual, probabilities, weights)
        exact = threshold.ThresholdCurves(actual, probabilities, weights, exact_sort=True)
        for i in range(k):
            assert _same(fast.area_under_roc(i), exact.area_under_roc(i)), trial
            assert _same(fast.area_under_prc(i), exact.area_under_prc(i)), trial


def test_rows_sorted_together_are_each_rows_quicksort():
    """No JVM: weka_sort_rows gives each row weka_sort's permutation (Java's, by the test above), with or
    without the rows' ranks; ThresholdCurves.prepare gives each class's curve as curve() alone does."""
    rng = np.random.default_rng(28)
    for trial in range(40):
        k, n = int(rng.integers(1, 12)), int(rng.integers(1, 2_500))
        rows = rng.integers(0, int(rng.integers(1, 2 * n + 2)), (k, n)) / 5.0
        rows[rng.random((k, n)) < 0.03] = np.nan
        each = np.stack([weka_sort_module.weka_sort(row) for row in rows])
        assert np.array_equal(weka_sort_module.weka_sort_rows(rows), each), trial
        keys = np.where(np.isnan(rows), np.finfo(np.float64).max, rows)
        ranked = [weka_sort_module.sorted_ranks(row)[1:] for row in keys]
        assert np.array_equal(weka_sort_module.weka_sort_rows(keys, ranked=ranked), each), trial
        actual = rng.integers(0, k, n).astype(np.float64)
        weights = rng.choice([0.5, 1.0, 3.0, -1.0], n)
        together = threshold.ThresholdCurves(actual, rows.T.copy(), weights, exact_sort=bool(trial % 2) or None)
        together.prepare()
        alone = threshold.ThresholdCurves(actual, rows.T.copy(), weights, exact_sort=bool(trial % 2) or None)
        for i in range(k):
            a, b = together.curve(i), alone.curve(i)
            assert a is not None and b is not None
            for field in ("tp", "fn", "fp", "tn"):
                assert np.array_equal(getattr(a, field), getattr(b, field), equal_nan=True), (trial, i, field)
        areas_only = threshold.ThresholdCurves(actual, rows.T.copy(), weights, keep_points=False)
        areas_only.prepare()
        for i in range(k):
            for area in ("area_under_roc", "area_under_prc"):
                mine, theirs = getattr(areas_only, area)(i), getattr(alone, area)(i)
                assert mine.hex() == theirs.hex() or (math.isnan(mine) and math.isnan(theirs)), (trial, i, area)
        assert not areas_only._curves  # the points are not kept


@pytest.mark.parametrize("distinct", [3, 1_000, 70_000], ids=["few", "16-bit ranks", "many"])
def test_sorted_ranks_equal_a_stable_sort_of_the_values(rng, distinct):
    """sorted_ranks (np.unique's ranks, then a radix or a quicksort of distinct keys) against the stable sort
    of the values it replaced: ties, -0.0 beside 0.0, infinities; NaN takes the comparison path."""
    for trial in range(6):
        n = int(rng.integers(1, 150_000)) if trial else 1
        values = rng.integers(0, distinct, n) / 7.0
        special = rng.random(n) < 0.01
        values[special] = rng.choice([0.0, -0.0, np.inf, -np.inf, np.finfo(np.float64).max], int(special.sum()))
        if trial == 5:
            values[rng.random(n) < 0.01] = np.nan
        mine, theirs = weka_sort_module.sorted_ranks(values), weka_sort_module._sorted_ranks_by_comparison(values)
        for a, b in zip(mine, theirs, strict=True):
            assert a.dtype == b.dtype and np.array_equal(a, b), (distinct, trial)
