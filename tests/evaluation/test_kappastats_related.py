"""kappa_stats beyond Cohen's kappa: Scott's pi and Gwet's AC1/AC2 against irrCAC, one-vs-rest kappa per class
against scikit-learn, the Landis-Koch and Fleiss labels, WEKA's normal quantile, and the JSON form."""

from __future__ import annotations

import json
import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from wekaeval import ConfusionMatrix, Evaluation, EvaluationError, MatrixError, kappa, kappa_stats
from wekaeval.evaluation import fleiss_label, landis_koch_label

irrcac_table = pytest.importorskip("irrCAC.table")
pandas = pytest.importorskip("pandas")
sklearn_metrics = pytest.importorskip("sklearn.metrics")


def close(a: float, b: float, rel: float = 1e-12, abs_: float = 1e-14) -> bool:
    return a == pytest.approx(b, rel=rel, abs=abs_)


def irrcac(table, weights="identity") -> dict:
    """irrCAC's Scott's pi and Gwet's AC1/AC2 with their standard errors, unrounded (digits=20)."""
    frame = pandas.DataFrame(np.asarray(table, dtype=float))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gwet = irrcac_table.CAC(frame, weights=weights, digits=20).gwet()["est"]
        scott = irrcac_table.CAC(frame, weights=weights, digits=20).scott()["est"]
    return {
        "gwet_ac1": float(gwet["coefficient_value"]),
        "gwet_ac1_std_error": float(np.ravel(gwet["se"])[0]),
        "scott_pi": float(scott["coefficient_value"]),
        "scott_pi_std_error": float(np.ravel(scott["se"])[0]),
    }


def test_gwets_published_example():
    # irrCAC's documented 3 x 3 abstractors table: AC1 0.84933 (SE 0.04322), AC2 quadratic 0.94024 (SE 0.01792).
    table = [[13, 0, 0], [0, 20, 7], [0, 4, 56]]
    stats = kappa_stats(table)
    assert round(stats.gwet_ac1, 5) == 0.84933 and round(stats.gwet_ac1_std_error, 5) == 0.04322
    quadratic = kappa_stats(table, weights="quadratic")
    assert round(quadratic.gwet_ac1, 5) == 0.94024 and round(quadratic.gwet_ac1_std_error, 5) == 0.01792
    assert "Gwet's AC2" in str(quadratic)


tables = st.integers(2, 6).flatmap(
    lambda k: hnp.arrays(np.int64, (k, k), elements=st.integers(0, 60)).filter(lambda a: a.sum() > 0)
)


def cancellation(table, weights, coefficient: str) -> float:
    """How much of the variance's first term its subtraction cancels (term / variance), in exact arithmetic.

    Where the two nearly cancel (a near-empty table: ratios of 1e3 and more) a float computation keeps only
    the last digits, irrCAC's as ours, and a 1e-12 agreement is a property of neither.
    """
    k = len(table)
    if weights is None:
        w = [[Fraction(int(i == j)) for j in range(k)] for i in range(k)]
    else:
        span = k - 1
        w = [
            [
                1 - Fraction(abs(i - j), span) if weights == "linear" else 1 - Fraction((i - j) ** 2, span * span)
                for j in range(k)
            ]
            for i in range(k)
        ]
    n = sum(Fraction(int(x)) for row in table for x in row)
    p = [[Fraction(int(x)) / n for x in row] for row in table]
    pooled = [(sum(p[i]) + sum(p[j][i] for j in range(k))) / 2 for i in range(k)]
    cells = [(i, j) for i in range(k) for j in range(k)]
    po = sum(w[i][j] * p[i][j] for i, j in cells)
    if coefficient == "scott":
        pe = sum(w[i][j] * pooled[i] * pooled[j] for i, j in cells)
    else:
        scale = sum(w[i][j] for i, j in cells) / (k * (k - 1))
        pe = scale * sum(q * (1 - q) for q in pooled)
    if pe >= 1:
        return math.inf
    one_minus = 1 - (po - pe) / (1 - pe)
    if coefficient == "scott":
        w_row = [sum(w[i][j] * pooled[j] for j in range(k)) for i in range(k)]
        w_col = [sum(w[i][j] * pooled[i] for i in range(k)) for j in range(k)]
        term = sum(p[i][j] * (w[i][j] - one_minus * (w_row[i] + w_col[j])) ** 2 for i, j in cells)
    else:
        term = sum(
            p[i][j] * (w[i][j] - 2 * one_minus * scale * (1 - (pooled[i] + pooled[j]) / 2)) ** 2 for i, j in cells
        )
    variance = term - (po - 2 * one_minus * pe) ** 2
    return math.inf if variance == 0 else float(term / variance)


