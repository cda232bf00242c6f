"""compare(): mean ranks, Friedman's test, critical differences and cliques, against their anchors.

Demšar's own example is the anchor table: Demšar, J. (2006) Statistical comparisons of classifiers over
multiple data sets, JMLR 7:1-30, Table 6 (AUC of C4.5 with and without m and cf tuned, 14 UCI data sets),
typed in from the paper.  Friedman's test equals scipy.stats.friedmanchisquare bit for bit (the same sums of
exact half-integers, the same arithmetic); the other figures are the anchors' measured in the project's guide
(scmamp, autorank, aeon, R), with the reason each differs where it does.
"""

from __future__ import annotations

import io
import itertools
import math
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from wekaeval import ComparisonError, compare, read_experiment_results, ttest
from wekaeval.experiment import MEASURE_DIRECTIONS, Comparison
from wekaeval.javamath import java_double_to_string, quote

EXAMPLE = "docs/examples/experiment.arff"

SCHEMES = ("C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf")
# fmt: off
DEMSAR = {  # Demšar (2006), Table 6
    "adult (sample)":          (0.763, 0.768, 0.771, 0.798),
    "breast cancer":           (0.599, 0.591, 0.590, 0.569),
    "breast cancer wisconsin": (0.954, 0.971, 0.968, 0.967),
    "cmc":                     (0.628, 0.661, 0.654, 0.657),
    "ionosphere":              (0.882, 0.888, 0.886, 0.898),
    "iris":                    (0.936, 0.931, 0.916, 0.931),
    "liver disorders":         (0.661, 0.668, 0.609, 0.685),
    "lung cancer":             (0.583, 0.583, 0.563, 0.625),
    "lymphography":            (0.775, 0.838, 0.866, 0.875),
    "mushroom":                (1.000, 1.000, 1.000, 1.000),
    "primary tumor":           (0.940, 0.962, 0.965, 0.962),
    "rheum":                   (0.619, 0.666, 0.614, 0.669),
    "voting":                  (0.972, 0.981, 0.975, 0.975),
    "wine":                    (0.957, 0.978, 0.946, 0.970),
}
# fmt: on


def demsar(**kwargs) -> Comparison:
    return compare(list(DEMSAR.values()), datasets=list(DEMSAR), schemes=SCHEMES, measure="Area_under_ROC", **kwargs)


def relative(a: float, b: float) -> float:
    return abs(a - b) / abs(b)


# -- Demšar's table ----------------------------------------------------------------------------------------


def test_demsar_mean_ranks_and_friedman():
    c = demsar()
    assert c.mean_ranks.tolist() == [3.142857142857143, 2.0, 2.9285714285714284, 1.9285714285714286]
    f = c.friedman
    # scipy.stats.friedmanchisquare (= R's friedman.test), bit for bit
    assert f.statistic == 10.952380952380956 and f.p_value == 0.011986176325417788
    scipy_result = stats.friedmanchisquare(*np.array(list(DEMSAR.values())).T)
    assert (f.statistic, f.p_value) == (float(scipy_result.statistic), float(scipy_result.pvalue))
    # Demšar's formula without the tie correction (scmamp): the same number up to the order of its sums
    # (scmamp sums squared mean ranks, 9.857142857142824; scipy's order, used here, 9.857142857142861)
    assert relative(f.uncorrected, 9.857142857142824) < 1e-14
    assert (f.df, f.df_denominator, f.n_datasets, f.n_schemes) == (3, 39, 14, 4)
    assert relative(f.iman_davenport, 3.98666666666667) < 1e-14  # R prints 15 significant digits
    assert relative(f.iman_davenport_p, 0.014352446216024) < 1e-13
    assert f.iman_davenport_p == float(stats.f.sf(f.iman_davenport, 3, 39))
    assert c.left_out == {} and c.ranked_datasets == tuple(DEMSAR)


