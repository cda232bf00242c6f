"""ARFF files as ``weka.core.converters.ArffLoader`` reads them: :func:`load_arff` and :func:`read_arff_rows`.

WEKA reads ARFF with Java's ``StreamTokenizer`` (:mod:`~wekaeval.arff._tokenizer`), the header
declaration by declaration (:mod:`~wekaeval.arff._header`), the data row by row
(:mod:`~wekaeval.arff._rows`).  This module reads the header the same way, and the data with the
columnar reader (:mod:`~wekaeval.arff._columnar`) wherever lines are plain, the row reader elsewhere
and wherever the columnar reader is unsure.  Line numbers in errors are the file's own.
"""

from __future__ import annotations

import io  # noqa: F401  (load_arff's doctest reads from io.StringIO)
import math
import os
from datetime import tzinfo
from typing import IO, Any, Literal

import numpy as np

from wekaeval._textsource import read_decoded
from wekaeval.arff._classattr import ClassAttributeError, class_index
from wekaeval.arff._columnar import read_run, scan_lines
from wekaeval.arff._dates import DateParser, DatePatternError, resolve_timezone
from wekaeval.arff._header import Header, read_header, shown
from wekaeval.arff._rows import DATE, NOMINAL, NUMERIC, RELATIONAL, STRING, Plan, RowReader, SparseBlock, Table
from wekaeval.arff._tokenizer import Tokenizer, byte_view, line_of
from wekaeval.arff._types import NO_CLASS, Attribute, Dataset
from wekaeval.errors import ArffError

#: Runs of fewer plain lines than this are read row by row (the columnar reader's fixed cost is higher).
_SHORTEST_RUN = 16

#: The columnar reader reads a long run of lines in pieces of about this many bytes: each step's arrays then
#: stay in the processor's cache, which makes a large file's reading about a quarter faster than in one piece.
_RUN_BYTES = 1 << 18

#: A date value WEKA holds as 0 (the epoch): a sparse row's absent date, apart from the texts' indices.
_ABSENT = -1.0


def load_arff(
    source: str | os.PathLike | IO,
    class_attribute: str | int | None | Literal[False] = None,
    *,
    encoding: str = "utf-8",
    timezone: str | tzinfo = "UTC",
) -> Dataset:
    """Read an ARFF file as WEKA's ArffLoader does.

    Parameters
    ----------
    source : path or file object
        The ARFF file (text or binary).
    class_attribute : str or int, optional
        The class attribute as on WEKA's command line (``-c``): ``"first"``,
        ``"last"``, a 1-based index as text (``"3"``), or a name; or, as an
        ``int``, a 0-based index (negative counts from the end).  The last
        attribute when omitted.  One rule everywhere: :func:`wekaeval.arff.class_index`.
        ``False``: no class, as WEKA's ``Instances`` with class index -1 (a text corpus whose attributes are
        all strings, data for anything but an evaluation): every attribute is read, ``class_index`` is -1,
        and what needs a class (an :class:`~wekaeval.Evaluation`, folds, a model) refuses the dataset with a
        :class:`~wekaeval.arff.NoClassError` that says how to choose one.
    encoding : str, default "utf-8"
        The file's encoding (``"cp1252"``, ``"latin-1"``, ...), or ``"auto"``:
        a byte-order mark, else UTF-8, else cp1252 with a
        :class:`~wekaeval.errors.LegacyEncodingWarning`; ``Dataset.encoding``
        records the codec used.
    timezone : str or datetime.tzinfo, default "UTC"
        The JVM's default time zone that WEKA would parse dates in: an
        IANA name (``"Europe/Berlin"``) or a ``tzinfo``.  A date class holds
        milliseconds since the epoch, as in WEKA; every date, of any date
        attribute and in bags, is checked as WEKA parses it (a wall time in a
        daylight-saving gap does not exist there).

    Raises
    ------
    ArffError
        For a malformed file (the message names the file and line), an
        unparseable date, a date class's pattern this port does not read, or
        a class attribute that does not exist or is not nominal,
        numeric or date (``class_attribute=False`` reads such a file).

    Examples
    --------
    >>> data = load_arff(io.StringIO('''@relation toy
    ... @attribute x numeric
    ... @attribute class {yes, no} % the class
    ... @data
    ... 1.5, yes
    ... 2.5, no, {0.5}
    ... ?, ?
    ... '''))
    >>> data.class_names
    ('yes', 'no')
    >>> data.class_values
    array([ 0.,  1., nan])
    >>> data.weights
    array([1. , 0.5, 1. ])
    >>> load_arff(io.StringIO("@relation r\\n@attribute when date 'yyyy-MM-dd'\\n@data\\n1969-12-31\\n?\\n"),
    ...           timezone="Europe/Berlin").class_values
    array([-90000000.,        nan])
    """
    try:
        zone = resolve_timezone(timezone)
    except ValueError as error:
        raise ArffError(str(error), source=_source_name(source)) from None
    name, text, used = _read_text(source, encoding)
    view = byte_view(text)
    header = read_header(view, name)
    index = NO_CLASS if class_attribute is False else _class_index(header.attributes, class_attribute, name)
    table = _read_data(header, view, name, frozenset({index}) if index != NO_CLASS else frozenset(), zone)
    _check_absent(table, view, name)
    if index == NO_CLASS:
        column = np.full(len(table.weights()), np.nan)
    else:
        column = table.column(index, absent=_ABSENT if header.attributes[index].type == "date" else 0.0)
    if index != NO_CLASS and header.attributes[index].type == "date":
        column = _dates(table, index, column, zone, view, name, line_of(view, header.declared_at[index]))
    return Dataset(
        relation=header.relation,
        attributes=header.attributes,
        class_index=index,
        class_values=column,
        weights=table.weights(),
        source=os.fsdecode(source) if isinstance(source, (str, os.PathLike)) else None,
        encoding=used if encoding == "auto" else encoding,  # "auto" resolved: the codec the file was read in
    )