@settings(max_examples=150, deadline=None)
@given(tables, st.sampled_from([None, "linear", "quadratic"]))
def test_scott_and_gwet_against_irrcac(table, weights):
    table = table.astype(float)
    stats = kappa_stats(table, weights=weights)
    expected = irrcac(table, "identity" if weights is None else weights)
    for field, value in expected.items():
        ours = getattr(stats, field)
        if math.isnan(value):
            # irrCAC's NaN: 0/0 where the chance agreement is 1 (ours is NaN too), or the square root of a
            # variance rounded below 0 (ours is clamped to 0).
            assert math.isnan(ours) or ours == 0.0, field
            continue
        if field.endswith("std_error") and cancellation(table, weights, field.split("_")[0]) > 100:
            continue
        assert close(ours, value), (field, ours, value)


def test_scott_and_gwet_degenerate():
    zero = kappa_stats([[0, 0], [0, 0]])
    assert all(math.isnan(v) for v in (zero.scott_pi, zero.scott_pi_std_error, zero.gwet_ac1, zero.gwet_ac1_std_error))
    one = kappa_stats([[5]])
    assert math.isnan(one.gwet_ac1) and math.isnan(one.scott_pi)
    one_cell = kappa_stats([[9, 0], [0, 0]])
    assert math.isnan(one_cell.scott_pi) and one_cell.gwet_ac1 == 1.0 and one_cell.gwet_ac1_std_error == 0.0


label_lists = st.integers(2, 5).flatmap(
    lambda k: st.lists(st.tuples(st.integers(0, k - 1), st.integers(0, k - 1)), min_size=1, max_size=80).map(
        lambda pairs: (k, pairs)
    )
)


@settings(max_examples=150, deadline=None)
@given(label_lists)
def test_per_class_is_one_vs_rest_kappa(case):
    k, pairs = case
    actual = np.array([a for a, _ in pairs])
    predicted = np.array([p for _, p in pairs])
    table = np.zeros((k, k))
    np.add.at(table, (actual, predicted), 1.0)
    names = [f"class{i}" for i in range(k)]
    per_class = kappa_stats(table, class_names=names).per_class
    assert list(per_class) == names and len(per_class) == k
    for i, name in enumerate(names):
        a, p = actual == i, predicted == i
        one_vs_rest = [[np.sum(a & p), np.sum(a & ~p)], [np.sum(~a & p), np.sum(~a & ~p)]]
        assert per_class[name] == kappa(one_vs_rest)
        if len(set(a)) + len(set(p)) > 2:  # scikit-learn's kappa is NaN (with a warning) where WEKA's is 1
            assert close(per_class[name], sklearn_metrics.cohen_kappa_score(a, p))
    assert close(per_class.macro, sum(per_class.values()) / k)
    support = table.sum(axis=1)
    assert per_class.support == tuple(support)
    assert close(per_class.weighted, float(np.dot(support, per_class.kappas) / support.sum()))
    pooled = np.zeros((2, 2))
    for i in range(k):
        a, p = actual == i, predicted == i
        pooled += [[np.sum(a & p), np.sum(a & ~p)], [np.sum(~a & p), np.sum(~a & ~p)]]
    assert close(per_class.micro, kappa(pooled))


def test_per_class_names_and_lookup():
    stats = kappa_stats([[5, 1], [2, 4]], class_names=["spam", "ham"])
    assert dict(stats.per_class) == {"spam": stats.per_class["spam"], "ham": stats.per_class["ham"]}
    # With two classes each one-vs-rest table is the matrix itself or its mirror: the same kappa.
    assert stats.per_class["spam"] == stats.per_class["ham"] == stats.kappa
    assert kappa_stats([[1, 0], [0, 1]]).per_class.class_names == ("0", "1")
    with pytest.raises(KeyError):
        stats.per_class["eggs"]
    zero = kappa_stats([[0, 0], [0, 0]]).per_class
    assert zero.kappas == (1.0, 1.0) and zero.macro == 1.0 and math.isnan(zero.weighted)


@pytest.mark.parametrize(
    "class_names, message",
    [("ab", "sequence of 2 names"), (["a"], "matrix's 2 classes, got 1"), (["a", "a"], "distinct")],
)
def test_class_names_are_checked(class_names, message):
    with pytest.raises(MatrixError, match=message):
        kappa_stats([[1, 2], [3, 4]], class_names=class_names)


