"""WEKA's ``Evaluation`` without a JVM: inputs, running sums, statistics and texts.

One path for the data: predictions are validated once (``_inputs``), accumulated into WEKA's running
sums (``_state``, ``_numeric``), and every statistic is a pure function of those sums (``_statistics``),
printed through :mod:`wekaeval.blocks`.  Kappa has one core (``_kappa``) that
:class:`ConfusionMatrix`, :func:`kappa_stats` and the report checks all call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wekaeval._faces import lazy_face

if TYPE_CHECKING:  # the names below, for type checkers; at run time each module is imported on first use
    from wekaeval.evaluation._confusion import ConfusionMatrix
    from wekaeval.evaluation._costmatrix import CostMatrix
    from wekaeval.evaluation._evaluation import Evaluation, NominalPrediction, NumericPrediction
    from wekaeval.evaluation._folds import cross_validation_text, evaluate_folds
    from wekaeval.evaluation._kappa import kappa
    from wekaeval.evaluation._kappastats import (
        KappaStats,
        PerClassKappa,
        fleiss_label,
        kappa_stats,
        landis_koch_label,
    )
    from wekaeval.evaluation._kernel import UnivariateKernelEstimator
    from wekaeval.evaluation._models import (
        ModelRunner,
        register_model_runner,
    )
    from wekaeval.evaluation._threshold import (
        ThresholdCurves,
        prc_area,
        roc_area,
        weighted_area_under_prc,
        weighted_area_under_roc,
    )

__all__ = [
    "ConfusionMatrix",
    "kappa",
    "KappaStats",
    "PerClassKappa",
    "kappa_stats",
    "landis_koch_label",
    "fleiss_label",
    "Evaluation",
    "NominalPrediction",
    "NumericPrediction",
    "CostMatrix",
    "ThresholdCurves",
    "roc_area",
    "prc_area",
    "weighted_area_under_roc",
    "weighted_area_under_prc",
    "evaluate_folds",
    "cross_validation_text",
    "ModelRunner",
    "register_model_runner",
    "UnivariateKernelEstimator",
]

#: Each name's home, imported on first use (``import wekaeval.evaluation`` alone loads none of them); ``renamed``: this
#: face's names before issue 36, renamed or wekaeval's plumbing now, that still import with a warning.
__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "wekaeval.evaluation._confusion": ("ConfusionMatrix",),
        "wekaeval.evaluation._costmatrix": ("CostMatrix",),
        "wekaeval.evaluation._evaluation": ("Evaluation", "NominalPrediction", "NumericPrediction"),
        "wekaeval.evaluation._folds": ("cross_validation_text", "evaluate_folds"),
        "wekaeval.evaluation._kappa": ("kappa",),
        "wekaeval.evaluation._kappastats": (
            "KappaStats",
            "PerClassKappa",
            "fleiss_label",
            "kappa_stats",
            "landis_koch_label",
        ),
        "wekaeval.evaluation._kernel": ("UnivariateKernelEstimator",),
        "wekaeval.evaluation._models": ("ModelRunner", "register_model_runner"),
        "wekaeval.evaluation._threshold": (
            "ThresholdCurves",
            "prc_area",
            "roc_area",
            "weighted_area_under_prc",
            "weighted_area_under_roc",
        ),
    },
    renamed={
        "cross_validation_folds": (
            "wekaeval.evaluation._folds",
            "cross_validation_folds",
            "use wekaeval.folds.cross_validation_folds",
        ),
        "fold_sizes": ("wekaeval.evaluation._folds", "fold_sizes", "use wekaeval.folds.fold_sizes"),
        "percentage_split": ("wekaeval.evaluation._folds", "percentage_split", "use wekaeval.folds.percentage_split"),
        "random_split": ("wekaeval.evaluation._folds", "random_split", "use wekaeval.folds.random_split"),
    },
    plumbing={
        "wekaeval.evaluation._shared": None,
        "wekaeval.evaluation._expressions": ("Expression", "compile_expression"),
        "wekaeval.evaluation._threshold": ("CurvePoints", "curve_points"),
        "wekaeval.evaluation._folds": ("stratified_order",),
        "wekaeval.evaluation._models": ("java_random", "model_runner"),
    },
)
