"""The main job: WEKA and the port agree on the whole corpus, bit for bit."""

from __future__ import annotations

import csv
import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

from tests.oracles.command_lines import ADD_OPENS, NO_PACKAGES, print_texts
from tests.paths import ARFF_SAMPLES, ROOT
from wekaeval import WekaevalError, bridge, load_arff, parity
from wekaeval.cli import main
from wekaeval.javamath import java_platform

CORPUS = sorted(ARFF_SAMPLES.glob("*.arff"))


@pytest.fixture(scope="session")
def corpus_rows(weka_jvm):
    """The parity run over every sample x the default classifiers, once per session."""
    return parity.run_parity(CORPUS)


@pytest.mark.jvm
def test_the_whole_corpus_is_identical_or_skipped_with_a_reason(corpus_rows):
    numeric = {str(path) for path in CORPUS if load_arff(path).class_names is None}
    assert numeric, "the corpus has regression datasets"
    expected = sum(
        len(parity.REGRESSION_CLASSIFIERS if str(p) in numeric else parity.DEFAULT_CLASSIFIERS) for p in CORPUS
    )
    assert len(corpus_rows) == expected
    assert {row.dataset for row in corpus_rows} == {str(path) for path in CORPUS}  # the paths as given
    for row in corpus_rows:
        if row.skipped:
            assert row.identical is None and row.weka_kappa is None, row
        elif row.dataset in numeric:
            assert row.identical is True and row.weka_kappa is None, row
            assert row.weka_correlation.hex() == row.python_correlation.hex(), row
        else:
            assert row.identical is True, row
            assert row.weka_kappa.hex() == row.python_kappa.hex(), row


@pytest.mark.jvm
def test_skips_are_only_what_weka_cannot_do(corpus_rows):
    reasons = {row.skipped for row in corpus_rows if row.skipped}
    allowed = (
        "Cannot handle",
        "WeightedInstancesHandler",
        "Weights have to be positive",
        "Only missing values in the training data",
    )
    assert all(any(fragment in reason for fragment in allowed) for reason in reasons), reasons
    compared = [row for row in corpus_rows if row.identical]
    assert len(compared) >= 211
    assert {row.classifier.split()[0] for row in compared} == {
        *parity.DEFAULT_CLASSIFIERS,
        *parity.REGRESSION_CLASSIFIERS,
    }
    assert sum(1 for row in compared if row.weka_correlation is not None) >= 9  # regression compared too


@pytest.mark.jvm
def test_cli_prints_the_table_and_writes_json(weka_jvm, capsys, tmp_path):
    out_json = tmp_path / "rows.json"
    picnic, numeric = str(ARFF_SAMPLES / "picnic.arff"), str(ARFF_SAMPLES / "numeric-class.arff")
    shown = os.path.relpath(picnic)  # shown relative to where the run was started
    status = main(
        [
            "parity",
            picnic,
            numeric,
            "--classifier",
            "J48 -C 0.1",
            "--classifier",
            "weka.classifiers.bayes.NaiveBayes",
            "--json",
            str(out_json),
        ]
    )
    out, err = capsys.readouterr()
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["dataset", "classifier", "instances"]
    assert lines[1].startswith(shown) and "J48 -C 0.1" in lines[1] and lines[1].endswith("yes")
    assert "skipped: weka.classifiers.trees.J48: Cannot handle numeric class!" in lines[3]
    assert lines[-1].startswith("2 identical, 2 skipped, 0 differ")
    rows = json.loads(out_json.read_text())
    assert [set(row) for row in rows] == [set(parity.RECORD_FIELDS)] * 4
    assert set(parity.RECORD_FIELDS) == {*parity.ParityRow.__dataclass_fields__, "kind"}
    assert set(parity.ParityRow.__dataclass_fields__) >= {
        "dataset",
        "classifier",
        "instances",
        "weka_kappa",
        "python_kappa",
        "identical",
        "skipped",
        "mode",
        "folds",
        "seed",
        "test",
        "split_percentage",
        "preserve_order",
        "class_attribute",
        "weka_confusion_matrix",
        "python_confusion_matrix",
        "weka_version",
        "java_version",
        "java_arithmetic",
    }
    first = rows[0]
    assert first["dataset"] == shown and first["classifier"] == "weka.classifiers.trees.J48 -C 0.1 -M 2"
    assert (first["mode"], first["folds"], first["seed"], first["test"], first["class_attribute"]) == (
        "cross-validation",
        10,
        1,
        None,
        "play",
    )
    assert first["weka_kappa"] == first["python_kappa"] and first["identical"] is True
    assert first["weka_confusion_matrix"] == first["python_confusion_matrix"] == [[0.0, 5.0], [0.0, 9.0]]
    assert first["weka_version"] == weka_jvm and first["java_version"]
    assert first["java_arithmetic"] == java_platform().describe()
    assert "Cannot handle numeric class" in rows[2]["skipped"] and rows[2]["weka_kappa"] is None