@pytest.mark.parametrize(
    "value, landis_koch, fleiss",
    [
        (-0.5, "Poor", "Poor"),
        (-0.004, "Slight", "Poor"),
        (0.0, "Slight", "Poor"),
        (0.2, "Slight", "Poor"),
        (0.204, "Slight", "Poor"),
        (0.21, "Fair", "Poor"),
        (0.3999999999999999, "Fair", "Fair to good"),
        (0.41, "Moderate", "Fair to good"),
        (0.6, "Moderate", "Fair to good"),
        (0.61, "Substantial", "Fair to good"),
        (0.75, "Substantial", "Fair to good"),
        (0.76, "Substantial", "Excellent"),
        (0.8, "Substantial", "Excellent"),
        (0.81, "Almost perfect", "Excellent"),
        (1.0, "Almost perfect", "Excellent"),
        (math.nan, None, None),
    ],
)
def test_labels(value, landis_koch, fleiss):
    assert landis_koch_label(value) == landis_koch
    assert fleiss_label(value) == fleiss


def test_labels_follow_the_kappa():
    stats = kappa_stats([[20, 5], [10, 15]])  # kappa 2/5, computed as 0.3999999999999999
    assert (stats.landis_koch, stats.fleiss) == ("Fair", "Fair to good")
    assert kappa_stats([[0, 0], [0, 0]]).landis_koch == "Almost perfect"  # WEKA's 1.0


def test_interval_uses_wekas_normal_quantile():
    # WEKA's Statistics.normalInverse(0.975) is 1.959963984540054 (Python's NormalDist says ...0536).
    stats = kappa_stats([[10, 7], [5, 8]])
    assert stats.ci_high == stats.kappa + 1.959963984540054 * stats.std_error
    assert stats.ci_low == stats.kappa - 1.959963984540054 * stats.std_error


def test_to_dict_is_json():
    stats = kappa_stats([[10, 7], [5, 8]], class_names=["cat", "dog"], weights="linear")
    data = json.loads(json.dumps(stats.to_dict()))
    assert data["kappa"] == stats.kappa and data["kind"] == "linear"
    assert data["landis_koch"] == "Slight" and data["per_class"]["kappa"]["dog"] == stats.per_class["dog"]
    assert data["per_class"]["support"] == {"cat": 17.0, "dog": 13.0}
    assert data["weights"] == [[1.0, 0.0], [0.0, 1.0]]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 4).flatmap(
        lambda k: st.tuples(
            st.just(k),
            st.lists(
                st.tuples(st.integers(0, k - 1), st.lists(st.floats(0, 1), min_size=k, max_size=k), st.floats(0, 5)),
                min_size=1,
                max_size=40,
            ),
        )
    )
)
def test_from_predictions_the_kappa_is_wekas(case):
    k, rows = case
    names = [f"c{i}" for i in range(k)]
    actual = [a for a, _, _ in rows]
    distributions = [d for _, d, _ in rows]
    weights = [w for _, _, w in rows]
    matrix = ConfusionMatrix.from_predictions(actual, distributions, weights=weights, class_names=names)
    evaluation = Evaluation(names)
    evaluation.evaluate_batch(distributions, actual, weights)
    for stats, expected in ((matrix.kappa_stats(), matrix.kappa()), (evaluation.kappa_stats(), evaluation.kappa)):
        assert stats.kappa == expected
        assert stats.per_class.class_names == tuple(names)
    # repr: every field, each float exactly (and NaN equal to NaN).
    assert repr(matrix.kappa_stats(weights="linear")) == repr(
        kappa_stats(matrix.matrix, weights="linear", class_names=names)
    )
    assert repr(evaluation.kappa_stats(alpha=0.2)) == repr(
        kappa_stats(evaluation.confusion_matrix, alpha=0.2, class_names=names)
    )


def test_numeric_evaluation_has_no_kappa_stats():
    evaluation = Evaluation(None)
    with pytest.raises(EvaluationError, match="nominal class only"):
        evaluation.kappa_stats()


def test_bookkeeping_fields():
    stats = kappa_stats([[1.5, 2.0], [0.25, 4.0]], weights=[[1, 0.5], [0.5, 1]], alpha=0.1)
    assert stats.n == 7.75 and stats.alpha == 0.1 and stats.kind == "custom"
    assert stats.weights == ((1.0, 0.5), (0.5, 1.0))
    assert kappa_stats([[1, 0], [0, 1]]).weights == ((1.0, 0.0), (0.0, 1.0))
    assert kappa_stats([[1, 0, 0], [0, 1, 0], [0, 0, 1]], weights="linear").weights[0] == (1.0, 0.5, 0.0)
