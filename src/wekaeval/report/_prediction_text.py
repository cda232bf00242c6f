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
from collections.abc import Sequence

from wekaeval.blocks import PredictionRow, Predictions

_NUMBER = r"(?:-?\d+(?:\.\d+)?|NaN|-?Infinity)"


_PLAIN_NOMINAL_HEADER = re.compile(r"^ *inst#     actual  predicted error (prediction|distribution)(?: \((.*)\))? *$")


_PLAIN_NUMERIC_HEADER = re.compile(r"^ *inst#     actual  predicted      error(?: \((.*)\))? *$")


_PLAIN_NOMINAL_ROW = re.compile(r"^ *(\d+) +(?:(\d+):(.*?)|(\?)) +(?:(\d+):(.*?)|(\?)) (  \+  |     ) (\S+) (.*)$")


_PLAIN_NUMERIC_ROW = re.compile(rf"^ *(\d+) +({_NUMBER}|\?) +({_NUMBER}|\?) +({_NUMBER}|\?) (.*)$")


_DISTRIBUTION = re.compile(rf"\*?{_NUMBER}(?:,\*?{_NUMBER})*")


_CSV_HEADER = re.compile(r"^inst#([,\t])actual\1predicted\1error(?:\1(prediction|distribution))?(.*)$")


#: The Explorer's own table before WEKA 3.7 (3.6.5-3.6.10 lost the leading space).
_EXPLORER_HEADER = re.compile(r"^ ?inst#,    actual, predicted, error(, probability distribution)?(?: \((.*)\))? *$")


_EXPLORER_CELL = re.compile(r"^ ([ *])(\S+) *$")


_NUMBER_RE = re.compile(_NUMBER)


_LABEL = re.compile(r"^(\d+):(.*)$", re.S)


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


def parse_predictions(lines: Sequence[str], first_line: int = 1) -> Predictions:
    """The table whose header is ``lines[0]``; every further line must be a row.

    Raises :class:`PredictionTextError` with the (``first_line``-based) line number.
    """
    header = lines[0]
    csv = _CSV_HEADER.match(header)
    if csv is not None:
        return _parse_csv(csv, lines, first_line)
    explorer = _EXPLORER_HEADER.match(header)
    if explorer is not None:
        return _parse_explorer(explorer, lines, first_line)
    nominal = _PLAIN_NOMINAL_HEADER.match(header)
    numeric = _PLAIN_NUMERIC_HEADER.match(header)
    plain = nominal or numeric
    if plain is None:
        raise PredictionTextError(f"not a header of WEKA's predictions: {header!r}", first_line)
    names_text = plain.groups()[-1]
    names = None if names_text is None else tuple(names_text.split(","))
    rows = []
    for number, text in enumerate(lines[1:], start=first_line + 1):
        if nominal is not None:
            rows.append(_plain_nominal_row(text, nominal.group(1) == "distribution", number))
        else:
            rows.append(_plain_numeric_row(text, number))
    return Predictions(nominal is not None, tuple(rows), names, "PlainText")


def _plain_nominal_row(text: str, with_distribution: bool, number: int) -> PredictionRow:
    match = _PLAIN_NOMINAL_ROW.match(text)
    if match is None:
        raise PredictionTextError(f"not a row of the predictions table: {text!r}", number)
    inst, actual_code, actual, _, predicted_code, predicted, _, error, printed, attributes = match.groups()
    probability = distribution = None
    if printed != "?":
        if with_distribution:
            distribution = _distribution(printed.split(","), predicted_code, number)
        else:
            probability = _number(printed, number)
    return PredictionRow(
        inst=int(inst),
        actual=_actual_label(actual_code, None if actual is None else _unquote(actual)),
        predicted=predicted,
        error=error == "  +  ",
        actual_index=_actual_index(actual_code, actual),
        predicted_index=None if predicted_code is None else int(predicted_code) - 1,
        probability=probability,
        distribution=distribution,
        attributes=attributes.strip() or None,
    )


