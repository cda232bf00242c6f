"""``wekaeval compare``: its outputs equal the Python API's (text, CSV, diagram, page, Bayesian lines), its notes,
and its errors (one line, exit 2, nothing written), all on the project's example result file
(``docs/examples/experiment.arff``: ZeroR, J48 and NaiveBayes on iris, picnic and eyewear, 3 x 5-fold CV) and
copies of it the tests change.
"""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from tests.paths import ROOT
from wekaeval.cli import _compare as cli_compare
from wekaeval.cli import main
from wekaeval.experiment import compare, compare_html, critical_difference_diagram, signed_rank
from wekaeval.experiment._posthoc import POSTHOC_METHODS

EXAMPLE = ROOT / "docs" / "examples" / "experiment.arff"


@pytest.fixture
def without_zeror_on_iris(tmp_path: Path) -> Path:
    """The example without ZeroR's rows on iris: iris is left out of the rank tests."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not (line.startswith("iris,") and ",weka.classifiers.rules.ZeroR," in line)]
    assert len(kept) == len(lines) - 15
    path = tmp_path / "partial.arff"
    path.write_text("".join(kept), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["compare", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_text_is_the_comparisons(capsys):
    status, out, err = run(capsys, str(EXAMPLE))
    assert (status, err) == (0, "")
    assert out == compare(EXAMPLE).to_text("nemenyi") + "\n"
    status, out, err = run(capsys, str(EXAMPLE), "--posthoc", "conover", "--measure", "Kappa_statistic")
    assert (status, err) == (0, "") and out == compare(EXAMPLE, measure="Kappa_statistic").to_text("conover") + "\n"


def test_csv_is_the_table_and_the_mean_ranks_to_the_last_bit(capsys):
    status, out, err = run(capsys, str(EXAMPLE), "--csv", "--measure", "Root_mean_squared_error")
    assert (status, err) == (0, "")
    comparison = compare(EXAMPLE, measure="Root_mean_squared_error")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["dataset", *comparison.schemes]
    assert [row[0] for row in rows[1:-1]] == list(comparison.datasets)
    table = [[float(cell) for cell in row[1:]] for row in rows[1:-1]]
    assert table == comparison.table.tolist()
    assert rows[-1][0] == "mean rank" and [float(cell) for cell in rows[-1][1:]] == comparison.mean_ranks.tolist()
    assert not comparison.higher_is_better  # an error: ranked lower-is-better


def test_a_data_set_without_every_scheme_is_named_on_stderr_and_left_out(capsys, without_zeror_on_iris):
    status, out, err = run(capsys, str(without_zeror_on_iris), "--csv")
    assert status == 0
    assert err == (
        f"wekaeval: note: {without_zeror_on_iris}: iris left out of the rank tests: no result of "
        "rules.ZeroR '' 48055541465867954\n"
    )
    iris = next(row for row in csv.reader(io.StringIO(out)) if row[0] == "iris")
    assert iris[1] == "" and all(iris[2:])  # no result: an empty cell, never a number made up


@pytest.mark.parametrize("suffix", [".svg", ".png", ".pdf", ".SVG"])
def test_the_diagram_is_written_in_the_format_its_suffix_names(capsys, tmp_path, suffix):
    path = tmp_path / f"cd{suffix}"
    status, out, err = run(capsys, str(EXAMPLE), "--diagram", str(path), "--posthoc", "holm")
    assert (status, err) == (0, "") and out
    data = path.read_bytes()
    kind = suffix.lower().lstrip(".")
    assert data == critical_difference_diagram(compare(EXAMPLE), method="holm", format=kind)
    if kind == "svg":
        ElementTree.fromstring(data)
    else:
        assert data.startswith(b"\x89PNG\r\n\x1a\n" if kind == "png" else b"%PDF-")
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # written atomically: no temporary file left


@pytest.mark.parametrize("method", POSTHOC_METHODS)
def test_every_procedure_gives_its_text_page_and_diagram(capsys, tmp_path, method):
    assert cli_compare.POSTHOC_METHODS == POSTHOC_METHODS  # the command offers what compare() knows
    page, diagram = tmp_path / "page.html", tmp_path / "cd.svg"
    status, out, err = run(capsys, str(EXAMPLE), "--posthoc", method, "--html", str(page), "--diagram", str(diagram))
    comparison = compare(EXAMPLE)
    assert (status, err) == (0, "") and out == comparison.to_text(method) + "\n"
    assert page.read_text(encoding="utf-8") == compare_html(comparison, method=method)
    assert diagram.read_bytes() == critical_difference_diagram(comparison, method=method)


def test_the_page_and_the_bayesian_tests(capsys, tmp_path):
    page = tmp_path / "compare.html"
    argv = [str(EXAMPLE), "--html", str(page), "--rope", "1", "--seed", "7", "--base", "trees.J48"]
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    comparison = compare(EXAMPLE, control="trees.J48")
    tests = [
        signed_rank(EXAMPLE, "trees.J48", name, rope=1.0, seed=7, higher_is_better=True)
        for name in (comparison.schemes[0], comparison.schemes[2])
    ]
    assert out == comparison.to_text("nemenyi") + "".join(f"\n{test}\n" for test in tests) + "\n"
    assert "seed 7" in out and "P(B - A < -1)" in out
    written = page.read_text(encoding="utf-8")
    assert written == compare_html(comparison, bayesian=tests)
    assert "<svg" in written and "Bayesian signed-rank test" in written


def test_html_to_stdout_sends_the_text_to_stderr(capsys):
    status, out, err = run(capsys, str(EXAMPLE), "--html", "-")
    assert status == 0 and out.startswith("<!DOCTYPE html>") and err == compare(EXAMPLE).to_text() + "\n"


def test_an_unknown_direction_is_refused_unless_given(capsys):
    status, out, err = run(capsys, str(EXAMPLE), "--measure", "SF_prior_entropy")
    assert status == 2 and out == ""
    assert err == (
        "wekaeval: error: --measure SF_prior_entropy: its direction is not known; give --better higher or "
        "--better lower\n"
    )
    for better in ("lower", "higher"):
        status, out, err = run(capsys, str(EXAMPLE), "--measure", "SF_prior_entropy", "--better", better, "--csv")
        expected = compare(EXAMPLE, measure="SF_prior_entropy", higher_is_better=better == "higher").mean_ranks
        assert status == 0 and out.splitlines()[-1] == "mean rank," + ",".join(map(repr, expected.tolist()))


def test_a_measure_only_some_schemes_have_leaves_too_few_data_sets(capsys):
    status, out, err = run(capsys, str(EXAMPLE), "--measure", "measureTreeSize", "--better", "lower")
    assert status == 2 and out == ""
    assert err == (
        f"wekaeval: error: {EXAMPLE}: 0 data set(s) where every scheme has a result; a comparison needs two or more\n"
    )


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--measure", "Nonsense"], "--measure"),
        (["--base", "0"], "--base: result sets are numbered from 1"),
        (["--base", "4"], "--base 4: " + str(EXAMPLE) + " holds 3 result sets, numbered 1 to 3"),
        (["--base", "trees.M5P"], "--base 'trees.M5P' is none of"),
        (["--posthoc", "tukey"], "argument --posthoc: invalid choice: 'tukey'"),
        (["--significance", "1.5"], "argument --significance/--alpha: must be strictly between 0 and 1"),
        (["--significance", "x"], "argument --significance/--alpha: not a number"),
        (["--rope", "-1"], "argument --rope: must be a finite number >= 0"),
        (["--seed", "-1"], "argument --seed: must be from 0 to 4294967295"),
        (["--seed", "4294967296"], "argument --seed: must be from 0 to 4294967295"),
        (["--diagram", "cd.jpg"], "--diagram cd.jpg: the diagram is written as .svg, .png or .pdf"),
        (["--diagram", "-"], "--diagram -: the diagram is written to a .svg, .png or .pdf file"),
        (["--csv", "--html", "-"], "--csv prints to standard output"),
        (["--html", "out.html", "--diagram", "out.html.svg", "--measure", "x"], "--measure"),
        (["--better", "best"], "argument --better: invalid choice"),
    ],
)
def test_errors_are_one_line_exit_2_and_write_nothing(capsys, tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, str(EXAMPLE), *argv)
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("wekaeval: error: ") and message in err, err
    assert list(tmp_path.iterdir()) == []


def test_outputs_never_overwrite_the_results_nor_each_other(capsys, tmp_path):
    results = tmp_path / "results.arff"
    results.write_bytes(EXAMPLE.read_bytes())
    before = results.read_bytes()
    for argv, message in (
        (["--html", str(results)], "--html " + str(results) + " is one of the files to read"),
        (["--diagram", str(tmp_path / "a.svg"), "--html", str(tmp_path / "a.svg")], "is also --html's file"),
    ):
        status, out, err = run(capsys, str(results), *argv)
        assert status == 2 and err.count("\n") == 1 and message in err, err
    assert results.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["results.arff"]


def test_the_diagram_suffix_is_checked_before_the_results_are_read(capsys, tmp_path):
    status, out, err = run(capsys, str(tmp_path / "nowhere.arff"), "--diagram", str(tmp_path / "cd.eps"))
    assert status == 2 and "the diagram is written as .svg, .png or .pdf" in err and "nowhere" not in err
    status, out, err = run(capsys, str(tmp_path / "nowhere.arff"), "--diagram", str(tmp_path / "cd.svg"))
    assert status == 2 and "nowhere.arff" in err and list(tmp_path.iterdir()) == []


def test_help_text(capsys):
    assert main(["compare", "--help"]) == 0
    text = capsys.readouterr().out
    for option in ("--measure", "--significance", "--base", "--better", "--posthoc", "--rope", "--seed",
                   "--diagram", "--html", "--csv", "--encoding"):  # fmt: skip
        assert re.search(rf"{option}\b", text), option


# -- a data set x scheme table ---------------------------------------------------------------------------------------


@pytest.fixture
def demsar_csv(tmp_path: Path) -> Path:
    """Demšar's Table 6 (tests/experiment/test_compare_report.py: JMLR 7:1-30) as a CSV table."""
    from tests.experiment.test_compare_report import DATASETS, DEMSAR, SCHEMES

    lines = ["data set," + ",".join(SCHEMES)]
    lines += [f'"{name}",' + ",".join(map(str, row)) for name, row in zip(DATASETS, DEMSAR, strict=True)]
    path = tmp_path / "demsar.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_table_is_compared_as_compare_compares_it(capsys, demsar_csv):
    from tests.experiment.test_compare_report import DATASETS, DEMSAR, DEMSAR_RANKS, SCHEMES

    comparison = compare(DEMSAR, datasets=DATASETS, schemes=SCHEMES, measure="Area_under_ROC")
    status, out, err = run(capsys, str(demsar_csv), "--table", "--measure", "Area_under_ROC")
    assert (status, err) == (0, "") and out == comparison.to_text() + "\n"
    assert "Friedman chi2 = 10.9524" in out
    status, out, err = run(capsys, str(demsar_csv), "--table", "--measure", "Area_under_ROC", "--csv")
    assert out.splitlines()[-1] == "mean rank," + ",".join(map(repr, DEMSAR_RANKS))


