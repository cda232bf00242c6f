"""Where a text was cut short, and what a text is when it is not WEKA's evaluation output.

WEKA ends every line it prints; a file whose last line has no line end may
have been cut in the middle of it (``head -c``, a lost tail).  The last
line is cut if it is the beginning of a line WEKA prints but not all of it:

>>> cut_last_line("Correctly Classified Inst")
"the summary line 'Correctly Classified Instances'"
>>> cut_last_line("=== Stratified cross-v"), cut_last_line("a program's own line") is None
("the heading '=== Stratified cross-validation ==='", True)
>>> cut_last_line("=="), cut_last_line("Ti")
("a heading of WEKA's", "a 'Time taken to ...' line")

A cross-validation prints each fold's predictions numbered from 1, and its
folds differ in size by at most one, the larger first
(``Instances.testCV``); a table whose last fold is short was cut:

>>> printed_fold_sizes([1, 2, 3, 1, 2, 3, 1])
[3, 3, 1]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from wekaeval._textsource import quoted
from wekaeval.blocks import Predictions
from wekaeval.blocks._shared import DETAIL_LAYOUTS, SUMMARY_LINES
from wekaeval.report._blocks import WEKA_TITLES

_SUMMARY_LABELS = [spec.label.split("{")[0].rstrip() for spec in SUMMARY_LINES]

_WEKA_STARTS = (
    *((f"the heading '=== {title} ==='", f"=== {title} ===") for title in WEKA_TITLES),
    *((f"the summary line {label!r}", label) for label in _SUMMARY_LABELS),
    ("a 'Time taken to ...' line", "Time taken to "),
    ("the Weighted Avg. row", "Weighted Avg."),
    ("the header of a predictions table", "inst#"),
    ("the header of a confusion matrix", "<-- classified as"),
    ("the 'Options:' line", "Options: "),
)


def cut_last_line(text: str) -> str | None:
    """What WEKA line ``text`` is the cut beginning of, or None."""
    stripped = text.strip()
    if not stripped:
        return None
    if set(stripped) == {"="} and len(stripped) < 3:  # "=", "==": only WEKA's headings start so
        return "a heading of WEKA's"
    for what, start in _WEKA_STARTS:
        if start.startswith(stripped) and start != stripped:
            return what
    if stripped.startswith("Time taken to ") and not re.search(r": -?\d+(?:\.\d+)? seconds$", stripped):
        return "a 'Time taken to ...' line"
    for layout in DETAIL_LAYOUTS.values():
        header = layout.header(layout.columns).strip()
        if header.startswith(stripped) and header != stripped and stripped.startswith("TP Rate"):
            return "the header of 'Detailed Accuracy By Class'"
    if "=== " in stripped and any(f"=== {t} ===".startswith(stripped[stripped.index("=== ") :]) for t in WEKA_TITLES):
        return "a heading of WEKA's"
    return None


def printed_fold_sizes(inst: Sequence[int] | np.ndarray) -> list[int]:
    """The sizes of the runs of instance numbers that each start again at 1."""
    numbers = np.asarray(inst, dtype=np.int64)
    starts = np.flatnonzero(numbers == 1)
    if not len(starts) or starts[0] != 0:
        return [len(numbers)]
    return np.diff(np.append(starts, len(numbers))).tolist()


def incomplete_folds(predictions: Predictions) -> str | None:
    """Why a cross-validation's predictions look cut short at the end, or None."""
    rows = predictions.rows
    inst = rows.indices("inst") if hasattr(rows, "indices") else np.array([row.inst for row in rows])
    sizes = printed_fold_sizes(inst)
    if len(sizes) < 2:
        return None
    largest = max(sizes[:-1])
    if sizes[-1] >= largest - 1 and all(a >= b for a, b in zip(sizes, sizes[1:], strict=False)):
        return None
    return (
        f"the last fold has {sizes[-1]} predictions where the folds before it have {largest}: a cross-validation's "
        "folds differ by one at most (cut short?)"
    )


def last_row_cut(last: str, before: str) -> bool:
    """Whether the last line of a PlainText table, printed without a line end, lost its end: WEKA ends every row
    with a space (or the ``)`` of its attribute values), as the row before it does."""
    ending = before[-1:]
    return ending in (" ", ")") and not last.endswith(ending)


def csv_row_cut(last: str) -> str:
    """Why the last row of a CSV predictions table, printed without a line end, may be cut: nothing in a CSV row
    marks its end (``0.978`` cut to ``0.97`` is a row still), and WEKA ends every row it prints."""
    return f"the last row has no line end, and WEKA ends every row of its CSV predictions: {quoted(last)} (cut short?)"


_EXPERIMENTER = (
    (re.compile(r"^Tester: +weka\.experiment\."), "the header of WEKA's Experimenter analysis"),
    (re.compile(r"\(v/ /\*\)|\[v/ /\*\]"), "WEKA's Experimenter analysis (a result matrix with its (v/ /*) row)"),
    (re.compile(r"^# file: plot\.dat #$"), "WEKA's Experimenter analysis as GNUPlot files"),
    (re.compile(r"^Dataset +\(\d+\)( |$)"), "WEKA's Experimenter analysis (a result matrix)"),
    (re.compile(r"statistically significant improvement or degradation"), "WEKA's Experimenter analysis in LaTeX"),
)


def what_the_text_is(other: list[tuple[int, str]]) -> str:
    """The error for a text with no evaluation of WEKA's: what it is instead, when the lines show it."""
    for _, text in other:
        for pattern, what in _EXPERIMENTER:
            if pattern.search(text):
                return (
                    f"no WEKA evaluation output here: this is {what}; read it with wekaeval.read_result_matrix "
                    "(wekaeval ttest reads the result file behind it)"
                )
    head = [text for _, text in other[:60]]
    if any(re.match(r"(?i)^(@attribute\s+)?'?Key_Dataset\b", text) for text in head):
        return (
            "no WEKA evaluation output here: this is a result file of WEKA's Experimenter; "
            "read it with wekaeval.read_experiment_results"
        )
    return "no WEKA evaluation output here: no summary, no predictions"
