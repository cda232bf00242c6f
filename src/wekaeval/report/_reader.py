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
from dataclasses import dataclass, field
from typing import IO, Any

import numpy as np

from wekaeval._textsource import read_text
from wekaeval.blocks import (
    ERAS,
    RunInfo,
    Section,
    SuppliedTestSet,
    Versions,
    json_rows,
    roundings,
)
from wekaeval.errors import WekaOutputError
from wekaeval.report._blocks import (
    MATRIX_SUFFIX,
    Lines,
    detail_layouts,
    heading,
    parse_class_details,
    parse_confusion_matrix,
    parse_cost_rows,
    parse_run_info,
    parse_summary,
    parse_test_set,
    plain_number_text,
    summary_line_spec,
)
from wekaeval.report._consistency import Inconsistency, check_section
from wekaeval.report._prediction_text import PredictionTextError, is_header, parse_predictions

_DAMAGED_HEADING = re.compile(r"^={2,}\s+\S|\S\s+={2,}$")


_TIME = re.compile(r"^Time taken to (.+): (-?\d+(?:\.\d+)?) seconds$")


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


def _is_heading_like(text: str) -> bool:
    """A line shaped like a heading that WEKA did not print: ``== X ==``, ``un information ===``."""
    stripped = text.strip()
    return bool(stripped) and set(stripped) != {"="} and bool(_DAMAGED_HEADING.search(stripped))


@dataclass(frozen=True, eq=False)
class WekaReport:
    """Everything read from one WEKA output: see :func:`read_weka_output`.

    ``times`` maps WEKA's "Time taken to ..." phrases to seconds; ``model``
    is the text of the full-training-set model (None with ``-o``);
    ``options`` the ``Options:`` line; ``other`` keeps, with their line
    numbers, any lines outside WEKA's blocks (such as Java log messages in a
    log that also captured stderr).  ``weka_versions`` are the eras of WEKA
    releases (:data:`wekaeval.blocks.ERAS`, e.g. ``"3.6-3.7.5"``) whose
    layouts every block matches -- all of them when nothing in the text tells
    them apart; see ``docs/weka-output.md``.
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

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per section: where it is, then every summary statistic (as
        ``wekaeval parse --csv``, numbers as read; None where WEKA printed none) and the plugin metrics."""
        from wekaeval._frames import records_frame
        from wekaeval.blocks import SUMMARY_FIELDS

        rows = []
        for section in self.sections:
            summary = section.summary
            rows.append(
                {
                    "section": section.title,
                    "evaluation": section.evaluation,
                    "line": section.line,
                    **{name: None if summary is None else getattr(summary, name) for name in SUMMARY_FIELDS},
                    "plugin_metrics": None if summary is None else dict(summary.plugin_metrics),
                }
            )
        return records_frame(rows, ("section", "evaluation", "line", *SUMMARY_FIELDS, "plugin_metrics"))

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
    return _ReportParser(Lines(text, name)).parse()


def _read_source(source: Any, encoding: str) -> tuple[str, str]:
    if isinstance(source, str):
        if source == "" or "\n" in source or "\r" in source:
            return "<text>", source
        if "\0" in source or not _could_be_path(source):
            raise WekaOutputError(
                "neither a path to a file nor WEKA's output (a one-line str is taken as a path)",
                source=_shown(source),
                line=1,
            )
    try:
        return read_text(source, WekaOutputError, encoding=encoding)
    except OSError as error:
        if isinstance(source, str) and error.errno == 36:  # ENAMETOOLONG: text, not a path
            raise WekaOutputError("neither a path to a file nor WEKA's output", source=_shown(source), line=1) from None
        raise


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

    def parse(self) -> WekaReport:
        lines = self.lines
        while lines.more():
            number, text = lines.take()
            title = heading(text)
            if title is not None:
                self.block(title, number)
                self.loose_since_block = []
            elif self.free_block(number, text):
                self.loose_since_block = []
            elif text[:1].isspace() and _starts_block(text.lstrip()):
                lines.dedent_region(number - 1)  # an indented code block amid a README's prose: read it unindented
                lines.position -= 1
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
            other=tuple(sorted(self.other + lines.fences)),
            weka_versions=self.versions.possible(),
        )

    # -- lines outside blocks

    def loose_line(self, number: int, text: str) -> None:
        if _is_heading_like(text):
            raise self.lines.error(f"a heading WEKA does not print (edited or cut?): {text!r}", number)
        self.loose_since_block.append((number, text))
        time = _TIME.match(plain_number_text(text))
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
        kind = _free_block_kind(text)
        if kind is None:
            return False
        self.lines.position -= 1
        if kind == "summary":
            self.add_section(self.free_title(), number, summary=parse_summary(self.lines))
        else:
            self.free_title_or_attach(number)
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
        if self.pending_evaluation is not None and title != "Summary" and not title.startswith("Predictions "):
            pending, line = self.pending_evaluation
            raise lines.error(f"'=== {pending} ===' is followed by no summary", line)
        if title == "Run information":
            self.run_info = parse_run_info(lines, self.versions)
        elif title == "Model information":
            self.run_info = parse_run_info(lines, self.versions, model_info=True)
        elif title.startswith("Classifier model"):
            self.read_model(title)
        elif title == "Evaluation Cost Matrix":
            lines.skip_blank()
            self.cost_matrix = parse_cost_rows(lines)
        elif title == "Re-evaluation on test set":
            self.test_set = parse_test_set(lines)
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
            if not lines.more() or summary_line_spec(plain_number_text(lines.peek()))[0] is None:
                self.skip_unknown_block(title, number)
                return
            self.add_section(title, number, summary=parse_summary(lines))

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
        while lines.more() and lines.peek() != "" and (lines.position == start or heading(lines.peek()) is None):
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
            block: Any = parse_class_details(self.lines, self.versions)
        else:
            block = parse_confusion_matrix(self.lines)
        self.sections[-1] = self.sections[-1].with_block(name, block)

    def only_times_before_summary(self) -> bool:
        """Whether only blank and "Time taken" lines lie between here and a "=== Summary ===" (consumed if so)."""
        lines = self.lines
        ahead = lines.position
        while ahead < len(lines.lines) and (lines.lines[ahead] == "" or _TIME.match(lines.lines[ahead])):
            ahead += 1
        if ahead == len(lines.lines) or heading(lines.lines[ahead]) != "Summary":
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
            if heading(lines.peek()) is not None and heading(lines.peek()) != title:
                break
            lines.take()
        text = "\n".join(lines.lines[start : lines.position]).strip("\n")
        if title == "Classifier model (full training set)" or self.model is None:
            self.model = text

    def skip_unknown_block(self, title: str, number: int) -> None:
        """A block wekaeval does not read (e.g. "Source code"): keep its lines in ``other``."""
        self.other.append((number, f"=== {title} ==="))
        while self.lines.more() and heading(self.lines.peek()) is None:
            line_number, text = self.lines.take()
            if text.strip():
                self.other.append((line_number, text))