def test_a_tables_bayesian_tests_are_those_of_its_data_frame(capsys, demsar_csv):
    pandas = pytest.importorskip("pandas")
    from tests.experiment.test_compare_report import DATASETS, DEMSAR, SCHEMES

    status, out, err = run(capsys, str(demsar_csv), "--table", "--better", "higher", "--rope", "0.01", "--seed", "1")
    assert (status, err) == (0, "")
    frame = pandas.DataFrame(DEMSAR, index=list(DATASETS), columns=list(SCHEMES))
    for name in SCHEMES[:3]:  # each against the control, the best mean rank: C4.5+m+cf
        test = signed_rank(frame, "C4.5+m+cf", name, measure="Percent_correct", rope=0.01, seed=1,
                           higher_is_better=True)  # fmt: skip
        assert f"\n{test}\n" in out


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "an empty table"),
        ("set,a,b\nx,1,2\ny,1\n", "line 3 has 2 cells, the header 3"),
        ("set,a,b\nx,1,2\ny,1,two\n", "line 3, b: 'two' is not a number"),
        ("set,a,b\nx,1,2\n", "1 data set(s) where every scheme has a result"),
    ],
)
def test_a_bad_table_is_one_line_naming_its_line(capsys, tmp_path, text, message):
    path = tmp_path / "table.csv"
    path.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, str(path), "--table", "--better", "higher")
    assert status == 2 and out == "" and err.count("\n") == 1 and message in err and str(path) in err, err


