"""wekaeval.Evaluation against WEKA 3.9.7's own Evaluation: every statistic with ==, every text byte for byte."""

from __future__ import annotations

import io
import math
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.blobs import kinds, picks
from tests.oracles.evaluation_oracle import PER_CLASS, SCALARS, weka_evaluation
from tests.paths import ARFF_SAMPLES
from wekaeval import CostMatrix, CostMatrixError, Evaluation, EvaluationError, PredictionError, load_arff
from wekaeval.evaluation import cross_validation_text, evaluate_folds
from wekaeval.evaluation._state import EvaluationState, _descending

# WEKA's EvaluationTest (weka/src/test/java/weka/classifiers/evaluation/EvaluationTest.java): six instances,
# classes T T T F F F, these distributions, priors from the same six rows.
EVALUATION_TEST = [[0.231, 0.769], [1, 0], [0.956, 0.044], [0.013, 0.987], [0.484, 0.516], [0.068, 0.932]]
EVALUATION_TEST_CLASSES = [0, 0, 0, 1, 1, 1]


def ported(
    class_names,
    actual,
    distributions,
    weights=None,
    *,
    train_actual=None,
    train_weights=None,
    no_priors=False,
    discard_predictions=False,
    one_by_one=False,
    cost_matrix=None,
):
    evaluation = Evaluation(class_names, cost_matrix)
    if train_actual is not None:
        evaluation.set_priors(train_actual, train_weights)
    if no_priors:
        evaluation.use_no_priors()
    evaluation.discard_predictions = discard_predictions
    if one_by_one:
        weights = np.ones(len(actual)) if weights is None else weights
        for row, a, w in zip(distributions, actual, weights, strict=False):
            evaluation.evaluate_model_once(row, a, w)
    else:
        evaluation.evaluate_batch(distributions, actual, weights)
    return evaluation


def mismatches(weka, ours) -> list[str]:
    """Every statistic and text that is not identical, named."""
    found = []
    for name in SCALARS:
        if float(getattr(weka, name)).hex() != float(getattr(ours, name)).hex():
            found.append(f"{name}: WEKA {getattr(weka, name)!r}, port {getattr(ours, name)!r}")
    for name in PER_CLASS:
        theirs = getattr(weka, name).tolist()
        mine = [getattr(ours, name)(i) for i in range(len(theirs))]
        if [v.hex() for v in theirs] != [float(v).hex() for v in mine]:
            found.append(f"{name}: WEKA {theirs}, port {mine}")
    if [v.hex() for v in weka.class_priors.tolist()] != [v.hex() for v in ours.class_priors.tolist()]:
        found.append(f"class_priors: WEKA {weka.class_priors}, port {ours.class_priors}")
    if not np.array_equal(weka.confusion_matrix, ours.confusion_matrix):
        found.append("confusion_matrix")
    with warnings.catch_warnings():  # without priors WEKA drops the complexity lines, saying so
        warnings.simplefilter("ignore" if ours.no_priors else "error")
        complexity = ours.summary("=== Summary ===\n", True)
    texts = {
        "summary": ours.summary(),
        "summary_complexity": complexity,
        "class_details": ours.class_details(),
        "matrix": ours.matrix(),
        "margins": ours.cumulative_margin_distribution(),
    }
    found += [
        f"{name} text:\n{getattr(weka, name)}\n!=\n{text}"
        for name, text in texts.items()
        if getattr(weka, name) != text
    ]
    return found


# -- WEKA's own regression test ---------------------------------------------------------------------------------


EVALUATION_TEST_ARFF = (
    "@relation test\n@attribute one numeric\n@attribute two numeric\n@attribute class {T, F}\n"
    "@data\n\n6.5,3.0,T\n6.2,3.4,T\n5.9,3.0,T\n7.0,3.2,F\n6.4,3.2,F\n6.9,3.1,F\n"
)


def wekas_evaluation_test_text(toggled: list[str]) -> str:
    """EvaluationTest run in the JVM as WEKA runs it (with ``toggleEvalMetrics(toggled)``): the text it prints."""
    import jpype

    data = jpype.JClass("weka.core.Instances")(jpype.JClass("java.io.StringReader")(EVALUATION_TEST_ARFF))
    data.setClassIndex(data.numAttributes() - 1)
    evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")(data)
    toggle = jpype.JClass("java.util.ArrayList")()
    for name in toggled:
        toggle.add(name)
    evaluation.toggleEvalMetrics(toggle)
    for i in range(data.numInstances()):
        evaluation.evaluateModelOnceAndRecordPrediction(
            jpype.JArray(jpype.JDouble)(EVALUATION_TEST[i]), data.instance(i)
        )
    return f"{evaluation.toSummaryString()}\n{evaluation.toClassDetailsString()}\n"  # Regression.println's ends


