"""wekaeval.ttest is WEKA's PairedCorrectedTTester: the Experimenter's analysis, byte for byte.

Result files come from WEKA's own Experiment class run from the command line (tests/oracles/experiment_oracle.py:
3 datasets x 3 schemes x 3 runs x 5 folds, ARFF and CSV listeners); WEKA's tester analyses the ARFF file in
this process's JVM.  Every table, key, ranking and summary must be the same text, and every mean and
standard deviation the same double.
"""

from __future__ import annotations

import datetime
import io

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.oracles.experiment_oracle import percent_correct_arff, run_experiments, weka_tester
from wekaeval import TTestError, read_experiment_results, ttest
from wekaeval.javamath import quote

pytestmark = pytest.mark.jvm

MEASURES = ("Percent_correct", "Kappa_statistic", "Area_under_ROC", "Root_mean_squared_error", "Elapsed_Time_training")
DETERMINISTIC = MEASURES[:4]


@pytest.fixture(scope="module")
def files(weka_jvm, tmp_path_factory):
    directory = tmp_path_factory.mktemp("ttest")
    arff, csv = run_experiments([directory / "results.arff", directory / "results.csv"])
    return {"arff": arff, "csv": csv}


def weka_full(path, measure, base, **settings):
    tester, names = weka_tester(path, **settings)
    text = str(tester.multiResultsetFull(base, names.index(measure)))
    return text, tester.getResultMatrix()


@pytest.mark.parametrize("measure", MEASURES)
def test_tables_are_wekas(files, measure):
    results = read_experiment_results(files["arff"])
    for base in (0, 1, 2):
        for significance in (0.05, 0.01, 0.2):
            for show in (False, True):
                expected, matrix = weka_full(
                    files["arff"], measure, base, significance=significance, show_std_devs=show
                )
                ours = ttest(results, measure, base=base, significance=significance, show_std_devs=show)
                assert ours.to_text() == expected, (base, significance, show)
                for i in range(len(ours.datasets)):
                    for j in range(len(ours.schemes)):
                        assert ours.mean(i, j).hex() == float(matrix.getMean(j, i)).hex()
                        assert ours.std_dev(i, j).hex() == float(matrix.getStdDev(j, i)).hex()
                        sign = {0: "", 1: "v", 2: "*"}[int(matrix.getSignificance(j, i))]
                        assert ours.significance(i, j) == sign


@pytest.mark.parametrize("fmt", ["latex", "csv", "html", "significance", "gnuplot"])
def test_other_formats_are_wekas(files, fmt):
    results = read_experiment_results(files["arff"])
    for measure, base, show in (("Percent_correct", 0, False), ("Kappa_statistic", 2, True)):
        expected, _ = weka_full(files["arff"], measure, base, show_std_devs=show, matrix=fmt)
        assert ttest(results, measure, base=base, show_std_devs=show).to_text(fmt) == expected


@pytest.mark.parametrize("measure", DETERMINISTIC)
def test_csv_results_give_the_same_tables(files, measure):
    # WEKA's CSVLoader cannot read its own CSV listener's file back (ZeroR's '' options become missing);
    # the same experiment's ARFF file, analysed by WEKA, is the oracle.
    for base in (0, 1):
        expected, _ = weka_full(files["arff"], measure, base, show_std_devs=True)
        assert ttest(files["csv"], measure, base=base, show_std_devs=True).to_text() == expected


@pytest.mark.parametrize("fmt", ["plain", "latex", "csv", "html", "significance", "gnuplot"])
def test_ranking_and_summary_are_wekas(files, fmt):
    tester, names = weka_tester(files["arff"], matrix=fmt)
    analysis = ttest(files["arff"], "Percent_correct")
    column = names.index("Percent_correct")
    assert analysis.ranking(fmt) == str(tester.multiResultsetRanking(column))
    assert analysis.summary(fmt) == str(tester.multiResultsetSummary(column))