def _plain_numeric_row(text: str, number: int) -> PredictionRow:
    match = _PLAIN_NUMERIC_ROW.match(text)
    if match is None:
        raise PredictionTextError(f"not a row of the predictions table: {text!r}", number)
    inst, actual, predicted, error, attributes = match.groups()
    return PredictionRow(
        int(inst),
        _optional(actual, number),
        _optional(predicted, number),
        _optional(error, number),
        attributes=attributes.strip() or None,
    )


def _parse_csv(header: re.Match, lines: Sequence[str], first_line: int) -> Predictions:
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
        raise PredictionTextError(f"not a header of WEKA's CSV predictions: {lines[0]!r}", first_line)
    names = tuple(extra) if extra else None
    rows = []
    for number, text in enumerate(lines[1:], start=first_line + 1):
        fields = _split_csv(text, delimiter, number)
        tail = len(names) if names else 0
        if nominal:
            rows.append(_csv_nominal_row(fields, tail, with_distribution, classes, delimiter, number))
        else:
            if len(fields) != 4 + tail:
                raise PredictionTextError(f"expected {4 + tail} columns, found {len(fields)}: {text!r}", number)
            inst, actual, predicted, error = fields[:4]
            rows.append(
                PredictionRow(
                    _inst(inst, number),
                    _optional(actual, number),
                    _optional(predicted, number),
                    _optional(error, number),
                    attributes=tuple(fields[4:]) or None,
                )
            )
    return Predictions(nominal, tuple(rows), names, "CSV")


def _csv_nominal_row(
    fields: list[str], tail: int, with_distribution: bool, classes: int, delimiter: str, number: int
) -> PredictionRow:
    """A nominal row: the predicted label is printed unquoted, so it may hold the delimiter; count from the right."""
    attributes = tuple(fields[len(fields) - tail :]) if tail else ()
    body = fields[: len(fields) - tail] if tail else fields
    if len(body) < 5:
        raise PredictionTextError(f"too few columns for a row of WEKA's CSV predictions: {body!r}", number)
    unclassified = body[-1] == "?"
    width = classes if with_distribution and not unclassified else 1
    if len(body) < 4 + width:
        raise PredictionTextError("too few columns for the class distribution", number)
    printed = body[len(body) - width :]
    error = body[len(body) - width - 1]
    predicted = delimiter.join(body[2 : len(body) - width - 1])
    inst, actual = body[0], body[1]
    if error not in ("", "+"):
        raise PredictionTextError(f"the error column holds {error!r}, not '+' or nothing", number)
    match = _LABEL.match(actual)
    if match is None:
        raise PredictionTextError(f"not a class as WEKA prints it (index:label): {actual!r}", number)
    actual_code, actual_label = match.groups()
    if predicted == "?":
        predicted_code, predicted_label = None, None
    else:
        predicted_match = _LABEL.match(predicted)
        if predicted_match is None:
            raise PredictionTextError(f"not a class as WEKA prints it (index:label): {predicted!r}", number)
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
        actual=_actual_label(actual_code, _unquote(actual_label)),
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
        raise PredictionTextError(f"a quote is not closed: {text!r}", number)
    fields.append("".join(current))
    return fields


def _quote_may_open(current: list[str]) -> bool:
    """A quote opens a value at the start of a field or after the ``N:`` of a label."""
    before = "".join(current[:-1])
    return before == "" or re.fullmatch(r"\d+:", before) is not None


