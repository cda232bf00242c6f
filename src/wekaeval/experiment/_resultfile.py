"""Writing the Experimenter's result files as WEKA's listeners write them, atomically.

ARFF is ``InstancesResultListener``'s: relation ``InstanceResultListener``, a nominal attribute for each key
and text column (its labels in order of first appearance; ``string`` when it holds none), ``numeric`` for the
others, then one row per result, numbers as ``Instance.toString`` prints them (``Utils.doubleToString`` with
6 decimals), missing values and NaN as ``?``.  CSV is ``CSVResultListener``'s: the column names, then each
value as Java's ``toString`` (a double's ``Double.toString``, NaN as ``NaN``) through ``Utils.quote``, a
missing value as ``?``.

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

from wekaeval._atomic import write_atomically
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
        kind_text = "{" + ",".join(quote(label) for label in labels) + "}" if labels else "string"
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
    return quote(str(value))


def csv_text(layout: Layout, rows: Sequence[Row], cache: dict[Row, str] | None = None) -> str:
    """The rows as ``CSVResultListener`` writes them (``cache`` as :func:`arff_text`'s)."""
    lines = [",".join(layout.names), *_lines(rows, layout, _csv_value, cache)]
    return "\n".join(lines) + "\n"


def _csv_value(value: Value, kind: str) -> str:
    if value is None:
        return "?"
    if kind == NUMBER:
        return quote(java_double_to_string(float(value)))
    return quote(str(value))


def is_csv(path: str | os.PathLike) -> bool:
    """A ``.csv`` file is written as CSV, any other as ARFF."""
    return os.fspath(path).lower().endswith(".csv")


def write_results(
    path: str | os.PathLike, layout: Layout, rows: Sequence[Row], cache: dict[Row, str] | None = None
) -> None:
    """Write the rows to ``path``, as CSV for a ``.csv`` file, else as ARFF, atomically (``cache`` as
    :func:`arff_text`'s)."""
    write_atomically(path, csv_text(layout, rows, cache) if is_csv(path) else arff_text(layout, rows, cache))
