"""WEKA's folds and splits (evaluation._folds, the splitters of wekaeval.models) against WEKA's own, through the JVM.

A classifier compiled in the JVM (tests/oracles/java/RecordingClassifier.java) records what WEKA hands it: the
training indices of each buildClassifier call, in order, and the index of every instance it predicts. Run by
WEKA's own ``Evaluation.crossValidateModel``, its ``-split-percentage`` and the Experimenter's result
producers, it shows the folds WEKA makes; the port must make the same ones, index for index.
"""

from __future__ import annotations

import math
import pickle
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.oracles.jvm_classes import compiled_class, compiled_directory
from tests.paths import JAVA_SOURCES, ROOT
from wekaeval import load_arff
from wekaeval.evaluation._folds import stratified_order
from wekaeval.evaluation._shared import cross_validation_folds, percentage_split, random_split
from wekaeval.javamath import JavaRandom
from wekaeval.models import ModelDataError, WekaKFold, WekaSplit, to_xy
from wekaeval.models._shared import model_data

ARFF_SAMPLES = ROOT / "arff_samples"
NOT_A_SEED: Any = 1.5
NOT_A_CHOICE: Any = "yes"
SAMPLES = ("iris.arff", "picnic.arff", "weighted.arff", "missing-class.arff", "numeric-class.arff", "six-classes.arff")


def literal_stratify(order, classes, folds):
    """Instances.stratify as WEKA writes it (swap by swap), then stratStep: the slow reference."""
    a = list(order)
    index = 1
    while index < len(a):
        reference = a[index - 1]
        for j in range(index, len(a)):
            if classes[a[j]] == classes[reference] or (classes[a[j]] < 0 and classes[reference] < 0):
                a[index], a[j] = a[j], a[index]
                index += 1
        index += 1
    return [a[j] for start in range(folds) for j in range(start, len(a), folds)]


@settings(deadline=None, max_examples=300)
@given(
    st.lists(st.integers(-1, 4), max_size=60),
    st.integers(2, 12),
    st.randoms(use_true_random=False),
)
def test_stratified_order_is_wekas_swap_loop(classes, folds, random):
    order = list(range(len(classes)))
    random.shuffle(order)
    codes = np.array(classes, dtype=np.int64)
    assert stratified_order(order, codes, folds).tolist() == literal_stratify(order, codes, folds)


