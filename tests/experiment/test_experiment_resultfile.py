"""The Experimenter's result file under a second writer and damage: one run writes it at a time, resume checks
every row it keeps, and every text it writes reads back (issue 33, findings 2, 7 and 8)."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest

from tests.paths import ROOT

pytest.importorskip("sklearn")

from sklearn.naive_bayes import GaussianNB  # noqa: E402

from wekaeval import load_arff, read_experiment_results  # noqa: E402
from wekaeval._atomic import OutputBusy, sole_writer  # noqa: E402
from wekaeval.cli import main  # noqa: E402
from wekaeval.errors import WekaOutputError  # noqa: E402
from wekaeval.experiment import ExperimentError, ExperimentWarning, run  # noqa: E402
from wekaeval.javamath import back_quote_chars  # noqa: E402

PICNIC = ROOT / "arff_samples" / "picnic.arff"
SEPARATORS = ["\n", "\r", "\r\n", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


def measured(path: Path) -> list[tuple]:
    """The rows without the columns that change from run to run (date, times); numbers as their repr (NaN too)."""
    results = read_experiment_results(path)
    keep = [i for i, name in enumerate(results.columns) if name != "Date_time" and "time" not in name.lower()]
    return [tuple(repr(row[i]) for i in keep) for row in results.rows]


def experiment(path: Path, **options) -> None:
    run({"picnic": PICNIC}, [GaussianNB()], runs=2, folds=2, results=path, progress=False, **options)


def _hold(path: str, ready, release) -> None:  # another process holding the lock, as a second run would
    with sole_writer(path):
        ready.set()
        release.wait(30)


@pytest.fixture
def holder(tmp_path):
    """A second process holding the result file's lock until released."""
    context = multiprocessing.get_context("spawn")
    ready, release = context.Event(), context.Event()
    process = context.Process(target=_hold, args=(str(tmp_path / "r.arff"), ready, release))
    process.start()
    assert ready.wait(60)
    yield process, release
    release.set()
    process.join(30)


def test_a_second_run_on_a_file_being_written_is_refused_naming_the_holder(tmp_path, holder, capsys):
    process, _ = holder
    with pytest.raises(ExperimentError, match=rf"being written by another run \(pid {process.pid} on host .*started"):
        experiment(tmp_path / "r.arff")
    assert not (tmp_path / "r.arff").exists()
    status = main(["experiment", str(PICNIC), "-s", "sklearn.naive_bayes.GaussianNB", "--runs", "1", "--folds", "2",
                   "-o", str(tmp_path / "r.arff")])  # fmt: skip
    assert status == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_wait_waits_for_the_other_run_then_keeps_its_rows(tmp_path, holder):
    _, release = holder
    started = time.monotonic()
    threading.Timer(1.0, release.set).start()  # the other run ends a moment after this one starts waiting
    experiment(tmp_path / "r.arff", wait=True)
    assert time.monotonic() - started >= 0.9
    assert len(read_experiment_results(tmp_path / "r.arff").rows) == 4


