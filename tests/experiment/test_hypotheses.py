"""Shaffer's and Bergmann & Hommel's adjusted p-values against scmamp, without R.

scmamp (R, github.com/b0rxa/scmamp) is the only implementation of both procedures, and the anchor:
tests/oracles/fixtures/scmamp_reference.json holds its values (written by tests/oracles/make_scmamp_reference.py with
tests/oracles/scmamp_reference.R; its header names the scmamp commit and the R version) for Demšar's (2006)
Table 6, seeded random tables with ties through ``postHocTest(test="friedman")``, and seeded random p-value
matrices.  The functions compute the same products, minima and running maxima in the same order, so the
values are compared with ``==``, tighter than the issue's relative 1e-12.  Then the properties that hold
whatever the anchor: Bergmann-Hommel <= Shaffer <= Holm (statsmodels) pair by pair, monotone in the raw
p-values, the exhaustive sets those of a brute-force search.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from statsmodels.stats.multitest import multipletests

from tests.paths import FIXTURES
from wekaeval.errors import ComparisonError
from wekaeval.experiment._hypotheses import (
    BERGMANN_HOMMEL_MAX_SCHEMES,
    bergmann_hommel_adjust,
    exhaustive_sets,
    shaffer_adjust,
    shaffer_counts,
)

REFERENCE = FIXTURES / "scmamp_reference.json"
DOCUMENT = json.loads(REFERENCE.read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = DOCUMENT["cases"]
PROCEDURES = {"shaffer": shaffer_adjust, "bergmann_hommel": bergmann_hommel_adjust}


def _array(matrix: list[list[float | None]]) -> np.ndarray:
    return np.array([[np.nan if v is None else v for v in row] for row in matrix], dtype=np.float64)


def _anchored(procedure: str) -> list[Any]:
    return [pytest.param(case, id=case["name"]) for case in CASES if case[procedure] is not None]


def test_the_reference_covers_what_it_claims() -> None:
    assert len(DOCUMENT["scmamp"]["commit"]) == 40
    assert DOCUMENT["r_version"].startswith("R version")
    names = {case["name"] for case in CASES}
    assert "demsar2006_table6" in names
    for procedure in PROCEDURES:
        anchored = {case["schemes_count"] for case in CASES if case[procedure] is not None}
        assert set(range(3, 10)) <= anchored
    tied = [
        case
        for case in CASES
        if case["bergmann_hommel"] is not None
        and len(set(_upper(_array(case["raw"])))) < len(_upper(_array(case["raw"])))
    ]
    assert len(tied) >= 10  # equal raw p-values, where the order of the running maximum matters


@pytest.mark.parametrize("case", _anchored("shaffer"))
def test_shaffer_equals_scmamp(case: dict[str, Any]) -> None:
    _check_against_scmamp(case, "shaffer")


@pytest.mark.parametrize("case", _anchored("bergmann_hommel"))
def test_bergmann_hommel_equals_scmamp(case: dict[str, Any]) -> None:
    _check_against_scmamp(case, "bergmann_hommel")


def _check_against_scmamp(case: dict[str, Any], procedure: str) -> None:
    raw, expected = _array(case["raw"]), _array(case[procedure])
    k = len(raw)
    got = PROCEDURES[procedure](raw)
    off = ~np.eye(k, dtype=bool)
    assert got[off].tolist() == expected[off].tolist()
    assert np.diag(got).tolist() == [1.0] * k  # scmamp copies the raw diagonal (NA); here 1.0


def test_demsar_table6() -> None:
    """Demšar's example: the second smallest raw p-value times 3 (Shaffer's t_2), not 5 (Holm's)."""
    (case,) = (case for case in CASES if case["name"] == "demsar2006_table6")
    assert case["mean_ranks"] == [3.142857142857143, 2.0, 2.9285714285714284, 1.9285714285714286]
    raw = _array(case["raw"])
    shaffer, bergmann = shaffer_adjust(raw), bergmann_hommel_adjust(raw)
    # C4.5 against C4.5+m+cf (the smallest raw p, times 6) and against C4.5+m (times 3: not 5 as Holm)
    assert shaffer[0, 3] == shaffer[0, 1] == bergmann[0, 1] == 6 * raw[0, 3] == 0.07696016187291299
    assert shaffer[0, 1] < _holm(raw)[0, 1]


def test_two_schemes_leave_the_one_p_value_alone() -> None:
    """scmamp stops at k = 2 (its generatePairs); with one hypothesis both procedures give it unchanged."""
    two = [case for case in CASES if case["schemes_count"] == 2]
    assert two and all("second argument must be a list" in case["scmamp_errors"]["shaffer"] for case in two)
    for case in (case for case in two if case["kind"] == "pvalues"):
        raw = _array(case["raw"])
        for procedure in PROCEDURES.values():
            assert procedure(raw).tolist() == [[1.0, raw[0, 1]], [raw[0, 1], 1.0]]


def test_bergmann_hommel_stops_beyond_nine_schemes_as_scmamp() -> None:
    beyond = [case for case in CASES if case["schemes_count"] > BERGMANN_HOMMEL_MAX_SCHEMES]
    assert beyond and all("only available for9or less" in case["scmamp_errors"]["bergmann_hommel"] for case in beyond)
    p = np.full((10, 10), 0.5)
    with pytest.raises(
        ComparisonError,
        match=r"at most 9 schemes .*; p \(the pairs' p-values\) compares 10 schemes -- Shaffer's procedure takes any",
    ):
        bergmann_hommel_adjust(p)
    assert shaffer_adjust(p)[0, 1] == 1.0  # Shaffer's has no limit
    assert bergmann_hommel_adjust(p[:9, :9])[0, 1] == 1.0


@pytest.mark.parametrize("k", range(2, 6))
def test_exhaustive_sets_are_those_of_a_brute_force_search(k: int) -> None:
    """Every non-empty set of pairs that can be true together: closed under 'a = b and b = c give a = c'."""
    pairs = list(itertools.combinations(range(k), 2))
    closed = set()
    for mask in range(1, 2 ** len(pairs)):
        chosen = {pairs[i] for i in range(len(pairs)) if mask >> i & 1}
        joined = {(a, d) for (a, b), (c, d) in itertools.product(chosen, chosen) if b == c}
        joined |= {(min(a, c), max(a, c)) for (a, b), (c, d) in itertools.product(chosen, chosen) if b == d and a != c}
        joined |= {(min(b, d), max(b, d)) for (a, b), (c, d) in itertools.product(chosen, chosen) if a == c and b != d}
        if joined <= chosen:
            closed.add(mask)
    found = {sum(1 << i for i in np.flatnonzero(row)) for row in exhaustive_sets(k)}
    assert found == closed
    assert len(exhaustive_sets(k)) == len(closed)


def test_exhaustive_sets_count_bell_numbers_and_give_shaffers_counts() -> None:
    bell = [1, 2, 5, 15, 52, 203, 877, 4140, 21147]  # Bell(1) .. Bell(9)
    for k in range(2, BERGMANN_HOMMEL_MAX_SCHEMES + 1):
        members = exhaustive_sets(k)
        assert members.shape == (bell[k - 1] - 1, k * (k - 1) // 2)
        assert len({row.tobytes() for row in members}) == len(members)
        assert {0, *members.sum(axis=1).tolist()} == set(shaffer_counts(k))
    assert shaffer_counts(4) == (0, 1, 2, 3, 6)  # García and Herrera (2008), section 3.2
    assert shaffer_counts(12)[-3:] == (46, 55, 66)


def _upper(matrix: np.ndarray) -> list[float]:
    return matrix[np.triu_indices(len(matrix), 1)].tolist()


def _holm(raw: np.ndarray) -> np.ndarray:
    """Holm's (1979) adjusted p-values: the i-th smallest of m times m - i + 1, running maximum, capped at 1."""
    k = len(raw)
    first, second = np.triu_indices(k, 1)
    pvalues = raw[first, second]
    order = np.argsort(pvalues, kind="stable")
    factors = np.arange(len(pvalues), 0, -1, dtype=np.float64)
    upper = np.empty(len(pvalues))
    upper[order] = np.minimum(np.maximum.accumulate(pvalues[order] * factors), 1.0)
    adjusted = np.ones((k, k))
    adjusted[first, second] = adjusted[second, first] = upper
    return adjusted


def test_the_holm_here_is_statsmodels() -> None:
    rng = np.random.default_rng(34)
    print("seed 34")
    for k in range(2, 10):
        raw = np.ones((k, k))
        first, second = np.triu_indices(k, 1)
        raw[first, second] = raw[second, first] = rng.choice([1e-4, 0.003, 0.02, 0.2, 0.9], size=len(first))
        assert _holm(raw)[first, second].tolist() == multipletests(raw[first, second], method="holm")[1].tolist()


@st.composite
def pvalue_matrices(draw: st.DrawFn) -> np.ndarray:
    k = draw(st.integers(2, BERGMANN_HOMMEL_MAX_SCHEMES))
    m = k * (k - 1) // 2
    probability = st.floats(0.0, 1.0) | st.sampled_from([0.0, 1e-12, 0.001, 0.01, 0.05, 0.5, 1.0])
    pool = draw(st.lists(probability, min_size=1, max_size=m))  # a short pool: tied p-values
    upper = np.array(draw(st.lists(st.sampled_from(pool), min_size=m, max_size=m)))
    matrix = np.full((k, k), draw(st.sampled_from([np.nan, 1.0, 0.0])))  # the diagonal is not read
    first, second = np.triu_indices(k, 1)
    matrix[first, second] = matrix[second, first] = upper
    return matrix


@given(pvalue_matrices())
def test_bergmann_hommel_below_shaffer_below_holm(raw: np.ndarray) -> None:
    bergmann, shaffer, holm = bergmann_hommel_adjust(raw), shaffer_adjust(raw), _holm(raw)
    off = ~np.eye(len(raw), dtype=bool)
    assert np.all(raw[off] <= bergmann[off])
    assert np.all(bergmann <= shaffer)
    assert np.all(shaffer <= holm)
    for adjusted in (bergmann, shaffer):
        assert np.array_equal(adjusted, adjusted.T)
        assert np.all(np.diag(adjusted) == 1.0) and np.all(adjusted <= 1.0)
        upper, before = np.array(_upper(adjusted)), np.array(_upper(raw))
        smaller = before[:, np.newaxis] < before[np.newaxis, :]
        assert np.all(upper[:, np.newaxis] <= upper[np.newaxis, :], where=smaller)  # monotone in the raw order


@given(pvalue_matrices(), st.randoms(use_true_random=False))
def test_renaming_the_schemes_renames_the_result(raw: np.ndarray, random: Any) -> None:
    """Shaffer's always; Bergmann-Hommel's when no raw p-values tie (ties keep the pairs' order, as scmamp)."""
    order = list(range(len(raw)))
    random.shuffle(order)
    moved = raw[np.ix_(order, order)]
    assert np.array_equal(shaffer_adjust(moved), shaffer_adjust(raw)[np.ix_(order, order)])
    if len(set(_upper(raw))) == len(_upper(raw)):
        assert np.array_equal(bergmann_hommel_adjust(moved), bergmann_hommel_adjust(raw)[np.ix_(order, order)])


def test_the_stored_cases_keep_the_order_of_the_procedures() -> None:
    for case in (case for case in CASES if case["raw"] is not None):
        raw = _array(case["raw"])
        shaffer = shaffer_adjust(raw)
        assert np.all(shaffer <= _holm(raw)), case["name"]
        if len(raw) <= BERGMANN_HOMMEL_MAX_SCHEMES:
            assert np.all(bergmann_hommel_adjust(raw) <= shaffer), case["name"]


@pytest.mark.parametrize(
    ("p", "message"),
    [
        ([0.1, 0.2], r"p must be a k x k matrix of pairwise p-values, not of shape \(2,\)"),
        ([[1.0, 0.1, 0.2], [0.1, 1.0, 0.3]], r"not of shape \(2, 3\)"),
        ([[1.0]], "p must compare at least 2 schemes, not 1"),
        ([["a", "b"], ["c", "d"]], "p must be a k x k matrix of pairwise p-values: could not convert"),
        ([[1.0, 1.5], [1.5, 1.0]], r"p\[0\]\[1\] is 1.5, not a p-value between 0 and 1"),
        ([[1.0, np.nan], [np.nan, 1.0]], r"p\[0\]\[1\] is nan, not a p-value"),
        (
            [[1.0, 0.1, 0.2], [0.1, 1.0, 0.3], [0.2, 0.4, 1.0]],
            r"p must be symmetric: p\[1\]\[2\] is 0.3 but p\[2\]\[1\] is 0.4",
        ),
    ],
)
def test_bad_matrices_are_refused_naming_p(p: object, message: str) -> None:
    for procedure in PROCEDURES.values():
        with pytest.raises(ComparisonError, match=message):
            procedure(p)
