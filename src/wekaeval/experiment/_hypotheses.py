"""Shaffer's and Bergmann & Hommel's adjusted p-values for all pairwise comparisons of k schemes.

Testing every pair of k schemes makes ``m = k(k-1)/2`` hypotheses ``H_ij: scheme i = scheme j``, and they
are logically tied: if ``H_12`` and ``H_23`` are true, so is ``H_13``.  Holm's procedure ignores that;
these two use it, and so reject at least what Holm rejects (adjusted p-values never above Holm's):

- Shaffer's static procedure (J. P. Shaffer (1986), Modified sequentially rejective multiple test
  procedures, JASA 81(395):826-831): the i-th smallest p-value is multiplied by ``t_i``, the largest number
  of hypotheses that can be true together once any ``i - 1`` are false, instead of Holm's ``m - i + 1``.
  The numbers of hypotheses that can be true together are Shaffer's set ``S(k)``: the sums of
  ``C(j_1, 2) + C(j_2, 2) + ...`` over the ways of splitting the k schemes into groups of equal schemes.
- Bergmann & Hommel's procedure (G. Bergmann and G. Hommel (1988), Improvements of general multiple test
  procedures for redundant systems of hypotheses, in Bauer, Hommel and Sonnemann (eds.), Multiple
  Hypotheses Testing, Springer, 100-115): an exhaustive set is a set of hypotheses that can all be true
  while all the others are false -- the pairs inside the groups of one partition of the schemes (one set per
  partition but the all-singletons one: Bell(k) - 1 sets).  The adjusted p-value of ``H`` is the largest,
  over the exhaustive sets ``I`` holding ``H``, of ``|I| * min(p_j, j in I)`` (capped at 1).

Both follow S. García and F. Herrera (2008), An extension on "Statistical comparisons of classifiers over
multiple data sets" for all pairwise comparisons, JMLR 9:2677-2694, as the R package scmamp computes them
(B. Calvo and G. Santafé, github.com/b0rxa/scmamp, ``adjustShaffer`` and ``adjustBergmannHommel`` in
R/post_hoc.R), which is the anchor: tests/oracles/fixtures/scmamp_reference.json holds scmamp's values and
tests/experiment/test_hypotheses.py checks these functions equal them.  Like scmamp, both end by making the adjusted
p-values monotone in the order of the raw ones (each at least the one before it; equal raw p-values keep
the order of their pairs (1,2), (1,3), ..., (k-1,k), as R's stable ``order`` does) -- this matters for
Bergmann-Hommel when raw p-values tie.

Differences from scmamp, all at the edges: the diagonal of the result is 1.0 (scmamp copies the input's,
NA from its ``friedmanPost``); k = 2 gives the one p-value unchanged (scmamp stops with an error in its
``generatePairs``); Bergmann-Hommel stops beyond :data:`BERGMANN_HOMMEL_MAX_SCHEMES` schemes as scmamp
does (its exhaustive sets are stored for k <= 9), here with an error naming the argument.

>>> import numpy as np
>>> p = np.array([[1.0, 0.01, 0.04], [0.01, 1.0, 0.02], [0.04, 0.02, 1.0]])
>>> shaffer_adjust(p).tolist()
[[1.0, 0.03, 0.04], [0.03, 1.0, 0.03], [0.04, 0.03, 1.0]]
>>> bergmann_hommel_adjust(p).tolist()
[[1.0, 0.03, 0.04], [0.03, 1.0, 0.03], [0.04, 0.03, 1.0]]
>>> shaffer_counts(4)
(0, 1, 2, 3, 6)
"""

from __future__ import annotations

from functools import cache

import numpy as np

from wekaeval.errors import ComparisonError

__all__ = [
    "BERGMANN_HOMMEL_MAX_SCHEMES",
    "bergmann_hommel_adjust",
    "exhaustive_sets",
    "shaffer_adjust",
    "shaffer_counts",
]

#: The most schemes Bergmann-Hommel's procedure takes: it checks Bell(k) - 1 exhaustive sets (21,146 at
#: k = 9, 115,974 at 10, 678,569 at 11), and scmamp, its only anchor, stores them for k <= 9 and stops beyond.
BERGMANN_HOMMEL_MAX_SCHEMES = 9


def shaffer_adjust(p: object) -> np.ndarray:
    """Shaffer's static procedure: adjusted p-values of all pairs, as scmamp's ``adjustShaffer``.

    ``p`` is the k x k symmetric matrix of unadjusted pairwise p-values (its diagonal is not read);
    the result is the k x k symmetric matrix of adjusted ones, diagonal 1.0.

    >>> shaffer_adjust([[1.0, 0.2], [0.2, 1.0]]).tolist()
    [[1.0, 0.2], [0.2, 1.0]]
    """
    pvalues, k = _pairwise_pvalues(p)
    m = len(pvalues)
    counts = shaffer_counts(k)
    # t_i: the most hypotheses that can be true together once any i - 1 are false, i = 1..m
    t = np.array([max(s for s in counts if s <= m - i) for i in range(m)], dtype=np.float64)
    order = np.argsort(pvalues, kind="stable")
    adjusted = np.empty(m)
    adjusted[order] = np.maximum.accumulate(np.minimum(pvalues[order] * t, 1.0))
    return _matrix(adjusted, k)


