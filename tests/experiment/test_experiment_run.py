"""wekaeval.experiment.run, WEKA's Experimenter in Python, against WEKA's own Experimenter.

The experiment of the issue: 2 WEKA schemes and 2 scikit-learn models, 3 datasets, 2 runs, 10 folds.  Its
WEKA rows must be the rows WEKA's ``Experiment`` writes for the same setup (the timing columns aside), WEKA's
``PairedCorrectedTTester`` must read the file to the matrix ``wekaeval.ttest`` prints, and the file must come
out the same (row for row, timing aside) computed serially, by 2 worker processes, or interrupted and resumed
(and on a Dask ``LocalCluster``: tests/package/test_dask.py, on that file's cluster).
"""

from __future__ import annotations

import math
import subprocess
from pathlib import Path

import numpy as np
import pytest

from tests.oracles.command_lines import ADD_OPENS, suite_jvm_options
from tests.oracles.experiment_oracle import weka_tester
from tests.paths import ROOT
from wekaeval import bridge, read_experiment_results, ttest
from wekaeval.cli import main
from wekaeval.experiment import TIMING_COLUMNS, ExperimentError, run
from wekaeval.experiment._columns import port_results
from wekaeval.experiment._resultfile import arff_text, csv_text

sklearn = pytest.importorskip("sklearn")
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

ARFF_SAMPLES = ROOT / "arff_samples"
DATASETS = [ARFF_SAMPLES / name for name in ("iris.arff", "picnic.arff", "eyewear.arff")]
WEKA_SCHEMES = ["weka.classifiers.trees.J48 -C 0.25 -M 2", "weka.classifiers.bayes.NaiveBayes"]


def schemes():
    return [*WEKA_SCHEMES, DecisionTreeClassifier(random_state=0), GaussianNB()]


def weka_experiment(result: Path, datasets, scheme_lines, *, runs=2, folds=10, percentage=None, regression=False):
    """WEKA's own Experimenter, set up with python-weka-wrapper3 and run by WEKA's command line."""
    from weka.core.classes import from_commandline
    from weka.experiments import SimpleCrossValidationExperiment, SimpleExperiment, SimpleRandomSplitExperiment

    bridge.start_jvm()
    classifiers = [from_commandline(line, classname="weka.classifiers.Classifier") for line in scheme_lines]
    settings = dict(
        datasets=[str(d) for d in datasets], classifiers=classifiers, classification=not regression, runs=runs
    )
    if percentage is None:
        experiment = SimpleCrossValidationExperiment(folds=folds, result=str(result), **settings)
    else:
        experiment = SimpleRandomSplitExperiment(percentage=percentage, result=str(result), **settings)
    experiment.setup()
    saved = result.with_suffix(".exp")
    SimpleExperiment.save(str(saved), experiment)
    java = ["java", *suite_jvm_options(), ADD_OPENS, "-cp", bridge.weka_classpath()]
    command = [*java, "weka.experiment.Experiment", "-l", str(saved), "-r"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=result.parent)
    assert done.returncode == 0 and result.exists(), done.stdout[-800:] + done.stderr[-800:]
    return read_experiment_results(result)


def without_timing(results):
    """The rows with their timing columns (and Date_time) blanked."""
    timing = [results.columns.index(name) for name in TIMING_COLUMNS if name in results.columns]
    return [tuple(None if i in timing else v for i, v in enumerate(row)) for row in results.rows]


def same_values(a, b) -> bool:
    return all(
        (x is None and y is None) or (isinstance(x, float) and isinstance(y, float) and x.hex() == y.hex()) or x == y
        for x, y in zip(a, b, strict=True)
    )


@pytest.fixture(scope="module")
def experiment(weka_jvm, tmp_path_factory):
    folder = tmp_path_factory.mktemp("experiment")
    ours = run(DATASETS, schemes(), runs=2, folds=10, results=folder / "ours.arff")
    weka = weka_experiment(folder / "weka.arff", DATASETS, WEKA_SCHEMES)
    return folder, ours, weka