@pytest.mark.jvm
def test_cli_exits_1_on_a_difference(weka_jvm, capsys, monkeypatch):
    real_check = parity.check

    def slightly_off(result):
        port = real_check(result)
        port.evaluate_model_once([1.0, 0.0, 0.0], 0, 1e-9)
        return port

    monkeypatch.setattr("wekaeval.parity._compare.check", slightly_off)
    status = main(["parity", str(ARFF_SAMPLES / "iris.arff"), "--classifier", "ZeroR"])
    out, _ = capsys.readouterr()
    assert status == 1 and out.splitlines()[1].endswith("NO")


def test_parity_usage_errors(capsys):
    assert main(["parity", "nowhere.arff"]) == 2
    assert "no such ARFF file or directory: nowhere.arff" in capsys.readouterr().err
    assert main(["parity", str(ARFF_SAMPLES), "--folds", "1"]) == 2
    assert "--folds must be at least 2" in capsys.readouterr().err
    assert main(["parity", str(ARFF_SAMPLES), "--split-percentage", "100"]) == 2
    assert "--split-percentage must be above 0 and below 100" in capsys.readouterr().err
    assert main(["parity", str(ARFF_SAMPLES), "--folds", "5", "--no-cv"]) == 2
    assert "--folds is for cross-validation" in capsys.readouterr().err
    assert main(["parity", str(ARFF_SAMPLES), "--test", "nowhere.arff"]) == 2
    assert "--test: no such file: nowhere.arff" in capsys.readouterr().err


@pytest.mark.jvm
def test_assert_weka_parity_for_users_own_tests(weka_jvm):
    from wekaeval.testing import assert_weka_parity

    result = assert_weka_parity(ARFF_SAMPLES / "missing-class.arff", "weka.classifiers.trees.J48", "-C 0.25")
    assert result.missing_class == 37.5
    assert_weka_parity(ARFF_SAMPLES / "iris.arff", "weka.classifiers.rules.ZeroR", kappa=0.0)
    with pytest.raises(AssertionError, match=r"your kappa 0\.1 \(0x1\.999999999999ap-4\) is not WEKA's 0\.0"):
        assert_weka_parity(ARFF_SAMPLES / "iris.arff", "weka.classifiers.rules.ZeroR", kappa=0.1)
    regression = assert_weka_parity(ARFF_SAMPLES / "numeric-class.arff", "weka.classifiers.functions.LinearRegression")
    assert regression.class_names is None and regression.kappa is None
    with pytest.raises(AssertionError, match="interval or density estimator"):
        assert_weka_parity(ARFF_SAMPLES / "numeric-class.arff", "GaussianProcesses")
    with pytest.raises(AssertionError, match="numeric class, WEKA reports no kappa"):
        assert_weka_parity(ARFF_SAMPLES / "numeric-class.arff", "ZeroR", kappa=0.5)


@pytest.mark.jvm
def test_differences_name_each_number(weka_jvm):
    from wekaeval import bridge

    result = bridge.evaluate(ARFF_SAMPLES / "iris.arff", "weka.classifiers.rules.ZeroR")
    assert parity.differences(result, parity.check(result)) == []
    port = parity.check(result)
    port.evaluate_batch([[0.0, 0.0, 0.0], [0.0, 1.0, 0.0]], [np.nan, 1], weights=[2.0, 1.0])
    found = {line.split(":", 1)[0]: line for line in parity.differences(result, port)}
    assert {"kappa", "correct", "confusion matrix", "missing_class", "area_under_roc"} <= set(found)
    assert "0x" in found["kappa"]  # doubles are shown by their bits too
    assert "summary() text differs from line 2" in found  # the title line is line 1


