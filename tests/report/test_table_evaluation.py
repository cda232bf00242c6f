"""WEKA's statistics from a printed predictions table alone (issue 35, item 10): ``wekaeval evaluate`` without
``--data``, a cross-validation's table (each fold numbered from 1), and the report page of a log that printed
only predictions (WEKA 3.8's ``-classifications`` prints no statistics).

The tables here are laid out as WEKA's ``PlainText`` prints them; the JVM-backed test has WEKA itself run a
cross-validation with ``-classifications`` and compares every statistic that follows exactly from the printed
pairs with WEKA's own double, bit for bit.
"""

from __future__ import annotations

import io

import numpy as np
import pytest

from tests.paths import ROOT
from wekaeval import Evaluation, read_weka_output
from wekaeval._html import report_html
from wekaeval.cli import main
from wekaeval.errors import PredictionError
from wekaeval.report import table_evaluation

ARFF_SAMPLES = ROOT / "arff_samples"
CLASSES = ("yes", "no", "maybe")


def plain_row(inst: int, actual: int | None, distribution: list[float] | None, predicted: int | None) -> str:
    """One row of WEKA's PlainText table (``-distribution`` when ``distribution`` is given)."""
    shown_actual = "1:?" if actual is None else f"{actual + 1}:{CLASSES[actual]}"
    shown_predicted = "?" if predicted is None else f"{predicted + 1}:{CLASSES[predicted]}"
    error = "  +  " if actual is not None and predicted is not None and actual != predicted else "     "
    if predicted is None:
        printed = "?"
    elif distribution is None:
        printed = "1"
    else:
        printed = ",".join(("*" if i == predicted else "") + format(p, "g") for i, p in enumerate(distribution))
    return f"{inst:>9} {shown_actual:>10} {shown_predicted:>10} {error} {printed} "


def cv_table(rng: np.random.Generator, folds: int, per_fold: int, distribution: bool = True) -> tuple[str, list]:
    """A cross-validation's table of random predictions, and its rows (fold, actual, distribution, predicted)."""
    heading = "distribution" if distribution else "prediction"
    lines = ["", "=== Predictions under cross-validation ===", "", f"    inst#     actual  predicted error {heading}"]
    rows: list[tuple[int, int, list[float], int]] = []
    for fold in range(folds):
        for inst in range(1, per_fold + 1):
            actual = len(rows) if len(rows) < 3 else int(rng.integers(0, 3))  # every class printed at least once
            probabilities = np.round(rng.dirichlet([1, 1, 1]), 3)
            predicted = int(np.argmax(probabilities))
            probabilities[predicted] += 0.001 * (np.sum(probabilities == probabilities[predicted]) > 1)
            rows.append((fold, actual, probabilities.tolist(), predicted))
            lines.append(plain_row(inst, actual, probabilities.tolist() if distribution else None, predicted))
    return "\n".join(lines) + "\n\n", rows


def test_a_cross_validation_table_gives_the_matrix_kappa_and_each_folds_priors(rng):
    text, rows = cv_table(rng, folds=4, per_fold=9)
    found = table_evaluation(read_weka_output(io.StringIO(text)).sections[0])
    expected = Evaluation(list(CLASSES))  # fed as WEKA's crossValidateModel feeds it: fold by fold
    actual = np.array([row[1] for row in rows], dtype=float)
    for fold in range(4):
        inside = np.array([row[0] == fold for row in rows])
        expected.set_priors(actual[~inside])
        expected.evaluate_batch(np.array([row[2] for row in rows])[inside], actual[inside])
    evaluation = found.evaluation
    assert (found.folds, found.rows) == (4, 36)
    assert np.array_equal(evaluation.confusion_matrix, expected.confusion_matrix)
    for name in ("kappa", "percent_correct", "sf_prior_entropy", "mean_absolute_error", "weighted_area_under_roc"):
        assert getattr(evaluation, name) == getattr(expected, name), name
    assert (
        found.text()
        == "\n".join([expected.summary("=== Summary ===\n"), expected.class_details(), expected.matrix()]) + "\n"
    )
    assert any("each fold's training part" in note for note in found.notes())


def test_without_a_distribution_only_what_the_pairs_fix_is_printed(rng):
    text, _ = cv_table(rng, folds=3, per_fold=5, distribution=False)
    found = table_evaluation(read_weka_output(io.StringIO(text)).sections[0])
    printed = found.text()
    assert "Kappa statistic" in printed and "Mean absolute error" not in printed and "ROC Area" not in printed
    assert "MCC" in printed
    assert any(note.startswith("not computed: mean absolute") and "-distribution" in note for note in found.notes())


