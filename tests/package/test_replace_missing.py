"""wekaeval.sklearn.ReplaceMissingValues against WEKA's own filter, value for value through the JVM.

Each comparison runs ``weka.filters.unsupervised.attribute.ReplaceMissingValues`` on the project's data sets
with missing values (arff_samples/generate.py), learnt on a training part and applied to it and to the rest,
and asks the transformer for the same on the features wekaeval gives scikit-learn (one-hot and ordinal):
every double equal, bit for bit.  Instance weights come from the file, or are seeded random doubles.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sklearn")
from sklearn.base import clone  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402

from tests.paths import ARFF_SAMPLES  # noqa: E402
from wekaeval import bridge  # noqa: E402
from wekaeval.models import ModelDataError, cross_validate
from wekaeval.models._shared import model_data
from wekaeval.sklearn import ReplaceMissingValues  # noqa: E402

#: The data sets of arff_samples with ``?`` among their attributes (missing-class has them in its class only).
WITH_MISSING = ["small-mixed", "many-missing", "ballots", "imbalanced", "wide"]


def _weka_filtered(path, weights, cut):
    """WEKA's filter learnt on the first ``cut`` instances: (train, rest) filtered, as Instances."""
    Instances = bridge.java_class("weka.core.Instances")
    data = Instances(bridge.java_class("java.io.FileReader")(str(path)))
    data.setClassIndex(data.numAttributes() - 1)
    if weights is not None:
        for i, weight in enumerate(weights.tolist()):
            data.instance(i).setWeight(weight)
    train, rest = Instances(data, 0, cut), Instances(data, cut, data.numInstances() - cut)
    Filter = bridge.java_class("weka.filters.Filter")
    replace = bridge.java_class("weka.filters.unsupervised.attribute.ReplaceMissingValues")()
    replace.setInputFormat(train)
    return Filter.useFilter(train, replace), Filter.useFilter(rest, replace)


def _encoded(instances, nominal):
    """Instances as model_data encodes them (the class left out), NaN where WEKA keeps ``?``."""
    values = np.array([list(instances.instance(i).toDoubleArray()) for i in range(instances.numInstances())])
    columns = []
    for j in range(instances.numAttributes()):
        attribute = instances.attribute(j)
        if j == instances.classIndex():
            continue
        if attribute.isNominal() and nominal == "onehot":
            for k in range(attribute.numValues()):
                columns.append(np.where(np.isnan(values[:, j]), np.nan, (values[:, j] == k).astype(np.float64)))
        else:
            columns.append(values[:, j])
    return np.column_stack(columns)


def _same_bits(actual, expected):
    assert actual.shape == expected.shape
    assert actual.tobytes() == expected.tobytes(), np.argwhere(~((actual == expected) | np.isnan(expected)))[:5]


@pytest.mark.jvm
@pytest.mark.parametrize("nominal", ["onehot", "ordinal"])
@pytest.mark.parametrize("name", WITH_MISSING)
def test_equals_wekas_filter_on_the_samples(weka_jvm, name, nominal, seed):
    path = ARFF_SAMPLES / f"{name}.arff"
    data = model_data(str(path), nominal=nominal)
    assert np.isnan(data.X).any()
    n = data.num_instances
    rng = np.random.default_rng(seed)
    for weights in (None, rng.uniform(0.01, 3.0, n)):
        for cut in (n, (2 * n) // 3):
            train, rest = _weka_filtered(path, weights, cut)
            sample_weight = data.weights if weights is None else weights
            replace = ReplaceMissingValues(onehot=data.onehot_groups, ordinal=data.ordinal_labels)
            replace.fit(data.X[:cut], sample_weight=sample_weight[:cut])
            _same_bits(replace.transform(data.X[:cut]), _encoded(train, nominal))
            if cut < n:  # the means and modes of the training part, on the rest
                _same_bits(replace.transform(data.X[cut:]), _encoded(rest, nominal))


@pytest.mark.jvm
def test_every_value_missing_and_ties(weka_jvm, tmp_path, seed):
    """A column with every value missing (mean 0.0 unless the weights leave more than 1e-6; the mode from the
    rounding of ``counts[0]``), labels tied (the first wins)."""
    rng = np.random.default_rng(seed)
    for trial in range(12):
        n = int(rng.integers(1, 9))
        weights = rng.choice([0.1, 0.2, 0.3, 0.7, 1.0, 1e-7, rng.uniform(0.01, 2.0)], n)
        lines = ["@relation edge", "@attribute gone numeric", "@attribute lost {a,b,c}", "@attribute tie {x,y,z}"]
        lines += ["@attribute few numeric", "@attribute class {p,q}", "@data"]
        for i, weight in enumerate(weights.tolist()):
            tie = ["y", "z"][i % 2] if i < n - n % 2 else "?"
            few = "?" if i else "2.5"
            lines.append(f"?,?,{tie},{few},{'pq'[i % 2]},{{{weight!r}}}")
        path = tmp_path / f"edge{trial}.arff"
        path.write_text("\n".join(lines) + "\n")
        for nominal in ("onehot", "ordinal"):
            data = model_data(str(path), nominal=nominal)
            train, _ = _weka_filtered(path, None, n)
            replace = ReplaceMissingValues(onehot=data.onehot_groups, ordinal=data.ordinal_labels)
            _same_bits(replace.fit(data.X, sample_weight=data.weights).transform(data.X), _encoded(train, nominal))


def test_an_experiment_tells_a_fresh_copy_the_nominal_columns():
    """Given no columns, the copy wekaeval fits in an experiment learns them from the data (a mode, not the
    mean of a one-hot column); the estimator the user gave is left as it was."""
    path = str(ARFF_SAMPLES / "small-mixed.arff")
    pipeline = make_pipeline(ReplaceMissingValues(), GaussianNB())
    evaluation = cross_validate(pipeline, path, folds=3, seed=1)
    assert evaluation.num_instances == model_data(path).num_instances
    assert pipeline.get_params()["replacemissingvalues__onehot"] is None
    from wekaeval.models import SklearnRunner

    fitted = SklearnRunner(pipeline).fit(model_data(path), np.arange(10))
    replace = fitted.named_steps["replacemissingvalues"]
    assert replace.onehot_ == model_data(path).onehot_groups
    assert set(np.unique(replace.transform(model_data(path).X)[:, [2, 3, 4]])) <= {0.0, 1.0}
    alone = clone(ReplaceMissingValues()).fit(model_data(path).X)
    assert alone.onehot_ == () and not np.isnan(alone.transform(model_data(path).X)).any()


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"onehot": [(0, 5)]}, "columns of X"),
        ({"onehot": [(0, 1)], "ordinal": [(1, 2)]}, "each once"),
        ({"onehot": "ab"}, "column groups"),
        ({"ordinal": [(0, 1)]}, "not label indices"),
        ({"onehot": [(0, 1)]}, "not one nominal attribute"),
    ],
)
def test_bad_layouts_are_refused_by_name(arguments, words):
    X = np.array([[0.0, 2.0], [1.0, np.nan]])
    with pytest.raises(ModelDataError, match=words):
        ReplaceMissingValues(**arguments).fit(X)


