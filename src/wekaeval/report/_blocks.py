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
import os
import re
import unicodedata
from typing import Any

import numpy as np

from wekaeval.blocks import (
    DETAIL_LAYOUTS,
    PLUGIN_LINE,
    PLUGIN_LINES_BEFORE,
    SUMMARY_LINES,
    ClassDetails,
    ClassDetailsRow,
    DetailLayout,
    PrintedConfusionMatrix,
    RunInfo,
    Summary,
    SummaryLine,
    SuppliedTestSet,
    Versions,
    confusion_matrix_text,
)
from wekaeval.errors import WekaOutputError

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


class Lines:
    """The text's lines with their 1-based numbers, consumed front to back.

    A uniform indentation (text pasted indented by four spaces or a tab) is
    removed first: the whitespace every non-blank line starts with.
    """

    def __init__(self, text: str, source: str):
        self.source = source
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        #: Markdown code fences (text saved in a README) end a block as a blank line does; kept here, with numbers.
        self.fences = [(number, line) for number, line in enumerate(lines, 1) if _FENCE.match(line)]
        fenced = {number - 1 for number, _ in self.fences}
        indent = _common_indent([line for i, line in enumerate(lines) if i not in fenced])
        self.lines = [line[len(indent) :] if line.strip() and i not in fenced else "" for i, line in enumerate(lines)]
        self.position = 0

    def more(self) -> bool:
        return self.position < len(self.lines)

    def peek(self) -> str:
        return self.lines[self.position]

    def take(self) -> tuple[int, str]:
        self.position += 1
        return self.position, self.lines[self.position - 1]

    def take_required(self, what: str) -> tuple[int, str]:
        if not self.more() or self.peek() == "":
            raise self.error(f"expected {what} (truncated?)")
        return self.take()

    def skip_blank(self) -> None:
        while self.more() and self.peek() == "":
            self.position += 1

    def dedent_region(self, index: int) -> None:
        """Remove line ``index``'s indentation from it and from the lines after it that share it.

        Text indented as a block inside other text (a Markdown code block in a
        README) reads as if it were not indented; the region ends at the first
        non-blank line with less indentation.
        """
        line = self.lines[index]
        indent = line[: len(line) - len(line.lstrip())]
        for j in range(index, len(self.lines)):
            if self.lines[j] and not self.lines[j].startswith(indent):
                break
            self.lines[j] = self.lines[j][len(indent) :]

    def error(self, message: str, line: int | None = None) -> WekaOutputError:
        where = line if line is not None else self.position + 1  # past the end when the text stops short
        return WekaOutputError(message, source=self.source, line=where)


_FENCE = re.compile(r"^\s*(```|~~~)")


def _common_indent(lines: list[str]) -> str:
    indents = [line[: len(line) - len(line.lstrip())] for line in lines if line.strip()]
    if not indents:
        return ""
    return os.path.commonprefix(indents)


def heading(text: str) -> str | None:
    match = _HEADING.match(text.rstrip())
    return None if match is None else match.group(1)


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
_PLUGIN_LINE = re.compile(rf"^(\S.*?) +({_NUMBER}|-?\d+(?:\.\d+)?E-?\d+|\?)$")


_SUMMARY_NAMES = [spec.names[0] for spec in SUMMARY_LINES]


#: WEKA's lines that come after the plugin metrics' (and so never before one).
_AFTER_PLUGINS = frozenset(_SUMMARY_NAMES[_SUMMARY_NAMES.index(PLUGIN_LINES_BEFORE) :])


def parse_summary(lines: Lines) -> Summary:
    values: dict[str, Any] = {}
    printed: list[str] = []
    plugins: dict[str, float] = {}
    plugin_text: dict[str, str] = {}
    while lines.more() and lines.peek() != "" and heading(lines.peek()) is None:
        number, raw = lines.take()
        text = plain_number_text(raw).rstrip()
        spec, level = summary_line_spec(text)
        if spec is None:
            plugin = _PLUGIN_LINE.match(text)
            if plugin is None or _AFTER_PLUGINS.intersection(printed) or not printed:
                raise lines.error(f"not a line of WEKA's summary: {raw!r}", number)
            label = plugin.group(1).rstrip()
            if label in plugins:
                raise lines.error(f"{label!r} printed twice in one summary", number)
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
            raise lines.error(f"cannot read the numbers of {raw!r}", number)
        numbers = [float(token) for token in match.groups()]
        confidence = None if level is None else _number(level.strip(), lines, number)
        if not _laid_out_as(raw, spec.render(numbers, confidence)):
            raise lines.error(f"not laid out as WEKA prints this line (edited?): {raw!r}", number)
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
        raise lines.error(f"not the header of 'Detailed Accuracy By Class': {header!r}", number)
    start = lines.position
    rows: list[tuple[int, str]] = []
    while lines.more() and lines.peek().strip() and heading(lines.peek()) is None:
        rows.append(lines.take())
    first_error: WekaOutputError | None = None
    matches: list[ClassDetails] = []
    for layout, columns in candidates:
        try:
            matches.append(_read_detail_rows(rows, layout, columns, lines))
        except WekaOutputError as error:
            first_error = first_error or error
    if not matches:
        lines.position = start
        raise first_error if first_error is not None else lines.error("a class-details table without rows", number)
    eras = tuple(dict.fromkeys(era for details in matches for era in _layout_eras(details.layout)))
    versions.note_eras("the layout of 'Detailed Accuracy By Class'", number, eras)
    return matches[0]


