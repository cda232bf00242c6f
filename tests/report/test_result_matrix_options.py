"""read_result_matrix reads every result matrix WEKA's tester prints, whatever its options (issue 38).

``ttest(...).to_text(format, options)`` prints WEKA's bytes (tests/experiment/test_ttest.py); here each text is
read back and compared with the matrix that printed it: the numbers as printed, the marks, empty cells (a
scheme without results on a dataset) as None, the ``Average`` row as averages, the names as far as the text
carries them.  WEKA's own texts through the JVM: tests/experiment/test_result_matrix_weka_options.py.
"""

from __future__ import annotations

import io
import math
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.oracles.experiment_oracle import percent_correct_arff
from wekaeval import read_result_matrix, ttest
from wekaeval.errors import WekaOutputError
from wekaeval.experiment import ResultMatrixPlainText
from wekaeval.experiment._formats import _Format
from wekaeval.experiment._matrixoptions import ResultMatrixError

FORMATS = ("plain", "csv", "latex", "html", "gnuplot", "significance")
FILTERED = "soy-weka.filters.unsupervised.attribute.Remove-R1"
BRACKETS = {"csv": ("[", "]"), "gnuplot": ("", "")}


def results_text(*, empty_column: bool = True, scale: float = 1.0) -> str:
    """An Experimenter result file: 3 datasets (one named as a filtered one), 4 schemes; NaiveBayes has no
    results on 'labor neg' (an empty cell), IBk fewer runs than the base everywhere (an empty column)."""
    schemes = ["trees.J48", "rules.ZeroR", "bayes.NaiveBayes"] + (["lazy.IBk"] if empty_column else [])
    rows = []
    for d, dataset in enumerate(["iris", "'labor neg'", FILTERED]):
        for s, scheme in enumerate(schemes):
            if scheme == "bayes.NaiveBayes" and dataset == "'labor neg'":
                continue
            for run in range(1, 3 if scheme == "lazy.IBk" else 4):
                for fold in (1, 2):
                    value = ((d * 37 + s * 11 + run * 7 + fold * 3) % 50 + 40 + s * 3.25 + run / 3) * scale
                    rows.append(f"{dataset},{run},{fold},weka.classifiers.{scheme},'',1,60.0,20.0,{value!r}")
    schemes_labels = ",".join("weka.classifiers." + s for s in schemes)
    return percent_correct_arff("results", "iris,'labor neg'," + FILTERED, "1,2,3", "1,2", schemes_labels, rows)


_ANALYSES: dict[tuple, object] = {}


def analysis(show: bool, base: int, short_names: bool, scale: float = 1.0, empty_column: bool = True):
    key = (show, base, short_names, scale, empty_column)
    if key not in _ANALYSES:
        _ANALYSES[key] = ttest(
            io.StringIO(results_text(scale=scale, empty_column=empty_column)),
            base=base,
            show_std_devs=show,
            resultset_key=("Key_Scheme",)
            if short_names
            else ("Key_Scheme", "Key_Scheme_options", "Key_Scheme_version_ID"),
        )
    return _ANALYSES[key]


def printed(matrix: _Format, value: float, prec: int) -> float | None:
    return None if math.isnan(value) else float(matrix._number(value, prec).replace("Inf", "inf"))


def label(matrix: _Format, fmt: str, text: str, width: int) -> str:
    text = matrix._remove_filter_name(text)
    text = text[:width] if 0 < width < len(text) else text
    if fmt in ("csv", "html", "gnuplot"):
        return text  # names as they are: nothing pads them
    return text.replace("_", "-").rstrip() if fmt == "latex" else text.rstrip()


def unnumbered(labels: list[str], fmt: str) -> list[str]:
    left, right = BRACKETS.get(fmt, ("(", ")"))
    pattern = re.compile(rf"{re.escape(left)}(\d+){re.escape(right)}(?: (.*))?", re.S)
    matches = [pattern.fullmatch(text) for text in labels]
    if all(matches) and sorted(int(m[1]) for m in matches if m) == list(range(1, len(labels) + 1)):
        return [m[2] if m[2] is not None else m[0] for m in matches if m]
    return labels


