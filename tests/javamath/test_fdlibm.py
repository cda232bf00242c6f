"""wekaeval.javamath computes StrictMath.pow and StrictMath.exp (fdlibm 5.3) bit for bit.

Every comparison is of IEEE bit patterns (a NaN only as NaN-ness: Java's NaNs carry other payloads),
against the running JVM's StrictMath, on millions of inputs drawn from a seed: fixed by default,
WEKAEVAL_TEST_SEED=<integer> draws others. The seed is printed at the start and in every failure.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import BASE_SEED as SEED
from tests.oracles.jvm_classes import compiled_class
from tests.paths import JAVA_SOURCES
from wekaeval.javamath import fdlibm_exp, fdlibm_pow

SOURCE = JAVA_SOURCES / "FdlibmBulk.java"
MIN_NORMAL = 2.2250738585072014e-308
MAX = 1.7976931348623157e308

SPECIAL_X = np.array(
    [
        0.0,
        -0.0,
        1.0,
        -1.0,
        np.inf,
        -np.inf,
        np.nan,
        5e-324,
        -5e-324,
        MIN_NORMAL,
        -MIN_NORMAL,
        MAX,
        -MAX,
        2.0,
        -2.0,
        0.5,
        -0.5,
        3.0,
        -3.0,
        10.0,
        0.1,
        np.nextafter(1.0, 2.0),
        np.nextafter(1.0, 0.0),
        -np.nextafter(1.0, 2.0),
        -np.nextafter(1.0, 0.0),
        1.0 + 2.0**-20,
        1.0 - 2.0**-21,
        0.9999995231628418,
        math.e,
        1.4142135623730951,
        1.224744871391589,
        1.7320508075688772,
    ]
)
SPECIAL_Y = np.array(
    [
        0.0,
        -0.0,
        1.0,
        -1.0,
        2.0,
        -2.0,
        0.5,
        -0.5,
        3.0,
        -3.0,
        np.inf,
        -np.inf,
        np.nan,
        1.0 / 3.0,
        1e-300,
        5e-324,
        2.0**31,
        2.0**31 + 1.0,
        4294967295.0,
        float.fromhex("0x1.00000ffffffffp31"),
        float.fromhex("0x1.00001p31"),
        2.0**53,
        2.0**53 - 1.0,
        -(2.0**53 + 2.0),
        2.0**64,
        2.0**64 * 1.5,
        MAX,
        -MAX,
        1024.0,
        -1074.0,
        -1075.0,
        1023.5,
        0.3,
    ]
)


def bits(x) -> np.ndarray:
    return np.ascontiguousarray(x, dtype=np.float64).view(np.uint64)


def assert_same_bits(name: str, got: np.ndarray, expected: np.ndarray, *inputs: np.ndarray) -> None:
    got, expected = np.broadcast_arrays(np.asarray(got, dtype=np.float64), np.asarray(expected, dtype=np.float64))
    inputs = np.broadcast_arrays(*inputs, got)[:-1]
    differ = np.flatnonzero((bits(got) != bits(expected)) & ~(np.isnan(got) & np.isnan(expected)))
    shown = [
        f"{name}({', '.join(v.flat[i].hex() for v in inputs)}): {got.flat[i].hex()} != {expected.flat[i].hex()}"
        for i in differ[:10]
    ]
    assert differ.size == 0, f"seed {SEED}: {differ.size} of {got.size} differ:\n" + "\n".join(shown)


def rng(stream: int) -> np.random.Generator:
    return np.random.default_rng([SEED, stream])


def signs(r: np.random.Generator, n: int) -> np.ndarray:
    return r.choice([-1.0, 1.0], n)


def random_bits(r: np.random.Generator, n: int) -> np.ndarray:
    return r.integers(0, 2**64, n, dtype=np.uint64, endpoint=False).view(np.float64)


def magnitudes(r: np.random.Generator, n: int, low: int = -1074, high: int = 1023) -> np.ndarray:
    """Signed numbers with exponents uniform over [low, high] (subnormals where the exponent is low)."""
    return signs(r, n) * np.ldexp(1.0 + r.random(n), r.integers(low, high + 1, n))


def pow_x(r: np.random.Generator, n: int) -> np.ndarray:
    kinds = [
        random_bits(r, n),
        magnitudes(r, n),
        signs(r, n) * r.integers(1, 2**52, n, dtype=np.int64).astype(np.float64) * 5e-324,  # subnormal
        signs(r, n) * (1.0 + (r.random(n) - 0.5) * np.ldexp(1.0, r.integers(-53, -9, n))),  # near +-1
        signs(r, n) * r.integers(0, 1 << 20, n).astype(np.float64),  # integers
        r.choice(SPECIAL_X, n),
    ]
    return np.choose(r.integers(0, len(kinds), n), kinds)


def pow_y(r: np.random.Generator, n: int) -> np.ndarray:
    kinds = [
        random_bits(r, n),
        r.integers(-1100, 1100, n).astype(np.float64),  # integers, odd and even
        r.integers(-4000, 4000, n) / 8.0,  # halves, quarters, eighths
        magnitudes(r, n, -60, 60),
        magnitudes(r, n, 30, 70),  # about 2**31 and 2**53 and 2**64, the huge-y branches
        signs(r, n) * (2.0**53 - 2.0 * r.integers(0, 1 << 20, n) - 1.0),  # odd integers just below 2**53
        r.choice(SPECIAL_Y, n),
    ]
    return np.choose(r.integers(0, len(kinds), n), kinds)


def exp_x(r: np.random.Generator, n: int) -> np.ndarray:
    ln2 = math.log(2.0)
    kinds = [
        random_bits(r, n),
        (r.random(n) - 0.5) * 1500.0,  # the whole finite range and past both ends
        -708.3964185322641 - r.random(n) * 37.0,  # subnormal results
        magnitudes(r, n, -80, 9),
        signs(r, n) * (ln2 / 2.0) * r.integers(0, 2100, n) * (1.0 + (r.random(n) - 0.5) * 2.0**-40),  # k rounding
        signs(r, n) * np.ldexp(1.0 + r.random(n), r.integers(-30, -27, n)),  # about 2**-28
        np.nextafter(r.choice([709.782712893384, -745.1332191019411, 0.5 * ln2, 1.5 * ln2, -0.5 * ln2]), 0.0)
        + r.integers(-3, 4, n) * 2.0**-43,
        r.choice(SPECIAL_X, n),
    ]
    return np.choose(r.integers(0, len(kinds), n), kinds)


def near_the_ends(r: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Pairs whose x ** y lies about 2**1024 (overflow), 2**-1022 (subnormal) or 2**-1075 (underflow)."""
    x = np.abs(magnitudes(r, n, -60, 60))
    x[x == 1.0] = 3.0
    target = r.choice([1024.0, -1022.0, -1074.5, -1075.0, -1060.0], n)
    y = (target + (r.random(n) - 0.5) * 2.0 ** -r.integers(0, 40, n)) / np.log2(x)
    x = np.where(r.random(n) < 0.25, -x, x)  # negative x: odd and even integer y keep their result, others NaN
    y = np.where((x < 0) & (r.random(n) < 0.5), np.round(y), y)
    return x, y


