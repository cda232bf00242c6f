"""The Evaluation oracle (tests/oracles/evaluation_oracle.py) against known WEKA facts, before anything trusts it.

* WEKA's own EvaluationTest (weka/src/test/java/weka/classifiers/evaluation/EvaluationTest.java), redone
  in the JVM exactly as it runs -- its six instances read from ARFF text, ``new Evaluation(data)``, each
  row to ``evaluateModelOnceAndRecordPrediction`` -- gives the oracle's texts and a few numbers worked out
  by hand.
* The per-row JPype path of conftest's ``WekaOracle`` and its ``kappa_of_matrix`` give the same matrix,
  weights and kappa as the oracle's Java loop.
* python-weka-wrapper3's own Evaluation, wrapped around a WEKA Evaluation fed the same rows, answers every
  field name with the oracle's number.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from tests.oracles.evaluation_oracle import PER_CLASS, SCALARS, TEXTS, evaluation_bulk, weka_evaluation

pytestmark = pytest.mark.jvm

# EvaluationTest's six instances: the class of each (T, T, T, F, F, F) and the distributions it feeds.
CLASSES = ["T", "F"]
ACTUAL = [0, 0, 0, 1, 1, 1]
DISTRIBUTIONS: list[list[float]] = [
    [0.231, 0.769],
    [1, 0],
    [0.956, 0.044],
    [0.013, 0.987],
    [0.484, 0.516],
    [0.068, 0.932],
]
ARFF = """@relation test
@attribute one numeric
@attribute two numeric
@attribute class {T, F}
@data
6.5,3.0,T
6.2,3.4,T
5.9,3.0,T
7.0,3.2,F
6.4,3.2,F
6.9,3.1,F
"""


def _same(a: float, b: float) -> bool:
    """Bit-identical doubles (NaN equal to NaN)."""
    return float(a).hex() == float(b).hex() or (math.isnan(a) and math.isnan(b))


def _same_arrays(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and all(_same(x, y) for x, y in zip(a.ravel().tolist(), b.ravel().tolist(), strict=False))


def _random_predictions(n: int, k: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rounded probabilities (ties), fractional weights, some missing classes and all-zero rows."""
    rng = np.random.default_rng(seed)
    distributions = np.round(rng.dirichlet(np.ones(k), n), 1)
    distributions[rng.random(n) < 0.05] = 0.0
    actual = rng.integers(0, k, n).astype(np.float64)
    actual[rng.random(n) < 0.05] = np.nan
    weights = np.round(rng.uniform(0.0, 3.0, n), 2)
    return actual, distributions, weights


@pytest.fixture(scope="module")
def evaluation_test(weka_jvm) -> tuple[str, object]:
    """EvaluationTest's regression text, redone as the test does, and the oracle's answer for the same rows."""
    import jpype

    data = jpype.JClass("weka.core.Instances")(jpype.JClass("java.io.StringReader")(ARFF))
    data.setClassIndex(data.numAttributes() - 1)
    evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")(data)
    for i in range(data.numInstances()):
        evaluation.evaluateModelOnceAndRecordPrediction(jpype.JArray(jpype.JDouble)(DISTRIBUTIONS[i]), data.instance(i))
    # weka.test.Regression.println adds a line end to each text it is given
    text = f"{evaluation.toSummaryString()}\n{evaluation.toClassDetailsString()}\n"
    # new Evaluation(data): the priors count the six instances themselves
    return text, weka_evaluation(CLASSES, ACTUAL, DISTRIBUTIONS, train_actual=ACTUAL)


def test_evaluation_test_text(evaluation_test):
    text, weka = evaluation_test
    assert weka.error is None
    assert f"{weka.summary}\n{weka.class_details}\n" == text
    assert "Kappa statistic                          0.6667\n" in weka.summary
    assert "Relative absolute error                 45.9333 %\n" in weka.summary
    # WEKA's reference file for this test still has the coverage and region-size lines; 3.9.7 no longer
    # prints them by default (they are left out of the metrics to display)
    assert "Coverage of cases" not in weka.summary and "region size" not in weka.summary


