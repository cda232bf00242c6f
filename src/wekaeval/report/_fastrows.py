"""WEKA's PlainText and CSV predictions read many rows at a time: one regular expression over a chunk, numpy after.

The rules are the row-by-row reader's (:mod:`wekaeval.report._prediction_text`), with its regular
expressions or ones that match only where they do, alike; a chunk is read here only if every one of its
lines is a row that the row-by-row reader reads without complaint, and then into the same values (the
numbers by :func:`~wekaeval.report._decimals.decimal_rows`, else ``float()``).  Otherwise the functions
return False and touch nothing: the caller reads the chunk row by row, which names the offending line.

>>> from wekaeval.blocks._shared import RowsBuilder
>>> builder = RowsBuilder()
>>> fast_nominal_rows(["        1     2:b     2:b       0.9 ", "        2     1:a     2:b   +   0.6 "],
...                   builder, with_distribution=False)
True
>>> [(r.inst, r.actual, r.predicted, r.error, r.probability) for r in builder.build()]
[(1, 'b', 'b', False, 0.9), (2, 'a', 'b', True, 0.6)]
"""

from __future__ import annotations

import re
from typing import Any, cast

import numpy as np

from wekaeval.blocks._shared import RowsBuilder, RowsColumn
from wekaeval.report._decimals import decimal_rows
from wekaeval.report._tokens import Fields, csv_fields, plain_fields

NUMBER = r"(?:-?\d+(?:\.\d+)?|NaN|-?Infinity)"

#: A row of ``PlainText`` for a nominal class: inst#, actual, predicted, error mark, prediction, attributes.
PLAIN_NOMINAL_ROW = re.compile(r"^ *(\d+) +(?:(\d+):(.*?)|(\?)) +(?:(\d+):(.*?)|(\?)) (  \+  |     ) (\S+) (.*)$")

#: A row of ``PlainText`` for a numeric class: inst#, actual, predicted, error, attributes.
PLAIN_NUMERIC_ROW = re.compile(rf"^ *(\d+) +({NUMBER}|\?) +({NUMBER}|\?) +({NUMBER}|\?) (.*)$")

DISTRIBUTION = re.compile(rf"\*?{NUMBER}(?:,\*?{NUMBER})*")

#: The common row, without attribute values or a space in a label: where it matches, :data:`PLAIN_NOMINAL_ROW`
#: matches too, alike (a lazy label ends at the first space that lets the row go on; with none in the label, at
#: the first space after it), and its attributes are none.
_PLAIN_NOMINAL_ROWS = re.compile(r"^ *(\d+) +(\d+:\S+|\?) +(\d+:\S+|\?) (  \+  |     ) (\S+) $", re.M)

#: The row as :data:`PLAIN_NOMINAL_ROW` matches it, each class (``index:label`` or ``?``) in one group.
_NOMINAL_ROWS = re.compile(r"^ *(\d+) +(\d+:.*?|\?) +(\d+:.*?|\?) (  \+  |     ) (\S+) (.*)$", re.M)
#: A printed class, as the row-by-row reader reads it.
LABEL = re.compile(r"^(\d+):(.*)$", re.S)
_NUMERIC_ROWS = re.compile(PLAIN_NUMERIC_ROW.pattern, re.M)
_NUMBERS = re.compile(rf"(?:(?:{NUMBER}|\?)\n)*(?:{NUMBER}|\?)")
_DISTRIBUTIONS = re.compile(rf"(?:(?:{DISTRIBUTION.pattern}|\?)\n)*(?:{DISTRIBUTION.pattern}|\?)")
#: A class as :data:`_PLAIN_NOMINAL_ROWS` matches it.
_PLAIN_CLASS = re.compile(r"\d+:\S+|\?")

#: The distinct texts of a class column in order of first appearance, and each row's number among them.
Classes = tuple[list[str], np.ndarray]
#: Printed numbers: each row's text, or (:meth:`~wekaeval.report._tokens.Fields.joined`) those that are not
#: ``?`` as bytes, each ended by a line end, with which rows they are.
Printed = tuple[str, ...] | tuple[bytes, np.ndarray]


