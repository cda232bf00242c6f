"""wekaeval.javamath is WEKA's Statistics bit for bit: normalProbability, normalInverse, and the
F distribution of the Experimenter's t-test (FProbability, incompleteBeta, gamma, lnGamma).

WEKA itself is the oracle: each value is computed by ``weka.core.Statistics`` in the JVM and compared with
``float.hex`` equality (NaN equal to NaN), over every branch of the Cephes approximations (|x| below and
above sqrt(1/2), the erfc ranges below and above 8, underflow past log(MAX_VALUE); quantiles in the central
range, the two tails and the far tails; the incomplete beta integral's power series, its two continued
fractions, swapped or not, by powers or by logarithms; gamma's and lnGamma's ranges and reflections).
"""

from __future__ import annotations

import math
import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.paths import JAVA_SOURCES
from wekaeval.javamath import (
    f_probability,
    gamma,
    incomplete_beta,
    java_log_scalar,
    ln_gamma,
    normal_inverse,
    normal_probability,
)
from wekaeval.javamath._statistics import incomplete_beta_fraction1, incomplete_beta_fraction2, power_series


def arguments() -> np.ndarray:
    rng = np.random.default_rng(20261122)
    return np.concatenate(
        [
            rng.normal(0, 1, 3000),
            rng.uniform(-0.8, 0.8, 1000),
            rng.uniform(-12, 12, 2000),
            rng.uniform(-40, 40, 500),
            [
                0.0,
                -0.0,
                0.7071067811865476,
                -0.7071067811865476,
                1.0,
                -1.0,
                1.4142135623730951,
                8.0,
                -8.0,
                11.3,
                37.7,
                37.8,
                38.0,
                -38.0,
                1e-300,
                -1e-300,
                1e300,
                -1e300,
                math.inf,
                -math.inf,
            ],
        ]
    )


def probabilities() -> np.ndarray:
    rng = np.random.default_rng(11221)
    return np.concatenate(
        [
            rng.uniform(0, 1, 3000),
            rng.uniform(0.1, 0.9, 1000),
            10.0 ** -rng.uniform(1, 300, 1000),
            1 - 10.0 ** -rng.uniform(1, 16, 1000),
            [
                0.5,
                0.025,
                0.975,
                0.005,
                0.995,
                0.05,
                0.95,
                math.exp(-2),
                1 - math.exp(-2),
                5e-324,
                1e-15,
                1 - 2**-53,
                2**-1074,
            ],
        ]
    )


@pytest.fixture(scope="module")
def statistics(weka_jvm):
    import jpype

    return jpype.JClass("weka.core.Statistics")


@pytest.mark.jvm
def test_normal_probability_is_wekas(statistics):
    differing = [
        x for x in arguments() if normal_probability(x).hex() != float(statistics.normalProbability(float(x))).hex()
    ]
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


# -- the F distribution of the paired t-test ------------------------------------------------------------------


def same(ours: float, weka: float) -> bool:
    return ours.hex() == weka.hex() or (math.isnan(ours) and math.isnan(weka))


def call_weka(function, *args):
    """WEKA's value, or the name of the kind of exception it throws."""
    try:
        return float(function(*args))
    except Exception as error:  # a Java exception through JPype
        return type(error).__name__


def call_ours(function, *args):
    try:
        return function(*args)
    except (ValueError, OverflowError) as error:
        return type(error).__name__


def in_the_subnormal_pow_band(a: float, x: float) -> bool:
    """Where WEKA's Math.pow(x, a) is subnormal (HotSpot's intrinsic sums it again to round once)."""
    return -745.2 < a * java_log_scalar(x) < -708.3


def f_arguments() -> list[tuple[float, int, int]]:
    rng = np.random.default_rng(20260314)
    cases = []
    for _ in range(6000):  # t-test: F = t * t, df1 = 1, df2 = count - 1
        df = int(rng.integers(1, 201))
        t = [rng.normal(0, 2.5), rng.standard_t(df), 10 ** rng.uniform(-9, 9), rng.uniform(-40, 40)][_ % 4]
        cases.append((float(t * t), 1, df))
    for _ in range(2000):
        cases.append((float(10 ** rng.uniform(-15, 15)), int(rng.integers(1, 201)), int(rng.integers(1, 201))))
    for df in range(1, 201):
        cases += [(0.0, 1, df), (1.0, 1, df), (4.0, 1, df), (1e300, 1, df), (5e-324, 1, df), (math.inf, 1, df)]
    cases += [(math.nan, 1, 5), (-1.0, 1, 5), (-math.inf, 1, 5), (-0.0, 1, 5), (2.0, 1, 0), (2.0, 0, 3)]
    return cases