# -- a user error is an error, never a row -----------------------------------------------------------------------

BAD_ROW = "@relation r\n@attribute x numeric\n@attribute c {a,b}\n@data\n1,a\n2,z\n"
LOG = ROOT / "docs" / "examples" / "j48-iris.log"


def user_error_cases(tmp_path: Path) -> list[tuple[list[str], str]]:
    bad_row = tmp_path / "bad-row.arff"
    bad_row.write_text(BAD_ROW)
    log_as_arff = tmp_path / "weka-log.arff"
    log_as_arff.write_text(LOG.read_text())
    picnic, iris = str(ARFF_SAMPLES / "picnic.arff"), str(ARFF_SAMPLES / "iris.arff")
    return [
        ([picnic, "--classifier", "NoSuchClassifier"], "'NoSuchClassifier': no WEKA classifier has that name"),
        ([picnic, "--classifier", "weka.classifiers.trees.J4"], "'weka.classifiers.trees.J4': no such WEKA classifier"),
        ([picnic, "--classifier", "J48 -C abc"], "weka.classifiers.trees.J48 with options '-C abc'"),
        ([picnic, "--classifier", "J48 -Z"], "Illegal options: -Z"),
        ([str(bad_row), "--classifier", "ZeroR"], f"{bad_row}: WEKA cannot read it: nominal value not declared"),
        ([str(log_as_arff), "--classifier", "ZeroR"], f"{log_as_arff}: WEKA cannot read it"),
        ([picnic, "--classifier", "ZeroR", "--folds", "500"], f"{os.path.relpath(picnic)}: --folds 500: more folds"),
        ([picnic, "--classifier", "ZeroR", "--class", "nope"], "class attribute 'nope' is not one of the attributes"),
        ([picnic, "--classifier", "ZeroR", "--class", "9"], "class attribute 9: 1-based index out of range"),
        ([picnic, "--classifier", "ZeroR", "--test", iris], "are not compatible"),
        ([picnic, "--classifier", "ZeroR", "--preserve-order"], "--preserve-order needs --split-percentage"),
        ([picnic, "--classifier", "ZeroR", "--no-cv", "--test", iris], "--no-cv with --test"),
    ]


@pytest.mark.jvm
def test_user_errors_exit_2_with_one_line_naming_the_thing(weka_jvm, capsys, tmp_path):
    for argv, fragment in user_error_cases(tmp_path):
        status = main(["parity", *argv])
        out, err = capsys.readouterr()
        assert status == 2, (argv, out, err)
        assert err.count("\n") == 1 and err.startswith("wekaeval: error: ") and fragment in err, (argv, err)
        assert "Traceback" not in err and all(not line.startswith(argv[0]) for line in out.splitlines()), argv


@pytest.mark.jvm
def test_run_parity_raises_wekaeval_errors_for_user_errors(weka_jvm, tmp_path):
    from wekaeval.errors import WekaevalError

    bad_row = tmp_path / "bad-row.arff"
    bad_row.write_text(BAD_ROW)
    picnic = ARFF_SAMPLES / "picnic.arff"
    zero_r = [parity.ClassifierSpec("weka.classifiers.rules.ZeroR")]
    with pytest.raises(bridge.ClassifierError, match="NoSuchClassifier"):
        parity.run_parity([picnic], [parity.ClassifierSpec("NoSuchClassifier")])
    with pytest.raises(bridge.ClassifierError, match="For input string"):
        parity.run_parity([picnic], [parity.parse_classifier_spec("J48 -C abc")])
    with pytest.raises(bridge.WekaDataError, match="bad-row.arff: WEKA cannot read it"):
        parity.run_parity([bad_row], zero_r)
    with pytest.raises(bridge.WekaError, match="more folds than"):
        parity.run_parity([picnic], zero_r, folds=500)
    with pytest.raises(bridge.WekaDataError, match="'nope'"):
        parity.run_parity([picnic], zero_r, mode=parity.EvaluationMode(class_attribute="nope"))
    for error in (bridge.ClassifierError, bridge.WekaDataError, bridge.WekaError, bridge.WekaRefusal):
        assert issubclass(error, WekaevalError) and issubclass(error, RuntimeError)


