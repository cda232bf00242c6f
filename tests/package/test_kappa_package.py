"""java_reference/kappa-package: the WEKA package wekaevalKappa prints wekaeval.kappa_stats' doubles.

Its static ``WekaevalKappa.statistics(double[][])``, compiled in this process's JVM, must return the very
doubles of ``kappa_stats`` (``float.hex`` equality, NaN equal to NaN) on generated and degenerate matrices
and on real WEKA Evaluations.  Then the package is built with its build.sh, installed offline into a
temporary WEKA home and run as users run it (``weka.Run`` on the command line, python-weka-wrapper3 with
package support): every summary shows the five lines right after ``Kappa statistic``, byte for byte
``name.ljust(35) + double_to_string(value, 12, 4)``, and nothing without the package.
The runs are shared through the session fixture ``kappa_package_outputs`` (tests/conftest.py).
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.oracles.jvm_classes import compiled_class
from tests.oracles.kappa_package_runs import (
    CLASS_NAME,
    PACKAGE_NAME,
    PWW3_RUNS,
    SOURCE,
    STATISTICS,
    plugin_lines,
    sections,
)
from wekaeval import kappa_stats
from wekaeval.javamath import double_to_string

pytestmark = pytest.mark.jvm

NAMES = [name for name, _ in STATISTICS]
ARFF_SAMPLES_CV = [
    ("iris.arff", "weka.classifiers.trees.J48"),
    ("weighted.arff", "weka.classifiers.trees.J48"),
    ("weighted-sparse.arff", "weka.classifiers.bayes.NaiveBayes"),
    ("six-classes.arff", "weka.classifiers.rules.OneR"),
]


def expected(matrix) -> list[float]:
    """kappa_stats' five fields, in the package's order."""
    stats = kappa_stats(matrix)
    return [getattr(stats, attribute) for _, attribute in STATISTICS]


def expected_lines(matrix) -> list[str]:
    return [
        name.ljust(35) + double_to_string(value, 12, 4) for name, value in zip(NAMES, expected(matrix), strict=False)
    ]


def same_double(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or float(a).hex() == float(b).hex()


@pytest.fixture(scope="module")
def plugin_class(weka_jvm):
    """The plugin's source compiled in this process's JVM (no package loading here)."""
    return compiled_class(SOURCE, CLASS_NAME, with_weka=True)


def java_statistics(plugin_class, matrix) -> list[float]:
    import jpype

    rows = [[float(x) for x in row] for row in matrix]
    return [float(x) for x in plugin_class.statistics(jpype.JArray(jpype.JDouble, 2)(rows))]


def assert_bit_for_bit(plugin_class, matrix) -> None:
    java, python = java_statistics(plugin_class, matrix), expected(matrix)
    mismatched = [(name, j, p) for name, j, p in zip(NAMES, java, python, strict=False) if not same_double(j, p)]
    assert not mismatched, f"{matrix}: {mismatched}"


# -- the arithmetic, bit for bit --------------------------------------------------------------------------


@st.composite
def matrices(draw, cell):
    k = draw(st.integers(1, 6))
    return draw(st.lists(st.lists(cell, min_size=k, max_size=k), min_size=k, max_size=k))


COUNTS = st.one_of(st.just(0), st.integers(0, 5), st.integers(0, 10_000))
WEIGHTS = st.one_of(
    st.just(0.0),
    st.floats(0, 10, allow_nan=False),
    st.floats(0, 1e6, allow_nan=False),
    st.integers(0, 400).map(lambda x: x / 100),
)


@settings(max_examples=300, deadline=None)
@given(matrices(COUNTS))
def test_statistics_equal_kappa_stats_on_counts(plugin_class, matrix):
    assert_bit_for_bit(plugin_class, matrix)


@settings(max_examples=300, deadline=None)
@given(matrices(WEIGHTS))
def test_statistics_equal_kappa_stats_on_weights(plugin_class, matrix):
    assert_bit_for_bit(plugin_class, matrix)


def degenerate_matrices():
    for k in range(1, 7):
        yield f"zeros-{k}", np.zeros((k, k))
        yield f"perfect-{k}", np.diag(np.arange(1.0, k + 1))
        yield f"perfect-equal-{k}", np.eye(k) * 7
        one = np.zeros((k, k))
        one[k - 1, 0] = 3.5
        yield f"one-cell-{k}", one
        row = np.zeros((k, k))
        row[0, :] = 2.0
        yield f"one-actual-class-{k}", row
        column = np.zeros((k, k))
        column[:, k - 1] = 1.25
        yield f"one-predicted-class-{k}", column
        yield f"uniform-{k}", np.ones((k, k))
    yield "one-class", np.array([[5.0]])
    yield "one-class-weighted", np.array([[0.1]])
    yield "anti-diagonal", np.array([[0.0, 4.0], [4.0, 0.0]])
    yield "tiny", np.array([[5e-324, 0.0], [0.0, 5e-324]])
    yield "huge", np.array([[1e300, 1e300], [1e300, 1e300]])
    yield "cats-and-dogs", np.array([[10.0, 7.0], [5.0, 8.0]])


@pytest.mark.parametrize("name, matrix", list(degenerate_matrices()), ids=[n for n, _ in degenerate_matrices()])
def test_statistics_equal_kappa_stats_on_degenerate_matrices(plugin_class, name, matrix):
    assert_bit_for_bit(plugin_class, matrix)


def test_statistics_equal_kappa_stats_on_random_matrices(plugin_class):
    """Two thousand matrices more, mixing sparse counts and instance weights of many magnitudes."""
    rng = np.random.default_rng(13)
    for _ in range(2000):
        k = int(rng.integers(1, 7))
        matrix = rng.integers(0, 30, (k, k)) * (rng.random((k, k)) < 0.7)
        if rng.random() < 0.5:
            matrix = matrix * rng.random((k, k)) * 10.0 ** rng.integers(-3, 4)
        assert_bit_for_bit(plugin_class, matrix.astype(np.float64))


# -- the metric inside WEKA's Evaluation, in process ----------------------------------------------------


def cross_validated(data_name: str, classifier: str):
    """python-weka-wrapper3's 10-fold cross-validation with Random(1); the weka.classifiers.evaluation.Evaluation."""
    from weka.classifiers import Classifier, Evaluation
    from weka.core.classes import Random
    from weka.core.dataset import Instances

    from tests.oracles.weka_runs import ARFF_SAMPLES
    from wekaeval import bridge

    data = Instances(bridge.load_instances(ARFF_SAMPLES / data_name))  # WEKA's ArffLoader, class last
    evaluation = Evaluation(data)
    evaluation.crossvalidate_model(Classifier(classname=classifier), data, 10, Random(1))
    field = evaluation.jobject.getClass().getDeclaredField("m_delegate")
    field.setAccessible(True)
    return field.get(evaluation.jobject)


