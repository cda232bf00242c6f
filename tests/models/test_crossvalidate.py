"""cross_validate and Evaluation's model-running methods (python-weka-wrapper3's names) against WEKA.

A WEKA scheme's cross-validation must give WEKA's own ``crossValidateModel`` doubles on every statistic and
its text blocks byte for byte (wekaeval.parity.differences compares them); a scikit-learn model's must be
what WEKA computes from the same predictions on WEKA's folds.
"""

from __future__ import annotations

import math
import re
import warnings
from pathlib import Path

import numpy as np
import pytest

import wekaeval
import wekaeval.folds
from tests.paths import ROOT
from wekaeval import Evaluation, bridge, load_arff
from wekaeval.errors import ArgumentError, EvaluationError
from wekaeval.evaluation import evaluate_folds
from wekaeval.javamath import JavaRandom
from wekaeval.models import WekaKFold, to_xy
from wekaeval.parity import differences

ARFF_SAMPLES = ROOT / "arff_samples"

sklearn = pytest.importorskip("sklearn")
from sklearn.dummy import DummyClassifier, DummyRegressor  # noqa: E402
from sklearn.linear_model import LinearRegression, LogisticRegression  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.svm import LinearSVC  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402


def generated_arff(path: Path, rng: np.random.Generator, *, nominal: bool, n: int = 60) -> Path:
    """A dataset with weights and missing values (attributes and class) the tests write themselves."""
    lines = ["@relation generated", "@attribute a numeric", "@attribute b {x,y,z}"]
    lines.append("@attribute class {p,q,r}" if nominal else "@attribute class numeric")
    lines.append("@data")
    for _ in range(n):
        a = "?" if rng.random() < 0.1 else f"{rng.normal():.4f}"
        b = "?" if rng.random() < 0.1 else str(rng.choice(["x", "y", "z"]))
        if rng.random() < 0.08:
            c = "?"
        elif nominal:
            c = str(rng.choice(["p", "q", "r"], p=[0.5, 0.3, 0.2]))
        else:
            c = f"{rng.normal() * 3 + 1:.3f}"
        weight = f",{{{rng.random() * 2 + 0.1:.3f}}}" if rng.random() < 0.3 else ""
        lines.append(f"{a},{b},{c}{weight}")
    path.write_text("\n".join(lines) + "\n")
    return path


def untitled(evaluation: Evaluation) -> Evaluation:
    evaluation.summary_title = ""  # WEKA's toSummaryString(): the comparison's reference has no title
    return evaluation


# -- scikit-learn models, without a JVM ---------------------------------------------------------------------


def test_sklearn_cross_validation_is_wekas_evaluation_of_its_fold_predictions():
    path = ARFF_SAMPLES / "weighted.arff"
    data = load_arff(path)
    X, y = to_xy(path)
    folds = []
    for train, test in WekaKFold(10, seed=3).split(X, y):
        known = train[~np.isnan(data.class_values[train])]
        model = GaussianNB().fit(X[known], data.class_values[known].astype(int), sample_weight=data.weights[known])
        distributions = np.zeros((len(test), len(data.class_names)))
        distributions[:, model.classes_] = model.predict_proba(X[test])
        folds.append((distributions, data.class_values[test], data.weights[test]))
    expected = evaluate_folds(data, folds, seed=3)
    ours = wekaeval.cross_validate(GaussianNB(), data, folds=10, seed=3)
    for name in ("kappa", "kb_information", "relative_absolute_error", "weighted_area_under_roc", "sf_entropy_gain"):
        assert float(getattr(ours, name)).hex() == float(getattr(expected, name)).hex(), name
    assert ours.summary().startswith("=== Stratified cross-validation ===\n") and ours.matrix() == expected.matrix()
    assert ours.class_details() == expected.class_details()


def test_sklearn_models_without_probabilities_and_regressors(tmp_path, rng):
    svc = wekaeval.cross_validate(LinearSVC(), ARFF_SAMPLES / "iris.arff", folds=5)
    assert svc.num_instances == 150 and 0.5 < svc.percent_correct <= 100
    assert all(set(np.unique(d)) <= {0.0, 1.0} for d in svc.prediction_arrays()[1])  # a 0/1 distribution
    X = rng.normal(size=(40, 3))
    y = X @ [1.0, -2.0, 0.5] + rng.normal(size=40) * 0.1
    regression = wekaeval.cross_validate(LinearRegression(), (X, y), folds=4, seed=2)
    assert regression.numeric and regression.summary().startswith("=== Cross-validation ===\n")
    assert regression.correlation_coefficient > 0.99