@pytest.mark.jvm
def test_weka_rows_are_wekas_experimenters_rows(experiment):
    _, ours, weka = experiment
    assert ours.columns == weka.columns
    assert len(ours) == 240 and len(weka) == 120
    scheme = ours.columns.index("Key_Scheme")
    weka_rows = [row for row in without_timing(ours) if str(row[scheme]).startswith("weka.")]
    for mine, theirs in zip(weka_rows, without_timing(weka), strict=True):
        changed = [c for c, x, y in zip(ours.columns, mine, theirs, strict=True) if x != y]
        assert same_values(mine, theirs), (mine[:6], changed)
    sklearn_rows = [row for row in ours.rows if str(row[scheme]).startswith("sklearn.")]
    assert {row[scheme] for row in sklearn_rows} == {
        "sklearn.tree.DecisionTreeClassifier",
        "sklearn.naive_bayes.GaussianNB",
    }
    summary = ours.columns.index("Summary")
    assert all(row[summary] is None for row in sklearn_rows)


@pytest.mark.jvm
@pytest.mark.parametrize("measure", ["Percent_correct", "Kappa_statistic", "Area_under_ROC", "Root_mean_squared_error"])
def test_wekas_tester_reads_the_file_to_wekaevals_matrix(experiment, measure):
    folder, ours, _ = experiment
    for base in (0, 2):
        tester, names = weka_tester(folder / "ours.arff", show_std_devs=True)
        expected = str(tester.multiResultsetFull(base, names.index(measure)))
        assert ttest(ours, measure, base=base, show_std_devs=True).to_text() == expected


@pytest.mark.jvm
def test_port_rows_are_wekas_split_evaluator_on_the_same_predictions(weka_jvm):
    """The statistics of a scikit-learn row come from the port: on WEKA's predictions they are WEKA's."""
    import jpype

    from wekaeval import Evaluation

    for path, scheme in ((DATASETS[0], "weka.classifiers.bayes.NaiveBayes"), (ARFF_SAMPLES / "weighted.arff", "J48")):
        data = bridge.load_instances(path)
        template = bridge.make_classifier(*bridge.parse_classifier(scheme))[0]
        random = jpype.JClass("java.util.Random")(3)
        copy = jpype.JClass("weka.core.Instances")(data)
        copy.randomize(random)
        copy.stratify(5)
        for fold in range(5):
            train, test = copy.trainCV(5, fold, random), copy.testCV(5, fold)
            evaluator = jpype.JClass("weka.experiment.ClassifierSplitEvaluator")()
            evaluator.setClassifier(template)
            expected = [float(v.doubleValue()) for v in list(evaluator.getResult(train, test))[:48]]
            model = jpype.JClass("weka.classifiers.AbstractClassifier").makeCopy(template)
            model.buildClassifier(train)
            java = jpype.JClass("weka.classifiers.evaluation.Evaluation")(train)
            java.evaluateModel(model, test, jpype.JArray(jpype.JObject)([]))
            rows = bridge.prediction_rows(java.predictions(), data.numClasses())
            priors = np.asarray(bridge.bulk_class().classRows(train)).reshape(-1, 2)
            port = Evaluation([str(data.classAttribute().value(i)) for i in range(data.numClasses())])
            port.set_priors(priors[:, 0], priors[:, 1])
            port.evaluate_batch(rows[:, 2:], rows[:, 0], rows[:, 1])
            ours = port_results(port, train.numInstances())
            assert [v.hex() for v in ours] == [v.hex() for v in expected], (path.name, fold)


