"""WEKA's command lines, many in one child JVM, each printing what ``java <class> <args>`` prints on its own.

A separate ``java`` per command line costs about 0.7-1 CPU-second to start the JVM and load WEKA before a
fraction of a second of work; the report tests run dozens.  :func:`print_all` starts one JVM with the same
options (``tests/oracles/java/CommandLines.java``) that calls each class's ``main`` in turn, with System.out
and System.err caught per run, and hands back each run's bytes.  WEKA's ``main`` methods used here return
(``AbstractClassifier.runClassifier`` and ``Experiment.main`` print and never call System.exit; a main that
did would end the driver, and :func:`print_all` says which run).  What differs from separate processes: a
message a JVM prints once (a class's static set-up, like netlib's ARPACK and BLAS logging warnings) lands in
the stderr of the first run that triggers it, and the "Time taken to ..." lines differ as between any two
processes.  Every command line the tests run this way was compared with separate ``java`` processes (stdout,
stderr, status; in order, repeated and reversed in one JVM); tests/report/test_weka_command_lines.py keeps
doing so for one run per locale family.

>>> frame(["weka.core.Version"])
b'\\x00\\x00\\x00\\x01\\x00\\x00\\x00\\x11weka.core.Version'
"""

from __future__ import annotations

import os
import shlex
import struct
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tests.paths import JAVA_SOURCES

ADD_OPENS = "--add-opens=java.base/java.lang=ALL-UNNAMED"
NO_PACKAGES = "-Dweka.packageManager.loadPackages=false"
"""WEKA loads no installed packages (the user's WEKA home stays out of the outputs)."""
SOURCE = JAVA_SOURCES / "CommandLines.java"
CLASS = "wekaeval.tests.CommandLines"


def suite_jvm_options() -> list[str]:
    """What the suite gives the JVMs of the processes it starts (tests/conftest.py's SUITE_JVM_OPTIONS, set as
    WEKAEVAL_JVM_OPTIONS once the session's JVM runs), for the ``java`` command lines it starts itself."""
    return shlex.split(os.environ.get("WEKAEVAL_JVM_OPTIONS", ""))


@dataclass(frozen=True)
class Printed:
    """What one command line printed, and 0 when its ``main`` returned (1: it threw; stderr says what)."""

    stdout: bytes
    stderr: bytes = field(repr=False)
    status: int

    def text(self, encoding: str = "utf-8") -> str:
        """stdout decoded as ``subprocess.run(..., text=True)`` decodes it (universal newlines)."""
        return decoded(self.stdout, encoding)

    def error_text(self, encoding: str = "utf-8") -> str:
        return decoded(self.stderr, encoding)


def decoded(data: bytes, encoding: str = "utf-8") -> str:
    """``data`` as text mode reads it: decoded, ``\\r\\n`` and ``\\r`` read as ``\\n``."""
    return data.decode(encoding).replace("\r\n", "\n").replace("\r", "\n")


def frame(command_line: Sequence[str]) -> bytes:
    """One command line as the driver reads it: a count, then each word's UTF-8 length and bytes (big-endian)."""
    words = [word.encode("utf-8") for word in command_line]
    return struct.pack(">i", len(words)) + b"".join(struct.pack(">i", len(w)) + w for w in words)


def unframe(data: bytes, runs: int) -> list[Printed]:
    """The driver's answers: status, stdout, stderr per run; fewer than ``runs`` if the JVM stopped early."""
    found: list[Printed] = []
    offset = 0
    while len(found) < runs and offset + 4 <= len(data):
        (status,) = struct.unpack_from(">i", data, offset)
        offset += 4
        parts = []
        for _ in range(2):
            if offset + 4 > len(data):
                return found
            (length,) = struct.unpack_from(">i", data, offset)
            if offset + 4 + length > len(data):
                return found
            parts.append(data[offset + 4 : offset + 4 + length])
            offset += 4 + length
        found.append(Printed(parts[0], parts[1], status))
    return found


@cache
def driver_directory() -> Path:
    """The compiled driver (the test JVM, which must be running, compiles it once per process)."""
    from tests.oracles.jvm_classes import compiled_directory

    return compiled_directory(SOURCE)


def print_all(
    command_lines: Sequence[Sequence[str]],
    jvm_options: Sequence[str] = (ADD_OPENS,),
    *,
    cwd: Path | None = None,
    timeout: float = 600,
) -> list[Printed]:
    """Run each ``[class, *arguments]`` in order in one ``java <jvm_options> -cp <driver>:<WEKA>`` process.

    Raises RuntimeError naming the first command line without an answer when the JVM stops early (a
    System.exit, a crash) or fails.
    """
    from wekaeval import bridge

    classpath = f"{driver_directory()}:{bridge.weka_classpath()}"
    command = ["java", *suite_jvm_options(), *jvm_options, "-cp", classpath, CLASS]
    stdin = b"".join(frame(line) for line in command_lines)
    done = subprocess.run(command, input=stdin, capture_output=True, timeout=timeout, cwd=cwd)
    found = unframe(done.stdout, len(command_lines))
    if len(found) < len(command_lines) or done.returncode != 0:
        missing = command_lines[len(found)] if len(found) < len(command_lines) else None
        raise RuntimeError(
            f"the command-line driver stopped (exit {done.returncode}) after {len(found)} of {len(command_lines)}"
            f" runs{f', at {list(missing)}' if missing else ''}: {decoded(done.stderr, 'utf-8')[-800:]}"
        )
    return found


def print_texts(
    command_lines: Sequence[Sequence[str]], jvm_options: Sequence[str] = (ADD_OPENS,), *, cwd: Path | None = None
) -> list[str]:
    """Each command line's stdout as text (:func:`print_all`); RuntimeError if one's ``main`` failed."""
    texts = []
    for line, printed in zip(command_lines, print_all(command_lines, jvm_options, cwd=cwd), strict=True):
        if printed.status != 0:
            raise RuntimeError(f"{list(line)} failed: {printed.error_text()[-800:]}")
        texts.append(printed.text())
    return texts


def print_separately(
    command_line: Sequence[str], jvm_options: Sequence[str] = (ADD_OPENS,), *, cwd: Path | None = None
) -> Printed:
    """The same command line as its own ``java`` process: the reference :func:`print_all` is checked against."""
    from wekaeval import bridge

    command = ["java", *suite_jvm_options(), *jvm_options, "-cp", bridge.weka_classpath(), *command_line]
    done = subprocess.run(command, capture_output=True, timeout=600, cwd=cwd)
    return Printed(done.stdout, done.stderr, 0 if done.returncode == 0 else 1)