def test_evaluation_methods_with_a_fitted_model_and_one_instance():
    X, y = to_xy(ARFF_SAMPLES / "iris.arff")
    data = load_arff(ARFF_SAMPLES / "iris.arff")
    model = LogisticRegression(max_iter=500).fit(X, y)  # fitted on the labels, as a user would
    evaluation = Evaluation(data)
    predicted = evaluation.test_model(model, data)
    assert predicted.shape == (150,) and evaluation.num_instances == 150
    once = Evaluation(data)
    for row, label in zip(X[:5], y[:5], strict=True):
        once.test_model_once(model, (row, label))
    assert once.num_instances == 5 and once.percent_correct == 100.0
    split = Evaluation(data)
    split.evaluate_train_test_split(DecisionTreeClassifier(random_state=0), data, 66.0, JavaRandom(1))
    assert split.num_instances == 51  # 150 - Math.round(99.0)
    assert Evaluation(data).header.relation == "iris" and Evaluation(["a", "b"]).header is None
    text = Evaluation.evaluate_model(GaussianNB(), ["-t", str(ARFF_SAMPLES / "iris.arff"), "-o", "-x", "5"])
    assert "=== Error on training data ===" in text and "=== Stratified cross-validation ===" in text


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda e, d: e.crossvalidate_model(object(), d, 10, 1), "cannot run a object as a model"),
        (lambda e, d: e.crossvalidate_model(GaussianNB(), d, 10, "one"), "rnd must be"),
        (lambda e, d: e.crossvalidate_model(GaussianNB(), d, 10, 1, output="x"), "PredictionOutput"),
        (lambda e, d: e.crossvalidate_model(GaussianNB(), d, 200, 1), "Can't have more folds than instances"),
        (lambda e, d: e.test_model(GaussianNB(), d), "fitted"),
        (lambda e, d: Evaluation.evaluate_model(GaussianNB(), ["-x", "3"]), "-t"),
    ],
)
def test_model_running_errors_say_what_is_wrong(call, message):
    data = load_arff(ARFF_SAMPLES / "iris.arff")
    with pytest.raises(ArgumentError if message == "rnd must be" else EvaluationError, match=message):
        call(Evaluation(data), data)


# -- WEKA schemes, in the JVM --------------------------------------------------------------------------------------


@pytest.mark.jvm
@pytest.mark.parametrize(
    "name, scheme, folds, seed",
    [
        ("iris.arff", "weka.classifiers.trees.J48 -C 0.25 -M 2", 10, 1),
        ("weighted.arff", "weka.classifiers.bayes.NaiveBayes", 10, 7),
        ("missing-class.arff", "weka.classifiers.trees.J48", 5, 3),
        ("many-missing.arff", "weka.classifiers.rules.OneR", 4, 11),
        ("numeric-class.arff", "weka.classifiers.functions.LinearRegression", 10, 1),
        ("numeric-class.arff", "weka.classifiers.functions.GaussianProcesses", 3, 5),
        # issue 38: date, string and relational attributes, which WEKA's schemes read as WEKA does
        ("dates.arff", "weka.classifiers.trees.J48", 10, 1),
        ("dates.arff", "weka.classifiers.functions.Logistic", 5, 3),
        ("dialect.arff", "weka.classifiers.lazy.IBk", 5, 2),
        ("text-test.arff", "weka.classifiers.rules.ZeroR", 10, 1),
        ("multi-instance.arff", "weka.classifiers.rules.ZeroR", 10, 4),
    ],
)
def test_weka_scheme_cross_validation_is_crossvalidatemodel_bit_for_bit(weka_jvm, name, scheme, folds, seed):
    path = ARFF_SAMPLES / name
    weka = bridge.evaluate(path, scheme, folds=folds, seed=seed)
    ours = untitled(wekaeval.cross_validate(scheme, load_arff(path), folds=folds, seed=seed))
    found = differences(weka, ours)
    if "GaussianProcesses" in scheme:  # an interval and density estimator: its coverage and entropies are WEKA's too
        assert not math.isnan(ours.coverage_of_test_cases_by_predicted_regions)
    assert found == []