def test_demsar_printed_figures_need_the_voting_tie_broken():
    # Demšar prints chi2 9.28 and F 3.69: they come out only with voting's tie (0.975, 0.975) broken.
    rows = [list(row) for row in DEMSAR.values()]
    rows[list(DEMSAR).index("voting")] = [0.972, 0.981, 0.975, 0.9749]
    f = compare(rows, datasets=list(DEMSAR), schemes=SCHEMES, measure="Area_under_ROC").friedman
    assert round(f.uncorrected, 2) == 9.28 and round(f.iman_davenport, 2) == 3.69


def test_demsar_critical_differences():
    c = demsar()
    se = math.sqrt(4 * 5 / (6 * 14))
    q = stats.studentized_range.ppf(0.95, 4, np.inf) / math.sqrt(2)
    assert q == 2.569031772546482
    assert c.critical_difference() == 1.2535591471176057 == q * se
    assert c.critical_difference("bonferroni-dunn") == 1.1681425306400997
    # autorank approximates the same quantile: 6e-6 apart
    assert relative(1.2535512603486423, c.critical_difference()) < 1e-5
    # scmamp takes k (N - 1) degrees of freedom instead of infinity
    scmamp = stats.studentized_range.ppf(0.95, 4, 4 * 13) / math.sqrt(2) * se
    assert relative(scmamp, 1.2950676175543581) < 1e-9
    # aeon reads its table of q_0.05 one row too far: k = 5's 2.728 for k = 4's 2.569
    assert relative(2.728 * se, 1.3311276995017993) < 1e-15
    assert c.critical_difference(alpha=0.10) < c.critical_difference()


def test_demsar_cliques():
    c = demsar()
    assert c.cliques() == (("C4.5+m+cf", "C4.5+m", "C4.5+cf", "C4.5"),)
    # at 0.10 Demšar's diagram separates C4.5 from C4.5+m+cf and C4.5+m: two bars
    assert c.cliques(alpha=0.10) == (("C4.5+m+cf", "C4.5+m", "C4.5+cf"), ("C4.5+cf", "C4.5"))
    assert c.cliques("bonferroni-dunn") == (("C4.5+m+cf", "C4.5+m", "C4.5+cf"), ("C4.5+m", "C4.5+cf", "C4.5"))


# -- random tables -----------------------------------------------------------------------------------------


def brute_force_cliques(mean_ranks, cd):
    """Every maximal set of two schemes or more whose mean ranks lie within cd, by enumeration."""
    k = len(mean_ranks)
    within = [
        set(group)
        for size in range(2, k + 1)
        for group in itertools.combinations(range(k), size)
        if max(mean_ranks[list(group)]) - min(mean_ranks[list(group)]) <= cd
    ]
    return {frozenset(g) for g in within if not any(g < other for other in within)}


