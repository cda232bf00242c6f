"""python-weka-wrapper3's ``Instances`` wherever a ``Dataset`` is taken (issue 35, item 3): the same header,
class values and weights as :func:`wekaeval.load_arff` of the same file, hence the same doubles and text."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import wekaeval
from tests.paths import ARFF_SAMPLES
from wekaeval import Evaluation, bridge, load_arff
from wekaeval.evaluation import evaluate_folds
from wekaeval.models import ModelDataError
from wekaeval.models._shared import model_data

pytestmark = pytest.mark.jvm

SAMPLES = ARFF_SAMPLES


def instances(name: str, *, class_last: bool = True):
    from weka.core.converters import Loader

    data = Loader(classname="weka.core.converters.ArffLoader").load_file(str(SAMPLES / name))
    if class_last:
        data.class_is_last()
    return data


@pytest.mark.parametrize(
    "name", ["iris.arff", "numeric-class.arff", "weighted.arff", "date-class.arff", "multi-instance.arff"]
)
def test_the_dataset_of_instances_is_load_arffs(weka_jvm, name):
    ours = load_arff(SAMPLES / name)
    theirs = bridge.dataset_from_instances(instances(name))
    assert theirs is not None
    assert (theirs.relation, theirs.attributes, theirs.class_index) == (
        ours.relation,
        ours.attributes,
        ours.class_index,
    )
    assert np.array_equal(theirs.class_values, ours.class_values, equal_nan=True)
    assert np.array_equal(theirs.weights, ours.weights)


def test_only_weka_instances_are_converted(weka_jvm):
    assert bridge.dataset_from_instances("iris.arff") is None
    assert bridge.dataset_from_instances(bridge.java_class("java.util.ArrayList")()) is None
    assert wekaeval.arff._shared.as_dataset(["a", "b"]) == ["a", "b"]


def test_instances_without_a_class_are_refused_as_weka_refuses_them(weka_jvm):
    with pytest.raises(bridge.WekaDataError, match=r"no class set \(WEKA: Class index is negative \(not set\)!\)"):
        Evaluation(instances("iris.arff", class_last=False))


def test_evaluation_of_instances_is_the_evaluation_of_the_dataset_nominal(weka_jvm):
    data, dataset = instances("weighted.arff"), load_arff(SAMPLES / "weighted.arff")
    rng = np.random.default_rng(35)
    distributions = rng.dirichlet(np.ones(3), size=dataset.num_instances)
    texts = []
    for given in (data, dataset):
        evaluation = Evaluation(given)
        evaluation.evaluate_batch(distributions, dataset.class_values, dataset.weights)
        texts.append(
            (evaluation.class_priors.tolist(), evaluation.summary(), evaluation.class_details(), evaluation.matrix())
        )
    assert texts[0] == texts[1]


def test_evaluation_of_instances_is_the_evaluation_of_the_dataset_numeric(weka_jvm):
    data, dataset = instances("numeric-class.arff"), load_arff(SAMPLES / "numeric-class.arff")
    predicted = np.nan_to_num(dataset.class_values) * 0.9 + 1.0
    texts = []
    for given in (data, dataset):
        evaluation = Evaluation(given)
        evaluation.evaluate_batch(predicted, dataset.class_values, dataset.weights)
        other = Evaluation(None)
        other.set_priors(given)
        texts.append((evaluation.class_priors.tolist(), evaluation.summary(), other.class_priors.tolist()))
    assert texts[0] == texts[1]


@pytest.mark.parametrize(
    ("name", "scheme"),
    [
        ("iris.arff", "weka.classifiers.trees.J48"),
        ("numeric-class.arff", "weka.classifiers.functions.LinearRegression"),
        ("picnic.arff", "sklearn"),
    ],
)
def test_cross_validate_instances_as_the_dataset(weka_jvm, name, scheme):
    if scheme == "sklearn":
        naive_bayes = pytest.importorskip("sklearn.naive_bayes")
        model = naive_bayes.GaussianNB()
    else:
        model = scheme
    both = [
        wekaeval.cross_validate(model, given, folds=3, seed=7) for given in (instances(name), load_arff(SAMPLES / name))
    ]
    assert both[0].summary() == both[1].summary()
    assert both[0].class_priors.tolist() == both[1].class_priors.tolist()


def test_python_weka_wrapper3s_script_with_wekaevals_evaluation_prints_what_its_own_does(weka_jvm):
    from weka.classifiers import Classifier
    from weka.classifiers import Evaluation as WekaEvaluation
    from weka.core.classes import Random

    data = instances("weighted.arff")
    outputs = []
    for kind in (WekaEvaluation, Evaluation):
        evaluation = kind(data)
        evaluation.crossvalidate_model(Classifier(classname="weka.classifiers.bayes.NaiveBayes"), data, 10, Random(1))
        outputs.append((evaluation.kappa, evaluation.summary(), evaluation.class_details(), evaluation.matrix()))
    assert outputs[0] == outputs[1]


def test_evaluate_folds_takes_instances(weka_jvm):
    dataset = load_arff(SAMPLES / "weighted.arff")
    result = bridge.evaluate(str(SAMPLES / "weighted.arff"), "NaiveBayes", folds=3, seed=1)
    folds = [
        (result.distributions[result.fold == i], result.actual[result.fold == i], result.weights[result.fold == i])
        for i in range(3)
    ]
    assert evaluate_folds(instances("weighted.arff"), folds).summary() == evaluate_folds(dataset, folds).summary()


def test_instances_stay_in_this_process(weka_jvm):
    prepared = model_data(instances("picnic.arff"), features=False)
    with pytest.raises(ModelDataError, match="python-weka-wrapper3 Instances, held in this process's JVM"):
        pickle.dumps(prepared)


def test_an_experiment_with_worker_processes_refuses_instances_before_they_start(weka_jvm, tmp_path, monkeypatch):
    """The Instances live in this process's JVM: with a scikit-learn scheme (worker processes, a JVM each) they
    are refused before any worker process starts; with WEKA's schemes alone the workers are threads of this
    process, which take them, and the rows are the serial run's."""
    from sklearn.naive_bayes import GaussianNB

    from wekaeval.experiment import TIMING_COLUMNS, _run, run

    monkeypatch.setattr(_run, "Processes", lambda *args, **settings: pytest.fail("worker processes started"))
    monkeypatch.setattr(_run, "capped_workers", lambda workers: workers)  # 2 workers on a 1-processor machine too
    schemes = ["weka.classifiers.rules.ZeroR", "weka.classifiers.bayes.NaiveBayes"]
    with pytest.raises(ModelDataError, match="worker processes cannot take it; give the path of its ARFF file"):
        run([instances("picnic.arff")], [schemes[0], GaussianNB()], workers=2, results=tmp_path / "r.arff")
    assert not (tmp_path / "r.arff").exists()

    threads = run([instances("picnic.arff")], schemes, runs=2, folds=2, workers=2, results=tmp_path / "t.arff")
    serial = run([instances("picnic.arff")], schemes, runs=2, folds=2, results=tmp_path / "s.arff")
    kept = [i for i, name in enumerate(serial.columns) if name not in (*TIMING_COLUMNS, "Date_time")]
    assert len(serial) == 8
    assert [[row[i] for i in kept] for row in threads.rows] == [[row[i] for i in kept] for row in serial.rows]


def test_features_of_instances_are_the_files(weka_jvm):
    from wekaeval.folds import to_xy

    for nominal in ("onehot", "ordinal"):
        X, y = to_xy(instances("credit-g.arff"), nominal=nominal)
        X_file, y_file = to_xy(SAMPLES / "credit-g.arff", nominal=nominal)
        assert X.shape == X_file.shape and np.array_equal(X, X_file, equal_nan=True)
        assert y.tolist() == y_file.tolist()
