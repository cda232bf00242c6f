"""wekaeval.javaexp computes HotSpot's Math.exp and Math.pow (x86_64) bit for bit.

Every comparison is on IEEE bit patterns against the running JVM, on fresh draws each run: Math.exp on
about 2 million arguments over the whole range and both of the intrinsic's ends, Math.pow(x, -0.25)
(the kernel estimator's bandwidth rule) on about 0.8 million positive x of every kind, and Math.pow on
random y where it is ported.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wekaeval import javapow
from wekaeval.javaexp import java_exp, java_pow

SPECIALS = np.array([
    0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, -5e-324, 2.0**-54, -(2.0**-54), 2.0**-55, 1024.0, -1024.0,
    709.782712893384, 709.7827128933841, -745.1332191019411, -745.1332191019412, -708.3964185322641, -708.4,
    -620.0, -619.0, 1.0, -1.0, 1e-300, -1e-300,
])


def bits(x) -> np.ndarray:
    return np.ascontiguousarray(x, dtype=np.float64).view(np.uint64)


def assert_same_bits(name: str, inputs: np.ndarray, got: np.ndarray, expected: np.ndarray) -> None:
    differ = np.flatnonzero((bits(got) != bits(expected)) & ~(np.isnan(got) & np.isnan(expected)))
    shown = [f"{name}({inputs[i].hex()}): {got[i].hex()} != {expected[i].hex()}" for i in differ[:10]]
    assert differ.size == 0, f"{differ.size} of {inputs.size} differ:\n" + "\n".join(shown)


def exp_cases(rng: np.random.Generator) -> np.ndarray:
    return np.concatenate([
        SPECIALS,
        rng.uniform(-40, 0, 600_000),  # what the kernel estimator's logOfSum gives it
        rng.uniform(-1, 1, 200_000),
        rng.uniform(-745, 0, 300_000),
        -(10 ** rng.uniform(-20, 3, 200_000)),
        10 ** rng.uniform(-20, 3, 200_000),
        rng.uniform(-760, -700, 100_000),  # subnormal results
        rng.uniform(700, 720, 100_000),  # overflow
        rng.uniform(-1030, 1030, 100_000),
        rng.integers(0, 2**64, 200_000, dtype=np.uint64).view(np.float64),
    ])


def pow_cases(rng: np.random.Generator) -> np.ndarray:
    return np.concatenate([
        np.array([np.inf, 5e-324, 2.2250738585072014e-308, 2.225073858507201e-308, 1.7976931348623157e308,
                  1.0, 0.96875, 0.9687499999999999, 1.0625, 1.0624999999999998, 0.5, 2.0, 16.0, 0.0625]),
        np.arange(1.0, 100_001.0),  # sums of unit weights
        rng.integers(1, 10**6, 100_000) / 2.0 ** rng.integers(0, 30, 100_000),
        10 ** rng.uniform(-10, 10, 200_000),
        rng.uniform(0.95, 1.07, 100_000),  # the intrinsic's own path near 1
        rng.uniform(0, 2, 100_000),
        rng.integers(1, 2**52, 50_000, dtype=np.uint64).view(np.float64),  # subnormal
        rng.uniform(2.0**1023, 1.7976931348623157e308, 50_000),
        np.abs(rng.integers(1, 0x7FF0000000000000, 100_000, dtype=np.uint64).view(np.float64)),
    ])


# Without a JVM.


def test_scalars_give_floats_and_arrays_the_same_bits_in_their_shape():
    x = exp_cases(np.random.default_rng(1))[::50]
    arrays = java_exp(x)
    scalars = np.array([java_exp(v) for v in x.tolist()])
    assert all(type(java_exp(v)) is float for v in x[:100].tolist())
    assert_same_bits("exp", x, arrays, scalars)
    assert java_exp(x[:24].reshape(2, 3, 4)).shape == (2, 3, 4)
    assert java_exp([]).shape == (0,)
    assert type(java_exp(np.float64(1.0))) is float


def test_exp_special_values():
    assert java_exp(0.0) == 1.0 and java_exp(-0.0) == 1.0
    assert java_exp(math.inf) == math.inf and java_exp(-math.inf) == 0.0
    assert math.isnan(java_exp(math.nan))
    assert java_exp(1000.0) == math.inf and java_exp(-1000.0) == 0.0
    assert java_exp(5e-324) == 1.0


def test_the_pow_index_table_steps_down_once_per_breakpoint():
    index = javapow._pow_index_of_top13()
    assert len(index) == 8192 and index[0] == 512 and index[-1] == 0
    assert all(a - b in (0, 1) for a, b in zip(index, index[1:]))


def test_pow_special_cases():
    assert java_pow(7.0, 2.0) == 49.0 and java_pow(2.0, 0.5) == math.sqrt(2.0)
    assert java_pow(math.inf, -0.25) == 0.0 and java_pow(math.inf, 0.25) == math.inf
    assert math.isnan(java_pow(-1.0, 0.5)) and java_pow(0.0, -0.25) == math.inf and java_pow(2.0, 0.0) == 1.0


# Against the JVM.


@pytest.fixture(scope="module")
def jvm(weka_jvm):
    from . import kernel_jvm

    return kernel_jvm


@pytest.mark.jvm
def test_exp_matches_the_jvm_on_two_million_values(jvm):
    x = exp_cases(np.random.default_rng())
    assert x.size > 2_000_000
    assert_same_bits("exp", x, java_exp(x), jvm.jvm_exp(x))


@pytest.mark.jvm
def test_pow_minus_a_quarter_matches_the_jvm_on_every_kind_of_positive_x(jvm):
    x = pow_cases(np.random.default_rng())
    got = np.array([java_pow(v, -0.25) for v in x.tolist()])
    assert_same_bits("pow(x, -0.25)", x, got, jvm.jvm_pow(x, -0.25))


@pytest.mark.jvm
@pytest.mark.parametrize("y", [0.5, 2.0])
def test_pow_special_cases_match_the_jvm(jvm, y):
    # HotSpot takes sqrt(x) and x * x: the correctly rounded results, not the C library's x ** 0.5.
    x = np.concatenate([pow_cases(np.random.default_rng(5))[::10], [0.0360957010782722, 0.0, math.inf]])
    got = np.array([java_pow(v, y) for v in x.tolist()])
    assert_same_bits(f"pow(x, {y})", x, got, jvm.jvm_pow(x, y))


@pytest.mark.jvm
@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(allow_nan=True, allow_infinity=True, allow_subnormal=True), min_size=1, max_size=64))
def test_hypothesis_values_match_the_jvm(jvm, values):
    x = np.array(values, dtype=np.float64)
    assert_same_bits("exp", x, java_exp(x), jvm.jvm_exp(x))
    positive = x[(x > 0)]
    got = np.array([java_pow(v, -0.25) for v in positive.tolist()])
    assert_same_bits("pow(x, -0.25)", positive, got, jvm.jvm_pow(positive, -0.25))
