"""WEKA's own Evaluation for the same predictions, as the tests' oracle: :func:`weka_evaluation`.

A small Java class (tests/oracles/java/EvaluationBulk.java) is compiled inside the running JVM (once, then kept:
tests/oracles/jvm_classes.py); it builds WEKA's ``weka.classifiers.evaluation.Evaluation``, feeds it every row in
a Java loop and reads every statistic back in one ``double[]`` (getters by name, from the same pww3-name -> getter
mapping as :mod:`wekaeval.bridge`), so an example costs a few JPype calls whatever its size: about 0.5 ms for 10 rows,
1 ms for 100, 0.4 s for 100,000 (WEKA's ThresholdCurve takes most of it).  With the JVM running (the
``weka_jvm`` fixture)::

    weka = weka_evaluation(["T", "F"], [0, 1], [[0.9, 0.1], [0.2, 0.8]], train_actual=[0, 1])
    weka.kappa, weka.area_under_roc, weka.summary  # 1.0, array([1., 1.]), "\\nCorrectly Classified ..."
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike

from tests.paths import JAVA_SOURCES
from wekaeval.blocks import STATISTICS

from .jvm_classes import compiled_class

SOURCE = JAVA_SOURCES / "EvaluationBulk.java"

# pww3's names -> WEKA's getters: the statistics without argument (numClassified has no pww3 name), per class.
SCALARS: dict[str, str] = {
    **{s.name: s.getter for s in STATISTICS if s.scope in ("any", "nominal")},
    "num_classified": "numClassified",
}
PER_CLASS: dict[str, str] = {s.name: s.getter for s in STATISTICS if s.scope == "per-class"}
# WEKA's texts, in the order EvaluationBulk.texts returns them.
TEXTS = ("summary", "summary_complexity", "class_details", "matrix", "margins")
ARRAYS = ("class_priors", "confusion_matrix")


class _WekaNumbersMethods:
    """What WekaNumbers adds to its fields."""

    error: str | None

    @property
    def statistics(self) -> dict[str, Any]:
        """Every number by name (statistics, per-class arrays, priors, matrix); empty when WEKA threw."""
        if self.error is not None:
            return {}
        return {name: getattr(self, name) for name in (*SCALARS, *PER_CLASS, *ARRAYS)}

    @property
    def texts(self) -> dict[str, str]:
        """WEKA's texts by name; empty when WEKA threw."""
        return {} if self.error is not None else {name: getattr(self, name) for name in TEXTS}


if TYPE_CHECKING:

    class WekaNumbers(_WekaNumbersMethods):
        """What mypy sees of the dataclass below, whose fields the tables name."""

        def __init__(self, **fields: Any) -> None: ...

        def __getattr__(self, name: str) -> Any: ...

else:
    WekaNumbers = dataclasses.make_dataclass(
        "WekaNumbers",
        [
            *((name, float, None) for name in SCALARS),
            *((name, np.ndarray, None) for name in (*PER_CLASS, *ARRAYS)),
            *((name, str, None) for name in TEXTS),
            ("error", "str | None", None),
        ],
        bases=(_WekaNumbersMethods,),
        namespace={"__module__": __name__},
        frozen=True,
        eq=False,
    )
WekaNumbers.__doc__ = """WEKA's answer for one evaluation, every field named as in python-weka-wrapper3's Evaluation.

* floats: every statistic without argument in ``SCALARS`` (``kappa``, ``percent_correct``,
  ``mean_absolute_error``, ``kb_information``, ``sf_entropy_gain``, ``weighted_area_under_roc``,
  ``unweighted_macro_f_measure``, ...), ``missing_class`` (missingClass()) and ``num_classified``;
* float64 arrays indexed by class: every per-class method in ``PER_CLASS`` (``area_under_roc``,
  ``f_measure``, ``num_true_positives``, ``matthews_correlation_coefficient``, ...), ``class_priors``
  (a copy of getClassPriors()), ``confusion_matrix`` (k x k, rows actual);
* texts: ``summary`` (toSummaryString()), ``summary_complexity`` (toSummaryString("=== Summary ===\\n",
  true)), ``class_details``, ``matrix``, ``margins`` (toCumulativeMarginDistributionString());
* ``error``: the simple name of the Java exception when WEKA threw (then every other field is None).
"""


