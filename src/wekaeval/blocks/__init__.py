"""The text blocks WEKA prints for an evaluation, as data: one model the writer and the reader share.

A :class:`Summary`, :class:`ClassDetails` (in every release's layout), a :class:`PrintedConfusionMatrix`,
predictions, run information and :class:`Versions` (which WEKA release printed what).
:class:`wekaeval.Evaluation` renders through these classes and :func:`wekaeval.read_weka_output`
fills them, so the two cannot drift apart.
"""

from __future__ import annotations

from wekaeval._faces import claim_public_classes, former_names
from wekaeval.blocks import _matrix, _rows, _shared
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

claim_public_classes(globals())

#: This face's names before issue 36 that are wekaeval's plumbing now: they still import, with a warning.
__getattr__ = former_names(
    __name__,
    {
        name: (getattr(module, name), "it is wekaeval's plumbing now, not API")
        for module, names in [
            (_shared, _shared.__all__),
            (_rows, ["PredictionRows"]),
            (_matrix, ["matrix_layout", "short_id"]),
        ]
        for name in names
    },
)
