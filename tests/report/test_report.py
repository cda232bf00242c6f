"""read_weka_output against WEKA's real output: every number as WEKA printed it, every block back byte for byte."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.oracles.weka_runs import ARFF_SAMPLES, RUNS, Mirror, run_all
from wekaeval import WekaOutputError, bridge, read_weka_output
from wekaeval.blocks import DETAIL_STATISTICS, STATISTICS_BY_NAME
from wekaeval.blocks._shared import confusion_matrix_text
from wekaeval.cli import main
from wekaeval.javamath import decimal_format, java_fixed

pytestmark = pytest.mark.jvm

RUN_NAMES = [run.name for run in RUNS]
STATISTICS_RUNS = [run.name for run in RUNS if "-classifications" not in run.args and "-p" not in run.args]

#: Each summary field and the Evaluation method that WEKA prints there.
GETTERS = {
    "correct": "correct",
    "percent_correct": "pctCorrect",
    "incorrect": "incorrect",
    "percent_incorrect": "pctIncorrect",
    "kappa": "kappa",
    "total_cost": "totalCost",
    "avg_cost": "avgCost",
    "kb_relative_information": "KBRelativeInformation",
    "kb_information": "KBInformation",
    "kb_mean_information": "KBMeanInformation",
    "correlation_coefficient": "correlationCoefficient",
    "sf_prior_entropy": "SFPriorEntropy",
    "sf_mean_prior_entropy": "SFMeanPriorEntropy",
    "sf_scheme_entropy": "SFSchemeEntropy",
    "sf_mean_scheme_entropy": "SFMeanSchemeEntropy",
    "sf_entropy_gain": "SFEntropyGain",
    "sf_mean_entropy_gain": "SFMeanEntropyGain",
    "mean_absolute_error": "meanAbsoluteError",
    "root_mean_squared_error": "rootMeanSquaredError",
    "relative_absolute_error": "relativeAbsoluteError",
    "root_relative_squared_error": "rootRelativeSquaredError",
    "coverage_of_test_cases_by_predicted_regions": "coverageOfTestCasesByPredictedRegions",
    "size_of_predicted_regions": "sizeOfPredictedRegions",
    "unclassified": "unclassified",
    "percent_unclassified": "pctUnclassified",
    "num_instances": "withClass",
    "missing_class": "missingClass",
}
#: Each class-details column's WEKA getters (per class, weighted), from the one table of statistics.
DETAIL_GETTERS = {s.name: (s.getter, STATISTICS_BY_NAME[s.weighted or s.name].getter) for s in DETAIL_STATISTICS}


@pytest.fixture(scope="session")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("weka-output")


@pytest.fixture(scope="session")
def outputs(weka_jvm, workdir):
    """WEKA's command line run once per configuration (in parallel); name -> printed text."""
    return run_all(workdir)


@pytest.fixture(scope="session")
def mirror(weka_jvm, workdir):
    return Mirror(workdir)


def printed(value: float, decimals: int = 4) -> float:
    """``value`` as WEKA's Utils.doubleToString prints it with ``decimals``, read back."""
    return float(decimal_format(value, decimals))


def same(a: float | None, b: float | None) -> bool:
    return a == b or (a is not None and b is not None and math.isnan(a) and math.isnan(b))


def block_texts(section) -> list[str]:
    """The section's blocks rendered back, with the headings and blank lines WEKA puts around them."""
    texts = []
    if section.summary is not None:
        text = f"=== {section.title} ===\n\n" + section.summary.to_text()
        if section.class_details is not None:
            text += "\n\n=== Detailed Accuracy By Class ===\n\n" + section.class_details.to_text()
        if section.confusion_matrix is not None:
            text += "\n\n=== Confusion Matrix ===\n\n" + section.confusion_matrix.to_text()
        texts.append(text)
    return texts


# -- the command line ----------------------------------------------------------------


@pytest.mark.parametrize("name", RUN_NAMES)
def test_every_output_parses_renders_back_and_checks_clean(outputs, name):
    text = outputs[name].text
    report = read_weka_output(text)
    assert report.sections
    for section in report.sections:
        for block in block_texts(section):
            assert block in text, f"{name}: {section.title} does not render back as printed"
    assert report.check() == []
    json.dumps(report.to_dict(), allow_nan=False)
    if not {"-o", "-classifications", "-p"} & set(outputs[name].run.args):
        assert report.model and "Time taken to build model" not in report.model
        assert "build model" in report.times
    assert report.other == ()


