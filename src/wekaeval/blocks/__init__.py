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
    plumbing={
        "wekaeval.blocks._shared": None,
        "wekaeval.blocks._rows": ("PredictionRows",),
        "wekaeval.blocks._matrix": ("matrix_layout", "short_id"),
    },
)