@pytest.mark.jvm
def test_generated_data_and_a_reused_random_are_wekas(weka_jvm, tmp_path, rng):
    import jpype

    for nominal in (True, False):
        path = generated_arff(tmp_path / f"generated-{nominal}.arff", rng, nominal=nominal)
        scheme = "weka.classifiers.trees.J48" if nominal else "weka.classifiers.trees.REPTree"
        instances = bridge.load_instances(path)
        java_evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")(instances)
        java_random = jpype.JClass("java.util.Random")(42)
        ours, random = Evaluation(load_arff(path)), JavaRandom(42)
        for folds in (3, 7):  # one Random through two cross-validations: the second starts where the first left it
            model, _ = bridge.make_classifier(*bridge.parse_classifier(scheme))
            java_evaluation.crossValidateModel(model, instances, folds, java_random)
            ours.crossvalidate_model(scheme, load_arff(path), folds, random)
        for name in ("num_instances", "mean_absolute_error", "root_relative_squared_error", "sf_mean_entropy_gain"):
            getter = {"num_instances": "numInstances", "mean_absolute_error": "meanAbsoluteError"}.get(name)
            getter = getter or {"root_relative_squared_error": "rootRelativeSquaredError"}.get(
                name, "SFMeanEntropyGain"
            )
            assert float(getattr(java_evaluation, getter)()).hex() == float(getattr(ours, name)).hex(), (nominal, name)
        assert str(java_evaluation.toSummaryString()) == ours.summary()
        assert random.next_int(1000) == java_random.nextInt(1000)


@pytest.mark.jvm
def test_python_weka_wrapper3_objects_run_unchanged(weka_jvm):
    """A python-weka-wrapper3 script's objects (Classifier, Random, a built model, an Instance) work as they are."""
    from weka.classifiers import Classifier
    from weka.classifiers import Evaluation as PwwEvaluation
    from weka.core.classes import Random
    from weka.core.converters import Loader

    path = str(ARFF_SAMPLES / "iris.arff")
    instances = Loader(classname="weka.core.converters.ArffLoader").load_file(path)
    instances.class_is_last()
    theirs = PwwEvaluation(instances)
    theirs.crossvalidate_model(Classifier(classname="weka.classifiers.trees.J48"), instances, 10, Random(1))
    ours = Evaluation(load_arff(path))
    ours.crossvalidate_model(Classifier(classname="weka.classifiers.trees.J48"), load_arff(path), 10, Random(1))
    assert ours.summary() == theirs.summary() and ours.class_details() == theirs.class_details()
    built = Classifier(classname="weka.classifiers.bayes.NaiveBayes")
    built.build_classifier(instances)
    theirs, ours = PwwEvaluation(instances), Evaluation(load_arff(path))
    theirs.test_model(built, instances)
    ours.test_model(built, load_arff(path))
    assert ours.kappa == theirs.kappa and ours.matrix() == theirs.matrix()
    once = Evaluation(load_arff(path))
    assert once.test_model_once(built, instances.get_instance(0)) == 0.0
    text = Evaluation.evaluate_model("weka.classifiers.rules.ZeroR", ["-t", path, "-o"])
    assert "=== Stratified cross-validation ===" in text and "ZeroR" not in text.split("===")[0]


# -- folds at the edges: WEKA's messages, and its evaluation of nothing --------------------------------------------


def weka_cross_validation_outcome(instances, scheme: str, folds: int, java_random) -> tuple[str, str]:
    """("text", WEKA's summary) or ("message", what WEKA's crossValidateModel throws) for ``folds``."""
    import jpype

    evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")(instances)
    model, _ = bridge.make_classifier(*bridge.parse_classifier(scheme))
    try:
        evaluation.crossValidateModel(model, instances, folds, java_random)
    except jpype.JException as error:
        return "message", str(error.getMessage())
    return "text", str(evaluation.toSummaryString("=== Cross-validation ===\n", False))


