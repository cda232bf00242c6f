"""WEKA's Evaluation for a numeric class: its priors and the path that adds predicted values.

The port of what ``weka.classifiers.evaluation.Evaluation`` (WEKA 3.9.7) does
when the class is numeric: ``setPriors``/``updatePriors`` (the mean of the
training values, their range, and the values themselves for a kernel estimate
of the prior density), ``updateStatsForPredictor`` with ``updateNumericScores``
for one "class", ``updateStatsForIntervalEstimator`` and
``updateStatsForConditionalDensityEstimator``.  Every sum runs in instance
order (a left fold, as Java's ``+=``: :func:`accumulate_numeric`), every term
with Java's operations in Java's order.

What a regression scheme gives besides its prediction decides two of WEKA's
flags: ``intervals`` (an IntervalEstimator's prediction intervals) feed the
coverage and region-size statistics, ``log_densities`` (a
ConditionalDensityEstimator's ``logDensity`` at the actual value) the SF
entropies.  ``False`` for either says the scheme gives none (WEKA then reports
them as missing); None is WEKA's ``evaluateModelOnce(double[], Instance)``,
which leaves them untouched.

>>> priors = NumericPriors.from_training([1.0, 2.0, 4.0])
>>> priors.class_sum, priors.weight_sum, priors.min_target, priors.max_target
(7.0, 3.0, 1.0, 4.0)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from wekaeval.errors import PredictionError
from wekaeval.evaluation._state import EvaluationState, running_sum
from wekaeval.javamath import java_divide, java_log_scalar

_MAX_VALUE = float(np.finfo(np.float64).max)


#: ``Utils.log2``: WEKA's constant ``Math.log(2)``, the divisor of the SF entropies.


@dataclass
class NumericPriors:
    """A numeric class's priors: ``m_ClassPriors[0]`` (sum of value x weight), ``m_ClassPriorsSum``, the range.

    ``values``/``weights`` are WEKA's training-value buffer, from which the
    kernel estimate of the prior density is built the first time it is needed
    (and kept, even when ``update`` adds values afterwards, as WEKA keeps it).
    """

    class_sum: float = 0.0
    weight_sum: float = 0.0
    min_target: float = _MAX_VALUE
    max_target: float = -_MAX_VALUE
    values: list[float] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)
    estimator: Any = None

    @classmethod
    def from_training(cls, values: Any, weights: Any = None) -> NumericPriors:
        """``setPriors(train)``: the known values (NaN is missing) with their weights, in order."""
        values = np.asarray(values, dtype=np.float64).ravel()
        weights = np.ones(values.size) if weights is None else np.asarray(weights, dtype=np.float64).ravel()
        if weights.size != values.size:
            raise PredictionError(f"{weights.size} weights for {values.size} training class values")
        known = ~np.isnan(values)
        v, w = np.compress(known, values), np.compress(known, weights)
        priors = cls(values=v.tolist(), weights=w.tolist())
        priors.max_target, priors.min_target = _first_extreme(v, np.max, 1.0), _first_extreme(v, np.min, -1.0)
        with np.errstate(all="ignore"):
            priors.class_sum = running_sum(0.0, v * w)
        priors.weight_sum = running_sum(0.0, w)
        return priors

    def update(self, value: float, weight: float) -> None:
        """``updatePriors(instance)``: one more training value (a missing one changes nothing)."""
        if value != value:
            return
        self.max_target = value if value > self.max_target else self.max_target
        self.min_target = value if value < self.min_target else self.min_target
        self.values.append(value)
        self.weights.append(weight)
        self.class_sum += value * weight
        self.weight_sum += weight

    def log_density(self, values: np.ndarray) -> np.ndarray:
        """The prior's ``logDensity`` at each value: WEKA's UnivariateKernelEstimator over the buffer."""
        if self.estimator is None:
            from wekaeval.evaluation._kernel import UnivariateKernelEstimator

            self.estimator = UnivariateKernelEstimator()
            for value, weight in zip(self.values, self.weights, strict=False):
                self.estimator.add_value(value, weight)
        return self.estimator.log_densities(values)


def _first_extreme(values: np.ndarray, extreme: Any, sign: float) -> float:
    """WEKA's running ``value > max`` (``sign`` 1) or ``value < min`` (-1) from -+MAX_VALUE, over known values.

    The first of the values equal to the extreme wins (-0.0 and 0.0 are
    equal); an infinity never passes MAX_VALUE's sign, which stays.

    >>> _first_extreme(np.array([-0.0, 0.0, -np.inf]), np.max, 1.0), _first_extreme(np.array([np.inf]), np.min, -1.0)
    (-0.0, 1.7976931348623157e+308)
    """
    start = -sign * _MAX_VALUE
    if not values.size:
        return start
    best = extreme(values)
    if not best * sign > start * sign:
        return start
    return float(values[np.argmax(values == best)])


#: The folds every instance with a class feeds: the rows of the table :func:`accumulate_numeric` sums.
FOLDS = (
    "with_class",
    "sum_class",
    "sum_sqr_class",
    "sum_class_predicted",
    "sum_predicted",
    "sum_sqr_predicted",
    "sum_err",
    "sum_abs_err",
    "sum_prior_abs_err",
    "sum_sqr_err",
    "sum_prior_sqr_err",
)

#: Instances per chunk: the 11 x (FOLD_ROWS + 1) table and its scratch rows stay in the caches.
FOLD_ROWS = 1 << 14


def accumulate_numeric(
    state: EvaluationState,
    predicted: np.ndarray,
    actual: np.ndarray,
    weights: np.ndarray,
    priors: NumericPriors,
    *,
    intervals: np.ndarray | bool | None = None,
    log_densities: np.ndarray | bool | None = None,
) -> None:
    """Add predicted values to ``state`` as WEKA's numeric Evaluation does, instance after instance.

    ``actual`` and ``predicted`` are float64 (NaN: missing class, missing
    prediction).  ``intervals`` is an (n, m, 2) array of m (low, high)
    intervals per instance; ``log_densities`` an (n,) array.

    Every ``m_x += term`` of WEKA's loop is a left fold in instance order.
    A chunk's terms of the :data:`FOLDS` go into the rows of one table,
    contiguous, each row starting with its fold's sum so far, and each row
    is summed left to right, one addition at a time, by numpy's generic
    einsum kernel (:func:`_folds`; :func:`_einsum_folds_in_order` checks it
    does so), so every fold's total is its sequential sum, bit for bit.  A
    term WEKA does not add (no class, no prediction) is +0.0 there: a sum
    started at 0.0 is never -0.0, and ``s + 0.0`` is ``s``.  The folds of
    the rare rows (no class, no prediction) and of intervals and densities
    are added on their own.

    >>> state = EvaluationState(1)
    >>> accumulate_numeric(state, np.array([1.0, np.nan]), np.array([2.0, 3.0]), np.ones(2), NumericPriors())
    >>> state.with_class, state.unclassified, state.sum_abs_err
    (2.0, 1.0, 1.0)
    """
    n = actual.size
    if intervals is not None and intervals is not False:
        intervals = np.asarray(intervals, dtype=np.float64)
        if intervals.ndim == 2:
            intervals = intervals[:, None, :]
        if intervals.ndim != 3 or intervals.shape[0] != n or intervals.shape[2] != 2:
            raise PredictionError(f"intervals must have shape ({n}, 2) or ({n}, m, 2), got {np.shape(intervals)}")
    if log_densities is not None and log_densities is not False:
        log_densities = np.asarray(log_densities, dtype=np.float64).ravel()
        if log_densities.size != n:
            raise PredictionError(f"log_densities has {log_densities.size} entries for {n} instances")
    if not n:
        return
    rows, k = min(n, FOLD_ROWS), len(FOLDS)
    table, scratch, ones = np.empty((k, rows + 1)), np.empty((4, rows)), _ones(rows + 1)  # reused per chunk
    fold = _folds if _einsum_folds_in_order() else _accumulated_folds
    rare: tuple[list[np.ndarray], list[np.ndarray]] = ([], [])  # the weights of unclassified, missing_class
    mean = java_divide(priors.class_sum, priors.weight_sum)
    estimates = intervals is not None or log_densities is not None
    sums = table[:, 0]  # each fold's sum so far: the first term of its next chunk
    sums[:] = [getattr(state, name) for name in FOLDS]
    with np.errstate(all="ignore"), _kept(state, sums, rare):  # Java's arithmetic: x/0 and inf - inf are values
        skipped = np.flatnonzero(np.isnan(actual) | np.isnan(predicted))  # WEKA adds only their weight
        bounds = np.searchsorted(skipped, range(0, n + FOLD_ROWS, FOLD_ROWS)).tolist()
        for index, start in enumerate(range(0, n, FOLD_ROWS)):
            chunk = slice(start, start + FOLD_ROWS)
            c, p, w = actual[chunk], predicted[chunk], weights[chunk]
            part = table[:, : c.size + 1]
            _terms(part[:, 1:], p, c, w, mean, scratch[:, : c.size])
            if bounds[index + 1] > bounds[index]:  # rows WEKA skips: their weight to unclassified or missing_class
                rows_skipped = skipped[bounds[index] : bounds[index + 1]] - start
                part[1:, rows_skipped + 1] = 0.0
                missing = np.isnan(c[rows_skipped])
                part[0, rows_skipped[missing] + 1] = 0.0
                rare[0].append(w[rows_skipped[~missing]])
                rare[1].append(w[rows_skipped[missing]])
            sums[:] = fold(part, ones[: part.shape[1]])
            if estimates:
                scored = (c == c) & (p == p)
                _add_estimates(state, intervals, log_densities, chunk, scored, c, w, priors)


def _folds(table: np.ndarray, ones: np.ndarray) -> np.ndarray:
    """Each row's sum, left to right, one addition after another (see :func:`_einsum_folds_in_order`)."""
    return np.einsum("ij,j->i", table, ones)