@pytest.fixture(scope="module", autouse=True)
def announce_seed(request):
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():  # shown even while output is captured
            reporter.write_line(f"test_fdlibm: seed {SEED} (set WEKAEVAL_TEST_SEED to draw others)")


# Without a JVM: values StrictMath gives on JDK 17 and 25, and Java's special cases.


def test_known_values():
    # pow's 600-ulp error of fdlibm 5.3 (JDK-8326547), which StrictMath and aarch64's Math.pow repeat.
    assert (
        fdlibm_pow(float.fromhex("0x1.000002c5e2e99p0"), float.fromhex("0x1.c9eee35374af6p31")).hex()
        == "0x1.ffffe0bc9e614p+915"
    )
    assert fdlibm_pow(3.0, 2.4) == 13.966610165238237  # StrictMath's, where x86's Math.pow says ...235
    assert fdlibm_exp(1.0) == 2.7182818284590455
    assert fdlibm_exp(-745.0) == 5e-324 and fdlibm_exp(-746.0) == 0.0 and fdlibm_exp(709.8) == math.inf


def test_special_cases_follow_the_java_spec():
    nan = math.nan
    for x, y, expected in [
        (nan, 0.0, 1.0),
        (nan, -0.0, 1.0),
        (1.0, nan, nan),
        (nan, 1.0, nan),
        (2.0, nan, nan),
        (1.0, math.inf, nan),
        (-1.0, -math.inf, nan),
        (0.5, math.inf, 0.0),
        (0.5, -math.inf, math.inf),
        (-3.0, math.inf, math.inf),
        (0.0, 3.0, 0.0),
        (-0.0, 3.0, -0.0),
        (-0.0, 2.0, 0.0),
        (-0.0, -3.0, -math.inf),
        (-0.0, -2.0, math.inf),
        (0.0, -0.5, math.inf),
        (-0.0, 0.5, 0.0),
        (-math.inf, 3.0, -math.inf),
        (-math.inf, -3.0, -0.0),
        (-math.inf, 0.5, math.inf),
        (-math.inf, 2.5, math.inf),
        (-2.0, 0.5, nan),
        (-8.0, 1.0 / 3.0, nan),
        (-2.0, 3.0, -8.0),
        (-2.0, -1.0, -0.5),
        (-1.0, 2.0**60, 1.0),
        (-1.0, 0.5, nan),
    ]:
        for got in (fdlibm_pow(x, y), float(fdlibm_pow(np.array([x]), y)[0])):
            same = got == expected and math.copysign(1, got) == math.copysign(1, expected)
            assert same or (math.isnan(got) and math.isnan(expected)), (x, y, got)


