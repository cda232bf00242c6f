"""An experiment refuses what it can without a JVM before any worker process (or this process's JVM) starts: a
result file of another experiment (other columns, another dataset, run or fold), datasets that cannot go
together.  Issue 35 item 12: such a file was refused only after the workers' JVMs had started (16 s).

The runs here are made to fail the test if a worker pool or a row executor (the JVM's first use) is started."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.paths import ROOT
from wekaeval.cli import main
from wekaeval.experiment import ExperimentError, run

pytest.importorskip("sklearn")
from sklearn.naive_bayes import GaussianNB  # noqa: E402

SAMPLES = ROOT / "arff_samples"
J48 = "weka.classifiers.trees.J48"


@pytest.fixture
def nothing_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting worker processes or computing a row fails the test."""
    forbid_starting(monkeypatch)


def forbid_starting(monkeypatch: pytest.MonkeyPatch) -> None:
    from wekaeval.experiment import _run

    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("a worker pool or the rows' executor started before the checks that need no JVM")

    monkeypatch.setattr(_run, "_processes", started)
    monkeypatch.setattr(_run, "_executor", started)


@pytest.fixture
def picnic_results(tmp_path: Path) -> Path:
    """A nominal-class cross-validation result file of picnic (scikit-learn: no JVM), 1 run of 2 folds."""
    path = tmp_path / "results.arff"
    run([SAMPLES / "picnic.arff"], [GaussianNB()], runs=1, folds=2, results=path, progress=False)
    return path


@pytest.mark.parametrize(
    ("datasets", "settings", "message"),
    [
        (["numeric-class.arff"], {"runs": 1, "folds": 2}, "another experiment \\(other columns\\)"),
        (["picnic.arff"], {"runs": 1, "train_percent": 66.0}, "another experiment \\(other columns\\)"),
        (["eyewear.arff"], {"runs": 1, "folds": 2}, "the row \\(picnic, 1, 1, .*is not one of this experiment's"),
        (["picnic.arff"], {"runs": 1, "folds": 3}, None),  # its rows' folds are 1 and 2 of 3: resumable
    ],
)
def test_a_result_file_of_another_experiment_is_refused_before_any_worker_starts(
    picnic_results: Path, nothing_starts: None, datasets: list[str], settings: dict, message: str | None
) -> None:
    paths = [SAMPLES / name for name in datasets]
    if message is None:  # passes the early check: the run goes on to compute rows (1 batch: on one worker, here)
        with pytest.raises(AssertionError, match="started before"), pytest.warns(UserWarning, match="for 1 batch"):
            run(paths, [J48], workers=2, results=picnic_results, progress=False, **settings)
        return
    before = picnic_results.read_bytes()
    with pytest.raises(ExperimentError, match=message):
        run(paths, [J48], workers=2, results=picnic_results, progress=False, **settings)
    assert picnic_results.read_bytes() == before


def test_a_row_of_another_run_is_refused_before_any_worker_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "results.arff"
    run([SAMPLES / "picnic.arff"], [GaussianNB()], runs=2, folds=2, results=path, progress=False)
    forbid_starting(monkeypatch)
    with pytest.raises(ExperimentError, match=r"the row \(picnic, 2, 1, .*is not one of this experiment's"):
        run([SAMPLES / "picnic.arff"], [J48], runs=1, folds=2, workers=2, results=path, progress=False)


def test_the_command_refuses_it_in_one_line_with_no_worker_started(
    picnic_results: Path, nothing_starts: None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["experiment", str(SAMPLES / "numeric-class.arff"), "-s", J48, "--workers", "2", "-o", str(picnic_results)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("wekaeval: error: ") and "another experiment" in err, err


def test_datasets_that_cannot_go_together_are_refused_before_any_worker_starts(
    tmp_path: Path, nothing_starts: None
) -> None:
    with pytest.raises(ExperimentError, match="mix nominal and numeric"):
        run(
            [SAMPLES / "picnic.arff", SAMPLES / "numeric-class.arff"],
            [J48],
            workers=2,
            results=tmp_path / "r.arff",
            progress=False,
        )
    with pytest.raises(ExperimentError, match="more folds than instances"):
        run([SAMPLES / "picnic.arff"], [J48], folds=10_000, workers=2, results=tmp_path / "r.arff", progress=False)


def test_an_interrupted_experiment_says_what_its_file_holds_and_that_the_same_command_resumes(tmp_path: Path) -> None:
    """``_Stopping.kept()``, the end of the line a signal prints: before the file was read, after it was read with
    no row yet, and with rows (what test_experiment_signals sees end to end)."""
    from wekaeval.cli._experiment import _Stopping
    from wekaeval.experiment._control import RunControl

    path = tmp_path / "results.arff"
    stopping = _Stopping(str(path))
    assert stopping.kept() == f"; {path} was not written"
    path.write_text("% a previous run's\n")
    assert stopping.kept() == f"; {path} is as it was: run the same command to resume from it"
    control = RunControl()
    stopping.control = control
    done: dict = {}
    control.begin(path, done, 20, lambda: None)
    assert stopping.kept() == f"; {path} holds no row yet: run the same command to compute them"
    done.update({1: "row", 2: "row"})
    assert stopping.kept() == f"; the 2 finished rows are in {path}: run the same command to compute the rest"


def test_preserve_order_without_a_split_is_refused_not_ignored(
    tmp_path: Path, nothing_starts: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """WEKA's cross-validation always shuffles: keeping the order means a random split, so asking for it without
    one is an error, in Python and on the command line, not an option silently dropped (left from issue 35)."""
    results = tmp_path / "results.arff"
    with pytest.raises(ExperimentError, match="randomize=False needs train_percent=P"):
        run([SAMPLES / "picnic.arff"], [J48], randomize=False, results=results, progress=False)
    status = main(
        [
            "experiment",
            str(SAMPLES / "picnic.arff"),
            "--classifier",
            "J48",
            "--preserve-order",
            "--results",
            str(results),
        ]
    )
    assert status == 2
    assert capsys.readouterr().err.splitlines() == [
        "wekaeval: error: --preserve-order needs --split-percentage P: it keeps a random split's order, and WEKA's "
        "cross-validation always shuffles the data first"
    ]
    assert not results.exists()