def test_random_tables_with_ties(rng):
    for _ in range(40):
        n, k = int(rng.integers(2, 25)), int(rng.integers(3, 9))
        table = rng.integers(0, 4, size=(n, k)).astype(float) / 4  # few values: many ties
        higher = bool(rng.integers(2))
        c = compare(table, datasets=[f"d{i}" for i in range(n)], schemes=[f"s{j}" for j in range(k)],
                    measure="m", higher_is_better=higher)  # fmt: skip
        expected = stats.rankdata(-table if higher else table, axis=1)
        assert np.array_equal(c.ranks, expected)
        assert np.array_equal(c.ranks.sum(axis=1), np.full(n, k * (k + 1) / 2))
        with np.errstate(invalid="ignore", divide="ignore"):
            anchor = stats.friedmanchisquare(*table.T)
        assert np.array_equal([c.friedman.statistic, c.friedman.p_value], [anchor.statistic, anchor.pvalue],
                              equal_nan=True)  # fmt: skip
        for method in ("nemenyi", "bonferroni-dunn"):
            cd = c.critical_difference(method)
            found = c.cliques(method)
            assert {frozenset(c.schemes.index(s) for s in g) for g in found} == brute_force_cliques(c.mean_ranks, cd)
            for group in found:  # best first
                assert [c.mean_ranks[c.schemes.index(s)] for s in group] == sorted(
                    c.mean_ranks[c.schemes.index(s)] for s in group
                )


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 12).flatmap(
        lambda n: st.integers(2, 7).flatmap(
            lambda k: st.lists(st.lists(st.integers(0, 3), min_size=k, max_size=k), min_size=n, max_size=n)
        )
    ),
    st.booleans(),
)
def test_generated_tables_rank_as_scipy(rows, higher):
    table = np.array(rows, dtype=float)
    n, k = table.shape
    c = compare(table, datasets=[f"d{i}" for i in range(n)], schemes=[f"s{j}" for j in range(k)], measure="m",
                higher_is_better=higher)  # fmt: skip
    assert np.array_equal(c.ranks, stats.rankdata(-table if higher else table, axis=1))
    assert np.array_equal(c.mean_ranks, c.ranks.sum(axis=0) / n) and math.isclose(c.mean_ranks.sum(), k * (k + 1) / 2)
    if k >= 3:  # scipy's Friedman takes three schemes or more
        with np.errstate(invalid="ignore", divide="ignore"):
            anchor = stats.friedmanchisquare(*table.T)
        assert np.array_equal([c.friedman.statistic, c.friedman.p_value], [anchor.statistic, anchor.pvalue],
                              equal_nan=True)  # fmt: skip
    if not np.isnan(c.friedman.statistic):
        assert c.friedman.statistic >= c.friedman.uncorrected - 1e-9  # the correction divides by at most 1
    groups = c.cliques()
    assert all(len(group) >= 2 for group in groups)
    assert {frozenset(c.schemes.index(s) for s in g) for g in groups} == brute_force_cliques(
        c.mean_ranks, c.critical_difference()
    )


def test_a_lower_is_better_measure_ranks_the_lowest_first():
    table = [[0.1, 0.3, 0.2], [0.2, 0.1, 0.4], [0.05, 0.2, 0.3]]
    names = {"datasets": ["a", "b", "c"], "schemes": ["X", "Y", "Z"]}
    c = compare(table, measure="Root_mean_squared_error", **names)
    assert c.higher_is_better is False and MEASURE_DIRECTIONS["Root_mean_squared_error"] is False
    assert c.ranks.tolist() == [[1.0, 3.0, 2.0], [2.0, 1.0, 3.0], [1.0, 2.0, 3.0]]
    flipped = compare(-np.array(table), measure="Percent_correct", **names)
    assert np.array_equal(flipped.ranks, c.ranks) and flipped.friedman == c.friedman
    assert compare(table, measure="anything", higher_is_better=False, **names).friedman == c.friedman


def test_a_missing_scheme_leaves_its_data_set_out_of_the_ranks():
    rows = [list(row) for row in DEMSAR.values()]
    rows[3][1] = math.nan
    rows[5][2] = None
    c = compare(rows, datasets=list(DEMSAR), schemes=SCHEMES, measure="Area_under_ROC")
    assert c.left_out == {"cmc": ("C4.5+m",), "iris": ("C4.5+cf",)}
    assert c.ranks.shape == (12, 4) and "cmc" not in c.ranked_datasets and len(c.datasets) == 14
    assert math.isnan(c.table[3, 1]) and math.isnan(c.table[5, 2])
    complete = [row for i, row in enumerate(DEMSAR.values()) if i not in (3, 5)]
    assert c.friedman == compare(complete, datasets=c.ranked_datasets, schemes=SCHEMES, measure="F_measure").friedman
    assert "Left out of the ranks: cmc (no result of C4.5+m)" in c.to_text()


