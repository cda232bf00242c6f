"""WEKA's printed output read back: :func:`read_weka_output` gives a :class:`WekaReport`, whose
``check()`` recomputes what the printed numbers imply and reports where they disagree.
"""

from __future__ import annotations

from wekaeval._faces import claim_public_classes
from wekaeval.report._consistency import Inconsistency, check_section
from wekaeval.report._folder import FileReport, FileReports, iter_weka_outputs, read_weka_outputs
from wekaeval.report._prediction_text import PredictionTextError, is_header, parse_predictions
from wekaeval.report._predictions import read_predictions
from wekaeval.report._reader import read_weka_output
from wekaeval.report._report import WekaReport
from wekaeval.report._result_matrix import ResultMatrix, read_result_matrix
from wekaeval.report._table_evaluation import TableEvaluation, printed_distribution, table_evaluation

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
    "printed_distribution",
    "read_result_matrix",
    "ResultMatrix",
    "Inconsistency",
    "check_section",
    "PredictionTextError",
    "parse_predictions",
    "is_header",
]

claim_public_classes(globals())