def _accumulated_folds(table: np.ndarray, ones: np.ndarray) -> np.ndarray:
    """Each row's sum by ``np.add.accumulate``, sequential by definition: :func:`_folds` where einsum is not."""
    return np.add.accumulate(table, axis=1)[:, -1]


def _ones(n: int) -> np.ndarray:
    """n times 1.0, 16 bytes apart: a stride that no vectorised einsum kernel takes."""
    return np.ones(2 * n)[::2]


@functools.cache
def _einsum_folds_in_order() -> bool:
    """Whether ``np.einsum("ij,j->i", table, ones)`` sums each row of a table left to right, a term at a time.

    :func:`_folds`' ones are 16 bytes apart, so numpy has no specialised
    kernel for the operands' strides (its kernels for contiguous operands
    keep several partial sums, which regroups the additions) and takes its
    generic one, ``accum += a * b`` along the row from 0.0: the sequential
    sum (``x * 1.0`` is ``x``, fused or not), at about one addition's latency
    per term -- a third of ``np.add.accumulate``'s cost, with no
    interleaved table to write.  numpy does not document that kernel, so it
    is checked once, on the shapes :func:`accumulate_numeric` uses: a row of
    1.0 followed by 2**-53 again and again sums to 1.0 only when every
    addition adds one term to the sum of all the terms before it (any other
    grouping adds two of the small ones first, and 1 + 2**-52 is a double).
    numpy picks the kernel by the shape and the strides, never by the
    values, so a shape that passes is a left fold for any values.  Where one
    does not, :func:`_accumulated_folds` does the sums.

    >>> _einsum_folds_in_order()
    True
    """
    tiny = 2.0**-53
    for size in (1, 2, 3, 5, 8, 9, 16, 17, 33, 100, 1000, 4097, 8193, (1 << 14) + 1, (1 << 16) + 1):
        for table in (np.full((len(FOLDS), size), tiny), np.full((len(FOLDS), size + 1), tiny)[:, :size]):
            table[:, 0] = 1.0  # a whole table of accumulate_numeric, and its last, shorter chunk
            if not (_folds(table, _ones(size)) == 1.0).all():
                return False
    return True