def read_arff_rows(
    source: str | os.PathLike | IO, *, encoding: str = "utf-8", timezone: str | tzinfo = "UTC"
) -> tuple[str | None, tuple[Attribute, ...], list[list[Any]]]:
    """The relation, attributes and every row of an ARFF file, in WEKA's dialect.

    Values come as WEKA reads them: nominal, string and date values as
    ``str``, numbers as ``float``, missing values as None; a relational value
    (a bag) as a tuple of its rows, each a list of values read the same way.
    A sparse row's absent values are WEKA's 0: the number 0.0, the first label,
    the file's first string or bag, and for a date the epoch as WEKA's 0.0
    milliseconds.  Instance weights, of rows and of bag rows, are dropped.
    A relation or attribute WEKA reads without a name (``@relation {``) is
    named None, WEKA's null.  Dates are checked as WEKA parses them, in
    ``timezone`` (see :func:`load_arff`).

    Raises
    ------
    ArffError
        For a malformed file or an unparseable date; the message names the
        file and line.

    Examples
    --------
    >>> relation, attributes, rows = read_arff_rows(io.StringIO(
    ...     "@relation r\\n@attribute a {x,y}\\n@attribute b numeric\\n@data\\nx,1\\ny,?\\n"))
    >>> relation, [a.name for a in attributes], rows
    ('r', ['a', 'b'], [['x', 1.0], ['y', None]])
    >>> read_arff_rows(io.StringIO("@relation mi\\n@attribute bag relational\\n@attribute x numeric\\n"
    ...     "@end bag\\n@attribute c {+,-}\\n@data\\n'1\\\\n2\\\\n3',+\\n"))[2]
    [[([1.0], [2.0], [3.0]), '+']]
    """
    try:
        zone = resolve_timezone(timezone)
    except ValueError as error:
        raise ArffError(str(error), source=_source_name(source)) from None
    name, text, _ = _read_text(source, encoding)
    view = byte_view(text)
    header = read_header(view, name)
    table = _read_data(header, view, name, None, zone)
    _check_absent(table, view, name)
    return header.relation, header.attributes, _rows(table)