def bergmann_hommel_adjust(p: object) -> np.ndarray:
    """Bergmann & Hommel's procedure: adjusted p-values of all pairs, as scmamp's ``adjustBergmannHommel``.

    ``p`` as for :func:`shaffer_adjust`; at most :data:`BERGMANN_HOMMEL_MAX_SCHEMES` schemes.

    >>> bergmann_hommel_adjust([[1.0, 0.2], [0.2, 1.0]]).tolist()
    [[1.0, 0.2], [0.2, 1.0]]
    """
    pvalues, k = _pairwise_pvalues(p)
    if k > BERGMANN_HOMMEL_MAX_SCHEMES:
        raise ComparisonError(
            f"Bergmann-Hommel's procedure takes at most {BERGMANN_HOMMEL_MAX_SCHEMES} schemes (it checks every set "
            f"of hypotheses that can be true together: {_bell(BERGMANN_HOMMEL_MAX_SCHEMES) - 1} sets at "
            f"{BERGMANN_HOMMEL_MAX_SCHEMES} schemes, {_bell(k) - 1} at {k}; scmamp stops there too); p (the pairs' "
            f"p-values) compares {k} schemes -- Shaffer's procedure takes any number"
        )
    members = exhaustive_sets(k)
    sizes = members.sum(axis=1).astype(np.float64)
    smallest = np.where(members, pvalues, np.inf).min(axis=1)
    per_set = np.minimum(sizes * smallest, 1.0)
    adjusted = np.where(members, per_set[:, np.newaxis], -np.inf).max(axis=0)
    order = np.argsort(pvalues, kind="stable")
    adjusted[order] = np.maximum.accumulate(np.minimum(adjusted[order], 1.0))
    return _matrix(adjusted, k)


@cache
def shaffer_counts(k: int) -> tuple[int, ...]:
    """Shaffer's S(k): every number of pairwise hypotheses among k schemes that can be true together.

    A first group of ``j`` equal schemes (1 <= j <= k) makes ``C(j, 2)`` true hypotheses, the other
    ``k - j`` schemes add any number in S(k - j); S(0) = S(1) = {0}.

    >>> shaffer_counts(3), shaffer_counts(5)
    ((0, 1, 3), (0, 1, 2, 3, 4, 6, 10))
    """
    if k <= 1:
        return (0,)
    found = {j * (j - 1) // 2 + rest for j in range(1, k + 1) for rest in shaffer_counts(k - j)}
    return tuple(sorted(found))


@cache
def exhaustive_sets(k: int) -> np.ndarray:
    """The exhaustive sets of the k(k-1)/2 pairwise hypotheses among k schemes, one row each.

    Row r, column c is True when pair c (in the order (0,1), (0,2), ..., (k-2,k-1): numpy's
    ``triu_indices(k, 1)``) is in set r.  One set per partition of the schemes into groups of equal ones,
    holding the pairs inside its groups; the partition into singletons (no true hypothesis) is left out,
    so there are Bell(k) - 1 rows.  Read-only (cached).

    >>> exhaustive_sets(3).astype(int).tolist()
    [[1, 1, 1], [1, 0, 0], [0, 1, 0], [0, 0, 1]]
    """
    labels = _partitions(k)
    first, second = np.triu_indices(k, 1)
    members = labels[:, first] == labels[:, second]
    members = members[members.any(axis=1)]
    members.setflags(write=False)
    return members


def _partitions(k: int) -> np.ndarray:
    """Every partition of k schemes as a row of group labels (restricted growth strings, group 0 first)."""
    labels = np.zeros((1, 1), dtype=np.int8)
    largest = np.zeros(1, dtype=np.int8)
    for _ in range(1, k):
        choices = largest.astype(np.intp) + 2  # a scheme joins any group so far, or opens the next
        rows = np.repeat(np.arange(len(labels)), choices)
        offsets = np.arange(len(rows)) - np.repeat(np.cumsum(choices) - choices, choices)
        new = offsets.astype(np.int8)
        labels = np.column_stack([labels[rows], new])
        largest = np.maximum(largest[rows], new)
    return labels


def _bell(k: int) -> int:
    """The number of partitions of k things (Bell's number), by Bell's triangle."""
    row = [1]
    for _ in range(k - 1):
        nxt = [row[-1]]
        for value in row:
            nxt.append(nxt[-1] + value)
        row = nxt
    return row[-1]


def _pairwise_pvalues(p: object) -> tuple[np.ndarray, int]:
    """The upper triangle of a k x k symmetric matrix of p-values as a vector, and k; or a clear error."""
    try:
        matrix = np.array(p, dtype=np.float64)
    except (TypeError, ValueError) as err:
        raise ComparisonError(f"p must be a k x k matrix of pairwise p-values: {err}") from None
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise ComparisonError(f"p must be a k x k matrix of pairwise p-values, not of shape {matrix.shape}")
    k = matrix.shape[0]
    if k < 2:
        raise ComparisonError(f"p must compare at least 2 schemes, not {k}")
    first, second = np.triu_indices(k, 1)
    upper, lower = matrix[first, second], matrix[second, first]
    bad = ~((upper >= 0.0) & (upper <= 1.0))
    if bad.any():
        i = int(np.argmax(bad))
        raise ComparisonError(f"p[{first[i]}][{second[i]}] is {float(upper[i])!r}, not a p-value between 0 and 1")
    asymmetric = upper != lower
    if asymmetric.any():
        i = int(np.argmax(asymmetric))
        raise ComparisonError(
            f"p must be symmetric: p[{first[i]}][{second[i]}] is {float(upper[i])!r} but p[{second[i]}][{first[i]}] "
            f"is {float(lower[i])!r}"
        )
    return upper, k


def _matrix(adjusted: np.ndarray, k: int) -> np.ndarray:
    """The k x k symmetric matrix of the pairs' adjusted p-values, diagonal 1.0."""
    result = np.ones((k, k))
    first, second = np.triu_indices(k, 1)
    result[first, second] = adjusted
    result[second, first] = adjusted
    return result
