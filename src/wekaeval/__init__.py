"""WEKA's evaluation statistics in pure Python, bit for bit.

>>> import wekaeval
>>> wekaeval.kappa([[10, 7], [5, 8]])
0.19999999999999996

Importing wekaeval never starts (or needs) a JVM; only :mod:`wekaeval.bridge` does.  The names here are
the ones most code needs; each subpackage's own face has the rest (:mod:`wekaeval.javamath`,
:mod:`wekaeval.arff`, :mod:`wekaeval.blocks`, :mod:`wekaeval.evaluation`, :mod:`wekaeval.report`,
:mod:`wekaeval.models`, :mod:`wekaeval.experiment`, :mod:`wekaeval.bridge`).
"""

from typing import TYPE_CHECKING

from wekaeval._faces import lazy_face

if TYPE_CHECKING:  # the names below, for type checkers and editors; at run time each is imported on first use
    from wekaeval.arff import Attribute, Dataset, load_arff
    from wekaeval.errors import (
        ArffError,
        ArgumentError,
        ComparisonError,
        CostMatrixError,
        EvaluationError,
        ExpressionError,
        MatrixError,
        PredictionError,
        WekaevalError,
        WekaOutputError,
    )
    from wekaeval.evaluation import (
        ConfusionMatrix,
        CostMatrix,
        Evaluation,
        KappaStats,
        PerClassKappa,
        ThresholdCurves,
        evaluate_folds,
        kappa,
        kappa_stats,
    )
    from wekaeval.experiment import (
        BayesianTest,
        Comparison,
        ExperimentResults,
        TTestError,
        TTestResult,
        compare,
        correlated_ttest,
        read_experiment_results,
        signed_rank,
        summarise,
        ttest,
    )
    from wekaeval.models import cross_validate
    from wekaeval.report import PrintedResultMatrix, WekaReport, read_result_matrix, read_weka_output, read_weka_outputs

__version__ = "0.1.0"

__all__ = [
    "kappa",
    "kappa_stats",
    "KappaStats",
    "PerClassKappa",
    "ConfusionMatrix",
    "Evaluation",
    "evaluate_folds",
    "cross_validate",
    "load_arff",
    "Dataset",
    "Attribute",
    "WekaevalError",
    "ArgumentError",
    "MatrixError",
    "PredictionError",
    "EvaluationError",
    "ArffError",
    "WekaOutputError",
    "read_weka_output",
    "read_weka_outputs",
    "read_result_matrix",
    "PrintedResultMatrix",
    "WekaReport",
    "read_experiment_results",
    "summarise",
    "ExperimentResults",
    "ttest",
    "TTestResult",
    "TTestError",
    "compare",
    "Comparison",
    "ComparisonError",
    "ThresholdCurves",
    "CostMatrix",
    "CostMatrixError",
    "ExpressionError",
    # Bayesian tests (issue 34)
    "BayesianTest",
    "correlated_ttest",
    "signed_rank",
]

#: Where each name of ``__all__`` lives: importing ``wekaeval`` loads none of them (nor numpy); the first read of
#: a name imports its subpackage (``wekaeval.kappa`` loads what kappa needs).  ``ResultMatrix`` is this face's
#: name before issue 36, renamed so that each name means one object: kept for one release, with a warning
#: (``wekaeval.experiment.ResultMatrix`` is WEKA's ``ResultMatrix``, the one that prints).
__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "wekaeval.arff": ("Attribute", "Dataset", "load_arff"),
        "wekaeval.errors": (
            "ArffError",
            "ArgumentError",
            "ComparisonError",
            "CostMatrixError",
            "EvaluationError",
            "ExpressionError",
            "MatrixError",
            "PredictionError",
            "WekaevalError",
            "WekaOutputError",
        ),
        "wekaeval.evaluation": (
            "ConfusionMatrix",
            "CostMatrix",
            "Evaluation",
            "KappaStats",
            "PerClassKappa",
            "ThresholdCurves",
            "evaluate_folds",
            "kappa",
            "kappa_stats",
        ),
        "wekaeval.experiment": (
            "BayesianTest",
            "Comparison",
            "ExperimentResults",
            "TTestError",
            "TTestResult",
            "compare",
            "correlated_ttest",
            "read_experiment_results",
            "signed_rank",
            "summarise",
            "ttest",
        ),
        "wekaeval.models": ("cross_validate",),
        "wekaeval.report": (
            "PrintedResultMatrix",
            "WekaReport",
            "read_result_matrix",
            "read_weka_output",
            "read_weka_outputs",
        ),
    },
    subpackages=("javamath", "arff", "blocks", "evaluation", "report", "models", "experiment", "bridge", "parity"),
    renamed={"ResultMatrix": ("wekaeval.report", "PrintedResultMatrix", "use wekaeval.PrintedResultMatrix")},
    claim=False,
)
