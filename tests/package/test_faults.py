"""Faults: signals, lost workers, a JVM that cannot start, timeouts, private cache folders, outputs written
atomically and never over an input, spreadsheet-safe CSV, Markdown no file name can break.

The signal tests run the real ``wekaeval`` command in a session of its own (so every process it starts can be
found afterwards by its session id in /proc), send it a signal at a chosen moment, and check what is left:
the exit status, one line on stderr, the outputs marked, no process of the session still alive, no JVM crash
file in the folder it ran in.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.paths import FIXTURES, ROOT
from wekaeval.cli import main

ARFF_SAMPLES = ROOT / "arff_samples"
SCRIPT = str(Path(sys.executable).with_name("wekaeval"))
LOG = ROOT / "docs" / "examples" / "j48-iris.log"


def environment(**more: str) -> dict[str, str]:
    src = str(ROOT / "src")
    path = os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, **more}


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "wekaeval.cli", *argv]


def session_processes(session: int) -> list[int]:
    """Every live process of a session (its id is the first process's), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session and fields[0] != "Z":  # fields after the name: state, ppid, pgrp, session
            found.append(int(entry.name))
    return found


def no_process_left(session: int, within: float = 10.0) -> bool:
    deadline = time.monotonic() + within
    while session_processes(session):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


class Running:
    """A ``wekaeval`` command in its own session, its stdout read line by line."""

    def __init__(self, argv: list[str], cwd: Path, **env: str):
        self.process = subprocess.Popen(
            command(*argv),
            cwd=cwd,
            env=environment(**env),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        self.lines: list[str] = []

    def read_until(self, predicate, timeout: float = 300) -> None:
        deadline = time.monotonic() + timeout
        assert self.process.stdout is not None
        while not predicate(self.lines):
            assert time.monotonic() < deadline, self.lines
            line = self.process.stdout.readline()
            assert line, f"the command ended early: {self.lines}, {self.process.stderr.read()}"  # type: ignore[union-attr]
            self.lines.append(line.rstrip("\n"))

    def finish(self, timeout: float = 120) -> tuple[int, str, str]:
        out, err = self.process.communicate(timeout=timeout)
        return self.process.returncode, "\n".join(self.lines) + out, err


def rows_printed(count: int):
    return lambda lines: sum(1 for line in lines[1:] if line.startswith("arff_samples/")) >= count


def check_marked(folder: Path, kind: str, rows: int | None = None) -> list[dict]:
    records = json.loads((folder / "out.json").read_text())
    assert records[-1]["kind"] == kind and records[-1]["dataset"] is None, records[-1]
    assert all(record["kind"] in ("identical", "skipped", "differ") for record in records[:-1])
    if rows is not None:
        assert len(records) - 1 >= rows
    with (folder / "out.csv").open(newline="") as handle:
        table = list(csv.DictReader(handle))
    assert len(table) == len(records) and table[-1]["kind"] == kind
    assert "Not finished" in (folder / "out.html").read_text()
    assert f"Not finished ({kind})" in (folder / "out.md").read_text()
    return records


OUTPUTS = ["--json", "out.json", "--csv", "out.csv", "--html", "out.html", "--markdown", "out.md"]


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A folder to run in, with the samples linked in (paths print as arff_samples/...)."""
    (tmp_path / "arff_samples").symlink_to(ARFF_SAMPLES)
    return tmp_path


# -- signals --------------------------------------------------------------------------------------------------------


@pytest.mark.jvm
@pytest.mark.parametrize(
    ("name", "number", "moment"),
    [
        ("SIGINT", signal.SIGINT, "rows"),
        ("SIGTERM", signal.SIGTERM, "rows"),
        ("SIGHUP", signal.SIGHUP, "rows"),
        ("SIGINT", signal.SIGINT, "header"),
    ],
)
def test_a_signal_ends_a_serial_run_cleanly(weka_jvm, workdir, name, number, moment):
    """Ctrl-C, SIGTERM or SIGHUP (the terminal closed) while the JVM works (or while it starts): the rows finished
    so far are written and marked, one line on stderr, 128 + the signal, no crash file, nothing left running."""
    data = ["arff_samples/iris.arff", "arff_samples/credit-g.arff"]
    run = Running(["parity", *data, *OUTPUTS], workdir)
    run.read_until(rows_printed(3) if moment == "rows" else (lambda lines: len(lines) >= 1))
    os.kill(run.process.pid, number)
    status, out, err = run.finish()
    assert status == 128 + number, (out, err)
    assert err.count("\n") == 1 and err.startswith(f"wekaeval: interrupted by {name} after "), err
    assert "Traceback" not in err and "marked interrupted" in err
    records = check_marked(workdir, "interrupted", 3 if moment == "rows" else 0)
    assert re.search(rf"by {name} after {len(records) - 1}( of 16)? rows", records[-1]["skipped"]), records[-1]
    assert not list(workdir.glob("hs_err_pid*")) and not list(workdir.glob("core*"))
    assert no_process_left(run.process.pid)


@pytest.mark.jvm
@pytest.mark.parametrize(("number", "to_group"), [(signal.SIGTERM, False), (signal.SIGINT, True)])
def test_a_signal_ends_the_workers_and_their_jvms(weka_jvm, workdir, number, to_group):
    """SIGTERM to the parent, or Ctrl-C to the whole process group as a terminal sends it: the workers and their
    JVMs end with the run.  Two workers run a job that never ends on its own, the third prints picnic's first two
    rows, so the signal always lands with work in flight, and no test waits for a whole run of real work."""
    data = ["arff_samples/picnic.arff", "arff_samples/weighted.arff"]
    slow = "weka.classifiers.functions.MultilayerPerceptron -N 2000000"
    classifiers = ["--classifier", "ZeroR", "--classifier", "OneR", "--classifier", slow]
    run = Running(["parity", *data, *classifiers, "--workers", "3", *OUTPUTS], workdir)
    run.read_until(rows_printed(2))
    workers = [pid for pid in session_processes(run.process.pid) if pid != run.process.pid]
    assert len(workers) >= 2
    (os.killpg if to_group else os.kill)(run.process.pid, number)
    status, out, err = run.finish()
    assert status == 128 + number, (out, err)
    assert err.count("\n") == 1 and "wekaeval: interrupted by" in err and "Traceback" not in err, err
    check_marked(workdir, "interrupted", 2)
    assert no_process_left(run.process.pid)


@pytest.mark.jvm
def test_a_lost_worker_is_one_line_and_its_own_exit_status(weka_jvm, workdir):
    """A worker killed with kill -9 (here while the other runs a long job): one line naming it, exit 5, the rows
    finished written and marked, the other worker ended too."""
    slow = "weka.classifiers.functions.MultilayerPerceptron -N 2000000"
    argv = ["parity", "arff_samples/iris.arff", "--classifier", "ZeroR", "--classifier", slow, "--workers", "2"]
    run = Running([*argv, *OUTPUTS], workdir)
    run.read_until(rows_printed(1))  # both workers are up: one ran ZeroR, the other runs the long job
    workers = [
        pid
        for pid in session_processes(run.process.pid)
        if pid != run.process.pid and b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    ]
    assert len(workers) == 2
    os.kill(workers[0], signal.SIGKILL)
    status, out, err = run.finish()
    assert status == 5, (out, err)
    assert err.count("\n") == 1 and err.startswith(f"wekaeval: error: worker process {workers[0]} was lost"), err
    assert "killed by SIGKILL" in err and "Traceback" not in err
    records = check_marked(workdir, "worker-lost", 1)
    assert records[0]["kind"] == "identical" and "was lost (killed by SIGKILL)" in records[-1]["skipped"]
    assert no_process_left(run.process.pid)


@pytest.mark.jvm
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_jvm_that_cannot_start_is_one_line_on_stderr(weka_jvm, workdir, workers):
    done = subprocess.run(
        command("parity", "arff_samples/picnic.arff", "--classifier", "ZeroR", "--workers", workers),
        cwd=workdir,
        env=environment(_JAVA_OPTIONS="-Xmx1k"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 4, done
    assert done.stderr.count("\n") == 1 and "the JVM cannot start" in done.stderr, done.stderr
    assert "Too small maximum heap" in done.stderr and "Error occurred" not in done.stdout
    assert not list(workdir.glob("hs_err_pid*"))


@pytest.mark.jvm
def test_wekaeval_jvm_options_reach_every_jvm_and_a_bad_one_is_one_line(weka_jvm, workdir):
    """WEKAEVAL_JVM_OPTIONS, split as a shell splits words, follows wekaeval's own options (a child Python reads its
    JVM's arguments); an option the JVM refuses, or an unclosed quote, is one line naming the variable, exit 4,
    from the command's JVM or its workers'."""
    script = (
        "import jpype; from wekaeval import bridge; bridge.start_jvm(); "
        "print(list(jpype.JClass('java.lang.management.ManagementFactory').getRuntimeMXBean().getInputArguments()))"
    )
    given = environment(WEKAEVAL_JVM_OPTIONS="-Dwekaeval.probe='two words' -XX:TieredStopAtLevel=1")
    done = subprocess.run([sys.executable, "-c", script], env=given, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stderr == "", done
    arguments = done.stdout.strip()
    assert "'-Dwekaeval.probe=two words', '-XX:TieredStopAtLevel=1']" in arguments and "-Xrs" in arguments
    for value, reason in [("-XX:+NoSuchOption", "Unrecognized VM option"), ("-Dx='open", "cannot be split")]:
        for workers in ("1", "2"):
            done = subprocess.run(
                command("parity", "arff_samples/picnic.arff", "--classifier", "ZeroR", "--workers", workers),
                cwd=workdir,
                env=environment(WEKAEVAL_JVM_OPTIONS=value),
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert done.returncode == 4 and done.stdout == "", done
            assert done.stderr.count("\n") == 1 and f"WEKAEVAL_JVM_OPTIONS={value!r}" in done.stderr, done.stderr
            assert reason in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_the_jvm_options_keep_signals_and_crash_files_away(tmp_path, monkeypatch):
    from wekaeval import bridge

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    options = bridge.jvm_options()
    assert "-Xrs" in options and "-XX:+DisplayVMOutputToStderr" in options and "-XX:-CreateCoredumpOnCrash" in options
    crash = [o for o in options if o.startswith("-XX:ErrorFile=")]
    assert crash == [f"-XX:ErrorFile={tmp_path / 'wekaeval' / 'crashes' / 'hs_err_pid%p.log'}"]
    assert (tmp_path / "wekaeval" / "crashes").stat().st_mode & 0o777 == 0o700


# -- timeouts -------------------------------------------------------------------------------------------------------


@pytest.mark.jvm
def test_a_job_over_its_time_limit_is_its_own_kind_of_row_and_the_run_goes_on(weka_jvm, workdir):
    slow = "weka.classifiers.functions.MultilayerPerceptron -N 2000000"
    # 5 s: ZeroR's job after the timeout runs in the replacement worker's fresh JVM, slow on a loaded machine
    argv = ["parity", "arff_samples/picnic.arff", "--classifier", slow, "--classifier", "ZeroR", "--timeout", "5"]
    started = time.monotonic()
    done = subprocess.run(
        command(*argv, "--json", "out.json"),
        cwd=workdir,
        env=environment(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done
    assert time.monotonic() - started < 120
    lines = done.stdout.splitlines()
    assert lines[1].endswith("timed out after 5 s") and lines[2].endswith("yes"), lines
    assert "1 identical, 0 skipped, 1 timed out, 0 differ" in done.stdout
    first, second = json.loads((workdir / "out.json").read_text())
    assert first["kind"] == "timeout" and first["timeout"] == 5.0 and first["identical"] is None
    assert (
        first["classifier"].startswith("weka.classifiers.functions.MultilayerPerceptron")
        and "-N 2000000" in first["classifier"]
    )
    assert first["class_names"] == ["yes", "no"] and first["instances"] == 14
    assert second["kind"] == "identical"
    only_slow = subprocess.run(
        command(*argv[:4], "--timeout", "2"),
        cwd=workdir,
        env=environment(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert only_slow.returncode == 3 and "nothing was compared" in only_slow.stderr  # nothing compared


# -- exit statuses --------------------------------------------------------------------------------------------------


@pytest.mark.jvm
def test_a_run_that_compared_nothing_is_not_a_success(weka_jvm, capsys):
    text = str(ARFF_SAMPLES / "text-test.arff")
    assert main(["parity", text, "--classifier", "J48"]) == 3
    out, err = capsys.readouterr()
    assert "0 identical, 1 skipped, 0 differ" in out
    assert err.startswith("wekaeval: error: nothing was compared: every row was skipped or timed out (--accept-skips")
    assert err.count("\n") == 1
    assert main(["parity", text, "--classifier", "J48", "--accept-skips"]) == 0


def test_the_exit_statuses_are_one_table_in_help_and_docs(capsys):
    from wekaeval.cli._common import EXIT_STATUSES

    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    page = (ROOT / "docs" / "exit-codes.md").read_text()
    for code, name, _ in EXIT_STATUSES:
        assert f"\n  {code:>3}  {name}" in out
        assert f"| {code} | {name} |" in page


# -- private cache folders ------------------------------------------------------------------------------------------


def test_cache_folders_are_private_and_checked(tmp_path, monkeypatch):
    from wekaeval.bridge import _jvm

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = _jvm._cache_dir()
    assert folder == tmp_path / "cache" / "wekaeval" and folder.stat().st_mode & 0o777 == 0o700
    open_to_all = tmp_path / "open"
    open_to_all.mkdir(mode=0o777)
    os.chmod(open_to_all, 0o777)
    assert not _jvm._private_folder(open_to_all)
    assert open_to_all.stat().st_mode & 0o777 == 0o777  # refused, not repaired: what others put there stays
    link = tmp_path / "link"
    link.symlink_to(folder)
    assert not _jvm._private_folder(link)
    group = tmp_path / "group-writable" / "wekaeval"
    group.parent.mkdir(mode=0o775)
    os.chmod(group.parent, 0o775)
    assert not _jvm._private_folder(group)  # another user of the group could swap the folder
    if os.getuid() == 0:
        theirs = tmp_path / "theirs"
        theirs.mkdir(mode=0o700)
        os.chown(theirs, 65534, 65534)
        assert not _jvm._private_folder(theirs)
    monkeypatch.setenv("XDG_CACHE_HOME", str(open_to_all))
    monkeypatch.setenv("HOME", "/nonexistent")
    monkeypatch.setattr(_jvm.tempfile, "tempdir", str(open_to_all))  # <temp>/wekaeval-<uid> under an open folder
    fallback = open_to_all / f"wekaeval-{os.getuid()}"
    fallback.mkdir(mode=0o777)
    os.chmod(fallback, 0o777)
    _jvm._fresh_private_folder.cache_clear()
    chosen = _jvm._cache_dir()
    assert chosen not in (open_to_all / "wekaeval", fallback) and chosen.stat().st_mode & 0o777 == 0o700
    assert _jvm._trusted_tree(chosen)
    (fallback / "planted").write_text("x")
    assert not _jvm._trusted_tree(fallback)
    _jvm._fresh_private_folder.cache_clear()


PLANTED = """package wekaeval.bridge;
public class Bulk {
    static { try { new java.io.File("%s").createNewFile(); } catch (Exception e) { } }
    public static double[] rows(java.util.List<?> predictions, int width) { return new double[0]; }
    public static double[] classRows(Object data) { return new double[0]; }
}
"""


@pytest.mark.jvm
@pytest.mark.parametrize("where", ["temp-fallback", "cache-group-writable"])
def test_a_planted_class_never_runs(weka_jvm, tmp_path, where):
    """A Bulk.class planted where wekaeval once loaded it from (the temp fallback's <temp>/wekaeval-<uid>, open to
    all; or a bulk folder others can write in the user's cache): never loaded; the run compiles its own."""
    from wekaeval import bridge
    from wekaeval.bridge import _jvm

    if shutil.which("javac") is None:
        pytest.skip("planting a class needs javac")
    marker = tmp_path / "the-planted-class-ran"
    temp = tmp_path / "temp"
    temp.mkdir()
    key = _jvm._bulk_key(bridge.weka_version(), bridge.java_version())
    if where == "temp-fallback":
        base = temp / f"wekaeval-{os.getuid()}"
        base.mkdir(mode=0o777)
        os.chmod(base, 0o777)
        env = {"HOME": "/nonexistent", "XDG_CACHE_HOME": "", "TMPDIR": str(temp)}
    else:
        base = tmp_path / "cache" / "wekaeval"
        base.mkdir(parents=True, mode=0o700)
        env = {"XDG_CACHE_HOME": str(tmp_path / "cache"), "TMPDIR": str(temp)}
    target = base / f"bulk-{key}"
    source = tmp_path / "src" / "wekaeval" / "bridge" / "Bulk.java"
    source.parent.mkdir(parents=True)
    source.write_text(PLANTED % marker)
    subprocess.run(["javac", "-d", str(target), str(source)], check=True, capture_output=True)
    for folder, _, files in os.walk(target):
        os.chmod(folder, 0o777 if where == "temp-fallback" else 0o775)
        for name in files:
            os.chmod(os.path.join(folder, name), 0o664)
    done = subprocess.run(
        command("parity", str(ARFF_SAMPLES / "picnic.arff"), "--classifier", "ZeroR"),
        env=environment(**env),
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0 and "1 identical" in done.stdout, done
    assert not marker.exists()
    assert (target / "wekaeval" / "bridge" / "Bulk.class").exists()  # left alone


# -- outputs --------------------------------------------------------------------------------------------------------


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_no_command_writes_over_its_inputs(tmp_path, capsys):
    log = tmp_path / "c.log"
    log.write_text(LOG.read_text())
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "a.log").write_text(LOG.read_text())
    (folder / "b.log").write_text(LOG.read_text())
    before = (folder / "b.log").read_bytes()
    cases = [
        (["report", str(log), "--html", str(log)], "--html", log),
        (["parse", "--csv", str(folder), "-o", str(folder / "b.log")], "--output", folder / "b.log"),
        (["parse", "--json", str(log), "-o", str(log)], "--output", log),
        (["parity", str(log), "--json", str(log)], "--json", log),
        (
            ["parity", str(ARFF_SAMPLES / "picnic.arff"), "--json", str(tmp_path / "x"), "--csv", str(tmp_path / "x")],
            "--csv",
            None,
        ),
        (["parity", str(ARFF_SAMPLES / "picnic.arff"), "--json", "-", "--csv", "-"], "standard output", None),
    ]
    for argv, option, untouched in cases:
        status, out, err = run_cli(capsys, *argv)
        assert status == 2 and err.count("\n") == 1 and option in err, (argv, err)
        if untouched is not None:
            assert untouched.read_bytes() == (before if untouched.parent == folder else LOG.read_bytes())
    assert not (tmp_path / "x").exists()
    status, out, err = run_cli(capsys, "parse", "--csv", str(folder), "-o", str(folder / "new.csv"))
    assert status == 0 and (folder / "new.csv").read_text().count("\n") == 5  # a new file beside the inputs is fine
    status, out, err = run_cli(capsys, "parse", "--csv", str(folder), "-o", str(folder / "new.csv"))
    assert status == 0 and (folder / "new.csv").read_text().count("\n") == 5  # and again: it is not WEKA's output
    (folder / "c.log").write_text(LOG.read_text())
    status, out, err = run_cli(capsys, "parse", "--csv", str(folder), "-o", str(folder / "c.log"))
    assert status == 2 and "one of the files to read (in " in err  # a WEKA output in the folder is an input
    assert (folder / "c.log").read_text() == LOG.read_text()


def test_outputs_are_atomic_and_a_failed_write_names_the_file(tmp_path, capsys, monkeypatch):
    from wekaeval.cli import _files

    out_csv = tmp_path / "all.csv"
    real = _files.csv_rows
    calls = []

    def interrupted(report):
        calls.append(report)
        if len(calls) == 2:
            raise KeyboardInterrupt
        yield from real(report)

    monkeypatch.setattr(_files, "csv_rows", interrupted)
    status, out, err = run_cli(capsys, "parse", "--csv", str(LOG), str(LOG), str(LOG), "-o", str(out_csv))
    assert status == 130 and not out_csv.exists() and list(tmp_path.iterdir()) == []  # no partial file, no temporary
    out_csv.write_text("old")
    calls.clear()
    status, out, err = run_cli(capsys, "parse", "--csv", str(LOG), str(LOG), "-o", str(out_csv))
    assert status == 130 and out_csv.read_text() == "old"  # an interrupted write leaves the old file whole
    monkeypatch.undo()
    status, out, err = run_cli(capsys, "parse", "--csv", str(LOG), "-o", str(out_csv))
    assert status == 0 and out_csv.read_text().startswith("file,encoding,check,")
    assert out_csv.stat().st_mode & 0o777 == 0o666 & ~_umask()
    blocked = tmp_path / "a-file" / "x.csv"
    (tmp_path / "a-file").write_text("")
    status, out, err = run_cli(capsys, "parse", "--csv", str(LOG), "-o", str(blocked))
    assert status == 2 and err == f"wekaeval: error: --output {blocked}: cannot write: Not a directory\n"
    status, out, err = run_cli(capsys, "report", str(LOG), "--html", str(tmp_path / "missing" / "r.html"))
    assert status == 2 and err.startswith(f"wekaeval: error: --html {tmp_path / 'missing' / 'r.html'}: cannot write")
    status, out, err = run_cli(capsys, "report", str(LOG), "--html", "-")
    assert status == 0 and out.startswith("<!DOCTYPE html>")
    status, out, err = run_cli(capsys, "parse", "--json", str(LOG), "-o", "-")
    assert status == 0 and json.loads(out)["source"] == str(LOG)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@pytest.mark.jvm
def test_json_dash_is_standard_output_and_the_table_goes_to_stderr(weka_jvm, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = run_cli(
        capsys, "parity", str(ARFF_SAMPLES / "picnic.arff"), "--classifier", "ZeroR", "--json", "-"
    )
    assert status == 0 and not (tmp_path / "-").exists()
    [row] = json.loads(out)
    assert row["kind"] == "identical" and row["class_names"] == ["yes", "no"]
    assert "identical, 0 skipped" in err and err.splitlines()[0].startswith("dataset")


# -- spreadsheets and Markdown --------------------------------------------------------------------------------------


def test_csv_text_cells_cannot_run_in_a_spreadsheet(tmp_path, capsys):
    from wekaeval.cli._common import spreadsheet_safe

    for dangerous in ("=1+1", "+cmd", "-2+3", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://x")'):
        assert spreadsheet_safe(dangerous) == "'" + dangerous
    for number in ("-0.5", "-1", "+2.5e-3", "-Infinity", "NaN", "0.94", 3, -1.5, None, "J48", "a=b"):
        assert spreadsheet_safe(number) == number
    log = tmp_path / "evil.log"
    original = (FIXTURES / "weka-3.7.7-explorer.txt").read_text()
    text = original.replace("Relation:     iris", 'Relation:     =HYPERLINK("http://evil","x")')
    assert text != original
    log.write_text(text)
    status, out, err = run_cli(capsys, "parse", "--csv", str(log))
    assert status == 0, err
    table = list(csv.DictReader(io.StringIO(out)))
    assert table and all(row["relation"] == '\'=HYPERLINK("http://evil","x")' for row in table)
    assert all(not cell.startswith(("=", "+", "@")) for row in table for cell in row.values())
    assert float(table[0]["kappa"]) == 0.8389  # numbers stay numbers


def test_no_file_name_can_end_the_markdown_command_block():
    import markdown

    from wekaeval.cli._parity import _markdown_report, command_block

    evil = "x.arff\n```\n# Injected heading\n````` <script>alert(1)</script>\t\x1b[31m"
    block = command_block(["parity", evil, "--markdown", "p.md"])
    assert len(block) == 3 and block[0].startswith("`" * 6) and block[2] == block[0][:-2]
    assert "\n" not in block[1] and "$'x.arff\\n```\\n# Injected heading\\n`````" in block[1]
    page = _markdown_report([(evil, "J48", "14", "0.1", "0.1", "yes")], "1 identical", [], ["parity", evil])
    rendered = markdown.markdown(page, extensions=["fenced_code", "tables"])
    assert "<h1>Injected heading</h1>" not in rendered and "<script>" not in rendered
    assert rendered.count("<h1>") == 1  # the page's own title only
    # the command pastes back into bash as the very same arguments
    bash = shutil.which("bash")
    if bash:
        printed = subprocess.run(
            [bash, "-c", f"printf '%s\\0' {block[1].removeprefix('wekaeval ')}"], capture_output=True
        ).stdout
        assert printed.split(b"\0")[:-1] == [b"parity", evil.encode(), b"--markdown", b"p.md"]
