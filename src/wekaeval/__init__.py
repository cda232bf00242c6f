"""WEKA's evaluation statistics in pure Python, bit for bit.

>>> import wekaeval
>>> wekaeval.kappa([[10, 7], [5, 8]])
0.19999999999999996

Importing wekaeval never starts (or needs) a JVM; only :mod:`wekaeval.bridge` does.
"""

from .arff import Attribute, Dataset, load_arff
from .confusion import ConfusionMatrix, kappa
from .costmatrix import CostMatrix
from .errors import (
    ArffError,
    CostMatrixError,
    EvaluationError,
    ExpressionError,
    MatrixError,
    PredictionError,
    WekaevalError,
    WekaOutputError,
)
from .evaluation import Evaluation
from .experiment import ExperimentResults, read_experiment_results, summarise
from .folds import evaluate_folds
from .kappastats import KappaStats, PerClassKappa, kappa_stats
from .report import WekaReport, read_weka_output
from .threshold import ThresholdCurves
from .ttest import TTestError, TTestResult, ttest

__version__ = "0.1.0"

__all__ = [
    "kappa",
    "kappa_stats",
    "KappaStats",
    "PerClassKappa",
    "ConfusionMatrix",
    "Evaluation",
    "evaluate_folds",
    "load_arff",
    "Dataset",
    "Attribute",
    "WekaevalError",
    "MatrixError",
    "PredictionError",
    "EvaluationError",
    "ArffError",
    "WekaOutputError",
    "read_weka_output",
    "WekaReport",
    "read_experiment_results",
    "summarise",
    "ExperimentResults",
    "ttest",
    "TTestResult",
    "TTestError",
    "ThresholdCurves",
    "CostMatrix",
    "CostMatrixError",
    "ExpressionError",
]
