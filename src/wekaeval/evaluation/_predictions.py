"""What ``Evaluation`` records and prints by name: WEKA's built-in metrics and its prediction objects."""

from __future__ import annotations

import math
from dataclasses import dataclass

from wekaeval.blocks import DETAIL_STATISTICS

#: WEKA's ``Evaluation.BUILT_IN_EVAL_METRICS``, lower-cased as it matches them; the class-details columns'
#: names come from :data:`~wekaeval.blocks.STATISTICS`.
BUILT_IN_METRICS = (
    "correct",
    "incorrect",
    "kappa",
    "total cost",
    "average cost",
    "kb relative",
    "kb information",
    "correlation",
    "complexity 0",
    "complexity scheme",
    "complexity improvement",
    "mae",
    "rmse",
    "rae",
    "rrse",
    "coverage",
    "region size",
    *(s.toggle or s.name for s in DETAIL_STATISTICS),
)


#: What a new Evaluation prints: every built-in metric but coverage and region size.
DEFAULT_METRICS = tuple(m for m in BUILT_IN_METRICS if m not in ("coverage", "region size"))


@dataclass(frozen=True)
class NumericPrediction:
    """One recorded prediction of a numeric class, as WEKA's ``NumericPrediction``: ``error`` is predicted - actual."""

    actual: float
    predicted: float
    weight: float
    error: float


@dataclass(frozen=True)
class NominalPrediction:
    """One recorded prediction, as WEKA's ``NominalPrediction``: ``actual``/``predicted`` are NaN when missing."""

    actual: float
    predicted: float
    weight: float
    distribution: tuple[float, ...]
    margin: float


def nominal_prediction(actual: float, distribution: list[float], weight: float) -> NominalPrediction:
    """WEKA's NominalPrediction: predicted as Evaluation picks it; its margin, quirks included.

    WEKA tests ``actual == MISSING_VALUE`` (NaN, never equal), so a missing
    actual class reads as class 0 (Java's ``(int) NaN``) and excludes no class.
    """
    predicted, best = math.nan, 0.0
    for i, p in enumerate(distribution):
        if p > best:
            predicted, best = float(i), p
    next_best = 0.0
    for i, p in enumerate(distribution):
        if i != actual and p > next_best:
            next_best = p
    margin = distribution[0 if math.isnan(actual) else int(actual)] - next_best
    return NominalPrediction(actual, predicted, weight, tuple(distribution), margin)