@pytest.mark.jvm
@pytest.mark.parametrize(
    "name, schemes",
    [
        ("numeric-class.arff", ("weka.classifiers.rules.ZeroR", "weka.classifiers.functions.GaussianProcesses")),
        ("iris.arff", ("weka.classifiers.rules.ZeroR",)),
    ],
)
def test_folds_at_the_edges_are_wekas(weka_jvm, name, schemes):
    """0, negative and 1 fold: WEKA's message where it refuses; where it evaluates nothing (a numeric class, 0 or
    fewer folds) its text byte for byte, with a warning that nothing ran; and the Random where WEKA leaves it."""
    import jpype
    from weka.core.classes import Random

    path = ARFF_SAMPLES / name
    instances = bridge.load_instances(path)
    numeric = name.startswith("numeric")
    models = [*schemes, DummyRegressor() if numeric else DummyClassifier()]
    for model, python_weka_wrapper in [(model, False) for model in models] + [(models[0], True), (models[-1], True)]:
        java_random = jpype.JClass("java.util.Random")(5)
        random = Random(5) if python_weka_wrapper else JavaRandom(5)
        kinds = []
        for folds in (3, 0, -1, -7, 1, 4):  # one Random through all of them, as a python-weka-wrapper3 script would
            kind, expected = weka_cross_validation_outcome(instances, schemes[0], folds, java_random)
            kinds.append(kind)
            ours = Evaluation(load_arff(path))
            ours.summary_title = "=== Cross-validation ===\n"
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                if kind == "message":
                    with pytest.raises(ArgumentError, match=rf"got {folds} \(WEKA: {re.escape(expected)}\)$"):
                        ours.crossvalidate_model(model, load_arff(path), folds, random)
                else:
                    ours.crossvalidate_model(model, load_arff(path), folds, random)
            nothing = kind == "text" and folds <= 0
            assert [str(w.message) for w in caught if "nothing" in str(w.message)] == [
                f"num_folds={folds}: WEKA's crossValidateModel runs no fold at all with a numeric class and 0 or "
                "fewer folds, so nothing was evaluated (Total Number of Instances 0), as in WEKA"
            ] * nothing
            if nothing:
                assert ours.summary() == expected and ours.num_instances == 0
            drawn = random.jobject.nextInt(1 << 30) if python_weka_wrapper else random.next_int(1 << 30)
            assert drawn == java_random.nextInt(1 << 30), (model, folds, python_weka_wrapper)
        refused = ["message"] * (1 if numeric else 4)
        assert kinds == ["text", *(["text"] * 3 if numeric else []), *refused, "text"]


@pytest.mark.jvm
def test_the_command_line_text_of_no_folds_is_wekas(weka_jvm):
    """``-x 0`` with a numeric class: a scikit-learn model's text holds WEKA's cross-validation block as WEKA prints
    it for a WEKA scheme (the block of an evaluation of nothing)."""
    path = str(ARFF_SAMPLES / "numeric-class.arff")
    for folds in ("0", "-3"):
        options = ["-t", path, "-x", folds, "-v", "-o"]
        weka = Evaluation.evaluate_model("weka.classifiers.rules.ZeroR", options)
        with pytest.warns(UserWarning, match="nothing was evaluated"):
            ours = Evaluation.evaluate_model(DummyRegressor(), options)
        block = "=== Cross-validation ===\n\nTotal Number of Instances                0     \n"
        assert weka.endswith("\n\n\n" + block) and ours == "\n\n" + block + "\n"


@pytest.mark.parametrize("folds", [0, -1, -10])
def test_cross_validate_refuses_an_evaluation_of_nothing(folds):
    """Where WEKA's crossValidateModel evaluates nothing (a numeric class, 0 or fewer folds), cross_validate and
    the splitters refuse: docs/quirks.md, "Where WEKA is wrong"."""
    path = ARFF_SAMPLES / "numeric-class.arff"
    with pytest.raises(ArgumentError, match=rf"folds must be at least 2, got {folds}: .*Total Number of Instances 0"):
        wekaeval.cross_validate(DummyRegressor(), path, folds=folds)
    with pytest.raises(ArgumentError, match=r"Total Number of Instances 0"):
        wekaeval.folds.cross_validation_folds(10, folds, JavaRandom(1))
    with pytest.raises(ValueError, match=rf"n_splits must be a whole number of folds, at least 2, got {folds}"):
        WekaKFold(folds)
    with pytest.raises(ArgumentError, match=r"folds must be a whole number, got 2\.0"):
        wekaeval.cross_validate(DummyRegressor(), path, folds=2.0)
