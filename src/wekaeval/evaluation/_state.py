"""WEKA's running sums for a nominal class, and the one path that fills them.

:class:`EvaluationState` holds what ``weka.classifiers.evaluation.Evaluation``
keeps in its ``m_`` fields while instances are evaluated (WEKA 3.9.7): the
weighted confusion matrix, the margin histogram and every running sum its
statistics divide.  :func:`accumulate` is the port of
``updateStatsForClassifier`` (with ``updateMargins`` and
``updateNumericScores``) for a whole batch at once, vectorised over the
instances and bit-identical to WEKA's loop over them:

* every per-instance term is computed with Java's operations in Java's order
  (the class loop of ``updateNumericScores`` runs column by column over all
  rows; ``Utils.log2`` is ``Math.log(x) / Math.log(2)`` with HotSpot's
  ``Math.log``, :mod:`wekaeval.javamath`);
* every ``m_x += term`` is a sequential sum in instance order started from
  the state's value (:func:`running_sum`; for the matrix and the margin
  histogram a ``np.bincount`` whose bins are seeded with the state's cells,
  as it adds its weights bin by bin in input order), over exactly the
  instances WEKA adds to it -- an instance WEKA skips is left out, never
  added as 0.0.

Evaluation's statistics are pure functions of this state
(:mod:`wekaeval.evaluation._statistics`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields

import numpy as np

from wekaeval.errors import PredictionError
from wekaeval.evaluation._inputs import MARGIN_PROBLEM, MARGIN_RESOLUTION, margin_in_histogram
from wekaeval.javamath import log2

#: The level of the coverage statistics (``Evaluation.m_ConfLevel``).
CONFIDENCE_LEVEL = 0.95


#: ``Evaluation.MIN_SF_PROB``: Java's ``Double.MIN_VALUE``, the smallest subnormal.
MIN_SF_PROB = 5e-324


#: Instances per pass: small enough for a pass's temporaries to stay in cache (and off fresh pages).
CHUNK_ROWS = 1 << 15


#: The scalar running sums, in the order of :func:`accumulate`'s bins.
SUMS = (
    "with_class",
    "correct",
    "incorrect",
    "unclassified",
    "missing_class",
    "total_cost",
    "sum_err",
    "sum_abs_err",
    "sum_sqr_err",
    "sum_prior_abs_err",
    "sum_prior_sqr_err",
    "sum_kb_info",
    "sum_scheme_entropy",
    "sum_prior_entropy",
    "total_coverage",
    "total_size_of_regions",
    "sum_class",
    "sum_sqr_class",
    "sum_class_predicted",
    "sum_predicted",
    "sum_sqr_predicted",
)


@dataclass
class EvaluationState:
    """Evaluation's running sums for ``num_classes`` classes (all zero to start).

    The field names are WEKA's without ``m_`` (``with_class`` is
    ``m_WithClass``, the total weight of instances with a known class).  A
    numeric class has one "class" and uses the ``sum_class`` ... sums too;
    ``complexity_available`` and ``coverage_available`` turn False when a
    regression scheme gives no density or no intervals (WEKA's flags).
    ``confusion`` and ``margin_counts`` left None start as zeros of their sizes.
    """

    num_classes: int
    confusion: np.ndarray | None = field(default=None)
    margin_counts: np.ndarray | None = field(default=None)
    with_class: float = 0.0
    correct: float = 0.0
    incorrect: float = 0.0
    unclassified: float = 0.0
    missing_class: float = 0.0
    total_cost: float = 0.0
    sum_err: float = 0.0
    sum_abs_err: float = 0.0
    sum_sqr_err: float = 0.0
    sum_prior_abs_err: float = 0.0
    sum_prior_sqr_err: float = 0.0
    sum_kb_info: float = 0.0
    sum_scheme_entropy: float = 0.0
    sum_prior_entropy: float = 0.0
    total_coverage: float = 0.0
    total_size_of_regions: float = 0.0
    sum_class: float = 0.0
    sum_sqr_class: float = 0.0
    sum_class_predicted: float = 0.0
    sum_predicted: float = 0.0
    sum_sqr_predicted: float = 0.0
    complexity_available: bool = True
    coverage_available: bool = True

    def __post_init__(self) -> None:
        k = self.num_classes
        if self.confusion is None:
            self.confusion = np.zeros((k, k), dtype=np.float64)
        if self.margin_counts is None:
            self.margin_counts = np.zeros(MARGIN_RESOLUTION + 1, dtype=np.float64)

    def copy(self) -> EvaluationState:
        assert self.confusion is not None and self.margin_counts is not None  # __post_init__ made them
        return EvaluationState(
            **{f.name: getattr(self, f.name) for f in fields(self)}
            | {"confusion": self.confusion.copy(), "margin_counts": self.margin_counts.copy()}
        )

    def merged(self, other: EvaluationState) -> EvaluationState:
        """``self`` with ``other``'s sums added, as ``AggregateableEvaluation.aggregate`` adds them."""
        if other.num_classes != self.num_classes:
            raise PredictionError(f"cannot merge evaluations of {self.num_classes} and {other.num_classes} classes")
        merged = self.copy()
        assert merged.confusion is not None and merged.margin_counts is not None  # __post_init__ made them
        assert other.confusion is not None and other.margin_counts is not None
        with np.errstate(all="ignore"):  # sums that overflow are Java's infinities
            merged.confusion += other.confusion
            merged.margin_counts += other.margin_counts
        for name in SUMS:
            setattr(merged, name, getattr(self, name) + getattr(other, name))
        merged.complexity_available = other.complexity_available  # AggregateableEvaluation takes the last one's
        merged.coverage_available = other.coverage_available
        return merged


def _descending(distributions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row's probabilities and classes from the top of ``Utils.stableSort`` down: (k, m) arrays.

    Ascending and stable, NaN as MAX_VALUE, read from the end: the largest
    first, and among equal values the higher class first.  Few classes: a
    class's place is the number of larger values plus equal ones of a higher
    class (k*k comparisons, no per-row sort); the class at each place is
    then found by comparing (8-bit counts: 2.7x faster than scattering the
    rows to their places), and the probabilities gathered by class.

    >>> ranked, classes = _descending(np.array([[0.2, 0.5, 0.3], [0.4, 0.2, 0.4]]))
    >>> ranked.T.tolist(), classes.T.tolist()
    ([[0.5, 0.3, 0.2], [0.4, 0.4, 0.2]], [[1, 2, 0], [2, 0, 1]])
    """
    m, k = distributions.shape
    key = np.where(np.isnan(distributions), np.finfo(np.float64).max, distributions)
    if k > 8:
        order = np.argsort(key, axis=1, kind="stable")[:, ::-1]
        return np.take_along_axis(distributions, order, axis=1).T.copy(), order.T.copy()
    key = key.T.copy()
    place = np.zeros((k, m), dtype=np.int8)  # k <= 8: places and classes fit 8 bits
    for i in range(k):
        for j in range(k):
            if j != i:
                place[i] += (key[j] > key[i]) if j < i else (key[j] >= key[i])
    classes = np.zeros((k, m), dtype=np.int8)  # the class at each place: class 0 where no other is
    for i in range(1, k):
        for at in range(k):
            classes[at] += np.int8(i) * (place[i] == at)
    ranked_classes = classes.astype(np.intp)
    return np.take_along_axis(distributions.T, ranked_classes, axis=0), ranked_classes


def running_sum(start: float, terms: np.ndarray) -> float:
    """``start + terms[0] + terms[1] + ...`` left to right, as Java's ``+=`` loop (never pairwise)."""
    if not len(terms):
        return start
    with np.errstate(all="ignore"):  # a sum that overflows is Java's infinity, not a warning
        return float(np.add.accumulate(np.concatenate([[start], terms]))[-1])


#: A per-instance cost: (actual, predicted, rows) -> cost of each row; predicted -1 means unclassified.
CostFunction = Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]


def accumulate(
    state: EvaluationState,
    distributions: np.ndarray,
    actual: np.ndarray,
    weights: np.ndarray,
    priors: np.ndarray,
    priors_sum: float,
    cost: CostFunction | None = None,
) -> np.ndarray:
    """Add a batch of instances to ``state`` as WEKA's ``updateStatsForClassifier`` does, one by one.

    ``distributions`` is (n, k) float64, ``actual`` int64 class indices
    with -1 for a missing class, ``weights`` float64.  ``cost(actual,
    predicted, rows)`` gives the cost of the instances ``rows`` (predicted
    -1: WEKA's ``getMaxCost``).  Returns each instance's predicted class, its
    class missing or not: the first probability above 0 and every earlier one
    (-1 when none is).

    An instance whose margin falls outside WEKA's histogram (where WEKA's
    ``updateMargins`` throws) raises :class:`PredictionError` with its index
    as ``instance``, after every instance before it has been added, as WEKA's
    loop leaves them.
    """
    predicted = np.empty(len(actual), dtype=np.int64)
    with np.errstate(all="ignore"):  # Java's arithmetic: x/0, log(0), inf - inf are values, not warnings
        for start in range(0, len(actual), CHUNK_ROWS):  # sums carry over exactly; chunks stay in cache
            rows = slice(start, start + CHUNK_ROWS)
            predicted[rows] = _accumulate(
                state, distributions[rows], actual[rows], weights[rows], priors, priors_sum, cost, start
            )
    return predicted


def _accumulate(
    state: EvaluationState,
    distributions: np.ndarray,
    actual: np.ndarray,
    weights: np.ndarray,
    priors: np.ndarray,
    priors_sum: float,
    cost: CostFunction | None,
    offset: int,
) -> np.ndarray:
    """Add one batch to ``state`` as WEKA's ``updateStatsForClassifier`` adds its instances one by one; return each
    row's predicted class (-1: none above 0), its actual class missing or not.

    First the per-row terms, each with Java's operations in Java's order: the margin (``updateMargins``), the
    predicted class, the K&B information and SF entropies, ``updateNumericScores``' class loop and the coverage.
    Then the running sums, each a sequential sum in instance order from the state's value over only the rows WEKA
    adds to it: the weights with a class, correct, incorrect, unclassified, missing class, the cost, the five
    error sums, K&B information, scheme and prior entropy, coverage and region size; the confusion matrix and the
    margin histogram by a seeded ``np.bincount``.  A margin outside the histogram adds the rows before it, then
    raises :class:`PredictionError` naming the row (``offset`` + its index).
    """
    n, k = distributions.shape
    has_class = actual >= 0
    a = np.where(has_class, actual, 0)
    rows = np.arange(n)
    p_actual = distributions[rows, a]
    columns = distributions.T.copy()  # one contiguous row per class: WEKA's class loops, column by column

    # updateMargins: the actual class's probability less the best other one (from 0, NaN never wins)
    p_next = np.zeros(n)
    for i in range(k):
        np.copyto(p_next, columns[i], where=(columns[i] > p_next) & (a != i))
    margin = p_actual - p_next
    scaled = (margin + 1.0) / 2.0 * MARGIN_RESOLUTION
    outside = has_class & ~margin_in_histogram(margin)
    if outside.any():
        bad = int(np.flatnonzero(outside)[0])
        if bad:  # the instances before it count, as in WEKA's loop
            _accumulate(state, distributions[:bad], actual[:bad], weights[:bad], priors, priors_sum, cost, offset)
        raise PredictionError(
            f"distributions[{offset + bad}] = {distributions[bad].tolist()} for actual class {actual[bad]}: "
            f"{MARGIN_PROBLEM}",
            instance=offset + bad,
        )
    margin_bin = np.where(np.isnan(scaled), 0, np.trunc(np.nan_to_num(scaled))).astype(np.intp)

    # the predicted class: the first strictly above 0 and every earlier one
    predicted = np.full(n, -1, dtype=np.int64)
    best = np.zeros(n)
    for i in range(k):
        better = columns[i] > best
        predicted[better] = i
        np.copyto(best, columns[i], where=better)
    choice = predicted
    predicted = np.where(has_class, predicted, -1)
    classified = has_class & (predicted >= 0)
    unclassified = has_class & (predicted < 0)
    c = classified
    ac, pc, wc = np.compress(c, a), np.compress(c, predicted), np.compress(c, weights)  # compress: fast, unlike [c]
    dist_c = np.compress(c, distributions, axis=0)

    kb_terms, scheme_terms, prior_terms = _information_terms(np.compress(c, p_actual), ac, wc, priors, priors_sum)
    s_err, s_abs, s_sqr, s_pabs, s_psqr = _numeric_score_sums(dist_c, ac, priors, priors_sum)
    covered, region_size = _coverage(dist_c, ac)

    # the running sums, each in instance order over the instances WEKA adds to it
    weights_with_class = np.compress(has_class, weights)
    bins: list[tuple[str, np.ndarray]] = [
        ("with_class", weights_with_class),
        ("correct", np.compress(ac == pc, wc)),
        ("incorrect", np.compress(ac != pc, wc)),
        ("unclassified", np.compress(unclassified, weights)),
        ("missing_class", np.compress(~has_class, weights)),
    ]
    if cost is not None:
        known = np.flatnonzero(has_class)
        bins.append(("total_cost", weights[known] * cost(a[known], predicted[known], offset + known)))
    bins += [
        ("sum_err", wc * s_err / k),
        ("sum_abs_err", wc * s_abs / k),
        ("sum_sqr_err", wc * s_sqr / k),
        ("sum_prior_abs_err", wc * s_pabs / k),
        ("sum_prior_sqr_err", wc * s_psqr / k),
        ("sum_kb_info", kb_terms),
        ("sum_scheme_entropy", scheme_terms),
        ("sum_prior_entropy", prior_terms),
        ("total_coverage", np.compress(covered, wc)),
        ("total_size_of_regions", wc * region_size / float(k)),
    ]
    cells = k * k
    assert state.confusion is not None and state.margin_counts is not None  # __post_init__ made them
    state.confusion[...] = np.bincount(
        np.concatenate([np.arange(cells), ac * k + pc]),
        weights=np.concatenate([state.confusion.ravel(), wc]),
        minlength=cells,
    ).reshape(k, k)
    margins = MARGIN_RESOLUTION + 1
    bins_of_class = np.compress(has_class, margin_bin)
    state.margin_counts[...] = np.bincount(
        np.concatenate([np.arange(margins), bins_of_class]),
        weights=np.concatenate([state.margin_counts, weights_with_class]),
        minlength=margins,
    )
    for name, terms in bins:
        setattr(state, name, running_sum(getattr(state, name), terms))
    return choice


def _information_terms(
    p_actual: np.ndarray, ac: np.ndarray, wc: np.ndarray, priors: np.ndarray, priors_sum: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each classified row's K&B information, scheme entropy and prior entropy term (``updateStatsForClassifier``'s
    ``m_SumKBInfo``, ``m_SumSchemeEntropy``, ``m_SumPriorEntropy`` increments), the prior's logarithms taken once
    per class."""
    predicted_prob = np.maximum(MIN_SF_PROB, p_actual)
    class_prior = np.maximum(MIN_SF_PROB, priors / priors_sum)
    prior_prob = class_prior[ac]
    log_prior = log2(class_prior)[ac]
    log_predicted = log2(predicted_prob)
    kb_terms = (log_predicted - log_prior) * wc
    worse = ~(predicted_prob >= prior_prob)
    if worse.any():
        kb_loss = (log2(1.0 - predicted_prob[worse]) - log2(1.0 - class_prior)[ac[worse]]) * wc[worse]
        kb_terms[worse] = -kb_loss
    return kb_terms, -(log_predicted * wc), -(log_prior * wc)


def _numeric_score_sums(
    dist_c: np.ndarray, ac: np.ndarray, priors: np.ndarray, priors_sum: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``updateNumericScores``' per-row sums over the classes (error, absolute, squared; the prior's absolute and
    squared), its class loop in order, for all classified rows at once."""
    m, k = dist_c.shape
    s_err, s_abs, s_sqr, s_pabs, s_psqr = (np.zeros(m) for _ in range(5))
    for i in range(k):
        target = (ac == i).astype(np.float64)
        diff = dist_c[:, i] - target
        s_err += diff
        s_abs += np.abs(diff)
        s_sqr += diff * diff
        diff = priors[i] / priors_sum - target
        s_pabs += np.abs(diff)
        s_psqr += diff * diff
    return s_err, s_abs, s_sqr, s_pabs, s_psqr


def _coverage(dist_c: np.ndarray, ac: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Whether each classified row's 95 % region covers its actual class, and the region's size: classes by
    decreasing probability (``Utils.stableSort`` from the top) until 0.95 is reached."""
    m, k = dist_c.shape
    ranked, ranked_classes = _descending(dist_c)
    covered = np.zeros(m, dtype=bool)
    region_size = np.zeros(m)
    running = np.zeros(m)
    for position in range(k):
        open_rows = ~(running >= CONFIDENCE_LEVEL)
        np.add(running, ranked[position], out=running, where=open_rows)
        region_size += open_rows
        covered |= open_rows & (ranked_classes[position] == ac)
    return covered, region_size
