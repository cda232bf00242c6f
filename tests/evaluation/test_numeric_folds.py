"""The numeric Evaluation's side-by-side folds against one ``np.add.accumulate`` per sum, bit for bit.

:func:`wekaeval.evaluation._numeric.accumulate_numeric` adds WEKA's running
sums of a numeric class as the rows of one table, each summed left to right
by numpy's generic einsum kernel (checked once by ``_einsum_folds_in_order``;
``np.add.accumulate`` otherwise).  The reference here is the path it replaced: every sum over
exactly the instances WEKA adds to it, each term written as Java writes it
(``w * (0.0 + diff) / 1``), added by ``np.add.accumulate`` from the state's
value.  Seeded adversarial inputs (infinities, NaN, huge and tiny values,
negative weights, signed zeros), several chunks, intervals and densities.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from wekaeval.evaluation import _numeric
from wekaeval.evaluation._numeric import NumericPriors, accumulate_numeric
from wekaeval.evaluation._state import SUMS, EvaluationState
from wekaeval.javamath import java_divide, java_log_scalar


def _accumulated(start: float, terms: np.ndarray) -> float:
    return float(np.add.accumulate(np.concatenate([[start], terms]))[-1]) if terms.size else start


def reference(state, predicted, actual, weights, priors, intervals=None, log_densities=None):
    """One accumulate per sum over the compressed instances, Java's expressions unchanged."""
    with np.errstate(all="ignore"):
        has_class = ~np.isnan(actual)
        scored = has_class & ~np.isnan(predicted)
        c, p, w = actual[scored], predicted[scored], weights[scored]
        diff = p - c
        prior_diff = java_divide(priors.class_sum, priors.weight_sum) - c
        sums = {
            "with_class": weights[has_class],
            "unclassified": weights[has_class & ~scored],
            "missing_class": weights[~has_class],
            "sum_class": w * c,
            "sum_sqr_class": (w * c) * c,
            "sum_class_predicted": (w * c) * p,
            "sum_predicted": w * p,
            "sum_sqr_predicted": (w * p) * p,
            "sum_err": w * (0.0 + diff) / 1,
            "sum_abs_err": w * (0.0 + np.abs(diff)) / 1,
            "sum_sqr_err": w * (0.0 + diff * diff) / 1,
            "sum_prior_abs_err": w * (0.0 + np.abs(prior_diff)) / 1,
            "sum_prior_sqr_err": w * (0.0 + prior_diff * prior_diff) / 1,
        }
        if intervals is not None:
            low, high = intervals[scored, :, 0], intervals[scored, :, 1]
            span = priors.max_target - priors.min_target
            sums["total_size_of_regions"] = (w[:, None] * (high - low) / span).ravel()
            sums["total_coverage"] = w[((high >= c[:, None]) & (low <= c[:, None])).any(axis=1)]
        if log_densities is not None:
            log_2 = java_log_scalar(2.0)
            sums["sum_scheme_entropy"] = -(log_densities[scored] * w / log_2)
            sums["sum_prior_entropy"] = -(priors.log_density(c) * w / log_2)
        for name, terms in sums.items():
            setattr(state, name, _accumulated(getattr(state, name), terms))


SPECIAL = np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 5e-324, -5e-324, 1e308, -1e308, 1e-300, 1.5, -2.25])