def test_result_files_are_written_as_wekas_listeners():
    from wekaeval.experiment._columns import result_layout

    layout = result_layout(folds=True, nominal=True, measures=("measureTreeSize",))
    row = ["it's", "1", "1", "weka.classifiers.trees.J48", "-C 0.25 -M 2", "-217733168393644444", 20261122.0508]
    row += [1.0 / 3.0, math.nan] + [0.0] * (len(layout.names) - 11) + ["Number of leaves: 4\n", 7.0]
    text = arff_text(layout, [tuple(row)])
    assert "@attribute Key_Dataset {'it\\'s'}" in text and "@attribute Summary {'Number of leaves: 4\\n'}" in text
    assert (
        "\n@data\n\n'it\\'s',1,1,weka.classifiers.trees.J48,'-C 0.25 -M 2',-217733168393644444,20261122.0508," in text
    )
    assert ",0.333333,?,0," in text
    assert "@attribute Summary string" in arff_text(layout, [tuple(row[:-2] + [None, None])])
    csv = csv_text(layout, [tuple(row)]).splitlines()
    assert csv[0].startswith("Key_Dataset,Key_Run,Key_Fold,Key_Scheme,") and csv[0].endswith(",Summary,measureTreeSize")
    assert csv[1].startswith(
        "'it\\'s',1,1,weka.classifiers.trees.J48,'-C 0.25 -M 2',-217733168393644444,2.02611220508E7,"
    )
    assert ",0.3333333333333333,NaN,0.0," in csv[1] and csv[1].endswith(",'Number of leaves: 4\\n',7.0")


def test_scikit_learn_experiments_need_no_jvm_and_resume_after_an_interrupt(tmp_path):
    """An interrupted run keeps every finished row; run again, only the missing rows are computed."""
    datasets = DATASETS[1:]
    models = [DecisionTreeClassifier(random_state=0), GaussianNB()]
    whole = run(datasets, models, runs=2, folds=5, results=tmp_path / "whole.arff")
    seen = []

    def interrupt(done, total):
        seen.append(done)
        if done == 7:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(datasets, models, runs=2, folds=5, results=tmp_path / "part.arff", progress=interrupt)
    kept = read_experiment_results(tmp_path / "part.arff")
    assert len(kept) == 7 and seen == list(range(1, 8))
    first_rows = (tmp_path / "part.arff").read_text().splitlines()[-7:]
    resumed = run(
        datasets, models, runs=2, folds=5, results=tmp_path / "part.arff", progress=lambda d, t: seen.append(t)
    )
    assert seen[-1] == 40 - 7  # only the missing rows
    assert without_timing(resumed) == without_timing(whole)
    final = (tmp_path / "part.arff").read_text().splitlines()
    assert all(line in final for line in first_rows)  # the finished rows are kept as they were, timings included
    again = run(datasets, models, runs=2, folds=5, results=tmp_path / "part.arff", progress=lambda d, t: seen.append(t))
    assert len(seen) == 7 + 33 and again.rows == resumed.rows  # nothing left to compute
    csv = run(datasets, models, runs=2, folds=5, results=tmp_path / "whole.csv")
    assert [len(row) for row in csv.rows] == [len(row) for row in whole.rows] and len(csv) == 40


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"datasets": [], "schemes": [GaussianNB()]}, "datasets: none given"),
        ({"schemes": []}, "schemes: none given"),
        ({"schemes": [object()]}, "neither a WEKA command line nor a scikit-learn estimator"),
        ({"folds": 30}, "Can't have more folds than instances"),
        ({"runs": 0}, "runs must be a whole number"),
        ({"train_percent": 100}, "train_percent"),
        ({"datasets": [DATASETS[1], DATASETS[1]]}, "names more than one"),
        ({"datasets": [DATASETS[1], ARFF_SAMPLES / "numeric-class.arff"]}, "mix nominal and numeric"),
        ({"results": "no/such/folder/r.arff"}, "no folder"),
        ({"results": DATASETS[1]}, "would be written over"),
    ],
)
def test_bad_experiments_are_refused_before_anything_runs(tmp_path, monkeypatch, kwargs, message):
    monkeypatch.chdir(tmp_path)
    settings = {"datasets": [DATASETS[1]], "schemes": [GaussianNB()], "runs": 1, "folds": 2, "results": "r.arff"}
    settings.update(kwargs)
    with pytest.raises(ExperimentError, match=message):
        run(settings.pop("datasets"), settings.pop("schemes"), **settings)
    assert not (tmp_path / "r.arff").exists()


