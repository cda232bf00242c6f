"""wekaeval.kappa returns the very double WEKA's Evaluation.kappa() returns."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from wekaeval import MatrixError, kappa

LITERATURE = {
    # Cats and dogs, 30 instances: the kappa literature's (and Wikipedia's) worked example, kappa 0.2.
    "cats-and-dogs": [[10, 7], [5, 8]],
    # Cohen's 1960 paper style 3x3 table and a perfectly agreeing one.
    "three-raters": [[88, 14, 18], [10, 40, 10], [2, 6, 12]],
    "perfect": [[20, 0], [0, 30]],
    "worse-than-chance": [[0, 10], [10, 0]],
}

DEGENERATE = {
    "one-class": [[7.0]],
    "all-zero": [[0.0, 0.0], [0.0, 0.0]],
    "all-unclassified-3": np.zeros((3, 3)),
    "one-predicted-column": [[5.0, 0.0], [3.0, 0.0]],
    "zero-total-mixed-signs": [[1.0, 0.0], [0.0, -1.0]],
    "negative-chance": [[0.0, 1.0], [-1.0, 0.0]],
    "overflowing-total": [[1e308, 1e308], [1e308, 1e308]],
    "negative-zeros": [[-0.0, 0.0], [0.0, -0.0]],
    "tiny": [[5e-324, 0.0], [0.0, 5e-324]],
}


def test_cats_and_dogs_is_point_two():
    assert round(kappa(LITERATURE["cats-and-dogs"]), 10) == 0.2


@pytest.mark.jvm
@pytest.mark.parametrize("name", sorted(LITERATURE) + sorted(DEGENERATE))
def test_worked_and_degenerate_examples_match_weka(weka, name):
    matrix = LITERATURE.get(name, DEGENERATE.get(name))
    assert kappa(matrix).hex() == weka.kappa_of_matrix(matrix).hex()


def test_degenerate_rules():
    assert kappa(DEGENERATE["all-zero"]) == 1.0  # 0/0 chance agreement is NaN; NaN < 1 is false
    assert kappa(DEGENERATE["one-class"]) == 1.0
    assert kappa(LITERATURE["perfect"]) == 1.0


def random_matrix(rng, k, kind):
    if kind == "counts":
        return rng.integers(0, 50, size=(k, k)).astype(np.float64)
    if kind == "fractional":
        return rng.uniform(0, 10, size=(k, k)) * (rng.random((k, k)) < 0.7)
    if kind == "signed":
        return rng.normal(0, 5, size=(k, k))
    if kind == "huge-range":
        return rng.uniform(0, 1, size=(k, k)) * 10.0 ** rng.integers(-8, 8, size=(k, k))
    raise ValueError(kind)


@pytest.mark.jvm
@pytest.mark.parametrize("kind", ["counts", "fractional", "signed", "huge-range"])
def test_random_matrices_of_1_to_40_classes_match_weka(weka, kind):
    rng = np.random.default_rng(sum(map(ord, kind)))
    for k in range(1, 41):
        for _ in range(5):
            matrix = random_matrix(rng, k, kind)
            assert kappa(matrix).hex() == weka.kappa_of_matrix(matrix).hex(), (k, matrix.tolist())


finite_doubles = st.floats(allow_nan=False, allow_infinity=False, width=64)
matrices = st.integers(1, 8).flatmap(
    lambda k: hnp.arrays(np.float64, (k, k), elements=st.one_of(finite_doubles, st.sampled_from([0.0, -0.0, 1.0, 0.5])))
)


@pytest.mark.jvm
@settings(max_examples=300, deadline=None)
@given(matrices)
def test_generated_matrices_match_weka(weka, matrix):
    assert kappa(matrix).hex() == weka.kappa_of_matrix(matrix).hex()


def test_accepts_lists_and_arrays_alike():
    assert kappa([[1, 2], [3, 4]]) == kappa(np.array([[1.0, 2.0], [3.0, 4.0]]))


@pytest.mark.parametrize(
    ("matrix", "message"),
    [
        ([], "empty"),
        ([[]], "empty"),
        ([[1, 2, 3], [4, 5, 6]], "not square: 2 rows x 3 columns"),
        ([1, 2], "2-D"),
        ([[1, 2], [3]], "not rectangular"),
        ([[1, float("nan")], [0, 1]], r"non-finite value \(nan\) at row 0, column 1"),
        ([[1, 0], [float("inf"), 1]], r"non-finite value \(inf\) at row 1, column 0"),
        ([["a", "b"], ["c", "d"]], "numbers"),
    ],
)
def test_bad_matrices_say_what_is_wrong(matrix, message):
    with pytest.raises(MatrixError, match=message):
        kappa(matrix)
    assert issubclass(MatrixError, ValueError)
