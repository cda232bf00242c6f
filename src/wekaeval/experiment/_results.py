"""Read the result files of WEKA's Experimenter and summarise them as its analysis does.

WEKA's Experimenter (``weka.experiment.Experiment``) writes one row per run
and fold -- ``Key_Dataset``, ``Key_Run``, ``Key_Fold``, ``Key_Scheme``,
``Key_Scheme_options``, ``Key_Scheme_version_ID``, then measures such as
``Percent_correct`` and ``Kappa_statistic`` -- to an ARFF file
(``InstancesResultListener``) or a CSV file (``CSVResultListener``).

>>> import io
>>> results = read_experiment_results(io.StringIO(
...     "Key_Dataset,Key_Run,Key_Scheme,Key_Scheme_options,Key_Scheme_version_ID,Kappa_statistic\\n"
...     "iris,1,weka.classifiers.rules.ZeroR,'',48055541465867954,0.0\\n"
...     "iris,1,weka.classifiers.trees.J48,'-C 0.25 -M 2',-217733168393644444,0.94\\n"
...     "iris,2,weka.classifiers.trees.J48,'-C 0.25 -M 2',-217733168393644444,0.92\\n"))
>>> for s in summarise(results):
...     print(s.scheme, s.count, s.mean, s.std_dev)
weka.classifiers.rules.ZeroR 1 0.0 nan
weka.classifiers.trees.J48 2 0.9299999999999999 0.014142135623730845
"""

from __future__ import annotations

import difflib
import io
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from wekaeval._textsource import quoted as quoted_text
from wekaeval._textsource import read_text
from wekaeval.arff import read_arff_rows
from wekaeval.errors import WekaevalError, WekaOutputError
from wekaeval.experiment._columns import is_number_column
from wekaeval.javamath import java_parse_double, weka_stats

#: The columns the Experimenter's analysis groups by: dataset, then result set (scheme).
DATASET_KEY = ("Key_Dataset",)


RESULTSET_KEY = ("Key_Scheme", "Key_Scheme_options", "Key_Scheme_version_ID")

#: The key columns that count (runs, folds): integers in :meth:`ExperimentResults.to_frame`.  Other keys stay
#: strings: ``Key_Scheme_version_ID`` is a class's serialVersionUID, a name that happens to be digits.
COUNTER_KEYS = ("Key_Run", "Key_Fold")

_INTEGER = re.compile(r"[+-]?[0-9]+")


Value = str | float | None


@dataclass(frozen=True, eq=False)
class ExperimentResults:
    """The rows of an Experimenter result file; ``Key_*`` values are strings, measures floats, ``?`` None.

    ``nominal_values`` holds the labels an ARFF file declares for its nominal columns, in declared order
    (WEKA's tester sorts runs and folds by that order); a CSV file declares none.
    """

    source: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Value, ...], ...]
    nominal_values: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def column(self, name: str) -> list[Value]:
        """Every row's value of column ``name``."""
        index = self._index(name)
        return [row[index] for row in self.rows]

    def records(self) -> list[dict[str, Value]]:
        """The rows as dicts, column name to value."""
        return [dict(zip(self.columns, row, strict=False)) for row in self.rows]

    def to_frame(self) -> Any:
        """A pandas DataFrame of the rows (``?`` as None), in the file's column order.

        The run and fold counters (:data:`COUNTER_KEYS`), which WEKA writes as nominal labels ``1``, ``2``, ...,
        are integers in the frame when every value is one (so ``10`` sorts after ``2``; ``Int64`` when some are
        missing); the rows themselves keep WEKA's strings, so a file written back is the same file.
        """
        from wekaeval._frames import pandas_module, records_frame

        frame = records_frame(self.records(), self.columns)
        pandas = pandas_module()
        for name in COUNTER_KEYS:
            if name in self.columns:
                column = self.column(name)
                values = [value for value in column if value is not None]
                if values and all(isinstance(value, str) and _INTEGER.fullmatch(value) for value in values):
                    numbers = [None if value is None else int(value) for value in column]
                    frame[name] = pandas.array(numbers, dtype="Int64" if None in numbers else "int64")
        return frame

    def _index(self, name: str) -> int:
        try:
            return self.columns.index(name)
        except ValueError:
            shown = ", ".join(self.columns[:8]) + (", ..." if len(self.columns) > 8 else "")
            raise WekaOutputError(f"no column {name!r} (columns: {shown})", source=self.source, line=1) from None

    def measures(self) -> tuple[str, ...]:
        """The columns that are measures: not a key (``Key_*``) nor ``Date_time``, a number in some row and
        text in none."""
        return tuple(
            name
            for i, name in enumerate(self.columns)
            if not name.startswith("Key_")
            and name != "Date_time"
            and not any(isinstance(row[i], str) for row in self.rows)
            and any(row[i] is not None for row in self.rows)
        )

    def __len__(self) -> int:
        return len(self.rows)