def _layout_eras(name: str) -> tuple[str, ...]:
    layout = DETAIL_LAYOUTS[name]
    probe = Versions()
    probe.note(name, 0, since=layout.since, before=layout.before)
    return probe.possible()


def _read_detail_rows(
    rows: list[tuple[int, str]], layout: DetailLayout, columns: tuple[str, ...], lines: Lines
) -> ClassDetails:
    """The table's rows read with ``layout``; every row must be printed exactly as the layout prints it."""
    separator = "."
    read: list[ClassDetailsRow] = []
    weighted_row = None
    for number, raw in rows:
        text = _ascii_digits(raw).rstrip()
        label = layout.weighted_label
        weighted = label is not None and text.startswith(label.rstrip())
        if weighted_row is not None:
            raise lines.error(f"a line after the Weighted Avg. row of 'Detailed Accuracy By Class': {raw!r}", number)
        start = len(label) if label is not None and weighted else 0
        values, end, separator = _detail_cells(text, start, layout, columns, separator, weighted, lines, number)
        if weighted:
            row = ClassDetailsRow(None, **values)
            weighted_row = row
            printed = text
        else:
            name = raw.rstrip()[end:]
            if not name:
                raise lines.error("a row of 'Detailed Accuracy By Class' without its class name", number)
            row = ClassDetailsRow(name, **values)
            printed = text[:end] + name
        if layout.row(row, columns, separator).rstrip() != printed.rstrip():
            raise lines.error(f"not laid out as WEKA prints 'Detailed Accuracy By Class' (edited?): {raw!r}", number)
        if not weighted:
            read.append(row)
    if layout.weighted_label is not None and weighted_row is None:
        where = rows[-1][0] + 1 if rows else lines.position + 1
        raise lines.error("'Detailed Accuracy By Class' ends before its Weighted Avg. row (truncated?)", where)
    return ClassDetails(columns, tuple(read), weighted_row, layout.name, separator)


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
                raise lines.error(f"column {name!r} holds {token!r}, not a number", number)
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
        raise lines.error(f"not the header of a confusion matrix: {header!r}", number)
    ids = header[: -len(MATRIX_SUFFIX)].split()
    if not ids or not all(re.fullmatch("[a-z]+", i) for i in ids):
        raise lines.error(f"not the header of a confusion matrix: {header!r}", number)
    k = len(ids)
    fractional = header[: -len(MATRIX_SUFFIX)].endswith(" ")  # a fractional matrix's ids end in three spaces
    names, rows, printed = [], [], [(number, header)]
    id_width = 0
    for i in range(k):
        number, raw = lines.take_required(f"row {i + 1} of the {k}-class confusion matrix")
        match = _MATRIX_ROW.match(raw)
        if match is None:
            raise lines.error(f"not a row of the confusion matrix: {raw!r}", number)
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
            raise lines.error(f"not laid out as WEKA prints a confusion matrix (edited?): {text!r}", line_number)
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
            raise lines.error(f"not a line of '{'Model' if model_info else 'Run'} information': {text!r}", number)
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
            raise lines.error(f"not a line of 'Re-evaluation on test set': {text!r}", number)
        info[entry[0]] = entry[1]

    def count(key: str) -> int | None:
        value = info.get(key, "").strip()
        if value.startswith("unknown") or not value:
            return None
        if not value.isdigit():
            raise lines.error(f"{key} {value!r} is not a count", number)
        return int(value)

    return SuppliedTestSet(source, info.get("Relation:"), count("Instances:"), count("Attributes:"))


def parse_cost_rows(lines: Lines) -> np.ndarray:
    rows = []
    while lines.more() and lines.peek() != "":
        number, text = lines.take()
        tokens = plain_number_text(text).split()
        if not all(_NUMBER_RE.fullmatch(t) for t in tokens):
            raise lines.error(f"not a row of numbers (cost expressions are not read): {text!r}", number)
        rows.append([float(t) for t in tokens])
        if len(rows[-1]) != len(rows[0]):
            raise lines.error("the cost matrix's rows differ in length", number)
    if not rows or len(rows) != len(rows[0]):
        raise lines.error("the cost matrix is not square")
    return np.array(rows, dtype=np.float64)


def _number(token: str, lines: Lines, number: int) -> float:
    token = plain_number_text(token)
    if not _NUMBER_RE.fullmatch(token):
        raise lines.error(f"{token!r} is not a number as WEKA prints them", number)
    return float(token)