def test_a_tables_missing_cell_leaves_its_data_set_out(capsys, tmp_path):
    path = tmp_path / "table.csv"
    path.write_text("set,a,b\nx,1,2\ny,?,3\nz,2,1\nw,3,\n", encoding="utf-8")
    status, out, err = run(capsys, str(path), "--table", "--better", "lower", "--csv")
    assert status == 0 and out.splitlines()[2:5] == ["y,,3.0", "z,2.0,1.0", "w,3.0,"]
    assert err.splitlines() == [
        f"wekaeval: note: {path}: y left out of the rank tests: no result of a",
        f"wekaeval: note: {path}: w left out of the rank tests: no result of b",
    ]


def test_a_table_is_read_in_its_encoding(capsys, tmp_path):
    path = tmp_path / "table.csv"
    path.write_bytes("set,caf\u00e9,b\nx,1,2\ny,2,1\nz,3,1\n".encode("cp1252"))
    status, out, err = run(capsys, str(path), "--table", "--better", "higher", "--csv", "--encoding", "cp1252")
    assert status == 0 and out.splitlines()[0] == "dataset,caf\u00e9,b"
    for auto in ([], ["--encoding", "auto"]):  # auto is the default
        status, out, err = run(capsys, str(path), "--table", "--better", "higher", "--csv", *auto)
        assert status == 0 and out.splitlines()[0] == "dataset,caf\u00e9,b"
        assert err.startswith("wekaeval: warning: ") and err.count("\n") == 1 and "read as cp1252" in err  # one line
    status, out, err = run(capsys, str(path), "--table", "--better", "higher", "--csv", "--encoding", "utf-8")
    assert status == 2 and err.count("\n") == 1 and str(path) in err, err  # not UTF-8: one line, exit 2


