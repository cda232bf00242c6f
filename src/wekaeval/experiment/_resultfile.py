"""The text of the Experimenter's result files, as WEKA's listeners write them.

ARFF is ``InstancesResultListener``'s: relation ``InstanceResultListener``, a nominal attribute for each key
and text column (its labels in order of first appearance; ``string`` when it holds none), ``numeric`` for the
others, then one row per result, numbers as ``Instance.toString`` prints them (``Utils.doubleToString`` with
6 decimals), missing values and NaN as ``?``.  CSV is ``CSVResultListener``'s: the column names, then each
value as Java's ``toString`` (a double's ``Double.toString``, NaN as ``NaN``) through ``Utils.quote``, a
missing value as ``?``.

One departure, where WEKA's own file could not be read back: ``Utils.quote`` leaves a text holding a control
character other than tab, line feed, carriage return and U+001E as it is, and WEKA's ARFF reader (and its
``CSVLoader``) then splits the value there -- characters up to U+0020 separate tokens.  Such a text (a
relation named ``a\x0bb``) is written quoted, ``'a\x0bb'``, which WEKA's ARFF reader and wekaeval's readers
read back as the same text.  Every other line separator of Python's ``str.splitlines`` (U+0085, U+2028,
U+2029) is a word character to WEKA, and the readers split lines only where WEKA does (``\n``, ``\r``).

>>> from wekaeval.experiment._columns import result_layout
>>> layout = result_layout(folds=True, nominal=True)
>>> row = ("iris", "1", "1", "weka.classifiers.rules.ZeroR", "", "48055541465867954", 20261122.0508, 135.0)
>>> row += (None,) * (len(layout.names) - len(row))
>>> print(csv_text(layout, [row]).splitlines()[1][:80])
iris,1,1,weka.classifiers.rules.ZeroR,'',48055541465867954,2.02611220508E7,135.0
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence

from wekaeval.experiment._columns import NUMBER, Layout
from wekaeval.experiment._results import Value
from wekaeval.javamath import double_to_string, java_double_to_string, quote

Row = tuple[Value, ...]


def arff_text(layout: Layout, rows: Sequence[Row], cache: dict[Row, str] | None = None) -> str:
    """The rows as ``InstancesResultListener`` writes them; ``cache`` keeps each row's line for the next call
    (a file rewritten as rows come in formats each row once)."""
    lines = ["@relation InstanceResultListener", ""]
    for column, (name, kind) in enumerate(zip(layout.names, layout.kinds, strict=True)):
        if kind == NUMBER:
            lines.append(f"@attribute {quote(name)} numeric")
            continue
        labels = list(dict.fromkeys(str(row[column]) for row in rows if row[column] is not None))
        kind_text = "{" + ",".join(_quoted(label) for label in labels) + "}" if labels else "string"
        lines.append(f"@attribute {quote(name)} {kind_text}")
    lines += ["", "@data", ""]
    lines += _lines(rows, layout, _arff_value, cache)
    return "\n".join(lines) + "\n"


def _lines(
    rows: Sequence[Row], layout: Layout, value_text: Callable[[Value, str], str], cache: dict[Row, str] | None
) -> list[str]:
    lines = []
    for row in rows:
        line = None if cache is None else cache.get(row)
        if line is None:
            line = _line(row, layout, value_text)
            if cache is not None:
                cache[row] = line
        lines.append(line)
    return lines


def _line(row: Row, layout: Layout, value_text: Callable[[Value, str], str]) -> str:
    return ",".join(value_text(value, kind) for value, kind in zip(row, layout.kinds, strict=True))


def row_line(layout: Layout, row: Row, *, csv: bool) -> str:
    """One row's line in the result file (CSV, or ARFF's ``@data``): a worker formats the rows it computes, and
    the file is the same as when they are formatted where it is written."""
    return _line(row, layout, _csv_value if csv else _arff_value)


def _arff_value(value: Value, kind: str) -> str:
    if value is None:
        return "?"
    if kind == NUMBER:
        number = float(value)
        return "?" if math.isnan(number) else double_to_string(number, 6)
    return _quoted(str(value))


def _quoted(text: str) -> str:
    """``Utils.quote``, and quotes around a text holding a character WEKA's tokenizers separate tokens at
    (up to U+0020) that ``Utils.quote`` leaves bare: the text comes back whole.

    >>> _quoted("iris"), _quoted("a\x0bb"), _quoted("a\\tb")
    ('iris', "'a\\x0bb'", "'a\\\\tb'")
    """
    quoted = quote(text)
    if quoted == text and any(char <= " " for char in text):
        return f"'{quoted}'"
    return quoted


def csv_text(layout: Layout, rows: Sequence[Row], cache: dict[Row, str] | None = None) -> str:
    """The rows as ``CSVResultListener`` writes them (``cache`` as :func:`arff_text`'s)."""
    lines = [",".join(layout.names), *_lines(rows, layout, _csv_value, cache)]
    return "\n".join(lines) + "\n"


def _csv_value(value: Value, kind: str) -> str:
    if value is None:
        return "?"
    if kind == NUMBER:
        return quote(java_double_to_string(float(value)))
    return _quoted(str(value))


def is_csv(path: str | os.PathLike) -> bool:
    """A ``.csv`` file is written as CSV, any other as ARFF."""
    return os.fspath(path).lower().endswith(".csv")


def results_text(
    path: str | os.PathLike, layout: Layout, rows: Sequence[Row], cache: dict[Row, str] | None = None
) -> str:
    """The text of the result file ``path``: CSV for a ``.csv`` file, else ARFF (``cache`` as
    :func:`arff_text`'s)."""
    return csv_text(layout, rows, cache) if is_csv(path) else arff_text(layout, rows, cache)
