"""wekaeval.wekastatistics is WEKA's Statistics.normalProbability and normalInverse bit for bit.

WEKA itself is the oracle: each value is computed by ``weka.core.Statistics`` in the JVM and compared with
``float.hex`` equality, over every branch of the Cephes approximations (|x| below and above sqrt(1/2), the
erfc ranges below and above 8, underflow past log(MAX_VALUE); quantiles in the central range, the two
tails and the far tails).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wekaeval.wekastatistics import normal_inverse, normal_probability


def arguments() -> np.ndarray:
    rng = np.random.default_rng(20261122)
    return np.concatenate([
        rng.normal(0, 1, 3000),
        rng.uniform(-0.8, 0.8, 1000),
        rng.uniform(-12, 12, 2000),
        rng.uniform(-40, 40, 500),
        [0.0, -0.0, 0.7071067811865476, -0.7071067811865476, 1.0, -1.0, 1.4142135623730951, 8.0, -8.0,
         11.3, 37.7, 37.8, 38.0, -38.0, 1e-300, -1e-300, 1e300, -1e300, math.inf, -math.inf],
    ])


def probabilities() -> np.ndarray:
    rng = np.random.default_rng(11221)
    return np.concatenate([
        rng.uniform(0, 1, 3000),
        rng.uniform(0.1, 0.9, 1000),
        10.0 ** -rng.uniform(1, 300, 1000),
        1 - 10.0 ** -rng.uniform(1, 16, 1000),
        [0.5, 0.025, 0.975, 0.005, 0.995, 0.05, 0.95, math.exp(-2), 1 - math.exp(-2), 5e-324,
         1e-15, 1 - 2**-53, 2**-1074],
    ])


@pytest.fixture(scope="module")
def statistics(weka_jvm):
    import jpype

    return jpype.JClass("weka.core.Statistics")


@pytest.mark.jvm
def test_normal_probability_is_wekas(statistics):
    differing = [x for x in arguments()
                 if normal_probability(x).hex() != float(statistics.normalProbability(float(x))).hex()]
    assert differing == []


@pytest.mark.jvm
def test_normal_inverse_is_wekas(statistics):
    values = [y for y in probabilities() if 0 < y < 1]
    differing = [y for y in values if normal_inverse(y).hex() != float(statistics.normalInverse(float(y))).hex()]
    assert differing == []


def test_the_quantile_weka_uses_for_95_percent():
    assert normal_inverse(0.975) == 1.959963984540054
    assert normal_inverse(1 - 0.05 / 2) == 1.959963984540054


def test_tails_and_special_values():
    assert normal_probability(math.inf) == 1.0
    assert normal_probability(-math.inf) == 0.0
    assert normal_probability(-40.0) == 0.0
    assert math.isnan(normal_probability(math.nan))
    assert normal_probability(-10.0) > 0


@pytest.mark.parametrize("bad", [0.0, 1.0, -0.5, 1.5, math.nan, math.inf])
def test_normal_inverse_rejects_what_is_not_a_probability(bad):
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        normal_inverse(bad)


@settings(max_examples=300, deadline=None)
@given(st.floats(min_value=1e-300, max_value=1 - 1e-16))
def test_inverse_and_probability_round_trip(y):
    assert normal_probability(normal_inverse(y)) == pytest.approx(y, rel=1e-9, abs=1e-300)


@settings(max_examples=300, deadline=None)
@given(st.floats(min_value=-37, max_value=8))
def test_agrees_with_the_error_function(x):
    assert normal_probability(x) == pytest.approx(0.5 * math.erfc(-x / math.sqrt(2)), rel=1e-12, abs=1e-300)