def test_a_lock_left_by_a_killed_run_blocks_nobody(tmp_path):
    code = (
        "import os, sys; from wekaeval._atomic import sole_writer\n"
        "with sole_writer(sys.argv[1]):\n    os.kill(os.getpid(), 9)\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "r.arff")], env=os.environ.copy())
    assert done.returncode == -9
    assert (tmp_path / ".r.arff.lock").exists()  # left behind, unlocked
    experiment(tmp_path / "r.arff")
    assert len(read_experiment_results(tmp_path / "r.arff").rows) == 4


def test_the_lock_is_not_taken_twice_in_one_process(tmp_path):
    with sole_writer(tmp_path / "r.arff"), pytest.raises(OutputBusy):
        with sole_writer(tmp_path / "r.arff"):
            pass


def test_a_file_changed_on_disk_while_the_run_writes_is_not_overwritten(tmp_path):
    path = tmp_path / "r.arff"
    with sole_writer(path) as writer:
        writer.write("first\n")
        path.write_text("another program's rows\n")
        with pytest.raises(OSError, match="changed on disk"):
            writer.write("second\n")
    assert path.read_text() == "another program's rows\n"


def test_a_read_only_result_file_is_refused(tmp_path):
    path = tmp_path / "r.arff"
    experiment(path)
    before = path.read_bytes()
    path.chmod(0o444)
    with pytest.raises(ExperimentError, match="read-only"):
        experiment(path, resume=False)
    assert path.read_bytes() == before


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> tuple[Path, Path]:
    """An uninterrupted run's result file, ARFF and CSV."""
    folder = tmp_path_factory.mktemp("whole")
    for name in ("r.arff", "r.csv"):
        experiment(folder / name)
    return folder / "r.arff", folder / "r.csv"


@pytest.mark.parametrize("kind", [0, 1], ids=["arff", "csv"])
def test_a_cut_last_row_is_dropped_and_computed_again(tmp_path, whole, kind):
    source = whole[kind]
    path = tmp_path / source.name
    text = source.read_text()
    path.write_text(text[:-2])  # `...,14,14\n` -> `...,14,1`: a well-formed row with a wrong number
    with pytest.warns(ExperimentWarning, match=r":\d+: the last row has no line end"):
        experiment(path)
    assert measured(path) == measured(source)


@pytest.mark.parametrize("kind", [0, 1], ids=["arff", "csv"])
def test_a_repeated_row_is_refused_naming_its_lines(tmp_path, whole, kind):
    source = whole[kind]
    path = tmp_path / source.name
    lines = source.read_text().splitlines(keepends=True)
    path.write_text("".join(lines + lines[-1:]))
    with pytest.raises(WekaOutputError, match=rf":{len(lines) + 1}: repeats the row of line {len(lines)}"):
        experiment(path)


def test_text_in_a_number_column_is_refused_naming_the_line(tmp_path, whole):
    source = whole[1]
    path = tmp_path / "r.csv"
    lines = source.read_text().splitlines(keepends=True)
    columns = lines[0].rstrip("\n").split(",")
    cells = lines[2].rstrip("\n").split(",")
    cells[columns.index("Kappa_statistic")] = "abc"
    lines[2] = ",".join(cells) + "\n"
    path.write_text("".join(lines))
    with pytest.raises(WekaOutputError, match=r"r\.csv:3: Kappa_statistic holds 'abc'"):
        experiment(path)
    with pytest.raises(WekaOutputError, match=r":3: Kappa_statistic"):
        read_experiment_results(path)


def test_a_value_out_of_its_range_is_refused(tmp_path, whole):
    source = whole[0]
    path = tmp_path / "r.arff"
    text = source.read_text()
    lines = text.splitlines(keepends=True)
    data = [i for i, line in enumerate(lines) if line.strip() and line[0] not in "@%"][0]
    results = read_experiment_results(source)
    column = results.columns.index("Percent_correct")
    cells = lines[data].rstrip("\n").split(",")
    cells[column] = "130"
    lines[data] = ",".join(cells) + "\n"
    path.write_text("".join(lines))
    with pytest.raises(WekaOutputError, match=rf":{data + 1}: Percent_correct is 130.0, outside 0 .. 100"):
        experiment(path)


@pytest.mark.parametrize("separator", SEPARATORS, ids=[f"U+{ord(s[0]):04X}{len(s)}" for s in SEPARATORS])
@pytest.mark.parametrize("suffix", [".arff", ".csv"])
def test_every_line_separator_in_a_relation_name_reads_back(tmp_path, separator, suffix):
    data = load_arff(PICNIC)
    name = f"pic{separator}nic"
    path = tmp_path / f"r{suffix}"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        run({name: data}, [GaussianNB()], runs=1, folds=2, results=path, progress=False)
        run({name: data}, [GaussianNB()], runs=2, folds=2, results=path, progress=False)  # resumed
    results = read_experiment_results(path)
    assert len(results.rows) == 4
    assert {row[0] for row in results.rows} == {back_quote_chars(name)}  # the key as WEKA's listeners write it


def test_ttest_says_why_a_cell_is_empty(tmp_path, capsys):
    """A repeated row (refused on resume) makes WEKA's tester leave a cell empty: the command says so, a line."""
    from sklearn.tree import DecisionTreeClassifier

    path = tmp_path / "r.arff"
    run({"picnic": PICNIC}, [GaussianNB(), DecisionTreeClassifier(max_depth=2)], runs=2, folds=2, results=path,
        progress=False)  # fmt: skip
    assert main(["ttest", str(path)]) == 0
    assert "note" not in capsys.readouterr().err
    lines = path.read_text().splitlines(keepends=True)
    first = next(line for line in lines if line.startswith("picnic,"))
    path.write_text("".join(lines) + first)
    assert main(["ttest", str(path)]) == 0
    captured = capsys.readouterr()
    notes = captured.err.splitlines()
    assert notes and all(line.startswith("wekaeval: note: ") and "r.arff: " in line for line in notes)
    assert "differ in size" in captured.err