def unquote(label: str) -> str:
    """An ARFF-quoted label's text (``'it\\'s'`` -> ``it's``); unquoted labels as they are."""
    if len(label) >= 2 and label[0] == label[-1] and label[0] in "'\"":
        return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t", "r": "\r"}.get(m.group(1), m.group(1)), label[1:-1])
    return label


def fast_nominal_rows(window: list[str], builder: RowsBuilder, *, with_distribution: bool) -> bool:
    """Add the rows of ``window`` (all PlainText rows of a nominal class) to ``builder``; False if not all are."""
    n = len(window)
    fields = plain_fields(window)
    if fields is not None and _token_rows(builder, fields, with_distribution, csv=False, width=None):
        return True
    text = "\n".join(window)
    found = _PLAIN_NOMINAL_ROWS.findall(text)
    if len(found) == n and n:
        inst, actual, predicted, error, printed = zip(*found, strict=True)
        attributes = RowsColumn("none", n)
    else:
        found = _NOMINAL_ROWS.findall(text)
        if len(found) != n or n == 0:
            return False
        inst, actual, predicted, error, printed, texts = zip(*found, strict=True)
        attributes = _attributes(texts)
    errors = np.fromiter(map("  +  ".__eq__, error), bool, n)
    inst_column = _integers(inst)
    if inst_column is None:
        return False
    columns = _nominal_columns(
        builder, inst_column, _classes(actual), _classes(predicted), errors, printed, with_distribution, csv=False
    )
    if columns is None:
        return False
    columns["attributes"] = attributes
    builder.add_columns(columns, n)
    return True


def fast_csv_rows(
    window: list[str], builder: RowsBuilder, *, delimiter: str, nominal: bool, with_distribution: bool, classes: int
) -> bool:
    """Add the rows of ``window`` (all rows of WEKA's CSV predictions without attribute columns) to ``builder``;
    False if not all are, or a row holds a quote (ARFF-quoted labels are split by the row-by-row reader)."""
    if nominal and delimiter == ",":
        fields = csv_fields(window)
        if fields is not None and _token_rows(builder, fields, with_distribution, csv=True, width=classes):
            return True
    text = "\n".join(window)
    if delimiter not in ",\t" or "'" in text or '"' in text or (delimiter == "\t" and "," in text):
        return False
    d = re.escape(delimiter)
    field = rf"[^{d}\n]*"
    if not nominal:
        found = re.findall(rf"^([0-9]+){d}({field}){d}({field}){d}({field})$", text, re.M)
    else:  # the predicted label is printed unquoted: one with the delimiter is left to the row-by-row reader
        found = re.findall(rf"^([0-9]+){d}({field}){d}({field}){d}(\+?){d}([^\n]*)$", text, re.M)
    n = len(found)
    if n != len(window) or n == 0:
        return False
    if not nominal:
        inst, actual, predicted, error = zip(*found, strict=True)
        numeric = {"inst": _integers(inst)}
        for name, texts in (("actual", actual), ("predicted", predicted), ("error", error)):
            numeric[name] = _numbers(texts, checked=False)
        if any(column is None for column in numeric.values()):
            return False
        columns = {name: column for name, column in numeric.items() if column is not None}
        for name in ("actual_index", "predicted_index", "probability", "distribution"):
            columns[name] = RowsColumn("none", n)
    else:
        inst, actual, predicted, error, printed = zip(*found, strict=True)
        if delimiter != ",":
            printed = tuple(text.replace(delimiter, ",") for text in printed)
        errors = np.fromiter(map("+".__eq__, error), bool, n)
        inst_column = _integers(inst)
        if inst_column is None:
            return False
        nominal_columns = _nominal_columns(
            builder,
            inst_column,
            _classes(actual),
            _classes(predicted),
            errors,
            printed,
            with_distribution,
            csv=True,
            width=classes,
        )
        if nominal_columns is None:
            return False
        columns = nominal_columns
    columns["attributes"] = RowsColumn("none", n)
    builder.add_columns(columns, n)
    return True