@contextmanager
def _kept(state: EvaluationState, sums: np.ndarray, rare: tuple[list[np.ndarray], list[np.ndarray]]) -> Iterator[None]:
    """Into ``state`` at the end, however it ends: the :data:`FOLDS`' ``sums``, and the rare rows' weights added."""
    try:
        yield
    finally:
        for name, value in zip(FOLDS, sums.tolist(), strict=True):
            setattr(state, name, value)
        for name, terms in zip(("unclassified", "missing_class"), rare, strict=True):
            if terms:
                setattr(state, name, _fold(getattr(state, name), np.concatenate(terms)))


def _fold(start: float, terms: np.ndarray) -> float:
    """:func:`running_sum` for a caller already under ``np.errstate``."""
    return float(np.add.accumulate(np.concatenate(([start], terms)))[-1]) if terms.size else start


def _terms(terms: np.ndarray, p: np.ndarray, c: np.ndarray, w: np.ndarray, mean: float, scratch: np.ndarray) -> None:
    """Each instance's terms of the :data:`FOLDS` (one row of ``terms`` each, contiguous), as Java computes them.

    ``updateNumericScores``' ``w * (0.0 + diff) / 1`` is ``w * diff`` but for
    the sign of a zero, which a sum started at 0.0 does not see.  Rows WEKA
    skips get whatever their NaN gives; the caller zeroes them.
    """
    errors = scratch[:2]  # the scheme's error (p - c) and the prior's (mean - c)
    np.copyto(terms[0], w)  # with_class
    np.multiply(w, c, out=terms[1])  # sum_class: w * c
    np.multiply(terms[1], c, out=terms[2])  # sum_sqr_class: (w * c) * c
    np.multiply(terms[1], p, out=terms[3])  # sum_class_predicted: (w * c) * p
    np.multiply(w, p, out=terms[4])  # sum_predicted: w * p
    np.multiply(terms[4], p, out=terms[5])  # sum_sqr_predicted: (w * p) * p
    np.subtract(p, c, out=errors[0])
    np.subtract(mean, c, out=errors[1])
    np.multiply(w, errors[0], out=terms[6])  # sum_err: w * diff
    np.abs(errors, out=scratch[2:])
    np.multiply(w, scratch[2:], out=terms[7:9])  # sum_abs_err, sum_prior_abs_err: w * |error|
    np.multiply(errors, errors, out=scratch[2:])
    np.multiply(w, scratch[2:], out=terms[9:])  # sum_sqr_err, sum_prior_sqr_err: w * (error * error)


