"""ThresholdCurve's points made chunk by chunk from the sorted scores: the areas without every curve column.

The arithmetic of ``ThresholdCurve.getCurve``, ``getROCArea`` and ``getPRCArea`` (described in
:mod:`wekaeval.evaluation._threshold`), over the predictions in their sorted order ``CHUNK`` at a time: each
running sum (a point's weights, the TwoClassStats counts, the ROC sum, the cumulated negatives) carries its
last value into the next chunk and goes on as the same sequential chain, so the doubles are those of the
whole-array computation.  What stays alive at once is the order, one chunk's work and, for the PRC area
(summed from the last point back), one double per point: not the four columns of every point and their
temporaries (issue 37: memory).

>>> scores = np.array([0.2, 0.6, 0.6, 0.9])
>>> members = class_members(np.array([0.0, 1.0, 0.0, 1.0]), np.ones(4), class_index=1)
>>> order = np.argsort(scores)
>>> areas(points(scores, members, order, totals(members, 4)))
(0.875, 0.8333333333333333)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

_MAX_VALUE = np.finfo(np.float64).max
_EXACT_INTEGERS = 2.0**53  # sums of whole weights below this are exact in any order
CHUNK = 1 << 16  # sorted predictions per step: small enough that a step's temporaries stay in cache

#: index (array or slice) -> (positive, negative, weights) of those predictions
Members = Callable[[Any], tuple[np.ndarray, np.ndarray, np.ndarray]]
Points = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # tp, fn, fp, tn of consecutive curve points


class TieOrderMatters(Exception):
    """Raised by :func:`points` with ``check_ties``: a tie's order would change a sum (WEKA's quicksort needed)."""


def class_members(actual: np.ndarray, weights: np.ndarray, class_index: int) -> Members:
    """The curve of ``class_index``'s members: negative weights in neither; a missing class (NaN) a negative."""

    def members(index: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        w = weights[index]
        counted = ~(w < 0)
        positive = counted & (actual[index] == class_index)
        return positive, counted & ~positive, w

    return members


def mask_members(positive: np.ndarray, negative: np.ndarray, weights: np.ndarray) -> Members:
    """Members given as two masks (:func:`~wekaeval.evaluation._threshold.curve_points`' arguments)."""
    return lambda index: (positive[index], negative[index], weights[index])


def totals(members: Members, n: int) -> tuple[float, float]:
    """The positives' and negatives' weights, each added in the predictions' order from 0.0 (getCurve's totals)."""
    tot_pos = tot_neg = 0.0
    with np.errstate(all="ignore"):
        for begin in range(0, n, CHUNK):
            positive, negative, w = members(slice(begin, begin + CHUNK))
            tot_pos = float(np.add.accumulate(np.append(tot_pos, np.where(positive, w, 0.0)))[-1])
            tot_neg = float(np.add.accumulate(np.append(tot_neg, np.where(negative, w, 0.0)))[-1])
    return tot_pos, tot_neg


def sort_key(scores: np.ndarray) -> np.ndarray:
    """The scores as WEKA's sort sees them: NaN as ``Double.MAX_VALUE`` (the scores themselves when none is NaN)."""
    if not any(np.isnan(scores[begin : begin + CHUNK]).any() for begin in range(0, scores.size, CHUNK)):
        return scores
    return np.where(np.isnan(scores), _MAX_VALUE, scores)


def nan_ties_max(scores: np.ndarray) -> bool:
    """Whether a NaN score ties with a ``Double.MAX_VALUE`` one: their order then decides the curve's steps."""
    found_nan = found_max = False
    for begin in range(0, scores.size, CHUNK):
        part = scores[begin : begin + CHUNK]
        found_nan = found_nan or bool(np.isnan(part).any())
        found_max = found_max or bool((part == _MAX_VALUE).any())
    return found_nan and found_max


def points(
    scores: np.ndarray,
    members: Members,
    order: np.ndarray,
    sums: tuple[float, float],
    *,
    check_ties: bool = False,
) -> Iterator[Points]:
    """The curve's points, in chunks, from the predictions sorted in ``order`` (getCurve's loop).

    ``sums`` are :func:`totals`.  With ``check_ties`` it raises :class:`TieOrderMatters` as soon as a tie
    holds two different nonzero weights among its positives (or its negatives), whose order then changes a
    point's sum: the points are then only right in WEKA's quicksort order.  The zero point comes last when
    WEKA adds it.
    """
    tot_pos, tot_neg = sums
    tp = fp = np.float64(0.0)  # the last point's counts, carried into the next chunk's chains
    last_tp, last_fn, last_fp, last_tn = tot_pos, 0.0, tot_neg, 0.0
    open_pos = open_neg = 0.0  # the open point's sums so far; 0.0 is the empty point before the first
    threshold = -np.inf  # the largest score so far that is not NaN
    nan_first = False
    live: list[tuple[Any, Any] | None] = [None, None]  # the last nonzero positive / negative: (key, weight)
    n = order.size
    for begin in range(0, n, CHUNK):
        index = order[begin : begin + CHUNK]
        values = scores[index]
        positive, negative, w = members(index)
        nan = np.isnan(values)
        if begin == 0:
            nan_first = bool(nan[0])
        start = np.zeros(values.size, dtype=bool)
        if nan_first:  # the first threshold is NaN: nothing exceeds it
            pass
        elif not nan.any():  # ascending without a gap: the threshold is the value before
            start[0] = values[0] > threshold
            np.greater(values[1:], values[:-1], out=start[1:])
            threshold = values[-1]
        else:
            previous = np.where(nan, -np.inf, values)
            np.maximum.accumulate(previous, out=previous)
            np.maximum(previous, threshold, out=previous)
            start[0] = values[0] > threshold
            np.greater(values[1:], previous[:-1], out=start[1:])
            threshold = previous[-1]
        if begin == 0:
            start[0] = True
        if check_ties:
            key = np.where(nan, _MAX_VALUE, values)
            for which, member in enumerate((positive, negative)):
                keep = member & (w != 0)
                k, kw = np.compress(keep, key), np.compress(keep, w)
                if k.size:
                    if live[which] is not None:
                        k, kw = np.append(live[which][0], k), np.append(live[which][1], kw)  # type: ignore[index]
                    if np.any((k[1:] == k[:-1]) & (kw[1:] != kw[:-1])):
                        raise TieOrderMatters
                    live[which] = (k[-1], kw[-1])
        group = np.add.accumulate(start, dtype=np.intp)  # 0: the point open before this chunk
        group = np.append(0, group)
        count = int(group[-1]) + 1
        pos_sums = np.bincount(group, weights=np.append(open_pos, np.where(positive, w, 0.0)), minlength=count)
        neg_sums = np.bincount(group, weights=np.append(open_neg, np.where(negative, w, 0.0)), minlength=count)
        open_pos, open_neg = float(pos_sums[-1]), float(neg_sums[-1])
        if count == 1:
            continue
        applied_pos, applied_neg = pos_sums[:-1], neg_sums[:-1]  # a closed point's sums, applied at the next start
        tp = np.subtract.accumulate(np.append(last_tp, applied_pos))[1:]
        fn = np.add.accumulate(np.append(last_fn, applied_pos))[1:]
        fp = np.subtract.accumulate(np.append(last_fp, applied_neg))[1:]
        tn = np.add.accumulate(np.append(last_tn, applied_neg))[1:]
        last_tp, last_fn, last_fp, last_tn = tp[-1], fn[-1], fp[-1], tn[-1]
        yield tp, fn, fp, tn
    if last_fn != tot_pos or last_tn != tot_neg:  # "make sure a zero point gets into the curve"
        yield np.zeros(1), np.array([tot_pos]), np.zeros(1), np.array([tot_neg])


def collect(chunks: Iterator[Points]) -> Points:
    """Every point's tp, fn, fp, tn, concatenated."""
    with np.errstate(all="ignore"):
        tp, fn, fp, tn = (np.concatenate(column) for column in zip(*chunks, strict=True))
    return tp, fn, fp, tn


def whole_weights(members: Members, n: int) -> bool:
    """Whether every counted weight is a whole number and their absolute total below 2**53: then any order of
    adding them gives the same sums, exact."""
    total = 0.0
    for begin in range(0, n, CHUNK):
        positive, negative, w = members(slice(begin, begin + CHUNK))
        used = np.compress(positive | negative, w)
        if not np.all(used == np.floor(used)):
            return False
        with np.errstate(all="ignore"):
            total = float(np.add.accumulate(np.append(total, np.abs(used)))[-1])
    return total < _EXACT_INTEGERS


def ranked_by_order(key: np.ndarray, order: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each key's rank among the distinct keys (16-bit when they fit) and how many share each rank, from
    ``order``, any ascending order of the keys (:func:`~wekaeval.javamath.ranked_values` without its copies).

    >>> [part.tolist() for part in ranked_by_order(np.array([0.5, -0.0, 0.0, 2.0]), np.array([2, 1, 0, 3]))]
    [[1, 0, 0, 2], [2, 1, 1]]
    """
    n = order.size

    def new_values() -> Iterator[tuple[np.ndarray, np.ndarray, int]]:
        previous = None
        for begin in range(0, n, CHUNK):
            index = order[begin : begin + CHUNK]
            keys = key[index]
            new = np.empty(keys.size, dtype=bool)
            new[0] = previous is None or keys[0] != previous
            np.not_equal(keys[1:], keys[:-1], out=new[1:])
            previous = keys[-1]
            yield index, new, begin

    position = np.int32 if n < 2**31 else np.int64
    firsts = np.concatenate([(np.flatnonzero(new) + begin).astype(position) for _, new, begin in new_values()])
    counts = np.empty(firsts.size, dtype=position)
    np.subtract(firsts[1:], firsts[:-1], out=counts[:-1])
    counts[-1] = n - firsts[-1]
    del firsts
    ranks = np.empty(n, dtype=np.uint16 if counts.size <= 1 << 16 else np.int32 if counts.size < 2**31 else np.int64)
    before = -1  # the rank of the last key before this chunk
    for index, new, _ in new_values():
        rank = np.add.accumulate(new, dtype=np.int64)
        rank += before
        ranks[index] = rank
        before = int(rank[-1])
    return ranks, counts


def _divide(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    return numerator / denominator


def _chain(last: Any, terms: np.ndarray) -> np.ndarray:
    """The running sums of ``terms`` continuing ``last`` (None: the first chunk, the chain starts at its first term)."""
    if last is None:
        return np.add.accumulate(terms)
    return np.add.accumulate(np.append(last, terms))[1:]


def areas(chunks: Iterator[Points]) -> tuple[float, float]:
    """``(getROCArea, getPRCArea)`` of the points, as the sums over whole columns add them.

    ROC: ``sum(cip * (cumNeg + 0.5 * cin))`` in point order over ``tp * fp`` of the first point; PRC:
    ``precision * recall step`` from the last point back (NaN for an area of 0 or fewer than two points).
    """
    with np.errstate(all="ignore"):
        first: tuple[Any, Any] | None = None
        held: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None  # the last point: its steps need the next
        roc = negatives = None  # the chains' last values
        prc_terms: list[np.ndarray] = []
        count = 0
        for chunk in chunks:
            count += chunk[0].size
            if first is None:
                first = (chunk[0][0], chunk[2][0])
            tp, fn, fp = chunk[:3] if held is None else (np.append(h, c) for h, c in zip(held, chunk[:3], strict=True))
            held = (tp[-1:], fn[-1:], fp[-1:])
            if tp.size < 2:
                continue
            cip, cin = tp[:-1] - tp[1:], fp[:-1] - fp[1:]
            roc, negatives = _roc_steps(roc, negatives, cip, cin)
            total = tp + fn
            recall = np.where(total == 0, np.nan, _divide(tp, total))
            total = tp + fp
            precision = np.where(total == 0, np.nan, _divide(tp, total))
            prc_terms.append(precision[:-1] * (recall[:-1] - recall[1:]))
        if first is None or held is None:
            return float("nan"), float("nan")
        roc, _ = _roc_steps(roc, negatives, held[0], held[2])  # the last point: cip = tp, cin = fp
        roc_area = float(_divide(np.float64(roc), first[1] * first[0]))
        if count < 2:
            return roc_area, float("nan")
        prc = None
        for terms in reversed(prc_terms):
            if terms.size:
                prc = _chain(prc, terms[::-1])[-1]
        return roc_area, float("nan") if prc == 0 else float(prc)  # type: ignore[arg-type]


def _roc_steps(roc: Any, negatives: Any, cip: np.ndarray, cin: np.ndarray) -> tuple[Any, Any]:
    """getROCArea's loop over some points: ``area += cip * (cumNeg + 0.5 * cin); cumNeg += cin``."""
    cumulated = _chain(negatives, cin)
    before = np.append(0.0 if negatives is None else negatives, cumulated[:-1])
    return _chain(roc, cip * (before + 0.5 * cin))[-1], cumulated[-1]