@dataclass(frozen=True)
class MeasureSummary:
    """One cell of the Experimenter's analysis: a measure over the runs of one scheme on one dataset.

    ``mean`` and ``std_dev`` are WEKA's ``weka.experiment.Stats`` (running
    mean, sample standard deviation; NaN with fewer than two values).
    ``count`` values were used; ``missing`` rows held ``?`` and were skipped.
    """

    dataset: str
    scheme: str | None
    scheme_options: str | None
    scheme_version_id: str | None
    measure: str
    count: int
    mean: float
    std_dev: float
    missing: int = 0


def read_experiment_results(source: str | os.PathLike | IO, *, encoding: str = "utf-8") -> ExperimentResults:
    """Read a result file of WEKA's Experimenter: ARFF (``InstancesResultListener``) or CSV.

    Parameters
    ----------
    source : path or file object
        An ``.arff`` or ``.csv`` file; the format is recognised by its
        content (an ARFF file starts with ``@relation``).
    encoding : str, default "utf-8"
        The file's encoding (``"cp1252"``, ``"latin-1"``, ...), or ``"auto"``:
        a byte-order mark, else UTF-8, else cp1252 with a
        :class:`~wekaeval.errors.LegacyEncodingWarning`.

    Lines end where WEKA's readers end them, at ``\n``, ``\r`` or ``\r\n`` (not at the other line
    separators of Python's ``str.splitlines``).  A CSV file's numbers are read as Java reads them
    (``NaN``, ``Infinity``; not ``inf`` or ``1_0``).

    Raises
    ------
    WekaOutputError or ArffError
        If the file is malformed or lacks ``Key_Dataset``, or if a column that WEKA's split evaluators write
        as a number holds text (in a CSV file: an ARFF file declares its types); the message names the line.
    OSError
        If the file cannot be read.
    """
    name, text = read_text(source, WekaOutputError, encoding=encoding)
    return results_from_text(text, name)


def results_from_text(text: str, name: str) -> ExperimentResults:
    """:func:`read_experiment_results` of a text already read from ``name``."""
    nominal: dict[str, tuple[str, ...]] = {}
    if looks_like_arff(text):
        columns, rows, nominal = _arff_rows(text, name)
    else:
        columns, rows = _csv_rows(text, name)
    results = ExperimentResults(name, columns, rows, nominal)
    results._index(DATASET_KEY[0])  # fails, naming the columns, for files that are not results
    return results


#: Where WEKA's readers (Java's ``StreamTokenizer``, ``BufferedReader.readLine``) end a line.
LINE_END = re.compile(r"\r\n|\r|\n")


def row_lines(text: str) -> list[int]:
    """The line number of each row of a result file's text, in order: the lines after the header (after
    ``@data`` in ARFF, after the column names in CSV) that are not blank nor (ARFF) a ``%`` comment."""
    lines = LINE_END.split(text)
    arff = looks_like_arff(text)
    first = 1
    if arff:
        first = next((n for n, line in enumerate(lines, 1) if line.strip().lower().startswith("@data")), len(lines))
    return [
        number
        for number, line in enumerate(lines[first:], start=first + 1)
        if line.strip() and not (arff and line.lstrip().startswith("%"))
    ]


class MeasureSummaries(list):
    """What :func:`summarise` returns: a list of :class:`MeasureSummary`, with :meth:`to_frame`."""

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per dataset x scheme, MeasureSummary's fields as columns."""
        from wekaeval._frames import records_frame

        return records_frame((vars(s) for s in self), list(MeasureSummary.__dataclass_fields__))