def _read_data(header: Header, view: str, name: str, need: frozenset[int] | None, zone: tzinfo) -> Table:
    """The data section: plain runs of lines by the columnar reader, the rest (and its doubts) row by row; dates
    checked in ``zone``."""
    plan = Plan.of(header.attributes, zone)
    table = Table(plan)
    tokens: Tokenizer = header.tokens
    reader = RowReader(tokens, table, name)
    buffer = view.encode("latin-1")
    data = np.frombuffer(buffer, dtype=np.uint8)
    position = tokens.pos
    lines = scan_lines(data, buffer, position)
    starts = lines.starts
    slow_until = 0  # lines before this one go row by row (the columnar reader gave them back)
    while True:
        line = int(np.searchsorted(starts, position, side="right")) - 1
        if position < len(buffer) and line >= slow_until and position == starts[line] and lines.plain[line]:
            end = lines.run_end(line)
            if end - line > _SHORTEST_RUN:  # read in pieces of about _RUN_BYTES (of at least _SHORTEST_RUN lines)
                piece = int(np.searchsorted(starts, position + _RUN_BYTES))
                end = min(end, max(piece, line + _SHORTEST_RUN))
            if end - line >= _SHORTEST_RUN:
                high = int(starts[end]) if end < len(starts) else len(buffer)
                run = read_run(data, buffer, starts[line:end], high, plan, need) if high > position else None
                if run is not None:
                    reader.flush()
                    _commit(table, run)
                    position = high
                    continue
            slow_until = end
        tokens.pos = position
        if not reader.read_row():
            break
        position = tokens.pos
    reader.flush()
    return table


def _commit(table: Table, run: Any) -> None:
    """Add a columnar run to the table: its blocks, its strings and dates (their indices moved on)."""
    for index, texts in run.items.items():
        base = len(table.items[index])
        if base:
            for block in run.blocks:
                if isinstance(block, SparseBlock):
                    block.values[block.indices == index] += base
                else:
                    block.values[:, index] += base
        table.items[index].extend(texts)
    table.blocks.extend(run.blocks)


def _check_absent(table: Table, view: str, name: str, bag: tuple[str, int] | None = None) -> None:
    """A sparse row that leaves out a string or relational attribute of a file without one, or a nominal attribute
    declared without labels (``{}``): WEKA's value 0 points at nothing (WEKA fails when the value is used).

    Bags are checked too; ``bag`` is the text that names the bag in a message, and the line of its row.
    """
    for index, kind in enumerate(table.plan.kinds):
        nested = table.plan.nested[index]
        if kind == RELATIONAL and table.items[index] and nested is not None and _may_point_at_nothing(nested):
            starts = table.starts()
            seen: set[float] = set()
            for row, value in enumerate(table.column(index).tolist()):
                if math.isnan(value) or value in seen:
                    continue
                seen.add(value)
                if not any(isinstance(block, SparseBlock) for block in table.items[index][int(value)].blocks):
                    continue
                where = f"in relational attribute {shown(table.plan.attributes[index].name)}, "
                line = line_of(view, int(starts[row])) if bag is None else bag[1]
                _check_absent(table.items[index][int(value)], view, name, ((bag or ("", 0))[0] + where, line))
    for index, kind in enumerate(table.plan.kinds):
        if kind == NOMINAL:
            if table.plan.attributes[index].values:
                continue
        elif kind not in (STRING, RELATIONAL) or table.items[index]:
            continue
        for block in table.blocks:
            if not isinstance(block, SparseBlock):
                continue
            given = np.zeros(len(block.weights), dtype=bool)
            at = np.flatnonzero(block.indices == index)
            given[np.searchsorted(block.indptr, at, side="right") - 1] = True
            if not given.all():
                row = int(block.starts[np.argmin(given)])
                attribute = shown(table.plan.attributes[index].name)
                if kind == NOMINAL:
                    why = f"nominal attribute {attribute} out, and it has no labels (WEKA's value 0 would be its first"
                    why += " label, which does not exist)"
                else:
                    what = "string" if kind == STRING else "relational"
                    why = f"{what} attribute {attribute} out, and no row gives it a value (WEKA's value 0 would point"
                    why += f" at a {what} value that does not exist)"
                prefix, line = bag if bag is not None else ("", line_of(view, row))
                raise ArffError(f"{prefix}a sparse row leaves {why}", source=name, line=line)