@pytest.mark.jvm
def test_skips_are_wekas_refusals_with_the_whole_reason(weka_jvm):
    rows = parity.run_parity(
        [ARFF_SAMPLES / "text-test.arff", ARFF_SAMPLES / "weighted.arff"],
        [parity.parse_classifier_spec("J48"), parity.parse_classifier_spec("OneR")],
    )
    reasons = [row.skipped for row in rows]
    assert reasons[:2] == [
        "weka.classifiers.trees.J48: Cannot handle string attributes!",
        "weka.classifiers.rules.OneR: Cannot handle string attributes!",
    ]
    assert reasons[3] == (
        "weka.classifiers.rules.OneR: Some instance weights are not equal to 1 and scheme does not "
        "implement the WeightedInstancesHandler interface!"
    )
    assert rows[0].classifier == "weka.classifiers.trees.J48 -C 0.25 -M 2" and rows[0].instances is not None


# -- every evaluation mode, and the class attribute, as WEKA's command line -----------------------------------


MODES = [
    # (WEKA's options, the block's title, evaluate()'s keywords, parity's EvaluationMode)
    (["-T", "shapes-test.arff"], "Error on test data", {"test": "shapes-test.arff"}),
    (["-split-percentage", "66"], "Error on test split", {"split_percentage": 66.0}),
    (
        ["-split-percentage", "66", "-preserve-order", "-s", "7"],
        "Error on test split",
        {"split_percentage": 66.0, "preserve_order": True, "seed": 7},
    ),
    (["-split-percentage", "50", "-s", "3"], "Error on test split", {"split_percentage": 50.0, "seed": 3}),
    (["-no-cv"], "Error on training data", {"no_cv": True}),
    (["-x", "5", "-s", "2"], "Stratified cross-validation", {"folds": 5, "seed": 2}),
]
MODE_CLASSIFIERS = ["weka.classifiers.trees.J48", "weka.classifiers.lazy.IBk"]
PICNIC_CLASS_FIRST = ["weka.classifiers.trees.J48", "-t", str(ARFF_SAMPLES / "picnic.arff"), "-c", "first"]


def mode_command_line(classifier: str, weka_options: list[str]) -> list[str]:
    """``classifier -t shapes-train.arff <weka_options>`` (an ARFF file named in the options from arff_samples)."""
    options = [str(ARFF_SAMPLES / o) if o.endswith(".arff") else o for o in weka_options]
    return [classifier, "-t", str(ARFF_SAMPLES / "shapes-train.arff"), *options]


@pytest.fixture(scope="module")
def weka_printed(weka_jvm) -> dict[tuple[str, ...], str]:
    """WEKA's own command line (java -cp weka.jar CLASSIFIER ...), its stdout, for each command line of this
    module: all of them in one child JVM (tests/oracles/command_lines.py)."""
    lines = [mode_command_line(c, mode[0]) for c in MODE_CLASSIFIERS for mode in MODES] + [PICNIC_CLASS_FIRST]
    return dict(zip(map(tuple, lines), print_texts(lines, [ADD_OPENS, NO_PACKAGES]), strict=True))


