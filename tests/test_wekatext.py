"""wekatext.double_to_string prints what WEKA's Utils.doubleToString prints, character for character."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from wekaeval.javamath import double_to_string


@pytest.fixture(scope="module")
def weka_utils(weka_jvm):
    import jpype

    return jpype.JClass("weka.core.Utils")


# Below 2**53 in magnitude: beyond it Java 17's Double.toString, whose digits DecimalFormat rounds,
# is not always the shortest decimal (JDK-4511638) and the port does not reproduce its choices.
BELOW_2_53 = 2.0**53
interesting = st.one_of(
    st.floats(-BELOW_2_53, BELOW_2_53, exclude_min=True, exclude_max=True),
    st.sampled_from([math.nan, math.inf, -math.inf]),
    st.floats(-1e6, 1e6),
    st.integers(-(10**6), 10**6).map(lambda i: i / 1000),  # ties and near-ties at 3 digits
    st.integers(-(10**5), 10**5).map(lambda i: i / 8),  # exact binary ties
    st.sampled_from([0.0, -0.0, 0.94, 0.125, 0.15, 2.675, 5e-324, 96.0, -0.00004, 0.99995, 2.0e-3]),
)


@pytest.mark.jvm
@settings(max_examples=1500, deadline=None)
@given(interesting, st.integers(0, 12), st.integers(0, 20))
@example(0.94, 4, 7)
@example(96.0, 4, 12)
@example(0.125, 2, 6)
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
