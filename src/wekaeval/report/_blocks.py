"""Reading WEKA's printed blocks line by line: summary, class details, confusion matrix, run information.

Each ``parse_*`` function reads one block from :class:`Lines` and returns its
:mod:`wekaeval.blocks` dataclass; every line must be laid out exactly as the
WEKA release (and the JVM locale) that printed it lays it out, or a
:class:`~wekaeval.errors.WekaOutputError` names the line.
:mod:`wekaeval.report` walks a whole text and calls them.

>>> text = "Kappa statistic                          0.94\\nTotal Number of Instances              150\\n"
>>> lines = Lines(text, "<text>")
>>> parse_summary(lines).kappa
0.94
"""

from __future__ import annotations

import math
import re
import unicodedata
from typing import Any

import numpy as np

from wekaeval._textsource import quoted
from wekaeval.blocks import ClassDetails, ClassDetailsRow, PrintedConfusionMatrix, RunInfo, Summary, Versions
from wekaeval.blocks._shared import (
    DETAIL_LAYOUTS,
    PLUGIN_LINE,
    PLUGIN_LINES_BEFORE,
    SUMMARY_LINES,
    DetailLayout,
    SummaryLine,
    SuppliedTestSet,
    confusion_matrix_text,
)
from wekaeval.errors import WekaOutputError
from wekaeval.report._lines import Lines

_HEADING = re.compile(r"^=== (.*\S) ===$")


_NUMBER = r"(?:-?\d+(?:\.\d+)?|NaN|-?Infinity)"


_NUMBER_RE = re.compile(_NUMBER)


MATRIX_SUFFIX = "   <-- classified as"


class _AsciiDigits(dict):
    """A ``str.translate`` table: every Unicode decimal digit to its ASCII digit, found as met."""

    def __missing__(self, code: int) -> int | str:
        char = chr(code)
        digit = unicodedata.decimal(char, None) if not char.isascii() else None
        self[code] = code if digit is None else str(digit)
        return self[code]


_DIGITS = _AsciiDigits()


#: Bidirectional marks Java's locales put around a minus sign (ar, fa), and the Unicode minus.
_NUMBER_MARKS = {0x200E: None, 0x200F: None, 0x061C: None, 0x2212: "-"}


def _ascii_digits(text: str) -> str:
    """``text`` with every decimal digit in ASCII (one character for one: positions stay)."""
    return text if text.isascii() else text.translate(_DIGITS)


def plain_number_text(text: str) -> str:
    """Numbers as Python reads them: ASCII digits, the marks around a locale's minus sign dropped."""
    return text if text.isascii() else _ascii_digits(text).translate(_NUMBER_MARKS)


_MINUS = re.compile("[\u061c\u200e\u200f]*[-\u2212]")


def _laid_out_as(printed: str, rendered: str) -> bool:
    """Whether ``printed`` is ``rendered`` (WEKA's layout in English) as the JVM's locale printed it.

    Java's DecimalFormat keeps the layout but writes the locale's digits and
    minus sign (``\u2212`` in sv, fi and nb; a bidirectional mark and ``-`` in
    ar and fa), which take their own places in the padded columns.
    """
    printed = _MINUS.sub(lambda sign: " " * (len(sign.group()) - 1) + "-", _ascii_digits(printed))
    return printed.rstrip() == rendered.rstrip()


def heading(text: str) -> str | None:
    """The title of a line that is a heading, ``=== Title ===``; None for any other line."""
    match = _HEADING.match(text.rstrip())
    return None if match is None else match.group(1)


#: The evaluations WEKA's command line prints, each always followed by a summary (and, for a nominal class,
#: by a confusion matrix).
COMMAND_LINE_EVALUATIONS = (
    "Error on training data",
    "Error on test data",
    "Error on test split",
    "Error on training split",
    "Stratified cross-validation",
)

#: The Explorer's evaluation headings (above its "=== Summary ===") and the numeric class's.
EVALUATIONS = (
    *COMMAND_LINE_EVALUATIONS,
    "Cross-validation",
    "Evaluation on training set",
    "Evaluation on test split",
    "Evaluation on test set",
)

