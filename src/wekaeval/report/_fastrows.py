"""WEKA's PlainText predictions read many rows at a time: one regular expression over a chunk, numpy after.

The rules are the row-by-row reader's (:mod:`wekaeval.report._prediction_text`), with its very regular
expressions; a chunk is read here only if every one of its lines is a row that the row-by-row reader reads
without complaint, and then into the same values.  Otherwise the functions return False and touch nothing:
the caller reads the chunk row by row, which names the offending line.

>>> from wekaeval.blocks import RowsBuilder
>>> builder = RowsBuilder()
>>> fast_nominal_rows(["        1     2:b     2:b       0.9 ", "        2     1:a     2:b   +   0.6 "],
...                   builder, with_distribution=False)
True
>>> [(r.inst, r.actual, r.predicted, r.error, r.probability) for r in builder.build()]
[(1, 'b', 'b', False, 0.9), (2, 'a', 'b', True, 0.6)]
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from wekaeval.blocks import RowsBuilder, RowsColumn

NUMBER = r"(?:-?\d+(?:\.\d+)?|NaN|-?Infinity)"

#: A row of ``PlainText`` for a nominal class: inst#, actual, predicted, error mark, prediction, attributes.
PLAIN_NOMINAL_ROW = re.compile(r"^ *(\d+) +(?:(\d+):(.*?)|(\?)) +(?:(\d+):(.*?)|(\?)) (  \+  |     ) (\S+) (.*)$")

#: A row of ``PlainText`` for a numeric class: inst#, actual, predicted, error, attributes.
PLAIN_NUMERIC_ROW = re.compile(rf"^ *(\d+) +({NUMBER}|\?) +({NUMBER}|\?) +({NUMBER}|\?) (.*)$")

DISTRIBUTION = re.compile(rf"\*?{NUMBER}(?:,\*?{NUMBER})*")

_NOMINAL_ROWS = re.compile(PLAIN_NOMINAL_ROW.pattern, re.M)
_NUMERIC_ROWS = re.compile(PLAIN_NUMERIC_ROW.pattern, re.M)
_NUMBERS = re.compile(rf"(?:(?:{NUMBER}|\?)\n)*(?:{NUMBER}|\?)")
_DISTRIBUTIONS = re.compile(rf"(?:(?:{DISTRIBUTION.pattern}|\?)\n)*(?:{DISTRIBUTION.pattern}|\?)")


def unquote(label: str) -> str:
    """An ARFF-quoted label's text (``'it\\'s'`` -> ``it's``); unquoted labels as they are."""
    if len(label) >= 2 and label[0] == label[-1] and label[0] in "'\"":
        return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t", "r": "\r"}.get(m.group(1), m.group(1)), label[1:-1])
    return label


def fast_nominal_rows(window: list[str], builder: RowsBuilder, *, with_distribution: bool) -> bool:
    """Add the rows of ``window`` (all PlainText rows of a nominal class) to ``builder``; False if not all are."""
    found = _NOMINAL_ROWS.findall("\n".join(window))
    n = len(found)
    if n != len(window) or n == 0:
        return False
    inst, actual_code, actual, _, predicted_code, predicted, _, error, printed, attributes = zip(*found, strict=True)
    inst_column = _integers(inst)
    if inst_column is None:
        return False
    columns: dict[str, RowsColumn] = {"inst": inst_column}
    actual_keys: dict[tuple[str, str], int] = {}
    actual_ids = [actual_keys.setdefault(key, len(actual_keys)) for key in zip(actual_code, actual, strict=True)]
    index_of, label_of = [], []
    for code, label in actual_keys:  # WEKA prints a missing actual class as 1:? -- no index, no label then
        missing = code == "" or label == "?"
        index_of.append(-1 if missing else int(code) - 1)
        label_of.append(-1 if missing else builder.code(unquote(label)))
    ids = np.array(actual_ids, dtype=np.intp)
    columns["actual_index"] = _indices(np.array(index_of, dtype=np.int64)[ids])
    columns["actual"] = RowsColumn("label", np.array(label_of, dtype=np.int32)[ids])
    predicted_keys: dict[tuple[str, str], int] = {}
    predicted_ids = [
        predicted_keys.setdefault(key, len(predicted_keys)) for key in zip(predicted_code, predicted, strict=True)
    ]
    index_of = [-1 if code == "" else int(code) - 1 for code, _ in predicted_keys]
    label_of = [-1 if code == "" else builder.code(label) for code, label in predicted_keys]
    ids = np.array(predicted_ids, dtype=np.intp)
    predicted_index = np.array(index_of, dtype=np.int64)[ids]
    columns["predicted_index"] = _indices(predicted_index)
    columns["predicted"] = RowsColumn("label", np.array(label_of, dtype=np.int32)[ids])
    columns["error"] = RowsColumn("bool", np.array([mark == "  +  " for mark in error], dtype=bool))
    shown = [text != "?" for text in printed]
    if with_distribution:
        distribution = _distributions(printed, shown, predicted_index)
        if distribution is None:
            return False
        columns["distribution"] = distribution
        columns["probability"] = RowsColumn("none", n)
    else:
        if not _NUMBERS.fullmatch("\n".join(printed)):
            return False
        values = np.fromiter(
            (float(text) if show else 0.0 for text, show in zip(printed, shown, strict=True)), np.float64, n
        )
        columns["probability"] = RowsColumn("float", values, None if all(shown) else np.array(shown, dtype=bool))
        columns["distribution"] = RowsColumn("none", n)
    columns["attributes"] = _attributes(attributes)
    builder.add_columns(columns, n)
    return True


