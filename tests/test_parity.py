"""The main job: WEKA and the port agree on the whole corpus, bit for bit."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from wekaeval import parity
from wekaeval.cli import main

ARFF_SAMPLES = Path(__file__).resolve().parent.parent / "arff_samples"
CORPUS = sorted(ARFF_SAMPLES.glob("*.arff"))


@pytest.fixture(scope="session")
def corpus_rows(weka_jvm):
    """The parity run over every sample x the default classifiers, once per session."""
    return parity.run_parity(CORPUS)


@pytest.mark.jvm
def test_the_whole_corpus_is_identical_or_skipped_with_a_reason(corpus_rows):
    assert len(corpus_rows) == len(CORPUS) * len(parity.DEFAULT_CLASSIFIERS)
    assert {row.dataset for row in corpus_rows} == {path.name for path in CORPUS}
    for row in corpus_rows:
        if row.skipped:
            assert row.identical is None and row.weka_kappa is None, row
        else:
            assert row.identical is True, row
            assert row.weka_kappa.hex() == row.python_kappa.hex(), row


@pytest.mark.jvm
def test_skips_are_only_what_weka_cannot_do(corpus_rows):
    reasons = {row.skipped for row in corpus_rows if row.skipped}
    allowed = ("numeric class", "Cannot handle", "WeightedInstancesHandler", "Weights have to be positive",
               "Only missing values in the training data")
    assert all(any(fragment in reason for fragment in allowed) for reason in reasons), reasons
    compared = [row for row in corpus_rows if row.identical]
    assert len(compared) >= 211
    assert {row.classifier for row in compared} == {name.rsplit(".", 1)[1] for name in parity.DEFAULT_CLASSIFIERS}


@pytest.mark.jvm
def test_cli_prints_the_table_and_writes_json(weka_jvm, capsys, tmp_path):
    out_json = tmp_path / "rows.json"
    status = main(
        ["parity", str(ARFF_SAMPLES / "picnic.arff"), str(ARFF_SAMPLES / "numeric-class.arff"),
         "--classifier", "J48 -C 0.1", "--classifier", "weka.classifiers.bayes.NaiveBayes", "--json", str(out_json)]
    )
    out, err = capsys.readouterr()
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["dataset", "classifier", "instances"]
    assert lines[1].startswith("picnic.arff") and "J48 -C 0.1" in lines[1] and lines[1].endswith("yes")
    assert "skipped: numeric class" in lines[3]
    assert lines[-1].startswith("2 identical, 2 skipped, 0 differ")
    rows = json.loads(out_json.read_text())
    assert [set(row) for row in rows] == [
        {"dataset", "classifier", "instances", "weka_kappa", "python_kappa", "identical", "skipped"}
    ] * 4
    assert rows[0]["weka_kappa"] == rows[0]["python_kappa"] and rows[0]["identical"] is True
    assert rows[2]["skipped"].startswith("numeric class") and rows[2]["weka_kappa"] is None


@pytest.mark.jvm
def test_cli_exits_1_on_a_difference(weka_jvm, capsys, monkeypatch):
    real_check = parity.check

    def slightly_off(result):
        matrix = real_check(result)
        return matrix + parity.ConfusionMatrix.from_predictions(
            [0], predicted=[0], weights=[1e-9], class_names=matrix.class_names
        )

    monkeypatch.setattr(parity, "check", slightly_off)
    status = main(["parity", str(ARFF_SAMPLES / "iris.arff"), "--classifier", "ZeroR"])
    out, _ = capsys.readouterr()
    assert status == 1 and out.splitlines()[1].endswith("NO")


def test_parity_usage_errors(capsys):
    assert main(["parity", "nowhere.arff"]) == 2
    assert "no such ARFF file or directory: nowhere.arff" in capsys.readouterr().err
    assert main(["parity", str(ARFF_SAMPLES), "--folds", "1"]) == 2
    assert "--folds must be at least 2" in capsys.readouterr().err


@pytest.mark.jvm
def test_assert_weka_parity_for_users_own_tests(weka_jvm):
    from wekaeval.testing import assert_weka_parity

    result = assert_weka_parity(ARFF_SAMPLES / "missing-class.arff", "weka.classifiers.trees.J48", "-C 0.25")
    assert result.missing_class == 37.5
    assert_weka_parity(ARFF_SAMPLES / "iris.arff", "weka.classifiers.rules.ZeroR", kappa=0.0)
    with pytest.raises(AssertionError, match=r"your kappa 0\.1 \(0x1\.999999999999ap-4\) is not WEKA's 0\.0"):
        assert_weka_parity(ARFF_SAMPLES / "iris.arff", "weka.classifiers.rules.ZeroR", kappa=0.1)
    with pytest.raises(AssertionError, match="numeric class"):
        assert_weka_parity(ARFF_SAMPLES / "numeric-class.arff", "weka.classifiers.rules.ZeroR")


@pytest.mark.jvm
def test_differences_name_each_number(weka_jvm):
    from wekaeval import bridge

    result = bridge.evaluate(ARFF_SAMPLES / "iris.arff", "weka.classifiers.rules.ZeroR")
    port = parity.check(result) + parity.ConfusionMatrix.from_predictions(
        [np.nan, 0, 1], predicted=[0, np.nan, 1], weights=[1.0, 2.0, 1.0], class_names=result.class_names
    )
    found = parity.differences(result, port)
    assert [line.split(":", 1)[0] for line in found] == ["kappa", "confusion matrix", "unclassified", "missing class"]
    assert parity.differences(result, parity.check(result)) == []