def test_a_file_of_another_experiment_is_not_resumed(tmp_path):
    run([DATASETS[1]], [GaussianNB()], runs=1, folds=2, results=tmp_path / "r.arff")
    another = r"r\.arff:73: the row \(picnic, 1, 1, .* is not one of this experiment's"
    with pytest.raises(ExperimentError, match=another):
        run([DATASETS[2]], [GaussianNB()], runs=1, folds=2, results=tmp_path / "r.arff")
    (tmp_path / "other.arff").write_text((ARFF_SAMPLES / "picnic.arff").read_text())
    with pytest.raises(Exception, match="another experiment|Key_Dataset"):
        run([DATASETS[1]], [GaussianNB()], runs=1, folds=2, results=tmp_path / "other.arff")
    assert len(run([DATASETS[2]], [GaussianNB()], runs=1, folds=2, results=tmp_path / "r.arff", resume=False)) == 2


@pytest.mark.jvm
def test_two_worker_processes_write_the_same_file(weka_jvm, tmp_path):
    """WEKA and scikit-learn rows, serially, by two worker processes, interrupted and resumed: the same file."""
    settings = dict(runs=1, folds=10)
    models = [WEKA_SCHEMES[0], DecisionTreeClassifier(random_state=0)]
    serial = run(DATASETS[:2], models, results=tmp_path / "serial.arff", **settings)
    processes = run(DATASETS[:2], models, results=tmp_path / "processes.arff", workers=2, **settings)
    assert without_timing(processes) == without_timing(serial) and len(serial) == 40

    def interrupt(done, total):
        if done == 15:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):  # WEKA and scikit-learn rows in two processes, interrupted
        run(DATASETS[:2], models, results=tmp_path / "resumed.arff", workers=2, progress=interrupt, **settings)
    assert len(read_experiment_results(tmp_path / "resumed.arff")) == 15  # every finished row kept
    totals: list[int] = []
    resumed = run(
        DATASETS[:2], models, results=tmp_path / "resumed.arff", progress=lambda d, t: totals.append(t), **settings
    )
    assert set(totals) == {40 - 15} and without_timing(resumed) == without_timing(serial)


@pytest.mark.jvm
def test_random_split_and_regression_experiments_are_wekas(weka_jvm, tmp_path):
    split = run(DATASETS[:2], WEKA_SCHEMES[:1], runs=3, train_percent=70.0, results=tmp_path / "split.arff")
    weka = weka_experiment(tmp_path / "weka-split.arff", DATASETS[:2], WEKA_SCHEMES[:1], runs=3, percentage=70.0)
    assert split.columns == weka.columns and "Key_Fold" not in split.columns
    assert without_timing(split) == without_timing(weka)
    numeric = [ARFF_SAMPLES / "numeric-class.arff"]
    regression = run(
        numeric, ["weka.classifiers.functions.LinearRegression"], runs=1, folds=5, results=tmp_path / "r.csv"
    )
    weka = weka_experiment(
        tmp_path / "weka-regression.csv",
        numeric,
        ["weka.classifiers.functions.LinearRegression"],
        runs=1,
        folds=5,
        regression=True,
    )
    assert regression.columns == weka.columns and "Correlation_coefficient" in weka.columns
    for mine, theirs in zip(without_timing(regression), without_timing(weka), strict=True):
        assert same_values(mine, theirs)


def test_experiment_command_is_run(tmp_path, capsys):
    """``wekaeval experiment``: scikit-learn schemes by class name and literal keywords, a folder of datasets."""
    folder = tmp_path / "data"
    folder.mkdir()
    for dataset in DATASETS[1:]:
        (folder / dataset.name).write_text(dataset.read_text(encoding="utf-8"), encoding="utf-8")
    argv = ["experiment", str(folder), "-s", "sklearn.tree.DecisionTreeClassifier(random_state=0, max_depth=2)"]
    argv += ["--scheme", "sklearn.naive_bayes.GaussianNB", "--runs", "2", "--folds", "5", "-o"]
    assert main([*argv, str(tmp_path / "cli.csv")]) == 0
    assert capsys.readouterr().out == f"40 rows (2 datasets x 2 classifiers) in {tmp_path / 'cli.csv'}\n"
    models = [DecisionTreeClassifier(random_state=0, max_depth=2), GaussianNB()]
    direct = run(sorted(folder.glob("*.arff")), models, runs=2, folds=5, results=tmp_path / "api.csv")
    expected = without_timing(direct)
    cli = without_timing(read_experiment_results(tmp_path / "cli.csv"))
    assert len(cli) == len(expected) and all(same_values(a, b) for a, b in zip(cli, expected, strict=True))
    before = (tmp_path / "cli.csv").read_bytes()
    assert main([*argv, str(tmp_path / "cli.csv")]) == 0  # resumed: nothing left to compute, the file kept
    assert (tmp_path / "cli.csv").read_bytes() == before