def test_a_data_frame():
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(list(DEMSAR.values()), index=list(DEMSAR), columns=list(SCHEMES))
    frame.iloc[0, 0] = None
    c = compare(frame, measure="Area_under_ROC")
    assert c.schemes == SCHEMES and c.datasets == tuple(DEMSAR) and c.left_out == {"adult (sample)": ("C4.5",)}
    frame["C4.5"] = "x"
    with pytest.raises(ComparisonError, match="results: a DataFrame of numbers"):
        compare(frame, measure="Area_under_ROC")
    with pytest.raises(ComparisonError, match="a DataFrame names its rows"):
        compare(frame, measure="Area_under_ROC", datasets=list(DEMSAR))


# -- result files ------------------------------------------------------------------------------------------


def test_a_result_file_gives_wekas_means_and_ranking():
    results = read_experiment_results(EXAMPLE)
    c = compare(results)
    t = ttest(results, "Percent_correct")
    assert c.datasets == t.datasets and c.schemes == t.schemes and c.left_out == {}
    for j in range(len(c.schemes)):  # the mean WEKA's Analyse panel prints in the scheme's column as the base
        as_base = ttest(results, "Percent_correct", base=j)
        assert [c.table[i, j] for i in range(3)] == [as_base.mean(i, j) for i in range(3)]
    assert c.weka is not None and c.weka.base == 0 and c.weka.to_text() == t.to_text()
    assert c.weka_ranking == t.ranking_counts()
    assert [line.split()[:3] for line in t.ranking().splitlines()[1:]] == [
        [str(w - loss), str(w), str(loss)] for _, w, loss in c.weka_ranking
    ]
    text = c.to_text()
    assert "iris       33.3333    94.4444 v  95.1111 v\n" in text and "\n    2   2   0  (3)\n" in text
    with_control = compare(EXAMPLE, control="J48")
    assert with_control.control == t.schemes[1] and with_control.weka is not None and with_control.weka.base == 1


def csv_of(results) -> str:
    """The rows as WEKA's CSVResultListener writes them: keys as text, numbers as Double.toString, ? missing."""

    def cell(column, value):
        if value is None:
            return "?"
        if isinstance(value, str):
            return quote(value) if value == "" or not column.startswith("Key_") else value
        return java_double_to_string(value)

    lines = [",".join(results.columns)]
    lines += [",".join(cell(c, v) for c, v in zip(results.columns, row, strict=True)) for row in results.rows]
    return "\n".join(lines) + "\n"


def test_a_csv_result_file_and_a_lower_is_better_measure(tmp_path):
    results = read_experiment_results(EXAMPLE)
    path = tmp_path / "results.csv"
    path.write_text(csv_of(results), encoding="utf-8")
    for measure in ("Percent_correct", "Root_mean_squared_error"):
        from_arff, from_csv = compare(EXAMPLE, measure=measure), compare(path, measure=measure)
        assert np.array_equal(from_arff.table, from_csv.table) and from_arff.weka_ranking == from_csv.weka_ranking
    errors = compare(path, measure="Root_mean_squared_error")
    assert errors.higher_is_better is False
    assert np.array_equal(errors.ranks, stats.rankdata(errors.table, axis=1))


def test_a_scheme_without_results_on_a_data_set_in_a_result_file():
    text = open(EXAMPLE, encoding="utf-8").read()
    kept = [line for line in text.splitlines() if not (line.startswith("picnic,") and "NaiveBayes" in line)]
    c = compare(io.StringIO("\n".join(kept) + "\n"))
    assert c.left_out == {"picnic": ("bayes.NaiveBayes '' 5995231201785697655",)}
    assert math.isnan(c.table[1, 2]) and c.ranked_datasets == ("iris", "eyewear")
    assert c.table[1, 1] == compare(EXAMPLE).table[1, 1]
    kept = [line for line in kept if not (line.startswith("iris,") and "ZeroR" in line)]
    with pytest.raises(ComparisonError, match="results: 1 data set"):
        compare(io.StringIO("\n".join(kept) + "\n"))


