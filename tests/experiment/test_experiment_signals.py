"""``wekaeval experiment`` under signals and lost workers: the rows finished are kept, nothing is left running.

Each test runs the real command in a session of its own (every process it starts, workers, their JVMs and
multiprocessing's helper, is found by the session id in /proc), waits until the result file holds rows (the
run is computing them), then sends a signal to the command or kills one of its workers, and checks the exit
status, the one line on stderr, that no process of the session is left, and that the file resumes to the
values of an uninterrupted run.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
import warnings
from pathlib import Path

import pytest

from tests.package.test_faults import command, environment, no_process_left, session_processes
from tests.paths import ROOT
from wekaeval.cli import main
from wekaeval.experiment import TIMING_COLUMNS, read_experiment_results, run

DATA = ROOT / "arff_samples" / "iris.arff"
SLOW = "weka.classifiers.functions.MultilayerPerceptron -N 1500"  # some 0.3 s a fold: a run is caught mid-way
SETTINGS = ["--runs", "2", "--folds", "10"]
#: With a scikit-learn scheme beside it the workers are processes, a JVM each; with WEKA's alone they are threads
#: of the command's own process, calling its one JVM.
PROCESSES = (SLOW, "sklearn.naive_bayes.GaussianNB")
THREADS = (SLOW,)


def values(path: Path) -> list[tuple]:
    """The file's rows, their timing columns (and Date_time) left out."""
    results = read_experiment_results(path)
    timing = {results.columns.index(name) for name in TIMING_COLUMNS if name in results.columns}
    return [tuple(v for i, v in enumerate(row) if i not in timing) for row in results.rows]


def schemes_argv(schemes: tuple[str, ...]) -> list[str]:
    return [part for scheme in schemes for part in ("-s", scheme)]


@pytest.fixture(scope="module")
def uninterrupted(weka_jvm, tmp_path_factory) -> list[tuple]:
    """Every row of both schemes, as one uninterrupted serial run computes them."""
    path = tmp_path_factory.mktemp("uninterrupted") / "whole.arff"
    assert main(["experiment", str(DATA), *schemes_argv(PROCESSES), *SETTINGS, "-o", str(path)]) == 0
    return values(path)


def start(tmp_path: Path, workers: int, schemes: tuple[str, ...] = PROCESSES) -> subprocess.Popen:
    """The command in a session of its own; returns once its result file holds rows."""
    results = tmp_path / "results.arff"
    process = subprocess.Popen(
        command(
            "experiment", str(DATA), *schemes_argv(schemes), *SETTINGS, "--workers", str(workers), "-o", str(results)
        ),
        cwd=tmp_path,
        env=environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 300
    while not results.exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.02)
    return process


def workers_of(process: subprocess.Popen) -> list[int]:
    return [
        pid
        for pid in session_processes(process.pid)
        if pid != process.pid and b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    ]


def finished(count: int) -> str:
    return "the 1 finished row is" if count == 1 else f"the {count} finished rows are"


def resumed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[tuple]:
    """Run the same command again, uninterrupted: the missing rows are computed.  In this process, whose JVM and
    scikit-learn are loaded already, and serially: reading the file and computing only what it lacks is the
    command's own step, whoever then computes the rows (a process and two workers would cost ~9 CPU-s more)."""
    results = tmp_path / "results.arff"
    capsys.readouterr()
    assert main(["experiment", str(DATA), *schemes_argv(PROCESSES), *SETTINGS, "-o", str(results)]) == 0
    out, err = capsys.readouterr()
    assert out == f"40 rows (1 dataset x 2 classifiers) in {results}\n", (out, err)
    return values(results)


@pytest.fixture(autouse=True)
def two_cores():
    from wekaeval._processes import usable_cores

    if usable_cores() < 2:
        pytest.skip("two worker processes need two processors here (more are capped)")


@pytest.mark.jvm
@pytest.mark.parametrize(
    ("number", "workers", "schemes"),
    [(signal.SIGTERM, 2, PROCESSES), (signal.SIGHUP, 2, THREADS), (signal.SIGTERM, 1, PROCESSES)],
    ids=["SIGTERM-2-processes", "SIGHUP-2-threads", "SIGTERM-serial"],
)
def test_a_signal_keeps_the_finished_rows_and_ends_every_worker(uninterrupted, tmp_path, number, workers, schemes):
    """SIGTERM or SIGHUP while rows are computed (by two worker processes, by two threads calling the command's
    JVM, or in the command itself, inside the JVM): the finished rows written (the uninterrupted run's), one
    line, 128 + the signal, no worker or JVM left.  (Ctrl-C is the same handler; a file that resumes, see the
    kill -9 below.)"""
    process = start(tmp_path, workers, schemes)
    total = 20 * len(schemes)
    os.kill(process.pid, number)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 128 + number, (out, err)
    name = signal.Signals(number).name
    kept = len(read_experiment_results(tmp_path / "results.arff"))
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"wekaeval: interrupted by {name} after {kept} of {total} rows; {finished(kept)} in "), err
    assert out == "" and 1 <= kept < total
    assert no_process_left(process.pid)
    assert set(values(tmp_path / "results.arff")) <= set(uninterrupted)  # whole rows, the uninterrupted run's