@pytest.mark.jvm
@pytest.mark.parametrize("toggled", [[], ["coverage", "region size"]])
def test_wekas_evaluation_test_is_reproduced(weka_jvm, toggled):
    """WEKA's EvaluationTest, byte for byte. Its reference file was printed when WEKA still showed coverage and
    region size by default (3.9.7 hides them): toggled on, the text is that file's."""
    data = load_arff(io.StringIO(EVALUATION_TEST_ARFF))
    ours = Evaluation(data)
    ours.toggle_eval_metrics(toggled)
    ours.evaluate_batch(EVALUATION_TEST, data.class_values, data.weights)
    text = ours.summary() + "\n" + ours.class_details() + "\n"
    assert text == wekas_evaluation_test_text(toggled)
    if not toggled:  # every number too
        weka = weka_evaluation(
            ["T", "F"], EVALUATION_TEST_CLASSES, EVALUATION_TEST, train_actual=EVALUATION_TEST_CLASSES
        )
        assert mismatches(weka, ours) == []
    else:
        assert "Coverage of cases (0.95 level)         100      %\n" in text
        assert "Mean rel. region size (0.95 level)      75      %\n" in text


def test_evaluation_test_numbers_without_a_jvm():
    ours = ported(["T", "F"], EVALUATION_TEST_CLASSES, EVALUATION_TEST, train_actual=EVALUATION_TEST_CLASSES)
    assert (ours.correct, ours.incorrect, ours.kappa) == (5.0, 1.0, 0.6666666666666667)
    assert ours.area_under_roc(0) == ours.area_under_roc(1) == 0.8888888888888888
    assert ours.class_priors.tolist() == [4.0, 4.0]


# -- generated cases fed to WEKA's evaluateModelOnceAndRecordPrediction --------------------------------------------


LISTED_PROBABILITIES = [0.0, 1.0, 0.5, math.nan]
WEIGHTS = [1.0, 0.5, 0.1, 2.75, 0.0, -1.0, 1e-3, 1e6]
COSTS = [0.0, 1.0, 2.5, -1.0, 10.0, 0.3, 1e-3]


@st.composite
def evaluations(draw):
    """Each array's choices in one draw (tests/blobs.py); the floats drawn one by one."""
    k = draw(st.integers(1, 10))
    n = draw(st.integers(0, 40))
    decimals = draw(st.sampled_from([1, 2, 3, 17]))

    def probability(kind: int) -> float:  # half any double in [0, 1], half a listed one; then rounded
        p = draw(st.floats(0, 1)) if kind < 4 else LISTED_PROBABILITIES[kind - 4]
        return p if decimals == 17 or math.isnan(p) else round(p, decimals)

    def classes(count: int) -> list[float]:  # half a class index, half missing
        return [c if c < k else math.nan for c in kinds(draw, 2 * k, count)]

    probabilities = [probability(kind) for kind in kinds(draw, 8, n * k)]
    rows = [probabilities[i * k : (i + 1) * k] for i in range(n)]
    actual = classes(n)
    weights = picks(draw, WEIGHTS, n)
    train = None
    if draw(st.booleans()):
        size = draw(st.integers(0, 20))
        train = list(zip(classes(size), picks(draw, WEIGHTS, size), strict=True))
    costs = None
    if draw(st.booleans()):
        entries = picks(draw, COSTS, k * k)
        costs = [entries[i * k : (i + 1) * k] for i in range(k)]
    return k, rows, actual, weights, train, draw(st.booleans()), draw(st.booleans()), costs


@pytest.mark.jvm
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(evaluations())
def test_generated_evaluations_are_wekas(weka_jvm, case):
    k, rows, actual, weights, train, no_priors, one_by_one, costs = case
    names = [f"c{i}" for i in range(k)]
    cost_matrix = None if costs is None else CostMatrix(costs)
    distributions = np.array(rows, dtype=np.float64).reshape(len(rows), k)
    actual = np.array(actual, dtype=np.float64)
    train_actual = None if train is None else np.array([a for a, _ in train], dtype=np.float64)
    train_weights = None if train is None else np.array([w for _, w in train], dtype=np.float64)
    weka = weka_evaluation(
        names,
        actual,
        distributions,
        weights,
        train_actual=train_actual,
        train_weights=train_weights,
        no_priors=no_priors,
        cost_matrix=None if cost_matrix is None else cost_matrix.to_text(),
    )
    try:
        ours = ported(
            names,
            actual,
            distributions,
            weights,
            train_actual=train_actual,
            train_weights=train_weights,
            no_priors=no_priors,
            one_by_one=one_by_one,
            cost_matrix=cost_matrix,
        )
    except PredictionError:
        assert weka.error is not None  # WEKA throws too (a margin outside its histogram)
        return
    assert weka.error is None
    assert mismatches(weka, ours) == []


