"""The text blocks WEKA prints for an evaluation, as data: one model the writer and the reader share.

A :class:`Summary`, :class:`ClassDetails` (in every release's layout), a :class:`PrintedConfusionMatrix`,
predictions, run information and :class:`Versions` (which WEKA release printed what).
:class:`wekaeval.Evaluation` renders through these classes and :func:`wekaeval.read_weka_output`
fills them, so the two cannot drift apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wekaeval._faces import lazy_face

if TYPE_CHECKING:  # the names below, for type checkers; at run time each module is imported on first use
    from wekaeval.blocks._details import ClassDetails, ClassDetailsRow
    from wekaeval.blocks._matrix import PrintedConfusionMatrix
    from wekaeval.blocks._sections import PredictionRow, Predictions, RunInfo
    from wekaeval.blocks._statistics import DETAIL_STATISTICS, STATISTICS, STATISTICS_BY_NAME, Statistic
    from wekaeval.blocks._summary import Summary
    from wekaeval.blocks._versions import Versions

__all__ = [
    "Statistic",
    "STATISTICS",
    "STATISTICS_BY_NAME",
    "DETAIL_STATISTICS",
    "Summary",
    "ClassDetails",
    "ClassDetailsRow",
    "PrintedConfusionMatrix",
    "PredictionRow",
    "Predictions",
    "RunInfo",
    "Versions",
]

#: Each name's home, imported on first use (``import wekaeval.blocks`` alone loads none of them); ``renamed``: this
#: face's names before issue 36, renamed or wekaeval's plumbing now, that still import with a warning.
__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "wekaeval.blocks._details": ("ClassDetails", "ClassDetailsRow"),
        "wekaeval.blocks._matrix": ("PrintedConfusionMatrix",),
        "wekaeval.blocks._sections": ("PredictionRow", "Predictions", "RunInfo"),
        "wekaeval.blocks._statistics": ("DETAIL_STATISTICS", "STATISTICS", "STATISTICS_BY_NAME", "Statistic"),
        "wekaeval.blocks._summary": ("Summary",),
        "wekaeval.blocks._versions": ("Versions",),
    },
    renamed={
        "DETAIL_COLUMNS": ("wekaeval.blocks._details", "DETAIL_COLUMNS", "it is wekaeval's plumbing now, not API"),
        "DETAIL_LAYOUTS": ("wekaeval.blocks._details", "DETAIL_LAYOUTS", "it is wekaeval's plumbing now, not API"),
        "DetailLayout": ("wekaeval.blocks._details", "DetailLayout", "it is wekaeval's plumbing now, not API"),
        "confusion_matrix_text": (
            "wekaeval.blocks._matrix",
            "confusion_matrix_text",
            "it is wekaeval's plumbing now, not API",
        ),
        "RowsBuilder": ("wekaeval.blocks._rows", "RowsBuilder", "it is wekaeval's plumbing now, not API"),
        "RowsColumn": ("wekaeval.blocks._rows", "RowsColumn", "it is wekaeval's plumbing now, not API"),
        "Section": ("wekaeval.blocks._sections", "Section", "it is wekaeval's plumbing now, not API"),
        "SuppliedTestSet": ("wekaeval.blocks._sections", "SuppliedTestSet", "it is wekaeval's plumbing now, not API"),
        "PLUGIN_LINE": ("wekaeval.blocks._summary", "PLUGIN_LINE", "it is wekaeval's plumbing now, not API"),
        "PLUGIN_LINES_BEFORE": (
            "wekaeval.blocks._summary",
            "PLUGIN_LINES_BEFORE",
            "it is wekaeval's plumbing now, not API",
        ),
        "SUMMARY_FIELDS": ("wekaeval.blocks._summary", "SUMMARY_FIELDS", "it is wekaeval's plumbing now, not API"),
        "SUMMARY_LINES": ("wekaeval.blocks._summary", "SUMMARY_LINES", "it is wekaeval's plumbing now, not API"),
        "SummaryLine": ("wekaeval.blocks._summary", "SummaryLine", "it is wekaeval's plumbing now, not API"),
        "json_number": ("wekaeval.blocks._details", "json_number", "it is wekaeval's plumbing now, not API"),
        "json_rows": ("wekaeval.blocks._matrix", "json_rows", "it is wekaeval's plumbing now, not API"),
        "ERAS": ("wekaeval.blocks._versions", "ERAS", "it is wekaeval's plumbing now, not API"),
        "roundings": ("wekaeval.blocks._versions", "roundings", "it is wekaeval's plumbing now, not API"),
        "PredictionRows": ("wekaeval.blocks._rows", "PredictionRows", "it is wekaeval's plumbing now, not API"),
        "matrix_layout": ("wekaeval.blocks._matrix", "matrix_layout", "it is wekaeval's plumbing now, not API"),
        "short_id": ("wekaeval.blocks._matrix", "short_id", "it is wekaeval's plumbing now, not API"),
    },
)