def test_one_test_sets_table_has_no_priors_unless_its_training_data_is_given(rng):
    text, _ = cv_table(rng, folds=1, per_fold=12)
    section = read_weka_output(io.StringIO(text.replace("under cross-validation", "on test data"))).sections[0]
    found = table_evaluation(section)
    assert found.folds == 1 and found.priors is None
    assert "Relative absolute error" not in found.text() and "Mean absolute error" in found.text()
    assert any("they need the class priors" in note for note in found.notes())
    training = read_weka_output(io.StringIO(text.replace("under cross-validation", "on training data")))
    assert "Relative absolute error" in table_evaluation(training.sections[0]).text()


def test_a_class_never_printed_and_rows_out_of_order_are_named():
    header = ["=== Predictions on test data ===", "", "    inst#     actual  predicted error prediction"]
    rows = [plain_row(1, 0, None, 0), plain_row(2, 2, None, 0)]  # class 2 ("no") never printed
    section = read_weka_output(io.StringIO("\n".join([*header, *rows, ""]))).sections[0]
    with pytest.raises(PredictionError, match="class 2's label is never printed"):
        table_evaluation(section)
    assert table_evaluation(section, CLASSES).evaluation.class_names == CLASSES
    rows = [plain_row(1, 0, None, 0), plain_row(3, 1, None, 0)]
    section = read_weka_output(io.StringIO("\n".join([*header, *rows, ""]))).sections[0]
    with pytest.raises(PredictionError, match=":5: inst# 3 where 2 was expected"):
        table_evaluation(section, CLASSES, source="t.txt")


