"""What the commands share: usage errors, exit codes, argument types and the encoding option."""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from wekaeval._textsource import auto_rule, check_encoding
from wekaeval.errors import MatrixError

USAGE_ERROR = 2


CLOSED_PIPE = 128 + 13  # what a shell reports for a process SIGPIPE ended; 1 would read as "inconsistencies found"


DEFAULT_SAMPLES = "arff_samples"


class UsageError(Exception):
    """A bad command line: one line for stderr."""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors and no abbreviations: ``--class`` is never taken as ``--classifier``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:  # one line, not argparse's usage block
        raise UsageError(f"{message} (see {self.prog} --help)")


def parse_matrix(text: str) -> list[list[float]]:
    """``"10,7;5,8"`` -> ``[[10.0, 7.0], [5.0, 8.0]]``: rows split by ``;``, cells by ``,``."""
    rows = []
    for i, row in enumerate(text.split(";"), start=1):
        try:
            rows.append([float(cell) for cell in row.split(",")])
        except ValueError:
            raise MatrixError(f"--matrix: row {i} ({row.strip()!r}) is not a comma-separated list of numbers") from None
        if len(rows[-1]) != len(rows[0]):
            raise MatrixError(f"--matrix: row {i} has {len(rows[-1])} values, row 1 has {len(rows[0])}")
    return rows


def class_attribute(text: str) -> str:
    """``-c``/``--class``: a name, a 1-based index, ``first`` or ``last``, as WEKA's ``-c``.

    The data checks it later; an index below 1 is refused here, before any file is read.
    """
    if text.isascii() and text.isdigit() and int(text) < 1:
        raise argparse.ArgumentTypeError("attribute indices start at 1, as in WEKA's -c")
    return text


def json_ready(value: Any) -> Any:
    """Nested dicts and lists for JSON, their NaN and infinities as WEKA's words for them."""
    if isinstance(value, float):
        return json_float(value)
    if isinstance(value, dict):
        return {key: json_ready(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_ready(item) for item in value]
    return value


def probability_level(text: str) -> float:
    """``--alpha``: a number strictly between 0 and 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"must be strictly between 0 and 1, got {text}")
    return value


def class_names_list(text: str) -> list[str]:
    """``--class-names``: comma-separated names, ``"cat,dog"``."""
    return [name.strip() for name in text.split(",")]


def arff_paths(arguments: Sequence[str]) -> list[Path]:
    """ARFF files named, or found in the directories named (sorted); the project's samples by default."""
    paths = []
    for argument in arguments or [DEFAULT_SAMPLES]:
        path = Path(argument)
        if path.is_dir():
            paths += sorted(path.glob("*.arff"))
        elif path.is_file():
            paths.append(path)
        else:
            raise UsageError(f"parity: no such ARFF file or directory: {argument}")
    if not paths:
        raise UsageError(f"parity: no .arff files in {', '.join(arguments or [DEFAULT_SAMPLES])}")
    return paths


def format_kappa(value: float | None, prefix: str = "") -> str:
    return "-" if value is None else prefix + repr(value)


def json_float(value: float) -> float | str:
    """JSON has no NaN or Infinity: they become WEKA's words for them."""
    if math.isnan(value):
        return "NaN"
    return value if math.isfinite(value) else ("Infinity" if value > 0 else "-Infinity")


def encoding(text: str) -> str:
    """``--encoding``: ``auto`` or a text codec Python knows (``cp1252``, ``latin-1``, ``big5``, ...)."""
    try:
        check_encoding(text)
    except LookupError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def add_encoding(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--encoding",
        type=encoding,
        default="utf-8",
        help="the files' text encoding (default utf-8; e.g. cp1252; auto: " + auto_rule() + ")",
    )


FILES_HELP = "WEKA's outputs saved as text, or folders of them (the files directly inside, sorted)"