@pytest.mark.parametrize("name", STATISTICS_RUNS)
def test_every_printed_number_is_wekas_own_rounded_as_printed(outputs, mirror, name):
    run = outputs[name].run
    report = read_weka_output(outputs[name].text)
    evaluations = mirror.evaluations(run)
    assert [section.title for section in report.sections] == list(evaluations)
    for section in report.sections:
        evaluation = evaluations[section.title]
        summary = section.summary
        for field in summary.to_dict():
            if field == "confidence_level":
                continue
            weka_value = float(getattr(evaluation, GETTERS[field])())
            assert same(getattr(summary, field), printed(weka_value)), (name, section.title, field, weka_value)
        if evaluation.getHeader().classAttribute().isNumeric():
            assert section.confusion_matrix is None and section.class_details is None
            continue
        matrix = np.array([list(row) for row in evaluation.confusionMatrix()], dtype=np.float64)
        shown = section.confusion_matrix
        assert shown.class_names == tuple(str(n) for n in evaluation.getHeader().classAttribute().enumerateValues())
        if shown.fractional:
            assert np.array_equal(shown.matrix, np.vectorize(lambda v: printed(v, 2))(matrix))
        else:
            assert np.array_equal(shown.matrix, matrix), name
        details = section.class_details
        assert details.class_names == shown.class_names
        for i, row in enumerate(details.rows):
            for column in details.columns:
                weka_value = float(getattr(evaluation, DETAIL_GETTERS[column][0])(i))
                expected = None if math.isnan(weka_value) else float(java_fixed(weka_value, 3))
                assert same(getattr(row, column), expected), (name, section.title, row.class_name, column)
        for column in details.columns:
            weka_value = float(getattr(evaluation, DETAIL_GETTERS[column][1])())
            expected = None if math.isnan(weka_value) else float(java_fixed(weka_value, 3))
            assert same(getattr(details.weighted_avg, column), expected), (name, "Weighted Avg.", column)


@pytest.mark.parametrize(
    "name", ["j48-iris", "oner-ballots-x5", "nb-rare-positive", "j48-many-classes", "j48-weighted", "j48-missing-class"]
)
def test_the_bridge_gives_the_printed_kappa_and_matrix(outputs, name):
    run = outputs[name].run
    folds, seed = int(run.flag("-x") or 10), int(run.flag("-s") or 1)
    weka = bridge.evaluate(ARFF_SAMPLES / run.train, run.classifier, list(run.options), folds=folds, seed=seed)
    section = read_weka_output(outputs[name].text).sections[-1]
    assert section.title == "Stratified cross-validation"
    assert section.summary.kappa == printed(weka.kappa)
    assert section.summary.percent_correct == printed(weka.pct_correct)
    if section.confusion_matrix.fractional:
        rounded = np.vectorize(lambda v: printed(v, 2))(weka.confusion_matrix)
        assert np.array_equal(section.confusion_matrix.matrix, rounded)
    else:
        assert np.array_equal(section.confusion_matrix.matrix, weka.confusion_matrix)
    assert section.confusion_matrix.class_names == weka.class_names


def test_the_layout_of_every_matrix_is_wekas(mirror):
    """confusion_matrix_text over WEKA's exact matrices equals WEKA's toMatrixString, > 26 classes and weights too."""
    for run in RUNS:
        if "-classifications" in run.args or run.classifier.endswith("LinearRegression"):
            continue
        for evaluation in mirror.evaluations(run).values():
            matrix = [list(row) for row in evaluation.confusionMatrix()]
            names = [str(n) for n in evaluation.getHeader().classAttribute().enumerateValues()]
            assert confusion_matrix_text(matrix, names) == str(evaluation.toMatrixString(""))[1:], run.name


