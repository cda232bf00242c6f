"""What a parity run records and shows: class names, what was compared and how much of it was identical, paths
relative to where the run started; a failing assert_weka_parity as pytest shows it; shell completion; and
``wekaeval evaluate`` recomputing WEKA's blocks from saved predictions."""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys

import pytest

from tests.oracles.command_lines import NO_PACKAGES, print_texts
from tests.paths import ROOT
from wekaeval import bridge, parity
from wekaeval.cli import main

ARFF_SAMPLES = ROOT / "arff_samples"


@pytest.mark.jvm
def test_records_carry_class_names_and_what_was_compared(weka_jvm, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    out = {kind: tmp_path / f"rows.{kind}" for kind in ("json", "csv", "html")}
    argv = ["parity", str(ARFF_SAMPLES / "picnic.arff"), str(ARFF_SAMPLES / "numeric-class.arff")]
    argv += ["--classifier", "NaiveBayes", "--classifier", "LinearRegression"]
    for kind, path in out.items():
        argv += [f"--{kind}", str(path)]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert printed.splitlines()[1].startswith("arff_samples/picnic.arff ")  # relative to where the run started
    rows = json.loads(out["json"].read_text())
    nominal, refused, _, numeric = rows
    assert nominal["dataset"] == "arff_samples/picnic.arff" and nominal["class_names"] == ["yes", "no"]
    assert nominal["kind"] == "identical" and nominal["identical_count"] == len(nominal["compared"]) >= 60
    assert {"kappa", "area_under_roc", "class_priors", "confusion matrix", "summary() text", "matrix() text"} <= set(
        nominal["compared"]
    )
    assert refused["kind"] == "skipped" and refused["class_names"] == ["yes", "no"]
    assert numeric["class_names"] is None and "correlation_coefficient" in numeric["compared"]
    assert "matrix() text" not in numeric["compared"] and numeric["identical_count"] == len(numeric["compared"])
    with out["csv"].open(newline="") as handle:
        table = list(csv.DictReader(handle))
    assert list(table[0]) == list(parity.RECORD_FIELDS) and json.loads(table[0]["class_names"]) == ["yes", "no"]
    assert json.loads(table[0]["compared"]) == nominal["compared"] and table[0]["kind"] == "identical"
    page = out["html"].read_text()
    assert "a = yes" in page and "b = no" in page and "a = a" not in page  # matrices labelled with the classes
    count = len(nominal["compared"])
    assert f"{count} of {count}</span>" in page and "play {yes, no}" in page


@pytest.mark.jvm
def test_a_timed_out_job_in_the_library(weka_jvm):
    slow = parity.parse_classifier_spec("weka.classifiers.functions.MultilayerPerceptron -N 2000000")
    # 5 s: the limit also holds ZeroR's job in the new worker's fresh JVM (classes loaded, code interpreted),
    # which took over 2 s on a machine loaded by the suite's parallel workers
    rows = parity.run_parity([ARFF_SAMPLES / "picnic.arff"], [slow, parity.parse_classifier_spec("ZeroR")], timeout=5)
    assert [row.kind for row in rows] == ["timeout", "identical"]
    assert rows[0].timeout == 5.0 and rows[0].instances == 14 and rows[0].class_names == ("yes", "no")
    with pytest.raises(bridge.WekaError, match="timeout must be"):
        parity.run_parity([ARFF_SAMPLES / "picnic.arff"], timeout=0)


FAILING_TEST = """
from wekaeval.testing import assert_weka_parity


def test_mine(weka_jvm):
    assert_weka_parity("{data}", "weka.classifiers.rules.ZeroR", kappa=0.1)
"""


@pytest.mark.jvm
def test_a_failing_parity_assertion_shows_the_reason_not_the_librarys_source(weka_jvm, tmp_path):
    (tmp_path / "test_mine.py").write_text(FAILING_TEST.format(data=ARFF_SAMPLES / "iris.arff"))
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_mine.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert done.returncode == 1, done.stdout
    failure = done.stdout[done.stdout.index("test_mine") : done.stdout.index("short test summary")]
    assert "differs from WEKA (1 difference)" in failure
    assert "your kappa 0.1 (0x1.999999999999ap-4) is not WEKA's 0.0" in failure
    assert "def assert_weka_parity" not in failure and "problems" not in failure and "bridge.evaluate(" not in failure
    assert len(failure.splitlines()) < 25, failure


def test_shell_completion_covers_every_command_and_option(capsys):
    from wekaeval.cli._main import build_parser

    assert main(["completion", "bash"]) == 0
    script = capsys.readouterr().out
    parser = build_parser()
    commands = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction").choices
    for name, sub in commands.items():
        assert name in script
        for action in sub._actions:
            for option in action.option_strings:  # an old spelling kept working is not offered
                assert (option in script) is (action.help != argparse.SUPPRESS or option == "-s"), (name, option)
    assert "_shtab_wekaeval_parity_pos_0_COMPGEN=_shtab_compgen_files" in script  # ARFF files complete as files
    for shell in ("zsh", "tcsh"):
        assert main(["completion", shell]) == 0 and "wekaeval" in capsys.readouterr().out
    assert main(["completion", "fish"]) == 2


@pytest.mark.jvm
def test_evaluate_prints_wekas_blocks_from_saved_predictions(weka_jvm, tmp_path, capsys):
    iris = str(ARFF_SAMPLES / "iris.arff")
    output = "weka.classifiers.evaluation.output.prediction.PlainText -distribution"
    j48 = ["weka.classifiers.trees.J48", "-t", iris, "-T", iris]  # both in one child JVM
    log, printed = print_texts([[*j48, "-classifications", output], [*j48, "-o"]], [NO_PACKAGES])
    saved = tmp_path / "j48.log"
    saved.write_text(log)
    assert main(["evaluate", str(saved), "--data", iris]) == 0
    out = capsys.readouterr().out
    weka = printed[printed.index("=== Error on test data ===") :]
    for line in ("Correctly Classified Instances", "Kappa statistic", "Total Number of Instances"):
        ours = next(x for x in out.splitlines() if x.startswith(line))
        assert ours in weka.splitlines(), (line, ours)
    ours_matrix = out[out.index("=== Confusion Matrix ===") :].strip()
    assert ours_matrix in weka
    details = out[out.index("=== Detailed Accuracy By Class ===") : out.index("=== Confusion Matrix ===")]
    for row in details.splitlines()[3:6]:  # TP rate ... F-measure and MCC come from the matrix: WEKA's digits
        assert row.split()[:6] == next(x.split()[:6] for x in weka.splitlines() if x.endswith(row.split()[-1]))
    csv_file = tmp_path / "mine.csv"
    labels = ["Iris-setosa"] * 50 + ["Iris-versicolor"] * 50 + ["Iris-virginica"] * 50
    csv_file.write_text("predicted\n" + "\n".join(labels) + "\n")
    assert main(["evaluate", str(csv_file), "--data", iris]) == 0
    assert "Correctly Classified Instances         150              100      %" in capsys.readouterr().out
    csv_file.write_text("predicted\nIris-setosa\n")
    assert main(["evaluate", str(csv_file), "--data", iris]) == 2
    assert "1 prediction rows for 150 instances" in capsys.readouterr().err
