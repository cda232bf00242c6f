"""to_frame() on every result type: the same numbers, as pandas DataFrames; pandas imported only when asked."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import wekaeval
from tests.paths import ROOT
from wekaeval import ConfusionMatrix, Evaluation, kappa_stats, read_experiment_results, read_weka_output, summarise

pandas = pytest.importorskip("pandas")
EXPERIMENT = ROOT / "docs" / "examples" / "experiment.arff"


def test_importing_wekaeval_imports_no_pandas():
    code = "import sys, wekaeval; print('pandas' in sys.modules, 'sklearn' in sys.modules, 'dask' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False", "False"]


def test_report_frame_has_a_row_per_section():
    report = read_weka_output(ROOT / "docs" / "examples" / "j48-iris.log")
    frame = report.to_frame()
    assert list(frame["section"]) == [s.title for s in report.sections]
    assert frame.loc[1, "kappa"] == report.sections[1].summary.kappa == 0.94
    assert frame.loc[1, "percent_correct"] == 96.0
    packaged = read_weka_output(ROOT / "docs" / "examples" / "j48-iris-kappa-package.log").to_frame()
    assert packaged.loc[1, "plugin_metrics"]["Kappa 95% CI lower"] == 0.893


def test_experiment_frames():
    results = read_experiment_results(EXPERIMENT)
    rows = results.to_frame()
    assert list(rows.columns) == list(results.columns) and len(rows) == len(results.rows) == 135
    # issue 35 (14): the run and fold counters are integers (10 sorts after 2), the rows keep WEKA's strings
    assert rows["Key_Run"].dtype == "int64" and rows["Key_Fold"].dtype == "int64"
    assert sorted(set(rows["Key_Fold"])) == [1, 2, 3, 4, 5] and results.rows[0][1] == "1"
    assert not pandas.api.types.is_integer_dtype(rows["Key_Scheme_version_ID"])  # a name, not a count
    summaries = summarise(results, "Percent_correct")
    frame = summaries.to_frame()
    assert list(frame["mean"]) == [s.mean for s in summaries]
    assert list(frame["dataset"])[:3] == ["iris", "picnic", "eyewear"]


def test_experiment_frame_counters_sort_as_numbers_and_keep_what_is_not_one(tmp_path):
    header = "Key_Dataset,Key_Run,Key_Fold,Key_Scheme,Key_Scheme_options,Key_Scheme_version_ID,Percent_correct\n"
    path = tmp_path / "results.csv"
    path.write_text(header + "".join(f"iris,{run},1,ZeroR,'',4805,33.3\n" for run in (1, 10, 2)))
    frame = read_experiment_results(path).to_frame()
    assert list(frame.sort_values("Key_Run")["Key_Run"]) == [1, 2, 10]
    path.write_text(header + "iris,1,first,ZeroR,'',4805,33.3\n")
    frame = read_experiment_results(path).to_frame()
    assert frame["Key_Run"].dtype == "int64" and frame.loc[0, "Key_Fold"] == "first"  # not every value a number
    arff = tmp_path / "results.arff"
    arff.write_text(
        "@relation r\n@attribute Key_Dataset {iris}\n@attribute Key_Run {1,2}\n@attribute Key_Fold {1,2}\n"
        "@attribute Percent_correct numeric\n@data\niris,1,?,33.3\niris,2,1,?\n"
    )
    frame = read_experiment_results(arff).to_frame()
    assert str(frame["Key_Fold"].dtype) == "Int64" and frame["Key_Fold"].isna().sum() == 1  # a missing fold


def test_ttest_frame():
    analysis = wekaeval.ttest(EXPERIMENT, "Kappa_statistic", base=1)
    frame = analysis.to_frame()
    assert len(frame) == len(analysis.datasets) * len(analysis.schemes)
    for (dataset, scheme), row in frame.iterrows():
        assert row["mean"] == analysis.mean(dataset, scheme) and row["significance"] == analysis.significance(
            dataset, scheme
        )
    assert frame["base"].sum() == len(analysis.datasets)


def test_evaluation_and_kappa_frames():
    evaluation = Evaluation(["yes", "no", "maybe"])
    rng = np.random.default_rng(3)
    evaluation.evaluate_batch(rng.dirichlet([1, 1, 1], 60), rng.integers(0, 3, 60), rng.uniform(0.5, 2, 60))
    frame = evaluation.to_frame()
    assert list(frame.index) == ["yes", "no", "maybe", "Weighted Avg."]
    assert frame.loc["no", "f_measure"] == evaluation.f_measure(1)
    assert frame.loc["Weighted Avg.", "area_under_roc"] == evaluation.weighted_area_under_roc
    stats = evaluation.kappa_stats()
    per_class = stats.to_frame()
    assert per_class.loc["maybe", "kappa"] == stats.per_class["maybe"]
    assert per_class.loc["micro average", "kappa"] == stats.per_class.micro
    assert kappa_stats([[1, 2], [3, 4]]).to_frame().shape == (5, 2)
    with pytest.raises(wekaeval.EvaluationError):
        Evaluation(None).to_frame()


def test_confusion_matrix_frame():
    matrix = ConfusionMatrix.from_predictions(
        ["a", "b", "b"], predicted=["a", "a", "b"], weights=[1.0, 0.5, 2.0], class_names=["a", "b"]
    )
    frame = matrix.to_frame()
    assert frame.loc["b", "a"] == 0.5 and frame.index.name == "actual" and frame.columns.name == "predicted"


@pytest.mark.jvm
def test_parity_frame(weka_jvm):
    from wekaeval import parity

    zero_r = [parity.ClassifierSpec("weka.classifiers.rules.ZeroR")]
    rows = parity.run_parity([ROOT / "arff_samples" / "picnic.arff"], zero_r)
    frame = rows.to_frame()
    assert list(frame.columns) == [*parity.ParityRow.__dataclass_fields__, "kind"]  # the columns of --csv
    assert frame.loc[0, "identical"] == rows[0].identical and frame.loc[0, "weka_kappa"] == rows[0].weka_kappa