def test_an_attribute_without_labels_stays_missing():
    X = np.array([[np.nan, 1.0], [np.nan, np.nan]])
    replace = ReplaceMissingValues(ordinal=[(0, 0)]).fit(X)  # WEKA: Utils.missingValue() for no labels
    assert replace.modes_ == (None,)
    assert np.isnan(replace.transform(X)[:, 0]).all() and replace.transform(X)[:, 1].tolist() == [1.0, 1.0]


def test_weights_and_shapes_are_checked():
    X = np.array([[1.0], [np.nan]])
    with pytest.raises(ModelDataError, match="sample_weight"):
        ReplaceMissingValues().fit(X, sample_weight=[1.0])
    replace = ReplaceMissingValues().fit(X, sample_weight=[2.0, 5.0])
    assert replace.transform(X)[:, 0].tolist() == [1.0, 1.0]  # (2 * 1) / (7 - 5)
    with pytest.raises(ModelDataError, match="columns"):
        replace.transform(np.ones((1, 2)))


@pytest.mark.jvm
@pytest.mark.parametrize("name", ["small-mixed", "many-missing"])
def test_on_wekas_folds_the_means_are_the_filters_on_its_training_part(weka_jvm, name):
    """The rows an experiment fits on (WEKA's trainCV, in its order) give the filter's means and modes: the filter
    learnt on WEKA's own training part of each fold, applied to its test part."""
    from wekaeval.evaluation._shared import cross_validation_folds
    from wekaeval.javamath import JavaRandom

    path = ARFF_SAMPLES / f"{name}.arff"
    data = model_data(str(path))
    Instances = bridge.java_class("weka.core.Instances")
    instances = Instances(bridge.java_class("java.io.FileReader")(str(path)))
    instances.setClassIndex(instances.numAttributes() - 1)
    random = bridge.java_class("java.util.Random")(1)
    instances.randomize(random)
    instances.stratify(3)
    Filter = bridge.java_class("weka.filters.Filter")
    folds = cross_validation_folds(data.num_instances, 3, JavaRandom(1), classes=data.class_codes())
    for fold, (train, test) in enumerate(folds):
        weka_train, weka_test = instances.trainCV(3, fold, random), instances.testCV(3, fold)
        replace = bridge.java_class("weka.filters.unsupervised.attribute.ReplaceMissingValues")()
        replace.setInputFormat(weka_train)
        filtered_train, filtered_test = Filter.useFilter(weka_train, replace), Filter.useFilter(weka_test, replace)
        ours = ReplaceMissingValues(onehot=data.onehot_groups).fit(data.X[train], sample_weight=data.weights[train])
        _same_bits(ours.transform(data.X[train]), _encoded(filtered_train, "onehot"))
        _same_bits(ours.transform(data.X[test]), _encoded(filtered_test, "onehot"))
