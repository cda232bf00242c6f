"""Read WEKA's printed evaluation output back into Python.

:func:`read_weka_output` takes what WEKA 3.5 to 3.9 prints for a classifier's
evaluation -- the command line's output (``-t``, ``-T``, ``-x``,
``-split-percentage``, ``-no-cv``, ``-v``, ``-o``, ``-k``, ``-m``,
``-classifications ...PlainText`` or ``...CSV``), the Explorer's "Classifier
output" buffer, or what a program printed around WEKA's blocks
(``toSummaryString`` under a title of its own, its own lines before, between
and after them) -- and returns a :class:`WekaReport`: the run information,
the model text, the timings, and one ``Section`` per
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
a hand-aligned, rewritten or cut block raises
:class:`~wekaeval.errors.WekaOutputError` naming the line, and each block
renders back to WEKA's text (``to_text``).  Text that is not WEKA's -- a
program's own lines anywhere around the blocks -- is kept in
:attr:`WekaReport.other`; every block of WEKA's in the text is either read or
named in an error (the coverage rule).  :meth:`WekaReport.check` recomputes
kappa and the counts and percentages from every confusion matrix with
wekaeval's port of WEKA, rounding as the WEKA version that printed them.
"""

from __future__ import annotations

import bisect
import os
import re
from typing import IO, Any

import numpy as np

from wekaeval._textsource import TextSource, quoted
from wekaeval.blocks import RunInfo, Versions
from wekaeval.blocks._shared import Section, SuppliedTestSet
from wekaeval.errors import WekaOutputError
from wekaeval.report._blocks import (
    COMMAND_LINE_EVALUATIONS,
    EVALUATIONS,
    MATRIX_SUFFIX,
    damaged_heading,
    detail_layouts,
    heading,
    is_weka_title,
    parse_class_details,
    parse_confusion_matrix,
    parse_cost_rows,
    parse_run_info,
    parse_summary,
    parse_test_set,
    plain_number_text,
    split_heading,
    summary_line_spec,
)
from wekaeval.report._cuts import csv_row_cut, cut_last_line, incomplete_folds, last_row_cut, what_the_text_is
from wekaeval.report._lines import Lines
from wekaeval.report._prediction_text import is_header
from wekaeval.report._report import WekaReport
from wekaeval.report._table import read_table

_TIME = re.compile(r"^Time taken to (.+): (-?\d+(?:\.\d+)?) seconds$")

#: "Time taken to ..." lines WEKA prints just before an evaluation's output: a text ending there is cut.
_PROMISES = re.compile(r"^Time taken to (?:test model on |perform cross-validation)")


def _free_block_kind(text: str) -> str | None:
    """Which block ``text`` begins without a heading: ``"summary"``, ``"table"`` (class details, matrix,
    predictions) or None."""
    if summary_line_spec(plain_number_text(text))[0] is not None:
        return "summary"
    if detail_layouts(text) or text.rstrip().endswith(MATRIX_SUFFIX) or is_header(text):
        return "table"
    return None


def _starts_block(text: str) -> bool:
    """Whether ``text`` begins one of WEKA's blocks: a heading, a summary line, a table's header."""
    return heading(text) is not None or _free_block_kind(text) is not None


def _marker(text: str) -> str | None:
    """What WEKA block ``text`` is the start of -- a heading of WEKA's (glued to other text or not), a summary
    line, the header of a class-details table, a confusion matrix or a predictions table -- or None."""
    if "===" in text:
        found = split_heading(text)
        if found is not None and is_weka_title(found[1]):
            return f"'=== {found[1]} ==='"
    kind = _free_block_kind(text)
    if kind == "summary":
        return "a summary line"
    if kind == "table":
        return "the header of a table"
    return None