@pytest.mark.parametrize(
    "scheme, message",
    [
        ("os.system", "no such WEKA classifier class"),
        ("sklearn.tree.DecisionTreeClassifier(max_depth=len)", "must be literals"),
        ("sklearn.tree.DecisionTreeClassifier(3)", "give sklearn.module.Class"),
        ("sklearn.tree.NoSuchTree", "sklearn.tree has no NoSuchTree"),
        ("sklearn.tree.DecisionTreeClassifier(depth=3)", "unexpected keyword argument"),
        ("sklearn.tree.DecisionTreeClassifier(", "not a class name"),
    ],
)
def test_experiment_command_errors_are_one_line(tmp_path, capsys, scheme, message):
    assert main(["experiment", str(DATASETS[1]), "-s", scheme, "-o", str(tmp_path / "r.arff")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and not (tmp_path / "r.arff").exists()
    assert main(["experiment", str(tmp_path / "none.arff"), "-s", "weka.classifiers.rules.ZeroR"]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    assert main(["experiment", str(DATASETS[1]), "-s", "sklearn.naive_bayes.GaussianNB", "--runs", "0"]) == 2
    assert "runs must be a whole number" in capsys.readouterr().err


@pytest.mark.jvm
def test_experiment_command_runs_weka_schemes(weka_jvm, tmp_path, capsys):
    argv = ["experiment", str(DATASETS[1]), "-s", "weka.classifiers.trees.J48 -C 0.25 -M 2", "--runs", "1"]
    assert main([*argv, "--folds", "3", "-o", str(tmp_path / "cli.arff")]) == 0
    direct = run([DATASETS[1]], [WEKA_SCHEMES[0]], runs=1, folds=3, results=tmp_path / "api.arff")
    assert without_timing(read_experiment_results(tmp_path / "cli.arff")) == without_timing(direct)


def test_a_scheme_stays_with_the_worker_that_runs_it():
    """Two workers, three schemes of unequal batches: each worker keeps to its scheme while it has batches, so
    each JVM compiles the code of as few schemes as it can; every batch is handed out once."""
    from wekaeval.experiment._pool import next_batch
    from wekaeval.experiment._worker import Job

    waiting = [[Job(0, run, 0, scheme)] for scheme, runs in ((0, 6), (1, 3), (2, 2)) for run in range(1, runs + 1)]
    handed: list[list[int]] = [[], []]
    schemes: list[int | None] = [None, None]
    turn = 0
    while (batch := next_batch(waiting, schemes, turn)) is not None:
        schemes[turn] = batch[0].scheme
        handed[turn].append(batch[0].scheme)
        turn = 1 - turn
    assert sorted(handed[0] + handed[1]) == [0] * 6 + [1] * 3 + [2] * 2
    assert handed[0] == [0] * 6 and handed[1] == [1, 1, 1, 2, 2]


def test_another_librarys_message_is_quoted_on_one_line():
    """Issue 35 (14): a scikit-learn message quoted with its line break showed a literal \\n in the CLI's error.
    The rows' failures were one line since issue 34; a worker's own failure and a WEKA scheme's are now too."""
    from wekaeval.cli._common import one_line
    from wekaeval.experiment._pool import _picklable
    from wekaeval.experiment._worker import error_text

    sklearn_like = ValueError("Input X contains NaN.\nLogisticRegression does not accept NaN\n  natively.")
    assert error_text(sklearn_like) == "Input X contains NaN. LogisticRegression does not accept NaN natively."
    assert error_text(ValueError("\n")) == "ValueError" and error_text(KeyError(), named=True) == "KeyError"

    class Unpicklable(Exception):
        def __reduce__(self):
            raise TypeError("no")

    sent = _picklable(Unpicklable("first line\nsecond line"))
    assert str(sent) == "a worker process failed: Unpicklable: first line second line"
    assert one_line(str(sent)) == str(sent)  # nothing the CLI's one line would escape


@pytest.mark.jvm
def test_two_workers_on_weka_schemes_are_threads_of_one_jvm_writing_the_serial_bytes(weka_jvm, tmp_path, monkeypatch):
    """Issue 37: two workers on WEKA schemes are two threads of the calling process, each computing a batch at a
    time on its one JVM (a process per worker, each JVM compiling WEKA's code again, took 1.3-1.5x the serial
    CPU); no process is started, and the file is the serial run's byte for byte, Date_time and the timing
    columns aside, in the same order."""
    import threading

    import wekaeval.experiment._run as run_module

    def no_process(*args, **settings):
        raise AssertionError("a worker process was started")

    names: set[str] = set()
    real = run_module.Worker.row

    def row(self, job, measures):
        names.add(threading.current_thread().name)
        return real(self, job, measures)

    monkeypatch.setattr(run_module, "Processes", no_process)
    monkeypatch.setattr(run_module.Worker, "row", row)
    monkeypatch.setattr("wekaeval.experiment._pool.usable_cores", lambda: 2)
    settings = dict(runs=2, folds=5)
    serial = run(DATASETS, WEKA_SCHEMES, results=tmp_path / "serial.arff", **settings)
    assert names == {"MainThread"} and len(serial) == 60
    names.clear()
    run(DATASETS, WEKA_SCHEMES, results=tmp_path / "threads.arff", workers=2, **settings)
    assert names == {"wekaeval-batches-0", "wekaeval-batches-1"}
    assert blanked_text(tmp_path / "threads.arff", serial) == blanked_text(tmp_path / "serial.arff", serial)


def blanked_text(path: Path, results) -> list[list[str]]:
    """The data lines of a result file, cut at its commas, with Date_time and the timing columns blanked."""
    blank = {results.columns.index(name) for name in (*TIMING_COLUMNS, "Date_time")}
    lines = path.read_text().split("@data\n", 1)[1].splitlines()
    return [["" if i in blank else cell for i, cell in enumerate(line.split(","))] for line in lines]


def test_an_experiment_too_small_for_the_workers_runs_on_fewer_said_in_one_line(tmp_path, capsys, monkeypatch):
    """Issue 37: a worker computes whole batches (dataset x run x scheme); an experiment of fewer batches than
    workers asked runs on as many workers as batches -- on one, in the calling process, no worker started --
    said once: a warning from run(), a note on stderr from the command."""
    import wekaeval.experiment._run as run_module

    def no_processes(*args, **kwargs):
        raise AssertionError("no worker process is started for one batch")

    monkeypatch.setattr(run_module, "Processes", no_processes)
    monkeypatch.setattr("wekaeval.experiment._pool.usable_cores", lambda: 4)
    monkeypatch.setattr("wekaeval.cli._experiment.usable_cores", lambda: 4)
    with pytest.warns(UserWarning, match=r"^workers=4 for 1 batch of rows .*: 1 worker: the rows are computed in"):
        results = run([DATASETS[1]], [GaussianNB()], runs=1, folds=2, workers=4, results=tmp_path / "api.arff")
    assert len(results) == 2
    argv = ["experiment", str(DATASETS[1]), "-s", "sklearn.naive_bayes.GaussianNB", "--runs", "1", "--folds", "2"]
    assert main([*argv, "--workers", "3", "-o", str(tmp_path / "cli.arff")]) == 0
    err = capsys.readouterr().err
    assert err == (
        "wekaeval: note: --workers 3 for 1 batch of rows (a dataset x run x classifier, each computed by one "
        "worker): 1 worker: the rows are computed in this process\n"
    )