def test_evaluation_test_numbers(evaluation_test, weka):
    _, ours = evaluation_test
    assert ours.confusion_matrix.tolist() == [[2.0, 1.0], [0.0, 3.0]]
    assert ours.class_priors.tolist() == [4.0, 4.0]  # 1 + three instances each
    assert (ours.correct, ours.incorrect, ours.unclassified, ours.num_instances) == (5.0, 1.0, 0.0, 6.0)
    assert _same(ours.kappa, weka.kappa_of_matrix(ours.confusion_matrix))
    assert ours.kappa == pytest.approx(2 / 3, rel=1e-15)
    # MAE: per row sum |p - a| / 2, i.e. (0.769 + 0 + 0.044 + 0.013 + 0.484 + 0.068) / 6; the priors' is 1/2
    assert ours.mean_absolute_error == pytest.approx(1.378 / 6, rel=1e-15)
    assert ours.mean_prior_absolute_error == 0.5
    assert ours.relative_absolute_error == pytest.approx(100 * 1.378 / 6 / 0.5, rel=1e-15)
    assert ours.precision.tolist() == [1.0, 0.75]
    assert ours.recall.tolist() == [pytest.approx(2 / 3, rel=1e-15), 1.0]
    assert ours.area_under_roc.tolist() == [pytest.approx(8 / 9, rel=1e-15)] * 2
    assert ours.sf_prior_entropy == 6.0  # log2(1/2) bits for each of six instances
    assert ours.coverage_of_test_cases_by_predicted_regions == 100.0
    assert ours.size_of_predicted_regions == 75.0


def test_cost_matrix(weka_jvm):
    cost = "% Rows\tColumns\n2\t2\n% Matrix elements\n0.0\t3.0\n7.0\t0.0\n"
    # the one T taken for F costs 3; the unclassified F row (all zeros) costs its row's maximum, 7
    weka = weka_evaluation(CLASSES, [*ACTUAL, 1], [*DISTRIBUTIONS, [0, 0]], cost_matrix=cost)
    assert (weka.total_cost, weka.avg_cost, weka.unclassified) == (10.0, 10 / 7, 1.0)
    assert "Total Cost                              10" in weka.summary
    free = weka_evaluation(CLASSES, ACTUAL, DISTRIBUTIONS)
    assert (free.total_cost, free.avg_cost) == (0.0, 0.0) and "Total Cost" not in free.summary  # no cost matrix


def test_matches_the_per_row_oracle(weka):
    """The Java loop feeds WEKA as conftest's WekaOracle does, one JPype call per row."""
    for n, k, seed in [(1, 2, 0), (40, 3, 1), (300, 5, 2)]:
        actual, distributions, weights = _random_predictions(n, k, seed)
        names = [f"c{i}" for i in range(k)]
        per_row = weka.evaluate(names, actual, distributions, weights)
        bulk = weka_evaluation(names, actual, distributions, weights, record=False)
        assert _same_arrays(bulk.confusion_matrix, per_row["matrix"])
        assert [bulk.unclassified, bulk.missing_class] == [per_row["unclassified"], per_row["missing_class"]]
        assert _same(bulk.kappa, per_row["kappa"])
        assert _same(bulk.kappa, weka.kappa_of_matrix(bulk.confusion_matrix))