def test_cross_validated_predictions_are_the_bridges(outputs):
    weka = bridge.evaluate(ARFF_SAMPLES / "iris.arff", "weka.classifiers.trees.J48", folds=10, seed=1)
    plain = read_weka_output(outputs["j48-iris-predictions"].text).sections
    with_distribution = read_weka_output(outputs["j48-iris-distribution"].text).sections
    assert [s.title for s in plain] == ["Predictions under cross-validation"]
    rows, rich_rows = plain[0].predictions.rows, with_distribution[0].predictions.rows
    assert len(rows) == len(rich_rows) == len(weka.actual) == 150
    assert with_distribution[0].predictions.attribute_names == ("sepallength", "sepalwidth")
    fold_starts = [i for i in range(150) if i == 0 or weka.fold[i] != weka.fold[i - 1]]
    for i, (row, rich, actual, distribution) in enumerate(
        zip(rows, rich_rows, weka.actual, weka.distributions, strict=False)
    ):
        predicted = int(np.argmax(distribution))
        assert row.actual_index == int(actual) and row.actual == weka.class_names[int(actual)]
        assert row.predicted_index == predicted and row.predicted == weka.class_names[predicted]
        assert row.error == (predicted != int(actual))
        assert row.probability == printed(distribution[predicted], 3)
        assert rich.distribution == tuple(printed(p, 3) for p in distribution)
        assert rich.attributes.startswith("(") and rich.attributes.endswith(")")
        assert (row.inst == 1) == (i in fold_starts)


def test_test_set_predictions_with_five_decimals_are_the_bridges(outputs):
    weka = bridge.evaluate(
        ARFF_SAMPLES / "shapes-train.arff", "weka.classifiers.trees.J48", test=ARFF_SAMPLES / "shapes-test.arff"
    )
    section = read_weka_output(outputs["j48-shapes-T-predictions"].text).sections[0]
    assert section.title == "Predictions on test data"
    assert [row.inst for row in section.predictions.rows] == list(range(1, len(weka.actual) + 1))
    for row, actual, distribution in zip(section.predictions.rows, weka.actual, weka.distributions, strict=False):
        assert row.actual_index == int(actual)
        assert row.probability == printed(distribution[int(np.argmax(distribution))], 5)


def test_the_deprecated_p_option_prints_the_same_table(outputs):
    (section,) = read_weka_output(outputs["j48-iris-p"].text).sections
    assert section.title == "Predictions on test data"
    assert section.predictions.attribute_names == ("sepallength",)
    assert len(section.predictions.rows) == 150 and section.predictions.rows[0].attributes.startswith("(")


def test_numeric_class_predictions_are_wekas(outputs, mirror):
    section = read_weka_output(outputs["lr-numeric-predictions"].text).sections[0]
    assert section.title == "Predictions on training data" and not section.predictions.nominal
    data = mirror.data("numeric-class.arff")
    model = mirror.classifier(outputs["lr-numeric-predictions"].run)
    model.buildClassifier(data)
    for row, i in zip(section.predictions.rows, range(data.numInstances()), strict=False):
        instance = data.instance(i)
        predicted = float(model.classifyInstance(instance))
        assert row.inst == i + 1
        assert row.actual == printed(float(instance.classValue()), 3)
        assert row.predicted == printed(predicted, 3)
        assert row.error == printed(predicted - float(instance.classValue()), 3)
    assert len(section.predictions.rows) == data.numInstances()


def test_labels_with_spaces_and_quotes_survive(outputs):
    report = read_weka_output(outputs["nb-quoted-labels"].text)
    names = report.sections[0].confusion_matrix.class_names
    assert report.sections[0].class_details.class_names == names
    rows = read_weka_output(outputs["nb-quoted-labels-predictions"].text).sections[0].predictions.rows
    assert {row.predicted for row in rows} <= set(names)
    assert all(row.distribution[row.predicted_index] == max(row.distribution) for row in rows)


