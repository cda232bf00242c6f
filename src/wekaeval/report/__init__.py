"""WEKA's printed output read back: :func:`read_weka_output` gives a :class:`WekaReport`, whose
``check()`` recomputes what the printed numbers imply and reports where they disagree.
"""

from __future__ import annotations

from wekaeval._faces import claim_public_classes, former_names
from wekaeval.report import _consistency, _prediction_text, _shared
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

claim_public_classes(globals())

#: This face's names before issue 36: renamed, or wekaeval's plumbing now; they still import, with a warning.
__getattr__ = former_names(
    __name__,
    {
        "ResultMatrix": (PrintedResultMatrix, "use wekaeval.report.PrintedResultMatrix"),
        **{
            name: (getattr(module, name), "it is wekaeval's plumbing now, not API")
            for module, names in [
                (_shared, _shared.__all__),
                (_consistency, ["check_section"]),
                (_prediction_text, ["PredictionTextError", "parse_predictions", "is_header"]),
            ]
            for name in names
        },
    },
)
