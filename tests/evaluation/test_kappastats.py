"""wekaeval.kappa_stats: WEKA's kappa with standard errors, cross-checked against statsmodels and scikit-learn."""

from __future__ import annotations

import dataclasses
import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from wekaeval import ArgumentError, KappaStats, MatrixError, PerClassKappa, kappa, kappa_stats

inter_rater = pytest.importorskip("statsmodels.stats.inter_rater")

REL = 1e-12
ABS = 1e-14

FIELDS = ("kappa", "std_error", "ci_low", "ci_high", "std_error_h0", "z", "p_one_sided", "p_two_sided")


def close(a: float, b: float) -> bool:
    return a == pytest.approx(b, rel=REL, abs=ABS)


def statsmodels_fields(table, weights=None, wt=None) -> dict:
    res = inter_rater.cohens_kappa(np.asarray(table, float), weights=weights, wt=wt)
    return {
        "kappa": res["kappa"],
        "std_error": res["std_kappa"],
        "ci_low": res["kappa_low"],
        "ci_high": res["kappa_upp"],
        "std_error_h0": res["std_kappa0"],
        "z": res["z_value"],
        "p_one_sided": res["pvalue_one_sided"],
        "p_two_sided": res["pvalue_two_sided"],
    }


def assert_matches_statsmodels(stats: KappaStats, expected: dict) -> None:
    for field in FIELDS:
        assert close(getattr(stats, field), expected[field]), (field, getattr(stats, field), expected[field])


def test_statsmodels_documented_example():
    stats = kappa_stats([[12, 28], [18, 42]])
    assert stats.kappa == kappa([[12, 28], [18, 42]])
    assert round(stats.kappa, 12) == 0
    assert round(stats.std_error, 4) == 0.0976
    assert round(stats.ci_low, 4) == -0.1913 and round(stats.ci_high, 4) == 0.1913
    assert round(stats.std_error_h0, 4) == 0.0976
    assert round(stats.p_one_sided, 4) == 0.5 and round(stats.p_two_sided, 4) == 1.0
    assert_matches_statsmodels(stats, statsmodels_fields([[12, 28], [18, 42]]))


def test_cats_and_dogs():
    stats = kappa_stats([[10, 7], [5, 8]])
    assert stats.kappa == kappa([[10, 7], [5, 8]])
    assert stats.observed_agreement == 0.6 and stats.expected_agreement == 0.5
    assert close(stats.pabak, 0.2)
    assert close(stats.prevalence_index, 2 / 30) and close(stats.bias_index, 2 / 30)
    assert_matches_statsmodels(stats, statsmodels_fields([[10, 7], [5, 8]]))


# y1 = [negative, positive, negative, neutral, positive], y2 = [negative, positive, negative, neutral, negative]
# tabulated over the sorted labels (negative, neutral, positive), as scikit-learn does.
SEED_Y1 = ["negative", "positive", "negative", "neutral", "positive"]
SEED_Y2 = ["negative", "positive", "negative", "neutral", "negative"]
SEED_TABLE = [[2, 0, 0], [0, 1, 0], [1, 0, 1]]


def test_seed_example_table():
    labels = sorted(set(SEED_Y1) | set(SEED_Y2))
    table = np.zeros((3, 3))
    for a, b in zip(SEED_Y1, SEED_Y2, strict=False):
        table[labels.index(a), labels.index(b)] += 1
    assert table.tolist() == SEED_TABLE


def test_seed_example_issue_numbers():
    assert close(kappa_stats(SEED_TABLE).kappa, 0.6875)
    assert close(kappa_stats(SEED_TABLE, weights="quadratic").kappa, 0.5)


def test_seed_example_against_sklearn():
    metrics = pytest.importorskip("sklearn.metrics")
    assert close(kappa_stats(SEED_TABLE).kappa, metrics.cohen_kappa_score(SEED_Y1, SEED_Y2))
    for weights in ("linear", "quadratic"):
        # scikit-learn writes the weights as disagreements |i-j| or (i-j)**2; ours are agreements 1 - those/max.
        assert close(
            kappa_stats(SEED_TABLE, weights=weights).kappa,
            metrics.cohen_kappa_score(SEED_Y1, SEED_Y2, weights=weights),
        )