def test_evaluate_reads_a_cross_validation_table_with_or_without_data(capsys, tmp_path, rng):
    text, _ = cv_table(rng, folds=3, per_fold=4)
    table = tmp_path / "cv.txt"
    table.write_text(text)
    capsys.readouterr()  # the seed's line
    assert main(["evaluate", str(table)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("=== Summary ===\n") and "=== Confusion Matrix ===" in out
    assert all(line.startswith("wekaeval: note: ") for line in err.splitlines()) and "3 cross-validation folds" in err
    data = tmp_path / "data.arff"
    rows = "\n".join(CLASSES[i % 3] for i in range(12))
    data.write_text(f"@relation r\n@attribute class {{{','.join(CLASSES)}}}\n@data\n{rows}\n")
    assert main(["evaluate", str(table), "--data", str(data)]) == 0
    assert capsys.readouterr().out == out
    data.write_text(
        f"@relation r\n@attribute class {{{','.join(CLASSES)}}}\n@data\n{rows.replace('yes', 'yes,{2}', 1)}\n"
    )
    assert main(["evaluate", str(table), "--data", str(data)]) == 2
    assert "has instance weights" in capsys.readouterr().err
    assert main(["evaluate", str(table), "--train", str(data)]) == 2
    assert "a cross-validation's priors come from its folds" in capsys.readouterr().err
    own = tmp_path / "own.csv"
    own.write_text("predicted\nyes\n")
    assert main(["evaluate", str(own)]) == 2
    assert "give --data DATA.arff" in capsys.readouterr().err


def test_the_report_page_of_a_predictions_only_log_shows_the_computed_statistics(rng):
    text, _ = cv_table(rng, folds=2, per_fold=6)
    page = report_html(read_weka_output(io.StringIO(text)))
    assert "<h3>Statistics computed from the printed predictions</h3>" in page
    assert "<th>Kappa statistic</th>" in page and '<table class="heat"><caption>Confusion matrix' in page
    assert "2 cross-validation folds" in page


PLAIN_TEXT = "weka.classifiers.evaluation.output.prediction.PlainText"


def weka_cross_validation(dataset: str, classifier: str, folds: int, distribution: bool):
    """WEKA's crossValidateModel with -classifications' PlainText: its Evaluation and the text the command line
    prints (``Evaluation.evaluateModel`` writes the heading, then the table)."""
    import jpype

    data = jpype.JClass("weka.core.converters.ConverterUtils$DataSource").read(str(ARFF_SAMPLES / dataset))
    data.setClassIndex(data.numAttributes() - 1)
    output = jpype.JClass(PLAIN_TEXT)()
    buffer = jpype.JClass("java.lang.StringBuffer")()
    output.setBuffer(buffer)
    output.setHeader(data)
    output.setOutputDistribution(distribution)
    evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")(data)
    random = jpype.JClass("java.util.Random")(1)
    evaluation.crossValidateModel(jpype.JClass(classifier)(), data, folds, random, output)
    return evaluation, "\n=== Predictions under cross-validation ===\n\n" + str(buffer.toString())


#: What follows exactly from the printed pairs (unweighted data): WEKA's method and wekaeval's name.
EXACT = (
    ("correct", "correct"),
    ("incorrect", "incorrect"),
    ("pctCorrect", "percent_correct"),
    ("pctIncorrect", "percent_incorrect"),
    ("kappa", "kappa"),
    ("unclassified", "unclassified"),
    ("numInstances", "num_instances"),
    ("SFPriorEntropy", "sf_prior_entropy"),
    ("SFMeanPriorEntropy", "sf_mean_prior_entropy"),
    ("weightedTruePositiveRate", "weighted_true_positive_rate"),
    ("weightedFalsePositiveRate", "weighted_false_positive_rate"),
    ("weightedPrecision", "weighted_precision"),
    ("weightedRecall", "weighted_recall"),
    ("weightedFMeasure", "weighted_f_measure"),
    ("weightedMatthewsCorrelation", "weighted_matthews_correlation"),
)
PER_CLASS = (
    ("truePositiveRate", "true_positive_rate"),
    ("falsePositiveRate", "false_positive_rate"),
    ("precision", "precision"),
    ("recall", "recall"),
    ("fMeasure", "f_measure"),
    ("matthewsCorrelationCoefficient", "matthews_correlation_coefficient"),
)


@pytest.mark.jvm
@pytest.mark.parametrize(
    ("dataset", "classifier", "folds", "distribution"),
    [
        ("iris.arff", "weka.classifiers.trees.J48", 10, True),
        ("six-classes.arff", "weka.classifiers.bayes.NaiveBayes", 5, True),
        ("radar.arff", "weka.classifiers.rules.OneR", 3, False),
    ],
)
def test_a_wekas_cross_validation_table_gives_wekas_own_statistics(weka_jvm, dataset, classifier, folds, distribution):
    """Every statistic the printed pairs fix is WEKA's double, bit for bit; the matrix text is WEKA's, byte for
    byte.  (The errors and areas come from distributions printed to 3 decimals: docs/cli.md.)"""
    weka, text = weka_cross_validation(dataset, classifier, folds, distribution)
    found = table_evaluation(read_weka_output(io.StringIO(text)).sections[0])
    evaluation = found.evaluation
    assert found.folds == folds
    for java, python in EXACT:
        assert float(getattr(weka, java)()) == getattr(evaluation, python), java
    for i in range(len(evaluation.class_names)):
        for java, python in PER_CLASS:
            assert float(getattr(weka, java)(i)) == getattr(evaluation, python)(i), (java, i)
    assert np.array_equal(np.array([list(row) for row in weka.confusionMatrix()]), evaluation.confusion_matrix)
    assert evaluation.matrix() == str(weka.toMatrixString())
    weka_lines = str(weka.toSummaryString()).splitlines()
    for label in ("Correctly Classified", "Incorrectly Classified", "Kappa statistic", "Total Number"):
        assert [line for line in found.text().splitlines() if line.startswith(label)] == [
            line for line in weka_lines if line.startswith(label)
        ]


NUMERIC_CV = """
=== Predictions under cross-validation ===

    inst#     actual  predicted      error
        1      1.5        1.25      -0.25 
        2        ?        1.25          ? 
        1      2.5        ?             ? 
        2      3          2.5       -0.5 
"""


def test_a_numeric_cross_validation_table_gives_its_errors_and_counts(capsys, tmp_path):
    found = table_evaluation(read_weka_output(io.StringIO(NUMERIC_CV)).sections[0])
    expected = Evaluation(None)
    expected.set_priors([2.5, 3.0])  # fold 1's training part: fold 2's rows
    expected.evaluate_batch([1.25, 1.25], [1.5, float("nan")])
    expected.set_priors([1.5, float("nan")])
    expected.evaluate_batch([float("nan"), 2.5], [2.5, 3.0])
    assert found.text() == expected.summary("=== Summary ===\n") + "\n"
    assert "Ignored Class Unknown Instances" in found.text() and "UnClassified Instances" in found.text()
    assert any(note.startswith("not computed: coverage") for note in found.notes())
    table = tmp_path / "numeric.txt"
    table.write_text(NUMERIC_CV)
    capsys.readouterr()
    assert main(["evaluate", str(table)]) == 0
    assert capsys.readouterr().out == found.text()
