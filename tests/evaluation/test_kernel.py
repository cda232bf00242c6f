"""wekaeval.evaluation is WEKA's UnivariateKernelEstimator bit for bit.

Each case adds the same (value, weight) pairs in the same order to WEKA's estimator in the JVM and to
ours, and compares ``logDensity`` at many points (the values themselves, points between them, points far
outside) with ``float.hex`` equality, for :meth:`log_density` and :meth:`log_densities` alike.  Last,
Evaluation's SF prior entropy for a numeric class is rebuilt from :meth:`log_density`.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.blobs import kinds
from wekaeval.evaluation import UnivariateKernelEstimator
from wekaeval.evaluation._kernel import kernel_const
from wekaeval.javamath import java_log_scalar

pytestmark = pytest.mark.jvm


@pytest.fixture(scope="module")
def jvm(weka_jvm):
    from tests.oracles import kernel_jvm

    return kernel_jvm


def estimator(values, weights) -> UnivariateKernelEstimator:
    ours = UnivariateKernelEstimator()
    for value, weight in zip(values, weights, strict=False):
        ours.add_value(value, weight)
    return ours


def points_for(values: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The training values, midpoints between neighbours, jittered values, and points far outside."""
    finite = np.unique(values[np.isfinite(values)])
    spread = float(np.ptp(finite)) if finite.size > 1 else 1.0
    spread = spread if spread > 0 else 1.0
    extra = [np.array([0.0, -0.0, 1e300, -1e300, 1e-300])]
    if finite.size:
        low, high = float(finite[0]), float(finite[-1])
        extra += [
            finite,
            (finite[:-1] + finite[1:]) / 2,
            finite + spread * rng.normal(0, 0.05, finite.size),
            rng.uniform(low - spread, high + spread, 20),
            np.array([low - 10 * spread, high + 10 * spread, low - 1e4 * spread, high + 1e4 * spread]),
        ]
    return np.concatenate([values, *extra])


def assert_same_as_weka(jvm, values, weights, points, *, scalar: bool = True) -> None:
    values = np.asarray(values, dtype=np.float64)
    weights = np.asarray(weights, dtype=np.float64)
    points = np.asarray(points, dtype=np.float64)
    expected = jvm.jvm_log_densities(values, weights, points)
    ours = estimator(values.tolist(), weights.tolist())
    results = {"log_densities": ours.log_densities(points)}
    if scalar:
        results["log_density"] = np.array([ours.log_density(p) for p in points.tolist()])
    for name, got in results.items():
        pairs = zip(got.tolist(), expected.tolist(), strict=False)
        wrong = [i for i, (a, b) in enumerate(pairs) if a.hex() != b.hex() and not (math.isnan(a) and math.isnan(b))]
        shown = [f"{name}({points[i].hex()}): {got[i].hex()} != {expected[i].hex()}" for i in wrong[:5]]
        assert not wrong, f"{len(wrong)} of {points.size} differ for {values.size} values:\n" + "\n".join(shown)


def test_const_is_wekas(jvm):
    import jpype

    assert kernel_const().hex() == float(jpype.JClass("weka.estimators.UnivariateKernelEstimator").CONST).hex()


@pytest.mark.parametrize(
    "values, weights",
    [
        ([3.5], [1.0]),  # a single value: the bandwidth is the minimum, 1e-6
        ([2.0] * 7, [1.0] * 7),  # constant values
        ([1.0, 2.0, 2.0, 2.0, 3.0, 1.0], [1.0, 0.5, 2.0, 1.0, 0.25, 3.0]),  # repeated values, summed weights
        ([1.0, 2.0, 3.0], [0.0, 1.0, 0.0]),  # zero weights are skipped but count in the sums
        ([1.0, 2.0], [0.0, 0.0]),  # total weight 0: bandwidth Double.MAX_VALUE, log(0)
        ([1.0, 2.0, 5.0], [2.0, -1.0, 0.5]),  # a negative weight
        ([1.0, 2.0], [-1.0, -2.0]),  # a negative total
        ([0.0, -0.0, 0.0, 1.0], [1.0, 2.0, 0.5, 1.0]),  # -0.0 and 0.0 are two TreeMap entries
        ([-1e6, -999999.5, 3e5, 0.001], [1.0, 1.0, 1.0, 1.0]),
        ([1e-3, 2e-3, 2.5e-3], [0.1, 0.2, 0.3]),
        ([1.0, float("nan"), 2.0], [1.0, 1.0, 1.0]),  # NaN: one entry after all others
        ([1.0, float("inf"), 2.0], [1.0, 1.0, 1.0]),
        ([1.0, 2.0], [1e-320, 1e-320]),  # a subnormal total weight
        ([1.0, 2.0], [1e308, 1e308]),  # an infinite total weight
        ([1e200, -1e200, 3.0], [1.0, 1.0, 1.0]),  # an infinite variance
        ([], []),  # nothing added: NaN everywhere
    ],
)
def test_edge_cases(jvm, values, weights):
    rng = np.random.default_rng(0)
    assert_same_as_weka(jvm, values, weights, points_for(np.array(values, dtype=np.float64), rng))