@pytest.mark.parametrize("data_name, classifier", ARFF_SAMPLES_CV)
def test_metric_on_weka_evaluation(plugin_class, data_name, classifier):
    evaluation = cross_validated(data_name, classifier)
    matrix = [[float(x) for x in row] for row in evaluation.confusionMatrix()]
    metric = plugin_class()
    metric.setBaseEvaluation(evaluation)
    values = [float(metric.getStatistic(name)) for name in NAMES]
    assert all(same_double(v, e) for v, e in zip(values, expected(matrix), strict=False)), (values, expected(matrix))
    assert str(metric.toSummaryString()) == "".join(line + "\n" for line in expected_lines(matrix))


def test_metric_describes_itself(plugin_class):
    import jpype

    metric = plugin_class()
    assert str(metric.getMetricName()) == "wekaeval kappa"
    assert [str(name) for name in metric.getStatisticNames()] == NAMES
    assert metric.appliesToNominalClass() and not metric.appliesToNumericClass()
    assert jpype.JClass("weka.classifiers.evaluation.StandardEvaluationMetric").class_.isInstance(metric)
    assert [bool(metric.statisticIsMaximisable(name)) for name in NAMES] == [False, True, True, True, True]
    assert all(math.isnan(metric.getStatistic(name)) for name in NAMES)  # no base Evaluation yet
    with pytest.raises(jpype.JException, match="UnknownStatisticException"):
        metric.getStatistic("Kappa statistic")


def test_metric_is_missing_for_a_numeric_class(plugin_class):
    evaluation = cross_validated("numeric-class.arff", "weka.classifiers.functions.LinearRegression")
    metric = plugin_class()
    metric.setBaseEvaluation(evaluation)
    assert all(math.isnan(metric.getStatistic(name)) for name in NAMES)


# -- the package, installed and run as users run it ------------------------------------------------------


def test_package_is_installed_offline(kappa_package_outputs):
    outputs = kappa_package_outputs
    assert outputs.install.returncode == 0
    folder = outputs.weka_home / "packages" / PACKAGE_NAME
    for name in ("Description.props", "PluginManager.props", f"{PACKAGE_NAME}.jar"):
        assert (folder / name).is_file(), outputs.install.stdout + outputs.install.stderr
    assert list(folder.glob("src/main/java/weka/classifiers/evaluation/WekaevalKappa.java"))
    assert "Caching repository metadata" not in outputs.install.stdout
    assert not list(outputs.plain_home.glob("packages/*"))


