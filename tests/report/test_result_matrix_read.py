"""wekaeval.read_result_matrix: WEKA's printed Experimenter analysis in every output format read back.

The texts are those ``wekaeval.ttest(...).to_text(format)`` writes (byte for byte WEKA's,
tests/experiment/test_ttest.py); WEKA's own tester output through the JVM is read in
tests/experiment/test_ttest.py::test_weka_result_matrices_read_back.  (Writing them: test_result_matrix_text.py.)
"""

from __future__ import annotations

import math
import re

import pytest

from tests.paths import ROOT
from wekaeval import PrintedResultMatrix, read_result_matrix, read_weka_output, ttest
from wekaeval.errors import WekaOutputError
from wekaeval.javamath import quote

EXAMPLE = ROOT / "docs" / "examples" / "experiment.arff"
FORMATS = ("plain", "csv", "latex", "html", "gnuplot", "significance")
PRINTS = {  # what each format prints: means, std devs (when shown), marks, counts, the key's full names
    "plain": (True, True, True, True, True),
    "csv": (True, True, True, True, True),
    "latex": (True, True, True, False, True),
    "html": (True, True, True, True, True),
    "gnuplot": (True, True, False, False, True),
    "significance": (False, False, True, False, True),
}


def assert_matches(matrix: PrintedResultMatrix, analysis, fmt: str, show: bool) -> None:
    """Every value the format prints is the analysis's, as printed (2 decimals: within half a unit)."""
    means, stds, marks, counts, names = PRINTS[fmt]
    assert matrix.format == fmt and matrix.datasets == analysis.datasets
    order = [analysis.base] + [j for j in range(len(analysis.schemes)) if j != analysis.base]  # the base first
    if names:
        assert matrix.schemes == tuple(analysis.schemes[j] for j in order)
    for i in range(len(analysis.datasets)):
        for column, j in enumerate(order):
            if means:
                assert matrix.means is not None
                printed = matrix.means[i][column]  # rounded to 2 decimals as printed: within half a printed unit
                assert printed is not None and math.isclose(printed, analysis.mean(i, j), abs_tol=0.005 + 1e-9)
            if stds and show:
                assert matrix.std_devs is not None
                printed = matrix.std_devs[i][column]
                assert printed is not None and math.isclose(printed, analysis.std_dev(i, j), abs_tol=0.005 + 1e-9)
            if marks:
                assert matrix.marks is not None and matrix.marks[i][column] == analysis.significance(i, j)
    if not (stds and show):
        assert matrix.std_devs is None
    if not marks:
        assert matrix.marks is None
    assert matrix.counts == (analysis.counts() if counts else None)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("show", [False, True])
@pytest.mark.parametrize("base", [0, 1])
def test_every_format_ttest_writes_reads_back(fmt, show, base):
    analysis = ttest(EXAMPLE, "Percent_correct", base=base, show_std_devs=show)
    text = analysis.to_text(fmt)
    assert_matches(read_result_matrix(text), analysis, fmt, show)
    header = analysis.header(fmt)  # the Experimenter's output: the settings, then the matrix
    assert_matches(read_result_matrix(header + "\n" + text), analysis, fmt, show)


@pytest.mark.parametrize("fmt", FORMATS)
def test_names_with_quotes_and_markup_read_back(tmp_path, fmt):
    text = EXAMPLE.read_text(encoding="utf-8")
    odd = "it's <b>&amp;</b>"
    text = text.replace("{iris,", "{" + quote(odd) + ",")
    text = re.sub(r"^iris,", lambda _: quote(odd) + ",", text, flags=re.M)
    path = tmp_path / "odd.arff"
    path.write_text(text, encoding="utf-8")
    analysis = ttest(path, "Kappa_statistic", show_std_devs=True)
    page = tmp_path / f"matrix.{fmt}"
    page.write_text(analysis.to_text(fmt), encoding="utf-16")
    assert_matches(read_result_matrix(page, encoding="auto"), analysis, fmt, True)


def test_not_a_result_matrix_is_an_error_naming_it():
    with pytest.raises(WekaOutputError, match="no result matrix"):
        read_result_matrix("hello\nworld\n")
    text = ttest(EXAMPLE).to_text()
    broken = text.replace("picnic                    (15)", "picnic                    (15) oops |", 1)
    with pytest.raises(WekaOutputError, match=r":4: .*'oops' is not a cell"):
        read_result_matrix(broken)


@pytest.mark.parametrize("fmt", FORMATS)
def test_read_weka_output_says_what_it_is(fmt):
    for base in (0, 1):
        with pytest.raises(WekaOutputError, match="Experimenter analysis.*read it with wekaeval.read_result_matrix"):
            read_weka_output(ttest(EXAMPLE, base=base).to_text(fmt))