def test_scalars_give_floats_and_arrays_broadcast():
    assert type(fdlibm_pow(2, 3)) is float and type(fdlibm_exp(0)) is float
    assert type(fdlibm_pow(np.float64(2.0), 3.0)) is float and type(fdlibm_exp(np.array(1.0))) is float
    grid = fdlibm_pow(np.linspace(0.5, 3.0, 4)[:, None], np.array([-1.5, 0.0, 2.5]))
    assert grid.shape == (4, 3) and (grid[:, 1] == 1.0).all()
    assert fdlibm_exp(np.zeros((2, 0))).shape == (2, 0) and fdlibm_pow([], 2.0).shape == (0,)
    assert fdlibm_pow(np.float32(2.0), 0.5) == math.sqrt(2.0)


def test_array_and_scalar_paths_agree():
    r = rng(0)
    x, y = pow_x(r, 30_000), pow_y(r, 30_000)
    scalar = np.array([fdlibm_pow(a, b) for a, b in zip(x.tolist(), y.tolist(), strict=False)])
    assert_same_bits("pow", fdlibm_pow(x, y), scalar, x, y)
    e = exp_x(r, 30_000)
    assert_same_bits("exp", fdlibm_exp(e), np.array([fdlibm_exp(v) for v in e.tolist()]), e)


# Against the JVM's StrictMath.


@pytest.fixture(scope="module")
def strict(weka_jvm):
    return compiled_class(SOURCE, "wekaeval.tests.FdlibmBulk")


def java_doubles(values: np.ndarray):
    import jpype

    return jpype.JArray(jpype.JDouble)(np.ascontiguousarray(values, dtype=np.float64))


