"""Outputs of older WEKA releases: every layout of 3.4 to 3.9, and the rounding of each.

The fixtures in ``tests/oracles/fixtures/`` are small outputs written for these tests in
the layouts of WEKA's source (``Evaluation.toSummaryString``,
``toClassDetailsString`` and ``Utils.doubleToString`` of each release, the
Explorer's ``ClassifierPanel``); docs/weka-output.md lists the rules.  The
rows below are spelled out by hand from that source, independently of
wekaeval's tables.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tests.paths import FIXTURES
from wekaeval import WekaOutputError, read_weka_output
from wekaeval.blocks import ClassDetailsRow, Versions
from wekaeval.blocks._shared import DETAIL_LAYOUTS, ERAS, roundings
from wekaeval.javamath import decimal_format, old_decimal_format

#: fixture -> (the eras its layout allows, its class-details layout, the evaluations it holds)
EXPECTED = {
    "weka-3.4-command-line.txt": (("3.4-3.5.0",), "3.4", ["Error on training data", "Stratified cross-validation"]),
    "weka-3.5-explorer.txt": (("3.5.1-3.5.8",), "3.5.1", ["Evaluation on test split"]),
    "weka-3.6-explorer.txt": (("3.6-3.7.5",), "3.6", ["Stratified cross-validation"]),
    "weka-3.6-explorer-predictions.txt": (
        ("3.6-3.7.5",),
        "3.6",
        ["Predictions on test data", "Stratified cross-validation"],
    ),
    "weka-3.7.6-explorer.txt": (("3.7.6",), "3.7.6", ["Evaluation on training set"]),
    "weka-3.7.7-explorer.txt": (("3.7.7",), "3.7.7", ["Evaluation on training set"]),
    "weka-3.7.8-command-line.txt": (("3.7.8-3.7.12", "3.7.13-3.8.1"), "3.7.8", ["Error on training data"]),
    "weka-3.8-saved-model.txt": (("3.8.2+",), "3.8.2", ["Re-evaluation on test set"] * 3),
}


@pytest.mark.parametrize("name", list(EXPECTED))
def test_every_release_layout_reads_checks_clean_and_renders_back(name):
    eras, layout, evaluations = EXPECTED[name]
    text = (FIXTURES / name).read_text()
    report = read_weka_output(text)
    assert report.weka_versions == eras
    assert [s.evaluation for s in report.sections] == evaluations
    assert report.check() == [] and report.other == ()
    for section in report.sections:
        if section.class_details is not None:
            assert section.class_details.layout == layout
            assert section.class_details.to_text() in text
        if section.summary is not None:
            assert section.summary.to_text() in text
        if section.confusion_matrix is not None:
            assert section.confusion_matrix.to_text() in text


def test_the_old_rounding_is_accepted_only_where_the_release_used_it():
    text = (FIXTURES / "weka-3.4-command-line.txt").read_text()
    assert "0.0188 %" in text  # 100 * 3 / 16000 = 0.01875: (long)(x * 10^4 + 0.5) gave 0.0188; 3.7.13+ prints 0.0187
    assert (old_decimal_format(100 * 3 / 16000, 4), decimal_format(100 * 3 / 16000, 4)) == ("0.0188", "0.0187")
    assert read_weka_output(text).check() == []
    old = DETAIL_LAYOUTS["3.4"]
    new = DETAIL_LAYOUTS["3.8.2"]
    rows = [ClassDetailsRow("spam", 1, 0, 1, 1, 1), ClassDetailsRow("ham", 1, 0, 1, 1, 1)]
    old_table = "\n".join([old.header(old.columns)] + [old.row(row, old.columns) for row in rows])
    assert text.count(old_table) == 2
    rows[1] = ClassDetailsRow("ham", 1, 0, None, 1, None)  # "?": printed by 3.8.2+ only (3.7.8-3.8.1 print NaN)
    new_table = "\n".join([new.header(old.columns)] + [new.row(row, old.columns) for row in rows])
    new_table += "\n" + new.row(ClassDetailsRow(None, 1, 0, 1, 1, 1), old.columns)
    evaluations = text[text.index("=== Error on training data ===") :]  # no heading-less model: no other evidence
    as_if_new = read_weka_output(evaluations.replace(old_table, new_table))  # 3.8.2 tables: 3.8.2+ rounding only
    found = as_if_new.check()
    assert [(i.field, i.printed, i.expected) for i in found] == [("percent_incorrect", 0.0188, "0.0187")] * 2
    unknown = read_weka_output(evaluations.replace("=== Detailed Accuracy By Class ===\n\n" + old_table + "\n", ""))
    assert unknown.weka_versions == ERAS and unknown.check() == []  # no evidence: either rounding


def test_the_translated_explorer_of_3_6(tmp_path):
    report = read_weka_output(FIXTURES / "weka-3.6-explorer.txt")
    info = report.run_info
    assert info.scheme == "weka.classifiers.trees.J48 -C 0.25 -M 2" and info.test_mode == "10-fold cross-validation"
    assert info.num_attributes == 120 and info.attributes is None  # "[list of attributes omitted]", unindented
    details = report.sections[0].class_details
    assert details.rows[0].area_under_roc is None  # printed "?"
    assert details.weighted_avg.area_under_roc is None  # printed "NaN"


def test_the_explorers_own_predictions_table_before_3_7():
    (table, _) = read_weka_output(FIXTURES / "weka-3.6-explorer-predictions.txt").sections
    rows = table.predictions.rows
    assert table.predictions.format == "Explorer" and table.predictions.attribute_names == ("petallength",)
    assert [row.predicted for row in rows] == ["Iris-set", "Iris-ver", "Iris-ver", "Iris-vir", "Iris-vir"]  # cut to 10
    assert [row.error for row in rows] == [False, False, True, True, True]  # a missing class counts as an error
    assert rows[4].actual is None and rows[3].distribution == (0.05, 0.25, 0.7) and rows[0].attributes == "(1.5)"
    numeric = (
        "\n".join(
            [
                " inst#,    actual, predicted, error",
                "     1" + " " + "      23.5" + " " + "    21.317" + " " + "    -2.183",  # doubleToString(v, 10, 3)
                "     2" + " " + "         ?" + " " + "    19.5  " + " ",  # no error where the class is missing
            ]
        )
        + "\n"
    )
    (section,) = read_weka_output(numeric).sections
    assert [(r.actual, r.predicted, r.error) for r in section.predictions.rows] == [
        (23.5, 21.317, -2.183),
        (None, 19.5, None),
    ]
    with pytest.raises(WekaOutputError, match="distribution's \\* does not mark"):
        read_weka_output(text_with(FIXTURES / "weka-3.6-explorer-predictions.txt", " *0.98   0.02", "  0.98  *0.02"))


def text_with(path: Path, old: str, new: str) -> str:
    text = path.read_text()
    assert old in text
    return text.replace(old, new)


def test_an_old_command_line_log_of_a_numeric_class():
    lines = [
        "",
        "Linear Regression Model",
        "",
        "class =",
        "",
        "      2.5    * x +",
        "     -1.25",
        "",
        "",
        "Time taken to build model: 0.01 seconds",
        "Time taken to test model on training data: 0 seconds",
        "",
        "=== Error on training data ===",
        "",
        "Correlation coefficient                  0.9869",
        "Mean absolute error                      0.4321",
        "Root mean squared error                  0.5678",
        "Relative absolute error                 14.1234 %",
        "Root relative squared error             16.0012 %",
        "Total Number of Instances               40     ",
        "",
        "",
    ]
    report = read_weka_output("\n".join(lines))
    assert report.model.startswith("Linear Regression Model") and "class =" in report.model
    (section,) = report.sections
    assert section.summary.correlation_coefficient == 0.9869 and section.confusion_matrix is None and report.other == ()


def test_a_saved_model_re_evaluated():
    report = read_weka_output(FIXTURES / "weka-3.8-saved-model.txt")
    assert report.run_info.filename == "nb.model" and report.run_info.instances is None
    assert report.run_info.attributes == ("petallength", " petal width", "class")
    predictions, first, empty = report.sections
    assert predictions.test_set.instances is None and predictions.test_set.relation == "iris-test"
    assert [row.actual for row in predictions.predictions.rows] == ["Iris-setosa", "Iris-versicolor", None]
    assert first.summary.relative_absolute_error is None and first.summary.missing_class == 1
    assert empty.test_set.instances == 12 and empty.summary.num_instances == 0 and empty.confusion_matrix is None


def test_the_old_command_line_printed_its_model_without_a_heading():
    report = read_weka_output(FIXTURES / "weka-3.4-command-line.txt")
    assert report.model.startswith("J48 pruned tree") and report.options == "-C 0.25 -M 2 "
    assert report.times == {"build model": 0.41, "test model on training data": 0.05}


# -- each layout, row by row, spelled out from WEKA's source -------------------------------------------------

VALUES = {
    "true_positive_rate": 0.9,
    "false_positive_rate": 0.05,
    "precision": 0.947,
    "recall": 0.9,
    "f_measure": 0.923,
    "matthews_correlation_coefficient": 0.86,
    "area_under_roc": 0.95,
    "area_under_prc": 0.93,
}
D2S = {
    "true_positive_rate": "  0.9  ",
    "false_positive_rate": "  0.05 ",
    "precision": "  0.947",
    "recall": "  0.9  ",
    "f_measure": "  0.923",
    "matthews_correlation_coefficient": "  0.86 ",
    "area_under_roc": "  0.95 ",
    "area_under_prc": "  0.93 ",
}  # Utils.doubleToString(v, 7, 3)
TP, FP, P, R, F, MCC, ROC, PRC = D2S.values()  # the cells, in DETAIL_COLUMNS' order
CELLS_3_7_7 = [TP, "  ", FP, "  ", P, "    ", R, " ", F, "    ", MCC, "", ROC, "   ", PRC]


@pytest.mark.parametrize(
    ("layout", "row", "weighted"),
    [
        ("3.4", "".join([TP, "   ", FP, "    ", P, "   ", R, "   ", F, "    ", "yes"]), None),
        ("3.5.1", "".join([TP, "   ", FP, "    ", P, "   ", R, "   ", F, "    ", ROC, "    ", "yes"]), None),
        (
            "3.6",
            " " * 15 + "".join([TP, "   ", FP, "    ", P, "   ", R, "   ", F, "    ", ROC, "    ", "yes"]),
            "Weighted Avg.  " + "".join([TP, "   ", FP, "    ", P, "   ", R, "   ", F, "    ", ROC]),
        ),
        ("3.7.7", " " * 15 + "".join([*CELLS_3_7_7, "     ", "yes"]), "Weighted Avg.  " + "".join(CELLS_3_7_7)),
        (
            "3.8.2",
            " " * 17 + "0.900    0.050    0.947      0.900    0.923      0.860    0.950     0.930     yes",
            "Weighted Avg.    0.900    0.050    0.947      0.900    0.923      0.860    0.950     0.930     ",
        ),
    ],
)
def test_each_layout_prints_a_row_as_wekas_source_does(layout, row, weighted):
    spec = DETAIL_LAYOUTS[layout]
    values = {c: VALUES[c] for c in spec.columns}
    assert spec.row(ClassDetailsRow("yes", **values), spec.columns) == row
    if weighted is not None:
        assert spec.row(ClassDetailsRow(None, **values), spec.columns).rstrip() == weighted.rstrip()


def test_missing_values_print_as_each_release_printed_them():
    missing = {**VALUES, "matthews_correlation_coefficient": None, "area_under_roc": None, "area_under_prc": None}
    row = DETAIL_LAYOUTS["3.7.7"].row(ClassDetailsRow("no", **missing), DETAIL_LAYOUTS["3.7.7"].columns)
    assert row.endswith(F + "    " + "  ?  " + "   " + " ?    " + "   " + "  ?    " + "     " + "no")
    row = DETAIL_LAYOUTS["3.7.8"].row(ClassDetailsRow("no", **missing), DETAIL_LAYOUTS["3.7.8"].columns)
    assert row.endswith("0.923      ?       ?         ?         no")  # MCC's "?" one column short
    row = DETAIL_LAYOUTS["3.8.2"].row(
        ClassDetailsRow("no", **{**missing, "precision": None}), DETAIL_LAYOUTS["3.8.2"].columns
    )
    assert row == " " * 17 + "0.900    0.050    ?          0.900    0.923      ?        ?         ?         no"
    weighted = DETAIL_LAYOUTS["3.7.8"].row(ClassDetailsRow(None, **missing), DETAIL_LAYOUTS["3.7.8"].columns)
    assert weighted.endswith("0.923      NaN      NaN       NaN       ")


# -- WEKA's rounding before 3.7.13 ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "digits", "printed"),
    [
        (-0.00004, 4, "0"),
        (-0.0, 4, "0"),
        (1e20, 4, "1.0E20"),
        (0.54455, 4, "0.5446"),
        (2.00005, 4, "2.0001"),
        (4.35, 1, "4.4"),
        (0.5, 4, "0.5"),
        (150.0, 4, "150"),
        (math.nan, 4, "NaN"),
        (-0.5, 4, "-0.5"),
        (0.9733, 4, "0.9733"),
        (12.0, 0, "12"),
        (-1234.56789, 2, "-1234.57"),
    ],
)
def test_old_double_to_string(value, digits, printed):
    assert old_decimal_format(value, digits) == printed


def test_eras_and_their_roundings():
    seen = Versions()
    seen.note("a 3.8-style table", 1, since="3.7.8")
    assert seen.possible() == ("3.7.8-3.7.12", "3.7.13-3.8.1", "3.8.2+")
    assert roundings(seen.possible()) == ("old", "new")
    seen.note("a ? in the precision column", 2, since="3.8.2")
    assert seen.possible() == ("3.8.2+",) and roundings(seen.possible()) == ("new",)
    seen.note("an unpadded Scheme:", 3, since="3.6.5", before="3.7")
    assert seen.possible() == ERAS  # contradicting evidence: nothing is ruled out


def test_a_rewritten_old_table_is_refused():
    text = (FIXTURES / "weka-3.6-explorer.txt").read_text()
    with pytest.raises(WekaOutputError, match="Detailed Accuracy By Class"):
        read_weka_output(text.replace("  0.999    ham", " 0.999     ham"))