def adversarial(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Predicted values, actual values and (finite) weights mixing ordinary, extreme and special values."""

    def values() -> np.ndarray:
        scale = 10.0 ** rng.integers(-300, 300, n)
        out = rng.normal(size=n) * np.where(rng.random(n) < 0.5, 1.0, scale)
        special = rng.random(n) < 0.15
        out[special] = rng.choice(SPECIAL, special.sum())
        return out

    weights = rng.uniform(-3.0, 3.0, n) * np.where(rng.random(n) < 0.1, 1e300, 1.0)
    weights[rng.random(n) < 0.05] = 0.0
    return values(), values(), weights


def _hexes(state: EvaluationState) -> list[str]:
    return [float(getattr(state, name)).hex() for name in SUMS]


@pytest.mark.parametrize("einsum", [True, False], ids=["einsum", "accumulate"])
@pytest.mark.parametrize("fold_rows", [7, 64, 1 << 14])
def test_folds_equal_one_accumulate_per_sum_on_adversarial_values(rng, monkeypatch, fold_rows, einsum):
    monkeypatch.setattr(_numeric, "FOLD_ROWS", fold_rows)
    monkeypatch.setattr(_numeric, "_einsum_folds_in_order", lambda: einsum)
    train = adversarial(rng, 40)
    for case in range(60):
        n = int(rng.integers(0, 300))
        predicted, actual, weights = adversarial(rng, n)
        priors = NumericPriors() if case % 7 == 0 else NumericPriors.from_training(train[1], np.abs(train[2]))
        ours, theirs = EvaluationState(1), EvaluationState(1)
        for part in np.array_split(np.arange(n), int(rng.integers(1, 4))):  # batch after batch
            accumulate_numeric(ours, predicted[part], actual[part], weights[part], priors)
            reference(theirs, predicted[part], actual[part], weights[part], priors)
        assert _hexes(ours) == _hexes(theirs), (case, n)


def test_folds_equal_accumulate_on_ordinary_data_with_intervals_and_densities(rng, monkeypatch):
    monkeypatch.setattr(_numeric, "FOLD_ROWS", 100)
    n = 1000
    actual = np.round(rng.gamma(4.0, 50.0, n), 2)
    predicted = actual + rng.normal(0.0, 30.0, n)
    actual[rng.random(n) < 0.05] = np.nan
    predicted[rng.random(n) < 0.05] = np.nan
    weights = rng.uniform(0.1, 3.0, n)
    half = rng.uniform(1.0, 60.0, (n, 2))
    intervals = np.stack([predicted[:, None] - half, predicted[:, None] + half], axis=2)
    densities = rng.normal(-5.0, 1.0, n)
    train = np.round(rng.gamma(4.0, 50.0, 200), 2)
    ours, theirs = EvaluationState(1), EvaluationState(1)
    accumulate_numeric(
        ours,
        predicted,
        actual,
        weights,
        NumericPriors.from_training(train),
        intervals=intervals,
        log_densities=densities,
    )
    reference(theirs, predicted, actual, weights, NumericPriors.from_training(train), intervals, densities)
    assert _hexes(ours) == _hexes(theirs)


def test_the_folds_are_sequential_not_pairwise(monkeypatch):
    # 1.0 then 1e-16 again and again: each addition rounds back to 1.0; pairwise (or any regrouping) would not
    monkeypatch.setattr(_numeric, "FOLD_ROWS", 1 << 14)
    n = 100_000
    actual = np.full(n, 1e-16)
    actual[0] = 1.0
    state = EvaluationState(1)
    accumulate_numeric(state, np.zeros(n), actual, np.ones(n), NumericPriors())
    assert state.sum_class == 1.0
    assert math.fsum(actual) > 1.0  # what a regrouped sum comes near
    assert np.add.reduce(actual) != 1.0  # numpy's own pairwise sum


def test_the_einsum_check_passes_and_catches_a_regrouped_sum(monkeypatch):
    assert _numeric._einsum_folds_in_order()  # numpy's generic kernel: the fold is einsum's
    monkeypatch.setattr(_numeric, "_folds", lambda table, ones: np.add.reduce(table, axis=1))  # pairwise
    assert not _numeric._einsum_folds_in_order.__wrapped__()
    monkeypatch.setattr(_numeric, "_folds", lambda table, ones: np.einsum("ij->i", table))  # contiguous kernel
    assert not _numeric._einsum_folds_in_order.__wrapped__()
    monkeypatch.setattr(_numeric, "_folds", _numeric._accumulated_folds)
    assert _numeric._einsum_folds_in_order.__wrapped__()


def test_the_range_of_the_training_values_is_wekas_running_comparison(rng):
    for _ in range(200):
        values = rng.choice(SPECIAL, int(rng.integers(0, 8)))
        priors = NumericPriors.from_training(values)
        top, bottom = -np.finfo(np.float64).max, np.finfo(np.float64).max
        for value in values[~np.isnan(values)].tolist():
            top = value if value > top else top
            bottom = value if value < bottom else bottom
        assert (priors.max_target.hex(), priors.min_target.hex()) == (float(top).hex(), float(bottom).hex())