def _parse_explorer(header: re.Match, lines: Sequence[str], first_line: int) -> Predictions:
    """``ClassifierPanel.predictionText`` of WEKA 3.4-3.6: fixed columns, labels cut to ten characters.

    Instance number in 6 columns, actual and predicted class in 10 (``N:label``,
    cut when longer), the error mark ``+`` in 6, then per class `` *`` (the
    predicted one) or two spaces and ``doubleToString(p, 5, 3)``; for a numeric
    class actual, predicted and error are ``doubleToString(v, 10, 3)``.
    """
    nominal = header.group(1) is not None
    names = None if header.group(2) is None else tuple(header.group(2).split(","))
    rows = []
    for number, text in enumerate(lines[1:], start=first_line + 1):
        body, attributes = text, None
        if names is not None:
            start = text.rfind(" (")
            if start < 0 or not text.rstrip().endswith(")"):
                raise PredictionTextError(f"a row without its attribute values (...): {text!r}", number)
            body, attributes = text[:start], text[start + 1 :].rstrip()
        inst = body[:6].strip()
        if len(body) < 28 or not inst.isdigit() or body[6] != " ":
            raise PredictionTextError(f"not a row of the Explorer's predictions table: {text!r}", number)
        if not nominal:
            # WEKA leaves the error out where the class or the prediction is missing
            actual_value, predicted_value, error = (
                _optional(body[i : i + 10].strip() or "?", number) for i in (7, 18, 29)
            )
            rows.append(PredictionRow(int(inst), actual_value, predicted_value, error, attributes=attributes))
            continue
        actual, predicted, mark = body[7:17].strip(), body[18:28].strip(), body[29:35].strip()
        if mark not in ("", "+"):
            raise PredictionTextError(f"the error column holds {mark!r}, not '+' or nothing", number)
        cells = body[36:]
        cells += " " * (-len(cells) % 7)  # trailing spaces an editor may have dropped
        distribution: list[float] = []
        starred: int | None = None
        for i in range(0, len(cells), 7):
            cell = _EXPLORER_CELL.match(cells[i : i + 7])
            if cell is None:
                raise PredictionTextError(f"not a distribution as the Explorer prints it: {cells.rstrip()!r}", number)
            if cell.group(1) == "*":
                starred = len(distribution)
            distribution.append(_number(cell.group(2), number))
        actual_match, predicted_match = _LABEL.match(actual), _LABEL.match(predicted)
        if (actual != "?" and actual_match is None) or (predicted != "?" and predicted_match is None):
            raise PredictionTextError(f"not a class as WEKA prints it (index:label): {text!r}", number)
        predicted_index = None if predicted_match is None else int(predicted_match.group(1)) - 1
        if predicted_index is not None and starred != predicted_index:
            raise PredictionTextError("the distribution's * does not mark the predicted class", number)
        rows.append(
            PredictionRow(
                inst=int(inst),
                actual=None if actual_match is None else actual_match.group(2),
                predicted=None if predicted_match is None else predicted_match.group(2),
                error=mark == "+",
                actual_index=None if actual_match is None else int(actual_match.group(1)) - 1,
                predicted_index=predicted_index,
                distribution=tuple(distribution) or None,
                attributes=attributes,
            )
        )
    return Predictions(nominal, tuple(rows), names, "Explorer")


def _distribution(cells: Sequence[str], predicted_code: str | None, number: int) -> tuple[float, ...]:
    if not _DISTRIBUTION.fullmatch(",".join(cells)):
        raise PredictionTextError(f"not a distribution as WEKA prints them: {','.join(cells)!r}", number)
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


def _unquote(label: str) -> str:
    """An ARFF-quoted label's text (``'it\\'s'`` -> ``it's``); unquoted labels as they are."""
    if len(label) >= 2 and label[0] == label[-1] and label[0] in "'\"":
        return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t", "r": "\r"}.get(m.group(1), m.group(1)), label[1:-1])
    return label


def _number(token: str, number: int) -> float:
    if not _NUMBER_RE.fullmatch(token):
        raise PredictionTextError(f"{token!r} is not a number as WEKA prints them", number)
    return float(token)


def _optional(token: str, number: int) -> float | None:
    return None if token == "?" else _number(token, number)


def _inst(token: str, number: int) -> int:
    if not token.isdigit():
        raise PredictionTextError(f"the instance number {token!r} is not a number", number)
    return int(token)