def test_names_are_python_weka_wrapper3s(weka_jvm):
    """pww3's Evaluation around a WEKA Evaluation fed the same rows gives every field's number and text."""
    import jpype
    import weka.classifiers
    from weka.core.classes import JavaObject

    actual, distributions, weights = _random_predictions(200, 4, 3)
    names = ["a", "b", "c", "d"]
    train = np.array([0, 1, 1, 2, np.nan, 3, 3, 3])
    ours = weka_evaluation(names, actual, distributions, weights, train_actual=train, train_weights=train + 0.5)
    JD = jpype.JArray(jpype.JDouble)
    java = evaluation_bulk().evaluation(
        jpype.JArray(jpype.JString)(names), JD(train), JD(train + 0.5), None, False, False
    )
    evaluation_bulk().feed(java, JD(actual), JD(distributions.ravel()), JD(weights), True)
    theirs = weka.classifiers.Evaluation.__new__(weka.classifiers.Evaluation)
    JavaObject.__init__(theirs, java)
    broken = []
    absent = [name for name in SCALARS if not hasattr(weka.classifiers.Evaluation, name)]
    assert absent == ["missing_class", "num_classified"]  # WEKA's missingClass(), numClassified()
    for name in SCALARS:
        if name in absent:
            continue
        try:
            value = float(getattr(theirs, name))
        except AttributeError:
            broken.append(name)
            continue
        assert _same(getattr(ours, name), value), name
    # pww3 0.3's sf_scheme_entropy calls SFchemeEntropy(), which WEKA does not have
    assert broken == ["sf_scheme_entropy"]
    for name in PER_CLASS:
        values = np.array([float(getattr(theirs, name)(i)) for i in range(len(names))])
        assert _same_arrays(getattr(ours, name), values), name
    assert _same_arrays(ours.class_priors, np.asarray(theirs.class_priors, dtype=np.float64))
    assert _same_arrays(ours.confusion_matrix, np.asarray(theirs.confusion_matrix, dtype=np.float64))
    assert ours.class_priors.tolist() == [1.5, 1 + 1.5 + 1.5, 3.5, 1 + 3 * 3.5]  # the NaN class is skipped
    assert ours.summary == str(theirs.summary())
    assert ours.summary_complexity == str(theirs.summary("=== Summary ===\n", True))
    assert ours.class_details == str(theirs.class_details())
    assert ours.matrix == str(theirs.matrix())
    assert ours.margins == str(theirs.cumulative_margin_distribution())


def test_switches(weka_jvm):
    actual, distributions, weights = _random_predictions(100, 3, 4)
    names = ["x", "y", "z"]
    recorded = weka_evaluation(names, actual, distributions, weights)
    assert not np.isnan(recorded.area_under_roc).any()
    for unrecorded in (
        weka_evaluation(names, actual, distributions, weights, record=False),
        weka_evaluation(names, actual, distributions, weights, discard_predictions=True),
    ):
        assert np.isnan(unrecorded.area_under_roc).all() and np.isnan(unrecorded.area_under_prc).all()
        assert math.isnan(unrecorded.weighted_area_under_roc)
        assert _same(unrecorded.kappa, recorded.kappa) and unrecorded.matrix == recorded.matrix
    no_priors = weka_evaluation(names, actual, distributions, weights, no_priors=True)
    assert math.isnan(no_priors.relative_absolute_error) and math.isnan(no_priors.sf_prior_entropy)
    assert _same(no_priors.mean_absolute_error, recorded.mean_absolute_error)
    assert "Relative absolute error" not in no_priors.summary
    assert no_priors.summary_complexity == "=== Summary ===\n" + no_priors.summary  # no complexity lines
    assert recorded.class_priors.tolist() == [1.0, 1.0, 1.0]


def test_error_and_empty(weka_jvm):
    # an infinite probability: WEKA's margin histogram index runs out of range
    failed = weka_evaluation(CLASSES, [0], [[math.inf, 0.0]])
    assert failed.error == "ArrayIndexOutOfBoundsException"
    assert failed.kappa is None and failed.summary is None and failed.statistics == {} and failed.texts == {}
    empty = weka_evaluation(CLASSES, [], np.empty((0, 2)))
    assert empty.error is None and empty.num_instances == 0.0 and empty.confusion_matrix.shape == (2, 2)
    assert set(empty.texts) == set(TEXTS) and set(empty.statistics) == {
        *SCALARS,
        *PER_CLASS,
        "class_priors",
        "confusion_matrix",
    }