@cache
def evaluation_bulk() -> Any:
    """The compiled ``EvaluationBulk`` class, loaded beside WEKA's classes (the JVM must be running)."""
    return compiled_class(SOURCE, "wekaeval.tests.EvaluationBulk", with_weka=True)


@cache
def _getters() -> tuple[Any, Any]:
    import jpype

    strings = jpype.JArray(jpype.JString)
    return strings(list(SCALARS.values())), strings(list(PER_CLASS.values()))


def _doubles(values: ArrayLike, name: str, n: int | None = None) -> Any:
    import jpype

    array = np.ascontiguousarray(values, dtype=np.float64).ravel()
    if n is not None and len(array) != n:
        raise ValueError(f"{name}: {len(array)} values, expected {n}")
    return jpype.JArray(jpype.JDouble)(array)


def weka_evaluation(
    class_names: Sequence[str],
    actual: ArrayLike,
    distributions: ArrayLike,
    weights: ArrayLike | None = None,
    *,
    train_actual: ArrayLike | None = None,
    train_weights: ArrayLike | None = None,
    cost_matrix: str | None = None,
    no_priors: bool = False,
    discard_predictions: bool = False,
    record: bool = True,
) -> WekaNumbers:
    """WEKA's Evaluation of these predictions: a :class:`WekaNumbers`.

    ``new Evaluation(train[, CostMatrix])`` over a header with one nominal class ``class_names``, where
    train holds ``train_actual`` (class indices, NaN = missing) with ``train_weights`` (default 1 each), or
    nothing when ``train_actual`` is None (every prior 1); ``cost_matrix`` is a WEKA cost file's text, read
    by ``new CostMatrix(new StringReader(text))``.  Then ``useNoPriors()`` and
    ``setDiscardPredictions(true)`` if asked, and row by row ``evaluateModelOnceAndRecordPrediction(dist,
    instance)`` (``evaluateModelOnce`` when not ``record``) with a DenseInstance of class ``actual[i]``
    (NaN = missing) and weight ``weights[i]`` (default 1).  When WEKA throws, only ``error`` is set.
    """
    import jpype

    k = len(class_names)
    actual_array = np.ascontiguousarray(actual, dtype=np.float64).ravel()
    n = len(actual_array)
    dist = np.ascontiguousarray(distributions, dtype=np.float64)
    if dist.shape != (n, k) and not (n == 0 and dist.size == 0):
        raise ValueError(f"distributions: shape {dist.shape}, expected ({n}, {k})")
    weights = np.ones(n) if weights is None else weights
    bulk = evaluation_bulk()
    getters, per_class_getters = _getters()
    train = None  # the training data's (class values, weights)
    if train_actual is not None:
        train_values = np.ascontiguousarray(train_actual, dtype=np.float64).ravel()
        train = (train_values, np.ones(len(train_values)) if train_weights is None else train_weights)
    try:
        evaluation = bulk.evaluation(
            jpype.JArray(jpype.JString)(list(class_names)),
            None if train is None else _doubles(train[0], "train_actual"),
            None if train is None else _doubles(train[1], "train_weights", len(train[0])),
            cost_matrix,
            bool(no_priors),
            bool(discard_predictions),
        )
        bulk.feed(
            evaluation,
            _doubles(actual_array, "actual"),
            _doubles(dist, "distributions"),
            _doubles(weights, "weights", n),
            bool(record),
        )
        flat = np.array(bulk.numbers(evaluation, getters, per_class_getters), dtype=np.float64)
        texts = [str(text) for text in bulk.texts(evaluation)]
    except jpype.JException as error:
        return WekaNumbers(error=str(error.getClass().getSimpleName()))
    fields: dict[str, Any] = dict(zip(SCALARS, flat[: len(SCALARS)].tolist(), strict=False))
    at = len(SCALARS)
    for name in PER_CLASS:
        fields[name] = flat[at : at + k].copy()
        at += k
    fields["class_priors"] = flat[at : at + k].copy()
    fields["confusion_matrix"] = flat[at + k :].reshape(k, k).copy()
    fields.update(zip(TEXTS, texts, strict=False))
    return WekaNumbers(**fields)
