"""The wekaeval command line: WEKA's kappa, one-line errors with exit status 2."""

from __future__ import annotations

import csv
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from wekaeval import load_arff
from wekaeval.cli import main

ARFF_SAMPLES = Path(__file__).resolve().parent.parent / "arff_samples"


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_matrix_kappa(capsys):
    assert run(capsys, "kappa", "--matrix", "10,7;5,8") == (0, "0.19999999999999996\n", "")


def test_installed_entry_point_runs():
    script = Path(sys.executable).with_name("wekaeval")
    done = subprocess.run([script, "kappa", "--matrix", " 1, 0 ; 0, 1 "], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "1.0\n", "")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["kappa", "--matrix", "1,2;3"], "--matrix: row 2 has 1 values, row 1 has 2"),
        (["kappa", "--matrix", "1,x"], "--matrix: row 1 ('1,x') is not a comma-separated list of numbers"),
        (["kappa", "--matrix", "1,2"], "--matrix: matrix is not square: 1 rows x 2 columns"),
        (["kappa", "--matrix", "nan"], "--matrix: matrix holds a non-finite value"),
        (["kappa"], "kappa: give --matrix, or DATA.arff with --predictions FILE"),
        (["kapa"], "invalid choice: 'kapa'"),
        (["kappa", "nope.arff", "--predictions", "p.csv"], "nope.arff: cannot read"),
        (["kappa", "--matrix", "1", "-c", "0"], "attribute indices start at 1"),
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


@pytest.mark.parametrize(
    ("header", "rows", "message"),
    [
        (["predicted"], [["yes"]] * 13, "13 prediction rows for 14 instances"),
        (["predicted"], [["yes"]] * 13 + [["maybe"]], "labels.csv:15: predicted label 'maybe' is not one of"),
        (["guess"], [["yes"]] * 14, "labels.csv:1: unknown column 'guess'"),
        (["yes"], [["1"]] * 14, "no distribution column for class 'no'"),
        (["yes", "no"], [["1", "x"]] * 14, "labels.csv:2: probability of 'no' is not a number"),
        (["yes", "no"], [["1", "inf"]] * 14, "labels.csv:2: probability of 'no' is infinite"),
        (["predicted", "actual"], [["yes", "yes"]] * 14, "labels.csv:2: actual class 'yes' differs from the dataset's 'no'"),
        (["predicted"], [["yes", "no"]] * 14, "labels.csv:2: 2 fields, the header has 1"),
        (["yes", "no"], [["0.5", "0.5"]] * 13 + [["2.5", "0"]], "labels.csv:15: distributions[13]"),
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
        (["parity", "--class", "first"], "unrecognized arguments: --class"),
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
    assert (done.returncode, done.stderr) == (141, "")


def test_head_reads_one_line_and_the_rest_is_dropped_quietly(tmp_path):
    big = big_results_file(tmp_path / "big.csv")
    done = subprocess.run(
        f'"{SCRIPT}" summarise "{big}" | head -1; echo "status ${{PIPESTATUS[0]}}"',
        shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=120,
    )
    assert done.stderr == ""
    assert done.stdout.splitlines()[0].split() == ["dataset", "scheme", "n", "mean", "std", "dev"]
    assert done.stdout.splitlines()[1] == "status 141"


def test_version_names_wekaeval_weka_and_java(capsys):
    import wekaeval

    status, out, err = run(capsys, "--version")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 3 and lines[0] == f"wekaeval {wekaeval.__version__}"
    assert re.fullmatch(r"WEKA \d+\.\d+\.\d+ \(.*weka\.jar\)", lines[1]), lines[1]
    assert re.fullmatch(r"Java \S+ \(.*java\)|Java: not available \(.*\)", lines[2]), lines[2]
    done = subprocess.run([SCRIPT, "--version"], capture_output=True, text=True)
    assert (done.returncode, done.stdout.splitlines()[0], done.stderr) == (0, lines[0], "")


def test_version_says_what_is_missing_and_still_exits_0(capsys, monkeypatch):
    from wekaeval import bridge

    def no_weka():
        raise bridge.WekaUnavailable("python-weka-wrapper3 is not installed: install the weka extra")

    monkeypatch.setattr(bridge, "weka_jar", no_weka)
    monkeypatch.delenv("JAVA_HOME", raising=False)
    monkeypatch.setenv("PATH", "")
    status, out, err = run(capsys, "--version")
    assert (status, err) == (0, "")
    assert out.splitlines()[1:] == [
        "WEKA: not available (python-weka-wrapper3 is not installed: install the weka extra)",
        "Java: not available (no java on PATH or in JAVA_HOME: install a JDK >= 11)",
    ]


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