@pytest.mark.jvm
def test_f_probability_is_wekas(statistics):
    differing = []
    for f, df1, df2 in f_arguments():
        weka = call_weka(statistics.FProbability, f, df1, df2)
        ours = call_ours(f_probability, f, df1, df2)
        if isinstance(weka, str) or isinstance(ours, str):
            if isinstance(weka, str) != isinstance(ours, str):
                differing.append((f, df1, df2, ours, weka))
        elif not same(ours, weka):
            differing.append((f, df1, df2, ours, weka))
    assert differing == []


@pytest.mark.jvm
@settings(max_examples=300, deadline=None)
@given(t=st.floats(min_value=-1e4, max_value=1e4), df=st.integers(min_value=1, max_value=200))
def test_t_test_probabilities_are_wekas(statistics, t, df):
    assert same(f_probability(t * t, 1, df), float(statistics.FProbability(t * t, 1, df)))


def beta_arguments() -> list[tuple[float, float, float]]:
    rng = np.random.default_rng(7)
    n = 4000
    cases = list(zip(10 ** rng.uniform(-2, 2.3, n), 10 ** rng.uniform(-2, 2.3, n), rng.uniform(0, 1, n), strict=False))
    cases += list(zip(rng.integers(1, 400, n) / 2, rng.integers(1, 400, n) / 2, rng.uniform(0, 1, n), strict=False))
    cases += list(
        zip(10 ** rng.uniform(-1, 2, n), 10 ** rng.uniform(-1, 2, n), 10 ** -rng.uniform(0, 300, n), strict=False)
    )
    cases += list(
        zip(10 ** rng.uniform(-1, 2, n), 10 ** rng.uniform(-1, 2, n), 1 - 10 ** -rng.uniform(0, 16, n), strict=False)
    )
    cases += list(zip(rng.uniform(100, 2000, 500), rng.uniform(100, 2000, 500), rng.uniform(0, 1, 500), strict=False))
    cases += [
        (2.0, 3.0, 0.0),
        (2.0, 3.0, 1.0),
        (2.0, 3.0, 0.95),
        (0.5, 0.5, 0.5),
        (1.0, 1.0, 0.3),
        (0.0, 1.0, 0.5),
        (1.0, -1.0, 0.5),
        (1.0, 1.0, 1.5),
        (1.0, 1.0, -0.5),
        (2.0, 3.0, math.nan),
    ]
    return [(float(a), float(b), float(x)) for a, b, x in cases]


@pytest.mark.jvm
def test_incomplete_beta_is_wekas_on_every_branch(statistics):
    differing = []
    for a, b, x in beta_arguments():
        weka = call_weka(statistics.incompleteBeta, a, b, x)
        ours = call_ours(incomplete_beta, a, b, x)
        if isinstance(weka, str) or isinstance(ours, str):
            if isinstance(weka, str) != isinstance(ours, str):
                differing.append((a, b, x, ours, weka))
        elif not same(ours, weka):
            differing.append((a, b, x, ours, weka))
    assert differing == []


@pytest.mark.jvm
def test_the_continued_fractions_and_the_power_series_are_wekas(statistics):
    rng = np.random.default_rng(3)
    n = 2000
    for a, b, x in zip(
        10 ** rng.uniform(-1, 2, n), 10 ** rng.uniform(-1, 2, n), rng.uniform(0, 0.999, n), strict=False
    ):
        a, b, x = float(a), float(b), float(x)
        assert same(incomplete_beta_fraction1(a, b, x), float(statistics.incompleteBetaFraction1(a, b, x)))
        assert same(incomplete_beta_fraction2(a, b, x), float(statistics.incompleteBetaFraction2(a, b, x)))
        assert same(power_series(a, b, x), float(statistics.powerSeries(a, b, x)))


