"""The command line's one-line rule, fuzzed: for every command and option, with small and odd files, the
outcome is a success or an error that is one line on stderr with exit status 2 (or another status of the
table in docs/exit-codes.md) — never a traceback, never an internal error (70).

hypothesis draws a command, then a list of words: the command's own options (read from its parser, so new
options are fuzzed too) and values from a pool of files written afresh for each example (empty, binary, NUL
bytes, one very long line, UTF-16 with a byte-order mark, a cut WEKA log, a good one, an ARFF, a broken ARFF,
a CSV, a folder, a missing path) and of odd words.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.paths import ROOT
from wekaeval.cli import main
from wekaeval.cli._main import build_parser

LOG = (ROOT / "docs" / "examples" / "j48-iris.log").read_text()
ARFF = "@relation r\n@attribute x numeric\n@attribute c {a,b}\n@data\n1,a\n2,b\n3,a\n4,b\n5,a\n6,b\n"
EXPERIMENT = ROOT / "docs" / "examples" / "experiment.arff"

FILES: dict[str, bytes] = {
    "empty.txt": b"",
    "binary.bin": bytes(range(256)) * 4,
    "nul.log": LOG[:600].encode() + b"\0\0\0" + LOG[600:].encode(),
    "long-line.log": b"=" * 200_000 + b"\n",
    "utf16.log": "\ufeff".encode("utf-16-le") + LOG.encode("utf-16-le"),
    "cut.log": LOG.encode()[: len(LOG) // 2],
    "weka.log": LOG.encode(),
    "data.arff": ARFF.encode(),
    "broken.arff": b"@relation r\n@attribute x numeric\n@data\n1,2,3\n'unterminated\n",
    "predictions.csv": b"predicted\na\nb\na\nb\na\nb\n",
    "odd.csv": b'a,"b\n1,2\n',
    "crlf.log": LOG.replace("\n", "\r\n").encode(),
}
WORDS = [
    "",
    "-",
    "--",
    "0",
    "1",
    "-1",
    "2",
    "1e308",
    "nan",
    "inf",
    "x",
    "J48",
    "ZeroR",
    "10,7;5,8",
    "1,2;3",
    "a,b",
    "utf-8",
    "utf-16",
    "cp1252",
    "rot13",
    "zlib",
    "last",
    "first",
    "Percent_correct",
    "0.05",
    "1.5",
    "é",
    "\t",
    " ",
]


def _options(parser: argparse.ArgumentParser) -> dict[str, list[str]]:
    """Each command's option strings (and the global ones under "")."""
    found: dict[str, list[str]] = {"": []}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found[name] = [o for a in sub._actions for o in a.option_strings]
        else:
            found[""] += action.option_strings
    return found


OPTIONS = _options(build_parser())
FILE_COMMANDS = [name for name in OPTIONS if name not in ("", "parity")]


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@pytest.fixture(scope="module", autouse=True)
def in_a_scratch_folder(tmp_path_factory: pytest.TempPathFactory):
    """Run from a folder of its own: a drawn word is often a relative path (``.``, ``é``), and a command may
    read the folder it names or write an output there -- never the project's own tree."""
    before = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("fuzz-cwd"))
    yield
    os.chdir(before)


def lay_out(folder: Path) -> list[str]:
    """The pool's files written afresh (an example may have written over one), as paths to draw from."""
    for old in list(folder.iterdir()):
        if old.is_dir():
            shutil.rmtree(old)
        else:
            old.unlink()
    for name, content in FILES.items():
        (folder / name).write_bytes(content)
    (folder / "logs").mkdir()
    (folder / "logs" / "a.log").write_bytes(FILES["weka.log"])
    (folder / "logs" / "b.log").write_bytes(FILES["cut.log"])
    shutil.copy(EXPERIMENT, folder / "experiment.arff")
    names = [*FILES, "logs", "experiment.arff", "missing.log", "out.html", "out.csv", "out.json"]
    return [str(folder / name) for name in names]


def words(command: str) -> st.SearchStrategy[list[str]]:
    return st.lists(
        st.one_of(
            st.sampled_from(OPTIONS[command] + OPTIONS[""]),
            st.sampled_from(range(len(FILES) + 6)).map(lambda i: f"@file{i}"),
            st.sampled_from(WORDS),
            st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\0"), max_size=8),
        ),
        max_size=7,
    )


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def check_outcome(argv: list[str], status: int, err: str) -> None:
    assert status in (0, 1, 2, 3, 4, 141), (argv, status, err)  # 70 would be a bug
    if status != 0:
        lines = err.rstrip("\n").split("\n")
        assert lines and lines[-1].startswith("wekaeval: error: "), (argv, status, err)
    if status == 2:
        assert err.count("\n") >= 1 and "Traceback" not in err, (argv, err)
        if not any(a in argv for a in ("parse", "check")):  # these list each unreadable file, one line each
            # one error line; a warning that came before it (say, --encoding auto reading cp1252) is its own line
            errors = [line for line in err.splitlines() if not line.startswith("wekaeval: warning: ")]
            assert len(errors) == 1, (argv, err)


def resolve(tokens: list[str], paths: list[str]) -> list[str]:
    return [paths[int(t[5:]) % len(paths)] if t.startswith("@file") else t for t in tokens]


@settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(command=st.sampled_from(FILE_COMMANDS), data=st.data())
def test_every_command_keeps_the_one_line_rule(pool, command, data):
    paths = lay_out(pool)
    tokens = data.draw(words(command))
    argv = [command, *resolve(tokens, paths)]
    if command == "platform" and "--measure" in argv:
        argv.remove("--measure")  # runs RCPPS: tested in tests/javamath/test_javamath_platform.py
    status, _, err = run(argv)
    check_outcome(argv, status, err)


@pytest.mark.jvm
@settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_parity_keeps_the_one_line_rule(weka_jvm, pool, data):
    paths = lay_out(pool)
    tokens = data.draw(words("parity"))
    argv = ["parity", *resolve(tokens, paths)]
    for option in ("--workers", "--timeout"):  # worker processes start JVMs of their own: tested in test_faults
        while option in argv:
            argv.remove(option)
    if "--classifier" not in argv:
        argv += ["--classifier", "ZeroR"]
    if not any(a.endswith(".arff") or a.endswith("logs") for a in argv):
        argv.append(paths[list(FILES).index("data.arff")])
    status, _, err = run(argv)
    check_outcome(argv, status, err)
