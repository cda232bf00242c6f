"""WEKA's printed output read back: :func:`read_weka_output` gives a :class:`WekaReport`, whose
``check()`` recomputes what the printed numbers imply and reports where they disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wekaeval._faces import lazy_face

if TYPE_CHECKING:  # the names below, for type checkers; at run time each module is imported on first use
    from wekaeval.report._consistency import Inconsistency
    from wekaeval.report._folder import FileReport, FileReports, iter_weka_outputs, read_weka_outputs
    from wekaeval.report._predictions import read_predictions
    from wekaeval.report._reader import read_weka_output
    from wekaeval.report._report import WekaReport
    from wekaeval.report._result_matrix import PrintedResultMatrix, read_result_matrix
    from wekaeval.report._table_evaluation import TableEvaluation, table_evaluation

__all__ = [
    "WekaReport",
    "read_weka_output",
    "read_weka_outputs",
    "iter_weka_outputs",
    "FileReport",
    "FileReports",
    "read_predictions",
    "table_evaluation",
    "TableEvaluation",
    "read_result_matrix",
    "PrintedResultMatrix",
    "Inconsistency",
]

#: Each name's home, imported on first use (``import wekaeval.report`` alone loads none of them); ``renamed``: this
#: face's names before issue 36, renamed or wekaeval's plumbing now, that still import with a warning.
__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "wekaeval.report._consistency": ("Inconsistency",),
        "wekaeval.report._folder": ("FileReport", "FileReports", "iter_weka_outputs", "read_weka_outputs"),
        "wekaeval.report._predictions": ("read_predictions",),
        "wekaeval.report._reader": ("read_weka_output",),
        "wekaeval.report._report": ("WekaReport",),
        "wekaeval.report._result_matrix": ("PrintedResultMatrix", "read_result_matrix"),
        "wekaeval.report._table_evaluation": ("TableEvaluation", "table_evaluation"),
    },
    renamed={
        "ResultMatrix": (
            "wekaeval.report._result_matrix",
            "PrintedResultMatrix",
            "use wekaeval.report.PrintedResultMatrix",
        ),
    },
    plumbing={
        "wekaeval.report._shared": None,
        "wekaeval.report._consistency": ("check_section",),
        "wekaeval.report._prediction_text": ("PredictionTextError", "parse_predictions", "is_header"),
    },
)