def check(
    fmt: str, options: list[str], show: bool, base: int, short_names: bool, scale: float = 1.0, text: str | None = None
) -> None:
    """``text`` (by default what ``to_text`` prints) reads back to the matrix that printed it."""
    result = analysis(show, base, short_names, scale)
    try:
        text = result.to_text(fmt, options) if text is None else text
    except ResultMatrixError:
        return  # WEKA throws too (a Significance column name shorter than 2): it prints no matrix
    read = read_result_matrix(text)
    matrix = result.result_matrix(fmt, options)
    rows = [matrix.get_display_row(i) for i in range(matrix.row_count)]
    cols = [matrix.get_display_col(j) for j in range(matrix.col_count)]
    assert read.format == fmt
    labels = [label(matrix, fmt, matrix.get_row_name(r) or "", matrix.row_name_width) for r in rows]
    assert read.datasets == tuple(unnumbered(labels, fmt))
    names = [matrix._remove_filter_name(result.schemes[c]) for c in cols]
    for got, full in zip(read.schemes, names, strict=True):
        numbered = matrix.get_col_name(cols[read.schemes.index(got)]) or ""
        assert got == full or matrix._remove_filter_name(numbered).startswith(got), (got, full)
    present = [[not math.isnan(matrix.get_mean(c, r)) for c in cols] for r in rows]
    if fmt != "significance":
        assert read.means == tuple(
            tuple(printed(matrix, matrix.get_mean(c, r), matrix.mean_prec) for c in cols) for r in rows
        )
        if show:
            expected = tuple(
                tuple(
                    (
                        math.inf
                        if math.isinf(matrix.get_std_dev(c, r))
                        else printed(matrix, matrix.get_std_dev(c, r), matrix.std_dev_prec)
                    )
                    if ok
                    else None
                    for c, ok in zip(cols, line, strict=True)
                )
                for r, line in zip(rows, present, strict=True)
            )
            assert read.std_devs is not None
            assert [[None if v is None or v != v else v for v in row] for row in read.std_devs] == [
                [None if v is None or v != v else v for v in row] for row in expected
            ]
        else:
            assert read.std_devs is None
        if matrix.show_average:
            assert read.averages == tuple(printed(matrix, matrix.get_average(c), matrix.mean_prec) for c in cols)
        else:
            assert read.averages is None
    if fmt != "gnuplot":
        signs = {0: "", 1: "v", 2: "*"}
        expected_marks = tuple(
            tuple("" if i == 0 else signs[matrix.get_significance(c, r)] for i, c in enumerate(cols)) for r in rows
        )
        assert read.marks == expected_marks
    if fmt in ("plain", "csv", "html") and read.counts is not None and len(set(read.schemes)) == len(cols):
        for got_name, j in zip(read.schemes[1:], cols[1:], strict=True):
            if got_name in read.counts:
                assert read.counts[got_name] == tuple(matrix.get_significance_count(j, kind) for kind in (1, 0, 2))
    if fmt == "plain":
        assert read.runs == tuple(int(matrix.get_count(r)) for r in rows)


OPTION = st.one_of(
    st.tuples(st.just("-mean-prec"), st.integers(0, 5).map(str)),
    st.tuples(st.just("-stddev-prec"), st.integers(0, 4).map(str)),
    st.tuples(st.just("-count-width"), st.integers(0, 4).map(str)),
    st.tuples(st.just("-col-name-width"), st.sampled_from(["0", "1", "2", "3", "5", "12", "40"])),
    st.tuples(st.just("-row-name-width"), st.sampled_from(["0", "1", "3", "6", "8", "12", "30"])),
    st.sampled_from(
        [
            ("-print-col-names",),
            ("-print-row-names",),
            ("-enum-col-names",),
            ("-enum-row-names",),
            ("-show-stddev",),
            ("-show-avg",),
            ("-remove-filter",),
        ]
    ),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    fmt=st.sampled_from(FORMATS),
    options=st.lists(OPTION, max_size=6, unique_by=lambda o: o[0]).map(lambda o: [x for item in o for x in item]),
    show=st.booleans(),
    base=st.integers(0, 3),
    short=st.booleans(),
    scale=st.sampled_from([1.0, -0.01, 1000.0]),
)
def test_every_option_reads_back(fmt, options, show, base, short, scale):
    if fmt == "significance" and "-print-col-names" in options and "-enum-col-names" not in options:
        short = True  # names with spaces and no numbers: where one ends the text does not say (docs)
    check(fmt, options, show, base, short, scale)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(
    "options",
    [
        [],
        ["-mean-prec", "4"],
        ["-print-col-names"],
        ["-show-avg"],
        ["-print-row-names", "-print-col-names", "-show-avg", "-mean-prec", "0"],
        ["-row-name-width", "0", "-print-row-names", "-enum-row-names", "-col-name-width", "3"],
        ["-remove-filter", "-print-row-names", "-show-avg", "-stddev-prec", "3"],
    ],
)
@pytest.mark.parametrize("show", [False, True])
def test_the_issues_options(fmt, options, show):
    """The texts issue 38 found refused or misread, with empty cells and an empty column in every one."""
    check(fmt, options, show, 0, fmt == "significance", 1.0)