#: Every title WEKA prints in a ``=== Title ===`` heading of an evaluation's output.
WEKA_TITLES = (
    *EVALUATIONS,
    "Run information",
    "Model information",
    "Classifier model (full training set)",
    "Classifier model",
    "Summary",
    "Detailed Accuracy By Class",
    "Confusion Matrix",
    "Evaluation Cost Matrix",
    "Re-evaluation on test set",
    "Source code",
)

_TITLES = "|".join(re.escape(title) for title in sorted(WEKA_TITLES, key=len, reverse=True))

#: A heading WEKA prints, anywhere in a line (glued to a program's text before it).
_WEKA_HEADING = re.compile(rf"=== ((?:{_TITLES})|Predictions (?:on|under) [^=]*\S) ===$")


def is_weka_title(title: str) -> bool:
    return title in WEKA_TITLES or bool(re.fullmatch(r"Predictions (?:on|under) [^=]*\S", title))


def split_heading(text: str) -> tuple[str, str] | None:
    """``(text before, title)`` of a line that is, or ends in, a heading; None for any other line.

    A heading of WEKA's glued to a program's text (``=== My matrix ====== Confusion Matrix ===``, or
    ``Results:=== Summary ===``) is found at the end of the line; the text before it is the program's.
    """
    stripped = text.rstrip()
    whole = _HEADING.match(stripped)
    if whole is not None and "===" not in whole.group(1):
        return "", whole.group(1)
    glued = _WEKA_HEADING.search(stripped)
    if glued is not None and stripped[: glued.start()].strip():
        return stripped[: glued.start()], glued.group(1)
    return None if whole is None else ("", whole.group(1))


_DAMAGED = re.compile(r"^(=*)\s*(.*?)\s*(=*)$")


def damaged_heading(text: str) -> str | None:
    """The WEKA heading a line is a damaged copy of (``== X ==``, ``un information ===``, ``=== Summ``), or None."""
    stripped = text.strip()
    if "=" not in stripped or set(stripped) == {"="} or heading(stripped) is not None:
        return None
    left, middle, right = _DAMAGED.match(stripped).groups()  # type: ignore[union-attr]
    if not (left or right) or not middle:
        return None
    for title in WEKA_TITLES:
        full = f"=== {title} ==="
        if middle == title or (len(stripped) >= 8 and (full.startswith(stripped) or full.endswith(stripped))):
            return title
    return None


_LEVEL_LINE = re.compile(r"^(Coverage of cases|Mean rel\. region size) \((.{4}) level\)")


_VALUES = {
    "value": re.compile(rf"^ *({_NUMBER}) *$"),
    "percent": re.compile(rf"^ *({_NUMBER}) *%$"),
    "pair": re.compile(rf"^ *({_NUMBER}) +({_NUMBER}) *%$"),
    "bits": re.compile(rf"^ *({_NUMBER}) *bits *({_NUMBER}) *bits/instance$"),
}


def summary_line_spec(text: str) -> tuple[SummaryLine | None, str | None]:
    """The summary line ``text`` is, and the confidence level printed in its label."""
    level_match = _LEVEL_LINE.match(text)
    for spec in SUMMARY_LINES:
        if "{level}" in spec.label:
            if level_match and spec.label.startswith(level_match.group(1)):
                return spec, level_match.group(2)
        elif text.startswith(spec.label):
            return spec, None
    return None, None


#: A plugin metric's line: a label, spaces, one number (``Utils.doubleToString`` or Java's ``toString``).
_PLUGIN_LINE = re.compile(rf"^([^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*?) +({_NUMBER}|-?\d+(?:\.\d+)?E-?\d+|\?)$")


_SUMMARY_NAMES = [spec.names[0] for spec in SUMMARY_LINES]


#: WEKA's lines that come after the plugin metrics' (and so never before one).
_AFTER_PLUGINS = frozenset(_SUMMARY_NAMES[_SUMMARY_NAMES.index(PLUGIN_LINES_BEFORE) :])