@pytest.mark.jvm
def test_a_killed_experiment_takes_its_workers_with_it(uninterrupted, tmp_path, capsys):
    """kill -9 to the command: its workers and their JVMs die with it (the parent-death signal); the file holds
    whole rows, and resumes to the uninterrupted run's values."""
    process = start(tmp_path, 2)
    assert len(workers_of(process)) == 2
    os.kill(process.pid, signal.SIGKILL)
    process.communicate(timeout=60)
    assert no_process_left(process.pid)
    assert resumed(tmp_path, capsys) == uninterrupted


@pytest.mark.jvm
def test_a_lost_worker_is_one_line_and_parity_s_exit_status(uninterrupted, tmp_path):
    """A worker killed from outside: exit 5 (as parity's), one line naming the process and what it was running,
    the finished rows kept, the other worker ended too."""
    process = start(tmp_path, 2)
    lost = workers_of(process)[0]
    os.kill(lost, signal.SIGKILL)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 5, (out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    running = "|".join(re.escape(scheme) for scheme in PROCESSES)  # whichever it was running
    assert re.match(
        rf"wekaeval: error: worker process {lost} was lost \(killed by SIGKILL\) while running ({running})", err
    )
    kept = len(read_experiment_results(tmp_path / "results.arff"))
    assert f"; {finished(kept)} in {tmp_path / 'results.arff'}: run the same command" in err and kept >= 1
    assert no_process_left(process.pid)
    assert set(values(tmp_path / "results.arff")) <= set(uninterrupted)  # whole rows, the uninterrupted run's


def test_more_workers_than_processors_are_capped_with_a_note(tmp_path, capsys, monkeypatch):
    """--workers above the processors: one note, the run as with as many workers as processors (here one, so
    none is started); the API warns."""
    pytest.importorskip("sklearn")
    from wekaeval.cli import _experiment
    from wekaeval.experiment import _pool

    monkeypatch.setattr(_experiment, "usable_cores", lambda: 1)
    monkeypatch.setattr(_pool, "usable_cores", lambda: 1)
    argv = ["experiment", str(DATA), "-s", "sklearn.naive_bayes.GaussianNB", "--runs", "1", "--folds", "2"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the command line's note is its only word on it
        assert main([*argv, "--workers", "40", "-o", str(tmp_path / "r.arff")]) == 0
    out, err = capsys.readouterr()
    assert err == "wekaeval: note: --workers 40 is more than the processors here: capped to 1\n"
    from sklearn.naive_bayes import GaussianNB

    with pytest.warns(UserWarning, match=r"workers=40 is more than the processors here: capped to 1"):
        capped = run([DATA], [GaussianNB()], runs=1, folds=2, workers=40, results=tmp_path / "api.arff")
    assert len(capped) == 2


def test_another_thread_stops_a_run_and_its_finished_rows_are_written(tmp_path):
    """``interruptible()``: ``control.stop()`` (here from the progress callback, as a signal's thread would at any
    moment) writes the rows finished so far; the run then raises ExperimentError and computes nothing more."""
    pytest.importorskip("sklearn")
    from sklearn.naive_bayes import GaussianNB

    from wekaeval.experiment import ExperimentError, interruptible

    seen: list[int] = []
    with interruptible() as control:
        assert not control.begun

        def stop_at_three(done, total):
            seen.append(done)
            if done == 3:
                assert control.stop() and control.finished == 3

        with pytest.raises(ExperimentError, match="the run was stopped after 3 of 10 rows"):
            run([DATA], [GaussianNB()], runs=1, folds=10, results=tmp_path / "r.arff", progress=stop_at_three)
    assert seen == [1, 2, 3] and len(read_experiment_results(tmp_path / "r.arff")) == 3
    whole = run([DATA], [GaussianNB()], runs=1, folds=10, results=tmp_path / "r.arff")  # resumed
    assert len(whole) == 10