def test_weighted_and_unknown_class_lines(outputs):
    weighted = read_weka_output(outputs["j48-weighted"].text).sections[-1]
    assert weighted.confusion_matrix.fractional and not float(weighted.summary.correct).is_integer()
    assert weighted.summary.kb_information is not None and weighted.summary.sf_scheme_entropy is not None
    missing = read_weka_output(outputs["j48-missing-class"].text).sections[-1]
    assert missing.summary.missing_class > 0
    cost = read_weka_output(outputs["j48-iris-cost"].text)
    assert np.array_equal(cost.cost_matrix, [[0, 1, 2], [5, 0, 1], [1, 1, 0]])
    summary = cost.sections[0].summary
    assert summary.total_cost is not None and summary.avg_cost is not None
    assert summary.coverage_of_test_cases_by_predicted_regions is not None
    assert summary.size_of_predicted_regions is not None and summary.confidence_level == 0.95
    many = read_weka_output(outputs["j48-many-classes"].text).sections[-1].confusion_matrix
    assert len(many.class_names) == 30 and many.matrix.shape == (30, 30)
    assert many.to_text().splitlines()[0].split()[26:30] == ["aa", "ab", "ac", "ad"]


# -- the Explorer --------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["cv", "training", "split", "test"])
@pytest.mark.parametrize("run_name", ["j48-shapes-T", "lr-numeric-k"])
def test_explorer_buffers(mirror, run_name, mode):
    run = RUNS[RUN_NAMES.index(run_name)]
    text, evaluation = mirror.explorer_buffer(run, mode)
    report = read_weka_output(text)
    info = report.run_info
    data = mirror.data(run.train)
    assert info.scheme.startswith(run.classifier) and info.relation == str(data.relationName())
    assert info.instances == data.numInstances() and info.num_attributes == data.numAttributes()
    assert info.attributes == tuple(str(data.attribute(i).name()) for i in range(data.numAttributes()))
    assert report.model and report.times["build model"] == 0.01
    (section,) = report.sections
    heading = {
        "cv": "Stratified cross-validation" if run_name != "lr-numeric-k" else "Cross-validation",
        "training": "Evaluation on training set",
        "split": "Evaluation on test split",
        "test": "Evaluation on test set",
    }[mode]
    assert (section.title, section.evaluation) == ("Summary", heading)
    for field in section.summary.to_dict():
        weka_value = float(getattr(evaluation, GETTERS[field])())
        assert same(getattr(section.summary, field), printed(weka_value)), field
    assert str(evaluation.toSummaryString(True)).endswith(section.summary.to_text())
    if section.confusion_matrix is not None:
        assert str(evaluation.toMatrixString()).endswith(section.confusion_matrix.to_text())
        assert str(evaluation.toClassDetailsString()).endswith(section.class_details.to_text())
    assert report.check() == []


# -- damaged text ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["j48-iris", "j48-weighted", "j48-iris-distribution", "lr-numeric-k", "j48-many-classes"]
)
def test_truncated_text_raises_only_weka_output_error_naming_the_line(outputs, name):
    lines = outputs[name].text.splitlines(keepends=True)
    for cut in range(len(lines)):
        for text in ("".join(lines[:cut]), "".join(lines[:cut]) + lines[cut][: len(lines[cut]) // 2]):
            try:
                read_weka_output(text + "\n")
            except WekaOutputError as error:
                assert 1 <= error.line <= cut + 2, (cut, str(error))


def test_a_cut_inside_a_block_is_an_error_at_the_cut(outputs):
    lines = outputs["j48-iris"].text.splitlines(keepends=True)
    matrix_row = max(i for i, line in enumerate(lines) if line.endswith("= Iris-versicolor\n"))
    with pytest.raises(WekaOutputError, match=r"<text>:\d+: expected row 3 of the 3-class confusion matrix") as error:
        read_weka_output("".join(lines[: matrix_row + 1]))
    assert error.value.line == matrix_row + 2
    kappa_line = max(i for i, line in enumerate(lines) if line.startswith("Kappa statistic"))
    with pytest.raises(WekaOutputError, match="before 'Total Number of Instances'"):
        read_weka_output("".join(lines[: kappa_line + 1]))
    with pytest.raises(WekaOutputError, match="not a number"):
        read_weka_output("".join(lines).replace(" 49  1  0 |", " 49  x  0 |"))


def _mutations():
    edit = st.sampled_from(["delete", "duplicate", "replace", "insert", "swap"])
    return st.lists(st.tuples(edit, st.integers(0, 10**6), st.text(max_size=12)), max_size=6)


def _mutate(text: str, mutations) -> str:
    lines = text.split("\n")
    for kind, where, new in mutations:
        i = where % max(len(lines), 1)
        if kind == "delete" and lines:
            del lines[i]
        elif kind == "duplicate" and lines:
            lines.insert(i, lines[i])
        elif kind == "insert":
            lines.insert(i, new)
        elif kind == "swap" and len(lines) > 1:
            lines[i], lines[i - 1] = lines[i - 1], lines[i]
        elif lines:
            line = lines[i]
            position = where % (len(line) + 1)
            lines[i] = line[:position] + new + line[position + len(new) :]
    return "\n".join(lines)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(RUN_NAMES), mutations=_mutations())
def test_fuzzed_output_raises_nothing_but_weka_output_error(outputs, name, mutations):
    text = _mutate(outputs[name].text, mutations)
    try:
        report = read_weka_output(text if "\n" in text else text + "\n")
    except WekaOutputError as error:
        assert error.line >= 1
        return
    report.check()
    json.dumps(report.to_dict(), allow_nan=False)
    for section in report.sections:
        block_texts(section)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("=== Summary\nKappa statistic 0.9|a b-<%.?") + ["\n", " "]), max_size=300))