def test_a_thousand_values_at_three_thousand_points(jvm, rng):
    values = np.concatenate([rng.normal(-3, 0.1, 400), rng.normal(0, 0.25, 500), rng.integers(0, 5, 100)])
    weights = rng.choice([1.0, 3.0, 0.5, 0.0], values.size)
    points = np.concatenate([points_for(values, rng), rng.uniform(-5, 5, 500)])
    assert_same_as_weka(jvm, values, weights, points, scalar=False)
    assert_same_as_weka(jvm, values, weights, points[::10])
    grid = points[:12].reshape(3, 4)
    assert estimator(values, weights).log_densities(grid).shape == (3, 4)


SCALES = st.sampled_from([1e-3, 0.01, 0.7, 1.0, 13.0, 250.0, 1e4, 1e6])
LISTED_WEIGHTS = [1.0, 1.0, 1.0, 0.0, 0.5, 2.0, 0.1, 3.25]


@st.composite
def training_sets(draw):
    """Each array's choices in one draw (tests/blobs.py), the floats drawn one by one: values on a grid of
    -20 .. 20 times the scale, or any doubles within the scale; weights 1, or half listed, half any in [0, 10]."""
    scale = draw(SCALES)
    size = draw(st.integers(1, 60))
    if draw(st.booleans()):  # repeated values on a grid
        values = [scale * (v - 20) for v in kinds(draw, 41, size)]
    else:
        values = draw(st.lists(st.floats(-scale, scale, allow_subnormal=False), min_size=size, max_size=size))
    if draw(st.booleans()):
        offset = draw(st.sampled_from([0.0, -5.0, 1e3, -1e6]))
        values = [v + offset * scale for v in values]
    if draw(st.booleans()):
        weights = [1.0] * size
    else:
        weights = [
            LISTED_WEIGHTS[kind] if kind < 8 else draw(st.floats(0.0, 10.0, allow_subnormal=False))
            for kind in kinds(draw, 16, size)
        ]
    return values, weights


@settings(max_examples=300, deadline=None)
@given(training_sets(), st.integers(0, 2**32 - 1))
def test_random_training_sets_match_weka(jvm, training, seed):
    values, weights = training
    points = points_for(np.array(values), np.random.default_rng(seed))
    assert_same_as_weka(jvm, values, weights, points)


def test_evaluations_sf_prior_entropy(jvm):
    """Evaluation(train) for a numeric class builds this estimator from the training class values and,
    per test instance, subtracts ``logDensity(class) * weight / Utils.log2`` from the prior entropy."""
    import jpype

    rng = np.random.default_rng(3)
    attributes = jpype.JClass("java.util.ArrayList")()
    attributes.add(jpype.JClass("weka.core.Attribute")("x"))
    attributes.add(jpype.JClass("weka.core.Attribute")("y"))

    def data(size):
        instances = jpype.JClass("weka.core.Instances")("numeric", attributes, size)
        instances.setClassIndex(1)
        x = rng.uniform(0, 10, size)
        y = np.round(np.sin(x) * 5 + rng.normal(0, 1, size), 3)
        weights = rng.choice([1.0, 0.5, 2.0], size)
        for row in zip(x.tolist(), y.tolist(), weights.tolist(), strict=False):
            values = jpype.JArray(jpype.JDouble)([row[0], row[1]])
            instances.add(jpype.JClass("weka.core.DenseInstance")(row[2], values))
        return instances, y, weights

    train, train_y, train_w = data(300)
    test, test_y, test_w = data(150)
    unweighted = jpype.JClass("weka.core.Instances")(train)
    for i in range(unweighted.numInstances()):
        unweighted.instance(i).setWeight(1.0)
    classifier = jpype.JClass("weka.classifiers.meta.RegressionByDiscretization")()  # a density estimator
    classifier.buildClassifier(unweighted)
    evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")(train)
    evaluation.evaluateModel(classifier, test, jpype.JArray(jpype.JObject)([]))

    prior = estimator(train_y.tolist(), train_w.tolist())
    log2 = java_log_scalar(2.0)
    entropy = 0.0
    for value, weight in zip(test_y.tolist(), test_w.tolist(), strict=False):
        entropy -= prior.log_density(value) * weight / log2
    assert math.isfinite(entropy) and entropy.hex() == float(evaluation.SFPriorEntropy()).hex()