@pytest.mark.jvm
def test_wekas_own_result_files_give_its_analyse_panels_means_and_ranking(weka_jvm, tmp_path):
    """WEKA's Experimenter writes the files (ARFF and CSV listeners); its PairedCorrectedTTester is the oracle of
    each scheme's mean (the scheme as the base: the number its Analyse panel prints) and of the ranking text.
    (A win in WEKA's ranking is a significantly higher mean, whatever the measure: WEKA knows no direction.)"""
    from tests.oracles.experiment_oracle import run_experiments, weka_tester

    arff, csv = run_experiments([tmp_path / "results.arff", tmp_path / "results.csv"])
    for measure in ("Percent_correct", "Root_mean_squared_error", "Area_under_ROC", "Kappa_statistic"):
        tester, names = weka_tester(arff)
        column = names.index(measure)
        ours, from_csv = compare(arff, measure=measure), compare(csv, measure=measure)
        # the ARFF listener writes 6 decimals, the CSV listener every digit (WEKA's tester reads only ARFF)
        assert np.allclose(ours.table, from_csv.table, rtol=0, atol=5e-7) and ours.weka_ranking == from_csv.weka_ranking
        for j in range(len(ours.schemes)):
            tester.multiResultsetFull(j, column)
            matrix = tester.getResultMatrix()
            for i in range(len(ours.datasets)):
                assert ours.table[i, j].hex() == float(matrix.getMean(j, i)).hex(), (measure, i, j)
        assert ours.weka is not None and ours.weka.ranking() == str(tester.multiResultsetRanking(column))
        assert ours.higher_is_better == (measure != "Root_mean_squared_error")


# -- bad arguments -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"alpha": 0}, "alpha must be a number strictly between 0 and 1"),
        ({"alpha": 1.5}, "alpha must be"),
        ({"alpha": True}, "alpha must be"),
        ({"measure": "Number_of_training_instances"}, "higher_is_better: the measure 'Number_of_training_instances'"),
        ({"higher_is_better": "yes"}, "higher_is_better must be True, False or None"),
        ({"control": "C5.0"}, "control 'C5.0' is none of"),
        ({"control": 4}, "control 4 is not an index"),
        ({"datasets": None}, "datasets: a table given as rows needs"),
        ({"schemes": SCHEMES[:3]}, "schemes: 4 names needed"),
        ({"schemes": ("a", "b", "a", "c")}, "schemes: names repeated: 'a'"),
    ],
)
def test_bad_arguments_name_themselves(kwargs, message):
    arguments = {"datasets": list(DEMSAR), "schemes": SCHEMES, "measure": "Area_under_ROC", **kwargs}
    with pytest.raises(ComparisonError, match=message):
        compare(list(DEMSAR.values()), **arguments)


def test_bad_tables_and_methods():
    with pytest.raises(ComparisonError, match="1 scheme"):
        compare([[1.0], [2.0]], datasets=["a", "b"], schemes=["X"], measure="Percent_correct")
    with pytest.raises(ComparisonError, match="1 data set"):
        compare([[1.0, 2.0], [3.0, None]], datasets=["a", "b"], schemes=["X", "Y"], measure="Percent_correct")
    with pytest.raises(ComparisonError, match="rows of numbers"):
        compare([[1.0, "x"], [3.0, 4.0]], datasets=["a", "b"], schemes=["X", "Y"], measure="Percent_correct")
    with pytest.raises(ComparisonError, match="datasets and schemes name the rows"):
        compare(EXAMPLE, schemes=["X"])
    c = demsar()
    with pytest.raises(ComparisonError, match="method must be one of 'nemenyi', 'bonferroni-dunn'"):
        c.critical_difference("tukey")
    with pytest.raises(ComparisonError, match="alpha must be"):
        c.cliques(alpha=-1)
    assert isinstance(ComparisonError("x"), ValueError)


def test_importing_wekaeval_does_not_import_scipy():
    code = "import sys, wekaeval, wekaeval.experiment; print('scipy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