def parse_summary(lines: Lines) -> Summary:
    values: dict[str, Any] = {}
    printed: list[str] = []
    plugins: dict[str, float] = {}
    plugin_text: dict[str, str] = {}
    while lines.more() and lines.peek() != "" and heading(lines.peek()) is None:
        text = plain_number_text(lines.peek()).rstrip()
        spec, level = summary_line_spec(text)
        if spec is None and "num_instances" in values:
            plugin = _PLUGIN_LINE.match(text)
            if plugin is not None and len(text) - len(plugin.group(2)) >= 30 and "  " in text:
                raise lines.error(  # laid out as WEKA's summary lines are, but below them
                    "not a line of WEKA's summary where it stands (WEKA prints a plugin's lines before "
                    f"'Total Number of Instances'): {quoted(lines.peek())}",
                    lines.position + 1,
                )
            break  # a program's line printed straight after the summary
        number, raw = lines.take()
        if spec is None:
            plugin = _PLUGIN_LINE.match(text)
            if plugin is None or _AFTER_PLUGINS.intersection(printed) or not printed:
                raise lines.error(f"not a line of WEKA's summary: {quoted(raw)}", number)
            label = plugin.group(1).rstrip()
            if label in plugins:
                raise lines.error(f"{quoted(label)} printed twice in one summary", number)
            value = plugin.group(2)
            plugins[label] = math.nan if value == "?" else float(value)
            plugin_text[label] = raw.rstrip("\n")
            printed.append(PLUGIN_LINE + label)
            continue
        if spec.names[0] in values:
            raise lines.error(f"{spec.label.strip()!r} printed twice in one summary", number)
        if plugins and spec.names[0] not in _AFTER_PLUGINS:
            raise lines.error(f"{spec.label.strip()!r} after a plugin metric's line (WEKA prints it before)", number)
        label = spec.label if level is None else spec.label.replace("{level}", level)
        match = _VALUES[spec.layout].match(text[len(label) :])
        if match is None:
            raise lines.error(f"cannot read the numbers of {quoted(raw)}", number)
        numbers = [float(token) for token in match.groups()]
        confidence = None if level is None else _number(level.strip(), lines, number)
        if not _laid_out_as(raw, spec.render(numbers, confidence)):
            raise lines.error(f"not laid out as WEKA prints this line (edited?): {quoted(raw)}", number)
        values.update(zip(spec.names, numbers, strict=False))
        if confidence is not None:
            values["confidence_level"] = confidence
        printed.append(spec.names[0])
    if "num_instances" not in values:
        raise lines.error("summary ends before 'Total Number of Instances' (truncated?)")
    return Summary(**values, lines=tuple(printed), plugin_metrics=plugins, plugin_text=plugin_text)


def detail_layouts(text: str) -> list[tuple[DetailLayout, tuple[str, ...]]]:
    """Each layout (and its printed columns) whose header ``text`` is; empty when it is none."""
    stripped = text.strip()
    found = []
    for layout in DETAIL_LAYOUTS.values():
        columns: tuple[str, ...] = layout.columns
        if layout.fixed:  # -toggle may hide any column: take those the header shows, in order
            shown, position = [], 0
            for name in layout.columns:
                if stripped.startswith(layout.header_cells[name], position):
                    shown.append(name)
                    position += len(layout.header_cells[name])
            columns = tuple(shown)
        if columns and layout.header(columns).strip() == stripped:
            found.append((layout, columns))
    return found


def parse_class_details(lines: Lines, versions: Versions) -> ClassDetails:
    number, header = lines.take_required("the header of 'Detailed Accuracy By Class'")
    candidates = detail_layouts(header)
    if not candidates:
        raise lines.error(f"not the header of 'Detailed Accuracy By Class': {quoted(header)}", number)
    start = lines.position
    rows: list[tuple[int, str]] = []
    while lines.more() and lines.peek().strip() and heading(lines.peek()) is None:
        rows.append(lines.take())
        if _ascii_digits(rows[-1][1]).startswith("Weighted Avg."):
            break  # WEKA's last row: what follows it straight away is a program's
    first_error: WekaOutputError | None = None
    matches: list[tuple[ClassDetails, list[tuple[int, str]]]] = []
    for layout, columns in candidates:
        try:
            matches.append(_read_detail_rows(rows, layout, columns, lines))
        except WekaOutputError as error:
            first_error = first_error or error
    if not matches:
        lines.position = start
        raise first_error if first_error is not None else lines.error("a class-details table without rows", number)
    eras = tuple(dict.fromkeys(era for details, _ in matches for era in _layout_eras(details.layout)))
    versions.note_eras("the layout of 'Detailed Accuracy By Class'", number, eras)
    details, glued = matches[0]
    lines.notes += glued
    return details