def fast_numeric_rows(window: list[str], builder: RowsBuilder) -> bool:
    """Add the rows of ``window`` (all PlainText rows of a numeric class) to ``builder``; False if not all are."""
    found = _NUMERIC_ROWS.findall("\n".join(window))
    n = len(found)
    if n != len(window) or n == 0:
        return False
    inst, actual, predicted, error, attributes = zip(*found, strict=True)
    inst_column = _integers(inst)
    if inst_column is None:
        return False
    columns: dict[str, Any] = {"inst": inst_column}
    for name, texts in (("actual", actual), ("predicted", predicted), ("error", error)):
        shown = [text != "?" for text in texts]
        values = np.fromiter(
            (float(text) if show else 0.0 for text, show in zip(texts, shown, strict=True)), np.float64, n
        )
        columns[name] = RowsColumn("float", values, None if all(shown) else np.array(shown, dtype=bool))
    for name in ("actual_index", "predicted_index", "probability", "distribution"):
        columns[name] = RowsColumn("none", n)
    columns["attributes"] = _attributes(attributes)
    builder.add_columns(columns, n)
    return True


def _integers(texts: tuple[str, ...]) -> RowsColumn | None:
    if max(map(len, texts)) > 18:  # past int64: the row-by-row reader keeps Python's ints
        return None
    return RowsColumn("int", np.fromiter(map(int, texts), np.int64, len(texts)))


def _indices(values: np.ndarray) -> RowsColumn:
    present = values >= 0
    return RowsColumn("int", values, None if present.all() else present)


def _attributes(texts: tuple[str, ...]) -> RowsColumn:
    values = [text.strip() or None for text in texts]
    if not any(values):
        return RowsColumn("none", len(texts))
    return RowsColumn("object", values)


def _distributions(printed: tuple[str, ...], shown: list[bool], predicted_index: np.ndarray) -> RowsColumn | None:
    """The starred distributions as a matrix, each star on the predicted class; None where the row-by-row reader
    would complain (or the rows differ in length)."""
    if not _DISTRIBUTIONS.fullmatch("\n".join(printed)):
        return None
    given = [text for text, show in zip(printed, shown, strict=True) if show]
    if not given:
        return RowsColumn("none", len(printed))
    width = given[0].count(",") + 1
    if any(text.count(",") != width - 1 or text.count("*") != 1 for text in given):
        return None
    starred = np.fromiter((text[: text.index("*")].count(",") for text in given), np.int64, len(given))
    present = np.array(shown, dtype=bool)
    if not np.array_equal(starred, predicted_index[present]):  # also refuses a star where nothing was predicted
        return None
    flat = ",".join(given).replace("*", "").split(",")
    values = np.fromiter(map(float, flat), np.float64, len(flat)).reshape(len(given), width)
    if present.all():
        return RowsColumn("matrix", values)
    matrix = np.zeros((len(printed), width))
    matrix[present] = values
    return RowsColumn("matrix", matrix, present)
