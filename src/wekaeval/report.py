"""Read WEKA's printed evaluation output back into Python.

:func:`read_weka_output` takes what WEKA 3.5 to 3.9 prints for a classifier's
evaluation -- the command line's output (``-t``, ``-T``, ``-x``,
``-split-percentage``, ``-no-cv``, ``-v``, ``-o``, ``-k``, ``-m``,
``-classifications ...PlainText`` or ``...CSV``), the Explorer's "Classifier
output" buffer, or a summary a program printed with ``toSummaryString`` under a
title of its own -- and returns a :class:`WekaReport`: the run information, the
model text, the timings, and one :class:`~wekaeval.blocks.Section` per
evaluation (summary, detailed accuracy by class, confusion matrix) or
predictions table.

>>> report = read_weka_output('''
... === Stratified cross-validation ===
...
... Correctly Classified Instances         144               96      %
... Incorrectly Classified Instances         6                4      %
... Kappa statistic                          0.94
... Total Number of Instances              150
...
... === Confusion Matrix ===
...
...   a  b  c   <-- classified as
...  49  1  0 |  a = Iris-setosa
...   0 47  3 |  b = Iris-versicolor
...   0  2 48 |  c = Iris-virginica
... ''')
>>> section = report.sections[0]
>>> section.title, section.summary.kappa, section.summary.correct
('Stratified cross-validation', 0.94, 144.0)
>>> section.confusion_matrix.matrix[1]
array([ 0., 47.,  3.])
>>> report.check()
[]

Numbers are read exactly as printed (``0.94`` is the double nearest 0.94),
in any locale WEKA printed them (``0,942``; Arabic-Indic digits); WEKA's ``?``
reads as None.  Every line of a block must be laid out as WEKA lays it out:
a hand-aligned, rewritten or cut text raises
:class:`~wekaeval.errors.WekaOutputError` naming the line, and each block
renders back to WEKA's text (``to_text``).  :meth:`WekaReport.check`
recomputes kappa and the counts and percentages from every confusion matrix
with wekaeval's port of WEKA, rounding as the WEKA version that printed them.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass, field
from typing import IO, Any

import numpy as np

from .blocks import (
    DETAIL_LAYOUTS,
    SUMMARY_LINES,
    ClassDetails,
    ClassDetailsRow,
    DetailLayout,
    PredictionRow,
    Predictions,
    PrintedConfusionMatrix,
    RunInfo,
    Section,
    Summary,
    SummaryLine,
    TestSet,
    json_rows,
)
from .consistency import Inconsistency, check_section
from .errors import WekaOutputError
from .prediction_text import PredictionTextError, is_header, parse_predictions
from .textsource import read_text
from .versions import ERAS, Versions, roundings
from .wekatext import confusion_matrix_text

__all__ = [
    "read_weka_output",
    "WekaReport",
    "RunInfo",
    "Section",
    "Summary",
    "ClassDetails",
    "ClassDetailsRow",
    "PrintedConfusionMatrix",
    "Predictions",
    "PredictionRow",
    "Inconsistency",
]

_HEADING = re.compile(r"^=== (.*\S) ===$")
_DAMAGED_HEADING = re.compile(r"^={2,}\s+\S|\S\s+={2,}$")
_TIME = re.compile(r"^Time taken to (.+): (-?\d+(?:\.\d+)?) seconds$")
_NUMBER = r"(?:-?\d+(?:\.\d+)?|NaN|-?Infinity)"
_NUMBER_RE = re.compile(_NUMBER)
_MATRIX_SUFFIX = "   <-- classified as"


# -- numbers in any locale -------------------------------------------------------------


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


def _plain_number_text(text: str) -> str:
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


# -- the lines ----------------------------------------------------------------------------


class _Lines:
    """The text's lines with their 1-based numbers, consumed front to back.

    A uniform indentation (text pasted indented by four spaces or a tab) is
    removed first: the whitespace every non-blank line starts with.
    """

    def __init__(self, text: str, source: str):
        self.source = source
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        indent = _common_indent(lines)
        self.lines = [line[len(indent) :] if line.strip() else "" for line in lines]
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

    def error(self, message: str, line: int | None = None) -> WekaOutputError:
        where = line if line is not None else self.position + 1  # past the end when the text stops short
        return WekaOutputError(message, source=self.source, line=where)


def _common_indent(lines: list[str]) -> str:
    indents = [line[: len(line) - len(line.lstrip())] for line in lines if line.strip()]
    if not indents:
        return ""
    common = os.path.commonprefix(indents)
    return common


def _is_heading_like(text: str) -> bool:
    """A line shaped like a heading that WEKA did not print: ``== X ==``, ``un information ===``."""
    stripped = text.strip()
    return bool(stripped) and set(stripped) != {"="} and bool(_DAMAGED_HEADING.search(stripped))


def _heading(text: str) -> str | None:
    match = _HEADING.match(text.rstrip())
    return None if match is None else match.group(1)


# -- the summary block -------------------------------------------------------------------

_LEVEL_LINE = re.compile(r"^(Coverage of cases|Mean rel\. region size) \((.{4}) level\)")
_VALUES = {
    "value": re.compile(rf"^ *({_NUMBER}) *$"),
    "percent": re.compile(rf"^ *({_NUMBER}) *%$"),
    "pair": re.compile(rf"^ *({_NUMBER}) +({_NUMBER}) *%$"),
    "bits": re.compile(rf"^ *({_NUMBER}) *bits *({_NUMBER}) *bits/instance$"),
}


def _summary_line_spec(text: str) -> tuple[SummaryLine | None, str | None]:
    """The summary line ``text`` is, and the confidence level printed in its label."""
    level_match = _LEVEL_LINE.match(text)
    for spec in SUMMARY_LINES:
        if "{level}" in spec.label:
            if level_match and spec.label.startswith(level_match.group(1)):
                return spec, level_match.group(2)
        elif text.startswith(spec.label):
            return spec, None
    return None, None


def _parse_summary(lines: _Lines) -> Summary:
    values: dict[str, Any] = {}
    printed: list[str] = []
    while lines.more() and lines.peek() != "" and _heading(lines.peek()) is None:
        number, raw = lines.take()
        text = _plain_number_text(raw).rstrip()
        spec, level = _summary_line_spec(text)
        if spec is None:
            raise lines.error(f"not a line of WEKA's summary: {raw!r}", number)
        if spec.names[0] in values:
            raise lines.error(f"{spec.label.strip()!r} printed twice in one summary", number)
        label = spec.label if level is None else spec.label.replace("{level}", level)
        match = _VALUES[spec.layout].match(text[len(label) :])
        if match is None:
            raise lines.error(f"cannot read the numbers of {raw!r}", number)
        numbers = [float(token) for token in match.groups()]
        confidence = None if level is None else _number(level.strip(), lines, number)
        if not _laid_out_as(raw, spec.render(numbers, confidence)):
            raise lines.error(f"not laid out as WEKA prints this line (edited?): {raw!r}", number)
        values.update(zip(spec.names, numbers))
        if confidence is not None:
            values["confidence_level"] = confidence
        printed.append(spec.names[0])
    if "total_instances" not in values:
        raise lines.error("summary ends before 'Total Number of Instances' (truncated?)")
    return Summary(**values, lines=tuple(printed))


# -- detailed accuracy by class --------------------------------------------------------------


def _detail_layouts(text: str) -> list[tuple[DetailLayout, tuple[str, ...]]]:
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


def _parse_class_details(lines: _Lines, versions: Versions) -> ClassDetails:
    number, header = lines.take_required("the header of 'Detailed Accuracy By Class'")
    candidates = _detail_layouts(header)
    if not candidates:
        raise lines.error(f"not the header of 'Detailed Accuracy By Class': {header!r}", number)
    start = lines.position
    rows: list[tuple[int, str]] = []
    while lines.more() and lines.peek().strip() and _heading(lines.peek()) is None:
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
    rows: list[tuple[int, str]], layout: DetailLayout, columns: tuple[str, ...], lines: _Lines
) -> ClassDetails:
    """The table's rows read with ``layout``; every row must be printed exactly as the layout prints it."""
    separator = "."
    read: list[ClassDetailsRow] = []
    weighted_row = None
    for index, (number, raw) in enumerate(rows):
        text = _ascii_digits(raw).rstrip()
        weighted = layout.weighted_label is not None and text.startswith(layout.weighted_label.rstrip())
        if weighted_row is not None:
            raise lines.error(f"a line after the Weighted Avg. row of 'Detailed Accuracy By Class': {raw!r}", number)
        start = len(layout.weighted_label) if weighted else 0
        values, end, separator = _detail_cells(text, start, layout, columns, separator, weighted, lines, number)
        if weighted:
            row = ClassDetailsRow(None, **values)
            weighted_row = row
        else:
            name = raw.rstrip()[end:]
            if not name:
                raise lines.error("a row of 'Detailed Accuracy By Class' without its class name", number)
            row = ClassDetailsRow(name, **values)
        printed = text if weighted else text[:end] + row.class_name
        if layout.row(row, columns, separator).rstrip() != printed.rstrip():
            raise lines.error(f"not laid out as WEKA prints 'Detailed Accuracy By Class' (edited?): {raw!r}", number)
        if not weighted:
            read.append(row)
    if layout.weighted_label is not None and weighted_row is None:
        where = rows[-1][0] + 1 if rows else lines.position + 1
        raise lines.error("'Detailed Accuracy By Class' ends before its Weighted Avg. row (truncated?)", where)
    return ClassDetails(columns, tuple(read), weighted_row, layout.name, separator)