def gamma_arguments(low: float) -> np.ndarray:
    rng = np.random.default_rng(11)
    return np.concatenate(
        [
            rng.uniform(low, 50, 3000),
            rng.uniform(0, 13, 1000),
            rng.uniform(13, 2000, 1000),
            10 ** rng.uniform(-12, 306, 2000),
            rng.uniform(-34.0, 0.0, 1000),
            -(10 ** rng.uniform(-12, -8, 200)),
            10 ** rng.uniform(-12, -8, 200),
            [
                0.0,
                -0.0,
                1.0,
                2.0,
                3.0,
                13.0,
                33.0,
                34.0,
                143.01608,
                171.6,
                1000.0,
                1e8,
                2.556348e305,
                2.6e305,
                -1.0,
                -34.0,
                -35.0,
                -0.5,
                -34.5,
                math.nan,
                math.inf,
                -math.inf,
            ],
        ]
    )


def _sin_differs(math_class, x: float) -> bool:
    """Whether the reflection formula's Math.sin(PI * z) differs from Python's math.sin at x < 0."""
    q = -x
    p = math.floor(q)
    z = q - p
    if z > 0.5:
        z = (p + 1.0) - q
    return math.sin(math.pi * z) != float(math_class.sin(math.pi * z))


@pytest.mark.jvm
def test_ln_gamma_is_wekas_but_for_math_sin(statistics):
    import jpype

    java_math = jpype.JClass("java.lang.Math")
    differing = []
    for x in gamma_arguments(-300.0).tolist():
        ours, weka = call_ours(ln_gamma, x), call_weka(statistics.lnGamma, x)
        if isinstance(ours, str) or isinstance(weka, str):
            assert isinstance(ours, str) and isinstance(weka, str), x
        elif not same(ours, weka):
            differing.append(x)
    assert all(x < -34 and _sin_differs(java_math, x) for x in differing)


@pytest.mark.jvm
def test_gamma_is_wekas_but_for_math_sin(statistics):
    import jpype

    java_math = jpype.JClass("java.lang.Math")
    differing = []
    for x in gamma_arguments(-170.0).tolist():
        ours, weka = call_ours(gamma, x), call_weka(statistics.gamma, x)
        if isinstance(ours, str) or isinstance(weka, str):
            assert isinstance(ours, str) and isinstance(weka, str), x
        elif not same(ours, weka):
            differing.append(x)
    assert all(x < -33 and _sin_differs(java_math, x) for x in differing)
    assert len(differing) < 20


def test_f_probability_of_the_t_tests_ends():
    assert f_probability(0.0, 1, 9) == 1.0
    assert f_probability(math.inf, 1, 9) == 0.0
    assert math.isnan(f_probability(math.nan, 1, 9))
    assert f_probability(2.262157162740992**2, 1, 9) == pytest.approx(0.05, abs=1e-10)


@pytest.mark.parametrize("args", [(-1.0, 1, 5), (2.0, 1, 0), (2.0, 0, 3)])
def test_f_probability_outside_its_domain_raises_as_weka_throws(args):
    with pytest.raises(ValueError, match="ibeta: Domain error"):
        f_probability(*args)


def test_f_probability_takes_java_ints():
    assert f_probability(4.0, np.int64(1), 9) == f_probability(4.0, 1, 9)
    with pytest.raises(TypeError, match="df2 must be an integer"):
        f_probability(4.0, 1, 9.0)
    with pytest.raises(ValueError, match="Java int"):
        f_probability(4.0, 1, 2**31)


@pytest.mark.parametrize("x", [0.0, -1.0, -35.0, 3e305, math.inf])
def test_ln_gamma_overflows_where_weka_does(x):
    with pytest.raises(OverflowError, match="lnGamma: Overflow"):
        ln_gamma(x)


@pytest.mark.parametrize("x", [0.0, -2.0, -40.0])
def test_gamma_poles(x):
    with pytest.raises(OverflowError, match="gamma: "):
        gamma(x)


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=1e-3, max_value=170.0))
def test_ln_gamma_and_gamma_agree_with_python(x):
    assert ln_gamma(x) == pytest.approx(math.lgamma(x), rel=1e-13, abs=1e-13)
    assert gamma(x) == pytest.approx(math.gamma(x), rel=1e-12)


