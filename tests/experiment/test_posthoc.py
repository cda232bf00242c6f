"""Comparison.posthoc and versus_control against scikit-posthocs, scipy and statsmodels.

scikit-posthocs computes the same formulas on ranks in the other orientation (1 the lowest value, where
compare() gives 1 to the best): a difference of mean ranks there is (k + 1 - R_j) - (k + 1 - R_i), the same
number up to its last bits, hence relative 1e-12 rather than ==.  Holm's adjustment and scipy's Wilcoxon see
the same doubles and are compared with ==.  Demšar's Table 6 is typed in tests/experiment/test_compare.py.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import scikit_posthocs as sp
from scipy import stats
from statsmodels.stats.multitest import multipletests

from tests.experiment.test_compare import DEMSAR, SCHEMES, demsar
from wekaeval import ComparisonError, compare
from wekaeval.experiment import PostHoc, VersusControl
from wekaeval.experiment._posthoc import WILCOXON_OPTIONS, holm, sign_flip_p

RELATIVE = 1e-12


def close(ours, anchor) -> bool:
    ours, anchor = np.asarray(ours, dtype=float), np.asarray(anchor, dtype=float)
    return bool(np.all(np.abs(ours - anchor) <= RELATIVE * np.abs(anchor)))


def table() -> np.ndarray:
    return np.array(list(DEMSAR.values()))


def test_demsar_figures_of_the_guide():
    c = demsar()
    # z-test + Holm, all pairs (scmamp postHocTest = posthoc_siegel_friedman(p_adjust="holm"))
    assert close(c.posthoc("holm").p_values[0, 1], 0.095862423776115202)
    # against the control C4.5, Holm (= posthoc_demsar(p_adjust="holm"))
    against = c.versus_control("C4.5")
    assert against.schemes == SCHEMES[1:] and against.control == "C4.5"
    assert close(against.p_values[0], 0.038480080936456496)


@pytest.mark.parametrize(
    "method, anchor",
    [
        ("nemenyi", lambda t: sp.posthoc_nemenyi_friedman(t)),
        ("holm", lambda t: sp.posthoc_siegel_friedman(t, p_adjust="holm")),
        ("conover", lambda t: sp.posthoc_conover_friedman(t, p_adjust="holm")),
    ],
)
def test_all_pairs_are_scikit_posthocs(method, anchor, rng):
    sizes = [(int(rng.integers(3, 30)), int(rng.integers(3, 8))) for _ in range(8)]
    tables = [table()] + [rng.integers(0, 5, size=size) / 5.0 for size in sizes]  # few values: ties
    for number, values in enumerate(tables):
        n, k = values.shape
        higher = number % 2 == 0  # the orientation does not matter to the p-values
        c = compare(values, datasets=[str(i) for i in range(n)], schemes=[f"s{j}" for j in range(k)],
                    measure="m", higher_is_better=higher)  # fmt: skip
        ours = c.posthoc(method)
        expected = anchor(values).to_numpy()
        assert close(ours.p_values, expected) or np.array_equal(ours.p_values, expected, equal_nan=True), number
        assert np.array_equal(ours.p_values, ours.p_values.T) and np.all(np.diag(ours.p_values) == 1.0)
        assert np.array_equal(ours.statistics, ours.statistics.T) and np.all(np.diag(ours.statistics) == 0.0)


def test_nemenyi_p_values_meet_the_critical_difference():
    c = demsar()
    cd = c.critical_difference()
    found = c.posthoc("nemenyi")
    assert np.array_equal(found.unadjusted, found.p_values)
    for i in range(4):
        for j in range(i + 1, 4):
            difference = abs(c.mean_ranks[i] - c.mean_ranks[j])
            assert (found.p_values[i, j] <= 0.05) == (difference >= cd)
    assert close(found.statistics[0, 3], (c.mean_ranks[0] - c.mean_ranks[3]) / math.sqrt(20 / 84) * math.sqrt(2))


def test_holm_is_statsmodels(rng):
    for _ in range(10):
        p = rng.random(int(rng.integers(1, 30))) ** 3
        if rng.integers(2):
            p[: len(p) // 2] = p[0]  # ties
        assert np.array_equal(holm(p), multipletests(p, method="holm")[1])


def test_wilcoxon_holm_is_scipys(rng):
    # exact (no ties, 9), permutation (ties, 4 to 9 data sets), normal (14 with ties; 60)
    tables = [table(), rng.random((9, 3)), rng.random((60, 3))]
    tables += [rng.integers(0, 6, size=(int(rng.integers(4, 10)), 3)) / 6.0 for _ in range(4)]
    tables += [rng.integers(0, 6, size=(int(rng.integers(14, 60)), 4)) / 6.0 for _ in range(2)]
    for values in tables:
        n, k = values.shape
        c = compare(values, datasets=[str(i) for i in range(n)], schemes=[f"s{j}" for j in range(k)], measure="m",
                    higher_is_better=False)  # fmt: skip
        found = c.posthoc("wilcoxon-holm")
        pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
        results = [stats.wilcoxon(values[:, i], values[:, j], **WILCOXON_OPTIONS) for i, j in pairs]
        p = np.array([r.pvalue for r in results])
        assert [found.unadjusted[i, j] for i, j in pairs] == p.tolist()
        assert [found.statistics[i, j] for i, j in pairs] == [float(r.statistic) for r in results]
        assert [found.p_values[i, j] for i, j in pairs] == multipletests(p, method="holm")[1].tolist()
    assert WILCOXON_OPTIONS == {"zero_method": "zsplit", "correction": False, "method": "auto"}


def test_sign_flips_counted_are_scipys_permutation_test(rng):
    for _ in range(12):
        n = int(rng.integers(1, 11))
        x, y = rng.integers(0, 4, n) / 4.0, rng.integers(0, 4, n) / 4.0
        with np.errstate(invalid="ignore", divide="ignore"):
            expected = stats.wilcoxon(x, y, zero_method="zsplit", method=stats.PermutationMethod()).pvalue
        assert sign_flip_p(x, y) == expected, (x, y)


@pytest.mark.parametrize("method, adjust", [("holm", "holm"), ("bonferroni-dunn", "bonferroni")])
def test_versus_control_is_posthoc_demsar(method, adjust, rng):
    for values in [table()] + [rng.integers(0, 4, size=(int(rng.integers(3, 20)), 5)) / 4.0 for _ in range(4)]:
        n, k = values.shape
        names = [f"s{j}" for j in range(k)]
        c = compare(values, datasets=[str(i) for i in range(n)], schemes=names, measure="m", higher_is_better=False)
        for control in range(k) if n == 14 else (0, k - 1):
            found = c.versus_control(control, method)
            anchor = sp.posthoc_demsar(values, control=control, p_adjust=adjust, to_matrix=False).to_numpy()
            assert close(found.p_values, anchor), control
            assert found.schemes == tuple(names[:control] + names[control + 1 :])
            # positive z: a worse mean rank than the control's (with lower-is-better, a higher value)
            expected = (c.mean_ranks[[j for j in range(k) if j != control]] - c.mean_ranks[control]) / math.sqrt(
                k * (k + 1) / (6 * n)
            )
            assert np.array_equal(found.statistics, expected)


def test_versus_control_defaults_to_the_best_mean_rank():
    c = demsar()
    assert c.versus_control().control == "C4.5+m+cf"
    assert compare(list(DEMSAR.values()), datasets=list(DEMSAR), schemes=SCHEMES, measure="Area_under_ROC",
                   control="C4.5+cf").versus_control().control == "C4.5+cf"  # fmt: skip
    assert c.versus_control(method="bonferroni-dunn").significant(0.05) == ["C4.5"]
    assert c.versus_control("C4.5").significant(0.05) == ["C4.5+m", "C4.5+m+cf"]


@pytest.mark.parametrize("method", ["shaffer", "bergmann-hommel"])
def test_shaffer_and_bergmann_hommel_adjust_the_z_tests_p_values(method):
    """The procedures live in experiment._hypotheses (tested on scmamp's figures there); here, what they are given
    and how their answer is used: the z-test's p-values, as Holm's procedure is given them."""
    from wekaeval.experiment._hypotheses import bergmann_hommel_adjust, shaffer_adjust

    adjust = shaffer_adjust if method == "shaffer" else bergmann_hommel_adjust
    c = demsar()
    found = c.posthoc(method)
    holm_found = c.posthoc("holm")
    assert found.method == method
    assert np.array_equal(found.unadjusted, holm_found.unadjusted)
    assert np.array_equal(found.p_values, adjust(holm_found.unadjusted))
    assert np.array_equal(found.statistics, holm_found.statistics)
    assert (found.p_values <= holm_found.p_values).all()  # both use the logical ties Holm's ignores


def test_bergmann_hommels_limit_names_the_method():
    rng = np.random.default_rng(34)
    print("seed 34")
    table = rng.integers(0, 5, size=(6, 10)).astype(float)
    c = compare(table.tolist(), datasets=[f"d{i}" for i in range(6)], schemes=[f"s{j}" for j in range(10)])
    with pytest.raises(ComparisonError, match="method 'bergmann-hommel': Bergmann-Hommel's procedure takes at most 9"):
        c.posthoc("bergmann-hommel")
    assert c.posthoc("shaffer").p_values.shape == (10, 10)


def test_significant_pairs_and_orientation():
    c = demsar()
    found = c.posthoc("conover")
    assert isinstance(found, PostHoc) and found.schemes == SCHEMES
    assert found.significant(0.05) == [("C4.5", "C4.5+m"), ("C4.5", "C4.5+m+cf")]
    assert found.significant(1e-9) == []
    assert isinstance(c.versus_control(), VersusControl)
    with pytest.raises(ValueError):  # read-only results
        found.p_values[0, 1] = 0.0


def test_bad_methods_name_themselves():
    c = demsar()
    with pytest.raises(ComparisonError, match="method must be one of 'nemenyi', 'holm', 'shaffer'"):
        c.posthoc("tukey")
    with pytest.raises(ComparisonError, match="method must be one of 'holm', 'bonferroni-dunn'"):
        c.versus_control(method="nemenyi")
    with pytest.raises(ComparisonError, match="control 'C5.0' is none of"):
        c.versus_control("C5.0")


def test_to_text_shows_the_tests():
    text = demsar().to_text("holm")
    assert "Friedman chi2 = 10.9524 (corrected for ties), df = 3, p = 0.0119862" in text
    assert "Iman-Davenport F(3, 39) = 3.98667" in text
    assert "Critical difference (nemenyi, alpha 0.05) = 1.25356" in text
    assert "Post-hoc holm, pairs significantly different at alpha 0.05:\n  none" in text
    assert "(4) C4.5+m+cf" in text and str(demsar()) == demsar().to_text("nemenyi")


def test_posthoc_and_control_print_as_tables():
    c = demsar()
    found = c.posthoc("holm")
    text = str(found)
    assert text.startswith("Post-hoc holm: adjusted p-values of every pair\n")
    row = text.splitlines()[3]  # scheme (1) against (2), (3), (4)
    assert row.split()[1:] == ["-", f"{found.p_values[0, 1]:.6g}", f"{found.p_values[0, 2]:.6g}",
                               f"{found.p_values[0, 3]:.6g}"]  # fmt: skip
    assert "(4) C4.5+m+cf" in text
    control = c.versus_control("C4.5")
    lines = str(control).splitlines()
    assert lines[0] == "Versus the control C4.5 (holm):"
    assert lines[3].split() == ["(1)", *(f"{v:.6g}" for v in (control.statistics[0], control.unadjusted[0],
                                                              control.p_values[0]))]  # fmt: skip