@pytest.mark.jvm
@pytest.mark.parametrize(("weka_options", "title", "keywords"), MODES, ids=[" ".join(m[0]) for m in MODES])
@pytest.mark.parametrize("classifier", MODE_CLASSIFIERS)
def test_every_mode_equals_wekas_command_line(weka_printed, weka_options, title, keywords, classifier):
    train = ARFF_SAMPLES / "shapes-train.arff"
    keywords = {k: str(ARFF_SAMPLES / v) if k == "test" else v for k, v in keywords.items()}
    printed = weka_printed[tuple(mode_command_line(classifier, weka_options))]
    if "-no-cv" not in weka_options:  # WEKA prints the training-data block first; keep what follows
        printed = printed[printed.index("=== Error on training data ===") :]
        printed = printed[printed.index(f"=== {title} ===") :]
    ours = bridge.evaluate(train, classifier, **keywords)
    summary = str(ours.evaluation.toSummaryString(f"\n\n=== {title} ===\n", False)).strip()
    assert summary in printed and ours.class_details_text in printed and ours.matrix_text in printed

    mode = parity.EvaluationMode(**keywords)
    [row] = parity.run_parity([train], [parity.ClassifierSpec(classifier)], mode=mode)
    assert row.identical is True and row.mode == ours.mode
    assert row.weka_kappa.hex() == ours.kappa.hex() and row.weka_confusion_matrix == ours.confusion_matrix.tolist()
    assert row.instances == ours.num_predictions


@pytest.mark.jvm
def test_test_set_parity_equals_wekas_evaluation_in_the_jvm_bit_for_bit(weka_jvm, capsys, tmp_path):
    from weka.classifiers import Classifier, Evaluation
    from weka.core.converters import Loader

    train, test = ARFF_SAMPLES / "shapes-train.arff", ARFF_SAMPLES / "shapes-test.arff"
    out_json = tmp_path / "rows.json"
    assert main(["parity", str(train), "--test", str(test), "--classifier", "NaiveBayes", "--json", str(out_json)]) == 0
    assert "test set" in capsys.readouterr().out.splitlines()[-1]
    [row] = json.loads(out_json.read_text())
    loader = Loader(classname="weka.core.converters.ArffLoader")
    train_data, test_data = loader.load_file(str(train)), loader.load_file(str(test))
    train_data.class_is_last()
    test_data.class_is_last()
    model = Classifier(classname="weka.classifiers.bayes.NaiveBayes")
    model.build_classifier(train_data)
    evaluation = Evaluation(train_data)
    evaluation.test_model(model, test_data)
    assert row["mode"] == "test-set" and row["test"] == os.path.relpath(test) and row["folds"] is None
    assert row["weka_kappa"] == evaluation.kappa == row["python_kappa"]
    assert np.array_equal(row["weka_confusion_matrix"], evaluation.confusion_matrix)


@pytest.mark.jvm
def test_class_attribute_one_rule_everywhere(weka_jvm, weka_printed, capsys, tmp_path):
    from wekaeval import load_arff
    from wekaeval.testing import assert_weka_parity

    picnic = ARFF_SAMPLES / "picnic.arff"
    for wanted in ("first", "1", "outlook", 0, -5):
        assert load_arff(picnic, wanted).class_attribute.name == "outlook"
        assert bridge.load_instances(picnic, wanted).classAttribute().name() == "outlook"
    for wanted in ("last", "5", "play", None, -1):
        assert load_arff(picnic, wanted).class_attribute.name == "play"
    result = assert_weka_parity(picnic, "J48", class_attribute="first")
    assert result.class_attribute == "outlook" and result.class_names == ("sunny", "overcast", "rainy")
    printed = weka_printed[tuple(PICNIC_CLASS_FIRST)]
    assert result.matrix_text in printed and result.class_details_text in printed
    out_json = tmp_path / "rows.json"
    assert main(["parity", str(picnic), "-c", "outlook", "--classifier", "J48", "--json", str(out_json)]) == 0
    [row] = json.loads(out_json.read_text())
    assert row["class_attribute"] == "outlook" and row["weka_kappa"] == result.kappa


# -- the record: fed back, a row's classifier reproduces it; CSV; the table fits ---------------------------------

NESTED = (
    'weka.classifiers.meta.FilteredClassifier -F "weka.filters.unsupervised.attribute.StringToWordVector '
    '-R first-last" -W weka.classifiers.trees.J48 -- -C 0.25 -M 2'
)


