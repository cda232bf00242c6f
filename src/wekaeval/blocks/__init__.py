"""The text blocks WEKA prints for an evaluation, as data: one model the writer and the reader share.

A :class:`Summary`, :class:`ClassDetails` (in every release's layout), a :class:`PrintedConfusionMatrix`,
predictions, run information and :class:`Versions` (which WEKA release printed what).
:class:`wekaeval.Evaluation` renders through these classes and :func:`wekaeval.read_weka_output`
fills them, so the two cannot drift apart.
"""

from __future__ import annotations

from wekaeval._faces import claim_public_classes
from wekaeval.blocks._details import DETAIL_COLUMNS, DETAIL_LAYOUTS, ClassDetails, ClassDetailsRow, DetailLayout
from wekaeval.blocks._matrix import PrintedConfusionMatrix, confusion_matrix_text, matrix_layout, short_id
from wekaeval.blocks._rows import PredictionRows, RowsBuilder, RowsColumn
from wekaeval.blocks._sections import PredictionRow, Predictions, RunInfo, Section, SuppliedTestSet
from wekaeval.blocks._statistics import DETAIL_STATISTICS, STATISTICS, STATISTICS_BY_NAME, Statistic
from wekaeval.blocks._summary import (
    PLUGIN_LINE,
    PLUGIN_LINES_BEFORE,
    SUMMARY_FIELDS,
    SUMMARY_LINES,
    Summary,
    SummaryLine,
    json_number,
    json_rows,
)
from wekaeval.blocks._versions import ERAS, Versions, roundings

__all__ = [
    "Statistic",
    "STATISTICS",
    "STATISTICS_BY_NAME",
    "DETAIL_STATISTICS",
    "Summary",
    "SummaryLine",
    "SUMMARY_LINES",
    "SUMMARY_FIELDS",
    "ClassDetails",
    "ClassDetailsRow",
    "DetailLayout",
    "DETAIL_LAYOUTS",
    "DETAIL_COLUMNS",
    "PrintedConfusionMatrix",
    "PredictionRow",
    "PredictionRows",
    "RowsBuilder",
    "RowsColumn",
    "Predictions",
    "RunInfo",
    "SuppliedTestSet",
    "Section",
    "Versions",
    "ERAS",
    "roundings",
    "confusion_matrix_text",
    "matrix_layout",
    "short_id",
    "json_number",
    "json_rows",
    "PLUGIN_LINE",
    "PLUGIN_LINES_BEFORE",
]

claim_public_classes(globals())
