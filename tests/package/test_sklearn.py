"""wekaeval.sklearn: WEKA's kappa with scikit-learn's signature, as a scorer, against WEKA's own Evaluation."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wekaeval import PredictionError

sklearn = pytest.importorskip("sklearn")
from sklearn.datasets import load_iris  # noqa: E402
from sklearn.metrics import cohen_kappa_score  # noqa: E402
from sklearn.model_selection import GridSearchCV, cross_val_score  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

from wekaeval.sklearn import weka_kappa_score, weka_kappa_scorer  # noqa: E402

labelled = st.integers(1, 4).flatmap(
    lambda k: st.lists(
        st.tuples(st.integers(0, k - 1), st.integers(0, k - 1), st.sampled_from([1.0, 0.5, 2.25, 0.1, 3.0, 0.0])),
        min_size=1,
        max_size=60,
    )
)


@pytest.mark.jvm
@settings(max_examples=150, deadline=None)
@given(labelled)
def test_the_score_is_wekas_kappa(weka, rows):
    actual = [a for a, _, _ in rows]
    predicted = [p for _, p, _ in rows]
    weights = [w for _, _, w in rows]
    classes = sorted(set(actual) | set(predicted))
    names = [f"c{c}" for c in classes]
    one_hot = [[1.0 if c == p else 0.0 for c in classes] for p in predicted]
    expected = weka.evaluate(names, [classes.index(a) for a in actual], one_hot, weights)["kappa"]
    assert weka_kappa_score(actual, predicted, sample_weight=weights).hex() == expected.hex()
    # Labels of any type, in the class attribute's order (WEKA sums class by class: the order is in the bits).
    assert (
        weka_kappa_score(
            [f"x{a}" for a in actual],
            [f"x{p}" for p in predicted],
            sample_weight=weights,
            labels=[f"x{c}" for c in classes],
        ).hex()
        == expected.hex()
    )


def test_where_scikit_learn_differs():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert np.isnan(cohen_kappa_score(["a", "a"], ["a", "a"]))
    assert weka_kappa_score(["a", "a"], ["a", "a"]) == 1.0  # WEKA's rule for a chance agreement of 1
    actual, predicted = [0, 1, 1, 1, 0, 0], [0, 1, 1, 1, 1, 0]
    weights = [1.0, 1.3, 2.5, 1.3, 1.7, 0.2]
    assert cohen_kappa_score(actual, predicted, sample_weight=weights) == 0.4736842105263157
    assert weka_kappa_score(actual, predicted, sample_weight=weights) == 0.4736842105263158


def test_scorer_in_grid_search_and_cross_validation():
    X, y = load_iris(return_X_y=True)
    search = GridSearchCV(
        DecisionTreeClassifier(random_state=0), {"max_depth": [1, 2, 3]}, scoring=weka_kappa_scorer, cv=3
    ).fit(X, y)
    assert search.best_params_ == {"max_depth": 3} and 0.9 < search.best_score_ <= 1.0
    scores = cross_val_score(DecisionTreeClassifier(random_state=0), X, y, scoring=weka_kappa_scorer, cv=3)
    kappas = cross_val_score(DecisionTreeClassifier(random_state=0), X, y, scoring="accuracy", cv=3)
    assert len(scores) == 3 and all(0.8 < s <= 1 for s in scores) and list(scores) != list(kappas)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"y_true": [0, 1], "y_pred": [0]}, "of one length"),
        ({"y_true": [0, 2], "y_pred": [0, 1], "labels": [0, 1]}, "y_true holds 2"),
        ({"y_true": [0, 1], "y_pred": [0, 1], "labels": [0, 0, 1]}, "each class once"),
        ({"y_true": [0, 1], "y_pred": [0, 1], "sample_weight": [1.0, float("nan")]}, "weight"),
    ],
)
def test_bad_inputs_name_the_argument(kwargs, message):
    with pytest.raises(PredictionError, match=message):
        weka_kappa_score(**kwargs)