def _layout_eras(name: str) -> tuple[str, ...]:
    layout = DETAIL_LAYOUTS[name]
    probe = Versions()
    probe.note(name, 0, since=layout.since, before=layout.before)
    return probe.possible()


def _read_detail_rows(
    rows: list[tuple[int, str]], layout: DetailLayout, columns: tuple[str, ...], lines: Lines
) -> tuple[ClassDetails, list[tuple[int, str]]]:
    """The table's rows read with ``layout``, and any text glued to the end of its Weighted Avg. row; every row
    must be printed exactly as the layout prints it."""
    separator = "."
    read: list[ClassDetailsRow] = []
    weighted_row = None
    glued: list[tuple[int, str]] = []
    for number, raw in rows:
        text = _ascii_digits(raw).rstrip()
        label = layout.weighted_label
        weighted = label is not None and text.startswith(label.rstrip())
        if weighted_row is not None:
            raise lines.error(
                f"a line after the Weighted Avg. row of 'Detailed Accuracy By Class': {quoted(raw)}", number
            )
        if weighted:
            try:
                weighted_row, separator = _weighted_row(text, layout, columns, separator, lines, number)
            except WekaOutputError:
                end = _weighted_end(text, len(columns))
                if end is None:
                    raise
                weighted_row, separator = _weighted_row(text[:end], layout, columns, separator, lines, number)
                glued.append((number, raw[end:].strip()))
            continue
        values, end, separator = _detail_cells(text, 0, layout, columns, separator, False, lines, number)
        name = raw.rstrip()[end:]
        if not name:
            raise lines.error("a row of 'Detailed Accuracy By Class' without its class name", number)
        row = ClassDetailsRow(name, **values)
        if layout.row(row, columns, separator).rstrip() != (text[:end] + name).rstrip():
            raise lines.error(
                f"not laid out as WEKA prints 'Detailed Accuracy By Class' (edited?): {quoted(raw)}", number
            )
        read.append(row)
    if layout.weighted_label is not None and weighted_row is None:
        where = rows[-1][0] + 1 if rows else lines.position + 1
        raise lines.error("'Detailed Accuracy By Class' ends before its Weighted Avg. row (truncated?)", where)
    return ClassDetails(columns, tuple(read), weighted_row, layout.name, separator), glued


def _weighted_row(
    text: str, layout: DetailLayout, columns: tuple[str, ...], separator: str, lines: Lines, number: int
) -> tuple[ClassDetailsRow, str]:
    label = layout.weighted_label or ""
    values, _, separator = _detail_cells(text, len(label), layout, columns, separator, True, lines, number)
    row = ClassDetailsRow(None, **values)
    if layout.row(row, columns, separator).rstrip() != text.rstrip():
        raise lines.error(f"not laid out as WEKA prints 'Detailed Accuracy By Class' (edited?): {quoted(text)}", number)
    return row, separator


_CELL = re.compile(r"-?\d+(?:[.,\u066b]\d+)?|\?|NaN")


def _weighted_end(text: str, cells: int) -> int | None:
    """Where WEKA's Weighted Avg. row ends in ``text`` when a program's text is glued to it: after its
    ``cells`` numbers (the last one perhaps with the glued text straight after it)."""
    found = list(re.finditer(r"\S+", text[len("Weighted Avg.") :]))
    if len(found) < cells:
        return None
    last = found[cells - 1]
    number = _CELL.match(last.group())
    if number is None:
        return None
    end = len("Weighted Avg.") + last.start() + number.end()
    return end if end < len(text) else None


