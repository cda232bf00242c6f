"""WEKA's ``Evaluation`` without a JVM: inputs, running sums, statistics and texts.

One path for the data: predictions are validated once (``_inputs``), accumulated into WEKA's running
sums (``_state``, ``_numeric``), and every statistic is a pure function of those sums (``_statistics``),
printed through :mod:`wekaeval.blocks`.  Kappa has one core (``_kappa``) that
:class:`ConfusionMatrix`, :func:`kappa_stats` and the report checks all call.
"""

from __future__ import annotations

from wekaeval._faces import claim_public_classes, former_names
from wekaeval.evaluation import _expressions, _folds, _models, _shared, _threshold
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

claim_public_classes(globals())

#: This face's names before issue 36 that are wekaeval's plumbing now (or public in wekaeval.folds, WEKA's folds'
#: one place): they still import, with a warning.
__getattr__ = former_names(
    __name__,
    {
        name: (
            getattr(module, name),
            f"use wekaeval.folds.{name}"
            if name in ("cross_validation_folds", "fold_sizes", "percentage_split", "random_split")
            else "it is wekaeval's plumbing now, not API",
        )
        for module, names in [
            (_shared, _shared.__all__),
            (_expressions, ["Expression", "compile_expression"]),
            (_threshold, ["CurvePoints", "curve_points"]),
            (_folds, ["stratified_order"]),
            (_models, ["java_random", "model_runner"]),
        ]
        for name in names
    },
)