class ColumnNotFound(WekaOutputError):
    """A column a result file does not have; the message names the file itself (``source``; ``line`` is 1, the
    header's)."""

    def __init__(self, message: str, *, source: str = "<text>", line: int = 1):
        self.source, self.line, self.reason = source, line, message
        WekaevalError.__init__(self, message)


def measure_column(
    results: ExperimentResults, name: str, argument: str = "measure", error: Callable[[str], Exception] | None = None
) -> str:
    """The column of ``results`` that ``name`` names: itself, else the one column equal to it ignoring case
    (``percent_correct`` is ``Percent_correct``).  Any other name is ``error(message)`` (by default a
    :class:`ColumnNotFound`), worded the same for every function that takes a measure: the argument, the name,
    the file, a suggestion when one column is close (``kappa``: ``Kappa_statistic``), every measure of the file.

    >>> import io
    >>> results = read_experiment_results(io.StringIO("Key_Dataset,Key_Run,Percent_correct,Kappa_statistic\\n"
    ...                                               "iris,1,96.0,0.94\\n"))
    >>> measure_column(results, "percent_correct")
    'Percent_correct'
    >>> try:
    ...     measure_column(results, "kappa")
    ... except ValueError as error:
    ...     print(str(error).replace("; ", ";\\n"))
    measure: no column 'kappa' in <stream>;
    did you mean Kappa_statistic? (its measures: Percent_correct, Kappa_statistic)
    """
    if error is None:
        error = lambda message: ColumnNotFound(message, source=results.source)  # noqa: E731
    if not isinstance(name, str):
        raise error(f"{argument} must be a column's name, got {name!r}")
    if name in results.columns:
        return name
    folded = name.casefold()
    same = [column for column in results.columns if column.casefold() == folded]
    if len(same) == 1:
        return same[0]
    measures = results.measures()
    close = same or [column for column in measures if folded and folded in column.casefold()]
    if len(close) != 1:  # an abbreviation: rmse, Root_mean_squared_error
        close = [column for column in measures if "".join(part[:1] for part in column.split("_")).casefold() == folded]
    if len(close) != 1:
        by_fold = {column.casefold(): column for column in measures}
        close = [by_fold[found] for found in difflib.get_close_matches(folded, list(by_fold), n=1)]
    suggestion = f"; did you mean {close[0]}?" if len(close) == 1 else ""
    listed = ", ".join(measures) if measures else "none"
    raise error(f"{argument}: no column {name!r} in {results.source}{suggestion} (its measures: {listed})")


def summarise(
    results: ExperimentResults,
    measure: str = "Kappa_statistic",
) -> MeasureSummaries:
    """Mean and standard deviation of ``measure`` per dataset x scheme, as the Experimenter's analysis.

    Groups are keyed by ``Key_Dataset`` and by ``Key_Scheme``,
    ``Key_Scheme_options``, ``Key_Scheme_version_ID`` (the analysis's
    default result-set key), in order of first appearance.  Rows with a
    missing value are skipped, as the analysis skips them; a NaN or infinite
    value makes the group's mean and deviation NaN, as in WEKA's ``Stats``.

    Raises
    ------
    WekaOutputError
        If ``measure`` is not a column, or holds text rather than numbers.
    """
    measure = measure_column(results, measure)
    values = results.column(measure)
    dataset_column = results.column(DATASET_KEY[0])
    keys = [results.column(name) if name in results.columns else [None] * len(results) for name in RESULTSET_KEY]
    groups: dict[tuple[Any, ...], list[float | None]] = {}
    for row, value in enumerate(values):
        if isinstance(value, str):
            raise WekaOutputError(
                f"column {measure!r} holds text ({value!r}), not a measure", source=results.source, line=row + 2
            )
        key = (dataset_column[row], *(column[row] for column in keys))
        groups.setdefault(key, []).append(value)
    summaries = []
    for (dataset, scheme, options, version), group in groups.items():
        present = [v for v in group if v is not None]
        mean, std_dev = weka_stats(present)
        summaries.append(
            MeasureSummary(
                dataset=str(dataset),
                scheme=scheme,
                scheme_options=options,
                scheme_version_id=version,
                measure=measure,
                count=len(present),
                mean=mean,
                std_dev=std_dev,
                missing=len(group) - len(present),
            )
        )
    return MeasureSummaries(summaries)


