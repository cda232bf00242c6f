"""The areas and curves made chunk by chunk (issue 37: memory) against getCurve/getROCArea/getPRCArea's loops.

The reference is WEKA's Java transliterated line by line in plain Python floats over the order of the
transliterated quicksort (``_quicksort_loop``, itself checked against Java in test_threshold.py): every
point, every sum in Java's order.  The data are seeded (the seed is printed) and full of ties with
fractional, zero and negative weights, NaN and infinite scores, missing classes; the chunks are made a few
predictions long so that every running sum crosses many chunk boundaries, and the whole-array size too.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from wekaeval.evaluation import _curvestream as stream
from wekaeval.evaluation import _threshold as threshold
from wekaeval.javamath._sort import _quicksort_loop

_MAX = float(np.finfo(np.float64).max)


def _java_divide(a: float, b: float) -> float:
    with np.errstate(all="ignore"):
        return float(np.float64(a) / np.float64(b))


def _java_curve(
    scores: list[float], actual: list[float], weights: list[float], c: int
) -> list[tuple[float, float, float, float]]:
    """ThresholdCurve.getCurve's TwoClassStats (tp, fn, fp, tn) per point, as its loop computes them."""
    tot_pos = tot_neg = 0.0
    for a, w in zip(actual, weights, strict=True):
        if w < 0:
            continue
        if a == c:
            tot_pos += w
        else:
            tot_neg += w
    order = _quicksort_loop(np.array([_MAX if math.isnan(s) else s for s in scores])).tolist()
    tp, fn, fp, tn = tot_pos, 0.0, tot_neg, 0.0
    cum_pos = cum_neg = 0.0
    threshold_ = 0.0
    points = []
    for i, j in enumerate(order):
        if i == 0 or scores[j] > threshold_:
            tp, fn, fp, tn = tp - cum_pos, fn + cum_pos, fp - cum_neg, tn + cum_neg
            threshold_ = scores[j]
            points.append((tp, fn, fp, tn))
            cum_pos = cum_neg = 0.0
            if i == len(order) - 1:
                break
        if weights[j] < 0:
            continue
        if actual[j] == c:
            cum_pos += weights[j]
        else:
            cum_neg += weights[j]
    if fn != tot_pos or tn != tot_neg:
        points.append((0.0, tot_pos, 0.0, tot_neg))
    return points


def _java_areas(points: list[tuple[float, float, float, float]]) -> tuple[float, float]:
    """getROCArea and getPRCArea over the points (precision and recall NaN where their denominator is 0)."""
    n = len(points)
    area, cum_neg = 0.0, 0.0
    for i in range(n):
        if i < n - 1:
            cip, cin = points[i][0] - points[i + 1][0], points[i][2] - points[i + 1][2]
        else:
            cip, cin = points[i][0], points[i][2]
        area += cip * (cum_neg + 0.5 * cin)
        cum_neg += cin
    roc = _java_divide(area, points[0][2] * points[0][0])
    recall = [math.nan if tp + fn == 0 else _java_divide(tp, tp + fn) for tp, fn, _, _ in points]
    precision = [math.nan if tp + fp == 0 else _java_divide(tp, tp + fp) for tp, _, fp, _ in points]
    prc, last = 0.0, recall[-1]
    for i in range(n - 2, -1, -1):
        prc += precision[i] * (recall[i] - last)
        last = recall[i]
    return roc, (math.nan if prc == 0 else prc)


def _hex(value: float) -> str:
    return "nan" if math.isnan(value) else float(value).hex()