def _may_point_at_nothing(plan: Plan) -> bool:
    """Whether a sparse row of ``plan`` (or of its bags) could leave out a value 0 that points at nothing."""
    return any(
        kind in (STRING, RELATIONAL) or (kind == NOMINAL and not attribute.values)
        for kind, attribute in zip(plan.kinds, plan.attributes, strict=True)
    )


def _dates(
    table: Table, index: int, column: np.ndarray, zone: tzinfo, view: str, name: str, declared: int
) -> np.ndarray:
    """A date class's texts parsed as WEKA parses them: milliseconds since the epoch in ``zone``."""
    attribute = table.plan.attributes[index]
    try:
        parser = DateParser(attribute.date_format, zone)
    except DatePatternError as error:
        raise ArffError(str(error), source=name, line=declared) from None
    texts = table.items[index]
    parsed: dict[str, float] = {}
    out = np.full(len(column), math.nan)
    out[column == _ABSENT] = 0.0
    rows = np.flatnonzero(column >= 0)
    starts = table.starts()
    for row, item in zip(rows.tolist(), column[rows].astype(np.int64).tolist(), strict=True):
        text = texts[item]
        if text not in parsed:
            try:
                value = parser.parse(text)
            except DatePatternError as error:
                raise ArffError(str(error), source=name, line=line_of(view, int(starts[row]))) from None
            if value is None:
                raise ArffError(
                    f"unparseable date {shown(text)} for {shown(attribute.name)} (pattern {shown(parser.pattern)})",
                    source=name,
                    line=line_of(view, int(starts[row])),
                )
            parsed[text] = value
        out[row] = parsed[text]
    return out


def _rows(table: Table) -> list[list[Any]]:
    """Every row of ``table`` as Python values (see :func:`read_arff_rows`)."""
    plan = table.plan
    columns = []
    for index, kind in enumerate(plan.kinds):
        column = table.column(index, absent=_ABSENT if kind == DATE else 0.0)
        missing = np.isnan(column).tolist()
        if kind == NUMERIC:
            columns.append([None if gone else value for gone, value in zip(missing, column.tolist(), strict=True)])
            continue
        positions = np.where(np.isnan(column), 0, column).astype(np.int64).tolist()
        if kind == NOMINAL:  # (a nominal without labels, ``{}``, has only missing values)
            labels = plan.attributes[index].values or ()
            values = [labels[i] if labels else None for i in positions]
        elif kind == RELATIONAL:
            bags = [tuple(_rows(bag)) for bag in table.items[index]]
            values = [bags[i] if bags else None for i in positions]
        else:
            texts = table.items[index]
            values = [0.0 if i < 0 else texts[i] if texts else None for i in positions]
        columns.append([None if gone else value for gone, value in zip(missing, values, strict=True)])
    return [list(row) for row in zip(*columns, strict=True)] if columns else []


def _read_text(source: Any, encoding: str) -> tuple[str, str, str]:
    try:
        return read_decoded(source, ArffError, encoding=encoding)
    except OSError as error:
        if not isinstance(source, (str, os.PathLike)):
            raise
        raise ArffError(f"cannot read: {error.strerror}", source=os.fspath(source)) from None


def _source_name(source: Any) -> str:
    return os.fspath(source) if isinstance(source, (str, os.PathLike)) else getattr(source, "name", "<stream>")


def _class_index(attributes: tuple[Attribute, ...], wanted: str | int | None, name: str) -> int:
    try:
        index = class_index(wanted, [a.name for a in attributes])
    except ClassAttributeError as error:
        raise ArffError(str(error), source=name) from None
    if attributes[index].type not in ("nominal", "numeric", "date"):
        raise ArffError(
            f"class attribute {attributes[index].name!r} is a {attributes[index].type} attribute; "
            "the class must be nominal, numeric or date",
            source=name,
        )
    return index
