"""Outputs and folder walks under hostile input (issue 33, findings 4, 5 and part of 11): every output checked
(never over an input, never one file for two outputs, ``-`` as standard output), folders that cannot be listed
and names that cannot be read reported (never skipped in silence, never exit 0), and names with control
characters escaped on the terminal while CSV and JSON keep them whole."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
from pathlib import Path

import pytest

from tests.paths import ROOT
from wekaeval.cli import main
from wekaeval.cli._common import one_line, shown, shown_lines

EXAMPLE_LOG = ROOT / "docs" / "examples" / "j48-iris.log"
EXPERIMENT = ROOT / "docs" / "examples" / "experiment.arff"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("wekaeval: error: "), err
    return lines[0]


def tampered_log() -> str:
    """The example log with its cross-validation kappa changed: `check` finds it inconsistent."""
    text = EXAMPLE_LOG.read_text(encoding="utf-8")
    start = text.index("=== Stratified cross-validation ===")
    return text[:start] + text[start:].replace("0.94  ", "0.55  ", 1)


# -- finding 5: ttest's outputs -------------------------------------------------------------------------------------


@pytest.fixture
def results(tmp_path: Path) -> Path:
    path = tmp_path / "results.arff"
    shutil.copyfile(EXPERIMENT, path)
    return path


def test_ttest_html_over_its_result_file_is_refused_and_the_file_kept(capsys, results, tmp_path):
    before = results.read_bytes()
    status, out, err = run(capsys, "ttest", str(results), "--html", str(results))
    assert status == 2 and out == ""
    assert "--html" in one_error_line(err) and "one of the files to read" in err
    assert results.read_bytes() == before
    # the same file by another name (a hard link, a path through ..) is refused too
    os.link(results, tmp_path / "linked.arff")
    for other in (tmp_path / "linked.arff", tmp_path / ".." / tmp_path.name / "results.arff"):
        status, _, err = run(capsys, "ttest", str(results), "--html", str(other))
        assert status == 2 and "one of the files to read" in one_error_line(err)
    assert results.read_bytes() == before


def test_ttest_chart_and_html_on_one_file_are_refused_before_anything_is_written(capsys, results, tmp_path):
    page = tmp_path / "x.svg"
    status, out, err = run(capsys, "ttest", str(results), "--chart", str(page), "--html", str(page))
    assert status == 2 and out == ""
    assert "also --html's file" in one_error_line(err) or "also --chart's file" in err
    assert not page.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.arff"]


def test_ttest_html_dash_is_standard_output_and_the_analysis_goes_to_stderr(capsys, results, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "ttest", str(results), "--html", "-")
    assert status == 0
    assert out.startswith("<!DOCTYPE html>") and out.endswith("</html>\n")
    assert "Analysing:  Percent_correct" in err and "Analysing" not in out
    assert not (tmp_path / "-").exists()


def test_ttest_chart_dash_is_refused_with_a_reason(capsys, results, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "ttest", str(results), "--chart", "-")
    assert status == 2 and out == ""
    assert ".png, .svg or .pdf file" in one_error_line(err)
    assert not (tmp_path / "-").exists()


def test_ttest_chart_that_cannot_be_written_names_the_option(capsys, results, tmp_path):
    pytest.importorskip("matplotlib")
    status, _, err = run(capsys, "ttest", str(results), "--chart", str(tmp_path / "no" / "x.png"))
    assert status == 2 and "--chart" in one_error_line(err) and "cannot write" in err


def test_experiment_result_file_is_checked_against_its_datasets(capsys, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    dataset = data / "iris.arff"
    shutil.copyfile(ROOT / "arff_samples" / "iris.arff", dataset)
    before = dataset.read_bytes()
    scheme = "weka.classifiers.rules.ZeroR"
    for argv, expected in (
        (["experiment", str(dataset), "-o", str(dataset)], "-o "),  # a dataset named
        (["experiment", str(data), "-o", str(dataset)], "-o "),  # a dataset found in a folder named
        (["experiment", str(dataset), "-o", "-"], "-o -: the result file is read back"),
        (["experiment", str(dataset), "-o", str(data)], "is a folder"),
    ):
        status, out, err = run(capsys, *argv, "-s", scheme)
        assert status == 2 and out == "" and expected in one_error_line(err)
    assert dataset.read_bytes() == before


# -- finding 4: folders that cannot be read ------------------------------------------------------------------------


@pytest.fixture
def unlistable(monkeypatch):
    """Folders named ``locked`` cannot be listed, as a folder without read permission for a user who is not root
    (the tests may run as root, whom permissions do not stop): os.scandir fails as the kernel would."""
    real = os.scandir

    def scandir(path=".", *args, **kwargs):
        if Path(os.fspath(path)).name == "locked":
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "scandir", scandir)


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    """A consistent log, and an inconsistent one inside a subfolder ``locked``."""
    folder = tmp_path / "logs"
    (folder / "locked").mkdir(parents=True)
    shutil.copyfile(EXAMPLE_LOG, folder / "a.log")
    (folder / "locked" / "b.log").write_text(tampered_log(), encoding="utf-8")
    return folder


def test_the_inconsistent_log_is_found_when_its_folder_can_be_listed(capsys, logs):
    status, out, _ = run(capsys, "check", str(logs))
    assert status == 1 and "locked/b.log:line 65" in out


def test_a_subfolder_that_cannot_be_listed_is_an_error_row_and_check_exits_2(capsys, logs, unlistable):
    status, out, err = run(capsys, "check", str(logs))
    assert status == 2
    assert one_error_line(err) == f"wekaeval: error: {logs / 'locked'}: cannot list the folder: Permission denied"
    assert "2 files: 1 consistent" in out and "1 unreadable" in out
    status, out, err = run(capsys, "parse", "--csv", str(logs))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 2 and [(row["file"], row["check"]) for row in rows if row["check"] == "error"] == [
        (str(logs / "locked"), "error")
    ]
    assert rows[-1]["error"].endswith("cannot list the folder: Permission denied")
    status, out, _ = run(capsys, "parse", "--json", str(logs))
    assert status == 2 and [doc["source"] for doc in json.loads(out) if "error" in doc] == [str(logs / "locked")]


def test_a_folder_named_that_cannot_be_listed_is_reported_not_empty(capsys, tmp_path, unlistable):
    (tmp_path / "locked").mkdir()
    status, _, err = run(capsys, "check", str(tmp_path / "locked"))
    assert status == 2 and "cannot list the folder: Permission denied" in one_error_line(err)


def test_a_broken_link_and_a_named_pipe_in_a_folder_are_error_rows(capsys, logs):
    (logs / "gone.log").symlink_to(logs / "missing.log")
    (logs / "self.log").symlink_to(logs / "self.log")  # a link that loops
    os.mkfifo(logs / "pipe.log")  # read, it would wait for a writer for ever
    (logs / "loop").symlink_to(logs)  # a link to a folder: not followed, so no loop
    (logs / "ignored.txt").symlink_to(logs / "missing.txt")  # not matched by --glob
    status, out, err = run(capsys, "check", "--glob", "*.log", str(logs))
    assert status == 2
    assert err.splitlines() == [
        f"wekaeval: error: {logs / 'gone.log'}: a broken link to {logs / 'missing.log'}: No such file or directory",
        f"wekaeval: error: {logs / 'pipe.log'}: not a regular file (a named pipe); not read",
        f"wekaeval: error: {logs / 'self.log'}: a broken link to {logs / 'self.log'}: Too many levels of symbolic "
        "links",
    ]
    assert "5 files: 1 consistent, 1 with inconsistencies, 3 unreadable" in out  # each log once: no loop


def test_parity_and_experiment_folders_refuse_what_they_cannot_read(capsys, tmp_path, unlistable):
    data = tmp_path / "data"
    data.mkdir()
    shutil.copyfile(ROOT / "arff_samples" / "iris.arff", data / "iris.arff")
    (data / "zoo.arff").symlink_to(data / "missing.arff")
    (tmp_path / "locked").mkdir()
    for folder, expected in ((data, "zoo.arff: a broken link"), (tmp_path / "locked", "cannot list the folder")):
        for argv in (["parity", str(folder)], ["experiment", str(folder), "-s", "weka.classifiers.rules.ZeroR"]):
            status, out, err = run(capsys, *argv, "-o" if argv[0] == "experiment" else "--json", str(tmp_path / "o"))
            assert status == 2 and expected in one_error_line(err), (argv, err)
            assert not (tmp_path / "o").exists()


# -- finding 11 (part): names on the terminal ----------------------------------------------------------------------


def test_shown_escapes_what_a_terminal_would_act_on_and_keeps_ordinary_names():
    for ordinary in ("run 1.log", "r\u00e9sum\u00e9 \u65e5\u672c.log", "caf\u00e9\u00a0x", "a\\b"):
        assert shown(ordinary) == ordinary
    assert shown("a\x1b[31mb\nc\rd\te\x7f\x85\u2028\u202eg") == "a\\x1b[31mb\\nc\\rd\\te\\x7f\\x85\\u2028\\u202eg"
    assert shown(os.fsdecode(b"caf\xe9.log")) == "caf\\xe9.log"  # a name that is not UTF-8: its byte
    assert shown_lines("a\x1bb\nc\n") == "a\\x1bb\nc\n"
    assert one_line("a\tb\nc") == "a b\\nc"


HOSTILE = "red\x1b[31m\nline\u202e.log"


def test_control_characters_in_file_names_are_escaped_on_the_terminal_and_kept_in_csv(capsys, tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copyfile(EXAMPLE_LOG, folder / HOSTILE)
    (folder / ("not weka" + HOSTILE)).write_text("hello\n", encoding="utf-8")
    status, out, err = run(capsys, "check", str(folder))
    assert status == 2
    for stream in (out, err):
        assert "\x1b" not in stream and "\u202e" not in stream
    assert f"{folder}/red\\x1b[31m\\nline\\u202e.log: consistent" in out
    assert "not wekared\\x1b[31m\\nline\\u202e.log" in one_error_line(err)
    status, out, err = run(capsys, "parse", str(folder / HOSTILE))  # the digest too
    assert status == 0 and "\x1b" not in out and out.startswith(f"{folder}/red\\x1b[31m\\nline\\u202e.log: 2 sections")
    status, out, _ = run(capsys, "parse", "--csv", str(folder))  # data outputs keep the true name
    assert {row["file"] for row in csv.DictReader(io.StringIO(out, newline=""))} == {
        str(folder / HOSTILE),
        str(folder / ("not weka" + HOSTILE)),
    }


def test_an_error_naming_a_hostile_file_is_one_escaped_line(capsys, tmp_path):
    missing = tmp_path / HOSTILE
    for argv in (["check", str(missing)], ["ttest", str(missing)], ["summarise", str(missing)]):
        status, out, err = run(capsys, *argv)
        line = one_error_line(err)
        assert status == 2 and "\x1b" not in line and "red\\x1b[31m\\nline\\u202e.log" in line, argv


def test_ttest_errors_speak_the_command_lines_words_and_name_the_file(capsys, results):
    for argv, expected in (
        (["--base", "9"], f"--base 9: {results} holds 3 result sets, numbered 1 to 3"),
        (["--sort-by", "Nope"], f"--sort-by: no column 'Nope' in {results}"),
        (["--measure", "Key_Dataset"], f"--measure: column 'Key_Dataset' (1) of {results} is not numeric"),
    ):
        status, out, err = run(capsys, "ttest", str(results), *argv)
        assert status == 2 and out == "" and expected in one_error_line(err), err


@pytest.mark.parametrize("pattern", ["", "/logs/*.log"])
def test_a_glob_that_is_no_pattern_of_names_is_a_usage_error(capsys, logs, pattern):
    status, out, err = run(capsys, "check", "--glob", pattern, str(logs))
    assert status == 2 and out == "" and "--glob" in one_error_line(err)


def test_ttest_chart_pdf_is_drawn_and_a_gif_refused_before_the_analysis(capsys, results, tmp_path):
    """Issue 35, item 8: PDF offered; a suffix the chart cannot take refused before anything is printed."""
    pytest.importorskip("matplotlib")
    status, out, err = run(capsys, "ttest", str(results), "--chart", str(tmp_path / "c.pdf"))
    assert status == 0 and (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF-")
    status, out, err = run(capsys, "ttest", str(results), "--chart", str(tmp_path / "c.gif"))
    assert status == 2 and out == "" and ".png, .svg or .pdf" in one_error_line(err)
    assert not (tmp_path / "c.gif").exists()