def _detail_cells(
    text: str, position: int, layout: DetailLayout, columns: tuple[str, ...], separator: str, weighted: bool,
    lines: _Lines, number: int,
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


# -- the confusion matrix ----------------------------------------------------------------------

_MATRIX_ROW = re.compile(r"^((?: *\S+)+?) +\|( +)([a-z]+) = (.*)$")


def _parse_confusion_matrix(lines: _Lines) -> PrintedConfusionMatrix:
    number, header = lines.take_required("the header of the confusion matrix")
    header = header.rstrip()
    if not header.endswith(_MATRIX_SUFFIX):
        raise lines.error(f"not the header of a confusion matrix: {header!r}", number)
    ids = header[: -len(_MATRIX_SUFFIX)].split()
    if not ids or not all(re.fullmatch("[a-z]+", i) for i in ids):
        raise lines.error(f"not the header of a confusion matrix: {header!r}", number)
    k = len(ids)
    fractional = header[: -len(_MATRIX_SUFFIX)].endswith(" ")  # a fractional matrix's ids end in three spaces
    names, rows, printed = [], [], [(number, header)]
    id_width = 0
    for i in range(k):
        number, raw = lines.take_required(f"row {i + 1} of the {k}-class confusion matrix")
        match = _MATRIX_ROW.match(raw)
        if match is None:
            raise lines.error(f"not a row of the confusion matrix: {raw!r}", number)
        cells, gap, row_id, name = match.groups()
        tokens = _plain_number_text(cells).split()
        if len(tokens) != k:
            raise lines.error(f"row {i + 1} of the confusion matrix has {len(tokens)} entries, not {k}", number)
        if row_id != ids[i]:
            raise lines.error(f"row {i + 1} of the confusion matrix is labelled {row_id!r}, not {ids[i]!r}", number)
        id_width = max(id_width, len(gap) - 1 + len(row_id))  # " | " then the id right-aligned in its width
        rows.append([_number(token, lines, number) for token in tokens])
        names.append(name)
        bar = match.start(2) - 1
        printed.append((number, raw))
    matrix = PrintedConfusionMatrix(tuple(names), np.array(rows, dtype=np.float64), id_width, fractional)
    expected = confusion_matrix_text(matrix.matrix, names, layout=(id_width, fractional)).splitlines()
    for (line_number, text), wanted in zip(printed, expected):
        if not _laid_out_as(text.lstrip(), wanted.lstrip()):
            raise lines.error(f"not laid out as WEKA prints a confusion matrix (edited?): {text!r}", line_number)
    return matrix


# -- run information (the Explorer) ----------------------------------------------------------------

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


def _parse_run_info(lines: _Lines, versions: Versions, model_info: bool = False) -> RunInfo:
    lines.skip_blank()
    found: dict[str, str] = {}
    attributes: list[str] = []
    cost_matrix = None
    while lines.more() and lines.peek() != "" and _heading(lines.peek()) is None:
        number, text = lines.take()
        entry = _run_info_line(text)
        if entry is not None and entry[0] not in found:
            key, value = entry
            found[key] = value
            if key == "Scheme:" and not text.startswith("Scheme:       "):
                versions.note("an unpadded 'Scheme:' line (the translated Explorer)", number, since="3.6.5", before="3.7")
        elif "Attributes:" in found and "Test mode:" not in found and (
            text.startswith(_RUN_INFO_INDENT) or text == _OMITTED
        ):
            attributes.append(text[14:] if text.startswith(_RUN_INFO_INDENT) else text)
        elif text == "Evaluation cost matrix:":
            cost_matrix = _parse_cost_rows(lines)
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


def _parse_test_set(lines: _Lines) -> TestSet:
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

    return TestSet(source, info.get("Relation:"), count("Instances:"), count("Attributes:"))


def _parse_cost_rows(lines: _Lines) -> np.ndarray:
    rows = []
    while lines.more() and lines.peek() != "":
        number, text = lines.take()
        tokens = _plain_number_text(text).split()
        if not all(_NUMBER_RE.fullmatch(t) for t in tokens):
            raise lines.error(f"not a row of numbers (cost expressions are not read): {text!r}", number)
        rows.append([float(t) for t in tokens])
        if len(rows[-1]) != len(rows[0]):
            raise lines.error("the cost matrix's rows differ in length", number)
    if not rows or len(rows) != len(rows[0]):
        raise lines.error("the cost matrix is not square")
    return np.array(rows, dtype=np.float64)


# -- the report ------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class WekaReport:
    """Everything read from one WEKA output: see :func:`read_weka_output`.

    ``times`` maps WEKA's "Time taken to ..." phrases to seconds; ``model``
    is the text of the full-training-set model (None with ``-o``);
    ``options`` the ``Options:`` line; ``other`` keeps, with their line
    numbers, any lines outside WEKA's blocks (such as Java log messages in a
    log that also captured stderr).  ``weka_versions`` are the WEKA versions
    whose layout every block matches (see ``docs/weka-output.md``).
    """

    source: str
    sections: tuple[Section, ...]
    run_info: RunInfo | None = None
    model: str | None = None
    options: str | None = None
    cost_matrix: np.ndarray | None = None
    times: dict[str, float] = field(default_factory=dict)
    other: tuple[tuple[int, str], ...] = ()
    weka_versions: tuple[str, ...] = ERAS

    def check(self) -> list[Inconsistency]:
        """Recompute kappa, counts and percentages from each confusion matrix; return the contradictions.

        Matrices of whole counts are recomputed exactly with wekaeval's port
        and compared with the printed text digit for digit, rounded as the
        WEKA versions of :attr:`weka_versions` round (before 3.7 WEKA
        rounded ``(long)(x * 10^d + 0.5)``; either is accepted where the
        version is not known).  A matrix of rounded weighted sums bounds
        each entry by its rounding, and a printed value is wrong only if it
        lies outside every value those bounds allow.  An empty list means
        the report is consistent.
        """
        kinds = roundings(self.weka_versions)
        found: list[Inconsistency] = []
        for section in self.sections:
            found.extend(check_section(section, kinds))
        return found

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: non-finite numbers become WEKA's words ("NaN", "Infinity")."""
        return {
            "source": self.source,
            "weka_versions": list(self.weka_versions),
            "run_info": None if self.run_info is None else self.run_info.to_dict(),
            "options": self.options,
            "model": self.model,
            "cost_matrix": None if self.cost_matrix is None else json_rows(self.cost_matrix),
            "times": dict(self.times),
            "sections": [section.to_dict() for section in self.sections],
            "other": [list(entry) for entry in self.other],
        }


def read_weka_output(source: str | os.PathLike | IO, *, encoding: str = "utf-8") -> WekaReport:
    """Read WEKA's printed evaluation output: a command-line log, an Explorer buffer, a program's summary.

    Parameters
    ----------
    source : path, file object or str
        A path (``str`` without a newline, or ``os.PathLike``), an open file
        (text or binary), or the output itself (``str`` with a newline).
    encoding : str, default "utf-8"
        The encoding of a file or binary stream (``"cp1252"``, ``"big5"``, ...).

    Returns
    -------
    WekaReport

    Raises
    ------
    WekaOutputError
        If the text is not WEKA's evaluation output, is cut short or edited,
        a block holds something WEKA does not print, or the bytes are not
        text in ``encoding``; the message names the line.  Also for a
        ``str`` that is neither a path nor WEKA's output (a NUL byte, a
        one-line text).
    OSError
        If the file cannot be read.
    """
    name, text = _read_source(source, encoding)
    return _ReportParser(_Lines(text, name)).parse()


def _read_source(source: Any, encoding: str) -> tuple[str, str]:
    if isinstance(source, str):
        if source == "" or "\n" in source or "\r" in source:
            return "<text>", source
        if "\0" in source or not _could_be_path(source):
            raise WekaOutputError(
                "neither a path to a file nor WEKA's output (a one-line str is taken as a path)",
                source=_shown(source), line=1,
            )
    try:
        return read_text(source, WekaOutputError, encoding=encoding)
    except OSError as error:
        if isinstance(source, str) and error.errno == 36:  # ENAMETOOLONG: text, not a path
            raise WekaOutputError("neither a path to a file nor WEKA's output", source=_shown(source), line=1) from None
        raise


def _could_be_path(text: str) -> bool:
    """Whether a one-line ``str`` may name a file: WEKA's lines hold runs of spaces, ``===`` or tabs; paths rarely do."""
    return os.path.exists(text) or not ("  " in text or "\t" in text or "===" in text)


def _shown(text: str) -> str:
    shown = text.replace("\0", "\\0")
    return repr(shown[:40] + ("..." if len(shown) > 40 else ""))


class _ReportParser:
    """Walks the text block by block: WEKA's ``=== ... ===`` headings, and blocks printed without one."""

    def __init__(self, lines: _Lines):
        self.lines = lines
        self.versions = Versions()
        self.sections: list[Section] = []
        self.run_info: RunInfo | None = None
        self.model: str | None = None
        self.options: str | None = None
        self.cost_matrix: np.ndarray | None = None
        self.times: dict[str, float] = {}
        self.other: list[tuple[int, str]] = []
        self.pending_evaluation: tuple[str, int] | None = None
        self.options_line = 0
        self.test_set: TestSet | None = None  # of a pending "Re-evaluation on test set"
        self.loose_since_block: list[tuple[int, str]] = []  # loose lines since the last block, blank ones too

    def parse(self) -> WekaReport:
        lines = self.lines
        while lines.more():
            number, text = lines.take()
            title = _heading(text)
            if title is not None:
                self.block(title, number)
                self.loose_since_block = []
            elif self.free_block(number, text):
                self.loose_since_block = []
            else:
                self.loose_line(number, text)
        if self.pending_evaluation is not None:
            title, number = self.pending_evaluation
            raise lines.error(f"'=== {title} ===' is followed by no summary (truncated?)", number)
        if not self.sections:
            raise lines.error("no WEKA evaluation output here: no summary, no predictions", 1)
        return WekaReport(
            source=lines.source,
            sections=tuple(self.sections),
            run_info=self.run_info,
            model=self.model,
            options=self.options,
            cost_matrix=self.cost_matrix,
            times=self.times,
            other=tuple(self.other),
            weka_versions=self.versions.possible(),
        )

    # -- lines outside blocks

    def loose_line(self, number: int, text: str) -> None:
        if _is_heading_like(text):
            raise self.lines.error(f"a heading WEKA does not print (edited or cut?): {text!r}", number)
        self.loose_since_block.append((number, text))
        time = _TIME.match(_plain_number_text(text))
        if time is not None:
            self.times[time.group(1)] = float(time.group(2))
            if time.group(1) == "build model" and self.model is None and not self.sections:
                self.take_model_from_other(number)
        elif text.startswith("Options: ") and self.options is None and not self.sections:
            self.options = text[len("Options: ") :]
            self.options_line = number
        elif text.strip():
            self.other.append((number, text))

    def take_model_from_other(self, time_line: int) -> None:
        """The command line before WEKA 3.8.2 printed the model with no heading: the lines before "Time taken"."""
        start = self.options_line + 1
        model = "\n".join(self.lines.lines[start - 1 : time_line - 1]).strip("\n")
        if model.strip():
            self.model = model
            self.versions.note("a model printed with no heading", start, before="3.8.2")
            self.other = [entry for entry in self.other if not start <= entry[0] < time_line]

    def free_block(self, number: int, text: str) -> bool:
        """A block printed without WEKA's heading (a program's ``toSummaryString``): read it if ``text`` starts one."""
        lines = self.lines
        if _summary_line_spec(_plain_number_text(text))[0] is not None:
            lines.position -= 1
            title = self.free_title()
            self.add_section(title, number, summary=_parse_summary(lines))
        elif _detail_layouts(text) or text.rstrip().endswith(_MATRIX_SUFFIX) or is_header(text):
            lines.position -= 1
            self.free_title_or_attach(number)
        else:
            return False
        return True

    def free_title(self) -> str:
        """The title printed above a free-standing block (``Results`` / ``======``), taken out of ``other``."""
        group: list[tuple[int, str]] = []
        for number, text in reversed(self.loose_since_block):
            if not text.strip():
                if group:
                    break
                continue
            if _TIME.match(text):
                break
            group.insert(0, (number, text))
        words = [text.strip() for _, text in group if set(text.strip()) - set("=-")]
        if not group or len(words) > 2:
            return ""
        taken = {number for number, _ in group}
        self.other = [entry for entry in self.other if entry[0] not in taken]
        return " ".join(words)

    def free_title_or_attach(self, number: int) -> None:
        """A class-details table, confusion matrix or predictions table with no heading of its own."""
        text = self.lines.peek()
        if is_header(text):
            title = self.free_title()
            self.add_predictions(title, number)
            return
        name = "confusion_matrix" if text.rstrip().endswith(_MATRIX_SUFFIX) else "class_details"
        last = self.sections[-1] if self.sections else None
        if last is not None and last.summary is not None and getattr(last, name) is None:
            self.read_into_last(name)
        else:
            self.add_section(self.free_title(), number)
            self.read_into_last(name)

    # -- blocks under a heading

    def block(self, title: str, number: int) -> None:
        lines = self.lines
        if self.pending_evaluation is not None and title != "Summary" and not title.startswith("Predictions "):
            pending, line = self.pending_evaluation
            raise lines.error(f"'=== {pending} ===' is followed by no summary", line)
        if title == "Run information":
            self.run_info = _parse_run_info(lines, self.versions)
        elif title == "Model information":
            self.run_info = _parse_run_info(lines, self.versions, model_info=True)
        elif title.startswith("Classifier model"):
            self.read_model(title)
        elif title == "Evaluation Cost Matrix":
            lines.skip_blank()
            self.cost_matrix = _parse_cost_rows(lines)
        elif title == "Re-evaluation on test set":
            self.test_set = _parse_test_set(lines)
            self.pending_evaluation = (title, number)
        elif title.startswith("Predictions "):
            self.expect_blank(title)
            self.add_predictions(title, number)
        elif title in ("Detailed Accuracy By Class", "Confusion Matrix"):
            self.expect_blank(title)
            name = "class_details" if title == "Detailed Accuracy By Class" else "confusion_matrix"
            last = self.sections[-1] if self.sections else None
            if last is None or last.summary is None:
                self.add_section(title, number)
            elif getattr(last, name) is not None:
                raise lines.error(f"a second '=== {title} ===' for one summary", number)
            self.read_into_last(name)
        elif self.only_times_before_summary():
            # The Explorer: "=== Stratified cross-validation ===" (perhaps a "Time taken" line) above "=== Summary ===".
            self.pending_evaluation = (title, number)
        else:
            self.expect_blank(title)
            if not lines.more() or _summary_line_spec(_plain_number_text(lines.peek()))[0] is None:
                self.skip_unknown_block(title, number)
                return
            self.add_section(title, number, summary=_parse_summary(lines))

    def add_section(self, title: str, number: int, **blocks: Any) -> None:
        evaluation, test_set = title, None
        if self.pending_evaluation is not None and "summary" in blocks:
            evaluation, test_set = self.pending_evaluation[0], self.test_set
            self.pending_evaluation = self.test_set = None
        self.sections.append(Section(title, evaluation, number, test_set=test_set, **blocks))

    def add_predictions(self, title: str, number: int) -> None:
        lines = self.lines
        lines.take_required("the header of the predictions table")
        lines.position -= 1
        start = lines.position
        while lines.more() and lines.peek() != "" and (lines.position == start or _heading(lines.peek()) is None):
            lines.take()
        try:
            predictions = parse_predictions(lines.lines[start : lines.position], start + 1)
        except PredictionTextError as error:
            raise lines.error(str(error), error.line) from None
        if predictions.format == "Explorer":
            self.versions.note("the Explorer's own predictions table", start + 1, before="3.7")
        evaluation = title if self.pending_evaluation is None else self.pending_evaluation[0]
        self.sections.append(Section(title, evaluation, number, predictions=predictions, test_set=self.test_set))

    def read_into_last(self, name: str) -> None:
        if name == "class_details":
            block: Any = _parse_class_details(self.lines, self.versions)
        else:
            block = _parse_confusion_matrix(self.lines)
        self.sections[-1] = self.sections[-1].with_block(name, block)

    def only_times_before_summary(self) -> bool:
        """Whether only blank and "Time taken" lines lie between here and a "=== Summary ===" (consumed if so)."""
        lines = self.lines
        ahead = lines.position
        while ahead < len(lines.lines) and (lines.lines[ahead] == "" or _TIME.match(lines.lines[ahead])):
            ahead += 1
        if ahead == len(lines.lines) or _heading(lines.lines[ahead]) != "Summary":
            return False
        while lines.position < ahead:
            self.loose_line(*lines.take())
        return True

    def expect_blank(self, title: str) -> None:
        if not self.lines.more() or self.lines.peek() != "":
            raise self.lines.error(f"'=== {title} ===' is not followed by its blank line (truncated?)")
        self.lines.take()

    def read_model(self, title: str) -> None:
        lines = self.lines
        start = lines.position
        while lines.more() and not lines.peek().startswith("Time taken to build model:"):
            if _heading(lines.peek()) is not None and _heading(lines.peek()) != title:
                break
            lines.take()
        text = "\n".join(lines.lines[start : lines.position]).strip("\n")
        if title == "Classifier model (full training set)" or self.model is None:
            self.model = text

    def skip_unknown_block(self, title: str, number: int) -> None:
        """A block wekaeval does not read (e.g. "Source code"): keep its lines in ``other``."""
        self.other.append((number, f"=== {title} ==="))
        while self.lines.more() and _heading(self.lines.peek()) is None:
            line_number, text = self.lines.take()
            if text.strip():
                self.other.append((line_number, text))


def _number(token: str, lines: _Lines, number: int) -> float:
    token = _plain_number_text(token)
    if not _NUMBER_RE.fullmatch(token):
        raise lines.error(f"{token!r} is not a number as WEKA prints them", number)
    return float(token)