def _detail_cells(
    text: str,
    position: int,
    layout: DetailLayout,
    columns: tuple[str, ...],
    separator: str,
    weighted: bool,
    lines: Lines,
    number: int,
) -> tuple[dict[str, float | None], int, str]:
    """The numbers of one row's cells, where the cells end (the class name starts), and the decimal separator."""
    values: dict[str, float | None] = {}
    if not weighted:
        position = len(layout.row_indent) if text.startswith(layout.row_indent) else len(text) - len(text.lstrip())
    for name in columns:
        token_start = position
        while token_start < len(text) and text[token_start] == " ":
            token_start += 1
        token = text[token_start:].split(" ", 1)[0]
        if token in ("?", "NaN"):
            value = None
        else:
            plain = token
            for candidate in (",", "\u066b"):
                if candidate in token:
                    separator, plain = candidate, token.replace(candidate, ".")
            if not _NUMBER_RE.fullmatch(plain):
                raise lines.error(f"column {name!r} holds {quoted(token)}, not a number", number)
            value = float(plain)
        values[name] = value
        cell = layout.cell(value, name, weighted=weighted, separator=separator)
        offset = len(cell) - len(cell.lstrip(" "))  # where the number starts inside its printed cell
        cell_start = max(position, token_start - offset)
        position = cell_start + len(cell)
    return values, position, separator


_MATRIX_ROW = re.compile(r"^((?: *\S+)+?) +\|( +)([a-z]+) = (.*)$")


def parse_confusion_matrix(lines: Lines) -> PrintedConfusionMatrix:
    number, header = lines.take_required("the header of the confusion matrix")
    header = header.rstrip()
    if not header.endswith(MATRIX_SUFFIX):
        raise lines.error(f"not the header of a confusion matrix: {quoted(header)}", number)
    ids = header[: -len(MATRIX_SUFFIX)].split()
    if not ids or not all(re.fullmatch("[a-z]+", i) for i in ids):
        raise lines.error(f"not the header of a confusion matrix: {quoted(header)}", number)
    k = len(ids)
    fractional = header[: -len(MATRIX_SUFFIX)].endswith(" ")  # a fractional matrix's ids end in three spaces
    names, rows, printed = [], [], [(number, header)]
    id_width = 0
    for i in range(k):
        number, raw = lines.take_required(f"row {i + 1} of the {k}-class confusion matrix")
        match = _MATRIX_ROW.match(raw)
        if match is None:
            raise lines.error(f"not a row of the confusion matrix: {quoted(raw)}", number)
        cells, gap, row_id, name = match.groups()
        tokens = plain_number_text(cells).split()
        if len(tokens) != k:
            raise lines.error(f"row {i + 1} of the confusion matrix has {len(tokens)} entries, not {k}", number)
        if row_id != ids[i]:
            raise lines.error(f"row {i + 1} of the confusion matrix is labelled {row_id!r}, not {ids[i]!r}", number)
        id_width = max(id_width, len(gap) - 1 + len(row_id))  # " | " then the id right-aligned in its width
        rows.append([_number(token, lines, number) for token in tokens])
        names.append(name)
        printed.append((number, raw))
    matrix = PrintedConfusionMatrix(tuple(names), np.array(rows, dtype=np.float64), id_width, fractional)
    expected = confusion_matrix_text(matrix.matrix, names, layout=(id_width, fractional)).splitlines()
    for (line_number, text), wanted in zip(printed, expected, strict=False):
        if not _laid_out_as(text.lstrip(), wanted.lstrip()):
            raise lines.error(f"not laid out as WEKA prints a confusion matrix (edited?): {quoted(text)}", line_number)
    return matrix


_RUN_INFO_INDENT = " " * 14


_RUN_INFO_KEYS = ("Scheme:", "Relation:", "Instances:", "Attributes:", "Test mode:", "Filename:")


_OMITTED = "[list of attributes omitted]"


def _run_info_line(text: str) -> tuple[str, str] | None:
    """``(key, value)`` of a run-information line, padded to column 14 (or, before WEKA 3.7, not)."""
    for key in _RUN_INFO_KEYS:
        if text.startswith(key):
            padded = len(text) > 14 and text[len(key) : 14].strip() == "" and text[14:15] != " "
            return key, text[14:] if padded else text[len(key) :].strip()
    return None