def strict_pow(strict, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    x, y = (np.ascontiguousarray(v, dtype=np.float64).ravel() for v in np.broadcast_arrays(x, y))
    return np.array(strict.pow(java_doubles(x), java_doubles(y)), dtype=np.float64)


def strict_exp(strict, x: np.ndarray) -> np.ndarray:
    return np.array(strict.exp(java_doubles(x)), dtype=np.float64)


@pytest.mark.jvm
def test_exp_matches_strictmath_on_two_million_values(strict):
    x = exp_x(rng(1), 2_000_000)
    assert_same_bits("exp", fdlibm_exp(x), strict_exp(strict, x), x)


@pytest.mark.jvm
def test_pow_matches_strictmath_on_three_million_pairs(strict):
    r = rng(2)
    x, y = pow_x(r, 3_000_000), pow_y(r, 3_000_000)
    assert_same_bits("pow", fdlibm_pow(x, y), strict_pow(strict, x, y), x, y)


@pytest.mark.jvm
def test_pow_matches_strictmath_on_every_pair_of_special_values(strict):
    x, y = SPECIAL_X[:, None], SPECIAL_Y[None, :]
    assert_same_bits("pow", fdlibm_pow(x, y), strict_pow(strict, x, y).reshape(len(SPECIAL_X), -1), x, y)


@pytest.mark.jvm
def test_pow_matches_strictmath_where_results_overflow_underflow_or_are_subnormal(strict):
    x, y = near_the_ends(rng(3), 1_000_000)
    got = fdlibm_pow(x, y)
    assert_same_bits("pow", got, strict_pow(strict, x, y), x, y)
    finite = got[np.isfinite(got)]
    assert (got == np.inf).sum() > 1000 and (finite == 0).sum() > 1000
    assert ((np.abs(finite) < MIN_NORMAL) & (finite != 0)).sum() > 10_000


@pytest.mark.jvm
def test_pow_matches_strictmath_for_x_near_one_and_huge_y(strict):
    r = rng(4)
    n = 1_000_000
    x = signs(r, n) * (1.0 + (r.random(n) - 0.5) * np.ldexp(1.0, r.integers(-53, -17, n)))
    y = np.where(
        r.random(n) < 0.5,
        signs(r, n) * np.ldexp(1.0 + r.random(n), r.integers(31, 66, n)),
        np.round(signs(r, n) * np.ldexp(1.0 + r.random(n), r.integers(31, 53, n))),
    )  # integers: signs
    assert_same_bits("pow", fdlibm_pow(x, y), strict_pow(strict, x, y), x, y)


@pytest.mark.jvm
@pytest.mark.parametrize("y", [0.5, 2.0, -0.5, -2.0, 3.0, 1.0 / 3.0])
def test_pow_matches_strictmath_for_common_constant_exponents(strict, y):
    x = pow_x(rng(5), 300_000)
    assert_same_bits("pow", fdlibm_pow(x, y), strict_pow(strict, x, np.full_like(x, y)), x, y)


@pytest.mark.jvm
def test_the_scalar_path_matches_strictmath(strict):
    r = rng(6)
    x, y = pow_x(r, 40_000), pow_y(r, 40_000)
    got = np.array([fdlibm_pow(a, b) for a, b in zip(x.tolist(), y.tolist(), strict=False)])
    assert_same_bits("pow", got, strict_pow(strict, x, y), x, y)
    e = exp_x(r, 40_000)
    assert_same_bits("exp", np.array([fdlibm_exp(v) for v in e.tolist()]), strict_exp(strict, e), e)


finite_or_not = st.floats(allow_nan=True, allow_infinity=True, allow_subnormal=True)


@pytest.mark.jvm
@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(finite_or_not, finite_or_not | st.sampled_from([0.5, 2.0, -1.0, 3.0, 2.0**53])),
        min_size=1,
        max_size=32,
    )
)
def test_hypothesis_pairs_match_strictmath(strict, pairs):
    x = np.array([p[0] for p in pairs])
    y = np.array([p[1] for p in pairs])
    expected = strict_pow(strict, x, y)
    assert_same_bits("pow", fdlibm_pow(x, y), expected, x, y)
    assert_same_bits("pow", [fdlibm_pow(a, b) for a, b in pairs], expected, x, y)
    assert_same_bits("exp", fdlibm_exp(x), strict_exp(strict, x), x)


def test_the_aarch64_platform_computes_fdlibms_pow_and_exp():
    """An ARM HotSpot's Math.pow and Math.exp are fdlibm's (docs/which-weka.md): java_pow and java_exp say so."""
    from wekaeval.javamath import java_exp, java_pow

    x = np.concatenate([SPECIAL_X, rng(99).uniform(-40, 40, 20_000)])
    y = rng(98).choice([0.5, 2.0, -0.25, 1 / 3, 2.5, -1.7, 7.0], x.size)
    assert_same_bits("pow", java_pow(x, y, cpu="aarch64"), fdlibm_pow(x, y), x, y)
    assert_same_bits("exp", java_exp(x, cpu="aarch64"), fdlibm_exp(x), x)