def check_summaries(output) -> int:
    """Each section's plugin lines equal kappa_stats' of its matrix; returns how many sections were checked."""
    texts = {"Summary": output.text} if "Summary" in output.matrices else sections(output.text)
    for title, matrix in output.matrices.items():
        lines = plugin_lines(texts[title])
        assert lines == expected_lines(matrix), f"{output.name}, {title}:\n" + "\n".join(lines)
    assert output.text.count("\nKappa standard error ") == len(output.matrices), output.name
    return len(output.matrices)


def test_command_line_prints_kappa_stats(kappa_package_outputs):
    checked = {name: check_summaries(output) for name, output in kappa_package_outputs.runs.items()}
    # training data and cross-validation (or test data) each; a numeric class: none
    assert checked == {
        "j48-iris": 2,
        "j48-weighted-x10": 2,
        "nb-weighted-sparse-x5": 2,
        "j48-iris-cost": 2,
        "ibk-six-classes": 2,
        "j48-iris-setosa-T": 2,
        "lr-numeric": 0,
    }
    for output in kappa_package_outputs.runs.values():
        assert "Caching repository metadata" not in output.text
    cost = sections(kappa_package_outputs.runs["j48-iris-cost"].text)["Stratified cross-validation"]
    assert re.search(r"\nKappa statistic .*\nTotal Cost .*\nAverage Cost .*\nKappa standard error ", cost)
    setosa = sections(kappa_package_outputs.runs["j48-iris-setosa-T"].text)["Error on test data"]
    assert "\nKappa standard error" + " " * 19 + "NaN     \n" in setosa  # Pe = 1: WEKA's "NaN", padded


def test_python_weka_wrapper_prints_kappa_stats(kappa_package_outputs):
    for name, output in kappa_package_outputs.pww3.items():
        assert check_summaries(output) == 1
        install, _, _ = PWW3_RUNS[name]
        assert output.details == {"installed": True if install else None, "is_installed": True}
    home = kappa_package_outputs.workdir / "pww3-home" / "packages" / PACKAGE_NAME
    assert (home / f"{PACKAGE_NAME}.jar").is_file()  # installed through weka.core.packages.install_package


def without_plugin_lines(text: str) -> str:
    kept = [
        line
        for line in text.splitlines(keepends=True)
        if not line.startswith(tuple(name + " " for name in NAMES)) and not line.startswith("Time taken")
    ]
    return "".join(kept)


def test_without_the_package_weka_prints_its_usual_output(kappa_package_outputs):
    outputs = kappa_package_outputs
    for name, plain in [*outputs.plain.items(), (outputs.direct.name, outputs.direct)]:
        assert "Kappa standard error" not in plain.text and "PABAK" not in plain.text, name
        assert without_plugin_lines(plain.text) == without_plugin_lines(outputs.runs[name].text), name
        for title in plain.matrices:
            lines = sections(plain.text)[title].splitlines()
            kappa = next(i for i, line in enumerate(lines) if line.startswith("Kappa statistic "))
            assert lines[kappa + 1].startswith("Mean absolute error ")


# -- read back by wekaeval ---------------------------------------------------------------------------------


def test_the_report_reader_reads_and_checks_the_package_lines(kappa_package_outputs):
    """read_weka_output gives each section's five values as printed, equal to kappa_stats rounded as printed;
    check() finds nothing in WEKA's genuine output (weighted data included: rounded matrices, bounded)."""
    from wekaeval import read_weka_output

    outputs = [*kappa_package_outputs.runs.values(), *kappa_package_outputs.pww3.values()]
    read = 0
    for output in outputs:
        report = read_weka_output(output.text)
        assert report.check() == [], output.name
        summaries = [section.summary for section in report.sections if section.summary is not None]
        assert len(summaries) == len(output.matrices) or not output.matrices, output.name
        for summary, (title, matrix) in zip(summaries, output.matrices.items(), strict=False):
            assert list(summary.plugin_metrics) == NAMES, (output.name, title)
            shown = [float(double_to_string(value, 12, 4)) for value in expected(matrix)]
            assert all(same_double(a, b) for a, b in zip(summary.plugin_metrics.values(), shown, strict=False))
            read += 1
    assert read == sum(len(output.matrices) for output in outputs) >= 14