def _token_rows(builder: RowsBuilder, fields: Fields, with_distribution: bool, *, csv: bool, width: int | None) -> bool:
    """Add the rows cut into ``fields`` to ``builder``; False (nothing added) where the regular expressions'
    reading must decide."""
    inst = fields.integers(fields.inst)
    if inst is None:
        return False
    actual, predicted = fields.classes(fields.actual), fields.classes(fields.predicted)
    if not csv and not all(_PLAIN_CLASS.fullmatch(key) for key in actual[0] + predicted[0]):
        return False
    columns = _nominal_columns(
        builder,
        RowsColumn("int", inst),
        actual,
        predicted,
        fields.errors,
        fields.joined(fields.printed),
        with_distribution,
        csv=csv,
        width=width,
    )
    if columns is None:
        return False
    columns["attributes"] = RowsColumn("none", len(inst))
    builder.add_columns(columns, len(inst))
    return True


def _nominal_columns(
    builder: RowsBuilder,
    inst_column: RowsColumn,
    actual: Classes,
    predicted: Classes,
    errors: np.ndarray,
    printed: Printed,
    with_distribution: bool,
    *,
    csv: bool,
    width: int | None = None,
) -> dict[str, RowsColumn] | None:
    """The columns of rows of a nominal class but their attributes; None where the row-by-row reader would
    complain.  ``csv``: a class must be ``index:label`` (``?`` only as a prediction), and an instance is
    unclassified (``?`` predicted) exactly where its prediction is printed as ``?``; ``width``: the classes
    every distribution has (CSV: the fields the row-by-row reader counts from the right)."""
    n = len(errors)
    columns: dict[str, RowsColumn] = {"inst": inst_column}
    keys, ids = actual
    index_of, label_of = [], []
    for key in keys:  # WEKA prints a missing actual class as 1:? -- no index, no label then
        code, _, label = key.partition(":")
        if csv and LABEL.match(key) is None:
            return None
        missing = key == "?" or label == "?"
        index_of.append(-1 if missing else int(code) - 1)
        label_of.append(-1 if missing else builder.code(unquote(label)))
    columns["actual_index"] = _indices(np.array(index_of, dtype=np.int64)[ids])
    columns["actual"] = RowsColumn("label", np.array(label_of, dtype=np.int32)[ids])
    keys, ids = predicted
    index_of, label_of = [], []
    for key in keys:
        code, _, label = key.partition(":")
        if csv and key != "?" and LABEL.match(key) is None:
            return None
        index_of.append(-1 if key == "?" else int(code) - 1)
        label_of.append(-1 if key == "?" else builder.code(label))
    predicted_index = np.array(index_of, dtype=np.int64)[ids]
    columns["predicted_index"] = _indices(predicted_index)
    columns["predicted"] = RowsColumn("label", np.array(label_of, dtype=np.int32)[ids])
    columns["error"] = RowsColumn("bool", errors)
    if with_distribution:
        distribution = _distributions(printed, predicted_index, width)
        if distribution is None:
            return None
        columns["distribution"] = distribution
        columns["probability"] = RowsColumn("none", n)
    else:
        probability = _numbers(printed, checked=False)
        if probability is None:
            return None
        columns["probability"] = probability
        columns["distribution"] = RowsColumn("none", n)
    if csv:  # an unclassified instance: '?' predicted and '?' printed, both or neither
        printed_column = columns["distribution" if with_distribution else "probability"]
        if printed_column.kind == "none":
            shown = np.zeros(n, bool)
        else:
            shown = np.ones(n, bool) if printed_column.present is None else printed_column.present
        if not np.array_equal(shown, predicted_index >= 0):
            return None
    return columns


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
        columns[name] = _numbers(texts, checked=True)
    for name in ("actual_index", "predicted_index", "probability", "distribution"):
        columns[name] = RowsColumn("none", n)
    columns["attributes"] = _attributes(attributes)
    builder.add_columns(columns, n)
    return True