def test_empty_cells_read_as_missing():
    result = analysis(False, 0, False)
    read = read_result_matrix(result.to_text())
    labor = read.datasets.index("'labor neg'")
    assert read.means is not None and read.means[labor][2] is None and read.marks is not None
    assert read.marks[labor][2] == "" and all(row[3] is None for row in read.means)  # IBk: no results anywhere
    result = analysis(False, 0, False, empty_column=False)
    read = read_result_matrix(result.to_text())
    assert read.counts is not None and sum(read.counts[result.schemes[2]]) == 2  # the empty cell is no tie


def test_average_is_no_dataset():
    for fmt in ("plain", "csv", "latex", "html", "gnuplot"):
        read = read_result_matrix(analysis(True, 0, False).to_text(fmt, ["-show-avg", "-print-row-names"]))
        assert "Average" not in read.datasets and read.averages is not None and len(read.averages) == 4


def test_counts_of_a_thousand_and_more_are_cut():
    matrix = ResultMatrixPlainText(2, 2)
    for row, count in enumerate((15, 1500)):
        matrix.set_count(row, count)
        matrix.set_mean(0, row, 50.0)
        matrix.set_mean(1, row, 60.0)
    read = read_result_matrix(matrix.to_string_matrix())
    assert read.runs == (15, None)  # WEKA prints "(1500" cut to 5 characters


@pytest.mark.parametrize(
    "text",
    [
        "Dataset (1) a | (2) b\n---------------------\nx (1)   1.0 |   2.0 v\n",
        "Dataset,[1],[2],''\nx,1,2\n",
        "Dataset (1) (2)\n---------------\nx           q\n",
        '<table>\n<tr><td><b>Dataset</b></td><td colspan="9"><b>(1)</b></td></tr>\n</table>\n',
        "\\begin{table}\n{\\centering \\begin{tabular}{lr}\nDataset & (1)\\\\\n\\hline\nx & 1 & 2 & 3\\\\\n",
        "# file: plot.dat #\n# data for the plot\n1 2 3\n",
    ],
)
def test_broken_texts_are_weka_output_errors(text):
    with pytest.raises(WekaOutputError):
        read_result_matrix(text)


def test_ttest_counts_are_the_printed_line():
    """TTestResult.counts() is the (v/ /*) line WEKA prints: an empty cell counts as no tie."""
    result = analysis(False, 0, False, empty_column=False)
    assert read_result_matrix(result.to_text()).counts == result.counts()
    assert sum(result.counts()[result.schemes[2]]) == 2


@settings(max_examples=150, deadline=None)
@given(
    fmt=st.sampled_from(FORMATS),
    show=st.booleans(),
    edits=st.lists(
        st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 20), st.sampled_from(list(" -|()v*&\n,'<>09.N"))),
        min_size=1,
        max_size=4,
    ),
)
def test_a_damaged_text_is_a_weka_output_error_or_reads(fmt, show, edits):
    """Whatever a text breaks, read_result_matrix raises WekaOutputError and nothing else."""
    text = analysis(show, 0, False).to_text(fmt, ["-show-avg", "-print-row-names"])
    for where, length, char in edits:
        at = int(where * len(text))
        text = text[:at] + char + text[at + length :]
    try:
        read_result_matrix(text + "\n")
    except WekaOutputError:
        pass


@pytest.mark.parametrize("fmt", ["plain", "significance"])
@pytest.mark.parametrize("options", [[], ["-show-avg", "-print-row-names", "-row-name-width", "0"]])
def test_a_copy_without_trailing_blanks_reads_the_same(fmt, options):
    text = analysis(True, 0, False).to_text(fmt, options)
    stripped = "\n".join(line.rstrip() for line in text.split("\n"))
    assert stripped != text and read_result_matrix(stripped) == read_result_matrix(text)


@pytest.mark.parametrize("fmt", ["plain", "csv", "latex", "html", "gnuplot"])
def test_a_bad_cell_is_named_with_its_line(fmt):
    text = analysis(False, 0, False, empty_column=False).to_text(fmt)
    lines = text.split("\n")
    number = next(i for i, line in enumerate(lines) if "73.42" in line)
    lines[number] = lines[number].replace("73.42", "73.4x")
    with pytest.raises(WekaOutputError, match=rf":{number + 1}: .*'73\.4x' is not a cell"):
        read_result_matrix("\n".join(lines))