def _tied_predictions(rng: np.random.Generator, n: int, k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    scores = rng.integers(0, 9, (n, k)) / 8.0  # a grid of nine values: every tie large
    odd = rng.random((n, k))
    scores[odd < 0.01] = np.nan
    scores[(odd >= 0.01) & (odd < 0.015)] = np.inf
    actual = rng.integers(0, k, n).astype(np.float64)
    actual[rng.random(n) < 0.05] = np.nan
    weights = rng.choice([0.1, 0.3, 1.0, 2.5, 0.0, -1.0, 7.0 / 3.0], n)
    return actual, scores, weights


@pytest.mark.parametrize("chunk", [3, 64, 1 << 16])
def test_areas_and_curves_are_javas_loops_across_chunks(rng, monkeypatch, chunk):
    monkeypatch.setattr(stream, "CHUNK", chunk)
    for trial in range(4):
        n, k = int(rng.integers(200, 1500)), int(rng.integers(2, 4))
        actual, scores, weights = _tied_predictions(rng, n, k)
        if trial == 3:  # whole weights: the order-free shortcut, its ties unsorted
            weights = np.abs(np.round(weights * 3))
        lean = threshold.ThresholdCurves(actual, scores, weights, keep_points=False)
        kept = threshold.ThresholdCurves(actual, scores, weights)
        for c in range(k):
            java = _java_curve(scores[:, c].tolist(), actual.tolist(), weights.tolist(), c)
            roc, prc = _java_areas(java)
            for curves in (lean, kept):
                assert _hex(curves.area_under_roc(c)) == _hex(roc), (trial, c)
                assert _hex(curves.area_under_prc(c)) == _hex(prc), (trial, c)
            points = kept.curve(c)
            assert points is not None
            columns = np.array(java).T
            for mine, theirs in zip((points.tp, points.fn, points.fp, points.tn), columns, strict=True):
                assert [_hex(x) for x in mine.tolist()] == [_hex(x) for x in theirs.tolist()], (trial, c)


def test_continuous_scores_need_no_quicksort_and_agree(rng, monkeypatch):
    """Distinct scores, fractional weights: numpy's order serves (no tie) and gives Java's doubles."""
    monkeypatch.setattr(stream, "CHUNK", 50)
    n = 2000
    actual = rng.integers(0, 2, n).astype(np.float64)
    scores = rng.dirichlet([1.0, 1.0], n)
    weights = rng.uniform(0.1, 3.0, n)
    members = stream.class_members(actual, weights, 0)
    sums = stream.totals(members, n)
    done, ranked = threshold._unsorted(scores[:, 0], members, sums, None, False, stream.areas)
    assert ranked is None  # no tie: no quicksort
    roc, prc = _java_areas(_java_curve(scores[:, 0].tolist(), actual.tolist(), weights.tolist(), 0))
    assert done is not None and (_hex(done[0]), _hex(done[1])) == (_hex(roc), _hex(prc))


def test_a_tie_of_different_weights_stops_the_unsorted_pass():
    actual = np.array([0.0, 1.0, 0.0, 0.0])
    scores = np.array([0.5, 0.2, 0.5, 0.9])
    members = stream.class_members(actual, np.array([1.0, 1.0, 0.5, 1.0]), 0)
    sums = stream.totals(members, 4)
    with pytest.raises(stream.TieOrderMatters):
        list(stream.points(scores, members, np.argsort(scores), sums, check_ties=True))
    same = stream.class_members(actual, np.array([0.5, 1.0, 0.5, 1.0]), 0)
    chunks = list(stream.points(scores, same, np.argsort(scores), stream.totals(same, 4), check_ties=True))
    assert [column.tolist() for column in stream.collect(iter(chunks))] == [
        [2, 2, 1, 0],
        [0, 0, 1, 2],
        [1, 0, 0, 0],
        [0, 1, 1, 1],
    ]


def test_ranks_from_any_order_are_ranked_values(rng, monkeypatch):
    monkeypatch.setattr(stream, "CHUNK", 7)
    from wekaeval.javamath import ranked_values

    values = rng.integers(-3, 4, 500) / 2.0
    values[rng.random(500) < 0.1] = -0.0
    ranks, counts = stream.ranked_by_order(values, np.argsort(values))
    theirs, their_counts = ranked_values(values)
    assert ranks.tolist() == theirs.tolist() and counts.tolist() == their_counts.tolist()


def test_equal_values_permutations_past_the_remembered_sizes_are_the_quicksorts(monkeypatch):
    """Permutations larger than the memo keeps are made again, the same (the memo had grown to gigabytes)."""
    from wekaeval.javamath import _sort

    monkeypatch.setattr(_sort, "_REMEMBERED_UP_TO", 8)
    monkeypatch.setattr(_sort, "_EQUAL_PERMUTATIONS", {})
    for size in [*range(0, 80), 1_000, 4_097]:
        assert _sort._equal_permutation(size).tolist() == _quicksort_loop(np.zeros(size)).tolist(), size
    assert max(_sort._EQUAL_PERMUTATIONS) <= 8