def read_weka_output(source: str | os.PathLike | IO, *, encoding: str = "utf-8") -> WekaReport:
    """Read WEKA's printed evaluation output: a command-line log, an Explorer buffer, a program's printout.

    The text is read as a stream, a chunk at a time; a predictions table
    goes into arrays as it is read.

    Parameters
    ----------
    source : path, file object or str
        A path (``str`` without a newline, or ``os.PathLike``), an open file
        (text or binary), or the output itself (``str`` with a newline).
    encoding : str, default "utf-8"
        The encoding of a file or binary stream (``"cp1252"``, ``"big5"``,
        ...), or ``"auto"``: a byte-order mark, else UTF-8, else Western
        European cp1252 with a :class:`~wekaeval.errors.LegacyEncodingWarning`
        (see ``docs/weka-output.md``).

    Returns
    -------
    WekaReport

    Raises
    ------
    WekaOutputError
        If the text is not WEKA's evaluation output (the message says what
        it is when it knows: an Experimenter's analysis, a result file), is
        cut short or edited, a block holds something WEKA does not print, a
        line is longer than any WEKA prints, or the bytes are not text in
        ``encoding``; the message names the line.  Also for a ``str`` that
        is neither a path nor WEKA's output (a NUL byte, a one-line text).
    OSError
        If the file cannot be read.
    """
    text_source = _text_source(source, encoding)
    try:
        return _ReportParser(Lines(text_source)).parse()
    except OSError as error:
        if isinstance(source, str) and error.errno == 36:  # ENAMETOOLONG: text, not a path
            raise WekaOutputError("neither a path to a file nor WEKA's output", source=_shown(source), line=1) from None
        raise


#: The longest line WEKA's output can hold: longer is not text, or not WEKA's.
MAX_LINE = 1 << 22


def _text_source(source: Any, encoding: str) -> TextSource:
    if isinstance(source, str):
        if source == "" or "\n" in source or "\r" in source:
            return TextSource(source, WekaOutputError, text=source, max_line=MAX_LINE)
        if "\0" in source or not _could_be_path(source):
            raise WekaOutputError(
                "neither a path to a file nor WEKA's output (a one-line str is taken as a path)",
                source=_shown(source),
                line=1,
            )
    return TextSource(source, WekaOutputError, encoding=encoding, max_line=MAX_LINE)


def _could_be_path(text: str) -> bool:
    """Whether a one-line ``str`` may name a file: WEKA's lines hold runs of spaces, ``===`` or tabs, paths rarely."""
    return os.path.exists(text) or not ("  " in text or "\t" in text or "===" in text)


def _shown(text: str) -> str:
    shown = text.replace("\0", "\\0")
    return repr(shown[:40] + ("..." if len(shown) > 40 else ""))


