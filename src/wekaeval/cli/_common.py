"""What the commands share: usage errors, exit codes, argument types, the encoding option, and writing outputs
(atomically, never over an input, ``-`` for stdout, spreadsheet-safe CSV cells)."""

from __future__ import annotations

import argparse
import codecs
import difflib
import fnmatch
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, NoReturn

from wekaeval._atomic import atomic_output, write_atomically
from wekaeval._paths import unreadable_entry
from wekaeval._textsource import auto_rule, check_encoding
from wekaeval.cli._words import OptionWordError, in_command_words, option_words
from wekaeval.errors import MatrixError, WekaevalError

DIFFER = 1
USAGE_ERROR = 2
NOTHING_COMPARED = 3
WEKA_UNAVAILABLE = 4
WORKER_LOST = 5
ROWS_MISSING = 6
INTERNAL_ERROR = 70  # sysexits' EX_SOFTWARE: a bug in wekaeval, never the input's fault
HANGUP = 128 + 1  # SIGHUP: the terminal closed
INTERRUPTED = 128 + 2  # SIGINT, as a shell reports it
TERMINATED = 128 + 15  # SIGTERM
CLOSED_PIPE = 128 + 13  # what a shell reports for a process SIGPIPE ended; 1 would read as "inconsistencies found"

#: Every exit status of ``wekaeval``, in the order of the table in ``--help`` and docs/exit-codes.md.
EXIT_STATUSES = (
    (0, "identical", "done: parity: every row compared is identical; check: every file consistent"),
    (DIFFER, "differ", "parity: some row differs from WEKA; check: a printed value contradicts its matrix"),
    (USAGE_ERROR, "usage error", "a bad command line or input (option, file, classifier, class attribute, ...)"),
    (
        NOTHING_COMPARED,
        "could not check",
        "parity compared nothing: every row skipped or timed out (--accept-skips makes this 0)",
    ),
    (
        WEKA_UNAVAILABLE,
        "could not check",
        "WEKA cannot run: no Java, no python-weka-wrapper3, a JVM that cannot start or runs out of heap",
    ),
    (WORKER_LOST, "could not check", "parity, experiment: a worker process or its JVM was lost (killed, crashed)"),
    (ROWS_MISSING, "rows missing", "experiment: a scheme failed on a dataset; every other row is written"),
    (INTERNAL_ERROR, "internal error", "a bug in wekaeval (one line; the traceback saved to a file it names)"),
    (HANGUP, "interrupted", "SIGHUP (the terminal closed): as SIGINT"),
    (INTERRUPTED, "interrupted", "SIGINT (Ctrl-C): the rows finished so far are written, marked interrupted"),
    (CLOSED_PIPE, "closed pipe", "the output went into a closed pipe (| head): ended quietly"),
    (TERMINATED, "interrupted", "SIGTERM: as SIGINT"),
)


def one_line(text: str, limit: int = 300) -> str:
    """An error message as one line, in the command line's words (:func:`in_command_words`: options, not Python
    parameters): a tab as a space, line breaks and other control characters (in a file name, say) escaped as
    :func:`shown` escapes them, at most about ``limit`` characters."""
    shown_text = shown(in_command_words(text).replace("\t", " "))
    return shown_text if len(shown_text) <= limit else shown_text[: limit - 3] + "..."


#: What a terminal must not be sent raw: C0 and C1 control characters (a newline, ESC starting an escape sequence,
#: NEL), line and paragraph separators, bidirectional overrides and marks (text shown in another order than it is),
#: and lone surrogates (a file name's bytes that are not UTF-8).
_UNSAFE = "\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff"
_UNSAFE_CHARACTER = re.compile(f"[\x00-\x1f{_UNSAFE}]")
_UNSAFE_IN_LINES = re.compile(f"[\x00-\x09\x0b-\x1f{_UNSAFE}]")  # a newline kept


def _escaped(found: re.Match[str]) -> str:
    character = found.group()
    if "\udc80" <= character <= "\udcff":  # a byte of a file name that is not UTF-8 (Python's surrogateescape)
        return f"\\x{ord(character) - 0xDC00:02x}"
    return repr(character)[1:-1]


def shown(text: str) -> str:
    """A name or path as the terminal is sent it: what :data:`_UNSAFE` lists escaped as Python writes it
    (``\\n``, ``\\x1b``, ``\\u202e``; a byte of a file name that is not UTF-8 as ``\\xff``); spaces and letters of
    any script unchanged.  Only what goes to a terminal; CSV and JSON keep the true name.

    >>> shown("run 1/r\u00e9sum\u00e9.log"), shown("a\\x1b[31mb\\nc.log")
    ('run 1/résumé.log', 'a\\\\x1b[31mb\\\\nc.log')
    """
    return _UNSAFE_CHARACTER.sub(_escaped, text)