def test_folds_partition_the_data_and_advance_the_random(rng):
    classes = rng.integers(-1, 3, 97)
    random = JavaRandom(7)
    folds = cross_validation_folds(97, 10, random, classes=classes)
    tests = np.concatenate([test for _, test in folds])
    assert sorted(tests.tolist()) == list(range(97))
    assert [len(test) for _, test in folds] == [10] * 7 + [9] * 3
    for train, test in folds:
        assert sorted(np.concatenate([train, test]).tolist()) == list(range(97))
    replay = JavaRandom(7)
    for n in [97] + [len(train) for train, _ in folds]:  # randomize, then one shuffle per fold's training part
        for j in range(n - 1, 0, -1):
            replay.next_int(j + 1)
    assert random.next_int(1 << 30) == replay.next_int(1 << 30)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: cross_validation_folds(5, 6, JavaRandom(1)), "Can't have more folds than instances"),
        (lambda: cross_validation_folds(5, 1, JavaRandom(1)), "at least 2"),
        (lambda: WekaKFold(1), "n_splits"),
        (lambda: WekaKFold(3, seed=NOT_A_SEED), "seed"),
        (lambda: WekaKFold(3, stratify=NOT_A_CHOICE), "stratify"),
        (lambda: WekaSplit(100), "train_percent"),
        (lambda: percentage_split(10, 0.0), "train_percent"),
        (lambda: list(WekaKFold(3).split([[0]] * 4, ["a"] * 5)), "4 samples and y 5"),
    ],
)
def test_bad_arguments_are_named(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_kfold_follows_y_kind_and_repeats_itself():
    X = np.zeros((30, 1))
    labels = np.array(["a", "b", "c"] * 10, dtype=object)
    codes = np.array([0, 1, 2] * 10)
    floats = codes.astype(float)
    by_labels = [(tr.tolist(), te.tolist()) for tr, te in WekaKFold(5).split(X, labels)]
    assert by_labels == [(tr.tolist(), te.tolist()) for tr, te in WekaKFold(5).split(X, codes)]
    assert by_labels == [(tr.tolist(), te.tolist()) for tr, te in WekaKFold(5, stratify=True).split(X, floats)]
    unstratified = [(tr.tolist(), te.tolist()) for tr, te in WekaKFold(5).split(X, floats)]
    assert unstratified == [(tr.tolist(), te.tolist()) for tr, te in WekaKFold(5).split(X)] != by_labels
    assert by_labels == [(tr.tolist(), te.tolist()) for tr, te in WekaKFold(5).split(X, labels)]  # from the seed
    assert WekaKFold(5).get_n_splits() == 5 and WekaSplit().get_n_splits() == 1
    assert repr(WekaKFold(5, seed=3)) == "WekaKFold(n_splits=5, seed=3, stratify='auto')"
    assert pickle.loads(pickle.dumps(WekaKFold(4, seed=2))).seed == 2


def test_kfold_is_a_scikit_learn_cv():
    sklearn = pytest.importorskip("sklearn")
    from sklearn.model_selection import GridSearchCV, cross_val_score
    from sklearn.tree import DecisionTreeClassifier

    X, y = to_xy(ARFF_SAMPLES / "iris.arff")
    scores = cross_val_score(DecisionTreeClassifier(random_state=0), X, y, cv=WekaKFold(10, seed=1))
    assert len(scores) == 10
    search = GridSearchCV(DecisionTreeClassifier(random_state=0), {"max_depth": [1, 3]}, cv=WekaKFold(5))
    assert search.fit(X, y).best_params_ == {"max_depth": 3} and sklearn.__version__


# -- the encoding rule ------------------------------------------------------------------------------------------


def test_to_xy_encodes_nominal_attributes_one_hot_or_ordinal(tmp_path):
    path = tmp_path / "mixed.arff"
    path.write_text(
        "@relation mixed\n@attribute size numeric\n@attribute colour {red,green,blue}\n"
        "@attribute class {yes,no}\n@data\n1.5,green,no\n?,red,yes\n2,?,?\n3,blue,yes,{0.5}\n"
    )
    X, y = to_xy(path)
    nan = math.nan
    expected = [[1.5, 0, 1, 0], [nan, 1, 0, 0], [2, nan, nan, nan], [3, 0, 0, 1]]
    assert np.array_equal(X, np.array(expected, dtype=float), equal_nan=True)
    assert y.tolist() == ["no", "yes", None, "yes"]
    X, _ = to_xy(load_arff(path), nominal="ordinal")
    assert np.array_equal(X, np.array([[1.5, 1], [nan, 0], [2, nan], [3, 2]]), equal_nan=True)
    data = model_data(load_arff(path))
    assert data.feature_names == ("size", "colour=red", "colour=green", "colour=blue")
    assert data.weights.tolist() == [1, 1, 1, 0.5] and data.class_codes().tolist() == [1, 0, -1, 0]


def test_to_xy_refuses_what_it_cannot_encode(tmp_path):
    path = tmp_path / "text.arff"
    path.write_text("@relation t\n@attribute words string\n@attribute class {a,b}\n@data\n'x y',a\n")
    with pytest.raises(ModelDataError, match="'words' is string"):
        to_xy(path)
    with pytest.raises(ModelDataError, match="file object"):
        import io

        model_data(load_arff(io.StringIO(path.read_text())))
    with pytest.raises(ModelDataError, match='"onehot" or "ordinal"'):
        model_data(path, nominal="binary")
    with pytest.raises(ModelDataError, match="X has 2 rows and y 3"):
        model_data((np.zeros((2, 1)), [1, 2, 3]))


# -- against WEKA, in the JVM ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def recorder(weka_jvm):
    """RecordingClassifier, loaded where WEKA's makeCopy (deserialization) finds it."""
    import jpype

    source = JAVA_SOURCES / "RecordingClassifier.java"
    directory = compiled_directory(source, with_weka=True)
    loader = compiled_class(source, "wekaeval.tests.RecordingClassifier$Loader", with_weka=True)
    registered = loader(jpype.JClass("java.io.File")(str(directory))).register()
    return jpype.JClass(registered)


def jvm_instances(classes, *, nominal: bool, num_classes: int = 0, weights=None):
    """WEKA Instances of an index attribute (instance i holds i) and a class (NaN: missing)."""
    import jpype

    Attribute = jpype.JClass("weka.core.Attribute")
    attributes = jpype.JClass("java.util.ArrayList")()
    attributes.add(Attribute("index"))
    if nominal:
        labels = jpype.JClass("java.util.ArrayList")()
        for i in range(num_classes):
            labels.add(f"c{i}")
        attributes.add(Attribute("class", labels))
    else:
        attributes.add(Attribute("class"))
    data = jpype.JClass("weka.core.Instances")("generated", attributes, len(classes))
    data.setClassIndex(1)
    DenseInstance = jpype.JClass("weka.core.DenseInstance")
    for i, value in enumerate(classes):
        weight = 1.0 if weights is None else float(weights[i])
        data.add(DenseInstance(weight, jpype.JArray(jpype.JDouble)([float(i), float(value)])))
    return data


def with_index(data):
    """A copy of WEKA Instances with an index attribute in front (instance i holds i)."""
    import jpype

    copy = jpype.JClass("weka.core.Instances")(data)
    copy.insertAttributeAt(jpype.JClass("weka.core.Attribute")("wekaeval-index"), 0)
    for i in range(copy.numInstances()):
        copy.instance(i).setValue(0, float(i))
    return copy


def recorded(recorder):
    trainings = [np.asarray(t, dtype=np.float64).astype(np.int64).tolist() for t in recorder.trainings()]
    return trainings, np.asarray(recorder.tested(), dtype=np.float64).astype(np.int64).tolist()


def weka_cross_validation(recorder, data, folds: int, seed: int):
    """What WEKA's crossValidateModel hands the classifier: each fold's training and test indices."""
    import jpype

    recorder.reset()
    evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")(data)
    evaluation.crossValidateModel(recorder(), data, folds, jpype.JClass("java.util.Random")(seed))
    trainings, tested = recorded(recorder)
    sizes = [n for n in (len(tested) // folds + (1 if i < len(tested) % folds else 0) for i in range(folds))]
    tests = np.split(np.array(tested), np.cumsum(sizes)[:-1])
    return [(train, test.tolist()) for train, test in zip(trainings, tests, strict=True)]


def ours(folds_iterable):
    return [(train.tolist(), test.tolist()) for train, test in folds_iterable]


@pytest.mark.jvm
@pytest.mark.parametrize("name", SAMPLES)
def test_kfold_is_crossvalidatemodel_on_wekas_samples(recorder, name):
    data = load_arff(ARFF_SAMPLES / name)
    weka_data = with_index(__import__("wekaeval").bridge.load_instances(ARFF_SAMPLES / name))
    y = data.class_values
    for folds, seed in ((10, 1), (3, 42), (7, -5), (2, 2**40 + 3)):
        expected = weka_cross_validation(recorder, weka_data, folds, seed)
        splitter = WekaKFold(folds, seed=seed, stratify=data.class_names is not None)
        assert ours(splitter.split(np.zeros((len(y), 1)), y)) == expected, (name, folds, seed)


@pytest.mark.jvm
def test_kfold_is_crossvalidatemodel_on_generated_data(recorder, rng):
    for trial in range(40):
        n = int(rng.integers(2, 90))
        nominal = bool(trial % 3)
        k = int(rng.integers(1, 6))
        classes = rng.integers(0, k, n).astype(float) if nominal else rng.normal(size=n).round(1)
        classes[rng.random(n) < 0.15] = np.nan  # missing classes stay in the folds
        weights = np.where(rng.random(n) < 0.3, rng.random(n) * 3, 1.0)
        folds, seed = int(rng.integers(2, min(n, 12) + 1)), int(rng.integers(-1000, 10**6))
        data = jvm_instances(classes, nominal=nominal, num_classes=k, weights=weights)
        expected = weka_cross_validation(recorder, data, folds, seed)
        y = [None if math.isnan(c) else f"c{int(c)}" for c in classes] if nominal else classes
        assert ours(WekaKFold(folds, seed=seed).split(np.zeros((n, 1)), y)) == expected, (trial, n, folds, seed)


@pytest.mark.jvm
def test_split_is_the_command_lines_split_percentage(recorder, tmp_path):
    import jpype

    data = with_index(__import__("wekaeval").bridge.load_instances(ARFF_SAMPLES / "iris.arff"))
    path = tmp_path / "iris-index.arff"
    path.write_text(str(data))
    evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")
    for percent, seed, preserve in ((66.0, 1, False), (50.0, 7, False), (33.3, 3, True), (90.0, 12, False)):
        recorder.reset()
        options = ["-t", str(path), "-split-percentage", str(percent), "-s", str(seed), "-v", "-o"]
        evaluation.evaluateModel(
            recorder(), jpype.JArray(jpype.JString)(options + (["-preserve-order"] if preserve else []))
        )
        trainings, tested = recorded(recorder)
        split = WekaSplit(percent, seed=seed, randomize=not preserve)
        ((train, test),) = ours(split.split(np.zeros((150, 1))))
        assert trainings[-1] == train and tested[-len(test) :] == test, (percent, seed, preserve)


def producer_splits(recorder, data, producer: str, run: int, **settings):
    """What the Experimenter's result producer hands the classifier for one run (ClassifierSplitEvaluator or,
    for a numeric class, RegressionSplitEvaluator)."""
    import jpype

    recorder.reset()
    nominal = bool(data.classAttribute().isNominal())
    evaluator = jpype.JClass(
        "weka.experiment.ClassifierSplitEvaluator" if nominal else "weka.experiment.RegressionSplitEvaluator"
    )()
    evaluator.setClassifier(recorder())
    result = jpype.JClass(f"weka.experiment.{producer}")()
    result.setInstances(data)
    result.setSplitEvaluator(evaluator)
    for name, value in settings.items():
        getattr(result, name)(value)
    listener = jpype.JClass("weka.experiment.InstancesResultListener")()
    listener.setOutputFile(jpype.JClass("java.io.File")(str(Path(__import__("tempfile").mkdtemp()) / "r.arff")))
    result.setResultListener(listener)
    result.preProcess()
    result.doRun(run)
    result.postProcess()
    return recorded(recorder)


@pytest.mark.jvm
def test_experimenter_cross_validation_and_random_split_are_wekas(recorder, rng):
    for trial in range(16):
        n = int(rng.integers(3, 60))
        nominal = trial % 4 != 3
        k = int(rng.integers(1, 5))
        classes = rng.integers(0, k, n).astype(float) if nominal else rng.normal(size=n).round(2)
        classes[rng.random(n) < 0.1] = np.nan
        data = jvm_instances(classes, nominal=nominal, num_classes=k)
        run = int(rng.integers(1, 20))
        folds = int(rng.integers(2, min(n, 10) + 1))
        trainings, tested = producer_splits(recorder, data, "CrossValidationResultProducer", run, setNumFolds=folds)
        codes = np.where(np.isnan(classes), -1, np.nan_to_num(classes, nan=-1)).astype(np.int64) if nominal else None
        expected = cross_validation_folds(n, folds, JavaRandom(run), classes=codes)
        assert trainings == [train.tolist() for train, _ in expected]
        assert tested == np.concatenate([test for _, test in expected]).tolist()
        percent = float(rng.choice([10.0, 50.0, 66.0, 70.5]))
        for randomize in (True, False):
            trainings, tested = producer_splits(
                recorder, data, "RandomSplitResultProducer", run, setTrainPercent=percent, setRandomizeData=randomize
            )
            train, test = random_split(
                n, percent, JavaRandom(run) if randomize else None, classes=codes, num_classes=k if nominal else None
            )
            assert trainings == [train.tolist()] and tested == test.tolist(), (trial, randomize)
            if nominal:
                labels = [None if math.isnan(c) else f"c{int(c)}" for c in classes]
                split = WekaSplit(
                    percent, seed=run, randomize=randomize, experimenter=True, labels=[f"c{i}" for i in range(k)]
                )
                ((ours_train, ours_test),) = ours(split.split(np.zeros((n, 1)), labels))
                assert (ours_train, ours_test) == (train.tolist(), test.tolist())


# -- the Experimenter's split takes the class's declared order ------------------------------------------------------


def yes_no_file(path: Path, rng: np.random.Generator, n: int) -> list[str]:
    """An ARFF file whose class is declared {yes, no} (not sorted), some classes missing; its labels."""
    labels = [str(label) for label in rng.choice(["yes", "no", "?"], n, p=[0.55, 0.35, 0.1])]
    rows = "".join(f"{i},{label}\n" for i, label in enumerate(labels))
    path.write_text(f"@relation yesno\n@attribute x numeric\n@attribute class {{yes,no}}\n@data\n{rows}")
    return labels


@pytest.mark.jvm
def test_experimenter_split_draws_the_classes_in_their_declared_order(recorder, tmp_path, rng):
    """A class declared {yes, no}: WEKA's RandomSplitResultProducer draws yes first. A Dataset or a pandas
    categorical says so, labels= too; plain string labels are drawn sorted (no, yes), with a warning."""
    pd = pytest.importorskip("pandas")
    path = tmp_path / "yesno.arff"
    differ = 0
    for run in range(1, 13):
        n = int(rng.integers(5, 50))
        labels = yes_no_file(path, rng, n)
        y = [None if label == "?" else label for label in labels]
        data = with_index(__import__("wekaeval").bridge.load_instances(path))
        percent = float(rng.choice([33.0, 50.0, 66.0, 80.5]))
        trainings, tested = producer_splits(recorder, data, "RandomSplitResultProducer", run, setTrainPercent=percent)
        expected = [(trainings[0], tested)]
        X = np.zeros((n, 1))
        dataset = load_arff(path)
        categorical = pd.Categorical(y, categories=["yes", "no"])
        for arguments in ((dataset,), (X, dataset), (X, categorical), (X, pd.Series(categorical))):
            assert ours(WekaSplit(percent, seed=run, experimenter=True).split(*arguments)) == expected, (run, arguments)
        split = WekaSplit(percent, seed=run, experimenter=True, labels=dataset.class_names)
        assert ours(split.split(X, y)) == expected
        with pytest.warns(UserWarning, match=r"drawn in sorted order .*pass labels="):
            differ += ours(WekaSplit(percent, seed=run, experimenter=True).split(X, y)) != expected
    assert differ > 6  # the sorted order is not WEKA's: most splits differ


def test_the_unknown_order_is_said_once_per_splitter():
    y = ["b", "a", "b", "a", "b", "a"]
    split = WekaSplit(50.0, experimenter=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(3):
            list(split.split(np.zeros((6, 1)), y))
        list(WekaSplit(50.0, experimenter=True, labels=["b", "a"]).split(np.zeros((6, 1)), y))
        list(WekaSplit(50.0, experimenter=True, randomize=False).split(np.zeros((6, 1)), y))  # no draws: no order
        list(WekaSplit(50.0, experimenter=True).split(np.zeros((6, 1)), [1, 0, 1, 0, 1, 0]))  # indices: in order
        list(WekaSplit(50.0).split(np.zeros((6, 1)), y))  # the command line's split does not stratify
    assert len(caught) == 1 and "labels=" in str(caught[0].message)


def test_a_dataset_is_taken_as_samples_and_class(tmp_path, rng):
    path = tmp_path / "yesno.arff"
    yes_no_file(path, rng, 30)
    dataset = load_arff(path)
    X = np.zeros((30, 1))
    assert ours(WekaKFold(4, seed=3).split(dataset)) == ours(
        WekaKFold(4, seed=3, stratify=True).split(X, dataset.class_values)
    )
    assert ours(WekaKFold(4, seed=3).split(X, dataset)) == ours(WekaKFold(4, seed=3).split(dataset))
    numeric = load_arff(ARFF_SAMPLES / "numeric-class.arff")
    assert ours(WekaKFold(3).split(numeric)) == ours(WekaKFold(3).split(np.zeros((numeric.num_instances, 1))))
    with pytest.raises(ModelDataError, match="X has 29 samples and the dataset's class 30 values"):
        list(WekaSplit(50.0, experimenter=True).split(X[:29], dataset))