def test_weighted_seed_example_against_statsmodels():
    for weights in ("linear", "quadratic"):
        assert_matches_statsmodels(kappa_stats(SEED_TABLE, weights=weights), statsmodels_fields(SEED_TABLE, wt=weights))


def test_custom_weights_are_agreement_weights():
    quadratic = kappa_stats(SEED_TABLE, weights="quadratic")
    custom = kappa_stats(SEED_TABLE, weights=np.array(quadratic.weights))
    assert custom.kind == "custom"
    for field in FIELDS:
        assert getattr(custom, field) == getattr(quadratic, field)
    # statsmodels takes a 2-D weight array as disagreement weights.
    disagreement = 1 - np.array(quadratic.weights)
    assert_matches_statsmodels(custom, statsmodels_fields(SEED_TABLE, weights=disagreement))


def test_identity_weights_give_simple_kappa_statistics():
    table = [[88, 14, 18], [10, 40, 10], [2, 6, 12]]
    simple = kappa_stats(table)
    identity = kappa_stats(table, weights=np.eye(3))
    for field in FIELDS + ("observed_agreement", "expected_agreement"):
        assert close(getattr(identity, field), getattr(simple, field)), field


def test_linear_and_quadratic_weights():
    stats = kappa_stats(np.ones((4, 4)), weights="linear")
    assert stats.weights[0] == pytest.approx((1.0, 2 / 3, 1 / 3, 0.0), rel=1e-15)
    stats = kappa_stats(np.ones((3, 3)), weights="quadratic")
    assert stats.weights[0] == (1.0, 0.75, 0.0)


def test_related_coefficients_by_hand():
    table = [[88, 14, 18], [10, 40, 10], [2, 6, 12]]
    stats = kappa_stats(table)
    n = 200
    po = 140 / n
    rows = np.array([120, 60, 20]) / n
    cols = np.array([100, 60, 40]) / n
    pooled = (rows + cols) / 2
    assert close(stats.observed_agreement, po)
    assert close(stats.pabak, (3 * po - 1) / 2)
    assert stats.prevalence_index is None and stats.bias_index is None
    pe_pi = float((pooled**2).sum())
    assert close(stats.scott_pi, (po - pe_pi) / (1 - pe_pi))
    pe_ac1 = float((pooled * (1 - pooled)).sum() / 2)
    assert close(stats.gwet_ac1, (po - pe_ac1) / (1 - pe_ac1))


def test_alpha_changes_interval():
    table = [[10, 7], [5, 8]]
    stats = kappa_stats(table, alpha=0.1)
    assert close(stats.ci_high - stats.kappa, 1.6448536269514722 * stats.std_error)
    assert "90% Lower Conf Limit" in str(stats)


def test_str_is_a_table():
    text = str(kappa_stats(SEED_TABLE, weights="linear"))
    assert "Weighted Kappa Coefficient" in text
    assert "ASE under H0" in text and "Gwet's AC2" in text and "Gwet's AC1" not in text
    assert "Prevalence index" not in text


@pytest.mark.parametrize(
    "table, names",
    [
        ([[1, 17], [15, 2]], None),
        ([[10, 7], [5, 8]], None),
        ([[10, 0], [0, 0]], None),
        ([[3, 1], [2, 9]], ["a" * 40, "b"]),
    ],
)
def test_str_aligns_the_decimal_points_of_negative_and_positive_values(table, names):
    """Issue 35 (14): -0.1475 under 0.1773 stood one column to the right of it."""
    rows = [line for line in str(kappa_stats(table, class_names=names)).splitlines() if line.startswith(" " * 14)]
    numbers = [line for line in rows if line.rstrip()[-5:-4] == "." or line.rstrip().endswith("nan")]
    assert len(numbers) >= 20
    assert len({len(line.rstrip()) for line in numbers}) == 1, "\n".join(numbers)  # right-aligned: one right edge
    assert all("  " in line.strip() for line in numbers)  # a long class name still leaves a gap before its value


def test_frozen():
    stats = kappa_stats([[1, 2], [3, 4]])
    with pytest.raises(dataclasses.FrozenInstanceError):
        stats.kappa = 0.0


