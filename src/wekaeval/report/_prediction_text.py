"""WEKA's printed predictions: the ``PlainText`` and ``CSV`` formats of ``-classifications``.

>>> table = parse_predictions(["inst#,actual,predicted,error,prediction",
...                            "1,2:good,2:good,,1", "2,1:bad,2:good,+,0.697"])
>>> table.format, [(row.actual, row.predicted, row.error, row.probability) for row in table.rows]
('CSV', [('good', 'good', False, 1.0), ('bad', 'good', True, 0.697)])

:func:`is_header` recognises the first line of either format; :func:`parse_predictions`
reads the table that starts there.  Rows are read as WEKA writes them
(``weka.classifiers.evaluation.output.prediction.PlainText`` and ``.CSV``):
a class label follows its 1-based index (``2:good``), the actual label is
quoted as in ARFF where it needs quotes, a missing actual class prints as
``1:?`` (WEKA casts the missing value to index 0), an unclassified
instance's prediction as ``?``, and the predicted class is starred in a
``-distribution``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from wekaeval._textsource import quoted
from wekaeval.blocks import PredictionRow, Predictions
from wekaeval.blocks._shared import RowsBuilder
from wekaeval.report._fastrows import (
    DISTRIBUTION,
    LABEL,
    NUMBER,
    PLAIN_NOMINAL_ROW,
    PLAIN_NUMERIC_ROW,
    fast_csv_rows,
    fast_nominal_rows,
    fast_numeric_rows,
    unquote,
)

_PLAIN_NOMINAL_HEADER = re.compile(r"^ *inst#     actual  predicted error (prediction|distribution)(?: \((.*)\))? *$")


_PLAIN_NUMERIC_HEADER = re.compile(r"^ *inst#     actual  predicted      error(?: \((.*)\))? *$")


_CSV_HEADER = re.compile(r"^inst#([,\t])actual\1predicted\1error(?:\1(prediction|distribution))?(.*)$")


#: The Explorer's own table before WEKA 3.7 (3.6.5-3.6.10 lost the leading space).
_EXPLORER_HEADER = re.compile(r"^ ?inst#,    actual, predicted, error(, probability distribution)?(?: \((.*)\))? *$")


_EXPLORER_CELL = re.compile(r"^ ([ *])(\S+) *$")


_NUMBER_RE = re.compile(NUMBER)


class PredictionTextError(Exception):
    """A line that is not a row of the table; the caller names the file and line."""

    def __init__(self, message: str, line: int):
        super().__init__(message)
        self.line = line


def is_header(text: str) -> bool:
    """Whether ``text`` is the header line of a PlainText, CSV or (pre-3.7) Explorer predictions table."""
    return any(
        header.match(text) for header in (_PLAIN_NOMINAL_HEADER, _PLAIN_NUMERIC_HEADER, _CSV_HEADER, _EXPLORER_HEADER)
    )


@dataclass(frozen=True)
class TableFormat:
    """How a predictions table is laid out, from its header: its rows are read one by one with :attr:`row`.

    ``fast`` (PlainText) reads many rows at once into columns, or says it cannot (then :attr:`row` reads them).
    """

    format: str
    nominal: bool
    names: tuple[str, ...] | None
    row: Callable[[str, int], PredictionRow]
    fast: Callable[[list[str], RowsBuilder], bool] | None = None


def table_format(header: str, first_line: int = 1) -> TableFormat:
    """The layout of the table whose header is ``header`` (on line ``first_line``)."""
    csv = _CSV_HEADER.match(header)
    if csv is not None:
        return _csv_format(csv, header, first_line)
    explorer = _EXPLORER_HEADER.match(header)
    if explorer is not None:
        nominal = explorer.group(1) is not None
        names = None if explorer.group(2) is None else tuple(explorer.group(2).split(","))
        return TableFormat("Explorer", nominal, names, partial(_explorer_row, nominal=nominal, names=names))
    nominal_match = _PLAIN_NOMINAL_HEADER.match(header)
    numeric = _PLAIN_NUMERIC_HEADER.match(header)
    plain = nominal_match or numeric
    if plain is None:
        raise PredictionTextError(f"not a header of WEKA's predictions: {quoted(header)}", first_line)
    names_text = plain.groups()[-1]
    names = None if names_text is None else tuple(names_text.split(","))
    if nominal_match is not None:
        with_distribution = nominal_match.group(1) == "distribution"
        return TableFormat(
            "PlainText",
            True,
            names,
            partial(_plain_nominal_row, with_distribution=with_distribution),
            partial(fast_nominal_rows, with_distribution=with_distribution),
        )
    return TableFormat("PlainText", False, names, _plain_numeric_row, fast_numeric_rows)


def parse_predictions(lines: Sequence[str], first_line: int = 1) -> Predictions:
    """The table whose header is ``lines[0]``; every further line must be a row.

    Raises :class:`PredictionTextError` with the (``first_line``-based) line number.
    """
    layout = table_format(lines[0], first_line)
    rows = [layout.row(text, number) for number, text in enumerate(lines[1:], start=first_line + 1)]
    return Predictions(layout.nominal, tuple(rows), layout.names, layout.format)


def _plain_nominal_row(text: str, number: int, *, with_distribution: bool) -> PredictionRow:
    match = PLAIN_NOMINAL_ROW.match(text)
    if match is None:
        raise PredictionTextError(f"not a row of the predictions table: {quoted(text)}", number)
    inst, actual_code, actual, _, predicted_code, predicted, _, error, printed, attributes = match.groups()
    probability = distribution = None
    if printed != "?":
        if with_distribution:
            distribution = _distribution(printed.split(","), predicted_code, number)
        else:
            probability = _number(printed, number)
    return PredictionRow(
        inst=int(inst),
        actual=_actual_label(actual_code, None if actual is None else unquote(actual)),
        predicted=predicted,
        error=error == "  +  ",
        actual_index=_actual_index(actual_code, actual),
        predicted_index=None if predicted_code is None else int(predicted_code) - 1,
        probability=probability,
        distribution=distribution,
        attributes=attributes.strip() or None,
    )


def _plain_numeric_row(text: str, number: int) -> PredictionRow:
    match = PLAIN_NUMERIC_ROW.match(text)
    if match is None:
        raise PredictionTextError(f"not a row of the predictions table: {quoted(text)}", number)
    inst, actual, predicted, error, attributes = match.groups()
    return PredictionRow(
        int(inst),
        _optional(actual, number),
        _optional(predicted, number),
        _optional(error, number),
        attributes=attributes.strip() or None,
    )


def _csv_format(header: re.Match, text: str, first_line: int) -> TableFormat:
    delimiter, kind, rest = header.groups()
    nominal = kind is not None
    with_distribution = kind == "distribution"
    extra = rest.split(delimiter)[1:] if rest else []
    classes = 1
    if with_distribution:  # one empty column after "distribution" per further class
        while extra and extra[0] == "":
            classes += 1
            extra.pop(0)
    if rest and not rest.startswith(delimiter):
        raise PredictionTextError(f"not a header of WEKA's CSV predictions: {quoted(text)}", first_line)
    names = tuple(extra) if extra else None
    tail = len(names) if names else 0

    def row(line: str, number: int) -> PredictionRow:
        fields = _split_csv(line, delimiter, number)
        if nominal:
            return _csv_nominal_row(fields, tail, with_distribution, classes, delimiter, number)
        if len(fields) != 4 + tail:
            raise PredictionTextError(f"expected {4 + tail} columns, found {len(fields)}: {quoted(line)}", number)
        inst, actual, predicted, error = fields[:4]
        return PredictionRow(
            _inst(inst, number),
            _optional(actual, number),
            _optional(predicted, number),
            _optional(error, number),
            attributes=tuple(fields[4:]) or None,
        )

    fast = None
    if tail == 0:
        fast = partial(
            fast_csv_rows, delimiter=delimiter, nominal=nominal, with_distribution=with_distribution, classes=classes
        )
    return TableFormat("CSV", nominal, names, row, fast)


def _csv_nominal_row(
    fields: list[str], tail: int, with_distribution: bool, classes: int, delimiter: str, number: int
) -> PredictionRow:
    """A nominal row: the predicted label is printed unquoted, so it may hold the delimiter; count from the right."""
    attributes = tuple(fields[len(fields) - tail :]) if tail else ()
    body = fields[: len(fields) - tail] if tail else fields
    if len(body) < 5:
        raise PredictionTextError(
            f"too few columns for a row of WEKA's CSV predictions: {quoted(delimiter.join(body))}", number
        )
    unclassified = body[-1] == "?"
    width = classes if with_distribution and not unclassified else 1
    if len(body) < 4 + width:
        raise PredictionTextError("too few columns for the class distribution", number)
    printed = body[len(body) - width :]
    error = body[len(body) - width - 1]
    predicted = delimiter.join(body[2 : len(body) - width - 1])
    inst, actual = body[0], body[1]
    if error not in ("", "+"):
        raise PredictionTextError(f"the error column holds {quoted(error)}, not '+' or nothing", number)
    match = LABEL.match(actual)
    if match is None:
        raise PredictionTextError(f"not a class as WEKA prints it (index:label): {quoted(actual)}", number)
    actual_code, actual_label = match.groups()
    if predicted == "?":
        predicted_code, predicted_label = None, None
    else:
        predicted_match = LABEL.match(predicted)
        if predicted_match is None:
            raise PredictionTextError(f"not a class as WEKA prints it (index:label): {quoted(predicted)}", number)
        predicted_code, predicted_label = predicted_match.groups()
    if unclassified != (predicted_code is None):
        raise PredictionTextError("an unclassified instance prints '?' as its prediction and its class", number)
    probability = distribution = None
    if not unclassified:
        if with_distribution:
            distribution = _distribution(printed, predicted_code, number)
        else:
            probability = _number(printed[0], number)
    return PredictionRow(
        inst=_inst(inst, number),
        actual=_actual_label(actual_code, unquote(actual_label)),
        predicted=predicted_label,
        error=error == "+",
        actual_index=_actual_index(actual_code, actual_label),
        predicted_index=None if predicted_code is None else int(predicted_code) - 1,
        probability=probability,
        distribution=distribution,
        attributes=attributes or None,
    )


def _split_csv(text: str, delimiter: str, number: int) -> list[str]:
    """Fields of a CSV row; a field may hold one ARFF-quoted value (``2:'a, b'``), kept with its quotes."""
    if "'" not in text and '"' not in text:
        return text.split(delimiter)
    fields: list[str] = []
    current: list[str] = []
    quote: str | None = None
    escaped = False
    for char in text:
        if quote:
            current.append(char)
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = None
        elif char == delimiter:
            fields.append("".join(current))
            current = []
        else:
            current.append(char)
            if char in "'\"" and _quote_may_open(current):
                quote = char
    if quote:
        raise PredictionTextError(f"a quote is not closed: {quoted(text)}", number)
    fields.append("".join(current))
    return fields


def _quote_may_open(current: list[str]) -> bool:
    """A quote opens a value at the start of a field or after the ``N:`` of a label."""
    before = "".join(current[:-1])
    return before == "" or re.fullmatch(r"\d+:", before) is not None


def _explorer_row(text: str, number: int, *, nominal: bool, names: tuple[str, ...] | None) -> PredictionRow:
    """A row of ``ClassifierPanel.predictionText`` of WEKA 3.4-3.6: fixed columns, labels cut to ten characters.

    Instance number in 6 columns, actual and predicted class in 10 (``N:label``,
    cut when longer), the error mark ``+`` in 6, then per class `` *`` (the
    predicted one) or two spaces and ``doubleToString(p, 5, 3)``; for a numeric
    class actual, predicted and error are ``doubleToString(v, 10, 3)``.
    """
    body, attributes = text, None
    if names is not None:
        start = text.rfind(" (")
        if start < 0 or not text.rstrip().endswith(")"):
            raise PredictionTextError(f"a row without its attribute values (...): {quoted(text)}", number)
        body, attributes = text[:start], text[start + 1 :].rstrip()
    inst = body[:6].strip()
    if len(body) < 28 or not inst.isdigit() or body[6] != " ":
        raise PredictionTextError(f"not a row of the Explorer's predictions table: {quoted(text)}", number)
    if not nominal:
        # WEKA leaves the error out where the class or the prediction is missing
        actual_value, predicted_value, error = (_optional(body[i : i + 10].strip() or "?", number) for i in (7, 18, 29))
        return PredictionRow(int(inst), actual_value, predicted_value, error, attributes=attributes)
    actual, predicted, mark = body[7:17].strip(), body[18:28].strip(), body[29:35].strip()
    if mark not in ("", "+"):
        raise PredictionTextError(f"the error column holds {quoted(mark)}, not '+' or nothing", number)
    cells = body[36:]
    cells += " " * (-len(cells) % 7)  # trailing spaces an editor may have dropped
    distribution: list[float] = []
    starred: int | None = None
    for i in range(0, len(cells), 7):
        cell = _EXPLORER_CELL.match(cells[i : i + 7])
        if cell is None:
            raise PredictionTextError(f"not a distribution as the Explorer prints it: {quoted(cells.rstrip())}", number)
        if cell.group(1) == "*":
            starred = len(distribution)
        distribution.append(_number(cell.group(2), number))
    actual_match, predicted_match = LABEL.match(actual), LABEL.match(predicted)
    if (actual != "?" and actual_match is None) or (predicted != "?" and predicted_match is None):
        raise PredictionTextError(f"not a class as WEKA prints it (index:label): {quoted(text)}", number)
    predicted_index = None if predicted_match is None else int(predicted_match.group(1)) - 1
    if predicted_index is not None and starred != predicted_index:
        raise PredictionTextError("the distribution's * does not mark the predicted class", number)
    return PredictionRow(
        inst=int(inst),
        actual=None if actual_match is None else actual_match.group(2),
        predicted=None if predicted_match is None else predicted_match.group(2),
        error=mark == "+",
        actual_index=None if actual_match is None else int(actual_match.group(1)) - 1,
        predicted_index=predicted_index,
        distribution=tuple(distribution) or None,
        attributes=attributes,
    )


def _distribution(cells: Sequence[str], predicted_code: str | None, number: int) -> tuple[float, ...]:
    if not DISTRIBUTION.fullmatch(",".join(cells)):
        raise PredictionTextError(f"not a distribution as WEKA prints them: {quoted(','.join(cells))}", number)
    starred = [i for i, cell in enumerate(cells) if cell.startswith("*")]
    if predicted_code is None or starred != [int(predicted_code) - 1]:
        raise PredictionTextError("the distribution's * does not mark the predicted class", number)
    return tuple(float(cell.lstrip("*")) for cell in cells)


def _actual_index(code: str | None, label: str | None) -> int | None:
    """WEKA prints a missing actual class as ``1:?`` (index 0 of the cast NaN): no index then."""
    if code is None or label == "?":
        return None
    return int(code) - 1


def _actual_label(code: str | None, label: str | None) -> str | None:
    return None if _actual_index(code, label) is None else label


def _number(token: str, number: int) -> float:
    if not _NUMBER_RE.fullmatch(token):
        raise PredictionTextError(f"{quoted(token)} is not a number as WEKA prints them", number)
    return float(token)


def _optional(token: str, number: int) -> float | None:
    return None if token == "?" else _number(token, number)


def _inst(token: str, number: int) -> int:
    if not token.isdigit():
        raise PredictionTextError(f"the instance number {quoted(token)} is not a number", number)
    return int(token)