def test_header_is_wekas(files):
    import jpype

    for significance, show in ((0.05, False), (0.01, True)):
        tester, names = weka_tester(files["arff"], significance=significance, show_std_devs=show)
        expected = str(tester.header(names.index("Kappa_statistic")))
        moment = datetime.datetime(2026, 11, 22, 17, 5)
        analysis = ttest(files["arff"], "Kappa_statistic", significance=significance, show_std_devs=show)
        ours = analysis.header(date=moment)
        date_line = [line for line in expected.splitlines() if line.startswith("Date:")][0]
        assert ours.replace("11/22/26, 5:05 PM", date_line.split(None, 1)[1]) == expected
        java_date = jpype.JClass("java.util.Date")(126, 10, 22, 17, 5)
        assert str(jpype.JClass("java.text.SimpleDateFormat")().format(java_date)) == "11/22/26, 5:05 PM"


def test_sorted_by_a_column(files):
    tester, names = weka_tester(files["arff"], sort_column=-1)
    results = read_experiment_results(files["arff"])
    tester.setSortColumn(names.index("Kappa_statistic"))
    expected = str(tester.multiResultsetFull(0, names.index("Percent_correct")))
    ours = ttest(results, "Percent_correct", sort_by="Kappa_statistic")
    assert ours.to_text() == expected


def test_schemes_and_datasets_by_name(files):
    analysis = ttest(files["arff"], "Percent_correct", base="ZeroR")
    assert analysis.base == 0 and analysis.schemes[1].startswith("trees.J48 ")
    assert analysis.mean("iris", "J48") == analysis.mean(0, 1) == analysis.mean("iris", analysis.schemes[1])
    assert analysis.counts()[analysis.schemes[1]] == (2, 1, 0)
    with pytest.raises(TTestError, match="is none of"):
        analysis.mean("iris", "SMO")
    with pytest.raises(TTestError, match="not an index"):
        analysis.mean(7, 0)


def test_missing_groups_and_values(files):
    text = open(files["csv"], encoding="utf-8").read().splitlines()
    header, rows = text[0], text[1:]
    # NaiveBayes has no results on eyewear; one J48 result on iris misses its Percent_correct.
    kept = [row for row in rows if not (row.startswith("eyewear,") and "NaiveBayes" in row)]
    column = header.split(",").index("Percent_correct")
    j48_iris = next(i for i, row in enumerate(kept) if row.startswith("iris,") and "J48" in row)
    cells = kept[j48_iris].split(",")
    cells[column] = "?"
    kept[j48_iris] = ",".join(cells)
    analysis = ttest(io.StringIO("\n".join([header, *kept]) + "\n"), "Percent_correct")
    assert analysis.cells[2][2] is None
    assert any("No results for dataset=eyewear" in m for m in analysis.messages)
    assert any("missing value in comparison column" in m for m in analysis.messages)
    assert analysis.cell("iris", 1).count == 14


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"measure": "Nope"}, "measure: no column 'Nope'"),
        ({"measure": "Key_Scheme"}, "is not numeric"),
        ({"significance": 0}, "strictly between 0 and 1"),
        ({"base": 5}, "base 5 is not an index"),
        ({"base": "SMO"}, "base 'SMO' is none of"),
        ({"run_column": "Run"}, "run_column: no column 'Run'"),
    ],
)
def test_bad_arguments_name_themselves(files, kwargs, message):
    with pytest.raises(TTestError, match=message):
        ttest(files["arff"], **kwargs)


def without_date(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("Date:"))