@pytest.mark.parametrize(
    ("kwargs", "word"),
    [
        ({"matrix": [[1, 2, 3]]}, "matrix"),
        ({"matrix": []}, "matrix"),
        ({"matrix": [[1, -1], [0, 1]]}, "matrix"),
        ({"matrix": [[1, math.nan], [0, 1]]}, "matrix"),
        ({"matrix": [[1, 2], [3, 4]], "weights": "cubic"}, "weights"),
        ({"matrix": [[1, 2], [3, 4]], "weights": np.eye(3)}, "weights"),
        ({"matrix": [[1, 2], [3, 4]], "weights": [[1, math.inf], [0, 1]]}, "weights"),
        ({"matrix": [[1, 2], [3, 4]], "weights": [["a", "b"], ["c", "d"]]}, "weights"),
        ({"matrix": [[1, 2], [3, 4]], "alpha": 0}, "alpha"),
        ({"matrix": [[1, 2], [3, 4]], "alpha": 1.5}, "alpha"),
        ({"matrix": [[1, 2], [3, 4]], "alpha": "0.05"}, "alpha"),
    ],
)
def test_validation_errors_name_the_argument(kwargs, word):
    matrix = kwargs.pop("matrix")
    bad_option = "alpha" in kwargs or isinstance(kwargs.get("weights"), str)  # an argument, not the data
    with pytest.raises(ArgumentError if bad_option else MatrixError, match=word):
        kappa_stats(matrix, **kwargs)


DEGENERATE = {
    "one-class": [[7.0]],
    "all-zero": [[0.0, 0.0], [0.0, 0.0]],
    "all-zero-3": np.zeros((3, 3)),
    "one-cell": [[0.0, 0.0], [0.0, 9.0]],
    "one-predicted-column": [[5.0, 0.0], [3.0, 0.0]],
    "zero-row-and-column": [[4.0, 0.0, 1.0], [0.0, 0.0, 0.0], [2.0, 0.0, 3.0]],
    "perfect": [[20.0, 0.0], [0.0, 30.0]],
    "overflowing-total": [[1e308, 1e308], [1e308, 1e308]],
    "tiny": [[5e-324, 0.0], [0.0, 5e-324]],
}


