"""wekaeval.Evaluation for a numeric class against WEKA 3.9.7's own Evaluation: every number with ==, the summary text.

WEKA's side is fed through a scripted regression scheme (tests/oracles/java/ScriptedRegression.java) so that its
Evaluation takes each of its paths: an interval and density estimator, a plain scheme, or bare predicted values
(evaluateModelOnceAndRecordPrediction(double[], Instance)).
"""

from __future__ import annotations

import math
import warnings
from functools import cache
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.blobs import kinds, picks
from tests.oracles.jvm_classes import compiled_class
from tests.paths import ARFF_SAMPLES, JAVA_SOURCES
from wekaeval import Evaluation, EvaluationError, PredictionError, load_arff
from wekaeval.blocks import STATISTICS

NUMERIC_STATISTICS = {
    **{s.name: s.getter for s in STATISTICS if s.scope in ("any", "numeric")},
    "num_classified": "numClassified",
}
MODES = ("interval-density", "plain", "distribution")


@cache
def scripted() -> Any:
    return compiled_class(
        JAVA_SOURCES / "ScriptedRegression.java",
        "wekaeval.tests.ScriptedRegression",
        with_weka=True,
    )


def weka_numeric(case: dict) -> tuple[dict[str, float], dict[str, str]]:
    """WEKA's statistics by python-weka-wrapper3's names, and its summary texts, for one case."""
    import jpype

    def doubles(values):
        return None if values is None else jpype.JArray(jpype.JDouble)(np.asarray(values, dtype=float).tolist())

    intervals = jpype.JArray(jpype.JDouble, 3)(np.asarray(case["intervals"], dtype=float).tolist())
    evaluation = scripted().evaluate(
        doubles(case["train_values"]),
        doubles(case["train_weights"]),
        doubles(case["update_values"]),
        doubles(case["update_weights"]),
        doubles(case["actual"]),
        doubles(case["weights"]),
        doubles(case["predicted"]),
        intervals,
        doubles(case["log_density"]),
        case["mode"],
        case["no_priors"],
    )
    numbers = {name: float(getattr(evaluation, getter)()) for name, getter in NUMERIC_STATISTICS.items()}
    numbers["class_priors"] = float(evaluation.getClassPriors()[0])
    texts = {
        "summary": str(evaluation.toSummaryString()),
        "complexity": str(evaluation.toSummaryString("=== Summary ===\n", True)),
    }
    return numbers, texts


def ported(case: dict) -> Evaluation:
    evaluation = Evaluation(None)
    if case["train_values"] is not None:
        evaluation.set_priors(case["train_values"], case["train_weights"])
    if case["update_values"] is not None:
        for value, weight in zip(case["update_values"], case["update_weights"], strict=False):
            evaluation.update_priors(value, weight)
    if case["no_priors"]:
        evaluation.use_no_priors()
    mode = case["mode"]
    extras = {
        "interval-density": {"intervals": case["intervals"], "log_densities": case["log_density"]},
        "plain": {"intervals": False, "log_densities": False},
        "distribution": {},
    }[mode]
    evaluation.evaluate_batch(case["predicted"], case["actual"], case["weights"], **extras)
    return evaluation


def mismatches(case: dict) -> list[str]:
    numbers, texts = weka_numeric(case)
    ours = ported(case)
    found = [
        f"{name}: WEKA {value!r}, port {getattr(ours, name)!r}"
        for name, value in numbers.items()
        if name != "class_priors" and value.hex() != float(getattr(ours, name)).hex()
    ]
    if numbers["class_priors"].hex() != float(ours.class_priors[0]).hex():
        found.append(f"class_priors: WEKA {numbers['class_priors']!r}, port {ours.class_priors[0]!r}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mine = {"summary": ours.summary(), "complexity": ours.summary("=== Summary ===\n", True)}
    found += [f"{name}:\n{texts[name]}\n!=\n{mine[name]}" for name in texts if texts[name] != mine[name]]
    return found


# -- generated cases ---------------------------------------------------------------------------------------------


WEIGHTS = [1.0, 0.5, 0.1, 2.75, 0.0, 3.0]


@st.composite
def cases(draw, modes=MODES):
    """Each array's choices in one draw (tests/blobs.py), the floats drawn one by one: a value is half a double
    in [-1, 1] times the scale rounded to 3 decimals, half 0 or plus or minus the scale; a class half missing."""
    scale = draw(st.sampled_from([1e-3, 1.0, 37.5, 1e6]))
    listed = [0.0, scale, -scale]

    def value(kind: int) -> float:  # kind in range(6)
        return round(draw(st.floats(-1, 1)) * scale, 3) if kind < 3 else listed[kind - 3]

    def values(count: int) -> list[float]:
        return [value(kind) for kind in kinds(draw, 6, count)]

    def values_or_missing(count: int, constant: bool = False) -> list[float]:
        return [math.nan if kind >= 6 else scale if constant else value(kind) for kind in kinds(draw, 12, count)]

    constant = draw(st.booleans())
    n = draw(st.integers(0, 30))
    actual = values_or_missing(n, constant)
    predicted = values_or_missing(n)
    m = draw(st.integers(1, 2))
    ends = values(2 * n * m)
    intervals = [sorted(ends[2 * i : 2 * i + 2]) for i in range(n * m)]
    train = None
    if draw(st.booleans()):
        size = draw(st.integers(1, 25))
        train = list(zip(values_or_missing(size), picks(draw, WEIGHTS, size), strict=True))
    update = None
    if draw(st.booleans()):
        size = draw(st.integers(1, 3))
        update = list(zip(values(size), picks(draw, WEIGHTS, size), strict=True))
    return {
        "train_values": None if train is None else [v for v, _ in train],
        "train_weights": None if train is None else [w for _, w in train],
        "update_values": None if update is None else [v for v, _ in update],
        "update_weights": None if update is None else [w for _, w in update],
        "actual": actual,
        "predicted": predicted,
        "weights": picks(draw, WEIGHTS, n),
        "intervals": np.asarray(intervals, dtype=float).reshape(n, m, 2),
        "log_density": draw(st.lists(st.floats(-30, 5), min_size=n, max_size=n)),
        "mode": draw(st.sampled_from(modes)),
        "no_priors": draw(st.booleans()),
    }


@pytest.mark.jvm
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(modes=("plain", "distribution")))
def test_generated_regressions_are_wekas(weka_jvm, case):
    assert mismatches(case) == []