def looks_like_arff(text: str) -> bool:
    """Whether ``text`` is an ARFF file (its first line that is no blank nor comment is ``@relation``)."""
    for line in LINE_END.split(text):
        stripped = line.strip()
        if stripped and not stripped.startswith("%"):
            return stripped.lower().startswith("@relation")
    return False


def _arff_rows(
    text: str, name: str
) -> tuple[tuple[str, ...], tuple[tuple[Value, ...], ...], dict[str, tuple[str, ...]]]:
    handle = io.StringIO(text)
    handle.name = name
    _, attributes, rows = read_arff_rows(handle)
    columns = tuple(attribute.name for attribute in attributes if attribute.name is not None)
    if len(columns) < len(attributes):  # (``@attribute { numeric``: WEKA's null name, in no result file of WEKA's)
        unnamed = next(i for i, a in enumerate(attributes) if a.name is None)
        declarations = [
            n for n, line in enumerate(LINE_END.split(text), 1) if line.lstrip()[:10].lower() == "@attribute"
        ]
        line = declarations[unnamed] if unnamed < len(declarations) else 1
        raise WekaOutputError(
            f"attribute {unnamed + 1} has no name: not a result file of WEKA's", source=name, line=line
        )
    nominal = {
        a.name: a.values for a in attributes if a.name is not None and a.type == "nominal" and a.values is not None
    }
    return columns, tuple(tuple(row) for row in rows), nominal


_CSV_FIELD = re.compile(r"'((?:\\.|[^'\\])*)'|([^,]*)")


_ESCAPES = {"\\": "\\", "'": "'", '"': '"', "n": "\n", "r": "\r", "t": "\t", "%": "%", "u001E": "\u001e"}


_ESCAPE = re.compile(r"\\(u001E|.)", re.DOTALL)


def _csv_rows(text: str, name: str) -> tuple[tuple[str, ...], tuple[tuple[Value, ...], ...]]:
    lines = LINE_END.split(text)
    if not lines[0].strip():
        raise WekaOutputError("empty: no header row of column names", source=name, line=1)
    columns = tuple(text for text, _ in _csv_fields(lines[0], name, 1))
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        cells = _csv_fields(line, name, number)
        if len(cells) != len(columns):
            raise WekaOutputError(
                f"{len(cells)} values for {len(columns)} columns (truncated?)", source=name, line=number
            )
        rows.append(tuple(_csv_value(column, cell, name, number) for column, cell in zip(columns, cells, strict=False)))
    return columns, tuple(rows)


def _csv_fields(line: str, name: str, number: int) -> list[tuple[str, bool]]:
    """WEKA's CSV cells: ``(text, quoted)``; quoted cells use ``Utils.quote``'s backslash escapes."""
    cells = []
    position = 0
    while True:
        match = _CSV_FIELD.match(line, position)
        assert match is not None  # its unquoted alternative matches anywhere, if only the empty text
        quoted, plain = match.groups()
        if quoted is not None:
            cells.append((_ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), quoted), True))
        else:
            if "'" in plain:
                raise WekaOutputError(f"unbalanced quote in {plain!r}", source=name, line=number)
            cells.append((plain, False))
        position = match.end()
        if position == len(line):
            return cells
        if line[position] != ",":
            raise WekaOutputError(f"text after a quoted value at column {position + 1}", source=name, line=number)
        position += 1


def _csv_value(column: str, cell: tuple[str, bool], name: str, number: int) -> Value:
    """A CSV cell as ``CSVResultListener`` wrote it: a key's text, ``?`` missing, a double's
    ``Double.toString``, or a text result through ``Utils.quote``."""
    text, quoted = cell
    if column.startswith("Key_"):
        return text
    if not quoted:
        if text == "?":
            return None
        try:
            return java_parse_double(text)
        except ValueError:
            pass
    if is_number_column(column):
        raise WekaOutputError(
            f"{column} holds {quoted_text(text)}: WEKA writes a number or ? there (a damaged file?)",
            source=name,
            line=number,
        )
    return text
