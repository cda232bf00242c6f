"""The report reader and check() on evaluation metric plugins' summary lines (the wekaevalKappa package's, others').

The texts are WEKA's summary and matrix as wekaeval's Evaluation prints them (the same bytes as WEKA, see
test_evaluation.py), with plugin lines where WEKA prints them: after the kappa and cost lines.  The
package's own output, from WEKA itself, is read in test_kappa_package.py.
"""

from __future__ import annotations

import io
import math
from collections import defaultdict

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from wekaeval import Evaluation, WekaOutputError, kappa_stats, read_weka_output
from wekaeval.evaluation._kappastats import WEKA_PACKAGE_LINES
from wekaeval.javamath import double_to_string


def package_lines(matrix) -> list[str]:
    """What the wekaevalKappa package prints for a confusion matrix."""
    stats = kappa_stats(matrix)
    return [
        label.ljust(35) + double_to_string(getattr(stats, field), 12, 4) + "\n"
        for label, field in WEKA_PACKAGE_LINES.items()
    ]


def output(evaluation: Evaluation, plugin: list[str]) -> str:
    summary = evaluation.summary("=== Summary ===\n").splitlines(keepends=True)
    at = next(i for i, line in enumerate(summary) if line.startswith("Mean absolute error"))
    return (
        "=== Stratified cross-validation ===\n"
        + "".join(summary[:at] + plugin + summary[at:])
        + "\n"
        + evaluation.matrix()
    )


def evaluated(actual, distributions, weights=None, names=("yes", "no", "maybe")) -> Evaluation:
    evaluation = Evaluation(list(names))
    evaluation.evaluate_batch(distributions, actual, weights)
    return evaluation


def read(text: str):
    return read_weka_output(io.StringIO(text))


COUNTS = evaluated(
    ["yes"] * 20 + ["no"] * 15 + ["maybe"] * 10,
    [[0.8, 0.1, 0.1]] * 17
    + [[0.1, 0.8, 0.1]] * 3
    + [[0.1, 0.7, 0.2]] * 12
    + [[0.6, 0.2, 0.2]] * 3
    + [[0.1, 0.1, 0.8]] * 8
    + [[0.1, 0.6, 0.3]] * 2,
)


def test_the_packages_lines_are_read_and_checked():
    text = output(COUNTS, package_lines(COUNTS.confusion_matrix))
    report = read(text)
    summary = report.sections[0].summary
    stats = kappa_stats(COUNTS.confusion_matrix)
    assert list(summary.plugin_metrics) == list(WEKA_PACKAGE_LINES)
    for label, field in WEKA_PACKAGE_LINES.items():
        assert summary.plugin_metrics[label] == float(double_to_string(getattr(stats, field), 12, 4))
    assert report.check() == []
    assert summary.to_text() in text
    assert summary.to_dict()["plugin_metrics"]["PABAK"] == summary.plugin_metrics["PABAK"]


def test_an_edited_value_is_flagged_on_its_line():
    lines = package_lines(COUNTS.confusion_matrix)
    lines[3] = "Kappa z".ljust(35) + double_to_string(99.5, 12, 4) + "\n"
    text = output(COUNTS, lines)
    problems = read(text).check()
    assert [p.field for p in problems] == ["Kappa z"]
    assert text.splitlines()[problems[0].line - 1].startswith("Kappa z")


def test_any_plugins_lines_are_read():
    lines = [
        "My plugin metric                   0.1234\n",
        "Another (bits)          NaN\n",
        "Java toString value 1.0E-5\n",
        "A missing one    ?\n",
    ]
    summary = read(output(COUNTS, lines)).sections[0].summary
    assert summary.plugin_metrics["My plugin metric"] == 0.1234
    assert math.isnan(summary.plugin_metrics["Another (bits)"]) and math.isnan(summary.plugin_metrics["A missing one"])
    assert summary.plugin_metrics["Java toString value"] == 1e-5
    assert summary.plugin_text["My plugin metric"] == lines[0].rstrip("\n")


@pytest.mark.parametrize(
    "where, message",
    [("first", "followed by no summary"), ("after", "not a line of WEKA's summary"), ("twice", "printed twice")],
)
def test_plugin_lines_only_where_weka_prints_them(where, message):
    text = output(COUNTS, package_lines(COUNTS.confusion_matrix))
    lines = text.splitlines(keepends=True)
    plugin = next(i for i, line in enumerate(lines) if line.startswith("PABAK"))
    if where == "first":
        first = next(i for i, line in enumerate(lines) if line.startswith("Correctly"))
        lines.insert(first, lines.pop(plugin))
    elif where == "after":
        total = next(i for i, line in enumerate(lines) if line.startswith("Total Number"))
        lines.insert(total, lines.pop(plugin))
    else:
        lines.insert(plugin, lines[plugin])
    with pytest.raises(WekaOutputError, match=message):
        read("".join(lines))


def test_a_standard_line_after_the_plugins_must_come_after_them_in_weka():
    text = output(COUNTS, package_lines(COUNTS.confusion_matrix))
    lines = text.splitlines(keepends=True)
    kappa_line = next(i for i, line in enumerate(lines) if line.startswith("Kappa statistic"))
    moved = lines.pop(kappa_line)
    pabak = next(i for i, line in enumerate(lines) if line.startswith("PABAK"))
    lines.insert(pabak + 1, moved)
    with pytest.raises(WekaOutputError, match="after a plugin metric's line"):
        read("".join(lines))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.floats(1, 5)), min_size=2, max_size=60))
