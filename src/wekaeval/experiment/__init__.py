"""WEKA's Experimenter: result files, paired statistics, the corrected t-test and its result matrices; schemes
compared over many data sets (ranks, Friedman's test, post-hoc tests)."""

from __future__ import annotations

from wekaeval import models
from wekaeval._faces import claim_public_classes, former_names
from wekaeval.experiment._bayesian import BayesianTest, correlated_ttest, signed_rank
from wekaeval.experiment._columns import TIMING_COLUMNS
from wekaeval.experiment._compare import Comparison, compare
from wekaeval.experiment._comparison_report import compare_html, critical_difference_diagram
from wekaeval.experiment._control import RunControl, interruptible
from wekaeval.experiment._formats import (
    RESULT_MATRICES,
    ResultMatrixCSV,
    ResultMatrixGnuPlot,
    ResultMatrixHTML,
    ResultMatrixLatex,
    ResultMatrixPlainText,
    ResultMatrixSignificance,
)
from wekaeval.experiment._pairedstats import PairedStats, PairedStatsCorrected
from wekaeval.experiment._pool import WorkerLost
from wekaeval.experiment._posthoc import PostHoc, VersusControl
from wekaeval.experiment._ranks import MEASURE_DIRECTIONS, Friedman
from wekaeval.experiment._report import ttest_chart, ttest_html
from wekaeval.experiment._resultmatrix import (
    SIGNIFICANCE_LOSS,
    SIGNIFICANCE_TIE,
    SIGNIFICANCE_WIN,
    ResultMatrix,
    ResultMatrixError,
)
from wekaeval.experiment._results import ExperimentResults, MeasureSummary, read_experiment_results, summarise
from wekaeval.experiment._resume import ExperimentWarning
from wekaeval.experiment._run import run
from wekaeval.experiment._tester import TTestError
from wekaeval.experiment._ttest import FORMATS, TTestCell, TTestResult, ttest
from wekaeval.experiment._worker import ExperimentError, FailedRow, RowsMissing
from wekaeval.models import _shared as _models_shared

__all__ = [
    "compare",
    "Comparison",
    "Friedman",
    "PostHoc",
    "VersusControl",
    "MEASURE_DIRECTIONS",
    "TTestCell",
    "ExperimentResults",
    "FORMATS",
    "RESULT_MATRICES",
    "MeasureSummary",
    "run",
    "interruptible",
    "RunControl",
    "ttest_html",
    "ttest_chart",
    "compare_html",
    "critical_difference_diagram",
    "ExperimentError",
    "RowsMissing",
    "FailedRow",
    "WorkerLost",
    "ExperimentWarning",
    "TIMING_COLUMNS",
    "PairedStats",
    "PairedStatsCorrected",
    "ResultMatrix",
    "ResultMatrixCSV",
    "ResultMatrixError",
    "ResultMatrixGnuPlot",
    "ResultMatrixHTML",
    "ResultMatrixLatex",
    "ResultMatrixPlainText",
    "ResultMatrixSignificance",
    "SIGNIFICANCE_LOSS",
    "SIGNIFICANCE_TIE",
    "SIGNIFICANCE_WIN",
    "TTestError",
    "TTestResult",
    "read_experiment_results",
    "summarise",
    "ttest",
    # Bayesian tests (issue 34)
    "BayesianTest",
    "correlated_ttest",
    "signed_rank",
]

claim_public_classes(globals())

#: This face's names in 0.1.0 that moved to wekaeval.models (running models on WEKA's folds): they still import,
#: with a warning naming their new place, or saying they are wekaeval's plumbing now.
__getattr__ = former_names(
    __name__,
    {
        **{name: (getattr(models, name), f"use wekaeval.models.{name}") for name in models.__all__},
        **{
            name: (getattr(_models_shared, name), "it is wekaeval's plumbing now, not API")
            for name in _models_shared.__all__
            if name not in ("is_sklearn_estimator", "is_weka_classifier", "jvm_instances", "subset")
        },
    },
)