@pytest.mark.jvm
def test_a_rows_classifier_fed_back_reproduces_the_row(weka_jvm, capsys, tmp_path):
    data = str(ARFF_SAMPLES / "text-train.arff")
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    assert main(["parity", data, "--classifier", NESTED, "--classifier", "Logistic", "--json", str(first)]) == 0
    rows = json.loads(first.read_text())
    assert rows[0]["classifier"].startswith(
        'weka.classifiers.meta.FilteredClassifier -F "weka.filters.unsupervised.'
        "attribute.StringToWordVector -R first-last "
    )
    assert rows[0]["classifier"].endswith("-W weka.classifiers.trees.J48 -- -C 0.25 -M 2")
    assert rows[1]["classifier"].startswith("weka.classifiers.functions.Logistic ")
    assert (
        main(
            [
                "parity",
                data,
                "--classifier",
                rows[0]["classifier"],
                "--classifier",
                rows[1]["classifier"],
                "--json",
                str(second),
            ]
        )
        == 0
    )
    assert json.loads(second.read_text()) == rows
    capsys.readouterr()


@pytest.mark.jvm
def test_csv_has_one_flat_row_per_dataset_and_classifier(weka_jvm, capsys, tmp_path):
    out_csv, out_json = tmp_path / "rows.csv", tmp_path / "rows.json"
    argv = [
        "parity",
        str(ARFF_SAMPLES / "picnic.arff"),
        str(ARFF_SAMPLES / "text-test.arff"),
        "--classifier",
        "ZeroR",
        "--classifier",
        "J48",
        "--csv",
        str(out_csv),
        "--json",
        str(out_json),
    ]
    assert main(argv) == 0
    capsys.readouterr()
    with out_csv.open(newline="") as handle:
        table = list(csv.DictReader(handle))
    rows = json.loads(out_json.read_text())
    assert len(table) == 4 and list(table[0]) == list(rows[0])
    for flat, row in zip(table, rows, strict=False):
        assert flat["dataset"] == row["dataset"] and flat["classifier"] == row["classifier"]
        assert flat["skipped"] == (row["skipped"] or "")
        if row["weka_kappa"] is not None:
            assert float(flat["weka_kappa"]) == row["weka_kappa"]
            assert json.loads(flat["weka_confusion_matrix"]) == row["weka_confusion_matrix"]


@pytest.mark.jvm
def test_the_table_fits_long_classifier_names(weka_jvm, capsys):
    assert (
        main(
            [
                "parity",
                str(ARFF_SAMPLES / "picnic.arff"),
                str(ARFF_SAMPLES / "text-train.arff"),
                "--classifier",
                NESTED,
                "--classifier",
                "ZeroR",
            ]
        )
        == 0
    )
    lines = capsys.readouterr().out.splitlines()[:5]
    end = lines[0].index("instances") + len("instances")
    assert all(line[end - 1].isdigit() and line[end] == " " for line in lines[1:]), lines
    starts = {line.index("WEKA kappa") if i == 0 else end + 2 for i, line in enumerate(lines)}
    assert len(starts) == 1


@pytest.mark.jvm
def test_errors_in_the_command_line_stop_the_run_before_any_output(weka_jvm, capsys):
    picnic = str(ARFF_SAMPLES / "picnic.arff")
    for argv in (
        ["--classifier", "NoSuchClassifier"],
        ["--classifier", "J48 -C abc"],
        ["--preserve-order"],
        ["--no-cv", "--test", picnic],
        ["--split-percentage", "50", "--test", picnic],
    ):
        assert main(["parity", picnic, *argv]) == 2, argv
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1, (argv, out, err)
    with pytest.raises(bridge.WekaError, match="Split percentage is missing"):
        parity.EvaluationMode(preserve_order=True)


@pytest.mark.jvm
def test_parallel_workers_give_the_serial_rows_in_order(corpus_rows):
    """Two worker processes, a JVM each: the rows of the serial corpus run, identical and in the same order
    (a nominal, a weighted, a numeric-class and a refused dataset; the workers read class kinds themselves)."""
    chosen = [ARFF_SAMPLES / name for name in ("weighted.arff", "numeric-class.arff", "text-test.arff", "iris.arff")]
    serial = [row for path in chosen for row in corpus_rows if row.dataset == str(path)]
    rows = parity.run_parity(chosen, workers=2)
    assert [repr(row) for row in rows] == [repr(row) for row in serial]
    assert any(row.skipped for row in rows) and any(row.weka_correlation is not None for row in rows)