def test_command_line_prints_the_analyse_panels_text(files, capsys):
    from wekaeval.cli import main

    tester, names = weka_tester(files["arff"], show_std_devs=True, matrix="latex")
    column = names.index("Kappa_statistic")
    expected = str(tester.header(column)) + "\n" + str(tester.multiResultsetFull(1, column)) + "\n"
    argv = [
        "ttest",
        str(files["arff"]),
        "--measure",
        "Kappa_statistic",
        "--base",
        "2",
        "--std-devs",
        "--format",
        "latex",
    ]
    assert main(argv) == 0
    assert without_date(capsys.readouterr().out) == without_date(expected)
    assert main(["ttest", str(files["csv"]), "--base", "J48", "--ranking"]) == 0
    tester, names = weka_tester(files["arff"])
    assert capsys.readouterr().out.endswith(str(tester.multiResultsetRanking(names.index("Percent_correct"))) + "\n")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--base", "0"], "numbered from 1"),
        (["--measure", "Key_Run"], "is not numeric"),
        (["--significance", "2"], "--significance/--alpha: must be strictly between 0 and 1"),
        (["--format", "markdown"], "invalid choice: 'markdown'"),
        (["--ranking", "--summary"], "not allowed with"),
    ],
)
def test_command_line_errors_are_one_line(files, capsys, argv, message):
    from wekaeval.cli import main

    assert main(["ttest", str(files["arff"]), *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err


# -- generated result files: WEKA's grouping, sorting and missing-value rules --------------------------------


@st.composite
def result_files(draw):
    """An Experimenter ARFF result file: some schemes missing some datasets, '?' values, rows shuffled, runs
    declared out of order, fractional and tied measures."""
    datasets = draw(
        st.lists(st.sampled_from(["iris", "vote", "labor neg", "soy%bean", "a,b"]), min_size=1, max_size=3, unique=True)
    )
    schemes = draw(
        st.lists(
            st.sampled_from(
                [
                    "weka.classifiers.trees.J48",
                    "weka.classifiers.rules.ZeroR",
                    "weka.classifiers.bayes.NaiveBayes",
                    "weka.classifiers.lazy.IBk",
                ]
            ),
            min_size=1,
            max_size=4,
            unique=True,
        )
    )
    runs, folds = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    run_labels = draw(st.permutations([str(r) for r in range(1, runs + 1)]))
    value = st.one_of(st.integers(0, 100).map(float), st.floats(0, 100, allow_nan=False).map(lambda v: round(v, 3)))
    rows = []
    for scheme in schemes:
        for dataset in datasets:
            if len(datasets) > 1 and draw(st.integers(0, 9)) == 0:
                continue  # this scheme has no results on the dataset
            for run in range(1, runs + 1):
                for fold in range(1, folds + 1):
                    measure = "?" if draw(st.integers(0, 19)) == 0 else repr(draw(value))
                    test = draw(st.integers(5, 30))
                    rows.append(f"{quote(dataset)},{run},{fold},{scheme},'',1,{4 * test}.0,{test}.0,{measure}")
    assume(rows)
    order = draw(st.permutations(range(len(rows))))
    return percent_correct_arff(
        "InstanceResultListener",
        ",".join(quote(d) for d in datasets),
        ",".join(run_labels),
        ",".join(str(f) for f in range(1, folds + 1)),
        ",".join(schemes),
        [rows[i] for i in order],
    )


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=result_files(), base=st.integers(0, 3), show=st.booleans(), significance=st.sampled_from([0.05, 0.01, 0.1]))
def test_generated_results_are_analysed_as_weka_does(weka_jvm, tmp_path, text, base, show, significance):
    path = tmp_path / "generated.arff"
    path.write_text(text, encoding="utf-8")
    base = min(base, len(ttest(path, "Percent_correct").schemes) - 1)
    analysis = ttest(path, "Percent_correct", base=base, significance=significance, show_std_devs=show)
    expected, _ = weka_full(path, "Percent_correct", base, significance=significance, show_std_devs=show)
    assert analysis.to_text() == expected
    tester, names = weka_tester(path, significance=significance)
    column = names.index("Percent_correct")
    assert analysis.ranking() == str(tester.multiResultsetRanking(column))
    assert analysis.summary() == str(tester.multiResultsetSummary(column))


@pytest.mark.parametrize("fmt", ["plain", "latex", "csv", "html", "significance", "gnuplot"])
def test_weka_result_matrices_read_back(files, fmt):
    """WEKA's own tester output in every format is read by read_result_matrix to the tester's numbers."""
    from tests.report.test_result_matrix_read import assert_matches
    from wekaeval import read_result_matrix

    for measure, base, show in (("Percent_correct", 0, False), ("Kappa_statistic", 2, True)):
        expected, _ = weka_full(files["arff"], measure, base, show_std_devs=show, matrix=fmt)
        analysis = ttest(files["arff"], measure, base=base, show_std_devs=show)
        assert_matches(read_result_matrix(expected), analysis, fmt, show)