@settings(max_examples=200, deadline=None)
@given(
    st.floats(min_value=0.05, max_value=100.0),
    st.floats(min_value=0.05, max_value=100.0),
    st.floats(min_value=0.0, max_value=1.0),
)
def test_incomplete_beta_is_a_distribution_function(a, b, x):
    value = incomplete_beta(a, b, x)
    assert 0.0 <= value <= 1.0
    if not 1e-3 <= x <= 0.999:  # 1 - x rounds: I(a, b, x) + I(b, a, 1 - x) = 1 holds only for the rounded x
        return
    assert value + incomplete_beta(b, a, 1.0 - x) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.jvm
def test_a_t_test_whose_power_is_subnormal(statistics):
    f, df = 555576.9851192491, 176  # t = 745.4 on 177 pairs: x**88 with x = 176 / (176 + f) is about 2**-1023
    assert in_the_subnormal_pow_band(df / 2.0, df / (df + f))
    assert same(f_probability(f, 1, df), float(statistics.FProbability(f, 1, df)))


@pytest.mark.jvm
@pytest.mark.parametrize("df", [3, 9, 29, 176, 1000])
def test_t_tests_whose_powers_are_subnormal_or_underflow(statistics, df):
    for log_power in np.linspace(-760.0, -700.0, 241):  # (df/2) log(df / (df + f)): 2**-1096 .. 2**-1010
        f = df / math.exp(2.0 * log_power / df) - df
        assert same(f_probability(f, 1, df), float(statistics.FProbability(f, 1, df))), (f, df)
        a, x = df / 2.0, df / (df + f)
        assert same(power_series(a, 0.5, x), float(statistics.powerSeries(a, 0.5, x))), (a, x)


def random_beta_arguments(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(a, b, x) of every kind the t-test and users give: a and b over four decades and halves of whole numbers
    (degrees of freedom), x uniform, tiny and next to 1."""
    quarter = n // 4
    a = np.concatenate([10 ** rng.uniform(-1, 2.5, 2 * quarter), rng.integers(1, 400, n - 2 * quarter) / 2])
    b = np.concatenate([10 ** rng.uniform(-1, 2.5, 2 * quarter), rng.integers(1, 400, n - 2 * quarter) / 2])
    x = np.concatenate(
        [
            rng.uniform(0, 1, 2 * quarter),
            10 ** -rng.uniform(0, 300, quarter),
            1 - 10 ** -rng.uniform(0, 16, n - 3 * quarter),
        ]
    )
    order = rng.permutation(n)
    return a[order], b[order], x[order]


@pytest.mark.jvm
def test_incomplete_beta_is_wekas_on_random_arguments(weka_jvm, rng):
    """WEKA's Statistics.incompleteBeta as oracle on 100,000 seeded arguments (WEKAEVAL_BETA_CASES=1000000 for the
    million the documentation quotes); every Math.pow and Math.exp in it is the host's JVM's."""
    import jpype

    from tests.oracles.jvm_classes import compiled_class

    bulk = compiled_class(JAVA_SOURCES / "StatisticsBulk.java", "wekaeval.tests.StatisticsBulk", with_weka=True)
    n = int(os.environ.get("WEKAEVAL_BETA_CASES", "100000"))
    a, b, x = random_beta_arguments(rng, n)
    threw = jpype.JArray(jpype.JBoolean)(n)
    weka = np.array(bulk.incompleteBeta(*(jpype.JArray(jpype.JDouble)(v) for v in (a, b, x)), threw))
    weka_threw = np.array(threw, dtype=bool)
    differing = []
    for i, (ai, bi, xi) in enumerate(zip(a.tolist(), b.tolist(), x.tolist(), strict=False)):
        ours = call_ours(incomplete_beta, ai, bi, xi)
        if isinstance(ours, str) != bool(weka_threw[i]) or (not weka_threw[i] and not same(ours, float(weka[i]))):
            differing.append((ai, bi, xi, ours, float(weka[i])))
    assert differing == [], f"{len(differing)} of {n} differ, e.g. {differing[:5]}"