@pytest.mark.jvm
def test_parallel_workers_report_user_errors(weka_jvm, capsys):
    picnic = ARFF_SAMPLES / "picnic.arff"
    with pytest.raises(bridge.ClassifierError, match="NoSuchClassifier"):
        parity.run_parity([picnic], [parity.ClassifierSpec("NoSuchClassifier")], workers=2)
    with pytest.raises(WekaevalError, match="workers must be"):
        parity.run_parity([picnic], workers=0)
    assert main(["parity", str(picnic), "--workers", "0"]) == 2
    assert "--workers must be at least 1" in capsys.readouterr().err


def _on_a_terminal(command: list[str]) -> tuple[subprocess.CompletedProcess, bytes]:
    """``command`` run with stderr on a pseudo-terminal (which reports no size: 0 columns); what it drew there."""
    import os
    import pty

    primary, secondary = pty.openpty()
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=secondary, text=True, timeout=300)
        os.close(secondary)
        drawn = b""
        while True:
            try:
                chunk = os.read(primary, 4096)
            except OSError:
                break
            if not chunk:
                break
            drawn += chunk
    finally:
        os.close(primary)
    return done, drawn


@pytest.mark.jvm
def test_progress_bar_on_a_terminal_plain_rows_when_piped(weka_jvm):
    """Serially and with two workers (which once counted each row twice: 308 of 185), the bar's count rises to
    the total and never past it nor back; piped, the plain rows."""
    import re
    import sys

    script = Path(sys.executable).with_name("wekaeval")
    command = [
        str(script),
        "parity",
        str(ARFF_SAMPLES / "picnic.arff"),
        str(ARFF_SAMPLES / "eyewear.arff"),
        "--classifier",
        "ZeroR",
        "--classifier",
        "OneR",
    ]
    piped = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert piped.returncode == 0 and piped.stderr == "" and "\r" not in piped.stdout
    for workers in ([], ["--workers", "2"]):
        on_terminal, bar = _on_a_terminal([*command, *workers])
        assert on_terminal.stdout == piped.stdout  # the rows, unchanged by the bar
        counts = [(int(done), int(total)) for done, total in re.findall(rb"parity (\d+)/(\d+) \[", bar)]
        assert counts and counts[-1] == (4, 4) and all(done <= total for done, total in counts), bar
        assert [done for done, _ in counts] == sorted(done for done, _ in counts), bar
        assert b"OneR" in bar


@pytest.mark.jvm
def test_a_platform_not_the_hosts_gives_its_own_kind_of_row(weka_jvm, monkeypatch, capsys):
    """Reproducing ARM's fdlibm on this x86_64 JVM: the rows that differ differ only in the statistics computed with
    Math.log/exp/pow, and say so; never 'identical' for those, never 'differ' without the reason."""
    if java_platform("aarch64").is_the_hosts:
        pytest.skip("this host's JVM computes fdlibm: no other platform to name here")
    monkeypatch.setenv("WEKAEVAL_CPU", "aarch64")
    status = main(["parity", str(ARFF_SAMPLES / "picnic.arff"), "--classifier", "NaiveBayes"])
    out = capsys.readouterr().out
    assert status == 1
    assert out.splitlines()[1].endswith("NO, in Java's Math.log/exp/pow only: not this host's platform")
    assert "1 of them only where Java's Math.log/exp/pow are computed, the port reproducing fdlibm" in out
    rows = parity.run_parity([ARFF_SAMPLES / "picnic.arff"], [parity.parse_classifier_spec("NaiveBayes")])
    assert [row.kind for row in rows] == ["java-arithmetic"]
    assert all(
        d.split(":")[0] in parity.JAVA_ARITHMETIC_STATISTICS or "K&B" in d or "omplexity" in d
        for d in rows[0].differences
    )
    monkeypatch.delenv("WEKAEVAL_CPU")
    assert [
        row.kind
        for row in parity.run_parity([ARFF_SAMPLES / "picnic.arff"], [parity.parse_classifier_spec("NaiveBayes")])
    ] == ["identical"]