def _add_estimates(
    state: EvaluationState,
    intervals: Any,
    log_densities: Any,
    chunk: slice,
    scored: np.ndarray,
    actual: np.ndarray,
    weights: np.ndarray,
    priors: NumericPriors,
) -> None:
    """The interval and density folds of a chunk's scored rows (an IntervalEstimator's, a density estimator's)."""
    c, w = np.compress(scored, actual), np.compress(scored, weights)
    if not c.size:
        return
    extra: dict[str, np.ndarray] = {}
    if intervals is not None:
        _add_intervals(state, extra, _rows_of(intervals, chunk), scored, c, w, priors)
    if log_densities is not None:
        _add_densities(state, extra, _rows_of(log_densities, chunk), scored, c, w, priors)
    for name, terms in extra.items():
        setattr(state, name, _fold(getattr(state, name), terms))


def _rows_of(given: Any, rows: slice) -> Any:
    """A chunk of per-instance intervals or densities; None and False stand for every row."""
    return given if given is None or given is False else given[rows]


def _add_intervals(
    state: EvaluationState,
    sums: dict[str, np.ndarray],
    intervals: Any,
    scored: np.ndarray,
    c: np.ndarray,
    w: np.ndarray,
    priors: NumericPriors,
) -> None:
    """updateStatsForIntervalEstimator: each interval's share of the range, and whether one holds the value."""
    if intervals is False:
        state.coverage_available = False
        return
    bounds = intervals
    low, high = np.compress(scored, bounds[:, :, 0], axis=0), np.compress(scored, bounds[:, :, 1], axis=0)
    span = priors.max_target - priors.min_target
    sums["total_size_of_regions"] = (w[:, None] * (high - low) / span).ravel()  # instance by instance, in order
    sums["total_coverage"] = np.compress(((high >= c[:, None]) & (low <= c[:, None])).any(axis=1), w)


def _add_densities(
    state: EvaluationState,
    sums: dict[str, np.ndarray],
    log_densities: Any,
    scored: np.ndarray,
    c: np.ndarray,
    w: np.ndarray,
    priors: NumericPriors,
) -> None:
    """updateStatsForConditionalDensityEstimator: the scheme's and the prior's log density, in bits."""
    if log_densities is False:
        state.complexity_available = False
        return
    log_2 = java_log_scalar(2.0)  # here, not at import: the CPU is measured only when a log is needed
    sums["sum_scheme_entropy"] = -(np.compress(scored, log_densities) * w / log_2)
    sums["sum_prior_entropy"] = -(priors.log_density(c) * w / log_2)


def numeric_values(values: Sequence[float] | np.ndarray, name: str) -> np.ndarray:
    """A 1-D float64 array of values (NaN: missing), or a PredictionError naming the argument."""
    try:
        array = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError) as error:
        raise PredictionError(f"{name} must be numbers: {error}") from None
    if array.ndim == 2 and array.shape[1] == 1:
        array = array[:, 0]
    if array.ndim != 1:
        raise PredictionError(f"{name} must be 1-D (one value per instance), got shape {array.shape}")
    return array