def test_arbitrary_text_raises_nothing_but_weka_output_error(text):
    try:
        read_weka_output(text + "\n")
    except WekaOutputError:
        pass


# -- hand edits and the CLI ------------------------------------------------------------------


def test_check_finds_hand_edits(outputs, tmp_path):
    text = outputs["j48-iris"].text
    section_start = text.index("=== Stratified cross-validation ===")
    edited = text[:section_start] + text[section_start:].replace("0.94  ", "0.95  ", 1)
    found = read_weka_output(edited).check()
    assert [(i.field, i.printed, i.expected) for i in found] == [("kappa", 0.95, "0.94")]
    assert edited.splitlines()[found[0].line - 1].startswith("Kappa statistic")
    log = tmp_path / "edited.log"
    log.write_text(edited)
    assert main(["check", str(log)]) == 1


def test_check_bounds_weighted_matrices(outputs):
    text = outputs["j48-weighted"].text
    start = text.index("=== Stratified cross-validation ===")
    kappa_line = next(line for line in text[start:].splitlines() if line.startswith("Kappa statistic"))
    kappa = float(kappa_line.split()[-1])
    found = read_weka_output(text.replace(kappa_line, kappa_line.replace(str(kappa), f"{kappa + 0.01:.4g}"))).check()
    assert [i.field for i in found] == ["kappa"] and found[0].expected.startswith("between")


def test_cli_parse_and_check_a_saved_log(outputs, tmp_path, capsys):
    log = tmp_path / "iris.log"
    log.write_text(outputs["j48-iris-k"].text)
    assert main(["parse", str(log)]) == 0
    out = capsys.readouterr().out
    assert "== Stratified cross-validation" in out and "kappa" in out and "a = Iris-setosa" in out
    assert main(["parse", str(log), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sections"][1]["summary"]["kappa"] == 0.94
    assert data["sections"][1]["confusion_matrix"]["matrix"][0] == [49.0, 1.0, 0.0]
    assert main(["check", str(log)]) == 0
    assert "consistent" in capsys.readouterr().out


def test_cli_bad_files_exit_2_with_one_line(tmp_path, capsys):
    not_weka = tmp_path / "notes.txt"
    not_weka.write_text("hello\nworld\n")
    assert main(["check", str(not_weka)]) == 2
    assert capsys.readouterr().err.strip().count("\n") == 0
    assert main(["parse", str(tmp_path / "missing.log")]) == 2
    err = capsys.readouterr().err
    assert "missing.log" in err and err.count("\n") == 1


def test_the_example_log_in_docs_is_what_weka_prints(outputs):
    """docs/examples/j48-iris.log (the README's example) is WEKA's output for ``J48 -t iris.arff -k``, timings aside."""
    saved = read_weka_output(ARFF_SAMPLES.parent / "docs" / "examples" / "j48-iris.log")
    fresh = read_weka_output(outputs["j48-iris-k"].text)
    assert [s.to_dict() for s in saved.sections] == [s.to_dict() for s in fresh.sections]
    assert saved.model == fresh.model and saved.times.keys() == fresh.times.keys()
    assert main(["check", str(saved.source)]) == 0
