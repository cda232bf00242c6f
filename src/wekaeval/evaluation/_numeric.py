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


#: The folds every instance with a class feeds: the columns of the table :func:`accumulate_numeric` reduces.
FOLDS = (
    "with_class",
    "sum_class",
    "sum_sqr_class",
    "sum_class_predicted",
    "sum_predicted",
    "sum_sqr_predicted",
    "sum_err",
    "sum_abs_err",
    "sum_sqr_err",
    "sum_prior_abs_err",
    "sum_prior_sqr_err",
)

#: Instances per table: the (FOLD_ROWS + 1) x 11 table and the scratch rows stay in a core's cache.
FOLD_ROWS = 1 << 13


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
    The :data:`FOLDS` are folded side by side: a chunk's terms go into the
    columns of one C-ordered table whose first row holds the sums so far, and
    one weighted ``np.bincount`` over the table, each entry's bin its column,
    adds the entries in memory order, row after row (``bins[j] +=
    weight``, never pairwise), so every column's total is its sequential sum,
    bit for bit, and the folds' additions overlap in the processor instead of
    waiting for each other as one ``np.add.accumulate`` per fold does.  A row
    WEKA skips holds +0.0 in that column: a sum started at 0.0 is never
    -0.0, and ``s + 0.0`` is ``s``.  The folds of the rare rows (no class, no
    prediction) and of intervals and densities are added on their own.

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
    table, scratch = np.empty((rows + 1, k)), np.empty((3, rows))  # reused: no fresh pages per chunk
    bins = np.tile(np.arange(k, dtype=np.intp), rows + 1)  # each table entry's column
    sums = np.array([getattr(state, name) for name in FOLDS])
    rare: tuple[list[np.ndarray], list[np.ndarray]] = ([], [])  # the weights of unclassified, missing_class
    mean = java_divide(priors.class_sum, priors.weight_sum)
    with np.errstate(all="ignore"), _kept(state, sums, rare):  # Java's arithmetic: x/0 and inf - inf are values
        for start in range(0, n, FOLD_ROWS):
            chunk = slice(start, start + FOLD_ROWS)
            c, p, w = actual[chunk], predicted[chunk], weights[chunk]
            part = table[: c.size + 1]
            part[0] = sums
            _terms(part[1:].T, p, c, w, mean, scratch[:, : c.size])
            scored = (c == c) & (p == p)
            skipped = np.flatnonzero(~scored)
            if skipped.size:  # WEKA adds nothing of these rows but their weight to unclassified or missing_class
                part[skipped + 1, 1:] = 0.0
                missing = np.isnan(c[skipped])
                part[skipped[missing] + 1, 0] = 0.0
                rare[0].append(w[skipped[~missing]])
                rare[1].append(w[skipped[missing]])
            sums[:] = np.bincount(bins[: part.size], weights=part.ravel(), minlength=k)
            if intervals is not None or log_densities is not None:
                _add_estimates(state, intervals, log_densities, chunk, scored, c, w, priors)


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


def _terms(columns: np.ndarray, p: np.ndarray, c: np.ndarray, w: np.ndarray, mean: float, scratch: np.ndarray) -> None:
    """Each instance's terms of the :data:`FOLDS` (one row of ``columns`` each), as Java computes them.

    ``updateNumericScores``' ``w * (0.0 + diff) / 1`` is ``w * diff`` but for
    the sign of a zero, which a sum started at 0.0 does not see.  Rows WEKA
    skips get whatever their NaN gives; the caller zeroes them.
    """
    diff = scratch[0]
    np.copyto(columns[0], w)  # with_class
    np.multiply(w, c, out=columns[1])  # sum_class: w * c
    np.multiply(columns[1], c, out=columns[2])  # sum_sqr_class: (w * c) * c
    np.multiply(columns[1], p, out=columns[3])  # sum_class_predicted: (w * c) * p
    np.multiply(w, p, out=columns[4])  # sum_predicted: w * p
    np.multiply(columns[4], p, out=columns[5])  # sum_sqr_predicted: (w * p) * p
    np.subtract(p, c, out=diff)
    np.multiply(w, diff, out=columns[6])  # sum_err: w * diff
    _error_terms(columns[7], columns[8], w, diff, scratch[1:])  # sum_abs_err, sum_sqr_err
    np.subtract(mean, c, out=diff)  # the prior's error
    _error_terms(columns[9], columns[10], w, diff, scratch[1:])  # sum_prior_abs_err, sum_prior_sqr_err


def _error_terms(
    absolute: np.ndarray, squared: np.ndarray, w: np.ndarray, error: np.ndarray, scratch: np.ndarray
) -> None:
    """``w * |error|`` and ``w * (error * error)`` into two columns."""
    np.abs(error, out=scratch[0])
    np.multiply(w, scratch[0], out=absolute)
    np.multiply(error, error, out=scratch[1])
    np.multiply(w, scratch[1], out=squared)


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