def shown_lines(text: str) -> str:
    """:func:`shown` for a text of many lines: its newlines kept, every other control character escaped."""
    return _UNSAFE_IN_LINES.sub(_escaped, text)


def warning_line(message: Warning | str, *args: Any, **kwargs: Any) -> None:
    """A warning (a file read as cp1252 by ``--encoding auto``, a repaired result file) as one line on stderr, as
    errors are: ``warnings.showwarning`` while a command runs."""
    print(f"wekaeval: warning: {one_line(str(message), 2000)}", file=sys.stderr)


def exit_status_table() -> str:
    """The exit statuses as the ``--help`` epilog prints them."""
    lines = ["exit status:"]
    lines += [f"  {code:>3}  {name:<16} {meaning}" for code, name, meaning in EXIT_STATUSES]
    return "\n".join(lines)


DEFAULT_SAMPLES = "arff_samples"


class UsageError(Exception):
    """A bad command line: one line for stderr."""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors and no abbreviations: ``--class`` is never taken as ``--classifier``;
    WEKA's single-dash spellings taken or answered, a mistyped option answered with the closest one
    (:func:`option_words`).  ``weka_spellings`` maps WEKA's options to the command's own (see there)."""

    def __init__(self, *args: Any, weka_spellings: dict[str, str] | None = None, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)
        self.weka_spellings = weka_spellings or {}

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        typed = sys.argv[1:] if args is None else list(args)
        try:
            words = option_words(self, typed, self.weka_spellings)
        except OptionWordError as error:
            self.error(str(error))
        return super().parse_known_args(words, namespace)

    def error(self, message: str) -> NoReturn:  # one line, not argparse's usage block
        found = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if found is not None:  # a mistyped command: the closest one
            choices = re.findall(r"'([^']*)'", found.group(2))
            close = difflib.get_close_matches(found.group(1), choices, n=1, cutoff=0.6)
            if close:
                message = f"{message}: did you mean {close[0]}?"
        raise UsageError(f"{message} (see {self.prog} --help)")


def parse_matrix(text: str) -> list[list[float]]:
    """``--matrix`` in the forms people type, rows actual: ``"10,7;5,8"``, ``"10 7; 5 8"``, one row per line,
    or a nested list as Python and numpy print it (``"[[10, 7], [5, 8]]"``, ``"[[10 7] [5 8]]"``).

    >>> parse_matrix("10,7;5,8") == parse_matrix("10 7; 5 8") == parse_matrix("[[10, 7], [5, 8]]")
    True
    >>> parse_matrix("[[10 7] [5 8]]")
    [[10.0, 7.0], [5.0, 8.0]]
    """
    stripped = text.strip()
    if stripped.startswith("["):
        if not stripped.endswith("]"):
            raise MatrixError(f"--matrix: {stripped!r} opens a '[' it does not close")
        texts = re.findall(r"\[([^\[\]]*)\]", stripped[1:-1])
        if not texts or re.sub(r"\[[^\[\]]*\]|[\s,]", "", stripped[1:-1]):
            raise MatrixError(f"--matrix: {stripped!r} is not a list of rows, [[10, 7], [5, 8]]")
    else:
        texts = re.split(r"[;\n]", stripped)
    rows = []
    for i, row in enumerate(texts, start=1):
        try:
            rows.append([float(cell) for cell in re.split(r"\s*,\s*|\s+", row.strip())])
        except ValueError:
            raise MatrixError(
                f"--matrix: row {i} ({row.strip()!r}) is not a list of numbers separated by commas or spaces"
            ) from None
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
    from wekaeval.blocks._shared import json_number

    if isinstance(value, float):
        return json_number(value)
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
    """ARFF files named, or found in the directories named (:func:`arff_files`); the project's samples by
    default."""
    paths = []
    for argument in arguments or [DEFAULT_SAMPLES]:
        path = Path(argument)
        if path.is_dir():
            paths += arff_files(path)
        elif path.is_file():
            paths.append(path)
        elif argument.startswith("weka.classifiers."):  # WEKA's own command line names the classifier first
            raise UsageError(f"parity: {argument} is a classifier: give it as --classifier {argument}")
        else:
            raise UsageError(f"parity: no such ARFF file or directory: {argument}")
    if not paths:
        raise UsageError(f"parity: no .arff files in {', '.join(arguments or [DEFAULT_SAMPLES])}")
    return paths


def arff_files(folder: Path) -> list[Path]:
    """The ``*.arff`` files directly inside ``folder``, sorted (a folder named so left out); a folder that cannot
    be listed, or a ``*.arff`` in it that cannot be read as a file (a broken link, a named pipe), is a
    :class:`UsageError` naming it, never left out in silence."""
    try:
        with os.scandir(folder) as entries:
            names = sorted(entry.name for entry in entries if fnmatch.fnmatchcase(entry.name, "*.arff"))
    except OSError as error:
        raise UsageError(f"{folder}: cannot list the folder: {error.strerror or error}") from None
    found = []
    for name in names:
        path = folder / name
        problem = unreadable_entry(path)
        if problem is not None:
            raise UsageError(problem)
        if not path.is_dir():
            found.append(path)
    return found


def format_kappa(value: float | None, prefix: str = "") -> str:
    return "-" if value is None else prefix + repr(value)


def encoding(text: str) -> str:
    """``--encoding``: ``auto`` or a text codec Python knows (``cp1252``, ``latin-1``, ``big5``, ...); not one that
    turns bytes into bytes or text into text (``zlib``, ``base64``, ``rot13``)."""
    if text == "auto":
        return text
    try:
        info = codecs.lookup(text)
    except (LookupError, TypeError):
        raise argparse.ArgumentTypeError(f"unknown encoding: {text!r}") from None
    if not getattr(info, "_is_text_encoding", True):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a text encoding (it is {info.name}); name one such as cp1252"
        )
    try:
        check_encoding(text)  # the readers' own refusals too (punycode, idna: text, but not a file's)
    except LookupError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def add_encoding(parser: argparse.ArgumentParser) -> None:
    """``--encoding``, the same in every command that reads files: ``auto`` by default, for a file named as for
    the files found in a folder."""
    parser.add_argument(
        "--encoding",
        type=encoding,
        default="auto",
        help="the files' text encoding (default auto: " + auto_rule() + "; or one, e.g. utf-8, cp1252)",
    )


FILES_HELP = "WEKA's outputs saved as text, or folders of them (the files directly inside, sorted)"


# -- outputs ---------------------------------------------------------------------------------------------------------

STDOUT = "-"


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


def check_outputs(
    outputs: dict[str, str | None],
    inputs: Iterable[str | os.PathLike],
    *,
    read: Callable[[Path], bool] | None = None,
) -> None:
    """Refuse, before anything runs, an output that is one of the inputs (a file named, or a file inside a folder
    named), a folder, or the file of another output option; ``-`` (stdout) for more than one.

    ``outputs`` maps each option (``--json``) to its file (or None when not given).  ``read(path)`` says whether
    an existing file inside a folder named would be read as an input (by default every one would): a command
    that leaves its own output out of a folder's files can write it there again.
    """
    named = [Path(p) for p in inputs]
    given = {option: path for option, path in outputs.items() if path is not None}
    if sum(1 for path in given.values() if path == STDOUT) > 1:
        raise UsageError(f"only one of {', '.join(given)} can be {STDOUT} (standard output)")
    seen: dict[Path, str] = {}
    for option, path in given.items():
        if path == STDOUT:
            continue
        if path == "":
            raise UsageError(f"{option}: an empty file name")
        target = Path(path)
        if target.is_dir():
            raise UsageError(f"{option} {path}: is a folder; name a file")
        for source in named:
            inside = source.is_dir() and target.exists() and _inside(target, source) and (read is None or read(target))
            if _same_file(target, source) or inside:
                where = f" (in {source})" if inside else ""
                raise UsageError(f"{option} {path} is one of the files to read{where}; name another file")
        for other, option_before in seen.items():
            if _same_file(target, other):
                raise UsageError(f"{option} {path} is also {option_before}'s file; name another file")
        seen[target] = option


def _inside(target: Path, folder: Path) -> bool:
    try:
        target.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


@contextmanager
def output_file(path: str, *, option: str) -> Iterator[IO[str]]:
    """A text file to write, atomically: a hidden temporary file in the same folder, renamed over ``path`` only
    once everything is written (an interrupted or failed write leaves ``path`` as it was). ``-`` is standard
    output.  A file that cannot be written is a :class:`~wekaeval.errors.WekaevalError` naming it and the option.
    """
    if path == STDOUT:
        yield sys.stdout
        sys.stdout.flush()
        return
    try:
        with atomic_output(path, newline="") as handle:
            yield handle
    except OSError as error:
        raise WekaevalError(f"{option} {path}: cannot write: {error.strerror or error}") from None


def write_text(path: str, text: str, *, option: str) -> None:
    """:func:`output_file` for a whole text at once."""
    with output_file(path, option=option) as handle:
        handle.write(text)


def write_binary(path: str, data: bytes, *, option: str) -> None:
    """A whole binary file (an image) written atomically, as :func:`output_file` writes text."""
    try:
        write_atomically(path, data)
    except OSError as error:
        raise WekaevalError(f"{option} {path}: cannot write: {error.strerror or error}") from None


_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?(Infinity|NaN|inf|nan)")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    """A CSV cell a spreadsheet will not run: text starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
    return gets a leading ``'`` (OWASP's advice against CSV injection); numbers, and text that is a number
    (``-0.5``, ``-Infinity``), stay as they are."""
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value