class _ReportParser:
    """Walks the text block by block: WEKA's ``=== ... ===`` headings, and blocks printed without one."""

    def __init__(self, lines: Lines):
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
        self.test_set: SuppliedTestSet | None = None  # of a pending "Re-evaluation on test set"
        self.loose_since_block: list[tuple[int, str]] = []  # loose lines since the last block, blank ones too
        self.early_lines: list[tuple[int, str]] = []  # every loose line before the first section (a model's)
        self.promise: tuple[int, str] | None = None  # a "Time taken to test ..." line not yet followed by its block
        self.covered: list[tuple[int, int]] = []  # the line ranges WEKA's blocks were read from
        self.markers: list[tuple[int, str]] = []  # the lines that start one of WEKA's blocks
        self.last_block_end = 0
        self.last_loose = 0  # the last line of text outside WEKA's blocks

    def parse(self) -> WekaReport:
        lines = self.lines
        lines.watcher = self.watch
        while lines.more():
            number, text = lines.take()
            found = split_heading(text)
            if found is not None:
                before, title = found
                if before.strip():
                    self.other.append((number, before))
                self.block(title, number)
                self.loose_since_block = []
            elif self.free_block(number, text):
                self.loose_since_block = []
            elif text[:1].isspace() and _starts_block(text.lstrip()):
                lines.dedent_region()  # an indented code block amid a README's prose: read it unindented
                lines.position -= 1
            else:
                self.loose_line(number, text)
        return self.finish()

    def finish(self) -> WekaReport:
        lines = self.lines
        if self.pending_evaluation is not None:
            title, number = self.pending_evaluation
            raise lines.error(f"'=== {title} ===' is followed by no summary (truncated?)", number)
        self.check_cut_end()
        self.check_coverage()
        if not self.sections:
            raise lines.error(what_the_text_is(self.other), 1)
        self.mark_incomplete()
        other = sorted(self.other + lines.fences + lines.notes)
        return WekaReport(
            source=lines.source,
            sections=tuple(self.sections),
            run_info=self.run_info,
            model=self.model,
            options=self.options,
            cost_matrix=self.cost_matrix,
            times=self.times,
            other=tuple(other),
            weka_versions=self.versions.possible(),
            encoding=None if lines.text_source.encoding == "str" else lines.text_source.encoding,
        )

    # -- the rules that keep blocks from being dropped or cut unseen --------------------------------------

    def watch(self, number: int, text: str) -> None:
        """Note a line that starts a WEKA block, for the coverage rule."""
        what = _marker(text)
        if what is not None:
            self.markers.append((number, what))

    def cover(self, start: int, stop: int) -> None:
        """Lines ``start`` .. ``stop`` were read as one of WEKA's blocks."""
        self.covered.append((start, stop))
        self.last_block_end = max(self.last_block_end, stop)

    def check_coverage(self) -> None:
        """Every line that starts a WEKA block lies in a block read: none is left in ``other`` unseen."""
        if not self.markers:
            return
        starts = sorted(self.covered)
        firsts = [start for start, _ in starts]
        for number, what in self.markers:
            at = bisect.bisect_right(firsts, number) - 1
            if at < 0 or starts[at][1] < number:
                raise self.lines.error(
                    f"WEKA's block at this line ({what}) is not read: it is not where WEKA prints it "
                    "(glued to other text, edited, or under a heading of another block?)",
                    number,
                )

    def check_cut_end(self) -> None:
        """A text that ends mid-line in WEKA's text, or right after a line that promises a block, was cut."""
        lines = self.lines
        last = lines.position
        last_text = lines.last_raw() or ""
        if not lines.text_source.ends_with_newline and last > self.last_block_end:
            what = cut_last_line(last_text)
            if what is not None:
                raise lines.error(f"the text ends inside {what} (cut short?): {quoted(last_text)}", last)
        if self.promise is not None:
            number, text = self.promise
            raise lines.error(f"{quoted(text)} is followed by no evaluation: the text is cut short?", number)

    def mark_incomplete(self) -> None:
        """The last section, where the text ends, if it lacks what WEKA prints with it."""
        last = self.sections[-1]
        if self.last_loose > self.last_block_end:
            return  # text follows the last block: the text was not cut there
        reason = None
        summary = last.summary
        nominal = summary is not None and summary.correct is not None
        predictions = last.predictions
        if last.title in COMMAND_LINE_EVALUATIONS and nominal and last.confusion_matrix is None:
            reason = (
                "WEKA's command line prints a confusion matrix after a nominal class's summary; "
                "the text ends before it (cut short?)"
            )
        elif predictions is not None:
            final, before = self.lines.last_raw(), self.lines.last_raw(2)
            if (
                not self.lines.text_source.ends_with_newline
                and predictions.format == "PlainText"
                and len(predictions.rows) > 1
                and final is not None
                and before is not None
                and last_row_cut(final, before)
            ):
                reason = f"the last row lost WEKA's line end: {quoted(final)} (cut short?)"
            elif not self.lines.text_source.ends_with_newline and predictions.format == "CSV" and final is not None:
                reason = csv_row_cut(final)
            elif "cross-validation" in last.title:
                reason = incomplete_folds(predictions)
        if reason is not None:
            self.sections[-1] = Section(**{**vars(last), "incomplete": reason})

    # -- lines outside blocks

    def loose_line(self, number: int, text: str) -> None:
        damaged = damaged_heading(text)
        if damaged is not None:
            raise self.lines.error(f"a heading WEKA does not print (edited or cut?): {quoted(text)}", number)
        self.loose_since_block.append((number, text))
        if not self.sections:
            self.early_lines.append((number, text))
        time = _TIME.match(plain_number_text(text))
        if time is not None:
            self.times[time.group(1)] = float(time.group(2))
            if _PROMISES.match(text):
                self.promise = (number, text)
            if time.group(1) == "build model" and self.model is None and not self.sections:
                self.take_model_from_other(number)
        elif text.startswith("Options: ") and self.options is None and not self.sections:
            self.options = text[len("Options: ") :]
            self.options_line = number
        elif text.strip():
            self.other.append((number, text))
        if text.strip():
            self.last_loose = number

    def take_model_from_other(self, time_line: int) -> None:
        """The command line before WEKA 3.8.2 printed the model with no heading: the lines before "Time taken"."""
        start = self.options_line + 1
        model = "\n".join(text for number, text in self.early_lines if start <= number < time_line).strip("\n")
        if model.strip():
            self.model = model
            self.versions.note("a model printed with no heading", start, before="3.8.2")
            self.other = [entry for entry in self.other if not start <= entry[0] < time_line]

    def free_block(self, number: int, text: str) -> bool:
        """A block printed without WEKA's heading (a program's ``toSummaryString``): read it if ``text`` starts one."""
        kind = _free_block_kind(text)
        if kind is None:
            return False
        self.lines.position -= 1
        if kind == "summary":
            self.add_section(self.free_title(), number, summary=self.read(parse_summary))
        else:
            self.free_title_or_attach(number)
        return True

    def read(self, parse: Any, *args: Any) -> Any:
        """One block read with ``parse``, its lines noted as covered."""
        start = self.lines.position + 1
        block = parse(self.lines, *args)
        self.cover(start, self.lines.position)
        return block

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
        return " ".join((heading(word) or word) for word in words)

    def free_title_or_attach(self, number: int) -> None:
        """A class-details table, confusion matrix or predictions table with no heading of its own."""
        text = self.lines.peek()
        if is_header(text):
            title = self.free_title()
            self.add_predictions(title, number)
            return
        name = "confusion_matrix" if text.rstrip().endswith(MATRIX_SUFFIX) else "class_details"
        last = self.sections[-1] if self.sections else None
        if last is not None and last.summary is not None and getattr(last, name) is None:
            self.read_into_last(name)
        else:
            self.add_section(self.free_title(), number)
            self.read_into_last(name)

    # -- blocks under a heading

    def block(self, title: str, number: int) -> None:
        lines = self.lines
        self.cover(number, number)
        if self.pending_evaluation is not None and title != "Summary" and not title.startswith("Predictions "):
            pending, line = self.pending_evaluation
            raise lines.error(f"'=== {pending} ===' is followed by no summary", line)
        if title == "Run information":
            self.run_info = self.read(parse_run_info, self.versions)
        elif title == "Model information":
            self.run_info = self.read(parse_run_info, self.versions, True)
        elif title.startswith("Classifier model"):
            self.read_model(title)
        elif title == "Evaluation Cost Matrix":
            lines.skip_blank()
            self.cost_matrix = self.read(parse_cost_rows)
        elif title == "Re-evaluation on test set":
            self.test_set = self.read(parse_test_set)
            self.pending_evaluation = (title, number)
        elif title.startswith("Predictions ") and is_weka_title(title):
            if self.skip_blank_to_block(title, number):
                self.add_predictions(title, number)
        elif title in ("Detailed Accuracy By Class", "Confusion Matrix"):
            if not self.skip_blank_to_block(title, number):
                return
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
            self.evaluation_or_program_heading(title, number)

    def evaluation_or_program_heading(self, title: str, number: int) -> None:
        """A summary under this heading; or, under a program's own heading, whatever the program printed."""
        lines = self.lines
        if lines.more() and lines.peek() == "":
            lines.take()
        if lines.more() and summary_line_spec(plain_number_text(lines.peek()))[0] is not None:
            self.add_section(title, number, summary=self.read(parse_summary))
            return
        if title in EVALUATIONS or title == "Summary":
            raise lines.error(f"'=== {title} ===' is followed by no summary (truncated?)", number)
        # A program's own heading ("=== Best parameters ===", WEKA's "=== Source code ==="): its lines are the
        # program's, read on as any others (a WEKA block below it is still found).
        self.other.append((number, f"=== {title} ==="))
        self.covered.pop()

    def skip_blank_to_block(self, title: str, number: int) -> bool:
        """Past the heading's blank line (toSummaryString-style titles have none) to its block; False when the
        heading is a program's copy of WEKA's, printed just above WEKA's own (kept in ``other``)."""
        lines = self.lines
        ahead = 0
        while lines.has(ahead) and lines.peek(ahead) == "":
            ahead += 1
        if lines.has(ahead) and heading(lines.peek(ahead)) == title:
            self.other.append((number, f"=== {title} ==="))
            return False
        if not lines.has(ahead) or split_heading(lines.peek(ahead)) is not None:
            raise lines.error(f"'=== {title} ===' is followed by no block (truncated?)", number)
        if ahead > 1:
            raise lines.error(f"'=== {title} ===' is followed by more than its blank line", number)
        if ahead:
            lines.take()
        return True

    def add_section(self, title: str, number: int, **blocks: Any) -> None:
        evaluation, test_set = title, None
        if self.pending_evaluation is not None and "summary" in blocks:
            evaluation, test_set = self.pending_evaluation[0], self.test_set
            self.pending_evaluation = self.test_set = None
        self.promise = None
        self.sections.append(Section(title, evaluation, number, test_set=test_set, **blocks))

    def add_predictions(self, title: str, number: int) -> None:
        predictions = self.read(read_table)
        if predictions.format == "Explorer":
            self.versions.note("the Explorer's own predictions table", predictions.line, before="3.7")
        evaluation = title if self.pending_evaluation is None else self.pending_evaluation[0]
        self.promise = None
        self.sections.append(Section(title, evaluation, number, predictions=predictions, test_set=self.test_set))

    def read_into_last(self, name: str) -> None:
        if name == "class_details":
            block: Any = self.read(parse_class_details, self.versions)
        else:
            block = self.read(parse_confusion_matrix)
        self.sections[-1] = self.sections[-1].with_block(name, block)

    def only_times_before_summary(self) -> bool:
        """Whether only blank and "Time taken" lines lie between here and a "=== Summary ===" (consumed if so)."""
        lines = self.lines
        ahead = 0
        while lines.has(ahead) and (lines.peek(ahead) == "" or _TIME.match(lines.peek(ahead))):
            ahead += 1
        if not lines.has(ahead) or heading(lines.peek(ahead)) != "Summary":
            return False
        for _ in range(ahead):
            number, text = lines.take()
            self.loose_line(number, text)
        return True

    def read_model(self, title: str) -> None:
        """The model's text, up to "Time taken to build model", another heading or a block of WEKA's."""
        lines = self.lines
        start = lines.position
        while lines.more() and not lines.peek().startswith("Time taken to build model:"):
            following = split_heading(lines.peek())
            if (following is not None and following[1] != title) or _marker(lines.peek()) is not None:
                break
            lines.take()
        text = "\n".join(lines.text_of(start, lines.position)).strip("\n")
        self.cover(start + 1, lines.position)
        if title == "Classifier model (full training set)" or self.model is None:
            self.model = text