def test_a_procedure_that_refuses_the_table_leaves_no_output_at_all(capsys, tmp_path):
    path = tmp_path / "ten.csv"
    rows = ["set," + ",".join(f"s{j}" for j in range(10))]
    rows += [f"d{i}," + ",".join(str((i * 7 + j * 3) % 11 / 10) for j in range(10)) for i in range(12)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    page, diagram = tmp_path / "page.html", tmp_path / "cd.svg"
    argv = ["--table", "--better", "higher", "--posthoc", "bergmann-hommel", "--csv", "--html", str(page)]
    status, out, err = run(capsys, str(path), *argv, "--diagram", str(diagram))
    assert status == 2 and out == "" and err.count("\n") == 1, err  # not the CSV first and then the error
    assert err.startswith("wekaeval: error: --posthoc bergmann-hommel: Bergmann-Hommel's procedure takes at most 9")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ten.csv"]
    status, out, err = run(capsys, str(path), *argv[:3], "--posthoc", "shaffer", "--csv")
    assert status == 0 and out.startswith("dataset,s0,")


def test_alpha_and_control_are_the_statisticians_words_for_significance_and_base(tmp_path):
    """The issue's spelling (--alpha, --control) and ttest's (--significance, --base) name the same options."""
    from wekaeval.cli._main import build_parser

    parser = build_parser()
    one = parser.parse_args(["compare", "r.arff", "--alpha", "0.1", "--control", "J48"])
    two = parser.parse_args(["compare", "r.arff", "--significance", "0.1", "--base", "J48"])
    assert (one.significance, one.base) == (two.significance, two.base) == (0.1, "J48")
    assert parser.parse_args(["ttest", "r.arff", "--alpha", "0.01"]).significance == 0.01