@pytest.mark.jvm
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(modes=("interval-density",)))
def test_interval_and_density_estimators_are_wekas(weka_jvm, case):
    """Coverage, region size and the SF entropies from the scheme's intervals and densities (kernel prior)."""
    assert mismatches(case) == []


# -- the API --------------------------------------------------------------------------------------------------------


def test_a_numeric_dataset_makes_a_numeric_evaluation():
    data = load_arff(ARFF_SAMPLES / "numeric-class.arff")
    evaluation = Evaluation(data)
    assert evaluation.numeric and evaluation.class_names is None and evaluation.num_classes == 1
    known = ~np.isnan(data.class_values)
    assert (
        evaluation.class_priors[0]
        == np.add.accumulate(np.append(0.0, data.class_values[known] * data.weights[known]))[-1]
    )
    predicted = np.where(np.isnan(data.class_values), 0.0, data.class_values) + 0.5
    assert np.array_equal(evaluation.evaluate_batch(predicted, data.class_values, data.weights), predicted)
    assert evaluation.mean_absolute_error == 0.5 and evaluation.correlation_coefficient == 1.0
    assert evaluation.evaluate_model_once([3.0], 2.0, 1.0) == 3.0
    prediction = evaluation.predictions[-1]
    assert (prediction.actual, prediction.predicted, prediction.error) == (2.0, 3.0, 1.0)
    for nominal_only in ("kappa", "percent_correct", "weighted_f_measure", "confusion_matrix"):
        with pytest.raises(EvaluationError, match="numeric"):
            getattr(evaluation, nominal_only)
    with pytest.raises(EvaluationError, match="numeric"):
        evaluation.area_under_roc(0)
    with pytest.raises(EvaluationError, match="numeric"):
        evaluation.class_details()
    with pytest.raises(PredictionError, match="intervals must have shape"):
        evaluation.evaluate_batch([1.0, 2.0], [1.0, 2.0], intervals=[[1.0, 2.0, 3.0]])
    with pytest.raises(PredictionError, match="for a numeric class"):
        Evaluation(["a", "b"]).evaluate_batch([[1.0, 0.0]], [0], intervals=False)


CV_RUNS = [
    ("numeric-class.arff", "weka.classifiers.functions.LinearRegression"),
    ("sklearn-diabetes.arff", "weka.classifiers.trees.M5P"),
]


@pytest.fixture(scope="module")
def cv_printed(weka_jvm):
    """`java <scheme> -t <dataset> -k`'s stdout per (dataset, scheme), all in one child JVM."""
    from tests.oracles.command_lines import print_texts

    lines = [[scheme, "-t", str(ARFF_SAMPLES / dataset), "-k"] for dataset, scheme in CV_RUNS]
    return dict(zip(CV_RUNS, print_texts(lines, []), strict=True))


@pytest.mark.jvm
@pytest.mark.parametrize(("dataset", "scheme"), CV_RUNS)
def test_cross_validation_block_is_the_command_lines(weka_jvm, cv_printed, dataset, scheme):
    """evaluate_folds + cross_validation_text against WEKA's command line with -k, byte for byte."""
    from wekaeval import bridge
    from wekaeval.evaluation import cross_validation_text, evaluate_folds

    path = ARFF_SAMPLES / dataset
    result = bridge.evaluate(path, scheme)
    folds = [
        (result.distributions[result.fold == i], result.actual[result.fold == i], result.weights[result.fold == i])
        for i in range(10)
    ]
    ours = evaluate_folds(load_arff(path), folds, seed=1, intervals=False, log_densities=False)
    printed = cv_printed[dataset, scheme]
    assert printed[printed.index("=== Cross-validation ===\n") :] == cross_validation_text(ours, complexity=True) + "\n"


def test_the_report_reader_reads_and_checks_what_a_numeric_evaluation_prints():
    """One vocabulary: a numeric summary printed by Evaluation reads back under the same names; check() verifies
    the unclassified percentage, the one value other printed numbers fix."""
    from wekaeval import read_weka_output

    evaluation = Evaluation(None)
    evaluation.set_priors([1.0, 2.0, 3.0, 5.0])
    evaluation.evaluate_batch([1.1, math.nan, 2.9, 4.0, math.nan, 2.0], [1.0, 2.0, 3.0, 5.0, 1.0, 2.5])
    text = evaluation.summary("=== Cross-validation ===\n")
    (section,) = read_weka_output(text).sections
    for name in (
        "correlation_coefficient",
        "mean_absolute_error",
        "root_relative_squared_error",
        "unclassified",
        "num_instances",
    ):
        assert getattr(section.summary, name) == float(f"{getattr(evaluation, name):.4f}"), name
    assert read_weka_output(text).check() == []
    (found,) = read_weka_output(text.replace("33.3333 %", "30      %")).check()
    assert str(found).endswith("percent_unclassified is 30.0, the unclassified and total counts give 33.3333")