@pytest.mark.jvm
def test_discarded_predictions_give_nan_areas_as_in_weka(weka_jvm):
    rng = np.random.default_rng(3)
    distributions = rng.dirichlet([1, 1, 1], 50).round(2)
    actual = rng.integers(0, 3, 50).astype(float)
    weka = weka_evaluation(["a", "b", "c"], actual, distributions, discard_predictions=True)
    ours = ported(["a", "b", "c"], actual, distributions, discard_predictions=True)
    assert mismatches(weka, ours) == []
    assert math.isnan(ours.area_under_roc(0)) and ours.predictions is None
    assert "?         ?         a\n" in ours.class_details()


@pytest.mark.jvm
def test_many_weighted_predictions_are_wekas(weka_jvm):
    """The vectorised path over many rows, ties and fractional weights: the sums keep WEKA's order."""
    rng = np.random.default_rng(11)
    n, k = 200_000, 5
    distributions = rng.dirichlet(np.ones(k), n).round(2)
    distributions[rng.random(n) < 0.01] = 0.0
    actual = rng.integers(0, k, n).astype(float)
    actual[rng.random(n) < 0.01] = np.nan
    weights = rng.choice([1.0, 0.3, 0.7, 1.1], n)
    train, train_weights = rng.integers(0, k, 1000).astype(float), rng.random(1000)
    names = [f"c{i}" for i in range(k)]
    weka = weka_evaluation(names, actual, distributions, weights, train_actual=train, train_weights=train_weights)
    ours = ported(names, actual, distributions, weights, train_actual=train, train_weights=train_weights)
    assert mismatches(weka, ours) == []


# -- batch and one by one, merging ---------------------------------------------------------------------------------


def test_batch_and_one_by_one_are_bit_identical():
    rng = np.random.default_rng(5)
    distributions = rng.dirichlet([0.5, 0.5, 0.5, 0.5], 5000).round(3)
    actual = rng.integers(0, 4, 5000).astype(float)
    actual[::97] = np.nan
    weights = rng.random(5000)
    batch = ported(list("abcd"), actual, distributions, weights)
    single = ported(list("abcd"), actual, distributions, weights, one_by_one=True)
    halves = Evaluation(list("abcd"))
    halves.evaluate_batch(distributions[:1234], actual[:1234], weights[:1234])
    halves.evaluate_batch(distributions[1234:], actual[1234:], weights[1234:])
    for other in (single, halves):
        assert other.state.sum_kb_info.hex() == batch.state.sum_kb_info.hex()
        assert other.summary("t", True) == batch.summary("t", True)
        assert other.class_details() == batch.class_details() and other.matrix() == batch.matrix()


def test_aggregate_is_a_left_fold_from_zero():
    rng = np.random.default_rng(8)
    parts = []
    for _ in range(3):
        evaluation = Evaluation(["x", "y"])
        evaluation.set_priors(rng.integers(0, 2, 10).astype(float), rng.random(10))
        evaluation.evaluate_batch(rng.dirichlet([1, 1], 30).round(2), rng.integers(0, 2, 30), rng.random(30))
        parts.append(evaluation)
    merged = Evaluation.aggregate(parts)
    state = EvaluationState(2).merged(parts[0].state).merged(parts[1].state).merged(parts[2].state)
    assert merged.state.sum_abs_err.hex() == state.sum_abs_err.hex()
    assert np.array_equal(merged.confusion_matrix, state.confusion)
    assert np.array_equal(merged.class_priors, parts[2].class_priors)  # the last one merged wins
    assert (
        len(merged.predictions) == 90
        and (parts[0] + parts[1]).num_instances == parts[0].num_instances + parts[1].num_instances
    )


# -- cross-validation rebuilt from WEKA's folds ------------------------------------------------------------------------


CV_DATASETS = ["weighted.arff", "weighted-sparse.arff", "missing-class.arff"]


@pytest.fixture(scope="module")
def naive_bayes_printed(weka_jvm):
    """`java weka.classifiers.bayes.NaiveBayes -t <dataset> -k`'s stdout per dataset, all in one child JVM."""
    from tests.oracles.command_lines import print_texts

    lines = [["weka.classifiers.bayes.NaiveBayes", "-t", str(ARFF_SAMPLES / name), "-k"] for name in CV_DATASETS]
    return dict(zip(CV_DATASETS, print_texts(lines, []), strict=True))


