"""``weka.core.Utils.sort``: the index order of WEKA's unstable median-of-three quicksort, in numpy.

Where values tie, the order WEKA's quicksort leaves them in decides its summation order (ROC and PRC
areas, the t-test's ranking), so it is reproduced exactly: a loop over small arrays, and level by level
over segments for large ones, with NaN sorted as ``Double.MAX_VALUE``.

>>> weka_sort([0.5, 0.1, float("nan"), 0.5, 0.1]).tolist()
[4, 1, 0, 3, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

_MAX_VALUE = np.finfo(np.float64).max
_EQUAL_PERMUTATIONS: dict[int, np.ndarray] = {}  # sizes seen -> the quicksort's order of that many equal values
_REMEMBERED_UP_TO = 1 << 14  # larger permutations are made again when needed: kept, they took gigabytes
_LEVELS_FROM = 1024  # from this size on weka_sort runs the quicksort level by level in numpy


def weka_sort(array: Any, *, ranked: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """The index order of ``weka.core.Utils.sort(double[])``, WEKA's unstable quicksort.

    Ascending; NaN is sorted as ``Double.MAX_VALUE`` (so it ties with it);
    tied values come out in the order WEKA's median-of-three quicksort leaves
    them, which is what decides the summation order inside a tie.

    Parameters
    ----------
    array : array-like of shape (n,)
        The values (converted to float64); not modified.
    ranked : tuple of ndarray, optional
        :func:`ranked_values` of the values (NaN as ``Double.MAX_VALUE``), when the caller has them already.

    Returns
    -------
    numpy.ndarray of int64, shape (n,)
        ``array[result]`` is sorted, the permutation is WEKA's.

    Examples
    --------
    >>> weka_sort([0.5, 0.1, float("nan"), 0.5, 0.1]).tolist()
    [4, 1, 0, 3, 2]
    >>> weka_sort([1.0, 1.0, 1.0, 1.0, 1.0]).tolist()
    [0, 3, 2, 1, 4]
    """
    values = np.array(array, dtype=np.float64).ravel()
    n = values.size
    if n <= 1:
        return np.arange(n, dtype=np.int64)
    values[np.isnan(values)] = _MAX_VALUE
    if n >= _LEVELS_FROM:
        return _quicksort_levels(values, ranked)
    return _quicksort_loop(values)


def weka_sort_rows(rows: Any, *, ranked: Sequence[tuple[np.ndarray, np.ndarray]] | None = None) -> np.ndarray:
    """:func:`weka_sort` of each row of a 2-D array, all rows sorted together (one quicksort level at a time).

    The rows are laid end to end as independent segments of one quicksort, so a recursion level costs the
    same numpy calls for a thousand rows as for one.  ``ranked`` is each row's :func:`ranked_values` (NaN
    as ``Double.MAX_VALUE``), when the caller has them.

    >>> weka_sort_rows([[0.5, 0.1, 0.5, 0.1], [1.0, 1.0, 1.0, 1.0]]).tolist()
    [[1, 3, 2, 0], [0, 1, 2, 3]]
    """
    values = np.array(rows, dtype=np.float64)
    if values.ndim != 2:
        raise ValueError(f"weka_sort_rows sorts the rows of a 2-D array, got shape {values.shape}")
    k, n = values.shape
    if n <= 1 or k == 0:
        return np.broadcast_to(np.arange(n, dtype=np.int64), (k, n)).copy()
    if ranked is None:
        flat = values.ravel()
        flat[np.isnan(flat)] = _MAX_VALUE
        keys, counts = ranked_values(flat)
        position = np.int32 if k * n < 2**31 else np.int64
        idx = np.arange(k * n, dtype=position)
        starts = np.arange(k, dtype=position) * n
        _sort_segments(keys, idx, counts > 1, int(np.count_nonzero(counts == 1)), starts, starts + (n - 1))
        return (idx.reshape(k, n) - starts[:, None]).astype(np.int64)
    return weka_sort_ranked(ranked).astype(np.int64)


def weka_sort_ranked(ranked: Sequence[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    """:func:`weka_sort_rows` from each row's ranks alone: ``(ranks, counts)`` per row, all rows of one length.

    ``ranks`` is each value's rank among the row's distinct values (NaN as ``Double.MAX_VALUE``), ``counts``
    how many values share each rank (:func:`ranked_values`).  Returns the (rows, n) permutations as int32 when
    they fit (int64 otherwise): half the memory of :func:`weka_sort_rows`.  Below 1024 values in all, the rows
    are sorted one by one by WEKA's loop, as :func:`weka_sort` sorts a small array (a level by level pass costs
    numpy calls by the level, whatever the size: 20x the loop's time on 4 rows of 60).  Above, a single row's
    ``ranks`` array is sorted in place (it is the quicksort's working copy) and, when ``ranked`` is a list, the
    list is emptied so that the row's counts can be freed early; several rows' are not modified.

    >>> ranks, counts = ranked_values(np.array([0.5, 0.1, 0.5, 0.1]))
    >>> weka_sort_ranked([(ranks.copy(), counts)]).tolist()
    [[1, 3, 2, 0]]
    """
    k, n = len(ranked), (len(ranked[0][0]) if ranked else 0)
    position = np.int32 if k * n < 2**31 else np.int64
    if n <= 1 or k == 0:
        return np.broadcast_to(np.arange(n, dtype=position), (k, n)).copy()
    if k * n < _LEVELS_FROM:  # few values: WEKA's loop row by row, on the ranks (they compare as the values do)
        rows = np.array([_quicksort_loop(ranks) for ranks, _ in ranked], dtype=position)
        if isinstance(ranked, list) and k == 1:
            ranked.clear()
        return rows
    if k == 1:
        keys, counts = ranked[0]
        if isinstance(ranked, list):
            ranked.clear()  # the caller's list let go: the counts are freed once the tied ranks are known
    else:  # each row's ranks, moved past the rows before it: compared only within a row, as before
        sizes = np.array([len(row_counts) for _, row_counts in ranked], dtype=np.int64)
        offsets = np.concatenate([[0], np.add.accumulate(sizes)[:-1]])
        rank_type = np.uint16 if sizes.sum() <= 1 << 16 else np.int32 if sizes.sum() < 2**31 else np.int64
        shifted = zip(ranked, offsets.tolist(), strict=True)
        keys = np.concatenate([(ranks + offset).astype(rank_type) for (ranks, _), offset in shifted])
        counts = np.concatenate([row_counts for _, row_counts in ranked])
    idx = np.arange(k * n, dtype=position)
    starts = np.arange(k, dtype=position) * n
    tied = counts > 1
    untied = int(np.count_nonzero(counts == 1))
    del counts
    _sort_segments(keys, idx, tied, untied, starts, starts + (n - 1))
    del keys
    rows = idx.reshape(k, n)
    rows -= starts[:, None]
    return rows


def stable_order(values: np.ndarray) -> np.ndarray:
    """``numpy.argsort(values, kind="stable")``, through the values' ranks (a radix sort when they fit 16 bits).

    >>> stable_order(np.array([0.5, 0.1, 0.5, -0.0, 0.0])).tolist()
    [3, 4, 1, 0, 2]
    """
    return np.argsort(ranked_values(values)[0], kind="stable")


def sorted_ranks(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(order, ranks, counts)`` from one stable sort: ``argsort(values, kind="stable")``, each value's rank
    among the distinct values (int64) and how many share each rank, as :func:`ranked_values` counts them.

    >>> order, ranks, counts = sorted_ranks(np.array([0.5, -0.0, 0.0, 2.0]))
    >>> order.tolist(), ranks.tolist(), counts.tolist()
    ([1, 2, 0, 3], [1, 0, 0, 2], [2, 1, 1])
    """
    distinct, ranks, counts = np.unique(values, return_inverse=True, return_counts=True)
    if distinct.size and distinct[-1] != distinct[-1]:  # NaN, never equal to itself: ranked one by one below
        return _sorted_ranks_by_comparison(values)
    if distinct.size <= 1 << 16:  # a radix sort of the 16-bit ranks: a stable sort of the values, 2x faster
        return np.argsort(ranks.astype(np.uint16), kind="stable"), ranks, counts
    if values.size >= 1 << 31:  # rank * size + position would not fit 63 bits
        return _sorted_ranks_by_comparison(values)
    # distinct keys (rank, then position) in any sort's order are the stable order; quicksort is the fastest
    return np.argsort(ranks * values.size + np.arange(values.size)), ranks, counts


def _sorted_ranks_by_comparison(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`sorted_ranks` by a stable sort of the values themselves (each NaN its own rank).

    >>> [part.tolist() for part in _sorted_ranks_by_comparison(np.array([np.nan, 1.0, np.nan]))]
    [[1, 0, 2], [1, 0, 2], [1, 1, 1]]
    """
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    new = np.empty(ordered.size, dtype=bool)
    new[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    rank_in_order = np.add.accumulate(new) - 1
    ranks = np.empty(values.size, dtype=np.int64)
    ranks[order] = rank_in_order
    counts = np.diff(np.append(np.flatnonzero(new), values.size))
    return order, ranks, counts


def ranked_values(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each value's rank among the distinct values (16-bit when they fit), and how many values share each rank.

    Ranks compare as the values do, ``-0.0 == 0.0`` included, as in Java; ``argsort(ranks, kind="stable")`` is a
    stable sort, and :func:`weka_sort` takes them to skip ranking again.

    >>> ranks, counts = ranked_values(np.array([0.5, -0.0, 0.0, 2.0]))
    >>> ranks.tolist(), counts.tolist()
    ([1, 0, 0, 2], [2, 1, 1])
    """
    distinct, ranks, counts = np.unique(values, return_inverse=True, return_counts=True)
    return ranks.astype(np.uint16 if distinct.size <= 1 << 16 else np.int64), counts


def _quicksort_loop(values: np.ndarray) -> np.ndarray:
    """``Utils.quickSort`` transliterated (an explicit stack for the recursion); NaN already MAX_VALUE."""
    n = values.size
    a: list[float] = values.tolist()
    index = list(range(n))
    stack = [(0, n - 1)]
    while stack:
        left, right = stack.pop()
        diff = right - left
        if diff <= 0:
            continue
        if diff == 1:
            if a[index[left]] > a[index[right]]:
                index[left], index[right] = index[right], index[left]
            continue
        if diff == 2:
            for lo, hi in ((left, left + 1), (left, right), (left + 1, right)):
                if a[index[lo]] > a[index[hi]]:
                    index[lo], index[hi] = index[hi], index[lo]
            continue
        # sortLeftRightAndCenter
        c = (left + right) // 2
        for lo, hi in ((left, c), (left, right), (c, right)):
            if a[index[lo]] > a[index[hi]]:
                index[lo], index[hi] = index[hi], index[lo]
        # move the pivot to right - 1, partition, restore the pivot
        index[c], index[right - 1] = index[right - 1], index[c]
        pivot = a[index[right - 1]]
        lo, hi = left, right - 1
        while True:
            lo += 1
            while a[index[lo]] < pivot:
                lo += 1
            hi -= 1
            while a[index[hi]] > pivot:
                hi -= 1
            if lo >= hi:
                break
            index[lo], index[hi] = index[hi], index[lo]
        center = lo
        index[center], index[right - 1] = index[right - 1], index[center]
        stack.append((center + 1, right))
        stack.append((left, center - 1))
    return np.array(index, dtype=np.int64)


def _cswap(av: np.ndarray, idx: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> None:
    """conditionalSwap for many disjoint (lo, hi) pairs at once, on the index and the values kept beside it."""
    swap = av[lo] > av[hi]
    _swap(av, idx, lo[swap], hi[swap])


def _swap(av: np.ndarray, idx: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> None:
    """Utils.swap for many disjoint (lo, hi) pairs at once, on the index and the values kept beside it."""
    for array in (idx, av):
        array[lo], array[hi] = array[hi], array[lo].copy()


def _equal_permutation(size: int) -> np.ndarray:
    """The permutation WEKA's quicksort gives a segment of ``size`` equal values (it depends on nothing else).

    Median-of-three swaps nothing; the pivot (the centre) moves to ``size - 2``;
    both scans stop at every entry, so entries 1+k and size-3-k swap while
    1+k < size-3-k; the pivot goes back to where the scans meet; both sides
    recurse.  Memoized by size up to ``_REMEMBERED_UP_TO`` (the sizes of a large array's ties are many, and
    their permutations together were several times the array).
    """
    if size < 4:
        return np.arange(size, dtype=np.int64)
    known = _EQUAL_PERMUTATIONS.get(size)
    if known is not None:
        return known
    perm = np.arange(size, dtype=np.int64)
    c = (size - 1) // 2
    perm[[c, size - 2]] = perm[[size - 2, c]]
    swaps = (size - 3) // 2
    k = np.arange(swaps)
    perm[1 + k], perm[size - 3 - k] = perm[size - 3 - k], perm[1 + k].copy()
    center = 1 + swaps
    perm[[center, size - 2]] = perm[[size - 2, center]]
    perm[:center] = perm[:center][_equal_permutation(center)]
    perm[center + 1 :] = perm[center + 1 :][_equal_permutation(size - center - 1)]
    perm.setflags(write=False)
    if size <= _REMEMBERED_UP_TO:
        _EQUAL_PERMUTATIONS[size] = perm
    return perm


def _quicksort_levels(a: np.ndarray, ranked: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """The same permutation as :func:`_quicksort_loop`, every segment of a recursion level at once.

    One level partitions all its segments together: in a segment, the left
    scan of WEKA's ``partition`` stops at the k-th entry >= pivot and the
    right scan at the k-th entry <= pivot (both counted on the unswapped
    segment), and the k-th swap happens while the first stop lies left of
    the second; the scans meet at min(next left stop, last right stop).
    A segment holding no tied value is sorted outright, its order being
    forced; a segment of equal values takes its size's permutation.

    The partition only compares values, so it runs on their ranks among the
    distinct values (16-bit when they fit; ``ranked`` when the caller has
    them): the same comparisons, a quarter of the memory traffic.
    """
    n = a.size
    keys, counts = ranked_values(a) if ranked is None else ranked
    tied = counts > 1  # by rank
    if not tied.any():
        return np.argsort(keys, kind="stable")
    position = np.int32 if n < 2**31 else np.int64  # half the memory traffic of int64 positions
    idx = np.arange(n, dtype=position)
    untied = int(np.count_nonzero(counts == 1))
    _sort_segments(keys, idx, tied, untied, np.array([0], dtype=position), np.array([n - 1], dtype=position))
    return idx.astype(np.int64)


#: Positions per pass of a recursion level: below this, segments are sorted group by group (in cache).
_GROUP_SIZE = 1 << 18


def _sort_segments(
    av: np.ndarray, idx: np.ndarray, tied: np.ndarray, untied: int, L: np.ndarray, R: np.ndarray
) -> None:
    """Quicksort the disjoint segments [L, R] of ``idx`` level by level; independent groups one at a time.

    ``av`` holds each position's value (a rank), swapped along with ``idx``
    (reading it needs no gather through ``idx``); ``tied[rank]`` says
    whether other values share the rank, ``untied`` how many values do not.
    The segments' positions are laid end to end in flat arrays; per-segment
    counts are reductions over those runs.
    """
    while L.size:
        sizes = R - L + 1
        if L.size > 1 and sizes.sum() > _GROUP_SIZE:  # segments are independent: keep the temporaries small
            group = np.add.accumulate(sizes) // _GROUP_SIZE
            cuts = np.flatnonzero(np.diff(group)) + 1
            if cuts.size:
                for part in np.split(np.arange(L.size), cuts):
                    _sort_segments(av, idx, tied, untied, L[part], R[part])
                return
        diff = R - L
        one = diff == 1
        if one.any():
            _cswap(av, idx, L[one], R[one])
        three = diff == 2
        if three.any():
            l3, r3 = L[three], R[three]
            _cswap(av, idx, l3, l3 + 1)
            _cswap(av, idx, l3, r3)
            _cswap(av, idx, l3 + 1, r3)
        big = diff >= 3
        L, R = L[big], R[big]
        if not L.size:
            break
        sizes, starts, pos = _runs(L, R)
        v = av[pos]
        distinct = np.zeros(L.size, dtype=bool)
        few = sizes <= untied  # only a segment of untied values has no tie: no bigger one can
        if few.all():  # the same runs: their values are v
            distinct = ~np.logical_or.reduceat(tied[v], starts)
        elif few.any():
            _, few_starts, few_pos = _runs(L[few], R[few])
            distinct[few] = ~np.logical_or.reduceat(tied[av[few_pos]], few_starts)
        equal = (np.maximum.reduceat(v, starts) == np.minimum.reduceat(v, starts)) & ~distinct
        alone = distinct & (sizes >= _GROUP_SIZE)
        for left, right in zip(L[alone].tolist(), R[alone].tolist(), strict=True):  # large: sorted one by one
            segment = slice(left, right + 1)
            order = np.argsort(av[segment])  # distinct values: any sort gives the forced order
            idx[segment] = idx[segment][order]
            av[segment] = av[segment][order]
            del order
        together = distinct & ~alone
        if together.any():  # no tied value: the order is forced
            fin = np.repeat(together, sizes)
            fpos, fv = np.compress(fin, pos), np.compress(fin, v)
            order = np.lexsort((fv, np.repeat(np.arange(L.size)[together], sizes[together])))
            idx[fpos] = idx[fpos][order]
            av[fpos] = fv[order]
            del fin, fpos, fv, order
        if equal.any():  # equal values: the permutation depends only on the size
            for size in np.unique(sizes[equal]).tolist():
                first = L[equal & (sizes == size)]
                idx[first[:, None] + np.arange(size)] = idx[first[:, None] + _equal_permutation(size)]
        open_ = ~(distinct | equal)
        if not open_.all():
            L, R = L[open_], R[open_]
            if not L.size:
                break
            sizes, starts, pos = _runs(L, R)
        C = (L + R) // 2
        _cswap(av, idx, L, C)
        _cswap(av, idx, L, R)
        _cswap(av, idx, C, R)
        _swap(av, idx, C, R - 1)
        ends = starts + sizes - 1
        if not open_.all():
            v = av[pos]
        else:  # only the median-of-three positions moved
            for at, where in ((starts, L), (starts + (C - L), C), (ends - 1, R - 1), (ends, R)):
                v[at] = av[where]
        pv = av[R[0] - 1] if L.size == 1 else np.repeat(av[R - 1], sizes)  # the pivots
        lmask = v >= pv  # where the left scan stops: L+1 .. R-1
        lmask[starts] = False
        lmask[ends] = False
        ls = np.compress(lmask, pos)  # the stops, ascending, segment by segment
        nl = np.add.reduceat(lmask, starts, dtype=np.intp)
        del lmask
        rmask = v <= pv  # where the right scan stops: .. R-2
        del v, pv
        rmask[ends] = False
        rmask[ends - 1] = False
        rs = np.compress(rmask, pos)
        nr = np.add.reduceat(rmask, starts, dtype=np.intp)
        del rmask, pos  # the level's full-length temporaries: only the stop lists are left
        sl = np.append(0, np.add.accumulate(nl)[:-1])
        sr = np.append(0, np.add.accumulate(nr)[:-1])
        kk = np.minimum(nl, nr)
        pairs = int(kk.sum())
        small = np.int32 if ls.size + rs.size + pairs < 2**31 else np.int64  # the pair arithmetic's dtype
        pair = np.arange(pairs, dtype=small)  # the k-th pair of a segment: its k-th left stop, k-th last right
        pstart = np.append(0, np.add.accumulate(kk)[:-1])
        at = np.repeat((sl - pstart).astype(small), kk)
        at += pair
        lpos = ls[at]
        at = np.repeat((sr + nr - 1 + pstart).astype(small), kk)
        at -= pair
        del pair
        rpos = rs[at]
        del at
        cond = lpos < rpos
        m = np.bincount(np.compress(cond, np.repeat(np.arange(L.size, dtype=small), kk)), minlength=L.size)
        _swap(av, idx, np.compress(cond, lpos), np.compress(cond, rpos))
        del lpos, rpos, cond
        lm = ls[sl + m]
        has = m > 0
        center = lm.copy()
        rprev = rs[sr[has] + nr[has] - m[has]]
        center[has] = np.minimum(lm[has], rprev)
        _swap(av, idx, center, R - 1)
        L, R = np.concatenate([L, center + 1]), np.concatenate([center - 1, R])


def _runs(L: np.ndarray, R: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(sizes, starts, positions): the segments [L, R] laid end to end; starts index the flat positions."""
    sizes = R - L + 1
    starts = np.concatenate((np.zeros(1, L.dtype), np.add.accumulate(sizes)[:-1]))
    if L.size == 1:
        return sizes, starts, np.arange(L[0], R[0] + 1, dtype=L.dtype)
    pos = np.arange(int(sizes.sum()), dtype=L.dtype)
    pos += np.repeat(L - starts, sizes)
    return sizes, starts, pos
