"""What the floors above take from ``blocks`` that is not its public face: the layouts, the printed lines and
helpers the writer (``evaluation``) and the reader (``report``) share.  Plumbing between wekaeval's own
floors, not API (the import-linter contract lets any wekaeval module import a package's ``_shared``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wekaeval._faces import lazy_face

if TYPE_CHECKING:  # the names below, for type checkers; at run time each module is imported on first use
    from wekaeval.blocks._details import DETAIL_COLUMNS, DETAIL_LAYOUTS, DetailLayout
    from wekaeval.blocks._matrix import confusion_matrix_text
    from wekaeval.blocks._rows import RowsBuilder, RowsColumn
    from wekaeval.blocks._sections import Section, SuppliedTestSet
    from wekaeval.blocks._summary import (
        PLUGIN_LINE,
        PLUGIN_LINES_BEFORE,
        SUMMARY_FIELDS,
        SUMMARY_LINES,
        SummaryLine,
        json_number,
        json_rows,
    )
    from wekaeval.blocks._versions import ERAS, roundings

__all__ = [
    "DETAIL_COLUMNS",
    "DETAIL_LAYOUTS",
    "DetailLayout",
    "confusion_matrix_text",
    "RowsBuilder",
    "RowsColumn",
    "Section",
    "SuppliedTestSet",
    "PLUGIN_LINE",
    "PLUGIN_LINES_BEFORE",
    "SUMMARY_FIELDS",
    "SUMMARY_LINES",
    "SummaryLine",
    "json_number",
    "json_rows",
    "ERAS",
    "roundings",
]

#: Each name's home, imported on first use.
__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "wekaeval.blocks._details": ("DETAIL_COLUMNS", "DETAIL_LAYOUTS", "DetailLayout"),
        "wekaeval.blocks._matrix": ("confusion_matrix_text",),
        "wekaeval.blocks._rows": ("RowsBuilder", "RowsColumn"),
        "wekaeval.blocks._sections": ("Section", "SuppliedTestSet"),
        "wekaeval.blocks._summary": (
            "PLUGIN_LINE",
            "PLUGIN_LINES_BEFORE",
            "SUMMARY_FIELDS",
            "SUMMARY_LINES",
            "SummaryLine",
            "json_number",
            "json_rows",
        ),
        "wekaeval.blocks._versions": ("ERAS", "roundings"),
    },
    claim=False,
)
