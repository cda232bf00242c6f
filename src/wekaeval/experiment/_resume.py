"""Resuming an experiment from its result file: every row the file holds checked before one is trusted.

A run given an existing result file computes only the rows it lacks, so the rows it keeps must be the rows a
run wrote.  Each is checked: the file's columns are the experiment's; each row's keys name one of its rows and
no other row's; a number column holds a number or a missing value, the ``Summary`` text or a missing value;
counts and sizes are at least 0, percentages 0 to 100, the first class's rates 0 to 1
(:func:`~wekaeval.experiment._columns.known_range`).  A file that fails is refused, naming the line: nothing in
it is guessed.

One damage is repaired, because it can be proven and undone: WEKA's listeners and :func:`run` end every line,
so a last row with no line end after it was cut (an interrupted copy, a WEKA run killed while writing its CSV
file) -- ``...,14,14`` cut to ``...,14,1`` is a well-formed row with a wrong number.  It is dropped, with an
:class:`ExperimentWarning` naming the line, and computed again.

>>> import tempfile, pathlib
>>> from wekaeval.experiment._columns import result_layout
>>> layout = result_layout(folds=True, nominal=True)
>>> path = pathlib.Path(tempfile.mkdtemp()) / "results.csv"
>>> _ = path.write_text(",".join(layout.names) + "\\n" + "iris,1,1,weka.classifiers.rules.ZeroR,'',4805" + "\\n")
>>> resumable_rows(path, layout, {})
Traceback (most recent call last):
  ...
wekaeval.errors.WekaOutputError: ...results.csv:2: 6 values for 67 columns (truncated?)
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from pathlib import Path

from wekaeval._textsource import read_text
from wekaeval.errors import WekaOutputError
from wekaeval.experiment._columns import KEY, NUMBER, Layout, known_range
from wekaeval.experiment._resultfile import Row
from wekaeval.experiment._results import LINE_END, results_from_text, row_lines
from wekaeval.experiment._worker import ExperimentError, Job, Key


class ExperimentWarning(UserWarning):
    """A repair :func:`run` made to a result file it resumes (a cut last row dropped and computed again)."""


def resumable_rows(path: Path, layout: Layout, keys: dict[Key, Job]) -> dict[Job, Row]:
    """The rows a previous run left in ``path``, by job: every row checked, a cut last row dropped.

    Raises
    ------
    ExperimentError
        For a file of another experiment (other columns, or a row none of this experiment's).
    WekaOutputError or ArffError
        For a damaged file (a malformed line, a repeated row, a value no run writes), naming the line.
    """
    name, text = read_text(path, WekaOutputError)
    text = _without_a_cut_row(text, name)
    previous = results_from_text(text, name)
    if previous.columns != layout.names:
        raise ExperimentError(_another_experiment(path))
    lines = row_lines(text)
    if len(lines) != len(previous.rows):  # a row over several lines: none of wekaeval's or WEKA's writers
        raise WekaOutputError(
            f"{len(previous.rows)} rows on {len(lines)} lines: not a result file", source=name, line=1
        )
    found: dict[Job, Row] = {}
    first_line: dict[Job, int] = {}
    for line, row in zip(lines, previous.rows, strict=True):
        _check_values(row, layout, name, line)
        key = tuple(str(value) for value in row[: layout.key_count])
        if key not in keys:
            raise ExperimentError(_not_a_row(path, line, key))
        job = keys[key]
        if job in found:
            raise WekaOutputError(
                f"repeats the row of line {first_line[job]} ({', '.join(key)}): a damaged file (remove one of the "
                "two lines), or start afresh",
                source=name,
                line=line,
            )
        found[job] = row
        first_line[job] = line
    return found


def early_check(path: Path, layout: Layout, keys: Sequence[frozenset[str]]) -> None:
    """What :func:`resumable_rows` checks that needs no JVM, before any worker process (and its JVM) starts:
    ``layout`` is the experiment's columns without the classifiers' additional measures (a file's ``measure...``
    columns after them are :func:`resumable_rows`' to check), ``keys`` the values each of the first keys may
    hold (``Key_Dataset``, ``Key_Run``, ``Key_Fold``).  A damaged file is :func:`resumable_rows`' to name.

    Raises
    ------
    ExperimentError
        For a file of another experiment, as :func:`resumable_rows` words it.
    """
    name, text = read_text(path, WekaOutputError)
    try:
        text = _without_a_cut_row(text, name, warn=False)
        previous = results_from_text(text, name)
    except ValueError:  # damaged (wekaeval's errors are ValueErrors): resumable_rows names the line
        return
    names = tuple(previous.columns)
    base = len(layout.names)
    if names[:base] != layout.names or not all(column.startswith("measure") for column in names[base:]):
        raise ExperimentError(_another_experiment(path))
    lines = row_lines(text)
    if len(lines) != len(previous.rows):  # not a result file: resumable_rows says so
        return
    for line, row in zip(lines, previous.rows, strict=True):
        key = tuple(str(value) for value in row[: layout.key_count])
        if any(value not in allowed for value, allowed in zip(key, keys, strict=False)):
            raise ExperimentError(_not_a_row(path, line, key))


def _another_experiment(path: Path) -> str:
    return (
        f"{path} holds the results of another experiment (other columns): resume=False (--fresh) to start it "
        "afresh, or write to another file"
    )


def _not_a_row(path: Path, line: int, key: tuple[str, ...]) -> str:
    return (
        f"{path}:{line}: the row ({', '.join(key)}) is not one of this experiment's: resume=False (--fresh) "
        "to start afresh, or write to another file"
    )


def _without_a_cut_row(text: str, name: str, *, warn: bool = True) -> str:
    """``text`` without its last row when no line end follows it (an :class:`ExperimentWarning` says so)."""
    start = max(text.rfind("\n"), text.rfind("\r")) + 1
    last = text[start:].strip()
    if not last or last.startswith("%"):  # blanks, or (ARFF) a comment, after the last line end
        return text
    number = len(LINE_END.findall(text)) + 1
    if number not in row_lines(text):
        raise WekaOutputError("cut short inside its header (no line end after it)", source=name, line=number)
    if not warn:
        return text[:start]
    warnings.warn(
        f"{name}:{number}: the last row has no line end (the file was cut short): dropped, and computed again",
        ExperimentWarning,
        stacklevel=2,
    )
    return text[:start]


def _check_values(row: Row, layout: Layout, name: str, line: int) -> None:
    """Each key a text, each number a number (or missing) within its column's known range; the ``Summary``
    text is as ``Utils.quote`` wrote it (a CSV file's ``5`` reads as a number)."""
    for column, (value, kind) in enumerate(zip(row, layout.kinds, strict=True)):
        column_name = layout.names[column]
        if kind == KEY:
            if not isinstance(value, str):
                raise WekaOutputError(f"{column_name} is missing (?): no run writes that", source=name, line=line)
        elif kind == NUMBER:
            if isinstance(value, str):
                raise WekaOutputError(f"{column_name} holds {value!r}, not a number", source=name, line=line)
            bounds = known_range(column_name)
            if value is not None and bounds is not None and not math.isnan(value):
                low, high = bounds
                if not low <= value <= high:
                    raise WekaOutputError(
                        f"{column_name} is {value!r}, outside {low:g} .. {high:g}: no run writes that (a damaged "
                        "file?)",
                        source=name,
                        line=line,
                    )
