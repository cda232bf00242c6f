"""ConfusionMatrix accumulates exactly as WEKA's Evaluation.evaluateModelOnce(dist, instance)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.blobs import kinds
from wekaeval import ConfusionMatrix, PredictionError


def weka_evaluate(class_names, actual, distributions, weights) -> dict:
    """WEKA's Evaluation given the rows in order through ``evaluateModelOnce(dist, instance)``, inside the JVM
    (tests/oracles' EvaluationBulk.feed: one call with whole arrays, not a JPype call per row).

    ``actual`` holds class indices with NaN for a missing class.  Returns a dict of WEKA's results, or
    ``{"error": name}`` when WEKA throws.
    """
    import jpype

    from tests.oracles.evaluation_oracle import evaluation_bulk

    bulk = evaluation_bulk()
    doubles = jpype.JArray(jpype.JDouble)
    try:
        evaluation = bulk.evaluation(jpype.JArray(jpype.JString)(list(class_names)), None, None, None, False, False)
        bulk.feed(
            evaluation,
            doubles(np.asarray(actual, dtype=np.float64).reshape(-1)),
            doubles(np.asarray(distributions, dtype=np.float64).reshape(-1)),
            doubles(np.asarray(weights, dtype=np.float64).reshape(-1)),
            False,
        )
    except jpype.JException as error:
        return {"error": str(error.getClass().getSimpleName())}
    return {
        "matrix": np.array([list(row) for row in evaluation.confusionMatrix()], dtype=np.float64),
        "unclassified": float(evaluation.unclassified()),
        "missing_class": float(evaluation.missingClass()),
        "kappa": float(evaluation.kappa()),
    }


def incremental(class_names, actual, distributions, weights):
    cm = ConfusionMatrix(class_names)
    for a, d, w in zip(actual, distributions, weights, strict=False):
        cm.add(a, d, w)
    return cm


def assert_same_as_weka(cm, weka_result):
    assert np.array_equal(cm.matrix, weka_result["matrix"])
    assert cm.unclassified.hex() == weka_result["unclassified"].hex()
    assert cm.missing_class.hex() == weka_result["missing_class"].hex()
    assert cm.kappa().hex() == weka_result["kappa"].hex()


LISTED_PROBABILITIES = [0.0, -0.0, 1.0, 0.5, math.nan, -0.25, 1.0025, 1.5, -1.5]
LISTED_WEIGHTS = [0.0, 1.0, -1.0, 1e-300, 1e300]


@st.composite
def prediction_sets(draw):
    """Each array's choices in one draw (tests/blobs.py), the floats drawn one by one: a probability is any
    double in [0, 1], a listed one or any in [-3, 3], a third each; a weight any in [-5, 5] or a listed one."""
    k = draw(st.integers(1, 6))
    n = draw(st.integers(0, 40))
    actual = [c if c < k else math.nan for c in kinds(draw, 2 * k, n)]  # half a class, half missing

    def probability(kind: int) -> float:
        if kind < 9:
            return draw(st.floats(0.0, 1.0))
        return LISTED_PROBABILITIES[kind - 9] if kind < 18 else draw(st.floats(-3.0, 3.0))

    entries = [probability(kind) for kind in kinds(draw, 27, n * k)]
    distributions = [entries[i * k : (i + 1) * k] for i in range(n)]
    w = [draw(st.floats(-5.0, 5.0)) if kind < 5 else LISTED_WEIGHTS[kind - 5] for kind in kinds(draw, 10, n)]
    return [f"c{i}" for i in range(k)], actual, distributions, w


@pytest.mark.jvm
@settings(max_examples=400, deadline=None)
@given(prediction_sets())
def test_generated_predictions_match_weka(weka_jvm, case):
    class_names, actual, distributions, w = case
    theirs = weka_evaluate(class_names, actual, distributions, w)
    if "error" in theirs:  # WEKA throws (its margin histogram): both paths refuse, never guess
        assert theirs["error"] == "ArrayIndexOutOfBoundsException"
        with pytest.raises(PredictionError, match="margin"):
            incremental(class_names, actual, distributions, w)
        with pytest.raises(PredictionError, match="margin"):
            ConfusionMatrix.from_predictions(actual, distributions, weights=w, class_names=class_names)
        return
    one_by_one = incremental(class_names, actual, distributions, w)
    assert_same_as_weka(one_by_one, theirs)
    if actual:
        at_once = ConfusionMatrix.from_predictions(actual, distributions, weights=w, class_names=class_names)
        assert_same_as_weka(at_once, theirs)


@pytest.mark.jvm
def test_weka_rules_by_example(weka_jvm):
    names = ["a", "b", "c"]
    cases = [
        (0, [0.2, 0.5, 0.5], 1.0),  # tie: the lowest index wins
        (1, [math.nan, 0.1, 0.0], 2.0),  # NaN never wins
        (2, [0.0, 0.0, 0.0], 0.5),  # no positive entry: unclassified
        (2, [-0.2, -0.1, 0.0], 1.5),  # negatives never win either
        (math.nan, [0.9, 0.1, 0.0], 3.0),  # missing class
        (0, [0.3, 0.3, 0.4], -1.0),  # negative weight, accepted as is
        (1, [0.3, 0.3, 0.4], 0.0),  # zero weight
    ]
    actual, distributions, w = zip(*cases, strict=False)
    theirs = weka_evaluate(names, actual, distributions, w)
    cm = incremental(names, actual, distributions, w)
    assert_same_as_weka(cm, theirs)
    assert cm.unclassified == 2.0 and cm.missing_class == 3.0
    assert cm.matrix[0, 1] == 1.0 and cm.matrix[1, 1] == 2.0 and cm.matrix[0, 2] == -1.0


@pytest.mark.jvm
def test_infinite_probabilities_as_weka_takes_them(weka_jvm):
    """An infinity WEKA's margin cannot bin raises (WEKA throws); one it can is counted (issue 28, 7)."""
    assert weka_evaluate(["a", "b"], [0], [[math.inf, 0.0]], [1.0]) == {"error": "ArrayIndexOutOfBoundsException"}
    with pytest.raises(PredictionError, match="ArrayIndexOutOfBoundsException"):
        ConfusionMatrix(["a", "b"]).add(0, [math.inf, 0.0])
    with pytest.raises(PredictionError, match=r"distributions\[1\] = \[inf, 0.0\]") as raised:
        ConfusionMatrix.from_predictions([1, 0], [[0.5, 0.5], [math.inf, 0.0]])
    assert raised.value.instance == 1
    actual = [1, 0, 0, 1]
    rows = [[-math.inf, 0.5], [0.5, -math.inf], [math.inf, math.inf], [0.2, 0.8]]
    theirs = weka_evaluate(["a", "b"], actual, rows, [1.0] * 4)
    assert_same_as_weka(ConfusionMatrix.from_predictions(actual, rows), theirs)
    assert_same_as_weka(incremental(["a", "b"], actual, rows, [1.0] * 4), theirs)


@pytest.mark.jvm
def test_hundred_thousand_weighted_predictions_match_weka(weka_jvm):
    rng = np.random.default_rng(7)
    n, k = 100_000, 4
    actual = rng.integers(0, k, n).astype(np.float64)
    actual[rng.random(n) < 0.02] = np.nan
    distributions = rng.dirichlet(np.ones(k), n)
    distributions[rng.random(n) < 0.01] = 0.0
    w = rng.uniform(0, 3, n)
    theirs = weka_evaluate([f"c{i}" for i in range(k)], actual, distributions.tolist(), w)
    assert_same_as_weka(ConfusionMatrix.from_predictions(actual, distributions, weights=w), theirs)


def test_vectorized_equals_incremental_over_two_million_weighted_predictions():
    rng = np.random.default_rng(11)
    n, k = 2_000_000, 5
    actual = rng.integers(0, k, n)
    predicted = np.where(rng.random(n) < 0.7, actual, rng.integers(0, k, n))
    w = rng.uniform(0.001, 1000.0, n) * rng.choice([1.0, -1.0, 1e-9, 1e9], n)
    names = [f"c{i}" for i in range(k)]
    at_once = ConfusionMatrix.from_predictions(actual, predicted=predicted, weights=w, class_names=names)
    one_hot = np.eye(k).tolist()
    one_by_one = ConfusionMatrix(names)
    for a, p, weight in zip(actual.tolist(), predicted.tolist(), w.tolist(), strict=False):
        one_by_one.add(a, one_hot[p], weight)
    assert one_by_one == at_once
    assert one_by_one.kappa().hex() == at_once.kappa().hex()
    # and the order matters: numpy's pairwise sum of the same weights is a different double
    cell = (actual == 0) & (predicted == 0)
    assert np.add.accumulate(w[cell])[-1] == at_once.matrix[0, 0]


def test_merge_adds_like_aggregateable_evaluation():
    names = ["x", "y"]
    a = ConfusionMatrix.from_predictions(
        [0, 1, 1], predicted=[0, 1, np.nan], weights=[0.1, 0.2, 0.3], class_names=names
    )
    b = ConfusionMatrix.from_predictions([0, np.nan], predicted=[1, 0], weights=[0.7, 0.4], class_names=names)
    merged = a + b
    assert np.array_equal(merged.matrix, a.matrix + b.matrix)
    assert merged.unclassified == 0.3 and merged.missing_class == 0.4
    with pytest.raises(PredictionError, match="different classes"):
        a + ConfusionMatrix(["x", "z"])


def test_labels_indices_and_floats_code_alike():
    names = ["no", "yes"]
    by_label = ConfusionMatrix.from_predictions(["no", "yes", None], predicted=["yes", "yes", "no"], class_names=names)
    by_index = ConfusionMatrix.from_predictions([0.0, 1.0, np.nan], predicted=[1, 1, 0], class_names=names)
    assert by_label == by_index and by_label.missing_class == 1.0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: ConfusionMatrix([]), "empty"),
        (lambda: ConfusionMatrix(["a", "a"]), "appears twice"),
        (lambda: ConfusionMatrix("ab"), "not one string"),
        (lambda: ConfusionMatrix(["a", "b"]).add("c", [1, 0]), "'c' is not one of"),
        (lambda: ConfusionMatrix(["a", "b"]).add(2, [1, 0]), "out of range"),
        (lambda: ConfusionMatrix(["a", "b"]).add(0.5, [1, 0]), "whole number"),
        (lambda: ConfusionMatrix(["a", "b"]).add(0, [1, 0, 0]), "3 entries for 2 classes"),
        (lambda: ConfusionMatrix(["a", "b"]).add(0, [1, 0], math.nan), "finite"),
        (lambda: ConfusionMatrix.from_predictions([0, 1]), "exactly one of"),
        (lambda: ConfusionMatrix.from_predictions([0, 1], predicted=[0, 1]), "class_names is required"),
        (lambda: ConfusionMatrix.from_predictions([0, 5], predicted=[0, 1], class_names="ab"), "not one string"),
        (
            lambda: ConfusionMatrix.from_predictions([0, 5], predicted=[0, 1], class_names=["a", "b"]),
            r"actual\[1\] = 5",
        ),
        (
            lambda: ConfusionMatrix.from_predictions([0, -1], predicted=[0, 1], class_names=["a", "b"]),
            r"actual\[1\] = -1",
        ),
        (
            lambda: ConfusionMatrix.from_predictions([0, 1], predicted=[0], class_names=["a", "b"]),
            "1 entries, actual has 2",
        ),
        (lambda: ConfusionMatrix.from_predictions([0, 1], [[1, 0]]), r"shape \(2, 2\)"),
        (lambda: ConfusionMatrix.from_predictions([0], [[1, 0]], weights=[np.inf]), r"weights\[0\] is inf"),
        (lambda: ConfusionMatrix.from_predictions([0], [[1, 0]], weights=[1, 2]), r"shape \(1,\)"),
        (lambda: ConfusionMatrix.from_predictions([0], [[2.5, 0]]), "margin"),
    ],
)
def test_misuse_raises_a_clear_prediction_error(call, message):
    with pytest.raises(PredictionError, match=message):
        call()


def test_matrix_is_read_only():
    cm = ConfusionMatrix(["a"])
    with pytest.raises(ValueError):
        cm.matrix[0, 0] = 3.0


def test_weights_are_checked_in_every_chunk_and_overflow_is_not_an_error():
    n = 400_000  # several accumulation chunks
    actual = np.zeros(n, dtype=np.int64)
    w = np.ones(n)
    w[300_001] = np.nan
    with pytest.raises(PredictionError, match=r"weights\[300001\] is nan"):
        ConfusionMatrix.from_predictions(actual, predicted=actual, weights=w, class_names=["a"])
    huge = np.full(n, 1e308)  # finite weights whose sum overflows, as it does in WEKA
    cm = ConfusionMatrix.from_predictions(actual, predicted=actual, weights=huge, class_names=["a"])
    assert cm.matrix[0, 0] == math.inf
    bad_index = np.zeros(n, dtype=np.int64)
    bad_index[350_000] = -1
    with pytest.raises(PredictionError, match=r"predicted\[350000\] = -1"):
        ConfusionMatrix.from_predictions(actual, predicted=bad_index, class_names=["a"])