@pytest.mark.jvm
@pytest.mark.parametrize("dataset", CV_DATASETS)
def test_cross_validation_block_is_the_command_lines(weka_jvm, naive_bayes_printed, dataset):
    """evaluate_folds + cross_validation_text against `java weka.classifiers.bayes.NaiveBayes -t ...`, byte for byte."""
    from wekaeval import bridge

    path = ARFF_SAMPLES / dataset
    result = bridge.evaluate(path, "weka.classifiers.bayes.NaiveBayes")
    folds = [
        (result.distributions[result.fold == i], result.actual[result.fold == i], result.weights[result.fold == i])
        for i in range(10)
    ]
    ours = cross_validation_text(evaluate_folds(load_arff(path), folds, seed=1), complexity=True)
    printed = naive_bayes_printed[dataset]
    block = printed[printed.index("=== Stratified cross-validation ===\n") :]
    assert block == ours + "\n"


def test_cost_cells_that_are_expressions_of_the_instance():
    """An expression cell is evaluated on each instance's values, one by one or in a batch alike."""
    data = load_arff(ARFF_SAMPLES / "iris.arff")
    costs = CostMatrix.parse_matlab("[0 a1 1; 1 0 a2; 2 2 0]")
    rng = np.random.default_rng(2)
    values = rng.uniform(1, 8, (200, 5)).round(1)
    distributions = rng.dirichlet([1, 1, 1], 200).round(2)
    actual = rng.integers(0, 3, 200)
    batch = Evaluation(data, costs)
    batch.evaluate_batch(distributions, actual, instances=values)
    single = Evaluation(data, costs)
    for row, a, instance in zip(distributions, actual, values, strict=False):
        single.evaluate_model_once(row, int(a), instance=instance)
    expected = costs.costs(
        actual, _predicted(distributions), values, attributes=data.attributes, class_index=data.class_index
    )
    assert batch.total_cost.hex() == single.total_cost.hex() == float(np.add.accumulate(expected)[-1]).hex()
    assert "Total Cost" in batch.summary() and "Average Cost" in batch.summary()
    with pytest.raises(CostMatrixError, match=r"give the instances' values \(evaluate_batch\(instances="):
        Evaluation(data, costs).evaluate_batch(distributions, actual)


def _predicted(distributions):
    positive = np.where(distributions > 0, distributions, 0.0)
    best = positive.argmax(axis=1)
    return np.where(positive[np.arange(len(best)), best] > 0, best, -1)


# -- misuse ---------------------------------------------------------------------------------------------------------


def test_bad_input_names_the_argument():
    evaluation = Evaluation(["a", "b"])
    with pytest.raises(PredictionError, match=r"distributions must have shape \(1, 2\)"):
        evaluation.evaluate_batch([[0.5, 0.2, 0.3]], [0])
    with pytest.raises(PredictionError, match=r"actual\[0\] = 2.0 is not a class index"):
        evaluation.evaluate_batch([[0.5, 0.5]], [2.0])
    with pytest.raises(PredictionError, match="margin histogram"):
        evaluation.evaluate_model_once([math.inf, 0.0], 0)
    with pytest.raises(EvaluationError, match="class_index 2 is not a class index"):
        evaluation.precision(2)
    with pytest.raises(EvaluationError, match="class is nominal"):
        _ = evaluation.correlation_coefficient
    with pytest.raises(EvaluationError, match="numeric"):
        _ = Evaluation(load_arff(ARFF_SAMPLES / "numeric-class.arff")).kappa


@pytest.mark.parametrize("k", range(1, 9))
def test_classes_by_decreasing_probability_are_the_stable_sort_read_from_the_top(rng, k):
    """_descending's counting (k <= 8) against Utils.stableSort read from the end, as the k > 8 path sorts:
    ties (rounded probabilities, zeros), -0.0 beside 0.0, NaN as MAX_VALUE beside MAX_VALUE itself."""
    m = 3000
    distributions = np.round(rng.random((m, k)), 1)
    special = rng.random((m, k)) < 0.05
    distributions[special] = rng.choice([0.0, -0.0, np.nan, np.finfo(np.float64).max], int(special.sum()))
    ranked, classes = _descending(distributions)
    key = np.where(np.isnan(distributions), np.finfo(np.float64).max, distributions)
    order = np.argsort(key, axis=1, kind="stable")[:, ::-1]
    assert classes.dtype == np.intp and np.array_equal(classes, order.T)
    expected = np.take_along_axis(distributions, order, axis=1).T
    assert np.array_equal(ranked, expected, equal_nan=True)
    assert [value.hex() for value in ranked.ravel().tolist()] == [value.hex() for value in expected.ravel().tolist()]