@example(rows=[(0, 0, 1.0), (0, 1, 1.9999999999999991)])  # Kappa z of the printed whole counts is 0/0
@example(rows=[(0, 0, 1.0), (0, 1, 4.999999999999999)])  # ... and here of the weights, not of the counts
def test_genuine_weighted_logs_are_never_flagged(rows):
    # The printed matrix rounds each weighted sum to two decimals; the package computed from the exact one.
    actual = [a for a, _, _ in rows]
    distributions = [[0.8 if i == p else 0.1 for i in range(3)] for _, p, _ in rows]
    evaluation = evaluated(actual, distributions, [w for _, _, w in rows])
    matrix = evaluation.confusion_matrix
    text = output(evaluation, package_lines(matrix))
    report = read(text)
    assert report.check() == [], text


#: Weights whose sums WEKA's toMatrixString prints without decimals though they are not whole (1.5 -> "2",
#: 0.995 -> "1": no cell's x - Math.rint(x) reaches 0.01), and others.
_HIDING_WEIGHTS = st.sampled_from([0.5, 1.5, 2.5, 0.995, 1.005, 0.6, 1.25, 1.0])


@pytest.mark.jvm
@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 2), st.integers(0, 2), _HIDING_WEIGHTS | st.floats(0.01, 5)),
        min_size=1,
        max_size=40,
    )
)
@example(rows=[(0, 0, 1.5), (1, 1, 1.5)])  # "Correctly Classified Instances 3" over a diagonal printed "2 2"
@example(rows=[(0, 0, 0.995), (1, 1, 1.005), (0, 1, 0.995), (1, 0, 1.005)])
def test_genuine_weighted_weka_logs_are_never_flagged(weka_jvm, rows):
    # WEKA's own summary and matrix (through the JVM) of weighted predictions: check() accepts every one.
    from tests.oracles.evaluation_oracle import weka_evaluation

    cells = defaultdict(float)
    for a, p, w in rows:
        cells[a, p] += w
    # Below 1 in every cell WEKA's toMatrixString prints no class letters (or throws NegativeArraySizeException
    # on log10 of the largest cell): a matrix the reader refuses, not a question for check().
    assume(max(cells.values()) >= 1)
    actual = [float(a) for a, _, _ in rows]
    distributions = [[0.8 if i == p else 0.1 for i in range(3)] for _, p, _ in rows]
    weka = weka_evaluation(["yes", "no", "maybe"], actual, distributions, [w for _, _, w in rows])
    assert weka.error is None, weka.error
    text = "=== Stratified cross-validation ===\n=== Summary ===\n" + weka.summary + "\n" + weka.matrix
    report = read(text)
    assert report.sections[0].confusion_matrix is not None
    assert report.check() == [], text


def test_a_weighted_matrix_printed_whole_is_bounded_not_flagged():
    # Two weights of 1.5 on the diagonal: WEKA prints "Correctly Classified Instances 3" and the cells as "2".
    evaluation = evaluated([0, 1], [[0.8, 0.1, 0.1], [0.1, 0.8, 0.1]], [1.5, 1.5])
    text = output(evaluation, package_lines(evaluation.confusion_matrix))
    assert " 2 0 0 | a = yes" in text and read(text).check() == []
    edited = text.replace("Correctly Classified Instances           3", "Correctly Classified Instances           9")
    assert "correct" in {problem.field for problem in read(edited).check()}


def test_an_edited_value_is_flagged_in_a_weighted_log():
    weights = [1.25 + (i % 7) / 4 for i in range(45)]
    evaluation = evaluated(
        ["yes"] * 20 + ["no"] * 15 + ["maybe"] * 10,
        [[0.8, 0.1, 0.1]] * 17
        + [[0.1, 0.8, 0.1]] * 3
        + [[0.1, 0.7, 0.2]] * 12
        + [[0.6, 0.2, 0.2]] * 3
        + [[0.1, 0.1, 0.8]] * 8
        + [[0.1, 0.6, 0.3]] * 2,
        weights,
    )
    matrix = evaluation.confusion_matrix
    stats = kappa_stats(matrix)
    lines = package_lines(matrix)
    text = output(evaluation, lines)
    assert "." in evaluation.matrix() and read(text).check() == []
    for index, (label, field) in enumerate(WEKA_PACKAGE_LINES.items()):
        edited = list(lines)
        edited[index] = label.ljust(35) + double_to_string(getattr(stats, field) + 0.5, 12, 4) + "\n"
        assert [p.field for p in read(output(evaluation, edited)).check()] == [label]


def test_parse_and_check_commands_show_plugin_metrics(tmp_path, capsys):
    import csv
    import json

    from wekaeval.cli import main

    path = tmp_path / "package.log"
    lines = package_lines(COUNTS.confusion_matrix)
    path.write_text(output(COUNTS, lines))
    assert main(["parse", str(path), "--csv"]) == 0
    row = next(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert json.loads(row["plugin_metrics"]) == read(path.read_text()).sections[0].summary.plugin_metrics
    assert main(["parse", str(path)]) == 0
    assert "  Kappa standard error  " in capsys.readouterr().out
    assert main(["parse", str(path), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert "PABAK" in json.dumps(document)
    assert main(["check", str(path)]) == 0
    lines[0] = "Kappa standard error".ljust(35) + double_to_string(3.0, 12, 4) + "\n"
    path.write_text(output(COUNTS, lines))
    assert main(["check", str(path)]) == 1
    assert "Kappa standard error is 3.0" in capsys.readouterr().out
