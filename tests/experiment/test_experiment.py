"""Experimenter result files, written by WEKA's own ``weka.experiment.Experiment`` run from the command line."""

from __future__ import annotations

import io
import json
import math

import pytest

from tests.oracles.weka_runs import J48, experiments
from wekaeval import WekaOutputError, read_experiment_results, summarise
from wekaeval.cli import main
from wekaeval.javamath import weka_stats

ZERO_R = "weka.classifiers.rules.ZeroR"
NAIVE_BAYES = "weka.classifiers.bayes.NaiveBayes"


@pytest.fixture(scope="session")
def result_files(weka_jvm, tmp_path_factory):
    """J48 results as ARFF and as CSV, ZeroR's and NaiveBayes's as CSV: 3 datasets x 2 runs x 5 folds each."""
    directory = tmp_path_factory.mktemp("experiment")
    files = {
        "j48.arff": ("weka.experiment.InstancesResultListener", f"{J48} -- -C 0.1"),
        "j48.csv": ("weka.experiment.CSVResultListener", f"{J48} -- -C 0.1"),
        "zeror.csv": ("weka.experiment.CSVResultListener", ZERO_R),
        "naivebayes.csv": ("weka.experiment.CSVResultListener", NAIVE_BAYES),
    }
    experiments(directory, [(listener, directory / name, scheme) for name, (listener, scheme) in files.items()])
    return {name: directory / name for name in files}


def same(a: float, b: float) -> bool:
    return a == b or (math.isnan(a) and math.isnan(b))


@pytest.mark.jvm
def test_arff_and_csv_results_read_into_rows(result_files):
    arff = read_experiment_results(result_files["j48.arff"])
    csv = read_experiment_results(result_files["j48.csv"])
    for results in (arff, csv):
        assert len(results) == 3 * 2 * 5
        assert results.columns[:3] == ("Key_Dataset", "Key_Run", "Key_Fold")
        assert {"Percent_correct", "Kappa_statistic", "Key_Scheme_options"} <= set(results.columns)
        assert set(results.column("Key_Dataset")) == {"iris", "eyewear", "picnic"}
        assert set(results.column("Key_Scheme_options")) == {"-C 0.1 -M 2"}
        assert all(isinstance(v, float) for v in results.column("Kappa_statistic"))
    # ARFF holds WEKA's six-decimal rendering of the doubles the CSV holds in full
    for a, c in zip(arff.column("Percent_correct"), csv.column("Percent_correct"), strict=False):
        assert a == float(f"{c:.6f}") or abs(a - c) <= 5e-7
    assert arff.records()[0]["Key_Run"] == "1"


@pytest.mark.jvm
@pytest.mark.parametrize("name", ["j48.arff", "j48.csv", "zeror.csv"])
@pytest.mark.parametrize("measure", ["Kappa_statistic", "Percent_correct", "Area_under_ROC"])
def test_summaries_are_wekas_stats_bit_for_bit(result_files, name, measure):
    """mean and std_dev equal weka.experiment.Stats fed the same values in the same order (the analysis's own)."""
    from wekaeval import bridge

    Stats = bridge.java_class("weka.experiment.Stats")
    results = read_experiment_results(result_files[name])
    summaries = summarise(results, measure)
    assert [s.dataset for s in summaries] == ["iris", "eyewear", "picnic"]
    for summary in summaries:
        values = [row[measure] for row in results.records() if row["Key_Dataset"] == summary.dataset]
        present = [v for v in values if v is not None]
        stats = Stats()
        for value in present:
            stats.add(value)
        stats.calculateDerived()
        assert summary.count == len(present) and summary.missing == len(values) - len(present)
        assert same(summary.mean, float(stats.mean)), (summary, float(stats.mean))
        assert same(summary.std_dev, float(stats.stdDev)), (summary, float(stats.stdDev))


@pytest.mark.jvm
def test_results_of_two_schemes_group_by_scheme(result_files, tmp_path):
    combined = tmp_path / "both.csv"
    # Schemes without additional measures write the same columns, so their files concatenate.
    zero_r, naive_bayes = (result_files[n].read_text().splitlines() for n in ("zeror.csv", "naivebayes.csv"))
    assert zero_r[0] == naive_bayes[0]
    combined.write_text("\n".join(zero_r + naive_bayes[1:]) + "\n")
    summaries = summarise(read_experiment_results(combined), "Percent_correct")
    assert [(s.dataset, s.scheme) for s in summaries] == [
        (dataset, scheme) for scheme in (ZERO_R, NAIVE_BAYES) for dataset in ("iris", "eyewear", "picnic")
    ]
    assert all(s.count == 10 for s in summaries)
    assert main(["summarise", str(combined), "--measure", "Percent_correct", "--json"]) == 0


def test_weka_stats_matches_welford_and_weka_rules():
    assert all(math.isnan(v) for v in weka_stats([]))
    mean, std = weka_stats([1.0, float("nan"), 3.0])
    assert math.isnan(mean) and math.isnan(std)
    assert weka_stats([2.0, 2.0, 2.0]) == (2.0, 0.0)


def test_malformed_results_name_the_line():
    with pytest.raises(WekaOutputError, match=r"<stream>:3: 2 values for 3 columns"):
        read_experiment_results(io.StringIO("Key_Dataset,Key_Run,Kappa_statistic\niris,1,0.5\niris,2\n"))
    with pytest.raises(WekaOutputError, match="no column 'Key_Dataset'"):
        read_experiment_results(io.StringIO("a,b\n1,2\n"))
    results = read_experiment_results(io.StringIO("Key_Dataset,Kappa_statistic,Note\niris,0.5,'it\\'s'\n"))
    assert results.column("Note") == ["it's"]
    with pytest.raises(WekaOutputError, match="no column 'Kappa'"):
        summarise(results, "Kappa")
    text = read_experiment_results(io.StringIO("Key_Dataset,Summary\niris,'leaves: 3\\nsize: 5'\n"))
    assert text.column("Summary") == ["leaves: 3\nsize: 5"]
    with pytest.raises(WekaOutputError, match="holds text"):
        summarise(text, "Summary")


def test_bytes_that_are_not_utf8_name_the_line(tmp_path, capsys):
    path = tmp_path / "latin1.csv"
    path.write_bytes("Key_Dataset,Kappa_statistic\niris,0.5\ncaf\u00e9,0.4\n".encode("latin-1"))
    with pytest.raises(WekaOutputError, match=r"latin1.csv:3: not UTF-8 text \(byte 0xe9\)"):
        read_experiment_results(path)
    assert main(["summarise", str(path), "--encoding", "utf-8"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["summarise", str(path)]) == 0  # --encoding auto, the default, reads it as cp1252 and says so
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("wekaeval: warning: ") and "cp1252" in err


def test_cli_summarise_prints_a_table(tmp_path, capsys):
    path = tmp_path / "r.csv"
    path.write_text(
        "Key_Dataset,Key_Scheme,Key_Scheme_options,Key_Scheme_version_ID,Kappa_statistic\n"
        "iris,weka.classifiers.rules.ZeroR,'',1,0.0\niris,weka.classifiers.rules.ZeroR,'',1,?\n"
    )
    assert main(["summarise", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split()[:4] == ["iris", "weka.classifiers.rules.ZeroR", "1", "0.0"]
    assert main(["summarise", str(path), "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["std_dev"] == "NaN" and row["missing"] == 1
    assert main(["summarise", str(path), "--measure", "Nope"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
