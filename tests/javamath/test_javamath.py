"""wekaeval.javamath computes Java's Math.log (HotSpot x86_64) and StrictMath.log bit for bit.

Every comparison is on IEEE bit patterns (NaN payloads included), never approximate: against the
running JVM on well over a million seeded inputs per run (the JVM of this host: its CPU's RCPPS
table), and without a JVM against the stored reference tests/oracles/fixtures/javamath-log.txt (written by
tests/oracles/make_javamath_reference.py with OpenJDK 17.0.15 on an AMD EPYC, so compared with cpu="amd").
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.oracles.javamath_cases import SPECIALS, cases
from tests.paths import FIXTURES
from wekaeval.javamath import fdlibm_log, java_log, java_log_scalar, log2

REFERENCE = FIXTURES / "javamath-log.txt"


def bits(x) -> np.ndarray:
    return np.ascontiguousarray(x, dtype=np.float64).view(np.uint64)


def assert_same_bits(inputs: np.ndarray, got: np.ndarray, expected: np.ndarray) -> None:
    differ = np.flatnonzero(bits(got) != bits(expected))
    shown = [f"log({inputs[i].hex()}): {got[i].hex()} != {expected[i].hex()}" for i in differ[:10]]
    assert differ.size == 0, f"{differ.size} of {inputs.size} differ:\n" + "\n".join(shown)


def reference() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    lines = REFERENCE.read_text(encoding="ascii").splitlines()
    rows = [line.split() for line in lines if not line.startswith("#")]
    table = np.array([[int(word, 16) for word in row] for row in rows], dtype=np.uint64)
    x, hotspot, strict = (np.ascontiguousarray(table[:, i]).view(np.float64) for i in range(3))
    return x, hotspot, strict


# Without a JVM: the stored reference values.


def test_reference_file_matches_math_log():
    x, hotspot, _ = reference()
    assert x.size == 2000
    assert_same_bits(x, java_log(x, cpu="amd"), hotspot)


def test_reference_file_matches_strictmath_log():
    x, _, strict = reference()
    assert_same_bits(x, fdlibm_log(x), strict)
    assert_same_bits(x, java_log(x, variant="fdlibm"), strict)


def test_reference_file_holds_the_hard_cases():
    """Where HotSpot and fdlibm part (numpy's and the C library's log are left out: their last bits
    depend on the numpy build and the CPU's instruction set)."""
    x, hotspot, strict = reference()
    positive = (x > 0) & np.isfinite(x)
    assert (bits(hotspot) != bits(strict))[positive].sum() > 500
    assert ((x > 0) & (x < 2.2250738585072014e-308)).sum() > 50  # subnormals


def test_scalars_give_floats_and_arrays_keep_their_shape():
    x, hotspot, _ = reference()
    for value, expected in zip(x[:300].tolist(), hotspot[:300].tolist(), strict=False):
        got = java_log_scalar(value, cpu="amd")
        assert type(got) is float and type(java_log(value)) is float
        assert got.hex() == expected.hex() or (math.isnan(got) and math.isnan(expected))
    grid = x[:24].reshape(2, 3, 4)
    assert java_log(grid).shape == (2, 3, 4)
    assert_same_bits(x[:24], java_log(grid, cpu="amd").ravel(), hotspot[:24])
    assert java_log([]).shape == (0,)
    assert java_log(np.float32(2.0)) == java_log(2.0)


@pytest.mark.parametrize("cpu", ["amd", "intel"])
def test_the_plain_python_scalar_path_gives_the_arrays_bits(rng, cpu):
    x, hotspot, _ = reference()
    sample = np.concatenate([x, cases(rng)[:200_000]])
    scalars = np.array([java_log_scalar(value, cpu=cpu) for value in sample.tolist()])
    assert_same_bits(sample, scalars, java_log(sample, cpu=cpu))
    if cpu == "amd":
        assert_same_bits(x, scalars[: x.size], hotspot)


def test_special_values():
    got = java_log(np.array([0.0, -0.0, np.inf, -np.inf, -1.0, -5e-324, 1.0]))
    assert got[:3].tolist() == [-math.inf, -math.inf, math.inf]
    assert np.isnan(got[3:6]).all() and bits(got[3:6]).tolist() == [0xFFF8000000000000] * 3
    assert bits(got[6:]).tolist() == [0]  # +0.0 at 1
    signalling = np.array([0x7FF0000000000001], dtype=np.uint64).view(np.float64)
    assert bits(java_log(signalling)).tolist() == [0x7FF8000000000001]


def test_log2_is_one_division():
    x, hotspot, strict = reference()
    with np.errstate(all="ignore"):
        assert_same_bits(x, log2(x, cpu="amd"), hotspot / java_log(2.0, cpu="amd"))
        assert_same_bits(x, log2(x, variant="fdlibm"), strict / fdlibm_log(2.0))
    assert log2(8.0) == 3.0 and log2(0.5) == -1.0


def test_unknown_variant_and_bad_input_are_named():
    with pytest.raises(ValueError, match="variant must be 'hotspot' or 'fdlibm', not 'arm'"):
        java_log(1.0, variant="arm")
    with pytest.raises(ValueError, match="variant"):
        log2(1.0, variant="strict")
    with pytest.raises(TypeError, match="x must be real numbers"):
        java_log("one")
    with pytest.raises(ValueError, match="cpu must be one of 'auto', 'amd', 'intel', 'aarch64', not 'arm'"):
        java_log(1.0, cpu="arm")
    with pytest.raises(ValueError, match="variant='hotspot' needs an x86_64 processor's RCPPS table"):
        java_log(1.0, variant="hotspot", cpu="aarch64")


def test_the_platform_decides_the_algorithm():
    x, hotspot, strict = reference()
    assert_same_bits(x, java_log(x, cpu="aarch64"), strict)
    assert_same_bits(x, log2(x, cpu="aarch64"), log2(x, variant="fdlibm"))
    assert_same_bits(x, java_log(x, variant="hotspot", cpu="amd"), hotspot)


# Against the JVM.


@pytest.fixture(scope="module")
def jvm_math(weka_jvm):
    from tests.oracles import javamath_jvm

    return javamath_jvm


@pytest.mark.jvm
def test_matches_the_jvms_math_log_on_a_million_values(jvm_math, rng):
    x = cases(rng)
    assert x.size > 1_000_000
    assert_same_bits(x, java_log(x), jvm_math.jvm_log(x))


@pytest.mark.jvm
def test_matches_the_jvms_strictmath_log_on_a_million_values(jvm_math, rng):
    x = cases(rng)
    assert_same_bits(x, fdlibm_log(x), jvm_math.jvm_strict_log(x))


@pytest.mark.jvm
def test_log2_matches_wekas_utils_log2(jvm_math, rng):
    import jpype

    utils = jpype.JClass("weka.core.Utils")
    x = np.concatenate([SPECIALS, rng.random(1000), np.arange(1, 500) / 7])
    expected = np.array([utils.log2(float(v)) for v in x.tolist()])
    assert_same_bits(x, log2(x), expected)


@pytest.mark.jvm
@settings(max_examples=300, deadline=None)
@given(st.lists(st.floats(allow_nan=True, allow_infinity=True, allow_subnormal=True), min_size=1, max_size=64))
def test_hypothesis_values_match_the_jvm(jvm_math, values):
    x = np.array(values, dtype=np.float64)
    assert_same_bits(x, java_log(x), jvm_math.jvm_log(x))
    assert_same_bits(x, fdlibm_log(x), jvm_math.jvm_strict_log(x))
