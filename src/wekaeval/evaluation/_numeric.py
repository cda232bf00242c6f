"""WEKA's Evaluation for a numeric class: its priors and the path that adds predicted values.

The port of what ``weka.classifiers.evaluation.Evaluation`` (WEKA 3.9.7) does
when the class is numeric: ``setPriors``/``updatePriors`` (the mean of the
training values, their range, and the values themselves for a kernel estimate
of the prior density), ``updateStatsForPredictor`` with ``updateNumericScores``
for one "class", ``updateStatsForIntervalEstimator`` and
``updateStatsForConditionalDensityEstimator``.  Every sum runs in instance
order (:func:`wekaeval.evaluation._state.running_sum`), every term with Java's
operations in Java's order.

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

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from wekaeval.errors import PredictionError
from wekaeval.evaluation._state import CHUNK_ROWS, EvaluationState, running_sum
from wekaeval.javamath import java_divide, java_log_scalar

_MAX_VALUE = float(np.finfo(np.float64).max)


#: ``Utils.log2``: WEKA's constant ``Math.log(2)``, the divisor of the SF entropies.
_LOG_2 = java_log_scalar(2.0)


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
        for value in priors.values:  # WEKA's two comparisons, in order (a max of -0.0 and 0.0 is the first)
            priors.max_target = value if value > priors.max_target else priors.max_target
            priors.min_target = value if value < priors.min_target else priors.min_target
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
    with np.errstate(all="ignore"):  # Java's arithmetic: x/0 and inf - inf are values
        for start in range(0, len(actual), CHUNK_ROWS):  # sums carry over exactly; chunks stay in cache
            rows = slice(start, start + CHUNK_ROWS)
            _accumulate(
                state,
                predicted[rows],
                actual[rows],
                weights[rows],
                priors,
                _rows_of(intervals, rows),
                _rows_of(log_densities, rows),
            )


def _rows_of(given: Any, rows: slice) -> Any:
    """A chunk of per-instance intervals or densities; None and False stand for every row."""
    return given if given is None or given is False else given[rows]


def _accumulate(
    state: EvaluationState,
    predicted: np.ndarray,
    actual: np.ndarray,
    weights: np.ndarray,
    priors: NumericPriors,
    intervals: Any,
    log_densities: Any,
) -> None:
    has_class = ~np.isnan(actual)
    scored = has_class & ~np.isnan(predicted)
    w_all = np.compress(has_class, weights)
    sums = {
        "with_class": w_all,
        "unclassified": np.compress(has_class & ~scored, weights),
        "missing_class": np.compress(~has_class, weights),
    }
    c, p, w = np.compress(scored, actual), np.compress(scored, predicted), np.compress(scored, weights)
    weighted_class = w * c
    sums |= {
        "sum_class": weighted_class,
        "sum_sqr_class": weighted_class * c,
        "sum_class_predicted": weighted_class * p,
        "sum_predicted": w * p,
        "sum_sqr_predicted": (w * p) * p,
    }
    # updateNumericScores with one "class": each per-instance sum starts at 0.0 (0.0 + -0.0 is 0.0)
    diff = p - c
    prior_diff = java_divide(priors.class_sum, priors.weight_sum) - c
    sums |= {
        "sum_err": w * (0.0 + diff) / 1,
        "sum_abs_err": w * (0.0 + np.abs(diff)) / 1,
        "sum_sqr_err": w * (0.0 + diff * diff) / 1,
        "sum_prior_abs_err": w * (0.0 + np.abs(prior_diff)) / 1,
        "sum_prior_sqr_err": w * (0.0 + prior_diff * prior_diff) / 1,
    }
    if intervals is not None and c.size:
        _add_intervals(state, sums, intervals, scored, c, w, priors)
    if log_densities is not None and c.size:
        _add_densities(state, sums, log_densities, scored, c, w, priors)
    for name, terms in sums.items():
        setattr(state, name, running_sum(getattr(state, name), terms))


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
    sums["sum_scheme_entropy"] = -(np.compress(scored, log_densities) * w / _LOG_2)
    sums["sum_prior_entropy"] = -(priors.log_density(c) * w / _LOG_2)


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