def parse_run_info(lines: Lines, versions: Versions, model_info: bool = False) -> RunInfo:
    lines.skip_blank()
    found: dict[str, str] = {}
    attributes: list[str] = []
    cost_matrix = None
    while lines.more() and lines.peek() != "" and heading(lines.peek()) is None:
        number, text = lines.take()
        entry = _run_info_line(text)
        if entry is not None and entry[0] not in found:
            key, value = entry
            found[key] = value
            if key == "Scheme:" and not text.startswith("Scheme:       "):
                what = "an unpadded 'Scheme:' line (the translated Explorer)"
                versions.note(what, number, since="3.6.5", before="3.7")
        elif (
            "Attributes:" in found
            and "Test mode:" not in found
            and (text.startswith(_RUN_INFO_INDENT) or text == _OMITTED)
        ):
            attributes.append(text[14:] if text.startswith(_RUN_INFO_INDENT) else text)
        elif text == "Evaluation cost matrix:":
            cost_matrix = parse_cost_rows(lines)
        else:
            raise lines.error(f"not a line of '{'Model' if model_info else 'Run'} information': {quoted(text)}", number)
    required = ("Filename:", "Scheme:", "Relation:", "Attributes:") if model_info else _RUN_INFO_KEYS[:5]
    missing = [key for key in required if key not in found]
    if missing:
        raise lines.error(f"'{'Model' if model_info else 'Run'} information' lacks {missing[0]!r} (truncated?)")
    try:
        instances = int(found["Instances:"]) if "Instances:" in found else None
        num_attributes = int(found["Attributes:"])
    except ValueError:
        raise lines.error("'Run information' has a non-integer count of instances or attributes") from None
    return RunInfo(
        scheme=found["Scheme:"],
        relation=found["Relation:"],
        instances=instances,
        num_attributes=num_attributes,
        attributes=None if attributes == [_OMITTED] else tuple(attributes),
        test_mode=found.get("Test mode:"),
        cost_matrix=cost_matrix,
        filename=found.get("Filename:"),
    )


def parse_test_set(lines: Lines) -> SuppliedTestSet:
    """The lines under "=== Re-evaluation on test set ===": where the test set came from, its relation, size."""
    lines.skip_blank()
    number, source = lines.take_required("the test set's source under 'Re-evaluation on test set'")
    info: dict[str, str] = {}
    while lines.more() and lines.peek() != "":
        number, text = lines.take()
        entry = _run_info_line(text)
        if entry is None or entry[0] not in ("Relation:", "Instances:", "Attributes:") or entry[0] in info:
            raise lines.error(f"not a line of 'Re-evaluation on test set': {quoted(text)}", number)
        info[entry[0]] = entry[1]

    def count(key: str) -> int | None:
        value = info.get(key, "").strip()
        if value.startswith("unknown") or not value:
            return None
        if not value.isdigit():
            raise lines.error(f"{key} {quoted(value)} is not a count", number)
        return int(value)

    return SuppliedTestSet(source, info.get("Relation:"), count("Instances:"), count("Attributes:"))


def parse_cost_rows(lines: Lines) -> np.ndarray:
    rows = []
    while lines.more() and lines.peek() != "":
        number, text = lines.take()
        tokens = plain_number_text(text).split()
        if not all(_NUMBER_RE.fullmatch(t) for t in tokens):
            raise lines.error(f"not a row of numbers (cost expressions are not read): {quoted(text)}", number)
        rows.append([float(t) for t in tokens])
        if len(rows[-1]) != len(rows[0]):
            raise lines.error("the cost matrix's rows differ in length", number)
    if not rows or len(rows) != len(rows[0]):
        raise lines.error("the cost matrix is not square")
    return np.array(rows, dtype=np.float64)


def _number(token: str, lines: Lines, number: int) -> float:
    token = plain_number_text(token)
    if not _NUMBER_RE.fullmatch(token):
        raise lines.error(f"{quoted(token)} is not a number as WEKA prints them", number)
    return float(token)