@pytest.mark.parametrize("name", sorted(DEGENERATE))
@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
def test_degenerate_tables_never_warn_nor_crash(name, weights):
    table = DEGENERATE[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        stats = kappa_stats(table, weights=weights)
        str(stats)
    if weights is None:
        assert stats.kappa == kappa(table)
    for field in dataclasses.fields(KappaStats):
        value = getattr(stats, field.name)
        assert value is None or isinstance(value, (float, str, tuple, PerClassKappa)), field.name
    per_class = stats.per_class
    assert all(isinstance(v, float) for v in [*per_class.values(), per_class.macro, per_class.micro])


def test_degenerate_values_are_documented_ones():
    zero = kappa_stats([[0.0, 0.0], [0.0, 0.0]])
    assert zero.kappa == 1.0
    assert all(math.isnan(getattr(zero, f)) for f in FIELDS[1:] + ("pabak", "scott_pi", "gwet_ac1"))
    assert math.isnan(zero.observed_agreement) and math.isnan(zero.prevalence_index)
    one = kappa_stats([[7]])
    assert one.kappa == 1.0 and one.observed_agreement == 1.0 and one.expected_agreement == 1.0
    assert math.isnan(one.std_error) and math.isnan(one.pabak) and math.isnan(one.gwet_ac1)
    assert one.prevalence_index is None
    perfect = kappa_stats([[20, 0], [0, 30]])
    assert perfect.kappa == 1.0 and perfect.std_error == 0.0 and perfect.ci_low == 1.0
    assert perfect.z == perfect.kappa / perfect.std_error_h0 and 0 < perfect.p_one_sided < 1e-11


def test_prevalence_bias_identity():
    # Byrt, Bishop and Carlin (1993): kappa = (PABAK - PI**2 + BI**2) / (1 - PI**2 + BI**2).
    stats = kappa_stats([[12, 28], [18, 42]])
    pi, bi = stats.prevalence_index, stats.bias_index
    assert close(stats.kappa, (stats.pabak - pi * pi + bi * bi) / (1 - pi * pi + bi * bi))


def agrees(field: str, stats: KappaStats, expected: dict) -> bool:
    """Equal to 1e-12, NaN where statsmodels has NaN -- except a variance rounded below 0, which we clamp to 0."""
    ours, theirs = getattr(stats, field), expected[field]
    if math.isnan(theirs) and field in ("std_error", "std_error_h0", "ci_low", "ci_high"):
        variance_was_clamped = getattr(stats, "std_error" if field.startswith("ci") else field) == 0.0
        return variance_was_clamped or math.isnan(ours)
    # z is kappa / std_error_h0: kappa's absolute rounding near 0 is magnified by 1 / std_error_h0.
    absolute = ABS / stats.std_error_h0 if field == "z" and stats.std_error_h0 > 0 else ABS
    return ours == pytest.approx(theirs, rel=REL, abs=absolute, nan_ok=True)


def cancellation(table: np.ndarray, wt: str | None) -> float:
    """How much of the weighted variance's first term its subtraction cancels (term / variance), exactly.

    Fleiss-Cohen-Everitt's variance is a sum minus a square; where they nearly cancel (a class one rater never
    used: ratios of 1e3 and more) a float computation keeps only the last few digits, statsmodels' as ours, and a
    1e-12 agreement is not a property of either.
    """
    k = len(table)
    counts = [[Fraction(float(x)) for x in row] for row in table]
    n = sum(map(sum, counts))
    p = [[x / n for x in row] for row in counts]
    r = [sum(row) for row in p]
    c = [sum(p[i][j] for i in range(k)) for j in range(k)]
    if wt is None:  # simple kappa: the identity
        w = [[Fraction(int(i == j)) for j in range(k)] for i in range(k)]
    else:
        power = 1 if wt == "linear" else 2
        w = [[1 - Fraction(abs(i - j) ** power, (k - 1) ** power) for j in range(k)] for i in range(k)]
    po = sum(w[i][j] * p[i][j] for i in range(k) for j in range(k))
    pe = sum(w[i][j] * r[i] * c[j] for i in range(k) for j in range(k))
    if pe >= 1:
        return math.inf
    one_minus = 1 - (po - pe) / (1 - pe)
    w_row = [sum(c[j] * w[i][j] for j in range(k)) for i in range(k)]
    w_col = [sum(r[i] * w[i][j] for i in range(k)) for j in range(k)]
    term = sum(p[i][j] * (w[i][j] - (w_row[i] + w_col[j]) * one_minus) ** 2 for i in range(k) for j in range(k))
    variance = term - (1 - one_minus - pe * one_minus) ** 2
    return math.inf if variance == 0 else float(term / variance)


def well_conditioned(stats: KappaStats) -> bool:
    """Standard errors far from 0, where a square root does not magnify rounding noise of the variance."""
    return stats.std_error > 1e-6 and stats.std_error_h0 > 1e-6


tables = st.integers(2, 6).flatmap(
    lambda k: hnp.arrays(np.int64, (k, k), elements=st.integers(0, 60)).filter(lambda a: a.sum() > 0)
)


@settings(max_examples=150, deadline=None)
@given(tables)
def test_random_tables_against_statsmodels(table):
    table = table.astype(float)
    stats = kappa_stats(table)
    assert stats.kappa == kappa(table)
    # Variances that are 0 in exact arithmetic (one row or column class, perfect agreement) come out as
    # rounding noise, which a square root magnifies; those tables are covered by the degenerate tests.
    assume((table.sum(axis=0) > 0).sum() >= 2 and (table.sum(axis=1) > 0).sum() >= 2)
    assume(np.trace(table) < table.sum())
    assume(well_conditioned(stats))
    # Near-zero quantities lose relative accuracy; compare with a small absolute floor too.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = statsmodels_fields(table)
    conditioned = cancellation(table, None) <= 100  # else the standard errors keep only their last digits
    for field in FIELDS:
        if conditioned or field == "kappa":
            assert agrees(field, stats, expected), field
    for wt in ("linear", "quadratic"):
        weighted = kappa_stats(table, weights=wt)
        if not well_conditioned(weighted) or cancellation(table, wt) > 100:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = statsmodels_fields(table, wt=wt)
        for field in FIELDS:
            assert agrees(field, weighted, expected), (wt, field)


@settings(max_examples=150, deadline=None)
@given(
    hnp.arrays(
        np.float64, st.tuples(st.integers(1, 5)).map(lambda t: t * 2), elements=st.floats(0, 1e6, allow_subnormal=True)
    )
)
def test_any_table_no_warning_no_crash(table):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for weights in (None, "linear", "quadratic"):
            stats = kappa_stats(table, weights=weights)
            str(stats)
    assert kappa_stats(table).kappa == kappa(table)
