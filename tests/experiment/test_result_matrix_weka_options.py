"""WEKA's own PairedCorrectedTTester texts, with result-matrix options, read by read_result_matrix (issue 38).

One generated result file (an empty cell, an empty column, a filtered dataset's name) is analysed once per
module by WEKA's tester in this process's JVM, in every format with the options issue 38 found refused or
misread; each text must be the one ``ttest(...).to_text`` prints, and must read back to the matrix.
"""

from __future__ import annotations

import pytest

from tests.oracles.experiment_oracle import weka_tester
from tests.report.test_result_matrix_options import analysis, check, results_text
from wekaeval import read_result_matrix

pytestmark = pytest.mark.jvm

FORMATS = ("plain", "csv", "latex", "html", "gnuplot", "significance")
OPTIONS = (
    (),
    ("-mean-prec", "4"),
    ("-print-col-names", "-enum-col-names"),
    ("-show-avg", "-print-row-names", "-print-col-names", "-enum-col-names"),
    ("-row-name-width", "0", "-col-name-width", "3", "-enum-row-names", "-print-row-names"),
    ("-remove-filter", "-print-row-names", "-show-avg", "-mean-prec", "0", "-stddev-prec", "1"),
)
CASES = [(fmt, options, show) for fmt in FORMATS for options in OPTIONS for show in (False, True)]


@pytest.fixture(scope="module")
def weka_texts(weka_jvm, tmp_path_factory):
    """Each case's text as WEKA's tester prints it (multiResultsetFull, base 0, Percent_correct)."""
    import jpype

    path = tmp_path_factory.mktemp("matrix_options") / "results.arff"
    path.write_text(results_text(), encoding="utf-8")
    texts = {}
    for fmt, options, show in CASES:
        tester, names = weka_tester(path, show_std_devs=show, matrix=fmt)
        matrix = tester.getResultMatrix()
        if options:
            matrix.setOptions(jpype.JArray(jpype.JString)(list(options)))
        matrix.setShowStdDev(show)
        texts[fmt, options, show] = str(tester.multiResultsetFull(0, names.index("Percent_correct")))
    return texts


@pytest.mark.parametrize("fmt, options, show", CASES)
def test_wekas_texts_read_back(weka_texts, fmt, options, show):
    text = weka_texts[fmt, options, show]
    assert text == analysis(show, 0, False).to_text(fmt, list(options))  # so check() holds for WEKA's bytes
    check(fmt, list(options), show, 0, False, text=text)
    assert read_result_matrix(text).format == fmt