def _classes(printed: tuple[str, ...]) -> Classes:
    """The distinct printed classes (``index:label`` or ``?``) in order, and each row's number among them."""
    distinct: dict[str, int] = {}
    ids = [distinct.setdefault(key, len(distinct)) for key in printed]
    return list(distinct), np.array(ids, dtype=np.intp)


def _numbers(texts: Printed, *, checked: bool) -> RowsColumn | None:
    """One number per row (``?`` for none) as a float column; None if a text is not a number as WEKA prints them
    (``checked``: the caller's expression has seen to that; texts given as bytes: read here only)."""
    if isinstance(texts[0], bytes):
        raw, present = texts
        parsed = decimal_rows(raw, starred=False) if raw else (np.zeros((0, 1)), None)
        if parsed is None or parsed[0].shape[1] != 1:
            return None
        if present.all():
            return RowsColumn("float", parsed[0].ravel())
        values = np.zeros(len(present))
        values[present] = parsed[0].ravel()
        return RowsColumn("float", values, present)
    n = len(texts)
    shown = None if "?" not in texts else np.fromiter(map("?".__ne__, texts), bool, n)
    given = texts if shown is None else [text for text in texts if text != "?"]
    parsed = decimal_rows(given, starred=False) if given else None
    if parsed is not None and parsed[0].shape[1] == 1:
        found = parsed[0].ravel()
    elif checked or _NUMBERS.fullmatch("\n".join(texts)):
        found = np.fromiter(map(float, given), np.float64, len(given))
    else:
        return None
    if shown is None:
        return RowsColumn("float", found)
    values = np.zeros(n)
    values[shown] = found
    return RowsColumn("float", values, shown)


def _integers(texts: tuple[str, ...]) -> RowsColumn | None:
    if max(map(len, texts)) > 18:  # past int64: the row-by-row reader keeps Python's ints
        return None
    return RowsColumn("int", np.fromiter(map(int, texts), np.int64, len(texts)))


def _indices(values: np.ndarray) -> RowsColumn:
    present = values >= 0
    return RowsColumn("int", values, None if present.all() else present)


def _attributes(texts: tuple[str, ...]) -> RowsColumn:
    if not "".join(texts).strip():  # no row has any (the common case, told without a string per row)
        return RowsColumn("none", len(texts))
    return RowsColumn("object", [text.strip() or None for text in texts])


def _distributions(printed: Printed, predicted_index: np.ndarray, width: int | None) -> RowsColumn | None:
    """The starred distributions as a matrix, each star on the predicted class; None where the row-by-row reader
    would complain (or the rows differ in length, or from ``width`` when given; texts given as bytes: where
    they are not all read here)."""
    if isinstance(printed[0], bytes):
        raw, present = printed
        given: Any = raw
        if not raw:
            return RowsColumn("none", len(present))
    else:
        present = np.fromiter(map("?".__ne__, printed), bool, len(printed))
        given = printed if present.all() else [text for text in printed if text != "?"]
        if not given:
            return RowsColumn("none", len(printed))
    parsed = decimal_rows(given, starred=True)
    if parsed is None and isinstance(given, bytes):
        return None
    if parsed is not None:
        values, starred = parsed
    else:  # NaN, Infinity, long numbers: the row-by-row reader's expression and float()
        if not _DISTRIBUTIONS.fullmatch("\n".join(cast("tuple[str, ...]", printed))):
            return None
        commas = given[0].count(",")
        if any(text.count(",") != commas or text.count("*") != 1 for text in given):
            return None
        starred = np.fromiter((text[: text.index("*")].count(",") for text in given), np.int64, len(given))
        flat = ",".join(given).replace("*", "").split(",")
        values = np.fromiter(map(float, flat), np.float64, len(flat)).reshape(len(given), commas + 1)
    if width is not None and values.shape[1] != width:
        return None
    if not np.array_equal(starred, predicted_index[present]):  # also refuses a star where nothing was predicted
        return None
    if present.all():
        return RowsColumn("matrix", values)
    matrix = np.zeros((len(present), values.shape[1]))
    matrix[present] = values
    return RowsColumn("matrix", matrix, present)
